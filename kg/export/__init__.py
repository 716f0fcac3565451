"""The exporters, one module per format, each with `write(graph, target, **options)`; `write_all` runs them."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import networkx as nx


@dataclass(frozen=True)
class ExportOptions:
    base_iri: str = "https://w3id.org/kg/"
    html_max_nodes: int = 1500


@dataclass(frozen=True)
class Exporter:
    module: str
    target: str  # a file, or a folder for exporters that write several files ("." is the output folder)
    options: Callable[[ExportOptions], dict]


EXPORTERS: dict[str, Exporter] = {
    "jsonl": Exporter("kg.export.jsonl", "papers.jsonl", lambda o: {}),
    "rdf": Exporter("kg.export.rdf", ".", lambda o: {"base_iri": o.base_iri}),
    "graphml": Exporter("kg.export.graphml", "kg.graphml", lambda o: {}),
    "gexf": Exporter("kg.export.gexf", "kg.gexf", lambda o: {}),
    "neo4j": Exporter("kg.export.neo4j", ".", lambda o: {}),
    "html": Exporter("kg.export.html", "kg.html", lambda o: {"max_nodes": o.html_max_nodes}),
}


def write_one(name: str, graph: nx.MultiDiGraph, out_dir: Path, options: ExportOptions) -> list[Path]:
    exporter = EXPORTERS[name]
    module = importlib.import_module(exporter.module)
    written = module.write(graph, Path(out_dir) / exporter.target, **exporter.options(options))
    return [Path(p) for p in written] if isinstance(written, list | tuple) else [Path(written)]


def write_all(graph: nx.MultiDiGraph, out_dir: Path, options: ExportOptions,
              names: Iterable[str] | None = None) -> dict[str, list[Path]]:
    return {name: write_one(name, graph, out_dir, options) for name in (names or EXPORTERS)}
