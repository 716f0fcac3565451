"""The nouns every stage shares: papers, mentions, extractions and concepts.

Data flows one way: read -> Paper, extract -> PaperExtraction, resolve -> Concept index,
graph -> networkx graph, export -> files. Each stage takes and returns these plain records.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# The concept types, and the role each one plays for a paper, in one place.
CONCEPT_TYPES: tuple[str, ...] = ("Method", "Task", "Dataset", "Metric")

# Role (the edge key in the graph) -> (its list in papers.jsonl, the type of concept it points to; a paper may
# propose a concept of any type, most often a method).
ROLES: dict[str, tuple[str, str]] = {
    "proposes": ("proposed", "Method"),
    "uses": ("methods", "Method"),
    "compares": ("baselines", "Method"),
    "evaluates": ("evaluated", "Method"),  # models a benchmark or an analysis puts to the test
    "addresses": ("tasks", "Task"),
    "evaluated_on": ("datasets", "Dataset"),
    "reports": ("metrics", "Metric"),
}
ROLE_ORDER: tuple[str, ...] = tuple(ROLES)
LIST_TO_ROLE: dict[str, str] = {lst: role for role, (lst, _) in ROLES.items()}


@dataclass
class Paper:
    """One abstract and its metadata, as read from an input file."""

    id: str
    abstract: str
    title: str = ""
    authors: list[str] = field(default_factory=list)
    venue: str = ""
    year: int | None = None
    url: str = ""
    code: str = ""
    source: str = ""  # "file:line" where the record starts, for messages


@dataclass(frozen=True)
class Evidence:
    """A sentence that supports a mention, with character offsets into the abstract (or the title)."""

    sentence: str
    start: int
    end: int
    field: str = "abstract"


@dataclass
class Mention:
    """A concept found in one paper: its surface label, type, role and why it was found."""

    label: str
    type: str  # one of CONCEPT_TYPES
    role: str  # one of ROLES
    confidence: float
    rule: str
    evidence: list[Evidence] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)  # e.g. the acronym of a long form
    canonical: str = ""  # a gazetteer's canonical name, when one matched
    cue: str = ""  # the word that decided the role ('propose', 'outperforms'); empty when the type decided it


@dataclass
class PaperExtraction:
    paper: Paper
    mentions: list[Mention] = field(default_factory=list)


@dataclass
class Concept:
    """One node per concept after resolution."""

    id: str
    label: str
    type: str
    aliases: list[str] = field(default_factory=list)
    # paper id -> roles the paper gives the concept
    papers: dict[str, list[str]] = field(default_factory=dict)
