"""An export as a pyoxigraph store: parsed into memory, or opened from a store folder that `kg load` wrote.

A store folder is a RocksDB folder with a marker file, STORE_MARKER, naming the RDF file it was loaded from; the
marker is what tells a store folder from an export folder, and what makes `kg load` refuse to overwrite any other
non-empty folder.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pyoxigraph as ox

FORMATS = {".nt": ox.RdfFormat.N_TRIPLES, ".ttl": ox.RdfFormat.TURTLE, ".jsonld": ox.RdfFormat.JSON_LD,
           ".json": ox.RdfFormat.JSON_LD}
# In an export folder, the file read: N-Triples parses fastest, then Turtle, then JSON-LD.
EXPORT_FILES = ("kg.nt", "kg.ttl", "kg.jsonld")
STORE_MARKER = "kg-store.json"
MAX_MESSAGE = 300


class ExportError(Exception):
    """The export is missing or cannot be read as RDF; the message is one line."""


def one_line(error: BaseException | str) -> str:
    """An error message on one line of at most MAX_MESSAGE characters."""
    text = " ".join(str(error).split())
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


def is_store(path: Path) -> bool:
    """Whether `path` is a store folder written by `kg load`."""
    return (Path(path) / STORE_MARKER).is_file()


def export_file(export: Path) -> Path:
    """The RDF file of an export: the file itself, or kg.nt (else kg.ttl, kg.jsonld) in a folder."""
    export = Path(export)
    if export.is_dir():
        for name in EXPORT_FILES:
            if (export / name).is_file():
                return export / name
        raise ExportError(one_line(f"no kg.ttl, kg.nt, kg.jsonld in {export}, and it is not a store from kg load"))
    if not export.is_file():
        raise ExportError(one_line(f"export not found: {export}"))
    if export.suffix.lower() not in FORMATS:
        raise ExportError(one_line(f"not an RDF export (.ttl, .nt or .jsonld): {export}"))
    return export


def open_store(export: Path) -> ox.Store:
    """The export as a store: a store folder opened read-only, or an RDF file (or export folder) parsed into memory."""
    export = Path(export)
    if is_store(export):
        try:
            return ox.Store.read_only(str(export))
        except OSError as error:
            raise ExportError(one_line(f"cannot open the store {export}: {error}")) from None
    path = export_file(export)
    store = ox.Store()
    _load(store, path)
    return store


def _load(store: ox.Store, path: Path) -> None:
    try:
        store.bulk_load(path=str(path), format=FORMATS[path.suffix.lower()])
    except (SyntaxError, ValueError, OSError) as error:
        raise ExportError(one_line(f"cannot read {path}: {error}")) from None


def source_of(store_dir: Path) -> Path | None:
    """The RDF file a store folder was loaded from, as its marker records it (None if unreadable)."""
    try:
        return Path(json.loads((Path(store_dir) / STORE_MARKER).read_text(encoding="utf-8"))["source"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


class StoreTargetError(Exception):
    """The folder `kg load` was given is not empty and is not a store; the message is one line."""


def load(export: Path, store_dir: Path) -> int:
    """Bulk-load `export` into a new store folder `store_dir`, replacing a store already there. Returns the triples.

    The store is written beside `store_dir` and moved into place when complete, so a failed load leaves whatever
    was there before. Raises ExportError for an unreadable export, StoreTargetError for a folder in the way.
    """
    target = Path(store_dir)
    if target.exists() and not (target.is_dir() and (is_store(target) or not any(target.iterdir()))):
        raise StoreTargetError(one_line(f"{target} is not empty and not a store from kg load: choose another folder"))
    path = export_file(export)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        store = ox.Store(str(staging))
        _load(store, path)
        store.optimize()
        triples = len(store)
        del store  # closes the database before it is moved
        marker = {"source": str(path.resolve()), "triples": triples}
        (staging / STORE_MARKER).write_text(json.dumps(marker, indent=2) + "\n", encoding="utf-8")
        if target.exists():
            shutil.rmtree(target)
        os.replace(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return triples
