"""Candidate concepts in one parsed abstract: gazetteer hits, acronym definitions, names, and noun phrases.

A candidate is one concept of the paper with every place (span) it occurs; the role rules then decide what
the paper does with it. Nothing here looks at roles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spacy.matcher import Matcher
from spacy.tokens import Doc, Span, Token

from kg.extract.background import prior_work_word, speaks_of_itself
from kg.extract.gazetteer import SPAN_KEY, alias_index
from kg.extract.lexicon import (
    CLAIM_WORDS,
    DATASET_HEADS,
    DATASET_NAME_SUFFIXES,
    EXAMPLE_MARKERS,
    EXPERIMENT_WORDS,
    FRONT_MODIFIERS,
    GENERIC_HEADS,
    GENERIC_OBJECT_WORDS,
    GENERIC_WORDS,
    HARDWARE_NOUNS,
    KIND_HEADS,
    LANGUAGE_NAMES,
    MANNER_PARTS,
    METHOD_HEADS,
    METHOD_KINDS,
    METRIC_HEADS,
    MODALITIES,
    NAME_HEADS,
    NAMING_WORDS,
    OUTCOME_HEADS,
    OWN_KINDS,
    PARADIGMS,
    QUALITY_NOUNS,
    TASK_HEADS,
    TECHNIQUE_HEADS,
    TRAILING_WORDS,
    USE_VERBS,
)
from kg.normalize import label_key
from kg.specificity import (
    ESTABLISHED_DF,
    MIN_UNIT_SHARE,
    is_coined_word,
    is_everyday_word,
    is_technical_word,
    is_term,
    is_uncommon_word,
    reference_df,
    reference_share,
    unit_share,
)

# How big a model is, which does not make it another method
SIZE_WORDS = frozenset(["deep", "deeper", "shallow", "large", "small", "big", "wide", "tiny", "huge"])
# Capitalised words that look like names but name nothing in particular.
NOT_NAMES = frozenset(
    [
        "AI", "ML", "DL", "NLP", "CV", "RL", "I", "II", "IV", "VI", "OK", "US", "UK", "EU", "USA", "GPU", "GPUs", "CPU",
        "CPUs", "TPU", "API", "APIs", "PhD", "LaTeX", "URL", "IID", "OOD", "SOTA", "DNN", "DNNs", "NN", "NNs", "ANN",
        "ANNs", "ROI", "RoI", "ROIs", "RoIs", "ID", "IDs", "FPS", "FLOPs", "GFLOPs", "MACs", "SoC", "FPGA", "FPGAs",
        "ASIC", "SoTA", "SotA", "DoF", "DoFs", "DOF",
        # vendors and devices: where a model runs, not what it is
        "NVIDIA", "Nvidia", "MacBook", "iPhone", "iPad", "GitHub", "YouTube", "OpenAI", "DeepMind", "PyTorch",
        "TensorFlow", "JAX", "CUDA", "HuggingFace", "AMD", "ARM", "Qualcomm", "Jetson", "Xavier", "Orin",
        # venues and institutes: where work appears, not what it is
        "IJCAI", "AAAI", "NeurIPS", "NIPS", "ICML", "ICLR", "CVPR", "ICCV", "ECCV", "WACV", "BMVC", "ACL", "EMNLP",
        "NAACL", "EACL", "COLING", "SIGDIAL", "KDD", "SIGIR", "WSDM", "STOC", "FOCS", "SODA", "UAI", "AISTATS", "COLT",
        "CoRL", "IROS", "ICRA", "MICCAI", "ISBI", "INTERSPEECH", "Interspeech", "ICASSP", "NIST", "IEEE", "ACM"
    ]
)
# The everyday science, computing and world a paper works in or on, written in capitals: no name standing alone
# ('SQL queries', 'an ODE', 'FP16'), though a part of one ('SQL-Llama') or an acronym a paper defines may be
EVERYDAY_ACRONYMS = frozenset(
    [
        "DNA", "ICU", "COVID", "COVID-19", "FDA", "NBA", "SME", "ATM", "ETF", "IoT", "SQL", "XML", "JSON", "HTML",
        "JPEG", "PNG", "PDF", "AWS", "ODE", "PDE", "FP16", "FP32", "BF16", "INT8", "INT4", "REST", "HTTP", "TCP",
        "USD", "EUR", "GBP", "JPY", "CNY", "RMB",  # currencies: '(5k USD)'
    ]
)
MAX_PHRASE_TOKENS = 6
# Tokens no concept name holds: brackets, quotes, symbols.
PHRASE_BREAKERS = frozenset(["(", ")", "[", "]", "%", "=", "<", ">", '"', "'", "``", "''", "\u201c", "\u201d", "/"])
# Nouns that hold a task in front of them: 'universal approximation theorem', 'image generation benchmarks'.
CONTAINER_HEADS = frozenset(["theorem", "theorems", "property", "properties", "benchmark", "benchmarks", "dataset",
                             "datasets", "algorithm", "algorithms", "framework", "frameworks", "pipeline", "system"])
# The parts a method is built of: the task words before them say what the part does
PART_NOUNS = frozenset(["module", "modules", "layer", "layers", "block", "blocks", "branch", "branches", "head",
                        "heads", "unit", "units", "component", "components"])
# ... save a task's own head or branch ('an object detection head'), which does the task the paper takes on
TASK_PART_NOUNS = frozenset(["head", "heads", "branch", "branches"])
# What a paper shows rather than builds: 'we present lower and upper bounds' proposes no concept.
RESULT_NOUNS = frozenset(["bound", "guarantee", "result", "analysis", "theorem", "rate", "condition", "insight",
                          "property", "proof", "characterization", "characterisation", "connection", "perspective",
                          "view", "understanding", "explanation", "observation", "finding", "evidence", "conjecture",
                          "lemma", "limit", "regret", "complexity", "question", "answer",
                          # and what it does to show it: 'we present real robot validation'
                          "validation", "evaluation", "experiment", "demonstration", "study", "investigation",
                          "comparison", "assessment", "benchmarking", "ablation", "survey", "review", "overview",
                          # and what it leaves for later: 'we present future research directions'
                          "direction", "avenue", "opportunity", "recommendation", "guideline"])
MODIFIER_DEPS = frozenset(["compound", "amod", "nmod"])
RESULT_VERBS = frozenset(["improve", "reduce", "increase", "decrease", "achieve", "outperform", "lower", "raise",
                          "report", "measure", "evaluate", "obtain", "attain", "boost", "surpass", "yield", "gain",
                          "exceed", "match", "maintain", "preserve", "retain"])
# 'CRoss', 'EVALuation', 'leArning': capitals placed to spell an acronym ('LoCal', 'MoE', 'TiGEr' are names)
_ACRONYM_SPELLING = re.compile(r"[A-Z]{2,}[a-z]{2,}|[a-z]+[A-Z][A-Za-z]*")
_GLUED_FUNCTION_WORD = re.compile(r"(?:of|the|and|in|on|for|to|with|by|from|at|as|or)[A-Z]")
_NAME_CHARS = re.compile(r"[A-Za-z][A-Za-z0-9.+]*(?:-[A-Za-z0-9.+]+)*")
# Words in -ing that name a thing, not a way of working: 'in-depth understanding', 'aquaculture breeding'
ING_NOUNS = frozenset(["understanding", "meaning", "setting", "settings", "beginning", "thing", "feeling", "building",
                       "breeding", "funding", "housing", "clothing", "being", "wellbeing", "offering", "ending"])
# Whole phrases too broad to join two papers in any useful way.
GENERIC_PHRASES = frozenset(
    [
        "decision making",
        "deep learning", "machine learning", "artificial intelligence", "neural network", "deep neural network",
        "deep network", "deep model", "machine learning model", "deep learning model", "learning algorithm",
        "learning method", "learning model", "neural model", "statistical model", "generative model",
        "probabilistic model", "computational model", "baseline model", "optimization algorithm",
        "optimization method", "training procedure", "training method", "training algorithm", "learning machine",
        "learning system", "learning framework", "base model", "pretrained model", "pre trained model",
        # whole fields: what a paper belongs to, not what it works on
        "natural language processing", "computer vision", "robotics", "data mining", "speech processing",
    ]
)


@dataclass
class Candidate:
    label: str
    type: str
    rule: str
    confidence: float
    spans: list[Span] = field(default_factory=list)
    canonical: str = ""
    aliases: list[str] = field(default_factory=list)
    named: bool = False  # a proper name (acronym, CamelCase, gazetteer entry), not a descriptive phrase
    surface: str = ""  # as first written, for names the paper coins ('Stepwise Deep Adaptive Design')
    untyped: bool = False  # nothing said what it is (an acronym's long form with no telling head): kept if proposed
    tool_word: str = ""  # a known task only used as a tool: the word that says so ('employed', 'with')

    @property
    def key(self) -> str:
        return label_key(self.canonical or self.label)

    @property
    def keys(self) -> set[str]:
        """Its key and the keys of its aliases (an acronym the title may use)."""
        return {self.key, *(label_key(alias) for alias in self.aliases)}

    @property
    def written_keys(self) -> set[str]:
        """Its keys and those of the words the abstract wrote it in: what a title may call it ('Session-based
        Recommendations' for the known 'sequential recommendation' the abstract wrote so)."""
        return self.keys | {label_key(span.text) for span in self.spans}

    @property
    def proper_name(self) -> bool:
        """'GPT-4', 'Claude', 'Llama 2': a name with a capital or a digit, not a kind of model ('diffusion model')
        nor a technique ('spectral clustering'), which the gazetteers name too."""
        return any(c.isupper() or c.isdigit() for c in self.canonical or self.label)


def noun_chunks(doc: Doc) -> list[Span]:
    """The doc's noun chunks, computed once (spaCy walks the whole parse on every access)."""
    if "kg_noun_chunks" not in doc.user_data:
        doc.user_data["kg_noun_chunks"] = list(doc.noun_chunks)
    return doc.user_data["kg_noun_chunks"]


def head_type(words: list[str]) -> str | None:
    """The concept type a phrase's head noun suggests, from its last word (or last two, hyphen-joined)."""
    words = [w for w in words if any(c.isalnum() for c in w)]
    if not words:
        return None
    last = words[-1].lower()
    pair = "-".join(w.lower() for w in words[-2:]) if len(words) > 1 else last
    for heads, ctype in ((DATASET_HEADS, "Dataset"), (METRIC_HEADS, "Metric"), (TASK_HEADS, "Task"),
                         (METHOD_HEADS, "Method")):
        if last in heads or pair in heads:
            return ctype
    if last in {"problem", "problems"} and len(words) > 1:
        return "Task"  # 'the bipartite traveling tournament problem (BTTP)': a problem is what a paper solves
    if last.endswith("ing") and len(words) > 1 and last not in ING_NOUNS:
        return "Method"
    return None


def doc_text_of(doc: Doc) -> str:
    """The doc's text, built from its tokens once (spaCy builds it anew on every access)."""
    if "kg_text" not in doc.user_data:
        doc.user_data["kg_text"] = doc.text
    return doc.user_data["kg_text"]


def in_url(token: Token, text: str) -> bool:
    """True for a token inside a whitespace-delimited word of `text` (the doc's text) that is a web address."""
    start = text.rfind(" ", 0, token.idx) + 1
    end = text.find(" ", token.idx)
    word = text[start : end if end >= 0 else len(text)]
    return "://" in word or "www." in word or "github" in word.lower()


# a name led by a figure: two capitals at least after one to three digits, three letters or more ('3DSR', '4DGen')
_FIGURE_LED_NAME = re.compile(r"\d{1,3}(?=(?:[^a-z]*[A-Za-z]){3})[A-Z]{2,}[A-Za-z0-9+]*")


def is_name_token(token: Token, doc_text: str | None = None) -> bool:
    """A token that looks like a name: inner capitals or digits ('FooNet', 'XYZ-2'), not a web address (the
    answer kept on the doc: the rules ask of one token many times)."""
    known = token.doc.user_data.setdefault("kg_name_tokens", {})
    if token.i not in known:
        known[token.i] = _looks_like_a_name(token, doc_text)
    return known[token.i]


def _looks_like_a_name(token: Token, doc_text: str | None) -> bool:
    text = token.text
    if not (any(c.isupper() for c in text[1:]) or (text[:1].isupper() and any(c.isdigit() for c in text))):
        return False  # no inner capital, nor a capital with a digit (most words: tested first, as it is cheap)
    if text in NOT_NAMES or (text.endswith("s") and text[:-1] in NOT_NAMES) or len(text) < 2:
        return False
    if (text in EVERYDAY_ACRONYMS or text.removesuffix("s") in EVERYDAY_ACRONYMS) and not (
            _hyphen_joined(token.doc, token.i) or (token.i >= 2 and _hyphen_joined(token.doc, token.i - 2))):
        return False
    # ('3D', '7B', '6DoF' are sizes and units; '3DSR' is a name)
    if not (_NAME_CHARS if text[0].isalpha() else _FIGURE_LED_NAME).fullmatch(text):
        return False
    if token.like_url or in_url(token, doc_text if doc_text is not None else doc_text_of(token.doc)):
        return False
    if _ACRONYM_SPELLING.fullmatch(text) and not is_coined_word(text.lower()):
        return False  # 'CRoss', 'EVALuation', 'leArning': capitals that spell an acronym out of an everyday word
    if re.search(r"[a-z]{3}\.[a-z]", text):
        return False  # 'technologies.nTo': a line break written out as '\n' in the text, not a name
    if len(set(text)) == 1:
        return False  # 'XXX': a placeholder left by anonymisation
    if re.fullmatch(r"[A-Z]{2,}(?:ed|ing)", text):
        return False  # 'the OCRed versions': an acronym made a verb
    if _UNIT.fullmatch(text):
        return False  # '40.3 TiB', '2 GHz': a unit of measure
    if re.fullmatch(r"(?:[A-Za-z]\.)+[A-Za-z]?\.?", text):
        return False  # 'U.S', 'e.g': an abbreviation with stops, not a name
    return not _GLUED_FUNCTION_WORD.match(text)  # 'ofLLMs', 'theBERT': a missing space, not a name


def name_span(doc: Doc, token: Token) -> Span:
    """Grow a name token over hyphen-joined neighbours written without spaces ('Flux-MoE', 'Step-XYZ')."""
    start, end = token.i, token.i + 1
    while (start >= 2 and doc[start - 1].text == "-" and not doc[start - 2].whitespace_
           and not doc[start - 1].whitespace_ and any(c.isupper() for c in doc[start - 2].text)
           and not any(c in "()[]{}" for c in doc[start - 2].text)):
        start -= 2  # ('kMaX-DeepLab' too)
    while (end + 1 < len(doc) and doc[end].text == "-" and not doc[end - 1].whitespace_
           and not doc[end].whitespace_ and (doc[end + 1].text[:1].isupper() or _short_part(doc[end + 1]))):
        end += 2
    while end < len(doc) and not doc[end - 1].whitespace_ and doc[end].text.isalnum():
        end += 1  # 'TNL2K', which the tokenizer cuts into 'TNL2' and 'K'
    # 'OPEN GARDEN', 'SILVER POLICY', 'MultiModal ChartQuux': words of one kind side by side, one name
    if end - start == 1 and token.is_upper and token.is_alpha and start > 0 and _title_word(doc[start - 1]):
        # 'the Agent Graph ODE': capitalised words right before an acronym are the rest of its name
        while start > 0 and token.i - start < 3 and _title_word(doc[start - 1]):
            start -= 1
        while start >= 2 and doc[start - 1].text == "-" and not doc[start - 1].whitespace_ \
                and not doc[start - 2].whitespace_ and doc[start - 2].text[:1].isupper():
            start -= 2  # 'Dual-Module Framework DMF'
        known = any(hit.start == start and hit.end == token.i for hit in doc.spans.get(SPAN_KEY, ()))
        if start < token.i and not known:
            return doc[start:end]
        start = token.i  # 'Direct Preference Optimisation DPO': a known long form and its acronym, not one name
    same_kind = next((test for test in (_word_in_capitals, _camel_case) if test(token)), None)
    if end - start == 1 and same_kind is not None:
        while start > 0 and doc[start - 1].whitespace_ and same_kind(doc[start - 1]):
            start -= 1
        while end < len(doc) and doc[end - 1].whitespace_ and same_kind(doc[end]):
            end += 1
    return doc[start:end]


def _capitalised_compound(token: Token) -> bool:
    """'Meta' of 'we propose Meta-Frank-Wolfe, the first ...': the first of capitalised words glued by hyphens inside
    a sentence, standing alone before a comma, a stop or a bracket, as names are written (not 'a Low-Level Feature
    Aggregation module', 'Sliced-Wasserstein embedding': words of a longer phrase)."""
    doc = token.doc
    if not (token.is_alpha and token.text[0].isupper() and not token.is_sent_start and not token.is_stop
            and _hyphen_joined(doc, token.i) and token.lower_ not in LANGUAGE_NAMES):
        return False
    if token.i > 0 and (doc[token.i - 1].text == "-" or doc[token.i - 1].text[:1].isupper()):
        return False  # 'Conditional Prevalence-Adjustment': part of a longer name in capitals
    end = token.i
    while _hyphen_joined(doc, end):
        end += 2
        if not (doc[end].text[:1].isupper() or _short_part(doc[end])) or doc[end].lower_ in LANGUAGE_NAMES:
            return False  # ('English-German': a language pair)
    if doc[end].lower_ in MANNER_PARTS:
        return False  # 'Data-Efficient', 'Guideline-Guided': a manner
    return end + 1 >= len(doc) or doc[end + 1].text in {",", ".", ";", ":", ")"}


def _title_word(token: Token) -> bool:
    """'Agent', 'Graph': a capitalised word inside a sentence, not a function word."""
    return token.is_alpha and token.text[0].isupper() and token.text[1:].islower() and not token.is_sent_start \
        and not token.is_stop and token.whitespace_ != ""


def _camel_case(token: Token) -> bool:
    """'MultiModal', 'ChartInstruction': letters only, a capital first and one inside after a small letter."""
    text = token.text
    inner = any(a.islower() and b.isupper() for a, b in zip(text, text[1:], strict=False))
    return text.isalpha() and text[0].isupper() and inner


def _word_in_capitals(token: Token) -> bool:
    """'OPEN', 'POLICY': a word English has, written in capitals (not an acronym such as 'LLM')."""
    return token.is_alpha and token.is_upper and len(token) >= 3 and not is_coined_word(token.lower_)


def _short_part(token: Token) -> bool:
    """'k' and 'm' of 'FooUCB-k-m', '2' of 'Foo-2': a short part that belongs to the name before it (not the 'as'
    of 'LLM-as-a-judge')."""
    return len(token.text) <= 2 and token.text.isalnum() and not token.is_stop


def clean_phrase(span: Span) -> Span | None:
    """Trim determiners, opinion words and trailing 'task'/'problem'; None when nothing specific is left (kept
    per doc: several rules clean the same chunks)."""
    known = span.doc.user_data.setdefault("kg_clean_phrases", {})
    if (span.start, span.end) not in known:
        known[span.start, span.end] = _cleaned(span)
    return known[span.start, span.end]


def _cleaned(span: Span) -> Span | None:
    start, end = span.start, span.end
    doc = span.doc
    while start > 1 and doc[start - 1].text == "-" and not (doc[start - 1].whitespace_ or doc[start - 2].whitespace_):
        start -= 2  # 'never-ending learning': the chunk may begin inside a hyphenated word
    while start < end:
        if _hyphen_joined(doc, start):
            compound_end = start
            while _hyphen_joined(doc, compound_end):
                compound_end += 2
            if doc[start : compound_end + 1].text.lower() not in FRONT_MODIFIERS:
                break
            start = compound_end + 1
        elif doc[start].pos_ == "CCONJ":
            return None  # 'simple yet effective zero-shot approach': what is left is no name
        elif (doc[start].lower_ in FRONT_MODIFIERS or doc[start].pos_ in {"DET", "PRON", "NUM", "PUNCT"}
              or doc[start].is_punct
              or doc[start].tag_ in {"JJR", "JJS", "RB", "RBR", "RBS"} or doc[start].is_stop):
            start += 1
        else:
            break
    while end > start and (doc[end - 1].lower_ in TRAILING_WORDS or doc[end - 1].pos_ == "PUNCT"
                           or doc[end - 1].is_punct):
        end -= 1
    if start >= end or end - start > MAX_PHRASE_TOKENS:
        return None
    if end < span.end and doc[end - 1].dep_ == "amod":
        return None  # 'a long-standing problem' without its noun is an adjective, not a name
    phrase = doc[start:end]
    words = [t for t in phrase if not t.is_punct]
    if not words or all(t.lower_ in GENERIC_WORDS or t.lower_ in FRONT_MODIFIERS for t in words):
        return None
    if any(t.pos_ in {"PRON", "VERB", "AUX"} and not t.text.endswith(("ed", "ing")) for t in phrase):
        return None
    if any(t.pos_ == "CCONJ" for t in phrase):  # 'parsimonious yet efficient design', 'A and B': two things
        return None
    if any((t.like_num and not _hyphen_joined(doc, t.i)) or t.text in PHRASE_BREAKERS for t in phrase):
        return None
    if len(words) == 1 and (words[0].pos_ != "NOUN" and words[0].pos_ != "PROPN"):
        return None
    return phrase


def _hyphen_joined(doc: Doc, i: int) -> bool:
    """'one' in 'one-parameter': a word glued to the next by a hyphen belongs to it."""
    return i + 2 < len(doc) and not doc[i].whitespace_ and doc[i + 1].text == "-" and not doc[i + 1].whitespace_


# What a paper may bring up but never builds: how things stand ('inherent challenges', 'key properties')
STANDING_NOUNS = frozenset(["challenge", "challenges", "issue", "issues", "limitation", "limitations", "advantage",
                            "advantages", "property", "properties", "effect", "effects", "question", "questions",
                            "need", "needs", "insight", "insights", "difficulty", "difficulties", "drawback",
                            "drawbacks", "benefit", "benefits"])

def is_generic_label(label: str) -> bool:
    key = label_key(label)
    words = key.split()
    return not words or key in GENERIC_PHRASES or all(w in GENERIC_WORDS or w in FRONT_MODIFIERS for w in words)


def lower_title_case(span: Span) -> str:
    """'Graph Neural Networks' -> 'graph neural networks'; words with inner capitals or acronyms stay."""
    words = []
    for token in span:
        text = token.text
        if text[:1].isupper() and text[1:].islower() and text[1:]:
            text = text.lower()
        words.append(text + token.whitespace_)
    return "".join(words).strip()


def collect_candidates(doc: Doc, proposed_phrases: list[Span] = (), means: set[str] = frozenset(),
                       title_keys: set[str] = frozenset()) -> list[Candidate]:
    """Every candidate concept of the abstract, each with all its occurrences.

    `proposed_phrases` are noun phrases the authors say they propose: they are candidates whatever their head.
    `means` are the label keys of the phrases the title names as its means ('... via Negative-View
    Regularization'): methods whatever their head, when the abstract names them too.
    `title_keys` are the label keys of the title's phrases: a descriptive phrase whose head says it is a task
    names a concept when the title names it too, however rare it is in the reference corpus ('Learned Star Localization
    for ...').
    """
    by_key: dict[str, Candidate] = {}
    taken: set[int] = set()  # token indices already inside a candidate occurrence

    def add(cand: Candidate, span: Span) -> Candidate:
        existing = by_key.get(cand.key)
        if existing is None:
            by_key[cand.key] = cand
            existing = cand
        else:
            existing.confidence = max(existing.confidence, cand.confidence)
            existing.named = existing.named or cand.named
            if existing.rule == cand.rule == "name" and existing.type == "Method" != cand.type:
                existing.type = cand.type  # Method was only the default: a later sentence says what the name is
            for alias in cand.aliases:
                if alias not in existing.aliases:
                    existing.aliases.append(alias)
        if all(s.start != span.start or s.end != span.end for s in existing.spans):
            existing.spans.append(span)
        taken.update(range(span.start, span.end))
        return existing

    gazetteer = list(doc.spans[SPAN_KEY]) if SPAN_KEY in doc.spans else []
    doc_text = doc_text_of(doc)

    def gazetteer_hit(span: Span) -> Span | None:
        """A hit covering the span exactly (a hit inside 'Symmetry-Aware GFlowNets' does not name it)."""
        return next((g for g in gazetteer if g.start == span.start and g.end == span.end), None)

    # 1. acronym definitions: the long form is the concept, the short form an alias
    short_to_key: dict[str, str] = {}
    plain_letters: set[str] = set()  # letters the paper defines for data, machines or generic words
    for short, long in doc._.kg_acronyms or []:
        if short.text in NOT_NAMES:
            continue
        if is_generic_label(long.text):
            if long[0].is_alpha and not any(t.text[:1].isupper() for t in long):
                plain_letters.update({short.text, short.text + "s", short.text.removesuffix("s")})
            continue  # 'research on generative models (GMs)': no concept, and its letters are none either (but
            # 'we propose a Representation Evaluation Design (RED)' names its own in capitals, and a long form
            # cut inside a word, '-context learning (ICL)', says nothing)
        hit = gazetteer_hit(long)  # the paper's own long form decides what its acronym means
        wider = next((g for g in gazetteer if g.end == long.end and long.start - 2 <= g.start < long.start), None)
        if hit is None and wider is not None:
            long, hit = wider, wider  # 'person re-identification (ReID)': the known term the long form ends
        if is_modality(long.text) or (hit is None and long[-1].lemma_.lower() in HARDWARE_NOUNS):
            plain_letters.update({short.text, short.text + "s"})
            continue  # 'hyperspectral imagery (HSI)', 'unmanned aerial vehicles (UAVs)': data and machines
        last = max(short, long, key=lambda span: span.end)  # 'the OLOP (open-loop optimistic planning) algorithm'
        after = doc[last.end + 1] if last.end + 1 < len(doc) and doc[last.end].text == ")" else None
        if hit is None and after is not None and after.lower_ in SIGNAL_NOUNS:
            plain_letters.add(short.text)
            continue  # 'photoplethysmography (PPG) signals': a kind of data, not a concept of the field
        typed = True
        headed = hit is None and after is not None and _head_after_acronym(after) and after.lower_ != long[-1].lower_
        if headed:
            # 'canonical polyadic (CP) decomposition', 'a Part-of-Speech (POS) tagger': the noun after the acronym
            # is the rest of the long form's name; but after 'Knowledge Graph (KG) integration', '... across KGs'
            # writes the letters of the long form alone, which stay its own
            alone = _stands_alone(short, long, after)
            found_type = head_type([t.text for t in long] + [after.text]) or "Method"
            cand = Candidate(label=f"{lower_title_case(long)} {after.lower_}", type=found_type,
                             rule="acronym-definition", confidence=0.85, aliases=[] if alone else [short.text],
                             named=True, surface=f"{long.text} {after.text}")
            cand = add(cand, doc[long.start : after.i + 1])
            if not alone:
                short_to_key[short.text] = short_to_key[short.text.rstrip("s")] = cand.key
                continue
        if hit is None and after is not None and after.lower_ in DATASET_HEADS:
            ctype, canonical = "Dataset", ""  # 'a novel Foundation Tactile (FoTa) dataset'
        elif hit is not None:
            ctype, canonical = hit.label_, hit.kb_id_
        else:
            found_type = _pair_named_as(short, long) or head_type([t.text for t in long]) or type_by_name(short.text)
            if after is not None and last is long and after.tag_ == "NN" and after.lower_ in METHOD_KINDS:
                found_type = "Method"  # 'the OLOP (open-loop optimistic planning) algorithm' names an algorithm
                # (not 'graph contrastive learning (GCL) methods', the ways of a task)
            # a long form of technical words ('Input-Independent Indistinguishability') names a method; one of
            # everyday words ('bird's-eye view', 'high definition') is a concept only if the paper proposes it
            technical = any(is_technical_word(w) for w in label_key(long.text).split()) \
                and not _names_a_condition(long) and not _a_property(long)
            ctype, canonical, typed = found_type or "Method", "", found_type is not None or technical
        cand = Candidate(label=lower_title_case(long), type=ctype, rule="acronym-definition", confidence=0.85,
                         canonical=canonical, aliases=[short.text], named=True, surface=long.text,
                         untyped=not typed)
        cand = add(cand, long)
        add(cand, short)
        short_to_key[short.text] = cand.key
        short_to_key[short.text.rstrip("s")] = cand.key

    # 2. later bare uses of a defined acronym, and its plural
    texts = [t.text for t in doc]
    for short, _ in doc._.kg_acronyms or []:
        key = short_to_key.get(short.text)
        if key is None:
            continue
        last = short[-1].text
        variants = {last, last + "s", last[:-1] if last.endswith("s") and len(last) > 2 else last}
        forms = {tuple(t.text for t in short[:-1]) + (variant,) for variant in variants}
        width = len(short)
        for i in range(len(doc) - width + 1):
            if i in taken or tuple(texts[i : i + width]) not in forms:
                continue
            if any(g.start <= i and i + width <= g.end and len(g) > width for g in gazetteer):
                continue  # 'particle MCMC', 'momentum SGD', 'KL divergence': a known name the letters are part of
            if width == 1 and len(name_span(doc, doc[i])) > 1:
                continue  # 'KBQA' inside 'Rule-KBQA' is part of another name
            if width == 1 and i > 0 and doc[i - 1].is_alpha and doc[i - 1].text[0].isupper() \
                    and not doc[i - 1].is_sent_start and doc[i - 1].text not in NOT_NAMES:
                continue  # 'ODE' of 'the Agent Graph ODE', another name the paper gives
            add(by_key[key], doc[i : i + width])

    # 3. 'node and graph classification': two tasks sharing one head
    for _, start, end in _COORDINATED_TASKS(doc):
        span = doc[start:end]
        if any(i in taken for i in range(start, end)) or span[0].lower_ in FRONT_MODIFIERS or span[0].is_stop:
            continue
        if span[0].lemma_.lower() == span[-1].lemma_.lower() or span[0].lower_ in TASK_HEADS:
            # 'object detection and anomaly detection', 'object detection and instance segmentation': two whole
            # tasks, found by the other rules
            continue
        after = doc[end] if end < len(doc) else None
        if span[0].lower_ in QUALITY_NOUNS or (after is not None and after.pos_ in {"NOUN", "PROPN"}
                                                and after.lower_ not in TRAILING_WORDS):
            # 'a tradeoff between accuracy and geometrical interpretability'; '... and improve translation
            # quality', 'shared information and anomaly detection performance': the head is another noun's
            continue
        second = alias_index().get(label_key(doc[start + 2 : end].text))
        if second is not None and second.type != "Task" and span[2].text[:1].isupper():
            continue  # 'UCB and Thompson sampling': a known method after another name, not two tasks
        head = span[-1].text.lower()
        labels = [f"{modifier.lower_} {head}" for modifier in (span[0], span[2])]
        if _first_conjunct_whole(span) or (start > 0 and doc[start - 1].text == ")"):
            labels = labels[1:]  # the head is the second conjunct's alone (and in '(ROC) analysis and bipartite
            # ranking' the first noun ends the name before it)
        if any(is_specific_phrase(label) for label in labels):  # one known task vouches for its twin
            # ('score and flow matching': twin methods, when the gazetteer knows one as a method)
            entries = {label: alias_index().get(label_key(label)) for label in labels}
            ctype = "Method" if len(labels) == 2 and {e.type for e in entries.values() if e} == {"Method"} \
                else "Task"
            for label in labels:
                entry = entries[label]
                add(Candidate(label=entry.canonical if entry else label, type=ctype, rule="coordination",
                              confidence=0.6, canonical=entry.canonical if entry else ""),
                    span if len(labels) == 2 else doc[start + 2 : end])

    # 3b. a name the paper proposes a variant of: 'we propose the distributional QuuxGQ', 'we propose quantized
    #     BERT' propose the variant by its whole name, not the name it starts from
    for chunk in proposed_phrases:
        variant, name = _variant_of_a_name(chunk)
        if variant is not None and not any(i in taken for i in range(variant.start, variant.end)):
            base = alias_index().get(label_key(name[-1].text)) or alias_index().get(label_key(name.text))
            ctype = "Dataset" if base is not None and base.type == "Dataset" else "Method"
            add(Candidate(label=variant.text, type=ctype, rule="proposal-variant", confidence=0.8, named=True),
                variant)

    # 4. gazetteer hits, unless only part of a longer hyphenated name ('MoE' in 'Foo-MoE') or of a name the
    #    authors coin ('we introduce the Hierarchical Feature Matching approach')
    coined = [chunk for chunk in proposed_phrases if _title_cased(chunk)]
    coined_names = _coined_names(coined)
    for hit in gazetteer:
        if any(i in taken for i in range(hit.start, hit.end)) or label_key(hit.kb_id_) in GENERIC_PHRASES \
                or hit.text in plain_letters:
            continue  # ('10 SEM (Scanning Electron Microscope) images': the paper's letters, not the field's SEM)
        if any(c.start <= hit.start and hit.end <= c.end and len(c) > len(hit) for c in coined):
            continue
        whole = _whole_coined_name(hit[0], coined_names, taken)
        if whole is not None and whole.start <= hit.start and hit.end <= whole.end and len(whole) > len(hit):
            continue  # 'LLM' of 'LLM FooBridge serves as ...', after 'we introduce LLM FooBridge'
        grown = name_span(doc, hit[0]) if len(hit) == 1 else hit
        if len(grown) > len(hit):
            continue
        if _glued_after_hyphen(hit):
            # 'out-of-distribution learning', 'self-supervised contrastive learning', 'non-autoregressive model': the
            # hyphenated word the name ends is another concept, of the name's kind when the name has words of its
            # own ('single-object tracking'); a one-word name inside one ('pseudo-coresets') is none
            whole = _hyphenated_from(hit)
            # ('down-stream' is one common word, hyphenated: no prefix)
            prefixed = is_technical_word(doc[hit.start - 2].lower_ + hit[0].lower_)
            if prefixed and " " in hit.text and hit.label_ in {"Task", "Method"}:
                add(Candidate(label=lower_title_case(whole), type=hit.label_, rule="hyphen-extended",
                              confidence=0.7), whole)
            elif prefixed and len(hit) == 1 and not hit.text.islower() and whole[0].lower_ not in NOT_A_KIND_PREFIXES:
                # 'pseudo-AUC', 'Sort-of-CLEVR': a name of that kind (not 'non-CLIP', 'post-LLM', 'multi-LLM')
                add(Candidate(label=whole.text, type=hit.label_, rule="hyphen-extended", confidence=0.7,
                              named=True), whole)
            else:
                taken.update(range(whole.start, whole.end))  # ('pseudo-coresets': no other rule takes the part)
            continue
        if len(hit) == 1 and hit.text.islower() and hit[0].dep_ in MODIFIER_DEPS and hit[0].head.pos_ == "NOUN":
            continue  # 'regret' in 'regret bound', 'quantization' in 'quantization residual loss'
        if len(hit) == 1 and hit[0].pos_ not in {"NOUN", "PROPN"} and (hit.text.islower() or (
                hit.start == hit.sent.start and hit.text[1:].islower() and hit[0].dep_ in {"advcl", "ROOT"})):
            continue  # 'recalls' the verb, 'bagging' the participle, 'Stemming from ...' at a sentence's start
        if len(hit) == 1 and hit.text.isupper() and hit.label_ == "Method" and _listed_as_data(hit):
            continue  # 'the ETH, UCY and SDD datasets': a method's letters name something else here (a task's
            # name a dataset's task: 'VQA datasets')
        if hit.label_ == "Metric" and (hit.text.islower() or _measure_between(hit)) \
                and not _reports_a_result(hit.sent):
            continue  # 'a balance between accuracy and security': no result is reported in that metric; 'sets
            # defined by the Kullback-Leibler divergence': a quantity the method works with
        if hit.label_ == "Metric" and hit[-1].lower_ == "time" and hit.start > 0 \
                and doc[hit.start - 1].lower_ in {"at", "during", "before", "after", "until"}:
            continue  # 'objects not available at training time': a moment, not a measure
        wider = _wider_phrase(hit) if hit.label_ == "Task" else None
        front = wider[: hit.start - wider.start] if wider is not None else None
        if wider is not None and (is_specific_phrase(lower_title_case(wider)) or _narrowing_words(front)):
            add(Candidate(label=lower_title_case(wider), type="Task", rule="gazetteer-extended", confidence=0.8),
                wider)
            continue
        wider = _established_around(hit) if hit.label_ == "Method" else None
        if wider is not None:  # 'the fused graphical lasso': the graphical lasso, not the lasso
            add(Candidate(label=lower_title_case(wider), type="Method", rule="gazetteer-extended", confidence=0.8),
                wider)
            continue
        wider = _specialised(hit) if hit.label_ == "Method" else None
        if wider is not None:  # 'adversarial autoencoders', 'ternary quantization': a method of its own
            add(Candidate(label=lower_title_case(wider), type="Method", rule="gazetteer-extended", confidence=0.7),
                wider)
            continue
        if hit.label_ == "Task" and len(hit) == 1 and hit.text.islower() and any(
                c.dep_ == "compound" and c.i < hit.start for c in hit[0].children):
            continue  # 'speed recommendations', 'person retrieval': a one-word task under a noun is another task
        if hit.label_ == "Task" and hit.end < len(doc) and doc[hit.end].lower_ in PART_NOUNS - TASK_PART_NOUNS:
            continue  # 'two representation learning modules': the name of a part, not a task the paper takes on
        add(Candidate(label=hit.kb_id_, type=hit.label_, rule="gazetteer", confidence=0.9,
                      canonical=hit.kb_id_, named=True), hit)

    # 4b. a known method the paper proposes a variant of, told by one hyphenated word before it ('a novel
    #     visibility-aware attention mechanism', 'an intra-modal knowledge distillation strategy'): the variant by its
    #     whole phrase; the known method stays a candidate of its own
    method_hits = [hit for hit in gazetteer if hit.label_ == "Method" and hit.start in taken]
    for chunk in proposed_phrases:
        found = _hyphenated_variant(chunk, method_hits)
        if found is not None:
            variant, hit = found
            if not any(i in taken for i in range(variant.start, variant.end) if not hit.start <= i < hit.end):
                add(Candidate(label=lower_title_case(variant), type="Method", rule="proposal-variant", confidence=0.7),
                    variant)

    # 5. names no list holds: CamelCase, inner capitals, digits ('FooNet', 'XYZ-2', 'BarGAN'), and any capitalised
    #    words an author gives as a name ('a platform called Lantern')
    for token in doc:
        if token.i in taken or token.text in plain_letters:
            continue
        given = _given_name(token) or _name_the_title_writes(token, title_keys)
        if given is None and not is_name_token(token, doc_text) and not _capitalised_compound(token):
            continue
        span = given or _whole_coined_name(token, coined_names, taken) or name_span(doc, token)
        word_before = doc[span.start - 1] if span.start >= 2 else None
        if given is None and word_before is not None and word_before.is_lower and word_before.is_alpha \
                and not word_before.is_stop and word_before.pos_ in {"ADJ", "NOUN"} \
                and doc[span.start - 2].lower_ in NAMING_WORDS and span.start - 1 not in taken:
            span = doc[span.start - 1 : span.end]  # 'two algorithms called distributional GTD2 and ...'
        if _is_fragment(span) or is_modality(span.text) or _is_property_prefix(span) or _set_aside(span):
            continue
        nxt = doc[span.end] if span.end < len(doc) else None
        if _names_a_machine(span):
            continue  # 'the ANYmal C platform', 'a Franka arm': a machine, not a concept of the field
        ctype = "Dataset" if (nxt is not None and nxt.lower_ in DATASET_HEADS) else _named_as(span)
        ctype = ctype or ("Task" if called_a_problem(span, beside=False) else type_by_name(span.text)) or "Method"
        if ctype == "Method" and _part_of_a_term(span):
            continue  # 'Givens' of 'so-called Givens rotations'
        label = span.text.removesuffix(".")  # "RP1M." at a sentence end, which the tokenizer keeps whole
        add(Candidate(label=label, type=ctype, rule="name", confidence=0.7, named=True), span)

    # 5b. datasets named in plain capitalised words or led by digits ('on Ego4D, 50Salads, and Breakfast'): a name
    #     only as an item of a list that holds a known dataset
    data_spans = [hit for hit in gazetteer if hit.label_ == "Dataset"] + [
        span for cand in by_key.values() if cand.type == "Dataset" for span in cand.spans]
    data_tokens = {i for span in data_spans for i in range(span.start, span.end)}
    proposal_tokens = {i for chunk in proposed_phrases for i in range(chunk.start, chunk.end)}
    for token in doc if data_tokens else ():
        if token.i in taken or token.i in proposal_tokens or not _plain_name_word(token):
            continue
        span = _plain_name_span(doc, token)
        if any(i in taken or i in proposal_tokens for i in range(span.start, span.end)) or _title_cased_text(span.sent):
            continue
        if _list_item(span) and not data_tokens.isdisjoint(list_around(span)):
            add(Candidate(label=span.text, type="Dataset", rule="data-name", confidence=0.7), span)

    # 6. what the authors say they propose, whatever its head noun
    for chunk in proposed_phrases:
        phrase = clean_phrase(chunk)
        if phrase is None or any(i in taken for i in range(phrase.start, phrase.end)):
            continue
        label = lower_title_case(phrase)
        if is_modality(phrase[-1].text) or len(phrase) == 1 or phrase[-1].lemma_.lower() in RESULT_NOUNS:
            continue  # 'perturbed images' is data; 'a learner' names nothing; 'upper bounds' are results
        if label_key(phrase[-1].text) in GENERIC_HEADS and not _noun_before_head(phrase):
            continue  # 'discriminative algorithms', 'theoretically grounded algorithms': a kind, not a thing
        if phrase[-1].lower_ in STANDING_NOUNS:
            continue  # 'we introduce dilemma games and their inherent challenges': how things stand, not a thing
        if phrase.end < chunk.end and (phrase[-1].pos_ in {"ADJ", "VERB", "ADV"} or _everyday_compound(phrase)):
            continue  # 'a two-stage framework', 'a diffusion based policy', 'a top-down approach': what is left
            # without its generic head only qualified it (not 'a Riemannian optimization approach')
        headed = head_type([t.text for t in phrase])
        if headed == "Dataset" and not any(is_name_token(t) or t.text[:1].isupper() for t in phrase):
            continue  # 'a synthetic dataset', 'a large annotated dataset': a dataset the paper does not name
        if not is_generic_label(label) and (is_specific_phrase(label) or _has_technical_word(label)):
            ctype = headed or "Method"
            if chunk[-1].lower_ in METHOD_KINDS and not is_term(label_key(label)):
                ctype = "Method"  # 'a bottom-up proposal generation strategy' is a way of working ('a character
                # recognition method' addresses the task the field knows)
            # (a phrase written as a coined name keeps its capitals when proposed: 'Agent Graph ODE')
            add(Candidate(label=label, type=ctype, rule="proposal-phrase", confidence=0.6,
                          surface=phrase.text if _title_cased(phrase) else ""), phrase)

    # 6b. what the authors' proposal is for: 'a novel method for video harmonization' addresses that task
    for chunk in proposed_phrases:
        for prep in chunk.root.children:
            target = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep.lower_ == "for" else None
            inner = next((c for c in noun_chunks(doc) if target is not None and c.root.i == target.i), None)
            phrase = clean_phrase(inner) if inner is not None else None
            if phrase is None or not 2 <= len(phrase) <= 4 or any(i in taken for i in range(phrase.start, phrase.end)):
                continue
            if not _names_a_task(phrase):
                continue
            label = lower_title_case(phrase)
            if not is_generic_label(label) and (is_specific_phrase(label) or _has_technical_word(label)):
                add(Candidate(label=label, type="Task", rule="proposal-purpose", confidence=0.6), phrase)

    # 7. 'diffusion-based methods': the known concept before '-based'
    for i in range(2, len(doc)):
        if texts[i].lower() == "based" and texts[i - 1] == "-" and i - 2 not in taken:
            base = doc[i - 2]
            entry = _known_base(base.text)
            qualified = base.i > 0 and doc[base.i - 1].pos_ in {"NOUN", "PROPN"} and doc[base.i - 1].is_alpha
            if entry is not None and not qualified:  # ('Langevin diffusion-based': not the diffusion model)
                add(Candidate(label=entry.canonical, type=entry.type, rule="based-on", confidence=0.7,
                              canonical=entry.canonical, named=True), doc[base.i : base.i + 1])

    # 8. 'the estimation of fractional posteriors' -> 'fractional posterior estimation'
    for chunk in noun_chunks(doc):
        if len(chunk) > 2 or chunk.root.lower_ not in TASK_HEADS or chunk.root.lower_ in GENERIC_WORDS:
            continue
        after = chunk.end
        if after + 1 < len(doc) and doc[after].lower_ == "of":
            inner_chunk = next((c for c in noun_chunks(doc) if c.start == after + 1), None)
            inner = clean_phrase(inner_chunk) if inner_chunk is not None else None
            if inner is not None and len(inner) <= 3 and not any(i in taken for i in range(inner.start, inner.end)):
                label = f"{lower_title_case(inner)} {chunk.root.lower_}"
                if not is_generic_label(inner.text) and is_specific_phrase(label):
                    add(Candidate(label=label, type="Task", rule="nominalised-task", confidence=0.55),
                        doc[chunk.start : inner.end])

    # 9. descriptive noun phrases whose head says what they are
    for chunk in noun_chunks(doc):
        if any(i in taken for i in range(chunk.start, chunk.end)):
            continue
        phrase = clean_phrase(chunk)
        if phrase is None:
            continue
        if label_key(phrase.text) in means and len(phrase) >= 2 and names_a_means(phrase[-1]) and (
                reference_df(label_key(phrase.text)) < ESTABLISHED_DF or phrase[-1].lower_ in METHOD_HEADS):
            # ('... Using Computer Vision', '... with Human Perception': a field or a faculty, not a means)
            add(Candidate(label=lower_title_case(phrase), type="Method", rule="title-means", confidence=0.6), phrase)
            continue
        if _titled_part(phrase):
            # 'the Temporal Segment Adaptation module': a part written as a name
            add(Candidate(label=phrase.text, type="Method", rule="titled-part", confidence=0.7, named=True), phrase)
            continue
        named_after = doc[phrase.start : chunk.end] if chunk.end == phrase.end + 1 else phrase
        if head_type([named_after[-1].text]) == "Method" and _eponymous(named_after):
            # 'the Gale-Shapley algorithm', 'the Nelder-Mead method': a name, with its capitals
            add(Candidate(label=named_after.text, type="Method", rule="eponym", confidence=0.6,
                          named=True), named_after)
            continue
        ctype = head_type([t.text for t in phrase])
        inner = phrase[:-1]
        container = phrase[-1].lower_ in CONTAINER_HEADS or ctype in {"Method", "Dataset"}
        if container and len(inner) >= 2 and head_type([t.text for t in inner]) == "Task":
            if phrase[-1].lower_ in PART_NOUNS:
                continue  # 'a segment-level prediction module': what a part does, not a task the paper addresses
            if all(t.is_title for t in inner) or doc[phrase.end - 1].is_title:
                continue  # 'Bayesian Additive Regression Trees': words of a name, not a task inside a phrase
            # 'image generation benchmarks', 'graph data augmentation algorithm': the task inside
            label = lower_title_case(inner)
            if not is_generic_label(label) and is_specific_phrase(label):
                add(Candidate(label=label, type="Task", rule="task-in-compound", confidence=0.6), inner)
            continue
        if ctype is None or ctype == "Dataset" or len(phrase) == 1:
            continue
        if ctype == "Metric" and not _reports_a_result(phrase.sent):
            continue
        if phrase[0].tag_ == "VBG" and phrase[0].dep_ not in {"amod", "compound"}:
            continue  # 'training neural networks' is something done, not a concept
        if ctype == "Method" and not _specific_start(phrase):
            continue
        label = lower_title_case(phrase)
        if is_generic_label(label) or not (
                is_specific_phrase(label) or a_task_the_title_names(label, ctype, title_keys)
                or (ctype == "Task" and _narrows_a_known_task(phrase))):
            continue
        add(Candidate(label=label, type=ctype, rule="noun-phrase", confidence=0.5), phrase)

    # a sentence that says where the code is ('MATLAB code is available at ...') says nothing of the work; a
    # measure the training minimises ('the mean squared error (MSE) loss', 'a loss based on a Frechet distance')
    # is no result the paper reports in it
    for cand in list(by_key.values()):
        cand.spans = [span for span in cand.spans if not _availability_sentence(span.sent)
                      and not (cand.type == "Metric" and _minimised(span))]
        if cand.type == "Method" and (any(_defined_as_a_problem(span) for span in cand.spans) or (
                not cand.canonical and cand.spans and called_a_problem(
                    min(cand.spans, key=lambda s: s.start), beside=cand.rule != "name")) or (
                cand.rule == "gazetteer" and all(_an_example_of_a_problem(span) for span in cand.spans))):
            cand.type = "Task"  # 'Empirical risk minimization is an important class of optimization problems';
            # 'on machine learning problems, including ... and Poisson regression'
        if cand.type == "Task" and cand.spans and all(
                (_names_a_kind_of_method(span) and not _ways_of_a_known_task(cand, span)) or _used_as_a_tool(span)
                for span in cand.spans):
            # 'the half-quadratic minimization technique', 'an error-aware sampling method', 'trained with deep
            # reinforcement learning': a way of working, not a problem to solve (kg.resolve weighs a known task's
            # uses like these across the corpus)
            cand.type = "Method"
            tool_words = [_used_as_a_tool(span) for span in cand.spans]
            if all(tool_words) and all(span.sent.start > 0 for span in cand.spans):
                # only worked with, in every sentence ('is employed to ...'); the opening sentence's tools are the
                # field's ('attacks embed vulnerabilities through data poisoning'), which the paper may address
                cand.tool_word = tool_words[0]

    # 10. letters the abstract never defines but spells with another of its concepts' initials ('BNNs' beside
    #     'binary neural networks', 'MLP' beside 'multi-layer perceptron'): that concept's short form
    for cand in [c for c in by_key.values() if c.rule == "name" and _BARE_ACRONYM.fullmatch(c.label)]:
        owner = _spelled_out_by(cand.label, [c for c in by_key.values() if c is not cand and c.spans])
        if owner is not None:
            owner.spans += [span for span in cand.spans if span not in owner.spans]
            owner.aliases += [cand.label] * (cand.label not in owner.aliases)
            del by_key[cand.key]
    return [cand for cand in by_key.values() if cand.spans]


# what a prefix says of a name that makes no name of its own kind: not it, before or after it, several of it
NOT_A_KIND_PREFIXES = frozenset(["non", "pre", "post", "out", "multi", "anti", "beyond"])
PARAMETER_WORDS = frozenset(["eps", "epsilon", "delta", "alpha", "beta", "gamma", "lambda", "sigma", "tau", "mu"])


# what a word before a proposed name says of the paper's work, not of which variant it is
NOT_VARIANT_WORDS = frozenset(["novel", "new", "our", "first", "proposed", "simple", "general", "unified", "modified",
                               "improved", "enhanced", "extended", "generalized", "generalised", "innovative",
                               "effective", "efficient", "powerful", "lightweight", "scalable", "flexible",
                               "practical", "principled", "versatile"]) | CLAIM_WORDS | KIND_HEADS | NAME_HEADS \
    | NAMING_WORDS


def _variant_of_a_name(chunk: Span) -> tuple[Span | None, Span | None]:
    """'the distributional QuuxGQ', 'quantized BERT', 'a new method, sparse QuuxNet': a name (letters, digits or
    inner capitals) that small words rarer than everyday English make a variant of; the span from the first such
    word to the name's end (not the words of a coined name in capitals, 'Unified Quux Morphology Architecture'), and
    the name; or None, None."""
    doc = chunk.doc
    root = chunk.root
    if root.i != chunk.end - 1 or not is_name_token(root):
        return None, None
    name = name_span(doc, root)
    if name.end != chunk.end or _is_fragment(name):
        return None, None
    start = name.start
    while start > chunk.start and _makes_a_variant(doc[start - 1], name):
        start -= 1
    return (doc[start : name.end], name) if start < name.start else (None, None)


def _hyphenated_variant(chunk: Span, hits: list[Span]) -> tuple[Span, Span] | None:
    """'a novel visibility-aware attention mechanism', 'multi-view data augmentation': a known method (one of `hits`)
    that one hyphenated word right before it makes the paper's own variant; the span from that word to the method's
    end (or to the kind of thing after it, 'mechanism'), and the method. Not a claim or a plain manner before it
    ('cost-effective', 'two-stage', 'end-to-end'), which qualify the known method without naming another."""
    phrase = clean_phrase(chunk)
    if phrase is None:
        return None
    doc = chunk.doc
    for hit in hits:
        if not phrase.start < hit.start or not (hit.end == phrase.end or (
                hit.end == phrase.end - 1 and phrase[-1].lower_ in OWN_KINDS)):
            continue
        front = doc[phrase.start : hit.start]
        parts = list(front)[::2]
        if len(front) < 3 or len(front) % 2 == 0 or any(t.whitespace_ for t in front[:-1]) \
                or any(t.text != "-" for t in list(front)[1::2]):
            return None
        if any(not t.is_alpha or t.like_num or t.lower_ in NOT_VARIANT_WORDS or t.lower_ in FRONT_MODIFIERS
               for t in parts) or front.text.lower() in FRONT_MODIFIERS \
                or (_everyday_compound(front) and parts[-1].lower_ in PLAIN_MANNERS):
            return None
        if alias_index().get(label_key(phrase.text.replace("-", ""))) is not None:
            return None  # 'a multi-modal LLM': a known kind, written with a hyphen
        return phrase, hit
    return None


# the last parts of an everyday hyphenated word that says how a thing runs or how good it is, not what it attends
# to: 'two-stage', 'end-to-end', 'real-time', 'cost-effective'
PLAIN_MANNERS = (MANNER_PARTS - {"aware", "guided", "based", "driven", "specific", "level"}) | {
    "end", "effective", "quality", "art"}


def _makes_a_variant(word: Token, name: Span) -> bool:
    """A small adjective or participle modifying the name, rare in everyday English and no claim ('distributional',
    'quantized', not 'efficient'), not the end of a hyphenated word ('multi-modal'); not a noun ('algorithms
    QX-UCB', 'aligner QUUX-ALIGNER' say what kind of thing the name is) nor a word that names ('termed')."""
    doc = word.doc
    small = word.is_lower or (word.is_title and word.is_sent_start)
    glued = word.i >= 1 and doc[word.i - 1].text == "-" and not doc[word.i - 1].whitespace_
    modifier = word.dep_ == "amod" and (word.pos_ == "ADJ" or word.tag_ == "VBN")
    return small and word.is_alpha and not glued and modifier \
        and word.head.i in range(name.start, name.end) and word.lower_ not in NOT_VARIANT_WORDS \
        and not is_everyday_word(word.lower_)


def _glued_after_hyphen(span: Span) -> bool:
    """'distribution learning' in 'out-of-distribution learning', 'convex optimization' in 'quasi-convex
    optimization': the span starts inside a hyphenated word."""
    doc = span.doc
    if span.start < 2 or doc[span.start - 1].text != "-" or doc[span.start - 1].whitespace_:
        return False
    before = doc[span.start - 2]
    # (not a parameter, 'eps-differentially private', 'ε-greedy', nor an adverb, 'extremely-low-resource')
    return not before.whitespace_ and before.is_alpha and before.is_ascii \
        and before.lower_ not in PARAMETER_WORDS and not before.lower_.endswith("ly")


def _hyphenated_from(span: Span) -> Span:
    """The span grown back over the hyphen-joined words it starts inside ('out-of-distribution learning')."""
    doc = span.doc
    start = span.start
    while _glued_after_hyphen(doc[start : span.end]):
        start -= 2
    return doc[start : span.end]


_UNIT = re.compile(r"[kKMGTPE]i?B|[kMGT]Hz|[kMGW]W|kWh|dB|[GTP]FLOPS?|[GTP]FLOPs")
_BARE_ACRONYM = re.compile(r"[A-Z]{2,6}s?")


def _spelled_out_by(letters: str, candidates: list[Candidate]) -> Candidate | None:
    """The one candidate of several words whose initials are the letters (a plural 's' aside)."""
    initials = letters.removesuffix("s").lower()
    spelled = [cand for cand in candidates if len(words := re.split(r"[\s\-]+", cand.label.lower())) > 1
               and "".join(word[:1] for word in words) == initials]
    return spelled[0] if len(spelled) == 1 else None


_DIGIT_LED_NAME = re.compile(r"\d+[A-Za-z]{2,}[A-Za-z0-9]*")


def _plain_name_word(token: Token) -> bool:
    """'Breakfast', 'Drone', '50Salads': a capitalised word inside a sentence, or a name led by digits ('3DMatch');
    what a dataset's name may be made of when it has no capitals inside ('Gaze+' of 'EGTEA Gaze+' too)."""
    text = token.text.removesuffix("+")
    if token.is_sent_start or token.is_stop or text in NOT_NAMES:
        return False
    if _DIGIT_LED_NAME.fullmatch(text):
        return any(c.isupper() for c in text)
    return text.isalpha() and len(text) > 1 and text[0].isupper() and token.lower_ not in LANGUAGE_NAMES


def _plain_name_span(doc: Doc, token: Token) -> Span:
    """Grow over hyphen-joined capitalised parts, a glued '+', and the capitalised words that follow ('Drone-Action',
    'Quux Gaze+')."""
    start, end = token.i, token.i + 1
    while start >= 2 and doc[start - 1].text == "-" and not doc[start - 1].whitespace_ \
            and not doc[start - 2].whitespace_ and doc[start - 2].text[:1].isupper():
        start -= 2
    while end < len(doc) and end - start < 6:
        if end + 1 < len(doc) and _hyphen_joined(doc, end - 1) and (doc[end + 1].text[:1].isupper()
                                                                    or doc[end + 1].text.isdigit()):
            end += 2
        elif (doc[end].text == "+" and not doc[end - 1].whitespace_) or (
                doc[end - 1].whitespace_ and _plain_name_word(doc[end]) and not _YEAR.fullmatch(doc[end].text)):
            end += 1
        else:
            break
    return doc[start:end]


# heads that make the words before an acronym another thing: 'a Part-of-Speech (POS) tagger', 'a triplet
# contrastive preserving (TCP) loss', 'member inference (MI) attacks'
ACRONYM_HEADS = frozenset(["tagger", "parser", "loss", "attack", "constraint", "regularizer", "detector", "estimator",
                           "solver", "test", "index", "bound"])


def _stands_alone(short: Span, long: Span, after: Token) -> bool:
    """'Knowledge Graph (KG) integration' and then '... across heterogeneous KGs': a long form that is a term of its
    own, whose letters the abstract goes on to use without the noun after them, stands for that term alone."""
    if long[-1].pos_ not in {"NOUN", "PROPN"} or not is_term(label_key(long.text)):
        return False
    doc = short.doc
    later = [t for t in doc[short.end :] if t.text.removesuffix("s") == short.text.removesuffix("s")]
    return bool(later) and all(t.i + 1 >= len(doc) or doc[t.i + 1].lower_ != after.lower_ for t in later)


def _head_after_acronym(token: Token) -> bool:
    """'decomposition' of 'canonical polyadic (CP) decomposition': a noun of a way of doing, a measure or a task
    that ends the phrase (not 'method', which only says what the long form is, nor 'devices', 'statements': what
    the long form describes)."""
    word = token.lower_
    doc = token.doc
    following = doc[token.i + 1] if token.i + 1 < len(doc) else None
    if following is not None and (following.pos_ in {"NOUN", "PROPN", "ADJ"} or (
            following.text == "-" and not token.whitespace_)):
        return False  # 'low-resolution (LR) text images', 'location-aware (LOCA) self-supervised': a longer phrase
    named_kind = word in METHOD_HEADS or word in TECHNIQUE_HEADS or word in METRIC_HEADS or word in TASK_HEADS \
        or word in ACRONYM_HEADS or token.lemma_ in ACRONYM_HEADS or (is_doing_noun(word) and word not in SIGNAL_NOUNS)
    return named_kind and token.pos_ == "NOUN" and token.is_lower and token.is_alpha and word not in KIND_HEADS \
        and word not in GENERIC_HEADS and token.lemma_ not in GENERIC_HEADS


def names_a_means(head: Token) -> bool:
    """A head word that names a way of doing ('regularization', 'module', 'sampling'), not data, a setting or a
    quality ('web videos', 'sparse annotations', 'capacity constraints')."""
    word = head.lower_
    return (word in METHOD_HEADS or word in PART_NOUNS or word in TECHNIQUE_HEADS
            or (word.endswith("ing") and is_doing_noun(word))) and not is_modality(word)


def _list_item(span: Span) -> bool:
    """The words are a whole item of a list: a comma, 'and', 'or', a bracket or a colon on either side (or the
    list's noun after them: 'and Breakfast datasets')."""
    doc = span.doc
    if span.start <= span.sent.start or span.end >= span.sent.end:
        return False
    before, after = doc[span.start - 1], doc[span.end]
    return (before.text in {",", "(", ":"} or before.lower_ in {"and", "or"}) and (
        after.text in {",", ")", ".", ";"} or after.lower_ in {"and", "or"} or after.lower_ in DATASET_HEADS)


def _title_cased_text(sent: Span) -> bool:
    """A title written in capitals ('Robust Learning With Noisy Labels'): most of its words capitalised."""
    words = [t for t in sent if t.is_alpha and not t.is_stop]
    return len(words) >= 3 and sum(t.is_lower for t in words) < len(words) / 5


def _given_name(token: Token) -> Span | None:
    """'called Lantern', 'called the Silver Lake Game': the capitalised words right after a naming word."""
    doc = token.doc
    if not token.text[:1].isupper() or token.i == 0:
        return None
    before = doc[token.i - 1].lower_
    # 'Our method, Sever, possesses ...', 'the proposed algorithm, Lantern, runs ...': a name between commas
    # after what the paper calls its own method
    own_kind = before == "," and token.i >= 3 and doc[token.i - 2].lower_ in KIND_HEADS \
        and doc[token.i - 3].lower_ in {"our", "proposed"}
    if not (own_kind or before in NAMING_WORDS
            or before == "the" and token.i >= 2 and doc[token.i - 2].lower_ in NAMING_WORDS):
        return None
    end = token.i
    while end < len(doc) and not doc[end].is_sent_start:
        # 'called the Ego-CNNs': the parts a hyphen joins belong to the name too
        glued = end > token.i and (_hyphen_joined(doc, end - 1) or (doc[end - 1].text == "-"
                                                                    and not doc[end - 1].whitespace_))
        if not glued and not (doc[end].is_alpha and doc[end].text[0].isupper()):
            break
        end += 1
    if own_kind and (end >= len(doc) or doc[end].text not in {",", "("}):
        return None  # ('Our method, Markov chains and ...': a list, not a name)
    if end - token.i >= 3 and doc[end - 2].text == "-" and doc[end - 1].is_lower:
        # 'a novel task named Entity-level unlearning': a hyphened modifier names nothing alone; the nouns it
        # modifies end the name
        while end < len(doc) and doc[end].is_lower and doc[end].pos_ == "NOUN":
            end += 1
    return doc[token.i : end] if end > token.i else None


def _name_the_title_writes(token: Token, title_keys: set[str]) -> Span | None:
    """'a model called co-representation network' under the title 'Co-Representation Network for ...': a name
    the abstract writes in small letters after a naming word, which the title writes as a phrase of its own."""
    doc = token.doc
    if token.i < 2 or doc[token.i - 1].lower_ not in NAMING_WORDS or not token.is_lower or not title_keys \
            or doc[token.i - 2].text == "-" or not speaks_of_itself(token.sent):
        return None  # (not 'a technique called plan optimization', which others use, nor 'so-called' words)
    end = token.i
    while end < len(doc) and end - token.i < 6 and (doc[end].pos_ in {"NOUN", "PROPN", "ADJ"} or doc[end].text == "-"
                                                    or _hyphen_joined(doc, end)):
        end += 1
    span = doc[token.i : end]
    whole = end < len(doc) and (doc[end].is_punct or doc[end].pos_ in {"ADP", "PART", "SCONJ", "AUX", "PRON"})
    # ('called pseudo Source guided Target Clustering': a name that goes on past the nouns)
    return span if whole and len(span) > 1 and label_key(span.text) in title_keys else None


LOSS_WORDS = frozenset(["loss", "losses", "objective", "regularizer", "regulariser", "penalty", "criterion"])

# what a training objective does to a measure ('minimizes the KL divergence', 'weights the reconstruction error')
MINIMISE_VERBS = frozenset(["minimize", "minimise", "optimize", "optimise", "weight", "reweight", "penalize",
                            "penalise", "regularize", "regularise"])


def _minimised(span: Span) -> bool:
    """'the mean squared error (MSE) loss', 'minimizes the KL divergence', 'a loss based on a Frechet distance'."""
    doc = span.doc
    j = span.end
    while j < span.sent.end and doc[j].text in {"(", ")"} or j < span.sent.end and doc[j].text.isupper():
        j += 1  # past '(MSE)'
    if j < span.sent.end and doc[j].lower_ in LOSS_WORDS:
        return True
    before = [t.lemma_.lower() for t in doc[max(span.sent.start, span.start - 4) : span.start]]
    return any(word in MINIMISE_VERBS for word in before) or (
        "loss" in before and "base" in before)


PARADIGM_KEYS = frozenset(label_key(p) for p in PARADIGMS)


def is_paradigm(label: str) -> bool:
    """A way of learning (PARADIGMS), or any kind of reinforcement learning ('model-free reinforcement learning')."""
    key = label_key(label)
    return key in PARADIGM_KEYS or key.endswith(label_key("reinforcement learning"))


def ways_of(span: Span) -> bool:
    """'graph clustering methods', 'value alignment approaches': the ways of a task, in the plural."""
    after = span.end
    return after < len(span.doc) and span.doc[after].lower_ in {"approaches", "methods", "algorithms", "techniques"}


def _compared_here(span: Span) -> bool:
    """The mention's sentence compares ('outperforms the anomaly detection methods', 'compared with ...')."""
    return any(t.lemma_.lower() in {"outperform", "surpass", "beat", "exceed", "compare"}
               or t.lower_ in {"than", "versus", "vs", "vs."} for t in span.sent)


def _first_conjunct_whole(span: Span) -> bool:
    """In 'A and B <head>', A is whole already: 'bipedal locomotion and robotic manipulation', 'domain
    randomization and domain adaptation', 'grasping and motion planning', 'single-step and iterative attacks', 'UCB
    and Thompson Sampling' (not '3D object pose and shape estimation', where the head is both words')."""
    doc, start = span.doc, span.start
    before = doc[start - 1] if start > 0 else None
    return (before is not None and before.pos_ in {"NOUN", "PROPN", "ADJ", "VERB"} and not before.is_stop
            and (span[2].pos_ == "ADJ" or span[2].lower_ == before.lower_)) or (
        span[0].lower_.endswith("ing") and span[0].lower_ not in ING_NOUNS) or (
        start >= 2 and _hyphen_joined(doc, start - 2)) or span[0].text.isupper()


def _ways_of_a_known_task(cand: Candidate, span: Span) -> bool:
    """'existing anomaly detection methods', 'outperforms the anomaly detection methods': others' ways of a task
    the gazetteers know (not a paradigm: 'deep reinforcement learning algorithms' are methods)."""
    return bool(cand.canonical) and not is_paradigm(cand.canonical) and (
        methods_for(span) or (ways_of(span) and _compared_here(span)))


def methods_for(span: Span) -> bool:
    """'existing graph clustering methods', 'current value alignment approaches': others' ways of a known task,
    which the paper works on (not 'the half-quadratic minimization technique', one way of working, nor 'we
    evaluate various trajectory optimization techniques', the methods it studies)."""
    return ways_of(span) and bool(prior_work_word(span.sent))


def _names_a_kind_of_method(span: Span) -> bool:
    """'the half-quadratic minimization technique', 'the Nested Laplace Approximation (NLA) method'."""
    doc = span.doc
    after = span.end
    if after + 2 < len(doc) and doc[after].text == "(" and doc[after + 2].text == ")":
        after += 3  # past the acronym
    elif after < len(doc) and doc[after].text == ")" and span.start > 0 and doc[span.start - 1].text == "(":
        after += 1  # the acronym itself
    return after < len(doc) and doc[after].lower_ in METHOD_KINDS and span[-1].lower_ not in OUTCOME_HEADS


def _part_of_a_term(span: Span) -> bool:
    """'Givens rotations', 'a Foo-Bar gradient flow': a name right before the words of a common noun that is not
    what names name (NAME_HEADS, DATASET_HEADS) is the first word of a longer term, not a concept on its own."""
    doc = span.doc
    if span.end >= len(doc) or span.root.dep_ not in {"compound", "nmod", "amod"}:
        return False
    nxt, head = doc[span.end], span.root.head
    if not (nxt.is_lower and nxt.is_alpha) or head.pos_ != "NOUN" or not head.is_lower or head.i < nxt.i:
        return False
    if span.sent.root.pos_ not in {"VERB", "AUX"}:
        return False  # a parse with no verb ('methods such as FooGAN fail on ...' read as a noun phrase)
    return head.lemma_ not in NAME_HEADS and head.lower_ not in NAME_HEADS and head.lower_ not in DATASET_HEADS


def _titled_part(phrase: Span) -> bool:
    """'the Temporal Segment Adaptation module', 'a Cross-View Fusion block': two capitalised words or more, not
    opening the sentence and not a name the gazetteers know, before a part noun written small."""
    words, last = phrase[:-1], phrase[-1]
    if last.lower_ not in PART_NOUNS or not last.is_lower or phrase.start == phrase.sent.start:
        return False
    titled = [t for t in words if t.is_alpha]
    return len(titled) >= 2 and all(t.is_title for t in titled) and all(
        t.is_alpha or t.text == "-" for t in words) and label_key(words.text) not in alias_index()


def _names_a_machine(span: Span) -> bool:
    """'the ANYmal C platform', 'a Franka arm'; read along the words too, however it is parsed: 'a Unitree Go1
    quadruped robot,', 'a HoloLens 2 device'."""
    token = span.root
    while token.dep_ == "compound" and token.head.i != token.i:
        token = token.head
    if token.i != span.root.i and token.lemma_ in HARDWARE_NOUNS:
        return True
    doc = span.doc
    for i in range(span.end, min(span.end + 3, span.sent.end)):
        word = doc[i]
        if word.lemma_.lower() in HARDWARE_NOUNS and word.is_lower:
            following = doc[i + 1] if i + 1 < len(doc) else None
            # not 'FooNet robot policies', 'the TORCS car-racing environment'
            return following is None or (following.pos_ not in {"NOUN", "PROPN"} and following.text != "-")
        if not (word.like_num or (word.is_lower and word.is_alpha)):
            return False
    return False


PROBLEM_VERBS = frozenset(["struggle", "deal", "cope", "grapple", "contend", "fail", "suffer", "wrestle", "provide"])
TOOL_PREPOSITIONS = frozenset(["via", "using", "with", "through", "by"])
# a preposition and the words before it that make its object what a method stands on
GROUNDING_WORDS = {"on": frozenset(["based", "relying", "built", "grounded", "founded"]),
                   "upon": frozenset(["based", "built", "building", "relying"]),
                   "from": frozenset(["inspiration", "ideas", "tools", "techniques", "insights"]),
                   "of": frozenset(["means"])}


def _used_as_a_tool(span: Span) -> str:
    """The word that makes the mention a tool, or '': 'policies trained with deep reinforcement learning',
    'pretraining with offline RL', 'we employ multi-task learning', 'a bi-level optimization-based framework'."""
    doc = span.doc
    if span.end + 1 < len(doc) and doc[span.end].text == "-" and doc[span.end + 1].lower_ == "based":
        return doc[span.end + 1].text
    root = span.root
    if root.dep_ == "pobj" and root.head.lower_ in TOOL_PREPOSITIONS:
        done_with = root.head.head
        if done_with.lemma_.lower() in PROBLEM_VERBS:
            return ""  # 'models struggle with low-resource languages': the problem, not the tool
        if done_with.pos_ == "VERB" or done_with.lower_.endswith("ing") or done_with.lower_ in METHOD_KINDS:
            return root.head.text  # ('algorithms with nonlinear function approximation')
    if root.dep_ == "pobj" and root.head.head.lower_ in GROUNDING_WORDS.get(root.head.lower_, ()):
        return root.head.head.text  # 'an algorithm based on sparse regression', 'inspiration from causal inference'
    # 'we employ multi-task learning', 'optical flow is employed to capture motion'
    return root.head.text if root.dep_ in {"dobj", "nsubjpass"} and root.head.lemma_ in USE_VERBS else ""


SIGNAL_NOUNS = frozenset(["signal", "signals", "data", "recordings", "measurements", "readings", "images", "scans"])
AVAILABILITY_WORDS = frozenset(["available", "release", "released", "publicly", "github", "url", "download"])


def _availability_sentence(sent: Span) -> bool:
    known = sent.doc.user_data.setdefault("kg_availability", {})
    if sent.start not in known:
        known[sent.start] = _says_where_code_is(sent)
    return known[sent.start]


def _says_where_code_is(sent: Span) -> bool:
    return any(t.like_url for t in sent) or (
        any(t.lower_ in {"code", "codes", "implementation"} for t in sent)
        and any(t.lower_ in AVAILABILITY_WORDS for t in sent))


def _noun_type(token: Token) -> str | None:
    word = token.lower_
    if word in DATASET_HEADS or token.lemma_ in DATASET_HEADS:
        return "Dataset"
    if word in {"metric", "metrics", "measure", "score", "criterion"} or word in METRIC_HEADS:
        return "Metric"
    return None


PROBLEM_WORDS = frozenset(["problem", "task"])


def called_a_problem(span: Span, beside: bool = True) -> bool:
    """'this paper proposes a new problem called efficient label-free user adaptation', 'the FooBar (FB) problem',
    'FooBar, a new task that ...': the name of a problem the paper poses or studies, which it addresses (the naming
    word hangs from 'problem' or 'task', or that word follows the name or, with `beside`, stands beside it: not
    for a name no definition or proposal gives, which often stands beside the task it is the data of)."""
    doc = span.doc
    naming = doc[span.start - 1] if span.start > 0 else None
    root = span.root
    return (naming is not None and naming.lower_ in NAMING_WORDS and naming.head.lemma_.lower() in PROBLEM_WORDS) \
        or _a_problem_by_name(span) or (beside and (
            any(c.dep_ == "appos" and c.lemma_ in PROBLEM_WORDS for c in root.children)
            or (root.dep_ == "appos" and root.head.lemma_ in PROBLEM_WORDS)))


def called_a_dataset(span: Span) -> bool:
    """'the FooAgent Dataset', 'we construct Foo-to-Tail, a benchmark that ...', 'a new corpus, FooCorp': a name
    its own last word, or a noun in apposition beside it, calls a dataset or a benchmark (a phrase in small letters
    beside such a noun is the next item of a list: 'the first dataset, an annotation scheme, ...')."""
    root = span.root
    kinds = DATASET_HEADS - {"environment", "environments", "simulator", "simulators", "suite", "suites"}
    return span[-1].lower_ in kinds or any(c.dep_ == "appos" and c.lower_ in kinds for c in root.children) \
        or (root.dep_ == "appos" and root.head.lower_ in kinds and not span.text.islower())


def _a_problem_by_name(span: Span) -> bool:
    """'we study the Best Arm Identification with Resource Constraints (BAIwRC) problem': a name the word after it
    (past its bracketed short form) calls a problem."""
    doc = span.doc
    i = span.end
    if i < len(doc) and doc[i].text == ")":
        i += 1  # the short form inside its brackets
    elif i + 2 < len(doc) and doc[i].text == "(" and doc[i + 2].text == ")":
        i += 3
    return i < len(doc) and doc[i].lemma_.lower() in PROBLEM_WORDS and doc[i].pos_ == "NOUN"


def _defined_as_a_problem(span: Span) -> bool:
    """'X is a fundamental problem', 'X is an important class of optimization problems': what the paper says the
    thing is, whatever the gazetteers hold it to be."""
    root = span.root
    if root.dep_ not in {"nsubj", "nsubjpass"} or root.head.lemma_ != "be":
        return False
    for attr in (c for c in root.head.children if c.dep_ == "attr"):
        nouns = [attr]
        if attr.lemma_ in {"class", "family", "kind", "type"}:  # ('class of optimization problems', read either way)
            nouns += [c for c in attr.children if c.dep_ == "appos"] + [
                g for c in attr.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children
                if g.dep_ == "pobj"]
        if any(noun.lemma_ in PROBLEM_WORDS for noun in nouns):
            return True
    return False


CLAUSE_OPENERS = frozenset(["that", "which", "where", "while", "whereas", "we", "our"])


def _an_example_of_a_problem(span: Span) -> bool:
    """'a variety of problems, including cubically regularized least-squares and Poisson regression', 'tasks such
    as kriging': a method's name given as an example of a problem is the problem of fitting it."""
    doc = span.doc
    for i in range(span.start - 1, max(span.sent.start, span.start - 20) - 1, -1):
        if doc[i].lower_ in EXAMPLE_MARKERS:
            return any(t.lemma_.lower() in PROBLEM_WORDS for t in doc[max(span.sent.start, i - 3) : i])
        if doc[i].text in {";", ")", "("} or doc[i].lower_ in CLAUSE_OPENERS or doc[i].tag_ in {"VBZ", "MD"}:
            return False  # (not any verb: the parser reads the participles of a list's names as verbs)
    return False


# A game a name names is an environment the field tests in, as a benchmark is ('Go', 'Dota2', 'DouDiZhu')
GAME_HEADS = frozenset(["game", "games"])


def _pair_named_as(short: Span, long: Span) -> str | None:
    """The type the words around an acronym and its long form give the pair: 'FooQA (Foo Question Answering), a
    dataset of ...', 'our evaluation dataset FooQA (Foo Question Answering)'."""
    doc = short.doc
    start, end = min(short.start, long.start), max(short.end, long.end)
    if start > 0 and doc[start - 1].lower_ in DATASET_HEADS:
        return "Dataset"
    appositive = _appositive_noun(doc[start:end])
    return _noun_type(appositive) if appositive is not None else None


def _named_as(span: Span) -> str | None:
    """The type a name's own noun gives it: 'a new dataset, FooQA', 'FooQA, a benchmark for ...', 'a metric
    called FooScore', 'the FooQA dataset'."""
    root = span.root
    doc = span.doc
    if span.start > 0 and doc[span.start - 1].lower_ in DATASET_HEADS | GAME_HEADS:
        return "Dataset"  # 'the challenging dataset VIST', 'the card game DouDiZhu': data, or a game played in
    members = [root, *root.conjuncts]  # 'ProceL, CrossTask and EgoProceL datasets'
    if any(m.i + 1 < len(doc) and doc[m.i + 1].lower_ in DATASET_HEADS and is_name_token(m) for m in members):
        return "Dataset"
    if root.dep_ == "appos" and _noun_type(root.head):
        return _noun_type(root.head)
    for child in root.children:
        if child.dep_ == "appos" and _noun_type(child):
            return _noun_type(child)
    following = doc[span.end] if span.end < span.sent.end else None
    if _YEARED.search(span.text) or (following is not None and _YEAR.fullmatch(following.text)):
        return "Dataset"  # 'iNAT-2021', 'the ICDAR 2017 competition', 'FooVOC 2012': a year's edition of data
    appositive = _appositive_noun(span) or _list_appositive_noun(span)
    if appositive is not None:
        return _noun_type(appositive)
    listed = _list_head(span)
    if listed is not None and listed.lower_ in DATASET_HEADS:
        return "Dataset"
    colon = next((t for t in doc[span.sent.start : span.start] if t.text in {":", ";"}), None)
    if colon is not None and colon.text == ":" and colon.i > span.sent.start \
            and doc[colon.i - 1].lower_ in DATASET_HEADS:
        return "Dataset"  # 'three new benchmarks: FooQA to evaluate ..., BarQA to ...'
    # 'a new metric called HMP': HMP hangs from 'called', which hangs from the noun
    verb = root.head
    if root.dep_ in {"oprd", "attr", "dobj", "xcomp"} and verb.lower_ in {"called", "named", "termed", "dubbed"}:
        return _noun_type(verb.head) if verb.dep_ in {"acl", "relcl"} else None
    if _where_experiments_run(root) and not MODEL_SIZE.search(span.text):
        return "Dataset"
    opening = _word_before_list(span)
    if opening is not None and opening.lower_ == "of" and opening.i >= 2 and \
            doc[opening.i - 2 : opening.i].text.lower() == "in terms":
        return "Metric"  # 'improves by 10% in terms of MARE'
    if opening is not None and opening.lower_ in {"on", "across"} and not MODEL_SIZE.search(span.text) and any(
            t.lemma_.lower().replace("-", "") in EXPERIMENT_WORDS for t in doc[span.sent.start : opening.i]):
        return "Dataset"  # 'improves the accuracy of two models on FSC147 and CARPK', however it is parsed
    hits = doc.spans.get(SPAN_KEY, [])
    known_data = {i for hit in hits if hit.label_ == "Dataset" for i in range(hit.start, hit.end)}
    if any(type_by_name(other.text) == "Dataset" or other.i in known_data for other in root.conjuncts):
        return "Dataset"  # 'on MMHal-Bench, POPE and GAVIE', 'on Calvin, RLBench, ALOHA': listed with benchmarks
    if root.dep_ not in {"nsubj", "nsubjpass"} and not known_data.isdisjoint(list_around(span)):
        return "Dataset"  # '(Multipage DocVQA, WebSRC, and MoTIF)': read along the words, whatever the parse
    head = root
    for _ in range(4):  # 'on the challenging MVTec3D anomaly detection benchmark'
        if head.dep_ not in MODIFIER_DEPS or head.head.i == head.i:
            break
        head = head.head
        if head.lower_ in DATASET_HEADS and head.i > root.i:
            return "Dataset"
    return None


def list_around(span: Span) -> set[int]:
    """The tokens of the list of names a span stands in, read along the words to either side ('(A, B, and C)',
    'A, B and C'): names, commas and 'and'/'or'."""
    doc = span.doc

    def listed(token: Token) -> bool:
        return token.text in {",", "-"} or token.lower_ in {"and", "or"} or (
            (token.is_title or token.is_upper or token.like_num or is_name_token(token)) and not token.is_stop)

    tokens: set[int] = set()
    i = span.start - 1
    while i >= span.sent.start and listed(doc[i]):
        tokens.add(i)
        i -= 1
    i = span.end
    while i < span.sent.end and listed(doc[i]):
        tokens.add(i)
        i += 1
    return tokens if any(doc[t].text == "," or doc[t].lower_ in {"and", "or"} for t in tokens) else set()


ACTIVITY_ENDINGS = ("tion", "sion", "ment", "sis", "ing", "ance", "ence")
# nouns with those endings that name things, not doings
THING_NOUNS = frozenset(["distribution", "function", "representation", "information", "condition", "position",
                         "population", "question", "solution", "section", "attention", "emotion", "motion", "notion",
                         "caption", "environment", "instance", "sentence", "evidence", "sequence", "experience",
                         "difference", "importance", "performance", "variance", "distance", "substance"])


def is_doing_noun(word: str) -> bool:
    """'harmonization', 'captioning', 'detection': a noun of doing, as a task's head is (lower-cased word)."""
    return word not in GENERIC_WORDS and word not in ING_NOUNS and word not in THING_NOUNS \
        and (word in TASK_HEADS or word.endswith(ACTIVITY_ENDINGS))


def _names_a_task(phrase: Span) -> bool:
    """'video harmonization', 'eye blink detection': a noun of doing after a noun saying what is done to ('video'),
    as a task is named; not a manner ('systematic categorization', 'online refining')."""
    head, before = phrase[-1], phrase[-2]
    return head.pos_ == "NOUN" and is_doing_noun(head.lower_) \
        and (before.pos_ in {"NOUN", "PROPN"} or before.dep_ == "compound")


# what opens a phrase that says what the names before it are: 'FooMD, a dataset ...', 'FooQA and BarQA, two
# datasets ...'
LIST_APPOSITION_OPENERS = frozenset(["two", "three", "four", "five", "both"])
APPOSITION_OPENERS = frozenset(["a", "an", "the"]) | LIST_APPOSITION_OPENERS


def _appositive_noun(span: Span) -> Token | None:
    """'FooMD, a comprehensive dataset comprising ...': the dataset or metric noun of the phrase right after a
    name, read along the words (the parser may hang that phrase from a verb)."""
    doc = span.doc
    i = span.end
    if i < span.sent.end and doc[i].text in {"(", ")"}:  # past a long form or a short one: 'FooQA (Foo QA), a ...'
        i = next((t.i + 1 for t in doc[i : min(i + 16, span.sent.end)] if t.text == ")"), i)
    if i + 1 >= span.sent.end or doc[i].text != "," or doc[i + 1].lower_ not in APPOSITION_OPENERS:
        return None
    for token in doc[i + 2 : min(i + 7, span.sent.end)]:
        following = doc[token.i + 1] if token.i + 1 < len(doc) else None
        if _noun_type(token) and (following is None or (following.pos_ not in {"NOUN", "PROPN"}
                                                        and following.text != "-")):
            return token
        if token.pos_ not in {"ADJ", "ADV", "NOUN", "PROPN", "NUM"} and token.text != "-":
            return None
    return None


def _list_appositive_noun(span: Span) -> Token | None:
    """'on FooQA and BarQA, two crowdsourced datasets': the noun of the phrase that says what a list of names is,
    for a name before the list's last."""
    doc = span.doc
    for k in range(span.end, min(span.end + 8, span.sent.end - 1)):
        if doc[k].text == "," and doc[k + 1].lower_ in LIST_APPOSITION_OPENERS and k > span.end:
            return _appositive_noun(doc[k - 1 : k])
        if not _in_a_list(doc[k]):
            return None
    return None


_YEAR = re.compile(r"(?:19[89]|20[0-4])\d")
_YEARED = re.compile(r"[A-Za-z][-_ ]?(?:19[89]|20[0-4])\d$")


# '7B', '1.3B', '70M': a model's size in a name says the name is a model's ('FooLM-7B')
MODEL_SIZE = re.compile(r"(?<![A-Za-z])\d+(?:\.\d+)?[BM]\b")


def _where_experiments_run(root: Token) -> bool:
    """The name is what 'on'/'across' gives an experiment, an evaluation or a training run."""
    first = root
    while first.dep_ == "conj" and first.head.i != first.i:
        first = first.head
    prep = first.head
    if first.dep_ != "pobj" or prep.lower_ not in {"on", "across"}:
        return False
    governor = prep.head
    return governor.lemma_.lower().replace("-", "") in EXPERIMENT_WORDS


LIST_WORDS = frozenset([",", "and", "or", "(", "i.e.", "e.g.", "ie", "eg", ":", "including", "namely", "viz.", "viz",
                        "such", "as", "like", "the", "both"])


VERSION = re.compile(r"v\d+(?:\.\d+)*")


def _in_a_list(token: Token) -> bool:
    """A word a list of names is made of: a name, a version ('v1.0'), or a word between the names."""
    doc = token.doc
    return (token.lower_ in LIST_WORDS or is_name_token(token) or token.text == "-"
            or VERSION.fullmatch(token.text) is not None or token.text[:1].isdigit() and token.text[-1:].isalpha()
            or token.text == "." and token.i > 0 and doc[token.i - 1].lower_ == "viz")  # 'viz.' cut in two


def _list_start(span: Span) -> int:
    """The index of the word a list of names that `span` stands in starts after, read back along the words (the
    parse of such lists is often wrong): across names, versions, the words between them and capitalised words
    ('datasets (50Salads, Breakfast, GTEA)'); the sentence's start - 1 when the list opens the sentence."""
    doc = span.doc
    i = span.start - 1
    while i >= span.sent.start and (_in_a_list(doc[i]) or doc[i].text[:1].isupper() and i > span.sent.start):
        i -= 1
    return i


def _list_head(span: Span) -> Token | None:
    """The noun a list of names hangs from: 'four benchmarks (i.e., LaSOT, TNL2K and OTB)' and 'on CUHK-SYSU and
    PRW datasets' give the benchmarks and the datasets, across the other names of the list."""
    doc = span.doc
    i = _list_start(span)
    before = doc[i] if span.sent.start <= i < span.start - 1 else None
    j = span.end
    while j < span.sent.end and doc[j].text != "(" and (_in_a_list(doc[j]) or doc[j].text[:1].isupper()):
        j += 1
    after = doc[j] if j < span.sent.end else None
    if i == span.start - 2 and doc[i + 1].text == "," and span.root.dep_ in {"nsubj", "nsubjpass"}:
        before = None  # 'Due to the scarcity of UI datasets, FooNet integrates ...': a new clause's subject
    for token in (after, before):
        if token is not None and token.lower_ in DATASET_HEADS:
            return token
    return None


def _word_before_list(span: Span) -> Token | None:
    """The word a list of names starts after: 'on' in 'on JHMDB and UCF101-24'; None after 'such as', 'e.g.'
    ('methods such as FooNet': examples of what came before, not the list's own start)."""
    doc = span.doc
    i = _list_start(span)
    if any(t.lower_ in {"such", "as", "like", "e.g.", "eg", "including"} for t in doc[i + 1 : span.start]):
        return None
    return doc[i] if i >= span.sent.start else None


def _coined_names(coined: list[Span]) -> list[tuple[str, ...]]:
    """'we propose ELF OpenGo', 'we release GLlama Alarm': the words of each name of a proposal written in
    capitals (`coined` chunks, cleaned), though they are of different kinds; the longest first."""
    wholes = (clean_phrase(chunk) for chunk in coined)
    names = {tuple(t.text for t in whole) for whole in wholes if whole is not None and len(whole) >= 2
             and _title_cased(whole) and all(t.text[:1].isupper() or t.text == "-" or t.like_num for t in whole)}
    return sorted(names, key=lambda words: (-len(words), words))


def _whole_coined_name(token: Token, names: list[tuple[str, ...]], taken: set[int]) -> Span | None:
    """The span of a name of `names` (from `_coined_names`) the token stands in, wherever the text writes it
    ('ELF OpenGo is the first ...'); None when an earlier rule has taken one of its words."""
    doc = token.doc
    for words in names:
        for at, word in enumerate(words):
            start = token.i - at
            if word == token.text and start >= 0 and start + len(words) <= len(doc) \
                    and tuple(t.text for t in doc[start : start + len(words)]) == words \
                    and not any(i in taken for i in range(start, start + len(words))):
                return doc[start : start + len(words)]
    return None


def _title_cased(chunk: Span) -> bool:
    """'the Hierarchical Feature Matching approach': two or more capitalised words, as a coined name is written."""
    words = [t for t in chunk if t.is_alpha and not t.is_stop and t.lower_ not in TRAILING_WORDS
             and t.lower_ not in GENERIC_OBJECT_WORDS]
    return len(words) >= 2 and all(t.text[0].isupper() for t in words)


def _listed_as_data(span: Span) -> bool:
    """'the ETH dataset', 'on ETH, UCY and SDD datasets', 'benchmarks (i.e., ETH, ...)'."""
    doc = span.doc
    after = doc[span.end] if span.end < len(doc) else None
    return (after is not None and after.lower_ in DATASET_HEADS) or _list_head(span) is not None


def type_by_name(text: str) -> str | None:
    """Names that say what they are: 'FooBench', 'Foo-Gym', 'ImageNet-LT', 'HotpotQA' are datasets."""
    if text.endswith("QA") and (text[:-2].isupper() or re.search(r"[A-Z]{2}QA$", text)):
        return None  # 'ARNIQA', 'VQA', 'NR-FooDVQA': an acronym of '... question answering' or '... quality
        # assessment' ('DocVQA' and 'HotpotQA' are datasets)
    return "Dataset" if text.endswith(DATASET_NAME_SUFFIXES) else None


def _is_fragment(span: Span) -> bool:
    """'V2' of 'NYU depth V2', 'R1' of 'DeepSeek-R1': a letter and digits alone name nothing; nor does an
    undefined two-letter acronym ('ST', 'CL'), which means something else in every field."""
    letters = sum(c.isalpha() for c in span.text)
    return len(span) == 1 and (letters <= 1 or len(span.text) <= 2)


def _set_aside(span: Span) -> bool:
    """'ICU' of 'non-ICU settings': what the text names only as what it is not."""
    return _glued_after_hyphen(span) and span.doc[span.start - 2].lower_ == "non"


PROPERTY_SUFFIXES = frozenset(["hard", "complete", "completeness", "hardness", "style", "like", "free", "level"])


def _is_property_prefix(span: Span) -> bool:
    """'NP' of 'NP-hard', 'PAC' of 'PAC-style': a name that only qualifies the word after its hyphen."""
    doc = span.doc
    return (span.end + 1 < len(doc) and doc[span.end].text == "-" and not doc[span.end - 1].whitespace_
            and doc[span.end + 1].lower_ in PROPERTY_SUFFIXES) or (
        len(span) >= 3 and span[-2].text == "-" and span[-1].lower_ in PROPERTY_SUFFIXES)  # ('NP-Hard' whole)


def is_modality(text: str) -> bool:
    """Sensors and modalities (LiDAR, RGB, EEG, aerial imagery, hyperspectral images) are what data is, not
    methods."""
    key = label_key(text)
    words = key.split()
    return key in MODALITIES or (len(words) > 1 and words[-1] in DATA_WORDS and " ".join(words[:-1]) in MODALITIES)


DATA_WORDS = frozenset(["imagery", "image", "images", "data", "signal", "signals", "video", "videos", "scan", "scans"])
CONDITION_WORDS = frozenset(["disease", "diseases", "disorder", "disorders", "syndrome", "cancer", "cancers", "tumor",
                             "tumors", "tumour", "tumours", "infection", "injury"])


def _a_property(long: Span) -> bool:
    """'models should be Permutation Equivariant (PE)': a long form that says what something is, with no article,
    names a property, not a method ('the model is a Graph Attention Network (GAT)' names a kind)."""
    before = long.doc[long.start - 1] if long.start > 0 else None
    return long.root.dep_ in {"attr", "acomp"} and long.root.head.lemma_ == "be" \
        and (before is None or before.pos_ != "DET")


def _names_a_condition(long: Span) -> bool:
    """'diabetic retinopathy', 'Alzheimer's disease': what a patient has, not a method of the field."""
    last = long[-1].lower_
    return last in CONDITION_WORDS or last.endswith(("pathy", "itis", "emia", "osis"))


def is_specific_phrase(label: str) -> bool:
    """A descriptive phrase names a concept when it recurs as a unit across the field's literature; with a
    generic head ('model', 'process', 'results'), only when its modifier is mostly seen with that head."""
    key = label_key(label)
    words = key.split()
    if not is_term(key):
        # a rare term the reference corpus lacks: 'ridgelet transform', 'stochastic convex minimization', or a
        # task named with a hyphenated compound, 'cross-dataset generalization'
        technical = 2 <= len(words) <= 3 and all(is_technical_word(w) for w in words[:-1])
        hyphenated = words[-1] in TASK_HEADS and any(word.count("-") for word in label.split()[:-1])
        return (technical or hyphenated) and words[-1] not in GENERIC_HEADS
    return words[-1] not in GENERIC_HEADS or unit_share(key) >= MIN_UNIT_SHARE


ADJECTIVE_ENDINGS = ("ive", "al", "ous", "ic", "ful", "less", "able", "ible", "ary", "ent", "ant")


def _noun_before_head(phrase: Span) -> bool:
    """'block descent algorithms', 'mixture model', 'Q-learning algorithm': the head's modifier is a noun."""
    before = phrase[-2] if len(phrase) > 1 else None
    if before is None:
        return False
    if before.text == "-" or (before.i > 0 and before.doc[before.i - 1].text == "-") or before.pos_ == "PROPN":
        return True
    return before.pos_ == "NOUN" and not before.lower_.endswith(ADJECTIVE_ENDINGS)  # 'discriminative' as NN


def _has_technical_word(label: str) -> bool:
    """A word that is neither everyday English nor generic ('one-parameter variational objective')."""
    words = label_key(label).split()
    return len(words) >= 2 and any(not is_everyday_word(w) and w not in GENERIC_WORDS and w not in FRONT_MODIFIERS
                                   for w in words)


def _words_before(hit: Span) -> Span | None:
    """The words of the known `hit`'s noun phrase in front of it, when all are plain nouns or adjectives (a
    participle only inside a hyphenated word: 'semi-supervised'); None when there are none."""
    chunk = next((c for c in noun_chunks(hit.doc) if c.start <= hit.start and c.end == hit.end), None)
    phrase = clean_phrase(chunk) if chunk is not None else None
    if phrase is None or phrase.end != hit.end or phrase.start >= hit.start:
        return None

    def plain(t: Token) -> bool:
        if t.text == "-":
            return True
        if t.pos_ == "VERB":
            return _hyphen_joined(hit.doc, t.i - 2)
        return t.pos_ in {"NOUN", "ADJ", "PROPN"} and t.is_alpha and t.lower_ not in GENERIC_WORDS

    before = hit.doc[phrase.start : hit.start]
    return before if all(plain(t) for t in before) else None


def _wider_phrase(hit: Span) -> Span | None:
    """'handwritten music transcription' around the known task 'music transcription': the more specific task,
    when up to two plain nouns or adjectives stand in front of the known one in the same noun phrase."""
    before = _words_before(hit)
    if before is None or sum(t.text != "-" for t in before) > 2:
        return None
    return hit.doc[before.start : hit.end]


# A known phrase in more than this share of the reference abstracts is a field ('machine learning' 8%, 'deep
# learning' 4%), not a task that words in front of it narrow ('representation learning' 1.3%).
BROAD_SHARE = 0.03
LEARNING_HEADS = frozenset(["learning", "processing"])
POSITION_WORDS = frozenset(["downstream", "upstream", "auxiliary", "canonical", "subsequent", "preceding"])


def _narrowing_words(front: Span) -> bool:
    """Words in front of a known term that make another term of it: a count of dimensions ('6D'), or words rarer
    than everyday English ('adversarial', 'ternary', 'handwritten') and none of a size ('deep'), a place in front
    ('standard', 'existing') or a generic word (the hyphens between them aside)."""
    words = [t for t in front if t.text != "-"]
    return bool(words) and all(
        (not t.is_alpha and any(c.isdigit() for c in t.text)) or (
            t.is_alpha and is_uncommon_word(t.lower_) and t.lower_ not in SIZE_WORDS
            and t.lower_ not in FRONT_MODIFIERS and t.lower_ not in GENERIC_WORDS) for t in words)


def _narrows_a_known_task(phrase: Span) -> bool:
    """'robust distributed learning', 'unsupervised change point detection': a task the field's abstracts name
    often, narrowed by words of the field in front of it (not 'efficient distributed learning', nor 'online ...':
    words of everyday English say how it is done, not which task it is)."""
    for start in range(phrase.start + 1, phrase.end - 1):
        tail = phrase.doc[start : phrase.end]
        if tail[0].text == "-" or reference_df(label_key(tail.text)) < ESTABLISHED_DF:
            continue
        if tail[-1].lower_ not in OUTCOME_HEADS | LEARNING_HEADS:
            return False  # 'diffusion posterior sampling', 'greedy information maximization': a way of working
        if reference_share(label_key(tail.text)) > BROAD_SHARE or is_paradigm(tail.text):
            return False  # 'canonical machine learning', 'adversarial deep learning': a field, not a task
        if phrase[0].lower_ in POSITION_WORDS:
            return False  # 'downstream dense prediction': where the task stands, not which one it is
        front = phrase.doc[phrase.start : start]
        return 1 <= sum(t.text != "-" for t in front) <= 2 and _narrowing_words(front)
    return False


def _established_around(hit: Span) -> Span | None:
    """'graphical lasso' around the known method 'lasso', 'sparse linear regression' around 'linear regression':
    the longest phrase of the plain words before it that the field's abstracts use as a term."""
    before = _words_before(hit)
    if before is None:
        return None
    doc = hit.doc
    for start in range(before.start, hit.start):
        if doc[start].lower_ in SIZE_WORDS:
            continue  # 'deep convolutional neural network' is the convolutional neural network, deeper
        if doc[start].text != "-" and reference_df(label_key(doc[start : hit.end].text)) >= ESTABLISHED_DF:
            return doc[start : hit.end]
    return None


def _specialised(hit: Span) -> Span | None:
    """'adversarial autoencoder', 'ternary quantization' around the known method: one or two words English
    rarely uses, before it in the same noun phrase, that the field's abstracts write with it as a term, name
    another method, which the known name alone would misstate (not 'deep', 'pre-trained' nor 'two-layer': sizes
    and everyday words qualify it)."""
    wider = _wider_phrase(hit)
    if wider is None or not _narrowing_words(wider[: hit.start - wider.start]):
        return None
    return wider if is_term(label_key(wider.text)) else None


def _known_base(text: str):
    """The gazetteer entry for 'X' of 'X-based', trying 'X', 'X model' and 'X models'."""
    index = alias_index()
    for form in (text, f"{text} model", f"{text} models"):
        entry = index.get(label_key(form))
        if entry is not None:
            return entry
    return None


# heads of the quantities between two distributions or two points, which a paper as often works with as reports
BETWEEN_HEADS = frozenset(["divergence", "distance", "discrepancy", "similarity"])


def _measure_between(hit: Span) -> bool:
    """'Wasserstein distance', 'Jensen-Shannon divergence': a measure between two things, written out."""
    return len(hit) > 1 and hit[-1].lower_ in BETWEEN_HEADS


def _reports_a_result(sent: Span) -> bool:
    """A sentence that reports a measured result: a number, a percentage or a comparative."""
    return any(t.like_num or t.text == "%" or t.tag_ in {"JJR", "RBR"} or t.lemma_ in RESULT_VERBS for t in sent)


def _everyday_compound(phrase: Span) -> bool:
    """'two-stage', 'coarse-to-fine', 'real-time': one hyphen-joined word of everyday parts."""
    return "-" in phrase.text and " " not in phrase.text and all(
        is_everyday_word(t.lower_) for t in phrase if t.is_alpha)


def _specific_start(phrase: Span) -> bool:
    """A method phrase names something when it starts with a noun, a name or a hyphenated compound
    ('ridgelet transform', 'Gaussian mechanism', 'fully-connected networks'), not with a bare adjective
    ('inflexible architectures', 'benign models')."""
    first = phrase[0]
    return (first.pos_ in {"NOUN", "PROPN"} or first.text[:1].isupper()
            or _hyphen_joined(phrase.doc, first.i) or is_technical_word(first.lower_))


def a_task_the_title_names(label: str, ctype: str, title_keys: set[str]) -> bool:
    """A task phrase the title names too, with a head that names an outcome ('Learned Star Localization for ...').
    (A method phrase the title names is as often a part of the paper's own method or its object of study as a
    method it uses; a task head that names a way of working, 'kernel mean matching', as often a method.)"""
    key = label_key(label)
    return key in title_keys and ctype == "Task" and label.split()[-1].lower() in OUTCOME_HEADS


def _eponymous(phrase: Span) -> bool:
    """'the Gale-Shapley algorithm', 'the Nelder-Mead method': a method named after two people, written as two
    capitalised names joined by a hyphen before its head in small letters, inside a sentence; not two words of
    everyday English ('Vision-Language architectures', 'Black-Box ...'; 'Frank-Wolfe' has one name)."""
    words = phrase[:-1]
    return phrase[-1].is_lower and any(
        i + 2 < len(words) and words[i + 1].text in {"-", "–"} and not words[i].whitespace_
        and not words[i + 1].whitespace_ and words[i].is_title and words[i + 2].is_title
        and words[i].is_alpha and words[i + 2].is_alpha and not words[i].is_sent_start
        and not (is_everyday_word(words[i].lower_) and is_everyday_word(words[i + 2].lower_))
        for i in range(len(words)))


class _CoordinatedTasks:
    """spaCy Matcher for 'A and B <task head>' (the parser often misreads these)."""

    def __init__(self) -> None:
        self.matcher: Matcher | None = None

    def __call__(self, doc: Doc) -> list[tuple[int, int, int]]:
        if self.matcher is None or self.matcher.vocab is not doc.vocab:
            self.matcher = Matcher(doc.vocab)
            word = {"IS_ALPHA": True, "IS_STOP": False}
            modifier = word | {"TAG": {"IN": ["NN", "NNP", "JJ"]}}  # not 'improve and ...', 'machines and ...'
            self.matcher.add("coordinated-task", [[modifier, {"LOWER": {"IN": ["and", "or"]}}, word,
                                                  {"LOWER": {"IN": sorted(TASK_HEADS - GENERIC_WORDS)}}]])
        if not any(t.lower_ in {"and", "or"} and t.i + 2 < len(doc) and doc[t.i + 2].lower_ in TASK_HEADS for t in doc):
            return []  # no 'and'/'or' two words before a task head: nothing for the matcher to find
        return self.matcher(doc)


_COORDINATED_TASKS = _CoordinatedTasks()
