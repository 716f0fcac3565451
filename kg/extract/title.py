"""What a paper's title says: the names it introduces, the kind of thing its subtitle calls them, and the task
it is for."""

from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from kg.extract.acronyms import best_long_form, initials_long_form, looks_like_short_form
from kg.extract.candidates import (
    ADJECTIVE_ENDINGS,
    TOOL_PREPOSITIONS,
    clean_phrase,
    collect_candidates,
    is_doing_noun,
    is_generic_label,
    is_name_token,
    is_paradigm,
    lower_title_case,
    names_a_means,
    noun_chunks,
)
from kg.extract.gazetteer import alias_index
from kg.extract.lexicon import (
    CLAIM_WORDS,
    DATASET_HEADS,
    FRONT_MODIFIERS,
    GENERIC_HEADS,
    KIND_HEADS,
    METHOD_HEADS,
    TASK_HEADS,
)
from kg.extract.roles import ANALYSIS_NOUNS, ASPECT_VERBS, EVALUATE_VERBS
from kg.model import Evidence, Mention
from kg.normalize import label_key
from kg.specificity import ESTABLISHED_DF, is_coined_word, is_term, reference_df

MEASURE_NOUNS = frozenset(["metric", "measure", "score", "index"])
# words a name may start with that cleaning a phrase leaves off: an ordinal or a level ('First Order GANs', 'Low
# Latency ... Inference'); what is left without them is a fragment
NAME_START_WORDS = frozenset(["first", "second", "third", "fourth", "higher", "high", "low"])


def sought_by_title(title: str, keys: set[str]) -> bool:
    """Whether the title leads with one of the label keys and then names its means ('Semi-Supervised Learning via
    Deep Network Inversion'): what the paper reaches for, not its tool."""
    padded = f"{label_key(title)} "
    return any(key and padded.startswith(f"{key} {word} ") for key in keys for word in MEANS_WORDS)


# what parts a title: a colon, or a dash between spaces ('FooPoison -- Adversarial Attacks On ...')
_TITLE_BREAK = re.compile(r":|\s+(?:--|—|–|-)\s+")


def title_head(title: str) -> str | None:
    """The words before a title's colon (or spaced dash), or None when nothing parts it."""
    parts = _TITLE_BREAK.split(title, maxsplit=1)
    return parts[0] if len(parts) == 2 else None


def title_tail(title: str) -> str | None:
    """The words after a title's colon (or spaced dash)."""
    parts = _TITLE_BREAK.split(title, maxsplit=1)
    return parts[1] if len(parts) == 2 else None


# A title that says the paper tests or studies something: 'Evaluating ...', 'Probing ...', 'A Systematic Comparison
# of ...', 'A Closer Look at ...': the verbs and nouns with which an abstract says it evaluates or studies (not
# 'Attacking ...' nor 'Explaining ...', which name the paper's own work), as the gerund or the noun of a title
TITLE_TEST_VERBS = (EVALUATE_VERBS | ASPECT_VERBS | {"compare"}) - {"attack", "jailbreak", "study", "explain"}
TITLE_TEST_NOUNS = (ANALYSIS_NOUNS - {"benchmarking", "exploration"}) | {"look"}


def _gerund(verb: str) -> str:
    return (verb[:-1] if verb.endswith("e") else verb) + "ing"


_EVALUATING_TITLE = re.compile(
    rf"(?P<verb>{'|'.join(sorted(_gerund(v) for v in TITLE_TEST_VERBS))})\s"
    rf"|(?:an?\s+|the\s+)?(?:[a-z-]+\s+){{0,2}}(?P<noun>{'|'.join(sorted(TITLE_TEST_NOUNS))})"
    rf"(?:\s+(?:of|on|at|into|in)\s|$)",
    re.IGNORECASE)
# A title that asks a question of what it names: 'Does FooLM Pass the Test?', 'Are LLMs Grounded?'
_QUESTION_TITLE = re.compile(r"(?P<word>does|do|did|is|are|can|could|how|what|why|when|which|should|will)\s[^?]*\?",
                             re.IGNORECASE)


def evaluating_title(title: str) -> str | None:
    """The word with which a title (or the part after its colon) says the paper tests or studies what it names
    ('Evaluating Large Language Models as ...' gives 'Evaluating', 'A Systematic Comparison of ...' and '...: An
    Empirical Study' the noun), or asks a question of it ('Does FooLM Pass the Test?' gives 'Does'), or None."""
    for part in (title, title_tail(title) or ""):
        found = _EVALUATING_TITLE.match(part.strip())
        if found:
            return found.group("verb") or found.group("noun")
        asked = _QUESTION_TITLE.match(part.strip())
        if asked:
            return asked.group("word")
    return None


def title_names(nlp: Language, title: str, abstract: Doc | None = None) -> dict[str, str]:
    """Key -> text of the name a title introduces before its colon ('FooNet: fast ...' -> {'foonet': 'FooNet'});
    an English word there too when the `abstract` writes it with its capital inside a sentence ('Graphite: ...'
    and 'we propose Graphite, a framework for ...')."""
    before = title_head(title)
    if before is None:
        return {}
    names = {}
    defined = re.fullmatch(r"(.+?)\s+\(([^()\s]+)\)\s*", before)
    if defined and looks_like_short_form(defined.group(2)) \
            and (initials_long_form(defined.group(2), defined.group(1)) is not None
                 or best_long_form(defined.group(2), defined.group(1)) is not None):
        # 'Surgical Quilt Transformer (SQT): ...': the paper's name is the acronym the title defines
        return {label_key(defined.group(2)): defined.group(2)}
    first = re.split(r" (?:for|with|in|on|via) ", before, maxsplit=1)[0]
    if " " not in first:
        before = first  # 'FooQA for Judicial Fairness: ...'
    parts = [nlp.make_doc(part.strip()) for part in before.split(" and ")]  # 'FooQA and BarLM: a dataset and ...'
    if len(parts) > 1 and not all(any(_name_like(t) for t in head) for head in parts):
        return names  # 'Faster and Lighter LLMs: ...': words joined, not names
    for head in parts:
        if any(t.is_lower and t.is_alpha and len(t) > 3 for t in head) or _a_phrase(head, title):
            continue  # 'Llama meets EU', 'Mind the GAP', 'Bridging LiDAR Gaps': a phrase, not a name
        # 'Ghostbuster: Detecting ...': the whole head one capitalised word English hardly has, unknown to the
        # gazetteers
        alone = len(head) == 1 and head.text == before.strip() and head[0].is_alpha and head[0].is_title \
            and label_key(head.text) not in alias_index()
        coined = alone and (is_coined_word(head[0].lower_) or (
            head.text == title_head(title).strip() and _written_as_a_name(head[0].text, abstract))) \
            and not _written_as_a_word(head[0].text, abstract)  # not 'Groundedness in ...: An Empirical Study'
            # over 'an empirical study of groundedness'
        if coined or (0 < len(head) <= 4 and any(_name_like(t) for t in head)):
            names[label_key(head.text)] = head.text
    return names


def _name_like(token: Token) -> bool:
    return is_name_token(token) or (token.is_upper and len(token) > 1)


def _a_phrase(head: Doc, title: str) -> bool:
    """Words before a title's colon that make a phrase, not a name: a function word between spaces ('Mind the GAP',
    'TD or not TD', 'From 2D to 3D'; not the parts of 'ME-Net'), a verb in '-ing' first ('Bridging LiDAR Gaps',
    'Understanding GANs'), or several words of a title written all in capitals ('THINK VISUALLY: ...'), where
    nothing tells a name from a word."""
    words = head.text.split()
    if len(words) < 2:
        return False
    if words[0].lower() in {"the", "a", "an"}:
        words = words[1:]  # 'The Segmented iHMM': an article before a name
    capitals = title.upper() == title
    return capitals or words[0].lower().endswith("ing") or any(head.vocab[w.lower()].is_stop for w in words)


def _written_as_a_name(word: str, abstract: Doc | None) -> bool:
    """The word with its capital inside one of the abstract's sentences, on its own: not its first word, nor one
    of a run of capitalised words ('Tree-of-Thought Reasoning')."""
    def capitalised(i: int) -> bool:
        return 0 <= i < len(abstract) and abstract[i].text[:1].isupper() and not abstract[i].is_sent_start

    return abstract is not None and any(
        t.text == word and not t.is_sent_start and t.i > 0 and abstract[t.i - 1].text not in {":", "\"", "'", "(", "-"}
        and not capitalised(t.i - 1) and not capitalised(t.i + 1)
        and not (t.i + 1 < len(abstract) and abstract[t.i + 1].text == "-") for t in abstract)


def _written_as_a_word(word: str, abstract: Doc | None) -> bool:
    """The word all in small letters somewhere in the abstract: an English word, not a name."""
    return abstract is not None and any(t.text == word.lower() for t in abstract)


def subtitle_kind(title: str) -> str | None:
    """The type of the name before a title's colon when the words after it say what kind of thing it is: 'Dataset'
    for 'FooQA: A Legal Extraction Dataset with ...' or 'Foo: a benchmark for ...', 'Metric' for 'FooM - A Metric
    for Evaluating ...'."""
    tail = title_tail(title)
    if tail is None:
        return None
    after = re.split(r" (?:for|with|of|on|in|to|from|via|and)\b|[,:;(]", tail.strip().lower(), maxsplit=1)[0].split()
    if len(after) < 2 or after[0] not in {"a", "an", "the"}:
        return None
    return "Dataset" if after[-1] in DATASET_HEADS else "Metric" if after[-1] in MEASURE_NOUNS else None


TITLE_JOINS = frozenset(["a", "an", "the", "of", "and", "in", "on", "with", "via", "to", "from", "by", "using",
                         "under", "at", "its", "their", "towards", "toward", "through", "without", "beyond"])
# heads a title's purpose names methods or ways of working with, not a task
NOT_PURPOSE_HEADS = frozenset(["learning", "training", "modeling", "modelling", "vision", "action", "meeting",
                               "setting"])


def title_purpose(title: str, abstract: str) -> str | None:
    """'TSA2: Temporal Segment Adaptation for Video Harmonization' -> 'video harmonization': what a title's last
    'for' names, when it is a task's name (a noun of doing after what it is done to, two to four words) that the
    abstract uses too, or whose words before the noun of doing it uses ('... for Unsupervised Hypernymy Detection'
    over an abstract on 'modeling hypernymy' with 'unsupervised methods')."""
    match = re.search(r"\bfor ([^:,;?()]+)$", title.strip(), flags=re.IGNORECASE)
    if match is None:
        return None
    words = []
    for word in match.group(1).split():
        if word.lower() in TITLE_JOINS:
            break
        words.append(word)
    if len(words) > 2 and words[0].lower() == "joint":
        words = words[1:]  # '... for Joint Text Spotting and Layout Analysis'
    if not 2 <= len(words) <= 4 or any(w.lower() in FRONT_MODIFIERS or not re.fullmatch(r"[\w-]+", w) for w in words):
        return None
    head = words[-1].lower()
    if words[0].lower().endswith("ing"):
        return None  # 'for Identifying Manipulation', 'for Learning Long-Range Interaction': a clause, not a name
    if head in NOT_PURPOSE_HEADS or not is_doing_noun(head) or words[0].lower() in CLAIM_WORDS:
        return None
    label = " ".join("-".join(_title_word(part, abstract) for part in word.split("-")) for word in words)
    text = abstract.lower()
    if label.lower() in text:
        return label
    # every word before the noun of doing met in the abstract, as a word or as the start of one ('hypernym'), and
    # the noun one that names tasks
    stems = [word.lower().split("-")[-1][:6] for word in words[:-1]]
    return label if head in TASK_HEADS and all(re.search(rf"\b{re.escape(stem)}", text) for stem in stems) else None


def _title_word(word: str, abstract: str) -> str:
    """A title's capitalised word as the label writes it: small, unless the abstract writes it so only, between
    small words ('in Chinese poems', 'for Turkish grammatical ...', 'of MRI scans'); not where a sentence starts nor
    in a name written in capitals ('Ordered Weighted Clustering (OWC)')."""
    if word.islower() or not word[:1].isalpha():
        return word
    if word[1:].islower() or (word.isupper() and len(word) > 1):
        proper = any(_between_small_words(abstract, m.start(), m.end())
                     for m in re.finditer(rf"\b{re.escape(word)}\b", abstract))
        small = re.search(rf"\b{re.escape(word.lower())}\b", abstract)
        return word if proper and not small else word.lower()
    return word  # 'LiDAR', 'iPhone'


def _between_small_words(text: str, start: int, end: int) -> bool:
    before = re.search(r"([A-Za-z][\w-]*)\W*$", text[:start])
    after = re.match(r"\W*([A-Za-z][\w-]*)", text[end:])
    return bool(before and after and before.group(1)[0].islower() and after.group(1)[0].islower()
                and not text[before.end(1) : start].strip(" ,"))




def _title_candidates(title_doc: Doc) -> list:
    """The title's candidates, collected once for the tasks and the methods it names."""
    if "kg_title_candidates" not in title_doc.user_data:
        title_doc.user_data["kg_title_candidates"] = collect_candidates(title_doc)
    return title_doc.user_data["kg_title_candidates"]


def _names_a_method(span) -> bool:
    """'... Application to Worker Clustering Model': the task's words name a model or method that follows."""
    doc = span.doc
    return span.end < len(doc) and (doc[span.end].lower_ in KIND_HEADS or doc[span.end].lower_ in METHOD_HEADS)


def title_tasks(title_doc: Doc, known: set[str], abstract: str) -> list[Mention]:
    """The tasks a title names that the abstract's mentions (keys in `known`) do not: the known ones ('... for
    Trajectory Prediction in Autonomous Driving'), then its purpose (see title_purpose): the problem the paper
    addresses, said where it is said most plainly. Ways of learning ('... Reinforcement Learning') are left out: in
    a title they are as often the tool as the problem."""
    evidence = [Evidence(title_doc.text, 0, len(title_doc.text), field="title")]
    found = []
    for cand in _title_candidates(title_doc):
        # (a known task, or one a title writes as a hyphenated word around it: '... on Talking-Face Generation')
        label = cand.canonical or (cand.label if cand.rule == "hyphen-extended" else "")
        if cand.type == "Task" and label and cand.keys.isdisjoint(known) \
                and not is_paradigm(label) and not any(_names_a_method(span) for span in cand.spans):
            found.append(Mention(label=label, type="Task", role="addresses", confidence=0.8,
                                 rule="title-task", cue="title", canonical=cand.canonical, evidence=evidence))
    purpose = title_purpose(title_doc.text, abstract)
    # ('... for Semi-Supervised Human Pose Estimation' when the abstract's mentions hold 'human pose estimation' and
    # the title's words are not all in the abstract: the known task says it)
    words = label_key(purpose or "").split()
    if purpose is not None and purpose.lower() not in abstract.lower() \
            and any(" ".join(words[i:]) in known for i in range(1, len(words) - 1)):
        purpose = None
    if purpose is not None and label_key(purpose) not in known | {label_key(m.label) for m in found}:
        found.append(Mention(label=purpose, type="Task", role="addresses", confidence=0.7, rule="title-purpose",
                             cue="for", evidence=evidence))
    return found


# what a title names its means with: 'Video Matting With Transformer', '... via Self-Distillation' (the words that
# make a mention of the abstract a tool)
MEANS_WORDS = TOOL_PREPOSITIONS
_MEANS = "|".join(sorted(MEANS_WORDS))


def means_phrases(title: str) -> set[str]:
    """Label keys of the phrases a title names as its means, up to the next joining word ('Robust Domain Adaptation
    Through Negative-View Regularization' -> {'negative view regularization'}), of two to five words."""
    found = set()
    for match in re.finditer(rf"\b(?:{_MEANS})\s+([^:,;?()]+)", title, flags=re.IGNORECASE):
        words = []
        for word in match.group(1).split():
            if word.lower() in TITLE_JOINS:
                if words:
                    break
                continue
            words.append(word)
        key = label_key(" ".join(words))
        if 2 <= len(key.split()) <= 5:
            found.add(key)
    return found


PHRASE_BREAKS = frozenset(["for", "or", "as", "into", "over", "versus", "vs", "vs.", "is", "are", "can", "do", "does",
                           "not", "all", "you", "we", "what", "how", "when", "why", "need"])


def title_phrases(title: str) -> set[str]:
    """Label keys of every run of two to five words the title holds between its joining words and its marks
    ('Surrogate Bayesian Networks for Approximating Evolutionary Games' -> 'surrogate bayesian networks',
    'evolutionary games', ...): the phrases the paper chose to be known by."""
    found = set()
    for part in re.split(r"[:,;?!()]|\s+(?:--|—|–|-)\s+", title):
        run: list[str] = []
        for word in [*part.split(), ""]:
            if word and word.lower() not in TITLE_JOINS | PHRASE_BREAKS:
                run.append(word)
                continue
            found.update(label_key(" ".join(run[i:j])) for i in range(len(run))
                         for j in range(i + 2, min(len(run), i + 5) + 1))
            run = []
    return found


def names_as_means(title: str, keys: set[str]) -> bool:
    """Whether the title names one of the label keys as its means ('... via Negative-View Regularization')."""
    padded = f" {label_key(title)} "
    return any(key and f" {word} {article}{key} " in padded
               for key in keys for word in MEANS_WORDS for article in ("", "a ", "an ", "the "))


def title_methods(title_doc: Doc, known: set[str]) -> list[Mention]:
    """The known methods a title names as its means ('Teeth Segmentation With Masked Autoencoders') that the
    abstract's mentions (keys in `known`) do not: a method the paper works with, though the abstract may call it
    only by what it does."""
    evidence = [Evidence(title_doc.text, 0, len(title_doc.text), field="title")]
    found = []
    for cand in _title_candidates(title_doc):
        if cand.type != "Method" or not cand.canonical or not cand.keys.isdisjoint(known):
            continue
        means = next((word for span in cand.spans if (word := _means_before(span))), None)
        if means is not None:
            found.append(Mention(label=cand.canonical, type="Method", role="uses", confidence=0.8,
                                 rule="title-method", cue=means, canonical=cand.canonical, evidence=evidence))
        elif not is_paradigm(cand.canonical) and all(_whole_phrase(span) for span in cand.spans):
            # 'Can Recurrent Neural Networks Warp Time?', 'Attribute-aware Collaborative Filtering: ...': the method
            # the paper is about, though the abstract calls it by a kind ('recurrent models') or an acronym it never
            # defines
            found.append(Mention(label=cand.canonical, type="Method", role="uses", confidence=0.7,
                                 rule="title-method", cue="title", canonical=cand.canonical, evidence=evidence))
        elif not is_paradigm(cand.canonical) and all(_heads_a_longer_name(span) for span in cand.spans):
            # 'Global Occlusion-Aware Transformer for ...', 'Attribute-aware Collaborative Filtering: ...': the known
            # method the paper's own variant is built on
            found.append(Mention(label=cand.canonical, type="Method", role="uses", confidence=0.6,
                                 rule="title-base", cue="title", canonical=cand.canonical, evidence=evidence))
    return found


def title_kind(title_doc: Doc) -> tuple[Span, str] | None:
    """'A Persistent Weisfeiler-Lehman Procedure for Graph Classification': the words of a title that opens with a
    kind of method it describes, from after the article to that head, and the label they make; None when they only
    name a known method ('A Better k-means++ Algorithm'), say how good or how general it is ('A General Algorithm',
    'A Simple-Yet-Efficient Method'), or start with a number ('A 4-Approximation Algorithm', a result)."""
    if len(title_doc) < 3 or title_doc[0].lower_ not in {"a", "an"}:
        return None
    chunk = next((c for c in noun_chunks(title_doc) if c.start == 0), None)
    if chunk is None or chunk.root.i != chunk.end - 1 or chunk.root.lower_ not in KIND_HEADS:
        return None
    phrase = clean_phrase(chunk)
    if phrase is None or phrase[0].text[:1].isdigit():
        return None
    described = title_doc[phrase.start : chunk.end]
    modifiers = [t.lower_ for t in described[:-1] if not t.is_punct]
    # (a title's capitals hide from the parser which words are adjectives: read their endings)
    if len(modifiers) < 2 or all(w.endswith(ADJECTIVE_ENDINGS + ("ing", "ly", "ed")) for w in modifiers):
        return None  # 'A Unifying Variational Framework', 'A (Doubly) Robust Approach': how it is, not what it is
    label = lower_title_case(described)
    if is_generic_label(label) or alias_index().get(label_key(label)) is not None \
            or alias_index().get(label_key(" ".join(t.text for t in described[:-1]))) is not None:
        return None
    return described, label


# what may follow the phrase a title leads with: a joining word, or nothing ('Invertible Residual Networks');
# not a verb ('Diverse ImageNet Models Transfer Better') nor 'and' ('Cooperation and Fairness in ...')
LEAD_ENDS = (TITLE_JOINS | MEANS_WORDS | {"for", "across", "towards", "toward"}) - {"and"}


def title_lead(title_doc: Doc, known: set[str]) -> str | None:
    """The label of the way of working a title leads with, when the title is that phrase and what it is for or
    applied to ('Loss-aware Weight Quantization of Deep Networks', 'Latent Normalizing Flows for Discrete
    Sequences'): two words or more ending in a noun that names a way of doing (not a task's, 'detection'), that
    neither the abstract's mentions (keys in `known`), the gazetteers nor the field's abstracts know as a phrase
    (not 'Causal Modeling with ...', the field's; nor an area, '... Modelling'). None for a title with a colon or
    a question, one written in capitals, one that leads with a deed ('Learning Generative Models ...',
    'Compressing Neural Networks ...'), or a kind told by one plain word ('Optimal Algorithms for ...')."""
    text = title_doc.text
    if title_head(text) is not None or "?" in text or text.isupper():
        return None
    chunk = next((c for c in noun_chunks(title_doc)
                  if c.start == 0 or (c.start == 1 and title_doc[0].lower_ in {"a", "an", "the"})), None)
    phrase = clean_phrase(chunk) if chunk is not None else None
    if phrase is None or (chunk.end < len(title_doc) and title_doc[chunk.end].lower_ not in LEAD_ENDS):
        return None
    label = _way_of_its_own(phrase, chunk, known)
    head = phrase[-1]
    if label is None or head.lower_ in TASK_HEADS | {"modeling", "modelling"}:
        return None  # ('Uncertainty Modelling in ...': an area)
    if head.lemma_.lower() in GENERIC_HEADS and len(phrase) < 3 and not any("-" in t.text for t in phrase):
        return None
    return None if is_term(label_key(label)) else label


def _way_of_its_own(phrase: Span, chunk: Span, known: set[str]) -> str | None:
    """The label of a title's phrase (cleaned from `chunk`) that names a way of working of its own: two words or
    more ending in a noun that names a way of doing, not a deed ('Bootstrapping Features'), naming one thing (see
    _names_one_thing), and known neither by its key in `known` nor to the gazetteers, nor generic, nor a way of
    learning; None otherwise."""
    if len(phrase) < 2 or phrase.end != chunk.end or not names_a_means(phrase[-1]) \
            or phrase[0].lower_.endswith("ing"):
        return None
    label = lower_title_case(phrase)
    key = label_key(label)
    if key in known or alias_index().get(key) is not None or is_generic_label(label) or is_paradigm(label) \
            or not _names_one_thing(phrase, chunk):
        return None
    return label


def _names_one_thing(phrase: Span, chunk: Span) -> bool:
    """A title's phrase that names one thing of its own: no verb inside ('... to Enhance Word Representation'),
    no number first ('4-Approximation Algorithm', a result), no number or word of NAME_START_WORDS left off its
    front ('First Order GANs': cut from a name), nor a kind of a known thing ('Text Embedding Model')."""
    doc = phrase.doc
    if any(t.tag_ in {"VB", "VBP", "VBZ", "VBD", "MD"} for t in phrase) or phrase.text[:1].isdigit():
        return False
    if any(t.lower_ in NAME_START_WORDS or t.like_num for t in doc[chunk.start : phrase.start]):
        return False
    return not (phrase[-1].lemma_.lower() in GENERIC_HEADS and len(phrase) > 1
                and alias_index().get(label_key(phrase[:-1].text)) is not None)


def title_paradigms(title_doc: Doc, known: set[str]) -> list[Mention]:
    """The ways of learning a title names as a phrase of its own ('Action Space Design in Reinforcement Learning
    for ...', '... via Self-Supervised Learning') that the abstract's mentions (keys in `known`) do not: the setting
    the paper works in, or the problem it sets out to solve when the title leads with it and then names its means
    ('Semi-Supervised Learning via Deep Network Inversion')."""
    evidence = [Evidence(title_doc.text, 0, len(title_doc.text), field="title")]
    found = []
    for cand in _title_candidates(title_doc):
        if not cand.canonical or not is_paradigm(cand.canonical) or not cand.keys.isdisjoint(known) \
                or not all(_whole_phrase(span) for span in cand.spans):
            continue
        if sought_by_title(title_doc.text, cand.keys):
            found.append(Mention(label=cand.canonical, type="Task", role="addresses", confidence=0.7,
                                 rule="title-paradigm", cue="title", canonical=cand.canonical, evidence=evidence))
        else:
            means = next((word for span in cand.spans if (word := _means_before(span))), None)
            found.append(Mention(label=cand.canonical, type="Method", role="uses", confidence=0.7,
                                 rule="title-paradigm", cue=means or "title", canonical=cand.canonical,
                                 evidence=evidence))
    return found


def title_means(title_doc: Doc, known: set[str]) -> list[Mention]:
    """The ways of working a title names as its means ('... via Focus-Guided Sampling', '... via Parameter
    Sharing') that neither the abstract's mentions (keys in `known`) nor the gazetteers know: the paper's own way
    when the field has no such phrase, one it works with when the field has. A phrase must end in a noun that
    names a way of doing ('sampling', 'operator', 'module'), not data, a setting or a result ('... with Missing
    Data', '... with Statistical Guarantees'), and must begin right after the means word: '... by Rejecting
    Extreme Augmentations' names a deed, not a thing."""
    evidence = [Evidence(title_doc.text, 0, len(title_doc.text), field="title")]
    found, seen = [], set(known)
    chunks = {chunk.start: chunk for chunk in noun_chunks(title_doc)}
    # (all capitals hide what is a name; a question's words ask about what they name: 'Do LLMs with CoT ...?')
    asked = max((t.i for t in title_doc if t.text == "?"), default=-1)
    for token in title_doc[asked + 1 :] if not title_doc.text.isupper() else ():
        if token.lower_ not in MEANS_WORDS:
            continue
        start = token.i + 1
        chunk = (chunks.get(start) or chunks.get(start + 1)) if start < len(title_doc) and (
            start in chunks or title_doc[start].lower_ in {"a", "an", "the"}) else None
        phrase = clean_phrase(chunk) if chunk is not None else None
        label = _way_of_its_own(phrase, chunk, seen) if phrase is not None else None
        if label is None:
            continue  # (not a deed: 'by Bootstrapping Features', 'via Simulating Human ... Process')
        if phrase[-1].lemma_.lower() in GENERIC_HEADS and len(phrase) <= 3 \
                and not any("-" in t.text or t.is_upper for t in phrase[:-1]):
            continue  # 'with a Polynomial Time Algorithm', 'using Probabilistic Models': a kind, not a thing
        key = label_key(label)
        if any(f" {key} " in f" {other} " for other in known):
            continue  # a part of a longer name the abstract gives: 'EPIC (Edit Path Interpolation via ...)'
        seen.add(key)
        if _a_kind_of_large_language_model(key):
            continue  # (the language model itself is the title's mention)
        # (one that holds a known method is as often the paper's own variant of it: '... with Adversarial
        # Convolutional Variational Autoencoder')
        own = reference_df(key) < ESTABLISHED_DF
        found.append(Mention(label=label, type="Method", role="proposes" if own else "uses", confidence=0.6,
                             rule="title-means", cue=token.text.lower(), evidence=evidence))
    return found


def _a_kind_of_large_language_model(key: str) -> bool:
    """'... with Fine-Tuned Large Language Models', '... Using Only Large Language Model Prompting': a large
    language model is trained once and worked with, whatever the title says of how; a kind of it is no way of its
    own (a language model the title qualifies otherwise may be: '... with Propagation Structure Infused Language
    Model')."""
    words = key.split()
    return ("large" in words and " language model " in f" {key} ") or any(w in {"llm", "llms"} for w in words)


NAME_PART_TAGS = frozenset(["ADJ", "NOUN", "PROPN", "NUM", "VERB"])
SET_APART_WORDS = frozenset(["beyond", "without", "versus", "vs", "vs.", "against", "than", "replacing", "not"])


def _whole_phrase(span) -> bool:
    """A title's mention that is a phrase of its own: not what the title moves away from ('Beyond
    Backpropagation'), not the head of a longer name ('Disentangled Graph Convolutional Networks', 'Set
    Transformer'), not the title's name itself ('CoT: Cooperative Training ...')."""
    doc = span.doc
    if any(t.lower_ in SET_APART_WORDS for t in doc[max(0, span.start - 2) : span.start]):
        return False
    if span.start >= 3 and doc[span.start - 1].lower_ == "as" and doc[span.start - 3].lower_ == "as":
        return False  # 'Training RNNs as Fast as CNNs': what the paper measures itself against
    if _modified_before(span):
        return False
    head = span.root.head
    if span.root.dep_ in {"compound", "amod", "nmod"} and head.i >= span.end and any(
            t.i < span.start and t.pos_ in NAME_PART_TAGS for t in head.lefts):
        return False  # 'Dense Transformer Networks': a part of the name of a network of the title's own
    colon = next((t.i for t in doc if t.text == ":"), len(doc))
    return not (span.start == 0 and span.end >= colon)


def _modified_before(span) -> bool:
    """The word right before the mention is part of a longer name that ends with it ('Disentangled Graph
    Convolutional Networks', 'Set Transformer')."""
    before = span.doc[span.start - 1] if span.start > 0 else None
    return before is not None and span.start <= before.head.i < span.end and before.pos_ in NAME_PART_TAGS


def _heads_a_longer_name(span) -> bool:
    """The mention ends a longer name its words before modify, and the title does not move away from it ('Beyond
    Backpropagation')."""
    return _modified_before(span) and not any(
        t.lower_ in SET_APART_WORDS for t in span.doc[max(0, span.start - 4) : span.start])


def _means_before(span) -> str | None:
    """The means word ('via', 'with', 'using') right before the mention, across an article and its modifiers."""
    doc = span.doc
    i = span.start - 1
    while i >= 0 and (doc[i].lower_ in {"a", "an", "the"} or doc[i].pos_ == "ADJ"):
        i -= 1
    return doc[i].text if i >= 0 and doc[i].lower_ in MEANS_WORDS else None
