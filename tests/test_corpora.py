"""Every export of real builds, read back by the tools its users open it with.

Two builds: the seed papers (seeds/) and the ICML 2019 corpus (../shared/corpora/icml2019.jsonl.gz, built once per
session, see corpus_builds). RDF: Turtle parsed by rdflib and Oxigraph, SHACL shapes, the example queries and a few
answers pinned against papers.jsonl of the same build. Gephi: GraphML read by networkx and igraph, GEXF by networkx.
Neo4j: the admin-import CSVs parsed by Python's csv module, import.cypher checked by Neo4j's Cypher front end and run
by FalkorDB. Tests that need ../shared skip without it.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from collections import Counter
from functools import cache
from pathlib import Path

import networkx as nx
import pyoxigraph as ox
import pytest
from corpus_builds import corpus_build, out_dir, paper_records
from rdflib import RDF, Graph
from test_export_neo4j import (  # noqa: F401  (falkordb_graph is a fixture, requested by name)
    HEADER,
    cypher_check,
    falkordb_graph,
    read_csv,
    run_script,
    unguard,
)

from kg.export import neo4j
from kg.export.flatten import REL_TYPES, clean_text, scalar
from kg.export.rdf import KGO, ROLE_PROPERTIES
from kg.model import CONCEPT_TYPES, ROLES
from kg.pipeline import BuildResult
from kg.shacl import validate
from kg.sparql import run_query

ROOT = Path(__file__).resolve().parents[1]
QUERIES = sorted((ROOT / "queries").glob("*.rq"))
BUILDS = ["seeds", "icml2019"]
NODE_TYPES = {"Paper", *CONCEPT_TYPES}

def real_build(request: pytest.FixtureRequest, name: str) -> BuildResult:
    return request.getfixturevalue("seed_build" if name == "seeds" else name)


@pytest.fixture(scope="module")
def icml2019(shared: Path, extractor, tmp_path_factory: pytest.TempPathFactory) -> BuildResult:
    return corpus_build(shared, "icml2019", extractor, tmp_path_factory)


@pytest.fixture(scope="module", params=BUILDS)
def build(request: pytest.FixtureRequest) -> BuildResult:
    return real_build(request, request.param)


def papers_of(graph: nx.MultiDiGraph) -> list[str]:
    return [n for n, t in graph.nodes(data="type") if t == "Paper"]


# --- RDF ----------------------------------------------------------------------------------------------------------


@cache
def rdflib_graph(path: Path) -> Graph:
    return Graph().parse(path, format="turtle")


@cache
def oxigraph_store(path: Path) -> ox.Store:
    store = ox.Store()
    store.load(path=str(path), format=ox.RdfFormat.TURTLE)
    return store


def test_turtle_parses_in_rdflib_and_oxigraph_to_the_same_count(build: BuildResult) -> None:
    out = out_dir(build)
    ours = rdflib_graph(out / "kg.ttl")
    theirs = list(ox.parse(path=str(out / "kg.ttl"), format=ox.RdfFormat.TURTLE))
    assert len(ours) == len(theirs) == len(set(theirs)) > 0
    assert len(list(ox.parse(path=str(out / "kg.nt"), format=ox.RdfFormat.N_TRIPLES))) == len(ours)
    graph = build.graph
    role_edges = [k for *_, k in graph.edges(keys=True) if k in ROLE_PROPERTIES]
    assert len(set(ours.subjects(RDF.type, KGO.Paper))) == len(papers_of(graph))
    assert len(set(ours.subjects(RDF.type, KGO.Concept))) == graph.number_of_nodes() - len(papers_of(graph))
    assert len(set(ours.subjects(RDF.type, KGO.Statement))) == len(role_edges)
    assert len(set(ours.subjects(RDF.type, KGO.ConceptLink))) == graph.number_of_edges() - len(role_edges)


@pytest.mark.parametrize("name", BUILDS)
def test_role_edges_point_to_the_type_their_role_names(request: pytest.FixtureRequest, name: str) -> None:
    graph = real_build(request, name).graph
    wrong = Counter((k, graph.nodes[v]["type"]) for _, v, k in graph.edges(keys=True)
                    if k in ROLES and k != "proposes" and graph.nodes[v]["type"] != ROLES[k][1])
    assert not wrong, dict(wrong)


@pytest.mark.parametrize("name", BUILDS)
def test_export_conforms_to_the_shapes(request: pytest.FixtureRequest, name: str) -> None:
    conforms, report = validate(out_dir(real_build(request, name)))
    assert conforms, report


@pytest.mark.parametrize("name", BUILDS)
def test_evidence_offsets_cut_the_sentence_out_of_its_field(request: pytest.FixtureRequest, name: str) -> None:
    store = oxigraph_store(out_dir(real_build(request, name)) / "kg.ttl")
    query = """
        PREFIX kgo: <https://w3id.org/kg/ontology#>
        PREFIX prov: <http://www.w3.org/ns/prov#>
        PREFIX dcterms: <http://purl.org/dc/terms/>
        SELECT ?id ?sentence ?cut WHERE {
          ?e a kgo:Evidence ; kgo:sentence ?sentence ; kgo:startOffset ?s ; kgo:endOffset ?t ; prov:wasQuotedFrom ?p ;
             kgo:sourceField ?field .
          ?p dcterms:identifier ?id .
          OPTIONAL { ?p dcterms:abstract ?abstract }
          ?p dcterms:title ?title .
          BIND (SUBSTR(IF(?field = "title", ?title, ?abstract), ?s + 1, ?t - ?s) AS ?cut)
        }"""
    rows = [(s["id"].value, s["sentence"].value, s["cut"].value) for s in store.query(query)]
    assert rows
    wrong = [(pid, sentence) for pid, sentence, cut in rows if sentence != cut]
    assert not wrong, f"{len(wrong)} of {len(rows)}, e.g. {wrong[:3]}"


# --- the example queries ------------------------------------------------------------------------------------------


def oxigraph_rows(store: ox.Store, text: str) -> list[list[str]]:
    solutions = store.query(text)
    return [["" if s[v] is None else s[v].value for v in solutions.variables] for s in solutions]


def query_rows(build: BuildResult, name: str, text: str | None = None) -> list[dict]:
    return json.loads(run_query(out_dir(build), text or ROOT / "queries" / name, "json"))


@pytest.mark.parametrize("path", QUERIES, ids=lambda p: p.name)
def test_every_query_returns_rows_on_the_seed_or_icml2019_build(request, seed_build, path: Path) -> None:
    if query_rows(seed_build, path.name):
        return
    icml = request.getfixturevalue("icml2019")  # rdflib takes minutes over some queries on this size; Oxigraph not
    rows = oxigraph_rows(oxigraph_store(out_dir(icml) / "kg.ttl"), path.read_text(encoding="utf-8"))
    assert rows, f"{path.name} returns no row on the seed build nor on the ICML 2019 build"


@pytest.mark.parametrize("path", QUERIES, ids=lambda p: p.name)
def test_rdflib_and_oxigraph_agree_on_the_seed_build(seed_build, path: Path) -> None:
    out = out_dir(seed_build)
    ours = list(csv.reader(io.StringIO(run_query(out, path, "csv"))))
    store = oxigraph_store(out / "kg.ttl")
    solutions = store.query(path.read_text(encoding="utf-8"))
    assert ours[0] == [v.value for v in solutions.variables]
    assert ours[1:] == [["" if s[v] is None else s[v].value for v in solutions.variables] for s in solutions]


def per_paper(records: list[dict], list_name: str) -> Counter:
    """(concept id, label) -> number of papers that have it in `list_name`."""
    counts: Counter = Counter()
    for record in records:
        counts.update({(item["id"], item["label"]) for item in record[list_name]})
    return counts


def ranked(counts: Counter, limit: int) -> list[tuple[str, int]]:
    return sorted(((label, n) for (_, label), n in counts.items()), key=lambda r: (-r[1], r[0]))[:limit]


def test_seed_top_datasets_are_the_datasets_of_papers_jsonl(seed_build) -> None:
    rows = query_rows(seed_build, "top-datasets.rq")
    expected = ranked(per_paper(paper_records(seed_build), ROLES["evaluated_on"][0]), 25)
    assert expected
    assert [(r["dataset"], r["papers"]) for r in rows] == expected


def test_seed_top_baselines_are_the_baselines_of_papers_jsonl(seed_build) -> None:
    rows = query_rows(seed_build, "top-baselines.rq")
    expected = ranked(per_paper(paper_records(seed_build), ROLES["compares"][0]), 25)
    assert expected
    assert [(r["method"], r["papers"]) for r in rows] == expected


def test_seed_proposals_are_the_proposed_lists(seed_build) -> None:
    rows = query_rows(seed_build, "proposals.rq")
    expected = sorted((record["id"], record["title"], item["label"], item["confidence"])
                      for record in paper_records(seed_build) for item in record[ROLES["proposes"][0]])
    assert expected
    assert sorted((r["paper"], r["title"], r["method"], r["confidence"]) for r in rows) == expected


def test_seed_evidence_is_the_evidence_of_papers_jsonl_cut_from_the_abstracts(seed_build) -> None:
    rows = query_rows(seed_build, "evidence.rq")
    records = {record["id"]: record for record in paper_records(seed_build)}
    expected = {(pid, str(ROLE_PROPERTIES[role]).split("#")[1], item["label"], e["sentence"], e["start"], e["end"])
                for pid, record in records.items()
                for role, (list_name, _) in ROLES.items()
                for item in record[list_name] for e in item["evidence"]}
    got = {(r["paper"], r["role"], r["concept"], r["sentence"], r["start"], r["end"]) for r in rows}
    assert got and got == expected
    for pid, _, _, sentence, start, end in got:
        assert records[pid]["abstract"][start:end] == sentence


def test_seed_concept_types_count_concepts_and_statements(seed_build) -> None:
    rows = query_rows(seed_build, "concept-types.rq")
    concepts: dict[str, set[str]] = {}
    statements: Counter = Counter()
    for record in paper_records(seed_build):
        for list_name, _ in ROLES.values():
            for item in record[list_name]:
                concepts.setdefault(item["type"], set()).add(item["id"])
                statements[item["type"]] += 1
    expected = {t: (len(ids), statements[t]) for t, ids in concepts.items()}
    assert {r["type"]: (r["concepts"], r["statements"]) for r in rows} == expected


def test_seed_tasks_per_dataset_pair_each_papers_tasks_and_datasets(seed_build) -> None:
    rows = query_rows(seed_build, "tasks-per-dataset.rq")
    pairs: Counter = Counter()
    for record in paper_records(seed_build):
        datasets = {(i["id"], i["label"]) for i in record[ROLES["evaluated_on"][0]]}
        tasks = {(i["id"], i["label"]) for i in record[ROLES["addresses"][0]]}
        pairs.update({(d, t) for d in datasets for t in tasks})
    expected = sorted((d[1], t[1], n) for (d, t), n in pairs.items())
    assert expected
    assert sorted((r["dataset"], r["task"], r["papers"]) for r in rows) == expected


def test_seed_papers_for_a_concept_by_label_or_alias(seed_build) -> None:
    rows = query_rows(seed_build, "papers-for-concept.rq")
    wanted = "diffusion model"
    expected = sorted((record["id"], str(ROLE_PROPERTIES[role]).split("#")[1], item["label"])
                      for record in paper_records(seed_build)
                      for role, (list_name, _) in ROLES.items() for item in record[list_name]
                      if wanted in {item["label"].lower(), *(a.lower() for a in item["aliases"])})
    assert expected
    assert sorted((r["paper"], r["role"], r["concept"]) for r in rows) == expected


# --- GraphML and GEXF ---------------------------------------------------------------------------------------------


def role_edges(graph: nx.MultiDiGraph) -> Counter:
    return Counter((u, v, k) for u, v, k in graph.edges(keys=True))


def test_graphml_reads_back_in_networkx(build: BuildResult) -> None:
    graph = build.graph
    back = nx.read_graphml(out_dir(build) / "kg.graphml", force_multigraph=True)
    assert back.number_of_nodes() == graph.number_of_nodes()
    assert back.number_of_edges() == graph.number_of_edges()
    assert {n: d.get("type") for n, d in back.nodes(data=True)} == dict(graph.nodes(data="type"))
    assert set(dict(back.nodes(data="type")).values()) <= NODE_TYPES
    assert Counter((u, v, d["role"]) for u, v, d in back.edges(data=True)) == role_edges(graph)


def test_graphml_reads_back_in_igraph(build: BuildResult) -> None:
    import igraph

    graph = build.graph
    back = igraph.Graph.Read_GraphML(str(out_dir(build) / "kg.graphml"))
    assert back.is_directed()
    assert back.vcount() == graph.number_of_nodes()
    assert back.ecount() == graph.number_of_edges()
    assert dict(zip(back.vs["id"], back.vs["type"], strict=True)) == dict(graph.nodes(data="type"))
    ids = back.vs["id"]
    assert Counter((ids[e.source], ids[e.target], e["role"]) for e in back.es) == role_edges(graph)


def test_gexf_reads_back_in_networkx(build: BuildResult) -> None:
    graph = build.graph
    back = nx.read_gexf(out_dir(build) / "kg.gexf")
    assert back.number_of_nodes() == graph.number_of_nodes()
    assert back.number_of_edges() == graph.number_of_edges()
    assert {n: d.get("type") for n, d in back.nodes(data=True)} == dict(graph.nodes(data="type"))
    assert Counter((u, v, d["role"]) for u, v, d in back.edges(data=True)) == role_edges(graph)


# --- Neo4j --------------------------------------------------------------------------------------------------------


def neo4j_files(build: BuildResult) -> tuple[Path, Path, Path]:
    folder = out_dir(build) / "neo4j"
    return folder / "nodes.csv", folder / "relationships.csv", folder / "import.cypher"


def test_neo4j_headers_are_in_admin_import_form(build: BuildResult) -> None:
    nodes, rels, _ = neo4j_files(build)
    node_header, _ = read_csv(nodes)
    rel_header, _ = read_csv(rels)
    assert node_header[:2] == ["id:ID", ":LABEL"]
    assert rel_header[:3] == [":START_ID", ":END_ID", ":TYPE"]
    assert all(HEADER.match(h) for h in node_header + rel_header), node_header + rel_header


def test_neo4j_csvs_parse_to_the_graph_and_endpoints_exist(build: BuildResult) -> None:
    graph = build.graph
    nodes, rels, _ = neo4j_files(build)
    _, node_rows = read_csv(nodes)  # read_csv also checks that every row has as many fields as the header
    _, rel_rows = read_csv(rels)
    assert len(node_rows) == graph.number_of_nodes()
    assert len(rel_rows) == graph.number_of_edges()
    ids = {row["id:ID"] for row in node_rows}
    assert ids == set(graph.nodes)
    assert all(row[":START_ID"] in ids and row[":END_ID"] in ids for row in rel_rows)
    for row in node_rows:
        ntype = graph.nodes[row["id:ID"]]["type"]
        assert row[":LABEL"] == ("Paper" if ntype == "Paper" else f"Concept;{ntype}")
    assert Counter((r[":START_ID"], r[":END_ID"], r["role"]) for r in rel_rows) == role_edges(graph)
    assert Counter(r[":TYPE"] for r in rel_rows) == Counter(REL_TYPES[k] for *_, k in graph.edges(keys=True))


def test_neo4j_text_round_trips(build: BuildResult) -> None:
    graph = build.graph
    nodes, rels, _ = neo4j_files(build)
    _, node_rows = read_csv(nodes)
    texts = []
    for row in node_rows:
        data = graph.nodes[row["id:ID"]]
        for column, attr in (("label", "label"), ("title", "title"), ("abstract", "abstract")):
            if data.get(attr):
                assert unguard(row[column]) == clean_text(data[attr]), (row["id:ID"], column)
                texts.append(data[attr])
        if data.get("authors"):
            assert [unguard(a) for a in row["authors:string[]"].split(";")] == [
                clean_text(a.replace(";", ",")) for a in data["authors"]]
    _, rel_rows = read_csv(rels)
    for row in rel_rows:
        data = graph.edges[row[":START_ID"], row[":END_ID"], row["role"]]
        if data.get("evidence"):
            assert unguard(row["evidence"]) == clean_text(scalar(data["evidence"]))
    assert any('"' in t for t in texts) and any("," in t for t in texts), "the build holds quotes and commas"


def test_neo4j_label_with_quotes_commas_and_newlines_round_trips(build: BuildResult, tmp_path: Path) -> None:
    graph = build.graph.copy()
    concept = max((n for n in graph if graph.nodes[n]["type"] != "Paper"),
                  key=lambda n: (graph.nodes[n]["paper_count"], n))
    paper = min(papers_of(graph))
    label = f'{graph.nodes[concept]["label"]}, "quoted"\nsecond line, \'\'third\''
    title = f'-{graph.nodes[paper]["title"]}\r\n"a, b"'
    graph.nodes[concept]["label"] = label
    graph.nodes[paper]["title"] = title
    nodes, rels, _ = neo4j.write(graph, tmp_path)
    _, node_rows = read_csv(nodes)
    assert len(node_rows) == graph.number_of_nodes()
    by_id = {row["id:ID"]: row for row in node_rows}
    assert by_id[concept]["label"] == label
    assert unguard(by_id[paper]["title"]) == title and by_id[paper]["title"].startswith("'-")


def test_import_cypher_passes_neo4j_cypher_checker(build: BuildResult) -> None:
    result = cypher_check(neo4j_files(build)[2])
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 error(s)" in result.stdout


def test_import_cypher_loads_the_build_in_falkordb(build: BuildResult, request, tmp_path: Path) -> None:
    db = request.getfixturevalue("falkordb_graph")  # imports from tmp_path/neo4j
    nodes, rels, script = neo4j_files(build)
    for path in (nodes, rels):
        shutil.copy(path, tmp_path / "neo4j" / path.name)
    for label in ("Paper", "Concept"):  # what Neo4j gets from the script's uniqueness constraints
        db.query(f"CREATE INDEX FOR (n:{label}) ON (n.id)")
    run_script(db, script)
    graph = build.graph
    assert db.query("MATCH (n) RETURN count(n)").result_set[0][0] == graph.number_of_nodes()
    assert db.query("MATCH ()-[r]->() RETURN count(r)").result_set[0][0] == graph.number_of_edges()
    loaded = {row[0]: row[1] for row in db.query("MATCH ()-[r]->() RETURN type(r), count(r)").result_set}
    assert loaded == dict(Counter(REL_TYPES[k] for *_, k in graph.edges(keys=True)))
    rows = db.query("MATCH (n) RETURN n.id, n.type, n.label, labels(n)").result_set
    assert len(rows) == graph.number_of_nodes()
    for node, ntype, label, labels in rows:
        data = graph.nodes[node]
        assert ntype == data["type"] and unguard(label) == clean_text(data["label"])
        assert sorted(labels) == sorted(["Paper"] if ntype == "Paper" else ["Concept", ntype])
    ends = db.query("MATCH (a)-[r]->(b) RETURN a.id, b.id, r.role").result_set
    assert Counter((a, b, role) for a, b, role in ends) == role_edges(graph)


# --- links and topics on a whole conference --------------------------------------------------------------------


def test_links_rest_on_specific_shared_evidence(icml2019: BuildResult) -> None:
    from kg.graph import BROAD_SHARE, MIN_LINK_WEIGHT
    from kg.normalize import label_key
    from kg.specificity import reference_share

    graph = icml2019.graph
    by_label = {d["label"]: d for n, d in graph.nodes(data=True) if d["type"] != "Paper"}
    links = [d for _, _, k, d in graph.edges(keys=True, data=True) if k == "shares"]
    assert links
    for link in links:
        assert link["shared"] and link["weight"] >= MIN_LINK_WEIGHT
        for label in link["shared"]:
            assert by_label[label]["type"] != "Metric", "a metric links nobody"
            assert reference_share(label_key(label)) < BROAD_SHARE, f"{label} is too broad to link papers"


def test_communities_have_names_and_more_than_one_paper(icml2019: BuildResult) -> None:
    graph = icml2019.graph
    communities = graph.graph["communities"]
    assert communities and all(c["size"] >= 2 and c["name"] for c in communities)
    sizes = Counter(d["community"] for _, d in graph.nodes(data=True) if d["type"] == "Paper")
    assert {c["id"]: c["size"] for c in communities} == {k: v for k, v in sizes.items() if k != -1}
    linked = {n for u, v, k in graph.edges(keys=True) if k == "shares" for n in (u, v)}
    assert all((d["community"] == -1) == (n not in linked) for n, d in graph.nodes(data=True) if d["type"] == "Paper")
