"""The attribute ruler found by lookup and the lemmatizer asked once per form set what the model's own set."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
import spacy
from spacy.pipeline import AttributeRuler

import kg.extract
from kg.extract import load_pipeline
from kg.extract.attribute_rules import IndexedAttributeRuler, _lookup_form
from kg.extract.lemmas import ArrayLemmatizer
from kg.read import read_papers

ROOT = Path(__file__).resolve().parents[1]

# words the model's exception rules single out: contractions, 'ai n't', "nothin'", "y'all", 'it' as an object,
# 'do'/'have' as main verbs, 'there is', spaces, determiners used as pronouns
TRICKY = [
    "Y'all ain't seen nothin' yet, but it's not I who'd do it.",
    "There is a cat; do you have it? I don't, and neither does she.   They've done what they had to do.",
    "That is what we propose: this outperforms those, whereas these fail unless tuned.\n\nWe're done.",
    "Is it w/out merit? Whether or not it is, we've shown it works, though it may not.",
]


def _attributes(doc) -> list[tuple[str, str, str, str, str]]:
    return [(t.tag_, t.pos_, str(t.morph), t.lemma_, t.dep_) for t in doc]


def _texts(shared: Path | None) -> list[str]:
    seeds = list(read_papers([ROOT / "seeds"]))
    texts = TRICKY + [p.abstract for p in seeds] + [p.title for p in seeds]
    if shared is not None:
        for path in sorted((shared / "corpora").glob("*.jsonl.gz"))[::4]:
            with gzip.open(path, "rt", encoding="utf-8") as handle:
                for _, line in zip(range(60), handle, strict=False):
                    record = json.loads(line)
                    texts += [record["abstract"], record["title"]]
    return texts


@pytest.fixture(scope="module")
def model_pipeline():
    """kg's pipeline with the model's own attribute ruler and lemmatizer."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kg.extract, "index_attribute_rules", lambda nlp: None)
        patch.setattr(kg.extract, "lemmatize_by_form", lambda nlp: None)
        nlp = load_pipeline()
    assert type(nlp.get_pipe("attribute_ruler")) is AttributeRuler
    return nlp


def test_components_replaced(extractor):
    assert isinstance(extractor.nlp.get_pipe("attribute_ruler"), IndexedAttributeRuler)
    assert isinstance(extractor.nlp.get_pipe("lemmatizer"), ArrayLemmatizer)


def test_same_attributes_as_the_model(model_pipeline):
    """Token by token, tag, part of speech, morphology, lemma and dependency as the model's own components give
    them, on the seeds, sentences of the exception rules, and (when ../shared is there) abstracts of a quarter of
    the corpora."""
    shared = ROOT.parent / "shared"
    texts = _texts(shared if shared.is_dir() else None)
    ours = load_pipeline()
    expected = [_attributes(doc) for doc in model_pipeline.pipe(texts)]
    found = [_attributes(doc) for doc in ours.pipe(texts)]
    differing = [text[:60] for text, a, b in zip(texts, expected, found, strict=True) if a != b]
    assert not differing
    # the same again with the lemmatizer's memory warm: a remembered form gives the lemma it gave first
    assert [_attributes(doc) for doc in ours.pipe(texts[:20])] == expected[:20]


def test_lookup_form_spells_out_sets():
    forms = _lookup_form([{"TAG": "VB", "LOWER": {"IN": ["be", "do"]}}])
    assert [plain for plain, _ in forms] == [{"TAG": "VB", "LOWER": "be"}, {"TAG": "VB", "LOWER": "do"}]
    (plain, checks), = _lookup_form([{"TAG": {"NOT_IN": ["TO", ""]}, "DEP": "aux"}])
    assert plain == {"DEP": "aux"} and checks == [("TAG", "NOT_IN", frozenset(["TO", ""]))]


@pytest.mark.parametrize("pattern", [
    [{"TAG": "DT"}, {"LOWER": "all"}],  # two tokens
    [{"LOWER": {"REGEX": "^y'?$"}}],  # no plain value to look up
    [{"_": {"foo": "bar"}}],  # an extension attribute
    [{"POS": "NOUN"}],  # an attribute the array does not hold as a string hash
])
def test_lookup_form_leaves_the_rest_to_the_matcher(pattern):
    assert _lookup_form(pattern) is None


def test_ruler_rules_added_later_win():
    """Two rules on one token: the one added last sets the attribute, as in AttributeRuler."""
    nlp = spacy.blank("en")
    ruler = IndexedAttributeRuler(nlp.vocab)
    ruler.add([[{"LOWER": "cat"}]], {"LEMMA": "first"})
    ruler.add([[{"LOWER": {"IN": ["cat", "dog"]}}]], {"LEMMA": "second"})
    ruler.add([[{"LOWER": "a"}, {"LOWER": "dog"}]], {"LEMMA": "third"}, index=-1)
    doc = ruler(nlp("a cat and a dog"))
    assert [t.lemma_ for t in doc] == ["", "second", "", "", "third"]


def test_a_rule_of_one_word_and_of_several_words_keeps_both():
    """One rule with a one-word pattern (looked up) and a two-word one (matched): both set its attributes."""
    nlp = spacy.blank("en")
    ruler = IndexedAttributeRuler(nlp.vocab)
    ruler.add([[{"LOWER": "cat"}], [{"LOWER": "the"}, {"LOWER": "dog"}]], {"LEMMA": "pet"}, index=-1)
    doc = ruler(nlp("the cat and the dog"))
    assert [t.lemma_ for t in doc] == ["", "pet", "", "", "pet"]
