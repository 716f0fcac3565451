"""Acronym definitions, "long form (LF)" and "LF (long form)", found in the Schwartz-Hearst way.

The component stores `doc._.kg_acronyms`: a list of (short span, long span) pairs, in text order, and
`doc._.kg_acronym_map`: the short form's text -> the long span of its first definition, so that a later
bare acronym can be resolved to its long form.
"""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Doc, Span

if not Doc.has_extension("kg_acronyms"):
    Doc.set_extension("kg_acronyms", default=None)
if not Doc.has_extension("kg_acronym_map"):
    Doc.set_extension("kg_acronym_map", default=None)

MAX_SHORT_TOKENS = 3
MAX_SHORT_CHARACTERS = 12
MAX_JOINED_SHORT_CHARACTERS = 16  # two short forms joined by a hyphen: 'Minimax-CombSAR', 'SPICE-HPD'


def looks_like_short_form(text: str) -> bool:
    """2-12 characters (16 when a hyphen joins two), starts with a letter or digit, holds a capital letter, has no
    space."""
    return (
        2 <= len(text) <= (MAX_JOINED_SHORT_CHARACTERS if "-" in text[1:-1] else MAX_SHORT_CHARACTERS)
        and text[0].isalnum()
        and " " not in text
        and any(c.isupper() for c in text)
        and sum(c.isalpha() for c in text) >= 2
    )


def best_long_form(short: str, long: str) -> int | None:
    """Start index in `long` of the shortest suffix whose letters spell `short` (Schwartz & Hearst, 2003)."""
    s_idx = len(short) - 1
    l_idx = len(long) - 1
    while s_idx >= 0:
        char = short[s_idx].lower()
        if not char.isalnum():
            s_idx -= 1
            continue
        while l_idx >= 0 and (
            long[l_idx].lower() != char or (s_idx == 0 and l_idx > 0 and long[l_idx - 1].isalnum())
        ):
            l_idx -= 1
        if l_idx < 0:
            return None
        l_idx -= 1
        s_idx -= 1
    return long.rfind(" ", 0, l_idx + 1) + 1


def initials_long_form(short: str, long: str) -> int | None:
    """Start index of the last words of `long` whose initials spell the capitals of `short` ('III' ->
    'Input-Independent Indistinguishability'); tried before the letter-by-letter match, which picks too few words
    when the short form repeats a letter."""
    capitals = [c.lower() for c in short if c.isupper() or c.isdigit()]
    if len(capitals) < 2:
        return None
    if re.match(r"[a-z][A-Z]", short):  # 'cSMC': the small letter in front stands for a word too
        with_lead = initials_long_form(short[0].upper() + short[1:], long)
        if with_lead is not None:
            return with_lead
    words = [(m.start(), m.group()) for m in re.finditer(r"[^\s\-]+", long)]
    if len(words) < len(capitals):
        return None
    chosen = words[-len(capitals):]
    if all(_spells(capital, word) for capital, (_, word) in zip(capitals, chosen, strict=True)):
        return chosen[0][0]
    return None


def capitals_long_form(short: str, long: str) -> int | None:
    """Start index of the word where the last capitals of `long` begin to spell `short`, a short form in capitals:
    for a long form whose author capitalised the letters it takes, inside words as well ('Dual-view distribution
    AligNment for dataset CondEnsation (DANCE)'). Tried after the initials, which this would cut short there."""
    letters = [c for c in short if c.isalnum()]
    if len(letters) < 2 or not all(c.isupper() or c.isdigit() for c in letters):
        return None
    capitals = [i for i, c in enumerate(long) if c.isupper() or c.isdigit()]
    spelling = capitals[-len(letters):]
    if len(capitals) < len(letters) or [long[i] for i in spelling] != letters:
        return None
    words = {len(re.findall(r"[\s\-]", long[:i])) for i in spelling}
    if len(words) < 2:
        return None  # the short form itself, inside a longer name: 'DP-SLAM algorithm for ... (SLAM)'
    first = spelling[0]
    start = max(long.rfind(" ", 0, first), long.rfind("-", 0, first)) + 1
    while start > 0 and long[start - 1] == "-":  # the whole hyphenated word: 'Dual-view'
        start = long.rfind(" ", 0, start - 1) + 1
    return start


NUMBER_WORDS = {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
                "8": "eight", "9": "nine"}


def _spells(character: str, word: str) -> bool:
    """Whether a word of the long form gives this character of the short form: its initial, or the number it
    writes out ('two-dimensional bin packing problem (2D-BPP)')."""
    return word[0].lower() == character or NUMBER_WORDS.get(character) == word.lower()


def _short_inside(doc: Doc, open_i: int) -> Span | None:
    """The span between a '(' at open_i and its ')', if it is short-form sized."""
    for close_i in range(open_i + 2, min(open_i + 2 + MAX_SHORT_TOKENS, len(doc))):
        if doc[close_i].text == ")":
            return doc[open_i + 1 : close_i]
        if doc[close_i].text in {"(", ";", ","} or doc[close_i].is_sent_start:
            return None
    return None


def _long_before(doc: Doc, open_i: int, short: str) -> Span | None:
    sent_start = doc[open_i].sent.start
    letters = sum(c.isalpha() for c in short)
    window_start = max(sent_start, open_i - min(letters + 5, letters * 2))
    # never reach back across a bracket, a clause break or a finite verb
    for i in range(open_i - 1, window_start - 1, -1):
        in_compound = i > 0 and _joined(doc, i)
        finite_verb = doc[i].pos_ == "AUX" or doc[i].tag_ in {"VBD", "VBZ", "VBP", "MD"}
        if doc[i].text in {"(", ")", ";", ":", ","} or (finite_verb and not in_compound):
            window_start = i + 1
            break
    while window_start > sent_start and _joined(doc, window_start):
        window_start -= 1  # the window opens at a word's start: 'Text-to-Image Models ... (TIME)'
    if window_start >= open_i:
        return None
    window = doc[window_start:open_i]
    start_char = initials_long_form(short, window.text)
    if start_char is None:
        start_char = capitals_long_form(short, window.text)
    if start_char is None:
        start_char = best_long_form(short, window.text)
    if start_char is None:
        return None
    span = doc.char_span(window.start_char + start_char, window.end_char, alignment_mode="expand")
    if span is None or len(span) == 0 or span.text.lower() == short.lower():
        return None
    while span.start >= max(window.start, 2) and doc[span.start - 1].text == "-" \
            and not doc[span.start - 1].whitespace_ and not doc[span.start - 2].whitespace_:
        span = doc[span.start - 2 : span.end]  # a long form starts at a word's start: 'Self-Supervised Foo (SF)'
    spelled = re.match(r"([A-Za-z]+)-[A-Z]", short)
    if spelled and span.start > window.start and doc[span.start - 1].lower_ == spelled.group(1).lower():
        span = doc[span.start - 1 : span.end]  # 'blind super-resolution (blind-SR)': the word the short form spells
    spelled_lead = short[:1].islower() and span[0].lower_[:1] == short[0]  # 'von Mises-Fisher ... (vMFER)'
    while len(span) > 1 and not spelled_lead and not _joined(doc, span.start + 1) \
            and (span[0].pos_ in {"DET", "PRON", "ADP", "CCONJ"} or span[0].text == "*"):
        span = span[1:]  # '*' of Markdown emphasis: '*Most Implied Frames* (MIF)'; not the 'On' of 'On-the-fly'
    while len(span) > 1 and span[-1].text == "*":
        span = span[:-1]
    if len(span) == 1 and span[0].text.lower() == short.lower():
        return None
    return span


def _joined(doc: Doc, i: int) -> bool:
    """Whether token i is glued to the one before it by a hyphen: a hyphen right after a word, or a word right
    after a hyphen."""
    before = doc[i - 1]
    return not before.whitespace_ and (doc[i].text == "-" or before.text == "-")


def _long_inside(doc: Doc, open_i: int, short_token_i: int) -> Span | None:
    """For 'LF (long form)': the words inside the brackets, when their letters spell the short form."""
    close = next((i for i in range(open_i + 1, min(open_i + 12, len(doc))) if doc[i].text == ")"), None)
    if close is None or close - open_i < 3:
        return None
    inside = doc[open_i + 1 : close]
    short = doc[short_token_i].text
    start_char = best_long_form(short, inside.text)
    if start_char != 0:
        return None
    if short.upper() != short and not _capitals_are_initials(short, inside.text):
        return None  # a name in mixed case is defined only by words that start with its capitals
    return inside


def _capitals_are_initials(short: str, long: str) -> bool:
    """Whether the capitals of `short` are, in order, the initials of words of `long`, the first one included:
    'GroUSE (Grounded QA Unitary Scoring of Evaluators)', 'ResNet (residual network)'."""
    capitals = [c.lower() for c in short if c.isupper()]
    initials = [word[0].lower() for word in re.findall(r"[^\s\-]+", long)]
    if len(capitals) < 2 or not initials or initials[0] != capitals[0]:
        return False
    remaining = iter(initials[1:])
    return all(any(initial == capital for initial in remaining) for capital in capitals[1:])


def find_acronyms(doc: Doc) -> list[tuple[Span, Span]]:
    pairs: list[tuple[Span, Span]] = []
    for token in doc:
        if token.text != "(":
            continue
        short = _short_inside(doc, token.i)
        if short is not None and looks_like_short_form(short.text):
            long = _long_before(doc, token.i, short.text)
            if long is not None:
                pairs.append((short, long))
                continue
        before = token.i - 1
        if before >= 0 and looks_like_short_form(doc[before].text):
            long = _long_inside(doc, token.i, before)
            if long is not None:
                pairs.append((doc[before : before + 1], long))
    return pairs


@Language.component("kg_acronyms")
def acronym_component(doc: Doc) -> Doc:
    pairs = find_acronyms(doc)
    doc._.kg_acronyms = pairs
    mapping: dict[str, Span] = {}
    for short, long in pairs:
        mapping.setdefault(short.text, long)
    doc._.kg_acronym_map = mapping
    return doc
