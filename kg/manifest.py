"""The build manifest: what a build was made from, and the files it wrote, so that a rebuild of the same input
with the same options can see that the exports are already up to date and write nothing."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from pathlib import Path

from kg.export.atomic import write_text
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


def _file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def up_to_date(out_dir: Path, fingerprint: str) -> dict | None:
    """The manifest's summary when `out_dir` holds the exports of this very build, untouched; else None."""
    try:
        manifest = json.loads((out_dir / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if manifest.get("fingerprint") != fingerprint:
        return None
    for name, (size, digest) in manifest.get("files", {}).items():
        path = out_dir / name
        if not path.is_file() or path.stat().st_size != size or _file_digest(path) != digest:
            return None
    return manifest.get("summary", {})


def record(out_dir: Path, fingerprint: str, paths: list[Path], summary: dict) -> None:
    files = {}
    for path in sorted(paths):
        files[path.relative_to(out_dir).as_posix()] = [path.stat().st_size, _file_digest(path)]
    manifest = {"fingerprint": fingerprint, "files": files, "summary": summary}
    write_text(out_dir / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True) + "\n")
