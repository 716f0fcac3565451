"""The one normaliser of concept labels: the key two surface forms share when they name one concept.

"Mixture-of-Experts", "mixture of experts" and "mixtures of experts" share a key; "SMAC" and "SMACv2",
"GPT-4" and "GPT-4o", "CIFAR-10" and "CIFAR-100" do not.
"""

from __future__ import annotations

import functools
import re
import unicodedata

_DASHES = re.compile(r"[\-\u2010-\u2015_/]")
_PUNCT = re.compile(r"[^\w\s+.#']")
_STARRED = re.compile(r"(?<=\b[A-Za-z])\*")
_SPACES = re.compile(r"\s+")
_LEADING = re.compile(r"^(the|a|an|our|their|its|this|these) ")
_SLUG_DROP = re.compile(r"[^\w]+")


_BRITISH = re.compile(r"(?<=[a-z]{3})is(ation|er|ing|ed)$")
_DOUBLED_L = {"modelling": "modeling", "labelling": "labeling", "travelling": "traveling", "modelled": "modeled",
              "labelled": "labeled"}
# words spelt with -is- on both sides of the Atlantic
_ALWAYS_S = frozenset(
    """supervised unsupervised supervising supervisor advised advising adviser revised revising devised devising
    improvised televised surprised surprising raised raising praised promised promising compromised compromising
    premised exercised exercising noised noising denoised denoising poised bruised cruised chastised despised
    disguised apprised comprised comprising arising rising advertised advertising franchised merchandising
    enterprising""".split())


_AMERICAN = re.compile(r"(?<=[a-z]{3})iz(ation|ations|er|ers|ing|ed)\b")
_SINGLE_L = {american: british for british, american in _DOUBLED_L.items()}


def british(text: str) -> str:
    """'direct preference optimization' -> 'direct preference optimisation', 'language modeling' -> '... modelling':
    the other spelling of English, which _american maps back to the same key."""
    return " ".join(_SINGLE_L.get(word, _AMERICAN.sub(r"is\1", word)) for word in text.split(" "))


def _american(token: str) -> str:
    """'optimisation' -> 'optimization', 'amortised' -> 'amortized', 'modelling' -> 'modeling': one key for the two
    spellings of English."""
    if token in _DOUBLED_L:
        return _DOUBLED_L[token]
    return token if token in _ALWAYS_S else _BRITISH.sub(r"iz\1", token)


def _stem(token: str) -> str:
    """Singular of a plural token, by the light rules that keep acronyms and '-ss' words intact."""
    if len(token) > 4 and token.endswith("ies"):
        return token[:-3] + "y"
    if len(token) > 4 and token.endswith(("sses", "ches", "shes", "xes")):
        return token[:-2]
    if len(token) > 3 and token.endswith("s") and not token.endswith(("ss", "us", "is")):
        return token[:-1]
    return token


@functools.lru_cache(maxsize=1 << 16)
def _singular(token: str) -> str:
    """Singular of one token, read before lower-casing: an acronym keeps its letters ('PACS' is not 'PAC'),
    its plural loses the small s ('GNNs' -> 'GNN'), and words follow the light rules of _stem."""
    letters = [c for c in token if c.isalpha()]
    if len(letters) >= 2 and token.isupper():
        return token
    if len(token) > 2 and token.endswith("s") and token[:-1].isupper():
        return token[:-1]
    if any(c.isdigit() for c in token):
        return token
    if any(c.isupper() for c in token[1:]):  # CamelCase: 'GFlowNets' -> 'GFlowNet', 'DiTs' -> 'DiT'
        return token[:-1] if len(token) > 3 and token.endswith("s") and not token.endswith("ss") else token
    return _american(_stem(token.lower()))


@functools.lru_cache(maxsize=1 << 16)
def label_key(label: str) -> str:
    """Case-, hyphen-, punctuation- and plural-insensitive key of a label (cached: resolution asks for the same
    labels many times)."""
    text = unicodedata.normalize("NFKC", label).replace("\u2019", "'")
    text = _DASHES.sub(" ", text)
    text = _STARRED.sub("star", text)  # 'A* search' is not 'search'
    text = _PUNCT.sub(" ", text)
    text = text.replace("'s ", " ").replace("'", "")
    text = _SPACES.sub(" ", text).strip(" .")
    text = _LEADING.sub("", text.lower()) if _LEADING.match(text.lower()) else text
    return " ".join(_singular(t).lower() for t in text.split())


def slugify(key: str) -> str:
    """A readable, IRI- and file-safe id from a label key ('graph neural network' -> 'graph-neural-network')."""
    slug = _SLUG_DROP.sub("-", key.replace("+", " plus ").replace("#", " sharp ")).strip("-")
    return slug or "concept"


def named_only_after(text: str, key: str, words: frozenset[str]) -> bool:
    """Whether every place `text` (a title) names the label key follows one of `words` ('... Methods for Random
    Utility Models' names 'random utility model' only after 'for')."""
    padded = f" {label_key(text)} "
    places = [i for i in range(len(padded)) if padded.startswith(f" {key} ", i)]
    return bool(places) and all((padded[:i].split() or [""])[-1] in words for i in places)


def names_any(text: str, keys: set[str]) -> bool:
    """Whether `text` (a title) names one of the label keys, as whole words."""
    if not text:
        return False
    padded = f" {label_key(text)} "
    return any(key and f" {key} " in padded for key in keys)
