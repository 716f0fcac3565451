"""kg: a knowledge graph of machine-learning paper abstracts.

`kg.build(inputs, out_dir)` runs the whole flow; each stage is importable on its own:
`kg.read.read_papers`, `kg.extract.Extractor`, `kg.resolve.resolve`, `kg.graph.build_graph`, `kg.export`.
"""

from __future__ import annotations

__version__ = "0.1.0"


def build(*args, **kwargs):
    """See kg.pipeline.build (imported lazily: loading spaCy takes a while)."""
    from kg.pipeline import build as run

    return run(*args, **kwargs)


__all__ = ["build", "__version__"]
