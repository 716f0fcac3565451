"""Exports written in pieces, so that a rebuild copies what did not change from the previous export.

A piece is text rendered by a pure function from its inputs (plain data: a paper's metadata and statements,
a concept's label and aliases, a link's weight); its key is a digest of the inputs and of a salt that stands for
everything else the rendering reads (the code of the exporters and of the data model, settings of the whole
file). Exporters write each file through a `PieceWriter`: loose text as it comes, pieces by their inputs and
render function. The writer notes where each piece lies in the file; the build keeps these notes in its manifest
and hands them to the next build together with the file, and a piece whose key is there is copied from the
previous file instead of rendered.

So a rebuild after a few papers were added renders what they touch, and whatever changes with the whole corpus
(link weights, communities, degrees), which exporters keep in pieces of its own or write as loose text.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import pickle
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import IO

PieceIndex = dict[str, list[int]]  # piece key -> [byte offset, byte length]
FileStatus = list  # [size in bytes, sha256 hex digest, change time in ns]


def file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


@dataclass
class Reuse:
    """Where this build's exports are written (`root`), and what it may copy from: the previous export folder
    and the piece index of each of its files, by path relative to the folder. `written` collects the indexes of
    the files this build writes, `files` their status (size, digest, change time, for the manifest), `copied`
    and `rendered` count its pieces."""

    root: Path | None = None
    previous: Path | None = None
    indexes: dict[str, PieceIndex] = field(default_factory=dict)
    written: dict[str, PieceIndex] = field(default_factory=dict)
    files: dict[str, FileStatus] = field(default_factory=dict)
    copied: int = 0
    rendered: int = 0

    def fresh(self) -> Reuse:
        """The same sources, with nothing written yet."""
        return Reuse(self.root, self.previous, self.indexes)

    def outcome(self) -> Reuse:
        """What was written, without the previous indexes (which a process that wrote need not send back)."""
        return Reuse(written=self.written, files=self.files, copied=self.copied, rendered=self.rendered)

    def add(self, other: Reuse) -> None:
        """Count in what `other` (a `fresh` copy, used by one exporter) wrote."""
        self.written.update(other.written)
        self.files.update(other.files)
        self.copied += other.copied
        self.rendered += other.rendered

    def _relative(self, path: Path) -> str | None:
        if self.root is None:
            return None
        try:
            return Path(path).relative_to(self.root).as_posix()
        except ValueError:
            return None

    def source(self, path: Path) -> tuple[Path, PieceIndex] | None:
        """The previous version of the file `path` will become, with its index, when there is one."""
        relative = self._relative(path)
        if relative is None or self.previous is None or relative not in self.indexes:
            return None
        return self.previous / relative, self.indexes[relative]

    def note(self, paths: Sequence[Path]) -> None:
        """Note the status of files this build wrote (read back in the exporter's own process, in parallel)."""
        for path in paths:
            relative = self._relative(path)
            if relative is not None:
                status = Path(path).stat()
                self.files[relative] = [status.st_size, file_digest(path), status.st_mtime_ns]

    def keep(self, path: Path, index: PieceIndex) -> None:
        relative = self._relative(path)
        if relative is not None:
            self.written[relative] = index


NO_REUSE = Reuse()


@lru_cache(maxsize=1)
def _code_digest() -> bytes:
    """A digest of the code every rendering may read: the exporters, what they share, and the data model."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for path in sorted([*package.glob("*.py"), package.parent / "model.py"]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.digest()


def salt_of(*settings: object) -> str:
    """A salt from the rendering code and the settings of a whole file: a change to either renders every piece."""
    digest = hashlib.sha256(_code_digest())
    for part in settings:
        digest.update(json.dumps(part, sort_keys=True, default=str).encode("utf-8", "surrogatepass") + b"\0")
    return digest.hexdigest()[:16]


class _Source:
    """A previous file that pieces are copied from, and the span of it that the next copy will take: copies of
    consecutive pieces, and the loose text between them when it is the same, become one copy of the file system
    (`os.copy_file_range`), so the bytes of what did not change never pass through Python."""

    GAP = 256  # longest loose text compared with the previous file's bytes in the same place

    def __init__(self, path: Path, index: PieceIndex) -> None:
        self.handle = open(path, "rb")  # noqa: SIM115 (closed in close)
        self.fd = self.handle.fileno()
        self.size = os.fstat(self.fd).st_size
        self.index = index
        self.start = self.end = 0  # the pending span

    def place(self, key: str) -> list[int] | None:
        place = self.index.get(key)
        if place is None or place[0] < 0 or place[1] < 0 or place[0] + place[1] > self.size:
            return None
        return place

    def follows(self, data: bytes) -> bool:
        """Whether `data` is what the previous file holds right after the pending span."""
        if self.start == self.end or len(data) > self.GAP:
            return False
        return os.pread(self.fd, len(data), self.end) == data

    def copy_to(self, handle: IO[bytes]) -> None:
        """Write the pending span to `handle`."""
        if self.start == self.end:
            return
        handle.flush()
        target = handle.fileno()
        offset, left = self.start, self.end - self.start
        self.start = self.end
        while left:
            try:
                done = os.copy_file_range(self.fd, target, left, offset)
            except (AttributeError, OSError):  # another system or file system: through a buffer
                done = os.write(target, os.pread(self.fd, min(left, 1 << 20), offset))
            if done <= 0:
                raise OSError(f"{self.handle.name}: shorter than the build manifest says")
            offset += done
            left -= done

    def close(self) -> None:
        self.handle.close()


class PieceWriter:
    """Writes one or more files side by side (an exporter's formats of the same chunks), piece by piece.

    `piece(inputs, render)` writes `render(inputs)` (one text per file) or copies the same piece from the
    previous files when all of them hold it. A `separator` per file is written between the non-empty pieces of
    that file (JSON-LD's comma), outside the pieces, so a piece reads the same wherever it stands.
    """

    def __init__(self, handles: Sequence[IO[bytes]], paths: Sequence[Path], salt: str,
                 reuse: Reuse = NO_REUSE, separators: Sequence[str | None] | None = None) -> None:
        self.handles = list(handles)
        self.paths = [Path(p) for p in paths]
        self.salt = salt.encode()
        self.reuse = reuse
        self.separators = [s.encode() if s else b"" for s in (separators or [None] * len(self.handles))]
        self.started = [False] * len(self.handles)
        self.offsets = [0] * len(self.handles)
        self.indexes: list[PieceIndex] = [{} for _ in self.handles]
        found = [reuse.source(path) for path in self.paths]
        self.sources: list[_Source] | None = None
        if all(found):
            self.sources = [_Source(path, index) for path, index in found]
        self.rendered = 0
        self.copied = 0

    def text(self, *texts: str) -> None:
        """Loose text, one per file, written as it is."""
        for number, text in enumerate(texts):
            self._write(number, text.encode("utf-8"))

    def piece(self, inputs: object, render: Callable[[object], str | Sequence[str]]) -> None:
        key = self.key(inputs)
        places = self._places(key)
        if places is None:
            rendered = render(inputs)
            texts = [rendered] if isinstance(rendered, str) else list(rendered)
            for number, text in enumerate(texts):
                chunk = text.encode("utf-8")
                self._separate(number, len(chunk))
                self.indexes[number][key] = [self.offsets[number], len(chunk)]
                self._write(number, chunk)
            self.rendered += 1
            return
        assert self.sources is not None
        for number, ((offset, length), source) in enumerate(zip(places, self.sources, strict=True)):
            self._separate(number, length)
            self.indexes[number][key] = [self.offsets[number], length]
            if source.end != offset:
                source.copy_to(self.handles[number])
                source.start = source.end = offset
            source.end += length
            self.offsets[number] += length
        self.copied += 1

    def key(self, inputs: object) -> str:
        """A digest of the salt and of `inputs` pickled without a memo, so that equal inputs give equal bytes
        however their objects are shared (pickling is exact and several times faster than JSON here)."""
        buffer = io.BytesIO()
        pickler = pickle.Pickler(buffer, protocol=5)
        pickler.fast = True
        pickler.dump(inputs)
        return hashlib.blake2b(self.salt + buffer.getvalue(), digest_size=12).hexdigest()

    def _places(self, key: str) -> list[list[int]] | None:
        if self.sources is None:
            return None
        places = []
        for source in self.sources:
            place = source.place(key)
            if place is None:
                return None
            places.append(place)
        return places

    def _separate(self, number: int, length: int) -> None:
        if length and self.separators[number]:
            if self.started[number]:
                self._write(number, self.separators[number])
            self.started[number] = True

    def _write(self, number: int, data: bytes) -> None:
        if not data:
            return
        if self.sources is not None:
            source = self.sources[number]
            if source.follows(data):
                source.end += len(data)
                self.offsets[number] += len(data)
                return
            source.copy_to(self.handles[number])
        self.handles[number].write(data)
        self.offsets[number] += len(data)

    def close(self) -> None:
        """Write what is pending, close the previous files and hand this build's indexes to the build."""
        for number, source in enumerate(self.sources or []):
            source.copy_to(self.handles[number])
            source.close()
        self.sources = None
        for path, index in zip(self.paths, self.indexes, strict=True):
            self.reuse.keep(path, index)
        self.reuse.copied += self.copied
        self.reuse.rendered += self.rendered
