"""Benchmark of `kg query`, `kg load`, `kg serve` and `kg validate` on a real export (ICML 2019, 763 papers).

Run by hand, not by the tests:

    .venv/bin/python bench/query_bench.py                              # builds the export first if it is missing
    .venv/bin/python bench/query_bench.py --export /tmp/icml2019-export --repeat 5

It takes the export folder given (by default /tmp/icml2019-export, built from ../shared/corpora/icml2019.jsonl.gz
with `kg build` when absent), then for each query of queries/ measures, as the median of --repeat runs:
- cold:  `kg query EXPORT QUERY` in a fresh process, which parses the export (kg.nt) every time;
- store: `kg query STORE QUERY` in a fresh process, on the store folder `kg load` wrote;
- serve: the query POSTed to a running `kg serve EXPORT` (warm: the store is open), the answer as SPARQL JSON;
and times `kg load` and `kg validate EXPORT` once each. It prints a table against the targets.
"""

from __future__ import annotations

import argparse
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KG = Path(sys.executable).with_name("kg")
CORPUS = ROOT.parent / "shared" / "corpora" / "icml2019.jsonl.gz"
TARGETS = {"cold": 1.5, "serve": 0.3, "validate": 16.0}


def timed(*args: str) -> float:
    """Seconds a `kg` command takes as a fresh process; it must succeed (validate may find violations: exit 1)."""
    start = time.perf_counter()
    result = subprocess.run([str(KG), *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if result.returncode not in (0, 1) or (result.returncode == 1 and args[0] != "validate"):
        raise SystemExit(f"kg {' '.join(args)} failed: {result.stderr.strip()}")
    return seconds


def median_of(repeat: int, run) -> float:
    return statistics.median(run() for _ in range(repeat))


def start_server(export: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([str(KG), "serve", str(export), "--port", "0"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    ready, _, _ = select.select([proc.stderr], [], [], 60)
    match = re.search(r" at (http://\S+)$", proc.stderr.readline().strip()) if ready else None
    if not match:
        proc.kill()
        raise SystemExit("kg serve did not start")
    return proc, match.group(1)


def post(url: str, query: str) -> float:
    data = urllib.parse.urlencode({"query": query}).encode("utf-8")
    request = urllib.request.Request(url, data=data, headers={"Accept": "application/sparql-results+json"})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=120) as response:
        response.read()
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--export", type=Path, default=Path("/tmp/icml2019-export"),
                        help="an export folder (built from --corpus when it is missing)")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="the abstracts to build the export from")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the median is shown")
    args = parser.parse_args()

    if not (args.export / "kg.nt").is_file():
        if not args.corpus.is_file():
            print(f"no export at {args.export} and no corpus at {args.corpus}", file=sys.stderr)
            return 1
        print(f"building {args.export} from {args.corpus} (a few minutes)", flush=True)
        subprocess.run([str(KG), "build", str(args.corpus), "--out", str(args.export), "--quiet"], check=True)

    queries = sorted((ROOT / "queries").glob("*.rq"))
    rows = []
    with tempfile.TemporaryDirectory() as work:
        store = Path(work) / "store"
        load_seconds = timed("load", str(args.export), "--store", str(store))
        proc, url = start_server(args.export)
        try:
            for path in queries:
                text = path.read_text(encoding="utf-8")
                post(url, text)  # the first answer warms nothing in the store, but it does Python's imports
                rows.append((path.name,
                             median_of(args.repeat, lambda p=path: timed("query", str(args.export), str(p))),
                             median_of(args.repeat, lambda p=path: timed("query", str(store), str(p))),
                             median_of(args.repeat, lambda t=text: post(url, t))))
                print(f"  {rows[-1][0]:28} done", file=sys.stderr, flush=True)
        finally:
            proc.terminate()
            proc.communicate(timeout=60)
        validate_seconds = timed("validate", str(args.export))

    print(f"export: {args.export}; median of {args.repeat} runs; seconds")
    print(f"{'query':28} {'cold':>6} {'store':>6} {'serve':>6}")
    for name, cold, stored, served in rows:
        print(f"{name:28} {cold:6.2f} {stored:6.2f} {served:6.3f}")
    worst = {"cold": max(r[1] for r in rows), "store": max(r[2] for r in rows), "serve": max(r[3] for r in rows)}
    print(f"{'slowest':28} {worst['cold']:6.2f} {worst['store']:6.2f} {worst['serve']:6.3f}")
    print(f"kg load: {load_seconds:.2f} s; kg validate: {validate_seconds:.2f} s")
    print(f"targets: cold <= {TARGETS['cold']} s ({'met' if worst['cold'] <= TARGETS['cold'] else 'MISSED'}), "
          f"serve <= {TARGETS['serve']} s ({'met' if worst['serve'] <= TARGETS['serve'] else 'MISSED'}), "
          f"validate <= {TARGETS['validate']} s "
          f"({'met' if validate_seconds <= TARGETS['validate'] else 'MISSED'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
