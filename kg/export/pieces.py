"""Exports written in pieces, so that a rebuild copies what did not change from the previous export.

A piece is text rendered by a pure function from its inputs (plain JSON data: a paper's metadata and statements,
a concept's label and aliases, a link's weight); its key is a digest of the inputs and of a salt that stands for
everything else the rendering reads (the exporter's code, settings of the whole file). Exporters write each file
through a `PieceWriter`: loose text as it comes, pieces by their inputs and render function. The writer notes
where each piece lies in the file; the build keeps these notes in its manifest and hands them to the next build
together with the file, and a piece whose key is there is copied from the previous file instead of rendered.

So a rebuild after a few papers were added renders what they touch, and whatever changes with the whole corpus
(link weights, communities, degrees), which exporters keep in pieces of its own or write as loose text.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

PieceIndex = dict[str, list[int]]  # piece key -> [byte offset, byte length]


@dataclass
class Reuse:
    """Where this build's exports are written (`root`), and what it may copy from: the previous export folder
    and the piece index of each of its files, by path relative to the folder. `written` collects the indexes of
    the files this build writes, `copied` and `rendered` count its pieces."""

    root: Path | None = None
    previous: Path | None = None
    indexes: dict[str, PieceIndex] = field(default_factory=dict)
    written: dict[str, PieceIndex] = field(default_factory=dict)
    copied: int = 0
    rendered: int = 0

    def fresh(self) -> Reuse:
        """The same sources, with nothing written yet."""
        return Reuse(self.root, self.previous, self.indexes)

    def add(self, other: Reuse) -> None:
        """Count in what `other` (a `fresh` copy, used by one exporter) wrote."""
        self.written.update(other.written)
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

    def keep(self, path: Path, index: PieceIndex) -> None:
        relative = self._relative(path)
        if relative is not None:
            self.written[relative] = index


NO_REUSE = Reuse()


def salt_of(*parts: object) -> str:
    """A salt from the module files and settings a rendering depends on (a change to any renders every piece)."""
    digest = hashlib.sha256()
    for part in parts:
        if isinstance(part, Path):
            digest.update(part.read_bytes())
        else:
            digest.update(json.dumps(part, sort_keys=True, default=str).encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()[:16]


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
        sources = [reuse.source(path) for path in self.paths]
        self.sources: list[tuple[IO[bytes], PieceIndex]] | None = None
        if all(sources):
            self.sources = [(open(path, "rb"), index) for path, index in sources]  # noqa: SIM115 (closed in close)
        self.rendered = 0
        self.copied = 0

    def text(self, *texts: str) -> None:
        """Loose text, one per file, written as it is."""
        for number, text in enumerate(texts):
            self._write(number, text.encode("utf-8"))

    def piece(self, inputs: object, render: Callable[[object], str | Sequence[str]]) -> None:
        key = self.key(inputs)
        data = self._copy(key)
        if data is None:
            rendered = render(inputs)
            texts = [rendered] if isinstance(rendered, str) else list(rendered)
            data = [text.encode("utf-8") for text in texts]
            self.rendered += 1
        else:
            self.copied += 1
        for number, chunk in enumerate(data):
            if chunk and self.separators[number]:
                if self.started[number]:
                    self._write(number, self.separators[number])
                self.started[number] = True
            self.indexes[number][key] = [self.offsets[number], len(chunk)]
            self._write(number, chunk)

    def key(self, inputs: object) -> str:
        text = json.dumps(inputs, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.blake2b(self.salt + text.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()

    def _copy(self, key: str) -> list[bytes] | None:
        if self.sources is None:
            return None
        found = []
        for handle, index in self.sources:
            place = index.get(key)
            if place is None:
                return None
            handle.seek(place[0])
            data = handle.read(place[1])
            if len(data) != place[1]:
                return None
            found.append(data)
        return found

    def _write(self, number: int, data: bytes) -> None:
        self.handles[number].write(data)
        self.offsets[number] += len(data)

    def close(self) -> None:
        """Close the previous files and hand this build's indexes to the build."""
        for handle, _ in self.sources or []:
            handle.close()
        self.sources = None
        for path, index in zip(self.paths, self.indexes, strict=True):
            self.reuse.keep(path, index)
        self.reuse.copied += self.copied
        self.reuse.rendered += self.rendered
