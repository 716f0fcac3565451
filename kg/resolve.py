"""Resolution: surface forms from every paper -> one concept each, with a stable id.

Forms are one concept when they share a label key (case, hyphens, plurals: see kg.normalize), when a gazetteer
lists them as aliases of one entry, or when a paper defines an acronym by its long form. A bare acronym that some
paper defined joins that definition's concept; an acronym defined two ways in two papers stays two concepts,
told apart by the long forms.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from kg.extract.gazetteer import alias_index
from kg.model import CONCEPT_TYPES, Concept, Evidence, Mention, PaperExtraction
from kg.normalize import label_key, slugify

# A concept's type decides the role of a plain mention; proposing and comparing are roles of their own.
TYPE_ROLE = {"Method": "uses", "Task": "addresses", "Dataset": "evaluated_on", "Metric": "reports"}


@dataclass
class PaperConcept:
    """One paper's statement about one concept: the role, how sure we are, and the sentences behind it."""

    concept_id: str
    role: str
    confidence: float
    evidence: list[Evidence]
    rule: str
    cue: str = ""


@dataclass
class ConceptIndex:
    concepts: dict[str, Concept] = field(default_factory=dict)
    # paper id -> its statements, in the order the extraction found them
    statements: dict[str, list[PaperConcept]] = field(default_factory=dict)
    extractions: list[PaperExtraction] = field(default_factory=list)


# Method is what a name is when nothing says otherwise; a dataset or a metric was said to be one (a head word, a
# name's shape, 'experiments on X'): one such paper outweighs one that said nothing.
TYPE_VOTE_WEIGHT = {"Dataset": 1.5, "Metric": 1.5}


def _group_key(mention: Mention) -> tuple[str, str | None]:
    """The key a mention resolves to on its own, and the gazetteer type when a gazetteer knows it."""
    gazetteer = alias_index()
    if mention.canonical:
        entry = gazetteer.get(label_key(mention.canonical))
        return label_key(mention.canonical), entry.type if entry else None
    key = label_key(mention.label)
    entry = gazetteer.get(key)
    if entry is not None and not _another_sense(mention, {entry.type}):
        return label_key(entry.canonical), entry.type
    return key, None


def _is_bare_acronym(mention: Mention) -> bool:
    return mention.rule in {"name", "comparison", "our-name"} and not mention.aliases and " " not in mention.label


def _another_sense(mention: Mention, known_types: set[str]) -> bool:
    """Letters the paper calls a dataset are not a sense of them that is no dataset: 'the ETH dataset' is not
    the exponential time hypothesis (ETH), whether a gazetteer or another paper's definition gives that sense."""
    return _is_bare_acronym(mention) and mention.type == "Dataset" and "Dataset" not in known_types


def _pick_label(forms: Counter[str], key: str) -> str:
    """A form of the concept's own key (the long form, not an acronym that joined it), singular first, then the
    most used; ties broken alphabetically so input order never matters."""
    def singular(form: str) -> bool:
        last = form.split()[-1]
        return label_key(last) == last.lower().replace("-", " ")

    return min(forms, key=lambda f: (label_key(f) != key, not singular(f), -forms[f], f))


def resolve(extractions: Iterable[PaperExtraction]) -> ConceptIndex:
    extractions = list(extractions)
    gazetteer = alias_index()

    # 1. each mention's own key; the acronyms each defined concept is known by
    keyed: list[list[tuple[Mention, str]]] = []
    acronym_owners: dict[str, Counter[str]] = defaultdict(Counter)
    known_types: dict[str, str] = {}
    owner_types: dict[str, set[str]] = defaultdict(set)  # the types a defined concept was given
    for extraction in extractions:
        rows = []
        for mention in extraction.mentions:
            key, gazetteer_type = _group_key(mention)
            if gazetteer_type:
                known_types[key] = gazetteer_type
            rows.append((mention, key))
            for alias in mention.aliases:
                acronym_owners[label_key(alias)][key] += 1
                owner_types[key].add(gazetteer_type or mention.type)
        keyed.append(rows)

    # 2. a bare acronym joins the concept that papers defined it as, when the corpus gives it one sense only:
    #    'CAD' defined as computer-aided design in one paper and as coronary artery disease in another stays bare
    def final_key(mention: Mention, key: str) -> str:
        if key in gazetteer or mention.canonical or not _is_bare_acronym(mention):
            return key
        owners = acronym_owners.get(key)
        if not owners or len(owners) > 1:
            return key
        owner = next(iter(owners))
        return key if _another_sense(mention, owner_types[owner]) else owner

    # 2b. spelling variants: 'Llama 3.1' and 'Llama3.1', 'BLIP-2' and 'BLIP2', 'EPIC-KITCHENS-100' and
    #     'EpicKitchens100', 'student network' and 'student model' name one thing
    variant_of = _variant_keys(Counter(final_key(m, k) for rows in keyed for m, k in rows), gazetteer)

    # 3. gather forms, types, aliases and statements per concept
    forms: dict[str, Counter[str]] = defaultdict(Counter)
    type_votes: dict[str, Counter[str]] = defaultdict(Counter)  # type -> weighted votes
    aliases: dict[str, set[str]] = defaultdict(set)
    canonical: dict[str, str] = {}
    raw: list[tuple[str, Mention, str]] = []
    for extraction, rows in zip(extractions, keyed, strict=True):
        for mention, key in rows:
            key = final_key(mention, key)
            key = variant_of.get(key, key)
            entry = gazetteer.get(key)
            if entry is not None:
                canonical[key] = entry.canonical
                aliases[key].update(entry.aliases)
            forms[key][mention.label] += 1
            aliases[key].update(mention.aliases)
            aliases[key].add(mention.label)
            type_votes[key][mention.type] += TYPE_VOTE_WEIGHT.get(mention.type, 1.0)
            raw.append((extraction.paper.id, mention, key))

    index = ConceptIndex(extractions=extractions)
    for key in sorted(forms):
        votes = type_votes[key]
        ctype = known_types.get(key) or min(votes, key=lambda t: (-votes[t], CONCEPT_TYPES.index(t)))
        if ctype == "Task" and votes["Method"] >= 2 and votes["Method"] > votes["Task"]:
            ctype = "Method"  # a known task this corpus mostly works with ('trained with reinforcement learning')
        label = canonical.get(key) or _pick_label(forms[key], key)
        index.concepts[slugify(key)] = Concept(
            id=slugify(key), label=label, type=ctype, aliases=sorted(a for a in aliases[key] if a != label),
        )

    # 4. one statement per (paper, concept): the strongest role, evidence pooled
    for paper_id, mention, key in raw:
        concept = index.concepts[slugify(key)]
        if concept.type == "Task" and mention.type == "Method" and mention.role == "uses" and mention.cue:
            continue  # a task the paper only works with, as its cue says ('optical flow is employed to ...')
        # a paper may propose any kind of concept; it compares itself only with methods
        keeps_role = mention.role == "proposes" or (mention.role in {"compares", "evaluates"}
                                                    and concept.type == "Method")
        role = mention.role if keeps_role else TYPE_ROLE[concept.type]
        statements = index.statements.setdefault(paper_id, [])
        existing = next((s for s in statements if s.concept_id == concept.id), None)
        if existing is None:
            cue = mention.cue if role == mention.role else ""
            statements.append(PaperConcept(concept.id, role, mention.confidence, list(mention.evidence), mention.rule,
                                           cue))
            continue
        if _role_rank(role) < _role_rank(existing.role):
            existing.role, existing.rule = role, mention.rule
            existing.cue = mention.cue if role == mention.role else ""
        existing.confidence = max(existing.confidence, mention.confidence)
        pooled = set(existing.evidence) | set(mention.evidence)
        existing.evidence = sorted(pooled, key=lambda e: (e.field != "title", e.start))
    for paper_id, statements in index.statements.items():
        for statement in statements:
            roles = index.concepts[statement.concept_id].papers.setdefault(paper_id, [])
            if statement.role not in roles:
                roles.append(statement.role)
    # a concept every paper only worked with as a tool has no statement left, and is no node of the graph
    index.concepts = {cid: concept for cid, concept in index.concepts.items() if concept.papers}
    return index


STRONG_ROLES = ("proposes", "compares", "evaluates")


def compact_key(key: str) -> str:
    """A key with its spaces dropped and a final 'network' read as 'model': what spelling variants share."""
    words = key.split()
    if len(words) > 1 and words[-1] == "network":
        words[-1] = "model"
    return "".join(words)


def _variant_keys(counts: Counter[str], gazetteer: dict) -> dict[str, str]:
    """Key -> the key of the variant it joins: the gazetteer's, else the most used (ties alphabetical)."""
    groups: dict[str, list[str]] = defaultdict(list)
    for key in counts:
        groups[compact_key(key)].append(key)
    joined = {}
    for keys in groups.values():
        if len(keys) > 1:
            chosen = min(keys, key=lambda k: (k not in gazetteer, -counts[k], k))
            joined.update({k: chosen for k in keys if k != chosen})
    return joined


def _role_rank(role: str) -> int:
    return STRONG_ROLES.index(role) if role in STRONG_ROLES else len(STRONG_ROLES)
