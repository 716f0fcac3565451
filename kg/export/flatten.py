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


def _common_type(kinds: set[type]) -> type:
    if len(kinds) == 1:
        return next(iter(kinds))
    if kinds <= {int, float}:
        return float
    return str


def flatten_records(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Scalar]]:
    """Scalar attributes for each record, None dropped, and one type per attribute name across all records.

    An attribute that is int on some records and float on others becomes float everywhere; any other mix
    becomes str everywhere, so a file never declares one name with two types.
    """
    flat = [{str(k): s for k, v in record.items() if (s := scalar(v)) is not None} for record in records]
    kinds: dict[str, set[type]] = defaultdict(set)
    for record in flat:
        for name, value in record.items():
            kinds[name].add(type(value))
    target = {name: _common_type(found) for name, found in kinds.items()}
    return [{name: target[name](value) for name, value in record.items()} for record in flat]


def clean_text(text: str) -> str:
    """Drop the characters that XML 1.0 cannot represent (NUL and most other C0 controls, lone surrogates)."""
    return _XML_INVALID.sub("", text)


def xml_safe(record: Mapping[str, Scalar]) -> dict[str, Scalar]:
    return {clean_text(k): clean_text(v) if isinstance(v, str) else v for k, v in record.items()}


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


def flat_nodes(graph: Any) -> list[tuple[str, dict[str, Scalar]]]:
    """Nodes sorted by key, each with `type`, `label`, `labels` (`:Paper`, `:Concept:Method`), `community`,
    `degree` first, then the node's other attributes by name; all scalar, None dropped."""
    keys = sorted(graph.nodes, key=str)
    records = []
    for node in keys:
        data = graph.nodes[node]
        head = {
            "type": data.get("type"),
            "label": data.get("label") or str(node),
            "labels": ":" + ":".join(node_labels(data.get("type"))),
            "community": data.get("community"),
            "degree": int(graph.degree(node)),
        }
        records.append(head | {k: data[k] for k in sorted(data, key=str) if k not in head})
    return list(zip((str(k) for k in keys), flatten_records(records), strict=True))


def flat_edges(graph: Any) -> list[tuple[str, str, str, dict[str, Scalar]]]:
    """Edges sorted by (source, target, key), each with `type` first (the relationship type), `role`, `weight`
    (the link weight, or the confidence of a role edge), then the other attributes by name."""
    edges = sorted(graph.edges(keys=True, data=True), key=lambda e: (str(e[0]), str(e[1]), str(e[2])))
    records = []
    for _, _, key, data in edges:
        role = data.get("role", key)
        weight = data["weight"] if data.get("weight") is not None else data.get("confidence")
        head = {"type": rel_type(str(role)), "role": role, "weight": None if weight is None else float(weight)}
        records.append(head | {k: data[k] for k in sorted(data, key=str) if k not in head})
    flat = flatten_records(records)
    return [(str(u), str(v), str(key), attrs) for (u, v, key, _), attrs in zip(edges, flat, strict=True)]
