"""BibTeX entries that carry an `abstract` field, parsed with bibtexparser 1.x.

bibtexparser 1.x drops an entry it cannot parse without a word, so the file is also scanned here: every `@type{key,`
at the top level must balance its braces and come out of the parser, or the file is reported at that entry's line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import bibtexparser
from bibtexparser.bibdatabase import UndefinedString
from bibtexparser.bparser import BibTexParser

from kg.model import Paper
from kg.read.jsonlines import NESTING_MESSAGE, parse_year

if TYPE_CHECKING:
    from kg.read import InputFile, Records

NOT_ENTRIES = frozenset({"comment", "string", "preamble"})
_ENTRY_START = re.compile(r"@[ \t]*([A-Za-z][\w-]*)[ \t\r\n]*([{(])")
_KEY = re.compile(r"[ \t\r\n]*([^,\s{}()]*)")
_DELIMITER = re.compile(r"[{}()]")
_AND = re.compile(r"\s+and\s+", re.IGNORECASE)


@dataclass(frozen=True)
class _Entry:
    kind: str
    key: str
    line: int


def _entry_end(text: str, opener: int) -> int:
    """Offset just after the delimiter closing the entry opened at `opener`, or -1 when braces never balance."""
    closer = ")" if text[opener] == "(" else "}"
    depth = 0
    for m in _DELIMITER.finditer(text, opener + 1):
        token = m.group(0)
        if depth == 0 and token == closer:
            return m.end()
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
            if depth < 0:
                return -1
    return -1


def scan(source: InputFile, text: str) -> list[_Entry]:
    """The file's entries in order, with their lines; raises InputError for braces that do not balance."""
    entries: list[_Entry] = []
    pos, line = 0, 1
    while True:
        at = text.find("@", pos)
        stray = text.find("}", pos, at if at >= 0 else len(text))
        if stray >= 0:
            raise source.error("BibTeX syntax error: unexpected '}' outside any entry",
                               line + text.count("\n", pos, stray))
        if at < 0:
            return entries
        line += text.count("\n", pos, at)
        start = _ENTRY_START.match(text, at)
        if start is None:  # a stray '@' in the free text between entries
            pos = at + 1
            continue
        end = _entry_end(text, start.end() - 1)
        if end < 0:
            raise source.error(f"BibTeX syntax error: unbalanced braces in the @{start.group(1)} entry starting here",
                               line)
        kind = start.group(1).lower()
        if kind not in NOT_ENTRIES:
            entries.append(_Entry(kind, _KEY.match(text, start.end()).group(1), line))
        line += text.count("\n", at, end)
        pos = end


def _parse(source: InputFile, text: str) -> list[dict[str, str]]:
    parser = BibTexParser(common_strings=True, ignore_nonstandard_types=False, interpolate_strings=True)
    try:
        return bibtexparser.loads(text, parser=parser).entries
    except UndefinedString as exc:
        name = str(exc.args[0]) if exc.args else str(exc)
        use = re.search(rf"[=#]\s*{re.escape(name)}\b", text)
        line = text.count("\n", 0, use.start()) + 1 if use else None
        raise source.error(f"undefined @string macro {name!r}", line) from None
    except RecursionError:
        raise source.error(f"BibTeX {NESTING_MESSAGE}") from None
    except Exception as exc:  # bibtexparser's own failures carry pyparsing's types; report them all alike
        raise source.error(f"BibTeX syntax error: {exc}") from None


def _split_top(text: str, separator: re.Pattern[str]) -> list[str]:
    """`text` split on `separator` where it is outside braces ("{Barnes and Noble}" stays whole)."""
    parts, depth, start = [], 0, 0
    for m in re.finditer(rf"[{{}}]|{separator.pattern}", text, separator.flags):
        token = m.group(0)
        if token == "{":
            depth += 1
        elif token == "}":
            depth = max(depth - 1, 0)
        elif depth == 0:
            parts.append(text[start : m.start()])
            start = m.end()
    parts.append(text[start:])
    return parts


def split_names(value: str) -> list[str]:
    """BibTeX names, "Last, First" and "Last, Jr, First" turned to "First Last"; "and others" dropped."""
    names = []
    for part in _split_top(value.strip(), _AND):
        pieces = [" ".join(p.split()) for p in _split_top(part, re.compile(","))]
        if len(pieces) == 3:
            pieces = [pieces[2], pieces[0], pieces[1]]
        elif len(pieces) == 2:
            pieces = [pieces[1], pieces[0]]
        name = " ".join(p for p in pieces if p)
        if name and name.lower() != "others":
            names.append(name)
    return names


def _paper(fields: dict[str, str]) -> Paper:
    get = {k.lower(): v for k, v in fields.items()}.get
    doi = get("doi", "").strip()
    url = get("url", "") or (f"https://doi.org/{doi}" if doi else "")
    return Paper(
        id=fields.get("ID", ""),
        abstract=get("abstract", ""),
        title=get("title", ""),
        authors=split_names(get("author", "")),
        venue=get("booktitle", "") or get("journal", ""),
        year=parse_year(get("year")),
        url=url,
        code=get("code", ""),
    )


def read(source: InputFile) -> Records:
    text = source.text()
    entries = scan(source, text)
    parsed = _parse(source, text)
    j = 0
    for entry in entries:
        if not entry.key:
            raise source.error(f"BibTeX syntax error: the @{entry.kind} entry has no citation key", entry.line)
        if j >= len(parsed) or parsed[j].get("ID") != entry.key:
            raise source.error(f"BibTeX syntax error: could not parse the @{entry.kind} entry {entry.key!r}",
                               entry.line)
        fields = parsed[j]
        j += 1
        if not fields.get("abstract", "").strip():
            source.bad_record(f"entry {entry.key!r} has no abstract", entry.line)
            continue
        yield entry.line, _paper(fields)
