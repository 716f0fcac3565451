"""The interactive map as a file: self-contained, safe with hostile data, trimmed to its budget, deterministic."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import networkx as nx
import pytest
from graph_fixture import HOSTILE_AUTHOR, HOSTILE_TITLE, sample_graph

from kg.export import html
from kg.model import CONCEPT_TYPES, ROLES


def big_graph(papers: int = 2000, concepts: int = 1000, seed: int = 7) -> nx.MultiDiGraph:
    """A corpus-sized graph in the contract's shape: concept use follows a long tail, so many concepts have one
    paper, and papers that share concepts are linked."""
    rng = random.Random(seed)
    g = nx.MultiDiGraph(name="kg")
    g.graph["communities"] = [{"id": i, "name": f"topic {i}", "size": 0} for i in range(8)]
    concept_keys = []
    for i in range(concepts):
        ctype = CONCEPT_TYPES[i % len(CONCEPT_TYPES)]
        key = f"concept:c{i:04d}"
        g.add_node(key, type=ctype, label=f"{ctype.lower()} {i:04d}", aliases=[f"C{i}"] if i % 5 == 0 else [],
                   paper_count=0, community=rng.randrange(-1, 8))
        concept_keys.append(key)
    weights = [1.0 / (rank + 1) ** 1.1 for rank in range(concepts)]
    by_concept: dict[str, list[str]] = {}
    for i in range(papers):
        key = f"paper:p{i:05d}"
        abstract = f"Paper {i} studies things. It reports results."
        g.add_node(key, type="Paper", label=f"paper {i:05d}", title=f"A study number {i}", authors=[f"Author {i % 97}"],
                   venue="WACV 2025", year=2025, url=f"https://example.org/{i}", code="", abstract=abstract,
                   community=rng.randrange(8))
        for concept in sorted(set(rng.choices(concept_keys, weights=weights, k=rng.randint(2, 7)))):
            role = next(r for r, (_, t) in ROLES.items() if t == g.nodes[concept]["type"])
            g.add_edge(key, concept, key=role, role=role, confidence=round(rng.uniform(0.5, 1.0), 2),
                       evidence=[{"sentence": f"Paper {i} studies things.", "start": 0, "end": 24}])
            by_concept.setdefault(concept, []).append(key)
    for concept, users in by_concept.items():
        g.nodes[concept]["paper_count"] = len(users)
    for i in range(papers):
        key = f"paper:p{i:05d}"
        for other in rng.sample(range(papers), 20):
            a, b = sorted((key, f"paper:p{other:05d}"))
            if a != b and not g.has_edge(a, b, key="shares"):
                g.add_edge(a, b, key="shares", role="shares", weight=round(rng.uniform(0.1, 5.0), 3), shared=["x"])
    return g


class _Attributes(HTMLParser):
    """The page's own tags and attributes; script and style contents are text to this parser, not tags."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def _page(tmp_path: Path, graph: nx.MultiDiGraph | None = None, name: str = "kg.html", **kwargs) -> tuple[Path, str]:
    path = html.write(graph if graph is not None else sample_graph(), tmp_path / name, **kwargs)
    return path, path.read_text(encoding="utf-8")


def _data(text: str) -> dict:
    match = re.search(r'<script type="application/json" id="kg-data">(.*?)</script>', text, re.DOTALL)
    assert match, "no data block"
    return json.loads(match.group(1))


def test_write_returns_the_path_and_leaves_no_temporary(tmp_path: Path) -> None:
    path, text = _page(tmp_path)
    assert path == tmp_path / "kg.html"
    assert [p.name for p in tmp_path.iterdir()] == ["kg.html"]
    assert text.startswith("<!DOCTYPE html>")


def test_page_loads_nothing_from_outside(tmp_path: Path) -> None:
    _, text = _page(tmp_path)
    parser = _Attributes()
    parser.feed(text)
    tags = [tag for tag, _ in parser.tags]
    assert "new Sigma(" in text and "graphology" in text, "the libraries and the page script are inline"
    assert tags.count("script") == 3
    for tag, attrs in parser.tags:
        assert tag != "link", "no stylesheet or preload links"
        for name in ("src", "href", "srcset", "action", "poster", "data"):
            value = attrs.get(name)
            assert value is None or not re.match(r"\s*(https?:)?//", value), f"{tag} {name}={value}"
        assert not (tag == "script" and "src" in attrs)
    assert not re.search(r"<script[^>]*\bsrc\s*=", text, re.IGNORECASE)
    assert not re.search(r"@import|url\(\s*['\"]?(https?:)?//", text, re.IGNORECASE), "no remote CSS resources"
    policy = next(a["content"] for t, a in parser.tags if a.get("http-equiv") == "Content-Security-Policy")
    assert "default-src 'none'" in policy and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]


def test_data_block_holds_every_node_and_edge(tmp_path: Path) -> None:
    graph = sample_graph()
    _, text = _page(tmp_path, graph)
    data = _data(text)
    assert sorted(n["id"] for n in data["nodes"]) == sorted(graph.nodes)
    assert set(data["details"]) == set(graph.nodes)
    pairs = {(e["source"], e["target"]) for e in data["edges"]}
    assert pairs == {(u, v) for u, v in graph.edges()}
    assert len({e["id"] for e in data["edges"]}) == len(data["edges"])
    by_id = {n["id"]: n for n in data["nodes"]}
    assert by_id["paper:p1"]["label"] == "Graph nets for molecules"
    assert by_id["concept:qm9"]["label"] == "QM9"
    colours = {t["type"]: t["color"] for t in data["types"]}
    assert set(colours) == {"Paper", *CONCEPT_TYPES} and len(set(colours.values())) == 5
    communities = {c["id"]: c for c in data["communities"]}
    assert sorted(communities) == [0, 1], "the communities of the papers on the map"
    for node, attrs in graph.nodes(data=True):
        if attrs["type"] == "Paper":
            assert by_id[node]["color"] == communities[attrs["community"]]["color"], "a paper: its community's"
        else:
            assert by_id[node]["color"] == colours[attrs["type"]], "a concept has its type's colour"
        assert isinstance(by_id[node]["x"], float) and isinstance(by_id[node]["y"], float)
    assert communities[0]["color"] != communities[1]["color"]
    assert by_id["concept:qm9"]["size"] > by_id["concept:graphnet"]["size"], "size grows with degree"
    gcn = next(e for e in data["edges"]
               if (e["source"], e["target"]) == ("paper:p1", "concept:graph-convolutional-network"))
    assert gcn["roles"] == ["compares"]
    shares = [e for e in data["edges"] if e["roles"] == ["shares"]]
    assert [(e["source"], e["target"]) for e in shares] == [("paper:p1", "paper:p2")]
    assert {r["role"]: r["count"] for r in data["roles"]}["evaluated_on"] == 2
    assert data["venues"] == [{"count": 1, "value": "ICML 2025"}, {"count": 1, "value": ""}]
    assert data["years"] == [{"count": 1, "value": 2025}, {"count": 1, "value": None}]
    assert data["summary"]["shown"] == data["summary"]["total"] == graph.number_of_nodes()


def test_positions_are_the_builds_or_laid_out_here(tmp_path: Path) -> None:
    graph = sample_graph()
    for number, node in enumerate(sorted(graph.nodes)):
        graph.nodes[node]["x"], graph.nodes[node]["y"] = float(number * 10), float(-number)
    data = _data(_page(tmp_path, graph)[1])
    assert {n["id"]: (n["x"], n["y"]) for n in data["nodes"]} == {
        n: (d["x"], d["y"]) for n, d in graph.nodes(data=True)}, "the page draws each node where the build put it"
    unplaced = _data(_page(tmp_path, sample_graph(), name="unplaced.html")[1])
    again = _data(_page(tmp_path, sample_graph(), name="again.html")[1])
    spots = {(n["x"], n["y"]) for n in unplaced["nodes"]}
    assert len(spots) == len(unplaced["nodes"]), "a graph with no positions is laid out, no two nodes on one spot"
    assert unplaced["nodes"] == again["nodes"]


def test_communities_carry_their_name_colour_and_centre(tmp_path: Path) -> None:
    graph = big_graph(200, 100, seed=5)
    data = _data(_page(tmp_path, graph)[1])
    by_id = {n["id"]: n for n in data["nodes"]}
    for community in data["communities"]:
        papers = [n for n in data["nodes"] if n["type"] == "Paper" and n["community"] == community["id"]]
        assert community["papers"] == len(papers) > 0
        assert community["name"] == f"topic {community['id']}"
        assert community["x"] == pytest.approx(sum(p["x"] for p in papers) / len(papers), abs=0.01)
        assert community["y"] == pytest.approx(sum(p["y"] for p in papers) / len(papers), abs=0.01)
    colours = [c["color"] for c in data["communities"]]
    assert len(set(colours)) == len(colours) and all(re.fullmatch("#[0-9a-f]{6}", c) for c in colours)
    assert all(by_id[n]["community"] in {c["id"] for c in data["communities"]} for n in by_id
               if by_id[n]["type"] == "Paper")
    assert html.community_colour(-1) == html.UNLINKED_COLOUR


def test_details_hold_what_the_panel_shows(tmp_path: Path) -> None:
    _, text = _page(tmp_path)
    details = _data(text)["details"]
    p1 = details["paper:p1"]
    assert p1["authors"] == ["Ada Lovelace", "Alan Turing"] and p1["year"] == 2025
    assert p1["code"] == "https://github.com/example/p1"
    roles = {group["role"]: group["items"] for group in p1["concepts"]}
    assert [i["label"] for i in roles["proposes"]] == ["GraphNet"]
    assert roles["compares"][0]["evidence"] == ["It beats GCN on QM9."]
    assert [g["role"] for g in p1["concepts"]] == ["proposes", "compares", "evaluated_on"], "grouped in ROLES order"
    gcn = details["concept:graph-convolutional-network"]
    assert gcn["aliases"] == ["GCN", "GCNs"] and gcn["paper_count"] == 2
    assert {g["role"]: [i["id"] for i in g["items"]] for g in gcn["papers"]} == {
        "uses": ["paper:p2"], "compares": ["paper:p1"]}
    assert details["paper:p2"]["title"] == HOSTILE_TITLE, "the data keeps hostile text as text, unchanged"


def test_hostile_text_never_appears_unescaped(tmp_path: Path) -> None:
    _, text = _page(tmp_path)
    for needle in ("<script>alert", "<svg onload", "<img src=x onerror", "</script> \"", "<b>GCN</b>"):
        assert needle not in text
    block = re.search(r'id="kg-data">(.*?)</script>', text, re.DOTALL).group(1)
    assert not set(block) & {"<", ">", "&", "\u2028", "\u2029"}
    assert "\\u003cscript\\u003ealert" in block
    assert text.count("</script>") == 3, "only the page's own three script blocks end"
    assert HOSTILE_AUTHOR in _data(text)["details"]["paper:p2"]["authors"]


def test_separators_and_markup_in_any_field_stay_inside_the_json(tmp_path: Path) -> None:
    graph = sample_graph()
    nasty = "</script><script>alert(1)</script>\u2028\u2029<!-- &amp; \U0001F600 \\u003c"
    graph.nodes["concept:qm9"]["label"] = nasty
    graph.nodes["concept:qm9"]["aliases"] = [nasty]
    graph.graph["communities"] = [{"id": 0, "name": nasty, "size": 1}]
    _, text = _page(tmp_path, graph)
    assert "</script><script>" not in text and "<!--" not in text and "\u2028" not in text
    data = _data(text)
    assert data["details"]["concept:qm9"]["label"] == nasty
    assert data["details"]["paper:p1"]["community"] == nasty


def test_links_are_data_not_markup(tmp_path: Path) -> None:
    graph = sample_graph()
    graph.nodes["paper:p1"]["code"] = "javascript:alert(1)"
    _, text = _page(tmp_path, graph)
    parser = _Attributes()
    parser.feed(text)
    assert not any("href" in attrs for _, attrs in parser.tags)
    assert _data(text)["details"]["paper:p1"]["code"] == "javascript:alert(1)", "kept as text, linked by no markup"


def test_same_graph_gives_identical_bytes(tmp_path: Path) -> None:
    first, _ = _page(tmp_path, sample_graph(), "a.html")
    second, _ = _page(tmp_path, sample_graph(), "b.html")
    assert first.read_bytes() == second.read_bytes()
    reordered = nx.MultiDiGraph(name="kg")
    source = sample_graph()
    reordered.add_nodes_from(sorted(source.nodes(data=True), reverse=True))
    reordered.add_edges_from(sorted(source.edges(keys=True, data=True), key=lambda e: (e[0], e[1], e[2]), reverse=True))
    third, _ = _page(tmp_path, reordered, "c.html")
    assert third.read_bytes() == first.read_bytes(), "insertion order does not matter"


def test_identical_bytes_whatever_the_hash_seed(tmp_path: Path) -> None:
    script = ("import sys; from test_export_html import big_graph; from kg.export import html; "
              "html.write(big_graph(300, 150, seed=3), sys.argv[1], max_nodes=200)")
    outputs = []
    for seed in ("1", "2"):
        out = tmp_path / f"seed{seed}.html"
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": os.pathsep.join(sys.path)}
        subprocess.run([sys.executable, "-c", script, str(out)], check=True, env=env, cwd=Path(__file__).parent)
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    assert len(_data(outputs[0].decode("utf-8"))["nodes"]) == 200


@pytest.fixture(scope="module")
def big() -> nx.MultiDiGraph:
    return big_graph()


def test_max_nodes_keeps_the_most_used_concepts_and_says_what_is_left_out(tmp_path: Path, big: nx.MultiDiGraph) -> None:
    assert big.number_of_nodes() == 3000
    _, text = _page(tmp_path, big, max_nodes=1500)
    data = _data(text)
    shown = {n["id"] for n in data["nodes"]}
    assert len(shown) == 1500
    concepts = [n for n, d in big.nodes(data=True) if d["type"] != "Paper"]
    kept = [big.nodes[c]["paper_count"] for c in concepts if c in shown]
    dropped = [big.nodes[c]["paper_count"] for c in concepts if c not in shown]
    assert dropped and min(kept) >= max(dropped)
    linked = set()
    for edge in data["edges"]:
        assert edge["source"] in shown and edge["target"] in shown
        linked.update((edge["source"], edge["target"]))
    assert {n for n in shown if n.startswith("concept:")} <= linked, "every concept shown has a paper beside it"
    counts = {t["type"]: t["count"] for t in data["types"]}
    assert counts["Paper"] == 750 and sum(counts.values()) == 1500, "a hub concept cannot fill the map with papers"
    summary = data["summary"]
    assert summary["total"] == 3000 and summary["shown"] == 1500
    single = sum(1 for c in concepts if c not in shown and big.nodes[c]["paper_count"] <= 1)
    assert single > 0 and summary["hidden_single_paper_concepts"] == single
    said = " ".join(summary["lines"])
    assert "Showing 1,500 of 3,000 nodes" in said
    assert f"{single:,} of them used by a single paper" in said
    assert f"{summary['hidden_papers']:,} papers left out" in said


def test_beyond_the_budget_every_paper_stays_while_the_shared_concepts_fit(tmp_path: Path,
                                                                         big: nx.MultiDiGraph) -> None:
    papers = [n for n, d in big.nodes(data=True) if d["type"] == "Paper"]
    concepts = {n: d["paper_count"] for n, d in big.nodes(data=True) if d["type"] != "Paper"}
    shared = [c for c, count in concepts.items() if count >= 2]
    budget = len(papers) + len(shared) + 10
    assert budget < big.number_of_nodes()
    data = _data(_page(tmp_path, big, max_nodes=budget)[1])
    shown = {n["id"] for n in data["nodes"]}
    assert len(shown) == budget
    assert set(papers) <= shown and set(shared) <= shown, "every paper and every concept of two papers or more"
    assert sum(1 for c, count in concepts.items() if count == 1 and c in shown) == 10, "then the budget's rest"
    said = " ".join(data["summary"]["lines"])
    assert f"Showing {budget:,} of {big.number_of_nodes():,} nodes: every paper and the most used concepts" in said
    assert "papers left out" not in said and data["summary"]["hidden_papers"] == 0


def test_paper_links_keep_the_strongest_per_paper(tmp_path: Path, big: nx.MultiDiGraph) -> None:
    _, text = _page(tmp_path, big, max_nodes=1500)
    data = _data(text)
    shown = {n["id"] for n in data["nodes"]}
    links = {tuple(sorted((e["source"], e["target"]))) for e in data["edges"] if e["roles"] == ["shares"]}
    papers = {n for n in shown if n.startswith("paper:")}
    candidates = [(u, v, d["weight"]) for u, v, k, d in big.edges(keys=True, data=True)
                  if k == "shares" and u in shown and v in shown]
    assert len(links) <= 5 * len(papers) < len(candidates)
    weight = {(u, v): w for u, v, w in candidates}
    for paper in papers:
        strongest = sorted((w for (u, v), w in weight.items() if paper in (u, v)), reverse=True)[:5]
        kept = sorted((w for (u, v), w in weight.items() if paper in (u, v) and (u, v) in links), reverse=True)
        assert len(kept) >= len(strongest)
        assert all(k >= s for k, s in zip(kept, strongest, strict=False)), "each paper keeps its five strongest links"
    said = " ".join(data["summary"]["lines"])
    assert f"{len(links):,} of {len(candidates):,} shown" in said


def test_small_graph_is_not_trimmed_and_empty_graph_works(tmp_path: Path) -> None:
    _, text = _page(tmp_path, max_nodes=7)
    assert len(_data(text)["nodes"]) == 7
    _, text = _page(tmp_path, max_nodes=3, name="small.html")
    data = _data(text)
    # The two concepts used by two papers tie; the label breaks the tie, then the concept's papers follow.
    assert {n["id"] for n in data["nodes"]} == {"concept:graph-convolutional-network", "paper:p1", "paper:p2"}
    assert data["summary"]["lines"][0].startswith("Showing 3 of 7 nodes")
    assert data["details"]["concept:graph-convolutional-network"]["papers_not_shown"] == 0
    assert [i["id"] for g in data["details"]["paper:p1"]["concepts"] for i in g["items"]] == [
        None, "concept:graph-convolutional-network", None], "concepts left out are named but not linked"
    _, text = _page(tmp_path, nx.MultiDiGraph(), name="empty.html")
    assert _data(text)["nodes"] == []
    with pytest.raises(ValueError):
        html.write(sample_graph(), tmp_path / "bad.html", max_nodes=0)


def test_the_vendored_libraries_are_those_recorded_with_their_licences() -> None:
    import hashlib
    from importlib import resources

    vendor = resources.files("kg.export").joinpath("html_assets", "vendor")
    record = json.loads(vendor.joinpath("VERSIONS.json").read_text(encoding="utf-8"))
    assert set(record) == {"graphology", "sigma"}
    for name, entry in record.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", entry["version"]) and entry["integrity"].startswith("sha512-")
        assert f"{name}.LICENSE.txt" in entry["files"]
        for file, digest in entry["files"].items():
            assert hashlib.sha256(vendor.joinpath(file).read_bytes()).hexdigest() == digest, file
        assert "Permission is hereby granted" in vendor.joinpath(f"{name}.LICENSE.txt").read_text(encoding="utf-8")
    text = html.render(sample_graph())
    for entry in record.values():
        for file in entry["files"]:
            if file.endswith(".js"):
                code = vendor.joinpath(file).read_text(encoding="utf-8").rstrip("\n")
                assert code in text, f"{file} is inlined as it is"
