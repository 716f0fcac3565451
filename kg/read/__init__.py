"""Read paper abstracts from files and folders, whatever the format: each yields `Paper` records.

`read_papers` picks a reader by extension, streams records out of it, and gives every record the same finish:
markup cleaned, code link found, id derived when missing, `source` set to `file:line`. A problem with one record
(no abstract, a malformed JSON line, bytes that are not UTF-8) can be skipped with a warning (`skip_bad`); a problem
with a whole file (missing, empty, binary, unparseable) always raises `InputError`.
"""

from __future__ import annotations

import gzip
import re
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from kg.model import Paper
from kg.read import bibtex, csvfile, jsonlines, seedtext
from kg.read.jsonlines import NESTING_MESSAGE
from kg.text import clean_id, clean_markup, derive_id, find_code_urls

Records = Iterator[tuple[int, Paper]]

READERS: dict[str, Callable[[InputFile], Records]] = {
    ".txt": seedtext.read,
    ".jsonl": jsonlines.read_lines,
    ".ndjson": jsonlines.read_lines,
    ".json": jsonlines.read_json,
    ".csv": csvfile.read,
    ".bib": bibtex.read,
    ".bibtex": bibtex.read,
}
LATEX_FORMATS = frozenset({".bib", ".bibtex"})
SNIFF_BYTES = 1024
# Limits on what an input may hold once decompressed: no abstract comes near them, and they keep a decompression
# bomb (a small .gz that expands to gigabytes) or a runaway field from exhausting memory or time.
MAX_RECORD_BYTES = 1 << 22  # one line of JSON Lines or of a text file, one CSV field: 4 MiB
MAX_FILE_BYTES = 1 << 29  # one input file: 512 MiB

_SURROGATE = re.compile("[\ud800-\udfff]")  # lone halves JSON lets through; UTF-8 cannot hold them
_URL = re.compile(r"https?://[^\s()<>\[\]\"']+")


class InputError(Exception):
    """A problem with an input file, reported as `path:line: message` (or `path: message`) on one line."""

    def __init__(self, path: str | Path, message: str, line: int | None = None) -> None:
        self.path = str(path)
        self.line = line
        self.message = " ".join(str(message).split())
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.path}: {self.message}"
        return f"{self.path}:{self.line}: {self.message}"


def format_of(path: Path) -> str | None:
    """The reader key of a file name (`.jsonl` for `a.JSONL.gz`), or None when no reader takes it."""
    suffixes = [s.lower() for s in path.suffixes]
    if suffixes and suffixes[-1] == ".gz":
        suffixes.pop()
    if suffixes and suffixes[-1] in READERS:
        return suffixes[-1]
    return None


@dataclass
class InputFile:
    """One file being read: where it is, how to open and decode it, and how to report its problems."""

    path: Path
    skip_bad: bool
    warn: Callable[[str], None]
    skipped: int = 0

    def error(self, message: str, line: int | None = None) -> InputError:
        return InputError(self.path, message, line)

    def bad_record(self, message: str, line: int | None) -> None:
        """A problem confined to one record: raise, or with `skip_bad` warn and let the reader skip it."""
        if not self.skip_bad:
            raise self.error(message, line)
        self.skipped += 1
        self.warn(str(self.error(f"{message}; skipped", line)))

    def open(self) -> IO[bytes]:
        if not self.path.exists():
            raise self.error("vanished while the build read its inputs (no such file)")
        if not self.path.is_file():  # a FIFO would block for ever, a device never end
            raise self.error("not a regular file")
        raw = gzip.open(self.path, "rb") if self.compressed else self.path.open("rb")  # noqa: SIM115
        return _Bounded(raw, self)  # type: ignore[return-value]

    @property
    def compressed(self) -> bool:
        return self.path.suffix.lower() == ".gz"

    def too_large(self) -> InputError:
        return self.error(f"expands to more than {MAX_FILE_BYTES >> 20} MiB, the limit of one input file "
                          "(a decompression bomb?)")

    def lines(self, keepends: bool = False) -> Iterator[tuple[int, str]]:
        """The file's lines, decoded one at a time, with their 1-based numbers; a line longer than
        MAX_RECORD_BYTES is a bad record, found without reading it whole."""
        with self.reading() as handle:
            number = 0
            while raw := handle.readline(MAX_RECORD_BYTES + 1):
                number += 1
                if len(raw) > MAX_RECORD_BYTES and not raw.endswith(b"\n"):
                    while (rest := handle.readline(MAX_RECORD_BYTES)) and not rest.endswith(b"\n"):
                        pass  # the rest of the line, read in bounded pieces (the file limit still holds)
                    self.bad_record(f"line longer than {MAX_RECORD_BYTES >> 20} MiB, the limit of one record",
                                    number)
                    continue
                text = self._decode(raw, number)
                if number == 1:
                    text = text.removeprefix("\ufeff")
                yield number, text if keepends else text.rstrip("\r\n")

    def text(self) -> str:
        """The whole file decoded, for formats that cannot be parsed line by line."""
        with self.reading() as handle:
            data = handle.read()
        try:
            return data.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as exc:
            line = data.count(b"\n", 0, exc.start) + 1
            column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
            self._bad_bytes(data[exc.start], line, column)
            return data.decode("utf-8", errors="replace").removeprefix("\ufeff")

    def _decode(self, raw: bytes, number: int) -> str:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            self._bad_bytes(raw[exc.start], number, exc.start + 1)
            return raw.decode("utf-8", errors="replace")

    def _bad_bytes(self, byte: int, line: int, column: int) -> None:
        message = f"not valid UTF-8 (byte 0x{byte:02x} at column {column})"
        if not self.skip_bad:
            raise self.error(message, line)
        self.warn(str(self.error(f"{message}; decoded with replacement characters", line)))

    def reading(self) -> _Reading:
        return _Reading(self)


class _Bounded:
    """A binary stream that counts what it yields and stops past MAX_FILE_BYTES."""

    def __init__(self, raw: IO[bytes], source: InputFile) -> None:
        self.raw, self.source, self.count = raw, source, 0

    def _counted(self, data: bytes) -> bytes:
        self.count += len(data)
        if self.count > MAX_FILE_BYTES:
            raise self.source.too_large()
        return data

    def read(self, size: int = -1) -> bytes:
        if size is None or size < 0:
            size = MAX_FILE_BYTES + 1 - self.count
        return self._counted(self.raw.read(size))

    def readline(self, size: int = -1) -> bytes:
        return self._counted(self.raw.readline(size))

    def close(self) -> None:
        self.raw.close()


class _Reading:
    """Opens an input file and turns the errors of reading it (I/O, bad gzip) into `InputError`."""

    def __init__(self, source: InputFile) -> None:
        self.source = source
        self.handle: IO[bytes] | None = None

    def __enter__(self) -> IO[bytes]:
        try:
            self.handle = self.source.open()
        except OSError as exc:
            raise self.source.error(f"cannot read: {exc.strerror or exc}") from None
        return self.handle

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: object) -> bool:
        if self.handle is not None:
            self.handle.close()
        if isinstance(exc, (gzip.BadGzipFile, zlib.error)):
            raise self.source.error(f"not a valid gzip file ({exc})") from None
        if isinstance(exc, EOFError):
            raise self.source.error("the gzip file is truncated") from None
        if isinstance(exc, RecursionError):
            raise self.source.error(NESTING_MESSAGE) from None
        if isinstance(exc, OSError) and not isinstance(exc, InputError):
            raise self.source.error(f"cannot read: {exc.strerror or exc}") from None
        return False


def _default_warn(message: str) -> None:
    print(f"warning: {message}", file=sys.stderr)


def _supported_files(folder: Path) -> list[Path]:
    """Every readable file under `folder`, sorted by path; hidden files and folders are left out."""
    found = []
    for path in folder.rglob("*"):
        parts = path.relative_to(folder).parts
        if any(part.startswith(".") for part in parts):
            continue
        if path.is_file() and format_of(path) is not None:
            found.append(path)
    return sorted(found, key=lambda p: p.relative_to(folder).parts)


def _expand(path: Path) -> list[Path]:
    if not path.exists():
        raise InputError(path, "no such file or directory")
    if path.is_dir():
        files = _supported_files(path)
        if not files:
            kinds = ", ".join(sorted(READERS))
            raise InputError(path, f"folder holds no supported input file ({kinds}, optionally .gz)")
        return files
    if not path.is_file():
        raise InputError(path, "not a regular file")
    if format_of(path) is None:
        kinds = ", ".join(sorted(READERS))
        raise InputError(path, f"unsupported file type {''.join(path.suffixes) or '(none)'!r}; expected {kinds}")
    return [path]


def _check_head(source: InputFile) -> None:
    """Refuse empty and binary files before a reader sees them."""
    with source.reading() as handle:
        head = handle.read(SNIFF_BYTES)
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise source.error("UTF-16 text; save the file as UTF-8")
    if b"\x00" in head:
        raise source.error("binary file (NUL bytes), not text")
    if not head.strip() and len(head) < SNIFF_BYTES:
        raise source.error("empty file")
    if source.compressed:  # what it expands to, counted before any record is read: a bomb stops here
        with source.reading() as handle:
            while handle.read(1 << 22):
                pass


def _code_link(given: str) -> str:
    """The link in a record's `code` field, which may be a URL, a host path, or Markdown with badges."""
    given = given.strip()
    if _URL.fullmatch(given):
        return given
    found = find_code_urls(given)
    if found:
        return found[0]
    m = _URL.search(given)
    return m.group(0) if m else ""


def _bare(given: str) -> str:
    """A `code` value with no link in it is kept when it could be a repository name, not when it is prose."""
    given = given.strip()
    return given if given and not any(c.isspace() for c in given) else ""


def _scrub(value: str) -> str:
    return _SURROGATE.sub("\ufffd", value.strip())


def _finish(source: InputFile, line: int, paper: Paper, latex: bool) -> Paper | None:
    """Clean a record's text and fill what can be derived; None (after reporting) when it has no abstract."""
    raw = paper.abstract
    if not raw or not raw.strip():
        source.bad_record("record has no abstract", line)
        return None
    paper.abstract = clean_markup(raw, latex=latex or None)
    if not paper.abstract:
        source.bad_record("record's abstract is empty once markup is removed", line)
        return None
    paper.title = clean_markup(paper.title, latex=latex or None)
    paper.authors = [name for name in (clean_markup(a, latex=latex or None) for a in paper.authors) if name]
    paper.venue = clean_markup(paper.venue, latex=latex or None)
    paper.url = _scrub(paper.url)
    paper.code = _scrub(_code_link(paper.code) or next(iter(find_code_urls(raw)), "") or _bare(paper.code))
    paper.id = clean_id(paper.id) or derive_id(paper.abstract)
    paper.source = f"{source.path}:{line}"
    return paper


def _read_file(source: InputFile) -> Iterator[Paper]:
    kind = format_of(source.path)
    assert kind is not None
    _check_head(source)
    count = 0
    for line, paper in READERS[kind](source):
        finished = _finish(source, line, paper, kind in LATEX_FORMATS)
        if finished is not None:
            count += 1
            yield finished
    if count == 0:
        skipped = f" ({source.skipped} bad records skipped)" if source.skipped else ""
        raise source.error(f"no abstracts found{skipped}")


def input_files(paths: Iterable[str | Path] | str | Path) -> list[Path]:
    """The files `read_papers` reads, in order: each file given, and the supported files of each folder."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    return [file for path in paths for file in _expand(Path(path))]


def check_inputs(paths: Iterable[str | Path]) -> None:
    """Every input exists, is a supported file or a folder holding some, and is text that does not expand past
    the file limit: what can be told before any record is read."""
    for file in input_files(paths):
        _check_head(InputFile(file, skip_bad=False, warn=_default_warn))


def read_papers(
    paths: Iterable[str | Path], skip_bad: bool = False, warn: Callable[[str], None] | None = None
) -> Iterator[Paper]:
    """Stream the papers of files and folders (every supported file inside, recursively, sorted by path).

    Every path is checked before the first paper is yielded, so a typo in the last path fails fast.
    Papers come in file order and record order; duplicate ids are yielded as they come.
    """
    for file in input_files(paths):
        yield from _read_file(InputFile(file, skip_bad, warn or _default_warn))


__all__ = ["InputError", "InputFile", "Records", "check_inputs", "format_of", "read_papers"]
