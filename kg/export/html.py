"""The interactive map: one self-contained HTML page built on vis-network.

pyvis supplies what it is good at: the vis node, edge and options records and the vis-network bundle it ships.
Its own page template is not used: it links CDN resources and writes node data into a script block without
escaping. Here every data value travels as JSON inside a `<script type="application/json">` block, escaped so
it cannot end that block, and the page's script (html_assets/map.js) renders panel, search, filters and legend
with DOM calls only.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import networkx as nx
from pyvis.network import Network

from kg.export.atomic import atomic_write
from kg.model import CONCEPT_TYPES, ROLE_ORDER

PAPER = "Paper"
SHARES = "shares"
NODE_TYPES: tuple[str, ...] = (PAPER, *CONCEPT_TYPES)
TYPE_STYLE: dict[str, tuple[str, str]] = {  # type -> (colour, vis shape)
    "Paper": ("#4e79a7", "square"),
    "Method": ("#f28e2b", "dot"),
    "Task": ("#59a14f", "dot"),
    "Dataset": ("#e15759", "diamond"),
    "Metric": ("#b07aa1", "triangle"),
}
OTHER_STYLE = ("#9c9c9c", "dot")
ROLE_COLOURS: dict[str, str] = {
    "proposes": "#c0392b",
    "uses": "#2c7fb8",
    "compares": "#8e44ad",
    "evaluates": "#16a085",
    "addresses": "#27ae60",
    "evaluated_on": "#d35400",
    "reports": "#b8860b",
    SHARES: "#a0a4a8",
}
SHARES_PER_PAPER = 5
TOOLTIP_AUTHORS = 3
_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


@dataclass
class Selection:
    """The nodes the page shows and what was left out, for the page to say."""

    nodes: list[str]
    total_nodes: int
    hidden_papers: int
    hidden_concepts: int
    hidden_single_paper_concepts: int


def write(graph: nx.MultiDiGraph, path: Path, max_nodes: int = 1500, shares_per_paper: int = SHARES_PER_PAPER) -> Path:
    """Write the map of `graph` to `path` (one HTML file, no external resources) and return the path."""
    if max_nodes < 1:
        raise ValueError("max_nodes must be at least 1")
    page = render(graph, max_nodes=max_nodes, shares_per_paper=shares_per_paper)
    path = Path(path)
    with atomic_write(path) as handle:
        handle.write(page)
    return path


def render(graph: nx.MultiDiGraph, max_nodes: int = 1500, shares_per_paper: int = SHARES_PER_PAPER) -> str:
    """The page as a string; the same graph gives the same string."""
    data = page_data(graph, max_nodes=max_nodes, shares_per_paper=shares_per_paper)
    return _assemble(json_for_script(data))


def page_data(graph: nx.MultiDiGraph, max_nodes: int = 1500, shares_per_paper: int = SHARES_PER_PAPER) -> dict:
    """Everything the page's script needs: vis nodes, edges and options, node details, legend and summary."""
    selection = select_nodes(graph, max_nodes)
    kept = set(selection.nodes)
    shares, shares_total = strongest_shares(graph, kept, shares_per_paper)
    net = _network(graph, selection.nodes, shares)
    nodes, edges, _heading, _height, _width, options = net.get_network_data()
    counts = {t: 0 for t in NODE_TYPES}
    for node in selection.nodes:
        node_type = graph.nodes[node].get("type", "")
        counts[node_type] = counts.get(node_type, 0) + 1
    return {
        "nodes": nodes,
        "edges": edges,
        "options": _finish_options(json.loads(options), len(nodes)),
        "details": {node: _details(graph, node, kept) for node in selection.nodes},
        "types": [{"type": t, "color": _style(t)[0], "shape": _style(t)[1], "count": counts[t]}
                  for t in sorted(counts, key=_type_rank)],
        "roles": [{"role": r, "color": ROLE_COLOURS[r]} for r in (*ROLE_ORDER, SHARES)],
        "summary": _summary(selection, len(shares), shares_total, shares_per_paper),
    }


def select_nodes(graph: nx.MultiDiGraph, max_nodes: int) -> Selection:
    """Keep the most used concepts (paper_count, then label) and the papers attached to them, `max_nodes` in all.

    Concepts take up to half the budget (more when there are fewer papers), so that one concept used by most of
    a corpus cannot fill the map with its papers alone. Each kept concept then gets its best connected paper, and
    the rest of the budget goes to the papers that link the most kept concepts.
    """
    papers = sorted(n for n, d in graph.nodes(data=True) if d.get("type") == PAPER)
    concepts = sorted(n for n, d in graph.nodes(data=True) if d.get("type") != PAPER)
    if graph.number_of_nodes() <= max_nodes:
        return Selection(papers + concepts, graph.number_of_nodes(), 0, 0, 0)
    ranked = sorted(concepts, key=lambda c: (-_paper_count(graph, c), _fold(graph.nodes[c].get("label")), c))
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


def _network(graph: nx.MultiDiGraph, nodes: list[str], shares: list[tuple[str, str, dict]]) -> Network:
    net = Network(directed=True, cdn_resources="in_line")
    net.force_atlas_2based(gravity=-70, central_gravity=0.012, spring_length=160 if len(nodes) <= 100 else 110,
                           spring_strength=0.06, damping=0.5, overlap=0.4)
    net.options.physics.stabilization.iterations = 600 if len(nodes) > 300 else 400
    net.options.physics.stabilization.updateInterval = 20
    net.set_edge_smooth("continuous")
    net.inherit_edge_colors(False)
    net.toggle_hide_edges_on_drag(len(nodes) > 300)
    kept = set(nodes)
    for node in nodes:
        attrs = graph.nodes[node]
        colour, shape = _style(attrs.get("type", ""))
        net.add_node(
            node, label=_text(attrs.get("label")) or node, shape=shape, title=_tooltip(graph, node),
            color={"background": colour, "border": _darker(colour),
                   "highlight": {"background": colour, "border": "#1a1a1a"},
                   "hover": {"background": colour, "border": "#1a1a1a"}},
            size=_size(graph, node), borderWidth=1,
            **_position(attrs),
        )
    if all("x" in graph.nodes[node] for node in nodes):  # laid out at build time (kg.layout): no physics
        net.toggle_physics(False)
    number = 0
    for paper in nodes:
        if graph.nodes[paper].get("type") != PAPER:
            continue
        for concept, roles in _roles_by_concept(graph, paper).items():
            if concept not in kept:
                continue
            first = roles[0][0]
            confidence = max(_confidence(attrs) for _, attrs in roles)
            title = ", ".join(role.replace("_", " ") for role, _ in roles) + f" (confidence {confidence:.2f})"
            net.add_edge(paper, concept, id=f"e{number}", color=_edge_colour(ROLE_COLOURS.get(first, "#777777"), 0.85),
                         width=round(1 + 2 * confidence, 2), title=title,
                         arrows={"to": {"enabled": True, "scaleFactor": 0.5}})
            number += 1
    for u, v, attrs in shares:
        shared = [_text(s) for s in attrs.get("shared", []) or []]
        title = f"shares (weight {_weight(attrs):.2f})" + (": " + ", ".join(shared[:6]) if shared else "")
        net.add_edge(u, v, id=f"e{number}", color=_edge_colour(ROLE_COLOURS[SHARES], 0.6), dashes=True,
                     width=round(0.5 + min(_weight(attrs), 8.0) * 0.5, 2), title=title,
                     arrows={"to": {"enabled": False}})
        number += 1
    return net


def _position(attrs: dict) -> dict:
    """The build's position of a node, for the page to draw it there at once (y grows downwards on a canvas)."""
    if "x" not in attrs or "y" not in attrs:
        return {}
    return {"x": float(attrs["x"]), "y": -float(attrs["y"]), "physics": False}


def _finish_options(options: dict, node_count: int) -> dict:
    """Options pyvis has no setter for: a fixed layout seed, hover, tooltips and fonts."""
    options["layout"] = {"randomSeed": 7, "improvedLayout": node_count <= 150}
    options["interaction"].update({"hover": True, "tooltipDelay": 150, "navigationButtons": False,
                                   "keyboard": False, "multiselect": False})
    options["nodes"] = {"font": {"size": 14, "face": "system-ui, Segoe UI, Helvetica, Arial, sans-serif",
                                 "strokeWidth": 3, "strokeColor": "#ffffff"}}
    options["edges"]["selectionWidth"] = 2
    return options


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
        lines = [f"Showing {shown:,} of {selection.total_nodes:,} nodes: the most used concepts and the papers that "
                 "link them."]
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
    vis_js = _pyvis_lib("vis-network.min.js")
    vis_css = _pyvis_lib("vis-network.css")
    page_js = _asset("map.js")
    page_css = _asset("map.css")
    for name, text in (("vis-network.min.js", vis_js), ("map.js", page_js)):
        if re.search(r"</script|<!--", text, re.IGNORECASE):
            raise RuntimeError(f"{name} cannot be inlined: it contains a script end or comment opener")
    for name, text in (("vis-network.css", vis_css), ("map.css", page_css)):
        if re.search(r"</style", text, re.IGNORECASE):
            raise RuntimeError(f"{name} cannot be inlined: it contains a style end")
    policy = ("default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
              f"script-src {_csp_hash(vis_js)} {_csp_hash(page_js)}; base-uri 'none'; form-action 'none'")
    parts = {"CSP": policy, "VIS_CSS": vis_css, "PAGE_CSS": page_css, "DATA": data_json, "VIS_JS": vis_js,
             "PAGE_JS": page_js}
    # One pass, so text put in is never searched for placeholders again.
    return re.sub(r"\{\{([A-Z_]+)\}\}", lambda m: parts[m.group(1)], _asset("page.html"))


def _csp_hash(script: str) -> str:
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def _asset(name: str) -> str:
    return resources.files("kg.export").joinpath("html_assets", name).read_text(encoding="utf-8")


def _pyvis_lib(name: str) -> str:
    return resources.files("pyvis").joinpath("lib", "vis-9.1.2", name).read_text(encoding="utf-8")


def _tooltip(graph: nx.MultiDiGraph, node: str) -> str:
    attrs = graph.nodes[node]
    if attrs.get("type") == PAPER:
        authors = [_text(a) for a in attrs.get("authors", []) or []]
        byline = ", ".join(authors[:TOOLTIP_AUTHORS]) + (" et al." if len(authors) > TOOLTIP_AUTHORS else "")
        when = " ".join(p for p in (_text(attrs.get("venue")), _year_text(attrs)) if p)
        lines = [_text(attrs.get("title")) or _text(attrs.get("label")), byline, when]
        return "\n".join(_clip(line, 160) for line in lines if line)
    count = _paper_count(graph, node)
    noun = "paper" if count == 1 else "papers"
    return f"{_text(attrs.get('type'))}: {_clip(_text(attrs.get('label')), 160)}\nused by {count} {noun}"


def _year_text(attrs: dict) -> str:
    year = attrs.get("year")
    venue = _text(attrs.get("venue"))
    if not isinstance(year, int) or str(year) in venue:
        return ""
    return str(year)


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
    """Grows with the number of neighbours in the paper-concept graph, on a log scale so hubs stay readable."""
    is_paper = graph.nodes[node].get("type") == PAPER
    degree = _concept_degree(graph, node) if is_paper else _paper_count(graph, node)
    return round(min(10 + 6 * math.log2(1 + degree), 60), 2)


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


def _style(node_type: str) -> tuple[str, str]:
    return TYPE_STYLE.get(node_type, OTHER_STYLE)


def _edge_colour(colour: str, opacity: float) -> dict:
    """The role colour also when selected or hovered, so a selected node keeps its coloured edges."""
    return {"color": colour, "highlight": colour, "hover": colour, "opacity": opacity}


def _darker(colour: str) -> str:
    channels = [int(colour[i:i + 2], 16) * 7 // 10 for i in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in channels)


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


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"
