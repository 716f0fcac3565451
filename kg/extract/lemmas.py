"""spaCy's rule lemmatizer, asked once per word form.

The model's lemmatizer computes a token's lemma from its text, part of speech and morphology alone, but visits
every token as a Token object to look up its cache, which costs a third of the parser. This component reads the
three values of the whole doc as one array, asks the model's lemmatizer only for a combination it has not seen,
and writes the lemmas back as one array: the same lemmas, for a fraction of the cost.
"""

from __future__ import annotations

from spacy.attrs import LEMMA, MORPH, ORTH, POS
from spacy.language import Language
from spacy.pipeline import Lemmatizer
from spacy.tokens import Doc

MAX_FORMS = 500_000  # combinations remembered before the memory starts again


class ArrayLemmatizer:
    """Sets lemmas with `rules` (the model's Lemmatizer), remembering each (text, part of speech, morphology)."""

    def __init__(self) -> None:
        self.rules: Lemmatizer | None = None
        self.known: dict[tuple[int, int, int], int] = {}

    def __call__(self, doc: Doc) -> Doc:
        if self.rules is None or not len(doc):
            return doc
        strings = doc.vocab.strings
        rows = doc.to_array([ORTH, POS, MORPH, LEMMA])
        lemmas = rows[:, 3].copy()
        changed = False
        for i, (orth, pos, morph, lemma) in enumerate(rows.tolist()):
            if lemma and not self.rules.overwrite:
                continue  # set before, by the attribute ruler
            key = (orth, pos, morph)
            found = self.known.get(key)
            if found is None:
                if len(self.known) >= MAX_FORMS:
                    self.known.clear()
                found = self.known[key] = strings.add(self.rules.lemmatize(doc[i])[0])
            lemmas[i] = found
            changed = True
        if changed:
            doc.from_array([LEMMA], lemmas.reshape(-1, 1))
        return doc


@Language.factory("kg_lemmatizer")
def make_lemmatizer(nlp: Language, name: str) -> ArrayLemmatizer:
    return ArrayLemmatizer()


def lemmatize_by_form(nlp: Language) -> None:
    """Replace the pipeline's rule lemmatizer (if any) by one asking it once per word form."""
    if "lemmatizer" not in nlp.pipe_names or getattr(nlp.get_pipe("lemmatizer"), "mode", None) != "rule":
        return
    rules = nlp.get_pipe("lemmatizer")
    nlp.replace_pipe("lemmatizer", "kg_lemmatizer").rules = rules
