"""A small hand-made graph in the shape kg.graph builds, for exporter tests.

It holds hostile text on purpose: markup, quotes, commas, newlines and formula-like values.
"""

from __future__ import annotations

import networkx as nx

HOSTILE_TITLE = '<script>alert("t")</script> "><svg onload=alert(1)> =1+2, a; b\nc'
HOSTILE_AUTHOR = "<img src=x onerror=alert('a')>"


def sample_graph() -> nx.MultiDiGraph:
    g = nx.MultiDiGraph(name="kg")
    g.add_node(
        "paper:p1", type="Paper", label="Graph nets for molecules", title="Graph nets for molecules",
        authors=["Ada Lovelace", "Alan Turing"], venue="ICML 2025", year=2025, url="https://example.org/p1",
        code="https://github.com/example/p1", abstract="We propose GraphNet. It beats GCN on QM9.", community=0,
    )
    g.add_node(
        "paper:p2", type="Paper", label=HOSTILE_TITLE[:60], title=HOSTILE_TITLE, authors=[HOSTILE_AUTHOR, "-cmd|x"],
        venue="", year=None, url="", code="", abstract="We evaluate <b>GCN</b> on QM9 & report MAE.", community=1,
    )
    concepts = {
        "concept:graphnet": ("Method", "GraphNet", []),
        "concept:graph-convolutional-network": ("Method", "graph convolutional network", ["GCN", "GCNs"]),
        "concept:qm9": ("Dataset", "QM9", []),
        "concept:molecular-property-prediction": ("Task", "molecular property prediction", []),
        "concept:mean-absolute-error": ("Metric", 'mean "absolute" error', ["MAE"]),
    }
    for node, (ctype, label, aliases) in concepts.items():
        g.add_node(node, type=ctype, label=label, aliases=aliases, paper_count=0, community=-1)

    def ev(sentence: str, start: int) -> list[dict]:
        return [{"sentence": sentence, "start": start, "end": start + len(sentence)}]

    g.add_edge("paper:p1", "concept:graphnet", key="proposes", role="proposes", confidence=0.9,
               evidence=ev("We propose GraphNet.", 0))
    g.add_edge("paper:p1", "concept:graph-convolutional-network", key="compares", role="compares", confidence=0.8,
               evidence=ev("It beats GCN on QM9.", 21))
    g.add_edge("paper:p1", "concept:qm9", key="evaluated_on", role="evaluated_on", confidence=0.85,
               evidence=ev("It beats GCN on QM9.", 21))
    g.add_edge("paper:p2", "concept:graph-convolutional-network", key="uses", role="uses", confidence=0.7,
               evidence=ev("We evaluate <b>GCN</b> on QM9 & report MAE.", 0))
    g.add_edge("paper:p2", "concept:qm9", key="evaluated_on", role="evaluated_on", confidence=0.85,
               evidence=ev("We evaluate <b>GCN</b> on QM9 & report MAE.", 0))
    g.add_edge("paper:p2", "concept:mean-absolute-error", key="reports", role="reports", confidence=0.9,
               evidence=ev("We evaluate <b>GCN</b> on QM9 & report MAE.", 0))
    g.add_edge("paper:p2", "concept:molecular-property-prediction", key="addresses", role="addresses",
               confidence=0.6, evidence=ev("We evaluate <b>GCN</b> on QM9 & report MAE.", 0))
    for node in concepts:
        g.nodes[node]["paper_count"] = len({u for u, _ in g.in_edges(node)})
    g.add_edge("paper:p1", "paper:p2", key="shares", role="shares", weight=1.39,
               shared=["QM9", "graph convolutional network"])
    return g
