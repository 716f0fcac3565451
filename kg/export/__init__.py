"""The exporters, one module per format, each with `write(graph, target, **options)`; `write_all` runs them."""

from __future__ import annotations

import importlib
import multiprocessing
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

from kg.export.pieces import NO_REUSE, Reuse
from kg.memory import collector_spared, spare_what_exists


@dataclass(frozen=True)
class ExportOptions:
    base_iri: str = "https://w3id.org/kg/"
    html_max_nodes: int = 1500


@dataclass(frozen=True)
class Exporter:
    module: str
    target: str  # a file, or a folder for exporters that write several files ("." is the output folder)
    options: Callable[[ExportOptions], dict]
    pieces: bool = False  # written in pieces that a rebuild may copy (kg.export.pieces)


EXPORTERS: dict[str, Exporter] = {
    "jsonl": Exporter("kg.export.jsonl", "papers.jsonl", lambda o: {}),
    "rdf": Exporter("kg.export.rdf", ".", lambda o: {"base_iri": o.base_iri}, pieces=True),
    "graphml": Exporter("kg.export.graphml", "kg.graphml", lambda o: {}, pieces=True),
    "gexf": Exporter("kg.export.gexf", "kg.gexf", lambda o: {}, pieces=True),
    "neo4j": Exporter("kg.export.neo4j", ".", lambda o: {}, pieces=True),
    "html": Exporter("kg.export.html", "kg.html", lambda o: {"max_nodes": o.html_max_nodes}),
}


def write_one(name: str, graph: nx.MultiDiGraph, out_dir: Path, options: ExportOptions,
              reuse: Reuse = NO_REUSE) -> list[Path]:
    exporter = EXPORTERS[name]
    module = importlib.import_module(exporter.module)
    extra = {"reuse": reuse} if exporter.pieces else {}
    written = module.write(graph, Path(out_dir) / exporter.target, **exporter.options(options), **extra)
    return [Path(p) for p in written] if isinstance(written, list | tuple) else [Path(written)]


def write_all(graph: nx.MultiDiGraph, out_dir: Path, options: ExportOptions,
              names: Iterable[str] | None = None) -> dict[str, list[Path]]:
    return {name: write_one(name, graph, out_dir, options) for name in (EXPORTERS if names is None else names)}


# The graph a forked exporter process writes, and what it may copy from the previous export: set just before the
# fork, so children share them without pickling.
_shared_graph: nx.MultiDiGraph | None = None
_shared_reuse: Reuse = NO_REUSE

ExportDone = tuple[str, list[Path], float, Reuse]


def _timed_export(job: tuple[str, Path, ExportOptions]) -> ExportDone:
    name, out_dir, options = job
    started = time.perf_counter()
    assert _shared_graph is not None
    reuse = _shared_reuse.fresh()
    paths = write_one(name, _shared_graph, out_dir, options, reuse)
    reuse.note(paths)
    return name, paths, time.perf_counter() - started, reuse.outcome()


def write_timed(graph: nx.MultiDiGraph, out_dir: Path, options: ExportOptions, names: Iterable[str],
                jobs: int = 1, reuse: Reuse | None = None) -> tuple[dict[str, list[Path]], dict[str, float]]:
    """Every named export, on up to `jobs` processes (forked, where the system forks): the paths and seconds of
    each. `reuse` says what may be copied from the previous export, and collects the status of every file, the
    piece indexes of those written in pieces and how many pieces were copied and rendered.

    The parent's objects are frozen out of the garbage collector before the fork (kg.memory): a collection in a
    child would otherwise touch, and so copy, every page of the graph it shares with the parent."""
    global _shared_graph, _shared_reuse
    names = list(names)
    jobs_list = [(name, Path(out_dir), options) for name in names]
    reuse = reuse if reuse is not None else Reuse(root=Path(out_dir))
    _shared_graph, _shared_reuse = graph, reuse
    try:
        if jobs > 1 and len(names) > 1 and "fork" in multiprocessing.get_all_start_methods():
            with collector_spared():
                spare_what_exists()
                with multiprocessing.get_context("fork").Pool(min(jobs, len(names))) as pool:
                    results = pool.map(_timed_export, jobs_list, chunksize=1)
        else:
            results = [_timed_export(job) for job in jobs_list]
    finally:
        _shared_graph, _shared_reuse = None, NO_REUSE
    for *_, used in results:
        reuse.add(used)
    return {name: paths for name, paths, *_ in results}, {name: seconds for name, _, seconds, _ in results}
