"""Builds of real conference corpora from ../shared/corpora, each done at most once per test session.

A corpus build takes tens of seconds, and several test modules check the same build, so the result is kept here,
keyed by the corpus file, rather than in a fixture of one module. The seed build is conftest's `seed_build`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from kg.export import ExportOptions
from kg.extract import Extractor
from kg.pipeline import BuildResult, build

_BUILDS: dict[Path, BuildResult] = {}


def corpus_build(
    shared: Path, name: str, extractor: Extractor, tmp_path_factory: pytest.TempPathFactory
) -> BuildResult:
    """`kg build` of `<shared>/corpora/<name>.jsonl.gz` with every export, done on the first call only."""
    path = (shared / "corpora" / f"{name}.jsonl.gz").resolve()
    if not path.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing (CI is set, so ../shared must hold the corpora)")
        pytest.skip(f"{path} is missing")
    if path not in _BUILDS:
        out = tmp_path_factory.mktemp(f"build-{name}")
        _BUILDS[path] = build([path], out, extractor=extractor)
    return _BUILDS[path]


def out_dir(result: BuildResult) -> Path:
    """The folder a build wrote its exports into."""
    return result.paths["jsonl"][0].parent


def paper_records(result: BuildResult) -> list[dict]:
    """papers.jsonl of a build, one dict per paper."""
    text = (out_dir(result) / "papers.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def html_max_nodes() -> int:
    """How many nodes a build's map holds at most (the default export options)."""
    return ExportOptions().html_max_nodes
