"""CSV with a header row naming at least an `abstract` column; the other columns are those of the JSON reader.

Header names are matched without regard to case or surrounding spaces. Rows are streamed; a record's line is the
physical line where it starts, so a quoted abstract spanning several lines still points at its first one.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from itertools import chain
from typing import TYPE_CHECKING

from kg.read.jsonlines import FieldError, paper_from_fields

if TYPE_CHECKING:
    from kg.read import InputFile, Records

DELIMITERS = (",", ";", "\t", "|")
# Python's default cap (128 KiB a field) is below what an abstract with inline figures or a bad export can hold;
# the cap is that of one record (kg.read.MAX_RECORD_BYTES).
FIELD_LIMIT = 1 << 22


def _header(source: InputFile, lines: Iterator[tuple[int, str]]) -> tuple[str, list[str]]:
    """The delimiter and the normalised column names, from the first non-blank line."""
    for number, line in lines:
        if not line.strip():
            continue
        if "\r" in line.rstrip("\r\n"):
            raise source.error("lines end in a bare carriage return (classic Mac); save the file with LF or CRLF "
                               "line ends", number)
        for delimiter in DELIMITERS:
            try:
                columns = [name.strip().lower() for name in next(csv.reader([line], delimiter=delimiter))]
            except csv.Error as exc:
                raise source.error(f"malformed CSV header: {_plain(str(exc))}", number) from None
            if "abstract" in columns:
                return delimiter, columns
        raise source.error("CSV header has no 'abstract' column", number)
    raise source.error("CSV file has no header row")


def read(source: InputFile) -> Records:
    csv.field_size_limit(FIELD_LIMIT)
    lines = source.lines(keepends=True)
    delimiter, columns = _header(source, lines)
    first = next(lines, None)
    if first is None:
        return
    offset = first[0] - 1  # csv counts the lines it reads; the header and any blank lines came before
    # strict: a stray quote is an error here, not a field that silently runs on through the rest of the file
    rows = csv.reader(chain([first[1]], (text for _, text in lines)), delimiter=delimiter, strict=True)
    start = offset + 1
    try:
        for row in rows:
            if any(cell.strip() for cell in row):
                yield from _paper(source, start, columns, row)
            start = offset + rows.line_num + 1
    except csv.Error as exc:
        if str(exc).startswith("unexpected end of data"):
            raise source.error("malformed CSV: a quoted field in this record is never closed", start) from None
        if "field limit" in str(exc):
            raise source.error(_plain(str(exc)), start) from None
        raise source.error(f"malformed CSV: {_plain(str(exc))}", offset + rows.line_num) from None


# The csv module's words for what went wrong, and what they mean in a file someone has to fix.
_PROBLEMS = {
    "new-line character seen in unquoted field": "a line break inside a field that is not quoted",
    "line contains NUL": "a NUL byte (binary data)",
    "expected after": "text after a closing quote (a quote inside a quoted field is written twice: \"\")",
    "larger than field limit": f"a field longer than {FIELD_LIMIT >> 20} MiB, the limit of one record",
}


def _plain(problem: str) -> str:
    return next((plain for known, plain in _PROBLEMS.items() if known in problem), problem)


def _paper(source: InputFile, line: int, columns: list[str], row: list[str]) -> Records:
    fields: dict[str, str] = {}
    for name, value in zip(columns, row, strict=False):
        if name:
            fields.setdefault(name, value)
    try:
        yield line, paper_from_fields(fields)
    except FieldError as exc:
        source.bad_record(str(exc), line)
