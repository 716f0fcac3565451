"""Benchmark of writing the RDF export: kg.export.rdf's own writer against pyoxigraph's serializers.

Run by hand, not by the tests:

    .venv/bin/python bench/rdf_write_bench.py                            # ICML 2019 from ../shared/corpora
    .venv/bin/python bench/rdf_write_bench.py CORPUS.jsonl.gz --repeat 5

It builds the graph of the corpus once (no exports), makes the triples of every piece of the RDF export
(kg.export.rdf.rdf_pieces) and then, as the best of --repeat runs, times turning those triples into text:
- hand: what `kg.export.rdf.write` does per piece (sorted Turtle block and sorted N-Triples lines);
- pyoxigraph: the same triples as pyoxigraph terms (the conversion counted), serialised per piece as N-Triples and
  as Turtle with the export's prefixes, and once more as one call over the whole graph.
It checks that both writers give the same set of triples, and whether pyoxigraph's output is the same bytes for
the same triples given in another order (the exports must be byte-for-byte deterministic).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

import pyoxigraph as ox
from timing import best_of

from kg.export import rdf
from kg.pipeline import build

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpora" / "icml2019.jsonl.gz"
PREFIXES = {prefix: str(namespace) for prefix, namespace in rdf.PREFIXES.items()}


def ox_term(term: rdf.Term) -> ox.NamedNode | ox.Literal:
    if type(term) is rdf.Lit:
        return ox.Literal(term.value, datatype=ox.NamedNode(term.datatype)) if term.datatype else ox.Literal(term.value)
    return ox.NamedNode(term)


def ox_triples(triples: list[rdf.Triple]) -> list[ox.Triple]:
    return [ox.Triple(ox.NamedNode(s), ox.NamedNode(p), ox_term(o)) for s, p, o in triples]


def hand(pieces: list[list[rdf.Triple]]) -> tuple[str, str]:
    names = rdf._Names()
    ttl = [rdf.turtle_prefixes()]
    nt = []
    for triples in pieces:
        ttl.append(rdf.turtle_block(rdf._by_subject(triples), names))
        nt.append(rdf.nt_lines(triples))
    return "".join(ttl), "".join(nt)


def oxigraph_per_piece(pieces: list[list[rdf.Triple]]) -> tuple[bytes, bytes]:
    ttl, nt = [], []
    for triples in pieces:
        terms = ox_triples(triples)
        ttl.append(ox.serialize(terms, format=ox.RdfFormat.TURTLE, prefixes=PREFIXES))
        nt.append(ox.serialize(terms, format=ox.RdfFormat.N_TRIPLES))
    return b"".join(ttl), b"".join(nt)


def oxigraph_whole(pieces: list[list[rdf.Triple]]) -> tuple[bytes, bytes]:
    terms = [t for triples in pieces for t in ox_triples(triples)]
    return (ox.serialize(terms, format=ox.RdfFormat.TURTLE, prefixes=PREFIXES),
            ox.serialize(terms, format=ox.RdfFormat.N_TRIPLES))


def triple_set(data: bytes, fmt: ox.RdfFormat) -> set[ox.Triple]:
    return {quad.triple for quad in ox.parse(data, format=fmt)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", default=str(CORPUS))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as out:
        graph = build([args.corpus], out, formats=[]).graph
    pieces = [render(inputs) for inputs, render in rdf.rdf_pieces(graph)]
    count = sum(len(triples) for triples in pieces)
    print(f"{Path(args.corpus).name}: {len(pieces)} pieces, {count} triples; best of {args.repeat}, seconds")

    hand_ttl, hand_nt = hand(pieces)
    ox_ttl, ox_nt = oxigraph_whole(pieces)
    same = (triple_set(hand_ttl.encode(), ox.RdfFormat.TURTLE) == triple_set(ox_ttl, ox.RdfFormat.TURTLE)
            == triple_set(hand_nt.encode(), ox.RdfFormat.N_TRIPLES) == triple_set(ox_nt, ox.RdfFormat.N_TRIPLES))
    shuffled = [list(triples) for triples in pieces]
    for triples in shuffled:
        random.Random(0).shuffle(triples)
    print(f"same triples from both writers: {same}")
    print(f"hand output independent of triple order: {hand(shuffled) == (hand_ttl, hand_nt)}")
    stable = oxigraph_per_piece(shuffled) == oxigraph_per_piece(pieces)
    print(f"pyoxigraph output independent of triple order: {stable}")
    print(f"sizes: hand Turtle {len(hand_ttl.encode()):,} B, pyoxigraph Turtle {len(ox_ttl):,} B")

    rows = [("hand, per piece (Turtle + N-Triples)", lambda: hand(pieces)),
            ("pyoxigraph, per piece (Turtle + N-Triples)", lambda: oxigraph_per_piece(pieces)),
            ("pyoxigraph, whole graph in one call", lambda: oxigraph_whole(pieces)),
            ("  of which: making pyoxigraph terms", lambda: [ox_triples(t) for t in pieces])]
    for label, run in rows:
        print(f"{label:45} {best_of(args.repeat, run):6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
