"""`kg sample`: random statements or links of an export, to judge its precision by reading them.

The sampling is the one `AUDIT.md`-style audits use, so that anyone can redo it: every (paper, list, item) of
`papers.jsonl` in file order, then `random.seed(seed)` and `random.sample(items, n)`; links are the unique paper
pairs, ordered by their two ids, sampled the same way.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from kg.model import ROLES

LISTS: tuple[str, ...] = tuple(name for name, _ in ROLES.values())


class SampleError(Exception):
    pass


@dataclass(frozen=True)
class Item:
    paper: str
    title: str
    list: str
    label: str
    type: str
    confidence: float
    rule: str
    cue: str
    aliases: tuple[str, ...]
    evidence: tuple[str, ...]


@dataclass(frozen=True)
class Link:
    first: str
    first_title: str
    second: str
    second_title: str
    weight: float
    shared: tuple[str, ...]


def read_papers(export: Path) -> list[dict]:
    """The records of `papers.jsonl` in an export folder (or the file itself)."""
    path = export / "papers.jsonl" if export.is_dir() else export
    if not path.is_file():
        raise SampleError(f"{path}: no papers.jsonl here (build with the jsonl export)")
    records = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if line.strip():
                try:
                    records.append(json.loads(line))
                except json.JSONDecodeError as error:
                    raise SampleError(f"{path}:{number}: not JSON ({error.msg})") from None
    return records


def all_items(records: list[dict]) -> list[Item]:
    items = []
    for record in records:
        for name in LISTS:
            for item in record.get(name, []):
                items.append(Item(
                    paper=record["id"], title=record.get("title", ""), list=name, label=item["label"],
                    type=item["type"], confidence=item["confidence"], rule=item.get("rule", ""),
                    cue=item.get("cue", ""),
                    aliases=tuple(item.get("aliases", [])),
                    evidence=tuple(e["sentence"] for e in item.get("evidence", [])),
                ))
    return items


def all_links(records: list[dict]) -> list[Link]:
    titles = {record["id"]: record.get("title", "") for record in records}
    links: dict[tuple[str, str], Link] = {}
    for record in records:
        for link in record.get("links", []):
            first, second = sorted((record["id"], link["paper"]))
            links[(first, second)] = Link(first, titles.get(first, ""), second, titles.get(second, ""),
                                          link["weight"], tuple(link["shared"]))
    return [links[pair] for pair in sorted(links)]


def sample(population: list, n: int, seed: int) -> list:
    random.seed(seed)
    return random.sample(population, min(n, len(population)))


def sample_items(records: list[dict], n: int = 60, seed: int = 7, ctype: str | None = None) -> list[Item]:
    items = all_items(records)
    if ctype:
        items = [item for item in items if item.type.lower() == ctype.lower() or item.list == ctype.lower()]
    return sample(items, n, seed)


def render_items(items: list[Item]) -> str:
    lines = []
    for number, item in enumerate(items, 1):
        alias = f" (= {', '.join(item.aliases[:4])})" if item.aliases else ""
        cue = f", cue '{item.cue}'" if item.cue else ""
        lines.append(f"{number}. {item.label}{alias}  [{item.type}, {item.list}, {item.confidence:.2f}, "
                     f"rule {item.rule or '?'}{cue}]")
        lines.append(f"   paper {item.paper}: {item.title}")
        lines += [f"   > {sentence}" for sentence in item.evidence[:2]]
    return "\n".join(lines)


def render_links(links: list[Link]) -> str:
    lines = []
    for number, link in enumerate(links, 1):
        lines.append(f"{number}. weight {link.weight:.2f} via {', '.join(link.shared)}")
        lines.append(f"   {link.first}: {link.first_title}")
        lines.append(f"   {link.second}: {link.second_title}")
    return "\n".join(lines)
