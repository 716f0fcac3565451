"""Roles decided by the words that govern a mention, and what is not a concept at all, on sentences written for
these tests (the names are made up, so no gazetteer knows them unless the test says so)."""

from __future__ import annotations

from test_extract import found


def test_a_known_task_is_addressed_never_proposed(extractor):
    result = found(extractor, "We propose a novel person re-identification framework called VeloReID.")
    assert result["VeloReID"] == ("Method", "proposes")
    assert result["person re-identification"] == ("Task", "addresses")


def test_comparison_cues_make_baselines(extractor):
    result = found(extractor, "Unlike QuarkNet, our model needs no labels. It runs faster instead of ZetaFormer. "
                              "Existing methods such as KappaGAN fail on long inputs.")
    assert result["QuarkNet"][1] == "compares"
    assert result["ZetaFormer"][1] == "compares"
    assert result["KappaGAN"][1] == "compares"


def test_models_a_paper_puts_to_the_test_are_evaluated(extractor):
    result = found(extractor, "We introduce a benchmark of legal questions. We evaluate QuillLM and OrcaChat-7B on it.")
    assert result["QuillLM"] == ("Method", "evaluates")
    assert result["OrcaChat-7B"] == ("Method", "evaluates")


def test_what_the_paper_does_without_is_not_a_statement(extractor):
    result = found(extractor, "Our planner adapts to new maps without BorealNet, unlike prior work.")
    assert "BorealNet" not in result


def test_tasks_named_as_examples_of_applications_are_not_statements(extractor):
    text = ("We study submodular maximization, which has applications in machine learning (e.g., active learning "
            "and feature selection).")
    result = found(extractor, text)
    assert "active learning" not in result
    assert "feature selection" not in result


def test_an_established_name_is_not_the_proposal_but_a_variant_of_it_is_used(extractor):
    result = found(extractor, "We propose a general and flexible variant of TorvaldSGD for the sampling paradigm.")
    assert result.get("TorvaldSGD", ("Method", "uses"))[1] != "proposes"


def test_a_name_that_qualifies_the_proposal_is_not_proposed(extractor):
    result = found(extractor, "We propose a flexible TQM-based framework for planning.")
    assert result.get("TQM", ("", ""))[1] != "proposes"


def test_an_appositive_name_is_the_proposal_not_its_modifiers(extractor):
    result = found(extractor, "We present a fully sequential PAC algorithm, QUBE-k-m, which is sample efficient.")
    assert result["QUBE-k-m"] == ("Method", "proposes")
    assert result.get("PAC", ("", ""))[1] != "proposes"


def test_sensors_and_modalities_are_not_methods(extractor):
    result = found(extractor, "We fuse LiDAR and RGB inputs with electroencephalography (EEG) signals.")
    assert not {"LiDAR", "RGB", "electroencephalography", "EEG"} & set(result)


def test_a_long_form_of_everyday_words_is_a_concept_only_when_proposed(extractor):
    result = found(extractor, "Bird's-eye view (BEV) maps help planning. High definition (HD) maps are costly.")
    assert not {"bird's-eye view", "high definition"} & {label.lower() for label in result}


def test_fragments_and_undefined_two_letter_acronyms_are_not_concepts(extractor):
    result = found(extractor, "We test on NYU depth V2 and compare ST systems.")
    assert "V2" not in result and "ST" not in result


def test_names_that_say_they_are_benchmarks_are_datasets(extractor):
    result = found(extractor, "Results on QuarkBench and TinyGym show large gains.")
    assert result["QuarkBench"][0] == "Dataset"
    assert result["TinyGym"][0] == "Dataset"


def test_a_new_metric_by_name_is_a_metric(extractor):
    result = found(extractor, "We also design a new metric called HMPQ that combines precision and recall.")
    assert result["HMPQ"] == ("Metric", "proposes")


def test_phrases_made_for_one_sentence_are_not_concepts(extractor):
    result = found(extractor, "Most methods neglect how features contribute to the final detection and the "
                              "object locations estimation.")
    assert not {"final detection", "object locations estimation"} & set(result)


def test_rare_technical_phrases_are_kept(extractor):
    result = found(extractor, "We build on the ridgelet transform for stochastic convex minimization.")
    assert result["ridgelet transform"][0] == "Method"
    assert result["stochastic convex minimization"][0] == "Task"


def test_results_and_kinds_are_not_proposals(extractor):
    result = found(extractor, "We present lower and upper bounds. We develop new discriminative algorithms.")
    assert not any(role == "proposes" for _, role in result.values())
