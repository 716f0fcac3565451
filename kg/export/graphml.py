"""GraphML export (`kg.graphml`), for Gephi, yEd, igraph, networkx and Neo4j's APOC import.

Every attribute is declared with one GraphML type (string, int, double, boolean); lists are joined with " | ",
evidence becomes its sentences, None values are left out. Node ids are the graph's node keys.

Two details serve `CALL apoc.import.graphml('kg.graphml', {readLabels: true})`: APOC takes node labels from the
data whose key id is `labels` (`:Paper`, `:Concept:Method`) and a relationship type from an edge's first data
element when its key id is `label`. So key ids are names (`n_title`, `e_role`, ...), the node attribute `labels`
has the key id `labels`, and the edge attribute `type` (`EVALUATED_ON`) has the key id `label` and comes first.

Edge ids are `<source>|<key>|<target>`: the multigraph key alone (`uses`, `evaluated_on`) repeats across the
document, and Gephi drops an edge whose id it has already seen. The key itself stays in the `role` attribute.
"""

from __future__ import annotations

from pathlib import Path
from xml.etree.ElementTree import Element

import networkx as nx
from networkx.readwrite.graphml import GraphMLWriter

from kg.export.atomic import atomic_write
from kg.export.flatten import clean_text, edge_id, flat_edges, flat_nodes, xml_safe

FILE_NAME = "kg.graphml"

# GraphML key ids that readers look for by id rather than by attribute name.
_FIXED_KEY_IDS = {("node", "labels"): "labels", ("edge", "type"): "label"}


def to_graphml_graph(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """The export graph: flat typed attributes, nodes and edges in sorted order, unique edge ids as keys."""
    out = nx.MultiDiGraph()
    for node, attrs in flat_nodes(graph):
        out.add_node(clean_text(node), **xml_safe(attrs))
    for u, v, key, attrs in flat_edges(graph):
        out.add_edge(clean_text(u), clean_text(v), key=clean_text(edge_id(u, key, v)), **xml_safe(attrs))
    return out


def _name_keys(root: Element) -> None:
    """Replace networkx's numbered key ids (d0, d1, ...) with ids made from scope and attribute name.

    Names are unique per scope because every attribute has one type, so the new ids are unique too.
    """
    renamed = {}
    for key in root.iter("key"):
        scope, name = key.get("for"), key.get("attr.name")
        renamed[key.get("id")] = _FIXED_KEY_IDS.get((scope, name), f"{scope[0]}_{name}")
        key.set("id", renamed[key.get("id")])
        if key.get("attr.type") == "long":  # networkx writes Python ints as long; every count here fits an int
            key.set("attr.type", "int")
    for data in root.iter("data"):
        data.set("key", renamed[data.get("key")])


def _path(path: Path) -> Path:
    path = Path(path)
    return path / FILE_NAME if path.is_dir() or not path.suffix else path


def write(graph: nx.MultiDiGraph, path: Path) -> Path:
    """Write the graph as GraphML to `path` (a file, or a folder to hold `kg.graphml`); return the file."""
    target = _path(path)
    writer = GraphMLWriter(encoding="utf-8", prettyprint=True)
    writer.add_graph_element(to_graphml_graph(graph))
    _name_keys(writer.xml)
    with atomic_write(target, "wb") as handle:
        writer.dump(handle)
    return target
