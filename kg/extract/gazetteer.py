"""Gazetteers of well-known names (data files beside this module), matched with spaCy's PhraseMatcher.

File format: one concept a line, `canonical | alias | alias ...`; `#` starts a comment. An alias written with
capitals after its first letter or with digits (SAM, GPT-4, ResNet-50) is matched case-sensitively, so "SAM" the
model stays apart from "same"; every other alias is matched case-insensitively, in the plural, in British spelling
and with its hyphens written otherwise ('auto-encoder' for 'autoencoder', 'vector quantized' for
'vector-quantized').

An alias ending in `?` (`Segment Anything Model | SAM?`) is an acronym with another common sense in the field
(sharpness-aware minimization): it stands for the entry only where the abstract also has a word of the entry's
long names ('segmentation' for SAM), and it never resolves a bare mention across papers. Elsewhere the letters are
left to the paper's own definition, or to the sense the corpus defines them with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from kg.normalize import british, label_key
from kg.specificity import is_common_word

GAZETTEER_FILES: dict[str, str] = {
    "Dataset": "datasets.txt",
    "Method": "methods.txt",
    "Metric": "metrics.txt",
    "Task": "tasks.txt",
}
SPAN_KEY = "kg_gazetteer"


@dataclass(frozen=True)
class Entry:
    canonical: str
    type: str
    aliases: tuple[str, ...]
    guarded: frozenset[str] = frozenset()  # aliases that need the entry's words nearby (see the docstring)


# words of a long name too common to tell one sense from another
UNTELLING_WORDS = frozenset(["model", "models", "network", "networks", "learning", "method", "methods", "based",
                             "deep", "neural", "data", "system", "systems", "algorithm", "approach", "training",
                             "framework", "dataset", "benchmark", "task", "tasks", "score", "general", "large"])


def context_prefixes(entry: Entry) -> frozenset[str]:
    """The first six letters of each telling word of the entry's long names: a word of the abstract that starts
    so ('segmentation' for 'segment') says the entry's sense is meant. Words common in English tell nothing
    ('multi-point attention' and 'a speed of 14.2 FPS' are no farthest point sampling), unless the long names have
    no other ('least recently used')."""
    words = {word for name in entry.aliases if name not in entry.guarded
             for word in re.split(r"[^a-z0-9]+", name.lower()) if len(word) >= 4} - UNTELLING_WORDS
    telling = {word for word in words if not is_common_word(word)} or words
    return frozenset(word[:6] for word in telling)


def is_case_sensitive(alias: str) -> bool:
    return any(c.isdigit() for c in alias) or any(c.isupper() for c in alias[1:])


def with_plural(alias: str) -> tuple[str, ...]:
    """The alias and its plural ('diffusion model' -> 'diffusion models'): papers name most things in the plural."""
    last = alias.rsplit(" ", 1)[-1]
    if not last.isalpha() or last.endswith("s") or len(last) < 3:
        return (alias,)
    if last.endswith("y") and last[-2] not in "aeiou":
        plural = alias[:-1] + "ies"
    elif last.endswith(("ch", "sh", "x")):
        plural = alias + "es"
    else:
        plural = alias + "s"
    return (alias, plural)


def with_british(alias: str) -> tuple[str, ...]:
    """The alias and its British spelling ('direct preference optimization' -> '... optimisation'), which papers
    write as often (kg.normalize gives both one key)."""
    spelling = british(alias)
    return (alias,) if spelling == alias else (alias, spelling)


def hyphen_pairs(entries: tuple[Entry, ...]) -> dict[str, str]:
    """Words an entry writes both closed and hyphenated ('autoencoder' and 'auto-encoder'), each spelling -> the
    other: papers write either in any name that holds the word ('importance weighted auto-encoder')."""
    pairs: dict[str, str] = {}
    for entry in entries:
        words = {word for alias in entry.aliases if not is_case_sensitive(alias) for word in alias.lower().split()}
        for word in words:
            closed = word.replace("-", "")
            if word != closed and closed in words:
                pairs[word], pairs[closed] = closed, word
    return pairs


def with_hyphens(alias: str, pairs: dict[str, str]) -> tuple[str, ...]:
    """The alias as papers also write it: its hyphens between words of three letters or more as spaces
    ('vector-quantized' and 'vector quantized'; not 'k-means'), and its words written closed or hyphenated as the
    other way (`pairs`, from hyphen_pairs)."""
    spaced = re.sub(r"(?<=[a-z]{3})-(?=[a-z]{3})", " ", alias)
    swapped = " ".join(pairs.get(word, word) for word in alias.split())
    return tuple(dict.fromkeys((alias, spaced, swapped)))


def parse_gazetteer(text: str, concept_type: str) -> list[Entry]:
    entries = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        written = [name.strip() for name in line.split(" | ") if name.strip()]
        names = [name.removesuffix("?") for name in written]
        guarded = frozenset(name.removesuffix("?") for name in written if name.endswith("?"))
        entries.append(Entry(canonical=names[0], type=concept_type, aliases=tuple(dict.fromkeys(names)),
                             guarded=guarded))
    return entries


@lru_cache(maxsize=1)
def load_gazetteers() -> tuple[Entry, ...]:
    """Every entry of every gazetteer file shipped with the package."""
    folder = resources.files("kg.extract") / "gazetteers"
    entries: list[Entry] = []
    for concept_type, name in GAZETTEER_FILES.items():
        path = folder / name
        if path.is_file():
            entries.extend(parse_gazetteer(path.read_text(encoding="utf-8"), concept_type))
    return tuple(entries)


@lru_cache(maxsize=1)
def alias_index() -> dict[str, Entry]:
    """Label key of every alias -> its entry, for resolution across papers (not the guarded ones: bare letters
    with two senses)."""
    index: dict[str, Entry] = {}
    for entry in load_gazetteers():
        for alias in entry.aliases:
            if alias not in entry.guarded:
                index.setdefault(label_key(alias), entry)
    return index


class GazetteerMatcher:
    """Puts every gazetteer hit into `doc.spans["kg_gazetteer"]`: label = type, kb_id = canonical name."""

    def __init__(self, nlp: Language):
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.folded = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.entries: dict[str, Entry] = {}
        self.context: dict[str, frozenset[str]] = {}  # key of an entry's guarded aliases -> its context prefixes
        pairs = hyphen_pairs(load_gazetteers())
        for number, entry in enumerate(load_gazetteers()):
            for key, aliases in ((str(number), [a for a in entry.aliases if a not in entry.guarded]),
                                 (f"{number}?", sorted(entry.guarded))):
                self.entries[key] = entry
                exact = [nlp.make_doc(a) for a in aliases if is_case_sensitive(a)]
                folded = [nlp.make_doc(form) for a in aliases if not is_case_sensitive(a)
                          for written in with_hyphens(a, pairs) for spelling in with_british(written)
                          for form in with_plural(spelling)]
                if exact:
                    self.exact.add(key, exact)
                if folded:
                    self.folded.add(key, folded)
            if entry.guarded:
                self.context[f"{number}?"] = context_prefixes(entry)

    def __call__(self, doc: Doc) -> Doc:
        matches = [(doc.vocab.strings[match_id], start, end)
                   for matcher in (self.exact, self.folded) for match_id, start, end in matcher(doc)]
        positions: dict[str, set[int]] = {}  # first six letters of each word of four or more -> where it stands
        if any(key in self.context for key, _, _ in matches):
            for token in doc:
                if len(token) >= 4:
                    positions.setdefault(token.lower_[:6], set()).add(token.i)

        def in_context(key: str, start: int, end: int) -> bool:
            """A word of the entry's long names stands in the doc outside the match itself."""
            return any(positions.get(prefix, set()) - set(range(start, end)) for prefix in self.context[key])

        spans = [Span(doc, start, end, label=self.entries[key].type, kb_id=self.entries[key].canonical)
                 for key, start, end in matches if key not in self.context or in_context(key, start, end)]
        doc.spans[SPAN_KEY] = filter_spans(spans)
        return doc


@Language.factory("kg_gazetteer")
def make_gazetteer_matcher(nlp: Language, name: str) -> GazetteerMatcher:
    return GazetteerMatcher(nlp)
