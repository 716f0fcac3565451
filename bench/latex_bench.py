"""pylatexenc's LatexNodes2Text against kg.text's own LaTeX conversion, as a replacement inside `clean_markup`.

Correctness: the markup cases of tests/test_read.py (MARKUP_CASES), through `clean_markup` with either converter
(HTML, Markdown, ties and the decision whether a text is LaTeX stay as they are). Speed: the abstracts and titles
of a corpus, through `clean_markup` with either converter, and through each converter alone on the texts that hold
LaTeX; the best of a few runs.

    .venv/bin/pip install pylatexenc   # only for this comparison: kg does not depend on it
    .venv/bin/python bench/latex_bench.py ../shared/corpora/icml2019.jsonl.gz
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Callable
from pathlib import Path

from pylatexenc.latex2text import LatexNodes2Text
from timing import best_of

import kg.text as text_module

ROOT = Path(__file__).resolve().parents[1]
HAND = text_module._latex
CONVERTER = LatexNodes2Text(math_mode="text", strict_latex_spaces=True)
RAISED: list[str] = []


def pylatexenc_latex(text: str, latex: bool | None) -> str:
    """kg.text._latex with pylatexenc in place of the hand-written converter; what it cannot parse stays as is."""
    if "~" in text:
        text = text_module._TIE.sub(lambda m: "~" if text_module._in_url(text, m.start()) else " ", text)
    if latex is None:
        latex = bool(text_module._LATEXISH.search(text)) or text_module._has_inline_math(text)
    if not latex:
        return text_module._PROTECTED_WORD.sub(r"\1", text) if "{" in text else text
    try:
        return CONVERTER.latex_to_text(text)
    except Exception as error:  # noqa: BLE001  (counted as a failure)
        RAISED.append(f"{type(error).__name__} on {text!r}")
        return text


def cleaned_with(converter: Callable[[str, bool | None], str], raw: str) -> str:
    text_module._latex = converter
    try:
        return text_module.clean_markup(raw)
    finally:
        text_module._latex = HAND


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path, help="a .jsonl.gz of records with abstract and title")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT / "tests"))
    from test_read import MARKUP_CASES

    print(f"{'case':60} hand  pylatexenc")
    passed = {"hand": 0, "pylatexenc": 0}
    for raw, clean in MARKUP_CASES:
        hand, other = cleaned_with(HAND, raw) == clean, cleaned_with(pylatexenc_latex, raw) == clean
        passed["hand"] += hand
        passed["pylatexenc"] += other
        if not other:
            print(f"{raw[:60]:60} {'ok' if hand else 'FAIL':5} FAIL: {cleaned_with(pylatexenc_latex, raw)!r}")
    print(f"cases passed: hand {passed['hand']}/{len(MARKUP_CASES)}, pylatexenc {passed['pylatexenc']}/"
          f"{len(MARKUP_CASES)}")
    for line in dict.fromkeys(RAISED):
        print(f"  pylatexenc raised {line}")

    with gzip.open(args.corpus, "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle if line.strip()]
    texts = [str(r.get(key) or "") for r in records for key in ("abstract", "title")]
    latex = [t for t in texts if text_module._LATEXISH.search(t) or text_module._has_inline_math(t)]
    print(f"\n{args.corpus.name}: {len(texts)} abstracts and titles, {len(latex)} with LaTeX; best of {args.runs}")
    rows = [
        ("clean_markup, all texts", lambda c: [cleaned_with(c, t) for t in texts]),
        ("the converter alone, LaTeX texts", lambda c: [c(t, True) for t in latex]),
    ]
    for label, work in rows:
        hand = best_of(args.runs, lambda work=work: work(HAND))
        other = best_of(args.runs, lambda work=work: work(pylatexenc_latex))
        print(f"{label:34} hand {hand:7.3f} s   pylatexenc {other:7.3f} s   ({other / hand:.0f}x)")


if __name__ == "__main__":
    main()
