"""Bad input, odd input and hostile input through the real command line.

Every bad input gets one line on stderr, `kg: error: FILE[:LINE]: what`, a documented exit code, no traceback and
no export written. Odd but valid input builds, and hostile text never reaches the file system as a path.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from seen import under

from kg.text import clean_markup

KG = Path(sys.executable).with_name("kg")
EXIT_INPUT, EXIT_OUTPUT = 3, 4
GOOD = "We propose GraphNet, a graph neural network for node classification. It outperforms GCN on Cora."


def kg(*args: object, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([str(KG), *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=timeout)


def build(cwd: Path, *inputs: object, out: object = "out", extra: tuple = ()) -> subprocess.CompletedProcess:
    return kg("build", *inputs, "--out", out, "--jobs", "1", "--no-cache", "--quiet", *extra, cwd=cwd)


def assert_one_error(result: subprocess.CompletedProcess, code: int, where: str, *words: str) -> str:
    """Exit `code`, and stderr one line `kg: error: <where>...` holding every one of `words`."""
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == code, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"kg: error: {where}"), lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def jsonl(*records: object) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode("utf-8")


# --- one line per bad input, exit code 3, nothing written -------------------------------------------------------

BIB_GOOD = b"@article{good,\n  title = {Good},\n  abstract = {" + GOOD.encode() + b"}\n}\n\n"
BAD_INPUTS = {
    # name: (file name, content, where the message points, words it holds, extra options)
    "empty file": ("empty.jsonl", b"", "empty.jsonl: ", ["empty file"], ()),
    "records without abstracts": ("noabs.jsonl", jsonl({"title": "A"}, {"title": "B", "abstract": " "}),
                                  "noabs.jsonl:1: ", ["no abstract"], ()),
    "no abstracts, bad records skipped": ("noabs.jsonl", jsonl({"title": "A"}, {"title": "B", "abstract": ""}),
                                          "noabs.jsonl: ", ["no abstracts found", "2 bad records skipped"],
                                          ("--skip-bad",)),
    "an empty JSON list": ("none.json", b"[]\n", "none.json: ", ["no abstracts found"], ()),
    "bytes that are not UTF-8": ("latin1.jsonl", jsonl({"abstract": GOOD}) + b'{"abstract": "Caf\xe9 nets."}\n',
                                 "latin1.jsonl:2: ", ["not valid UTF-8", "0xe9"], ()),
    "UTF-16": ("utf16.txt", "Title\n\nAbstract.\n".encode("utf-16"), "utf16.txt: ", ["UTF-16"], ()),
    "a malformed JSON line": ("broken.jsonl", jsonl({"abstract": GOOD}) + b'{"abstract": "oops\n',
                              "broken.jsonl:2: ", ["malformed JSON", "column"], ()),
    "a malformed JSON document": ("broken.json", b'[\n  {"abstract": "One."},\n  {"abstract": "Two."\n]\n',
                                  "broken.json:4: ", ["malformed JSON"], ()),
    "JSON that is a string": ("scalar.json", b'"just a string"', "scalar.json: ",
                              ["expected a JSON array or object", "a string"], ()),
    "JSON papers that are not a list": ("papers.json", b'{"papers": {"abstract": "x"}}', "papers.json: ",
                                        ["'papers' should be an array"], ()),
    "a JSON line that is a list": ("list.jsonl", jsonl({"abstract": GOOD}, [1, 2]), "list.jsonl:2: ",
                                   ["expected a JSON object"], ()),
    "a CSV without an abstract column": ("noabs.csv", b"id,title,summary\n1,T,S\n", "noabs.csv:1: ",
                                         ["no 'abstract' column"], ()),
    "a CSV quote never closed": ("unclosed.csv", b'title,abstract\nA,"We propose X.\nB,We propose Y.\n',
                                 "unclosed.csv:2: ", ["malformed CSV", "never closed"], ()),
    "a CSV stray quote": ("stray.csv", b'title,abstract\nA,Fine.\n"B,"We propose X.\n', "stray.csv:3: ",
                          ["malformed CSV", "quote"], ()),
    "a CSV with classic Mac line ends": ("mac.csv", b"title,abstract\rA,We propose X.\r", "mac.csv:1: ",
                                         ["carriage return"], ()),
    "BibTeX braces that never close": ("open.bib", BIB_GOOD + b"@article{bad,\n  title = {Broken,\n  abstract = {x}\n",
                                       "open.bib:6: ", ["BibTeX syntax error", "unbalanced braces"], ()),
    "BibTeX without a comma": ("comma.bib", BIB_GOOD + b"@article{bad,\n  title = {T}\n  abstract = {x}\n}\n",
                               "comma.bib:6: ", ["BibTeX syntax error", "'bad'"], ()),
    "a BibTeX entry without a key": ("nokey.bib", b"@article{,\n  abstract = {x}\n}\n", "nokey.bib:1: ",
                                     ["BibTeX syntax error", "no citation key"], ()),
    "a binary file": ("binary.jsonl", b"\x7fELF\x02\x01\x01\x00\x00\x00" + bytes(range(256)) * 4, "binary.jsonl: ",
                      ["binary file"], ()),
    "a .gz that is not gzip": ("fake.jsonl.gz", b"not gzip at all", "fake.jsonl.gz: ", ["not a valid gzip"], ()),
    "an unsupported file type": ("paper.pdf", b"%PDF-1.7", "paper.pdf: ", ["unsupported file type"], ()),
}


@pytest.fixture(scope="module")
def bad_input_runs(tmp_path_factory) -> dict[str, tuple[Path, subprocess.CompletedProcess]]:
    """`kg build` of every bad input, a few at a time: each run spends most of its second starting Python."""

    def run(case: str) -> tuple[Path, subprocess.CompletedProcess]:
        name, content, _, _, extra = BAD_INPUTS[case]
        folder = tmp_path_factory.mktemp("bad")
        (folder / name).write_bytes(content)
        return folder, build(folder, name, extra=extra)

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(BAD_INPUTS, pool.map(run, BAD_INPUTS), strict=True))


@pytest.mark.parametrize("case", list(BAD_INPUTS))
def test_bad_input_is_one_line_naming_the_file(bad_input_runs, case: str) -> None:
    _, _, where, words, _ = BAD_INPUTS[case]
    folder, result = bad_input_runs[case]
    assert_one_error(result, EXIT_INPUT, where, *words)
    assert not (folder / "out").exists()


def test_missing_path(tmp_path: Path) -> None:
    (tmp_path / "here.jsonl").write_bytes(jsonl({"abstract": GOOD}))
    result = build(tmp_path, "here.jsonl", "not-here.jsonl")
    assert_one_error(result, EXIT_INPUT, "not-here.jsonl: ", "no such file or directory")
    assert not (tmp_path / "out").exists()


def test_folder_without_inputs(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder" / "notes.md").write_text("nothing to read")
    assert_one_error(build(tmp_path, "folder"), EXIT_INPUT, "folder: ", "no supported input file")


def test_not_utf8_is_read_with_replacement_characters_under_skip_bad(tmp_path: Path) -> None:
    latin1 = b'{"abstract": "We propose Caf\xe9Net."}'
    (tmp_path / "latin1.jsonl").write_bytes(jsonl({"abstract": GOOD}) + latin1 + b"\n")
    result = build(tmp_path, "latin1.jsonl", extra=("--skip-bad", "--format", "jsonl"))
    assert result.returncode == 0, result.stderr
    column = latin1.index(b"\xe9") + 1
    assert result.stderr.splitlines() == [f"kg: warning: latin1.jsonl:2: not valid UTF-8 (byte 0xe9 at column "
                                          f"{column}); decoded with replacement characters"]
    records = [json.loads(line) for line in (tmp_path / "out" / "papers.jsonl").read_text("utf-8").splitlines()]
    assert records[1]["abstract"] == "We propose Caf\ufffdNet."


def test_skip_bad_warns_about_each_bad_record_counts_them_and_goes_on(tmp_path: Path) -> None:
    lines = [
        json.dumps({"id": "a", "abstract": GOOD}).encode(),
        b'{"id": "b", "abstract": "unterminated',
        json.dumps({"id": "c", "title": "no abstract"}).encode(),
        b"[1, 2]",
        json.dumps({"id": "e", "abstract": GOOD, "title": {"en": "T"}}).encode(),
        b'{"id": "f", "abstract": "We propose Caf\xe9Net for image classification."}',
        json.dumps({"id": "g", "abstract": "We introduce TreeNet for parsing."}).encode(),
    ]
    (tmp_path / "mixed.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    result = kg("build", "mixed.jsonl", "--out", "out", "--jobs", "1", "--no-cache", "--skip-bad", "--format", "jsonl",
                cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    # progress lines ("kg: [  3.1s] resolving") may come between them on a slow machine
    warnings = [line for line in result.stderr.splitlines() if line.startswith("kg: warning:")]
    assert [w.split(":")[:4] for w in warnings] == [
        ["kg", " warning", " mixed.jsonl", str(line)] for line in (2, 3, 4, 5, 6)
    ]
    assert all(w.endswith("; skipped") for w in warnings[:4]) and "replacement characters" in warnings[4]
    assert "papers read: 3 (5 warnings)" in result.stdout
    records = [json.loads(line) for line in (tmp_path / "out" / "papers.jsonl").read_text("utf-8").splitlines()]
    assert [r["id"] for r in records] == ["a", "f", "g"]


# --- an output folder that cannot be written: exit code 4 -------------------------------------------------------


@pytest.fixture()
def good_input(tmp_path: Path) -> str:
    (tmp_path / "good.jsonl").write_bytes(jsonl({"id": "g", "abstract": GOOD}))
    return "good.jsonl"


def test_output_folder_that_is_a_file(tmp_path: Path, good_input: str) -> None:
    (tmp_path / "taken").write_text("a file, not a folder")
    result = build(tmp_path, good_input, out="taken", extra=("--format", "jsonl"))
    assert_one_error(result, EXIT_OUTPUT, "cannot write taken")
    assert (tmp_path / "taken").read_text() == "a file, not a folder"


def test_output_folder_inside_a_file(tmp_path: Path, good_input: str) -> None:
    (tmp_path / "taken").write_text("a file, not a folder")
    result = build(tmp_path, good_input, out="taken/out", extra=("--format", "jsonl"))
    assert_one_error(result, EXIT_OUTPUT, "cannot write taken/out", "Not a directory")


def test_export_whose_place_is_taken_by_a_folder(tmp_path: Path, good_input: str) -> None:
    (tmp_path / "out" / "kg.html").mkdir(parents=True)
    result = build(tmp_path, good_input, extra=("--format", "html"))
    assert_one_error(result, EXIT_OUTPUT, "cannot write out/kg.html", "Is a directory")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["kg.html"]  # its temporary file is gone


def test_damaged_extraction_cache(tmp_path: Path, good_input: str) -> None:
    (tmp_path / "out" / ".kg-cache").mkdir(parents=True)
    (tmp_path / "out" / ".kg-cache" / "extractions.sqlite3").write_bytes(b"not a database")
    result = kg("build", good_input, "--out", "out", "--jobs", "1", "--quiet", "--format", "jsonl", cwd=tmp_path)
    assert_one_error(result, EXIT_OUTPUT, "extraction cache out/.kg-cache: ", "--no-cache")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders")
def test_read_only_output_folder(tmp_path: Path, good_input: str) -> None:
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked").chmod(0o555)
    try:
        result = build(tmp_path, good_input, out="locked", extra=("--format", "jsonl"))
    finally:
        (tmp_path / "locked").chmod(0o755)
    assert_one_error(result, EXIT_OUTPUT, "cannot write locked", "Permission denied")


# --- odd but valid input ----------------------------------------------------------------------------------------

ODD = [
    {"id": "dup", "title": "T" * 1000,
     "abstract": "We propose <b>FooNet</b>, a graph neural network for node classification &amp; link prediction "
                 "on <i>Cora</i>. <script>alert(1)</script> It beats GCN."},
    {"id": "dup", "title": r"$\alpha$-Net: \emph{Fast} Attention",
     "abstract": r"We introduce \emph{AlphaNet} with $O(n^2)$ cost and 95\% accuracy on ImageNet~\cite{x}. "
                 r"Code: \url{https://github.com/a/alphanet}."},
    {"id": "emoji", "title": "🚀 RocketNet 🔥",
     "abstract": "We propose RocketNet 🚀 for image classification 😀 on CIFAR-10. 👨\u200d👩\u200d👧 families too."},
    {"id": "rtl", "title": "שלום עולם",
     "abstract": "نقترح شبكة عصبية جديدة. We propose ArNet for machine translation on WMT14. אנו מציעים שיטה."},
    {"id": "zero-width", "title": "Zero\u200bWidth\u2060",
     "abstract": "We pro\u200bpose Zero\u200dNet\u2060 for\ufeff speech recognition on LibriSpeech."},
    {"id": "hostile", "title": '"=cmd|\' /C calc\'!A0" </script><!-- ]]>',
     "abstract": "We propose \"Quote\\Net\" = '=1+1' for question answering on SQuAD; ]]> </script> @SUM(1) "
                 "-2+3 \u2028 MATCH (n) DETACH DELETE n; '}) RETURN 1 //"},
]


def test_odd_but_valid_input_builds_and_every_export_holds_it(tmp_path: Path, extractor) -> None:
    from test_fuzz import check_exports

    from kg.pipeline import build as build_in_process

    (tmp_path / "odd.jsonl").write_bytes(jsonl(*ODD))
    result = kg("build", "odd.jsonl", "--out", "out", "--jobs", "1", "--no-cache", "--quiet", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == ["kg: warning: odd.jsonl:2: duplicate id 'dup', kept as dup-2"]
    records = [json.loads(line) for line in (tmp_path / "out" / "papers.jsonl").read_text("utf-8").splitlines()]
    assert [r["id"] for r in records] == ["dup", "dup-2", "emoji", "rtl", "zero-width", "hostile"]
    for record, given in zip(records, ODD, strict=True):
        assert record["abstract"] == clean_markup(given["abstract"])
    assert records[0]["title"] == "T" * 1000
    assert "<b>" not in records[0]["abstract"] and "<script>alert(1)</script>" in records[0]["abstract"]
    assert "\\emph" not in records[1]["abstract"] and "$" not in records[1]["abstract"]
    assert records[1]["code"] == "https://github.com/a/alphanet"
    assert "🚀" in records[2]["abstract"] and "👨\u200d👩\u200d👧" in records[2]["abstract"]
    assert "نقترح" in records[3]["abstract"] and records[3]["title"] == "שלום עולם"
    assert "\u200b" not in records[4]["abstract"] + records[4]["title"] and "propose ZeroNet" in records[4]["abstract"]

    # The same build in this process: the same bytes (another process, another hash seed), and every export holds
    # exactly the text of the graph it was made from.
    twin = build_in_process([tmp_path / "odd.jsonl"], tmp_path / "twin", extractor=extractor)
    for path in (p for p in under(tmp_path / "twin") if p.is_file()):
        assert (tmp_path / "out" / path.relative_to(tmp_path / "twin")).read_bytes() == path.read_bytes(), path.name
    check_exports(tmp_path / "out", twin.graph)


def test_an_abstract_of_one_megabyte(tmp_path: Path) -> None:
    sentence = "We study the scaling of graph neural networks for node classification on Cora. "
    huge = (sentence * (2**20 // len(sentence) + 1))[: 2**20].strip()
    (tmp_path / "big.jsonl").write_bytes(jsonl({"id": "big", "abstract": huge}, {"id": "small", "abstract": GOOD}))
    result = build(tmp_path, "big.jsonl", extra=("--format", "jsonl"))
    assert "Traceback" not in result.stderr and result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in (tmp_path / "out" / "papers.jsonl").read_text("utf-8").splitlines()]
    assert [len(r["abstract"]) for r in records] == [len(huge), len(GOOD)]


# --- no data reaches the file system ----------------------------------------------------------------------------


def test_no_value_from_the_data_becomes_a_path(tmp_path: Path) -> None:
    outside = Path("/tmp") / f"kg-escape-{uuid.uuid4().hex}"
    names = ["../../escape-up", str(outside), "nested/escape/path", "~/escape-home", "C:\\escape\\win", "con",
             "escape\x00nul", ".kg-cache", "../out/kg.html", "papers.jsonl"]
    records = [{"id": name, "title": name, "venue": name, "code": name, "url": f"file://{name}",
                "authors": [name], "abstract": f"We propose Escape{n}Net for image classification on {name}."}
               for n, name in enumerate(names)]
    work = tmp_path / "deep" / "work"
    work.mkdir(parents=True)
    (work / "hostile.jsonl").write_bytes(jsonl(*records))
    before = {p for p in tmp_path.rglob("*")}
    result = kg("build", "hostile.jsonl", "--out", "out", "--jobs", "1", "--quiet", cwd=work)  # with its cache
    assert result.returncode == 0, result.stderr
    created = {p for p in tmp_path.rglob("*")} - before
    assert created and all(p.is_relative_to(work / "out") for p in created), sorted(map(str, created))
    assert not any("escape" in p.name.lower() or p.name == "con" for p in created)
    assert not outside.exists()
    html = (work / "out" / "kg.html").read_bytes()
    block = html.split(b'id="kg-data">', 1)[1].split(b"</script>", 1)[0]
    assert b"<" not in block and b"escape" in block  # the data is there, as JSON that no markup can end
