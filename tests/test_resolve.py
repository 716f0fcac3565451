"""Resolution across papers: which surface forms become one concept, which stay apart, and stable ids."""

from __future__ import annotations

import math

from kg.graph import SUPPORTING_ROLE_FACTOR, build_graph
from kg.model import Evidence, Mention, Paper, PaperExtraction
from kg.resolve import resolve


def mention(label: str, ctype: str = "Method", role: str = "uses", aliases: tuple[str, ...] = (),
            rule: str = "noun-phrase", canonical: str = "") -> Mention:
    return Mention(label=label, type=ctype, role=role, confidence=0.8, rule=rule,
                   evidence=[Evidence(f"We use {label}.", 0, 8 + len(label))], aliases=list(aliases),
                   canonical=canonical)


def extraction(paper_id: str, *mentions: Mention) -> PaperExtraction:
    return PaperExtraction(Paper(id=paper_id, abstract=f"Abstract of {paper_id}."), list(mentions))


def task(label: str, role: str = "addresses") -> Mention:
    return mention(label, ctype="Task", role=role)


def concept_of(index, paper_id: str) -> set[str]:
    return {s.concept_id for s in index.statements[paper_id]}


def test_case_hyphen_and_plural_variants_merge():
    index = resolve([
        extraction("a", mention("Mixture-of-Experts"), mention("diffusion models")),
        extraction("b", mention("mixture of experts"), mention("Diffusion Model")),
    ])
    assert concept_of(index, "a") == concept_of(index, "b")
    assert len(index.concepts) == 2


def test_acronym_and_long_form_are_one_concept_across_papers():
    index = resolve([
        extraction("a", mention("quantum resonance transformer", aliases=("QRT",), rule="acronym-definition")),
        extraction("b", mention("QRT", rule="name")),
    ])
    assert concept_of(index, "a") == concept_of(index, "b")
    concept = index.concepts[next(iter(concept_of(index, "a")))]
    assert "QRT" in concept.aliases


def test_near_names_stay_apart():
    index = resolve([
        extraction("a", mention("SMAC", "Dataset"), mention("GPT-4"), mention("CIFAR-10", "Dataset")),
        extraction("b", mention("SMACv2", "Dataset"), mention("GPT-4o"), mention("CIFAR-100", "Dataset")),
    ])
    assert concept_of(index, "a").isdisjoint(concept_of(index, "b"))


def test_acronyms_keep_their_letters_and_lose_only_a_plural_s():
    index = resolve([
        extraction("a", mention("PAC", rule="name"), mention("GFlowNets", rule="name"), mention("LLMs", rule="name")),
        extraction("b", mention("PACS", "Dataset", rule="name"), mention("GFlowNet", rule="name"),
                   mention("LLM", rule="name")),
    ])
    shared = concept_of(index, "a") & concept_of(index, "b")
    assert len(shared) == 2  # GFlowNet(s) and LLM(s) merge; PAC and PACS do not


def test_one_acronym_two_meanings_in_two_papers_stays_two_concepts():
    index = resolve([
        extraction("a", mention("segment anything model", aliases=("SAM",), rule="acronym-definition")),
        extraction("b", mention("sharpness-aware minimization", aliases=("SAM",), rule="acronym-definition")),
    ])
    assert concept_of(index, "a").isdisjoint(concept_of(index, "b"))


def test_gazetteer_aliases_merge_to_the_canonical_name():
    index = resolve([
        extraction("a", mention("graph neural networks")),
        extraction("b", mention("GNN", rule="name")),
    ])
    assert concept_of(index, "a") == concept_of(index, "b")
    assert index.concepts[next(iter(concept_of(index, "a")))].label == "graph neural network"


def test_ids_are_readable_and_stable_when_papers_are_added_or_reordered():
    first = [extraction("a", mention("ridgelet transform")), extraction("b", mention("ridgelet transforms"))]
    before = resolve(first)
    after = resolve([extraction("c", mention("Ridgelet Transform"), mention("spline kernel")), *reversed(first)])
    assert set(before.concepts) <= set(after.concepts)
    assert "ridgelet-transform" in before.concepts


def test_specific_concepts_link_papers_and_widespread_ones_do_not():
    papers = [extraction(f"p{i}", mention("everywhere net"),
                         *([mention("rare kernel estimation", ctype="Task", role="addresses")] if i < 2 else []))
              for i in range(12)]
    index = resolve(papers)
    graph = build_graph([e.paper for e in papers], index)
    links = [(u, v, d) for u, v, k, d in graph.edges(keys=True, data=True) if k == "shares"]
    assert [(u, v) for u, v, _ in links] == [("paper:p0", "paper:p1")]
    assert links[0][2]["shared"] == ["rare kernel estimation"]


def test_one_shared_method_used_in_passing_links_nobody_but_two_or_a_proposal_do():
    papers = [
        extraction("a", mention("alpha kernel"), mention("beta kernel")),
        extraction("b", mention("alpha kernel")),
        extraction("c", mention("alpha kernel"), mention("beta kernel")),
        extraction("d", mention("gamma sampler", role="proposes")),
        extraction("e", mention("gamma sampler")),
        *[extraction(f"x{i}", mention(f"filler {i}")) for i in range(20)],
    ]
    graph = build_graph([e.paper for e in papers], resolve(papers))
    links = {(u, v) for u, v, k in graph.edges(keys=True) if k == "shares"}
    assert links == {("paper:a", "paper:c"), ("paper:d", "paper:e")}


def test_metrics_and_concepts_common_in_the_reference_corpus_link_nobody():
    papers = [extraction(f"p{i}", mention("accuracy", ctype="Metric", role="reports"),
                         mention("reinforcement learning", ctype="Task", role="addresses")) for i in range(3)]
    graph = build_graph([e.paper for e in papers], resolve(papers))
    assert not [k for _, _, k in graph.edges(keys=True) if k == "shares"]
    assert {graph.nodes[f"paper:p{i}"]["community"] for i in range(3)} == {-1}
    assert graph.nodes["paper:p0"]["community_name"] == "(no links)"


def test_rarer_shared_concepts_weigh_more():
    papers = [
        extraction("a", task("alpha estimation"), task("beta estimation")),
        extraction("b", task("alpha estimation")),
        extraction("c", task("alpha estimation"), task("beta estimation")),
        *[extraction(f"x{i}", mention(f"filler {i}")) for i in range(20)],
    ]
    index = resolve(papers)
    graph = build_graph([e.paper for e in papers], index)
    weight = {(u, v): d["weight"] for u, v, k, d in graph.edges(keys=True, data=True) if k == "shares"}
    assert weight[("paper:a", "paper:c")] > weight[("paper:a", "paper:b")]


def test_communities_are_named_by_tasks_and_methods_and_on_every_linked_paper():
    papers = [extraction(f"p{i}", task("alpha estimation" if i < 3 else "beta estimation"),
                         mention("Foo-7", ctype="Dataset", role="evaluated_on")) for i in range(6)]
    index = resolve(papers)
    graph = build_graph([e.paper for e in papers], index)
    communities = graph.graph["communities"]
    assert sorted(c["size"] for c in communities) == [3, 3]
    assert {c["name"] for c in communities} == {"alpha estimation", "beta estimation"}, "datasets name no topic"
    assert all(graph.nodes[f"paper:p{i}"]["community"] >= 0 for i in range(6))
    named = {c["id"]: c["name"] for c in communities}
    assert all(graph.nodes[f"paper:p{i}"]["community_name"] == named[graph.nodes[f"paper:p{i}"]["community"]]
               for i in range(6))


def test_no_community_holds_a_single_paper():
    # a chain: p0-p1 strongly, p1-p2 weakly; Louvain may leave p2 alone, which then joins its neighbour's
    papers = [extraction("p0", task("alpha estimation"), task("beta estimation"), task("delta estimation")),
              extraction("p1", task("alpha estimation"), task("beta estimation"), task("delta estimation"),
                         task("gamma estimation")),
              extraction("p2", task("gamma estimation")),
              *[extraction(f"x{i}", mention(f"filler {i}")) for i in range(5)]]
    graph = build_graph([e.paper for e in papers], resolve(papers))
    sizes = [c["size"] for c in graph.graph["communities"]]
    assert sizes and min(sizes) >= 2
    assert graph.nodes["paper:x0"]["community"] == -1


def test_a_link_weighs_the_sum_of_one_over_the_log_of_each_shared_concepts_papers():
    """Adamic-Adar: the weight of a link through a concept does not move when unrelated papers are added."""
    def weights(fillers: int) -> dict:
        papers = [extraction("a", task("alpha estimation"), task("beta estimation")),
                  extraction("b", task("alpha estimation")),
                  extraction("c", task("alpha estimation"), task("beta estimation", role="proposes")),
                  *[extraction(f"x{i}", mention(f"filler {i}")) for i in range(fillers)]]
        graph = build_graph([e.paper for e in papers], resolve(papers))
        return {(u, v): d["weight"] for u, v, k, d in graph.edges(keys=True, data=True) if k == "shares"}

    few, many = weights(20), weights(200)
    addressed, proposed = SUPPORTING_ROLE_FACTOR, 1.0
    assert few[("paper:a", "paper:b")] == round(addressed / math.log(3), 4)
    assert few[("paper:a", "paper:c")] == round(addressed / math.log(3) + (addressed + proposed) / 2 / math.log(2), 4)
    assert few == many


def test_spelling_variants_merge():
    index = resolve([
        extraction("a", mention("Llama 3.1", rule="name"), mention("BLIP-2", rule="name"),
                   mention("student network")),
        extraction("b", mention("Llama3.1", rule="name"), mention("BLIP2", rule="name"), mention("student model")),
    ])
    assert concept_of(index, "a") == concept_of(index, "b")
    assert len(index.concepts) == 3


def test_british_and_american_spellings_merge():
    index = resolve([
        extraction("a", mention("amortised inference"), task("text summarisation"), task("sequence modelling")),
        extraction("b", mention("amortized inference"), task("text summarization"), task("sequence modeling")),
    ])
    assert concept_of(index, "a") == concept_of(index, "b")
    assert len(index.concepts) == 3
    # words spelt with -is- on both sides stay as they are
    index = resolve([
        extraction("a", task("supervised learning")), extraction("b", task("supervized learning")),
        extraction("c", mention("denoising autoencoder")), extraction("d", mention("denoizing autoencoder")),
    ])
    assert len(index.concepts) == 4


def test_a_bare_acronym_with_two_senses_in_the_corpus_joins_neither():
    index = resolve([
        extraction("a", mention("computer-aided design", aliases=("CAD",), rule="acronym-definition")),
        extraction("b", mention("coronary artery disease", ctype="Task", aliases=("CAD",), rule="acronym-definition")),
        extraction("c", mention("CAD", rule="name")),
    ])
    assert len({*concept_of(index, "a"), *concept_of(index, "b"), *concept_of(index, "c")}) == 3
    one_sense = resolve([
        extraction("a", mention("computer-aided design", aliases=("CAD",), rule="acronym-definition")),
        extraction("c", mention("CAD", rule="name")),
    ])
    assert concept_of(one_sense, "a") == concept_of(one_sense, "c")


def test_a_known_task_that_the_corpus_mostly_uses_as_a_tool_becomes_a_method():
    def tool(paper_id: str) -> PaperExtraction:
        return extraction(paper_id, mention("reinforcement learning", ctype="Method", rule="gazetteer",
                                            canonical="reinforcement learning"))

    def problem(paper_id: str) -> PaperExtraction:
        return extraction(paper_id, mention("reinforcement learning", ctype="Task", role="addresses",
                                            rule="gazetteer", canonical="reinforcement learning"))

    mostly_tools = resolve([tool("a"), tool("b"), problem("c")])
    assert [c.type for c in mostly_tools.concepts.values()] == ["Method"]
    assert mostly_tools.statements["c"][0].role == "uses"
    evenly = resolve([tool("a"), problem("b")])
    assert [c.type for c in evenly.concepts.values()] == ["Task"], "one use as a tool does not outweigh the gazetteer"
    assert [s.role for s in evenly.statements["a"]] == ["addresses"], "a tool whose use no word says stays addressed"
    employed = mention("reinforcement learning", ctype="Method", rule="gazetteer", canonical="reinforcement learning")
    employed.cue = "employed"
    said = resolve([extraction("a", employed), problem("b")])
    assert not said.statements.get("a"), "a task a paper is said only to work with is not addressed"
    alone = resolve([extraction("a", employed)])
    assert not alone.concepts, "a concept with no statement left is no node"
    assert [s.role for s in said.statements["b"]] == ["addresses"]


def test_two_named_tools_both_papers_merely_use_link_nobody_but_a_tool_one_compares_with_does():
    papers = [
        extraction("a", mention("GPT-4"), mention("Mistral-7B")),
        extraction("b", mention("GPT-4"), mention("Mistral-7B")),
        extraction("c", mention("QuillLM-2"), mention("sparse kernel")),
        extraction("d", mention("QuillLM-2", role="compares"), mention("sparse kernel")),
        *[extraction(f"x{i}", mention(f"filler {i}")) for i in range(20)],
    ]
    graph = build_graph([e.paper for e in papers], resolve(papers))
    links = {(u, v) for u, v, k in graph.edges(keys=True) if k == "shares"}
    assert links == {("paper:c", "paper:d")}


def test_papers_with_no_link_are_laid_out_beside_those_on_the_same_task():
    from kg.layout import _by_task

    tasks = ["gait recognition", "lane detection", "gait recognition", "lane detection", "gait recognition"]
    papers = [extraction(f"p{i}", task(name), mention(f"filler {i}")) for i, name in enumerate(tasks)]
    papers.append(extraction("p5", mention("filler 5")))
    graph = build_graph([e.paper for e in papers], resolve(papers))
    order = _by_task(graph, [f"paper:p{i}" for i in (5, 4, 3, 2, 1, 0)])
    assert order == ["paper:p0", "paper:p2", "paper:p4", "paper:p1", "paper:p3", "paper:p5"]


def test_bare_letters_with_two_senses_in_the_field_join_no_gazetteer_entry():
    # 'SAM' is the Segment Anything Model's guarded alias: bare letters alone do not make them that model
    index = resolve([extraction("a", mention("SAM", rule="name")), extraction("b", mention("Segment Anything"))])
    assert concept_of(index, "a").isdisjoint(concept_of(index, "b"))
