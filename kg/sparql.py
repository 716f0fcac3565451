"""Run a SPARQL query over an RDF export (with pyoxigraph) and print the answer as a table, CSV or JSON."""

from __future__ import annotations

import csv
import io
import json
import math
import re
import unicodedata
from pathlib import Path

import pyoxigraph as ox

from kg.export.rdf import PREFIXES
from kg.store import ExportError, one_line, open_store

# Bound for every query, so a query may use these prefixes without declaring them.
QUERY_PREFIXES: dict[str, str] = {**{p: str(ns) for p, ns in PREFIXES.items()}, "owl": "http://www.w3.org/2002/07/owl#"}

FORMATS = ("table", "csv", "json")
XSD = "http://www.w3.org/2001/XMLSchema#"
BOOLEAN = XSD + "boolean"
INTEGERS = frozenset(XSD + name for name in (
    "integer", "int", "long", "short", "byte", "nonNegativeInteger", "positiveInteger", "nonPositiveInteger",
    "negativeInteger", "unsignedLong", "unsignedInt", "unsignedShort", "unsignedByte"))
DECIMALS = frozenset(XSD + name for name in ("decimal", "float", "double"))
# The parser's messages list the characters it expected as ranges ("['0' ..= '9' | ...]"): left out, and an
# unknown prefix said in words.
CHARACTER_RANGES = re.compile(r",?\s*\[[^\]]*\]")
UNKNOWN_PREFIX = re.compile(r"expected one of Prefix not found.*", re.DOTALL)

Result = ox.QuerySolutions | ox.QueryBoolean | ox.QueryTriples
Term = ox.NamedNode | ox.BlankNode | ox.Literal | None


class QueryError(Exception):
    """The query is missing, does not parse, or fails to run; the message is one line."""


def read_query(query: str | Path) -> str:
    """The query text: `query` itself, or the contents of the .rq file it names."""
    name = str(query).strip()
    if isinstance(query, Path) or (name.endswith(".rq") and not any(c in name for c in "{}\n")):
        path = query if isinstance(query, Path) else Path(name)
        if not path.is_file():
            raise QueryError(one_line(f"query file not found: {path}"))
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise QueryError(one_line(f"cannot read {path}: {error}")) from None
    return query


def execute(store: ox.Store, text: str) -> Result:
    """Run a query (not an update) with QUERY_PREFIXES bound; a query that does not parse raises QueryError.

    pyoxigraph evaluates lazily: errors may still come while the solutions are read.
    """
    try:
        return store.query(text, prefixes=QUERY_PREFIXES)
    except SyntaxError as error:
        message = CHARACTER_RANGES.sub("", UNKNOWN_PREFIX.sub("unknown prefix", str(error)))
        raise QueryError(one_line(f"invalid query: {message}")) from None
    except Exception as error:  # evaluation errors surface as OSError, ValueError, ...
        raise QueryError(one_line(f"query failed: {error}")) from None


def run_query(export: Path, query: str | Path, fmt: str = "table", *, max_width: int = 80) -> str:
    """Answer `query` (text or a .rq file) over `export` in `fmt` ("table", "csv" or "json").

    `export` is an RDF file, an export folder or a store folder from `kg load`. The table cuts cells at
    `max_width` characters (0: never) and shows IRIs with the bound prefixes; CSV and JSON carry full IRIs and
    full values.
    """
    if fmt not in FORMATS:
        raise QueryError(one_line(f"unknown format {fmt!r}: use one of {', '.join(FORMATS)}"))
    text = read_query(query)
    try:
        store = open_store(export)
    except ExportError as error:
        raise QueryError(str(error)) from None
    result = execute(store, text)
    try:
        columns, rows = _rows(result)
    except Exception as error:  # evaluation errors surface as many exception types
        raise QueryError(one_line(f"query failed: {error}")) from None
    if fmt == "csv":
        return _csv(columns, rows)
    if fmt == "json":
        return _json(columns, rows)
    return _table(columns, rows, max_width)


def _rows(result: Result) -> tuple[list[str], list[list[Term]]]:
    if isinstance(result, ox.QueryBoolean):
        return ["ask"], [[ox.Literal("true" if result else "false", datatype=ox.NamedNode(BOOLEAN))]]
    if isinstance(result, ox.QueryTriples):
        from kg.terms import Converter  # rdflib's order of triples, as the answers always had

        convert = Converter().term
        rows = [[t.subject, t.predicate, t.object] for t in result]
        return ["subject", "predicate", "object"], sorted(rows, key=lambda row: tuple(map(convert, row)))
    variables = result.variables
    return [v.value for v in variables], [[solution[v] for v in variables] for solution in result]


def _plain(term: Term) -> str:
    """A term as text: an IRI as itself, a literal as its lexical form, nothing as ''."""
    if term is None:
        return ""
    if isinstance(term, ox.BlankNode):
        return f"_:{term.value}"
    return term.value


def _csv(columns: list[str], rows: list[list[Term]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows([_plain(v) for v in row] for row in rows)
    return out.getvalue()


def _native(term: Term) -> object:
    """A term as JSON: numbers and booleans as themselves, anything else as text, nothing as null."""
    if not isinstance(term, ox.Literal):
        return None if term is None else _plain(term)
    datatype = term.datatype.value
    if datatype == BOOLEAN:
        return term.value.strip().lower() in ("true", "1")
    try:
        if datatype in INTEGERS:
            return int(term.value)
        if datatype in DECIMALS:
            number = float(term.value)
            return number if math.isfinite(number) else term.value
    except ValueError:  # an ill-typed literal stays text
        pass
    return term.value


def _json(columns: list[str], rows: list[list[Term]]) -> str:
    objects = [{c: _native(v) for c, v in zip(columns, row, strict=True)} for row in rows]
    return json.dumps(objects, ensure_ascii=False, indent=2) + "\n"


def _visible(text: str) -> str:
    """Control characters as escapes, so a value cannot break the table's lines or drive the terminal."""
    if text.isprintable():  # the common case, checked in C: none of the characters below
        return text
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


def _char_width(char: str) -> int:
    """Terminal columns: East Asian wide characters take two, combining marks none."""
    return 0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1


def _width(text: str) -> int:
    return len(text) if text.isascii() else sum(map(_char_width, text))


def _cell(term: Term, max_width: int) -> str:
    """The term as it shows in the table: cut to its longest start that fits `max_width` with an ellipsis."""
    text = _visible(compact_iri(term.value) if isinstance(term, ox.NamedNode) else _plain(term))
    if not max_width or _width(text) <= max_width:
        return text
    used = 0
    for end, char in enumerate(text):
        used += _char_width(char)
        if used > max_width - 1:
            return text[:end] + "…"
    return text + "…"


def _table(columns: list[str], rows: list[list[Term]], max_width: int) -> str:
    header = [_visible(c) for c in columns]
    cells = [[(text, _width(text)) for text in (_cell(v, max_width) for v in row)] for row in rows]
    named = [[(text, _width(text)) for text in header]]
    widths = [max(r[i][1] for r in named + cells) for i in range(len(columns))]

    def line(values: list[tuple[str, int]]) -> str:
        return " | ".join(v + " " * (w - n) for (v, n), w in zip(values, widths, strict=True)).rstrip()

    lines = [line(named[0]), "-+-".join("-" * w for w in widths)]
    lines += [line(r) for r in cells]
    count = len(rows)
    lines.append(f"({count} row{'s' if count != 1 else ''})")
    return "\n".join(lines) + "\n"
