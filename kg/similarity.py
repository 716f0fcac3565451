"""How alike two papers' texts are, against how alike two papers of the same corpus are by chance.

A shared concept says two papers meet; whether a reader wants them side by side depends on what else they share.
Each paper is a TF-IDF vector of the words and word pairs of its title (counted TITLE_WEIGHT times) and abstract,
with the corpus's own document frequencies, so a word every paper of a robotics conference uses ('robot',
'manipulation') weighs little there. Two papers are *alike* when their cosine similarity is above the
SIMILAR_PERCENTILE-th percentile of the similarities of random pairs of the same corpus: a bar each corpus sets for
itself, whatever its field and vocabulary.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from kg.model import Paper

TITLE_WEIGHT = 3
SIMILAR_PERCENTILE = 99.0
# Closer than this share of chance pairs, one shared concept is enough to link (see kg.graph.add_paper_links).
CLOSE_PERCENTILE = 99.7
PAIR_SAMPLES = 20_000
SAMPLE_SEED = 0
# Below this many papers a percentile of their pairs means little: every pair counts as alike.
MIN_PAPERS = 100


class TextSimilarity:
    """The TF-IDF vectors of a corpus's papers and the similarity above which two of them are alike."""

    def __init__(self, papers: Sequence[Paper]):
        self.row = {paper.id: i for i, paper in enumerate(papers)}
        self.enabled = len(papers) >= MIN_PAPERS
        if not self.enabled:  # every pair alike, none close
            self.threshold, self.close = 0.0, float("inf")
            return
        # imported here: scikit-learn takes a second to import, which a build that fails on its input never needs
        from sklearn.feature_extraction.text import TfidfVectorizer

        words = TfidfVectorizer(stop_words="english", ngram_range=(1, 2)).build_analyzer()

        def features(paper: Paper) -> list[str]:
            return words(paper.title) * TITLE_WEIGHT + words(paper.abstract)

        vectorizer = TfidfVectorizer(analyzer=features, min_df=2, sublinear_tf=True)
        self.vectors = vectorizer.fit_transform(papers)
        self.threshold, self.close = self._chance_percentiles(len(papers), [SIMILAR_PERCENTILE, CLOSE_PERCENTILE])

    def _chance_percentiles(self, count: int, percentiles: list[float]) -> list[float]:
        rng = random.Random(SAMPLE_SEED)
        pairs = [rng.sample(range(count), 2) for _ in range(PAIR_SAMPLES)]
        first = self.vectors[[a for a, _ in pairs]]
        second = self.vectors[[b for _, b in pairs]]
        similarities = np.asarray(first.multiply(second).sum(axis=1)).ravel()
        return [float(value) for value in np.percentile(similarities, percentiles)]

    def similarities(self, paper: str, others: Sequence[str]) -> list[float]:
        """The similarity of `paper` to each of `others` (ids), in one product of sparse rows; 1.0 each when the
        corpus is too small to tell."""
        if not self.enabled or not others:
            return [1.0] * len(others)
        rows = self.vectors[[self.row[other] for other in others]]
        return [float(s) for s in np.asarray(rows @ self.vectors[self.row[paper]].T.toarray()).ravel()]
