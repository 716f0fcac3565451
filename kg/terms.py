"""pyoxigraph terms as rdflib terms, for what stays on rdflib: SHACL with pySHACL, and rdflib's order of terms.

rdflib makes a literal the way its own parsers do (a plain string has no datatype; numbers are normalised), so a
graph converted from pyoxigraph is the graph rdflib would have parsed.
"""

from __future__ import annotations

from collections.abc import Iterable

import pyoxigraph as ox
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.term import Node

XSD_STRING = ox.NamedNode("http://www.w3.org/2001/XMLSchema#string")


class Converter:
    """Converts terms, making each IRI and blank node once (an export repeats them many times)."""

    def __init__(self) -> None:
        self._nodes: dict[ox.NamedNode | ox.BlankNode, Node] = {}

    def term(self, term: ox.NamedNode | ox.BlankNode | ox.Literal) -> Node:
        if isinstance(term, ox.Literal):
            if term.language:
                return Literal(term.value, lang=term.language)
            if term.datatype == XSD_STRING:
                return Literal(term.value)
            return Literal(term.value, datatype=self.term(term.datatype))
        node = self._nodes.get(term)
        if node is None:
            node = self._nodes[term] = URIRef(term.value) if isinstance(term, ox.NamedNode) else BNode(term.value)
        return node

    def triple(self, triple: ox.Triple | ox.Quad) -> tuple[Node, Node, Node]:
        return self.term(triple.subject), self.term(triple.predicate), self.term(triple.object)


def to_graph(triples: Iterable[ox.Triple | ox.Quad]) -> Graph:
    """An rdflib graph of the triples (or of the quads, graph names dropped)."""
    graph = Graph()
    convert = Converter().triple
    add = graph.add
    for triple in triples:
        add(convert(triple))
    return graph
