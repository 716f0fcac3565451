"""Graph attribute values as the typed scalars that GraphML and GEXF attributes hold.

The graph keeps lists (authors, aliases, shared concepts), evidence records and None; the XML formats hold one
string, int, double or boolean per attribute, and each attribute name must have one type across the whole file.
The property-graph names that GraphML and Neo4j share (node labels, relationship types) live here too.
"""

from __future__ import annotations

import json
import numbers
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from kg.model import CONCEPT_TYPES, ROLE_ORDER

Scalar = str | int | float | bool

LIST_SEPARATOR = " | "

# Role (edge key) -> relationship type, in the upper snake case Neo4j uses.
REL_TYPES: dict[str, str] = {role: role.upper() for role in ROLE_ORDER} | {"shares": "SHARES_CONCEPT_WITH"}

# Characters XML 1.0 cannot carry at all, not even escaped: most C0 controls, lone surrogates, U+FFFE/U+FFFF.
# No text needs them, C tools stop at a NUL, and a lone surrogate cannot even be encoded as UTF-8.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_NOT_NAME = re.compile(r"[^A-Za-z0-9_]+")


def scalar(value: Any) -> Scalar | None:
    """One value as a scalar: lists joined with " | ", evidence records as their sentence, None stays None."""
    if value is None:
        return None
    if isinstance(value, bool | str):
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    if isinstance(value, Mapping):
        if "sentence" in value:
            return scalar(value["sentence"])
        return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    if isinstance(value, set | frozenset):
        value = sorted(value, key=str)
    if isinstance(value, Iterable):
        parts = (scalar(item) for item in value)
        return LIST_SEPARATOR.join(str(part) for part in parts if part is not None)
    return str(value)


_PLAIN_TYPES: dict[type, type | None] = {str: str, int: int, float: float, bool: bool, list: str, type(None): None}
_NOT_PLAIN = object()


def scalar_type(value: Any) -> type | None:
    """The type `scalar(value)` has, found without building it (None for None)."""
    plain = _PLAIN_TYPES.get(type(value), _NOT_PLAIN)
    if plain is not _NOT_PLAIN:
        return plain  # type: ignore[return-value]
    if isinstance(value, bool | str):
        return type(value)
    if isinstance(value, numbers.Integral):
        return int
    if isinstance(value, numbers.Real):
        return float
    if isinstance(value, Mapping) and "sentence" in value:
        return scalar_type(value["sentence"])
    return str


def _common_type(kinds: set[type]) -> type:
    if len(kinds) == 1:
        return next(iter(kinds))
    if kinds <= {int, float}:
        return float
    return str


def attribute_types(records: Iterable[Mapping[str, Any]]) -> dict[str, type]:
    """One scalar type per attribute name across all records, in order of first appearance: an attribute that
    is int on some records and float on others is float, any other mix str, so a file never declares one name
    with two types."""
    kinds: dict[str, set[type]] = defaultdict(set)
    for record in records:
        for name, value in record.items():
            kind = scalar_type(value)
            if kind is not None:
                kinds[str(name)].add(kind)
    return {name: _common_type(found) for name, found in kinds.items()}


def flat_record(record: Mapping[str, Any], types: Mapping[str, type]) -> dict[str, Scalar]:
    """The record's attributes as scalars of the given types, None dropped."""
    return {str(k): types[str(k)](s) for k, v in record.items() if (s := scalar(v)) is not None}


def flatten_records(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Scalar]]:
    """Scalar attributes for each record, None dropped, and one type per attribute name across all records."""
    records = list(records)
    types = attribute_types(records)
    return [flat_record(record, types) for record in records]


def clean_text(text: str) -> str:
    """Drop the characters that XML 1.0 cannot represent (NUL and most other C0 controls, lone surrogates)."""
    return _XML_INVALID.sub("", text)


def rel_type(role: str) -> str:
    """The relationship type for a role: `evaluated_on` -> `EVALUATED_ON`, `shares` -> `SHARES_CONCEPT_WITH`."""
    return REL_TYPES.get(role) or _NOT_NAME.sub("_", str(role)).strip("_").upper() or "RELATED_TO"


def node_labels(node_type: str | None) -> list[str]:
    """Neo4j labels for a node type: `["Paper"]`, or `["Concept", <type>]` for a concept."""
    if node_type == "Paper":
        return ["Paper"]
    if node_type in CONCEPT_TYPES:
        return ["Concept", node_type]
    cleaned = _NOT_NAME.sub("_", str(node_type or "")).strip("_")
    return ["Concept", cleaned] if cleaned else ["Concept"]


def edge_id(u: Any, key: Any, v: Any) -> str:
    """A document-wide unique edge id: Gephi drops edges whose id repeats, and a role key alone repeats."""
    return f"{u}|{key}|{v}"


def node_record(graph: Any, node: Any, degree: int | None = None) -> dict[str, Any]:
    """A node's attributes as the graph formats write them: `type`, `label`, `labels` (`:Paper`,
    `:Concept:Method`), `community`, `community_name`, `degree` first, then the node's other attributes by name
    (not yet scalar)."""
    data = graph.nodes[node]
    head = {
        "type": data.get("type"),
        "label": data.get("label") or str(node),
        "labels": ":" + ":".join(node_labels(data.get("type"))),
        "community": data.get("community"),
        "community_name": data.get("community_name", ""),
        "degree": int(graph.degree(node) if degree is None else degree),
    }
    return head | {k: data[k] for k in sorted(data, key=str) if k not in head}


def edge_record(key: Any, data: Mapping[str, Any]) -> dict[str, Any]:
    """An edge's attributes as the graph formats write them: `type` first (the relationship type), `role`,
    `weight` (the link weight, or the confidence of a role edge), then the other attributes by name."""
    role = data.get("role", key)
    weight = data["weight"] if data.get("weight") is not None else data.get("confidence")
    head = {"type": rel_type(str(role)), "role": role, "weight": None if weight is None else float(weight)}
    return head | {k: data[k] for k in sorted(data, key=str) if k not in head}


def sorted_nodes(graph: Any) -> list[Any]:
    return sorted(graph.nodes, key=str)


def out_edges_by_node(graph: Any) -> list[tuple[Any, list[tuple[Any, Any, dict]]]]:
    """Each node that has out-edges, sorted, with its edges sorted by (target, key): the order of the files."""
    grouped = []
    for node in sorted_nodes(graph):
        edges = sorted(((v, k, d) for _, v, k, d in graph.out_edges(node, keys=True, data=True)),
                       key=lambda e: (str(e[0]), str(e[1])))
        if edges:
            grouped.append((node, edges))
    return grouped


_XML_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_XML_ATTR = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\r": "&#13;",
                           "\t": "&#09;"})


def _xml(value: Scalar, escapes: dict[int, str]) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return clean_text(value).translate(escapes)
    return str(value)


def xml_text(value: Scalar) -> str:
    """A scalar as XML character data: booleans as true/false, text cleaned of what XML cannot hold and escaped."""
    return _xml(value, _XML_TEXT)


def xml_attr(value: Scalar) -> str:
    """A scalar as the value of an XML attribute (quotes and line breaks escaped too)."""
    return _xml(value, _XML_ATTR)


@dataclass
class GraphRecords:
    """The graph as the XML formats write it: nodes in sorted order with their records, each node's out-edges
    with theirs, and the one scalar type of every node and edge attribute."""

    nodes: list[Any]
    node_records: list[dict[str, Any]]
    out_edges: list[tuple[Any, list[tuple[Any, Any, dict]]]]
    edge_records: list[list[dict[str, Any]]]
    node_types: dict[str, type]
    edge_types: dict[str, type]


def graph_records(graph: Any, drop: Iterable[str] = ()) -> GraphRecords:
    """`drop` names node attributes a format leaves out."""
    nodes = sorted_nodes(graph)
    dropped = set(drop)
    degrees = dict(graph.degree())
    node_records = [{k: v for k, v in node_record(graph, n, degrees[n]).items() if k not in dropped} for n in nodes]
    by_node = out_edges_by_node(graph)
    edge_records = [[edge_record(key, data) for _, key, data in edges] for _, edges in by_node]
    return GraphRecords(nodes, node_records, by_node, edge_records, attribute_types(node_records),
                        attribute_types(r for group in edge_records for r in group))
