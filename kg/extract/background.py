"""Which sentences of an abstract speak of the field before the paper speaks of itself.

Most abstracts open with the field ("Traffic prediction plays an important role in urban computing", "Existing
methods such as X rely on Y") and only then say what the paper does ("In this paper, we ..."). A concept met
only in that opening is background: the paper neither addresses nor uses it, and it must not link the paper to
others. Two things in the opening still belong to the paper: the main clause of the first sentence (the topic
the abstract sets out from) and whatever the title names.
"""

from __future__ import annotations

from spacy.tokens import Doc, Span

from kg.extract.lexicon import OWN_NOUNS, PRIOR_WORK_WORDS

OWN_WORDS = frozenset(["we", "our", "us", "ours", "here"])
OWN_DETERMINERS = frozenset(["this", "our", "the present"])
# 'Experiments on X show ...', 'MediTab outperforms X': a sentence reporting results is about the paper's own work
RESULT_WORDS = frozenset(["experiment", "outperform", "empirically", "experimentally", "ablation"])


FIELD_WITNESS_VERBS = frozenset(["see", "witness"])


def speaks_of_itself(sent: Span) -> bool:
    """'we ...', 'our ...', 'Here, ...', 'this paper ...', 'the proposed ...' (the answer kept on the doc, by the
    sentence's span: the rules ask of one sentence many times)."""
    known = sent.doc.user_data.setdefault("kg_speaks_of_itself", {})
    if (sent.start, sent.end) not in known:
        known[sent.start, sent.end] = _speaks_of_itself(sent)
    return known[sent.start, sent.end]


def _speaks_of_itself(sent: Span) -> bool:
    tokens = list(sent)
    for i, token in enumerate(tokens):
        if token.lower_ == "we" and token.head.lemma_.lower() in FIELD_WITNESS_VERBS:
            continue  # 'in recent years we have witnessed the rise of X': the field, not the authors
        if token.lower_ in OWN_WORDS:
            return True
        if token.lower_ in OWN_NOUNS and i > 0 and tokens[i - 1].lower_ in OWN_DETERMINERS:
            return True
        if token.lower_ in {"proposed", "presented"} and i > 0 and tokens[i - 1].lower_ == "the":
            return True
        if token.lemma_.lower() in RESULT_WORDS:
            return True
    return False


def opening_sentences(doc: Doc, own: set[int] = frozenset()) -> set[int]:
    """Start indices of the sentences before the first one in which the paper speaks of itself (or that starts
    in `own`: where it names what it proposes).

    An abstract that never does ('X is proposed. X reaches ...') has no opening: all of it is the paper's.
    """
    starts = []
    for sent in doc.sents:
        if sent.start in own or speaks_of_itself(sent):
            return set(starts)
        starts.append(sent.start)
    return set()


def is_topic(span: Span) -> bool:
    """In the main clause of the abstract's first sentence, which sets out the paper's topic ('Backdoor attacks
    threaten networks through data poisoning'), not in a clause hanging from it ('which works as a wrapper
    around a black-box classifier')."""
    if span.sent.start != 0:
        return False
    token = span.root
    while token.head.i != token.i:
        if token.dep_ in {"relcl", "acl", "advcl", "ccomp"}:
            return False
        token = token.head
    return True


def prior_work_word(sent: Span) -> str:
    """The word that says the sentence is about prior work ('Previous methods such as X', 'existing X': the
    opening names what the paper positions itself against), or ''."""
    return next((t.text for t in sent if t.lower_ in PRIOR_WORK_WORDS), "")


# Words that say a sentence is about others' work on their own ('existing methods'), and those that say so only
# before a noun of work ('prior work', 'current approaches'; not 'the prior dynamics')
OTHERS_WORDS = frozenset(["existing", "previous", "conventional", "traditional", "competing", "earlier", "mainstream"])
OTHERS_BEFORE_WORK = frozenset(["prior", "current", "recent", "state-of-the-art", "classical"])
WORK_NOUNS = frozenset(["work", "works", "art", "method", "methods", "approach", "approaches", "study", "studies",
                        "literature", "research", "solution", "solutions", "technique", "techniques", "model",
                        "models", "algorithm", "algorithms", "system", "systems", "framework", "frameworks"])


def about_others_work(sent: Span) -> bool:
    """'Existing approaches rely on X', 'X was proposed in prior work': a sentence about others' work."""
    tokens = list(sent)
    return any(t.lower_ in OTHERS_WORDS or (t.lower_ in OTHERS_BEFORE_WORK and i + 1 < len(tokens)
                                             and tokens[i + 1].lower_ in WORK_NOUNS)
               for i, t in enumerate(tokens))


# 'Future work could extend this to X', 'we hope this paves the way for X': what the paper leaves for later
OUTLOOK_WORDS = frozenset(["hope", "pave", "paves", "avenue", "avenues", "envision"])
FUTURE_NOUNS = frozenset(["work", "research", "direction", "directions", "study", "studies", "development",
                          "developments", "improvement", "improvements", "opportunities", "exploration"])


def after_outlook(span: Span) -> bool:
    """The mention follows, in its sentence, a word that looks ahead to later work ('future work on X', 'we hope
    this helps X')."""
    doc = span.doc
    for token in doc[span.sent.start : span.start]:
        if token.lower_ in OUTLOOK_WORDS:
            return True
        if token.lower_ == "future" and token.i + 1 < len(doc) and doc[token.i + 1].lower_ in FUTURE_NOUNS:
            return True
    return False


def in_opening_subject(span: Span) -> bool:
    """In the subject of the abstract's first sentence ('Graph Neural Networks (GNNs) have shown great promise'),
    or in what a copula says that subject is ('CP is an uncertainty quantification framework'): the method the
    field's story is about; not in what the predicate says the field did with other methods ('LLMs have performed
    well through supervised fine-tuning')."""
    if not is_topic(span):
        return False
    token = span.root
    while token.head.i != token.i:
        if token.dep_ in {"nsubj", "nsubjpass", "csubj", "attr"} and token.head.i == span.sent.root.i:
            return True
        token = token.head
    return token.pos_ not in {"VERB", "AUX"}  # a sentence with no verb ('Graph neural networks for X.')
