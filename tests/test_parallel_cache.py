"""Parallel extraction, the extraction cache and the manifest change how fast a build is, never what it writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from seen import under

from kg.pipeline import build
from kg.read import read_papers

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """76 papers (the seeds four times, under other ids and titles): enough for several extraction chunks."""
    path = tmp_path_factory.mktemp("corpus") / "papers.jsonl"
    papers = list(read_papers([ROOT / "seeds"]))
    with open(path, "w", encoding="utf-8") as handle:
        for copy in range(4):
            for number, paper in enumerate(papers):
                record = {"id": f"c{copy}-{number}", "title": f"Study {copy}-{number}: {paper.abstract[:40]}",
                          "abstract": paper.abstract, "year": 2025, "authors": [f"Author {copy}"]}
                handle.write(json.dumps(record) + "\n")
    return path


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in under(folder)
            if p.is_file() and not p.name.startswith(".") and ".kg-cache" not in p.parts}


def test_two_processes_write_the_same_bytes_as_one(corpus, tmp_path):
    one = build([corpus], tmp_path / "one", jobs=1)
    two = build([corpus], tmp_path / "two", jobs=2)
    assert one.papers == two.papers == 76
    first, second = files_of(tmp_path / "one"), files_of(tmp_path / "two")
    assert set(first) == set(second) and len(first) >= 10
    for name in first:
        assert first[name] == second[name], name


def test_a_cached_rebuild_writes_what_a_cold_build_writes(corpus, tmp_path, extractor):
    cache = tmp_path / "cache"
    cold = build([corpus], tmp_path / "cold", cache_dir=cache, extractor=extractor)
    warm = build([corpus], tmp_path / "warm", cache_dir=cache, extractor=extractor)
    assert (cold.extracted, cold.cached) == (76, 0)
    assert (warm.extracted, warm.cached) == (0, 76)
    assert files_of(tmp_path / "cold") == files_of(tmp_path / "warm")


def test_an_added_paper_is_the_only_one_extracted(corpus, tmp_path, extractor):
    cache = tmp_path / "cache"
    build([corpus], tmp_path / "out", cache_dir=cache, extractor=extractor, formats=["jsonl"])
    grown = tmp_path / "grown.jsonl"
    grown.write_text(corpus.read_text(encoding="utf-8") + json.dumps(
        {"id": "new", "abstract": "We propose TidyNet, a novel network for image denoising."}) + "\n", encoding="utf-8")
    result = build([grown], tmp_path / "out", cache_dir=cache, extractor=extractor, formats=["jsonl"])
    assert (result.extracted, result.cached) == (1, 76)


def test_an_unchanged_rebuild_writes_nothing_and_a_changed_one_rewrites(corpus, tmp_path, extractor):
    out = tmp_path / "out"
    first = build([corpus], out, extractor=extractor, reuse=True, formats=["jsonl", "graphml"])
    assert not first.up_to_date
    again = build([corpus], out, extractor=extractor, reuse=True, formats=["jsonl", "graphml"])
    assert again.up_to_date and again.paths == {} and again.summary == first.summary
    (out / "kg.graphml").write_text("tampered", encoding="utf-8")
    repaired = build([corpus], out, extractor=extractor, reuse=True, formats=["jsonl", "graphml"])
    assert not repaired.up_to_date
    assert (out / "kg.graphml").read_text(encoding="utf-8").startswith("<?xml")
    other_options = build([corpus], out, extractor=extractor, reuse=True, formats=["jsonl", "graphml"],
                          min_confidence=0.8)
    assert not other_options.up_to_date


def grown_copy(corpus: Path, folder: Path) -> Path:
    """The corpus with one more paper, which shares concepts with the others (and so moves their weights)."""
    grown = folder / "grown.jsonl"
    grown.write_text(corpus.read_text(encoding="utf-8") + json.dumps(
        {"id": "new", "title": "Denoising with TidyNet",
         "abstract": "We propose TidyNet, a novel network for image denoising. We use diffusion models and "
                     "evaluate on ImageNet against U-Net."}) + "\n", encoding="utf-8")
    return grown


def test_a_rebuild_with_a_paper_added_copies_pieces_and_writes_what_a_cold_build_writes(corpus, tmp_path,
                                                                                        extractor):
    out = tmp_path / "out"
    first = build([corpus], out, extractor=extractor, reuse=True)
    assert first.pieces_copied == 0 and first.pieces_rendered > 76
    grown = grown_copy(corpus, tmp_path)
    rebuilt = build([grown], out, extractor=extractor, reuse=True)
    assert rebuilt.papers == 77
    assert rebuilt.pieces_copied > rebuilt.pieces_rendered > 0
    cold = build([grown], tmp_path / "cold", extractor=extractor)
    assert cold.pieces_copied == 0
    rebuilt_files, cold_files = files_of(out), files_of(tmp_path / "cold")
    assert set(rebuilt_files) == set(cold_files)
    for name in cold_files:
        assert rebuilt_files[name] == cold_files[name], name


def test_an_export_changed_by_hand_is_not_copied_from(corpus, tmp_path, extractor):
    out = tmp_path / "out"
    build([corpus], out, extractor=extractor, reuse=True, formats=["graphml"])
    graphml = out / "kg.graphml"
    text = graphml.read_text(encoding="utf-8")
    graphml.write_text(text.replace("<node ", "<node data-x='1' "), encoding="utf-8")  # same pieces, moved
    rebuilt = build([grown_copy(corpus, tmp_path)], out, extractor=extractor, reuse=True, formats=["graphml"])
    assert rebuilt.pieces_copied == 0
    cold = build([grown_copy(corpus, tmp_path)], tmp_path / "cold", extractor=extractor, formats=["graphml"])
    assert graphml.read_bytes() == (tmp_path / "cold" / "kg.graphml").read_bytes()
    forced = build([grown_copy(corpus, tmp_path)], out, extractor=extractor, reuse=False, formats=["graphml"])
    assert forced.pieces_copied == 0 and cold.pieces_rendered == forced.pieces_rendered


def test_the_manifest_tells_whether_the_inputs_are_those_of_the_last_build(corpus, tmp_path, extractor):
    from kg import manifest
    from kg.read import input_files

    out = tmp_path / "out"
    build([corpus], out, extractor=extractor, reuse=True, formats=["jsonl"])
    status = manifest.input_status(input_files([corpus]))
    assert manifest.Previous(out).inputs_unchanged(status)
    grown = grown_copy(corpus, tmp_path)
    assert not manifest.Previous(out).inputs_unchanged(manifest.input_status(input_files([grown])))
    assert not manifest.Previous(tmp_path / "nowhere").inputs_unchanged(status)


def test_the_next_window_is_submitted_before_this_one_is_handed_on(monkeypatch):
    """The workers get the next window's papers before the build consumes this window's: they never wait while a
    window's results are stored and handed on. The papers still come out in order, each with its own mentions."""
    from kg.extract import runner as runner_module
    from kg.model import Paper

    events: list[str] = []

    def fake_submit(self, chunks, advance):
        titles = [title for chunk in chunks for title, _ in chunk]
        events.append(f"submit {titles[0]}..{titles[-1]}")
        return iter([[] for _ in titles])

    monkeypatch.setattr(runner_module, "WINDOW", 3)
    monkeypatch.setattr(runner_module.ExtractionRunner, "_submit", fake_submit)
    papers = [Paper(id=f"p{i}", title=f"t{i}", abstract=f"abstract {i}") for i in range(7)]
    runner = runner_module.ExtractionRunner(jobs=2)
    out = []
    for extraction in runner.extract(papers):
        events.append(f"yield {extraction.paper.title}")
        out.append(extraction.paper.id)
    assert out == [p.id for p in papers]
    assert events == ["submit t0..t2", "submit t3..t5", "yield t0", "yield t1", "yield t2", "submit t6..t6",
                      "yield t3", "yield t4", "yield t5", "yield t6"]


def test_workers_ended_on_an_error_leave_nothing_for_pythons_exit_to_wake(tmp_path):
    # Python's exit writes to the pipe of every pool manager it knows of, without the lock the manager closes it
    # under: a manager still winding down then prints 'Bad file descriptor' after kg's error line
    from concurrent.futures import process as process_pools

    from kg.extract import runner as runner_module

    for _ in range(3):
        runner = runner_module.ExtractionRunner(jobs=2, eager=True)
        runner.start()
        manager = runner._pool._executor_manager_thread
        runner.close(terminate=True)
        assert not manager.is_alive()
        assert manager not in process_pools._threads_wakeups
