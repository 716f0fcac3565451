"""Shared fixtures: one spaCy pipeline per test session, one build of the seed papers, the shared folder."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def extractor():
    from kg.extract import Extractor

    return Extractor()


@pytest.fixture(scope="session")
def seed_build(tmp_path_factory, extractor):
    """`kg build` of seeds/ with every export, done once."""
    from kg.pipeline import build

    out = tmp_path_factory.mktemp("seed-build")
    return build([ROOT / "seeds"], out, extractor=extractor)


@pytest.fixture(scope="session")
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is not beside the project")
    return SHARED
