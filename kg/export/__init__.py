"""The exporters, one module per format, each with `write(graph, target, **options)`; `write_all` runs them."""

from __future__ import annotations

import importlib
import multiprocessing
import signal
import time
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Protocol

import networkx as nx

from kg.errors import ExportFailed
from kg.export.pieces import NO_REUSE, Reuse
from kg.memory import collector_spared, spare_what_exists
from kg.stop_signals import signals_deferred


@dataclass(frozen=True)
class ExportOptions:
    base_iri: str = "https://w3id.org/kg/"
    html_max_nodes: int = 5000


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


class ExportWatch(Protocol):
    """Told, in the build's own process, when each export starts and ends (kg.progress shows it); every fork
    happens inside `paused()`."""

    def started(self, name: str) -> None: ...

    def finished(self, name: str, paths: list[Path], seconds: float) -> None: ...

    def paused(self) -> AbstractContextManager[None]: ...


class _Unwatched:
    def started(self, name: str) -> None:
        pass

    def finished(self, name: str, paths: list[Path], seconds: float) -> None:
        pass

    def paused(self) -> AbstractContextManager[None]:
        return nullcontext()


UNWATCHED: ExportWatch = _Unwatched()


def _timed_export(job: tuple[str, Path, ExportOptions]) -> ExportDone:
    name, out_dir, options = job
    started = time.perf_counter()
    assert _shared_graph is not None
    reuse = _shared_reuse.fresh()
    paths = write_one(name, _shared_graph, out_dir, options, reuse)
    reuse.note(paths)
    return name, paths, time.perf_counter() - started, reuse.outcome()


def _watched(job: tuple[str, Path, ExportOptions], watch: ExportWatch) -> ExportDone:
    watch.started(job[0])
    done = _timed_export(job)
    watch.finished(done[0], done[1], done[2])
    return done


def _export_child(job: tuple[str, Path, ExportOptions], sender: Connection) -> None:
    """In a forked process: write one export and send back its result, or the exception that stopped it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the build ends its export processes itself
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        sender.send(("done", _timed_export(job)))
    except BaseException as error:  # noqa: BLE001  (every failure goes to the build, which reports it)
        try:
            sender.send(("failed", error))
        except Exception:  # noqa: BLE001  (an exception that does not pickle: its text then)
            sender.send(("failed", RuntimeError(f"{type(error).__name__}: {error}")))
    finally:
        sender.close()


def _run_forked(jobs_list: list[tuple[str, Path, ExportOptions]], width: int,
                watch: ExportWatch = UNWATCHED) -> list[ExportDone]:
    """Each export in a forked process of its own, `width` at a time, each with a pipe for its one result. No
    queue, lock or thread is shared with the children, so nothing can be left held by a child that is killed:
    when one export fails, or the build is stopped, the others are killed and reaped before the error goes up."""
    context = multiprocessing.get_context("fork")
    pending = list(enumerate(jobs_list))
    running: dict[int, tuple[int, multiprocessing.process.BaseProcess, Connection]] = {}
    results: dict[int, ExportDone] = {}
    try:
        while pending or running:
            while pending and len(running) < width:
                number, job = pending.pop(0)
                receiver, sender = context.Pipe(duplex=False)
                process = context.Process(target=_export_child, args=(job, sender), daemon=True)
                with signals_deferred():  # a stop raised in the fork's own hooks would be dropped
                    with watch.paused():
                        process.start()
                    sender.close()
                    running[process.sentinel] = (number, process, receiver)
                watch.started(job[0])
            # a result can outgrow the pipe's buffer: read it as soon as it comes, before the process ends
            by_waitable = {w: key for key, (_, process, receiver) in running.items() for w in (key, receiver)}
            for key in {by_waitable[ready] for ready in wait(list(by_waitable))}:
                number, process, receiver = running.pop(key)
                try:
                    message = receiver.recv()
                except EOFError:  # it ended without a word
                    message = None
                receiver.close()
                process.join()
                if message is None:
                    raise ExportFailed(f"the {jobs_list[number][0]} export process stopped "
                                       f"(exit code {process.exitcode})")
                status, value = message
                if status == "failed":
                    raise value
                results[number] = value
                watch.finished(value[0], value[1], value[2])
    finally:
        for _, process, receiver in running.values():
            process.kill()
            process.join()
            receiver.close()
    return [results[number] for number in range(len(jobs_list))]


def write_timed(graph: nx.MultiDiGraph, out_dir: Path, options: ExportOptions, names: Iterable[str],
                jobs: int = 1, reuse: Reuse | None = None, watch: ExportWatch = UNWATCHED,
                ) -> tuple[dict[str, list[Path]], dict[str, float]]:
    """Every named export, on up to `jobs` processes (forked, where the system forks): the paths and seconds of
    each. `reuse` says what may be copied from the previous export, and collects the status of every file, the
    piece indexes of those written in pieces and how many pieces were copied and rendered.

    The parent's objects are frozen out of the garbage collector before the fork (kg.memory): a collection in a
    child would otherwise touch, and so copy, every page of the graph it shares with the parent. `watch` hears of
    each export as it starts and ends, in this process."""
    global _shared_graph, _shared_reuse
    names = list(names)
    jobs_list = [(name, Path(out_dir), options) for name in names]
    reuse = reuse if reuse is not None else Reuse(root=Path(out_dir))
    _shared_graph, _shared_reuse = graph, reuse
    try:
        if jobs > 1 and len(names) > 1 and "fork" in multiprocessing.get_all_start_methods():
            with collector_spared():
                spare_what_exists()
                results = _run_forked(jobs_list, min(jobs, len(names)), watch)
        else:
            results = [_watched(job, watch) for job in jobs_list]
    finally:
        _shared_graph, _shared_reuse = None, NO_REUSE
    for *_, used in results:
        reuse.add(used)
    return {name: paths for name, paths, *_ in results}, {name: seconds for name, _, seconds, _ in results}
