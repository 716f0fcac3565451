"""A build stopped mid-export (Ctrl-C, SIGTERM, SIGKILL) leaves every previous export whole.

`kg build` runs as a subprocess on a few hundred generated abstracts; the test watches the output folder and
signals the build the moment an export's temporary file appears, or the moment a first export has been renamed
into place, then compares every file with what was there before.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from seen import under

from kg.manifest import MANIFEST

KG = Path(sys.executable).with_name("kg")
PAPERS = 400

METHODS = ["graph neural network", "transformer", "diffusion model", "variational autoencoder", "LSTM", "BERT",
           "contrastive learning", "random forest", "ResNet", "Gaussian process", "policy gradient", "U-Net"]
TASKS = ["image classification", "node classification", "machine translation", "object detection",
         "question answering", "speech recognition", "link prediction", "semantic segmentation"]
DATASETS = ["ImageNet", "CIFAR-10", "Cora", "SQuAD", "COCO", "LibriSpeech", "WMT14", "MNIST"]
METRICS = ["accuracy", "F1 score", "BLEU", "mean average precision", "word error rate"]


def abstracts(seed: int, count: int = PAPERS) -> list[dict]:
    rng = random.Random(seed)
    records = []
    for number in range(count):
        name = "".join(rng.choice("BCDFGHKLMNPRSTVZ") + rng.choice("aeiou") for _ in range(2))
        name += rng.choice(["Net", "Former", "GAN", "Flow"])
        method, baseline = rng.sample(METHODS, 2)
        task, dataset, metric = rng.choice(TASKS), rng.choice(DATASETS), rng.choice(METRICS)
        records.append({
            "id": f"s{seed}-{number:03d}",
            "title": f"{name}: a {method} for {task}",
            "abstract": f"We propose {name}, a novel {method} for {task}. Unlike prior work based on {baseline}, "
                        f"{name} learns representations end to end. Experiments on {dataset} show that {name} "
                        f"outperforms {baseline} in {metric}. We also study {rng.choice(TASKS)} with "
                        f"{rng.choice(METHODS)}.",
        })
    return records


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file's bytes; the manifest's without the times it records each file was written at, which differ
    between two builds of the same input."""
    return {p.relative_to(folder).as_posix(): without_times(p) for p in under(folder) if p.is_file()}


def without_times(path: Path) -> bytes:
    if path.name != MANIFEST:
        return path.read_bytes()
    manifest = json.loads(path.read_bytes())
    manifest["files"] = {name: entry[:2] for name, entry in manifest["files"].items()}
    return json.dumps(manifest, sort_keys=True).encode()


def temporaries(folder: Path) -> list[Path]:
    """Temporary files under `folder`; read while a build may be removing its staging folder, so a folder that
    vanishes mid-walk is skipped (os.walk ignores it) rather than failing the scan."""
    return [Path(root) / name for root, _, names in os.walk(folder) for name in names if name.endswith(".tmp")]


def entries(folder: Path) -> set[str]:
    """Every file and folder under `folder`, as relative paths."""
    return {p.relative_to(folder).as_posix() for p in under(folder)}


def hidden(relative: str) -> bool:
    """A temporary file or staging folder: its name, or a folder on its way, starts with a dot."""
    return any(part.startswith(".") for part in relative.split("/"))


def visible(files: dict[str, bytes]) -> dict[str, bytes]:
    """The exports themselves, without hidden bookkeeping such as the manifest."""
    return {name: data for name, data in files.items() if not hidden(name)}


def kg_build(*args: object) -> list[str]:
    return [str(KG), "build", *map(str, args), "--quiet"]


@dataclass
class Corpus:
    root: Path
    before: dict[str, bytes]  # the exports of a.jsonl: what every test starts from
    after: dict[str, bytes]  # the exports of b.jsonl: what a complete build of b.jsonl writes

    @property
    def entries(self) -> set[str]:
        return entries(self.root / "ref-a")

    def previous_exports(self, name: str) -> Path:
        out = self.root / name
        shutil.copytree(self.root / "ref-a", out)
        return out

    def command(self, source: str, out: Path, *extra: str) -> list[str]:
        return kg_build(source, "--out", out, "--jobs", "1", "--cache-dir", self.root / "cache", *extra)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Corpus:
    """Two corpora and their complete builds; the extraction cache they leave makes later builds reach the
    export stage within a second or two."""
    root = tmp_path_factory.mktemp("interrupt")
    for name, seed in (("a.jsonl", 1), ("b.jsonl", 2)):
        (root / name).write_text("".join(json.dumps(r) + "\n" for r in abstracts(seed)), encoding="utf-8")
    for source, out in (("a.jsonl", "ref-a"), ("b.jsonl", "ref-b")):
        command = kg_build(source, "--out", out, "--jobs", "1", "--cache-dir", "cache")
        result = subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stderr
    before, after = snapshot(root / "ref-a"), snapshot(root / "ref-b")
    assert before.keys() == after.keys() and all(before[k] != after[k] for k in before if k.endswith(".jsonl"))
    return Corpus(root, before, after)


@dataclass
class Stopped:
    returncode: int
    stderr: str
    seen: list[Path]  # the temporary files there were when the signal was sent


def changed(out: Path, stats: dict[str, tuple[int, int]]) -> bool:
    for name, stat in stats.items():
        try:
            now = os.stat(out / name)
        except FileNotFoundError:
            return True
        if (now.st_ino, now.st_mtime_ns) != stat:
            return True
    return False


def run_and_stop(command: list[str], cwd: Path, out: Path, when: str, signum: int) -> Stopped:
    """Start `command`; as soon as a temporary file appears in `out` (`when="tmp"`) or an existing file there is
    replaced (`when="renamed"`), send `signum` (to the whole process group, as a terminal does for Ctrl-C)."""
    stats = {p.relative_to(out).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
             for p in under(out) if p.is_file()}
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    deadline = time.monotonic() + 300
    seen: list[Path] = []
    try:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"the build ended before it could be stopped: {process.stderr.read()}")
            seen = temporaries(out)
            if (when == "tmp" and seen) or (when == "renamed" and changed(out, stats)):
                break
            time.sleep(0.001)
        else:
            pytest.fail("the build never reached its exports")
        os.killpg(process.pid, signum)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return Stopped(process.returncode, stderr, seen)


def assert_stopped_cleanly(stopped: Stopped, out: Path, previous: set[str]) -> None:
    """Ctrl-C or SIGTERM: exit 130, one line, and nothing left behind: no temporary file, no staging folder."""
    assert "Traceback" not in stopped.stderr, stopped.stderr
    assert stopped.returncode == 130, stopped.stderr
    assert stopped.stderr.splitlines() == ["kg: error: interrupted; exports left as they were"]
    assert temporaries(out) == []
    assert entries(out) == previous


def assert_killed(stopped: Stopped, out: Path, previous: set[str]) -> None:
    """SIGKILL: what was being written may stay behind, but only as hidden temporaries inside the folder."""
    assert stopped.returncode == -signal.SIGKILL
    assert all(hidden(extra) for extra in entries(out) - previous), sorted(entries(out) - previous)


# --- stopped while the first export is being written ------------------------------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL],
                         ids=["SIGINT", "SIGTERM", "SIGKILL"])
def test_stopped_while_writing_leaves_every_previous_export_as_it_was(corpus: Corpus, signum: int) -> None:
    out = corpus.previous_exports(f"writing-{signum}")
    stopped = run_and_stop(corpus.command("b.jsonl", out), corpus.root, out, "tmp", signum)
    # The files being written were hidden temporaries inside the output folder, so on its file system: a rename
    # puts each in place whole.
    assert stopped.seen and all(hidden(tmp.relative_to(out).as_posix()) for tmp in stopped.seen)
    assert_previous_exports_kept(stopped, out, corpus, signum)


def assert_previous_exports_kept(stopped: Stopped, out: Path, corpus: Corpus, signum: int) -> None:
    """Killed, stopped cleanly, or (a signal that came while the finished set was moved into place) ended: every
    export that was there before is still there, byte for byte."""
    if signum == signal.SIGKILL:
        assert_killed(stopped, out, corpus.entries)
    elif stopped.returncode == 0:
        assert "Traceback" not in stopped.stderr and temporaries(out) == []
    else:
        assert_stopped_cleanly(stopped, out, corpus.entries)
    files = snapshot(out)
    assert {name: files.get(name) for name in corpus.before} == corpus.before


# --- stopped once a first export has been replaced --------------------------------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGKILL], ids=["SIGINT", "SIGKILL"])
def test_stopped_rebuild_of_the_same_input_leaves_identical_exports(corpus: Corpus, signum: int) -> None:
    out = corpus.previous_exports(f"same-{signum}")
    stopped = run_and_stop(corpus.command("a.jsonl", out, "--force"), corpus.root, out, "renamed", signum)
    assert_previous_exports_kept(stopped, out, corpus, signum)


@pytest.fixture(scope="module")
def stopped_after_a_rename(corpus: Corpus) -> tuple[Stopped, dict[str, bytes]]:
    """A build of b.jsonl over the exports of a.jsonl, stopped with Ctrl-C once it has replaced a first file."""
    out = corpus.previous_exports("new-input")
    stopped = run_and_stop(corpus.command("b.jsonl", out), corpus.root, out, "renamed", signal.SIGINT)
    return stopped, snapshot(out)


def test_stopped_build_of_new_input_leaves_only_whole_files(corpus: Corpus, stopped_after_a_rename) -> None:
    stopped, files = stopped_after_a_rename
    # a signal that arrives while the finished set is moved into place waits for the moves: the build then ends
    assert stopped.returncode in (0, 130) and "Traceback" not in stopped.stderr, stopped.stderr
    assert files.keys() == corpus.before.keys()
    for name, data in files.items():
        assert data in (corpus.before[name], corpus.after[name]), f"{name} is neither the old nor the new file"
    assert any(files[name] == corpus.after[name] for name in files)  # it was stopped after a rename


def test_stopped_build_of_new_input_leaves_the_previous_set_or_the_new_one(corpus: Corpus,
                                                                            stopped_after_a_rename) -> None:
    _, files = stopped_after_a_rename
    assert visible(files) in (visible(corpus.before), visible(corpus.after))


def test_failing_build_of_new_input_leaves_the_previous_exports(corpus: Corpus) -> None:
    out = corpus.previous_exports("failing")
    (out / "neo4j" / "nodes.csv").unlink()
    (out / "neo4j" / "nodes.csv").mkdir()  # the neo4j export cannot be put in place
    before, listing = snapshot(out), entries(out)
    result = subprocess.run(corpus.command("b.jsonl", out), cwd=corpus.root, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 4 and "nodes.csv" in result.stderr, result.stderr
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr
    assert snapshot(out) == before and entries(out) == listing


# --- Ctrl-C while several processes extract ---------------------------------------------------------------------


def running_in_group(group: int) -> list[str]:
    """The processes of a process group that still run (a zombie has ended; it waits only for init to reap it,
    which in some containers never comes)."""
    running = []
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        state, pgrp = fields[0], int(fields[2])
        if pgrp == group and state != "Z":
            running.append(status.parent.name)
    return running


def test_ctrl_c_during_parallel_extraction_stops_every_process_quietly(tmp_path: Path) -> None:
    (tmp_path / "c.jsonl").write_text("".join(json.dumps(r) + "\n" for r in abstracts(3, 400)), encoding="utf-8")
    command = kg_build("c.jsonl", "--out", "out", "--jobs", "2", "--no-cache")
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    try:
        deadline = time.monotonic() + 120
        while len(children.read_text().split()) < 2:  # both extraction workers started
            assert process.poll() is None and time.monotonic() < deadline, "the workers never started"
            time.sleep(0.01)
        time.sleep(1.0)  # they are loading the model or extracting
        assert process.poll() is None, "the build ended before it could be stopped"
        os.killpg(process.pid, signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert "Traceback" not in stderr, stderr
    assert process.returncode == 130
    assert stderr.splitlines() == ["kg: error: interrupted; exports left as they were"]
    deadline = time.monotonic() + 5  # helper processes (fork server, resource tracker) see the build gone at once
    while running_in_group(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running_in_group(process.pid) == [], "no worker is left running"
    assert not (tmp_path / "out").exists() or temporaries(tmp_path / "out") == []


def test_a_stop_python_could_not_raise_where_it_came_prints_no_traceback(monkeypatch) -> None:
    # a Ctrl-C that lands in a callback of the import system is dropped by Python with a traceback on stderr; kg
    # notes the stop and raises it again itself, so the dropped one says nothing (anything else still does)
    from types import SimpleNamespace

    from kg.cli import _stop_on_signals

    reported: list[BaseException] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda report: reported.append(report.exc_value))
    before = sys.unraisablehook
    restore = _stop_on_signals()
    try:
        for error in (KeyboardInterrupt(), SystemExit(143), ValueError("a real problem")):
            sys.unraisablehook(SimpleNamespace(exc_type=type(error), exc_value=error, exc_traceback=None,
                                               err_msg="Exception ignored in", object=None))
    finally:
        restore()
    assert [str(error) for error in reported] == ["a real problem"]
    assert sys.unraisablehook is before
