"""Audit a build by hand, as ../shared/eval/AUDIT.md says, and keep the verdicts as data.

    python bench/audit/audit.py sheet EXPORT --out SHEET.md        # the items a fresh reader judges
    python bench/audit/audit.py sheet EXPORT --out SHEET.md --unjudged VERDICTS.json
                                                                  # only those no verdict covers yet
    python bench/audit/audit.py report EXPORT VERDICTS.json        # precision on the judged items still there,
                                                                  # and the new items that need a verdict
    python bench/audit/audit.py merge VERDICTS.json NEW.json --build COMMIT
                                                                  # add a reader's new verdicts (a verdict on
                                                                  # the same item replaces the older one)
    python bench/audit/audit.py changed --old OLD... --new NEW... --out SHEET.md [--added 35 --removed 25]
                                                                  # random statements a change of the rules
                                                                  # brought and took away, for a reader
    python bench/audit/audit.py changed --old OLD... --new NEW... --verdicts VERDICTS.json...
                                                                  # how many of them the reader found right
    python bench/audit/audit.py recheck EXPORT VERDICTS.json --out SHEET.md
                                                                  # the judged recall papers again, with what
                                                                  # this build finds: a reader marks anew which
                                                                  # expected concepts it holds

The sample: every (paper, list, item) of papers.jsonl in file order; with random.seed(7), 60 items, then 10 papers
for recall, then 20 paper-paper links (and the 10 strongest). The sheet holds the texts the reader needs (titles,
evidence, abstracts); it is written outside the repository, since the corpora's texts are not ours to commit. The
verdicts file (bench/audit/<corpus>.json) holds ids, labels and verdicts only:

    {"corpus": ..., "build": ..., "items": [{"paper", "list", "label", "type", "verdict", "reason"}],
     "recall": [{"paper", "expected": [labels], "found": [labels]}],
     "links": [{"first", "second", "shared", "verdict", "reason"}]}

Item verdicts: a right; b real concept, wrong type or role; c right idea, bad boundary; d not a concept.
Link verdicts: good, weak, bad.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from kg.normalize import label_key  # noqa: E402
from kg.sample import Item, Link, all_items, all_links, read_papers  # noqa: E402

SEED, ITEMS, PAPERS, LINKS, STRONGEST = 7, 60, 10, 20, 10
CHANGED_SEED = 5
LIST_ROLE = {"proposed": "proposes", "methods": "uses", "baselines": "compares", "evaluated": "evaluates",
             "tasks": "addresses", "datasets": "evaluated on", "metrics": "reports"}


def draw(records: list[dict]) -> tuple[list[Item], list[dict], list[Link], list[Link]]:
    random.seed(SEED)
    items = all_items(records)
    links = all_links(records)
    sampled_items = random.sample(items, min(ITEMS, len(items)))
    sampled_papers = [records[i] for i in random.sample(range(len(records)), min(PAPERS, len(records)))]
    sampled_links = random.sample(links, min(LINKS, len(links)))
    strongest = sorted(links, key=lambda link: (-link.weight, link.first, link.second))[:STRONGEST]
    return sampled_items, sampled_papers, sampled_links, strongest


def item_key(paper: str, list_name: str, label: str, ctype: str) -> tuple[str, str, str, str]:
    """What a verdict on an item is a verdict on: the paper, the list (the role), the label's key and the type, so
    that a label written another way by a later build ('expectation-maximisation', 'expectation-maximization') keeps
    its verdict, and one a later build types otherwise needs a new one."""
    return paper, list_name, label_key(label), ctype


def _paper_items(record: dict) -> list[str]:
    return [f"{item['label']} [{item['type']}, {LIST_ROLE.get(name, name)}]"
            for name in LIST_ROLE for item in record.get(name, [])]


def _judged_keys(verdicts: dict) -> tuple[set, set, set]:
    return ({item_key(v["paper"], v["list"], v["label"], v["type"]) for v in verdicts.get("items", [])},
            {entry["paper"] for entry in verdicts.get("recall", [])},
            {(v["first"], v["second"]) for v in verdicts.get("links", []) + verdicts.get("strongest", [])})


ITEMS_HEADING = "# Items (verdict a/b/c/d and a few words of reason for each)"


def _item_entry(number: int, item: Item) -> list[str]:
    alias = f"; aliases: {', '.join(item.aliases[:5])}" if item.aliases else ""
    return [f"## I{number}. {item.label} — type {item.type}, role {LIST_ROLE.get(item.list, item.list)}, "
            f"confidence {item.confidence:.2f}{alias}",
            f"Paper {item.paper}: {item.title}",
            *(f"> {sentence}" for sentence in item.evidence[:3]),
            ""]


def sheet(records: list[dict], verdicts: dict | None = None) -> str:
    """The sampled items, papers and links for a reader; with `verdicts`, only those no verdict covers (each keeps
    its number in the whole sample)."""
    items, papers, links, strongest = draw(records)
    judged_items, judged_papers, judged_links = _judged_keys(verdicts or {})
    out = [ITEMS_HEADING, ""]
    for number, item in enumerate(items, 1):
        if item_key(item.paper, item.list, item.label, item.type) not in judged_items:
            out += _item_entry(number, item)
    out += ["# Recall (for each paper: what an expert would index; which of those were found)", ""]
    for number, record in enumerate(papers, 1):
        if record["id"] in judged_papers:
            continue
        out.append(f"## R{number}. {record['id']}: {record.get('title', '')}")
        out.append(record.get("abstract", ""))
        out.append("Found: " + ("; ".join(_paper_items(record)) or "(nothing)"))
        out.append("")
    for heading, group, prefix in (("Links (good/weak/bad)", links, "L"), ("The 10 strongest links", strongest, "S")):
        out += [f"# {heading}", ""]
        for number, link in enumerate(group, 1):
            if (link.first, link.second) in judged_links:
                continue
            out.append(f"## {prefix}{number}. weight {link.weight:.2f}; shared: {', '.join(link.shared)}")
            out.append(f"- {link.first}: {link.first_title}")
            out.append(f"- {link.second}: {link.second_title}")
            out.append("")
    return "\n".join(out)


def report(records: list[dict], verdicts: dict) -> str:
    """Precision on the judged items the build still holds, recall on the judged papers, link verdicts; and the
    sampled items, papers and links of this build that no verdict covers."""
    present = {item_key(i.paper, i.list, i.label, i.type) for i in all_items(records)}
    judged = {item_key(v["paper"], v["list"], v["label"], v["type"]): v for v in verdicts.get("items", [])}
    kept = [v for key, v in judged.items() if key in present]
    counts = {grade: sum(v["verdict"] == grade for v in kept) for grade in "abcd"}
    lines = [f"corpus {verdicts.get('corpus', '?')}: {len(kept)} of {len(judged)} judged items still in the build"]
    if kept:
        strict, lenient = counts["a"] / len(kept), (counts["a"] + counts["c"]) / len(kept)
        lines.append(f"  strict precision {strict:.2f}, lenient {lenient:.2f}"
                     f"  (a {counts['a']}, b {counts['b']}, c {counts['c']}, d {counts['d']})")
    by_paper = {r["id"]: r for r in records}
    found = expected = 0
    for entry in verdicts.get("recall", []):
        record = by_paper.get(entry["paper"])
        if record is None:
            continue
        # a concept found under another spelling or one of its aliases counts ('LLMs' for 'large language model')
        labels = {label_key(text) for name in LIST_ROLE for item in record.get(name, [])
                  for text in (item["label"], *item.get("aliases", []))}
        expected += len(entry["expected"])
        found += sum(label_key(label) in labels or label in entry.get("found", []) for label in entry["expected"])
    if expected:
        lines.append(f"  recall {found / expected:.2f} ({found} of {expected} expected concepts)")
    link_pairs = {(link.first, link.second) for link in all_links(records)}
    judged_links = [v for v in verdicts.get("links", []) if (v["first"], v["second"]) in link_pairs]
    if judged_links:
        tally = {grade: sum(v["verdict"] == grade for v in judged_links) for grade in ("good", "weak", "bad")}
        lines.append(f"  links: {tally['good']} good, {tally['weak']} weak, {tally['bad']} bad "
                     f"of {len(judged_links)} judged links still in the build")
    items, papers, links, _ = draw(records)
    sampled = [judged[key] for key in (item_key(i.paper, i.list, i.label, i.type) for i in items) if key in judged]
    if sampled:
        grades = {grade: sum(v["verdict"] == grade for v in sampled) for grade in "abcd"}
        lines.append(f"  this build's sample: strict {grades['a'] / len(sampled):.2f}, lenient "
                     f"{(grades['a'] + grades['c']) / len(sampled):.2f} on the {len(sampled)} of {len(items)} "
                     f"sampled items with a verdict")
    # a link judged among the strongest has its verdict wherever a later build samples it
    link_verdicts = {(v["first"], v["second"]): v["verdict"]
                     for v in verdicts.get("strongest", []) + verdicts.get("links", [])}
    sampled_links = [link_verdicts[(link.first, link.second)] for link in links
                     if (link.first, link.second) in link_verdicts]
    if sampled_links:
        lines.append(f"  this build's sampled links: {sampled_links.count('good')} good, "
                     f"{sampled_links.count('weak')} weak, {sampled_links.count('bad')} bad of the "
                     f"{len(sampled_links)} of {len(links)} with a verdict")
    new_items = [i for i in items if item_key(i.paper, i.list, i.label, i.type) not in judged]
    new_links = [link for link in links if (link.first, link.second) not in link_verdicts]
    judged_papers = {entry["paper"] for entry in verdicts.get("recall", [])}
    new_papers = [r["id"] for r in papers if r["id"] not in judged_papers]
    lines.append(f"  need a verdict: {len(new_items)} sampled items, {len(new_papers)} papers, {len(new_links)} links")
    lines += [f"    item {i.paper} {i.list}: {i.label} [{i.type}]" for i in new_items]
    lines += [f"    paper {p}" for p in new_papers]
    lines += [f"    link {link.first} {link.second}: {', '.join(link.shared)}" for link in new_links]
    return "\n".join(lines)


ROLE_LIST = {role: name for name, role in LIST_ROLE.items()}


def _as_kept(entry: dict) -> dict:
    """A reader's entry as the verdicts file keeps it: no sheet number, and an item's list rather than the role the
    sheet showed ('uses' -> 'methods')."""
    kept = {k: x for k, x in entry.items() if k not in {"n", "role"}}
    if "role" in entry and "list" not in entry:
        kept["list"] = ROLE_LIST[entry["role"]]
    return kept


def merge(verdicts: dict, new: dict, build: str) -> dict:
    """`verdicts` with those of `new` (a reader's file, or another verdicts file) added; a new verdict on an item,
    paper or link already judged replaces it, and `build` joins the list of commits whose builds were judged."""
    keys = {"items": lambda v: item_key(v["paper"], v["list"], v["label"], v["type"]), "recall": lambda v: v["paper"],
            "links": lambda v: (v["first"], v["second"]), "strongest": lambda v: (v["first"], v["second"])}
    new = {part: [_as_kept(v) for v in new.get(part, [])] for part in keys}
    merged = dict(verdicts)
    for part, key in keys.items():
        entries = {key(v): v for v in verdicts.get(part, [])}
        entries.update({key(v): v for v in new[part]})
        merged[part] = list(entries.values())
    builds = [b.strip() for b in verdicts.get("build", "").split(",") if b.strip()]
    merged["build"] = ", ".join(builds + [build] * (build not in builds))
    return merged


RECHECK_HEADING = ("# Recall (for each paper: the expected concepts are given; copy them as they are and say which "
                   "of them the Found line holds, under any type or wording)")


def recheck_sheet(records: list[dict], verdicts: dict) -> str:
    """The papers judged for recall, with their expected concepts and what this build finds in them: a reader's
    'found' of an older build says nothing of what a later one finds under another wording."""
    by_paper = {record["id"]: record for record in records}
    out = ["# Items", "", "(none)", "", RECHECK_HEADING, ""]
    for number, entry in enumerate(verdicts.get("recall", []), 1):
        record = by_paper.get(entry["paper"])
        if record is None:
            continue
        out.append(f"## R{number}. {record['id']}: {record.get('title', '')}")
        out.append(record.get("abstract", ""))
        out.append("Expected: " + "; ".join(entry["expected"]))
        out.append("Found: " + ("; ".join(_paper_items(record)) or "(nothing)"))
        out.append("")
    return "\n".join(out)


def changed(old: list[list[dict]], new: list[list[dict]]) -> tuple[list[Item], list[Item]]:
    """The statements the new builds hold that the old ones did not, and those they no longer hold (builds paired
    in order: one corpus each)."""
    added: list[Item] = []
    removed: list[Item] = []
    for old_records, new_records in zip(old, new, strict=True):
        before = {item_key(i.paper, i.list, i.label, i.type): i for i in all_items(old_records)}
        after = {item_key(i.paper, i.list, i.label, i.type): i for i in all_items(new_records)}
        added += [after[key] for key in sorted(set(after) - set(before))]
        removed += [before[key] for key in sorted(set(before) - set(after))]
    return added, removed


def changed_sheet(added: list[Item], removed: list[Item], n_added: int, n_removed: int) -> str:
    """Random statements of both kinds, shuffled together: the reader judges each as a statement, not knowing
    which build holds it."""
    random.seed(CHANGED_SEED)
    picked = random.sample(added, min(n_added, len(added))) + random.sample(removed, min(n_removed, len(removed)))
    random.shuffle(picked)
    out = [ITEMS_HEADING, ""]
    for number, item in enumerate(picked, 1):
        out += _item_entry(number, item)
    return "\n".join(out)


def changed_report(added: list[Item], removed: list[Item], verdicts: list[dict]) -> str:
    """How many of the judged statements the change brought are right, and how many of those it took away."""
    judged = {item_key(v["paper"], v["list"], v["label"], v["type"]): v["verdict"] for v in verdicts}
    lines = [f"{len(added)} statements new, {len(removed)} gone"]
    for name, group in (("new", added), ("gone", removed)):
        grades = [judged[key] for key in (item_key(i.paper, i.list, i.label, i.type) for i in group) if key in judged]
        tally = ", ".join(f"{grade} {grades.count(grade)}" for grade in "abcd")
        lines.append(f"  {name}: {grades.count('a')} right of {len(grades)} judged ({tally})")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("sheet", help="write the sampled items for a reader to judge")
    make.add_argument("export", type=Path)
    make.add_argument("--out", type=Path, required=True)
    make.add_argument("--unjudged", type=Path, help="a verdicts file: leave out what it already judges")
    check = commands.add_parser("report", help="precision on judged items; items that need a verdict")
    check.add_argument("export", type=Path)
    check.add_argument("verdicts", type=Path)
    combine = commands.add_parser("merge", help="add a reader's new verdicts to a verdicts file")
    combine.add_argument("verdicts", type=Path)
    combine.add_argument("new", type=Path)
    combine.add_argument("--build", required=True, help="the commit the judged build was made from")
    change = commands.add_parser("changed", help="the statements a change of the rules brought and took away")
    change.add_argument("--old", type=Path, nargs="+", required=True, help="builds before the change")
    change.add_argument("--new", type=Path, nargs="+", required=True, help="the same corpora's builds after it")
    change.add_argument("--out", type=Path, help="write a sheet of random ones for a reader")
    change.add_argument("--added", type=int, default=35)
    change.add_argument("--removed", type=int, default=25)
    change.add_argument("--verdicts", type=Path, nargs="+", help="verdicts files: tally those judged")
    again = commands.add_parser("recheck", help="the judged recall papers, with what this build finds")
    again.add_argument("export", type=Path)
    again.add_argument("verdicts", type=Path)
    again.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if args.command == "changed":
        if len(args.old) != len(args.new) or not (args.out or args.verdicts):
            parser.error("changed: give as many --new builds as --old ones, and --out or --verdicts")
        added, removed = changed([read_papers(p) for p in args.old], [read_papers(p) for p in args.new])
        if args.verdicts:
            verdicts = [_as_kept(v) for p in args.verdicts
                        for v in json.loads(p.read_text(encoding="utf-8")).get("items", [])]
            print(changed_report(added, removed, verdicts))
        else:
            args.out.write_text(changed_sheet(added, removed, args.added, args.removed) + "\n", encoding="utf-8")
            print(f"wrote {args.out}: {len(added)} new and {len(removed)} gone statements in all")
        return
    if args.command == "merge":
        merged = merge(*(json.loads(p.read_text(encoding="utf-8")) for p in (args.verdicts, args.new)), args.build)
        args.verdicts.write_text(json.dumps(merged, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{args.verdicts}: " + ", ".join(f"{len(merged[p])} {p}" for p in ("items", "recall", "links")))
        return
    records = read_papers(args.export)
    if args.command == "recheck":
        args.out.write_text(recheck_sheet(records, json.loads(args.verdicts.read_text(encoding="utf-8"))) + "\n",
                            encoding="utf-8")
        print(f"wrote {args.out}")
    elif args.command == "sheet":
        verdicts = json.loads(args.unjudged.read_text(encoding="utf-8")) if args.unjudged else None
        args.out.write_text(sheet(records, verdicts) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
    else:
        print(report(records, json.loads(args.verdicts.read_text(encoding="utf-8"))))


if __name__ == "__main__":
    main()
