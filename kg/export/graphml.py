"""GraphML export (`kg.graphml`), for Gephi, yEd, igraph, networkx and Neo4j's APOC import.

Every attribute is declared with one GraphML type (string, int, double, boolean; long only for an integer past
32 bits); lists are joined with " | ", evidence becomes its sentences, None values are left out, and characters
XML cannot hold (NUL, most C0 controls) are dropped. Node ids are the graph's node keys.

Two details serve `CALL apoc.import.graphml('kg.graphml', {readLabels: true})`: APOC takes node labels from the
data whose key id is `labels` (`:Paper`, `:Concept:Method`) and a relationship type from an edge's first data
element when its key id is `label`. So key ids are names (`n_title`, `e_role`, ...), the node attribute `labels`
has the key id `labels`, and the edge attribute `type` (`EVALUATED_ON`) has the key id `label` and comes first.

Edge ids are `<source>|<key>|<target>`: the multigraph key alone (`uses`, `evaluated_on`) repeats across the
document, and Gephi drops an edge whose id it has already seen. The key itself stays in the `role` attribute.
"""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree.ElementTree import Element

import networkx as nx
from networkx.readwrite.graphml import GraphMLWriter

from kg.export.atomic import atomic_write
from kg.export.flatten import clean_text, edge_id, flat_edges, flat_nodes, xml_safe

FILE_NAME = "kg.graphml"

_NOT_NAME = re.compile(r"[^A-Za-z0-9_.-]+")

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
    """Replace networkx's numbered key ids (d0, d1, ...) with ids made from scope and attribute name, and declare
    as `int` the integer attributes networkx calls `long` when every value fits in 32 bits."""
    renamed: dict[str, str] = {}
    for key in root.iter("key"):
        scope, name = key.get("for") or "all", key.get("attr.name") or ""
        new_id = _FIXED_KEY_IDS.get((scope, name)) or f"{scope[0]}_{_NOT_NAME.sub('_', name)}"
        if new_id in renamed.values():
            new_id = f"{new_id}_{len(renamed)}"
        renamed[key.get("id")] = new_id
    long_ids = {key.get("id") for key in root.iter("key") if key.get("attr.type") == "long"}
    too_big = {d.get("key") for d in root.iter("data") if d.get("key") in long_ids and abs(int(d.text)) >= 2**31}
    for key in root.iter("key"):
        if key.get("attr.type") == "long" and key.get("id") not in too_big:
            key.set("attr.type", "int")
        key.set("id", renamed[key.get("id")])
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
