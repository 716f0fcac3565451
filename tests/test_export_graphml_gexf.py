"""GraphML and GEXF exports: read back by networkx and igraph, typed, APOC-ready, deterministic."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import networkx as nx
import pytest
from graph_fixture import HOSTILE_TITLE, sample_graph

from kg.export import gexf, graphml
from kg.export.flatten import REL_TYPES, flatten_records, scalar
from kg.model import ROLES

GRAPHML_NS = "{http://graphml.graphdrawing.org/xmlns}"
GEXF_NS = "{http://www.gexf.net/1.2draft}"
VIZ_NS = "{http://www.gexf.net/1.2draft/viz}"

HOSTILE_BITS = ['"quoted"', "a, b", "line\nbreak", "=SUM(1+2)", "-cmd|x", "@me", "+1", "\tlead", "semi; colon",
                "'tis", "<b>bold</b>", "naïve 模型 🚀", "nul\x00byte", "vt\x0bchar", "lone \ud800 surrogate"]


def random_graph(seed: int = 7, papers: int = 60, concepts: int = 140) -> nx.MultiDiGraph:
    """A graph in the shape kg.graph builds (see graph_fixture), with hostile text in random places."""
    rng = random.Random(seed)

    def text(base: str) -> str:
        return f"{base} {rng.choice(HOSTILE_BITS)}" if rng.random() < 0.5 else base

    g = nx.MultiDiGraph(name="kg", communities=[{"id": 0, "name": "graphs", "size": 10}])
    types = ["Method", "Task", "Dataset", "Metric"]
    by_type: dict[str, list[str]] = {t: [] for t in types}
    for i in range(concepts):
        ctype = types[i % len(types)]
        node = f"concept:c{i:03d}-{ctype.lower()}"
        label = rng.choice(HOSTILE_BITS) + f" {i}" if rng.random() < 0.3 else f"concept {i}"
        aliases = [text(f"alias {i}.{k}") for k in range(rng.randint(0, 3))]
        g.add_node(node, type=ctype, label=label, aliases=aliases, paper_count=0, community=rng.choice([-1, 0, 1, 2]))
        by_type[ctype].append(node)
    paper_nodes = []
    for i in range(papers):
        node = f"paper:{i:04d}"
        title = text(f"Paper {i} on graphs")
        g.add_node(node, type="Paper", label=title[:60], title=title,
                   authors=[text(f"Author {i}.{k}") for k in range(rng.randint(1, 4))],
                   venue=rng.choice(["", "NeurIPS", "ICML, 2024"]), year=rng.choice([None, 2019, 2023, 2025]),
                   url=f"https://example.org/{i}", code=rng.choice(["", f"https://github.com/x/{i}"]),
                   abstract=text(f"We study problem {i}.") + " It works.", community=rng.randint(0, 4))
        paper_nodes.append(node)
        for role, (_, ctype) in ROLES.items():
            for target in rng.sample(by_type[ctype], rng.randint(0, 2)):
                sentence = text(f"Sentence {i} for {role}.")
                g.add_edge(node, target, key=role, role=role, confidence=round(rng.uniform(0.3, 1.0), 3),
                           evidence=[{"sentence": sentence, "start": 0, "end": len(sentence)}])
    for node in g.nodes:
        if g.nodes[node]["type"] != "Paper":
            g.nodes[node]["paper_count"] = len({u for u, _ in g.in_edges(node)})
    for a, b in rng.sample([(a, b) for a in paper_nodes for b in paper_nodes if a < b], 80):
        g.add_edge(a, b, key="shares", role="shares", weight=round(rng.uniform(0.1, 3.0), 3),
                   shared=[text("shared concept"), "other"])
    return g


def reversed_copy(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """The same graph with nodes and edges inserted in the opposite order."""
    g = nx.MultiDiGraph(**graph.graph)
    g.add_nodes_from(reversed(list(graph.nodes(data=True))))
    g.add_edges_from(reversed(list(graph.edges(keys=True, data=True))))
    return g


GRAPHS = {"sample": sample_graph, "random": random_graph}


@pytest.fixture(params=sorted(GRAPHS))
def graph(request) -> nx.MultiDiGraph:
    return GRAPHS[request.param]()


def role_edges(graph: nx.MultiDiGraph) -> set[tuple[str, str, str]]:
    return {(u, v, k) for u, v, k in graph.edges(keys=True)}


# --- the shared flattening ---------------------------------------------------------------------------------------

def test_scalar_flattens_lists_evidence_and_none():
    assert scalar(["a", "b"]) == "a | b"
    evidence = [{"sentence": "One.", "start": 0, "end": 4}, {"sentence": "Two.", "start": 5, "end": 9}]
    assert scalar(evidence) == "One. | Two."
    assert scalar(None) is None
    assert scalar(3) == 3 and scalar(0.5) == 0.5 and scalar(True) is True


def test_flatten_records_gives_each_name_one_type():
    flat = flatten_records([{"x": 1, "y": 1, "z": None}, {"x": 2.5, "y": "s"}, {"x": 3}])
    assert [type(r["x"]) for r in flat] == [float, float, float]
    assert [r["y"] for r in flat[:2]] == ["1", "s"]
    assert all("z" not in r for r in flat)


# --- GraphML ------------------------------------------------------------------------------------------------------

def test_graphml_reads_back_in_networkx_with_same_nodes_edges_and_types(graph, tmp_path):
    path = graphml.write(graph, tmp_path)
    assert path == tmp_path / "kg.graphml"
    back = nx.read_graphml(path, force_multigraph=True)
    assert back.number_of_nodes() == graph.number_of_nodes()
    assert back.number_of_edges() == graph.number_of_edges()
    assert all(data.get("type") for _, data in back.nodes(data=True))
    assert {(u, v, d["role"]) for u, v, d in back.edges(data=True)} == role_edges(graph)
    for node, data in graph.nodes(data=True):
        assert back.nodes[node]["type"] == data["type"]
        assert back.nodes[node]["degree"] == graph.degree(node)
        assert back.nodes[node]["labels"] == (":Paper" if data["type"] == "Paper" else f":Concept:{data['type']}")


def test_graphml_reads_back_in_igraph(graph, tmp_path):
    igraph = pytest.importorskip("igraph")
    path = graphml.write(graph, tmp_path / "out.graphml")
    g = igraph.Graph.Read_GraphML(str(path))
    assert g.vcount() == graph.number_of_nodes()
    assert g.ecount() == graph.number_of_edges()
    assert g.is_directed()
    assert all(t in {"Paper", "Method", "Task", "Dataset", "Metric"} for t in g.vs["type"])
    assert sorted(g.vs["id"]) == sorted(graph.nodes)


def test_graphml_keys_have_one_graphml_type_each(tmp_path):
    root = ET.parse(graphml.write(random_graph(), tmp_path)).getroot()
    keys = root.findall(f"{GRAPHML_NS}key")
    declared = [(k.get("for"), k.get("attr.name")) for k in keys]
    assert len(declared) == len(set(declared))
    assert len({k.get("id") for k in keys}) == len(keys)
    types = {(k.get("for"), k.get("attr.name")): k.get("attr.type") for k in keys}
    assert set(types.values()) <= {"string", "int", "double", "boolean"}
    expected = {("node", "degree"): "int", ("node", "community"): "int", ("node", "year"): "int",
                ("node", "paper_count"): "int", ("node", "labels"): "string", ("node", "authors"): "string",
                ("edge", "weight"): "double", ("edge", "confidence"): "double", ("edge", "shared"): "string",
                ("edge", "type"): "string", ("edge", "role"): "string", ("edge", "evidence"): "string"}
    assert {k: types.get(k) for k in expected} == expected


def test_graphml_is_ready_for_apoc_import(tmp_path):
    """APOC reads labels from data keyed `labels` and a relationship type from an edge's first data keyed `label`."""
    graph = sample_graph()
    root = ET.parse(graphml.write(graph, tmp_path)).getroot()
    nodes = root.find(f"{GRAPHML_NS}graph").findall(f"{GRAPHML_NS}node")
    labels = {n.get("id"): next(d.text for d in n if d.get("key") == "labels") for n in nodes}
    assert labels["paper:p1"] == ":Paper"
    assert labels["concept:qm9"] == ":Concept:Dataset"
    edges = root.find(f"{GRAPHML_NS}graph").findall(f"{GRAPHML_NS}edge")
    assert len({e.get("id") for e in edges}) == len(edges) == graph.number_of_edges()
    for edge in edges:
        first = edge[0]
        role = next(d.text for d in edge if d.get("key") == "e_role")
        assert first.get("key") == "label" and first.text == REL_TYPES[role]
    assert {e[0].text for e in edges} >= {"EVALUATED_ON", "SHARES_CONCEPT_WITH", "PROPOSES"}


def test_graphml_keeps_hostile_text_and_drops_none(tmp_path):
    back = nx.read_graphml(graphml.write(sample_graph(), tmp_path), force_multigraph=True)
    p2 = back.nodes["paper:p2"]
    assert p2["title"] == HOSTILE_TITLE
    assert "year" not in p2
    assert back.nodes["paper:p1"]["year"] == 2025
    assert back.nodes["concept:graph-convolutional-network"]["aliases"] == "GCN | GCNs"
    shares = [d for _, _, d in back.edges(data=True) if d["role"] == "shares"]
    assert shares[0]["shared"] == "QM9 | graph convolutional network" and shares[0]["weight"] == 1.39
    evidence = [d["evidence"] for u, v, d in back.edges(data=True) if d["role"] == "proposes"]
    assert evidence == ["We propose GraphNet."]


def test_graphml_is_deterministic(graph, tmp_path):
    a = graphml.write(graph, tmp_path / "a.graphml").read_bytes()
    b = graphml.write(graph, tmp_path / "b.graphml").read_bytes()
    c = graphml.write(reversed_copy(graph), tmp_path / "c.graphml").read_bytes()
    assert a == b == c


# --- GEXF ---------------------------------------------------------------------------------------------------------

def test_gexf_reads_back_with_same_counts(graph, tmp_path):
    path = gexf.write(graph, tmp_path)
    assert path == tmp_path / "kg.gexf"
    back = nx.read_gexf(path)
    assert back.number_of_nodes() == graph.number_of_nodes()
    assert back.number_of_edges() == graph.number_of_edges()
    assert all(data.get("type") for _, data in back.nodes(data=True))
    assert {(u, v, d["role"]) for u, v, d in back.edges(data=True)} == role_edges(graph)


def test_gexf_has_colour_size_and_positions_for_gephi(tmp_path):
    graph = sample_graph()
    root = ET.parse(gexf.write(graph, tmp_path)).getroot()
    assert root.get("version") == "1.2"
    nodes = root.find(f"{GEXF_NS}graph/{GEXF_NS}nodes").findall(f"{GEXF_NS}node")
    assert len(nodes) == graph.number_of_nodes()
    for node in nodes:
        ntype = graph.nodes[node.get("id")]["type"]
        colour = node.find(f"{VIZ_NS}color")
        assert tuple(int(colour.get(c)) for c in "rgb") == gexf.TYPE_COLOURS[ntype]
        size = float(node.find(f"{VIZ_NS}size").get("value"))
        assert size == pytest.approx(5 + 3 * math.sqrt(graph.degree(node.get("id"))), abs=1e-3)
        assert node.find(f"{VIZ_NS}position") is not None
        assert node.get("label") == graph.nodes[node.get("id")]["label"]
    assert len({n.find(f"{VIZ_NS}color").get("r") for n in nodes}) > 1
    edges = root.find(f"{GEXF_NS}graph/{GEXF_NS}edges").findall(f"{GEXF_NS}edge")
    assert len({e.get("id") for e in edges}) == len(edges)
    assert {e.get("label") for e in edges} <= set(REL_TYPES.values())
    assert all(e.get("type") is None for e in edges)  # GEXF's edge type means directed/undirected


def test_gexf_skips_layout_on_large_graphs(tmp_path, monkeypatch):
    monkeypatch.setattr(gexf, "LAYOUT_MAX_NODES", 10)
    root = ET.parse(gexf.write(random_graph(), tmp_path)).getroot()
    assert root.find(f".//{VIZ_NS}position") is None
    assert root.find(f".//{VIZ_NS}size") is not None


def test_gexf_is_deterministic(graph, tmp_path):
    a = gexf.write(graph, tmp_path / "a.gexf").read_bytes()
    b = gexf.write(graph, tmp_path / "b.gexf").read_bytes()
    c = gexf.write(reversed_copy(graph), tmp_path / "c.gexf").read_bytes()
    assert a == b == c
    assert b"lastmodifieddate" not in a


def test_exports_replace_files_atomically(tmp_path):
    target = tmp_path / "kg.graphml"
    target.write_text("old")
    graphml.write(sample_graph(), target)
    assert target.read_text().startswith("<?xml")
    assert sorted(p.name for p in Path(tmp_path).iterdir()) == ["kg.graphml"]
