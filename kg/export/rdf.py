"""The graph as RDF: Turtle, sorted N-Triples and JSON-LD, in the terms of ontology/kg.ttl.

Every node gets a stable IRI built from its id (percent-encoded, so any id is safe), statement and evidence nodes
get IRIs hashed from their parts, and nothing is a blank node: the same graph always gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

import networkx as nx
from rdflib import RDF, RDFS, XSD, Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, FOAF, PROV, SDO, SKOS
from rdflib.term import Node

from kg.export.atomic import atomic_write
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


class Iris:
    """Builds instance IRIs under one base: `{base}paper/{id}`, `{base}concept/{slug}`, `{base}community/{n}`."""

    def __init__(self, base_iri: str = DEFAULT_BASE_IRI) -> None:
        if not ABSOLUTE_IRI.match(base_iri) or NOT_IN_IRI.search(base_iri):
            raise ValueError(f"not a usable base IRI (absolute, no spaces, quotes or <>): {base_iri!r}")
        if not base_iri.endswith(("/", "#", ":")):
            base_iri += "/"
        self.base = Namespace(base_iri)

    def paper(self, paper_id: str) -> URIRef:
        return self.base[f"paper/{_segment(paper_id)}"]

    def author(self, paper_id: str, position: int) -> URIRef:
        return self.base[f"author/{_segment(paper_id)}-{int(position)}"]

    def concept(self, slug: str) -> URIRef:
        return self.base[f"concept/{_segment(slug)}"]

    def community(self, number: int) -> URIRef:
        return self.base[f"community/{int(number)}"]

    def statement(self, paper_id: str, role: str, slug: str) -> URIRef:
        return self.base[f"statement/{_digest(paper_id, role, slug)}"]

    def evidence(self, paper_id: str, start: int, end: int, sentence: str, field: str = "abstract") -> URIRef:
        parts = (paper_id, start, end, sentence) if field == "abstract" else (paper_id, start, end, sentence, field)
        return self.base[f"evidence/{_digest(*parts)}"]

    def link(self, source_id: str, target_id: str) -> URIRef:
        return self.base[f"link/{_digest(source_id, target_id)}"]


def _segment(value: str) -> str:
    """One IRI path segment for any string: everything but unreserved characters is percent-encoded."""
    return quote(str(value), safe="")


def _digest(*parts: object) -> str:
    """A stable id from the parts; JSON keeps ("a b", "c") apart from ("a", "b c")."""
    text = json.dumps([str(p) for p in parts], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _decimal(value: float | int | str) -> Literal:
    """An xsd:decimal in plain notation (never '1e-05', which is not a valid decimal)."""
    number = Decimal(repr(value)) if isinstance(value, float) else Decimal(str(value))
    if not number.is_finite():
        raise ValueError(f"not a finite number: {value!r}")
    return Literal(format(number, "f"), datatype=XSD.decimal)


def _text(value: object) -> str:
    return "" if value is None else str(value)


class Triples(list):
    """A plain list of triples with rdflib's `add`: building a real Graph per chunk would index what is only
    written out."""

    def add(self, triple: tuple) -> None:
        self.append(triple)


Sink = Graph | Triples


def _types(g: Sink, node: URIRef, kind: str) -> None:
    for cls in CLASSES[kind]:
        g.add((node, RDF.type, cls))


def new_graph() -> Graph:
    """An empty graph with the project's prefixes bound, and only those."""
    g = Graph(bind_namespaces="none")
    for prefix, namespace in PREFIXES.items():
        g.bind(prefix, namespace, override=True, replace=True)
    return g


def rdf_chunks(graph: nx.MultiDiGraph, base_iri: str = DEFAULT_BASE_IRI) -> Iterator[Triples]:
    """The RDF of the graph, one small chunk at a time: each paper with its statements and links, then each
    concept, then the communities. Chunks come in sorted order, so the output is the same for the same graph."""
    iris = Iris(base_iri)
    paper_ids: dict[str, str] = {}
    concept_slugs: dict[str, str] = {}
    for node, data in graph.nodes(data=True):
        kind = data.get("type")
        if kind == "Paper" and str(node).startswith("paper:"):
            paper_ids[node] = str(node)[len("paper:"):]
        elif kind in CONCEPT_TYPES and str(node).startswith("concept:"):
            concept_slugs[node] = str(node)[len("concept:"):]

    communities = {int(c["id"]): c for c in graph.graph.get("communities") or []}
    used_communities: set[int] = set()
    for node in sorted(paper_ids):
        chunk = Triples()
        used_communities |= _add_paper(chunk, iris, paper_ids[node], graph.nodes[node])
        for _, v, key, data in sorted(graph.out_edges(node, keys=True, data=True), key=lambda e: (e[1], e[2])):
            role = data.get("role", key)
            if v in concept_slugs and role in ROLE_PROPERTIES:
                _add_statement(chunk, iris, paper_ids[node], role, concept_slugs[v], data)
            elif v in paper_ids and role == "shares":
                _add_link(chunk, iris, graph, paper_ids, concept_slugs, node, v, data)
        yield chunk
    for node in sorted(concept_slugs):
        chunk = Triples()
        used_communities |= _add_concept(chunk, iris, concept_slugs[node], graph.nodes[node])
        yield chunk
    chunk = Triples()
    for number in sorted(set(communities) | used_communities):
        _add_community(chunk, iris, number, communities.get(number, {}))
    yield chunk


def build_rdf(graph: nx.MultiDiGraph, base_iri: str = DEFAULT_BASE_IRI) -> Graph:
    """The whole graph as one rdflib Graph (for queries and validation of small graphs)."""
    g = new_graph()
    for chunk in rdf_chunks(graph, base_iri):
        for triple in chunk:
            g.add(triple)
    return g


def _add_paper(g: Sink, iris: Iris, pid: str, data: dict) -> set[int]:
    paper = iris.paper(pid)
    _types(g, paper, "Paper")
    title = _text(data.get("title")) or _text(data.get("label")) or pid
    g.add((paper, DCTERMS.title, Literal(title)))
    g.add((paper, RDFS.label, Literal(_text(data.get("label")) or title)))
    g.add((paper, DCTERMS.identifier, Literal(pid)))
    for attr, prop in (("abstract", DCTERMS.abstract), ("venue", KGO.venue)):
        if _text(data.get(attr)):
            g.add((paper, prop, Literal(_text(data[attr]))))
    for attr, prop in (("url", SDO.url), ("code", SDO.codeRepository)):
        if _text(data.get(attr)):
            g.add((paper, prop, Literal(_text(data[attr]), datatype=XSD.anyURI)))
    if data.get("year") is not None:
        g.add((paper, DCTERMS.date, Literal(f"{int(data['year']):04d}", datatype=XSD.gYear)))
    for position, name in enumerate(data.get("authors") or [], start=1):
        author = iris.author(pid, position)
        g.add((paper, DCTERMS.creator, author))
        g.add((author, RDF.type, FOAF.Agent))
        g.add((author, FOAF.name, Literal(_text(name))))
        g.add((author, KGO.authorPosition, Literal(position)))
    return _add_membership(g, iris, paper, data)


def _add_concept(g: Sink, iris: Iris, slug: str, data: dict) -> set[int]:
    concept = iris.concept(slug)
    _types(g, concept, data["type"])
    label = _text(data.get("label")) or slug
    g.add((concept, SKOS.prefLabel, Literal(label)))
    for alias in data.get("aliases") or []:
        if _text(alias) and _text(alias) != label:
            g.add((concept, SKOS.altLabel, Literal(_text(alias))))
    g.add((concept, DCTERMS.identifier, Literal(slug)))
    if data.get("paper_count") is not None:
        g.add((concept, KGO.paperCount, Literal(int(data["paper_count"]))))
    return _add_membership(g, iris, concept, data)


def _add_membership(g: Sink, iris: Iris, node: URIRef, data: dict) -> set[int]:
    number = data.get("community")
    if number is None or int(number) < 0:
        return set()
    g.add((node, KGO.inCommunity, iris.community(int(number))))
    return {int(number)}


def _add_community(g: Sink, iris: Iris, number: int, info: dict) -> None:
    community = iris.community(number)
    _types(g, community, "Community")
    g.add((community, DCTERMS.identifier, Literal(number)))
    if _text(info.get("name")):
        g.add((community, RDFS.label, Literal(_text(info["name"]))))
    if info.get("size") is not None:
        g.add((community, KGO.communitySize, Literal(int(info["size"]))))


def _add_statement(g: Sink, iris: Iris, pid: str, role: str, slug: str, data: dict) -> None:
    paper, concept, prop = iris.paper(pid), iris.concept(slug), ROLE_PROPERTIES[role]
    g.add((paper, prop, concept))
    g.add((paper, KGO.mentions, concept))
    statement = iris.statement(pid, role, slug)
    _types(g, statement, "Statement")
    g.add((statement, KGO.subject, paper))
    g.add((statement, KGO.property, prop))
    g.add((statement, KGO.object, concept))
    if data.get("confidence") is not None:
        g.add((statement, KGO.confidence, _decimal(data["confidence"])))
    for item in data.get("evidence") or []:
        sentence, start, end = _text(item.get("sentence")), int(item["start"]), int(item["end"])
        field = _text(item.get("field")) or "abstract"
        evidence = iris.evidence(pid, start, end, sentence, field)
        g.add((statement, KGO.evidence, evidence))
        g.add((statement, PROV.wasDerivedFrom, evidence))
        _types(g, evidence, "Evidence")
        g.add((evidence, KGO.sentence, Literal(sentence)))
        g.add((evidence, KGO.startOffset, Literal(start)))
        g.add((evidence, KGO.endOffset, Literal(end)))
        g.add((evidence, KGO.sourceField, Literal(field)))
        g.add((evidence, PROV.wasQuotedFrom, paper))


def _add_link(
    g: Sink, iris: Iris, graph: nx.MultiDiGraph, paper_ids: dict[str, str], concept_slugs: dict[str, str],
    u: str, v: str, data: dict,
) -> None:
    a, b = paper_ids[u], paper_ids[v]
    source, target = iris.paper(a), iris.paper(b)
    g.add((source, KGO.sharesConceptWith, target))
    g.add((target, KGO.sharesConceptWith, source))
    link = iris.link(*sorted((a, b)))
    _types(g, link, "ConceptLink")
    g.add((link, KGO.linkSource, source))
    g.add((link, KGO.linkTarget, target))
    if data.get("weight") is not None:
        g.add((link, KGO.weight, _decimal(data["weight"])))
    common = _concepts_of(graph, u, concept_slugs) & _concepts_of(graph, v, concept_slugs)
    for label in data.get("shared") or []:
        matches = _match_label(graph, common, _text(label))
        for node in matches:
            g.add((link, KGO.sharedConcept, iris.concept(concept_slugs[node])))
        if not matches:
            g.add((link, KGO.sharedLabel, Literal(_text(label))))


def _concepts_of(graph: nx.MultiDiGraph, paper: str, concept_slugs: dict[str, str]) -> set[str]:
    return {v for v in graph.successors(paper) if v in concept_slugs}


def _match_label(graph: nx.MultiDiGraph, candidates: Iterable[str], label: str) -> list[str]:
    """The concepts both papers mention whose label (or else an alias) is `label`, ignoring case."""
    wanted = label.casefold()
    by_label = [n for n in candidates if _text(graph.nodes[n].get("label")).casefold() == wanted]
    if by_label:
        return sorted(by_label)
    return sorted(n for n in candidates if wanted in {_text(a).casefold() for a in graph.nodes[n].get("aliases") or []})


def jsonld_context() -> dict[str, str]:
    return {prefix: str(ns) for prefix, ns in PREFIXES.items()}


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_NEEDS_ESCAPE = re.compile(r'[\\"\x00-\x1f\x7f]')
_PN_LOCAL = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_NAMESPACES = sorted(((str(ns), prefix) for prefix, ns in PREFIXES.items()), key=lambda x: -len(x[0]))


Grouped = list[tuple[URIRef, dict[URIRef, list[Node]]]]


def _escape(text: str) -> str:
    """A string literal's body, escaped as N-Triples and Turtle both read it."""
    return _NEEDS_ESCAPE.sub(lambda m: _ESCAPES.get(m.group(), f"\\u{ord(m.group()):04X}"), text)


@lru_cache(maxsize=1 << 16)
def _qname(iri: str) -> str | None:
    for namespace, prefix in _NAMESPACES:
        if iri.startswith(namespace) and _PN_LOCAL.fullmatch(iri[len(namespace):]):
            return f"{prefix}:{iri[len(namespace):]}"
    return None


@lru_cache(maxsize=1 << 16)
def _nt_iri(term: URIRef) -> str:
    return f"<{term}>"


@lru_cache(maxsize=1 << 16)
def _ttl_iri(term: URIRef) -> str:
    return _qname(str(term)) or f"<{term}>"


def _nt(term: Node) -> str:
    if isinstance(term, URIRef):
        return _nt_iri(term)
    literal = f'"{_escape(str(term))}"'
    return f"{literal}^^{_nt_iri(term.datatype)}" if term.datatype else literal


def _ttl(term: Node) -> str:
    if isinstance(term, URIRef):
        return _ttl_iri(term)
    literal = f'"{_escape(str(term))}"'
    return f"{literal}^^{_ttl_iri(term.datatype)}" if term.datatype else literal


def _by_subject(triples: Iterable[tuple]) -> Grouped:
    """Triples grouped by subject then predicate, everything sorted (rdf:type first)."""
    grouped: dict[URIRef, dict[URIRef, set[Node]]] = {}
    for s, p, o in triples:
        grouped.setdefault(s, {}).setdefault(p, set()).add(o)
    order = []
    for subject in sorted(grouped):
        predicates = grouped[subject]
        keys = sorted(predicates, key=lambda p: (p != RDF.type, str(p)))
        order.append((subject, {p: sorted(predicates[p], key=_sort_key) for p in keys}))
    return order


def _sort_key(term: Node) -> tuple:
    return (isinstance(term, Literal), str(term), str(getattr(term, "datatype", "") or ""))


def nt_lines(triples: Iterable[tuple]) -> str:
    return "".join(sorted({f"{_nt(s)} {_nt(p)} {_nt(o)} .\n" for s, p, o in triples}))


def turtle_block(grouped: Grouped) -> str:
    parts = []
    for subject, predicates in grouped:
        lines = []
        for predicate, objects in predicates.items():
            verb = "a" if predicate == RDF.type else _ttl(predicate)
            lines.append(f"    {verb} {', '.join(_ttl(o) for o in objects)}")
        parts.append(f"{_ttl(subject)}\n" + " ;\n".join(lines) + " .\n\n")
    return "".join(parts)


def turtle_prefixes() -> str:
    return "".join(f"@prefix {prefix}: <{ns}> .\n" for prefix, ns in PREFIXES.items()) + "\n"


def _json_value(term: Node) -> object:
    if isinstance(term, URIRef):
        return {"@id": _qname(str(term)) or str(term)}
    if term.datatype is None or term.datatype == XSD.string:
        return str(term)
    return {"@type": _qname(str(term.datatype)) or str(term.datatype), "@value": str(term)}


def jsonld_nodes(grouped: Grouped) -> list[dict]:
    nodes = []
    for subject, predicates in grouped:
        node: dict[str, object] = {"@id": _qname(str(subject)) or str(subject)}
        for predicate, objects in predicates.items():
            if predicate == RDF.type:
                node["@type"] = [_qname(str(o)) or str(o) for o in objects]
            else:
                node[_qname(str(predicate)) or str(predicate)] = [_json_value(o) for o in objects]
        nodes.append(node)
    return nodes


def serialize(g: Graph, fmt: str) -> str:
    """One of "turtle", "nt" or "json-ld", written the way `write` writes the export."""
    triples = list(g)
    if fmt == "turtle":
        return turtle_prefixes() + turtle_block(_by_subject(triples))
    if fmt == "nt":
        return nt_lines(triples)
    if fmt == "json-ld":
        return _jsonld_document([jsonld_nodes(_by_subject(triples))])
    raise ValueError(f"unknown RDF format: {fmt}")


def _jsonld_document(chunks: Iterable[list[dict]], handle=None) -> str:
    """{"@context": ..., "@graph": [...]}, one node per line; written to `handle` as it goes when one is given."""
    pieces = []

    def emit(text: str) -> None:
        if handle is not None:
            handle.write(text)
        else:
            pieces.append(text)

    emit('{"@context": ' + json.dumps(jsonld_context(), sort_keys=True) + ',\n "@graph": [')
    first = True
    for nodes in chunks:
        for node in nodes:
            emit(("\n  " if first else ",\n  ") + json.dumps(node, ensure_ascii=False, sort_keys=True))
            first = False
    emit("\n]}\n")
    return "".join(pieces)


def write(graph: nx.MultiDiGraph, out_dir: Path, base_iri: str = DEFAULT_BASE_IRI) -> list[Path]:
    """Write kg.ttl, kg.nt and kg.jsonld into `out_dir` in one pass over the graph, a chunk at a time."""
    out_dir = Path(out_dir)
    paths = [out_dir / name for name in FILES]
    with atomic_write(paths[0]) as ttl, atomic_write(paths[1]) as nt, atomic_write(paths[2]) as jsonld:
        ttl.write(turtle_prefixes())

        def chunks() -> Iterator[list[dict]]:
            for chunk in rdf_chunks(graph, base_iri):
                grouped = _by_subject(chunk)
                ttl.write(turtle_block(grouped))
                nt.write(nt_lines(chunk))
                yield jsonld_nodes(grouped)

        _jsonld_document(chunks(), jsonld)
    return paths


__all__ = [
    "DEFAULT_BASE_IRI", "KGO", "PREFIXES", "ROLE_PROPERTIES",
    "build_rdf", "new_graph", "rdf_chunks", "serialize", "write",
]
