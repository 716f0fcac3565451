"""`kg stats`: the corpus at a glance, from a written export or from inputs built in memory."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

import networkx as nx

from kg.export.flatten import LIST_SEPARATOR  # how kg.graphml joins lists, read back here
from kg.model import CONCEPT_TYPES


def load_graph(source: Path, model: str | None = None, skip_bad: bool = False) -> nx.MultiDiGraph:
    """kg.graphml of an export folder (or the file itself); anything else is read as input and built in memory."""
    graphml = source / "kg.graphml" if source.is_dir() else source
    if graphml.suffix == ".graphml" and graphml.is_file():
        return nx.read_graphml(graphml, force_multigraph=True)
    from kg.pipeline import build

    return build([source], source, model=model, skip_bad=skip_bad, formats=[]).graph


def _shared(value: object) -> list[str]:
    if isinstance(value, list):
        return value
    return [v for v in str(value or "").split(LIST_SEPARATOR) if v]


def plural(count: int, word: str) -> str:
    return word if count == 1 else word + "s"


def render(graph: nx.MultiDiGraph, top: int = 10) -> str:
    nodes = graph.nodes
    types = Counter(d.get("type") for _, d in graph.nodes(data=True))
    lines = [f"papers: {types['Paper']}",
             "concepts: " + ", ".join(f"{t} {types[t]}" for t in CONCEPT_TYPES)]
    for ctype in CONCEPT_TYPES:
        ranked = sorted((n for n, d in graph.nodes(data=True) if d.get("type") == ctype),
                        key=lambda n: (-int(nodes[n].get("paper_count", 0)), str(nodes[n].get("label"))))[:top]
        lines.append(f"\ntop {ctype.lower()}s (papers):")
        lines += [f"  {int(nodes[n].get('paper_count', 0)):5d}  {nodes[n].get('label')}" for n in ranked]
    links = [(float(d.get("weight", 0)), u, v, _shared(d.get("shared"))) for u, v, d in graph.edges(data=True)
             if d.get("role") == "shares"]
    lines.append(f"\npaper-paper links: {len(links)}; strongest:")
    for weight, u, v, shared in sorted(links, key=lambda x: (-x[0], x[1], x[2]))[:top]:
        lines.append(f"  {weight:6.2f}  {nodes[u].get('label')}  <->  {nodes[v].get('label')}")
        lines.append(f"          via {', '.join(shared[:5])}")
    members: dict[int, int] = defaultdict(int)
    for _, d in graph.nodes(data=True):
        if d.get("type") == "Paper":
            members[int(d.get("community", -1))] += 1
    names = {int(c["id"]): c["name"] for c in graph.graph.get("communities", []) if isinstance(c, dict)}
    for _, d in graph.nodes(data=True):  # a GraphML export keeps each node's community name
        if d.get("type") == "Paper" and d.get("community_name"):
            names.setdefault(int(d.get("community", -1)), str(d["community_name"]))
    unlinked = members.pop(-1, 0)
    lines.append(f"\ncommunities: {len(members)}; largest:")
    for number, size in sorted(members.items(), key=lambda x: (-x[1], x[0]))[:top]:
        lines.append(f"  {size:5d} {plural(size, 'paper')}  {names.get(number, '') or f'#{number}'}")
    if unlinked:
        lines.append(f"  {unlinked:5d} {plural(unlinked, 'paper')} share no specific concept with another (no links)")
    return "\n".join(lines)
