"""bench/audit/audit.py: the sample is the protocol's, and a report scores what was judged and lists what was not."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _audit():
    spec = importlib.util.spec_from_file_location("audit", ROOT / "bench" / "audit" / "audit.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _records(seed_build) -> list[dict]:
    return [json.loads(line) for line in seed_build.paths["jsonl"][0].read_text("utf-8").splitlines()]


def test_the_sample_is_seeded_and_the_sheet_names_every_item(seed_build):
    audit = _audit()
    records = _records(seed_build)
    first, again = audit.draw(records), audit.draw(records)
    assert first == again
    items, papers, _, _ = first
    assert len(items) == min(60, sum(len(r[name]) for r in records for name in audit.LIST_ROLE))
    assert len(papers) == 10
    sheet = audit.sheet(records)
    assert all(f"## I{n}. " in sheet for n in range(1, len(items) + 1))
    assert all(f"## R{n}. " in sheet for n in range(1, 11))


def test_a_report_scores_judged_items_and_lists_the_rest(seed_build):
    audit = _audit()
    records = _records(seed_build)
    items = audit.draw(records)[0]
    judged = [{"paper": i.paper, "list": i.list, "label": i.label, "type": i.type, "verdict": v, "reason": ""}
              for i, v in zip(items[:4], "aacd", strict=True)]
    judged.append({"paper": "gone", "list": "methods", "label": "X", "type": "Method", "verdict": "d", "reason": ""})
    report = audit.report(records, {"corpus": "seeds", "items": judged})
    assert "4 of 5 judged items still in the build" in report
    assert "strict precision 0.50, lenient 0.75" in report
    assert f"need a verdict: {len(items) - 4} sampled items" in report


def test_a_verdict_holds_for_the_label_written_another_way(seed_build):
    audit = _audit()
    records = _records(seed_build)
    item = audit.draw(records)[0][0]
    judged = [{"paper": item.paper, "list": item.list, "label": item.label.replace("-", " ").title(), "type": item.type,
               "verdict": "a", "reason": ""}]
    report = audit.report(records, {"corpus": "seeds", "items": judged})
    assert "1 of 1 judged items still in the build" in report
    assert f"need a verdict: {len(audit.draw(records)[0]) - 1} sampled items" in report


def test_a_verdict_on_an_item_typed_otherwise_needs_a_new_one(seed_build):
    audit = _audit()
    records = _records(seed_build)
    item = audit.draw(records)[0][0]
    other = "Dataset" if item.type != "Dataset" else "Method"
    judged = [{"paper": item.paper, "list": item.list, "label": item.label, "type": other, "verdict": "b",
               "reason": "wrong type"}]
    report = audit.report(records, {"corpus": "seeds", "items": judged})
    assert "0 of 1 judged items still in the build" in report
    assert f"need a verdict: {len(audit.draw(records)[0])} sampled items" in report


def test_recall_counts_a_concept_under_another_spelling_or_an_alias(seed_build):
    audit = _audit()
    records = _records(seed_build)
    record = next(r for r in records if any(item.get("aliases") for name in audit.LIST_ROLE for item in r[name]))
    item = next(item for name in audit.LIST_ROLE for item in record[name] if item.get("aliases"))
    expected = [item["aliases"][0], item["label"].upper(), "a concept no paper holds"]
    report = audit.report(records, {"corpus": "seeds", "recall": [{"paper": record["id"], "expected": expected}]})
    assert "recall 0.67 (2 of 3 expected concepts)" in report


def test_a_readers_verdicts_merge_by_the_role_the_sheet_showed():
    audit = _audit()
    kept = {"corpus": "c", "build": "aaa", "items": [
        {"paper": "p1", "list": "methods", "label": "X", "type": "Method", "verdict": "b", "reason": "old"}]}
    reader = {"items": [
        {"n": "I3", "paper": "p1", "label": "X", "type": "Method", "role": "uses", "verdict": "a", "reason": "new"},
        {"n": "I4", "paper": "p2", "label": "Y", "type": "Dataset", "role": "evaluated on", "verdict": "d",
         "reason": ""}]}
    merged = audit.merge(kept, reader, "bbb")
    assert merged["build"] == "aaa, bbb"
    assert {(v["paper"], v["list"], v["verdict"]) for v in merged["items"]} == {("p1", "methods", "a"),
                                                                               ("p2", "datasets", "d")}
    assert all("n" not in v and "role" not in v for v in merged["items"])


def test_a_link_judged_among_the_strongest_needs_no_second_verdict(seed_build):
    audit = _audit()
    records = _records(seed_build)
    links = audit.draw(records)[2]
    assert links, "the seed build links some papers"
    first = links[0]
    strongest = [{"first": first.first, "second": first.second, "shared": list(first.shared), "verdict": "good",
                  "reason": ""}]
    report = audit.report(records, {"corpus": "seeds", "items": [], "strongest": strongest})
    assert f"need a verdict: {len(audit.draw(records)[0])} sampled items, " in report
    assert f"{len(links) - 1} links" in report.split("need a verdict:")[1].splitlines()[0]
    assert f"link {first.first} {first.second}:" not in report


def test_the_statements_a_change_brought_and_took_away_are_drawn_and_tallied(seed_build):
    audit = _audit()
    old = _records(seed_build)
    new = json.loads(json.dumps(old))
    gone = new[0]["methods"].pop(0) if new[0].get("methods") else new[0]["tasks"].pop(0)
    brought = {"label": "QuuxNet", "type": "Method", "confidence": 0.9, "rule": "name", "evidence": []}
    new[1].setdefault("proposed", []).append(brought)
    added, removed = audit.changed([old], [new])
    assert [i.label for i in added] == ["QuuxNet"]
    assert [i.label for i in removed] == [gone["label"]]
    sheet = audit.changed_sheet(added, removed, 35, 25)
    assert sheet.count("## I") == 2 and "QuuxNet" in sheet and gone["label"] in sheet
    assert sheet == audit.changed_sheet(added, removed, 35, 25)  # seeded
    verdicts = [{"paper": new[1]["id"], "list": "proposed", "label": "quuxnet", "type": "Method", "verdict": "a"},
                {"paper": old[0]["id"], "list": removed[0].list, "label": gone["label"], "type": gone["type"],
                 "verdict": "d"}]
    report = audit.changed_report(added, removed, verdicts)
    assert "new: 1 right of 1 judged" in report
    assert "gone: 0 right of 1 judged (a 0, b 0, c 0, d 1)" in report


def test_a_recheck_shows_the_judged_papers_expected_concepts_beside_what_this_build_finds(seed_build):
    audit = _audit()
    records = _records(seed_build)
    judged, other = records[0], records[1]
    verdicts = {"recall": [{"paper": judged["id"], "expected": ["first concept", "second concept"],
                            "found": ["first concept"]}, {"paper": "a paper no build holds", "expected": ["x"]}]}
    sheet = audit.recheck_sheet(records, verdicts)
    assert f"## R1. {judged['id']}: " in sheet
    assert "Expected: first concept; second concept" in sheet
    assert "Found: " + "; ".join(audit._paper_items(judged)) in sheet
    assert other["id"] not in sheet and "a paper no build holds" not in sheet
