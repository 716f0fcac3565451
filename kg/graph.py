"""The networkx graph: papers, concepts, role edges, weighted paper-paper links and communities.

Shape (every exporter reads this and nothing else):
- a MultiDiGraph; `graph.graph["communities"]` is a list of {"id", "name", "size"};
- paper nodes "paper:<id>": type="Paper", label (short title), title, authors, venue, year, url, code, abstract,
  community, community_name, order (input position);
- concept nodes "concept:<slug>": type (Method, Task, Dataset, Metric), label, aliases, paper_count, community,
  community_name (community -1, "(no links)": a paper that shares no specific concept with another);
- after kg.layout.add_layout, every node has a position `x`, `y`;
- paper -> concept edges keyed by role (proposes, uses, compares, evaluates, addresses, evaluated_on, reports) with
  role, confidence, rule and evidence (a list of {"sentence", "start", "end"});
- paper -> paper edges keyed "shares" (once, from the lower node key to the higher) with role="shares", weight and
  shared (concept labels, most specific first).
"""

from __future__ import annotations

import heapq
import math
from collections import Counter, defaultdict

import networkx as nx

from kg.model import Paper
from kg.normalize import label_key, names_any
from kg.resolve import ConceptIndex
from kg.similarity import TextSimilarity
from kg.specificity import reference_share

LINKS_PER_PAPER = 10
MAX_DOC_FREQUENCY = 0.25  # a concept in more than this share of the papers links nobody
BROAD_SHARE = 0.003  # nor one found in this share of the reference corpus's abstracts (see kg.specificity)
ANCHOR_MAX_PAPERS = 6  # a task of at most this many papers links two papers on its own,
ANCHOR_ROLES = frozenset(["proposes", "compares"])  # as does what one of them proposes or compares with
MIN_LINK_WEIGHT = 0.3
CENTRAL_ROLES = frozenset(["proposes", "compares", "evaluates", "evaluated_on"])
SUPPORTING_ROLE_FACTOR = 0.6
TOOL_SHARE = 0.5  # a named tool both papers merely use counts as half a shared concept ('GPT-4', 'LoRA')
MIN_PAPERS_FOR_DF_CAP = 8  # below this a corpus is too small for a share to mean anything
COMMUNITY_SEED = 42
UNLINKED = -1  # the community of a paper that shares no specific concept with any other
UNLINKED_NAME = "(no links)"
NAMING_TYPES = ("Task", "Method")
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
    """The whole graph: papers, concepts and their statements, then the paper-paper links, then communities."""
    graph = statement_graph(papers, index)
    add_paper_links(graph, index, len(papers), paper_titles(papers), TextSimilarity(papers))
    add_communities(graph)
    return graph


def paper_titles(papers: list[Paper]) -> dict[str, str]:
    """Paper node -> the paper's own title ('' when it has none)."""
    return {paper_node(p.id): p.title for p in papers}


def statement_graph(papers: list[Paper], index: ConceptIndex) -> nx.MultiDiGraph:
    """Papers, concepts, and an edge per statement; no links and no communities yet."""
    graph = nx.MultiDiGraph(name="kg")
    for order, paper in enumerate(papers):
        statements = index.statements.get(paper.id, [])
        proposed = [index.concepts[s.concept_id].label for s in statements if s.role == "proposes"]
        title = display_title(paper, proposed)
        graph.add_node(
            paper_node(paper.id), type="Paper", label=short_label(title), title=title, authors=list(paper.authors),
            venue=paper.venue, year=paper.year, url=paper.url, code=paper.code, abstract=paper.abstract,
            community=UNLINKED, community_name=UNLINKED_NAME, order=order,
        )
    for concept in sorted(index.concepts.values(), key=lambda c: c.id):
        graph.add_node(
            concept_node(concept.id), type=concept.type, label=concept.label, aliases=list(concept.aliases),
            paper_count=len(concept.papers), community=UNLINKED, community_name=UNLINKED_NAME,
        )
    for paper in papers:
        for statement in index.statements.get(paper.id, []):
            graph.add_edge(
                paper_node(paper.id), concept_node(statement.concept_id), key=statement.role, role=statement.role,
                confidence=statement.confidence, rule=statement.rule, cue=statement.cue,
                evidence=[{"sentence": e.sentence, "start": e.start, "end": e.end, "field": e.field}
                          for e in statement.evidence],
            )
    return graph


def linking_concepts(index: ConceptIndex, paper_total: int) -> dict[str, tuple[float, bool]]:
    """Concept id -> (its specificity, whether it is rare enough to link two papers on its own), for the
    concepts allowed to link papers.

    Specificity is the Adamic-Adar weight 1 / ln(papers that mention it): a concept two papers alone share
    counts 1.44, one shared by a hundred papers 0.22; it depends on the concept's own papers and not on the size
    of the corpus. What is broad links nobody: a metric, a concept in more than a quarter of the corpus, or one
    that the reference corpus finds in more than BROAD_SHARE of all abstracts ('representation learning',
    'fine-tuning', 'image classification').
    """
    cap = paper_total if paper_total < MIN_PAPERS_FOR_DF_CAP else max(2, int(MAX_DOC_FREQUENCY * paper_total))
    weights = {}
    for concept in index.concepts.values():
        df = len(concept.papers)
        if not 2 <= df <= cap or concept.type == "Metric":
            continue
        share = max(reference_share(label_key(concept.label)),
                    max((reference_share(label_key(alias)) for alias in concept.aliases), default=0.0))
        if share >= BROAD_SHARE:
            continue
        weights[concept.id] = (1 / math.log(df), df <= ANCHOR_MAX_PAPERS)
    return weights


def _role_factor(roles: list[str]) -> float:
    """How much a concept says about a paper: what it proposes, compares with, evaluates or is evaluated on
    counts fully; a method it uses or a task it addresses less."""
    return 1.0 if any(role in CENTRAL_ROLES for role in roles) else SUPPORTING_ROLE_FACTOR


def add_paper_links(graph: nx.MultiDiGraph, index: ConceptIndex, paper_total: int,
                    titles: dict[str, str] | None = None, texts: TextSimilarity | None = None) -> None:
    """Link papers through the specific concepts they share, from the concept index (never from all pairs).

    A pair is a candidate when it shares an anchor or at least two specific concepts (see linking_concepts; a
    named model or tool both papers merely use counts as half, TOOL_SHARE), and
    weighs at least MIN_LINK_WEIGHT. An anchor is a rare task both address ('gait recognition'), or a rare
    concept one of them proposes or compares with: a single shared dataset or method used in passing says little
    of how two papers relate. A task anchors only when both `titles` name it (a paper without a title cannot
    tell): a task one paper works on and the other mentions on the way ('traffic forecasting' in a
    trajectory-recovery paper) makes a weak link. With `texts`, the two papers must also be alike in their words
    (kg.similarity): two papers that share a benchmark or a base model and nothing else are not related work;
    and two papers close in their words need only one specific concept in common.
    Its weight is the sum, over shared concepts, of their specificity times the role factor of each paper.
    Each paper's candidates are scored one paper at a time from the concepts' paper lists, so memory
    holds one paper's neighbours, not every pair; a pair is kept when it is among the strongest links of either
    paper.
    """
    linking = linking_concepts(index, paper_total)
    postings = {c: sorted(paper_node(p) for p in index.concepts[c].papers) for c in sorted(linking)}
    concepts_of: dict[str, list[str]] = defaultdict(list)
    for concept_id, members in postings.items():
        for member in members:
            concepts_of[member].append(concept_id)

    def roles(paper: str, concept_id: str) -> list[str]:
        return index.concepts[concept_id].papers[paper.removeprefix("paper:")]

    def factor(paper: str, concept_id: str) -> float:
        return _role_factor(roles(paper, concept_id))

    titles = titles or {}
    texts = texts or TextSimilarity([])
    concept_keys = {c: {label_key(index.concepts[c].label), *(label_key(a) for a in index.concepts[c].aliases)}
                    for c in linking}

    def titled(paper: str, concept_id: str) -> bool:
        title = titles.get(paper, "")
        return not title.strip() or names_any(title, concept_keys[concept_id])  # an untitled paper cannot tell

    def anchors(paper: str, other: str, concept_id: str) -> bool:
        if not linking[concept_id][1]:
            return False
        both = [*roles(paper, concept_id), *roles(other, concept_id)]
        if any(role in ANCHOR_ROLES for role in both):
            return True
        return "addresses" in both and titled(paper, concept_id) and titled(other, concept_id)

    def counts(paper: str, other: str, concept_id: str) -> float:
        """How much a shared concept says two papers meet: a named model or tool both merely use (GPT-4 and
        GPT-3.5 as base models, LoRA as the fine-tuning) says half as much as anything else."""
        concept = index.concepts[concept_id]
        tool = concept.type == "Method" and any(c.isupper() or c.isdigit() for c in concept.label)
        both_use = set(roles(paper, concept_id)) | set(roles(other, concept_id)) <= {"uses"}
        return TOOL_SHARE if tool and both_use else 1.0

    kept: set[tuple[str, str]] = set()
    for paper in sorted(concepts_of):
        scores: dict[str, float] = defaultdict(float)
        anchored: set[str] = set()
        shared: dict[str, float] = defaultdict(float)
        for concept_id in concepts_of[paper]:
            mine = factor(paper, concept_id)
            for other in postings[concept_id]:
                scores[other] += linking[concept_id][0] * (mine + factor(other, concept_id)) / 2
                shared[other] += counts(paper, other, concept_id)
                if other not in anchored and anchors(paper, other, concept_id):
                    anchored.add(other)
        scores.pop(paper, None)
        candidates = sorted(other for other, score in scores.items() if score >= MIN_LINK_WEIGHT)
        closeness = texts.similarities(paper.removeprefix("paper:"), [c.removeprefix("paper:") for c in candidates])
        qualified = [(-scores[other], other) for other, close in zip(candidates, closeness, strict=True)
                     if close >= texts.threshold and (other in anchored or shared[other] >= 2 or close >= texts.close)]
        kept.update((min(paper, other), max(paper, other)) for _, other in heapq.nsmallest(LINKS_PER_PAPER, qualified))
    for first, second in sorted(kept):
        shared = sorted(set(concepts_of[first]) & set(concepts_of[second]), key=lambda c: (-linking[c][0], c))
        weight = sum(linking[c][0] * (factor(first, c) + factor(second, c)) / 2 for c in shared)
        graph.add_edge(first, second, key="shares", role="shares", weight=round(weight, 4),
                       shared=[index.concepts[c].label for c in shared])


def add_communities(graph: nx.MultiDiGraph) -> None:
    """Louvain communities of the paper-paper link graph (fixed seed), each named by its characteristic tasks and
    methods. A paper with no link is in no community (UNLINKED); one that Louvain leaves alone joins the community
    of its strongest link, so that no community holds a single paper."""
    links = nx.Graph()
    papers = sorted(n for n, d in graph.nodes(data=True) if d["type"] == "Paper")
    for u, v, key, data in graph.edges(keys=True, data=True):
        if key == "shares":
            links.add_edge(u, v, weight=data["weight"])
    ordered = nx.Graph()  # nodes and edges in sorted order, so the seeded search is the same in every process
    ordered.add_nodes_from(sorted(links.nodes))
    ordered.add_edges_from(sorted((min(u, v), max(u, v), d) for u, v, d in links.edges(data=True)))
    links = ordered
    linked = list(links.nodes)
    found = nx.community.louvain_communities(links, weight="weight", seed=COMMUNITY_SEED) if linked else []
    groups = [set(c) for c in found if len(c) > 1]
    home = {node: i for i, group in enumerate(groups) for node in group}
    for node in sorted(n for c in found if len(c) == 1 for n in c):
        neighbour = max(links[node], key=lambda other: (links[node][other]["weight"], other))
        if neighbour in home:
            groups[home[neighbour]].add(node)
            home[node] = home[neighbour]
        else:  # two papers linked only to each other
            groups.append({node, neighbour})
            home[node] = home[neighbour] = len(groups) - 1
    ordered = sorted((sorted(c) for c in groups), key=lambda members: (-len(members), members[0]))
    for node in papers:
        graph.nodes[node]["community"] = UNLINKED
    paper_total = max(len(papers), 1)
    communities = []
    for number, members in enumerate(ordered):
        for node in members:
            graph.nodes[node]["community"] = number
        communities.append({"id": number, "name": _community_name(graph, members, paper_total),
                            "size": len(members)})
    graph.graph["communities"] = communities
    for node, data in graph.nodes(data=True):
        if data["type"] != "Paper":
            votes = Counter(c for p, _ in graph.in_edges(node) if (c := graph.nodes[p]["community"]) != UNLINKED)
            data["community"] = min(votes, key=lambda c: (-votes[c], c)) if votes else UNLINKED
        data["community_name"] = community_name(graph, data["community"])


def _community_name(graph: nx.MultiDiGraph, members: list[str], paper_total: int) -> str:
    """The tasks and methods most characteristic of the community (tf-idf over its papers): its best task, its best
    method, and the next best of either."""
    counts: Counter[str] = Counter()
    for node in members:
        counts.update({concept for _, concept, key in graph.out_edges(node, keys=True)
                       if key != "shares" and graph.nodes[concept]["type"] in NAMING_TYPES})

    def score(concept: str) -> float:
        return counts[concept] * math.log((paper_total + 1) / graph.nodes[concept]["paper_count"])

    ranked = sorted((c for c in counts if counts[c] > 1), key=lambda c: (-score(c), c))
    best = {t: next((c for c in ranked if graph.nodes[c]["type"] == t), None) for t in NAMING_TYPES}
    chosen = [c for c in (best["Task"], best["Method"]) if c is not None]
    chosen += [c for c in ranked if c not in chosen][: 3 - len(chosen)]
    chosen.sort(key=lambda c: (-score(c), c))
    return ", ".join(graph.nodes[c]["label"] for c in chosen) or graph.nodes[members[0]]["label"]


def community_name(graph: nx.MultiDiGraph, number: int) -> str:
    """The name of community `number`, or what an unlinked paper's community says."""
    if number == UNLINKED:
        return UNLINKED_NAME
    return next((c["name"] for c in graph.graph.get("communities", []) if c["id"] == number), "")
