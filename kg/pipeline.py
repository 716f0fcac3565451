"""The whole flow, wired once: read -> extract -> resolve -> graph -> export."""

from __future__ import annotations

import shutil
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

import networkx as nx

from kg import __version__, manifest
from kg.export import UNWATCHED, ExportOptions, write_timed
from kg.export.pieces import PieceIndex, Reuse
from kg.export_set import discard, new_slot, put_in_place
from kg.extract import Extractor, extractor_version
from kg.extract.cache import ExtractionCache
from kg.extract.runner import ExtractionRunner
from kg.graph import add_communities, add_paper_links, paper_titles, statement_graph
from kg.layout import add_layout
from kg.lock import output_lock
from kg.memory import collector_spared, spare_what_exists
from kg.model import CONCEPT_TYPES, Paper, PaperExtraction
from kg.progress import BuildProgress
from kg.read import InputError, input_files, read_papers
from kg.resolve import resolve
from kg.similarity import TextSimilarity
from kg.stop_signals import signals_held

# Slowest first, so that parallel export processes finish together.
EXPORT_ORDER = ("rdf", "graphml", "gexf", "html", "neo4j", "jsonl")


@dataclass
class BuildResult:
    graph: nx.MultiDiGraph | None
    paths: dict[str, list[Path]]
    papers: int = 0
    warnings: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    extracted: int = 0  # papers run through the pipeline
    cached: int = 0  # papers whose extraction came from the cache
    summary: dict = field(default_factory=dict)
    up_to_date: bool = False  # the exports of this very input were there already, and nothing was written
    pieces_copied: int = 0  # pieces of the exports copied from the previous build's files (kg.export.pieces)
    pieces_rendered: int = 0


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


@collector_spared()
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
    reuse: bool = False,
) -> BuildResult:
    """Build the graph of the papers in `inputs` and write every export into `out_dir`.

    `cache_dir` holds per-paper extraction results between runs (None: no cache); `jobs` processes extract and
    export. With `reuse`, a build whose papers and settings match the manifest of `out_dir`, and whose files are
    untouched, writes nothing and returns `up_to_date=True` without a graph.
    """
    names = list(EXPORT_ORDER if formats is None else formats)
    options = options or ExportOptions()
    fingerprint = manifest.Fingerprint({
        "kg": __version__, "code": manifest.code_version(), "extractor": extractor_version(), "model": model,
        "min_confidence": min_confidence,
        "formats": sorted(names), "options": asdict(options),
    })
    with nothing_new_on_failure(Path(out_dir), None if cache_dir is None else Path(cache_dir)), \
            output_lock(Path(out_dir), enabled=bool(names)):
        return _build(inputs, Path(out_dir), names, options, fingerprint, model=model, min_confidence=min_confidence,
                      skip_bad=skip_bad, quiet=quiet, extractor=extractor, jobs=jobs, cache_dir=cache_dir,
                      reuse=reuse)


def _build(inputs: Iterable[str | Path], out_dir: Path, names: list[str], options: ExportOptions,
           fingerprint: manifest.Fingerprint, *, model: str | None, min_confidence: float, skip_bad: bool,
           quiet: bool, extractor: Extractor | None, jobs: int, cache_dir: str | Path | None, reuse: bool,
           ) -> BuildResult:
    warnings: list[str] = []
    timings: dict[str, float] = {}
    cache = ExtractionCache(Path(cache_dir)) if cache_dir is not None else None
    inputs = [inputs] if isinstance(inputs, (str, Path)) else list(inputs)
    try:
        inputs_read = manifest.input_status(input_files(inputs))
    except InputError:
        inputs_read = {}  # read_papers says what is wrong with them
    # the extraction workers start at once unless the input files are those of the last build: then every paper
    # is most likely in the cache, and loading the model would be wasted
    previous = manifest.Previous(Path(out_dir))
    eager = not previous.inputs_unchanged(inputs_read)
    with BuildProgress(enabled=not quiet) as progress:
        runner = ExtractionRunner(model=model, jobs=jobs, cache=cache, extractor=extractor, eager=eager,
                                  paused=progress.paused)
        started = time.perf_counter()
        try:
            papers, extractions = _read_and_extract(inputs, runner, progress, skip_bad, warnings, min_confidence)
        finally:
            if cache is not None:
                cache.close()
        timings["read+extract"] = time.perf_counter() - started
        for paper in papers:
            fingerprint.add(paper)
        spare_what_exists()  # papers and extractions live until the end (kg.memory)
        if reuse and names:
            summary = previous.up_to_date(fingerprint.hexdigest())
            if summary is not None:
                return BuildResult(graph=None, paths={}, papers=len(papers), warnings=warnings, timings=timings,
                                   extracted=runner.extracted, cached=runner.cached, summary=summary,
                                   up_to_date=True)

        started = time.perf_counter()
        with progress.stage("resolving"):
            index = resolve(extractions)
        timings["resolve"] = time.perf_counter() - started
        started = time.perf_counter()
        with progress.stage("linking"):
            graph = statement_graph(papers, index)
            add_paper_links(graph, index, len(papers), paper_titles(papers), TextSimilarity(papers))
        with progress.stage("communities"):
            add_communities(graph)
        timings["graph"] = time.perf_counter() - started
        started = time.perf_counter()
        with progress.stage("layout"):
            add_layout(graph)
        timings["layout"] = time.perf_counter() - started
        spare_what_exists()

        out = Path(out_dir)
        indexes = previous.piece_indexes() if reuse else {}
        del previous  # its indexes are all the exporters need
        paths, export_timings, pieces = write_as_a_set(graph, out, options, names, jobs, indexes, progress)
    timings.update({f"export:{name}": seconds for name, seconds in export_timings.items()})
    if reuse and paths:
        manifest.record(out, fingerprint.hexdigest(), pieces.files, summary_counts(graph), pieces.written,
                        inputs_read)
    return BuildResult(graph=graph, paths=paths, papers=len(papers), warnings=warnings, timings=timings,
                       extracted=runner.extracted, cached=runner.cached, summary=summary_counts(graph),
                       pieces_copied=pieces.copied, pieces_rendered=pieces.rendered)


def _read_and_extract(inputs: list[str | Path], runner: ExtractionRunner, progress: BuildProgress, skip_bad: bool,
                      warnings: list[str], min_confidence: float) -> tuple[list[Paper], list[PaperExtraction]]:
    """Every paper of the inputs, then the extraction of each. The papers are read whole before extraction starts
    (they are all kept to the end anyway), so that extraction knows its total; the workers, when they start
    early, load the model meanwhile."""
    try:
        runner.start()
        papers: list[Paper] = []
        with progress.stage("reading", unit="papers") as reading:
            for paper in unique_ids(read_papers(inputs, skip_bad=skip_bad, warn=warnings.append), warnings.append):
                papers.append(paper)
                reading.advance()
        with progress.stage("extracting", total=len(papers), unit="papers") as extracting:
            extractions = [drop_below(extraction, min_confidence)
                           for extraction in runner.extract(papers, extracting.advance)]
            if runner.cached:
                extracting.note = f"{runner.cached} from the cache"
    except BaseException:
        runner.close(terminate=True)
        raise
    return papers, extractions


@contextmanager
def nothing_new_on_failure(out: Path, cache_dir: Path | None) -> Iterator[None]:
    """A build that fails or is stopped leaves no folder it created: not the output folder, not the cache (the
    slot being written is removed by write_as_a_set, and the manifest is written last)."""
    created = [folder for folder in (cache_dir, out) if folder is not None and not folder.exists()]
    try:
        yield
    except BaseException:
        with signals_held():
            for folder in created:
                shutil.rmtree(folder, ignore_errors=True)
        raise


def write_as_a_set(graph: nx.MultiDiGraph, out: Path, options: ExportOptions, names: list[str], jobs: int,
                   previous: dict[str, PieceIndex] | None = None, progress: BuildProgress | None = None,
                   ) -> tuple[dict[str, list[Path]], dict[str, float], Reuse]:
    """Write every export into a slot folder inside `out`, then put the whole set in place at once
    (`kg.export_set`): the paths and seconds of each export, and what was written in pieces (indexes by path
    within `out`, counts).

    `previous` holds the piece indexes of files in `out` that pieces may be copied from; `progress` shows each
    export as it starts and ends. A build that fails, is stopped or is killed while exporting leaves the previous
    exports as they were.
    """
    if not names:
        return {}, {}, Reuse()
    out.mkdir(parents=True, exist_ok=True)
    slot = new_slot(out)
    placed = False
    try:
        reuse = Reuse(root=slot, previous=out, indexes=previous or {})
        watch = progress.exports(slot) if progress is not None else UNWATCHED
        staged, seconds = write_timed(graph, slot, options, names, jobs=jobs, reuse=reuse, watch=watch)
        with signals_held():
            put_in_place(out, slot)
            placed = True
        return {name: [out / p.relative_to(slot) for p in group] for name, group in staged.items()}, seconds, reuse
    except OSError as error:  # name the file the user knows, not its place in the slot folder
        for attribute in ("filename", "filename2"):
            name = getattr(error, attribute, None)
            if name and str(slot) in str(name):
                setattr(error, attribute, str(name).replace(str(slot), str(out)))
        raise
    finally:
        if not placed:
            with signals_held():  # a second Ctrl-C must not leave half a slot behind
                discard(slot)


def summary_counts(graph: nx.MultiDiGraph) -> dict:
    """Papers, concepts per type, links and communities: what a build reports when it is done."""
    types = Counter(d["type"] for _, d in graph.nodes(data=True))
    return {
        "papers": types["Paper"],
        "concepts": {t: types[t] for t in CONCEPT_TYPES},
        "links": sum(1 for *_, key in graph.edges(keys=True) if key == "shares"),
        "communities": len(graph.graph.get("communities", [])),
    }
