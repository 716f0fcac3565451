"""Check an RDF export against the SHACL shapes in ontology/shapes.ttl."""

from __future__ import annotations

import json
from pathlib import Path

from pyshacl import validate as shacl_validate
from rdflib import RDF, RDFS, BNode, Graph, Literal, Node
from rdflib.namespace import SH

from kg.sparql import compact_iri, load_export

ONTOLOGY_DIR = Path(__file__).resolve().parents[1] / "ontology"
SHAPES = ONTOLOGY_DIR / "shapes.ttl"
ONTOLOGY = ONTOLOGY_DIR / "kg.ttl"


def _ontology_for_validation(path: Path) -> Graph:
    """The ontology without rdfs:domain and rdfs:range.

    SHACL checks the data as written; with RDFS inference a range would turn whatever a role points to into the
    expected class, so `paper evaluatedOn someMethod` would pass. Subclass and subproperty axioms stay.
    """
    ontology = Graph().parse(path, format="turtle")
    ontology.remove((None, RDFS.domain, None))
    ontology.remove((None, RDFS.range, None))
    return ontology


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
    """Validate `export` (a .ttl/.nt/.jsonld file or a folder with kg.ttl) against the shapes.

    Returns (conforms, report): the report is one line per violation, "Violation: focus path: message (value: v)",
    or a line saying the export conforms. Raises kg.sparql.ExportError when the export cannot be read, and
    FileNotFoundError when the shapes or the ontology are missing.
    """
    shapes = Path(shapes or SHAPES)
    for needed in (shapes, ONTOLOGY):
        if not needed.is_file():
            raise FileNotFoundError(f"{needed.name} not found at {needed}: validation needs the project's ontology/")
    data = load_export(export)
    shapes_graph = Graph().parse(shapes, format="turtle")
    conforms, results, _ = shacl_validate(
        data,
        shacl_graph=shapes_graph,
        ont_graph=_ontology_for_validation(ONTOLOGY),
        inference=inference,
        abort_on_first=False,
        allow_warnings=False,
    )
    lines = _report(results)
    if conforms:
        return True, "conforms: the export meets every shape\n"
    count = len(lines)
    header = f"does not conform: {count} violation{'s' if count != 1 else ''}"
    return False, "\n".join([header, *lines]) + "\n"

