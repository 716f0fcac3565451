"""The networkx graph: papers, concepts, role edges, weighted paper-paper links and communities.

Shape (every exporter reads this and nothing else):
- a MultiDiGraph; `graph.graph["communities"]` is a list of {"id", "name", "size"};
- paper nodes "paper:<id>": type="Paper", label (short title), title, authors, venue, year, url, code, abstract,
  community, order (input position);
- concept nodes "concept:<slug>": type (Method, Task, Dataset, Metric), label, aliases, paper_count, community;
- paper -> concept edges keyed by role (proposes, uses, compares, addresses, evaluated_on, reports) with role,
  confidence and evidence (a list of {"sentence", "start", "end"});
- paper -> paper edges keyed "shares" (once, from the lower node key to the higher) with role="shares", weight and
  shared (concept labels, most specific first).
"""

from __future__ import annotations

import heapq
import math
from collections import Counter, defaultdict

import networkx as nx

from kg.model import Paper
from kg.resolve import ConceptIndex

LINKS_PER_PAPER = 10
MAX_DOC_FREQUENCY = 0.25  # a concept in more than this share of the papers links nobody
MIN_PAPERS_FOR_DF_CAP = 8  # below this a corpus is too small for a share to mean anything
COMMUNITY_SEED = 42
LABEL_LENGTH = 60


def paper_node(paper_id: str) -> str:
    return f"paper:{paper_id}"


def concept_node(concept_id: str) -> str:
    return f"concept:{concept_id}"


def short_label(title: str, limit: int = LABEL_LENGTH) -> str:
    title = " ".join(title.split())
    if len(title) <= limit:
        return title
    cut = title[: limit - 1].rsplit(" ", 1)[0]
    return cut + "…"


def display_title(paper: Paper, proposed: list[str]) -> str:
    """The paper's title, or one made from what it proposes and its first clause."""
    from kg.text import short_title

    if paper.title.strip():
        return " ".join(paper.title.split())
    clause = short_title(paper.abstract)
    return f"{proposed[0]}: {clause}" if proposed else clause


def build_graph(papers: list[Paper], index: ConceptIndex) -> nx.MultiDiGraph:
    graph = nx.MultiDiGraph(name="kg")
    for order, paper in enumerate(papers):
        statements = index.statements.get(paper.id, [])
        proposed = [index.concepts[s.concept_id].label for s in statements if s.role == "proposes"]
        title = display_title(paper, proposed)
        graph.add_node(
            paper_node(paper.id), type="Paper", label=short_label(title), title=title, authors=list(paper.authors),
            venue=paper.venue, year=paper.year, url=paper.url, code=paper.code, abstract=paper.abstract,
            community=-1, order=order,
        )
    for concept in sorted(index.concepts.values(), key=lambda c: c.id):
        graph.add_node(
            concept_node(concept.id), type=concept.type, label=concept.label, aliases=list(concept.aliases),
            paper_count=len(concept.papers), community=-1,
        )
    for paper in papers:
        for statement in index.statements.get(paper.id, []):
            graph.add_edge(
                paper_node(paper.id), concept_node(statement.concept_id), key=statement.role, role=statement.role,
                confidence=statement.confidence, rule=statement.rule,
                evidence=[{"sentence": e.sentence, "start": e.start, "end": e.end, "field": e.field}
                          for e in statement.evidence],
            )
    add_paper_links(graph, index, len(papers))
    add_communities(graph)
    return graph


def linking_concepts(index: ConceptIndex, paper_total: int) -> dict[str, float]:
    """Concept id -> its specificity, 1 / ln(papers that mention it), for concepts allowed to link papers.

    This is the Adamic-Adar weighting: a concept two papers alone share counts 1.44, one shared by a hundred
    papers 0.22. It depends on the concept's own papers and not on the size of the corpus, so adding a paper
    changes the weights of the links through its concepts and no others.
    """
    cap = paper_total if paper_total < MIN_PAPERS_FOR_DF_CAP else max(2, int(MAX_DOC_FREQUENCY * paper_total))
    weights = {}
    for concept in index.concepts.values():
        df = len(concept.papers)
        if 2 <= df <= cap:
            weights[concept.id] = 1 / math.log(df)
    return weights


def add_paper_links(graph: nx.MultiDiGraph, index: ConceptIndex, paper_total: int) -> None:
    """Link papers through the concepts they share, from the concept index (never from all pairs of papers).

    A link's weight is the sum of its shared concepts' specificity (Adamic-Adar). Each paper's candidates are
    scored one paper at a time from the concepts' paper lists, so memory holds one paper's neighbours, not every
    pair; a pair is kept when it is among the strongest links of either paper.
    """
    specificity = linking_concepts(index, paper_total)
    postings = {c: sorted(paper_node(p) for p in index.concepts[c].papers) for c in sorted(specificity)}
    concepts_of: dict[str, list[str]] = defaultdict(list)
    for concept_id, members in postings.items():
        for member in members:
            concepts_of[member].append(concept_id)
    kept: set[tuple[str, str]] = set()
    for paper in sorted(concepts_of):
        scores: dict[str, float] = defaultdict(float)
        for concept_id in concepts_of[paper]:
            for other in postings[concept_id]:
                scores[other] += specificity[concept_id]
        scores.pop(paper, None)
        best = heapq.nsmallest(LINKS_PER_PAPER, [(-score, other) for other, score in scores.items()])
        kept.update((min(paper, other), max(paper, other)) for _, other in best)
    for first, second in sorted(kept):
        shared = sorted(set(concepts_of[first]) & set(concepts_of[second]), key=lambda c: (-specificity[c], c))
        graph.add_edge(first, second, key="shares", role="shares", weight=round(sum(specificity[c] for c in shared), 4),
                       shared=[index.concepts[c].label for c in shared])


def add_communities(graph: nx.MultiDiGraph) -> None:
    """Louvain communities of the paper-paper link graph (fixed seed), each named by its characteristic concepts."""
    links = nx.Graph()
    papers = sorted(n for n, d in graph.nodes(data=True) if d["type"] == "Paper")
    links.add_nodes_from(papers)
    for u, v, key, data in graph.edges(keys=True, data=True):
        if key == "shares":
            links.add_edge(u, v, weight=data["weight"])
    found = nx.community.louvain_communities(links, weight="weight", seed=COMMUNITY_SEED) if papers else []
    ordered = sorted((sorted(c) for c in found), key=lambda members: (-len(members), members[0]))
    paper_total = max(len(papers), 1)
    communities = []
    for number, members in enumerate(ordered):
        for node in members:
            graph.nodes[node]["community"] = number
        counts: Counter[str] = Counter()
        for node in members:
            for _, concept, key in graph.out_edges(node, keys=True):
                if key != "shares":
                    counts[concept] += 1
        def score(concept: str, counts: Counter[str] = counts) -> float:
            df = graph.nodes[concept]["paper_count"]
            return counts[concept] * math.log((paper_total + 1) / df)
        top = sorted((c for c in counts if counts[c] > 1 or len(members) == 1), key=lambda c: (-score(c), c))[:3]
        name = ", ".join(graph.nodes[c]["label"] for c in top) or graph.nodes[members[0]]["label"]
        communities.append({"id": number, "name": name, "size": len(members)})
    for node, data in graph.nodes(data=True):
        if data["type"] != "Paper":
            votes = Counter(graph.nodes[p]["community"] for p, _ in graph.in_edges(node))
            if votes:
                data["community"] = min(votes, key=lambda c: (-votes[c], c))
    graph.graph["communities"] = communities
