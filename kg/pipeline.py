"""The whole flow, wired once: read -> extract -> resolve -> graph -> export."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx

from kg.export import ExportOptions, write_all
from kg.extract import Extractor
from kg.extract.cache import ExtractionCache
from kg.extract.runner import ExtractionRunner
from kg.graph import build_graph
from kg.model import Paper, PaperExtraction
from kg.progress import Progress
from kg.read import read_papers
from kg.resolve import resolve


@dataclass
class BuildResult:
    graph: nx.MultiDiGraph
    paths: dict[str, list[Path]]
    papers: int = 0
    warnings: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    extracted: int = 0  # papers run through the pipeline
    cached: int = 0  # papers whose extraction came from the cache


def unique_ids(papers: Iterable[Paper], warn: Callable[[str], None]) -> Iterator[Paper]:
    """Keep papers that share an id apart: the later one gets a suffix, and a warning says so."""
    seen: set[str] = set()
    for paper in papers:
        if paper.id in seen:
            number = 2
            while f"{paper.id}-{number}" in seen:
                number += 1
            warn(f"{paper.source}: duplicate id {paper.id!r}, kept as {paper.id}-{number}")
            paper.id = f"{paper.id}-{number}"
        seen.add(paper.id)
        yield paper


def drop_below(extraction: PaperExtraction, min_confidence: float) -> PaperExtraction:
    if min_confidence > 0:
        extraction.mentions = [m for m in extraction.mentions if m.confidence >= min_confidence]
    return extraction


def build(
    inputs: Iterable[str | Path],
    out_dir: str | Path = "exports",
    *,
    model: str | None = None,
    min_confidence: float = 0.0,
    skip_bad: bool = False,
    formats: Iterable[str] | None = None,
    options: ExportOptions | None = None,
    quiet: bool = True,
    extractor: Extractor | None = None,
    jobs: int = 1,
    cache_dir: str | Path | None = None,
) -> BuildResult:
    """Build the graph of the papers in `inputs` and write every export into `out_dir`.

    `cache_dir` holds per-paper extraction results between runs (None: no cache); `jobs` processes extract.
    """
    warnings: list[str] = []
    timings: dict[str, float] = {}
    cache = ExtractionCache(Path(cache_dir)) if cache_dir is not None else None
    runner = ExtractionRunner(model=model, jobs=jobs, cache=cache, extractor=extractor)

    progress = Progress("extracting", enabled=not quiet)
    papers: list[Paper] = []
    extractions: list[PaperExtraction] = []
    stream = unique_ids(read_papers(inputs, skip_bad=skip_bad, warn=warnings.append), warnings.append)
    started = time.perf_counter()
    try:
        for extraction in runner.extract(stream, progress.advance):
            papers.append(extraction.paper)
            extractions.append(drop_below(extraction, min_confidence))
    finally:
        progress.close()
        if cache is not None:
            cache.close()
    timings["read+extract"] = time.perf_counter() - started

    started = time.perf_counter()
    index = resolve(extractions)
    timings["resolve"] = time.perf_counter() - started
    started = time.perf_counter()
    graph = build_graph(papers, index)
    timings["graph"] = time.perf_counter() - started

    out = Path(out_dir)
    paths = {}
    for name in formats or ("jsonl", "rdf", "graphml", "gexf", "neo4j", "html"):
        started = time.perf_counter()
        paths.update(write_all(graph, out, options or ExportOptions(), [name]))
        timings[f"export:{name}"] = time.perf_counter() - started
    return BuildResult(graph=graph, paths=paths, papers=len(papers), warnings=warnings, timings=timings,
                       extracted=runner.extracted, cached=runner.cached)
