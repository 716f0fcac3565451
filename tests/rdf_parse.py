"""rdflib's parsers for the tests that check rdflib reads every export."""

from __future__ import annotations

import warnings
from pathlib import Path

from rdflib import Graph


def rdflib_graph(path: Path, fmt: str) -> Graph:
    """`path` parsed by rdflib in `fmt` ("turtle", "nt", "json-ld").

    rdflib 7's JSON-LD parser builds a ConjunctiveGraph, a class rdflib 7 itself deprecates: its warning says
    nothing about our files, so it is left out here, and only here.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "ConjunctiveGraph is deprecated", DeprecationWarning)
        return Graph().parse(path, format=fmt)
