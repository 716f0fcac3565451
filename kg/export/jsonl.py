"""papers.jsonl: one object per paper, in input order, with its concepts listed by role.

This is the file `score.py` and downstream scripts read: each list item carries the resolved canonical label and
concept id, so two papers that share a label share a node in the graph.
"""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx

from kg.export.atomic import atomic_write
from kg.graph import community_name
from kg.model import ROLES


def paper_records(graph: nx.MultiDiGraph) -> list[dict]:
    papers = sorted((n for n, d in graph.nodes(data=True) if d["type"] == "Paper"),
                    key=lambda n: graph.nodes[n]["order"])
    records = []
    for node in papers:
        data = graph.nodes[node]
        record = {
            "id": node.removeprefix("paper:"),
            "title": data["title"],
            "authors": data["authors"],
            "venue": data["venue"],
            "year": data["year"],
            "url": data["url"],
            "code": data["code"],
            "community": data["community"],
            "community_name": community_name(graph, data["community"]),
            "abstract": data["abstract"],
        }
        lists: dict[str, list[dict]] = {name: [] for name, _ in ROLES.values()}
        for _, concept, role, edge in graph.out_edges(node, keys=True, data=True):
            if role not in ROLES:
                continue
            target = graph.nodes[concept]
            lists[ROLES[role][0]].append({
                "label": target["label"],
                "id": concept.removeprefix("concept:"),
                "type": target["type"],
                "confidence": edge["confidence"],
                "rule": edge.get("rule", ""),
                "cue": edge.get("cue", ""),
                "aliases": target["aliases"],
                "evidence": edge["evidence"],
            })
        for name, items in lists.items():
            record[name] = sorted(items, key=lambda item: (-item["confidence"], item["label"]))
        record["links"] = _links(graph, node)
        records.append(record)
    return records


def _links(graph: nx.MultiDiGraph, node: str) -> list[dict]:
    """The paper's links to other papers, strongest first: the other paper, the weight and the shared concepts."""
    links = []
    for first, second, key, edge in [*graph.out_edges(node, keys=True, data=True),
                                     *graph.in_edges(node, keys=True, data=True)]:
        if key != "shares":
            continue
        other = second if first == node else first
        links.append({"paper": other.removeprefix("paper:"), "title": graph.nodes[other]["title"],
                      "weight": edge["weight"], "shared": edge["shared"]})
    return sorted(links, key=lambda link: (-link["weight"], link["paper"]))


def write(graph: nx.MultiDiGraph, path: Path) -> Path:
    with atomic_write(path) as handle:
        for record in paper_records(graph):
            handle.write(json.dumps(record, ensure_ascii=False, sort_keys=False) + "\n")
    return Path(path)
