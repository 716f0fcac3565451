"""A build always ends: input built to break the reader, Ctrl-C and SIGTERM at any stage, two builds into one
folder, a full disk, and SIGKILL anywhere. Every run is a subprocess under a time limit, so a hang fails the test
instead of stalling it; races are tested by repetition."""

from __future__ import annotations

import gzip
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from test_interrupt import abstracts, running_in_group, snapshot

KG = Path(sys.executable).with_name("kg")
ROOT = Path(__file__).resolve().parents[1]
REPEATS = 20
LIMIT = 10.0  # seconds a failing build may take, start to end


def kg(*args: str, cwd: Path, timeout: float = LIMIT) -> subprocess.CompletedProcess:
    return subprocess.run([str(KG), *args], cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


# --- input built to break the reader ----------------------------------------------------------------------------


def _bomb_line(path: Path) -> None:
    with gzip.open(path, "wb", compresslevel=9) as handle:  # one record that expands to 64 MB
        handle.write(b'{"abstract": "' + b"a" * (64 << 20) + b'"}\n')


def _bomb_file(path: Path) -> None:
    line = (json.dumps({"abstract": "x" * 900}) + "\n").encode()
    with gzip.open(path, "wb", compresslevel=9) as handle:  # short records, 600 MB in all
        for _ in range((600 << 20) // (len(line) << 10) + 1):
            handle.write(line * 1024)


def _symlink_loop(path: Path) -> None:
    (path / "sub").mkdir(parents=True)
    (path / "sub" / "back").symlink_to("..")
    (path / "a.jsonl").write_text(json.dumps({"abstract": "We study graph neural networks on Cora."}) + "\n")


HOSTILE = {
    # name: (file or folder to give kg, how to make it, the exit code expected)
    "missing file": ("missing.jsonl", None, 3),
    "csv without abstract": ("a.csv", lambda p: p.write_text("title,venue\nA paper,ICML\n"), 3),
    "utf-16 text": ("a.txt", lambda p: p.write_bytes("A title\n\nAn abstract.\n".encode("utf-16")), 3),
    "random bytes": ("a.txt", lambda p: p.write_bytes(os.urandom(4096)), 3),
    "nul bytes in text": ("a.txt", lambda p: p.write_bytes(b"Title\n\nAn abstract \x00 with a NUL.\n"), 3),
    "deep json lines": ("a.jsonl", lambda p: p.write_text('{"abstract": ' + "[" * 100_000 + "]" * 100_000 + "}\n"),
                        3),
    "deep json": ("a.json", lambda p: p.write_text("[" * 100_000 + "]" * 100_000), 3),
    "deep bibtex": ("a.bib", lambda p: p.write_text("@article{a, abstract = {" + "{" * 50_000 + "x"
                                                    + "}" * 50_000 + "}}\n"), 3),
    "huge csv field": ("a.csv", lambda p: p.write_text('abstract\n"' + ("word " * 200_000 + "\n") * 5 + '"\n'), 3),
    "bomb: one record": ("a.jsonl.gz", _bomb_line, 3),
    "bomb: whole file": ("b.jsonl.gz", _bomb_file, 3),
    "fifo": ("a.jsonl", lambda p: os.mkfifo(p), 3),
    "device": ("/dev/zero", None, 3),
    "symlink loop": ("folder", _symlink_loop, 0),
}


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path, int]]:
    made = {}
    for number, (name, (target, make, code)) in enumerate(HOSTILE.items()):
        folder = tmp_path_factory.mktemp(f"hostile{number}")
        path = Path(target) if target.startswith("/") else folder / target
        if make is not None:
            make(path)
        made[name] = (folder, path, code)
    return made


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_input_ends_cleanly_every_time(hostile, name: str) -> None:
    folder, path, code = hostile[name]

    def once(run: int) -> tuple[int, float, str, bool]:
        out = folder / f"out{run}"
        started = time.monotonic()
        try:  # a build that fails ends within LIMIT; one that succeeds (the link loop) has a whole build to do
            result = kg("build", str(path), "--out", str(out), "--quiet", cwd=folder,
                        timeout=LIMIT if code else 6 * LIMIT)
        except subprocess.TimeoutExpired:
            return -1, time.monotonic() - started, "timed out", out.exists()
        return result.returncode, time.monotonic() - started, result.stderr, out.exists()

    with ThreadPoolExecutor(2) as pool:  # two at a time: a hang in either is caught by its time limit
        runs = list(pool.map(once, range(REPEATS)))
    print(f"{name}: {len(runs)} runs, exit codes {sorted({r[0] for r in runs})}, "
          f"slowest {max(r[1] for r in runs):.1f} s")
    for returncode, seconds, stderr, created in runs:
        assert returncode == code, f"{name}: exit {returncode} after {seconds:.1f} s: {stderr[-500:]}"
        assert seconds < (LIMIT if code else 6 * LIMIT)
        assert "Traceback" not in stderr
        if code != 0:
            assert len(stderr.splitlines()) == 1 and stderr.startswith("kg: error: "), stderr
            assert str(path.name) in stderr, "the message names the file"
            assert not created, "a failed build leaves nothing new"


def test_a_file_that_vanishes_or_changes_while_read_is_a_clean_error(tmp_path: Path) -> None:
    from kg.read import InputError, read_papers

    for name in ("a.jsonl", "b.jsonl"):
        (tmp_path / name).write_text("".join(json.dumps(r) + "\n" for r in abstracts(1, 3)), encoding="utf-8")
    papers = read_papers([tmp_path])
    next(papers)
    (tmp_path / "b.jsonl").unlink()  # listed, then gone before it is opened
    with pytest.raises(InputError, match=r"b\.jsonl: .*(no such file|vanished)"):
        list(papers)

    compressed = tmp_path / "c.jsonl.gz"
    compressed.write_bytes(gzip.compress("".join(json.dumps(r) + "\n" for r in abstracts(2, 5000)).encode()))
    papers = read_papers([compressed])
    next(papers)
    compressed.write_bytes(compressed.read_bytes()[:200])  # cut short while read
    with pytest.raises(InputError, match=r"c\.jsonl\.gz"):
        list(papers)


# --- Ctrl-C and SIGTERM at every stage --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def thousand(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with an old build of 40 abstracts in `out`, and 1,000 new ones."""
    folder = tmp_path_factory.mktemp("thousand")
    (folder / "old.jsonl").write_text("".join(json.dumps(r) + "\n" for r in abstracts(5, 40)), encoding="utf-8")
    (folder / "new.jsonl").write_text("".join(json.dumps(r) + "\n" for r in abstracts(6, 1000)), encoding="utf-8")
    result = kg("build", "old.jsonl", "--out", "out", "--quiet", cwd=folder, timeout=300)
    assert result.returncode == 0, result.stderr
    return folder


# Points of a build, each the line of its progress on stderr after which the signal goes (the build prints them as
# plain lines when stderr is a pipe, the first ones after two seconds): loading spaCy (no line yet: a fixed half
# second), extracting (its first line, then its second count of papers), resolving, linking, communities, layout,
# the export that writes the map, and the one that writes RDF.
POINTS = {
    "loading": None,
    "extracting": r"\] extracting: 0/",
    "extracting-midway": r"\] extracting: [1-9]\d*/1000 papers, ",
    "resolving": r"\] resolving\n",
    "linking": r"\] linking\n",
    "communities": r"\] communities\n",
    "layout": r"\] layout\n",
    "export-html": r"\] export html\n",
    "export-rdf": r"\] export rdf\n",
}


def _signal_after_line(process: subprocess.Popen, pattern: str | None, signum: int, delay: float = 0.0
                       ) -> tuple[str, float]:
    """Read the build's stderr as it comes; send `signum` to its group `delay` seconds after `pattern` has been
    printed (after half a second when there is none). Returns all of stderr and when the signal went."""
    seen: list[str] = []
    matched = threading.Event()

    def read() -> None:
        for line in process.stderr:
            seen.append(line)
            if pattern is not None and re.search(pattern, line + "\n"):
                matched.set()
        matched.set()  # the stream closed: the build is over

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    if pattern is None:
        time.sleep(0.5)
    else:
        assert matched.wait(timeout=300), "the build printed nothing for five minutes"
        time.sleep(delay)
    assert process.poll() is None, f"the build ended before the line {pattern!r}: " + "".join(seen)
    sent = time.monotonic()
    os.killpg(process.pid, signum)  # the whole group, as a terminal's Ctrl-C does
    process.wait(timeout=30)
    reader.join(timeout=5)
    return "".join(seen), sent


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("point", list(POINTS))
def test_a_signal_ends_a_build_of_a_thousand_abstracts_within_five_seconds(thousand: Path, signum: int,
                                                                          point: str) -> None:
    before = snapshot(thousand / "out")
    process = subprocess.Popen([str(KG), "build", "new.jsonl", "--out", "out", "--no-cache"], cwd=thousand,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        stderr, sent = _signal_after_line(process, POINTS[point], signum)
        took = time.monotonic() - sent
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    print(f"signal {signum} at {point}: exit {process.returncode} after {took:.2f} s")
    assert process.returncode == 130, stderr
    assert took < 5, f"{took:.1f} s to stop"
    assert stderr.splitlines()[-1] == "kg: error: interrupted; exports left as they were"
    assert "Traceback" not in stderr
    assert snapshot(thousand / "out") == before
    deadline = time.monotonic() + 5
    while running_in_group(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running_in_group(process.pid) == []


def test_signals_at_random_moments_of_the_workers_start_end_the_build_every_time(thousand: Path) -> None:
    """The moments after extraction starts, while the workers are forked and load the model and the first chunks
    wait for them, repeated: a stop must end the build however far each of these has got."""
    rng = random.Random(11)
    for attempt in range(12):
        signum, delay = rng.choice([signal.SIGINT, signal.SIGTERM]), rng.uniform(0.0, 1.5)
        process = subprocess.Popen([str(KG), "build", "new.jsonl", "--out", "out", "--no-cache"], cwd=thousand,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                   start_new_session=True)
        try:
            stderr, sent = _signal_after_line(process, POINTS["extracting"], signum, delay)
            took = time.monotonic() - sent
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        where = f"attempt {attempt}: signal {signum} {delay:.2f} s after extraction started"
        assert process.returncode == 130, f"{where}: {stderr}"
        assert took < 5, f"{where}: {took:.1f} s to stop"
        assert "Traceback" not in stderr, where
        deadline = time.monotonic() + 5
        while running_in_group(process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert running_in_group(process.pid) == [], where


def test_an_exit_hook_that_never_returns_does_not_keep_kg_from_ending(tmp_path: Path) -> None:
    """What a library leaves to Python's exit (a pool's manager thread, a queue's feeder, a worker to join) may
    wait for ever; the command still ends, with its own code, soon after its work is done."""
    script = ("import atexit, sys, threading, time\n"
              "atexit.register(time.sleep, 3600)\n"
              "threading.Thread(target=time.sleep, args=(3600,)).start()  # not a daemon: Python's exit joins it\n"
              "from kg.cli import run\n"
              "sys.argv = ['kg', 'build', 'missing.jsonl', '--out', 'out']\n"
              "run()\n")
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True,
                            timeout=60)
    took = time.monotonic() - started
    assert result.returncode == 3, result.stderr
    assert result.stderr.splitlines() == ["kg: error: missing.jsonl: no such file or directory"]
    assert took < 30, f"{took:.1f} s to end"


# --- two builds into one folder ---------------------------------------------------------------------------------


def test_a_second_build_into_the_same_folder_is_refused_and_neither_is_harmed(thousand: Path) -> None:
    out = thousand / "shared-out"
    first = subprocess.Popen([str(KG), "build", "new.jsonl", "--out", str(out), "--quiet"], cwd=thousand,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not (out / ".kg-lock").exists():
            assert first.poll() is None and time.monotonic() < deadline
            time.sleep(0.02)
        refusals = [kg("build", "old.jsonl", "--out", str(out), "--quiet", cwd=thousand) for _ in range(5)]
        assert first.wait(timeout=300) == 0, first.stderr.read()
    finally:
        if first.poll() is None:
            first.kill()
    for second in refusals:
        assert second.returncode == 4
        assert second.stderr.startswith("kg: error: ") and "another kg build" in second.stderr
    records = (out / "papers.jsonl").read_text("utf-8").splitlines()
    assert len(records) == 1000, "the first build's exports are whole"
    again = kg("build", "new.jsonl", "--out", str(out), "--quiet", cwd=thousand, timeout=300)
    assert again.returncode == 0 and not (out / ".kg-lock").exists()


# --- a full disk ------------------------------------------------------------------------------------------------


def test_a_full_disk_at_any_write_leaves_the_previous_exports(tmp_path: Path) -> None:
    """ENOSPC injected at the n-th write of the exports (every file and piece goes through one atomic-write
    helper, and copied pieces through os.copy_file_range), at points spread over all of them."""
    (tmp_path / "a.jsonl").write_text("".join(json.dumps(r) + "\n" for r in abstracts(7, 12)), encoding="utf-8")
    (tmp_path / "b.jsonl").write_text("".join(json.dumps(r) + "\n" for r in abstracts(8, 12)), encoding="utf-8")
    script = ROOT / "tests" / "full_disk.py"

    def build(failing_write: int, source: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, str(script), str(failing_write), source, "out"], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)

    assert build(0, "a.jsonl").returncode == 0
    before = exports(snapshot(tmp_path / "out"))
    failing_write, tried = 1, 0
    while (result := build(failing_write, "b.jsonl")).returncode != 0:
        tried += 1
        assert result.returncode == 4, (failing_write, result.stderr)
        assert len(result.stderr.splitlines()) == 1 and "No space left on device" in result.stderr
        assert exports(snapshot(tmp_path / "out")) == before, f"write {failing_write}"
        slots = sorted(p.name for p in (tmp_path / "out" / ".kg-sets").iterdir())
        assert slots == [Path(os.readlink(tmp_path / "out" / ".kg-current")).name]  # no half-written slot left
        assert not [p for p in (tmp_path / "out").rglob("*") if p.name.endswith(".tmp")]
        failing_write += max(1, failing_write // 8)  # every write at first, then points ever more spread
        assert failing_write < 100_000
    assert tried > 20, "the injection reached many writes of the exports"
    assert exports(snapshot(tmp_path / "out")) != before


def exports(files: dict[str, bytes]) -> dict[str, bytes]:
    """The exports and the manifest; not the extraction cache, which keeps what a failed build extracted."""
    return {name: data for name, data in files.items() if not name.startswith(".kg-cache/")}


# --- SIGKILL anywhere -------------------------------------------------------------------------------------------


def test_sigkill_at_a_hundred_points_leaves_the_previous_set_or_the_new_one(tmp_path: Path) -> None:
    """Builds of a and b take turns into one folder. Each is killed at one of twenty points spread over a whole
    build (reading, extracting, writing the cache, each export, the moves into place), five times each; the same
    build then runs again, and must repair what the kill left and succeed."""
    records = abstracts(9, 60)
    (tmp_path / "a.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records[:50]), encoding="utf-8")
    (tmp_path / "b.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    sets = {}
    for name in ("a", "b"):
        started = time.monotonic()
        assert kg("build", f"{name}.jsonl", "--out", name, "--jobs", "1", "--quiet", "--no-cache", cwd=tmp_path,
                  timeout=120).returncode == 0
        span = time.monotonic() - started
        sets[name] = visible(snapshot(tmp_path / name))
    out = tmp_path / "out"
    assert kg("build", "a.jsonl", "--out", "out", "--jobs", "1", "--quiet", cwd=tmp_path, timeout=120).returncode == 0
    kills, current = 100, "a"
    for point in range(kills):
        other = "b" if current == "a" else "a"
        # every fifth build starts without a cache, so that kills land in extraction and cache writes too
        if point % 5 == 0:
            subprocess.run(["rm", "-rf", str(out / ".kg-cache")], check=True)
        process = subprocess.Popen([str(KG), "build", f"{other}.jsonl", "--out", "out", "--jobs", "1", "--quiet"],
                                   cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        time.sleep(span * (point % 20 + 0.5) / 20)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        assert visible(snapshot(out)) in (sets[current], sets[other]), f"kill {point}: a mixture of two builds"
        repaired = kg("build", f"{other}.jsonl", "--out", "out", "--jobs", "1", "--quiet", cwd=tmp_path,
                      timeout=120)
        assert repaired.returncode == 0, f"kill {point}: {repaired.stderr}"
        assert visible(snapshot(out)) == sets[other], f"kill {point}: the next build did not repair the exports"
        current = other


def visible(files: dict[str, bytes]) -> dict[str, bytes]:
    """The exports a user opens (not the manifest, the cache or the lock, which differ by when they were made)."""
    return {name: data for name, data in files.items() if not name.startswith(".")}
