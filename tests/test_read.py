"""The input readers (kg.read) and the text cleaning they share (kg.text)."""

from __future__ import annotations

import gzip
import hashlib
import inspect
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kg.read import InputError, read_papers
from kg.text import clean_markup, derive_id, find_code_urls, short_title

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SEED = ROOT / "seeds" / "icml2025-abstracts.txt"

ABSTRACT = "We propose GraphNet, a graph network for molecules. It beats GCN on QM9."


def write(folder: Path, name: str, content: str | bytes, gz: bool = False) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    data = content.encode("utf-8") if isinstance(content, str) else content
    path.write_bytes(gzip.compress(data) if gz else data)
    return path


def jsonl(*records: dict) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def read(*paths: Path, skip_bad: bool = False) -> tuple[list, list[str]]:
    warnings: list[str] = []
    papers = list(read_papers(paths, skip_bad=skip_bad, warn=warnings.append))
    return papers, warnings


def error_of(*paths: Path, skip_bad: bool = False) -> InputError:
    with pytest.raises(InputError) as info:
        read(*paths, skip_bad=skip_bad)
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    return info.value


# --- clean_markup -----------------------------------------------------------------------------------------------


# What clean_markup makes of each kind of markup (bench/latex_bench.py holds pylatexenc against them too).
MARKUP_CASES = [
    ("We use <em>graph</em> <b>nets</b> on H<sub>2</sub>O.", "We use graph nets on H2O."),
    ("Line<br>break and <p>paragraph</p>", "Line break and paragraph"),
    ("A &amp; B &lt; C &#8212; D&nbsp;E", "A & B < C — D E"),
    ("the final token </s> and <unk> stay", "the final token </s> and <unk> stay"),
    (r"an $\alpha$-divergence with $n$ samples", "an alpha-divergence with n samples"),
    (r"a bound of $O(1/\sqrt{n})$ when $s \ll \sqrt{n}$", "a bound of O(1/sqrt(n)) when s ≪ sqrt(n)"),
    (r"$\frac{1}{2}$ and $\mathbb{R}^{d}$ and $e^{-x^2}$", "1/2 and R^d and e^(-x^2)"),
    (r"$\epsilon$-greedy, $O(n\log n)$, $3\times$ faster", "epsilon-greedy, O(n log n), 3× faster"),
    (r"reduces FID by 50\% and $20.46\\%\downarrow$", "reduces FID by 50% and 20.46%↓"),
    (r"Code: \url{https://github.com/someone/QuillNet}.", "Code: https://github.com/someone/QuillNet."),
    (r"we propose \textbf{QUILL}, \emph{fast} and \textit{exact}", "we propose QUILL, fast and exact"),
    (r"the {\em Direct Margin Set Shrinkage} method", "the Direct Margin Set Shrinkage method"),
    (r"\textbf{\emph{nested}} commands", "nested commands"),
    ("estimators such as `TreeSHAP` and `FastXY`", "estimators such as TreeSHAP and FastXY"),
    ("inversion in **8** steps", "inversion in 8 steps"),
    ("we present _QuillNet_ and __FooBar__, not snake_case or f(x)_1",
     "we present QuillNet and FooBar, not snake_case or f(x)_1"),
    ("``Constructive'' here indicates", '"Constructive" here indicates'),
    (r"as in Fig.~1 of Smith et al.~\cite{smith}", "as in Fig. 1 of Smith et al."),
    ("about ~5% of http://x.edu/~me", "about ~5% of http://x.edu/~me"),
    ("  spaced \n\n out\t text  ", "spaced out text"),
    ("zero\u200bwidth\ufeff and soft\u00adhyphen", "zerowidth and softhyphen"),
    ("cafe\u0301", "café"),
    (r"M{\"u}ller and Erd\H{o}s and Garc\'{\i}a", "Müller and Erdős and García"),
    ("costs $5 and $10 a month", "costs $5 and $10 a month"),
    ("the set {1, 2, 3} in plain text", "the set {1, 2, 3} in plain text"),
    ("we propose {FALCON}, a method", "we propose FALCON, a method"),
    ("see [the code](https://github.com/a/b) and [github.com/c/d](https://github.com/c/d)",
     "see the code (https://github.com/a/b) and https://github.com/c/d"),
    (r"available \href{https://github.com/x/y}{here}", "available here (https://github.com/x/y)"),
    (r"the \(k\)-edge connectivity and \[ x^2 \] display", "the k-edge connectivity and x^2 display"),
    ("generalization performance.Our extensive results", "generalization performance. Our extensive results"),
    ("steps instead?We propose RD (LLMs).In particular", "steps instead? We propose RD (LLMs). In particular"),
    ("e.g.The model x.y.FooGP, see 1drv.ms/f/s!Atd, www.foo.org/Bar.Html",
     "e.g.The model x.y.FooGP, see 1drv.ms/f/s!Atd, www.foo.org/Bar.Html"),
    ("", ""),
]


@pytest.mark.parametrize(("raw", "clean"), MARKUP_CASES)
def test_clean_markup(raw: str, clean: str) -> None:
    assert clean_markup(raw) == clean


def test_clean_markup_keeps_plain_text_unchanged() -> None:
    text = "Graph Neural Networks (GNNs) reach 93.5% accuracy on ogbn-arxiv; see Sec. 4 (x < y, a > b)."
    assert clean_markup(text) == text
    assert clean_markup(clean_markup(ABSTRACT)) == clean_markup(ABSTRACT)


def test_clean_markup_keeps_emoji_and_right_to_left_text() -> None:
    text = "نموذج لغوي 🤖 and עברית text with a family 👨\u200d👩\u200d👧"
    assert clean_markup(text) == text


def test_clean_markup_latex_flag_forces_braces_to_be_grouping() -> None:
    assert clean_markup("{BERT}: Pre-training of {Deep} Transformers, {a, b}", latex=True) == (
        "BERT: Pre-training of Deep Transformers, a, b"
    )


MARKUP_CHARACTERS = st.sampled_from(list("ab \\{}$^_~`*'<>&;#%[]()/:.\u200b\u0301éא🤖"))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=MARKUP_CHARACTERS | st.characters(), max_size=80))
def test_cleaning_never_fails_and_leaves_no_invisible_characters(text: str) -> None:
    for latex in (None, True):
        clean = clean_markup(text, latex=latex)
        assert clean == clean.strip() and "  " not in clean and "\u200b" not in clean
    find_code_urls(text)
    short_title(text)


# --- find_code_urls ---------------------------------------------------------------------------------------------


def test_find_code_urls_hosts_order_and_uniqueness() -> None:
    text = (
        "Code at https://github.com/a/b. Models: https://huggingface.co/org/model, data at "
        "https://gitlab.com/g/p; mirror bitbucket.org/t/r and https://codeberg.org/c/d! "
        "Again (https://github.com/a/b) and http://www.github.com/A/B/."
    )
    assert find_code_urls(text) == [
        "https://github.com/a/b",
        "https://huggingface.co/org/model",
        "https://gitlab.com/g/p",
        "https://bitbucket.org/t/r",
        "https://codeberg.org/c/d",
    ]


@pytest.mark.parametrize(
    ("text", "urls"),
    [
        (r"at \url{https://github.com/xerrors/Label\_prompt}.", ["https://github.com/xerrors/Label_prompt"]),
        ("at https: //github.com/UARK-AICV/ZEETAD.", ["https://github.com/UARK-AICV/ZEETAD"]),
        ("via https://github. com/terrlo/DS2.", ["https://github.com/terrlo/DS2"]),
        ("at github.com/MartinBertran/BiLevelGDRO.", ["https://github.com/MartinBertran/BiLevelGDRO"]),
        ("at https://gitlab.inria.fr/ariabi/counter-dataset-public.", ["https://gitlab.inria.fr/ariabi/counter-dataset-public"]),
        ("at https://github.com/CtrlVGustavo/A-Flash- in-the-Pan-CRS.", ["https://github.com/CtrlVGustavo/A-Flash-in-the-Pan-CRS"]),
        ("[github.com/x/y](https://github.com/x/y)", ["https://github.com/x/y"]),
        ("see https://project.github.io/page and https://arxiv.org/abs/1", []),
        ("mail me@github.com or visit github.com alone, or github", []),
        ("", []),
    ],
)
def test_find_code_urls_cases(text: str, urls: list[str]) -> None:
    assert find_code_urls(text) == urls


# --- derive_id and short_title ----------------------------------------------------------------------------------


def test_derive_id_is_stable_and_insensitive_to_spacing_case_and_unicode_form() -> None:
    expected = "p-" + hashlib.sha1(ABSTRACT.casefold().encode("utf-8")).hexdigest()[:12]
    assert derive_id(ABSTRACT) == expected
    assert derive_id("  " + ABSTRACT.upper().replace(" ", " \n ") + " ") == expected
    assert derive_id("cafe\u0301") == derive_id("café")
    assert derive_id(ABSTRACT) != derive_id(ABSTRACT + " More.")


def test_short_title() -> None:
    assert short_title("We propose GraphNet. It beats GCN.") == "We propose GraphNet"
    assert short_title("We use e.g. graphs here. Then more.") == "We use e.g. graphs here"
    long = "This paper studies zeroth-order optimization for stochastic convex minimization problems in depth."
    title = short_title(long, limit=40)
    assert len(title) <= 40 and title.endswith("…")
    assert long.startswith(title[:-1]) and long[len(title) - 1] == " "  # cut on a word boundary
    assert short_title("") == ""
    assert len(short_title("x" * 500)) == 80


# --- seed text --------------------------------------------------------------------------------------------------


def test_seed_text(tmp_path: Path) -> None:
    path = write(tmp_path, "seed.txt", "ICML 2025 论文列表\n\nFirst abstract\nwraps here.\n\n\n\nSecond one.\n")
    papers, _ = read(path)
    assert [p.abstract for p in papers] == ["First abstract wraps here.", "Second one."]
    assert [p.source for p in papers] == [f"{path}:3", f"{path}:8"]
    assert all(p.title == "" and p.id.startswith("p-") for p in papers)


def test_seed_text_crlf_and_bom(tmp_path: Path) -> None:
    path = write(tmp_path, "seed.txt", "\ufeffTitle\r\n\r\nOne abstract.\r\n")
    papers, _ = read(path)
    assert [p.abstract for p in papers] == ["One abstract."]


def test_real_seed_file() -> None:
    papers, _ = read(SEED)
    assert len(papers) == 19
    assert papers[1].code.startswith("https://github.com/") and papers[1].code in papers[1].abstract
    assert "\\url" not in papers[1].abstract and "50%" in papers[1].abstract
    assert len({p.id for p in papers}) == 19


def test_seed_text_warns_when_its_title_line_looks_like_an_abstract(tmp_path: Path) -> None:
    path = write(tmp_path, "seed.txt", "A long first line. " * 20 + "\n\nThe abstract.\n")
    papers, warnings = read(path)
    assert [p.abstract for p in papers] == ["The abstract."]
    assert warnings == [f"{path}:1: first line read as the collection's title, not as an abstract"]


def test_seed_text_with_only_a_header_has_no_abstracts(tmp_path: Path) -> None:
    path = write(tmp_path, "seed.txt", "ICML 2025\n\n")
    error = error_of(path)
    assert str(error) == f"{path}: no abstracts found"


# --- JSON Lines and JSON ----------------------------------------------------------------------------------------


def test_jsonl_fields(tmp_path: Path) -> None:
    path = write(tmp_path, "a.jsonl", jsonl(
        {"id": 7, "title": "Graph <i>Nets</i>", "abstract": ABSTRACT,
         "authors": ["Ada Lovelace", {"name": "Alan Turing"}], "venue": "ICML 2025", "year": "2025",
         "url": "https://x.org/1", "code": ["https://github.com/a/b", "z"], "extra": {"ignored": True}},
        {"abstract": ABSTRACT + " Two.", "author": "Grace Hopper; Edsger Dijkstra", "year": "n/a", "code": None},
        {"abstract": "Third. Code: https://github.com/c/d.", "author": "A. One, B. Two and C. Three", "year": 2019.0},
    ))
    first, second, third = read(path)[0]
    assert first.id == "7" and first.title == "Graph Nets" and first.authors == ["Ada Lovelace", "Alan Turing"]
    assert (first.venue, first.year, first.url, first.code) == ("ICML 2025", 2025, "https://x.org/1", "https://github.com/a/b")
    assert first.source == f"{path}:1"
    assert second.id == derive_id(ABSTRACT + " Two.") and second.year is None and second.code == ""
    assert second.authors == ["Grace Hopper", "Edsger Dijkstra"]
    assert third.authors == ["A. One", "B. Two", "C. Three"] and third.year == 2019
    assert third.code == "https://github.com/c/d"


def test_jsonl_line_numbers_skip_blank_lines_and_ndjson_is_the_same(tmp_path: Path) -> None:
    path = write(tmp_path, "a.ndjson", "\n" + jsonl({"abstract": "One."}) + "\n\n" + jsonl({"abstract": "Two."}))
    assert [p.source for p in read(path)[0]] == [f"{path}:2", f"{path}:5"]


@pytest.mark.parametrize(
    ("shape", "lines"), [("array", [2, 6]), ("object", [1]), ("papers", [4, 8]), ("nested", [6, 10])]
)
def test_json_shapes_and_record_lines(tmp_path: Path, shape: str, lines: list[int]) -> None:
    records = [{"id": "a", "abstract": "One."}, {"id": "b", "abstract": "Two."}]
    doc = {
        "array": records,
        "object": records[0],
        "papers": {"name": "list", "papers": records},
        "nested": {"meta": {"papers": []}, "papers": records},  # only the top-level key counts
    }[shape]
    path = write(tmp_path, "a.json", json.dumps(doc, indent=2))
    papers, _ = read(path)
    assert [p.id for p in papers] == ["a", "b"][: len(lines)]
    assert [p.source for p in papers] == [f"{path}:{line}" for line in lines]


def test_json_file_holding_json_lines_is_read(tmp_path: Path) -> None:
    path = write(tmp_path, "a.json", jsonl({"abstract": "One."}, {"abstract": "Two."}))
    assert [p.source for p in read(path)[0]] == [f"{path}:1", f"{path}:2"]


def test_json_that_is_not_a_list_or_object(tmp_path: Path) -> None:
    path = write(tmp_path, "a.json", '"just a string"')
    assert str(error_of(path)) == f"{path}: expected a JSON array or object of papers, got a string"


def test_json_malformed(tmp_path: Path) -> None:
    path = write(tmp_path, "a.json", '[\n  {"abstract": "One."},\n  {"abstract": "Two."\n]\n')
    error = error_of(path)
    assert error.path == str(path) and error.line == 4 and "malformed JSON" in str(error)
    assert str(error).startswith(f"{path}:4: ")


def test_json_papers_key_must_be_a_list(tmp_path: Path) -> None:
    path = write(tmp_path, "a.json", '{"papers": {"abstract": "One."}}')
    assert "'papers' should be an array" in str(error_of(path))


def test_malformed_json_line_names_its_line_and_can_be_skipped(tmp_path: Path) -> None:
    broken = '{"abstract": "Two.",\n'
    path = write(tmp_path, "a.jsonl", jsonl({"abstract": "One."}) + broken + jsonl({"abstract": "Three."}))
    error = error_of(path)
    assert error.line == 2 and str(error).startswith(f"{path}:2: malformed JSON")
    papers, warnings = read(path, skip_bad=True)
    assert [p.abstract for p in papers] == ["One.", "Three."]
    assert len(warnings) == 1 and warnings[0].startswith(f"{path}:2: malformed JSON")


def test_json_line_that_is_not_an_object(tmp_path: Path) -> None:
    path = write(tmp_path, "a.jsonl", jsonl({"abstract": "One."}) + "[1, 2]\n")
    assert str(error_of(path)) == f"{path}:2: expected a JSON object for a paper, got an array"


# --- CSV --------------------------------------------------------------------------------------------------------


def test_csv(tmp_path: Path) -> None:
    content = (
        "ID,Title,Abstract,Authors,Year,Code\n"
        'a,First,"One abstract, with a comma.",Ada Lovelace; Alan Turing,2024,\n'
        "\n"
        'b,Second,"Two abstract\nover two lines.",Grace Hopper,x,https://github.com/g/h\n'
        "c,Third,Three.,,2020,\n"
    )
    path = write(tmp_path, "a.csv", content)
    papers, _ = read(path)
    assert [p.id for p in papers] == ["a", "b", "c"]
    assert [p.source for p in papers] == [f"{path}:2", f"{path}:4", f"{path}:6"]
    assert papers[0].authors == ["Ada Lovelace", "Alan Turing"] and papers[0].year == 2024
    assert papers[1].abstract == "Two abstract over two lines." and papers[1].year is None
    assert papers[1].code == "https://github.com/g/h"


def test_csv_semicolons(tmp_path: Path) -> None:
    path = write(tmp_path, "a.csv", "title;abstract\nT;One, two.\n")
    assert [(p.title, p.abstract) for p in read(path)[0]] == [("T", "One, two.")]


def test_csv_without_abstract_column(tmp_path: Path) -> None:
    path = write(tmp_path, "a.csv", "id,title,summary\n1,T,S\n")
    assert str(error_of(path)) == f"{path}:1: CSV header has no 'abstract' column"


def test_csv_holds_a_large_field_up_to_the_record_limit(tmp_path: Path) -> None:
    big = "word " * 180_000  # 900 kB, spread over lines as a pasted paper would be
    path = write(tmp_path, "a.csv", f'abstract\n"{big[:450_000]}\n{big[450_000:]}"\n')
    assert read(path)[0][0].abstract.split() == big.split()


def test_csv_field_past_the_record_limit_is_an_error_naming_its_record(tmp_path: Path) -> None:
    huge = ("word " * 200_000 + "\n") * 5  # 5 MB in one quoted field, no line of it too long
    path = write(tmp_path, "a.csv", f'abstract\n"short"\n"{huge}"\n')
    with pytest.raises(InputError, match=r"a\.csv:3: .*longer than 4 MiB"):
        read(path)


# --- BibTeX -----------------------------------------------------------------------------------------------------

BIB = r"""% a comment line with an @ sign: me@example.org
@inproceedings{devlin2019,
  title = {{BERT}: Pre-training of Deep Bidirectional Transformers},
  author = {Devlin, Jacob and Chang, Ming-Wei and M{\"u}ller, Hans and {Google Research}},
  booktitle = {NAACL},
  year = {2019},
  url = {https://aclanthology.org/N19-1423},
  abstract = {We introduce {BERT}, reaching 80.5\% on GLUE. Code: \url{https://github.com/google-research/bert}.}
}

@article{other,
  title = "A Journal Paper",
  author = "Ada Lovelace",
  journal = {JMLR},
  year = 2020,
  abstract = "Second abstract."
}
"""


def test_bibtex(tmp_path: Path) -> None:
    path = write(tmp_path, "refs.bib", BIB)
    first, second = read(path)[0]
    assert first.id == "devlin2019"
    assert first.title == "BERT: Pre-training of Deep Bidirectional Transformers"
    assert first.authors == ["Jacob Devlin", "Ming-Wei Chang", "Hans Müller", "Google Research"]
    assert (first.venue, first.year, first.url) == ("NAACL", 2019, "https://aclanthology.org/N19-1423")
    assert first.abstract == "We introduce BERT, reaching 80.5% on GLUE. Code: https://github.com/google-research/bert."
    assert first.code == "https://github.com/google-research/bert"
    assert first.source == f"{path}:2"
    assert (second.id, second.venue, second.year, second.source) == ("other", "JMLR", 2020, f"{path}:11")


def test_bibtex_entry_without_abstract(tmp_path: Path) -> None:
    path = write(tmp_path, "refs.bibtex", BIB + "\n@misc{noabs, title = {No abstract}}\n")
    assert str(error_of(path)) == f"{path}:19: entry 'noabs' has no abstract"
    papers, warnings = read(path, skip_bad=True)
    assert len(papers) == 2 and warnings == [f"{path}:19: entry 'noabs' has no abstract; skipped"]


def test_bibtex_unbalanced_braces(tmp_path: Path) -> None:
    text = "@article{a,\n  title = {Broken,\n  abstract = {x}\n}\n\n@misc{b, abstract={y}}\n"
    path = write(tmp_path, "refs.bib", text)
    error = error_of(path)
    assert error.line == 1 and "unbalanced braces" in str(error) and str(error).startswith(f"{path}:1: ")


def test_bibtex_entry_the_parser_cannot_read(tmp_path: Path) -> None:
    path = write(tmp_path, "refs.bib", BIB + "\n@article{bad,\n  title = {T}\n  abstract = {missing comma}\n}\n")
    error = error_of(path)
    assert error.line == 19 and "could not parse the @article entry 'bad'" in str(error)


def test_bibtex_stray_closing_brace(tmp_path: Path) -> None:
    path = write(tmp_path, "refs.bib", BIB + "\n}\n")
    assert error_of(path).line == 19


def test_bibtex_special_entries_parentheses_and_duplicate_keys(tmp_path: Path) -> None:
    text = (
        '@string{conf = "ICML"}\n@preamble{"\\newcommand{\\x}{y}"}\n@comment{ignored @misc{no, abstract={n}}}\n'
        "@misc(dup, booktitle = conf, abstract = {First.})\n"
        "@misc{dup, abstract = {Second.}, author = {Lovelace, Ada and others}}\n"
    )
    path = write(tmp_path, "refs.bib", text)
    papers, _ = read(path)
    assert [(p.id, p.abstract, p.source) for p in papers] == [
        ("dup", "First.", f"{path}:4"),
        ("dup", "Second.", f"{path}:5"),
    ]
    assert papers[0].venue == "ICML" and papers[1].authors == ["Ada Lovelace"]


def test_bibtex_undefined_string_macro(tmp_path: Path) -> None:
    path = write(tmp_path, "refs.bib", "@misc{a,\n  journal = nosuchmacro,\n  abstract = {x}\n}\n")
    assert str(error_of(path)) == f"{path}:2: undefined @string macro 'nosuchmacro'"


# --- gzip and folders -------------------------------------------------------------------------------------------


def test_gzip(tmp_path: Path) -> None:
    paths = [
        write(tmp_path, "a.jsonl.gz", jsonl({"abstract": "One."}), gz=True),
        write(tmp_path, "b.txt.gz", "Title\n\nTwo.\n", gz=True),
        write(tmp_path, "c.CSV.GZ", "abstract\nThree.\n", gz=True),
        write(tmp_path, "d.json.gz", json.dumps([{"abstract": "Four."}]), gz=True),
        write(tmp_path, "e.bib.gz", "@misc{e, abstract={Five.}}", gz=True),
    ]
    assert [p.abstract for p in read(*paths)[0]] == ["One.", "Two.", "Three.", "Four.", "Five."]


def test_bad_gzip(tmp_path: Path) -> None:
    path = write(tmp_path, "a.jsonl.gz", "not gzip at all")
    assert str(error_of(path)).startswith(f"{path}: not a valid gzip file")


def test_folder_is_read_recursively_in_name_order(tmp_path: Path) -> None:
    write(tmp_path, "b.jsonl", jsonl({"abstract": "B."}))
    write(tmp_path, "a/z.txt", "Title\n\nAZ.\n")
    write(tmp_path, "a/b.csv", "abstract\nAB.\n")
    write(tmp_path, "c.jsonl.gz", jsonl({"abstract": "C."}), gz=True)
    write(tmp_path, "README.md", "# not an input")
    write(tmp_path, ".hidden/x.jsonl", jsonl({"abstract": "Hidden."}))
    assert [p.abstract for p in read(tmp_path)[0]] == ["AB.", "AZ.", "B.", "C."]


def test_folder_without_supported_files(tmp_path: Path) -> None:
    write(tmp_path, "notes.md", "nothing")
    assert str(error_of(tmp_path)).startswith(f"{tmp_path}: folder holds no supported input file")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert error_of(empty).path == str(empty)


# --- errors -----------------------------------------------------------------------------------------------------


def test_input_error_format() -> None:
    assert str(InputError("a.jsonl", "bad\nthing", 3)) == "a.jsonl:3: bad thing"
    assert str(InputError(Path("a.jsonl"), "missing")) == "a.jsonl: missing"
    error = InputError("x", "m", 2)
    assert (error.path, error.line) == ("x", 2)


def test_missing_path(tmp_path: Path) -> None:
    path = tmp_path / "nope.jsonl"
    assert str(error_of(path)) == f"{path}: no such file or directory"


def test_every_path_is_checked_before_the_first_paper(tmp_path: Path) -> None:
    good = write(tmp_path, "a.jsonl", jsonl({"abstract": "One."}))
    stream = read_papers([good, tmp_path / "missing.txt"])
    with pytest.raises(InputError, match="missing.txt"):
        next(stream)


@pytest.mark.parametrize("content", ["", "   \n\n  \n"])
def test_empty_file(tmp_path: Path, content: str) -> None:
    path = write(tmp_path, "a.jsonl", content)
    assert str(error_of(path)) == f"{path}: empty file"


def test_empty_gzip_file(tmp_path: Path) -> None:
    path = write(tmp_path, "a.txt.gz", "", gz=True)
    assert str(error_of(path)) == f"{path}: empty file"


def test_file_with_no_abstracts(tmp_path: Path) -> None:
    path = write(tmp_path, "a.json", "[]")
    assert str(error_of(path)) == f"{path}: no abstracts found"


def test_binary_file(tmp_path: Path) -> None:
    path = write(tmp_path, "a.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert str(error_of(path)) == f"{path}: binary file (NUL bytes), not text"


def test_utf16_file(tmp_path: Path) -> None:
    path = write(tmp_path, "a.txt", "Title\n\nAbstract.\n".encode("utf-16"))
    assert str(error_of(path)) == f"{path}: UTF-16 text; save the file as UTF-8"


def test_unsupported_extension(tmp_path: Path) -> None:
    path = write(tmp_path, "a.pdf", "text")
    assert str(error_of(path)).startswith(f"{path}: unsupported file type '.pdf'")
    assert "unsupported" in str(error_of(write(tmp_path, "b.gz", "x", gz=True)))


def test_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = write(tmp_path, "a.jsonl", jsonl({"abstract": "One."}).encode() + b'{"abstract": "Caf\xe9."}\n')
    error = error_of(path)
    assert str(error) == f"{path}:2: not valid UTF-8 (byte 0xe9 at column 18)"
    papers, warnings = read(path, skip_bad=True)
    assert papers[1].abstract == "Caf\ufffd." and warnings[0].startswith(f"{path}:2: not valid UTF-8")


def test_bytes_that_are_not_utf8_in_a_whole_file_format(tmp_path: Path) -> None:
    path = write(tmp_path, "a.json", b'[\n{"abstract": "One."},\n{"abstract": "Caf\xe9."}\n]')
    assert error_of(path).line == 3
    assert read(path, skip_bad=True)[0][1].abstract == "Caf\ufffd."


@pytest.mark.parametrize("abstract", [None, "", "   ", "<p></p>"])
def test_record_without_abstract(tmp_path: Path, abstract: str | None) -> None:
    record = {"id": "x", "title": "T"} if abstract is None else {"id": "x", "abstract": abstract}
    path = write(tmp_path, "a.jsonl", jsonl({"abstract": "One."}, record, {"abstract": "Three."}))
    error = error_of(path)
    assert error.line == 2 and str(error).startswith(f"{path}:2: record")
    papers, warnings = read(path, skip_bad=True)
    assert [p.abstract for p in papers] == ["One.", "Three."]
    assert len(warnings) == 1 and warnings[0].startswith(f"{path}:2: ") and warnings[0].endswith("skipped")


def test_every_record_bad_is_still_a_file_error(tmp_path: Path) -> None:
    path = write(tmp_path, "a.jsonl", jsonl({"title": "no abstract"}))
    assert str(error_of(path, skip_bad=True)) == f"{path}: no abstracts found (1 bad records skipped)"


def test_field_of_the_wrong_shape_is_a_record_error(tmp_path: Path) -> None:
    path = write(tmp_path, "a.jsonl", jsonl({"abstract": "One.", "title": {"en": "T"}}, {"abstract": "Two."}))
    assert str(error_of(path)) == f"{path}:1: field 'title' should be a string, not dict"
    assert [p.abstract for p in read(path, skip_bad=True)[0]] == ["Two."]


# --- streaming and odd but valid input --------------------------------------------------------------------------


def test_read_papers_streams(tmp_path: Path) -> None:
    path = write(tmp_path, "a.jsonl", jsonl({"abstract": "One."}) + "{broken\n")
    stream = read_papers([path])
    assert inspect.isgenerator(stream)
    assert next(stream).abstract == "One."  # the bad line further down is not read yet
    with pytest.raises(InputError):
        next(stream)


def test_odd_but_valid_input(tmp_path: Path) -> None:
    emoji = "We propose 🤖Bot, a model for 🧬 data. 👨\u200d👩\u200d👧 families included."
    rtl = "نقترح نموذجاً جديداً لتصنيف الصور. אנו מציעים שיטה חדשה."
    huge = ("We study scaling. " * 60_000).strip()
    path = write(tmp_path, "a.jsonl", jsonl(
        {"id": "dup", "abstract": emoji},
        {"id": "dup", "abstract": rtl, "title": "T" * 1000},
        {"abstract": huge},
    ))
    papers, _ = read(path)
    assert [p.id for p in papers[:2]] == ["dup", "dup"]
    assert papers[0].abstract == emoji and papers[1].abstract == rtl
    assert papers[1].title == "T" * 1000
    assert len(huge) > 1_000_000 and papers[2].abstract == huge


def test_lone_surrogates_from_json_escapes_are_replaced(tmp_path: Path) -> None:
    path = write(tmp_path, "a.jsonl", '{"id": "x\\ud800", "abstract": "Bad \\udc00 half.", "title": "T\\ud800"}\n')
    paper = read(path)[0][0]
    assert (paper.id, paper.abstract, paper.title) == ("x\ufffd", "Bad \ufffd half.", "T\ufffd")


@pytest.mark.skipif(not (SHARED / "corpora" / "icml2019.jsonl.gz").exists(), reason="shared corpora not present")
def test_real_corpus_count() -> None:
    path = SHARED / "corpora" / "icml2019.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        expected = sum(1 for line in handle if line.strip() and (json.loads(line).get("abstract") or "").strip())
    papers, warnings = read(path)
    assert len(papers) == expected and not warnings
    assert len({p.id for p in papers}) == expected
    assert all(p.title and p.authors and p.year == 2019 for p in papers)
