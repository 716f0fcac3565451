"""Neo4j export: `neo4j/nodes.csv` and `neo4j/relationships.csv` for `neo4j-admin database import full`, and
`neo4j/import.cypher`, which loads the same two files into a running server with LOAD CSV.

CSV dialect. UTF-8, every field quoted, a quote inside a value doubled (`""`, never `\\"`), `\\n` between rows;
values keep their own newlines, so the admin import needs `--multiline-fields=true`. Headers use the admin
import form (`id:ID`, `:LABEL`, `year:int`, `confidence:double`, `aliases:string[]`, `:START_ID`, `:END_ID`,
`:TYPE`). A missing value (None, an empty string or list) is an empty field; both routes leave such a property
unset (`--ignore-empty-strings=true` for the admin import, a CASE in the script). Nodes are sorted by id,
relationships by start, end and role.

Arrays. `string[]` columns are split on ARRAY_DELIMITER `;`, which is also the admin import's default and the
separator of `:LABEL`, so no `--array-delimiter` flag is needed. A `;` inside one element (an author written
"Doe; J.") would split it in two, so it is written as `,`.

Formula guard. Spreadsheets run a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return, and
these files are as likely to be opened in one as to be imported, with titles, abstracts and author names that
come from outside. Neo4j has no way to drop a marker on import, so whatever the file holds is what Neo4j
stores. The rule: every text value (each element of an array too) that starts with one of those characters,
or with an apostrophe, gets one leading apostrophe (`-cmd|x` -> `'-cmd|x`). It is applied to every free-text
column alike; ids, `:LABEL`, `:TYPE`, type and role names and numbers are this module's own and never start
that way (the -1 of `community:int` is a number to a spreadsheet, not a formula). It changes only such
values, and is undone exactly by removing one leading apostrophe from any text that has one (values that
began with an apostrophe were given a second), e.g. in Cypher:
`CASE WHEN s STARTS WITH "'" THEN substring(s, 1) ELSE s END`. Text also loses the control characters that no
text needs (NUL, lone surrogates, ...; see kg.export.flatten.clean_text); tabs and newlines stay.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx

from kg.export.atomic import atomic_write, write_text
from kg.export.flatten import REL_TYPES, clean_text, node_labels, out_edges_by_node, scalar
from kg.export.pieces import NO_REUSE, PieceWriter, Reuse, salt_of
from kg.model import CONCEPT_TYPES

FOLDER = "neo4j"
NODES_FILE = "nodes.csv"
RELATIONSHIPS_FILE = "relationships.csv"
SCRIPT_FILE = "import.cypher"

ARRAY_DELIMITER = ";"
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "'")
KNOWN_TYPES = ("Paper", *CONCEPT_TYPES)


@dataclass(frozen=True)
class Column:
    header: str  # as neo4j-admin reads it, e.g. "year:int"
    attr: str  # the graph attribute it holds
    kind: str  # "str", "int", "double" or "list"
    on: tuple[str, ...] = ()  # node kinds ("Paper", "Concept") or roles that carry it; () for all

    @property
    def name(self) -> str:
        return self.header.split(":", 1)[0]


NODE_COLUMNS: tuple[Column, ...] = (
    Column("type", "type", "str"),
    Column("label", "label", "str"),
    Column("title", "title", "str", ("Paper",)),
    Column("authors:string[]", "authors", "list", ("Paper",)),
    Column("venue", "venue", "str", ("Paper",)),
    Column("year:int", "year", "int", ("Paper",)),
    Column("url", "url", "str", ("Paper",)),
    Column("code", "code", "str", ("Paper",)),
    Column("abstract", "abstract", "str", ("Paper",)),
    Column("aliases:string[]", "aliases", "list", ("Concept",)),
    Column("paper_count:int", "paper_count", "int", ("Concept",)),
    Column("community:int", "community", "int"),
    Column("community_name", "community_name", "str"),
)
_ROLE_EDGES = tuple(role for role in REL_TYPES if role != "shares")
REL_COLUMNS: tuple[Column, ...] = (
    Column("role", "role", "str"),
    Column("confidence:double", "confidence", "double", _ROLE_EDGES),
    Column("weight:double", "weight", "double"),
    Column("evidence", "evidence", "str", _ROLE_EDGES),
    Column("shared:string[]", "shared", "list", ("shares",)),
)


def guard(text: str) -> str:
    """Text for a CSV cell: control characters no text needs dropped (NUL, lone surrogates, ...; tab, newline
    and carriage return kept), then one apostrophe before text a spreadsheet would run (see the module docstring)."""
    text = clean_text(text)
    return "'" + text if text.startswith(FORMULA_TRIGGERS) else text


def _cell(value: Any, kind: str) -> str:
    if value is None:
        return ""
    if kind == "list":
        items = value if isinstance(value, list | tuple) else [value]
        texts = (scalar(item) for item in items)
        return ARRAY_DELIMITER.join(guard(str(t).replace(ARRAY_DELIMITER, ",")) for t in texts if t is not None)
    if kind == "int":
        return str(int(value))
    if kind == "double":
        number = float(value)
        return repr(number) if math.isfinite(number) else ""
    text = scalar(value)
    return "" if text is None else guard(str(text))


# Node columns that change with the whole corpus: the last ones of a row, written beside the row's piece.
VOLATILE_COLUMNS = ("community", "community_name")
_STABLE_COLUMNS = NODE_COLUMNS[: len(NODE_COLUMNS) - len(VOLATILE_COLUMNS)]
assert tuple(c.attr for c in NODE_COLUMNS[len(_STABLE_COLUMNS):]) == VOLATILE_COLUMNS


def _check(graph: nx.MultiDiGraph) -> None:
    """Every node type and role is one this export knows, before anything is written."""
    for node, node_type in graph.nodes(data="type"):
        if node_type not in KNOWN_TYPES:
            raise ValueError(f"node {node!r} has type {node_type!r}; Neo4j export knows {', '.join(KNOWN_TYPES)}")
    for u, v, key, role in graph.edges(keys=True, data="role"):
        if (key if role is None else role) not in REL_TYPES:
            raise ValueError(f"edge {u!r} -> {v!r} has role {role or key!r}; Neo4j export knows {', '.join(REL_TYPES)}")


def _csv_line(cells: list[str]) -> str:
    """Cells as one CSV line without its end: every field quoted, a quote doubled."""
    buffer = io.StringIO()
    csv.writer(buffer, quoting=csv.QUOTE_ALL, lineterminator="").writerow(cells)
    return buffer.getvalue()


def _node_row_start(inputs: dict) -> str:
    """A node's row up to its volatile columns: id, labels and the stable properties, and the comma after them."""
    cells = [clean_text(inputs["id"]), ARRAY_DELIMITER.join(node_labels(inputs["type"]))]
    cells += [_cell(inputs["data"].get(c.attr), c.kind) for c in _STABLE_COLUMNS]
    return _csv_line(cells) + ","


def _rel_rows(inputs: dict) -> str:
    """The rows of one node's out-edges."""
    lines = []
    for target, role, values in inputs["edges"]:
        cells = [clean_text(inputs["source"]), clean_text(target), REL_TYPES[role]]
        lines.append(_csv_line(cells + [_cell(values.get(c.attr), c.kind) for c in REL_COLUMNS]) + "\n")
    return "".join(lines)


def _write_nodes(graph: nx.MultiDiGraph, path: Path, reuse: Reuse) -> Path:
    with atomic_write(path, "wb") as handle:
        pieces = PieceWriter([handle], [path], salt_of(), reuse)
        try:
            pieces.text(_csv_line(["id:ID", ":LABEL"] + [c.header for c in NODE_COLUMNS]) + "\n")
            for node in sorted(graph.nodes, key=str):
                data = graph.nodes[node]
                pieces.piece({"id": str(node), "type": data.get("type"),
                              "data": {c.attr: data.get(c.attr) for c in _STABLE_COLUMNS}}, _node_row_start)
                end = [_cell(data.get(c.attr), c.kind) for c in NODE_COLUMNS[len(_STABLE_COLUMNS):]]
                pieces.text(_csv_line(end) + "\n")
        finally:
            pieces.close()
    return path


def _write_relationships(graph: nx.MultiDiGraph, path: Path, reuse: Reuse) -> Path:
    with atomic_write(path, "wb") as handle:
        pieces = PieceWriter([handle], [path], salt_of(), reuse)
        try:
            pieces.text(_csv_line([":START_ID", ":END_ID", ":TYPE"] + [c.header for c in REL_COLUMNS]) + "\n")
            for source, edges in out_edges_by_node(graph):
                rows = []
                for target, key, data in edges:
                    role = data.get("role", key)
                    values = {c.attr: data.get(c.attr) for c in REL_COLUMNS} | {"role": role}
                    if values.get("weight") is None:
                        values["weight"] = data.get("confidence")
                    rows.append([str(target), role, values])
                pieces.piece({"source": str(source), "edges": rows}, _rel_rows)
        finally:
            pieces.close()
    return path


def _expr(column: Column) -> str:
    field = f"row['{column.header}']"
    convert = {"str": "{}", "int": "toInteger({})", "double": "toFloat({})",
               "list": "split({}, '" + ARRAY_DELIMITER + "')"}[column.kind].format(field)
    return f"CASE WHEN {field} <> '' THEN {convert} END"


def _set_clause(var: str, columns: Iterable[Column]) -> str:
    return "SET " + ",\n    ".join(f"{var}.{c.name} = {_expr(c)}" for c in columns)


def cypher_script() -> str:
    """The LOAD CSV script. It depends on no data: every label, type and column comes from this module."""
    lines = [
        "// Loads nodes.csv and relationships.csv (written beside this file) into a running Neo4j 5 server.",
        "// Copy both CSV files into the server's import folder, then: cypher-shell -f import.cypher",
        "// Empty fields leave a property unset; list columns are split on '" + ARRAY_DELIMITER + "'.",
        "",
        "CREATE CONSTRAINT paper_id IF NOT EXISTS FOR (n:Paper) REQUIRE n.id IS UNIQUE;",
        "CREATE CONSTRAINT concept_id IF NOT EXISTS FOR (n:Concept) REQUIRE n.id IS UNIQUE;",
    ]
    for node_type in KNOWN_TYPES:
        labels = node_labels(node_type)
        kind = labels[0]
        columns = [c for c in NODE_COLUMNS if not c.on or kind in c.on]
        lines += [
            "",
            f"// {node_type} nodes",
            f"LOAD CSV WITH HEADERS FROM 'file:///{NODES_FILE}' AS row",
            f"WITH row WHERE row[':LABEL'] = '{ARRAY_DELIMITER.join(labels)}'",
            f"MERGE (n:{':'.join(labels)} {{id: row['id:ID']}})",
            _set_clause("n", columns) + ";",
        ]
    for role, rel in REL_TYPES.items():
        end_label = "Paper" if role == "shares" else "Concept"
        columns = [c for c in REL_COLUMNS if not c.on or role in c.on]
        lines += [
            "",
            f"// {rel} relationships",
            f"LOAD CSV WITH HEADERS FROM 'file:///{RELATIONSHIPS_FILE}' AS row",
            f"WITH row WHERE row[':TYPE'] = '{rel}'",
            "MATCH (a:Paper {id: row[':START_ID']})",
            f"MATCH (b:{end_label} {{id: row[':END_ID']}})",
            f"MERGE (a)-[r:{rel}]->(b)",
            _set_clause("r", columns) + ";",
        ]
    return "\n".join(lines) + "\n"


def write(graph: nx.MultiDiGraph, out_dir: Path, reuse: Reuse = NO_REUSE) -> list[Path]:
    """Write `<out_dir>/neo4j/{nodes.csv, relationships.csv, import.cypher}`; return the three paths."""
    folder = Path(out_dir) / FOLDER
    _check(graph)
    return [
        _write_nodes(graph, folder / NODES_FILE, reuse),
        _write_relationships(graph, folder / RELATIONSHIPS_FILE, reuse),
        write_text(folder / SCRIPT_FILE, cypher_script()),
    ]
