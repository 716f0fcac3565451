"""The interactive map: one self-contained HTML page drawn with sigma.js (WebGL) on a graphology graph.

Every node is drawn where kg.layout put it at build time: the page runs no layout of its own. The libraries are
the minified bundles in html_assets/vendor (scripts/vendor_map_js.py fetches them from npm); the page's own script
is html_assets/map.js. Every data value travels as JSON inside a `<script type="application/json">` block,
escaped so it cannot end that block, and the page shows it as text only (DOM text nodes, sigma's canvas labels).
The policy in the page lets it run only these scripts, by hash, and load nothing.
"""

from __future__ import annotations

import base64
import colorsys
import hashlib
import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import networkx as nx
from threadpoolctl import threadpool_limits

from kg.export.atomic import atomic_write
from kg.layout import layout
from kg.model import CONCEPT_TYPES, ROLE_ORDER

PAPER = "Paper"
SHARES = "shares"
UNLINKED = -1
UNLINKED_NAME = "(no links)"
NODE_TYPES: tuple[str, ...] = (PAPER, *CONCEPT_TYPES)
TYPE_COLOURS: dict[str, str] = {
    "Paper": "#4e79a7",  # papers are drawn in their community's colour; this one is for the legend and badges
    "Method": "#f28e2b",
    "Task": "#59a14f",
    "Dataset": "#e15759",
    "Metric": "#b07aa1",
}
OTHER_COLOUR = "#9c9c9c"
UNLINKED_COLOUR = "#b1b6bc"
ROLE_COLOURS: dict[str, str] = {
    "proposes": "#c0392b",
    "uses": "#2c7fb8",
    "compares": "#8e44ad",
    "evaluates": "#16a085",
    "addresses": "#27ae60",
    "evaluated_on": "#d35400",
    "reports": "#b8860b",
    SHARES: "#8a9096",
}
DEFAULT_MAX_NODES = 5000
SHARES_PER_PAPER = 5
EDGE_ALPHA = 0.32  # a paper-concept link inside one community
CROSS_EDGE_ALPHA = 0.1  # one between communities: faint, so the topics stay apart at a glance
SHARES_ALPHA = 0.4
SMALL_MAP = 300  # up to this many nodes every label may show at once
_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_VENDOR_SCRIPTS = ("graphology.umd.min.js", "sigma.min.js")


@dataclass
class Selection:
    """The nodes the page shows and what was left out, for the page to say."""

    nodes: list[str]
    total_nodes: int
    hidden_papers: int
    hidden_concepts: int
    hidden_single_paper_concepts: int
    every_paper: bool = True


def write(graph: nx.MultiDiGraph, path: Path, max_nodes: int = DEFAULT_MAX_NODES,
          shares_per_paper: int = SHARES_PER_PAPER) -> Path:
    """Write the map of `graph` to `path` (one HTML file, no external resources) and return the path."""
    if max_nodes < 1:
        raise ValueError("max_nodes must be at least 1")
    page = render(graph, max_nodes=max_nodes, shares_per_paper=shares_per_paper)
    path = Path(path)
    with atomic_write(path) as handle:
        handle.write(page)
    return path


def render(graph: nx.MultiDiGraph, max_nodes: int = DEFAULT_MAX_NODES, shares_per_paper: int = SHARES_PER_PAPER) -> str:
    """The page as a string; the same graph gives the same string."""
    data = page_data(graph, max_nodes=max_nodes, shares_per_paper=shares_per_paper)
    return _assemble(json_for_script(data))


def page_data(graph: nx.MultiDiGraph, max_nodes: int = DEFAULT_MAX_NODES,
              shares_per_paper: int = SHARES_PER_PAPER) -> dict:
    """Everything the page's script needs: nodes with their positions, sizes and colours, edges, communities,
    the values the filters offer, node details, and what was left out."""
    selection = select_nodes(graph, max_nodes)
    kept = set(selection.nodes)
    shares, shares_total = strongest_shares(graph, kept, shares_per_paper)
    positions = _positions(graph, selection.nodes)
    communities = _communities(graph, selection.nodes, positions)
    colour_of = {c["id"]: c["color"] for c in communities}
    nodes = []
    counts = {t: 0 for t in NODE_TYPES}
    for node in selection.nodes:
        attrs = graph.nodes[node]
        node_type = _text(attrs.get("type"))
        counts[node_type] = counts.get(node_type, 0) + 1
        community = _community(attrs)
        colour = colour_of.get(community, UNLINKED_COLOUR) if node_type == PAPER else _type_colour(node_type)
        x, y = positions[node]
        nodes.append({"id": node, "label": _text(attrs.get("label")) or node, "type": node_type,
                      "community": community, "x": x, "y": y, "size": _size(graph, node), "color": colour})
    edges, role_counts = _edges(graph, selection.nodes, kept, shares)
    papers = [graph.nodes[n] for n in selection.nodes if graph.nodes[n].get("type") == PAPER]
    return {
        "nodes": nodes,
        "edges": edges,
        "communities": communities,
        "details": {node: _details(graph, node, kept) for node in selection.nodes},
        "types": [{"type": t, "color": _type_colour(t), "count": counts[t]} for t in sorted(counts, key=_type_rank)],
        "roles": [{"role": r, "color": ROLE_COLOURS[r], "count": role_counts.get(r, 0)} for r in (*ROLE_ORDER, SHARES)],
        "venues": _values(_text(p.get("venue")) for p in papers),
        "years": _values(p.get("year") if isinstance(p.get("year"), int) else None for p in papers),
        "view": {"labelThreshold": 4 if len(nodes) <= SMALL_MAP else 8},
        "summary": _summary(selection, len(shares), shares_total, shares_per_paper),
    }


def select_nodes(graph: nx.MultiDiGraph, max_nodes: int) -> Selection:
    """The nodes to draw, `max_nodes` at most, and what is left out.

    A graph within the budget is drawn whole. Beyond it, every paper stays when the papers and the concepts used
    by two papers or more fit: the rest of the budget goes to the most used concepts (paper_count, then label),
    so single-paper concepts are the first to go. When even that does not fit, concepts take up to half the
    budget (more when there are fewer papers), so that one concept used by most of a corpus cannot fill the map
    with its papers alone; each kept concept then gets its best connected paper, and the rest of the budget goes
    to the papers that link the most kept concepts.
    """
    papers = sorted(n for n, d in graph.nodes(data=True) if d.get("type") == PAPER)
    concepts = sorted(n for n, d in graph.nodes(data=True) if d.get("type") != PAPER)
    if graph.number_of_nodes() <= max_nodes:
        return Selection(papers + concepts, graph.number_of_nodes(), 0, 0, 0)
    ranked = sorted(concepts, key=lambda c: (-_paper_count(graph, c), _fold(graph.nodes[c].get("label")), c))
    shared = sum(1 for c in concepts if _paper_count(graph, c) >= 2)
    if len(papers) + shared <= max_nodes:
        concept_set = set(ranked[: max_nodes - len(papers)])
        hidden_concepts = [c for c in concepts if c not in concept_set]
        return Selection(
            nodes=papers + [c for c in concepts if c in concept_set], total_nodes=graph.number_of_nodes(),
            hidden_papers=0, hidden_concepts=len(hidden_concepts),
            hidden_single_paper_concepts=sum(1 for c in hidden_concepts if _paper_count(graph, c) <= 1))
    kept_concepts = ranked[: min(len(concepts), max(max_nodes // 2, max_nodes - len(papers)))]
    concept_set = set(kept_concepts)
    paper_budget = max_nodes - len(kept_concepts)
    links = {p: sum(1 for c in graph.successors(p) if c in concept_set) for p in papers}

    def paper_rank(paper: str) -> tuple[int, int, str]:
        return -links[paper], -_concept_degree(graph, paper), paper

    chosen: dict[str, None] = {}
    for concept in kept_concepts:
        if len(chosen) >= paper_budget:
            break
        users = _papers_of(graph, concept)
        if users and users.isdisjoint(chosen):
            chosen[min(users, key=paper_rank)] = None
    for paper in sorted(papers, key=paper_rank):
        if len(chosen) >= paper_budget:
            break
        chosen.setdefault(paper, None)
    hidden_concepts = [c for c in concepts if c not in concept_set]
    return Selection(
        nodes=[p for p in papers if p in chosen] + [c for c in concepts if c in concept_set],
        total_nodes=graph.number_of_nodes(),
        hidden_papers=len(papers) - len(chosen),
        hidden_concepts=len(hidden_concepts),
        hidden_single_paper_concepts=sum(1 for c in hidden_concepts if _paper_count(graph, c) <= 1),
        every_paper=len(chosen) == len(papers),
    )


def strongest_shares(graph: nx.MultiDiGraph, kept: set[str], per_paper: int) -> tuple[list[tuple[str, str, dict]], int]:
    """The paper-paper links among `kept` that are among the `per_paper` strongest of either end, and how many
    links there were among `kept` in all."""
    links: list[tuple[str, str, dict]] = []
    for u, v, key, attrs in graph.edges(keys=True, data=True):
        if key == SHARES and u in kept and v in kept:
            links.append((u, v, attrs))
    links.sort(key=lambda e: (e[0], e[1]))
    by_paper: dict[str, list[int]] = {}
    for index, (u, v, _attrs) in enumerate(links):
        by_paper.setdefault(u, []).append(index)
        by_paper.setdefault(v, []).append(index)
    chosen: set[int] = set()
    for paper, indexes in by_paper.items():
        ranked = sorted(indexes, key=lambda i: (-_weight(links[i][2]), _other(links[i], paper)))
        chosen.update(ranked[:per_paper])
    return [links[i] for i in sorted(chosen)], len(links)


def json_for_script(data: object) -> str:
    """JSON that is safe inside a `<script>` element: no `<`, `>` or `&`, no line or paragraph separators."""
    text = json.dumps(data, ensure_ascii=True, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return re.sub("[<>&\u2028\u2029]", lambda m: _ESCAPES[m.group(0)], text)


def community_colour(number: int) -> str:
    """A colour for community `number`: hues a golden angle apart, in three shades, so neighbours in the
    numbering (and so in size) never look alike."""
    if number < 0:
        return UNLINKED_COLOUR
    hue = (number * 0.381966 + 0.58) % 1.0
    lightness, saturation = ((0.47, 0.62), (0.6, 0.55), (0.38, 0.5))[number % 3]
    red, green, blue = colorsys.hls_to_rgb(hue, lightness, saturation)
    return "#" + "".join(f"{round(channel * 255):02x}" for channel in (red, green, blue))


def _positions(graph: nx.MultiDiGraph, nodes: list[str]) -> dict[str, tuple[float, float]]:
    """Each node's build-time position (kg.layout); a graph laid out by nobody is laid out here, the same way."""
    if all(_has_position(graph.nodes[n]) for n in nodes):
        return {n: (float(graph.nodes[n]["x"]), float(graph.nodes[n]["y"])) for n in nodes}
    with threadpool_limits(1):  # as kg.layout.add_layout: the same picture on every run
        computed = layout(_layout_ready(graph))
    return {n: (float(graph.nodes[n]["x"]), float(graph.nodes[n]["y"])) if _has_position(graph.nodes[n])
            else computed[n] for n in nodes}


def _has_position(attrs: dict) -> bool:
    return all(isinstance(attrs.get(k), int | float) and math.isfinite(attrs[k]) for k in ("x", "y"))


def _layout_ready(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """The graph as kg.layout reads it: every node typed and in a community (UNLINKED when it says none)."""
    if all("type" in d and isinstance(d.get("community", UNLINKED), int) for _, d in graph.nodes(data=True)):
        return graph
    copy = graph.copy()
    for _, attrs in copy.nodes(data=True):
        attrs.setdefault("type", "")
        attrs["community"] = _community(attrs)
    return copy


def _community(attrs: dict) -> int:
    community = attrs.get("community")
    return community if isinstance(community, int) and community >= 0 else UNLINKED


def _communities(graph: nx.MultiDiGraph, nodes: list[str], positions: dict[str, tuple[float, float]]) -> list[dict]:
    """Each community with a paper on the map: its name, colour, papers shown and the centre of those papers, for
    the label the page writes there at overview zoom."""
    members: dict[int, list[str]] = {}
    for node in nodes:
        if graph.nodes[node].get("type") == PAPER:
            members.setdefault(_community(graph.nodes[node]), []).append(node)
    found = []
    for community in sorted(members):
        papers = members[community]
        x = sum(positions[p][0] for p in papers) / len(papers)
        y = sum(positions[p][1] for p in papers) / len(papers)
        name = UNLINKED_NAME if community == UNLINKED else _community_name(graph, community)
        found.append({"id": community, "name": name, "color": community_colour(community), "papers": len(papers),
                      "x": round(x, 2), "y": round(y, 2)})
    return found


def _edges(graph: nx.MultiDiGraph, nodes: list[str], kept: set[str],
           shares: list[tuple[str, str, dict]]) -> tuple[list[dict], dict[str, int]]:
    """One edge per paper and concept (its roles, coloured by the first) and the paper links kept, each with the
    colour it has when nothing is selected; and how many edges each role has."""
    edges: list[dict] = []
    counts: dict[str, int] = {}
    for paper in nodes:
        if graph.nodes[paper].get("type") != PAPER:
            continue
        for concept, roles in _roles_by_concept(graph, paper).items():
            if concept not in kept:
                continue
            names = [role for role, _ in roles]
            for role in names:
                counts[role] = counts.get(role, 0) + 1
            confidence = max(_confidence(attrs) for _, attrs in roles)
            same = _community(graph.nodes[paper]) == _community(graph.nodes[concept])
            edges.append({"id": f"e{len(edges)}", "source": paper, "target": concept, "roles": names,
                          "confidence": round(confidence, 3), "size": round(0.6 + 0.8 * confidence, 2),
                          "color": _rgba(ROLE_COLOURS.get(names[0], OTHER_COLOUR),
                                         EDGE_ALPHA if same else CROSS_EDGE_ALPHA)})
    for u, v, attrs in shares:
        counts[SHARES] = counts.get(SHARES, 0) + 1
        edges.append({"id": f"e{len(edges)}", "source": u, "target": v, "roles": [SHARES],
                      "weight": round(_weight(attrs), 3), "size": round(0.5 + min(_weight(attrs), 8.0) * 0.25, 2),
                      "shared": [_text(s) for s in attrs.get("shared", []) or []][:6],
                      "color": _rgba(ROLE_COLOURS[SHARES], SHARES_ALPHA)})
    return edges, counts


def _values(values: Iterator[object]) -> list[dict]:
    """The distinct values of a paper field with their paper counts, for a filter; none when there is only one."""
    counts: dict[object, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    if len(counts) < 2:
        return []
    ordered = sorted(counts, key=lambda v: (v is None or v == "", str(v)))
    return [{"value": value, "count": counts[value]} for value in ordered]


def _details(graph: nx.MultiDiGraph, node: str, kept: set[str]) -> dict:
    attrs = graph.nodes[node]
    node_type = _text(attrs.get("type"))
    community = _community_name(graph, attrs.get("community"))
    if node_type == PAPER:
        groups: dict[str, list[dict]] = {}
        for concept, roles in _roles_by_concept(graph, node).items():
            cattrs = graph.nodes[concept]
            for role, eattrs in roles:
                groups.setdefault(role, []).append({
                    "id": concept if concept in kept else None,
                    "label": _text(cattrs.get("label")) or concept,
                    "type": _text(cattrs.get("type")),
                    "confidence": round(_confidence(eattrs), 3),
                    "evidence": _sentences(eattrs.get("evidence")),
                })
        related = []
        for u, v, eattrs in _paper_links(graph, node):
            other = v if u == node else u
            if other in kept:
                related.append({"id": other, "label": _text(graph.nodes[other].get("label")) or other,
                                "weight": round(_weight(eattrs), 3),
                                "shared": [_text(s) for s in eattrs.get("shared", []) or []]})
        related.sort(key=lambda r: (-r["weight"], r["id"]))
        return {
            "type": PAPER, "label": _text(attrs.get("label")), "title": _text(attrs.get("title")),
            "authors": [_text(a) for a in attrs.get("authors", []) or []], "venue": _text(attrs.get("venue")),
            "year": attrs.get("year") if isinstance(attrs.get("year"), int) else None,
            "url": _text(attrs.get("url")), "code": _text(attrs.get("code")), "abstract": _text(attrs.get("abstract")),
            "community": community,
            "concepts": [{"role": r, "items": sorted(groups[r], key=lambda i: (_fold(i["label"]), i["label"]))}
                         for r in _ordered_roles(groups)],
            "related": related[:20],
        }
    papers: dict[str, list[dict]] = {}
    hidden = set()
    for paper, _, role in graph.in_edges(node, keys=True):
        if graph.nodes[paper].get("type") != PAPER:
            continue
        if paper not in kept:
            hidden.add(paper)
            continue
        papers.setdefault(role, []).append({"id": paper, "label": _text(graph.nodes[paper].get("label")) or paper})
    return {
        "type": node_type, "label": _text(attrs.get("label")),
        "aliases": [_text(a) for a in attrs.get("aliases", []) or []],
        "paper_count": _paper_count(graph, node), "community": community,
        "papers": [{"role": r, "items": sorted(papers[r], key=lambda i: (_fold(i["label"]), i["label"], i["id"]))}
                   for r in _ordered_roles(papers)],
        "papers_not_shown": len(hidden),
    }


def _summary(selection: Selection, shares_shown: int, shares_total: int, per_paper: int) -> dict:
    shown = len(selection.nodes)
    if shown == selection.total_nodes:
        lines = [f"Showing all {shown:,} nodes."]
    else:
        what = ("every paper and the most used concepts" if selection.every_paper
                else "the most used concepts and the papers that link them")
        lines = [f"Showing {shown:,} of {selection.total_nodes:,} nodes: {what}."]
        if selection.hidden_concepts:
            lines.append(f"{selection.hidden_concepts:,} concepts left out, "
                         f"{selection.hidden_single_paper_concepts:,} of them used by a single paper.")
        if selection.hidden_papers:
            lines.append(f"{selection.hidden_papers:,} papers left out.")
    if shares_shown < shares_total:
        lines.append(f"Paper links: the {per_paper} strongest per paper, {shares_shown:,} of {shares_total:,} shown.")
    return {"shown": shown, "total": selection.total_nodes, "hidden_papers": selection.hidden_papers,
            "hidden_concepts": selection.hidden_concepts,
            "hidden_single_paper_concepts": selection.hidden_single_paper_concepts,
            "shares_shown": shares_shown, "shares_total": shares_total, "lines": lines}


def _assemble(data_json: str) -> str:
    libraries = "\n;\n".join(_asset("vendor", name).rstrip("\n") for name in _VENDOR_SCRIPTS) + "\n"
    page_js = _asset("map.js")
    page_css = _asset("map.css")
    for name, text in (("the libraries", libraries), ("map.js", page_js)):
        if re.search(r"</script|<!--", text, re.IGNORECASE):
            raise RuntimeError(f"{name} cannot be inlined: it contains a script end or comment opener")
    if re.search(r"</style", page_css, re.IGNORECASE):
        raise RuntimeError("map.css cannot be inlined: it contains a style end")
    policy = ("default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
              f"script-src {_csp_hash(libraries)} {_csp_hash(page_js)}; base-uri 'none'; form-action 'none'")
    parts = {"CSP": policy, "PAGE_CSS": page_css, "DATA": data_json, "LIB_JS": libraries, "PAGE_JS": page_js}
    # One pass, so text put in is never searched for placeholders again.
    return re.sub(r"\{\{([A-Z_]+)\}\}", lambda m: parts[m.group(1)], _asset("page.html"))


def _csp_hash(script: str) -> str:
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def _asset(*parts: str) -> str:
    return resources.files("kg.export").joinpath("html_assets", *parts).read_text(encoding="utf-8")


def _roles_by_concept(graph: nx.MultiDiGraph, paper: str) -> dict[str, list[tuple[str, dict]]]:
    """concept -> [(role, edge attributes)] for a paper, concepts sorted, roles in ROLE_ORDER."""
    found: dict[str, list[tuple[str, dict]]] = {}
    for _, concept, key, attrs in graph.out_edges(paper, keys=True, data=True):
        if key == SHARES or graph.nodes[concept].get("type") == PAPER:
            continue
        found.setdefault(concept, []).append((key, attrs))
    return {c: sorted(found[c], key=lambda r: _role_rank(r[0])) for c in sorted(found)}


def _paper_links(graph: nx.MultiDiGraph, paper: str) -> Iterator[tuple[str, str, dict]]:
    for u, v, key, attrs in graph.out_edges(paper, keys=True, data=True):
        if key == SHARES:
            yield u, v, attrs
    for u, v, key, attrs in graph.in_edges(paper, keys=True, data=True):
        if key == SHARES:
            yield u, v, attrs


def _papers_of(graph: nx.MultiDiGraph, concept: str) -> set[str]:
    return {p for p in graph.predecessors(concept) if graph.nodes[p].get("type") == PAPER}


def _concept_degree(graph: nx.MultiDiGraph, paper: str) -> int:
    return sum(1 for c in graph.successors(paper) if graph.nodes[c].get("type") != PAPER)


def _paper_count(graph: nx.MultiDiGraph, concept: str) -> int:
    count = graph.nodes[concept].get("paper_count")
    return count if isinstance(count, int) else len(_papers_of(graph, concept))


def _size(graph: nx.MultiDiGraph, node: str) -> float:
    """The radius in pixels at the first zoom: it grows with the node's neighbours in the paper-concept graph, on a
    log scale so hubs stay readable. Concepts used by many papers stand out, papers stay alike, and what links
    nothing (a paper with no link, a concept of one paper) stays small."""
    attrs = graph.nodes[node]
    if attrs.get("type") == PAPER:
        size = min(2.5 + math.log2(1 + _concept_degree(graph, node)), 7.5)
        return round(size * (0.8 if _community(attrs) == UNLINKED else 1.0), 2)
    return round(min(2.5 + 2.5 * math.log2(max(_paper_count(graph, node), 1)), 18.0), 2)


def _community_name(graph: nx.MultiDiGraph, community: object) -> str:
    if not isinstance(community, int) or community < 0:
        return ""
    for entry in graph.graph.get("communities", []) or []:
        if isinstance(entry, dict) and entry.get("id") == community:
            return _text(entry.get("name")) or f"community {community}"
    return f"community {community}"


def _sentences(evidence: object) -> list[str]:
    seen: dict[str, None] = {}
    for item in evidence or []:
        sentence = _text(item.get("sentence") if isinstance(item, dict) else item)
        if sentence:
            seen.setdefault(sentence, None)
    return list(seen)


def _ordered_roles(groups: dict) -> list[str]:
    return sorted(groups, key=_role_rank)


def _role_rank(role: str) -> tuple[int, str]:
    return (ROLE_ORDER.index(role), role) if role in ROLE_ORDER else (len(ROLE_ORDER), role)


def _type_rank(node_type: str) -> tuple[int, str]:
    return (NODE_TYPES.index(node_type), node_type) if node_type in NODE_TYPES else (len(NODE_TYPES), node_type)


def _type_colour(node_type: str) -> str:
    return TYPE_COLOURS.get(node_type, OTHER_COLOUR)


def _rgba(colour: str, alpha: float) -> str:
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red},{green},{blue},{alpha})"


def _other(link: tuple[str, str, dict], paper: str) -> str:
    return link[1] if link[0] == paper else link[0]


def _weight(attrs: dict) -> float:
    weight = attrs.get("weight", 1.0)
    return float(weight) if isinstance(weight, int | float) and math.isfinite(weight) else 1.0


def _confidence(attrs: dict) -> float:
    value = attrs.get("confidence", 1.0)
    return float(value) if isinstance(value, int | float) and math.isfinite(value) else 1.0


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _fold(value: object) -> str:
    return _text(value).casefold()
