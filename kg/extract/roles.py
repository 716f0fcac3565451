"""What the paper does with each candidate: proposes it, compares against it, evaluates it, or uses/addresses it.

The cues are read off the dependency parse ("we propose X", "X, a novel ...", "called X", "outperforms X",
"compared with X") and off spaCy Matcher patterns for fixed phrases.
"""

from __future__ import annotations

from typing import NamedTuple

from spacy.tokens import Doc, Span, Token

from kg.extract.acronyms import initials_long_form
from kg.extract.background import opening_sentences, prior_work_word, speaks_of_itself
from kg.extract.candidates import (
    EVERYDAY_ACRONYMS,
    TOOL_PREPOSITIONS,
    Candidate,
    is_name_token,
    list_around,
    noun_chunks,
    ways_of,
)
from kg.extract.gazetteer import alias_index
from kg.extract.lexicon import (
    AUTHOR_SUBJECTS,
    DATASET_HEADS,
    EXAMPLE_MARKERS,
    EXPERIMENT_WORDS,
    KIND_HEADS,
    KIND_NOUNS,
    NAMING_WORDS,
    OWN_KINDS,
    OWN_NOUNS,
    PRIOR_SUBJECT_WORDS,
    PRIOR_WORK_WORDS,
    USE_VERBS,
)
from kg.normalize import label_key, names_any
from kg.specificity import ESTABLISHED_DF, is_term, reference_df

PROPOSE_VERBS = frozenset(
    [
        "propose", "introduce", "present", "describe", "develop", "design", "devise", "build", "construct", "create",
        "contribute", "release", "unveil", "put"
    ]
)
# 'we provide a badminton dataset, ShuttleSet': these verbs introduce a dataset or benchmark, not a method
DATA_PROPOSE_VERBS = frozenset(["provide", "collect", "curate", "offer", "gather", "compile"])
# 'our results present evidence': what the paper found, not a part of what it builds
RESULT_NOUNS = frozenset(["result", "experiment", "finding", "evaluation", "observation", "analysis", "ablation"])
# 'which we call FooNet', 'we term this FooNet': the author names it
# 'a novel fusion module is designed': the passives that say a paper proposes (not 'X is described as', 'X is
# built upon')
PASSIVE_PROPOSE_VERBS = frozenset(["propose", "introduce", "present", "design", "develop", "devise"])
NAMING_VERBS = frozenset(["call", "name", "term", "dub", "coin"])
NOVELTY_WORDS = frozenset(["novel", "new", "our", "first", "proposed"])
# What a method is made robust against, not a rival it is compared with ('tested against adaptive attacks')
THREAT_HEADS = frozenset(["attack", "attacks", "adversary", "adversaries", "perturbation", "perturbations"])
NOTION_NOUNS = frozenset(["notion", "concept"])
CONTAINERS = frozenset(["suite", "set", "series", "family", "collection", "combination", "pair", "range", "number"])
LIST_OPENERS = frozenset(["including", "namely", ":"])
GENERIC_OBJECTS = frozenset(["technique", "method", "approach", "strategy", "component", "module", "improvement"])
ESTABLISHED_WORDS = frozenset(
    [
        "popular", "standard", "classic", "classical", "existing", "well-known", "widely", "common", "commonly",
        "recent", "prior", "previous", "state-of-the-art", "strong", "leading", "famous", "large-scale", "benchmark",
        "dataset"
    ]
)
COMPARE_VERBS = frozenset(
    [
        "outperform", "surpass", "beat", "exceed", "outmatch", "outpace", "dominate", "overtake"
    ]
)
# 'rivals X', 'approximates the performance of X', 'is on par with X'
LEVEL_VERBS = frozenset(["rival", "approximate", "match", "equal"])
RESULT_NOUNS_COMPARED = frozenset(["performance", "accuracy", "quality", "results", "result", "rate", "bound",
                                   "guarantee", "complexity"])
LEVEL_WORDS = frozenset(["compared", "comparison", "relative", "contrast", "comparable", "par", "competitive",
                         "superior", "superiority", "inferior", "preferable", "alternative", "alternatives"])
# ('its superiority to X', 'a practical alternative to X')
# 'as fast as X', 'as costly as X' compare; 'as well as X', 'as long as', 'as many as 10' do not
NOT_EQUATIVE = frozenset(["well", "long", "soon", "far", "much", "many", "few", "such", "so", "follows"])


COMPARE_FORMS = frozenset(verb + ending for verb in COMPARE_VERBS for ending in ("", "s", "ing", "ed"))


def is_compare_verb(token: Token) -> bool:
    """'outperform' in any form: the tagger reads 'outperforming' as an adjective at times, whose lemma stays; the
    tokenizer parts 'out-performing' into three."""
    if token.lemma_ == "perform" and token.i >= 2 and token.nbor(-1).text == "-" and token.nbor(-2).lower_ == "out":
        return True
    return token.lemma_ in COMPARE_VERBS or token.lower_ in COMPARE_FORMS


def _level_of(span: Span) -> bool:
    """'approximates the performance of X', 'matches the accuracy of X': X is what the paper measures itself
    against."""
    root = span.root
    while root.dep_ == "conj" and root.head.i != root.i:
        root = root.head
    of = root.head
    if root.dep_ != "pobj" or of.lower_ != "of":
        return False
    noun = of.head
    return noun.lower_ in RESULT_NOUNS_COMPARED and noun.dep_ == "dobj" and (
        noun.head.lemma_ in LEVEL_VERBS or is_compare_verb(noun.head))


# 'differs from X', 'distinct from X': what the paper sets its subject apart from
CONTRAST_WORDS = frozenset(["differ", "different", "distinct", "depart", "deviate"])
COMPARE_PREPS = frozenset(
    [
        "against", "than", "over", "versus", "vs", "vs.", "unlike"
    ]
)
EVALUATE_VERBS = frozenset(
    [
        "evaluate", "benchmark", "test", "assess", "analyze", "analyse", "probe", "examine", "audit", "measure",
        "investigate", "attack", "jailbreak"
    ]
)
ASPECT_VERBS = frozenset(["study", "characterize", "characterise", "quantify", "understand", "explain"])
EVALUATE_NOUNS = frozenset(["evaluation", "analysis", "assessment", "benchmarking", "study", "comparison", "audit"])
# 'existing methods such as X', 'baselines including X': the listed methods are what the paper compares with
# 'without X', 'eliminates the need for X': the paper does without it
NEGATING_VERBS = frozenset(["eliminate", "avoid", "remove", "bypass", "obviate", "forgo", "circumvent", "discard"])
SUCCESS_VERBS = frozenset(
    [
        "outperform", "surpass", "beat", "exceed", "achieve", "attain", "improve", "reduce", "enable", "yield",
        "obtain", "eliminate", "deliver", "demonstrate", "show", "provide", "offer", "allow"
    ]
)


def _is_author_subject(verb: Token, purpose: bool = False) -> bool:
    """Whether the authors do it: 'we propose X', 'this work introduces X' (not 'recent work introduces X'), 'our
    FooNet designs X', 'we first propose X and then introduce Y', 'we aim to propose X'; with `purpose`, also 'we
    run experiments to evaluate X'."""
    for child in verb.children:
        if child.dep_ not in {"nsubj", "nsubjpass"}:
            continue
        modifiers = {c.lower_ for c in child.children}
        if child.lower_ in AUTHOR_SUBJECTS and modifiers.isdisjoint(PRIOR_SUBJECT_WORDS):
            return True
        if child.pos_ in {"NOUN", "PROPN"} and "our" in modifiers and child.lemma_.lower() not in RESULT_NOUNS:
            return True
    own_subject = any(c.dep_ in {"nsubj", "nsubjpass"} and c.tag_ not in {"WDT", "WP"} for c in verb.children)
    doc = verb.doc
    if not own_subject and verb.i >= 2 and doc[verb.i - 2].lower_ in {"this", "our"} \
            and doc[verb.i - 1].lower_ in OWN_NOUNS:
        return True  # 'This paper presents FOO BAR (FB)', parsed with 'paper' modifying the verb
    if verb.dep_ == "conj" and verb.head.pos_ in {"VERB", "AUX"} and not own_subject:
        # (not 'we consider a setting ..., and there the Byzantine machines may create fake minima': the joined
        # verb has a doer of its own)
        head = verb.head
        if head.dep_ == "ccomp" and verb.tag_ in {"VB", "VBP"} and not any(
                c.dep_ in {"nsubj", "nsubjpass"} and head.tag_ != "VBZ" for c in head.children):
            # 'we find X is redundant, and propose Y', parsed as joined to what was found: the finder proposes
            return _is_author_subject(head.head, purpose)
        if head.dep_ == "relcl" and verb.tag_ in {"VB", "VBP"} and head.head.head.pos_ == "ADP" \
                and head.head.head.head.pos_ == "VERB":
            # 'we focus on the scenarios where X is missing and propose Y', parsed as joined to the scenario's
            # clause: the verb that holds the scenario proposes
            return _is_author_subject(head.head.head.head, purpose)
        return _is_author_subject(head, purpose)
    if verb.dep_ == "xcomp" and verb.head.pos_ == "VERB":
        return _is_author_subject(verb.head, purpose)
    if verb.tag_ == "VBG" and verb.dep_ == "pcomp" and verb.head.lower_ in {"by", "on"} \
            and verb.head.head.pos_ == "VERB":
        # 'this paper addresses X by introducing FooNet', 'we focus on solving it by introducing FooNet'
        return _is_author_subject(verb.head.head, purpose)
    if verb.tag_ == "VBG" and verb.dep_ in {"advcl", "acl"} and verb.i > 0 and verb.doc[verb.i - 1].text == ",":
        governor = verb.head  # 'we incorporate X into the Y of a Z, proposing FooGAN': the clause's own verb
        while governor.pos_ not in {"VERB", "AUX"} and governor.head.i != governor.i:
            governor = governor.head
        return governor.pos_ in {"VERB", "AUX"} and _is_author_subject(governor, purpose)
    if purpose and verb.dep_ == "advcl" and verb.head.pos_ == "VERB" and any(
            c.lower_ == "to" and c.dep_ == "aux" for c in verb.children):
        return _is_author_subject(verb.head, purpose)
    return False


OBJECT_DEPS = frozenset({"compound", "appos", "conj", "amod", "nmod", "npadvmod"})
NAME_DEPS = frozenset({"compound", "appos", "conj", "nmod"})


def _head_chain(token: Token, deps: frozenset[str] = OBJECT_DEPS) -> set[int]:
    """The object's own words: itself, its compounds, appositions and conjuncts (not its clauses)."""
    chain = {token.i}
    for child in token.children:
        if child.dep_ in deps:
            chain |= _head_chain(child, deps)
    return chain


def _listed_segments(sent: Span, after: int) -> list[Span]:
    """'..., including A, B, and C.' -> spans A, B and C (split on commas and 'and'; the parse of long lists
    is too often wrong to follow)."""
    doc = sent.doc
    start = next((t.i + 1 for t in doc[after : sent.end] if t.lower_ in LIST_OPENERS), None)
    if start is None:
        return []
    segments, begin = [], start
    for token in doc[start : sent.end]:
        if token.text in {";", "(", ".", ")"}:
            break
        if token.text == "," or token.lower_ in {"and", "or"}:
            if token.i > begin:
                segments.append(doc[begin : token.i])
            begin = token.i + 1
    else:
        token = None
    end = token.i if token is not None else sent.end
    if end > begin:
        segments.append(doc[begin:end])
    short = [s if len(s) <= 6 else _leading_name(s) for s in segments if len(s) > 0]
    return [s for s in short if s is not None]


def _leading_name(segment: Span) -> Span | None:
    """'FooQA MATE to evaluate models on ...' -> 'FooQA MATE': the capitalised words a long list item opens with."""
    end = segment.start
    while end < segment.end and (is_name_token(segment.doc[end]) or segment.doc[end].is_title
                                 or segment.doc[end].is_upper):
        end += 1
    return segment.doc[segment.start : end] if end > segment.start else None


def _proposal_object(token: Token) -> tuple[set[int], list[Span]]:
    """The words an author's 'we propose X' names, and the phrases it lists ('a suite of techniques, including
    A, B and C')."""
    if token.lemma_ in NOTION_NOUNS:  # 'we introduce the notion of algebraic mass function': the notion itself
        inners = [o for c in token.children if c.dep_ == "prep" and c.lower_ == "of"
                  for g in c.children if g.dep_ == "pobj" for o in (g, *g.conjuncts)]
        if inners:
            found = [_proposal_object(inner) for inner in inners]
            return {i for words, _ in found for i in words}, [span for _, spans in found for span in spans]
    inner = token
    if token.lemma_ in CONTAINERS:
        inner = next((g for c in token.children if c.dep_ == "prep" and c.lower_ == "of"
                      for g in c.children if g.dep_ == "pobj"), token)
    colon_list = token.i + 1 < token.sent.end and token.doc[token.i + 1].text == ":" and token.tag_ == "NNS"
    if inner.lemma_ in GENERIC_OBJECTS or token.lemma_ in CONTAINERS or colon_list:  # 'three benchmarks: A, B'
        listed = _listed_segments(token.sent, token.i)
        if listed:
            return {t.i for span in listed for t in span}, listed
    # (not a description in apposition: 'the Quux-Aware Graph Folding (QAGF) algorithm, a semi-supervised
    # approach' proposes the algorithm by its name)
    named = [child for child in token.children if child.dep_ == "appos" and not (child.pos_ == "NOUN"
                                                                                 and child.is_lower)]
    if named:  # 'a fully sequential PAC algorithm, FooUCB': the name is the proposal, not the modifiers
        return {token.i} | {i for child in named for i in _head_chain(child)} \
            | _named_after_colon(token, every_name=True), []
    return (_head_chain(token) | _name_after(token) | _defined_name_after(token) | _named_after_colon(token)
            | _coined_name_within(token)), []


NAME_JOINERS = frozenset(["of", "for", "via", "with", "and", "to", "in", "on", "-"])


def _name_run_end(doc: Doc, start: int, stop: int, joiners: frozenset[str]) -> int:
    """Where the capitalised words from `start` end, `joiners` allowed between them ('Unlearning via Null Space
    Calibration')."""
    end = start
    while end < stop and (doc[end].is_title or doc[end].is_upper or is_name_token(doc[end])
                          or (end > start and doc[end].lower_ in joiners)):
        end += 1
    return end


def _name_after(token: Token) -> set[int]:
    """'a new variant of the FooR methodology, Uncertainty-Aware FooR (UAFooR), that ...': a capitalised name with
    its acronym right after the object's phrase and a comma, which the parser hangs elsewhere."""
    doc = token.doc
    start = token.right_edge.i + 2
    if start >= token.sent.end or doc[start - 1].text != ",":
        return set()
    end = _name_run_end(doc, start, token.sent.end, NAME_JOINERS | {"as"})  # ('Navigation as Wish (NAW)')
    if end == start or end + 2 >= token.sent.end or doc[end].text != "(" or not doc[end + 1].is_upper \
            or doc[start].is_stop:  # ('On-Demand ...': a name the candidates cannot hold whole)
        return set()
    return set(range(start, end))


def _coined_name_within(token: Token) -> set[int]:
    """'a novel AL strategy for surgery video segmentation, COWAL, COrrelation aWare Active Learning': one coined
    word between commas that the parser hangs on the object's last noun."""
    if token.lemma_ not in KIND_HEADS and token.lemma_ not in DATASET_HEADS:
        return set()
    doc = token.doc
    coined = [t for t in token.subtree if t.i > token.i and t.dep_ in {"appos", "conj"} and is_name_token(t)
              and doc[t.i - 1].text == "," and t.i + 1 < len(doc) and doc[t.i + 1].text in {",", "."}]
    if len(coined) != 1 or (coined[0].i + 2 < len(doc) and doc[coined[0].i + 2].lower_ in {"and", "or"}):
        return set()  # a list of names, not the name of the object
    return {coined[0].i}


def _defined_name_after(token: Token) -> set[int]:
    """'by introducing machine Unlearning via Null Space Calibration (UNSC)': a capitalised name with its acronym
    right after the object's word, which the parser splits into pieces hung elsewhere."""
    doc = token.doc
    start = token.right_edge.i + 1
    end = _name_run_end(doc, start, token.sent.end, NAME_JOINERS)
    if end == start or end + 2 >= token.sent.end or doc[end].text != "(" or not doc[end + 1].is_upper \
            or doc[end + 2].text != ")" or doc[end + 1].text[0].lower() != doc[start].text[0].lower():
        return set()
    return set(range(start, end + 2))


def _name_right_after(verb: Token) -> set[int]:
    """'We present GR-NLP-TOOLKIT, an open-source ...', 'we propose Ranking Loss based Knowledge Distillation
    (RLKD), which ...': a name right after the verb that the parser did not make its object."""
    doc = verb.doc
    start = verb.i + 1
    end = _name_run_end(doc, start, verb.sent.end, NAME_JOINERS | {"based"})
    if end == start or not (is_name_token(doc[start]) or doc[start].is_upper or doc[start].is_title) \
            or doc[end - 1].lower_ in NAME_JOINERS | {"based"} or doc[start].is_stop:
        return set()
    if end + 2 < verb.sent.end and doc[end].text == "(" and doc[end + 1].is_upper and doc[end + 2].text == ")":
        end += 2
    return set(range(start, end))


def _name_defined_by_letters(verb: Token) -> set[int]:
    """'we define Linearised Additive Models (LAMs), an ...': a capitalised name right after the verb, given letters
    of its own there, is one the authors coin (not 'we define the regret', 'we define fairness as ...')."""
    doc = verb.doc
    start = verb.i + 1
    end = _name_run_end(doc, start, verb.sent.end, NAME_JOINERS)
    if end == start or doc[start].is_stop or doc[end - 1].lower_ in NAME_JOINERS or end + 2 >= verb.sent.end \
            or not _letters_open_at(doc, end) or doc[end + 2].text != ")":
        return set()
    return set(range(start, end + 2))


def _letters_open_at(doc: Doc, i: int) -> bool:
    """'(IIR', '(LAMs': a bracket at `i` that opens on capital letters, a plural's 's' allowed."""
    return i + 1 < len(doc) and doc[i].text == "(" and doc[i + 1].text.removesuffix("s").isupper()


# what closes a name that is the whole object of a proposal: 'We propose QuuxFormer, a ...', 'We present QUILL: ...'
NAME_CLOSERS = frozenset([",", ":", "—", "–", "(", "."])
# the verbs of proposal that make a known name new when they take it whole ('build' or 'release' a known name
# uses it)
WHOLE_NAME_VERBS = frozenset(["propose", "introduce", "present"])


def proposed_by_its_name(span: Span) -> bool:
    """'We propose QuuxFormer, a scalable ...', 'this paper presents QUILL: a ...': a name written as a name, right
    after the authors' verb of proposal and closed by punctuation. The sentence makes it new, even when the name is
    a known one (the paper that brought it, or another thing of the same name)."""
    doc = span.doc
    if span.start <= span.sent.start or span.end >= span.sent.end or doc[span.end].text not in NAME_CLOSERS:
        return False
    verb = doc[span.start - 1]
    return verb.lemma_ in WHOLE_NAME_VERBS and verb.pos_ == "VERB" and _is_author_subject(verb) \
        and not span.text.islower()


# the words of a prepositional phrase between a noun and the colon that names it
PHRASE_POS = frozenset(["ADP", "DET", "NUM", "ADJ", "NOUN", "PROPN"])


def _named_after_colon(token: Token, every_name: bool = False) -> set[int]:
    """'this paper introduces a novel solution to this challenge: the Foo Fusion Network (FFN)': the kind of thing
    proposed, then a colon and its name (all the names there with `every_name`, or when the parser misreads their
    head as a verb: 'two algorithms: the A and B algorithms')."""
    doc = token.doc
    colon = token.right_edge.i + 1
    if any(t.text == ":" for t in doc[token.i : colon]):
        colon = token.i + 1  # (the names after the colon parsed as the noun's apposition)
    while colon < token.sent.end and doc[colon].text != ":" and (doc[colon].pos_ in PHRASE_POS
                                                                  or doc[colon].text == "-"):
        colon += 1  # ('two new algorithms in one dimension: the A and B algorithms')
    if token.lemma_ not in KIND_HEADS or colon + 1 >= token.sent.end or doc[colon].text != ":":
        return set()
    stop = next((t.i for t in doc[colon + 1 : token.sent.end] if t.text in {",", ";", ".", ":"} or t.dep_ == "relcl"),
                token.sent.end)
    named = doc[colon + 1 : stop]
    names = {t.i for t in named if is_name_token(t) or t.is_title or t.is_upper}
    if not names:
        return set()
    chain = _head_chain(named.root)
    return chain | names if every_name or named.root.pos_ not in {"NOUN", "PROPN"} else chain


def _second_object(token: Token) -> bool:
    """'designs the A to do X, and the B to do Y': a noun phrase the parser hangs from the verb as a conjunct."""
    return token.dep_ == "conj" and token.pos_ in {"NOUN", "PROPN"} and any(
        c.dep_ == "det" and c.lower_ in {"the", "a", "an"} for c in token.children)


def _proposal_objects(sent: Span) -> tuple[set[int], list[Span]]:
    """The words of what the authors propose in a sentence, and the phrases they list as proposed (kept per doc:
    several rules ask of the same sentence)."""
    known = sent.doc.user_data.setdefault("kg_proposal_objects", {})
    if sent.start not in known:
        known[sent.start] = _find_proposal_objects(sent)
    return known[sent.start]


def _find_proposal_objects(sent: Span) -> tuple[set[int], list[Span]]:
    objects: set[int] = set()
    listed: list[Span] = []
    for token in sent:
        offers_data = token.lemma_ in DATA_PROPOSE_VERBS and any(
            c.dep_ == "dobj" and c.lower_ in DATASET_HEADS for c in token.children)
        if (token.lemma_ in PROPOSE_VERBS or offers_data) and token.pos_ == "VERB" and _is_author_subject(token):
            found: set[int] = set()
            children = list(token.children)
            if not any(c.dep_ in {"dobj", "xcomp"} for c in children):
                # 'we introduce and study X': the object hangs from the verb joined to the proposing one (not 'we
                # propose to use graphs and use graph-based methods')
                children += [g for c in children if c.dep_ == "conj" and c.pos_ == "VERB"
                             and c.lemma_ not in USE_VERBS for g in c.children if g.dep_ == "dobj"]
            for child in children:
                if child.dep_ in {"dobj", "attr", "oprd"} or _second_object(child):
                    words, phrases = _proposal_object(child)
                    found |= words
                    listed += phrases
            name_after_verb = _name_right_after(token)
            if not any(c.dep_ in {"dobj", "attr", "oprd", "xcomp", "ccomp"} and c.i > token.i for c in children) \
                    or any(c.dep_ == "ccomp" and c.i > token.i and c.tag_ in {"VBN", "VBD"} for c in children) \
                    or (found and min(found) in name_after_verb):
                found |= name_after_verb  # (and 'we propose Ranking Loss based Knowledge Distillation (RLKD),
                # which ...', whose object the parser starts inside the name)
            for word in token.subtree:  # 'we propose a novel framework via X, namely FooNet, which ...'
                if word.lower_ == "namely" and word.head.dep_ == "appos" and word.i > token.i \
                        and _looks_named(word.head):
                    found |= _head_chain(word.head)
            if any(a.dep_ == "pcomp" for a in (token, *token.ancestors)) and not any(
                    _looks_named(sent.doc[i]) for i in found):
                found = set()  # 'we fix it by introducing a weighting term': a step of the method, unless named
            objects |= found
        if token.lemma_ in PASSIVE_PROPOSE_VERBS and token.tag_ == "VBN" and not _names_prior_work(sent) and any(
                c.dep_ == "auxpass" and c.lower_ in {"is", "are"} for c in token.children) \
                and not any(c.dep_ == "agent" for c in token.children):
            for child in token.children:  # 'a novel network for X, namely FooFlow (FF), is proposed'
                if child.dep_ == "nsubjpass" and child.pos_ in {"NOUN", "PROPN"} \
                        and not _proposed_by_the_field(child):
                    objects |= _head_chain(child) | _coined_name_within(child)
                    for word in child.subtree:
                        if word.lower_ in {"namely", "i.e."} and word.head.i != child.i:
                            objects |= _head_chain(word.head)
        if token.lemma_ == "define" and token.pos_ == "VERB" and _is_author_subject(token):
            objects |= _name_defined_by_letters(token)
        if token.lemma_ in NAMING_VERBS and token.pos_ == "VERB" and _is_author_subject(token):
            for child in token.children:
                if child.dep_ in {"oprd", "attr", "xcomp"} or (child.dep_ == "dobj" and child.pos_ != "PRON"):
                    objects |= _head_chain(child)
        if token.lower_ in NAMING_WORDS and not _names_prior_work(sent) and not _named_for_use(token):
            for child in token.children:
                if child.dep_ in {"oprd", "attr", "dobj", "xcomp", "appos", "npadvmod", "prep"}:
                    objects |= _head_chain(child)
                    for grandchild in child.children:
                        if grandchild.dep_ == "pobj":
                            objects |= _head_chain(grandchild)
            nxt = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
            if nxt is not None and nxt.lower_ == "as" and nxt.i + 1 < sent.end:
                objects |= _head_chain(token.doc[nxt.i + 1])
        if token.lower_ == "resulting" and not _names_prior_work(sent):
            # 'the resulting architecture, FooNet (FN), ...', '..., resulting in the Foo Rating System (FRS)'
            if token.dep_ == "amod" and token.head.lemma_ in KIND_HEADS:
                objects |= {i for c in token.head.children if c.dep_ == "appos" and c.pos_ == "PROPN"
                            for i in _head_chain(c)}
            objects |= {i for c in token.children if c.dep_ == "prep" and c.lower_ == "in"
                        for g in c.children if g.dep_ == "pobj" and g.pos_ == "PROPN" for i in _head_chain(g)}
        if token.lower_ == "referred" and speaks_of_itself(sent) and not _names_prior_work(sent) \
                and token.doc[token.i + 1 : token.i + 3].text.lower() == "to as":
            named = token.doc[token.i + 2]  # '..., referred to as online logit modulation (OLM)'
            objects |= {i for c in named.children if c.dep_ == "pobj" for i in _head_chain(c)}
            if named.i + 1 < sent.end and _looks_named(token.doc[named.i + 1]):
                objects.add(named.i + 1)  # '... referred to as FooITE', however it is parsed
    return objects, listed


def _proposed_by_the_field(subject: Token) -> bool:
    """The subject of a passive proposal, 'Variational RNNs are proposed to output creative sequences',
    'Personalized federated learning (PFL) is designed for ...', 'A private FooMM was proposed in prior work', before
    the paper first speaks of itself: what the field brought, unless it is one new thing told in the present ('A
    novel FooNet is proposed', 'A probabilistic framework ... is developed': an abstract's own opening)."""
    if subject.sent.start not in opening_sentences(subject.doc):
        return False
    told_before = any(c.dep_ == "auxpass" and c.lower_ in {"was", "were"} for c in subject.head.children)
    return told_before or not (any(t.lower_ in {"novel", "new"} for t in subject.subtree)
                               or any(c.lower_ in {"a", "an"} for c in subject.children))


def _looks_named(token: Token) -> bool:
    """'FooNet', 'UNSC': a coined word or letters, not '3D' nor a capitalised common word."""
    return is_name_token(token) or (token.is_upper and token.is_alpha and len(token) > 1
                                    and token.text not in EVERYDAY_ACRONYMS)


def _closes_object(span: Span, objects: set[int]) -> bool:
    """'a novel compression method based on keyword extraction (PCKE)': letters in brackets a few words after the
    object, with no clause or list between."""
    between = span.doc[max(objects) + 1 : span.start - 1]
    return len(between) <= 6 and not any(
        t.text in {",", ";", ":"} or t.lower_ in {"and", "or"} or (t.pos_ in {"VERB", "AUX"} and t.tag_ != "VBN")
        for t in between)


def _letters_of_a_purpose(span: Span) -> bool:
    """'we present FooBench, a benchmark designed to evaluate Comparative Question Answering (CompQA) systems':
    bracketed letters of the words before them, in what the proposal is for (a 'to' clause), not a name of the
    proposal's own (as '... a novel approach to enhance X in ABSA (MambaForGCN)' is)."""
    if not any(short.start == span.start and short.end == span.end and long.end == span.start - 1
               for short, long in span.doc._.kg_acronyms or []):
        return False
    verb = span.root
    while verb.pos_ not in {"VERB", "AUX"} and verb.head.i != verb.i:
        verb = verb.head
    return verb.pos_ in {"VERB", "AUX"} and any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)


def _abbreviates_words_before(span: Span) -> bool:
    """'(LMs)' after 'language models', '(III)': letters that stand for the words before them or count them, not
    a name of their own."""
    text = span.text.removesuffix("s")
    if any(long.start == span.start and long.end == span.end and short.end == span.start - 1
           for short, long in span.doc._.kg_acronyms or []):
        return True  # 'the OLOP (open-loop optimistic planning) algorithm': the long form of the letters before
    if not text.isupper():
        return False
    defined = span.doc._.kg_acronym_map or {}
    before = span.doc[max(span.sent.start, span.start - 9) : span.start - 1].text
    return span.text in defined or text in defined or set(text) <= set("IVX") \
        or initials_long_form(span.text, before) is not None


def _named_for_use(naming: Token) -> bool:
    """'a method that utilizes a tokenization technique called X': the name of something the paper takes up."""
    owner = naming.head
    return owner.dep_ in {"dobj", "pobj"} and owner.head.lemma_.lower() in USE_VERBS


def _names_prior_work(sent: Span) -> bool:
    """'Recently, a new scheme called FooSampling was developed': a name others gave, in a sentence that does not
    speak of the paper itself."""
    return not speaks_of_itself(sent) and (bool(prior_work_word(sent)) or any(
        t.lower_ in {"recently", "recent"} for t in sent))


def _coined_and_repeated(cand: Candidate) -> bool:
    """A name the field never wrote (in fewer than TERM_DF reference abstracts) that the abstract comes back to in
    two sentences or more, never as others' work: the paper's own ('we combine a norm-preserving activation,
    FooSort, with ...; FooSort networks reach ...')."""
    if len({span.sent.start for span in cand.spans}) < 2 or reference_df(cand.key) > 0 or " " in cand.label \
            or any(part[:1].isdigit() for part in cand.label.split("-")[1:]):
        return False  # ('Claude 3.5 Sonnet', 'Aya-23-8B': a version of a model's name, not one coined)
    return _met_in_own_words(cand)


def _met_in_own_words(cand: Candidate) -> bool:
    """First met where the paper speaks of itself or after (a name the opening meets is the field's), and never in
    a sentence on others' work."""
    sentences = {span.sent.start: span.sent for span in cand.spans}
    doc = cand.spans[0].doc
    own_from = next((sent.start for sent in doc.sents if speaks_of_itself(sent)), None)
    return own_from is not None and min(sentences) >= own_from and not any(
        _names_prior_work(sent) or prior_work_word(sent) for sent in sentences.values())


def proposal_phrases(doc: Doc) -> list[Span]:
    """Phrases an author proposes, whatever their head: 'we introduce a one-parameter variational objective'."""
    phrases = []
    for sent in doc.sents:
        objects, listed = _proposal_objects(sent)
        phrases += listed + [c for c in noun_chunks(doc) if sent.start <= c.start < sent.end and c.root.i in objects]
    return phrases


def _marked_new(span: Span) -> bool:
    """'we introduce novel surrogate loss functions': the words right before say it is the paper's own."""
    doc = span.doc
    return any(t.lower_ in {"novel", "new"} for t in doc[max(span.sent.start, span.start - 3) : span.start])


VARIANT_NOUNS = frozenset(["variant", "version", "extension", "generalization", "generalisation", "modification",
                           "adaptation", "improvement", "instance", "instantiation", "relaxation", "variation"])
QUALIFYING_SUFFIXES = frozenset(["based", "like", "inspired", "driven", "guided", "aware", "style", "free"])


def _only_qualifies(span: Span) -> bool:
    """'a GM-based framework', 'a variant of FooSGD': the named thing is what the proposal builds on."""
    doc = span.doc
    if span.end + 1 < len(doc) and doc[span.end].text == "-" and doc[span.end + 1].lower_ in QUALIFYING_SUFFIXES:
        return True
    before = doc[span.start - 1] if span.start > span.sent.start else None
    if before is not None and before.lower_ == "of":
        owner = before.head
        return owner.lemma_ in VARIANT_NOUNS
    return False


def _introduced_with_novelty(span: Span) -> bool:
    """'X, a novel framework that ...', 'X is a new method for ...', 'X, an efficient ... algorithm', 'the
    proposed technique, X, ...'."""
    doc = span.doc
    kind = span.root.head
    if span.root.dep_ == "appos" and kind.i < span.start and kind.lemma_ in OWNABLE_HEADS and any(
            c.dep_ in {"amod", "poss"} and (c.lower_ in {"proposed", "our"} or (
                c.lower_ in NOVELTY_WORDS and speaks_of_itself(span.sent))) for c in kind.children):
        return True  # ('a new business model, Model-as-a-Service': the field's, in a sentence on the field)
    i = span.end
    if i < len(doc) and doc[i].text in {",", "–", "—", ":"} or (i < len(doc) and doc[i].text == "-"
                                                                  and doc[i].whitespace_):
        window = doc[i + 1 : min(i + 8, span.sent.end)]
    elif i < len(doc) and doc[i].lemma_ == "be":
        window = doc[i + 1 : min(i + 4, span.sent.end)]
        if window and window[0].tag_ == "VBN" and _proposed_by_the_field(span.root):
            return False  # 'Variational FooNets are proposed to ...
    else:
        return False
    if window and window[0].pos_ in {"PROPN", "NOUN", "NUM"}:
        # the next item of a list, not an apposition: 'results on CIFAR, MNIST and a new dataset' bring no new CIFAR
        window = window[: next((k for k, t in enumerate(window) if t.lower_ in {"and", "or", ",", ";"}), len(window))]
    if any(t.lower_ in NOVELTY_WORDS for t in window[:4]):
        return True
    # an apposition that describes what the name is, in words that do not say it already existed
    if not window or window[0].lower_ not in {"a", "an"} or any(t.lower_ in ESTABLISHED_WORDS for t in window):
        return False
    return any(t.lower_ in KIND_NOUNS for t in window)


# What a name before it may be the name of: 'our FooNet model', 'our FooBench benchmark', 'our FooBot agent'
OWNABLE_HEADS = OWN_KINDS | KIND_HEADS | DATASET_HEADS | frozenset(
    ["agent", "controller", "planner", "library", "package", "suite", "simulator", "environment", "variant"])


def has_our(span: Span) -> bool:
    """'our X', 'the proposed X', 'Our model, X, ...'; not 'our ROS 2 software stack', where ours is the stack."""
    doc = span.doc
    root = span.root
    if root.dep_ in {"compound", "nmod"} and root.head.pos_ == "NOUN" \
            and root.head.lemma_.lower() not in OWNABLE_HEADS:
        return False
    if root.dep_ == "appos" and any(c.lower_ == "our" for c in root.head.children):
        return True
    before = doc[max(span.sent.start, span.start - 2) : span.start]
    if any(t.lower_ in {"our", "proposed"} for t in before):
        return True
    token = root.head if root.dep_ == "compound" else root
    if token.dep_ == "conj" and token.head.i < token.i and is_name_token(token.head):  # 'our FooNet and BarNet'
        first = token.head
        return any(t.lower_ in {"our", "proposed"} for t in doc[max(span.sent.start, first.i - 2) : first.i])
    head = span.root.head
    return any(c.lower_ in {"our", "proposed"} and c.i < span.start for c in head.children) if head.pos_ == "NOUN" \
        and span.root.dep_ == "compound" else False


# What a paper's own component is called: 'the proposed tele-teaching approach', 'our FooBar module'


def _names_our_kind(span: Span) -> bool:
    """'the proposed tele-teaching approach': the phrase names the paper's own approach by modifying its noun."""
    root = span.root
    return root.dep_ in {"compound", "amod", "nmod"} and root.head.lemma_ in OWN_KINDS and has_our(span)


# What a paper's own part is called ('a Foo Fusion Module (FFM)'); not 'network', 'unit' or 'loss', which as
# often end the long forms of the field's ('blind-spot network', 'gated recurrent unit', 'binary cross-entropy loss')
COMPONENT_NOUNS = frozenset(["module", "mechanism", "block", "layer", "encoder", "decoder", "head", "branch",
                             "component"])
PART_VERBS = frozenset(["consist", "comprise", "include", "contain", "compose", "incorporate", "feature"])


def _part_of_a_proposal(span: Span, own_tokens: set[int]) -> bool:
    """'FooNet consists of a Motion Encoder (ME) and a Texture Refiner (TR)', 'Our framework comprises two
    modules, BarNet and BazNet', 'we propose a Layer that includes the Foo Module (FM)': a name the paper coins
    for a part of what it proposes is its own too; a plural is a kind it takes up ('incorporates Large Multimodal
    Models'). `own_tokens` are the tokens of what the paper proposes."""
    if span.root.tag_ in {"NNS", "NNPS"}:
        return False
    preposition = span.root.head
    if span.root.dep_ == "pobj" and preposition.lower_ == "with" and preposition.head.i in own_tokens \
            and preposition.head.lemma_.lower() in OWN_KINDS and _letters_open_at(span.doc, span.end):
        return True  # 'we propose an editing model with an Image Information Removal module (IIR)': letters it
        # gives a part of its own (not 'we build FooLlama with LongLoRA')
    for verb in span.sent:
        if verb.i >= span.start:
            return False
        if verb.lemma_.lower() not in PART_VERBS or verb.pos_ not in {"VERB", "AUX"}:
            continue
        # the whole: the verb's subject, or the noun a relative clause hangs from ('a Layer that includes ...')
        wholes = [c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"}]
        own_subject = any(whole.tag_ not in {"WDT", "WP"} for whole in wholes)  # ('... where the data consists of')
        if verb.dep_ == "relcl":
            wholes.append(verb.head)
            holder = verb.head
            while holder.dep_ == "pobj" and holder.head.dep_ == "prep" and not own_subject:
                # 'we propose a method for UDA in image classification, which consists of ...', parsed as the
                # clause of the last noun: the nouns it hangs from, up to the object of the verb they hang from
                holder = holder.head.head
                wholes += [c for c in holder.children if c.dep_ == "dobj"] if holder.pos_ == "VERB" else [holder]
        for whole in wholes:
            if any(c.lower_ in {"our", "proposed"} for c in whole.children) and whole.lemma_.lower() in OWN_KINDS:
                return True  # 'our framework', 'the proposed model'
            if whole.i in own_tokens:
                return True  # a name the paper proposes, or what a sentence says it proposes
            if whole.lemma_.lower() in OWN_KINDS and any(c.lower_ in {"the", "this"} for c in whole.children) \
                    and own_tokens and min(own_tokens) < whole.sent.start:
                return True  # 'we propose FooNet ... The method includes the Bar Baz module
    return False


OWN_MARKS = frozenset(["our", "new", "novel", "proposed"])


def names_a_method(span: Span) -> bool:
    """'a novel class of off-policy algorithms, batch-constrained reinforcement learning', 'our approach is termed
    as elastic offline RL', 'a new paradigm termed X': a task-shaped phrase the paper gives as the name of its own
    kind of method (a KIND_HEADS noun marked as its own), not 'a technique called X' of the field's."""
    doc = span.doc
    root = span.root
    if root.dep_ == "appos" or (root.dep_ == "conj" and span.start > 0 and doc[span.start - 1].text == ","):
        owner = root.head  # 'a novel class of algorithms, X'
    else:
        naming = next((t for t in doc[max(span.sent.start, span.start - 2) : span.start] if t.lower_ in NAMING_WORDS),
                      None)
        if naming is None:
            return False
        subjects = [c for c in naming.children if c.dep_ in {"nsubj", "nsubjpass"}]
        owner = subjects[0] if subjects else naming.head  # 'our approach is termed as X', 'a new paradigm termed X'
    kinds = [owner] + [g for c in owner.children if c.dep_ == "prep" and c.lower_ == "of"
                       for g in c.children if g.dep_ == "pobj"]
    return any(c.lower_ in OWN_MARKS for c in owner.children) and any(k.lemma_.lower() in KIND_HEADS for k in kinds)


def _after_compare_cue(span: Span) -> bool:
    """'outperforms X', 'than the strong X': a cue a few words before, with no clause break between; or the first
    item of the list the span ends is after one ('better than the deterministic RNN and the variational dropout')."""
    doc = span.doc
    first = span.root.head
    if span.root.dep_ == "conj" and first.i < span.start and first.pos_ in {"NOUN", "PROPN"} \
            and _after_compare_cue(doc[first.left_edge.i : first.i + 1]):
        return True
    words = 0  # a hyphenated name counts as one word ('over gpt-3.5-turbo with X': three words back), and so
    # does a noun with the gerund the parser hangs from it ('the imitation learning X')
    for i in range(span.start - 1, span.sent.start - 1, -1):
        token = doc[i]
        glued = i + 1 < len(doc) and doc[i + 1].text == "-" and not token.whitespace_
        gerund_noun = token.tag_ == "VBG" and token.dep_ == "acl" and token.head.i == i - 1
        words += not (token.text == "-" or glued or gerund_noun)
        if words > 4:
            return False
        if is_compare_verb(token) or token.lower_ in COMPARE_PREPS:
            return True
        if token.lower_ in {"to", "with"} and (i > 0 and doc[i - 1].lower_ in LEVEL_WORDS
                                               or token.head.lower_ in LEVEL_WORDS and token.head.i < i):
            return True  # 'compared to X', 'a comparison of the dynamics of A to X'
        if token.lower_ == "as" and i > 1 and doc[i - 2].lower_ == "as" and doc[i - 1].pos_ in {"ADJ", "ADV"} \
                and doc[i - 1].lower_ not in NOT_EQUATIVE:
            return True  # 'as costly as X'
        if i > 0 and (doc[i - 1].lower_, token.lower_) in {("instead", "of"), ("rather", "than"), ("improves", "on"),
                                                           ("improve", "upon"), ("improves", "upon")}:
            return True
        if token.lower_ == "from" and i > 0 and doc[i - 1].lemma_.lower() in CONTRAST_WORDS:
            return True  # 'which differs from traditional X', 'distinct from X'
        if token.text == "-" and not token.whitespace_ and i > 0 and not doc[i - 1].whitespace_:
            continue  # inside a hyphenated name ('over gpt-3.5-turbo with X')
        if token.is_punct or (token.pos_ in {"VERB", "AUX"} and token.dep_ != "amod" and not gerund_noun):
            return False  # ('outperforms supervised X', 'beats the imitation learning X': no new clause)
        if token.pos_ == "ADP" and token.lower_ not in {"to", "with", "on", "upon", "of"} or (
                token.lower_ == "on" and i > 0 and doc[i - 1].lemma_ not in {"improve"}):
            return False  # 'beats others on X': X is where, not whom
    return False


def _withstood(span: Span, key: str) -> bool:
    """'robust against white-box attacks': a threat the method stands against is what it is tested on, no rival
    (the cue 'against' reads as a comparison everywhere else)."""
    return key.split()[-1] in THREAT_HEADS and _cue_word(span, COMPARISON_CUES | CONTRAST_WORDS).lower() == "against"


ATTACK_WORDS = frozenset(["attack", "jailbreak", "poisoning", "adversary"])


def _attacked(span: Span) -> bool:
    """'attack strategies against UCB and Thompson Sampling', 'jailbreak attacks against GPT-4': what an attack is
    aimed at, which the paper studies, not a rival."""
    root = span.root
    while root.dep_ in {"conj", "nmod", "compound"} and root.head.i != root.i:
        root = root.head
    prep = root.head
    if root.dep_ != "pobj" or prep.lower_ != "against":
        return False
    noun = prep.head
    return noun.lemma_.lower() in ATTACK_WORDS or any(
        c.dep_ in {"compound", "amod"} and c.lemma_.lower() in ATTACK_WORDS for c in noun.children)


def subject_of_success(span: Span) -> bool:
    root = span.root
    if root.dep_ == "compound":
        if root.head.tag_ == "NNS":
            return False  # 'Modern SMT solvers offer ...': a kind of thing many have built
        root = root.head
    return root.dep_ == "nsubj" and root.head.lemma_ in SUCCESS_VERBS


def _governing_word(token: Token) -> Token:
    """The verb or noun a mention hangs from, past the prepositions and compounds in between."""
    while token.dep_ in {"compound", "pobj", "prep", "conj", "appos", "amod", "nmod", "dobj", "agent"} \
            and token.head is not token and token.dep_ != "ROOT":
        token = token.head
        if token.pos_ in {"VERB", "AUX"}:
            break
    return token


# 'our model can be seen as a hierarchical RL algorithm': a likeness, not a thing the paper uses
LIKENESS_VERBS = frozenset(["see", "view", "regard", "interpret", "think", "consider", "understand"])


NEED_WORDS = frozenset(["the", "any", "need", "for"])


def _negated(span: Span, deep: bool = False) -> bool:
    """'without X', 'w/o X', 'in the absence of X', 'does not require X', 'eliminates the need for X', 'X-free';
    and 'can be seen as X', which likens the paper's own work to X. `deep`: also what the phrase of 'without'
    holds further off ('without having recourse to projections or Foo averaging')."""
    doc = span.doc
    words = 0
    for i in range(span.start - 1, span.sent.start - 1, -1):
        words += doc[i].lower_ not in NEED_WORDS  # ('without the need for any FooNorm')
        if words > 4:
            break
        if doc[i].lower_ in {"without", "w/o"} or (doc[i].lower_ == "absence" and doc[i + 1].lower_ == "of"):
            return True  # ('in the absence of FooNorm')
        if doc[i].lower_ == "as" and i > 0 and doc[i - 1].tag_ == "VBN" and doc[i - 1].lemma_ in LIKENESS_VERBS \
                and any(t.lower_ in {"be", "can", "could", "may"} for t in doc[max(span.sent.start, i - 4) : i]):
            return True
        if doc[i].is_punct:
            break
    if span.end + 1 < len(doc) and doc[span.end].text == "-" and doc[span.end + 1].lower_ == "free":
        return True
    verb = _governing_word(span.root)
    return (deep and _under_without(span.root)) or verb.pos_ in {"VERB", "AUX"} and (
        verb.lemma_ in NEGATING_VERBS or any(c.dep_ == "neg" for c in verb.children))


FINITE_TAGS = frozenset(["VBZ", "VBP", "VBD", "MD"])


def _under_without(token: Token) -> bool:
    """'even in the absence of specifying traditional forms of regularization, such as FooDrop': a word the
    phrase of 'without' or 'in the absence of' holds, however deep, within its clause."""
    for head in token.ancestors:
        if head.lower_ in {"without", "w/o"} or (head.lower_ == "of" and head.head.lower_ == "absence"):
            return True
        if head.tag_ in FINITE_TAGS or head.dep_ in {"relcl", "ccomp", "advcl"}:
            return False
    return False


MOTIVATION_NOUNS = frozenset(["application", "domain", "area", "field", "scenario", "discipline", "industry", "use",
                              "sector", "community"])
EXAMPLE_HEADS = frozenset(["tasks", "applications", "problems", "domains", "areas", "fields", "abilities", "skills",
                           "capabilities"])


# words of a sentence that reports what a method did ('QuuxNet improves unseen tasks (...)')
OWN_RESULT_WORDS = EXPERIMENT_WORDS | {"improve"}


def _named_as_an_application(span: Span) -> bool:
    """'applications in machine learning (e.g., active learning, clustering)', 'in domains such as healthcare':
    examples of where a method might serve, not what the paper works on."""
    doc = span.doc
    purpose = _purpose_word(span.root)
    if purpose is not None and (not speaks_of_itself(span.sent) or _only_foreseen(span) or any(
            c.dep_ == "amod" and c.lower_ in FORESEEN_WORDS for c in purpose.children)):
        return True  # (in the paper's own words only as what may come of it: 'which may be relevant for
        # applications in video compression', 'we discuss implications for X', 'we highlight potential
        # applications in X')
    # examples of a kind of task, in the opening or in a sentence on others' work ('an aid to many NLP tasks, such
    # as entailment and question answering', 'RNNs serve sequence tasks such as machine translation'), not in one
    # on the paper's own work or results ('QuuxNet improves unseen tasks (domain generalization, ...)')
    start = max(span.sent.start, span.start - 12)
    for i in range(span.start - 1, start - 1, -1):
        if doc[i].lower_ in EXAMPLE_MARKERS or (doc[i].lower_ == "from" and any(
                t.lower_ == "to" for t in doc[i + 1 : min(span.sent.end, span.end + 8)])):
            # ('many tasks, from machine translation to activity recognition': a range of examples)
            before = doc[max(span.sent.start, i - 6) : i]
            return any(t.lemma_.lower() in MOTIVATION_NOUNS for t in before) or (
                any(t.lower_ in EXAMPLE_HEADS for t in before) and _said_in_passing(span.sent))
        if doc[i].text == "(" and i > 0 and doc[i - 1].lower_ in EXAMPLE_HEADS and _said_in_passing(span.sent):
            return True  # 'a step in vision-language tasks (image captioning, visual question ...)'
        if doc[i].text in {";", ")"} or doc[i].pos_ == "VERB":
            return False
    return False


def _said_in_passing(sent: Span) -> bool:
    """A sentence of the opening, or one that neither speaks of the paper nor reports what a method did."""
    return sent.start in opening_sentences(sent.doc) or not (
        speaks_of_itself(sent) or any(t.lemma_.lower() in OWN_RESULT_WORDS for t in sent))


HEDGE_WORDS = frozenset(["may", "might", "could"])
FORESEE_VERBS = frozenset(["discuss", "speculate", "outline", "envision", "suggest"])


def _only_foreseen(span: Span) -> bool:
    """The clause that holds the mention says what may follow ('which may be relevant for ...') or is a
    discussion ('we discuss implications for ...'), not what the paper did."""
    token = span.root
    for _ in range(10):
        if token.pos_ in {"VERB", "AUX"}:
            if token.lemma_.lower() in FORESEE_VERBS or any(
                    c.dep_ == "aux" and c.lower_ in HEDGE_WORDS for c in token.children):
                return True
            if token.dep_ in {"ROOT", "ccomp"}:
                return False
        if token.head.i == token.i:
            return False
        token = token.head
    return False


# 'a crucial component in the development of X', 'a critical role in application domains of X', 'X applications'
# (not 'the field of X', 'in the X domain': the area the paper itself works in)
PURPOSE_NOUNS = frozenset(["role", "component", "application", "use", "importance", "significance", "relevance",
                           "potential", "implication"])

IMPORTANCE_WORDS = frozenset(["critical", "crucial", "important", "essential", "vital", "indispensable", "key",
                              "fundamental", "central", "beneficial", "useful", "helpful", "valuable", "pivotal"])


# what says an application is only foreseen: 'potential applications in X'
FORESEEN_WORDS = frozenset(["potential", "possible", "future", "prospective"])


def _purpose_word(token: Token) -> Token | None:
    """The noun of what something serves that the mention hangs from, through prepositions, conjunctions and
    compounds only (the field's motivation, not what the paper works on), or None."""
    for _ in range(8):
        if token.dep_ not in {"pobj", "prep", "conj", "appos", "compound", "nmod", "amod"} or token.head.i == token.i:
            return None
        token = token.head
        if token.pos_ == "NOUN" and token.lemma_.lower() in PURPOSE_NOUNS:
            return token
        if token.pos_ == "ADJ" and token.lemma_.lower() in IMPORTANCE_WORDS:
            return token  # 'X is critical for clinical diagnosis'
    return None


LIMITATION_NOUNS = frozenset(["limitation", "weakness", "shortcoming", "drawback", "deficiency", "difficulty",
                              "bottleneck", "inability", "failure"])
CAUSE_WORDS = frozenset([("because", "of"), ("due", "to"), ("owing", "to")])


def _named_as_a_shortcoming(span: Span) -> bool:
    """'the limitations of VLMs in spatial reasoning', 'hard because of the complex constraint satisfaction
    problems': a weakness or a cause the paper sets out from, not the task it addresses."""
    doc = span.doc
    for i in range(span.start - 1, max(span.sent.start, span.start - 10) - 1, -1):
        token = doc[i]
        if token.lemma_.lower() in LIMITATION_NOUNS:
            return True
        if i > span.sent.start and (doc[i - 1].lower_, token.lower_) in CAUSE_WORDS:
            return True
        if token.text in {";", ":", ")"} or (token.pos_ in {"VERB", "AUX"} and token.dep_ not in {"amod", "acl"}):
            return False
    return False


# 'X suffers from mode collapse', 'methods based on X fail to ...', 'X has shown promise but still requires ...',
# 'X is limited by ...': what a sentence says is wrong with a method
SHORTCOMING_VERBS = frozenset(["suffer", "fail", "struggle", "lack", "neglect", "ignore", "overlook"])
SHORTCOMING_PASSIVES = frozenset(["limit", "hamper", "hinder", "restrict", "plague", "constrain", "bottleneck"])
PRONOUN_SUBJECTS = frozenset(["it", "they", "these", "this", "such", "them"])


def _shortcoming_verb(token: Token) -> bool:
    lemma = token.lemma_.lower()
    if token.pos_ not in {"VERB", "AUX"}:
        return False
    return lemma in SHORTCOMING_VERBS or (lemma == "require" and any(c.lower_ == "still" for c in token.children)) \
        or (lemma in SHORTCOMING_PASSIVES and token.tag_ == "VBN" and any(c.dep_ == "auxpass" for c in token.children))


def _names_subject(span: Span, subject: Token) -> bool:
    """The mention is the subject ('GANs suffer'), one of its names ('GANs and VAEs fail'), or what the subject
    is a kind or a variant of ('methods based on X', 'approaches such as X', 'variants of X')."""
    token = span.root
    while token.dep_ in {"conj", "appos"} and token.head.i != token.i:
        token = token.head
    if token.i == subject.i or (token.dep_ in {"compound", "amod", "nmod"} and token.head.i == subject.i):
        return True
    if token.dep_ != "pobj" or token.head.lower_ not in {"on", "as", "like", "of"}:
        return False
    holder = token.head.head
    return holder.i == subject.i or (holder.dep_ in {"acl", "amod"} and holder.head.i == subject.i)


def _criticised(span: Span) -> bool:
    """The mention is what a sentence on others' work says falls short ('However, GANs suffer from mode collapse',
    'Existing methods based on X fail to ...', 'The current solution uses X, and it suffers from ...'): a method
    the paper sets itself against, not one it uses. A sentence where the paper speaks of itself is not on others'
    work."""
    sent = span.sent
    if speaks_of_itself(sent):
        return False
    for verb in sent:
        if verb.i < span.end or not _shortcoming_verb(verb):
            continue
        subjects = [c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass", "csubj"}]
        if any(_names_subject(span, subject) for subject in subjects):
            return True  # 'X suffers', 'methods based on X fail'
        clause = verb.head if verb.dep_ == "conj" else None
        if clause is None or (subjects and subjects[0].lower_ not in PRONOUN_SUBJECTS):
            continue
        clause_subjects = [c for c in clause.children if c.dep_ in {"nsubj", "nsubjpass", "csubj"}]
        if any(_names_subject(span, subject) for subject in clause_subjects):
            return True  # 'X has shown promise but still requires ...'
        objects = [c for c in clause.children if c.dep_ == "dobj"]
        if any(prior_work_word(sent[s.left_edge.i - sent.start : s.right_edge.i + 1 - sent.start])
               for s in clause_subjects) and any(o.left_edge.i <= span.root.i <= o.right_edge.i for o in objects):
            return True  # 'the current solution uses X, and it suffers from ...'
    return False


# label keys' last words that name a kind of model, which a paper criticises to improve, not to replace
MODEL_HEAD_KEYS = frozenset(["network", "model", "transformer", "autoencoder", "machine", "flow", "llm", "lm"])


def _such_as(prep: Token) -> bool:
    """'as' of 'such as', parsed with 'such' under it."""
    return prep.lower_ == "as" and any(c.lower_ == "such" for c in prep.children)


def _listed_after(noun: Token) -> set[int]:
    """'methods such as A and B', 'baselines including A': the words of A and B."""
    words: set[int] = set()
    for child in noun.children:
        if child.dep_ == "prep" and (child.lower_ in {"including", "like"} or _such_as(child)):
            for obj in child.children:
                if obj.dep_ == "pobj":
                    words |= _head_chain(obj, NAME_DEPS)
    return words


ASPECT_NOUNS = frozenset(["efficacy", "effectiveness", "performance", "ability", "capability", "robustness",
                          "behavior", "behaviour", "quality", "accuracy", "efficiency", "reliability", "property",
                          "vulnerability", "sensitivity", "limitation", "dynamics", "convergence"])


def _aspect_of(noun: Token) -> set[int]:
    """'evaluate the efficacy of various RL algorithms and trajectory optimization techniques': what the aspect
    is of."""
    return _of_objects(noun, OBJECT_DEPS) if noun.lemma_ in ASPECT_NOUNS else set()


def _of_objects(noun: Token, deps: frozenset[str]) -> set[int]:
    """'an analysis of A and B': the words of what the noun is of, and what they list."""
    words: set[int] = set()
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lower_ == "of":
            for obj in prep.children:
                if obj.dep_ == "pobj":
                    words |= _head_chain(obj, deps) | _listed_after(obj)
    return words


ANALYSIS_VERBS = EVALUATE_VERBS | frozenset(["study", "explore", "examine", "quantify", "characterize", "revisit"])
ANALYSIS_NOUNS = EVALUATE_NOUNS | frozenset(["examination", "investigation", "exploration"])
# verbs that only carry the noun of what is done: 'we present a study of X', 'this study performs an evaluation of X'
LIGHT_VERBS = frozenset(["perform", "conduct", "present", "provide", "carry", "offer", "undertake", "run"])


def analysis_sentences(doc: Doc) -> set[int]:
    """Starts of the sentences in which the authors say they evaluate, analyse or study something ('we
    investigate whether LLMs ...', 'we run experiments to test ...', 'we present an empirical study of ...'), and
    speak of no method of their own (no 'our', 'proposed', and nothing they propose)."""
    found = {token.sent.start for token in doc if token.lemma_ in ANALYSIS_VERBS and token.pos_ == "VERB"
             and _is_author_subject(token, purpose=True)}
    # (what 'we present' here is the study itself, not a thing of the authors' own)
    presented = {token.sent.start for token in doc if token.lemma_ in ANALYSIS_NOUNS and token.dep_ == "dobj"
                 and token.head.lemma_ in LIGHT_VERBS and _is_author_subject(token.head, purpose=True)}
    return {sent.start for sent in doc.sents if (sent.start in presented or (
        sent.start in found and not _proposal_objects(sent)[0])) and not any(t.lower_ in {"our", "proposed"}
                                                                          for t in sent)}


def worked_with_in_analysis(span: Span) -> bool:
    """In a sentence of analysis, a model the analysis works with rather than studies: under a verb of use or of
    training ('using an LLM backbone', 'in the context of training a CNN'), or what a studied thing is applied to
    ('a general augmentation to feed-forward networks')."""
    token = span.root
    while token.head.i != token.i:
        head = token.head
        if head.pos_ == "VERB":  # (not its subject: 'A and B rely on fine-tuning' says what A and B do)
            return head.lemma_.lower() in USE_VERBS | {"train", "finetune", "fine-tune"} \
                and token.dep_ not in {"nsubj", "nsubjpass"}
        if token.dep_ == "pobj" and head.lower_ in {"to", "into", "onto"} and head.head.pos_ == "NOUN":
            return True
        token = head
    return False


FINDING_VERBS = frozenset(["find", "show", "reveal", "observe", "demonstrate", "indicate", "suggest", "uncover"])


PROOF_VERBS = frozenset(["prove", "show", "establish"])


def subject_of_a_finding(span: Span, judging: bool = False) -> bool:
    """'we show that Wasserstein GANs do not always converge', 'we prove that LOOCV is consistent': the thing a
    finding of the authors is about. `judging`: only a finding that likens it to something else ('we show that
    networks such as FooNet can be interpreted as discretizations of ...') or finds it falling short ('we show that
    popular models such as FooNet perform poorly'), which tests it in any paper."""
    root = span.root
    while root.head.i != root.i and (root.dep_ in {"conj", "compound"} or _an_example_of(root)):
        root = root.head.head if _an_example_of(root) else root.head
    if root.dep_ not in {"nsubj", "nsubjpass"}:
        return False
    clause = root.head
    likened = clause.lemma_ in LIKENESS_VERBS and any(c.lower_ == "as" for c in clause.children)
    falls_short = _shortcoming_verb(clause) or any(
        c.dep_ == "neg" or c.lower_ in {"poorly", "badly"} for c in clause.children)
    if judging and not (likened or falls_short):
        return False
    return clause.dep_ == "ccomp" and clause.head.lemma_.lower() in PROOF_VERBS \
        and clause.head.pos_ == "VERB" and _is_author_subject(clause.head)


def _an_example_of(token: Token) -> bool:
    """'networks, such as ResNet and PolyNet': an example the noun before 'such as' stands for."""
    prep = token.head
    if token.dep_ != "pobj" or prep.lower_ != "as" or prep.head.pos_ not in {"NOUN", "PROPN"}:
        return False
    return _such_as(prep) or (prep.i > 0 and token.doc[prep.i - 1].lower_ == "such")


def finding_words(doc: Doc) -> set[int]:
    """The words of what a finding says ('we find that A and B fail on ...', 'our analysis reveals that ...'): in
    an analysis, the models named there are those it tested ('we make use of A and observe that ...' uses A)."""
    return {word.i for token in doc if token.lemma_ in FINDING_VERBS and token.pos_ == "VERB"
            for child in token.children if child.dep_ == "ccomp" for word in child.subtree}


def _evaluate_objects(sent: Span) -> set[int]:
    """What the paper evaluates or analyses: 'we evaluate A and B', 'A and B are benchmarked', 'an analysis
    of A'."""
    objects: set[int] = set()
    for token in sent:
        if token.lemma_ in EVALUATE_VERBS and token.pos_ == "VERB":
            if _is_author_subject(token, purpose=True):
                for child in token.children:
                    if child.dep_ == "dobj":
                        objects |= _head_chain(child, NAME_DEPS) | _listed_after(child) | _aspect_of(child)
                # 'we evaluate A, B and C on ...': the words up to the first preposition, however parsed
                for word in sent.doc[token.i + 1 : sent.end]:
                    if word.pos_ == "ADP" or word.text in {".", ";", ":"} or word.dep_ == "mark":
                        break
                    objects.add(word.i)
            for child in token.children:
                if child.dep_ == "nsubjpass":
                    objects |= _head_chain(child, NAME_DEPS) | _listed_after(child)
        elif token.lemma_ in ASPECT_VERBS and token.pos_ == "VERB" and _is_author_subject(token, purpose=True):
            # 'we study the convergence of Adam': what an aspect is of, under a verb that says less than 'evaluate'
            for child in token.children:
                if child.dep_ == "dobj":
                    objects |= _aspect_of(child)
        elif token.lemma_ in EVALUATE_NOUNS and token.pos_ == "NOUN":
            objects |= _of_objects(token, NAME_DEPS)
        elif token.lemma_ in RESULT_WORDS and speaks_of_itself(sent) and any(
                c.dep_ in {"compound", "amod"} and c.lower_ in BENCHMARK_WORDS for c in token.children):
            # 'we establish the benchmark results for three LLMs: Gemma2, LLaMA3 and ChatGPT'
            holders = [token, token.head] if token.dep_ == "dobj" else [token]  # ('establish results for X')
            for prep in (child for holder in holders for child in holder.children):
                if prep.dep_ == "prep" and prep.lower_ in {"for", "of"}:
                    for obj in (o for c in prep.children if c.dep_ == "pobj" for o in (c, *c.conjuncts)):
                        objects |= _head_chain(obj, NAME_DEPS) | _listed_after(obj) | _listed_after_colon(obj)
    return objects


RESULT_WORDS = frozenset(["result", "score", "performance"])
BENCHMARK_WORDS = frozenset(["benchmark", "baseline"])


def _listed_after_colon(noun: Token) -> set[int]:
    """'three popular LLMs: Gemma2, LLaMA3 and ChatGPT, showing ...': the words of the list the colon opens."""
    if noun.i + 1 >= noun.sent.end or noun.doc[noun.i + 1].text != ":":
        return set()
    return {t.i for segment in _listed_segments(noun.sent, noun.i) for t in segment}


EXAMPLE_OPENERS = frozenset(["including", "like", "namely", "e.g.", "e.g", "i.e.", "i.e"])
# what ends a comparison's reach: a means ('with' lists the compared, 'by' may give the margin) or a contrast
COMPARISON_ENDS = (TOOL_PREPOSITIONS - {"with", "by"}) | frozenset(["while", "whereas"])


def _examples_after_comparison(sent: Span) -> set[int]:
    """'outperforms state-of-the-art detectors (both ...) such as A, B, and C by 20%', 'outperforming LLMs like A
    and B': the examples listed after a comparison verb, read along the words up to the next preposition, until a
    means or a clause of its own ends what the verb compares."""
    doc = sent.doc
    compared = False
    objects: set[int] = set()
    for token in sent:
        if is_compare_verb(token) or token.lemma_ in {"compare", "match", "rival"}:
            compared = True
            continue
        opens = token.lower_ in EXAMPLE_OPENERS or (token.lower_ == "as" and token.i > sent.start
                                                    and doc[token.i - 1].lower_ == "such")
        if compared and opens:
            objects |= _read_along(doc, token.i + 1, sent.end)
        elif token.lower_ in COMPARISON_ENDS or (token.tag_ == "VBG" and token.dep_ in {"advcl", "pcomp", "xcomp"}):
            compared = False  # 'outperforms recent techniques by leveraging the structure of DNNs (e.g., FooNet)':
            # the examples of the means, not of what is outperformed ('by 9.3%' is the margin)
    return objects


def _compared_after_the_verb(sent: Span) -> set[int]:
    """'X performs better compared to the tool FooSMT, the default Bar solver, and the Baz5 solver on most
    benchmarks': what a comparison after the main verb names, read along the words (the parser may make a solver
    of the list the subject of another)."""
    doc = sent.doc
    objects: set[int] = set()
    for token in sent:
        after_root = token.i > sent.root.i
        compared = token.lower_ in {"to", "with"} and token.i > sent.start \
            and doc[token.i - 1].lower_ in {"compared", "comparison"}
        if after_root and (compared or token.lower_ in {"versus", "vs", "vs."}):
            objects |= _read_along(doc, token.i + 1, sent.end)
    return objects


def _read_along(doc: Doc, start: int, end: int) -> set[int]:
    """The words from `start` up to the next preposition (but 'of'), stop mark, verb or word of the authors."""
    words: set[int] = set()
    for word in doc[start:end]:
        if (word.pos_ == "ADP" and word.lower_ != "of") or word.text in {".", ";", ":"} or (
                word.pos_ == "VERB" and not is_name_token(word)) or word.lower_ in {"our", "we", "ours"}:
            break
        words.add(word.i)
    return words


def _compare_objects(sent: Span) -> set[int]:
    objects: set[int] = _examples_after_comparison(sent) | _compared_after_the_verb(sent)
    for token in sent:
        if token.pos_ == "NOUN" and (token.lower_ in PRIOR_WORK_WORDS
                                     or any(c.lower_ in PRIOR_WORK_WORDS for c in token.children)):
            objects |= _listed_after(token)
        if is_compare_verb(token) or token.lemma_ == "rival":
            for child in token.children:
                if child.dep_ in {"dobj", "attr"}:
                    objects |= _head_chain(child, NAME_DEPS)
                    if child.lower_ in RESULT_NOUNS_COMPARED:
                        objects |= _of_examples(child)  # 'surpasses the performance of grid search'
        if token.lemma_ == "compare" and token.pos_ == "VERB" and token.tag_ != "VBN":
            # 'we compare A and B', 'we compare the performance of LLMs such as A and B against C'
            for child in token.children:
                if child.dep_ == "dobj":
                    objects |= _head_chain(child, NAME_DEPS)
                    objects |= _of_examples(child)
        is_compare_prep = token.lower_ in COMPARE_PREPS and token.dep_ in {"prep", "cc", "mark", "quantmod"}
        compared = token.lower_ in {"to", "with"} and (
            token.head.lower_ in LEVEL_WORDS or token.head.lemma_ == "compare"
            or (token.head.dep_ == "dobj" and token.head.head.lemma_ == "compare"))  # 'we compare ours with X'
        if is_compare_prep or compared:
            for child in token.children:
                if child.dep_ == "pobj":
                    objects |= _head_chain(child, NAME_DEPS)
                    if child.lemma_.lower() in RESULT_NOUNS_COMPARED:
                        objects |= _of_examples(child) | _whose_result(child)
    return _with_listed_names(sent, objects)


def _with_listed_names(sent: Span, objects: set[int]) -> set[int]:
    """The compared words and every name listed beside a compared name, whatever the parser hung it on:
    'outperforms existing baselines (A, B)' compares with B as with A."""
    doc = sent.doc  # (a list is read within its sentence, where the compared words stand)
    return objects.union(*(list_around(doc[i : i + 1]) for i in objects if is_name_token(doc[i])))


def _whose_result(noun: Token) -> set[int]:
    """'better than the rate established for SGLD', 'than the accuracy achieved by FooNet': whose result it is."""
    found: set[int] = set()
    for verb in noun.children:
        if verb.dep_ == "acl":
            for prep in verb.children:
                if prep.dep_ in {"prep", "agent"} and prep.lower_ in {"for", "by", "with"}:
                    for inner in prep.children:
                        if inner.dep_ == "pobj":
                            found |= {t.i for t in inner.subtree}
    return found


def _of_examples(noun: Token) -> set[int]:
    """'the performance of LLMs such as A and B': the names the noun's 'of' phrase holds, with their examples."""
    found: set[int] = set()
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lower_ == "of":
            for inner in prep.children:
                if inner.dep_ == "pobj":
                    found |= {t.i for t in inner.subtree}
    return found


class RoleDecision(NamedTuple):
    """What the paper does with a candidate, how sure the rule is, which rule decided, and the word that cued it
    ('propose', 'outperforms', 'unlike', 'evaluate'; empty when the concept's type decided)."""

    role: str
    confidence: float
    rule: str
    cue: str = ""


PROPOSAL_CUES = PROPOSE_VERBS | NAMING_WORDS | NOVELTY_WORDS | DATA_PROPOSE_VERBS
COMPARISON_CUES = COMPARE_VERBS | COMPARE_PREPS | frozenset(
    ["compared", "comparison", "relative", "contrast", "instead", "rather", "such", "including", "existing", "prior",
     "previous", "baseline", "baselines", "unlike", "par", "competitive", "rivals", "approximates", "matches",
     "compare", "alternative", "alternatives", "as"])
EVALUATION_CUES = EVALUATE_VERBS | EVALUATE_NOUNS


def _cue_word(span: Span, words: frozenset[str]) -> str:
    """The nearest word of `words` before the mention in its sentence (else after it): what decided its role."""
    doc = span.doc
    before = (doc[i] for i in range(span.start - 1, span.sent.start - 1, -1))
    after = (doc[i] for i in range(span.end, span.sent.end))
    for token in (*before, *after):
        if token.lower_ == "as" and not (token.i >= 2 and doc[token.i - 2].lower_ == "as"):
            continue  # only the second 'as' of 'as fast as X' compares ('such as', 'as well as' do not)
        if token.lower_ in words or token.lemma_ in words or (words >= COMPARE_VERBS and is_compare_verb(token)):
            return token.text
    return ""


# the roles a mention gets by its type alone, when nothing in its sentence decides another
DEFAULT_ROLES = frozenset(["uses", "addresses", "evaluated_on", "reports"])


# the rules that grow a known name by the words written around it
EXTENDED_RULES = frozenset(["gazetteer-extended", "hyphen-extended"])


def assign_roles(candidates: list[Candidate], title_proposals: set[str], title: str = "") -> dict[str, RoleDecision]:
    """Candidate key -> RoleDecision. Proposals win over comparisons, which win over evaluation and plain use.

    A descriptive phrase that only describes a named proposal ('a new tree-based estimator, FooPD') is not a
    concept of its own: it gets the role "describes" and the caller drops it.
    """
    roles: dict[str, tuple[str, float, str]] = {}
    opening = opening_sentences(candidates[0].spans[0].doc) if candidates else set()
    sentence_cache: dict[int, tuple[set[int], set[int], set[int]]] = {}
    named_proposal_sentences: set[int] = set()

    def cues(span: Span) -> tuple[set[int], set[int], set[int]]:
        sent = span.sent
        if sent.start not in sentence_cache:
            sentence_cache[sent.start] = (_proposal_objects(sent)[0], _compare_objects(sent), _evaluate_objects(sent))
        return sentence_cache[sent.start]

    def in_proposal_sentence(span: Span) -> bool:
        return bool(cues(span)[0])

    def in_proposal(span: Span) -> bool:
        objects = cues(span)[0]
        if objects and span.start > min(objects) and span.doc[span.start - 1].text == "(" \
                and not _abbreviates_words_before(span) and (not span.text.removesuffix("s").isupper()
                                                          or _closes_object(span, objects)) \
                and not _letters_of_a_purpose(span):
            # 'we propose a Movie genre Classification method based on ... (Film-QLIP)', 'a novel compression method
            # based on keyword extraction (PCKE)' (not '(LMs)' after 'language models', nor the letters of another
            # phrase: '... and show that existing ones (FOOs)')
            return True
        purpose = span.root.head
        if span.root.dep_ == "pobj" and purpose.lower_ == "for" and purpose.head.i in objects \
                and purpose.head.lemma_ in KIND_NOUNS \
                and all(t.text[0].isupper() for t in span if t.is_alpha and not t.is_stop) \
                and span.end < len(span.doc) and span.doc[span.end].text == "(":
            return True  # 'we propose a method for Analogy-Based Locating and Editing (ABLE)': named by its purpose
        if span.end < span.sent.end and span.end in objects and span.root.head.i == span.end \
                and not span.doc[span.end].is_punct and not any(is_name_token(t) or t.is_upper for t in span):
            return True  # 'we propose the quux routing tree method, termed X': the words before the noun
        return any(i in objects for i in range(span.start, span.end))

    own_tokens: set[int] = set()  # the tokens of every mention of a name the paper proposes
    # the parts of a hyphenated name it proposes: 'we propose FooV-BarF, which ... by Foo-to-V (FooV)' proposes
    # its modules FooV and BarF, when the sentence that names it defines them
    own_parts: set[str] = set()
    own_part_sentences: set[int] = set()  # ... and the sentences that name it
    for cand in candidates:
        if cand.named and cand.rule != "gazetteer":
            named_proposal_sentences.update(span.sent.start for span in cand.spans if in_proposal(span) or (
                span.start > 0 and span.doc[span.start - 1].lower_ in NAMING_WORDS))  # '... named HQDNet'
            if not title_proposals.isdisjoint(cand.keys) or any(in_proposal(span) for span in cand.spans):
                own_tokens.update(i for span in cand.spans for i in range(span.start, span.end))
                if "-" in cand.label:
                    own_parts.update(label_key(part) for part in cand.label.split("-"))
                    own_part_sentences.update(span.sent.start for span in cand.spans)

    for cand in candidates:
        named_in_title = not title_proposals.isdisjoint(cand.keys)
        titled = names_any(title, cand.written_keys)  # (a task the title names is no mere example)
        proposed: tuple[float, str] | None = (0.9, "title-name") if named_in_title else None
        compared = evaluated = False
        compared_spans = 0
        described = False
        negated = 0
        criticised = 0  # mentions where a sentence on others' work says it falls short
        elsewhere = 0  # mentions from where the paper starts to speak of itself on
        cue_of: dict[str, str] = {"proposes": "title"} if named_in_title else {}
        # a known entry ('retrieval-augmented generation') or a phrase the field has long used ('recursive neural
        # network') is not the paper's own, whatever verb introduces it
        # (a name is judged by the gazetteers alone: the reference table is lower-cased, and 'FoCus' is not 'focus')
        known = (bool(cand.canonical) and not any(proposed_by_its_name(span) for span in cand.spans)) or (
            not cand.named and reference_df(cand.key) >= ESTABLISHED_DF and not any(_marked_new(span)
                                                                                    for span in cand.spans))
        eligible = cand.named and not known
        first = min(cand.spans, key=lambda span: span.start)
        for span in cand.spans:
            compared_here = any(i in cues(span)[1] for i in range(span.start, span.end)) or _after_compare_cue(span) \
                or _level_of(span)
            compared_here = compared_here and not _withstood(span, cand.key) and not _attacked(span) \
                and not _under_without(span.root)
            # a name the abstract's background met before, modifying what it proposes, is what the proposal is
            # about: 'MSEs serve as assessments ... we developed a 12-item MSE questionnaire'
            met_before = span.root.dep_ in {"compound", "nmod"} and not in_proposal(first) \
                and first.sent.start < span.sent.start and not speaks_of_itself(first.sent)
            if met_before:
                found = None
            elif in_proposal(span) and not known and not _only_qualifies(span):
                if not cand.named and span.sent.start in named_proposal_sentences:
                    described = True
                    continue
                found = (0.9, "propose-pattern")
            elif eligible and not compared_here and _introduced_with_novelty(span):
                found = (0.85, "novel-apposition")  # but 'Unlike X, our model ...' compares with X
            elif eligible and not compared_here and has_our(span):
                found = (0.75, "our-name")
            elif eligible and not compared_here and _marked_new(span) and (
                    in_proposal_sentence(span) or cand.type == "Dataset"):
                found = (0.8, "novel-name")  # 'an approach with a novel FooFormer', 'a new FooSet dataset'
            elif not cand.named and not known and not compared_here and cand.type == "Method" and (
                    _marked_new(span) or _names_our_kind(span) or has_our(span)):
                if span.sent.start in named_proposal_sentences:
                    described = True  # 'a novel hierarchical network with double attention named HQDNet'
                    continue
                found = (0.65, "novel-phrase")  # 'with a new modality-fusing encoder', 'the proposed X approach'
            elif eligible and cand.rule == "name" and cand.type == "Method" and subject_of_success(span):
                found = (0.65, "name-subject-of-result")
            else:
                found = None
            if found is not None:
                if proposed is None or found > proposed:
                    cue_of["proposes"] = _cue_word(span, PROPOSAL_CUES)
                proposed = max(proposed or found, found)
            if cand.type == "Method" and _criticised(span):
                criticised += 1
                cue_of.setdefault("criticised", next(t.text for t in span.sent if t.i >= span.end
                                                        and _shortcoming_verb(t)))
            elif span.sent.start not in opening:
                elsewhere += 1
            if compared_here:
                compared = True
                # ('robustness against common corruptions': what a task is against is no comparison)
                compared_spans += _cue_word(span, COMPARISON_CUES | CONTRAST_WORDS).lower() not in {"against", "over"}
                cue_of.setdefault("compares", _cue_word(span, COMPARISON_CUES))
            elif any(i in cues(span)[2] for i in range(span.start, span.end)) or _attacked(span):
                evaluated = True
                cue_of.setdefault("evaluates", _cue_word(span, EVALUATION_CUES))
            # (a measure is never negated: 'without sacrificing accuracy' reports it)
            elif found is None and ((cand.type != "Metric" and _negated(span, deep=cand.type in {"Method", "Task"}))
                                    or ((cand.type == "Task" or not cand.named) and not titled
                                        and _named_as_an_application(span))
                                    or (cand.type == "Task" and _named_as_a_shortcoming(span))):
                negated += 1
        if proposed is None and eligible and cand.type == "Method" and any(
                _part_of_a_proposal(span, own_tokens | cues(span)[0]) for span in cand.spans):
            proposed, cue_of["proposes"] = (0.7, "own-part"), "consists"
        elif proposed is None and eligible and cand.type == "Method" and not compared and cand.key in own_parts \
                and any(span.sent.start in own_part_sentences and span.doc[span.start - 1].text == "("
                        for span in cand.spans if span.start > 0):
            proposed, cue_of["proposes"] = (0.7, "own-part"), ""  # 'we propose FooV-BarF, by Foo-to-V (FooV) ...'
        if proposed is None and eligible and cand.rule == "name" and cand.type == "Method" and not compared \
                and not evaluated and _coined_and_repeated(cand):
            proposed, cue_of["proposes"] = (0.6, "own-name"), ""
        elif proposed is None and cand.rule == "titled-part" and own_tokens and not compared and not evaluated \
                and _met_in_own_words(cand):
            proposed, cue_of["proposes"] = (0.6, "own-part"), ""  # a part named in a paper that proposes
        elif proposed is None and eligible and cand.type == "Method" and cand.rule == "acronym-definition" \
                and not compared and not evaluated and (own_tokens or title_proposals) \
                and label_key(cand.label).split()[-1] in COMPONENT_NOUNS and any(
                    len(span) > 1 and all(t.text[0].isupper() for t in span if t.is_alpha and not t.is_stop)
                    for span in cand.spans):
            # 'The FooGT has two key components: Variational Spatial Encoder (VSE) and ...', 'we employ a
            # Self-rectify Label Refinement (SLR) mechanism': a component the paper names in capitals and gives
            # letters, in a paper that proposes, is a part of its own (no list knows it; the field's are written
            # in small letters: 'we apply the residual-in-residual dense block (RRDB)')
            proposed, cue_of["proposes"] = (0.65, "own-part"), ""
        if proposed is not None:
            roles[cand.key] = RoleDecision("proposes", proposed[0], proposed[1], cue_of.get("proposes", ""))
        elif described:
            roles[cand.key] = RoleDecision("describes", 0.0, "descriptor")
        elif compared and cand.type == "Method" and (cand.named or cand.rule in EXTENDED_RULES):
            # (a known method's name grown by the words around it names one too: 'discrete variational autoencoders')
            roles[cand.key] = RoleDecision("compares", max(cand.confidence, 0.75), "comparison", cue_of["compares"])
        elif criticised and not elsewhere and not evaluated and not cand.proper_name \
                and not titled and cand.key.split()[-1] not in MODEL_HEAD_KEYS:
            # 'Fine-tuning VLMs has shown promise but still requires costly data. We instead ...': the approach the
            # paper sets out against; one it goes on to use in its own sentences stays used, and so does one its
            # title names ('Vector Quantile Regression on Manifolds' after 'QR is limited by ...') or a kind of
            # model ('CNNs fail under small perturbations' opens a paper that defends CNNs)
            roles[cand.key] = RoleDecision("compares", min(cand.confidence, 0.7), "criticised", cue_of["criticised"])
        elif compared and cand.type == "Method" and all(_after_compare_cue(s) for s in cand.spans):
            # 'outperforming existing general-purpose compression techniques': a kind of method beaten, which the
            # paper does not use; a baseline when the field knows the phrase (or writes it as a term around a known
            # method: 'spherical CNNs'), else too vague to be a statement
            if reference_df(cand.key) >= ESTABLISHED_DF or (
                    cand.rule in EXTENDED_RULES and is_term(cand.key)):
                roles[cand.key] = RoleDecision("compares", 0.6, "comparison", cue_of["compares"])
            else:
                roles[cand.key] = RoleDecision("describes", 0.0, "compared-kind")
        elif cand.type == "Task" and compared_spans == len(cand.spans) and not titled and not any(
                ways_of(span) for span in cand.spans):  # ('outperforms the domain adaptation methods')
            # 'unlike image captioning, our task ...', 'model poisoning, which differs from data poisoning': a task
            # the paper sets its own apart from
            roles[cand.key] = RoleDecision("describes", 0.0, "compared-task")
        elif evaluated and cand.type == "Method" and cand.named:
            roles[cand.key] = RoleDecision("evaluates", max(cand.confidence, 0.75), "evaluation", cue_of["evaluates"])
        elif negated == len(cand.spans):
            # the paper does without it, or names it as an example of where it might serve: not a statement
            roles[cand.key] = RoleDecision("describes", 0.0, "negated")
        else:
            role = {"Method": "uses", "Task": "addresses", "Dataset": "evaluated_on", "Metric": "reports"}[cand.type]
            roles[cand.key] = RoleDecision(role, cand.confidence, cand.rule)
    if any(roles[cand.key].role == "proposes" and cand.type == "Dataset" for cand in candidates):
        # a paper that brings a dataset names the models it tests, not models of its own
        for cand in candidates:
            if roles[cand.key].rule == "own-name":
                roles[cand.key] = RoleDecision("uses", cand.confidence, cand.rule)
    # the paper's own names written as one word ('FooNet', 'Foo-Timeformer'), by their keys
    own_names = {key for key in title_proposals if len(key.split()) == 1} | {
        key for cand in candidates if cand.named and roles[cand.key].role == "proposes"
        for key in _one_word_names(cand)}
    for cand in candidates:
        if cand.rule in {"name", "eponym"} and cand.type in {"Method", "Dataset"} \
                and roles[cand.key].role in DEFAULT_ROLES \
                and _variant_of(cand, own_names):
            roles[cand.key] = RoleDecision("proposes", 0.7, "own-variant", "")
            entry = alias_index().get(cand.key.split(" ", 1)[1])
            if entry is not None and entry.type == "Dataset":
                cand.type = "Dataset"  # 'we publish the resulting dataset as FooSyn-MultiWOZ'
    return roles


def _one_word_names(cand: Candidate) -> set[str]:
    """The keys of a candidate's names written as one word: 'FooNet', 'GU', 'Foo-Timeformer' (whose key has two)."""
    return {key for key in cand.keys if len(key.split()) == 1} | {
        label_key(span.text) for span in cand.spans if " " not in span.text.strip()}


def _variant_of(cand: Candidate, own_names: set[str]) -> bool:
    """'FooNet is compatible with two scores, one for ... (FooNet-ND) and one for ... (FooNet-HPD)', 'the
    Foo-Timeformer model': a name made of the paper's own name written as one word (keys in `own_names`) and a
    suffix is a variant of its own."""
    return any(cand.key.startswith(f"{name} ") for name in own_names)


# What a paper does with a thing it only describes ('experiments on mixture models', 'we tackle one-sided
# matching', 'a tool for probabilistic modelling'): a descriptive phrase is a statement only under such a word.
ENGAGE_VERBS = frozenset(
    [
        "use", "employ", "leverage", "adopt", "utilize", "utilise", "apply", "base", "build", "combine", "integrate",
        "incorporate", "rely", "exploit", "address", "tackle", "solve", "study", "investigate", "consider", "focus",
        "target", "handle", "perform", "evaluate", "test", "formulate", "cast", "train", "extend", "generalize",
        "demonstrate", "validate", "verify", "benchmark", "conduct", "run", "experiment", "model", "learn", "design",
        "propose", "introduce", "present", "develop", "devise", "offer", "provide", "enhance", "improve", "enable",
        "achieve", "show", "outperform"
    ]
)
ENGAGE_NOUNS = frozenset(
    [
        "experiment", "result", "evaluation", "study", "application", "tool", "framework", "method", "approach",
        "algorithm", "model", "performance", "benchmark", "task", "problem", "setting", "analysis", "simulation",
        "solution", "solver", "technique", "strategy", "scheme", "system", "pipeline", "architecture", "module"
    ]
)


def engaged(span: Span, words: frozenset[str] = ENGAGE_VERBS | ENGAGE_NOUNS) -> bool:
    """Whether a word governing the mention, up to its clause's verb, says the paper works on or with it (see
    ENGAGE_VERBS and ENGAGE_NOUNS; USE_VERBS for a method it uses)."""
    token = span.root
    for _ in range(6):
        if token.i != span.root.i and (token.dep_ in {"ROOT", "relcl", "advcl", "acl", "ccomp", "xcomp"} or (
                token.dep_ == "conj" and token.pos_ == "VERB")):
            return token.lemma_.lower() in words  # ('X applies to A and achieves a rate for B': B's verb is
            # 'achieves')
        if token.head.i == token.i:
            return False
        token = token.head
        if token.lemma_.lower() in words:
            return True
    return False
