"""Check an RDF export against the SHACL shapes in ontology/shapes.ttl."""

from __future__ import annotations

import json
from pathlib import Path

import pyoxigraph as ox
from pyshacl import validate as shacl_validate
from rdflib import RDF, RDFS, BNode, Graph, Literal, Node
from rdflib.namespace import SH

from kg.sparql import compact_iri
from kg.store import is_store, open_store
from kg.terms import to_graph

ONTOLOGY_DIR = Path(__file__).resolve().parents[1] / "ontology"
SHAPES = ONTOLOGY_DIR / "shapes.ttl"
ONTOLOGY = ONTOLOGY_DIR / "kg.ttl"
INFERENCES = ("rdfs", "none")
# The RDFS entailments a shape can see: the classes of a node's classes, and the superproperties of a property.
RDFS_RULES = (
    "INSERT { ?s ?super ?o } WHERE { ?p rdfs:subPropertyOf+ ?super . ?s ?p ?o }",
    "INSERT { ?x a ?super } WHERE { ?c rdfs:subClassOf+ ?super . ?x a ?c }",
)


def _ontology_for_validation(path: Path) -> list[ox.Quad]:
    """The ontology without rdfs:domain and rdfs:range.

    SHACL checks the data as written; with RDFS inference a range would turn whatever a role points to into the
    expected class, so `paper evaluatedOn someMethod` would pass. Subclass and subproperty axioms stay.
    """
    dropped = {ox.NamedNode(str(RDFS.domain)), ox.NamedNode(str(RDFS.range))}
    return [ox.Quad(t.subject, t.predicate, t.object) for t in ox.parse(path=str(path), format=ox.RdfFormat.TURTLE)
            if t.predicate not in dropped]


def data_graph(export: Path, inference: str = "rdfs") -> Graph:
    """The export with the ontology, as pySHACL validates it, in an rdflib graph.

    pySHACL would mix in the ontology and run its RDFS inference (owlrl) over the whole rdflib graph, which takes
    most of the time on a real export. Here pyoxigraph parses, mixes and applies the two RDFS rules that can change
    what a shape sees (subclass and subproperty; the other RDFS entailments give every node rdfs:Resource and
    every property rdf:Property, which no shape looks at), and the graph is converted to rdflib once.
    """
    store = open_store(export)
    if is_store(export):  # a store folder opens read-only: work on a copy in memory
        copy = ox.Store()
        copy.bulk_extend(store)
        store = copy
    store.bulk_extend(_ontology_for_validation(ONTOLOGY))
    if inference == "rdfs":
        while True:
            size = len(store)
            for rule in RDFS_RULES:
                store.update(rule, prefixes={"rdfs": str(RDFS)})
            if len(store) == size:
                break
    return to_graph(store)


def _term(node: Node | None) -> str:
    if node is None:
        return "-"
    if isinstance(node, Literal):
        datatype = f"^^{_term(node.datatype)}" if node.datatype else ""
        return json.dumps(str(node), ensure_ascii=True) + datatype
    if isinstance(node, BNode):
        return "[]"
    text = compact_iri(str(node))
    return text if text != str(node) else f"<{text}>"


def _report(results: Graph) -> list[str]:
    lines = []
    for result in results.subjects(RDF.type, SH.ValidationResult):
        focus = results.value(result, SH.focusNode)
        path = results.value(result, SH.resultPath)
        value = results.value(result, SH.value)
        severity = results.value(result, SH.resultSeverity)
        messages = sorted(str(m) for m in results.objects(result, SH.resultMessage))
        message = " ".join(" / ".join(messages).split()) or "constraint not met"
        line = f"{str(severity or SH.Violation).rsplit('#', 1)[-1]}: {_term(focus)}"
        if path is not None:
            line += f" {_term(path)}"
        line += f": {message}"
        if value is not None and value != focus:
            line += f" (value: {_term(value)})"
        lines.append(line)
    return sorted(set(lines))


def validate(export: Path, shapes: Path | None = None, *, inference: str = "rdfs") -> tuple[bool, str]:
    """Validate `export` (a .ttl/.nt/.jsonld file, an export folder or a store folder) against the shapes.

    `inference` is "rdfs" (subclass and subproperty axioms of the ontology apply) or "none".

    Returns (conforms, report): the report is one line per violation, "Violation: focus path: message (value: v)",
    or a line saying the export conforms. Raises kg.store.ExportError when the export cannot be read, and
    FileNotFoundError when the shapes or the ontology are missing.
    """
    if inference not in INFERENCES:
        raise ValueError(f"inference must be one of {', '.join(INFERENCES)}, not {inference!r}")
    shapes = Path(shapes or SHAPES)
    for needed in (shapes, ONTOLOGY):
        if not needed.is_file():
            raise FileNotFoundError(f"{needed.name} not found at {needed}: validation needs the project's ontology/")
    data = data_graph(export, inference)
    shapes_graph = Graph().parse(shapes, format="turtle")
    conforms, results, _ = shacl_validate(
        data, shacl_graph=shapes_graph, inference="none", abort_on_first=False, allow_warnings=False, inplace=True,
    )
    lines = _report(results)
    if conforms:
        return True, "conforms: the export meets every shape\n"
    count = len(lines)
    header = f"does not conform: {count} violation{'s' if count != 1 else ''}"
    return False, "\n".join([header, *lines]) + "\n"

