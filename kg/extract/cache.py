"""A cache of per-paper extraction results, keyed by the paper's text, the pipeline and the extractor's version.

One SQLite file: a rebuild of an unchanged input, or of one with a few papers added, only extracts what changed.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import asdict
from pathlib import Path

from kg.model import Evidence, Mention, Paper

CACHE_FILE = "extractions.sqlite3"


def cache_key(paper: Paper, pipeline_id: str) -> str:
    text = "\x00".join((pipeline_id, paper.title, paper.abstract))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def encode(mentions: list[Mention]) -> str:
    return json.dumps([asdict(m) for m in mentions], ensure_ascii=False, separators=(",", ":"))


def decode(payload: str) -> list[Mention]:
    mentions = []
    for item in json.loads(payload):
        item["evidence"] = [Evidence(**e) for e in item["evidence"]]
        mentions.append(Mention(**item))
    return mentions


class ExtractionCache:
    def __init__(self, folder: Path):
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / CACHE_FILE
        self.db = sqlite3.connect(self.path)
        self.db.execute("CREATE TABLE IF NOT EXISTS extraction (key TEXT PRIMARY KEY, mentions TEXT NOT NULL)")

    def get_many(self, keys: list[str]) -> dict[str, list[Mention]]:
        found: dict[str, list[Mention]] = {}
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self.db.execute(f"SELECT key, mentions FROM extraction WHERE key IN ({marks})", chunk)
            found.update((key, decode(payload)) for key, payload in rows)
        return found

    def put_many(self, items: dict[str, list[Mention]]) -> None:
        with self.db:
            self.db.executemany("INSERT OR REPLACE INTO extraction VALUES (?, ?)",
                                [(key, encode(mentions)) for key, mentions in items.items()])

    def close(self) -> None:
        self.db.close()
