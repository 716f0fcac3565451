"""What `kg build` says about its stages on stderr: plain lines in a file, a live table on a terminal, nothing with
--quiet; and the pieces of kg.progress on their own."""

from __future__ import annotations

import io
import json
import os
import re
import select
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kg import progress as progress_module
from kg.progress import BuildProgress, clock

KG = Path(sys.executable).with_name("kg")
PAPERS = 300
STAGES = ["reading", "extracting", "resolving", "linking", "communities", "layout",
          *(f"export {name}" for name in ("rdf", "graphml", "gexf", "html", "neo4j", "jsonl"))]
ESCAPE = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|[@-Z\\-_])")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a few hundred generated abstracts in a.jsonl."""
    from test_interrupt import abstracts

    folder = tmp_path_factory.mktemp("progress")
    records = abstracts(17, PAPERS)
    (folder / "a.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return folder


def build_command(*extra: str) -> list[str]:
    return [str(KG), "build", "a.jsonl", "--out", "out", "--no-cache", "--force", *extra]


# --- kg build as a user runs it ------------------------------------------------------------------------------------


def test_a_build_logged_to_a_file_names_every_stage_in_plain_lines(corpus: Path) -> None:
    with open(corpus / "err.log", "w", encoding="utf-8") as err:
        result = subprocess.run(build_command(), cwd=corpus, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=err, timeout=600)
    log = (corpus / "err.log").read_text(encoding="utf-8")
    assert result.returncode == 0, log
    assert "\r" not in log and "\x1b" not in log
    lines = log.splitlines()
    assert all(line.startswith("kg: [") for line in lines), log
    for stage in STAGES:
        assert any(f"] {stage}" in line for line in lines), f"{stage} missing from:\n{log}"
        assert any(f"] {stage} done in " in line for line in lines), f"{stage} never ends in:\n{log}"
    assert f"extracting: 0/{PAPERS} papers" in log, "extraction knows its total from the start"
    assert "extracting done in " in log and f"{PAPERS}/{PAPERS} papers" in log


def test_a_build_on_a_terminal_draws_every_stage_live(corpus: Path) -> None:
    master, slave = os.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "40"}
    process = subprocess.Popen(build_command(), cwd=corpus, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=slave, env=env)
    os.close(slave)
    raw = bytearray()
    deadline = time.monotonic() + 600
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 1.0)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                data = os.read(master, 65536)
            except OSError:  # the build closed its end: EIO
                break
            if not data:
                break
            raw += data
        assert process.wait(timeout=max(1.0, deadline - time.monotonic())) == 0, raw.decode(errors="replace")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    text = raw.decode("utf-8", errors="replace")
    assert "\x1b[" in text, "a terminal gets a live table, redrawn in place"
    plain = ESCAPE.sub("", text)
    for stage in STAGES:
        assert stage in plain, f"{stage} missing from:\n{plain[-3000:]}"
    assert re.search(rf"extracting +\S+ +\d+:\d\d:\d\d +\d+/{PAPERS} papers", plain), plain[-3000:]
    assert "kg: [" not in plain, "no log lines on a terminal"


def test_quiet_says_nothing(corpus: Path) -> None:
    result = subprocess.run(build_command("--quiet"), cwd=corpus, stdin=subprocess.DEVNULL, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0
    assert result.stderr == "" and result.stdout == ""


# --- kg.progress on its own ----------------------------------------------------------------------------------------


def test_lines_hold_back_until_the_delay_then_tell_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]

    class Clock:
        @staticmethod
        def monotonic() -> float:
            return now[0]

    monkeypatch.setattr(progress_module, "time", Clock)
    stream = io.StringIO()
    progress = BuildProgress(stream=stream, delay=2.0)
    with progress.stage("reading", unit="papers") as reading:
        reading.advance(10)
    now[0] += 1.0
    assert stream.getvalue() == "", "a build shorter than the delay stays quiet"
    extracting = progress.begin("extracting", total=40, unit="papers")
    now[0] += 2.0
    extracting.advance(8)
    lines = stream.getvalue().splitlines()
    assert lines == [
        "kg: [   0.0s] reading",
        "kg: [   0.0s] reading done in 0.0s: 10 papers",
        "kg: [   1.0s] extracting: 0/40 papers",
        "kg: [   3.0s] extracting: 8/40 papers, 4.0/s, 0:08 left",
    ]
    now[0] += 1.0
    extracting.advance(8)
    assert len(stream.getvalue().splitlines()) == 4, "at most one line every few seconds"
    now[0] += progress_module.LOG_EVERY
    extracting.advance(24)
    extracting.end("2 from the cache")
    progress.close()
    assert stream.getvalue().splitlines()[4:] == [
        "kg: [   9.0s] extracting: 40/40 papers, 5.0/s",
        "kg: [   9.0s] extracting done in 8.0s: 40/40 papers, 5.0/s, 2 from the cache",
    ]


def test_a_short_build_says_nothing_and_quiet_never() -> None:
    stream = io.StringIO()
    with BuildProgress(stream=stream, delay=60.0) as progress, progress.stage("resolving"):
        pass
    assert stream.getvalue() == ""
    with BuildProgress(enabled=False, stream=stream, delay=0.0) as progress:
        with progress.stage("reading", unit="papers") as reading:
            reading.advance(3)
        with progress.paused():
            pass
    assert stream.getvalue() == ""


def test_a_stage_left_by_an_error_does_not_end() -> None:
    stream = io.StringIO()
    with pytest.raises(KeyError), BuildProgress(stream=stream, delay=0.0) as progress, progress.stage("linking"):
        raise KeyError("x")
    assert stream.getvalue().splitlines()[-1].endswith("] linking")


def test_export_stages_name_their_files_relative_to_the_folder(tmp_path: Path) -> None:
    stream = io.StringIO()
    with BuildProgress(stream=stream, delay=0.0) as progress:
        watch = progress.exports(tmp_path)
        watch.started("neo4j")
        with watch.paused():
            pass
        watch.finished("neo4j", [tmp_path / "neo4j" / "nodes.csv", tmp_path / "neo4j" / "import.cypher"], 0.5)
    last = stream.getvalue().splitlines()[-1]
    assert last.endswith("export neo4j done in 0.0s: neo4j/nodes.csv, neo4j/import.cypher")


def test_a_terminal_table_is_drawn_by_its_own_thread_and_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("TERM", "xterm")
    stream = Terminal()
    with BuildProgress(stream=stream, delay=0.0) as progress:
        with progress.stage("extracting", total=5, unit="papers") as extracting:
            extracting.advance(5)
        time.sleep(4 * progress_module.REDRAW_EVERY)
        with progress.paused():
            drawn = len(stream.getvalue())
            time.sleep(3 * progress_module.REDRAW_EVERY)
            assert len(stream.getvalue()) == drawn, "nothing is drawn while paused"
    assert "5/5 papers" in ESCAPE.sub("", stream.getvalue())
    assert not any(thread.name == "kg-progress" for thread in threading.enumerate())


def test_clock() -> None:
    assert [clock(s) for s in (0, 7.9, 260, 3723)] == ["0:00", "0:07", "4:20", "1:02:03"]
