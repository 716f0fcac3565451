"""The graph as RDF: Turtle, N-Triples and JSON-LD, in the terms of ontology/kg.ttl.

Every node gets a stable IRI built from its id (percent-encoded, so any id is safe), statement and evidence nodes
get IRIs hashed from their parts, and nothing is a blank node: the same graph always gives the same bytes.

The three files are written in one pass, a piece at a time (a paper with its statements, a link, a concept, a
community with its members; see kg.export.pieces). While they are written, terms are plain values, an IRI a `str`
and a literal a `Lit`; rdflib terms are made only by `build_rdf`, which holds the whole graph in memory.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple
from urllib.parse import quote

import networkx as nx
from rdflib import RDF, RDFS, XSD, Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, FOAF, PROV, SDO, SKOS

from kg.export.atomic import atomic_write
from kg.export.pieces import NO_REUSE, PieceWriter, Reuse, salt_of
from kg.model import CONCEPT_TYPES

KGO = Namespace("https://w3id.org/kg/ontology#")
DEFAULT_BASE_IRI = "https://w3id.org/kg/"

PREFIXES: dict[str, Namespace] = {
    "kgo": KGO,
    "rdf": Namespace(str(RDF)),
    "rdfs": Namespace(str(RDFS)),
    "xsd": Namespace(str(XSD)),
    "skos": Namespace(str(SKOS)),
    "dcterms": Namespace(str(DCTERMS)),
    "schema": Namespace(str(SDO)),
    "prov": Namespace(str(PROV)),
    "foaf": Namespace(str(FOAF)),
}

# Graph role (edge key) -> role property.
ROLE_PROPERTIES: dict[str, URIRef] = {
    "proposes": KGO.proposes,
    "uses": KGO.usesMethod,
    "compares": KGO.comparesWith,
    "evaluates": KGO.evaluatesMethod,
    "addresses": KGO.addressesTask,
    "evaluated_on": KGO.evaluatedOn,
    "reports": KGO.reportsMetric,
}

# Each class with its superclasses, as declared in ontology/kg.ttl: the export asserts them all,
# so a store without a reasoner still finds a Method with `?c a skos:Concept`.
CLASSES: dict[str, tuple[URIRef, ...]] = {
    "Paper": (KGO.Paper, SDO.ScholarlyArticle),
    "Method": (KGO.Method, KGO.Concept, SKOS.Concept),
    "Task": (KGO.Task, KGO.Concept, SKOS.Concept),
    "Dataset": (KGO.Dataset, KGO.Concept, SKOS.Concept),
    "Metric": (KGO.Metric, KGO.Concept, SKOS.Concept),
    "Statement": (KGO.Statement, PROV.Entity),
    "Evidence": (KGO.Evidence, PROV.Entity),
    "ConceptLink": (KGO.ConceptLink,),
    "Community": (KGO.Community,),
}

FILES = ("kg.ttl", "kg.nt", "kg.jsonld")
ABSOLUTE_IRI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:[^:]")
NOT_IN_IRI = re.compile(r'[\x00-\x20<>"{}|\\^`\x7f-\x9f]')


class Lit(NamedTuple):
    """A literal while it is written: its lexical form and its datatype IRI (None for a plain string)."""

    value: str
    datatype: str | None = None


Term = str | Lit  # an IRI, or a literal
Triple = tuple[str, str, Term]

# The IRIs every chunk uses, as plain strings: rdflib's terms compare and hash in Python, which a writer of a
# million triples feels, and its namespace attribute access is slow in a loop.
TYPE, LABEL = str(RDF.type), str(RDFS.label)
TITLE, IDENTIFIER, ABSTRACT, CREATOR, DATE = (str(DCTERMS.title), str(DCTERMS.identifier), str(DCTERMS.abstract),
                                               str(DCTERMS.creator), str(DCTERMS.date))
URL, CODE_REPOSITORY = str(SDO.url), str(SDO.codeRepository)
AGENT, NAME = str(FOAF.Agent), str(FOAF.name)
PREF_LABEL, ALT_LABEL = str(SKOS.prefLabel), str(SKOS.altLabel)
WAS_DERIVED_FROM, WAS_QUOTED_FROM = str(PROV.wasDerivedFrom), str(PROV.wasQuotedFrom)
(VENUE, AUTHOR_POSITION, PAPER_COUNT, IN_COMMUNITY, COMMUNITY_SIZE, MENTIONS, SUBJECT, PROPERTY, OBJECT, CONFIDENCE,
 EVIDENCE, SENTENCE, START_OFFSET, END_OFFSET, SOURCE_FIELD, SHARES_CONCEPT_WITH, LINK_SOURCE, LINK_TARGET, WEIGHT,
 SHARED_CONCEPT, SHARED_LABEL) = (str(KGO) + name for name in (
    "venue", "authorPosition", "paperCount", "inCommunity", "communitySize", "mentions", "subject", "property",
    "object", "confidence", "evidence", "sentence", "startOffset", "endOffset", "sourceField", "sharesConceptWith",
    "linkSource", "linkTarget", "weight", "sharedConcept", "sharedLabel"))
XSD_INTEGER, XSD_DECIMAL, XSD_ANY_URI, XSD_GYEAR, XSD_STRING = (str(XSD.integer), str(XSD.decimal), str(XSD.anyURI),
                                                                str(XSD.gYear), str(XSD.string))
_ROLE_IRIS = {role: str(prop) for role, prop in ROLE_PROPERTIES.items()}
_CLASS_IRIS = {kind: tuple(str(c) for c in classes) for kind, classes in CLASSES.items()}


class Iris:
    """Builds instance IRIs under one base: `{base}paper/{id}`, `{base}concept/{slug}`, `{base}community/{n}`.

    They are rdflib `URIRef`s, or what `make` makes of the IRI's string (the writer takes plain strings)."""

    def __init__(self, base_iri: str = DEFAULT_BASE_IRI, make: Callable[[str], str] = URIRef) -> None:
        if not ABSOLUTE_IRI.match(base_iri) or NOT_IN_IRI.search(base_iri):
            raise ValueError(f"not a usable base IRI (absolute, no spaces, quotes or <>): {base_iri!r}")
        if not base_iri.endswith(("/", "#", ":")):
            base_iri += "/"
        self.base = base_iri
        self.make = make

    def paper(self, paper_id: str) -> str:
        return self.make(f"{self.base}paper/{_segment(paper_id)}")

    def author(self, paper_id: str, position: int) -> str:
        return self.make(f"{self.base}author/{_segment(paper_id)}-{int(position)}")

    def concept(self, slug: str) -> str:
        return self.make(f"{self.base}concept/{_segment(slug)}")

    def community(self, number: int) -> str:
        return self.make(f"{self.base}community/{int(number)}")

    def statement(self, paper_id: str, role: str, slug: str) -> str:
        return self.make(f"{self.base}statement/{_digest(paper_id, role, slug)}")

    def evidence(self, paper_id: str, start: int, end: int, sentence: str, field: str = "abstract") -> str:
        parts = (paper_id, start, end, sentence) if field == "abstract" else (paper_id, start, end, sentence, field)
        return self.make(f"{self.base}evidence/{_digest(*parts)}")

    def link(self, source_id: str, target_id: str) -> str:
        return self.make(f"{self.base}link/{_digest(source_id, target_id)}")


def _segment(value: str) -> str:
    """One IRI path segment for any string: everything but unreserved characters is percent-encoded."""
    return quote(str(value), safe="")


def _digest(*parts: object) -> str:
    """A stable id from the parts; JSON keeps ("a b", "c") apart from ("a", "b c")."""
    text = json.dumps([str(p) for p in parts], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _decimal(value: float | int | str) -> Lit:
    """An xsd:decimal in plain notation (never '1e-05', which is not a valid decimal)."""
    number = Decimal(repr(value)) if isinstance(value, float) else Decimal(str(value))
    if not number.is_finite():
        raise ValueError(f"not a finite number: {value!r}")
    return Lit(format(number, "f"), XSD_DECIMAL)


def _integer(value: int) -> Lit:
    return Lit(str(int(value)), XSD_INTEGER)


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _types(chunk: list[Triple], node: str, kind: str) -> None:
    for cls in _CLASS_IRIS[kind]:
        chunk.append((node, TYPE, cls))


Render = Callable[[dict], list[Triple]]
PAPER_ATTRS = ("title", "label", "abstract", "venue", "url", "code", "year", "authors")
CONCEPT_ATTRS = ("type", "label", "aliases", "paper_count")


def rdf_pieces(graph: nx.MultiDiGraph, base_iri: str = DEFAULT_BASE_IRI) -> Iterator[tuple[dict, Render]]:
    """The RDF of the graph as pieces: the inputs of each (plain data) and the function that makes its triples.

    Each paper with its statements and evidence, then each link, each concept, and each community with the
    membership of its papers and concepts, all in sorted order. What changes with the whole corpus (link
    weights, communities) has pieces of its own, so a paper's piece changes only with the paper.
    """
    Iris(base_iri)  # refuse an unusable base before anything is made
    paper_ids: dict[str, str] = {}
    concept_slugs: dict[str, str] = {}
    for node, data in graph.nodes(data=True):
        kind = data.get("type")
        if kind == "Paper" and str(node).startswith("paper:"):
            paper_ids[node] = str(node)[len("paper:"):]
        elif kind in CONCEPT_TYPES and str(node).startswith("concept:"):
            concept_slugs[node] = str(node)[len("concept:"):]

    links = []
    concepts_of: dict[str, set[str]] = {}  # paper node -> the concept nodes it mentions
    for node in sorted(paper_ids):
        data = graph.nodes[node]
        statements = []
        mentioned = concepts_of[node] = set()
        for _, v, key, edge in sorted(graph.out_edges(node, keys=True, data=True), key=lambda e: (e[1], e[2])):
            role = edge.get("role", key)
            if v in concept_slugs:
                mentioned.add(v)
            if v in concept_slugs and role in _ROLE_IRIS:
                evidence = [[_text(e.get("sentence")), int(e["start"]), int(e["end"]),
                             _text(e.get("field")) or "abstract"] for e in edge.get("evidence") or []]
                statements.append([role, concept_slugs[v], edge.get("confidence"), evidence])
            elif v in paper_ids and role == "shares":
                links.append((node, v, edge))
        inputs = {"base": base_iri, "paper": paper_ids[node], "statements": statements}
        yield inputs | {attr: data.get(attr) for attr in PAPER_ATTRS}, _paper_triples
    names = _ConceptNames(graph)
    for u, v, edge in links:
        common = concepts_of[u] & concepts_of[v]
        yield _link_inputs(base_iri, paper_ids[u], paper_ids[v], common, concept_slugs, names, edge), _link_triples
    members: dict[int, dict[str, list[str]]] = {}
    for node in sorted(concept_slugs):
        data = graph.nodes[node]
        yield ({"base": base_iri, "concept": concept_slugs[node]} | {attr: data.get(attr) for attr in CONCEPT_ATTRS},
               _concept_triples)
    for node, data in sorted(graph.nodes(data=True), key=lambda item: str(item[0])):
        number = data.get("community")
        if (node in paper_ids or node in concept_slugs) and number is not None and int(number) >= 0:
            kind, name = ("papers", paper_ids[node]) if node in paper_ids else ("concepts", concept_slugs[node])
            members.setdefault(int(number), {"papers": [], "concepts": []})[kind].append(name)
    communities = {int(c["id"]): c for c in graph.graph.get("communities") or []}
    for number in sorted(set(communities) | set(members)):
        info = communities.get(number, {})
        yield ({"base": base_iri, "community": number, "name": info.get("name"), "size": info.get("size")}
               | members.get(number, {"papers": [], "concepts": []})), _community_triples


def rdf_chunks(graph: nx.MultiDiGraph, base_iri: str = DEFAULT_BASE_IRI) -> Iterator[list[Triple]]:
    """The triples of each piece, in order."""
    for inputs, render in rdf_pieces(graph, base_iri):
        yield render(inputs)


def _rdflib_term(term: Term) -> URIRef | Literal:
    if isinstance(term, Lit):
        return Literal(term.value, datatype=URIRef(term.datatype) if term.datatype else None)
    return URIRef(term)


def new_graph() -> Graph:
    """An empty graph with the project's prefixes bound, and only those."""
    g = Graph(bind_namespaces="none")
    for prefix, namespace in PREFIXES.items():
        g.bind(prefix, namespace, override=True, replace=True)
    return g


def build_rdf(graph: nx.MultiDiGraph, base_iri: str = DEFAULT_BASE_IRI) -> Graph:
    """The whole graph as one rdflib Graph (for queries and validation of small graphs)."""
    g = new_graph()
    for chunk in rdf_chunks(graph, base_iri):
        for s, p, o in chunk:
            g.add((URIRef(s), URIRef(p), _rdflib_term(o)))
    return g


@lru_cache(maxsize=8)
def _iris(base_iri: str) -> Iris:
    return Iris(base_iri, make=str)


def _paper_triples(inputs: dict) -> list[Triple]:
    iris, pid = _iris(inputs["base"]), inputs["paper"]
    paper = iris.paper(pid)
    chunk: list[Triple] = []
    add = chunk.append
    _types(chunk, paper, "Paper")
    title = _text(inputs["title"]) or _text(inputs["label"]) or pid
    add((paper, TITLE, Lit(title)))
    add((paper, LABEL, Lit(_text(inputs["label"]) or title)))
    add((paper, IDENTIFIER, Lit(pid)))
    for attr, prop in (("abstract", ABSTRACT), ("venue", VENUE)):
        if _text(inputs[attr]):
            add((paper, prop, Lit(_text(inputs[attr]))))
    for attr, prop in (("url", URL), ("code", CODE_REPOSITORY)):
        if _text(inputs[attr]):
            add((paper, prop, Lit(_text(inputs[attr]), XSD_ANY_URI)))
    if inputs["year"] is not None:
        add((paper, DATE, Lit(f"{int(inputs['year']):04d}", XSD_GYEAR)))
    for position, name in enumerate(inputs["authors"] or [], start=1):
        author = iris.author(pid, position)
        add((paper, CREATOR, author))
        add((author, TYPE, AGENT))
        add((author, NAME, Lit(_text(name))))
        add((author, AUTHOR_POSITION, _integer(position)))
    for role, slug, confidence, evidence in inputs["statements"]:
        _add_statement(chunk, iris, pid, paper, role, slug, confidence, evidence)
    return chunk


def _add_statement(chunk: list[Triple], iris: Iris, pid: str, paper: str, role: str, slug: str,
                   confidence: float | None, evidence: list[list]) -> None:
    add = chunk.append
    prop, concept = _ROLE_IRIS[role], iris.concept(slug)
    add((paper, prop, concept))
    add((paper, MENTIONS, concept))
    statement = iris.statement(pid, role, slug)
    _types(chunk, statement, "Statement")
    add((statement, SUBJECT, paper))
    add((statement, PROPERTY, prop))
    add((statement, OBJECT, concept))
    if confidence is not None:
        add((statement, CONFIDENCE, _decimal(confidence)))
    for sentence, start, end, field in evidence:
        node = iris.evidence(pid, start, end, sentence, field)
        add((statement, EVIDENCE, node))
        add((statement, WAS_DERIVED_FROM, node))
        _types(chunk, node, "Evidence")
        add((node, SENTENCE, Lit(sentence)))
        add((node, START_OFFSET, _integer(start)))
        add((node, END_OFFSET, _integer(end)))
        add((node, SOURCE_FIELD, Lit(field)))
        add((node, WAS_QUOTED_FROM, paper))


def _concept_triples(inputs: dict) -> list[Triple]:
    iris, slug = _iris(inputs["base"]), inputs["concept"]
    concept = iris.concept(slug)
    chunk: list[Triple] = []
    add = chunk.append
    _types(chunk, concept, inputs["type"])
    label = _text(inputs["label"]) or slug
    add((concept, PREF_LABEL, Lit(label)))
    for alias in inputs["aliases"] or []:
        if _text(alias) and _text(alias) != label:
            add((concept, ALT_LABEL, Lit(_text(alias))))
    add((concept, IDENTIFIER, Lit(slug)))
    if inputs["paper_count"] is not None:
        add((concept, PAPER_COUNT, _integer(inputs["paper_count"])))
    return chunk


def _community_triples(inputs: dict) -> list[Triple]:
    iris = _iris(inputs["base"])
    community = iris.community(inputs["community"])
    chunk: list[Triple] = []
    _types(chunk, community, "Community")
    chunk.append((community, IDENTIFIER, _integer(inputs["community"])))
    if _text(inputs["name"]):
        chunk.append((community, LABEL, Lit(_text(inputs["name"]))))
    if inputs["size"] is not None:
        chunk.append((community, COMMUNITY_SIZE, _integer(inputs["size"])))
    for pid in inputs["papers"]:
        chunk.append((iris.paper(pid), IN_COMMUNITY, community))
    for slug in inputs["concepts"]:
        chunk.append((iris.concept(slug), IN_COMMUNITY, community))
    return chunk


def _link_inputs(base_iri: str, source: str, target: str, common: set[str], concept_slugs: dict[str, str],
                 names: _ConceptNames, edge: dict) -> dict:
    """A link's pieces inputs: its papers, weight, and each shared label as the concept both papers mention
    under it (`common`, or the bare label when none matches)."""
    concepts, labels = [], []
    for label in edge.get("shared") or []:
        matches = names.matching(common, _text(label))
        concepts += [concept_slugs[node] for node in matches]
        if not matches:
            labels.append(_text(label))
    return {"base": base_iri, "source": source, "target": target, "weight": edge.get("weight"),
            "concepts": concepts, "labels": labels}


def _link_triples(inputs: dict) -> list[Triple]:
    iris = _iris(inputs["base"])
    source, target = iris.paper(inputs["source"]), iris.paper(inputs["target"])
    chunk: list[Triple] = []
    add = chunk.append
    add((source, SHARES_CONCEPT_WITH, target))
    add((target, SHARES_CONCEPT_WITH, source))
    link = iris.link(*sorted((inputs["source"], inputs["target"])))
    _types(chunk, link, "ConceptLink")
    add((link, LINK_SOURCE, source))
    add((link, LINK_TARGET, target))
    if inputs["weight"] is not None:
        add((link, WEIGHT, _decimal(inputs["weight"])))
    for slug in inputs["concepts"]:
        add((link, SHARED_CONCEPT, iris.concept(slug)))
    for label in inputs["labels"]:
        add((link, SHARED_LABEL, Lit(label)))
    return chunk


class _ConceptNames:
    """Concepts' labels and aliases, case-folded once, to find which concept a link's shared label names."""

    def __init__(self, graph: nx.MultiDiGraph) -> None:
        self.graph = graph
        self.labels: dict[str, str] = {}
        self.aliases: dict[str, set[str]] = {}

    def label(self, node: str) -> str:
        if node not in self.labels:
            self.labels[node] = _text(self.graph.nodes[node].get("label")).casefold()
        return self.labels[node]

    def alias_set(self, node: str) -> set[str]:
        if node not in self.aliases:
            self.aliases[node] = {_text(a).casefold() for a in self.graph.nodes[node].get("aliases") or []}
        return self.aliases[node]

    def matching(self, candidates: Iterable[str], label: str) -> list[str]:
        """The candidates whose label (or else an alias) is `label`, ignoring case."""
        wanted = label.casefold()
        by_label = [n for n in candidates if self.label(n) == wanted]
        if by_label:
            return sorted(by_label)
        return sorted(n for n in candidates if wanted in self.alias_set(n))


def jsonld_context() -> dict[str, str]:
    return {prefix: str(ns) for prefix, ns in PREFIXES.items()}


# --- writing terms ------------------------------------------------------------------------------------------------

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_NEEDS_ESCAPE = re.compile(r'[\\"\x00-\x1f\x7f]')
_PN_LOCAL = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_NAMESPACES = sorted(((str(ns), prefix) for prefix, ns in PREFIXES.items()), key=lambda x: -len(x[0]))

Grouped = list[tuple[str, list[tuple[str, list[Term]]]]]


def _escape(text: str) -> str:
    """A string literal's body, escaped as N-Triples and Turtle both read it."""
    if not _NEEDS_ESCAPE.search(text):
        return text
    return _NEEDS_ESCAPE.sub(lambda m: _ESCAPES.get(m.group(), f"\\u{ord(m.group()):04X}"), text)


class _Names:
    """How IRIs are written: compact (`kgo:Paper`) where a prefix covers them, worked out once per vocabulary IRI.

    Instance IRIs under a base that no prefix overlaps never have a compact form, and are not looked up or kept.
    """

    def __init__(self, base_iri: str = DEFAULT_BASE_IRI) -> None:
        self.qnames: dict[str, str | None] = {}
        overlaps = any(ns.startswith(base_iri) or base_iri.startswith(ns) for ns, _ in _NAMESPACES)
        self.plain_base = None if overlaps else base_iri

    def qname(self, iri: str) -> str | None:
        if self.plain_base is not None and iri.startswith(self.plain_base):
            return None
        try:
            return self.qnames[iri]
        except KeyError:
            pass
        found = None
        for namespace, prefix in _NAMESPACES:
            if iri.startswith(namespace) and _PN_LOCAL.fullmatch(iri[len(namespace):]):
                found = f"{prefix}:{iri[len(namespace):]}"
                break
        if len(self.qnames) < 1 << 16:
            self.qnames[iri] = found
        return found

    def short(self, iri: str) -> str:
        """A compact IRI (`kgo:Paper`) where a prefix covers it, else the full IRI."""
        return self.qname(iri) or iri

    def ttl(self, term: Term) -> str:
        if type(term) is Lit:
            literal = f'"{_escape(term.value)}"'
            return f"{literal}^^{self.ttl_iri(term.datatype)}" if term.datatype else literal
        return self.ttl_iri(term)

    def ttl_iri(self, iri: str) -> str:
        return self.qname(iri) or f"<{iri}>"

    def json_value(self, term: Term) -> object:
        if type(term) is not Lit:
            return {"@id": self.short(term)}
        if term.datatype is None or term.datatype == XSD_STRING:
            return term.value
        return {"@type": self.short(term.datatype), "@value": term.value}


def _nt(term: Term) -> str:
    if type(term) is Lit:
        literal = f'"{_escape(term.value)}"'
        return f"{literal}^^<{term.datatype}>" if term.datatype else literal
    return f"<{term}>"


def _sort_key(term: Term) -> tuple:
    if type(term) is Lit:
        return (True, term.value, term.datatype or "")
    return (False, term, "")


def _by_subject(triples: Iterable[Triple]) -> Grouped:
    """Triples grouped by subject then predicate, everything sorted (rdf:type first)."""
    grouped: dict[str, dict[str, set[Term]]] = {}
    for s, p, o in triples:
        grouped.setdefault(s, {}).setdefault(p, set()).add(o)
    order = []
    for subject in sorted(grouped):
        predicates = grouped[subject]
        keys = sorted(predicates, key=lambda p: (p != TYPE, p))
        order.append((subject, [(p, sorted(predicates[p], key=_sort_key)) for p in keys]))
    return order


def nt_lines(triples: Iterable[Triple]) -> str:
    return "".join(sorted({f"<{s}> <{p}> {_nt(o)} .\n" for s, p, o in triples}))


def turtle_block(grouped: Grouped, names: _Names) -> str:
    parts = []
    for subject, predicates in grouped:
        lines = []
        for predicate, objects in predicates:
            verb = "a" if predicate == TYPE else names.ttl_iri(predicate)
            lines.append(f"    {verb} {', '.join(names.ttl(o) for o in objects)}")
        parts.append(f"{names.ttl_iri(subject)}\n" + " ;\n".join(lines) + " .\n\n")
    return "".join(parts)


def turtle_prefixes() -> str:
    return "".join(f"@prefix {prefix}: <{ns}> .\n" for prefix, ns in PREFIXES.items()) + "\n"


def jsonld_nodes(grouped: Grouped, names: _Names) -> list[dict]:
    nodes = []
    for subject, predicates in grouped:
        node: dict[str, object] = {"@id": names.short(subject)}
        for predicate, objects in predicates:
            if predicate == TYPE:
                node["@type"] = [names.short(o) for o in objects]
            else:
                node[names.short(predicate)] = [names.json_value(o) for o in objects]
        nodes.append(node)
    return nodes


def _plain_triples(g: Graph) -> list[Triple]:
    triples = []
    for s, p, o in g:
        value = Lit(str(o), str(o.datatype) if o.datatype else None) if isinstance(o, Literal) else str(o)
        triples.append((str(s), str(p), value))
    return triples


def serialize(g: Graph, fmt: str) -> str:
    """One of "turtle", "nt" or "json-ld", written the way `write` writes the export."""
    triples = _plain_triples(g)
    if fmt == "turtle":
        return turtle_prefixes() + turtle_block(_by_subject(triples), _Names())
    if fmt == "nt":
        return nt_lines(triples)
    if fmt == "json-ld":
        return _jsonld_document(jsonld_nodes(_by_subject(triples), _Names()))
    raise ValueError(f"unknown RDF format: {fmt}")


JSONLD_HEAD = '{"@context": %s,\n "@graph": [\n  '
JSONLD_SEPARATOR = ",\n  "
JSONLD_TAIL = "\n]}\n"


def _jsonld_document(nodes: Iterable[dict]) -> str:
    """{"@context": ..., "@graph": [...]}, one node per line."""
    body = JSONLD_SEPARATOR.join(json.dumps(node, ensure_ascii=False, sort_keys=True) for node in nodes)
    return JSONLD_HEAD % json.dumps(jsonld_context(), sort_keys=True) + body + JSONLD_TAIL


def _formats(triples: list[Triple], names: _Names) -> tuple[str, str, str]:
    """One piece's triples as a Turtle block, N-Triples lines and JSON-LD nodes."""
    grouped = _by_subject(triples)
    nodes = jsonld_nodes(grouped, names)
    jsonld = JSONLD_SEPARATOR.join(json.dumps(node, ensure_ascii=False, sort_keys=True) for node in nodes)
    return turtle_block(grouped, names), nt_lines(triples), jsonld


def write(graph: nx.MultiDiGraph, out_dir: Path, base_iri: str = DEFAULT_BASE_IRI,
          reuse: Reuse = NO_REUSE) -> list[Path]:
    """Write kg.ttl, kg.nt and kg.jsonld into `out_dir` in one pass over the graph, a piece at a time; pieces
    that `reuse` finds in the previous export are copied from there."""
    out_dir = Path(out_dir)
    paths = [out_dir / name for name in FILES]
    names = _Names(Iris(base_iri).base)
    with atomic_write(paths[0], "wb") as ttl, atomic_write(paths[1], "wb") as nt, \
            atomic_write(paths[2], "wb") as jsonld:
        pieces = PieceWriter([ttl, nt, jsonld], paths, salt_of(), reuse,
                             separators=[None, None, JSONLD_SEPARATOR])
        try:
            pieces.text(turtle_prefixes(), "", JSONLD_HEAD % json.dumps(jsonld_context(), sort_keys=True))
            for inputs, render in rdf_pieces(graph, base_iri):
                pieces.piece(inputs, lambda i, render=render: _formats(render(i), names))
            pieces.text("", "", JSONLD_TAIL)
        finally:
            pieces.close()
    return paths


__all__ = [
    "DEFAULT_BASE_IRI", "KGO", "PREFIXES", "ROLE_PROPERTIES",
    "build_rdf", "new_graph", "rdf_chunks", "rdf_pieces", "serialize", "write",
]
