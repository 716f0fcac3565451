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
    assert "QuiltNorm" not in found(extractor, "Our planner reaches good results in the absence of QuiltNorm.")
    text = "Our planner is competitive with others, without the need for any BorealNet tuning."
    assert "BorealNet" not in found(extractor, text)


def test_tasks_named_as_examples_of_applications_are_not_statements(extractor):
    text = ("We study submodular maximization, which has applications in machine learning (e.g., active learning "
            "and feature selection).")
    result = found(extractor, text)
    assert "active learning" not in result
    assert "feature selection" not in result
    # (what the paper foresees: 'we highlight potential applications in X')
    result = found(extractor, "We propose QuiltCal. We also highlight potential applications in machine translation.")
    assert "machine translation" not in result


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


def test_the_field_an_abstract_opens_on_is_not_what_the_paper_addresses(extractor):
    text = ("Traffic prediction plays an important role in urban computing. "
            "Deep models such as transformers have been used for urban computing and reinforcement learning. "
            "Previous methods such as DANN need labelled cities. "
            "In this paper, we propose CityMixer, a federated model for traffic prediction.")
    result = found(extractor, text)
    assert "reinforcement learning" not in result  # met only in the opening on the field
    assert "Transformer" not in result
    assert result["traffic forecasting"] == ("Task", "addresses")  # the first sentence sets out the topic
    assert result["domain-adversarial neural network"] == ("Method", "compares")  # prior work named in the opening
    assert result["CityMixer"] == ("Method", "proposes")


def test_a_method_the_opening_only_says_the_field_worked_with_is_not_used(extractor):
    text = ("Graph neural networks have performed well on molecules through contrastive learning. "
            "In this paper, we propose MoleFoo, which needs no labels.")
    result = found(extractor, text)
    assert "contrastive learning" not in result  # what the field did, in the opening's predicate
    assert result["graph neural network"] == ("Method", "uses")  # the opening's subject is the paper's topic


def test_the_title_keeps_what_the_opening_names(extractor):
    mentions = extractor.extract_text(
        "Graphs are everywhere, and link prediction matters. We propose FooLink, which needs no labels.",
        title="Label-free link prediction with FooLink")
    assert ("link prediction", "addresses") in {(m.label, m.role) for m in mentions}


def test_the_title_keeps_what_the_opening_names_in_the_words_it_wrote(extractor):
    text = ("Shoppers leave traces. Recurrent models have done well in session-based recommendations. "
            "We introduce a ranking loss for them.")
    untitled = {m.label for m in extractor.extract_text(text, title="A ranking loss")}
    assert "session-based recommendation" not in untitled  # the opening's field
    titled = {(m.label, m.role) for m in extractor.extract_text(
        text, title="A Ranking Loss for Session-based Recommendations")}
    assert ("session-based recommendation", "addresses") in titled  # the task the title words as the abstract


def test_two_whole_tasks_joined_by_and_stay_two(extractor):
    result = found(extractor, "We build a footage summary using object detection and anomaly detection.")
    assert "object detection" in result and "anomaly detection" in result
    assert not any("detection detection" in label for label in result)
    result = found(extractor, "We study object detection and instance segmentation.")
    assert "object detection" in result and "instance segmentation" in result
    assert "detection segmentation" not in result


def test_a_one_word_task_under_another_noun_is_not_that_task(extractor):
    result = found(extractor, "We provide speed recommendations for drivers and study text-image person retrieval.")
    assert "recommendation" not in result
    assert "retrieval" not in result


def test_a_descriptive_phrase_met_in_passing_is_not_a_statement(extractor):
    text = ("We propose QuillNet for graph matching. These properties indicate that the decision-making process of "
            "neural networks tends to use few features. Experiments on quux clustering confirm it.")
    result = found(extractor, text, title="QuillNet: Graph Matching for Quux Clustering")
    assert "decision-making process" not in result
    assert result["quux clustering"] == ("Task", "addresses")
    # a task phrase no list knows, said once and nowhere else, is not borne out
    assert "quux clustering" not in found(extractor, text)


def test_a_praised_description_left_with_no_name_is_no_concept(extractor):
    result = found(extractor, "This paper introduces FireQuill, an embarrassingly simple yet effective zero-shot "
                              "approach.")
    assert result["FireQuill"] == ("Method", "proposes")
    assert "zero-shot" not in result


def test_names_listed_under_a_dataset_word_are_datasets(extractor):
    result = found(extractor, "Experiments on four tracking benchmarks (i.e., LaSOT, QuoxT2K, and OTB-Lang) show "
                              "gains. Our method beats others on CUHK-SYSU and PRW datasets.")
    for name in ("QuoxT2K", "OTB-Lang", "CUHK-SYSU", "PRW"):
        assert result[name] == ("Dataset", "evaluated_on"), name
    assert "QuoxT2" not in result  # the tokenizer's cut inside a name is no name


def test_a_novel_name_inside_a_proposal_is_proposed(extractor):
    result = found(extractor, "We propose a restoration approach with a novel gated kernel transformer (GKTFormer). "
                              "In this paper, we provide a badminton singles dataset, ShuttleQ22, which is collected "
                              "from matches.")
    assert result["gated kernel transformer"] == ("Method", "proposes")
    assert result["ShuttleQ22"] == ("Dataset", "proposes")


def test_kinds_of_data_and_code_availability_are_not_concepts(extractor):
    result = found(extractor, "We study sleep staging. MATLAB code is available at https://github.com/a/b. "
                              "Our model reads photoplethysmography (PPG) signals and uses QuillNet.")
    assert "MATLAB" not in result
    assert "photoplethysmography" not in result and "PPG" not in result
    assert result["QuillNet"] == ("Method", "uses")


def test_what_the_authors_call_or_mark_as_their_own_is_proposed(extractor):
    result = found(extractor, "This approach, which we call Vortex-Guided Plan Steering (VGPS), suits many policies. "
                              "The proposed tele-teaching approach utilizes Quasar Movement Primitives (QMP). "
                              "QuokkaNet combines encoders with a new modality-braiding encoder.")
    assert result["Vortex-Guided Plan Steering"] == ("Method", "proposes")
    assert result["tele-teaching"] == ("Method", "proposes")
    assert result["modality-braiding encoder"] == ("Method", "proposes")
    assert result["quasar movement primitives"] == ("Method", "uses")


def test_a_benchmark_paper_evaluates_the_models_it_names(extractor):
    result = found(extractor, "We introduce a new benchmark, called LexaBench, for legal reasoning. Using LexaBench, "
                              "we find that PelicanLM and Osprey-13B rely on fine-tuning.")
    assert result["LexaBench"] == ("Dataset", "proposes")
    assert result["PelicanLM"] == ("Method", "evaluates")
    assert result["Osprey-13B"] == ("Method", "evaluates")
    assert result["fine-tuning"] == ("Method", "uses"), "a technique is used, not evaluated"


def test_a_name_experiments_run_on_is_a_dataset_unless_it_has_a_model_size(extractor):
    result = found(extractor, "We propose QuillPlan. We evaluate on R3R-CE and report results on Bridge-Q2. "
                              "Experiments on Heron-7B show gains.")
    assert result["R3R-CE"] == ("Dataset", "evaluated_on")
    assert result["Bridge-Q2"] == ("Dataset", "evaluated_on")
    assert result["Heron-7B"][0] == "Method"


def test_shorthands_and_adjectives_left_alone_are_not_concepts(extractor):
    result = found(extractor, "Our arm has 7 DoF and beats SoTA and other SOTAs. We solve a long-standing problem "
                              "with QuillNet.")
    assert not {"DoF", "SoTA", "SOTAs", "long-standing"} & set(result)
    assert result["QuillNet"] == ("Method", "uses")


def test_a_way_of_working_is_a_method_and_an_outcome_stays_a_task(extractor):
    result = found(extractor, "The half-quadratic minimization technique is used to weight instances. We build a "
                              "character recognition method. Our policies are trained with deep reinforcement "
                              "learning.")
    assert result["half-quadratic minimization"][0] == "Method"
    assert result["character recognition"] == ("Task", "addresses")
    assert result["deep reinforcement learning"] == ("Method", "uses")
    result = found(extractor, "Inspired by the Integrated Quokka Laplace Approximation (IQLA) method in spatial "
                              "statistics, we propose an approach to data assimilation. This enables one to use IQLA "
                              "to infer the state.")
    assert result["integrated quokka laplace approximation"] == ("Method", "uses")
    result = found(extractor, "Between key states, optical flow is employed to capture motion. We address robot "
                              "imitation.")
    assert result["optical flow estimation"] == ("Method", "uses")
    cues = {m.label: m.cue for m in extractor.extract_text("We study robot imitation. Between key states, optical "
                                                           "flow is employed to capture motion.")}
    assert cues["optical flow estimation"] == "employed"
    cues = {m.label: m.cue for m in extractor.extract_text("Attacks hide triggers through data poisoning. We defend "
                                                           "models trained with data poisoning.")}
    assert cues["data poisoning"] == "", "the opening's tools are the field's"


def test_examples_after_a_comparison_and_hyphenated_names_are_compared_with(extractor):
    result = found(extractor, "QuillQA achieves better accuracy over gpt-3.5-turbo with Chain-of-Thought. Our "
                              "detector outperforms strong detectors (both kinds) such as GLTR, FooZero, and "
                              "ZeroFoo by 20% across domains. It even outperforms LLMs like OrcaChat and KeaLM.")
    for name in ("chain-of-thought", "GLTR", "FooZero", "ZeroFoo", "OrcaChat", "KeaLM"):
        assert result[name] == ("Method", "compares"), name


def test_a_preposition_far_before_a_name_compares_nothing(extractor):
    result = found(extractor, "We define the verification problems for these models against a bounded fragment "
                              "of QTL.")
    assert result["QTL"][1] != "compares"


def test_a_name_introduced_after_a_dash_and_benchmarks_listed_together(extractor):
    result = found(extractor, "We demonstrate MOREL – a model for multi-lingual newspaper signaling. MOREL achieves "
                              "state-of-the-art on QuokHal-Bench, POPA, and GAVIA.")
    assert result["MOREL"] == ("Method", "proposes")
    for name in ("QuokHal-Bench", "POPA", "GAVIA"):
        assert result[name] == ("Dataset", "evaluated_on"), name


def test_a_title_phrase_with_a_word_of_its_own_is_no_name(extractor):
    mentions = extractor.extract_text("We study how models place parties on a political spectrum.",
                                      title="Kea meets EU: Investigating the political spectrum")
    assert not [m for m in mentions if m.rule == "title-name"]


def test_machines_are_no_concepts_and_a_new_named_dataset_is_proposed(extractor):
    result = found(extractor, "We evaluate GaitQ in the real world on the ANYquad C platform. Pre-training uses a "
                              "novel Foundation Touch (FoTo) dataset aggregated from open datasets.")
    assert "ANYquad" not in result
    assert result["Foundation Touch"] == ("Dataset", "proposes")
    # read along the words, however the parser hangs them: 'a Quokka Qo1 quadruped robot', 'a QuillLens 2 device'
    result = found(extractor, "We propose GaitQ, a controller. We validate it on a real-world Quokka Qo1 quadruped "
                              "robot, learning gaits. Scenes are captured using a QuillLens 2 device.")
    assert "Qo1" not in result and "QuillLens" not in result
    result = found(extractor, "We propose GaitQ, a controller. Unlike QuokNet robot policies, GaitQ adapts.")
    assert result["QuokNet"][1] == "compares"
    result = found(extractor, "We evaluate GaitQ on learning to drive a simulated car in the QUORCS car-racing "
                              "environment.")
    assert "QUORCS" in result


def test_a_known_task_used_as_a_tool_is_a_method(extractor):
    result = found(extractor, "We propose a bi-level optimization-based imitation framework. We show that "
                              "pretraining with offline reinforcement learning helps.")
    assert result["bilevel optimization"] == ("Method", "uses")
    assert result["offline reinforcement learning"] == ("Method", "uses")


def test_a_coined_name_is_not_the_known_method_inside_it(extractor):
    result = found(extractor, "We introduce the Hierarchical Feature Matching approach to estimate meshes from "
                              "video.")
    assert result["Hierarchical Feature Matching"] == ("Method", "proposes")
    assert "feature matching" not in result and "image matching" not in result


def test_what_experiments_are_run_to_evaluate_the_efficacy_of_is_evaluated(extractor):
    result = found(extractor, "We build a simulator. We conduct experiments to evaluate the efficacy of various "
                              "reinforcement learning algorithms and trajectory optimization techniques.")
    assert result["trajectory optimization"] == ("Method", "evaluates")


def test_an_analysis_without_a_method_of_its_own_evaluates_the_known_models_it_studies(extractor):
    text = ("Language models write poems. In particular, we assess whether a large language model (GPT-3.5) can "
            "write choreographies.")
    assert found(extractor, text)["GPT-3.5"] == ("Method", "evaluates")
    with_own = found(extractor, "We propose QuillBot, a dance planner. We assess whether our planner with GPT-3.5 "
                                "can write choreographies.")
    assert with_own["GPT-3.5"][1] != "evaluates"
    # a model the analysis works with is used, not studied
    worked_with = found(extractor, "We explore ways to quux spatial relations using a large language model backbone. "
                                   "We then analyze curriculum learning in the context of training a CNN.")
    assert worked_with["large language model"] == ("Method", "uses")
    assert worked_with["convolutional neural network"] == ("Method", "uses")


def test_a_study_the_authors_present_or_perform_makes_the_models_it_names_tested(extractor):
    for text in ("We present an empirical study of groundedness in answers by retrieval-augmented large language "
                 "models (LLMs).",
                 "This study aims to perform a thorough evaluation of the multilingual skills of large language "
                 "models (LLMs) by comparing them on the same tasks.",
                 "In this study, we revisit the calibration of large language models (LLMs) on quux tasks."):
        assert found(extractor, text)["large language model"] == ("Method", "evaluates"), text
    # a study the authors present beside a method of their own leaves the models it runs used
    own = found(extractor, "We propose QuillNet, a quux parser. We present a study of QuillNet with large language "
                           "models (LLMs) as its backbone.")
    assert own["large language model"][1] == "uses"


def test_a_title_that_asks_a_question_or_calls_the_paper_a_study_makes_its_models_tested(extractor):
    text = ("Large language models (LLMs) are adept at answering questions. We look at the calibration of quantized "
            "models and find that confidence drops.")
    for title in ("When Does Quantization Affect the Confidence of Large Language Models?",
                  "Confidence in Quantized Language Models: An Empirical Study"):
        mentions = {m.label: m for m in extractor.extract_text(text, title=title)}
        assert mentions["large language model"].role == "evaluates", title
    plain = {m.label: m for m in extractor.extract_text(text, title="Confidence in Quantized Language Models")}
    assert plain["large language model"].role == "uses"
    # a model the study works with stays used
    worked_with = ("We look at the calibration of quantized models, using large language models (LLMs) as "
                   "annotators, and find that confidence drops.")
    mentions = {m.label: m for m in extractor.extract_text(worked_with, title="Does Quantization Hurt Confidence?")}
    assert mentions["large language model"].role == "uses"


def test_capitals_that_spell_an_acronym_are_no_name(extractor):
    result = found(extractor, "We build CREHate, a CRoss-cultural English Hate speech dataset, and test it with "
                              "EVALuation prompts.")
    assert "CRoss" not in result and "EVALuation" not in result


def test_a_way_of_learning_is_used_unless_title_or_topic_name_it(extractor):
    text = "Quadrupeds flip in flight. The control law is trained with a deep RL pipeline and self-supervision."
    mentions = {m.label: m for m in extractor.extract_text(text, title="In-flight attitude control of a quadruped")}
    assert (mentions["deep reinforcement learning"].type, mentions["deep reinforcement learning"].role) == (
        "Method", "uses")
    titled = {m.label: m for m in extractor.extract_text(text, title="Deep reinforcement learning for quadrupeds")}
    assert titled["deep reinforcement learning"].type == "Task"


def test_a_kind_of_thing_only_describes_the_proposal_the_paper_names(extractor):
    mentions = extractor.extract_text("We present a portable bimanual dexterous teleoperation system. It costs "
                                      "little.", title="QuokBot: Cheap teleoperation")
    labels = {m.label: m.role for m in mentions}
    assert labels.get("QuokBot") == "proposes"
    assert not any(label.endswith("teleoperation system") for label in labels)


def test_an_unknown_name_met_in_passing_is_no_statement(extractor):
    result = found(extractor, "We study dialogue breakdowns. These can be caused by noise causing STT "
                              "mistranscriptions. Our detector uses QuillNet to encode audio.")
    assert "STT" not in result
    assert result["QuillNet"] == ("Method", "uses")


def test_one_coined_word_before_the_title_colon_is_the_proposal(extractor):
    def proposed(title: str) -> list[str]:
        return [m.label for m in extractor.extract_text("We detect generated text.", title=title)
                if m.rule == "title-name"]

    assert proposed("Quokkabuster: Detecting Text Written by Machines") == ["Quokkabuster"]
    assert proposed("Purification: Cleaning Data") == [], "an English word is no coined name"
    assert proposed("Learning and Optimisation: a view") == []


def test_what_is_left_for_later_work_is_no_statement(extractor):
    result = found(extractor, "We present QuillSeg for UAV scene parsing and set a new benchmark for future "
                              "developments in semantic segmentation. We hope it helps embodied AI.")
    assert "semantic segmentation" not in result and "embodied AI" not in result
    assert result["QuillSeg"] == ("Method", "proposes")


def test_prior_work_introducing_a_thing_is_no_proposal_but_our_system_designing_a_part_is(extractor):
    result = found(extractor, "Recent work introduces generative shape priors for object mapping, but is limited "
                              "to one category. We propose PriorMapper for object mapping. To cut noise, our "
                              "PriorMapper designs the Depth Data Fixer (DDFixer) to repair depth maps.")
    assert result.get("generative shape priors", ("", ""))[1] != "proposes"
    assert result["PriorMapper"][1] == "proposes"
    assert result["Depth Data Fixer"][1] == "proposes"  # its short form DDFixer an alias


def test_a_baseline_after_a_gerund_the_parser_splits_is_compared_with(extractor):
    result = found(extractor, "We evaluate our approach on robot tasks, with results showing that it outperformed "
                              "the model-based imitation learning KDP by 1.08x.")
    assert result["KDP"] == ("Method", "compares")



def test_a_task_named_as_a_weakness_or_a_cause_is_not_addressed(extractor):
    result = found(extractor, "Recognizing the limitations of VLMs in spatial reasoning, we propose FooDrive for "
                              "autonomous driving. Planning is hard because of the complex constraint satisfaction "
                              "problems.")
    assert "spatial reasoning" not in result and "constraint satisfaction" not in result
    assert result["autonomous driving"] == ("Task", "addresses")


def test_our_stack_built_on_a_known_framework_does_not_make_the_framework_ours(extractor):
    result = found(extractor, "We present FooArm, a soft aerial manipulator. We open source our modern ROS 2 "
                              "software stack. Our FooNet model runs on board.")
    assert result.get("ROS", ("", ""))[1] != "proposes"
    assert result["FooNet"][1] == "proposes"


def test_a_quality_claimed_for_the_method_is_no_concept(extractor):
    result = found(extractor, "We propose FooDAD for Bayesian experimental design. Empirically, FooDAD demonstrates "
                              "superior decision-making compared with current methods.")
    assert "decision-making" not in result


def test_a_second_object_the_parser_hangs_from_the_verb_is_proposed_too(extractor):
    result = found(extractor, "To adapt, our FooGrasp designs the Depth Data Fixer (DDFixer) to mitigate the camera "
                              "noise of real depth maps, and the Feature Booster (FBooster) to enhance real features "
                              "with simulated primitives.")
    assert all(role == "proposes" for _, role in result.values()), result


def test_the_named_parts_of_a_proposal_are_proposed(extractor):
    roles = {m.label: m.role for m in extractor.extract_text(
        "We present QuuxSeg for image harmonization. QuuxSeg consists of two components: a Motion Prior Encoder "
        "(MPE) and a Texture Refiner (TexR). Our framework also comprises a Zeta Fusion Block (ZFB).")}
    assert roles["Motion Prior Encoder"] == roles["Texture Refiner"] == roles["Zeta Fusion Block"] == "proposes"


def test_our_names_joined_by_and_are_both_proposed(extractor):
    roles = {m.label: m.role for m in extractor.extract_text(
        "We disentangle the global boundary alignment and local texture preserving tasks via our GlobalZNet and "
        "LocalZNet modules.")}
    assert roles["GlobalZNet"] == roles["LocalZNet"] == "proposes"


def test_a_proposal_in_a_participle_clause_of_ours(extractor):
    roles = {m.label: m.role for m in extractor.extract_text(
        "We incorporate our label augmentation into the discriminator of a conditional generative adversarial "
        "network (GAN) model, proposing Softlabel-ZGAN.")}
    assert roles["Softlabel-ZGAN"] == "proposes"
    assert roles["generative adversarial network"] == "uses"


def test_what_a_field_serves_in_the_motivation_is_not_addressed(extractor):
    roles = {m.label: m.role for m in extractor.extract_text(
        "Scene flow estimation is a crucial component in the development of autonomous driving, providing "
        "valuable information. Object re-identification plays a critical role in application domains of image "
        "retrieval and multi-object tracking. We propose FooFlow for object tracking.")}
    assert "autonomous driving" not in roles and "multi-object tracking" not in roles
    assert roles["object tracking"] == "addresses"


def test_recent_developments_in_a_field_are_its_topic(extractor):
    roles = {m.label: m.role for m in extractor.extract_text(
        "Recent developments in machine translation have improved performance. We propose FooMT.")}
    assert roles["machine translation"] == "addresses"


def test_the_field_a_paper_works_in_is_addressed(extractor):
    roles = {m.label: m.role for m in extractor.extract_text(
        "The FooFin dataset is designed to serve as a resource for training models in the domain of financial "
        "information extraction. Relation extraction is a fundamental task in the field of information "
        "extraction.")}
    assert roles["information extraction"] == "addresses"


def test_the_models_an_analysis_finds_things_about_are_evaluated(extractor):
    roles = {m.label: m.role for m in extractor.extract_text(
        "However, the ability of language models to plan remains unclear. In this paper, we study whether LLMs "
        "can plan in open-ended worlds. We find that GPT-4 and Claude fail on most tasks, while Mistral-7B "
        "performs even worse. Models struggle with low-resource languages.")}
    assert roles["GPT-4"] == roles["Claude"] == roles["Mistral"] == "evaluates"
    assert roles["low-resource NLP"] == "addresses"  # struggling with it is no use of it
    roles = {m.label: m.role for m in extractor.extract_text(
        "In this work we study summarization of long documents. We make use of PEGASUS-X Transformer models and "
        "observe that both methods lead to similar ROUGE values.")}
    assert roles["Transformer"] == "uses"  # named where it is used, not in the finding


def test_research_directions_a_paper_presents_are_no_proposal(extractor):
    roles = {m.label: m.role for m in extractor.extract_text(
        "We propose FooNet for graph learning. We also present future research directions in MSD.")}
    assert set(roles) == {"FooNet", "graph learning"}


def test_an_everyday_word_given_as_a_name_is_the_proposal(extractor):
    roles = {m.label: m.role for m in extractor.extract_text(
        "To this end, we present a pretraining corpus curation and assessment platform called Lantern, a one-stop "
        "system for data quality improvement.")}
    assert roles == {"Lantern": "proposes"}


def test_a_coined_long_form_the_title_names_is_proposed(extractor):
    roles = {m.label.lower(): m.role for m in extractor.extract_text(
        "This paper proposes a trajectory prediction method with a Sparse Quux-relational Graph Convolutional "
        "Network (SQGCN).", title="Sparse Quux-Relational Graph Convolutional Network for Trajectory Prediction")}
    assert roles["sparse quux-relational graph convolutional network"] == "proposes"


def test_capitalised_words_before_an_acronym_are_its_name(extractor):
    roles = {m.label: m.role for m in extractor.extract_text(
        "Previous methods use first-order Ordinary Differential Equations (ODEs) to model dynamics. This paper "
        "proposes the Agent Graph ODE, a novel approach that models agent interactions.")}
    assert roles["Agent Graph ODE"] == "proposes" and "ODE" not in roles


def test_a_strategy_the_paper_designs_is_a_method_and_a_descriptor_of_a_name_is_no_concept(extractor):
    got = found(extractor, "Additionally, we design a bottom-up proposal generation strategy that mitigates the "
                           "impact of domain discrepancies.")
    assert got["bottom-up proposal generation"] == ("Method", "proposes")
    got = found(extractor, "In this paper, a novel hierarchical neural network with double attention named HDQNet "
                           "is proposed for point cloud registration.")
    assert got["HDQNet"] == ("Method", "proposes") and "hierarchical neural network" not in got


def test_a_known_concept_the_title_names_and_a_kind_of_model_in_a_finding_stay_used(extractor):
    roles = {m.label.lower(): m.role for m in extractor.extract_text(
        "We achieve this via the use of visual foundation models (VFMs) and geometric mapping.",
        title="Quuxraptor: Navigation with Visual Foundation Models")}
    assert roles["visual foundation models"] == "uses"  # not proposed in any sentence
    roles = {m.label: m.role for m in extractor.extract_text(
        "We explore whether policies can be generated by image models. We find that, by lifting actions into "
        "image-space, pre-trained diffusion models can generate policies that outperform visuomotor approaches.")}
    assert roles["diffusion model"] == "uses"


def test_a_name_in_brackets_after_the_proposal_and_the_parts_a_proposal_includes(extractor):
    got = found(extractor, "To address these challenges, we propose a Movie genre Classification method based on "
                           "Language augmentation and shot sampling (Movie-QLIP).")
    assert got["Movie-QLIP"] == ("Method", "proposes")
    got = found(extractor, "We propose a Relationship Layer that includes the Sparse Graph Routing Module (SpGRM). "
                           "To exploit segment-level information, we utilize a segment-level prediction module. "
                           "We apply our proposed flatness-constrained optimization to existing techniques.")
    assert got["Sparse Graph Routing Module"] == ("Method", "proposes")
    assert got["flatness-constrained optimization"] == ("Method", "proposes")
    assert "segment-level prediction" not in got


def test_the_words_before_the_noun_of_a_named_proposal_only_describe_it(extractor):
    got = found(extractor, "To break this dominance, we propose the quokka routing neural tree method, termed "
                           "QuoRo. Unlike previous methods, QuoRo routes samples to many successors.")
    assert got["QuoRo"] == ("Method", "proposes")
    assert not [label for label in got if "routing" in label.lower()]


def test_a_dataset_in_apposition_is_a_dataset_however_it_is_parsed(extractor):
    got = found(extractor, "In this study, we reconstruct night images. To support this research endeavor, we "
                           "introduce QuokkaMD, a comprehensive dataset comprising data from five heterogeneous "
                           "sensors, offering fine spatial resolution and rich spectral information at a national "
                           "scale. Additionally, we present QuokkaSR, a method for super-resolution.")
    assert got["QuokkaMD"] == ("Dataset", "proposes")
    assert got["QuokkaSR"] == ("Method", "proposes")


def test_a_dataset_word_beside_a_defined_acronym_types_it_past_the_brackets(extractor):
    cases = [
        ("This paper introduces QUAIL (QUery Annotated Item Lists), a sentence-level dataset of entities and "
         "relations within the insurance sector.", "QUery Annotated Item Lists", "Dataset"),
        ("We construct and release our evaluation dataset PEWIT (Proverbs Explained With Idiomatic Turns) for "
         "proverb understanding.", "Proverbs Explained With Idiomatic Turns", "Dataset"),
        ("Here, we introduce Q-PARROT (Quux Paragraph-level Analysis of Rhetoric), the first cross-lingual dataset "
         "of rhetorical divergences.", "Q-PARROT", "Dataset"),
        # the brackets skipped, a method stays a method
        ("We propose Quux Routing (QR), a method for sparse experts.", "Quux Routing", "Method"),
    ]
    for text, label, ctype in cases:
        assert found(extractor, text)[label] == (ctype, "proposes"), text


def test_a_title_word_the_abstract_writes_in_small_letters_is_no_name(extractor):
    mentions = extractor.extract_text(
        "We present an empirical study of quuxedness in long-form question answering.",
        title="Quuxedness in Long-form Generation: An Empirical Study")
    assert not [m.label for m in mentions if m.role == "proposes"]
    mentions = extractor.extract_text("We present Quuxedness, a detector of generated text.",
                                      title="Quuxedness in Long-form Generation: A Detector")
    assert [m.label for m in mentions if m.role == "proposes"] == ["Quuxedness"]


def test_the_name_before_a_title_colon_stops_at_for_and_a_dataset_subtitle_types_it(extractor):
    mentions = extractor.extract_text("We annotate court rulings with labels.",
                                      title="QLEX for Judicial Fairness: A Legal Element Extraction Dataset")
    proposed = {m.label: m.type for m in mentions if m.role == "proposes"}
    assert proposed == {"QLEX": "Dataset"}
    mentions = extractor.extract_text("We collect micrographs.", title="QuokRL: Learning Enables Data Collection")
    assert {m.label: m.type for m in mentions if m.role == "proposes"} == {"QuokRL": "Method"}


def test_a_long_form_in_what_a_proposal_is_for_is_not_proposed(extractor):
    mentions = extractor.extract_text(
        "Quokka light (QKL) observation serves as a proxy for progress. In this study, we propose a novel approach "
        "to reconstruct high-resolution QKL images using multimodal remote sensing data.",
        title="QuokLight: Reconstructing Observations of Quokka Light With Remote Sensing Data")
    assert "quokka light" not in {m.label.lower() for m in mentions if m.role == "proposes"}


def test_solvers_listed_after_compared_to_are_compared_and_a_kind_of_solver_is_no_proposal(extractor):
    got = found(extractor, "Modern QRT solvers, such as Quux3, offer strategies to users. We implement our method, "
                           "dubbed Quux3beta, as part of the Quux3 solver. Through extensive evaluations across six "
                           "important logics, Quux3beta demonstrates superior performance compared to the SOTA "
                           "synthesis tool FastQRT, the default Quux3 solver, and the CVQ7 solver on most benchmarks.")
    assert got["Quux3beta"] == ("Method", "proposes")
    assert got["CVQ7"] == ("Method", "compares") and got["FastQRT"] == ("Method", "compares")
    assert got.get("QRT", ("", ""))[1] != "proposes"


def test_what_the_field_is_important_for_is_not_addressed(extractor):
    got = found(extractor, "Fine-grained anomalous cell detection is critical for clinical diagnosis and "
                           "pathological research. We propose QuokSleuth, a framework for anomalous cell detection.")
    assert "medical diagnosis" not in got and "clinical diagnosis" not in got
    got = found(extractor, "We propose QuokSleuth, a framework that is useful for clinical diagnosis.")
    assert "medical diagnosis" in got or "clinical diagnosis" in got  # the paper's own claim of its use


def test_a_name_met_before_that_modifies_the_proposal_is_not_proposed(extractor):
    got = found(extractor, "Diagnoses are conducted through Quokka State Examinations (QSEs). QSEs serve as "
                           "structured assessments. Given the scarcity of datasets, we developed a 12-item "
                           "descriptive QSE questionnaire and collected responses from 405 participants.")
    assert got.get("Quokka State Examinations", ("", ""))[1] != "proposes"


def test_the_items_of_a_colon_list_of_new_benchmarks_are_proposed_datasets(extractor):
    got = found(extractor, "This work presents three new benchmarks: Quux MATE to evaluate models performance on "
                           "mathematical understanding in Italian, Quux ITA to evaluate language understanding in "
                           "Italian and Olimp MATE for more complex mathematical understanding.")
    for name in ("Quux MATE", "Quux ITA", "Olimp MATE"):
        assert got[name] == ("Dataset", "proposes"), name


def test_a_name_others_gave_in_recent_work_is_not_proposed(extractor):
    got = found(extractor, "Recently, a new scheme called Quokka Sampling was developed that incorporated "
                           "stratification. In this paper, we propose value-based abstraction functions for it.")
    assert got.get("Quokka Sampling", ("", ""))[1] != "proposes"
    got = found(extractor, "In this paper, a new scheme called Quokka Sampling is developed.")
    assert got["Quokka Sampling"][1] == "proposes"


def test_a_network_proposed_in_the_passive_is_the_papers_and_a_field_met_before_stays_used(extractor):
    got = found(extractor, "In particular, a novel generative network for time series, namely Quokka-series "
                           "Reconstruction Flows (QRF), is proposed to reconstruct the missing variables.")
    assert got["Quokka-series Reconstruction Flows"] == ("Method", "proposes")
    got = found(extractor, "Multi-view quokka clustering (MvQC) is one of the most effective methods for "
                           "processing data. However, existing MvQC methods have shortcomings. To address these "
                           "issues, in this paper we propose a novel MvQC model with nonconvex regularization.")
    assert got["multi-view quokka clustering"][1] != "proposes"


def test_abbreviations_with_stops_are_no_names_and_a_star_search_is_not_any_search(extractor):
    got = found(extractor, "Using survey data of 258 people in the U.S. Great Plains, we design a new sampler. For "
                           "lifted search-based planners, we show connections to databases.")
    assert "U.S" not in got and "U.S." not in got
    assert "A* search" not in got


def test_what_a_proposal_sentence_refers_to_as_is_proposed(extractor):
    got = found(extractor, "To mitigate this issue, we propose two key ingredients: i) disentangling the learning "
                           "of unimodal features through an intermediate fusion block; ii) modulating the logits of "
                           "different modalities via dynamic coefficients during training to align their "
                           "magnitudes with the target values, referred to as online quokka modulation (OQM).")
    assert got["online quokka modulation"] == ("Method", "proposes")


def test_what_the_paper_measures_itself_against_is_compared(extractor):
    result = found(extractor, "FooProp approximates the performance of QuuxTune with far fewer parameters. "
                              "Our model rivals BarNet and is on par with BazNet. "
                              "It keeps high accuracy, outperforming ZorbNet.")
    assert {result[name][1] for name in ("QuuxTune", "BarNet", "BazNet", "ZorbNet")} == {"compares"}


def test_what_a_paper_compares_is_compared(extractor):
    result = found(extractor, "We propose FooNet for parsing. We compare FooNet to BarNet and BazFormer on treebanks.")
    assert result["FooNet"] == ("Method", "proposes")
    assert result["BarNet"][1] == "compares" and result["BazFormer"][1] == "compares"
    study = found(extractor, "We compare the performance of open models such as QuillLM and OrcaChat-7B against "
                             "encoder models on Bengali tasks.")
    assert study["QuillLM"][1] == "compares" and study["OrcaChat-7B"][1] == "compares"


def test_a_kind_of_method_only_ever_beaten_is_no_use(extractor):
    result = found(extractor, "Our method keeps high accuracy, outperforming existing zorbic compression techniques.")
    assert "zorbic compression" not in result


def test_methods_of_a_task_compared_with_say_which_task_the_paper_addresses(extractor):
    result = found(extractor, "Experiments show that FooCNER performs better compared to existing multi-modal "
                              "Chinese NER methods.")
    assert result["Chinese NER"] == ("Task", "addresses")


def test_a_model_a_benchmark_paper_reports_on_is_evaluated(extractor):
    result = found(extractor, "We introduce QuuxBench, a new benchmark of legal questions. We evaluate twelve "
                              "models on it. FooLM-2 achieves the best score, but all models fail on long contracts.")
    assert result["QuuxBench"] == ("Dataset", "proposes")
    assert result["FooLM-2"] == ("Method", "evaluates")


def test_an_available_dataset_is_no_name(extractor):
    result = found(extractor, "We release a new publicly available dataset of legal questions.")
    assert not any("available" in label for label in result)


def test_what_a_proposal_is_for_is_the_task_addressed(extractor):
    result = found(extractor, "In this paper, we propose FooTS, a novel method for video quuxization that mixes "
                              "segments. We also propose a module for systematic categorization of errors.")
    assert result["FooTS"] == ("Method", "proposes")
    assert result["video quuxization"] == ("Task", "addresses")
    assert "systematic categorization" not in result  # a manner, not a task


def test_what_a_title_is_for_is_the_task_addressed(extractor):
    mentions = extractor.extract_text("We propose FooWarp, which warps residuals. It improves image quuxing on "
                                      "two benchmarks.", title="Learning Residual Warps for Image Quuxing Under Noise")
    assert ("image quuxing", "Task", "addresses") in {(m.label, m.type, m.role) for m in mentions}
    mentions = extractor.extract_text("We propose FooWarp for efficient inference.",
                                      title="Residual Warps for Efficient Inference")
    assert not any(m.rule == "title-purpose" for m in mentions)  # a manner, not a task


def test_a_title_purpose_the_abstract_speaks_of_in_other_words_is_the_task(extractor):
    abstract = ("Modeling quuxonymy is an aid to many tasks. Existing unsupervised methods do not scale. We introduce "
                "FooVE, a simple unsupervised method of quuxonym discovery.")
    mentions = extractor.extract_text(abstract, title="Inclusion Embeddings for Unsupervised Quuxonymy Detection")
    assert ("unsupervised quuxonymy detection", "Task", "addresses") in {(m.label, m.type, m.role) for m in mentions}
    # words the abstract never uses are no purpose of the paper's
    mentions = extractor.extract_text(abstract, title="Inclusion Embeddings for Robust Frobnication Ranking")
    assert not any(m.rule == "title-purpose" for m in mentions)
    # nor is a swollen form of a task the abstract names ('human pose estimation' said, 'semi-supervised' not)
    mentions = extractor.extract_text("We propose FooPose, which selects heatmaps for human pose estimation with few "
                                      "supervised labels.",
                                      title="Selecting Heatmaps for Semi-Supervised Human Pose Estimation")
    assert not any(m.rule == "title-purpose" for m in mentions)
    # a joint purpose names its first task without the word 'joint'
    mentions = extractor.extract_text("We propose FooSpot, a spotter for text quuxing and layout analysis.",
                                      title="Hierarchical Spotter for Joint Text Quuxing and Layout Analysis")
    assert "joint text quuxing" not in {m.label for m in mentions}


def test_versions_variants_and_tricks_name_nothing(extractor):
    result = found(extractor, "We propose robust versions of the estimator. We also develop asynchronous variants "
                              "and several implementation tricks.")
    assert result == {}


def test_a_phrase_headed_by_a_method_or_measure_word_is_no_statement_of_use(extractor):
    result = found(extractor, "We train parameterized quux policies with imputed quux errors on robot arms.")
    assert not any(ctype in {"Method", "Metric"} and role in {"uses", "reports"} for ctype, role in result.values())


def test_a_task_shaped_name_for_the_papers_own_kind_of_method_is_its_proposal(extractor):
    result = found(extractor, "We introduce a novel class of off-policy algorithms, batch-quuxed reinforcement "
                              "learning, which restricts the action space.")
    assert result["batch-quuxed reinforcement learning"] == ("Method", "proposes")
    result = found(extractor, "Our approach is termed as elastic offline RL.")
    assert result["elastic offline RL"] == ("Method", "proposes")


def test_a_name_the_paper_coins_for_its_result_is_its_proposal(extractor):
    result = found(extractor, "We propose a new variant of the QRX methodology, Uncertainty-Aware QRX (UAQRX), "
                              "that separates two sources of uncertainty.")
    assert result["Uncertainty-Aware QRX"] == ("Method", "proposes")
    result = found(extractor, "The resulting architecture, Quux Mesh Neural Network (QMNN), outperforms other "
                              "methods.")
    assert result["Quux Mesh Neural Network"] == ("Method", "proposes")
    result = found(extractor, "We instantiate this idea with a rating system, resulting in the Multi-Quux Rating "
                              "System (MQRS).")
    assert result["Multi-Quux Rating System"] == ("Method", "proposes")


def test_a_name_before_a_common_noun_is_part_of_a_longer_term(extractor):
    result = found(extractor, "A matrix is a product of so-called Quuxens rotations. We model it as an interacting "
                              "Foo-Rao-QKHS gradient flow. We use the ZetaNet backbone.")
    assert "Quuxens" not in result
    assert "Foo-Rao-QKHS" not in result
    assert result["ZetaNet"] == ("Method", "uses")


def test_the_parts_of_a_hyphenated_proposal_name_are_its_own(extractor):
    result = found(extractor, "We propose Q2V-ZIF, which fills the gap by a quux learning module (Q2V) and a zeta "
                              "fusion module (ZIF). Q2V is a data-free module.")
    assert result["Q2V-ZIF"] == ("Method", "proposes")
    assert result["Q2V"] == ("Method", "proposes")


def test_a_given_name_keeps_its_hyphenated_parts(extractor):
    result = found(extractor, "In this paper, we propose a novel graph embedding model, called the Quux-CNNs, that "
                              "stacks ego-convolutions.")
    assert result["Quux-CNNs"] == ("Method", "proposes")
    assert "Quux" not in result


def test_a_kind_of_model_a_proposal_takes_up_is_not_its_part(extractor):
    result = found(extractor, "We propose FooVolver, which incorporates Large Quux Models (LQMs) via a new prompt.")
    assert result["FooVolver"] == ("Method", "proposes")
    assert result["large quux models"] == ("Method", "uses")


def test_a_task_the_paper_sets_itself_apart_from_is_not_addressed(extractor):
    result = found(extractor, "We explore a new threat, namely quux poisoning, which differs from traditional data "
                              "poisoning. Unlike image captioning, our task needs no images.")
    assert "data poisoning" not in result
    assert "image captioning" not in result
    result = found(extractor, "Our quux layer improves robustness against noise and other common corruptions.")
    assert "robustness to natural corruptions" in result  # what a task is against is no comparison


def test_an_example_the_opening_gives_of_a_fields_tasks_is_not_addressed(extractor):
    result = found(extractor, "Proposal generation is a step in vision-language tasks (image captioning, visual "
                              "question answering, etc.). We construct quux graphs for summaries.")
    assert "image captioning" not in result and "visual question answering" not in result
    result = found(extractor, "We propose FooQA. We evaluate on three tasks (image captioning and visual question "
                              "answering). The FooQA module improves unseen tasks (domain generalization).")
    assert result["image captioning"] == ("Task", "addresses")
    assert result["domain generalization"] == ("Task", "addresses")


def test_a_long_form_the_opening_defines_is_not_the_titles_proposal(extractor):
    mentions = extractor.extract_text(
        "Adaptive quux sampling (AQS) algorithms are widely used to approximate expectations. We propose an AQS "
        "algorithm that adapts to heavy tails.", title="Adaptive quux sampling for heavy-tailed distributions")
    assert ("adaptive quux sampling", "proposes") not in {(m.label.lower(), m.role) for m in mentions}
    mentions = extractor.extract_text(
        "Recommendation needs structure. We propose a Sparse Quux Graph Network (SQGN) for it.",
        title="Sparse Quux Graph Network for Recommendation")
    assert ("sparse quux graph network", "proposes") in {(m.label.lower(), m.role) for m in mentions}


def test_a_technique_called_by_name_that_a_proposal_utilizes_is_not_proposed(extractor):
    result = found(extractor, "This paper proposes a method that utilizes a tokenization technique called QuuxPiece "
                              "regularization. We propose a new estimator called FooEst.")
    assert result["FooEst"] == ("Method", "proposes")
    assert not any(role == "proposes" and "Quux" in label for label, (_, role) in result.items())


def test_capitalised_words_joined_by_a_hyphen_before_an_acronym_are_its_name(extractor):
    result = found(extractor, "We design a novel Dual-Quux Framework DQF for the task.")
    assert result["Dual-Quux Framework DQF"] == ("Method", "proposes")


def test_a_method_met_only_in_sentences_about_others_work_is_not_used(extractor):
    result = found(extractor, "We propose QuuxNet, a compact network. Existing approaches learn all parameters and "
                              "then compress them via ad hoc processing such as model pruning. QuuxNet is small.")
    assert "network pruning" not in result  # the background's, neither used nor a baseline
    result = found(extractor, "We propose QuuxNet, a compact network. We compress it with model pruning.")
    assert result["network pruning"] == ("Method", "uses")
    result = found(extractor, "We propose a tracker. Spatial updates are computed using a state-space model that "
                              "uses knowledge of the prior dynamics of the agent.")  # a Bayesian prior, not prior work
    assert result["state space model"] == ("Method", "uses")


def test_what_the_paper_likens_its_work_to_is_not_used(extractor):
    result = found(extractor, "In this perspective, our model can be seen as a hierarchical RL algorithm that learns "
                              "a posterior.")
    assert "hierarchical reinforcement learning" not in result
    result = found(extractor, "Our model can be seen as a quux filter. We train it with hierarchical reinforcement "
                              "learning.")
    assert result["hierarchical reinforcement learning"] == ("Method", "uses")


def test_a_quality_claimed_beside_another_is_not_a_task_addressed(extractor):
    result = found(extractor, "We propose QuuxTraj. Experiments confirm the effectiveness and interpretability of "
                              "our method, showcasing superior generalization and interpretability.")
    assert "model interpretability" not in result
    result = found(extractor, "We propose QuuxTraj for model interpretability.")
    assert result["model interpretability"] == ("Task", "addresses")
    result = found(extractor, "QuuxTraj improves unseen tasks (base-to-novel generalization, domain generalization, "
                              "and cross-dataset generalization).")
    assert result["domain generalization"] == ("Task", "addresses")  # kinds of a quality are tasks


def test_a_task_phrase_the_abstract_calls_a_task_is_addressed(extractor):
    result = found(extractor, "We propose FooCls. We demonstrate this across two non-topical quux classification "
                              "tasks. FooCls improves unseen tasks (base-to-novel quux generalization, and cross-quux "
                              "generalization).")
    assert result["non-topical quux classification"] == ("Task", "addresses")
    assert result["cross-quux generalization"] == ("Task", "addresses")


def test_a_clause_joined_by_and_has_its_own_verb(extractor):
    from kg.extract.lexicon import USE_VERBS
    from kg.extract.roles import engaged
    doc = extractor.nlp("Our algorithm applies to a non-smooth penalty function, and achieves a convergence rate "
                        "for strongly convex functions.")
    functions = next(t for t in doc if t.text == "functions")
    assert not engaged(doc[functions.i - 2 : functions.i + 1], USE_VERBS)  # 'achieves', not 'applies'
    doc = extractor.nlp("We apply strongly convex functions to the problem.")
    functions = next(t for t in doc if t.text == "functions")
    assert engaged(doc[functions.i - 2 : functions.i + 1], USE_VERBS)


def test_we_who_witness_the_field_are_not_the_authors(extractor):
    from kg.extract.background import speaks_of_itself
    doc = extractor.nlp("In recent years, we are seeing considerable interest in dialogue agents with the rise of "
                        "large language models. We propose FooChat, a retrieval-based agent.")
    first, second = list(doc.sents)
    assert not speaks_of_itself(first) and speaks_of_itself(second)


def test_a_way_of_learning_something_is_for_is_addressed(extractor):
    text = ("We study graph Laplacians. Methods based on them, such as Laplacian smoothing, are widely used for "
            "semi-supervised learning (SSL). We propose FooLap, which sparsifies the graph first.")
    assert found(extractor, text)["semi-supervised learning"] == ("Task", "addresses")
    text = "We propose FooLap, which we train with semi-supervised learning on sparse graphs."
    assert found(extractor, text)["semi-supervised learning"] == ("Method", "uses")


def test_a_coined_name_the_abstract_comes_back_to_is_the_papers_own(extractor):
    def roles(text: str) -> dict[str, str]:
        return {m.label: m.role for m in extractor.extract_text(text)}

    text = ("We identify a property that each layer must keep. Based on this, we combine a norm-preserving activation "
            "function, QuuxSort, with constrained weights. Empirically, QuuxSort networks reach tighter bounds.")
    assert roles(text)["QuuxSort"] == "proposes"
    # met once only, or first met in the opening on the field: a name the paper takes up
    assert roles(text.replace("QuuxSort networks", "such networks"))["QuuxSort"] == "uses"
    opening = "QuuxSort is an activation function. " + text.replace("a norm-preserving activation function, ", "")
    assert roles(opening)["QuuxSort"] == "uses"
    # a versioned model's name, or a name in a paper that brings a dataset, is a model the paper tests
    text = ("We introduce QuuxSet, a new dataset for stance detection. On stance detection, the most accurate model "
            "is the fine-tuned QuuxBERT model. Our human evaluation shows that few-shot QuuxBERT gives the best "
            "explanations.")
    assert roles(text)["QuuxBERT"] != "proposes"
    assert roles(text.replace("QuuxBERT", "Quuxa-3-8B").replace("QuuxSet, a new dataset", "a new method"))[
        "Quuxa-3-8B"] != "proposes"


def test_a_method_named_by_its_purpose_is_the_papers_method(extractor):
    text = ("Existing methods learn many prefixes. We propose a method for Analogy-Based Quuxing and Editing (ABQE), "
            "which exploits the similarities between tasks. ABQE achieves the best results in zero-shot reasoning.")
    result = {m.label: (m.type, m.role) for m in extractor.extract_text(text)}
    assert result["Analogy-Based Quuxing and Editing"] == ("Method", "proposes")
    # a task written in small letters is what the method is for
    text = "We propose a method for analogy-based quuxing and editing (ABQE) of images."
    assert {m.label: m.role for m in extractor.extract_text(text)}["analogy-based quuxing and editing"] != "proposes"


def test_a_proposal_verb_joined_to_another_shares_its_object(extractor):
    text = "We introduce and study quux curriculum scheduling (QCS), a new way to select training subsets."
    roles = {m.label.lower(): m.role for m in extractor.extract_text(text)}
    assert roles["quux curriculum scheduling"] == "proposes"


def test_a_part_written_as_a_name_in_the_papers_method_is_its_own(extractor):
    text = ("In this paper, we propose QuuxHarm, a novel method for video harmonization. The method includes the "
            "Temporal Quux Adaptation module, which remaps the background, and the Temporal Quux Aggregation module.")
    roles = {m.label: m.role for m in extractor.extract_text(text)}
    assert roles["Temporal Quux Adaptation module"] == "proposes"
    assert roles["Temporal Quux Aggregation module"] == "proposes"
    text = "We propose QuuxNet for depth completion. It fuses the two views with a Cross-View Quux block."
    assert {m.label: m.role for m in extractor.extract_text(text)}["Cross-View Quux block"] == "proposes"
    text = "Earlier work added a Cross-View Quux block to depth networks. We study when it helps."
    assert {m.label: m.role for m in extractor.extract_text(text)}.get("Cross-View Quux block") != "proposes"
    # a sentence's first words are capitalised anyway; a small-letter phrase is no name
    roles = {m.label: m.role for m in extractor.extract_text("Quux Fusion modules help. We use a quux fusion module.")}
    assert not any("fusion module" in label.lower() for label in roles)


def test_a_method_others_use_and_the_abstract_says_falls_short_is_compared(extractor):
    result = found(extractor, "However, spectral clustering suffers from overlapping clusters. Existing methods "
                              "based on contrastive learning fail to capture fine-grained semantics. We propose "
                              "FooNet, which quuxes features.")
    assert result["spectral clustering"] == ("Method", "compares")
    assert result["contrastive learning"] == ("Method", "compares")
    # what the criticised method works on is not criticised, and a method the paper goes on to use is used
    result = found(extractor, "Fine-tuning vision-language models on video data has shown promise but still requires "
                              "costly training. We propose FooTune, which quuxes prompts of vision-language models.")
    assert result["fine-tuning"] == ("Method", "compares")
    assert result["vision-language model"] == ("Method", "uses")
    result = found(extractor, "However, spectral clustering suffers from overlapping clusters. We propose FooSC, "
                              "which runs spectral clustering on quuxed affinities.")
    assert result["spectral clustering"] == ("Method", "uses")
    # a kind of model, or what the title names, is what the paper improves on, not what it replaces
    result = found(extractor, "However, generative adversarial networks suffer from mode collapse. We propose FooNet.")
    assert result["generative adversarial network"] == ("Method", "uses")
    mentions = extractor.extract_text("Quantile regression is limited by univariate targets. We propose FooQR.",
                                      title="Vector Quantile Regression on Manifolds")
    assert ("quantile regression", "uses") in {(m.label, m.role) for m in mentions}


def test_a_new_item_of_a_list_makes_no_other_item_new(extractor):
    result = found(extractor, "We prune dense layers. We show results on QuuxSet, MNIST and a new dataset of Morse "
                              "code symbols.")
    assert result["QuuxSet"][1] != "proposes"
    result = found(extractor, "We present QuuxNet, a novel network for pruning.")
    assert result["QuuxNet"] == ("Method", "proposes")


def test_what_a_method_is_superior_to_is_compared(extractor):
    result = found(extractor, "We propose QuillNet. Experiments show its superiority to QuarkNet, and QuillNet is "
                              "superior to ZetaFormer on long inputs.")
    assert result["QuarkNet"][1] == "compares"
    assert result["ZetaFormer"][1] == "compares"


def test_what_the_paper_foresees_or_surpasses_the_performance_of(extractor):
    text = ("We propose QuillNet for sequence compression. QuillNet surpasses the performance of QuarkNet. "
            "Our results suggest that QuillNet may be relevant for applications in video compression.")
    result = found(extractor, text)
    assert result["QuarkNet"][1] == "compares"
    assert "video compression" not in result  # named only as where it may serve


def test_the_ways_of_a_known_task_leave_it_a_task(extractor):
    result = found(extractor, "We propose QuillNet. QuillNet outperforms existing anomaly detection methods.")
    assert result["anomaly detection"] == ("Task", "addresses")
    result = found(extractor, "Conventional model compression methods prune networks by hand. We propose QuillNet, "
                              "which learns to prune.")
    assert result["model compression"] == ("Task", "addresses")


def test_names_the_parse_hangs_away_from_the_proposing_verb_are_proposed(extractor):
    cases = {
        # 'namely X' hung on the wrong noun
        "In this study, we propose a novel MoQT learning framework via Self-Supervised Learning, namely QuillSSL, "
        "which aims to uncover latent patterns.": "QuillSSL",
        # a gerund under 'by' takes the subject of the verb it serves
        "In this paper, we focus on solving this problem by introducing ZorpGen4Faces, a plugin to StyleGAN, which "
        "disentangles face attributes.": "ZorpGen4Faces",
        # a name right after the verb that the parser makes no object
        "We present ZR-NLP-TOOLKIT, an open-source natural language processing (NLP) toolkit developed "
        "specifically for modern Greek.":
            "ZR-NLP-TOOLKIT",
        # a proposal's own letters in brackets after what it is based on
        "This paper introduces a novel compression method based on keyword extraction (PZKE) that reduces the "
        "number of prompt tokens.": "PZKE",
        # the kind of thing proposed, a colon, and its name
        "This paper introduces a novel solution to this challenge: the Multi-type App-usage Fusion Network (MAFQ).":
            "MAFQ",
        # one coined word between commas, hung on the object's last noun
        "This work proposes a novel AL strategy for surgery video segmentation, COWQL, COrrelation aWare Active "
        "Learning.": "COWQL",
        # a verb joined to a clause on the setting
        "In this paper, we focus on the scenarios where the transcripts are not available and propose a framework "
        "GMQ-SLU to generate more audios.": "GMQ-SLU",
    }
    for text, name in cases.items():
        result = found(extractor, text)
        assert result.get(name, ("", ""))[1] == "proposes", (name, result)


def test_a_step_introduced_by_a_gerund_is_no_proposal_unless_named(extractor):
    result = found(extractor, "We fix this by introducing a weighting term into the loss. We demonstrate the "
                              "method by designing an optimized heat sink and 3D airfoils.")
    assert not any(role == "proposes" for _, role in result.values()), result


def test_letters_of_other_words_in_a_proposal_sentence_are_not_its_name(extractor):
    result = found(extractor, "We introduce the concept of a differential neural quux machine (dNQM) and show that "
                              "several existing architectures (NTQs, NRQMs) can be described as dNQMs. We propose a "
                              "two-step method to compute the distance in Wasserstein Generative Adversarial "
                              "Networks (WGANs).")
    assert result.get("NTQs", ("", ""))[1] != "proposes"
    assert result.get("WGANs", ("", ""))[1] != "proposes"


def test_a_name_in_apposition_to_the_proposed_thing_is_proposed(extractor):
    result = found(extractor, "By re-training around the errors, the proposed technique, Quellfire, can compress "
                              "weights by up to 496x. Our framework introduces a new class of learners, referred to "
                              "as HyperQTE.")
    assert result["Quellfire"] == ("Method", "proposes")
    assert result["HyperQTE"] == ("Method", "proposes")


def test_a_new_thing_of_the_field_in_a_sentence_on_the_field_is_not_proposed(extractor):
    result = found(extractor, "Large language models may change service industries with a new business model, "
                              "Model-as-a-Quux (MaaQ). We study how to price their queries.")
    assert result.get("Model-as-a-Quux", ("", ""))[1] != "proposes"


def test_a_later_item_of_a_list_after_a_comparison_is_compared(extractor):
    result = found(extractor, "We propose a noise-based regularizer for RNNs. On a language modeling benchmark, our "
                              "method achieves better performance than the deterministic RNN and the variational "
                              "dropout.")
    assert result["variational dropout"] == ("Method", "compares")


def test_a_known_method_under_a_term_word_is_a_baseline_when_compared(extractor):
    result = found(extractor, "We propose FooNet. FooNet is compared with spherical CNNs and achieves higher accuracy.")
    assert result["spherical CNNs"] == ("Method", "compares")


def test_what_the_papers_method_is_an_alternative_to_or_as_good_as_is_compared(extractor):
    result = found(extractor, "We propose FooConv, a scalable and practical alternative to spherical CNNs.")
    assert result["spherical CNNs"] == ("Method", "compares")
    result = found(extractor, "We propose FooGrad. FooGrad is as costly as QuarkProp but converges.")
    assert result["QuarkProp"] == ("Method", "compares")
    result = found(extractor, "We propose FooGrad. FooGrad uses QuarkProp as well as ZetaNorm.")
    assert result["QuarkProp"] == ("Method", "uses")
    assert result["ZetaNorm"] == ("Method", "uses")


def test_what_a_comparison_of_one_thing_sets_it_against_is_compared(extractor):
    result = found(extractor, "In a comparison of the learning dynamics of QuarkNets to standard regularised "
                              "autoencoders, we show that noise acts like weight decay.")
    assert result["regularised autoencoders"] == ("Method", "compares")


def test_tasks_an_opening_gives_as_examples_of_many_tasks_are_not_statements(extractor):
    text = ("Modeling hypernymy is an important aid to many NLP tasks, such as entailment, relation extraction, and "
            "question answering. This paper introduces QuillVec, an embedding of words.")
    result = found(extractor, text)
    assert "relation extraction" not in result
    assert "question answering" not in result
    later = found(extractor, "We propose QuillVec. We evaluate it on tasks such as relation extraction.")
    assert later["relation extraction"] == ("Task", "addresses")
    titled = found(extractor, "Vision-language alignment has been shown to benefit tasks like object recognition and "
                              "detection. We study attribute context in such models.",
                   title="Attribute Context in Vision-Language Models for Object Recognition")
    assert titled["object recognition"] == ("Task", "addresses")


def test_models_a_benchmark_is_built_with_are_used_not_evaluated(extractor):
    result = found(extractor, "We present CharMoral, a new dataset of moral actions. To build CharMoral, we propose a "
                              "four-stage framework utilizing large language models to classify actions.")
    assert result["large language model"] == ("Method", "uses")
    tested = found(extractor, "We present CharMoral, a new dataset of moral actions. We evaluate large language "
                              "models on CharMoral.")
    assert tested["large language model"] == ("Method", "evaluates")


def test_what_the_method_is_out_performing_is_compared_and_a_hyphened_name_stays_whole(extractor):
    result = found(extractor, "We propose QuillSeg. QuillSeg reaches 53.6% PQ on the val set, out-performing the "
                              "modern model, Panoptic FCN, by 9.3% as well as models such as kMaX-DeepLab.")
    assert result["Panoptic FCN"] == ("Method", "compares")
    assert result["kMaX-DeepLab"] == ("Method", "compares")
    assert "DeepLab" not in result  # (a known name inside another's)
    result = found(extractor, "QuillSeg outperforms models such as OrcaLM-2-chat-7B and GPT-3.5.")
    assert "OrcaLM-2-chat-7B" in result and "chat-7B" not in result


def test_a_task_others_dominate_is_the_papers_when_its_title_names_it(extractor):
    text = "In recent years, transformer-based models have dominated panoptic segmentation. We propose QuillSeg."
    assert found(extractor, text, "QuillSeg: A Convolution Model for Panoptic Segmentation")[
        "panoptic segmentation"] == ("Task", "addresses")


def test_a_known_kind_the_title_builds_on_is_evaluated_with_the_variant_the_abstract_evaluates(extractor):
    text = ("We evaluate quux-augmented large language models (QaLLMs) on long questions with a new benchmark. "
            "To improve accuracy, we introduce QuuxFill, a reasoning strategy.")
    roles = {m.label: m.role for m in extractor.extract_text(
        text, title="How Reliable Are Quux-Augmented LLMs? An Evaluation With Long Questions")}
    assert roles["large language model"] == "evaluates"
    assert roles["QuuxFill"] == "proposes"


def test_a_joined_verb_with_a_doer_of_its_own_is_not_the_authors(extractor):
    text = ("We consider a setting where some workers behave arbitrarily, and in this setting, the faulty workers may "
            "create fake quilting minima. We develop QuiltPGD, a robust first-order algorithm.")
    result = found(extractor, text)
    assert result["QuiltPGD"] == ("Method", "proposes")
    assert all(role != "proposes" for label, (_, role) in result.items() if "minima" in label)


def test_a_name_listed_with_known_methods_is_one_of_them(extractor):
    opening = "We provide importance sampling variants of variance reduced algorithms. "
    result = found(extractor, opening + "In particular, we analyze non-convex versions of SVRG, QUILTA and SARAH.")
    assert result["QUILTA"][0] == "Method"
    # alone, the same bare name met in passing is no statement
    assert "QUILTA" not in found(extractor, opening + "In particular, we analyze non-convex versions of QUILTA.")


def test_a_name_made_of_the_proposal_and_a_suffix_is_the_papers_own(extractor):
    text = ("We present a new conformal method, QuiltCP, for quilt sizes. QuiltCP is compatible with two scores, one "
            "for marginal coverage (QuiltCP-ND) and the other for conditional coverage (QuiltCP-HPD).")
    result = found(extractor, text)
    assert result["QuiltCP-ND"] == ("Method", "proposes")
    assert result["QuiltCP-HPD"] == ("Method", "proposes")
    text = ("We present QuiltSyn, a pipeline that adds errors to dialogues. We apply QuiltSyn to the MultiWOZ dataset. "
            "We publish the resulting dataset as QuiltSyn-MultiWOZ.")
    assert found(extractor, text)["QuiltSyn-MultiWOZ"] == ("Dataset", "proposes")


def test_a_name_listed_with_models_the_paper_evaluates_is_evaluated(extractor):
    text = ("Large language models are everywhere. In this paper, we investigate the sensitivity of LLMs, i.e. "
            "GPT-3.5, GPT-4, Gemini, QuiltLM and LLaMA2-7b, to key medical information.")
    result = found(extractor, text)
    assert result["GPT-4"][1] == "evaluates"
    assert result["QuiltLM"] == ("Method", "evaluates")


def test_a_name_listed_with_a_baseline_is_compared_only_in_the_sentence_that_compares(extractor):
    text = ("We show that many networks, such as ResNet, QuuxNet and BarNet, can be read as discretizations of "
            "differential equations. Our network reaches higher accuracy than ResNet on CIFAR-10.")
    result = found(extractor, text)
    assert result["ResNet"][1] == "compares"
    assert result.get("QuuxNet", ("Method", "uses"))[1] != "compares"
    text = "Our network reaches higher accuracy than ResNet, QuuxNet and BarNet on CIFAR-10."
    assert found(extractor, text)["QuuxNet"] == ("Method", "compares")


def test_a_known_method_given_as_an_example_of_a_problem_is_that_problem(extractor):
    text = ("We show that our solver outperforms the state of the art on a variety of machine learning problems, "
            "including cubically regularized least-squares and Poisson regression.")
    assert found(extractor, text)["Poisson regression"][0] == "Task"
    assert found(extractor, "We fit the counts with Poisson regression.")["Poisson regression"][0] == "Method"
    text = ("We propose a set of techniques for sparse reward tasks, including hindsight goal relabeling and "
            "clipped value targets.")  # (names of the paper's own, not known methods: still its proposals)
    assert found(extractor, text)["clipped value targets"] == ("Method", "proposes")


def test_a_long_form_that_is_the_whole_title_is_the_papers_own(extractor):
    # (a long form the field knows: only the title says it is this paper's)
    text = ("We build on deep kernel learning (DKL): a method for learning kernels with neural networks. We develop "
            "additional insights and a new training procedure.")
    result = {m.label.lower(): (m.type, m.role) for m in extractor.extract_text(text, title="Deep Kernel Learning")}
    assert result["deep kernel learning"] == ("Method", "proposes")
    assert found(extractor, text)["deep kernel learning"][1] == "uses"


def test_what_a_method_is_based_on_is_a_method_it_uses(extractor):
    text = "We give an algorithm for finding the parametrization based on sparse regression in the tangent bundle."
    assert found(extractor, text)["sparse regression"] == ("Method", "uses")
    assert found(extractor, "We study sparse regression in high dimensions.")["sparse regression"][0] == "Task"


def test_a_known_method_after_a_name_is_no_twin_task(extractor):
    result = found(extractor, "We design attacks against UCB and Thompson sampling that spend little.")
    assert result["Thompson sampling"][0] == "Method"
    assert not any(ctype == "Task" and "sampling" in label for label, (ctype, _) in result.items())


def test_a_method_whose_aspect_the_authors_study_is_evaluated(extractor):
    assert found(extractor, "We study the convergence of Adam on nonconvex problems.")["Adam"][1] == "evaluates"
    assert found(extractor, "We analyze the vulnerability of UCB to reward poisoning.")["upper confidence bound"][1] \
        == "evaluates"
    assert found(extractor, "We train the network with Adam on nonconvex problems.")["Adam"][1] == "uses"


def test_a_range_of_example_tasks_in_passing_is_not_addressed(extractor):
    text = ("Recurrent networks have done well on many diverse tasks, from machine translation to surgical activity "
            "recognition, yet training them remains difficult. We propose QuuxRNN for long sequences.")
    result = found(extractor, text)
    assert "activity recognition" not in result and "machine translation" not in result
    text = "We propose QuuxRNN and apply it to machine translation, from English to German."
    assert found(extractor, text)["machine translation"] == ("Task", "addresses")


def test_a_method_whose_rate_the_paper_betters_is_compared(extractor):
    text = ("Our sampler converges at a rate better than the best-known rate established for stochastic gradient "
            "Langevin dynamics (SGLD) under similar conditions.")
    assert found(extractor, text)["stochastic gradient Langevin dynamics"] == ("Method", "compares")


def test_what_a_theory_papers_finding_is_about_is_evaluated(extractor):
    text = "We prove that Q-learning with linear function approximation can diverge on simple chains."
    assert found(extractor, text)["Q-learning"] == ("Method", "evaluates")
    text = "We propose QuuxQ, a stable update. We prove that QuuxQ and Q-learning converge on simple chains."
    assert found(extractor, text)["Q-learning"][1] != "evaluates"  # (a paper with a method of its own)


def test_named_models_a_finding_gives_as_examples_are_evaluated(extractor):
    text = ("We show that many effective networks, such as ResNet, ZorbNet and FrabNet, can be interpreted as "
            "discretizations of differential equations.")
    result = found(extractor, text)
    assert result["ZorbNet"] == ("Method", "evaluates")
    assert result["FrabNet"] == ("Method", "evaluates")
    text = "We train networks such as ResNet and ZorbNet, and show that they converge."
    assert found(extractor, text)["ZorbNet"][1] != "evaluates"  # (what the authors train, not what a finding is of)


def test_the_long_form_after_an_acronym_is_what_the_proposal_is_an_alternative_to(extractor):
    text = ("We introduce QuuxPlan, an adaptive alternative to the ZOLP (zeroth-order lookahead planning) algorithm. "
            "Whereas ZOLP needs the range of the rewards, QuuxPlan adapts to it.")
    result = found(extractor, text)
    assert result["QuuxPlan"] == ("Method", "proposes")
    assert result["zeroth-order lookahead planning"] == ("Method", "compares")


def test_a_name_written_in_small_letters_after_a_naming_word_is_the_titles_proposal(extractor):
    text = "We propose an embedding model called quux-representation network to learn a uniform space."
    title = "Quux-Representation Network for Generalized Zero-Shot Learning"
    assert found(extractor, text, title=title)["quux-representation network"] == ("Method", "proposes")
    text = "We propose an embedding model called joint representation network to learn a uniform space."
    title = "Joint Representation Network for Generalized Zero-Shot Learning"
    assert found(extractor, text, title=title)["joint representation network"] == ("Method", "proposes")


def test_a_known_task_narrowed_by_words_of_the_field_is_a_task(extractor):
    result = found(extractor, "We study robust distributed learning over many machines.")
    assert result["robust distributed learning"] == ("Task", "addresses")
    assert "efficient distributed learning" not in found(extractor, "We study efficient distributed learning.")


def test_models_the_paper_gives_benchmark_results_for_are_evaluated(extractor):
    text = ("We establish the benchmark results for three popular LLMs: QuillLM, OrcaChat and ZetaGPT, showing "
            "that they stay below humans.")
    result = found(extractor, text)
    assert {result[name][1] for name in ("QuillLM", "OrcaChat", "ZetaGPT")} == {"evaluates"}
    assert found(extractor, "We use the results of QuillLM as labels.")["QuillLM"][1] != "evaluates"


def test_a_game_a_name_names_is_where_the_paper_tests(extractor):
    text = "Deep reinforcement learning struggles on the card game QuuxZhu. We propose FooDou for it."
    assert found(extractor, text)["QuuxZhu"][0] == "Dataset"


def test_a_problem_the_paper_names_is_addressed_not_proposed(extractor):
    text = "This paper proposes a new problem called quux label-free adaptation in gaze estimation."
    title = "Quux Label-Free Adaptation in Gaze Estimation"
    assert found(extractor, text, title=title)["quux label-free adaptation"] == ("Task", "addresses")
    assert found(extractor, "We introduce a new task called FooQuery, where a model must answer.")["FooQuery"] \
        == ("Task", "addresses")


def test_the_notion_a_paper_introduces_is_its_proposal(extractor):
    text = "We introduce the notion of algebraic quux function and provide a new expression for expected utility."
    assert found(extractor, text)["algebraic quux function"] == ("Method", "proposes")


def test_a_small_letter_in_front_of_an_acronym_stands_for_a_word(extractor):
    text = ("Current methods rely on the iterated conditional Quux Monte Carlo (cQMC) scheme, which uses a Quux Monte "
            "Carlo (QMC) proposal. We propose here replica cQMC, which conditions on other replicas.")
    result = found(extractor, text, title="Replica Conditional Quux Monte Carlo")
    assert result["conditional quux monte carlo"][1] != "proposes"  # (the field's, named where others' work is)
    assert "quux monte carlo" in result  # (the two acronyms stay two concepts)


def test_a_small_word_the_acronym_spells_starts_the_long_form(extractor):
    text = "We propose a method called von Quux-Fisher Experience Resampling (vQFER), which reweights transitions."
    assert found(extractor, text)["von Quux-Fisher Experience Resampling"] == ("Method", "proposes")


def test_attacks_a_defence_stands_against_are_no_baselines(extractor):
    text = "QuuxNet outperforms prior defenses, improving robustness against both black-box and white-box attacks."
    assert found(extractor, text)["white-box attack"][1] != "compares"
    assert found(extractor, "QuuxNet is evaluated against ZetaDefense.")["ZetaDefense"][1] == "compares"


def test_the_names_after_a_colon_that_follow_a_proposed_kind_are_proposed(extractor):
    text = "We propose two new sampling algorithms for one dimension: the QuuxA and FrobB algorithms."
    result = found(extractor, text)
    assert result["QuuxA"] == ("Method", "proposes")
    assert result["FrobB"] == ("Method", "proposes")
    text = "This paper introduces a novel solution to this long-standing challenge: the Quux Fusion Network (QFN)."
    assert found(extractor, text)["Quux Fusion Network"] == ("Method", "proposes")


def test_an_english_word_before_the_title_colon_is_the_proposal_when_the_abstract_writes_it_as_a_name(extractor):
    text = "In this work, we propose Marble, an algorithmic framework for unsupervised learning over large graphs."
    assert found(extractor, text, title="Marble: Iterative Generative Modeling of Graphs")["Marble"] == \
        ("Method", "proposes")
    text = "Marble is a stone. In this work, we propose an algorithmic framework for learning over large graphs."
    assert "Marble" not in found(extractor, text, title="Marble: Iterative Generative Modeling of Graphs")


def test_a_word_in_small_letters_between_a_naming_word_and_a_name_is_part_of_the_name(extractor):
    text = "We design two new algorithms called distributional QuuxTD2 and distributional FrobTDC."
    assert found(extractor, text)["distributional QuuxTD2"] == ("Method", "proposes")


def test_a_phrase_before_the_title_colon_is_no_name(extractor):
    text = "We study the subpopulation shift of QuuxNet classifiers and propose a reweighting of groups."
    for title in ("Mind the GAP: Improving Robustness to Subpopulation Shifts",
                  "Bridging LiDAR Gaps: A Dataset for Segmentation", "THINK VISUALLY: QUESTION ANSWERING",
                  "Faster and Lighter LLMs: A Survey"):
        result = found(extractor, text, title=title)
        assert not [label for label, (_, role) in result.items() if role == "proposes" and label[0].isupper()
                    and label.split()[0] in title], (title, result)
    for title, name in (("ME-Net: Towards Effective Adversarial Robustness", "ME-Net"),
                        ("The Segmented QuuxHMM: A Model", "The Segmented QuuxHMM")):
        assert found(extractor, text, title=title)[name] == ("Method", "proposes")


def test_a_name_the_abstract_calls_a_problem_is_a_task_it_addresses(extractor):
    title = "Best Arm Identification with Resource Constraints"
    text = ("Motivated by cost heterogeneity, we study the Best Arm Identification with Resource Constraints (BAIwRC) "
            "problem. We design and analyze the Successive Halving with Resource Rationing algorithm (SH-RR).")
    result = found(extractor, text, title=title)
    assert result["best arm identification with resource constraints"] == ("Task", "addresses")
    assert result["Successive Halving with Resource Rationing algorithm"] == ("Method", "proposes")


def test_a_long_form_the_title_names_only_as_its_object_is_not_the_papers_own(extractor):
    text = ("We propose a novel and flexible rank-breaking-then-composite-marginal-likelihood (RBCML) framework for "
            "learning random utility models (RUMs), which include the Plackett-Luce model.")
    result = found(extractor, text, title="Composite Marginal Likelihood Methods for Random Utility Models")
    assert result["random utility models"][1] == "uses"
    result = found(extractor, text, title="Random Utility Models")  # (the whole title: the paper's own)
    assert result["random utility models"][1] == "proposes"


def test_what_a_paper_calls_its_own_is_not_what_it_evaluates(extractor):
    text = ("To address the minimum KS problem, we present a new verifiable proof-producing method based on a "
            "combination of a Boolean satisfiability (SAT) solver and a computer algebra system (CAS). We show that "
            "our sequential and parallel Cube-and-Conquer (CnC) SAT+CAS methods are significantly faster than "
            "SAT-only, CAS-only, and a prior CAS-based method.")
    assert found(extractor, text)["SAT+CAS"] == ("Method", "uses")
    text = "We show that our FooBar methods are significantly faster than prior methods."  # (no verb of proposal)
    assert found(extractor, text)["FooBar"][1] != "evaluates"


def test_a_known_method_grown_by_its_words_is_a_baseline_when_beaten(extractor):
    text = ("Experiments show that overlapping transformations outperform other recent continuous relaxations of "
            "discrete latent variables including Gumbel-Softmax, and discrete variational autoencoders.")
    assert found(extractor, text)["discrete variational autoencoders"] == ("Method", "compares")


def test_what_an_attack_is_aimed_at_is_studied_not_beaten(extractor):
    text = "I design attack strategies against UCB and Thompson Sampling that only spend little cost."
    result = found(extractor, text)
    assert result["upper confidence bound"][1] == result["Thompson sampling"][1] == "evaluates"
    assert found(extractor, "Our method outperforms PGD against ResNet baselines.")["ResNet"][1] == "compares"


def test_a_name_set_beside_the_word_task_is_a_task(extractor):
    text = "We propose FooBar, a new task that requires models to reason over tables. We also propose BazNet for it."
    result = found(extractor, text)
    assert result["FooBar"] == ("Task", "addresses") and result["BazNet"] == ("Method", "proposes")


def test_a_title_that_says_the_paper_tests_models_makes_the_models_it_names_evaluated(extractor):
    text = ("Large language models are widely deployed. Our experiments with QuillLM-2 and OrcaChat show that both "
            "lag far behind humans on quux puzzles.")
    title = "Evaluating LLMs' Skill at Quux Puzzles"
    result = found(extractor, text, title)
    assert result["QuillLM-2"] == ("Method", "evaluates")
    assert result["OrcaChat"] == ("Method", "evaluates")
    assert found(extractor, text, "A Systematic Comparison of Quux Puzzle Solvers")["QuillLM-2"][1] == "evaluates"
    # without such a title, or in a paper with a method of its own, they are what the paper works with
    assert found(extractor, text, "Quux Puzzles at Scale")["QuillLM-2"][1] != "evaluates"
    own = found(extractor, text + " We propose QuuxFill, a new prompting method that closes the gap.", title)
    assert own["QuuxFill"] == ("Method", "proposes")
    assert own["QuillLM-2"][1] != "evaluates"


def test_a_description_in_apposition_leaves_the_proposal_its_name(extractor):
    text = "We introduce the Quux-Aware Graph Folding (QAGF) algorithm, a semi-supervised approach to clustering."
    assert found(extractor, text)["Quux-Aware Graph Folding"] == ("Method", "proposes")


def test_a_known_name_the_authors_propose_by_that_name_is_proposed(extractor):
    assert found(extractor, "We propose Adam, an algorithm for first-order optimization.")["Adam"][1] == "proposes"
    assert found(extractor, "We introduce Adam into the training of quux models.")["Adam"][1] != "proposes"
    assert found(extractor, "We propose a variant of Adam for quux models.")["Adam"][1] != "proposes"


def test_a_variant_of_a_name_is_proposed_by_its_whole_name(extractor):
    result = found(extractor, "In the control setting, we propose the distributional QuuxGQ by one derivation.")
    assert result == {"distributional QuuxGQ": ("Method", "proposes")}
    assert found(extractor, "We propose quantized BERT, which runs fast.") == {"quantized BERT": ("Method", "proposes")}
    # (not the words of a coined name in capitals, nor a word of kind)
    text = "To fill this gap, we introduce QRMA, the Unified Quux Morphology Architecture."
    assert "Quux Morphology Architecture" not in found(extractor, text)
    assert found(extractor, "We present a data selection module NegFilter.")["NegFilter"] == ("Method", "proposes")
    assert found(extractor, "We present a simple BERT baseline.")["BERT"][1] != "proposes"


def test_a_name_listed_beside_a_compared_name_is_compared_too(extractor):
    text = "We propose QuuxNet, a new detector. QuuxNet easily outperforms existing baselines (e.g., RPN, ZorbNet)."
    result = found(extractor, text)
    assert result["ZorbNet"] == ("Method", "compares")


def test_what_the_paper_compares_its_own_with_is_compared(extractor):
    text = "We propose QuuxNet, a new detector. Finally, we compare our approach with the strong ZorbNet architecture."
    assert found(extractor, text)["ZorbNet"] == ("Method", "compares")


def test_a_name_the_authors_define_with_letters_is_proposed(extractor):
    text = "As an antidote, we define Quuxised Additive Blends (QABs), a piecewise linear approximation."
    assert found(extractor, text)["Quuxised Additive Blends"] == ("Method", "proposes")
    # (not a plain notion the authors define)
    assert all(role != "proposes" for _, role in found(extractor, "We define the zorb regret of a policy.").values())


def test_a_part_given_letters_in_the_proposal_is_proposed(extractor):
    text = "We propose an editing model with a Quux Information Removal module (QIR) that erases colour."
    assert found(extractor, text)["Quux Information Removal module"] == ("Method", "proposes")
    # (a named method the proposal is merely built with stays used)
    text = "We propose a new editing model with QuuxLoRA, which extends the context window."
    assert found(extractor, text)["QuuxLoRA"] == ("Method", "uses")
    # (a relative clause the parser hangs on the task after the method still says what the method is made of)
    text = ("We propose a novel zorb alignment method for UDA in image classification, which consists of a Union "
            "Quux Contrastive Learning (UQCL) module and a Multi-view Zorb Alignment (MZA) strategy.")
    assert found(extractor, text)["Union Quux Contrastive Learning"] == ("Method", "proposes")


def test_a_proposal_passive_in_the_opening_is_the_fields(extractor):
    text = "Variational QuuxNets are proposed to output creative sequences. In this paper we study their limits."
    assert all(role != "proposes" for _, role in found(extractor, text).values())
    text = "A probabilistic zorb framework, QuuxPF, is developed to analyze networks. Our framework models growth."
    assert found(extractor, text)["QuuxPF"] == ("Method", "proposes")


def test_this_paper_presents_when_the_parser_gives_the_verb_no_subject():
    import spacy
    from spacy.tokens import Doc

    from kg.extract.roles import _is_author_subject

    vocab = spacy.blank("en").vocab

    def parsed(first: str, dep: str, pos: str) -> Doc:
        """'<first> paper presents QUUXLY ZORBS.', as the parser read 'This paper presents FOO BAR (FB), ...':
        'paper' modifies the verb, which has no subject."""
        return Doc(vocab, words=[first, "paper", "presents", "QUUXLY", "ZORBS", "."], heads=[2, 2, 2, 4, 2, 2],
                   deps=[dep, "compound", "ROOT", "compound", "dobj", "punct"],
                   pos=[pos, "NOUN", "VERB", "PROPN", "PROPN", "PUNCT"])

    assert _is_author_subject(parsed("This", "det", "DET")[2])
    assert not _is_author_subject(parsed("Recent", "amod", "ADJ")[2])


def test_letters_of_what_the_proposal_is_for_are_not_its_name(extractor):
    text = ("This paper presents QuuxBench, a comprehensive benchmark designed to evaluate Comparative Zorb "
            "Answering (CompZA) systems.")
    assert found(extractor, text)["comparative zorb answering"] == ("Task", "addresses")
    text = "We present a novel approach to enhance long-range dependencies in ABSA (QuuxForGCN)."
    assert found(extractor, text)["QuuxForGCN"] == ("Method", "proposes")


def test_a_proposal_called_a_dataset_or_benchmark_is_a_dataset(extractor):
    text = ("Additionally, we construct the QuuxAgent Dataset, which collects screenshots and action sequences. "
            "To answer this question, we constructed Zorb-to-Tail, a benchmark that consists of 18K question pairs. "
            "We propose ZorbNet, a network for detection.")
    result = found(extractor, text)
    assert result["QuuxAgent Dataset"] == ("Dataset", "proposes")
    assert result["Zorb-to-Tail"] == ("Dataset", "proposes")
    assert result["ZorbNet"] == ("Method", "proposes")


def test_the_own_name_written_with_a_hyphen_and_a_kind_is_a_variant_of_its_own(extractor):
    text = ("We propose Zorb-Timeformer, a transformer for long sequence forecasting. The Zorb-Timeformer model "
            "demonstrates state-of-the-art performance on various real-world datasets.")
    assert found(extractor, text)["Zorb-Timeformer model"] == ("Method", "proposes")


def test_a_component_named_in_capitals_with_letters_in_a_paper_that_proposes_is_its_own(extractor):
    text = ("We propose ZorbGT for traffic forecasting. The ZorbGT has two key components: Variational Quux Encoder "
            "(VQE) and Gaussian Zorb Encoder (GZE). We apply the residual-in-residual quux block (RRQB) too.")
    result = found(extractor, text)
    assert result["Variational Quux Encoder"] == ("Method", "proposes")
    assert result["Gaussian Zorb Encoder"] == ("Method", "proposes")
    assert result["residual-in-residual quux block"] == ("Method", "uses")
    # (not in a paper that proposes nothing)
    text = "The Variational Quux Encoder (VQE) is widely used for traffic forecasting."
    assert found(extractor, text).get("variational quux encoder", ("Method", "uses"))[1] != "proposes"


def test_a_name_right_after_the_verb_whose_object_the_parser_starts_inside_it(extractor):
    text = "We propose Ranking Loss based Knowledge Distillation (RLKD), which works."
    assert found(extractor, text)["RLKD"] == ("Method", "proposes")


def test_examples_of_a_means_after_a_comparison_are_not_baselines(extractor):
    text = ("We introduce QuillPress, a compression technique that outperforms recent compression techniques by "
            "leveraging the repeated structure of deep networks (e.g., BorealNet).")
    assert found(extractor, text).get("BorealNet", ("", ""))[1] != "compares"
    text = "QuillPress outperforms expressive from-scratch imitation learning methods such as KappaPolicy."
    assert found(extractor, text)["KappaPolicy"][1] == "compares"


def test_a_method_held_by_a_without_phrase_further_off_is_negated(extractor):
    text = ("We show that deep networks regularise themselves, even in the absence of specifying traditional forms "
            "of regularization, such as QuiltDrop or BorealNorm.")
    result = found(extractor, text)
    assert "QuiltDrop" not in result
    assert "BorealNorm" not in result


def test_a_measure_the_paper_keeps_without_losing_it_is_reported(extractor):
    text = ("QuillPress halves the memory of the model. Experiments show that QuillPress reduces memory by half "
            "without sacrificing accuracy on ImageNet.")
    assert found(extractor, text)["accuracy"] == ("Metric", "reports")


def test_a_task_done_by_means_of_a_method_is_a_method(extractor):
    text = "We propose variance reduction by means of Quasi-Monte Carlo (QMC) sampling."
    assert found(extractor, text)["quasi-monte carlo sampling"][0] == "Method"


def test_methods_a_finding_likens_to_something_else_are_analysed_in_a_paper_that_proposes(extractor):
    # (two architectures the gazetteer knows)
    text = ("We show that many effective networks, such as ResNet and DenseNet, can be interpreted as "
            "discretizations of differential equations. We propose a novel architecture, ZephyrNet, for this.")
    result = found(extractor, text)
    assert result["ZephyrNet"][1] == "proposes"
    assert result["ResNet"] == ("Method", "evaluates")
    assert result["DenseNet"] == ("Method", "evaluates")


def test_methods_a_finding_finds_falling_short_are_tested_in_a_paper_that_proposes(extractor):
    text = ("We show that popular models such as DenseNet perform poorly on shifted data, and we present a novel "
            "architecture, ZephyrNet, that generalizes.")
    result = found(extractor, text)
    assert result["ZephyrNet"][1] == "proposes"
    assert result["DenseNet"] == ("Method", "evaluates")
