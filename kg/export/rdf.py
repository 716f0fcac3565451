"""The graph as RDF: Turtle, sorted N-Triples and JSON-LD, in the terms of ontology/kg.ttl.

Every node gets a stable IRI built from its id (percent-encoded, so any id is safe), statement and evidence nodes
get IRIs hashed from their parts, and nothing is a blank node: the same graph always gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from decimal import Decimal
from pathlib import Path
from urllib.parse import quote

import networkx as nx
from rdflib import RDF, RDFS, XSD, Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, FOAF, PROV, SDO, SKOS

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

    def evidence(self, paper_id: str, start: int, end: int, sentence: str) -> URIRef:
        return self.base[f"evidence/{_digest(paper_id, start, end, sentence)}"]

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


def _types(g: Graph, node: URIRef, kind: str) -> None:
    for cls in CLASSES[kind]:
        g.add((node, RDF.type, cls))


def new_graph() -> Graph:
    """An empty graph with the project's prefixes bound, and only those."""
    g = Graph(bind_namespaces="none")
    for prefix, namespace in PREFIXES.items():
        g.bind(prefix, namespace, override=True, replace=True)
    return g


def build_rdf(graph: nx.MultiDiGraph, base_iri: str = DEFAULT_BASE_IRI) -> Graph:
    """Translate the networkx graph into RDF (see ontology/kg.ttl for the terms)."""
    iris = Iris(base_iri)
    g = new_graph()
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

    for node, pid in paper_ids.items():
        used_communities |= _add_paper(g, iris, pid, graph.nodes[node])
    for node, slug in concept_slugs.items():
        used_communities |= _add_concept(g, iris, slug, graph.nodes[node])

    for number in sorted(set(communities) | used_communities):
        _add_community(g, iris, number, communities.get(number, {}))

    for u, v, key, data in graph.edges(keys=True, data=True):
        role = data.get("role", key)
        if u in paper_ids and v in concept_slugs and role in ROLE_PROPERTIES:
            _add_statement(g, iris, paper_ids[u], role, concept_slugs[v], data)
        elif u in paper_ids and v in paper_ids and role == "shares":
            _add_link(g, iris, graph, paper_ids, concept_slugs, u, v, data)
    return g


def _add_paper(g: Graph, iris: Iris, pid: str, data: dict) -> set[int]:
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


def _add_concept(g: Graph, iris: Iris, slug: str, data: dict) -> set[int]:
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


def _add_membership(g: Graph, iris: Iris, node: URIRef, data: dict) -> set[int]:
    number = data.get("community")
    if number is None or int(number) < 0:
        return set()
    g.add((node, KGO.inCommunity, iris.community(int(number))))
    return {int(number)}


def _add_community(g: Graph, iris: Iris, number: int, info: dict) -> None:
    community = iris.community(number)
    _types(g, community, "Community")
    g.add((community, DCTERMS.identifier, Literal(number)))
    if _text(info.get("name")):
        g.add((community, RDFS.label, Literal(_text(info["name"]))))
    if info.get("size") is not None:
        g.add((community, KGO.communitySize, Literal(int(info["size"]))))


def _add_statement(g: Graph, iris: Iris, pid: str, role: str, slug: str, data: dict) -> None:
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
        evidence = iris.evidence(pid, start, end, sentence)
        g.add((statement, KGO.evidence, evidence))
        g.add((statement, PROV.wasDerivedFrom, evidence))
        _types(g, evidence, "Evidence")
        g.add((evidence, KGO.sentence, Literal(sentence)))
        g.add((evidence, KGO.startOffset, Literal(start)))
        g.add((evidence, KGO.endOffset, Literal(end)))
        g.add((evidence, PROV.wasQuotedFrom, paper))


def _add_link(
    g: Graph, iris: Iris, graph: nx.MultiDiGraph, paper_ids: dict[str, str], concept_slugs: dict[str, str],
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


def serialize(g: Graph, fmt: str) -> str:
    """One of "turtle", "nt" (lines sorted) or "json-ld" (nodes sorted by @id, keys sorted)."""
    if fmt == "turtle":
        return g.serialize(format="turtle")
    if fmt == "nt":
        lines = sorted(line for line in g.serialize(format="nt").split("\n") if line.strip())
        return "".join(line + "\n" for line in lines)
    if fmt == "json-ld":
        doc = json.loads(g.serialize(format="json-ld", context=jsonld_context(), auto_compact=True))
        context = doc.pop("@context", jsonld_context())
        nodes = doc.pop("@graph") if "@graph" in doc else [doc] if doc else []  # one node comes without @graph
        for node in nodes:
            for key, value in node.items():
                if isinstance(value, list):
                    node[key] = sorted(value, key=lambda v: json.dumps(v, sort_keys=True, ensure_ascii=False))
        doc = {"@context": context, "@graph": sorted(nodes, key=lambda n: n.get("@id", ""))}
        return json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    raise ValueError(f"unknown RDF format: {fmt}")


def write(graph: nx.MultiDiGraph, out_dir: Path, base_iri: str = DEFAULT_BASE_IRI) -> list[Path]:
    """Write kg.ttl, kg.nt and kg.jsonld into `out_dir`; return their paths."""
    g = build_rdf(graph, base_iri=base_iri)
    out_dir = Path(out_dir)
    paths = []
    for name, fmt in zip(FILES, ("turtle", "nt", "json-ld"), strict=True):
        path = out_dir / name
        with atomic_write(path) as handle:
            handle.write(serialize(g, fmt))
        paths.append(path)
    return paths


__all__ = ["DEFAULT_BASE_IRI", "KGO", "PREFIXES", "ROLE_PROPERTIES", "build_rdf", "new_graph", "serialize", "write"]
