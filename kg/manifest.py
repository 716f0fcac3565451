"""The build manifest: what a build was made from, and the files it wrote, so that a rebuild of the same input
with the same options can see that the exports are already up to date and write nothing, and where the pieces
of each file lie (kg.export.pieces), so that a rebuild of a changed input copies the pieces that did not change."""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import asdict
from pathlib import Path

from kg.export.atomic import write_text
from kg.export.pieces import FileStatus, PieceIndex, file_digest
from kg.model import Paper

MANIFEST = ".kg-manifest.json"


class Fingerprint:
    """A digest of every paper record, in order, and of everything else the exports depend on."""

    def __init__(self, settings: dict) -> None:
        self.digest = hashlib.sha256(json.dumps(settings, sort_keys=True, default=str).encode())

    def add(self, paper: Paper) -> None:
        record = json.dumps(asdict(paper), sort_keys=True, ensure_ascii=False)
        self.digest.update(record.encode("utf-8", "surrogatepass") + b"\n")

    def hexdigest(self) -> str:
        return self.digest.hexdigest()


class Previous:
    """The manifest the last build left in `out_dir`, read once (empty when there is none, or it is damaged)."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = Path(out_dir)
        try:
            data = json.loads((self.out_dir / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        self.data: dict = data if isinstance(data, dict) else {}

    def up_to_date(self, fingerprint: str) -> dict | None:
        """The summary of the last build when `out_dir` holds the exports of this very build, untouched."""
        if self.data.get("fingerprint") != fingerprint:
            return None
        for name, (size, digest, *_) in self.data.get("files", {}).items():
            path = self.out_dir / name
            if not path.is_file() or path.stat().st_size != size or file_digest(path) != digest:
                return None
        return self.data.get("summary", {})

    def piece_indexes(self) -> dict[str, PieceIndex]:
        """The piece index of each file in `out_dir` that is as the last build left it (same size, same change
        time to the nanosecond, as `make` and `rsync` judge), by path relative to `out_dir`."""
        files, pieces = self.data.get("files", {}), self.data.get("pieces", {})
        found = {}
        for name, index in pieces.items():
            entry = files.get(name)
            if not isinstance(entry, list) or len(entry) < 3 or not isinstance(index, dict):
                continue
            try:
                status = (self.out_dir / name).stat()
            except OSError:
                continue
            if [status.st_size, status.st_mtime_ns] == [entry[0], entry[2]]:
                found[name] = index
        return found

    def inputs_unchanged(self, status: dict[str, list[int]]) -> bool:
        """Whether the last build read these very input files, as they are now."""
        return bool(status) and self.data.get("inputs") == status


@functools.lru_cache(maxsize=1)
def code_version() -> str:
    """A digest of the package's code and data: exports of an older kg are never taken as up to date."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in {".py", ".txt", ".gz", ".js", ".css", ".html"}:
            digest.update(str(path.relative_to(root)).encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def input_status(files: list[Path]) -> dict[str, list[int]]:
    """Size and change time of each input file, by absolute path (what tells a rebuild its inputs may have
    changed, before it has read them)."""
    status = {}
    for file in files:
        try:
            stat = Path(file).stat()
        except OSError:
            continue
        status[str(Path(file).resolve())] = [stat.st_size, stat.st_mtime_ns]
    return status


def record(out_dir: Path, fingerprint: str, files: dict[str, FileStatus], summary: dict,
           pieces: dict[str, PieceIndex] | None = None, inputs: dict[str, list[int]] | None = None) -> None:
    """Note what this build wrote into `out_dir`: the fingerprint, each file's size, digest and change time (by
    path relative to `out_dir`), the summary it reported, the piece index of each file written in pieces, and
    the status of the input files it read."""
    manifest = {"fingerprint": fingerprint, "files": files, "summary": summary, "inputs": inputs or {},
                "pieces": {name: index for name, index in (pieces or {}).items() if name in files}}
    write_text(out_dir / MANIFEST, json.dumps(manifest, sort_keys=True, separators=(",", ":")) + "\n")
