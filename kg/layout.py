"""Positions for every node, computed once at build time: papers grouped by community, each topic's concepts
around its papers, so that the map and Gephi open on the same picture with no physics to wait for.

Two scales keep it fast and the topics apart: each community gets a disc sized by its papers, the discs are set
on a sunflower spiral (the largest in the middle), and networkx's spring layout (Fruchterman-Reingold) with a
fixed seed places the papers inside each disc by their links. Papers with no link sit in a block of their own,
grouped by their most widespread task; a concept sits near the mean of its papers in its own community, nudged
by its id so that concepts of the same papers do not land on one point. Same graph, same positions.
"""

from __future__ import annotations

import hashlib
import math
from collections import defaultdict

import networkx as nx
from threadpoolctl import threadpool_limits

SEED = 42
PAPER_SPACING = 40.0  # a community of n papers gets a disc of radius PAPER_SPACING * sqrt(n)
SEPARATION_ROUNDS = 60
GOLDEN_ANGLE = math.pi * (3 - math.sqrt(5))
CONCEPT_SPREAD = 30.0


def _jitter(key: str, scale: float) -> tuple[float, float]:
    digest = hashlib.blake2b(key.encode(), digest_size=8).digest()
    angle = int.from_bytes(digest[:4], "big") / 2**32 * 2 * math.pi
    radius = (0.6 + 0.4 * int.from_bytes(digest[4:], "big") / 2**32) * scale
    return radius * math.cos(angle), radius * math.sin(angle)


def _community_centres(members: dict[int, list[str]], radius: dict[int, float]) -> dict[int, tuple[float, float]]:
    """Community discs on a sunflower spiral, the largest in the middle: each disc's distance from the centre
    grows with the area of the discs placed before it, so they tile the plane without overlapping much; a few
    rounds of pushing apart settle the rest."""
    order = sorted(members, key=lambda c: (-len(members[c]), c))
    centres: dict[int, tuple[float, float]] = {}
    area = 0.0
    for number, community in enumerate(order):
        reach = radius[community] + PAPER_SPACING
        distance = 0.0 if number == 0 else math.sqrt(area / math.pi) + reach
        angle = number * GOLDEN_ANGLE
        centres[community] = (distance * math.cos(angle), distance * math.sin(angle))
        area += math.pi * reach * reach
    for _ in range(SEPARATION_ROUNDS):  # push overlapping discs apart, in a fixed order
        moved = False
        for i, a in enumerate(order):
            for b in order[i + 1 :]:
                (xa, ya), (xb, yb) = centres[a], centres[b]
                dx, dy = xb - xa, yb - ya
                distance = math.hypot(dx, dy) or 1e-6
                gap = radius[a] + radius[b] + PAPER_SPACING - distance
                if gap > 0:
                    ux, uy = dx / distance, dy / distance
                    centres[a] = (xa - ux * gap / 2, ya - uy * gap / 2)
                    centres[b] = (xb + ux * gap / 2, yb + uy * gap / 2)
                    moved = True
        if not moved:
            break
    return centres


def _ordered_subgraph(graph: nx.Graph, nodes: list[str]) -> nx.Graph:
    """The subgraph on `nodes`, built in sorted order: networkx's subgraph views iterate a small subset in the
    order of a Python set, which changes from process to process."""
    keep = set(nodes)
    sub = nx.Graph()
    sub.add_nodes_from(sorted(keep))
    sub.add_edges_from(sorted((u, v, d) if u < v else (v, u, d) for u, v, d in graph.edges(sorted(keep), data=True)
                              if u in keep and v in keep))
    return sub


def _by_task(graph: nx.MultiDiGraph, papers: list[str]) -> list[str]:
    """`papers` grouped by the most widespread task each addresses, the largest group first (papers with no task
    last), each group in input order."""
    def main_task(paper: str) -> str:
        tasks = [(-graph.nodes[c].get("paper_count", 0), graph.nodes[c]["label"])
                 for _, c, key in graph.out_edges(paper, keys=True) if key == "addresses"]
        return min(tasks)[1] if tasks else ""
    task_of = {paper: main_task(paper) for paper in papers}
    sizes = defaultdict(int)
    for task in task_of.values():
        sizes[task] += 1
    return sorted(papers, key=lambda p: (task_of[p] == "", -sizes[task_of[p]], task_of[p],
                                         graph.nodes[p].get("order", 0)))


def layout(graph: nx.MultiDiGraph) -> dict[str, tuple[float, float]]:
    """Node -> (x, y) for every node of the graph."""
    papers = sorted(n for n, d in graph.nodes(data=True) if d["type"] == "Paper")
    links = nx.Graph()
    for node in papers:
        links.add_node(node, community=graph.nodes[node].get("community", -1))
    for u, v, key, data in graph.edges(keys=True, data=True):
        if key == "shares":
            links.add_edge(u, v, weight=float(data.get("weight", 1.0)))
    members: dict[int, list[str]] = defaultdict(list)
    for node in papers:
        community = graph.nodes[node].get("community", -1)
        if community != -1:
            members[community].append(node)
    radius = {c: PAPER_SPACING * math.sqrt(len(m)) for c, m in members.items()}
    positions: dict[str, tuple[float, float]] = {}
    if members:
        centres = _community_centres(members, radius)
        for community in sorted(members):
            inside = _ordered_subgraph(links, members[community])
            local = nx.spring_layout(inside, weight="weight", seed=SEED, scale=radius[community], iterations=50,
                                      method="force")
            cx, cy = centres[community]
            for node in sorted(local):
                x, y = local[node]
                positions[node] = (cx + float(x), cy + float(y))
    unlinked = [n for n in papers if n not in positions]
    if unlinked:  # a block of their own, right of the topics, papers on one task side by side
        right = max((x for x, _ in positions.values()), default=0.0) + 6 * PAPER_SPACING
        top = min((y for _, y in positions.values()), default=0.0)
        width = max(1, math.ceil(math.sqrt(len(unlinked))))
        for i, node in enumerate(_by_task(graph, unlinked)):
            row, column = divmod(i, width)
            positions[node] = (right + column * 2 * PAPER_SPACING, top + row * 2 * PAPER_SPACING)
    for node in sorted(n for n, d in graph.nodes(data=True) if d["type"] != "Paper"):
        papers_of = sorted(p for p, _ in graph.in_edges(node) if p in positions)
        home = graph.nodes[node].get("community", -1)  # inside its community's disc, not between topics
        owners = [p for p in papers_of if graph.nodes[p].get("community", -1) == home] or papers_of
        if owners:
            x = sum(positions[p][0] for p in owners) / len(owners)
            y = sum(positions[p][1] for p in owners) / len(owners)
        else:
            x, y = 0.0, 0.0
        dx, dy = _jitter(node, CONCEPT_SPREAD * (1 + math.log1p(len(owners))))
        positions[node] = (x + dx, y + dy)
    return {node: (round(x, 2), round(y, 2)) for node, (x, y) in positions.items()}


def add_layout(graph: nx.MultiDiGraph) -> None:
    """Store each node's position as its `x` and `y` attributes, for every exporter to read. BLAS runs on one
    thread meanwhile: sums split over threads come out in a different order from run to run, and the layout's
    iterations turn the last bit into a different picture."""
    with threadpool_limits(1):
        positions = layout(graph)
    for node, (x, y) in positions.items():
        graph.nodes[node]["x"] = x
        graph.nodes[node]["y"] = y
