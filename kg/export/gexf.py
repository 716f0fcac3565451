"""GEXF 1.2 export (`kg.gexf`) that opens in Gephi looking like a map: coloured by node type, sized by degree.

Attributes are flattened as for GraphML (kg.export.flatten). GEXF gives `label`, `weight` and `type` on an edge
fixed meanings (`type` is directed/undirected), so an edge's relationship type (`EVALUATED_ON`) is its GEXF label
and `role` keeps the key; node labels for Neo4j are left to the GraphML and Neo4j exports.

Small graphs also get positions from a spring layout with a fixed seed; larger ones are left for Gephi's own
layouts (networkx's layout past ~500 nodes needs SciPy and takes seconds). <meta> carries no date, so the same
graph always gives the same bytes. The file is streamed a piece at a time like GraphML (kg.export.pieces): a
node's size, position, community and degree are written beside its piece, as they change with the whole corpus.
"""

from __future__ import annotations

import math
from pathlib import Path

import networkx as nx

from kg import __version__
from kg.export.atomic import atomic_write
from kg.export.flatten import clean_text, edge_id, flat_record, graph_records, xml_attr
from kg.export.pieces import NO_REUSE, PieceWriter, Reuse, salt_of

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

VOLATILE = ("community", "community_name", "degree")  # node attributes that change with the whole corpus
NOT_NODE_ATTRIBUTES = ("labels", "x", "y")  # Neo4j's labels are for GraphML and Neo4j; x, y are viz:position
EDGE_XML_ATTRIBUTES = ("type", "weight")  # written as the edge's GEXF label and weight
_GEXF_TYPES = {str: "string", int: "long", float: "double", bool: "boolean"}

HEAD = ("<?xml version='1.0' encoding='utf-8'?>\n"
        '<gexf xmlns="http://www.gexf.net/1.2draft" xmlns:viz="http://www.gexf.net/1.2draft/viz" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'xsi:schemaLocation="http://www.gexf.net/1.2draft http://www.gexf.net/1.2draft/gexf.xsd" version="1.2">\n'
        f"  <meta>\n    <creator>kg {__version__}</creator>\n  </meta>\n"
        '  <graph defaultedgetype="directed" mode="static" name="kg">\n')


def node_size(degree: int) -> float:
    return round(5 + 3 * math.sqrt(max(degree, 0)), 3)


def _positions(graph: nx.MultiDiGraph) -> dict[str, tuple[float, float]]:
    """The build's layout (kg.layout) where the nodes carry one; else, for a small graph, a spring layout."""
    laid_out = {str(n): (d["x"], d["y"]) for n, d in graph.nodes(data=True) if "x" in d and "y" in d}
    if laid_out:
        return laid_out
    n = graph.number_of_nodes()
    if n == 0 or n > LAYOUT_MAX_NODES:
        return {}
    simple = nx.Graph()
    simple.add_nodes_from(sorted(graph.nodes, key=str))
    simple.add_edges_from(sorted(((u, v) for u, v in graph.edges()), key=lambda e: (str(e[0]), str(e[1]))))
    pos = nx.spring_layout(simple, seed=LAYOUT_SEED, scale=100 * math.sqrt(n))
    return {str(k): (round(float(x), 2), round(float(y), 2)) for k, (x, y) in pos.items()}


def _declarations(scope: str, types: dict[str, type], ids: dict[str, str]) -> str:
    lines = [f'    <attributes mode="static" class="{scope}">\n']
    for name, kind in types.items():
        lines.append(f'      <attribute id="{ids[name]}" title="{xml_attr(clean_text(name))}" '
                     f'type="{_GEXF_TYPES[kind]}" />\n')
    lines.append("    </attributes>\n")
    return "".join(lines) if types else ""


def _attvalues(flat: dict, ids: dict[str, str], indent: str) -> str:
    return "".join(f'{indent}<attvalue for="{ids[name]}" value="{xml_attr(value)}" />\n'
                   for name, value in flat.items())


def _path(path: Path) -> Path:
    path = Path(path)
    return path / FILE_NAME if path.is_dir() or not path.suffix else path


def write(graph: nx.MultiDiGraph, path: Path, reuse: Reuse = NO_REUSE) -> Path:
    """Write the graph as GEXF 1.2draft to `path` (a file, or a folder to hold `kg.gexf`); return the file."""
    target = _path(path)
    records = graph_records(graph, drop=NOT_NODE_ATTRIBUTES)
    node_types = {k: t for k, t in records.node_types.items() if k != "label"}
    edge_types = {k: t for k, t in records.edge_types.items() if k not in EDGE_XML_ATTRIBUTES} | {"networkx_key": str}
    node_ids = {name: str(number) for number, name in enumerate(node_types)}
    edge_ids = {name: str(number) for number, name in enumerate(edge_types, start=len(node_ids))}
    positions = _positions(graph)
    settings = {"nodes": [(n, t.__name__) for n, t in node_types.items()],
                "edges": [(n, t.__name__) for n, t in edge_types.items()]}

    def render_node(inputs: dict) -> str:
        flat = flat_record(inputs["data"], node_types)
        return _attvalues(flat, node_ids, "          ") + "        </attvalues>\n      </node>\n"

    def render_edges(inputs: dict) -> str:
        source = xml_attr(clean_text(inputs["source"]))
        parts = []
        for target, key, record in inputs["edges"]:
            flat = flat_record(record | {"networkx_key": key}, records.edge_types | {"networkx_key": str})
            label, weight = flat.pop("type", None), flat.pop("weight", None)
            parts.append(f'      <edge source="{source}" target="{xml_attr(clean_text(target))}" '
                         f'id="{xml_attr(clean_text(edge_id(inputs["source"], key, target)))}"'
                         + ("" if label is None else f' label="{xml_attr(label)}"')
                         + ("" if weight is None else f' weight="{xml_attr(weight)}"') + ">\n")
            parts.append("        <attvalues>\n" + _attvalues(flat, edge_ids, "          ")
                         + "        </attvalues>\n      </edge>\n")
        return "".join(parts)

    with atomic_write(target, "wb") as handle:
        pieces = PieceWriter([handle], [target], salt_of(settings), reuse)
        try:
            pieces.text(HEAD + _declarations("node", node_types, node_ids) + _declarations("edge", edge_types, edge_ids)
                        + "    <nodes>\n")
            for node, record in zip(records.nodes, records.node_records, strict=True):
                r, g, b = TYPE_COLOURS.get(str(record.get("type")), OTHER_COLOUR)
                head = [f'      <node id="{xml_attr(clean_text(str(node)))}" '
                        f'label="{xml_attr(clean_text(str(record["label"])))}">\n',
                        f'        <viz:color r="{r}" g="{g}" b="{b}" a="1.0" />\n',
                        f'        <viz:size value="{node_size(int(record.get("degree", 0)))}" />\n']
                if str(node) in positions:
                    x, y = positions[str(node)]
                    head.append(f'        <viz:position x="{x}" y="{y}" z="0.0" />\n')
                volatile = {k: record[k] for k in VOLATILE if k in record}
                head.append("        <attvalues>\n" + _attvalues(flat_record(volatile, node_types), node_ids,
                                                               "          "))
                pieces.text("".join(head))
                stable = {k: v for k, v in record.items() if k not in VOLATILE and k != "label"}
                pieces.piece({"data": stable}, render_node)
            pieces.text("    </nodes>\n    <edges>\n")
            for (node, edges), group in zip(records.out_edges, records.edge_records, strict=True):
                pieces.piece({"source": str(node), "edges": [[str(v), str(key), record] for (v, key, _), record
                                                             in zip(edges, group, strict=True)]}, render_edges)
            pieces.text("    </edges>\n  </graph>\n</gexf>\n")
        finally:
            pieces.close()
    return target
