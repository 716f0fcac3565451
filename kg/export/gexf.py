"""GEXF 1.2 export (`kg.gexf`) that opens in Gephi looking like a map: coloured by node type, sized by degree.

Attributes are flattened as for GraphML (kg.export.flatten). GEXF gives `label`, `weight` and `type` on an edge
fixed meanings (`type` is directed/undirected), so an edge's relationship type (`EVALUATED_ON`) is its GEXF label
and `role` keeps the key; node labels for Neo4j are left to the GraphML and Neo4j exports.

Small graphs also get positions from a spring layout with a fixed seed; larger ones are left for Gephi's own
layouts (networkx's layout past ~500 nodes needs SciPy and takes seconds). The networkx writer stamps today's
date into <meta>; that attribute is removed so the same graph always gives the same bytes.
"""

from __future__ import annotations

import math
from pathlib import Path

import networkx as nx
from networkx.readwrite.gexf import GEXFWriter

from kg.export.atomic import atomic_write
from kg.export.flatten import clean_text, edge_id, flat_edges, flat_nodes, xml_safe

FILE_NAME = "kg.gexf"

# One colour per node type (Okabe-Ito, readable with colour blindness); OTHER_COLOUR for anything else.
TYPE_COLOURS: dict[str, tuple[int, int, int]] = {
    "Paper": (0, 114, 178),
    "Method": (230, 159, 0),
    "Task": (0, 158, 115),
    "Dataset": (213, 94, 0),
    "Metric": (204, 121, 167),
}
OTHER_COLOUR = (153, 153, 153)

LAYOUT_MAX_NODES = 499
LAYOUT_SEED = 42


def node_size(degree: int) -> float:
    return round(5 + 3 * math.sqrt(max(degree, 0)), 3)


def _positions(graph: nx.MultiDiGraph) -> dict[str, tuple[float, float]]:
    n = graph.number_of_nodes()
    if n == 0 or n > LAYOUT_MAX_NODES:
        return {}
    simple = nx.Graph()
    simple.add_nodes_from(sorted(graph.nodes, key=str))
    simple.add_edges_from(sorted(((u, v) for u, v in graph.edges()), key=lambda e: (str(e[0]), str(e[1]))))
    pos = nx.spring_layout(simple, seed=LAYOUT_SEED, scale=100 * math.sqrt(n))
    return {str(k): (round(float(x), 2), round(float(y), 2)) for k, (x, y) in pos.items()}


def to_gexf_graph(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """The export graph: flat typed attributes plus Gephi's `viz`, in sorted order, with unique edge ids."""
    positions = _positions(graph)
    out = nx.MultiDiGraph()
    for node, attrs in flat_nodes(graph):
        attrs.pop("labels", None)
        r, g, b = TYPE_COLOURS.get(str(attrs.get("type")), OTHER_COLOUR)
        viz = {"color": {"r": r, "g": g, "b": b, "a": 1.0}, "size": node_size(int(attrs.get("degree", 0)))}
        if node in positions:
            x, y = positions[node]
            viz["position"] = {"x": x, "y": y, "z": 0.0}
        out.add_node(clean_text(node), **xml_safe(attrs), viz=viz)
    for u, v, key, attrs in flat_edges(graph):
        attrs["label"] = attrs.pop("type")
        attrs["id"] = edge_id(u, key, v)
        out.add_edge(clean_text(u), clean_text(v), key=clean_text(key), **xml_safe(attrs))
    return out


def _path(path: Path) -> Path:
    path = Path(path)
    return path / FILE_NAME if path.is_dir() or not path.suffix else path


def write(graph: nx.MultiDiGraph, path: Path) -> Path:
    """Write the graph as GEXF 1.2draft to `path` (a file, or a folder to hold `kg.gexf`); return the file."""
    target = _path(path)
    writer = GEXFWriter(encoding="utf-8", prettyprint=True, version="1.2draft")
    writer.add_graph(to_gexf_graph(graph))
    for meta in writer.xml.iter("meta"):
        meta.attrib.pop("lastmodifieddate", None)
    with atomic_write(target, "wb") as handle:
        writer.write(handle)
    return target
