"""Build kg/data/phrases.tsv.gz: in how many abstracts of a reference corpus each phrase occurs.

The extraction reads this table to tell a term of the field (a phrase that recurs as a unit across many papers:
'gait recognition', 'teacher model') from a phrase made up for one sentence ('final detection'). It holds counts
only, no text: for every phrase of one to four words whose first and last word are not function words, the
number of abstracts (title included) it occurs in, when that is at least MIN_DF. Phrases are keyed as
kg.normalize.label_key keys labels, so the extraction looks its candidates up by their key.

Usage: python scripts/phrase_stats.py CORPUS.jsonl.gz ... [--exclude NAME ...] [--out PATH]
Rerun it whenever the reference corpora change; the table's first line records the corpora and their size.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import re
from collections import Counter
from pathlib import Path

from kg.normalize import _singular

# Words no term starts or ends with (a term may start with 'few', 'multi' or 'self', unlike spaCy's stop words).
FUNCTION_WORDS = frozenset(
    """a an the and or but nor of in on at to for from by with without into onto over under than as via per
    is are was were be been being has have had do does did can could may might must shall should will would
    this that these those it its they them their we our us you your he she his her i me my which who whom whose
    what when where why how not no so such if then there here also both either neither each any all some""".split()
)
MIN_DF = 3
MAX_WORDS = 4
CLAUSE_BREAK = re.compile(r"[.,;:!?()\[\]{}\"]+\s|[;:!?()\[\]{}\"]")
WORD = re.compile(r"[A-Za-z0-9+#']+")
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "kg" / "data" / "phrases.tsv.gz"


def phrases_of(text: str) -> set[str]:
    found: set[str] = set()
    for clause in CLAUSE_BREAK.split(text):
        words = [_singular(w.strip("'")).lower() for w in WORD.findall(clause.replace("-", " ").replace("/", " "))]
        words = [w for w in words if w]
        for i, first in enumerate(words):
            if first in FUNCTION_WORDS:
                continue
            for n in range(1, MAX_WORDS + 1):
                if i + n > len(words):
                    break
                last = words[i + n - 1]
                if last not in FUNCTION_WORDS:
                    found.add(" ".join(words[i : i + n]))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="+", type=Path)
    parser.add_argument("--exclude", nargs="*", default=[], help="corpus file names (without .jsonl.gz) to leave out")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    used, documents = [], 0
    for path in sorted(args.corpora):
        name = path.name.split(".")[0]
        if name in args.exclude:
            continue
        used.append(name)
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for line in handle:
                record = json.loads(line)
                counts.update(phrases_of(f"{record.get('title', '')}. {record.get('abstract', '')}"))
                documents += 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    # no name and no time in the gzip header: the same corpora give the same bytes, wherever the table is written
    with open(args.out, "wb") as target, gzip.GzipFile(filename="", fileobj=target, mode="wb", mtime=0) as raw, \
            io.TextIOWrapper(raw, encoding="utf-8") as handle:
        handle.write(f"#documents\t{documents}\t{','.join(used)}\n")
        for phrase, df in sorted(counts.items()):
            if df >= MIN_DF:
                handle.write(f"{phrase}\t{df}\n")
    kept = sum(1 for df in counts.values() if df >= MIN_DF)
    print(f"{documents} abstracts from {len(used)} corpora; {kept} phrases with df >= {MIN_DF} -> {args.out}")


if __name__ == "__main__":
    main()
