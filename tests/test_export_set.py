"""A set of exports is put in place by one rename: stopped at any step before it, the folder reads as the previous
set; after it, as the new one. Each step is made to fail in turn (an OSError at the n-th link, rename or copy),
which stands for a kill at that instant, since every step leaves the folder as a kill would."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kg.export_set import CURRENT, SETS, new_slot, put_in_place


def readable(out: Path) -> dict[str, str]:
    """What a reader of `out` sees: every export name that opens as a file, and its text."""
    return {p.relative_to(out).as_posix(): p.read_text() for p in sorted(out.rglob("*"))
            if p.is_file() and not p.relative_to(out).as_posix().startswith(".")}


def write_set(out: Path, files: dict[str, str]) -> None:
    slot = new_slot(out)
    for name, text in files.items():
        (slot / name).parent.mkdir(parents=True, exist_ok=True)
        (slot / name).write_text(text)
    put_in_place(out, slot)


OLD = {"kg.ttl": "old ttl", "neo4j/nodes.csv": "old nodes", "kg.html": "old map"}
NEW = {"kg.ttl": "new ttl", "neo4j/nodes.csv": "new nodes", "papers.jsonl": "new papers"}


def test_a_set_replaces_the_previous_one_and_keeps_formats_it_did_not_build(tmp_path: Path) -> None:
    write_set(tmp_path, OLD)
    assert readable(tmp_path) == OLD
    write_set(tmp_path, NEW)
    assert readable(tmp_path) == {**NEW, "kg.html": "old map"}
    assert sorted(p.name for p in (tmp_path / SETS).iterdir()) == [os.readlink(tmp_path / CURRENT).split("/")[-1]]
    assert (tmp_path / "neo4j" / "nodes.csv").is_symlink()


def test_plain_files_of_an_older_build_are_adopted_without_a_moment_unreadable(tmp_path: Path) -> None:
    for name, text in OLD.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    (tmp_path / "notes.txt").write_text("the user's own file")
    write_set(tmp_path, NEW)
    assert readable(tmp_path) == {**NEW, "kg.html": "old map", "notes.txt": "the user's own file"}
    assert not (tmp_path / "kg.html").is_symlink()  # not part of this set: left as it was


@pytest.mark.parametrize("plain", [False, True], ids=["slots", "plain files before"])
def test_failing_at_every_step_leaves_the_previous_set_or_the_new_one(tmp_path: Path, monkeypatch,
                                                                      plain: bool) -> None:
    calls = {"n": 0, "fail_at": 0}
    originals = {name: getattr(os, name) for name in ("link", "symlink", "replace")}

    def failing(name):
        def call(*args, **kwargs):
            calls["n"] += 1
            if calls["n"] == calls["fail_at"]:
                raise OSError(28, "No space left on device")
            return originals[name](*args, **kwargs)
        return call

    outcomes = set()
    for fail_at in range(1, 60):
        out = tmp_path / str(fail_at)
        if plain:
            for name, text in OLD.items():
                (out / name).parent.mkdir(parents=True, exist_ok=True)
                (out / name).write_text(text)
        else:
            write_set(out, OLD)
        before = readable(out)
        calls.update(n=0, fail_at=fail_at)
        for name in originals:
            monkeypatch.setattr(os, name, failing(name))
        try:
            write_set(out, NEW)
            outcomes.add("new")
        except OSError:
            outcomes.add("old")
        finally:
            for name, original in originals.items():
                monkeypatch.setattr(os, name, original)
        seen = readable(out)
        assert seen in (before, {**NEW, "kg.html": "old map"}), f"step {fail_at}: a mixture {seen}"
        if "new" in outcomes and calls["n"] < fail_at:
            break
        write_set(out, NEW)  # the next build repairs whatever the failure left
        assert readable(out) == {**NEW, "kg.html": "old map"}
    assert outcomes == {"old", "new"}
