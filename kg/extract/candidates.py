"""Candidate concepts in one parsed abstract: gazetteer hits, acronym definitions, names, and noun phrases.

A candidate is one concept of the paper with every place (span) it occurs; the role rules then decide what
the paper does with it. Nothing here looks at roles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spacy.tokens import Doc, Span, Token

from kg.extract.gazetteer import SPAN_KEY
from kg.extract.lexicon import (
    DATASET_HEADS,
    FRONT_MODIFIERS,
    GENERIC_WORDS,
    METHOD_HEADS,
    METRIC_HEADS,
    TASK_HEADS,
    TRAILING_WORDS,
)
from kg.normalize import label_key

# Capitalised words that look like names but name nothing in particular.
NOT_NAMES = frozenset(
    [
        "AI", "ML", "DL", "NLP", "CV", "RL", "I", "II", "IV", "VI", "OK", "US", "UK", "EU", "USA", "GPU", "GPUs", "CPU",
        "CPUs", "TPU", "API", "APIs", "PhD", "LaTeX", "URL", "IID", "OOD", "SOTA"
    ]
)
MAX_PHRASE_TOKENS = 6
_NAME_CHARS = re.compile(r"[A-Za-z][A-Za-z0-9.+]*")
# Whole phrases too broad to join two papers in any useful way.
GENERIC_PHRASES = frozenset(
    [
        "deep learning", "machine learning", "artificial intelligence", "neural network", "deep neural network",
        "deep network", "deep model", "machine learning model", "deep learning model", "learning algorithm",
        "learning method", "learning model", "neural model", "statistical model", "generative model",
        "probabilistic model", "computational model", "baseline model", "optimization algorithm",
        "optimization method", "training procedure", "training method", "training algorithm", "learning machine",
        "learning system", "learning framework", "base model", "pretrained model", "pre trained model",
    ]
)


@dataclass
class Candidate:
    label: str
    type: str
    rule: str
    confidence: float
    spans: list[Span] = field(default_factory=list)
    canonical: str = ""
    aliases: list[str] = field(default_factory=list)
    named: bool = False  # a proper name (acronym, CamelCase, gazetteer entry), not a descriptive phrase

    @property
    def key(self) -> str:
        return label_key(self.canonical or self.label)


def head_type(words: list[str]) -> str | None:
    """The concept type a phrase's head noun suggests, from its last word (or last two, hyphen-joined)."""
    words = [w for w in words if any(c.isalnum() for c in w)]
    if not words:
        return None
    last = words[-1].lower()
    pair = "-".join(w.lower() for w in words[-2:]) if len(words) > 1 else last
    for heads, ctype in ((DATASET_HEADS, "Dataset"), (METRIC_HEADS, "Metric"), (TASK_HEADS, "Task"),
                         (METHOD_HEADS, "Method")):
        if last in heads or pair in heads:
            return ctype
    if last.endswith("ing") and len(words) > 1:
        return "Method"
    return None


def in_url(token: Token) -> bool:
    """True for a token inside a whitespace-delimited word that is a web address."""
    text = token.doc.text
    start = text.rfind(" ", 0, token.idx) + 1
    end = text.find(" ", token.idx)
    word = text[start : end if end >= 0 else len(text)]
    return "://" in word or "www." in word or "github" in word.lower()


def is_name_token(token: Token) -> bool:
    text = token.text
    if text in NOT_NAMES or len(text) < 2 or not text[0].isalpha() or not _NAME_CHARS.fullmatch(text):
        return False
    if token.like_url or in_url(token):
        return False
    upper_inside = any(c.isupper() for c in text[1:])
    has_digit = any(c.isdigit() for c in text)
    return upper_inside or (has_digit and text[0].isupper())


def name_span(doc: Doc, token: Token) -> Span:
    """Grow a name token over hyphen-joined neighbours written without spaces ('Diff-MoE', 'Step-DAD')."""
    start, end = token.i, token.i + 1
    while (start >= 2 and doc[start - 1].text == "-" and not doc[start - 2].whitespace_
           and not doc[start - 1].whitespace_ and doc[start - 2].text[:1].isupper()):
        start -= 2
    while (end + 1 < len(doc) and doc[end].text == "-" and not doc[end - 1].whitespace_
           and not doc[end].whitespace_ and doc[end + 1].text[:1].isupper()):
        end += 2
    return doc[start:end]


def clean_phrase(span: Span) -> Span | None:
    """Trim determiners, opinion words and trailing 'task'/'problem'; None when nothing specific is left."""
    start, end = span.start, span.end
    doc = span.doc
    while start > 1 and doc[start - 1].text == "-" and not (doc[start - 1].whitespace_ or doc[start - 2].whitespace_):
        start -= 2  # 'never-ending learning': the chunk may begin inside a hyphenated word
    while start < end:
        if _hyphen_joined(doc, start):
            compound_end = start
            while _hyphen_joined(doc, compound_end):
                compound_end += 2
            if doc[start : compound_end + 1].text.lower() not in FRONT_MODIFIERS:
                break
            start = compound_end + 1
        elif (doc[start].lower_ in FRONT_MODIFIERS or doc[start].pos_ in {"DET", "PRON", "NUM", "PUNCT"}
              or doc[start].tag_ in {"JJR", "JJS", "RBR", "RBS"} or doc[start].is_stop):
            start += 1
        else:
            break
    while end > start and (doc[end - 1].lower_ in TRAILING_WORDS or doc[end - 1].pos_ == "PUNCT"):
        end -= 1
    if start >= end or end - start > MAX_PHRASE_TOKENS:
        return None
    phrase = doc[start:end]
    words = [t for t in phrase if not t.is_punct]
    if not words or all(t.lower_ in GENERIC_WORDS or t.lower_ in FRONT_MODIFIERS for t in words):
        return None
    if any(t.pos_ in {"PRON", "VERB", "AUX"} and not t.text.endswith(("ed", "ing")) for t in phrase):
        return None
    if any(t.like_num or t.text in {"(", ")", "%", "=", "<", ">"} for t in phrase):
        return None
    if len(words) == 1 and (words[0].pos_ != "NOUN" and words[0].pos_ != "PROPN"):
        return None
    return phrase


def _hyphen_joined(doc: Doc, i: int) -> bool:
    """'one' in 'one-parameter': a word glued to the next by a hyphen belongs to it."""
    return i + 2 < len(doc) and not doc[i].whitespace_ and doc[i + 1].text == "-" and not doc[i + 1].whitespace_


def is_generic_label(label: str) -> bool:
    key = label_key(label)
    words = key.split()
    return not words or key in GENERIC_PHRASES or all(w in GENERIC_WORDS or w in FRONT_MODIFIERS for w in words)


def _lower_title_case(span: Span) -> str:
    """'Graph Neural Networks' -> 'graph neural networks'; words with inner capitals or acronyms stay."""
    words = []
    for token in span:
        text = token.text
        if text[:1].isupper() and text[1:].islower() and text[1:]:
            text = text.lower()
        words.append(text + token.whitespace_)
    return "".join(words).strip()


def collect_candidates(doc: Doc) -> list[Candidate]:
    """Every candidate concept of the abstract, each with all its occurrences."""
    by_key: dict[str, Candidate] = {}
    taken: set[int] = set()  # token indices already inside a candidate occurrence

    def add(cand: Candidate, span: Span) -> Candidate:
        existing = by_key.get(cand.key)
        if existing is None:
            by_key[cand.key] = cand
            existing = cand
        else:
            existing.confidence = max(existing.confidence, cand.confidence)
            existing.named = existing.named or cand.named
            for alias in cand.aliases:
                if alias not in existing.aliases:
                    existing.aliases.append(alias)
        if all(s.start != span.start or s.end != span.end for s in existing.spans):
            existing.spans.append(span)
        taken.update(range(span.start, span.end))
        return existing

    gazetteer = list(doc.spans[SPAN_KEY]) if SPAN_KEY in doc.spans else []

    def gazetteer_hit(span: Span) -> Span | None:
        return next((g for g in gazetteer if g.start <= span.start and span.end <= g.end
                     or span.start <= g.start and g.end <= span.end), None)

    # 1. acronym definitions: the long form is the concept, the short form an alias
    short_to_key: dict[str, str] = {}
    for short, long in doc._.kg_acronyms or []:
        if short.text in NOT_NAMES or is_generic_label(long.text):
            continue
        hit = gazetteer_hit(short) or gazetteer_hit(long)
        if hit is not None:
            ctype, canonical = hit.label_, hit.kb_id_
        else:
            ctype, canonical = head_type([t.text for t in long]) or "Method", ""
        cand = Candidate(label=_lower_title_case(long), type=ctype, rule="acronym-definition", confidence=0.85,
                         canonical=canonical, aliases=[short.text], named=True)
        cand = add(cand, long)
        add(cand, short)
        short_to_key[short.text] = cand.key
        short_to_key[short.text.rstrip("s")] = cand.key

    # 2. later bare uses of a defined acronym, and its plural
    for short, _ in doc._.kg_acronyms or []:
        key = short_to_key.get(short.text)
        if key is None:
            continue
        forms = {tuple(t.text for t in short), tuple(t.text for t in short[:-1]) + (short[-1].text + "s",)}
        width = len(short)
        for i in range(len(doc) - width + 1):
            if i not in taken and tuple(t.text for t in doc[i : i + width]) in forms:
                add(by_key[key], doc[i : i + width])

    # 3. gazetteer hits
    for hit in gazetteer:
        if any(i in taken for i in range(hit.start, hit.end)):
            continue
        add(Candidate(label=hit.kb_id_, type=hit.label_, rule="gazetteer", confidence=0.9,
                      canonical=hit.kb_id_, named=True), hit)

    # 4. names no list holds: CamelCase, inner capitals, digits ('FooNet', 'XYZ-2', 'BarGAN')
    for token in doc:
        if token.i in taken or not is_name_token(token):
            continue
        span = name_span(doc, token)
        nxt = doc[span.end] if span.end < len(doc) else None
        ctype = "Dataset" if nxt is not None and nxt.lower_ in DATASET_HEADS else "Method"
        add(Candidate(label=span.text, type=ctype, rule="name", confidence=0.7, named=True), span)

    # 5. descriptive noun phrases whose head says what they are
    for chunk in _phrases(doc):
        if any(i in taken for i in range(chunk.start, chunk.end)):
            continue
        phrase = clean_phrase(chunk)
        if phrase is None:
            continue
        ctype = head_type([t.text for t in phrase])
        if ctype is None or ctype == "Dataset":
            continue
        if len(phrase) == 1:
            continue
        label = _lower_title_case(phrase)
        if is_generic_label(label):
            continue
        add(Candidate(label=label, type=ctype, rule="noun-phrase", confidence=0.5), phrase)

    return list(by_key.values())


def _phrases(doc: Doc) -> list[Span]:
    """Noun chunks, with 'node and graph classification' split into 'node classification', 'graph classification'."""
    phrases: list[Span] = []
    for chunk in doc.noun_chunks:
        phrases.append(chunk)
    return phrases
