"""Extraction over a stream of papers: cached results first, the rest in chunks, on one or several processes.

Every paper goes through the same chunked path whatever the number of processes, so `--jobs 1` and `--jobs 2`
give the same output; chunks keep memory flat however long the stream.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable, Iterator
from itertools import islice

from threadpoolctl import threadpool_limits

from kg.extract import Extractor, extractor_version
from kg.extract.cache import ExtractionCache, cache_key
from kg.model import Mention, Paper, PaperExtraction

CHUNK = 32  # papers per pipeline call: small enough to spread over processes, large enough to batch
WINDOW = 512  # papers read ahead of what has been yielded

_worker: Extractor | None = None


def _start_worker(model: str | None) -> None:
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it ends the workers
    threadpool_limits(1)
    _worker = Extractor(model)


def _extract_chunk(chunk: list[tuple[str, str]]) -> list[list[Mention]]:
    assert _worker is not None
    return _worker.extract_many(chunk, batch_size=CHUNK)


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


class ExtractionRunner:
    def __init__(self, model: str | None = None, jobs: int = 1, cache: ExtractionCache | None = None,
                 extractor: Extractor | None = None, eager: bool = False):
        """`eager`: with several jobs, start the workers (which load the model) as soon as extraction starts,
        so that the model loads while the input is read and looked up in the cache; for builds whose input
        changed, where a paper to extract may come last."""
        self.model = model
        self.jobs = max(1, jobs)
        self.eager = eager and self.jobs > 1
        self._submitted = False
        self.cache = cache
        self._extractor = extractor
        self._pool = None
        self.extracted = 0
        self.cached = 0

    @property
    def pipeline_id(self) -> str:
        return f"{extractor_version()}:{self.model or 'default'}"

    def _start_pool(self) -> None:
        if self._pool is None:
            context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
            self._pool = context.Pool(self.jobs, initializer=_start_worker, initargs=(self.model,))

    def _run(self, chunks: list[list[tuple[str, str]]]) -> Iterator[list[Mention]]:
        if self._pool is None and (self.jobs == 1 or len(chunks) == 1):
            if self._extractor is None:
                self._extractor = Extractor(self.model)
            for chunk in chunks:
                yield from self._extractor.extract_many(chunk, batch_size=CHUNK)
            return
        self._start_pool()
        self._submitted = True
        for result in self._pool.imap(_extract_chunk, chunks):
            yield from result

    def extract(self, papers: Iterable[Paper], advance: Callable[[int], None] = lambda n: None
                ) -> Iterator[PaperExtraction]:
        stream = iter(papers)
        # spaCy's small matrices gain nothing from BLAS threads, and lose much when processes compete for cores
        limits = threadpool_limits(1)
        if self.eager:
            self._start_pool()
        try:
            while window := list(islice(stream, WINDOW)):
                yield from self._extract_window(window, advance)
        except BaseException:
            self.close(terminate=True)
            raise
        finally:
            limits.restore_original_limits()
            self.close()

    def _extract_window(self, window: list[Paper], advance: Callable[[int], None]) -> Iterator[PaperExtraction]:
        keys = [cache_key(p, self.pipeline_id) for p in window]
        known = self.cache.get_many(keys) if self.cache else {}
        todo = [i for i, key in enumerate(keys) if key not in known]
        chunks = [[(window[i].title, window[i].abstract) for i in todo[s : s + CHUNK]]
                  for s in range(0, len(todo), CHUNK)]
        fresh = dict(zip(todo, self._run(chunks), strict=True)) if todo else {}
        if self.cache and fresh:
            self.cache.put_many({keys[i]: mentions for i, mentions in fresh.items()})
        self.extracted += len(fresh)
        self.cached += len(window) - len(fresh)
        for i, paper in enumerate(window):
            advance(1)
            yield PaperExtraction(paper=paper, mentions=fresh[i] if i in fresh else known[keys[i]])

    def close(self, terminate: bool = False) -> None:
        """Let the workers finish, or end them at once (`terminate`) when the build stops on an error or gave
        them nothing to do."""
        if self._pool is not None:
            if terminate or not self._submitted:
                self._pool.terminate()
            else:
                self._pool.close()
            self._pool.join()
            self._pool = None
