"""How specific a phrase is: is it a term of the field, or words put together for one sentence?

Two measures, both computed ahead of time from data anyone can rebuild:
- the reference table (`kg/data/phrases.tsv.gz`, made by `scripts/phrase_stats.py`): in how many abstracts of a
  large reference corpus a phrase occurs as a unit. 'gait recognition' and 'teacher model' recur; 'final
  detection' and 'object locations estimation' do not.
- general-English word frequency (the `wordfreq` package): 'final', 'process' and 'results' are everyday words,
  'segmentation' and 'lidar' are not.
"""

from __future__ import annotations

import gzip
from functools import lru_cache
from importlib import resources

from wordfreq import zipf_frequency

# A phrase that recurs in at least this many reference abstracts is a term of the field.
TERM_DF = 3
# A word at or above this Zipf frequency (per billion words, log10; 'final' 5.3, 'image' 4.9, 'detection' 4.1,
# 'segmentation' 3.2) is an everyday English word.
EVERYDAY_ZIPF = 4.6
# A word at or above this Zipf frequency is common even among everyday words ('point' 5.5, 'first' 6.1, 'time' 6.3).
COMMON_ZIPF = 5.5
# A word under this Zipf frequency is a technical one ('stochastic' 3.1, 'convex' 3.3; 'lightweight' 3.8).
TECHNICAL_ZIPF = 3.4
UNCOMMON_ZIPF = 4.0
COINED_ZIPF = 2.5
# A generic head ('model', 'process') makes a term with its modifier only when the modifier is mostly seen with
# it: 'teacher model' is half of the uses of 'teacher', 'reasoning process' a sliver of those of 'reasoning'.
MIN_UNIT_SHARE = 0.08


@lru_cache(maxsize=1)
def _table() -> tuple[dict[str, int], int]:
    counts: dict[str, int] = {}
    path = resources.files("kg") / "data" / "phrases.tsv.gz"
    with gzip.open(path.open("rb"), "rt", encoding="utf-8") as handle:
        header = handle.readline().split("\t")
        documents = int(header[1])
        for line in handle:
            phrase, _, df = line.rstrip("\n").rpartition("\t")
            counts[phrase] = int(df)
    return counts, documents


# A phrase found in this many reference abstracts is established: the field's, not a paper's own coinage.
ESTABLISHED_DF = 10

def reference_df(key: str) -> int:
    """Abstracts of the reference corpus that hold the phrase (a label key); 0 when under TERM_DF."""
    return _table()[0].get(key, 0)


def reference_share(key: str) -> float:
    """The share of reference abstracts that hold the phrase: how broad a concept it is."""
    counts, documents = _table()
    return counts.get(key, 0) / documents


def is_term(key: str) -> bool:
    return reference_df(key) >= TERM_DF


def unit_share(key: str) -> float:
    """How much of its modifier's use the phrase accounts for: df('teacher model') / df('teacher')."""
    words = key.split()
    if len(words) < 2:
        return 1.0
    modifier = reference_df(" ".join(words[:-1]))
    return reference_df(key) / modifier if modifier else 0.0


@lru_cache(maxsize=1 << 16)
def is_everyday_word(word: str) -> bool:
    return zipf_frequency(word, "en") >= EVERYDAY_ZIPF


@lru_cache(maxsize=1 << 16)
def is_common_word(word: str) -> bool:
    return zipf_frequency(word, "en") >= COMMON_ZIPF


@lru_cache(maxsize=1 << 16)
def is_uncommon_word(word: str) -> bool:
    """Rarer than most words of a newspaper ('handwritten' 3.6, 'volumetric' 2.5; not 'frame' 4.3)."""
    return zipf_frequency(word, "en") < UNCOMMON_ZIPF


@lru_cache(maxsize=1 << 16)
def is_coined_word(word: str) -> bool:
    """A word English hardly has ('ghostbuster' 1.9, 'pointsoup' 0; not 'oasis' 3.3 nor 'purification' 3.1)."""
    return zipf_frequency(word, "en") < COINED_ZIPF


@lru_cache(maxsize=1 << 16)
def is_technical_word(word: str) -> bool:
    """A word rare in everyday English ('ridgelet', 'stochastic', 'convex'), not a number or a letter."""
    return len(word) > 2 and word.isalpha() and zipf_frequency(word, "en") < TECHNICAL_ZIPF
