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

The file is streamed, a piece at a time (kg.export.pieces): each node's attributes but its community and degree,
which change with the whole corpus and are written beside the piece, and each node's out-edges.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import networkx as nx

from kg.export.atomic import atomic_write
from kg.export.flatten import clean_text, edge_id, flat_record, graph_records, xml_attr, xml_text
from kg.export.pieces import NO_REUSE, PieceWriter, Reuse, salt_of

FILE_NAME = "kg.graphml"
VOLATILE = ("community", "community_name", "degree", "x", "y")  # node attributes that change with the whole corpus

_NOT_NAME = re.compile(r"[^A-Za-z0-9_.-]+")
# GraphML key ids that readers look for by id rather than by attribute name.
_FIXED_KEY_IDS = {("node", "labels"): "labels", ("edge", "type"): "label"}
_GRAPHML_TYPES = {str: "string", int: "int", float: "double", bool: "boolean"}

HEAD = ("<?xml version='1.0' encoding='utf-8'?>\n"
        '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
        'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n')


def _key_ids(scoped_types: list[tuple[str, str, type]]) -> dict[tuple[str, str], str]:
    """A readable, unique key id for each (scope, attribute name)."""
    ids: dict[tuple[str, str], str] = {}
    for scope, name, _ in scoped_types:
        key_id = _FIXED_KEY_IDS.get((scope, name)) or f"{scope[0]}_{_NOT_NAME.sub('_', name)}"
        if key_id in ids.values():
            key_id = f"{key_id}_{len(ids)}"
        ids[(scope, name)] = key_id
    return ids


def _past_32_bits(records: Iterable[dict], types: dict[str, type]) -> set[str]:
    """The integer attributes with a value that needs GraphML's long."""
    integers = [name for name, kind in types.items() if kind is int]
    return {name for record in records for name in integers
            if record.get(name) is not None and abs(int(record[name])) >= 2**31}


def _declarations(node_types: dict[str, type], edge_types: dict[str, type], long_names: set[tuple[str, str]],
                  key_ids: dict[tuple[str, str], str]) -> str:
    lines = []
    for scope, types in (("node", node_types), ("edge", edge_types)):
        for name, kind in types.items():
            xml_type = "long" if (scope, name) in long_names else _GRAPHML_TYPES[kind]
            lines.append(f'  <key id="{xml_attr(key_ids[(scope, name)])}" for="{scope}" '
                         f'attr.name="{xml_attr(clean_text(name))}" attr.type="{xml_type}" />\n')
    return "".join(lines)


def _data_lines(flat: dict, scope: str, key_ids: dict[tuple[str, str], str], indent: str) -> str:
    lines = []
    for name, value in flat.items():
        key = xml_attr(key_ids[(scope, name)])
        text = xml_text(value)
        lines.append(f'{indent}<data key="{key}">{text}</data>\n' if text else f'{indent}<data key="{key}" />\n')
    return "".join(lines)


def _path(path: Path) -> Path:
    path = Path(path)
    return path / FILE_NAME if path.is_dir() or not path.suffix else path


def write(graph: nx.MultiDiGraph, path: Path, reuse: Reuse = NO_REUSE) -> Path:
    """Write the graph as GraphML to `path` (a file, or a folder to hold `kg.graphml`); return the file."""
    target = _path(path)
    records = graph_records(graph)
    nodes, node_records, node_types = records.nodes, records.node_records, records.node_types
    by_node, edge_records, edge_types = records.out_edges, records.edge_records, records.edge_types
    long_names = {("node", k) for k in _past_32_bits(node_records, node_types)}
    long_names |= {("edge", k) for k in _past_32_bits((r for group in edge_records for r in group), edge_types)}
    scoped = [("node", n, t) for n, t in node_types.items()] + [("edge", n, t) for n, t in edge_types.items()]
    key_ids = _key_ids(scoped)
    settings = {"types": [(s, n, t.__name__) for s, n, t in scoped], "long": sorted(long_names)}

    def render_node(inputs: dict) -> str:
        return _data_lines(flat_record(inputs["data"], node_types), "node", key_ids, "      ") + "    </node>\n"

    def render_edges(inputs: dict) -> str:
        source = xml_attr(clean_text(inputs["source"]))
        parts = []
        for target, key, record in inputs["edges"]:
            parts.append(f'    <edge source="{source}" target="{xml_attr(clean_text(target))}" '
                         f'id="{xml_attr(clean_text(edge_id(inputs["source"], key, target)))}">\n')
            parts.append(_data_lines(flat_record(record, edge_types), "edge", key_ids, "      "))
            parts.append("    </edge>\n")
        return "".join(parts)

    with atomic_write(target, "wb") as handle:
        pieces = PieceWriter([handle], [target], salt_of(settings), reuse)
        try:
            pieces.text(HEAD + _declarations(node_types, edge_types, long_names, key_ids)
                        + '  <graph edgedefault="directed">\n')
            for node, record in zip(nodes, node_records, strict=True):
                volatile = {k: record[k] for k in VOLATILE if k in record}
                pieces.text(f'    <node id="{xml_attr(clean_text(str(node)))}">\n'
                            + _data_lines(flat_record(volatile, node_types), "node", key_ids, "      "))
                stable = {k: v for k, v in record.items() if k not in VOLATILE}
                pieces.piece({"data": stable}, render_node)
            for (node, edges), records in zip(by_node, edge_records, strict=True):
                inputs = {"source": str(node),
                          "edges": [[str(v), str(key), record] for (v, key, _), record in zip(edges, records,
                                                                                               strict=True)]}
                pieces.piece(inputs, render_edges)
            pieces.text("  </graph>\n</graphml>\n")
        finally:
            pieces.close()
    return target
