"""Run a SPARQL query over an RDF export and print the answer as a table, CSV or JSON."""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from decimal import Decimal
from pathlib import Path

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import OWL, XSD
from rdflib.plugins.sparql import prepareQuery
from rdflib.query import Result

from kg.export.rdf import PREFIXES

# Bound for every query, so a query may use these prefixes without declaring them.
QUERY_PREFIXES: dict[str, str] = {**{p: str(ns) for p, ns in PREFIXES.items()}, "owl": str(OWL)}

FORMATS = ("table", "csv", "json")
PARSERS = {".ttl": "turtle", ".nt": "nt", ".jsonld": "json-ld", ".json": "json-ld"}
EXPORT_FILES = ("kg.ttl", "kg.nt", "kg.jsonld")
MAX_MESSAGE = 300


class ExportError(Exception):
    """The export is missing or cannot be read as RDF."""


class QueryError(Exception):
    """The query is missing, does not parse, or fails to run; the message is one line."""


def _one_line(error: BaseException | str) -> str:
    text = " ".join(str(error).split())
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


def export_file(export: Path) -> Path:
    """The RDF file of an export: the file itself, or kg.ttl (else kg.nt, kg.jsonld) in a folder."""
    export = Path(export)
    if export.is_dir():
        for name in EXPORT_FILES:
            if (export / name).is_file():
                return export / name
        raise ExportError(_one_line(f"no {', '.join(EXPORT_FILES)} in {export}"))
    if not export.is_file():
        raise ExportError(_one_line(f"export not found: {export}"))
    if export.suffix.lower() not in PARSERS:
        raise ExportError(_one_line(f"not an RDF export (.ttl, .nt or .jsonld): {export}"))
    return export


def load_export(export: Path) -> Graph:
    """Parse an export into an rdflib graph; raise ExportError with a one-line message when that fails."""
    path = export_file(export)
    graph = Graph()
    try:
        graph.parse(path, format=PARSERS[path.suffix.lower()])
    except Exception as error:  # the parsers raise many kinds; all mean the same here
        raise ExportError(_one_line(f"cannot read {path}: {error}")) from None
    return graph


def read_query(query: str | Path) -> str:
    """The query text: `query` itself, or the contents of the .rq file it names."""
    name = str(query).strip()
    if isinstance(query, Path) or (name.endswith(".rq") and not any(c in name for c in "{}\n")):
        path = query if isinstance(query, Path) else Path(name)
        if not path.is_file():
            raise QueryError(_one_line(f"query file not found: {path}"))
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise QueryError(_one_line(f"cannot read {path}: {error}")) from None
    return query


def run_query(export: Path, query: str | Path, fmt: str = "table", *, max_width: int = 80) -> str:
    """Answer `query` (text or a .rq file) over `export` in `fmt` ("table", "csv" or "json").

    The table cuts cells at `max_width` characters (0: never) and shows IRIs with the bound prefixes;
    CSV and JSON carry full IRIs and full values.
    """
    if fmt not in FORMATS:
        raise QueryError(_one_line(f"unknown format {fmt!r}: use one of {', '.join(FORMATS)}"))
    text = read_query(query)
    try:
        prepared = prepareQuery(text, initNs=QUERY_PREFIXES)
    except Exception as error:  # pyparsing's ParseException, or a plain Exception for an unknown prefix
        raise QueryError(_one_line(f"invalid query: {error}")) from None
    try:
        graph = load_export(export)
    except ExportError as error:
        raise QueryError(str(error)) from None
    try:
        result = graph.query(prepared)
        columns, rows = _rows(result)
    except Exception as error:  # evaluation errors surface as many exception types
        raise QueryError(_one_line(f"query failed: {error}")) from None
    if fmt == "csv":
        return _csv(columns, rows)
    if fmt == "json":
        return _json(columns, rows)
    return _table(columns, rows, max_width)


def _rows(result: Result) -> tuple[list[str], list[list[object]]]:
    if result.type == "ASK":
        return ["ask"], [[Literal(bool(result.askAnswer))]]
    if result.type in ("CONSTRUCT", "DESCRIBE"):
        return ["subject", "predicate", "object"], [list(t) for t in sorted(result.graph)]
    columns = [str(v) for v in result.vars or []]
    return columns, [[row[i] for i in range(len(columns))] for row in result]


def _plain(term: object) -> str:
    """A term as text: an IRI as itself, a literal as its lexical form, nothing as ''."""
    if term is None:
        return ""
    if isinstance(term, BNode):
        return f"_:{term}"
    return str(term)


def _csv(columns: list[str], rows: list[list[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows([_plain(v) for v in row] for row in rows)
    return out.getvalue()


def _native(term: object) -> object:
    if isinstance(term, Literal):
        if term.datatype == XSD.boolean:
            return bool(term.toPython())
        value = term.toPython()
        if isinstance(value, bool | int):
            return value
        if isinstance(value, Decimal | float):
            number = float(value)
            return number if number == number and abs(number) != float("inf") else str(term)
        return str(term)
    return None if term is None else _plain(term)


def _json(columns: list[str], rows: list[list[object]]) -> str:
    objects = [{c: _native(v) for c, v in zip(columns, row, strict=True)} for row in rows]
    return json.dumps(objects, ensure_ascii=False, indent=2) + "\n"


def _visible(text: str) -> str:
    """Control characters as escapes, so a value cannot break the table's lines or drive the terminal."""
    out = []
    for char in text:
        if char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif char == "\r":
            out.append("\\r")
        elif unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp"):
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return "".join(out)


def compact_iri(iri: str) -> str:
    """`kgo:Paper` for an IRI in a bound namespace with a simple local name, else the IRI itself."""
    for prefix, namespace in QUERY_PREFIXES.items():
        local = iri[len(namespace):]
        if iri.startswith(namespace) and local and all(c.isalnum() or c in "_-" for c in local):
            return f"{prefix}:{local}"
    return iri


def _width(text: str) -> int:
    """Terminal columns: East Asian wide characters take two, combining marks none."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _cell(term: object, max_width: int) -> str:
    text = _visible(compact_iri(str(term)) if isinstance(term, URIRef) else _plain(term))
    if max_width and _width(text) > max_width:
        while _width(text) > max_width - 1:
            text = text[:-1]
        text += "…"
    return text


def _table(columns: list[str], rows: list[list[object]], max_width: int) -> str:
    cells = [[_cell(v, max_width) for v in row] for row in rows]
    header = [_visible(c) for c in columns]
    widths = [max([_width(header[i])] + [_width(r[i]) for r in cells]) for i in range(len(columns))]

    def line(values: list[str]) -> str:
        return " | ".join(v + " " * (w - _width(v)) for v, w in zip(values, widths, strict=True)).rstrip()

    lines = [line(header), "-+-".join("-" * w for w in widths)]
    lines += [line(r) for r in cells]
    count = len(rows)
    lines.append(f"({count} row{'s' if count != 1 else ''})")
    return "\n".join(lines) + "\n"
