"""Each extraction rule pinned on sentences written for these tests."""

from __future__ import annotations

import pytest

from kg.extract.acronyms import best_long_form, capitals_long_form, initials_long_form


def found(extractor, text: str, title: str = "") -> dict[str, tuple[str, str]]:
    """label -> (type, role) of everything extracted from `text`."""
    return {m.label: (m.type, m.role) for m in extractor.extract_text(text, title=title)}


def test_propose_pattern_names_the_proposal_and_its_task(extractor):
    result = found(extractor, "We propose QuillNet, a novel architecture for handwritten music transcription.")
    assert result["QuillNet"] == ("Method", "proposes")
    assert result["handwritten music transcription"] == ("Task", "addresses")


def test_naming_verbs_mark_a_proposal(extractor):
    result = found(extractor, "In this work we design a sparse routing layer, dubbed ZephyrMix, for large models.")
    assert result["ZephyrMix"][1] == "proposes"


def test_descriptor_of_a_named_proposal_is_not_a_concept(extractor):
    result = found(extractor, "We introduce a new gradient-free estimator, OrbitGrad, which scales linearly.")
    assert result["OrbitGrad"][1] == "proposes"
    assert not any("estimator" in label for label in result)


def test_unnamed_proposal_is_the_object_phrase(extractor):
    result = found(extractor, "We introduce a two-stage contrastive objective that aligns audio and text.")
    assert result["two-stage contrastive objective"][1] == "proposes"


def test_listed_proposals_after_a_container(extractor):
    text = ("We propose a set of techniques for sparse reward tasks, including hindsight goal relabeling, "
            "annealed entropy bonuses, and clipped value targets.")
    proposed = {label for label, (_, role) in found(extractor, text).items() if role == "proposes"}
    assert {"hindsight goal relabeling", "annealed entropy bonuses", "clipped value targets"} <= proposed


def test_title_before_colon_is_proposed(extractor):
    result = found(extractor, "We study sparse attention. It runs fast.", title="SwiftAttn: Sparse Attention at Scale")
    assert result["SwiftAttn"][1] == "proposes"
    result = found(extractor, "We study sparse attention. It runs fast.",
                   title="SwiftAttn -- Sparse Attention at Scale")
    assert result["SwiftAttn"][1] == "proposes"  # a dash between spaces parts a title as a colon does
    assert "Swift-Attn" not in found(extractor, "We study sparse attention.", title="Swift-Attn Sparse Attention")
    result = found(extractor, "We propose QuuxM to score how images follow prompts.",
                   title="QuuxM - A Metric for Alignment")
    assert result["QuuxM"] == ("Metric", "proposes")  # the kind the words after the break name


def test_acronym_definition_gives_one_concept_with_both_forms(extractor):
    mentions = extractor.extract_text(
        "Spiking neural networks (SNNs) are energy efficient. We train SNNs with surrogate gradients.")
    snn = next(m for m in mentions if m.label.lower().startswith("spiking neural network"))
    assert "SNNs" in snn.aliases
    assert len(snn.evidence) == 2  # the later bare acronym is the same concept


def test_a_known_name_that_holds_a_defined_acronym_stays_that_name(extractor):
    text = ("Stochastic gradient descent (SGD) is the workhorse of training. We study momentum SGD and show that "
            "the Kullback-Leibler (KL) penalty lowers the KL divergence by half.")
    result = found(extractor, text)
    assert result["momentum SGD"][0] == "Method"
    assert result["Kullback-Leibler divergence"][0] == "Metric"
    sgd = next(m for m in extractor.extract_text(text) if m.label.lower() == "stochastic gradient descent")
    assert len(sgd.evidence) == 1  # 'momentum SGD' is not one more mention of SGD


def test_a_word_the_short_form_spells_out_is_part_of_the_long_form(extractor):
    result = found(extractor, "Two branches emerged: blind super-resolution (blind-SR) and arbitrary-scale "
                              "super-resolution (ASSR). We propose FooSR for blind-SR.")
    assert result["blind super-resolution"][0] == "Task"
    assert "image super-resolution" not in result  # blind super-resolution is a task of its own


def test_acronym_in_front_of_its_long_form(extractor):
    mentions = extractor.extract_text("We compare against HMC (Hamiltonian Monte Carlo) on sampling benchmarks.")
    assert any("Hamiltonian Monte Carlo" in [m.label, *m.aliases] for m in mentions)


@pytest.mark.parametrize(("short", "long", "expected"), [
    ("CNN", "we use a convolutional neural network", "convolutional neural network"),
    ("GAN", "generative adversarial network", "generative adversarial network"),
    ("XYZ", "something unrelated", None),
])
def test_schwartz_hearst_long_form(short, long, expected):
    start = best_long_form(short, long)
    assert (long[start:] if start is not None else None) == expected


def test_initials_beat_letter_matching_on_repeated_letters():
    text = "the classic Input-Independent Indistinguishability"
    assert text[initials_long_form("III", text):] == "Input-Independent Indistinguishability"


def test_capitals_inside_words_spell_a_long_form():
    text = "a method named Dual-view distribution AligNment for dataset CondEnsation"
    assert text[capitals_long_form("DANCE", text):] == "Dual-view distribution AligNment for dataset CondEnsation"
    assert capitals_long_form("GNNs", "Graph Neural Networks") is None  # not all capitals: the initials' case
    assert capitals_long_form("DANCE", "a dance for distribution alignment") is None
    assert capitals_long_form("SLAM", "the DP-SLAM algorithm for localization and mapping") is None


@pytest.mark.parametrize(("sentence", "pair"), [
    ("We introduce the Minimax Combinatorial Successive Accepts and Rejects (Minimax-CombSAR) algorithm.",
     ("Minimax-CombSAR", "Minimax Combinatorial Successive Accepts and Rejects")),
    ("We introduce GroUSE (Grounded QA Unitary Scoring of Evaluators), a benchmark of 144 unit tests.",
     ("GroUSE", "Grounded QA Unitary Scoring of Evaluators")),
    ("We propose a method named Dual-view distribution AligNment for dataset CondEnsation (DANCE).",
     ("DANCE", "Dual-view distribution AligNment for dataset CondEnsation")),
    ("Our proposed method, Text-to-Image Models for Counterfactual Explanations (TIME), is a black-box technique.",
     ("TIME", "Text-to-Image Models for Counterfactual Explanations")),  # the window opens at a word's start
    ("We propose On-the-fly Keyword Generation (OKG) for retrieval.", ("OKG", "On-the-fly Keyword Generation")),
])
def test_acronyms_of_names_in_mixed_case_or_joined_by_a_hyphen(extractor, sentence, pair):
    doc = extractor.nlp(sentence)
    assert pair in [(short.text, long.text) for short, long in doc._.kg_acronyms]


def test_a_name_with_small_joining_words_after_the_proposed_object_is_the_proposal(extractor):
    text = ("We introduce a simple but effective attack strategy, Navigation as Wish (NAW), in which the malicious "
            "client manipulates local trajectory data.")
    assert found(extractor, text)["Navigation as Wish"] == ("Method", "proposes")


def test_a_name_in_mixed_case_is_not_defined_by_any_bracket_after_it(extractor):
    doc = extractor.nlp("We train FooNet (with the default settings) and ResNet (residual network).")
    assert [(short.text, long.text) for short, long in doc._.kg_acronyms] == [("ResNet", "residual network")]


def test_gazetteer_hits_are_typed(extractor):
    result = found(extractor, "We evaluate on ImageNet and CIFAR-10 and report top-1 accuracy.")
    assert result["ImageNet"][0] == "Dataset"
    assert result["CIFAR-10"][0] == "Dataset"
    assert any(ctype == "Metric" for ctype, _ in result.values())


def test_case_rules_keep_acronyms_apart_from_words(extractor):
    result = found(extractor, "The same idea was tested with the same budget and a clip of the data.")
    assert not result  # neither SAM nor CLIP


def test_near_names_stay_apart(extractor):
    result = found(extractor, "We evaluate on CIFAR-10 and CIFAR-100 and compare GPT-4 with GPT-4o.")
    assert {"CIFAR-10", "CIFAR-100", "GPT-4", "GPT-4o"} <= set(result)


def test_comparison_cues_mark_baselines(extractor):
    text = "Our model, BrioNet, outperforms RoBERTa and is faster than XLNet on GLUE."
    result = found(extractor, text)
    assert result["BrioNet"][1] == "proposes"
    assert result["RoBERTa"][1] == "compares"
    assert result["XLNet"][1] == "compares"
    assert result["GLUE"] == ("Dataset", "evaluated_on")


def test_generic_phrases_never_become_concepts(extractor):
    text = ("Our method outperforms existing approaches and state-of-the-art methods. Experiments show that the "
            "proposed framework improves performance over the baseline model.")
    assert found(extractor, text) == {}


def test_coordinated_tasks_share_their_head(extractor):
    result = found(extractor, "Transformers excel at node and edge classification.")
    assert result["node classification"][0] == "Task"
    assert result["edge classification"][0] == "Task"


def test_coordinated_methods_the_gazetteer_knows_stay_methods(extractor):
    result = found(extractor, "Our objective unifies score and flow matching for inferring stochastic dynamics.")
    assert result["score matching"][0] == "Method"
    assert result["flow matching"][0] == "Method"


def test_task_inside_a_method_compound(extractor):
    result = found(extractor, "We present a fast point cloud registration algorithm, RegiFast.")
    assert result["point cloud registration"] == ("Task", "addresses")


def test_nominalised_task(extractor):
    result = found(extractor, "This enables the estimation of covariance matrices from few samples.")
    assert result["covariance matrices estimation"][0] == "Task"


def test_based_on_a_known_concept(extractor):
    result = found(extractor, "Unlike transformer-based models, our recurrent design needs little memory.")
    assert any(ctype == "Method" and "ransformer" in label for label, (ctype, _) in result.items())


def test_evidence_offsets_point_at_the_sentence(extractor):
    text = "Speech is hard. We propose EchoNet, a novel model for speech enhancement."
    echo = next(m for m in extractor.extract_text(text) if m.label == "EchoNet")
    evidence = echo.evidence[0]
    assert text[evidence.start:evidence.end] == evidence.sentence
    assert "EchoNet" in evidence.sentence
    assert 0 < echo.confidence <= 1


def test_confidence_ranks_definitions_above_bare_phrases(extractor):
    mentions = {m.label: m for m in extractor.extract_text(
        "We propose VexNet for image denoising. Residual blocks with learned gating are used.")}
    assert mentions["VexNet"].confidence > mentions["residual blocks"].confidence


def test_a_name_written_in_capital_words_is_one_name(extractor):
    result = found(extractor, "We present OPEN GARDEN, a new teleoperation system. OPEN GARDEN runs at 90Hz. We "
                              "compare CNN LSTM models.", "OPEN GARDEN: A Versatile Teleoperation System")
    assert result["OPEN GARDEN"] == ("Method", "proposes")
    assert "OPEN" not in result and "GARDEN" not in result
    assert "convolutional neural network" in result and "long short-term memory" in result  # acronyms stay apart


def test_a_word_between_commas_after_our_method_is_its_name(extractor):
    result = found(extractor, "We introduce a new meta-algorithm that hardens a base learner. Our method, Sever, "
                              "needs only one singular vector. We apply Sever on two datasets.")
    assert result["Sever"] == ("Method", "proposes")
    assert "meta-algorithm" not in result  # what kind of thing Sever is
    result = found(extractor, "Our method, Markov chains and kernels, needs only one singular vector.")
    assert "Markov" not in result


def test_a_known_task_the_title_names_is_addressed(extractor):
    result = found(extractor, "We propose FooIRL, which learns rewards from demonstrations.",
                   "FooIRL: Contrastive IRL for Trajectory Prediction with Deep Reinforcement Learning")
    assert result["trajectory prediction"] == ("Task", "addresses")
    # a way of learning the title names: the setting the paper works in, not the problem it addresses
    assert result["deep reinforcement learning"] == ("Method", "uses")
    assert "trajectory prediction" not in found(extractor, "We propose FooIRL, which learns rewards.",
                                                "FooIRL: Contrastive Learning of Rewards")


def test_a_way_of_learning_a_title_leads_with_and_then_names_its_means_is_the_problem(extractor):
    result = found(extractor, "We study labels. We show results.", "Semi-Supervised Learning via Network Inversion")
    assert result["semi-supervised learning"] == ("Task", "addresses")
    result = found(extractor, "We study labels. We show results.", "Beyond Supervised Learning: Foo Is All You Need")
    assert "supervised learning" not in result  # what the paper moves away from


def test_adjacent_camel_case_words_are_one_name(extractor):
    result = found(extractor, "We introduce a large-scale MultiModal ChartInstruction dataset of 600k instances.")
    assert "MultiModal ChartInstruction" in result and "MultiModal" not in result


def test_markdown_emphasis_and_a_missing_space_make_no_name(extractor):
    result = found(extractor, "We summarize prior sampling methods into one, dubbed *Most Implied Frames* (MIF). "
                              "We evaluate the variants on a collection ofLLMs under various prompting settings.")
    assert "Most Implied Frames" in result and not any("*" in label for label in result)
    assert "ofLLMs" not in result


def test_a_later_sentence_says_what_a_name_is(extractor):
    got = found(extractor, "FooNet achieves state-of-the-art results for LiDAR segmentation on QuuxKITTI. "
                           "FooNet also reaches state-of-the-art results on both QuuxKITTI and SemanticKITTI.")
    assert got["QuuxKITTI"][0] == "Dataset"


def test_names_after_on_in_a_results_sentence_are_datasets_however_parsed(extractor):
    got = found(extractor, "Our method significantly improves the counting accuracy of two recent few-shot "
                           "counting models on ZorbA147 and QUUXPK. We also report gains in terms of MAREX.")
    assert got["ZorbA147"][0] == "Dataset" and got["QUUXPK"][0] == "Dataset"
    assert got["MAREX"][0] == "Metric"


def test_a_list_of_versioned_names_is_a_list_of_datasets(extractor):
    got = found(extractor, "Evaluations on VisQuux v1.0, VisQuux v0.9, VisQuuxConv, and QuuxPro show that our "
                           "model achieves new state-of-the-art results.")
    assert got["VisQuuxConv"][0] == "Dataset" and got["QuuxPro"][0] == "Dataset"


def test_placeholders_and_state_of_the_art_are_no_names(extractor):
    got = found(extractor, "We evaluated the proposed approach on XXX and reach SotA performance with FooNet. "
                           "It serves these technologies.\\nTo this end we use BarNet.")
    assert "XXX" not in got and "SotA" not in got
    assert "BarNet" in got and not any("technologies" in label for label in got)


def test_capitals_that_spell_an_acronym_make_no_name(extractor):
    got = found(extractor, "We propose a self-supervised approach named ZARNIQA (leArning distoRtion maNifold "
                           "for Image Quality Assessment) for modeling the image distortion manifold.")
    assert got["ZARNIQA"] == ("Method", "proposes")  # an acronym ending in QA is not a QA dataset
    assert not {"leArning", "distoRtion", "maNifold"} & set(got)
    got = found(extractor, "The resulting deep VQA methods (for both full reference and no reference scenarios), "
                           "FR- and NR-QuokDVQA, exhibit consistently higher correlation with perceptual quality.")
    assert got["NR-QuokDVQA"][0] == "Method"


def test_a_parenthesised_list_of_names_after_datasets(extractor):
    got = found(extractor, "Extensive experiments with three datasets (70Salads, Breakfast, QTEAZ) show that "
                           "our method competes with the state of the art.")
    assert got["QTEAZ"][0] == "Dataset"


def test_raw_and_srgb_images_are_data(extractor):
    got = found(extractor, "The image signal processor transforms the RAW sensor image into an sRGB image.")
    assert "RAW" not in got and "sRGB" not in got


def test_conditions_machines_and_kinds_of_imagery_are_no_methods(extractor):
    got = found(extractor, "Diabetic retinopathy (DR) is among the leading causes of visual impairment. Unmanned "
                           "aerial vehicles (UAVs) are widely used for image acquisition. This paper focuses on "
                           "navigation from long-wave hyperspectral imagery (HSI). We propose FooDR for grading.")
    assert set(got) == {"FooDR"}


def test_names_with_capitals_inside_an_everyday_word_stay_names(extractor):
    got = found(extractor, "We present TiGEr, and compare it with RoBERTa and LoCal.")
    assert {"TiGEr", "RoBERTa", "LoCal"} <= set(got)


def test_the_subject_after_a_comma_is_not_listed_with_the_datasets_before(extractor):
    got = found(extractor, "We propose a solution, QVG, for UI grounding. Due to the scarcity of UI datasets, QVG "
                           "integrates synthetic data in its training.")
    assert got["QVG"] == ("Method", "proposes")


def test_a_measure_the_training_minimises_is_no_reported_metric(extractor):
    text = ("We revisit FitNets, which simply minimizes the mean squared error (MSE) loss between the teacher and "
            "student. The Gaussians are then used for formulating an adversarial loss based on a Frechet distance.")
    got = found(extractor, text)
    assert not any(ctype == "Metric" for ctype, _ in got.values())
    got = found(extractor, text + " Our FooNet lowers the mean squared error by 10% and the Frechet distance by 3.")
    assert got["mean squared error"] == ("Metric", "reports") and got["Fréchet distance"] == ("Metric", "reports")
    got = found(extractor, "However, traditional PCA methods treat each sample equally. Specifically, our method "
                           "weights the reconstruction error of individual samples to reduce the influence of "
                           "outliers. Consequently, our method achieves higher recognition accuracy on benchmarks.")
    assert "reconstruction error" not in got


def test_everyday_words_in_ing_and_decision_making_are_no_methods(extractor):
    got = found(extractor, "Accurate phenotypic analysis in aquaculture breeding necessitates quantification. The "
                           "graph is used for information exchange between agents during decision-making.")
    assert "aquaculture breeding" not in got and "decision-making" not in got


def test_a_layer_named_by_its_place_is_no_method(extractor):
    got = found(extractor, "We measure extreme activation values in the penultimate layer of neural networks and "
                           "use the output layer of a transformer block.")
    assert "penultimate layer" not in got and "output layer" not in got
    assert "transformer block" in got


def test_a_name_with_a_year_is_an_edition_of_data(extractor):
    got = found(extractor, "Pre-trained models achieve SotA performance on FGVC of iQuok-2021 birds. Our model "
                           "achieves the best results in the QUOKDAR 2017 Information Extraction competition.")
    assert got["iQuok-2021"][0] == "Dataset" and got["QUOKDAR"][0] == "Dataset"
    got = found(extractor, "This paper appeared at IJCAI 2024 and extends our AAAI paper.")
    assert "IJCAI" not in got and "AAAI" not in got  # venues are no concepts


def test_a_name_before_the_words_of_a_benchmark_is_a_dataset(extractor):
    got = found(extractor, "Our 3DSQ outperforms all methods on the challenging MVQuok3D anomaly detection benchmark.")
    assert got["MVQuok3D"] == ("Dataset", "evaluated_on")


def test_a_known_method_inside_an_established_longer_term_is_that_term(extractor):
    got = found(extractor, "We study distributed schemes for high-dimensional sparse linear regression. We also "
                           "train a deep convolutional neural network.")
    assert got["sparse linear regression"][0] == "Method"
    assert "linear regression" not in got
    assert "convolutional neural network" in got  # how deep a network is makes no other method


def test_a_qualified_base_names_another_concept(extractor):
    got = found(extractor, "We use a Langevin diffusion-based sampler. Smoothing with Quux Additive Regression Trees "
                           "helps.")
    assert "diffusion model" not in got  # Langevin diffusion is no diffusion model
    assert "quux additive regression" not in got  # words of a name, not a task inside it
    assert found(extractor, "We use diffusion-based generators.")["diffusion model"] == ("Method", "uses")


def test_a_long_form_starts_at_the_start_of_a_hyphenated_word(extractor):
    got = found(extractor, "This paper proposes a novel Self-Supervised Quux-Aware Knowledge Distillation (SQAKD) "
                           "framework.")
    assert got["Self-Supervised Quux-Aware Knowledge Distillation"] == ("Method", "proposes")


def test_what_the_abstract_says_a_known_method_is_decides_its_type(extractor):
    got = found(extractor, "Empirical risk minimization is an important class of optimization problems with many "
                           "applications. We propose a new quux solver.")
    assert got["empirical risk minimization"] == ("Task", "addresses")
    got = found(extractor, "We train the model by empirical risk minimization.")
    assert got["empirical risk minimization"] == ("Method", "uses")


def test_plain_word_dataset_names_listed_with_a_known_dataset(extractor):
    result = found(extractor, "We conduct extensive evaluations on the Ego4D, 40Widgets, and Quux Gaze+ benchmarks.")
    assert result["40Widgets"] == ("Dataset", "evaluated_on")
    assert result["Quux Gaze+"] == ("Dataset", "evaluated_on")
    result = found(extractor, "We propose FooEdit. Our experiments on COCO, Outdoor Scenes, and CUB show gains.")
    assert result["Outdoor Scenes"] == ("Dataset", "evaluated_on")  # 'our experiments' propose no dataset
    # no known dataset in the list, or not a whole item of it: no name
    result = found(extractor, "Experiments on Java and Python datasets show gains. Results on Ego4D and Quux improve.")
    assert "Python" not in result and "Quux" not in result
    result = found(extractor, "We report results on CIFAR-10 and Gaussian mixtures, and on English and German.")
    assert not {"Gaussian", "English", "German"} & set(result)


def test_a_known_method_the_title_names_as_its_means_is_used(extractor):
    result = found(extractor, "We study how to segment teeth in intra-oral scans.",
                   "Self-Supervised Learning With Masked Autoencoders for Teeth Segmentation")
    assert result["masked autoencoder"] == ("Method", "uses")
    result = found(extractor, "We study how to segment teeth in intra-oral scans.",
                   "Beyond Masked Autoencoders for Teeth Segmentation")
    assert "masked autoencoder" not in result  # what the title moves away from
    result = found(extractor, "We propose a new cell that trains quickly.", "Training QuillNets as Fast as CNNs")
    assert "convolutional neural network" not in result  # what the title measures itself against


def test_a_kind_of_large_language_model_the_title_works_with_is_not_its_own_way(extractor):
    result = found(extractor, "We propose QuillArg, a pipeline that mines arguments from debates.",
                   "Argument Mining with Fine-Tuned Large Language Models")
    assert "fine-tuned large language models" not in result
    assert result["large language model"] == ("Method", "uses")


def test_a_known_method_the_title_is_about_is_used(extractor):
    text = "Successful recurrent models such as gated units use ad hoc gates. We prove that gates warp time."
    assert found(extractor, text, "Recurrent Neural Networks Warp Time")["recurrent neural network"] == (
        "Method", "uses")
    # a title that asks a question of it makes it what the paper tests
    assert found(extractor, text, "Can Recurrent Neural Networks Warp Time?")["recurrent neural network"] == (
        "Method", "evaluates")
    # the head of a longer name of the title's own, or the title's name itself, is no method the paper uses
    assert "Transformer" not in found(extractor, "We propose a dense network for segmentation.",
                                      "Dense Transformer Networks")
    assert "recurrent neural network" not in found(extractor, text, "RNN: Recurrent Quux Nets for Warping Time")
    # in a study with no method of its own, a model the title names is one the study tests
    study = ("We study whether such architectures resist backdoor attacks. We find that they are more robust than "
             "convolutional networks under patch triggers.")
    assert found(extractor, study, "A Closer Look at the Robustness of Vision Transformers")["Vision Transformer"] == (
        "Method", "evaluates")


def test_a_way_of_learning_the_paper_seeks_is_its_task(extractor):
    text = "We exploit a recently derived inversion scheme to develop a new semi-supervised learning framework."
    assert found(extractor, text, "Semi-Supervised Learning via Quux Inversion")["semi-supervised learning"] == (
        "Task", "addresses")
    assert found(extractor, text, "Quux Inversion for Image Classification")["semi-supervised learning"] == (
        "Method", "uses")
    text = "Our model learns a common latent representation across a complex transfer learning scenario."
    assert found(extractor, text)["transfer learning"] == ("Task", "addresses")


def test_the_title_name_proposed_after_a_finding_is_the_papers_method(extractor):
    text = ("Distributed training needs bandwidth. In this paper, we find 99.9% of the gradient exchange in "
            "distributed SGD is redundant, and propose Deep Quux Compression (DQC) to reduce the bandwidth.")
    result = found(extractor, text, "Deep Quux Compression: Reducing the Bandwidth for Distributed Training")
    assert result["Deep Quux Compression"] == ("Method", "proposes")


def test_a_moment_is_no_time_metric(extractor):
    text = "Our model reduces training time by 40%. It can be queried about objects unseen at training time."
    result = {m.label: m for m in extractor.extract_text(text)}
    assert len(result["wall-clock time"].evidence) == 1
    assert "wall-clock time" not in found(extractor, "Models can be queried about objects unseen at training time, "
                                                     "and they achieve a 40% higher accuracy.")


def test_capitalised_words_glued_by_hyphens_are_a_name(extractor):
    result = found(extractor, "In this work, we propose Meta-Quux-Wolfe, the first online projection-free algorithm "
                              "that uses stochastic gradient estimates.")
    assert result["Meta-Quux-Wolfe"] == ("Method", "proposes")
    assert "online projection-free algorithm" not in result  # it only describes the named proposal
    result = found(extractor, "First, we introduce a Low-Level Feature Quux module. We use Sliced-Quux embeddings.")
    assert result["Low-Level Feature Quux module"][1] == "proposes"  # as written: a name the paper coins
    assert "Low-Level" not in result and "Sliced-Quux" not in result


def test_a_kind_of_method_told_by_its_manner_alone_is_no_proposal(extractor):
    from kg.extract import _a_kind_by_its_manner

    def phrase(text: str, words: int):
        doc = extractor.nlp(text)
        end = len(doc) - 1  # before the full stop
        return doc[end - words : end]

    assert _a_kind_by_its_manner(phrase("We develop a quadratic-time algorithm.", 4))
    assert _a_kind_by_its_manner(phrase("We develop a graph-based learning model.", 5))
    assert _a_kind_by_its_manner(phrase("We propose an online projection-free algorithm.", 5))
    assert not _a_kind_by_its_manner(phrase("We propose a progressive stacking algorithm.", 3))
    assert not _a_kind_by_its_manner(phrase("We propose a gradient-based meta-learning algorithm.", 7))
    assert not _a_kind_by_its_manner(phrase("We propose a quadratic-time sampler.", 4))


def test_a_phrase_the_title_names_as_its_means_is_a_method(extractor):
    abstract = ("Domain adaptation suffers from noisy pseudo-labels. Negative-View Quux Alignment pushes the model "
                "away from wrong views of the target images, which improves adaptation on three benchmarks.")
    title = "Robust Unsupervised Domain Adaptation Through Negative-View Quux Alignment"
    # written as a name, and no phrase of the field: the paper's own
    assert found(extractor, abstract, title)["negative-view quux alignment"] == ("Method", "proposes")
    # a short phrase written in small letters: as likely the field's as the paper's own
    assert found(extractor, abstract.replace("Negative-View Quux Alignment", "quux alignment"),
                 "Robust Unsupervised Domain Adaptation Through Quux Alignment")["quux alignment"] == ("Method", "uses")
    assert "negative-view quux alignment" not in found(extractor, abstract, "Robust Unsupervised Domain Adaptation")
    # data, a setting or a field is no means
    result = found(extractor, "We learn from sparse quux annotations and train detectors with web quux videos.",
                   "Video Object Detection With Sparse Quux Annotations Using Web Quux Videos")
    assert "sparse quux annotations" not in result and "web quux videos" not in result


def test_a_way_of_working_only_the_title_names_as_its_means_is_a_method(extractor):
    abstract = "Graph learning is hard when neighbourhoods are large. We show gains on five benchmarks."
    # a phrase the field never wrote: the paper's own
    result = found(extractor, abstract, "Quux Graph Learning via Sparsified Neighbourhood Quuxing")
    assert result["sparsified neighbourhood quuxing"] == ("Method", "proposes")
    # one the field has long written: a way the paper works with
    result = found(extractor, abstract, "Efficient Quux Search via Parameter Sharing")
    assert result["parameter sharing"] == ("Method", "uses")
    # a deed, a kind, data or a result is no means
    for title in ("Quux Generalization by Rejecting Extreme Augmentations",
                  "Explaining Quux Networks with a Polynomial Time Algorithm",
                  "Co-Quux Learning with Missing Data", "Quux Selection with Statistical Guarantees"):
        assert not any(label.endswith(("augmentations", "algorithm", "data", "guarantees"))
                       for label in found(extractor, abstract, title)), title
    # nor a part of the longer name the abstract gives
    result = found(extractor, "We propose QPI (Quux Path Interpolation via learnable Cost) for graphs.",
                   "QPI: Graph Augmentation with Quux Path Interpolation via Learnable Cost")
    assert "quux path interpolation" not in result


def test_the_way_of_working_a_title_leads_with_is_the_proposal_of_a_paper_that_names_none(extractor):
    abstract = "We propose a new approach to this problem. Experiments on five benchmarks show gains."
    result = found(extractor, abstract, "Loss-aware Quux Quantization of Deep Networks")
    assert result["loss-aware quux quantization"] == ("Method", "proposes")
    # a deed, a kind told by one plain word, an area, a phrase the field writes, or a subject of a verb: none
    for title in ("Learning Quux Models across Incomparable Spaces", "Optimal Algorithms for Quux Bandits",
                  "Uncertainty Modelling in Quux Languages", "Causal Modeling with Quux Diffusions",
                  "Diverse Quux Models Transfer Better", "Quux Detection in the Wild"):
        assert not any(role == "proposes" for _, role in found(extractor, abstract, title).values()), title
    # nor words cut from a longer name, a result or a kind of a known thing
    for title in ("First Order Quux Adversarial Networks", "A 4-Approximation Quux Algorithm",
                  "Text Embedding Model for Quux Search"):
        assert not any(role == "proposes" for _, role in found(extractor, abstract, title).values()), title
    # nor in a paper that proposes nothing
    assert "loss-aware quux quantization" not in found(
        extractor, "Quantization shrinks networks. It often hurts accuracy.", "Loss-aware Quux Quantization")


def test_a_hyphenated_word_before_a_known_method_makes_the_papers_own_variant(extractor):
    result = found(extractor, "We propose a novel visibility-aware attention mechanism for person re-identification.")
    assert result["visibility-aware attention mechanism"] == ("Method", "proposes")
    assert result["attention mechanism"] == ("Method", "uses")
    result = found(extractor, "We propose an intra-modal knowledge distillation strategy to align features.")
    assert result["intra-modal knowledge distillation"] == ("Method", "proposes")
    # a manner or a claim only qualifies the known method
    for text in ("In this paper, we introduce a two-stage contrastive learning method.",
                 "We propose a cost-effective contrastive learning approach."):
        assert not any(key != "contrastive learning" for key in found(extractor, text)), text


def test_the_noun_after_an_acronym_finishes_the_long_form(extractor):
    result = found(extractor, "We use the canonical quuxadic (CQ) decomposition to factor the tensor.")
    assert "canonical quuxadic decomposition" in result and "canonical quuxadic" not in result
    result = found(extractor, "We introduce a multi-lingual Part-of-Quux (POQ) tagger for 1,749 languages.")
    assert result["Part-of-Quux tagger"] == ("Method", "proposes")
    # the noun must end the phrase: 'low-resolution (LR) text images' is no 'low-resolution text'
    from kg.extract.candidates import _head_after_acronym
    doc = extractor.nlp("We restore low-resolution (LR) text images and use the (CP) decomposition to factor them.")
    assert not _head_after_acronym(next(t for t in doc if t.text == "text"))
    assert _head_after_acronym(next(t for t in doc if t.text == "decomposition"))
    doc = extractor.nlp("Internet of Quux (IoQ) devices hold private data.")
    assert not _head_after_acronym(next(t for t in doc if t.text == "devices"))  # what it describes
    # a kind, a dataset or data after the acronym only says what the long form is
    result = found(extractor, "We introduce the Temporal Quux Adaptation (TQA) module and the Quux Tactile (QT) "
                              "dataset.")
    assert "temporal quux adaptation" in {label.lower() for label in result}


def test_an_acronym_defined_by_the_end_of_a_known_term_is_that_term(extractor):
    result = found(extractor, "Systems such as person re-identification (ReID) run on small devices. We propose FooID "
                              "for ReID.")
    assert "person re-identification" in result and "re-identification" not in result


def test_a_task_the_title_names_as_a_model_is_no_task(extractor):
    text = "We propose FooIRL, which learns rewards from demonstrations."
    assert "trajectory prediction" in found(extractor, text, "FooIRL: Contrastive IRL for Trajectory Prediction")
    assert "trajectory prediction" not in found(extractor, text, "FooIRL: A Trajectory Prediction Model from Demos")


def test_how_things_stand_is_no_proposal(extractor):
    result = found(extractor, "We formally introduce quux games and their inherent challenges. We then propose "
                              "QuuxSolve for them.")
    assert "inherent challenges" not in result and result["QuuxSolve"][1] == "proposes"


def test_a_name_may_start_with_a_figure(extractor):
    result = found(extractor, "We propose a new anomaly detection method 4QSR, which beats all methods on the QuuxAD "
                              "benchmark. We render 3D scenes with 7B models and 6DoF poses.")
    assert result["4QSR"] == ("Method", "proposes")
    assert not {"3D", "7B", "6DoF"} & set(result)  # sizes and units


def test_everyday_capitals_name_no_method_unless_part_of_a_name(extractor):
    result = found(extractor, "We solve an ODE on FP16 hardware and store the answers with SQL. "
                              "Our SQL-Quux model then answers questions.")
    assert "ODE" not in result and "FP16" not in result and "SQL" not in result
    assert "SQL-Quux" in result  # a part of a name the paper gives


def test_the_gazetteers_know_british_spellings(extractor):
    result = found(extractor, "We study text summarisation with a tokeniser-free model.")
    assert "text summarization" in result


def test_a_long_form_before_its_bare_acronym_is_not_one_name(extractor):
    result = found(extractor, "Recently, Direct Preference Optimisation DPO has been proposed. We improve on it.")
    assert "direct preference optimization" in result
    assert not any(label.endswith("DPO") and " " in label for label in result)


def test_a_defined_problem_is_a_task(extractor):
    result = found(extractor, "We give a better approximation for the bipartite traveling quux problem (BTQP).")
    assert result["bipartite traveling quux problem"][0] == "Task"


def test_a_whole_first_conjunct_shares_no_task_head(extractor):
    result = found(extractor, "We study bipedal locomotion and robotic manipulation, and we pair domain "
                              "randomization and domain adaptation for grasping and motion planning. We also "
                              "address node and graph classification, and pointwise scoring and pairwise ranking. "
                              "We fuse multi-view sensor observations and diffusion priors for joint 3D object pose "
                              "and shape estimation.")
    assert not {"locomotion manipulation", "randomization adaptation", "grasping planning", "scoring ranking"} \
        & set(result), result
    assert result["node classification"][0] == "Task"
    assert result["pose estimation"][0] == "Task"
    assert result["pairwise ranking"][0] == "Task"


def test_what_only_qualified_a_generic_head_is_no_concept(extractor):
    for words in ("a two-stage framework", "a top-down approach", "a coarse-to-fine strategy",
                  "a large synthetic dataset", "a light-weight network"):
        result = found(extractor, f"We propose {words} for grasping.")
        assert not result, (words, result)
    result = found(extractor, "We propose a Riemannian quux optimization approach for grasping.")
    assert result, result


def test_a_name_a_compound_or_a_quality_before_and_shares_no_task_head(extractor):
    result = found(extractor, "We defend against both single-step and iterative attacks. We design attacks against "
                              "UCB and Thompson Sampling. Our method achieves a tradeoff between accuracy and "
                              "geometrical interpretability.")
    assert not {"step attacks", "ucb sampling", "accuracy interpretability"} & set(result), result


def test_a_head_that_modifies_another_noun_is_shared_by_no_two_tasks(extractor):
    result = found(extractor, "Our trees capture syntactic features of language and improve translation quality. We "
                              "relate shared information and anomaly detection performance.")
    assert not {"improve translation", "language translation", "information detection"} & set(result), result


def test_a_known_method_under_a_rare_modifier_the_field_writes_with_it_is_that_method(extractor):
    """'adversarial autoencoders' is a method of its own, not the autoencoder; 'deep' and 'simple' only qualify it."""
    result = found(extractor, "We compare the latent spaces of adversarial autoencoders with those of a simple "
                              "autoencoder and a deep autoencoder on digit images.")
    assert "adversarial autoencoders" in result and result["adversarial autoencoders"][0] == "Method"
    assert "autoencoder" in result


def test_a_known_method_under_a_modifier_the_field_never_writes_with_it_stays_itself(extractor):
    result = found(extractor, "The encoder of our model is a frobnicated autoencoder trained on digit images.")
    assert "frobnicated autoencoder" not in result and "autoencoder" in result


def test_an_acronym_with_two_senses_stands_for_an_entry_only_beside_its_words(extractor):
    assert found(extractor, "We fine-tune SAM on scans and improve tumour segmentation.")["Segment Anything Model"] \
        == ("Method", "uses")
    elsewhere = found(extractor, "We train ResNets with SAM and reach flatter minima.")
    assert "Segment Anything Model" not in elsewhere


def test_guarded_aliases_are_read_from_the_gazetteer_format():
    from kg.extract.gazetteer import context_prefixes, parse_gazetteer

    entry, = parse_gazetteer("Segment Anything Model | SAM? | Segment Anything\n", "Method")
    assert entry.aliases == ("Segment Anything Model", "SAM", "Segment Anything")
    assert entry.guarded == frozenset(["SAM"])
    assert context_prefixes(entry) == frozenset(["segmen"])  # ('anything' is everyday English)
    only_common, = parse_gazetteer("first time | FT?\n", "Method")
    assert context_prefixes(only_common) == frozenset(["first", "time"])  # no other word to tell its sense by


def test_a_common_english_word_of_a_long_name_does_not_vouch_for_its_letters(extractor):
    assert "farthest point sampling" not in found(extractor, "Our network uses multi-point attention and runs at "
                                                             "14.2 FPS on a laptop.")
    assert "farthest point sampling" in found(extractor, "We pick anchors with FPS before sampling neighbours of "
                                                         "each anchor.")


def test_a_kind_of_ad_auction_is_no_sponsored_search(extractor):
    result = found(extractor, "We fit a model of clearing prices to bids in display ad auctions.")
    assert "sponsored search auctions" not in result
    assert result["online ad auctions"] == ("Task", "addresses")


def test_letters_the_abstract_spells_with_another_concepts_initials_are_its_short_form(extractor):
    # ('BNN' is also the Bayesian neural network's letters, guarded: nothing Bayesian here)
    result = {m.label: m for m in extractor.extract_text(
        "We explain why BNNs work. Our theory of binary neural networks rests on the geometry of binary vectors, "
        "and the BNNs keep dot products.")}
    assert "BNNs" not in result
    assert "BNNs" in result["binary neural network"].aliases



def test_what_the_text_names_only_as_what_it_is_not_and_health_records_are_no_concepts(extractor):
    result = found(extractor, "Temporal EHR data from non-ICU settings are sparse. We propose FooNet for them.")
    assert "ICU" not in result and "EHR" not in result
    assert result["FooNet"] == ("Method", "proposes")


def test_a_measure_between_distributions_is_reported_only_with_a_result(extractor):
    text = "We build uncertainty sets defined by the Kullback-Leibler divergence and the Wasserstein distance."
    assert not any(ctype == "Metric" for ctype, _ in found(extractor, text).values())
    got = found(extractor, "Our sampler lowers the Wasserstein distance to the target by 20%.")
    assert got["Wasserstein distance"] == ("Metric", "reports")


def test_letters_of_a_generic_phrase_and_currencies_are_no_names(extractor):
    text = "Research on generative models (GMs) has grown. We propose FooNet, which ranks items with GMs."
    got = found(extractor, text)
    assert "GMs" not in got and "GM" not in got and got["FooNet"] == ("Method", "proposes")
    got = found(extractor, "We propose a Representation Evaluation Design (RED) for contrastive models.")
    assert got["RED"] == ("Method", "proposes")  # generic words in capitals: a name the paper coins
    got = found(extractor, "The robot hand (5k USD) is cheap and the QuuxArm policy runs on it.")
    assert "USD" not in got


def test_a_bracket_glued_to_the_word_before_still_opens_an_acronym(extractor):
    result = found(extractor, "We propose a novel detection approach(QUX-HC) for graphs. QUX-HC works well.")
    assert result["QUX-HC"] == ("Method", "proposes")
    assert not any("(" in label for label in result)
    # (not a formula's: 'sqrt(TAK)')
    assert "TAK" not in found(extractor, "The best known upper bound is O(K sqrt(TAK)), obtained indirectly.")


def test_a_known_method_a_title_builds_its_own_variant_on_is_used(extractor):
    text = "We propose QuuxCF, which adds attributes of users. QuuxCF improves rating prediction."
    result = found(extractor, text, "Attribute-aware Collaborative Filtering with QuuxCF")
    assert result["collaborative filtering"] == ("Method", "uses")
    result = found(extractor, text, "Beyond Standard Collaborative Filtering: QuuxCF")
    assert "collaborative filtering" not in result  # what the title moves away from


def test_a_phrase_the_title_names_is_a_concept_however_rare(extractor):
    text = "We learn quuxian lid localization from few demonstrations. Quuxian lid localization then runs on a robot."
    # a task phrase the reference corpus lacks, said twice: a term only when the title names it too
    assert "quuxian lid localization" not in found(extractor, text, "Learning From Few Demonstrations")
    assert found(extractor, text, "Quuxian Lid Localization From Few Demonstrations")["quuxian lid localization"] == (
        "Task", "addresses")
    # said once, in passing: the title still bears it out
    text = "A policy trained from few demonstrations handles quuxian lid localization on a robot."
    assert "quuxian lid localization" in found(extractor, text, "Quuxian Lid Localization From Few Demonstrations")
    # a task head that names a way of working is as often the paper's method
    text = "We learn quuxian lid matching from few demonstrations. Quuxian lid matching then runs on a robot."
    assert "quuxian lid matching" not in found(extractor, text, "Quuxian Lid Matching From Few Demonstrations")


def test_a_method_named_after_two_people_is_a_concept(extractor):
    result = found(extractor, "We apply the Quaxley-Smorg algorithm to matching markets with the Fooler-Bar method.")
    assert result["Quaxley-Smorg algorithm"] == ("Method", "uses")
    assert result["Fooler-Bar method"] == ("Method", "uses")
    # capitals where a sentence starts are no names
    assert not any("Bar" in label for label in found(extractor, "Fooler-bar methods help. We study them."))


def test_title_phrases_are_runs_of_words_between_joining_words():
    from kg.extract.title import title_phrases

    phrases = title_phrases("Surrogate Bayesian Networks for Approximating Evolutionary Games: A Study")
    assert {"surrogate bayesian network", "evolutionary game", "bayesian network"} <= phrases
    assert not any("for" in phrase.split() or "study" in phrase for phrase in phrases)


def test_tasks_a_sentence_lists_as_examples_in_passing_are_not_addressed(extractor):
    text = ("We propose QuuxRNN, a recurrent network with sparse gates. "
            "Recurrent networks serve many sequence tasks such as machine translation and text summarization.")
    result = found(extractor, text)
    assert "machine translation" not in result and "text summarization" not in result
    assert result["QuuxRNN"] == ("Method", "proposes")
    # examples the authors evaluate on are the paper's tasks
    text = "We propose QuuxRNN and evaluate it on sequence tasks such as machine translation."
    assert found(extractor, text)["machine translation"] == ("Task", "addresses")


def test_a_bracket_closed_before_a_colon_still_ends_an_acronym(extractor):
    # ('):' is an emoticon to spaCy's tokenizer exceptions)
    mentions = extractor.extract_text("We propose the task of Domain-Oblique Quilting (DOQ): how to quilt any domain?")
    quilting = next(m for m in mentions if m.label.lower().startswith("domain-oblique quilting"))
    assert "DOQ" in quilting.aliases
    assert not any(")" in m.label for m in mentions)


def test_a_number_the_long_form_writes_out_spells_the_digit_of_the_acronym(extractor):
    from kg.extract.acronyms import initials_long_form
    assert initials_long_form("2D-BPP", "the two-dimensional bin packing problem") == 4
    assert initials_long_form("3D-BPP", "the two-dimensional bin packing problem") is None
    result = found(extractor, "We solve the two-dimensional quilt folding problem (2D-QFP) exactly. 2D-QFP is hard.")
    assert result["two-dimensional quilt folding problem"][0] == "Task"
    assert "2D-QFP" not in result


def test_a_phrase_after_a_list_of_names_types_every_name(extractor):
    text = ("We show the efficacy of our model against a variety of baselines on QuiltQA-10H and FoldSet-16H, two "
            "large-scale crowdsourced datasets.")
    result = found(extractor, text)
    assert result["QuiltQA-10H"][0] == "Dataset"
    assert result["FoldSet-16H"][0] == "Dataset"


def test_the_acronym_a_title_defines_before_its_colon_is_the_proposal(extractor):
    text = "We teach a robot to sew quilts from demonstrations. It sews faster than people do."
    result = found(extractor, text, "Quilting Robot Transformer (QRT): Imitation Learning for Sewing")
    assert result["QRT"] == ("Method", "proposes")
    assert "Graph" not in found(extractor, text, "Graph(Graph): A Nested Framework for Sewing")


def test_a_long_form_that_says_what_something_is_names_a_property(extractor):
    text = ("We use deep quilting to model interactions across two sets of objects. The canonical representation of "
            "such interactions is a matrix. We argue that models should hence be Permutation Equivariant (PE): "
            "constrained to make the same predictions. We present a parameter-sharing scheme and prove that it is "
            "maximally expressive under the PE constraint.")
    assert not any(m.label.lower().startswith("permutation equivariant") for m in extractor.extract_text(text))
    result = found(extractor, "The sewing model is a Graph Quilting Network (GQN). GQN sews seams.")
    assert any(label.startswith("graph quilting network") for label in result)


def test_a_known_word_that_opens_a_sentence_as_a_verb_is_no_concept(extractor):
    result = found(extractor, "Stemming from the theory of games, we propose QuuxNet for auctions.")
    assert "stemming" not in {label.lower() for label in result}
    assert "stemming" in found(extractor, "Stemming improves the recall of our QuuxSearch engine on news retrieval.")


def test_a_title_that_describes_its_kind_of_method_names_the_proposal(extractor):
    text = "We study graph classification and report results."
    title = "A Persistent Weisfeiler-Lehman Procedure for Graph Classification"
    roles = {m.label: (m.type, m.role, m.rule) for m in extractor.extract_text(text, title=title)}
    assert roles["persistent weisfeiler-lehman procedure"] == ("Method", "proposes", "title-kind")
    for title in ("A Unifying Variational Framework for Motion Planning", "A General Algorithm for Matrix Sensing",
                  "A 4-Approximation Algorithm for Correlation Clustering", "A Better k-means++ Algorithm"):
        assert not any(m.rule == "title-kind" for m in extractor.extract_text(text, title=title)), title
    roles = {m.label: m.rule for m in extractor.extract_text("We propose QuuxNet for graph classification.",
                                                            title="A Persistent Weisfeiler-Lehman Procedure")}
    assert "title-kind" not in roles.values()  # (a paper that names its own)


def test_a_known_task_that_names_a_part_is_no_task(extractor):
    result = found(extractor, "We add representation learning layers to the encoder of QuuxNet.")
    assert "representation learning" not in result
    assert found(extractor, "We study representation learning for graphs.")["representation learning"][0] == "Task"



def test_a_known_name_inside_a_hyphenated_word_is_no_mention(extractor):
    result = found(extractor, "Our solver outperforms existing approaches on out-of-distribution learning problems.")
    assert "distribution learning" not in result
    assert result["out-of-distribution learning"] == ("Task", "addresses")
    # (a hyphen inside one common word is no prefix: 'down-stream' is 'downstream')
    assert not found(extractor, "Word vectors matter for many down-stream learning tasks.")


def test_units_and_verbs_made_of_acronyms_are_no_names(extractor):
    text = "The proof certificate takes 40.3 TiB at 2 GHz. We align the OCRed and ground truth versions with BERT."
    result = found(extractor, text)
    assert not {"TiB", "GHz", "OCRed"} & set(result)
    assert "BERT" in result


def test_a_hyphened_modifier_given_as_a_name_takes_its_noun(extractor):
    text = "We propose a novel task named Entity-level unlearning, which aims to erase knowledge of an entity."
    assert found(extractor, text)["Entity-level unlearning"] == ("Task", "addresses")


def test_an_acronym_of_a_term_is_not_the_alias_of_the_noun_after_it(extractor):
    text = ("Entity Alignment (EA) is a critical task in Knowledge Graph (KG) integration, aimed at matching entities. "
            "We align entities across heterogeneous KGs.")
    mention = next(m for m in extractor.extract_text(text) if m.label == "knowledge graph integration")
    assert "KG" not in mention.aliases and len(mention.evidence) == 1
    text = "We use the canonical polyadic (CP) decomposition. The CP decomposition is fast."
    assert "canonical polyadic decomposition" in found(extractor, text)


def test_a_name_inside_a_hyphenated_word_names_that_word(extractor):
    text = "To select models without labels, we propose a pseudo-AUC. We test on Sort-of-CLEVR with pseudo-coresets."
    result = found(extractor, text)
    assert result["pseudo-AUC"] == ("Metric", "proposes") and result["Sort-of-CLEVR"][0] == "Dataset"
    assert not {"AUC", "area under the curve", "CLEVR", "coreset"} & set(result)
    # (a parameter or an adverb before the hyphen is no part of the name)
    assert "differential privacy" in found(extractor, "The target distribution of SGLD is eps-differentially private.")


def test_letters_the_paper_defines_as_data_are_not_the_fields_name(extractor):
    text = ("We measure the etched structure of wafers. We download 10 SEM (Scanning Electron Microscope) images "
            "from the Internet and train a GAN on them.")
    assert "structural equation modeling" not in found(extractor, text)
    text = "We measure the etched structure of wafers. We fit the survey data with SEM."  # (the field's SEM)
    assert "structural equation modeling" in found(extractor, text)


def test_a_name_after_a_prefix_that_makes_no_kind_of_it_is_nothing(extractor):
    text = "Unlike non-CLIP models and post-CLIP ones, our encoder is fast. The problem is NP-Hard."
    assert not {"CLIP", "non-CLIP", "post-CLIP", "NP-Hard"} & set(found(extractor, text))


def test_the_noun_an_acronym_and_a_coordinated_head_share_is_the_second_ones(extractor):
    text = ("We develop a framework to test independence, based on Receiver Operating Characteristic (ROC) analysis "
            "and bipartite ranking.")
    result = found(extractor, text)
    assert "analysis ranking" not in result and "bipartite ranking" in result


def test_a_proposal_named_in_capitals_of_different_kinds_is_one_name(extractor):
    got = found(extractor, "We propose ZORB OpenQuux, an open-source agent for board games. ZORB OpenQuux is the "
                           "first open agent of its kind. We also release Quill Alarm, a detector of abuse.")
    assert got["ZORB OpenQuux"] == ("Method", "proposes") and got["Quill Alarm"] == ("Method", "proposes")
    assert "OpenQuux" not in got and "ZORB" not in got


def test_names_are_matched_however_their_hyphens_are_written():
    from kg.extract.gazetteer import hyphen_pairs, parse_gazetteer, with_hyphens

    entries = tuple(parse_gazetteer("autoencoder | auto-encoder\nimportance weighted autoencoder\n", "Method"))
    pairs = hyphen_pairs(entries)
    assert pairs == {"autoencoder": "auto-encoder", "auto-encoder": "autoencoder"}
    assert "importance weighted auto-encoder" in with_hyphens("importance weighted autoencoder", pairs)
    assert "vector quantized autoencoder" in with_hyphens("vector-quantized autoencoder", pairs)
    assert with_hyphens("k-means", pairs) == ("k-means",)  # (a letter before the hyphen: 'k means that ...')


def test_a_known_name_written_with_other_hyphens_is_that_name_whole(extractor):
    result = found(extractor, "We train an importance weighted auto-encoder and a vector quantized variational "
                              "autoencoder on digit images, where k means the number of digits.")
    assert "importance weighted autoencoder" in result and "VQ-VAE" in result
    assert "autoencoder" not in result and "k-means" not in result


def test_debating_agents_are_a_method_and_low_discrepancy_sequences_are_no_sobol_sequence(extractor):
    result = found(extractor, "Multiagent debate improves the factuality of answers. We draw the points from "
                              "low discrepancy sequences.")
    assert result["multi-agent debate"][0] == "Method"
    assert "Sobol sequence" not in result and "low-discrepancy sequence" in result


def test_a_kind_is_not_merged_into_one_of_its_instances(extractor):
    result = found(extractor, "We model the dependence between the marginals with copulas and pool the features of "
                              "superpixels.")
    assert "copula" in result and "Gaussian copula" not in result
    assert "superpixels" in result and "SLIC superpixels" not in result


def test_a_collective_a_loss_and_a_layer_are_not_merged_into_one_of_their_kinds(extractor):
    result = found(extractor, "We propose FooSync for distributed training. Its workers average their gradients with "
                              "the all-reduce collective. We train the encoder with an angular margin loss and stack "
                              "coupling layers.")
    assert {"all-reduce", "angular margin loss", "coupling layer"} <= set(result)
    assert not {"ring all-reduce", "additive angular margin loss", "affine coupling layer"} & set(result)


def test_a_task_is_not_absorbed_into_the_field_it_serves(extractor):
    result = found(extractor, "We propose FooScan for pathology. It improves whole slide image classification and "
                              "virtual screening, and predicts stock prices for stock price prediction.")
    assert {"whole slide image classification", "virtual screening", "stock price prediction"} <= set(result)
    assert not {"computational pathology", "drug discovery", "financial forecasting"} & set(result)
