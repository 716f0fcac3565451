"""JSON Lines (one paper object a line) and JSON (an array of papers, one paper, or `{"papers": [...]}`).

Fields: `id`, `title`, `abstract`, `authors` (strings or `{"name": ...}` objects) or `author` (one string),
`venue`, `year`, `url`, `code` (a string, a list whose first item counts, or null); other keys are ignored.
Key names are matched without regard to case. The CSV reader shares `paper_from_fields`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Generator, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from kg.model import Paper

NESTING_MESSAGE = "nested too deeply (brackets or braces inside one another a thousand levels down)"

if TYPE_CHECKING:
    from kg.read import InputFile, Records


class FieldError(ValueError):
    """A record field of the wrong shape; the record is bad, not the file."""


_YEAR = re.compile(r"\s*(\d{4})(?:[-/.]\d{1,2}(?:[-/.]\d{1,2})?)?(?:[T ].*)?\s*")
_BIBTEX_NAME = re.compile(r"[^,]+,[^,]+")


def _text(value: Any, name: str) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    raise FieldError(f"field {name!r} should be a string, not {type(value).__name__}")


def _abstract(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(part, str) for part in value):
        return "\n\n".join(value)  # an abstract stored as its paragraphs
    return _text(value, "abstract")


def parse_year(value: Any) -> int | None:
    """The year as an int when it parses (2019, "2019", 2019.0, "2019-06-10"), else None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, str):
        m = _YEAR.fullmatch(value)
        if m:
            return int(m.group(1))
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None


def split_authors(value: str) -> list[str]:
    """Names from one string: split on `;`, else on ` and ` and `,` ("Last, First and Last, First" kept whole)."""
    if ";" in value:
        parts = value.split(";")
    else:
        by_and = re.split(r"\s+and\s+", value.strip())
        if len(by_and) > 1 and all(_BIBTEX_NAME.fullmatch(part) for part in by_and):
            parts = [" ".join(reversed([p.strip() for p in part.split(",", 1)])) for part in by_and]
        else:
            parts = re.split(r",\s*(?:and\s+)?|\s+and\s+", value)
    return [" ".join(part.split()) for part in parts if part.strip()]


def _author_name(item: Any) -> str:
    if isinstance(item, str):
        return item
    if isinstance(item, Mapping):
        fields = {str(k).lower(): v for k, v in item.items()}
        if fields.get("name"):
            return _text(fields["name"], "authors")
        given, family = fields.get("given") or fields.get("first"), fields.get("family") or fields.get("last")
        return " ".join(_text(part, "authors") for part in (given, family) if part)
    raise FieldError(f"an author should be a string or an object with a 'name', not {type(item).__name__}")


def parse_authors(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            try:
                return parse_authors(json.loads(text))
            except json.JSONDecodeError:
                pass
        return split_authors(text)
    if isinstance(value, list):
        return [name for name in (" ".join(_author_name(item).split()) for item in value) if name]
    raise FieldError(f"field 'authors' should be a list or a string, not {type(value).__name__}")


def parse_code(value: Any) -> str:
    if isinstance(value, list):
        value = next((item for item in value if item), None)
    return _text(value, "code").strip()


def paper_from_fields(record: Mapping[str, Any]) -> Paper:
    """A Paper from a record's fields, raw (markup is cleaned later). Raises FieldError for a misshapen field."""
    fields: dict[str, Any] = {}
    for key, value in record.items():
        fields.setdefault(str(key).strip().lower(), value)
    raw_id = fields.get("id")
    authors = fields.get("authors")
    return Paper(
        id="" if raw_id is None else _text(raw_id, "id").strip(),
        abstract=_abstract(fields.get("abstract")),
        title=_text(fields.get("title"), "title"),
        authors=parse_authors(authors if authors not in (None, "", []) else fields.get("author")),
        venue=_text(fields.get("venue"), "venue"),
        year=parse_year(fields.get("year")),
        url=_text(fields.get("url"), "url"),
        code=parse_code(fields.get("code")),
    )


def record(source: InputFile, line: int, value: Any) -> Paper | None:
    """The Paper of one decoded JSON value, or None after reporting a bad record."""
    if not isinstance(value, dict):
        source.bad_record(f"expected a JSON object for a paper, got {_json_type(value)}", line)
        return None
    try:
        return paper_from_fields(value)
    except FieldError as exc:
        source.bad_record(str(exc), line)
        return None


def _json_type(value: Any) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", type(None): "null"}
    return names.get(type(value), "a number")


def malformed(exc: json.JSONDecodeError) -> str:
    """json's message in a sentence: "malformed JSON: unterminated string starting at column 14"."""
    what = exc.msg[:1].lower() + exc.msg[1:]
    return f"malformed JSON: {what}{'' if what.endswith(' at') else ' at'} column {exc.colno}"


def parse_lines(source: InputFile, lines: Iterator[tuple[int, str]]) -> Records:
    for number, line in lines:
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            source.bad_record(malformed(exc), number)
            continue
        except RecursionError:
            source.bad_record(f"JSON {NESTING_MESSAGE}", number)
            continue
        paper = record(source, number, value)
        if paper is not None:
            yield number, paper


def read_lines(source: InputFile) -> Records:
    """JSON Lines, streamed: one line in memory at a time."""
    yield from parse_lines(source, source.lines())


# --- JSON documents ---------------------------------------------------------------------------------------------

_DECODER = json.JSONDecoder()
_SPACE = re.compile(r"[ \t\n\r]*")


class _Lines:
    """Line numbers of string offsets, counted forward once rather than from the start each time."""

    def __init__(self, text: str) -> None:
        self.text, self.pos, self.line = text, 0, 1

    def at(self, pos: int) -> int:
        self.line += self.text.count("\n", self.pos, pos)
        self.pos = pos
        return self.line


def _skip(text: str, pos: int) -> int:
    return _SPACE.match(text, pos).end()


def _array(text: str, pos: int) -> Generator[tuple[int, Any], None, int]:
    """Items of the JSON array opening at `pos`, each with its offset; returns the offset after the `]`."""
    pos = _skip(text, pos + 1)
    if text.startswith("]", pos):
        return pos + 1
    while True:
        value, end = _DECODER.raw_decode(text, pos)
        yield pos, value
        pos = _skip(text, end)
        if text.startswith(",", pos):
            pos = _skip(text, pos + 1)
        elif text.startswith("]", pos):
            return pos + 1
        else:
            raise json.JSONDecodeError("Expecting ',' delimiter", text, pos)


def _papers_offset(text: str, pos: int) -> int | None:
    """Offset of the value of the top-level `papers` key of the object opening at `pos`, if it has one."""
    pos = _skip(text, pos + 1)
    while text.startswith('"', pos):
        key, pos = _DECODER.raw_decode(text, pos)
        pos = _skip(text, pos)
        if not text.startswith(":", pos):
            raise json.JSONDecodeError("Expecting ':' delimiter", text, pos)
        pos = _skip(text, pos + 1)
        if key.lower() == "papers":
            return pos
        _, pos = _DECODER.raw_decode(text, pos)
        pos = _skip(text, pos)
        if not text.startswith(",", pos):
            break
        pos = _skip(text, pos + 1)
    return None


def _object_papers(text: str, pos: int) -> Generator[tuple[int, Any], None, int]:
    """The papers of a top-level object: its `papers` array, or the object itself as one paper."""
    whole, end = _DECODER.raw_decode(text, pos)  # validates the whole object first
    at = _papers_offset(text, pos)
    if at is None:
        yield pos, whole
    elif text.startswith("[", at):
        yield from _array(text, at)
    else:
        value, _ = _DECODER.raw_decode(text, at)
        raise _ShapeError(f"'papers' should be an array, not {_json_type(value)}")
    return end


class _ShapeError(ValueError):
    pass


def _documents(text: str) -> Iterator[tuple[int, Any]]:
    """The paper values of a JSON document with their offsets; raises JSONDecodeError or _ShapeError."""
    pos = _skip(text, 0)
    if text.startswith("[", pos):
        end = yield from _array(text, pos)
    elif text.startswith("{", pos):
        end = yield from _object_papers(text, pos)
    else:
        value, _ = _DECODER.raw_decode(text, pos)
        raise _ShapeError(f"expected a JSON array or object of papers, got {_json_type(value)}")
    end = _skip(text, end)
    if end < len(text):
        raise json.JSONDecodeError("Extra data", text, end)


def _looks_like_lines(text: str) -> bool:
    """A `.json` file that is really JSON Lines: one object, then another on the next line."""
    pos = _skip(text, 0)
    if not text.startswith("{", pos):
        return False
    try:
        _, end = _DECODER.raw_decode(text, pos)
    except json.JSONDecodeError:
        return False
    rest = text[end : end + 200].lstrip(" \t\r")
    return rest.startswith("\n") and rest.lstrip().startswith("{")


def read_json(source: InputFile) -> Records:
    """A JSON document, read whole: an array of papers, one paper object, or an object with a `papers` array."""
    text = source.text()
    if _looks_like_lines(text):
        yield from parse_lines(source, enumerate(text.splitlines(), 1))
        return
    lines = _Lines(text)
    try:
        for pos, value in _documents(text):
            line = lines.at(pos)
            paper = record(source, line, value)
            if paper is not None:
                yield line, paper
    except json.JSONDecodeError as exc:
        raise source.error(malformed(exc), exc.lineno) from None
    except RecursionError:
        raise source.error(f"JSON {NESTING_MESSAGE}") from None
    except _ShapeError as exc:
        raise source.error(str(exc)) from None
