"""Links on a whole corpus need papers alike in their words, measured against chance pairs of the same corpus."""

from __future__ import annotations

import random

from kg.graph import build_graph
from kg.model import Evidence, Mention, Paper, PaperExtraction
from kg.resolve import resolve
from kg.similarity import MIN_PAPERS, TextSimilarity

VOCABULARY = [f"w{i}x" for i in range(3000)]


def text(rng: random.Random, words: int = 120) -> str:
    return " ".join(rng.choice(VOCABULARY) for _ in range(words))


def corpus(size: int, seed: int = 1) -> list[Paper]:
    rng = random.Random(seed)
    return [Paper(id=f"p{i}", title=text(rng, 8), abstract=text(rng)) for i in range(size)]


def test_a_paper_is_alike_its_near_copy_and_not_a_random_one() -> None:
    papers = corpus(150)
    near = Paper(id="near", title=papers[0].title, abstract=papers[0].abstract + " extra words here")
    texts = TextSimilarity([*papers, near])
    close, far = texts.similarities("p0", ["near", "p1"])
    assert close > texts.close > texts.threshold > far


def test_the_bar_is_set_by_the_corpus_chance_pairs() -> None:
    texts = TextSimilarity(corpus(200))
    rng = random.Random(3)
    pairs = [rng.sample(range(200), 2) for _ in range(2000)]
    above = sum(texts.similarities(f"p{a}", [f"p{b}"])[0] >= texts.threshold for a, b in pairs)
    assert 0 < above < 0.05 * len(pairs)


def test_a_small_corpus_finds_every_pair_alike_and_none_close() -> None:
    texts = TextSimilarity(corpus(MIN_PAPERS - 1))
    assert texts.similarities("p0", ["p1", "p2"]) == [1.0, 1.0]
    assert texts.threshold == 0.0 and texts.close == float("inf")


def uses(label: str, role: str = "uses") -> Mention:
    return Mention(label=label, type="Method", role=role, confidence=0.8, rule="name",
                   evidence=[Evidence(f"We use {label}.", 0, 8 + len(label))])


def test_a_shared_proposal_links_papers_alike_in_words_and_not_strangers() -> None:
    rng = random.Random(5)
    shared_topic = text(rng, 60)
    papers = [PaperExtraction(paper, []) for paper in corpus(150)]
    # a and b write about the same thing; c shares only the named method with them
    papers += [
        PaperExtraction(Paper(id="a", title="Zeta sampling", abstract=shared_topic + " " + text(rng, 40)),
                        [uses("ZetaNet", role="proposes")]),
        PaperExtraction(Paper(id="b", title="Zeta sampling again", abstract=shared_topic + " " + text(rng, 40)),
                        [uses("ZetaNet")]),
        PaperExtraction(Paper(id="c", title="Something else", abstract=text(rng, 100)), [uses("ZetaNet")]),
    ]
    graph = build_graph([e.paper for e in papers], resolve(papers))
    links = {(u, v) for u, v, k in graph.edges(keys=True) if k == "shares"}
    assert links == {("paper:a", "paper:b")}


def test_papers_close_in_words_need_one_specific_concept_alike_ones_two() -> None:
    rng = random.Random(6)
    topic = text(rng, 100)
    papers = [PaperExtraction(paper, []) for paper in corpus(150)]
    papers += [PaperExtraction(Paper(id=pid, title="Kappa trees", abstract=topic), [uses("kappa tree estimator")])
               for pid in ("d", "e")]
    graph = build_graph([e.paper for e in papers], resolve(papers))
    assert {(u, v) for u, v, k in graph.edges(keys=True) if k == "shares"} == {("paper:d", "paper:e")}
