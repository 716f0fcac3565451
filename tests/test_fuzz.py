"""Arbitrary text in, every export still parses and still holds that text, as text.

Titles, abstracts, ids and authors are drawn from all of unicode (lone surrogates, controls, separators,
right-to-left marks, emoji) mixed with pieces that are code or markup somewhere: script tags, CDATA ends,
Turtle and Cypher quoting, spreadsheet formulas. Each example is built with `kg.pipeline.build` and every file
is read back with the library a user would use: rdflib, networkx, csv, json.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import re
import tempfile
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdf_parse import rdflib_graph
from rdflib.namespace import DCTERMS, SKOS
from seen import under

from kg.export.flatten import clean_text
from kg.read import InputError, read_papers
from kg.text import clean_markup

# Strings that are syntax in one target or another.
HOSTILE = [
    "<script>alert(1)</script>", "</script>", "<!--", "-->", "]]>", "<![CDATA[", "<b>", "&amp;", "&#0;", "&lt;",
    '"', "'", "\\", '\\"', '"""', "'''", "`", "${x}", "{{DATA}}", "%s", "\\u0022", "\\n",
    "=cmd|' /C calc'!A0", "=1+1", "+1", "-1", "@SUM(A1)", "\t", "\r", "\r\n", "\n", "\n\n", "\u2028", "\u2029",
    "\u200b", "\u200d", "\u202e", "\ufeff", "\x00", "\x0b", "\x1f", "\x7f", "\x85", "\ufffe", "\uffff", "\ud800",
    "\udfff", "😀", "👨\u200d👩\u200d👧", "نقترح", "שלום", "$\\alpha$", "\\emph{x}", "{", "}", "@article{x,",
    "<http://x/>", "_:b0", "@prefix x: <y> .", "^^xsd:int", "@en", "#", ";", ",", "|", "MATCH (n) DETACH DELETE n;",
    "'}) RETURN 1 //", "../../etc/passwd", "C:\\con", "null", "NaN",
]
# Ids that differ only in what some format cannot hold, or that look like paths.
IDS = ["x", "x\x01", "x\x02", "x\ufffe", "x\u200b", "x\n", " x ", "../x", "/tmp/x", "a b", "?#", "%2F", "p:1"]
# Names the extractor takes for concepts ("We propose <name>"), so hostile text reaches concept labels too.
NAME_SYMBOLS = "\"'\\<>&=+-@;,|{}[]$%#`~*/:"
CHARACTERS = st.characters(exclude_categories=[])  # every code point, lone surrogates included
TEXT = st.lists(st.one_of(st.text(CHARACTERS, max_size=12), st.sampled_from(HOSTILE)), max_size=5).map("".join)
NAME = st.builds(
    lambda head, tail: f"{head}Net{tail}",
    st.text(st.one_of(st.sampled_from(NAME_SYMBOLS), st.characters(categories=["Lu", "Ll"])), min_size=1,
            max_size=4),
    st.sampled_from(["", "-2", "\"'", "<i>", "=x"]),
)
SENTENCE = st.builds(
    lambda name, other: (f"We propose {name}, a novel network for image classification. "
                         f"{name} outperforms {other} on ImageNet in accuracy."),
    NAME, NAME,
)
RECORD = st.fixed_dictionaries(
    {"title": TEXT, "abstract": st.builds(lambda a, s, b: f"{a} {s} {b}", TEXT, SENTENCE, TEXT)},
    optional={"id": st.one_of(TEXT, st.sampled_from(IDS)),
              "authors": st.lists(TEXT, max_size=3), "venue": TEXT},
)
FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


# --- reading every export back ----------------------------------------------------------------------------------


def html_data(page: str) -> dict:
    match = re.search(r'<script type="application/json" id="kg-data">(.*?)</script>', page, re.DOTALL)
    assert match, "the page has no data block"
    return json.loads(match.group(1))


def papers_of(graph: nx.MultiDiGraph) -> dict[str, dict]:
    return {node: data for node, data in graph.nodes(data=True) if data["type"] == "Paper"}


def check_rdf(out: Path, graph: nx.MultiDiGraph) -> None:
    papers = papers_of(graph)
    concepts = {d["label"] for _, d in graph.nodes(data=True) if d["type"] != "Paper"}
    for name, fmt in (("kg.ttl", "turtle"), ("kg.nt", "nt"), ("kg.jsonld", "json-ld")):
        rdf = rdflib_graph(out / name, fmt)
        found = {}
        for subject, identifier in rdf.subject_objects(DCTERMS.identifier):
            title = rdf.value(subject, DCTERMS.title)
            if title is not None:
                found[str(identifier)] = (str(title), str(rdf.value(subject, DCTERMS.abstract)))
        expected = {node.removeprefix("paper:"): (d["title"], d["abstract"]) for node, d in papers.items()}
        assert found == expected, name
        assert {str(label) for label in rdf.objects(None, SKOS.prefLabel)} >= concepts, name


def check_xml(out: Path, graph: nx.MultiDiGraph) -> None:
    for name, read in (("kg.graphml", nx.read_graphml), ("kg.gexf", nx.read_gexf)):
        back = read(out / name)
        assert back.number_of_nodes() == graph.number_of_nodes(), name
        for node, data in papers_of(graph).items():
            attrs = back.nodes[clean_text(node)]
            assert attrs["title"] == clean_text(data["title"]), name
            assert attrs["abstract"] == clean_text(data["abstract"]), name
        labels = {clean_text(d["label"]) for _, d in graph.nodes(data=True)}
        assert {d["label"] for _, d in back.nodes(data=True)} == labels, name


def unguard(text: str) -> str:
    return text[1:] if text.startswith("'") else text


def check_neo4j(out: Path, graph: nx.MultiDiGraph) -> None:
    from kg.export.neo4j import cypher_script

    with open(out / "neo4j" / "nodes.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == graph.number_of_nodes()
    by_id = {row["id:ID"]: row for row in rows}
    for node, data in papers_of(graph).items():
        row = by_id[clean_text(node)]
        assert unguard(row["title"]) == clean_text(data["title"])
        assert unguard(row["abstract"]) == clean_text(data["abstract"])
    text_columns = ("label", "title", "venue", "url", "code", "abstract")
    for row in rows:
        for column in text_columns:
            assert not row[column].startswith(FORMULA_START), (column, row[column])
        for item in filter(None, row["authors:string[]"].split(";") + row["aliases:string[]"].split(";")):
            assert not item.startswith(FORMULA_START), item
    with open(out / "neo4j" / "relationships.csv", newline="", encoding="utf-8") as handle:
        relationships = list(csv.DictReader(handle))
    assert len(relationships) == graph.number_of_edges()
    for row in relationships:
        assert not row["evidence"].startswith(FORMULA_START)
    # The script holds no data at all: labels reach Neo4j only through LOAD CSV parameters.
    assert (out / "neo4j" / "import.cypher").read_text(encoding="utf-8") == cypher_script()


def check_html(out: Path, graph: nx.MultiDiGraph) -> None:
    page = (out / "kg.html").read_text(encoding="utf-8")
    data = html_data(page)
    for node, attrs in papers_of(graph).items():
        details = data["details"][node]
        assert details["title"] == attrs["title"]
        assert details["abstract"] == attrs["abstract"]
        assert details["authors"] == attrs["authors"]
        shown = {(item["label"], sentence) for group in details["concepts"] for item in group["items"]
                 for sentence in item["evidence"]}
        assert shown == {(graph.nodes[concept]["label"], e["sentence"])
                         for _, concept, key, edge in graph.out_edges(node, keys=True, data=True) if key != "shares"
                         for e in edge["evidence"]}
    labels = {d["label"] for d in data["details"].values()}
    assert labels >= {d["label"] for _, d in graph.nodes(data=True)}
    block = page.split('id="kg-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in block and ">" not in block and "\u2028" not in block


def check_jsonl(out: Path, graph: nx.MultiDiGraph) -> None:
    records = [json.loads(line) for line in (out / "papers.jsonl").read_text(encoding="utf-8").splitlines()]
    papers = papers_of(graph)
    assert [f"paper:{r['id']}" for r in records] == sorted(papers, key=lambda n: papers[n]["order"])
    for record in records:
        data = papers[f"paper:{record['id']}"]
        assert (record["title"], record["abstract"], record["authors"]) == (data["title"], data["abstract"],
                                                                            data["authors"])


def check_exports(out: Path, graph: nx.MultiDiGraph) -> None:
    """Every export in `out` parses and holds the graph's text; no temporary file is left."""
    check_jsonl(out, graph)
    check_rdf(out, graph)
    check_xml(out, graph)
    check_neo4j(out, graph)
    check_html(out, graph)
    assert not list(out.rglob("*.tmp"))


def write_jsonl(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="ascii")  # lone surrogates as \ud800
    return path


# --- through the whole pipeline ---------------------------------------------------------------------------------


@FUZZ
@given(records=st.lists(RECORD, min_size=1, max_size=3))
def test_any_text_survives_every_export(extractor, records: list[dict]) -> None:
    from kg.pipeline import build

    with tempfile.TemporaryDirectory() as folder:
        source = write_jsonl(Path(folder) / "papers.jsonl", records)
        result = build([source], Path(folder) / "out", extractor=extractor)
        graph = result.graph
        papers = papers_of(graph)
        assert len(papers) == len(records)
        for record in records:
            assert any(d["abstract"] == clean_markup(record["abstract"]) for d in papers.values())
        check_exports(Path(folder) / "out", graph)


@settings(max_examples=30, deadline=None)
@given(records=st.lists(RECORD, min_size=1, max_size=2), fmt=st.sampled_from(["rdf", "graphml", "gexf", "neo4j"]))
def test_one_format_at_a_time(extractor, records: list[dict], fmt: str) -> None:
    from kg.pipeline import build

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out"
        result = build([write_jsonl(Path(folder) / "p.jsonl", records)], out, formats=[fmt], extractor=extractor)
        if fmt == "rdf":
            check_rdf(out, result.graph)
        elif fmt == "neo4j":
            check_neo4j(out, result.graph)
        else:
            read = nx.read_graphml if fmt == "graphml" else nx.read_gexf
            assert read(out / f"kg.{fmt}").number_of_nodes() == result.graph.number_of_nodes()
        written = {p for p in under(out) if p.is_file() and p.name != ".kg-manifest.json"}
        assert written == set(result.paths[fmt])  # this export, and nothing else


# --- the readers alone ------------------------------------------------------------------------------------------

SUFFIXES = [".jsonl", ".json", ".csv", ".bib", ".txt", ".jsonl.gz", ".csv.gz"]


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=400), suffix=st.sampled_from(SUFFIXES), skip_bad=st.booleans())
def test_any_bytes_are_read_or_refused_with_an_input_error(data: bytes, suffix: str, skip_bad: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"in{suffix}"
        path.write_bytes(gzip.compress(data) if suffix.endswith(".gz") else data)
        try:
            papers = list(read_papers([path], skip_bad=skip_bad, warn=lambda message: None))
        except InputError as error:
            assert str(error).startswith(str(path)) and "\n" not in str(error)
            return
        assert papers and all(p.abstract.strip() and p.id for p in papers)
        for paper in papers:
            assert not re.search("[\ud800-\udfff]", paper.abstract + paper.title + paper.id)


@settings(max_examples=150, deadline=None)
@given(entries=st.lists(st.tuples(TEXT, TEXT, TEXT), min_size=1, max_size=3), skip_bad=st.booleans())
def test_bibtex_with_any_text_is_read_or_refused_with_an_input_error(entries: list[tuple[str, str, str]],
                                                                     skip_bad: bool) -> None:
    text = "".join(f"@article{{{key},\n  title = {{{title}}},\n  abstract = {{{abstract}}}\n}}\n\n"
                   for key, title, abstract in entries)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "refs.bib"
        path.write_bytes(text.encode("utf-8", "replace"))
        try:
            papers = list(read_papers([path], skip_bad=skip_bad, warn=lambda message: None))
        except InputError as error:
            assert str(error).startswith(str(path)) and "\n" not in str(error)
            return
        assert 0 < len(papers) <= len(entries) and all(p.abstract.strip() for p in papers)


def _csv_text(records: list[dict]) -> str:
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer)  # as spreadsheets write it: CRLF, a field with a quote or a line break quoted
    writer.writerow(["id", "title", "abstract"])
    for number, record in enumerate(records):
        writer.writerow([f"r{number}", record["title"], record["abstract"]])
    return buffer.getvalue()


@settings(max_examples=200, deadline=None)
@given(records=st.lists(st.fixed_dictionaries({"title": TEXT, "abstract": TEXT}), min_size=1, max_size=3),
       kind=st.sampled_from(["jsonl", "json", "csv"]))
def test_text_comes_out_of_every_reader_as_cleaned_text(records: list[dict], kind: str) -> None:
    scrub = [{k: re.sub("[\ud800-\udfff]", "", v) for k, v in r.items()} for r in records]  # UTF-8 files
    if kind == "jsonl":
        content = "".join(json.dumps(r) + "\n" for r in records)
    elif kind == "json":
        content = json.dumps({"papers": records}, indent=1)
    else:
        records = scrub
        content = _csv_text(records)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"in.{kind}"
        path.write_bytes(content.encode("utf-8"))
        warnings: list[str] = []
        try:
            papers = list(read_papers([path], skip_bad=True, warn=warnings.append))
        except InputError as error:
            assert str(error).startswith(str(path))
            papers = []
        kept = [r for r in records if clean_markup(r["abstract"])]
        if kind == "csv" and "\x00" in content:
            return  # a NUL byte makes a CSV file binary
        assert [p.abstract for p in papers] == [clean_markup(r["abstract"]) for r in kept]
        assert [p.title for p in papers] == [clean_markup(r["title"]) for r in kept]
        assert all(w.startswith(f"{path}:") for w in warnings)


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_fuzz_helpers_write_what_the_readers_read(tmp_path: Path, suffix: str) -> None:
    records = [{"title": 'A "q", b\nc', "abstract": "One, two."}]
    path = tmp_path / f"a{suffix}"
    if suffix == ".csv":
        path.write_text(_csv_text(records), encoding="utf-8")
    else:
        write_jsonl(path, records)
    [paper] = read_papers([path])
    assert (paper.title, paper.abstract) == ('A "q", b c', "One, two.")


# --- holes found in the exporters -------------------------------------------------------------------------------


@pytest.mark.xfail(strict=True, reason="kg/export/neo4j.py: a value that ends in a backslash (or holds one before a "
                                       "quote) is written as `\\\"` before the closing quote; Neo4j's LOAD CSV, with "
                                       "its default dbms.import.csv.legacy_quote_escaping=true, reads `\\\"` as an "
                                       "escaped quote, so the field never ends and import.cypher misreads the file")
def test_neo4j_csv_has_no_backslash_before_a_quote(tmp_path: Path, extractor) -> None:
    from kg.pipeline import build

    records = [{"id": "dir\\", "title": "Saved under C:\\", "abstract": "We propose FooNet for image classification."}]
    build([write_jsonl(tmp_path / "p.jsonl", records)], tmp_path / "out", formats=["neo4j"], extractor=extractor)
    for name in ("nodes.csv", "relationships.csv"):
        assert b'\\"' not in (tmp_path / "out" / "neo4j" / name).read_bytes(), name


@pytest.mark.xfail(strict=True, reason="kg/export (graphml, gexf, neo4j): node keys are written through clean_text, "
                                       "so two keys that differ only in a control character or U+FFFE become one id "
                                       "(kg.read now cleans paper ids, but a graph built through the Python API can "
                                       "still hold such keys)")
@pytest.mark.parametrize("fmt", ["graphml", "gexf", "neo4j"])
def test_node_keys_that_differ_only_in_a_control_character_stay_apart(tmp_path: Path, fmt: str) -> None:
    from graph_fixture import sample_graph

    from kg.export import ExportOptions, write_all

    graph = sample_graph()
    graph.add_node("paper:p1\x01", **(graph.nodes["paper:p1"] | {"title": "twin"}))
    write_all(graph, tmp_path, ExportOptions(), [fmt])
    if fmt == "neo4j":
        with open(tmp_path / "neo4j" / "nodes.csv", newline="", encoding="utf-8") as handle:
            ids = [row["id:ID"] for row in csv.DictReader(handle)]
        assert len(set(ids)) == graph.number_of_nodes()
    else:
        read = nx.read_graphml if fmt == "graphml" else nx.read_gexf
        assert read(tmp_path / f"kg.{fmt}").number_of_nodes() == graph.number_of_nodes()
