"""Extraction over a stream of papers: cached results first, the rest in chunks, on one or several processes.

Every paper goes through the same chunked path whatever the number of processes, so `--jobs 1` and `--jobs 2`
give the same output; chunks keep memory flat however long the stream.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import process as process_pools
from concurrent.futures.process import BrokenProcessPool
from contextlib import AbstractContextManager, nullcontext
from itertools import islice
from multiprocessing import forkserver

from threadpoolctl import threadpool_limits

from kg.errors import ModelNotFound, WorkerFailed
from kg.extract import Extractor, extractor_version
from kg.extract.cache import ExtractionCache, cache_key
from kg.model import Mention, Paper, PaperExtraction

CHUNK = 32  # papers per pipeline call: small enough to spread over processes, large enough to batch
WINDOW = 512  # papers read ahead of what has been yielded
# Workers start from a fork server that has imported spaCy once (fast to start, and no lock or thread of the
# parent's is ever copied into a worker half-held, as plain fork does), or are spawned where there is none.
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
_PR_SET_PDEATHSIG = 1

_worker: Extractor | None = None
_start_failure: BaseException | None = None


def _die_with_parent() -> None:
    """Linux: the kernel kills this worker when the process that started it dies, even by SIGKILL."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def _start_worker(model: str | None) -> None:
    """Load the pipeline once per worker. A failure is kept, not raised: raised here, it would break the pool
    and lose its cause; kept, the first chunk reports it to the parent, once."""
    global _worker, _start_failure
    for signum in (signal.SIGINT, signal.SIGTERM):  # the build ends its workers itself
        signal.signal(signum, signal.SIG_IGN)
    _die_with_parent()
    if os.getppid() == 1:  # the process that forked it died before the kernel was told to kill it along
        os._exit(1)
    threadpool_limits(1)
    try:
        _worker = Extractor(model)
    except ModelNotFound as error:
        _start_failure = error
    except BaseException as error:  # noqa: BLE001  (any cause, reported whole)
        _start_failure = WorkerFailed(f"extraction worker could not start: {type(error).__name__}: {error}")


def _ensure_quiet_fork_server() -> None:
    """The fork server and its workers write to /dev/null, not to the build's stderr: a worker reports what goes
    wrong through the pool (an exception the build prints as its one line), and a worker that a stopped build
    had asked for must not print a traceback of its own when it finds the build gone."""
    sys.stderr.flush()
    saved = os.dup(2)
    quiet = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(quiet, 2)
        forkserver.ensure_running()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(quiet)


def _ready() -> None:
    """A first task for each worker, so that it loads the model while the parent reads the input."""
    if _start_failure is not None:
        raise _start_failure


def _extract_chunk(chunk: list[tuple[str, str]]) -> list[list[Mention]]:
    _ready()
    assert _worker is not None
    return _worker.extract_many(chunk, batch_size=CHUNK)


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


class ExtractionRunner:
    def __init__(self, model: str | None = None, jobs: int = 1, cache: ExtractionCache | None = None,
                 extractor: Extractor | None = None, eager: bool = False,
                 paused: Callable[[], AbstractContextManager[None]] = nullcontext):
        """`eager`: with several jobs, start the workers (which load the model) on `start()` or as soon as
        extraction starts, so that the model loads while the input is read and looked up in the cache; for builds
        whose input changed, where a paper to extract may come last. `paused`: a context in which the fork server
        is started (it points stderr elsewhere for a moment; kg.progress draws nothing meanwhile)."""
        self.paused = paused
        self.model = model
        self.jobs = max(1, jobs)
        self.eager = eager and self.jobs > 1
        self._submitted = False
        self.cache = cache
        self._extractor = extractor
        self._pool: ProcessPoolExecutor | None = None
        self._warmups: list[Future] = []
        self.extracted = 0
        self.cached = 0

    @property
    def pipeline_id(self) -> str:
        return f"{extractor_version()}:{self.model or 'default'}"

    def _start_pool(self) -> None:
        if self._pool is None:
            context = multiprocessing.get_context(START_METHOD)
            if START_METHOD == "forkserver":
                context.set_forkserver_preload(["kg.worker_signals", "kg.extract"])
                with self.paused():
                    _ensure_quiet_fork_server()
            self._pool = ProcessPoolExecutor(self.jobs, mp_context=context, initializer=_start_worker,
                                             initargs=(self.model,))
            self._warmups = [self._pool.submit(_ready) for _ in range(self.jobs)]

    def start(self) -> None:
        """Start the workers now if the runner is eager, so that they load the model while the input is read."""
        if self.eager:
            self._start_pool()

    def _submit(self, chunks: list[list[tuple[str, str]]], advance: Callable[[int], None]
                ) -> Iterator[list[Mention]]:
        """Start extracting `chunks` and return an iterator of their mentions, in order; `advance` hears of each
        chunk as it is done. The workers start on the chunks at once; a single chunk, when no worker runs yet, is
        extracted in this process as the iterator is read (one paper added needs no model loaded twice)."""
        if self._pool is None and (self.jobs == 1 or len(chunks) == 1):
            return self._in_process(chunks, advance)
        self._start_pool()
        self._submitted = True
        return self._collect([self._pool.submit(_extract_chunk, chunk) for chunk in chunks], advance)

    def _in_process(self, chunks: list[list[tuple[str, str]]], advance: Callable[[int], None]
                    ) -> Iterator[list[Mention]]:
        if self._extractor is None:
            self._extractor = Extractor(self.model)
        for chunk in chunks:
            yield from self._extractor.extract_many(chunk, batch_size=CHUNK)
            advance(len(chunk))

    @staticmethod
    def _collect(futures: list[Future], advance: Callable[[int], None]) -> Iterator[list[Mention]]:
        for future in futures:
            done = _result(future)
            advance(len(done))
            yield from done

    def extract(self, papers: Iterable[Paper], advance: Callable[[int], None] = lambda n: None
                ) -> Iterator[PaperExtraction]:
        stream = iter(papers)
        # spaCy's small matrices gain nothing from BLAS threads, and lose much when processes compete for cores
        limits = threadpool_limits(1)
        if self.eager:
            self._start_pool()
        try:
            # the next window goes to the workers before the papers of this one are handed on, so that they never
            # wait while a window's results are stored and consumed
            pending = None
            while window := list(islice(stream, WINDOW)):
                started = self._start_window(window, advance)
                if pending is not None:
                    yield from self._finish_window(*pending)
                pending = started
            if pending is not None:
                yield from self._finish_window(*pending)
        except BaseException:
            self.close(terminate=True)
            raise
        finally:
            limits.restore_original_limits()
            self.close()

    def _start_window(self, window: list[Paper], advance: Callable[[int], None]
                      ) -> tuple[list[Paper], list[str], dict[str, list[Mention]], list[int], Iterator[list[Mention]]]:
        """Look the window's papers up in the cache and start extracting the others."""
        keys = [cache_key(p, self.pipeline_id) for p in window]
        known = self.cache.get_many(keys) if self.cache else {}
        todo = [i for i, key in enumerate(keys) if key not in known]
        chunks = [[(window[i].title, window[i].abstract) for i in todo[s : s + CHUNK]]
                  for s in range(0, len(todo), CHUNK)]
        advance(len(window) - len(todo))
        return window, keys, known, todo, self._submit(chunks, advance) if todo else iter(())

    def _finish_window(self, window: list[Paper], keys: list[str], known: dict[str, list[Mention]], todo: list[int],
                       results: Iterator[list[Mention]]) -> Iterator[PaperExtraction]:
        fresh = dict(zip(todo, results, strict=True)) if todo else {}
        if self.cache and fresh:
            self.cache.put_many({keys[i]: mentions for i, mentions in fresh.items()})
        self.extracted += len(fresh)
        self.cached += len(window) - len(fresh)
        for i, paper in enumerate(window):
            yield PaperExtraction(paper=paper, mentions=fresh[i] if i in fresh else known[keys[i]])

    def close(self, terminate: bool = False) -> None:
        """Let the workers finish, or end them at once (`terminate`) when the build stops on an error or gave
        them nothing to do. Ending them never waits on them: they are killed, and a worker that was killed or
        died is reported by the pool as broken rather than waited for."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if not terminate and self._submitted:
            for warmup in self._warmups:  # a start-up failure no chunk met is still this build's failure
                if warmup.done() and warmup.exception() is not None:
                    terminate = True
            if not terminate:
                pool.shutdown(wait=True)
                return
        # ProcessPoolExecutor keeps no public list of its processes, and forgets them on shutdown: take them first
        processes = list((getattr(pool, "_processes", None) or {}).values())
        manager = getattr(pool, "_executor_manager_thread", None)  # (shutdown forgets it too)
        for process in processes:
            if process.is_alive():
                process.kill()
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.join(timeout=5)  # the fork server has reaped it, so it leaves no zombie behind
        _forget_manager(manager)
        _stop_fork_server()


def _forget_manager(manager: threading.Thread | None) -> None:
    """Wait (briefly) for a pool's manager thread, which ends once it finds its workers dead, and take it off the
    list that Python's exit wakes up: at exit Python writes to the pipe of every manager on that list without the
    lock the manager closes it under, and one closed at that moment prints 'Bad file descriptor' with a traceback
    after kg's own error line (Python 3.11). concurrent.futures has no public way to do this."""
    wakeups = getattr(process_pools, "_threads_wakeups", None)
    if manager is None or wakeups is None:
        return
    manager.join(timeout=5)
    if not manager.is_alive():
        wakeups.pop(manager, None)


def _stop_fork_server() -> None:
    """Kill the fork server too, so that a stopped build leaves no process behind, not even for the moment the
    server takes to notice (the next pool starts a new one). multiprocessing has no public way to do this."""
    server = getattr(forkserver, "_forkserver", None)
    pid = getattr(server, "_forkserver_pid", None)
    if pid is None or not hasattr(server, "_stop"):
        return
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    server._stop()


def _result(future: Future) -> list[list[Mention]]:
    try:
        return future.result()
    except BrokenProcessPool:
        raise WorkerFailed("an extraction worker stopped unexpectedly (out of memory, or killed)") from None
