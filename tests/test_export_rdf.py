"""The RDF export, its ontology and shapes, the example queries, `run_query` and `validate`."""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from urllib.parse import unquote

import networkx as nx
import pyoxigraph as ox
import pytest
from graph_fixture import HOSTILE_AUTHOR, HOSTILE_TITLE, sample_graph
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pyshacl import validate as pyshacl_validate
from rdf_parse import rdflib_graph
from rdflib import RDF, RDFS, Graph, Literal, URIRef
from rdflib.compare import isomorphic
from rdflib.namespace import DCTERMS, FOAF, OWL, SKOS
from rdflib.plugins.sparql import prepareQuery

from kg.export.rdf import CLASSES, DEFAULT_BASE_IRI, KGO, ROLE_PROPERTIES, Iris, build_rdf, serialize, write
from kg.model import CONCEPT_TYPES, ROLES
from kg.shacl import ONTOLOGY, SHAPES, validate
from kg.sparql import QUERY_PREFIXES, ExportError, QueryError, run_query
from kg.store import StoreTargetError, is_store, load

ROOT = Path(__file__).resolve().parents[1]
QUERIES = sorted((ROOT / "queries").glob("*.rq"))
OX_FORMATS = {"kg.ttl": ox.RdfFormat.TURTLE, "kg.nt": ox.RdfFormat.N_TRIPLES, "kg.jsonld": ox.RdfFormat.JSON_LD}
RDFLIB_FORMATS = {"kg.ttl": "turtle", "kg.nt": "nt", "kg.jsonld": "json-ld"}
# Characters that may not appear in an IRI (RFC 3987), plus whitespace.
NOT_IN_IRI = re.compile(r'[\x00-\x20<>"{}|\\^`\x7f-\x9f]')
HOSTILE_IDS = [
    "a b", 'say "hi"', "<tag>", "ünïcødé/päth", "日本語 論文", "a%20b", "#frag?x=1&y", "..", "-x", "tab\tnl\n",
]


@pytest.fixture
def export(tmp_path: Path) -> Path:
    write(sample_graph(), tmp_path)
    return tmp_path


def _ox_triples(path: Path) -> list:
    return list(ox.parse(path=str(path), format=OX_FORMATS[path.name]))


def _rdflib(path: Path) -> Graph:
    return rdflib_graph(path, RDFLIB_FORMATS[path.name])


def _hostile_graph() -> nx.MultiDiGraph:
    """Papers and concepts whose ids and labels are all awkward strings."""
    g = nx.MultiDiGraph()
    texts = ['"""', "'''", "\\", 'a\\"b', "\r\n", "\x01\x7f", "\u2028\u2029", "😀 é", "=1+2", "@prefix x: <y> .",
             "</script><script>", "{\"@id\": \"x\"}", "_:b0", "kgo:Paper"]
    for i, pid in enumerate(HOSTILE_IDS):
        text = texts[i % len(texts)]
        g.add_node(f"paper:{pid}", type="Paper", label=text, title=text + pid, authors=[text], venue=text,
                   year=2020, url="javascript:alert(1) x", code="", abstract=text * 3, community=0)
        g.add_node(f"concept:{pid}", type="Task", label=pid + text, aliases=[text], paper_count=1, community=-1)
        g.add_edge(f"paper:{pid}", f"concept:{pid}", key="addresses", role="addresses", confidence=1e-05,
                   evidence=[{"sentence": text, "start": 0, "end": len(text)}])
    return g


def _write_rdf(g: Graph, path: Path) -> Path:
    path.write_text(serialize(g, "nt"), encoding="utf-8")
    return path


# --- the files parse everywhere, to the same graph ---------------------------------------------------------------


def test_write_returns_the_three_files(export: Path) -> None:
    paths = write(sample_graph(), export / "again")
    assert [p.name for p in paths] == ["kg.ttl", "kg.nt", "kg.jsonld"]
    assert all(p.is_file() and p.stat().st_size > 0 for p in paths)


def test_every_file_parses_in_rdflib_and_oxigraph_to_the_same_count(export: Path) -> None:
    expected = len(build_rdf(sample_graph()))
    graphs = {}
    for name in OX_FORMATS:
        graphs[name] = _rdflib(export / name)
        assert len(graphs[name]) == expected, name
        assert len(_ox_triples(export / name)) == expected, name
    assert isomorphic(graphs["kg.ttl"], graphs["kg.nt"])
    assert isomorphic(graphs["kg.ttl"], graphs["kg.jsonld"])


def test_no_blank_nodes(export: Path) -> None:
    for triple in _ox_triples(export / "kg.nt"):
        assert not isinstance(triple.subject, ox.BlankNode)
        assert not isinstance(triple.object, ox.BlankNode)


def test_jsonld_has_a_context_with_the_prefixes(export: Path) -> None:
    doc = json.loads((export / "kg.jsonld").read_text(encoding="utf-8"))
    assert doc["@context"]["kgo"] == str(KGO)
    assert doc["@context"]["skos"] == str(SKOS)
    assert any("kgo:Paper" in (n.get("@type") or []) for n in doc["@graph"])


@pytest.mark.parametrize("nodes", [0, 1])
def test_tiny_graphs_export_in_every_format(tmp_path: Path, nodes: int) -> None:
    source = nx.MultiDiGraph()
    if nodes:
        source.add_node("concept:x", type="Task", label="x", aliases=[], paper_count=0, community=-1)
    write(source, tmp_path)
    expected = len(build_rdf(source))
    for name in OX_FORMATS:
        assert len(_rdflib(tmp_path / name)) == expected == len(_ox_triples(tmp_path / name)), name
    assert "@context" in json.loads((tmp_path / "kg.jsonld").read_text(encoding="utf-8"))


def test_ntriples_has_one_triple_per_line_and_no_repeats(export: Path) -> None:
    lines = (export / "kg.nt").read_text(encoding="utf-8").split("\n")
    assert lines[-1] == ""
    assert all(line.startswith("<") and line.endswith(" .") for line in lines[:-1])
    assert len(set(lines[:-1])) == len(lines) - 1


# --- content ------------------------------------------------------------------------------------------------------


def test_papers_concepts_and_statements_are_all_there(export: Path) -> None:
    g = _rdflib(export / "kg.ttl")
    source = sample_graph()
    iris = Iris()
    papers = {n for n, d in source.nodes(data=True) if d["type"] == "Paper"}
    concepts = {n for n, d in source.nodes(data=True) if d["type"] != "Paper"}
    assert set(g.subjects(RDF.type, KGO.Paper)) == {iris.paper(n.split(":", 1)[1]) for n in papers}
    assert set(g.subjects(RDF.type, KGO.Concept)) == {iris.concept(n.split(":", 1)[1]) for n in concepts}
    for node in concepts:
        ctype = source.nodes[node]["type"]
        assert (iris.concept(node.split(":", 1)[1]), RDF.type, KGO[ctype]) in g
    role_edges = [(u, v, k) for u, v, k in source.edges(keys=True) if k in ROLE_PROPERTIES]
    assert len(set(g.subjects(RDF.type, KGO.Statement))) == len(role_edges)
    for u, v, key in role_edges:
        paper, concept = iris.paper(u.split(":", 1)[1]), iris.concept(v.split(":", 1)[1])
        assert (paper, ROLE_PROPERTIES[key], concept) in g
        assert (paper, KGO.mentions, concept) in g
        statement = iris.statement(u.split(":", 1)[1], key, v.split(":", 1)[1])
        assert g.value(statement, KGO.subject) == paper
        assert g.value(statement, KGO.property) == ROLE_PROPERTIES[key]
        assert g.value(statement, KGO.object) == concept
        confidence = g.value(statement, KGO.confidence)
        assert confidence.datatype == URIRef("http://www.w3.org/2001/XMLSchema#decimal")
        assert float(confidence) == pytest.approx(source.edges[u, v, key]["confidence"])
        sentences = {str(g.value(e, KGO.sentence)) for e in g.objects(statement, KGO.evidence)}
        assert sentences == {e["sentence"] for e in source.edges[u, v, key]["evidence"]}
        assert set(g.objects(statement, KGO.evidence)) == set(g.objects(statement, URIRef(
            "http://www.w3.org/ns/prov#wasDerivedFrom")))


def test_aliases_are_alt_labels_and_authors_keep_their_order(export: Path) -> None:
    g = _rdflib(export / "kg.ttl")
    gcn = Iris().concept("graph-convolutional-network")
    assert {str(x) for x in g.objects(gcn, SKOS.altLabel)} == {"GCN", "GCNs"}
    assert str(g.value(gcn, SKOS.prefLabel)) == "graph convolutional network"
    p1 = Iris().paper("p1")
    authors = sorted(g.objects(p1, DCTERMS.creator), key=lambda a: int(g.value(a, KGO.authorPosition)))
    assert [str(g.value(a, FOAF.name)) for a in authors] == sample_graph().nodes["paper:p1"]["authors"]


def test_link_node_carries_weight_and_shared_concepts(export: Path) -> None:
    g = _rdflib(export / "kg.ttl")
    iris = Iris()
    p1, p2 = iris.paper("p1"), iris.paper("p2")
    assert (p1, KGO.sharesConceptWith, p2) in g and (p2, KGO.sharesConceptWith, p1) in g
    (link,) = g.subjects(RDF.type, KGO.ConceptLink)
    assert g.value(link, KGO.linkSource) == p1 and g.value(link, KGO.linkTarget) == p2
    assert float(g.value(link, KGO.weight)) == pytest.approx(sample_graph().edges["paper:p1", "paper:p2", "shares"]
                                                             ["weight"])
    shared = {str(g.value(c, SKOS.prefLabel)) for c in g.objects(link, KGO.sharedConcept)}
    assert shared == set(sample_graph().edges["paper:p1", "paper:p2", "shares"]["shared"])


def test_unknown_shared_label_is_kept_as_text() -> None:
    source = sample_graph()
    source.edges["paper:p1", "paper:p2", "shares"]["shared"] = ["QM9", "no such concept"]
    g = build_rdf(source)
    (link,) = g.subjects(RDF.type, KGO.ConceptLink)
    assert {str(x) for x in g.objects(link, KGO.sharedLabel)} == {"no such concept"}
    assert set(g.objects(link, KGO.sharedConcept)) == {Iris().concept("qm9")}


def test_communities_get_nodes_names_and_members() -> None:
    source = sample_graph()
    source.graph["communities"] = [{"id": 0, "name": 'graphs, "molecules"', "size": 3}]
    source.nodes["concept:qm9"]["community"] = 0
    g = build_rdf(source)
    iris = Iris()
    assert str(g.value(iris.community(0), RDFS.label)) == 'graphs, "molecules"'
    assert (iris.concept("qm9"), KGO.inCommunity, iris.community(0)) in g
    assert (iris.paper("p2"), KGO.inCommunity, iris.community(1)) in g
    assert g.value(iris.concept("graphnet"), KGO.inCommunity) is None  # community -1: none


# --- hostile text and ids -----------------------------------------------------------------------------------------


def test_hostile_labels_round_trip_exactly(export: Path) -> None:
    p2 = Iris().paper("p2")
    for name in OX_FORMATS:
        g = _rdflib(export / name)
        assert str(g.value(p2, DCTERMS.title)) == HOSTILE_TITLE, name
        assert HOSTILE_AUTHOR in {str(g.value(a, FOAF.name)) for a in g.objects(p2, DCTERMS.creator)}, name
        assert str(g.value(Iris().concept("mean-absolute-error"), SKOS.prefLabel)) == 'mean "absolute" error'
        titles = {t.object.value for t in _ox_triples(export / name)
                  if t.subject == ox.NamedNode(str(p2)) and t.predicate == ox.NamedNode(str(DCTERMS.title))}
        assert titles == {HOSTILE_TITLE}, name


def test_awkward_ids_and_labels_round_trip_in_every_format(tmp_path: Path) -> None:
    source = _hostile_graph()
    write(source, tmp_path)
    expected = build_rdf(source)
    iris = Iris()
    for name in OX_FORMATS:
        g = _rdflib(tmp_path / name)
        assert isomorphic(g, expected), name
        assert len(_ox_triples(tmp_path / name)) == len(expected), name
        for node, data in source.nodes(data=True):
            if data["type"] == "Paper":
                pid = node.split(":", 1)[1]
                assert str(g.value(iris.paper(pid), DCTERMS.title)) == data["title"], (name, pid)
                assert str(g.value(iris.paper(pid), DCTERMS.identifier)) == pid


@pytest.mark.parametrize("pid", HOSTILE_IDS)
def test_iris_are_valid_for_any_id(pid: str) -> None:
    iris = Iris()
    for iri in (iris.paper(pid), iris.concept(pid), iris.author(pid, 1), iris.statement(pid, "uses", pid),
                iris.evidence(pid, 0, 1, pid)):
        assert not NOT_IN_IRI.search(iri), iri
        ox.NamedNode(str(iri))  # raises on an invalid IRI
    assert unquote(iris.paper(pid).rsplit("/", 1)[1]) == pid
    assert "/" not in iris.paper(pid)[len(DEFAULT_BASE_IRI + "paper/"):]


def test_distinct_ids_get_distinct_iris() -> None:
    iris = Iris()
    assert len({iris.paper(p) for p in HOSTILE_IDS}) == len(HOSTILE_IDS)
    assert iris.statement("a b", "uses", "c") != iris.statement("a", "uses", "b c")
    assert iris.author("a-1", 2) != iris.author("a", 12)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pid=st.text(min_size=1, max_size=20), title=st.text(max_size=40))
def test_any_text_survives_every_format(pid: str, title: str) -> None:
    source = nx.MultiDiGraph()
    source.add_node(f"paper:{pid}", type="Paper", label=title, title=title or "x", authors=[title], venue="",
                    year=None, url="", code="", abstract=title, community=-1)
    g = build_rdf(source)
    paper = ox.NamedNode(str(Iris().paper(pid)))
    for fmt, oxfmt in (("turtle", ox.RdfFormat.TURTLE), ("nt", ox.RdfFormat.N_TRIPLES),
                       ("json-ld", ox.RdfFormat.JSON_LD)):
        triples = list(ox.parse(serialize(g, fmt).encode("utf-8"), format=oxfmt))
        assert len(triples) == len(g), fmt
        ids = {t.object.value for t in triples if t.subject == paper
               and t.predicate == ox.NamedNode(str(DCTERMS.identifier))}
        assert ids == {pid}, fmt


# --- base IRI and determinism -------------------------------------------------------------------------------------


def test_base_iri_option(tmp_path: Path) -> None:
    write(sample_graph(), tmp_path, base_iri="http://example.org/data")
    g = _rdflib(tmp_path / "kg.ttl")
    papers = set(g.subjects(RDF.type, KGO.Paper))
    assert papers == {URIRef("http://example.org/data/paper/p1"), URIRef("http://example.org/data/paper/p2")}
    subjects = {str(s) for s in g.subjects()}
    assert all(s.startswith("http://example.org/data/") for s in subjects)
    assert (URIRef("http://example.org/data/concept/qm9"), RDF.type, KGO.Dataset) in g  # ontology stays put
    assert "w3id.org/kg/paper" not in (tmp_path / "kg.nt").read_text(encoding="utf-8")


@pytest.mark.parametrize("bad", ["", "kg/", "http://example.org/a b/", "http://example.org/<x>/"])
def test_unusable_base_iri_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        build_rdf(sample_graph(), base_iri=bad)


def test_two_writes_are_byte_identical(tmp_path: Path) -> None:
    first = write(sample_graph(), tmp_path / "a")
    source = sample_graph()
    reordered = nx.MultiDiGraph(source.graph)
    reordered.add_nodes_from(reversed(list(source.nodes(data=True))))
    reordered.add_edges_from(reversed(list(source.edges(keys=True, data=True))))
    second = write(reordered, tmp_path / "b")
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


def test_output_does_not_depend_on_hash_seed(tmp_path: Path) -> None:
    script = (
        "import sys; from pathlib import Path; sys.path[:0] = [sys.argv[1], sys.argv[2]];"
        "from graph_fixture import sample_graph; from kg.export.rdf import write;"
        "write(sample_graph(), Path(sys.argv[3]))"
    )
    digests = []
    for seed in ("1", "2"):
        out = tmp_path / seed
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-c", script, str(ROOT / "tests"), str(ROOT), str(out)], check=True, env=env)
        digests.append([(out / name).read_bytes() for name in OX_FORMATS])
    assert digests[0] == digests[1]


# --- ontology and shapes ------------------------------------------------------------------------------------------


def _ontology() -> Graph:
    return Graph().parse(ONTOLOGY, format="turtle")


def test_ontology_terms_have_labels_and_comments() -> None:
    onto = _ontology()
    terms = {s for s in onto.subjects() if isinstance(s, URIRef) and str(s).startswith(str(KGO))}
    assert len(terms) > 20
    for term in terms:
        assert onto.value(term, RDFS.label) is not None, term
        assert onto.value(term, RDFS.comment) is not None, term
    assert len(list(ox.parse(path=str(ONTOLOGY), format=ox.RdfFormat.TURTLE))) == len(onto)


def test_ontology_alignments_and_disjointness() -> None:
    onto = _ontology()
    assert (KGO.Paper, RDFS.subClassOf, URIRef("https://schema.org/ScholarlyArticle")) in onto
    assert (KGO.Concept, RDFS.subClassOf, SKOS.Concept) in onto
    assert (KGO.Statement, RDFS.subClassOf, URIRef("http://www.w3.org/ns/prov#Entity")) in onto
    roles = set(onto.subjects(RDFS.subPropertyOf, KGO.mentions))
    assert roles == set(ROLE_PROPERTIES.values())
    (disjoint,) = onto.subjects(RDF.type, OWL.AllDisjointClasses)
    members = set(onto.items(onto.value(disjoint, OWL.members)))
    assert members == {KGO.Method, KGO.Task, KGO.Dataset, KGO.Metric}


def test_every_term_the_export_uses_is_declared(export: Path) -> None:
    onto = _ontology()
    g = _rdflib(export / "kg.ttl")
    used = {p for p in g.predicates() if str(p).startswith(str(KGO))}
    used |= {o for o in g.objects(None, RDF.type) if str(o).startswith(str(KGO))}
    used |= {o for o in g.objects(None, KGO.property)}
    assert used
    for term in used:
        assert (term, RDFS.label, None) in onto, term


def test_every_role_has_a_property_and_every_type_a_class() -> None:
    assert set(ROLE_PROPERTIES) == set(ROLES)
    assert set(CONCEPT_TYPES) <= set(CLASSES)


def test_asserted_types_are_the_ontology_superclasses() -> None:
    onto = _ontology()
    for types in CLASSES.values():
        closure = set(onto.transitive_objects(types[0], RDFS.subClassOf))
        assert set(types) == closure, types[0]


def test_shapes_are_valid_shacl(export: Path) -> None:
    data = _rdflib(export / "kg.ttl")
    shapes = Graph().parse(SHAPES, format="turtle")
    conforms, _, _ = pyshacl_validate(data, shacl_graph=shapes, ont_graph=_ontology(), meta_shacl=True)
    assert conforms


def test_export_conforms_to_the_shapes(export: Path) -> None:
    for target in (export, export / "kg.nt", export / "kg.jsonld"):
        conforms, report = validate(target)
        assert conforms, report


def _break_two_classes(g: Graph) -> None:
    g.add((Iris().concept("qm9"), RDF.type, KGO.Method))


def _break_no_label(g: Graph) -> None:
    g.remove((Iris().concept("graphnet"), SKOS.prefLabel, None))


def _break_no_title(g: Graph) -> None:
    g.remove((Iris().paper("p1"), DCTERMS.title, None))


def _break_wrong_range(g: Graph) -> None:
    g.add((Iris().paper("p1"), KGO.evaluatedOn, Iris().concept("graphnet")))


def _break_offset(g: Graph) -> None:
    evidence = next(g.subjects(RDF.type, KGO.Evidence))
    g.set((evidence, KGO.startOffset, Literal(-1)))


def _break_string_offset(g: Graph) -> None:
    evidence = next(g.subjects(RDF.type, KGO.Evidence))
    g.set((evidence, KGO.endOffset, Literal("12")))


@pytest.mark.parametrize(
    ("breaker", "focus", "expected"),
    [
        (_break_two_classes, "concept/qm9", "exactly one of the classes"),
        (_break_no_label, "concept/graphnet", "skos:prefLabel"),
        (_break_no_title, "paper/p1", "dcterms:title"),
        (_break_wrong_range, "paper/p1", "kgo:evaluatedOn points to a kgo:Dataset"),
        (_break_offset, "evidence/", "kgo:startOffset"),
        (_break_string_offset, "evidence/", "kgo:endOffset"),
    ],
)
def test_broken_exports_do_not_conform(tmp_path: Path, breaker, focus: str, expected: str) -> None:
    g = build_rdf(sample_graph())
    breaker(g)
    conforms, report = validate(_write_rdf(g, tmp_path / "broken.nt"))
    assert not conforms
    lines = [line for line in report.splitlines() if line.startswith("Violation:")]
    assert any(focus in line and expected in line for line in lines), report


def test_confidence_out_of_range_is_reported(tmp_path: Path) -> None:
    source = sample_graph()
    source.edges["paper:p1", "concept:graphnet", "proposes"]["confidence"] = 1.5
    write(source, tmp_path)
    conforms, report = validate(tmp_path)
    assert not conforms
    (line,) = [line for line in report.splitlines() if line.startswith("Violation:")]
    assert "kgo:confidence" in line and '"1.5"' in line and "statement/" in line


def test_validate_a_missing_export_raises(tmp_path: Path) -> None:
    with pytest.raises(ExportError):
        validate(tmp_path / "nothing.ttl")


# --- queries ------------------------------------------------------------------------------------------------------


def _csv_rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_there_are_enough_queries_and_each_says_what_it_answers() -> None:
    assert len(QUERIES) >= 8
    for path in QUERIES:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# ") and len(first) > 20, path.name


@pytest.mark.parametrize("path", QUERIES, ids=lambda p: p.name)
def test_query_parses_and_oxigraph_agrees(export: Path, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    prepareQuery(text)  # no pre-bound prefixes: the file declares its own
    store = ox.Store()
    store.load(path=str(export / "kg.ttl"), format=ox.RdfFormat.TURTLE)
    solutions = store.query(text)
    columns = [v.value for v in solutions.variables]
    theirs = [[("" if s[v] is None else s[v].value) for v in solutions.variables] for s in solutions]
    ours = _csv_rows(run_query(export, path, "csv"))
    assert ours[0] == columns
    assert ours[1:] == theirs


PAPER_COLUMN = re.compile(r"paper([A-Z]?)")


@pytest.mark.parametrize("path", QUERIES, ids=lambda p: p.name)
def test_every_paper_id_a_query_prints_comes_with_its_title(export: Path, path: Path) -> None:
    rows = _csv_rows(run_query(export, path, "csv"))
    header = rows[0]
    titles = dict(_csv_rows(run_query(export, "SELECT ?id ?title WHERE { ?p a schema:ScholarlyArticle ; "
                                              "dcterms:identifier ?id ; dcterms:title ?title }", "csv"))[1:])
    assert len(titles) == sum(1 for _, d in sample_graph().nodes(data=True) if d["type"] == "Paper")
    for number, column in enumerate(header):
        if m := PAPER_COLUMN.fullmatch(column):
            assert header[number + 1 : number + 2] == [f"title{m.group(1)}"], f"{path.name}: {header}"
            assert all(row[number + 1] == titles[row[number]] for row in rows[1:])


def _source_papers(role: str, concept: str) -> set[str]:
    source = sample_graph()
    return {u.split(":", 1)[1] for u, _, k in source.in_edges(concept, keys=True) if k == role}


def test_papers_sharing_qm9(export: Path) -> None:
    rows = json.loads(run_query(export, ROOT / "queries" / "papers-sharing-dataset.rq", "json"))
    pairs = {(r["dataset"], r["paperA"], r["paperB"]) for r in rows}
    sharing = sorted(_source_papers("evaluated_on", "concept:qm9"))
    assert len(sharing) == 2
    assert pairs == {("QM9", *sharing)}


def test_top_datasets_counts_papers(export: Path) -> None:
    rows = json.loads(run_query(export, ROOT / "queries" / "top-datasets.rq", "json"))
    assert rows[0] == {"dataset": "QM9", "papers": len(_source_papers("evaluated_on", "concept:qm9"))}


def test_proposals(export: Path) -> None:
    rows = json.loads(run_query(export, ROOT / "queries" / "proposals.rq", "json"))
    source = sample_graph()
    expected = {(u.split(":", 1)[1], source.nodes[v]["label"], d["confidence"])
                for u, v, k, d in source.edges(keys=True, data=True) if k == "proposes"}
    assert {(r["paper"], r["method"], r["confidence"]) for r in rows} == expected


def _edit_values(name: str, old: str, new: str) -> str:
    text = (ROOT / "queries" / name).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{name} no longer holds {old}"
    return text.replace(old, new)


def test_papers_for_a_concept_by_alias_in_any_role(export: Path) -> None:
    query = _edit_values("papers-for-concept.rq", 'VALUES ?label { "diffusion model" }', 'VALUES ?label { "gcn" }')
    rows = json.loads(run_query(export, query, "json"))
    source = sample_graph()
    expected = {(u.split(":", 1)[1], ROLE_PROPERTIES[k].split("#")[1])
                for u, _, k in source.in_edges("concept:graph-convolutional-network", keys=True)}
    assert {(r["paper"], r["role"]) for r in rows} == expected
    assert {r["concept"] for r in rows} == {"graph convolutional network"}


def test_evidence_query_lists_every_statement_until_edited(export: Path) -> None:
    source = sample_graph()
    every = json.loads(run_query(export, ROOT / "queries" / "evidence.rq", "json"))
    assert len(every) == sum(len(d["evidence"]) for *_, k, d in source.edges(keys=True, data=True) if k != "shares")
    query = _edit_values("evidence.rq", "(UNDEF UNDEF UNDEF)", '("p1" kgo:evaluatedOn "QM9")')
    rows = json.loads(run_query(export, query, "json"))
    edge = source.edges["paper:p1", "concept:qm9", "evaluated_on"]
    assert [(r["sentence"], r["start"], r["end"]) for r in rows] == [
        (e["sentence"], e["start"], e["end"]) for e in edge["evidence"]]
    assert rows[0]["confidence"] == edge["confidence"]


def test_offsets_cut_the_sentence_out_of_the_abstract(export: Path) -> None:
    query = """
        SELECT ?sentence ?cut WHERE {
          ?e kgo:sentence ?sentence ; kgo:startOffset ?s ; kgo:endOffset ?t ; prov:wasQuotedFrom ?p .
          ?p dcterms:abstract ?abstract .
          BIND (SUBSTR(?abstract, ?s + 1, ?t - ?s) AS ?cut)
        } ORDER BY ?sentence"""
    rows = json.loads(run_query(export, query, "json"))
    assert rows and all(r["sentence"] == r["cut"] for r in rows)


def test_every_statement_has_its_direct_triple(export: Path) -> None:
    query = "SELECT ?st WHERE { ?st kgo:subject ?s ; kgo:property ?p ; kgo:object ?o . FILTER NOT EXISTS { ?s ?p ?o } }"
    assert json.loads(run_query(export, query, "json")) == []


# --- run_query ----------------------------------------------------------------------------------------------------

TITLES = "SELECT ?id ?title WHERE { ?p a kgo:Paper ; dcterms:identifier ?id ; dcterms:title ?title } ORDER BY ?id"


def test_table_format_is_aligned_and_keeps_rows_on_one_line(export: Path) -> None:
    table = run_query(export, TITLES, "table", max_width=0)
    lines = table.rstrip("\n").split("\n")
    assert lines[0].split(" | ")[0].strip() == "id" and lines[0].rstrip().endswith("title")
    assert lines[-1] == "(2 rows)"
    assert len(lines) == 2 + 2 + 1  # header, rule, two rows, count: the newline in a title is escaped
    assert "\\n" in lines[3]
    bar = lines[0].index("|")
    assert all(line[bar] == "|" for line in lines[2:4]) and lines[1][bar] == "+"


def test_table_cuts_long_cells(export: Path) -> None:
    table = run_query(export, TITLES, "table", max_width=20)
    assert all(len(cell.strip()) <= 20 for line in table.splitlines()[2:4] for cell in line.split(" | "))
    assert "…" in table


def test_csv_format_round_trips_hostile_values(export: Path) -> None:
    rows = _csv_rows(run_query(export, TITLES, "csv"))
    assert rows == [["id", "title"], ["p1", "Graph nets for molecules"], ["p2", HOSTILE_TITLE]]


def test_json_format_is_a_list_of_objects(export: Path) -> None:
    query = "SELECT ?id ?c WHERE { ?st kgo:subject/dcterms:identifier ?id ; kgo:confidence ?c } ORDER BY ?id ?c"
    rows = json.loads(run_query(export, query, "json"))
    assert isinstance(rows, list) and rows
    assert all(set(r) == {"id", "c"} and isinstance(r["c"], float) for r in rows)
    titles = json.loads(run_query(export, TITLES, "json"))
    assert titles[1] == {"id": "p2", "title": HOSTILE_TITLE}


def test_query_reads_every_export_form(export: Path) -> None:
    expected = run_query(export, TITLES, "csv")
    for target in (export / "kg.ttl", export / "kg.nt", export / "kg.jsonld"):
        assert run_query(target, TITLES, "csv") == expected


def test_ask_and_construct(export: Path) -> None:
    assert json.loads(run_query(export, "ASK { ?p kgo:proposes ?m }", "json")) == [{"ask": True}]
    rows = _csv_rows(run_query(export, "CONSTRUCT { ?p rdfs:label ?l } WHERE { ?p a kgo:Paper ; rdfs:label ?l }",
                               "csv"))
    assert rows[0] == ["subject", "predicate", "object"] and len(rows) == 3


def test_prefixes_are_pre_bound() -> None:
    assert {"kgo", "skos", "dcterms", "schema", "prov", "rdfs", "rdf", "xsd"} <= set(QUERY_PREFIXES)


@pytest.mark.parametrize(
    "query",
    [
        "SELEC ?x WHERE { ?x ?p ?o }",
        "SELECT ?x WHERE { ?x ?p ?o",
        "SELECT ?x WHERE { ?x nope:thing ?o }",
        "INSERT DATA { <http://a> <http://b> <http://c> }",
        "SELECT ?x WHERE {\n  ?x a kgo:Paper .\n  FILTER (?x = ) \n}",
    ],
)
def test_bad_query_raises_one_line_error(export: Path, query: str) -> None:
    with pytest.raises(QueryError) as caught:
        run_query(export, query)
    message = str(caught.value)
    assert message and "\n" not in message and "Traceback" not in message
    assert caught.value.__suppress_context__  # no chained traceback behind it


def test_missing_export_query_file_or_format(tmp_path: Path, export: Path) -> None:
    with pytest.raises(QueryError, match="not found"):
        run_query(tmp_path / "missing.ttl", TITLES)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(QueryError, match="no kg.ttl"):
        run_query(empty, TITLES)
    with pytest.raises(QueryError, match="query file not found"):
        run_query(export, "queries/does-not-exist.rq")
    with pytest.raises(QueryError, match="unknown format"):
        run_query(export, TITLES, "xml")


def test_unreadable_export_raises(tmp_path: Path) -> None:
    bad = tmp_path / "kg.ttl"
    bad.write_text("this is not turtle <", encoding="utf-8")
    with pytest.raises(QueryError) as caught:
        run_query(bad, TITLES)
    assert "\n" not in str(caught.value)


# --- the same answers as rdflib, a store folder from kg load -----------------------------------------------------


def _rdflib_answer(graph: Graph, text: str) -> tuple[list[list[str]], list[dict]]:
    """rdflib's answer, as `kg query` printed it before it ran on pyoxigraph: CSV rows and JSON objects."""
    result = graph.query(prepareQuery(text, initNs=QUERY_PREFIXES))
    columns = [str(v) for v in result.vars]

    def native(term: object) -> object:
        if not isinstance(term, Literal):
            return None if term is None else str(term)
        value = term.toPython()
        boolean = str(term.datatype) == "http://www.w3.org/2001/XMLSchema#boolean"
        if boolean or isinstance(value, bool | int):
            return bool(value) if boolean else value
        if isinstance(value, Decimal | float):
            return float(value) if math.isfinite(value) else str(term)
        return str(term)

    rows = [["" if v is None else str(v) for v in row] for row in result]
    return [columns, *rows], [{c: native(v) for c, v in zip(columns, row, strict=True)} for row in result]


@pytest.fixture(scope="module")
def seed_export(seed_build) -> Path:
    return seed_build.paths["jsonl"][0].parent


@pytest.fixture(scope="module")
def seed_rdflib(seed_export: Path) -> Graph:
    return rdflib_graph(seed_export / "kg.ttl", "turtle")


@pytest.mark.parametrize("path", QUERIES, ids=lambda p: p.name)
def test_every_query_answers_as_rdflib_did_on_the_seed_build(seed_export: Path, seed_rdflib: Graph,
                                                             path: Path) -> None:
    rows, objects = _rdflib_answer(seed_rdflib, path.read_text(encoding="utf-8"))
    assert _csv_rows(run_query(seed_export, path, "csv")) == rows
    assert json.loads(run_query(seed_export, path, "json")) == objects
    table = run_query(seed_export, path, "table", max_width=0).splitlines()
    assert table[0].split() == " | ".join(rows[0]).split()
    assert table[-1] == f"({len(objects)} row{'s' if len(objects) != 1 else ''})" and len(table) == len(rows) + 2


def test_store_folder_answers_as_the_export(tmp_path: Path, export: Path) -> None:
    store = tmp_path / "store"
    assert load(export, store) == len(build_rdf(sample_graph()))
    assert is_store(store)
    for fmt in ("table", "csv", "json"):
        for path in QUERIES:
            assert run_query(store, path, fmt) == run_query(export, path, fmt), (path.name, fmt)
    assert validate(store) == validate(export)


def test_load_replaces_a_store_and_refuses_other_folders(tmp_path: Path, export: Path) -> None:
    stores = tmp_path / "stores"
    load(export / "kg.ttl", stores / "store")
    before = run_query(stores / "store", TITLES, "csv")
    load(export / "kg.nt", stores / "store")  # a store is replaced, not added to
    assert run_query(stores / "store", TITLES, "csv") == before
    (stores / "empty").mkdir()
    load(export, stores / "empty")
    assert is_store(stores / "empty")
    with pytest.raises(StoreTargetError, match="not empty"):
        load(export / "kg.nt", export)
    with pytest.raises(ExportError, match="not found"):
        load(tmp_path / "missing.nt", stores / "other")
    assert sorted(p.name for p in stores.iterdir()) == ["empty", "store"]  # no staging folder left behind
