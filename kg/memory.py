"""Sparing the cyclic garbage collector a build's long-lived data.

A build holds every paper, extraction and graph node until it ends. Python's collector walks all tracked objects
at each full collection, so a large build would spend a good share of its time re-walking data that cannot be
garbage yet, and a forked exporter would copy every page the walk touches. Freezing what exists at the end of a
stage takes it out of those walks; everything is handed back to the collector when the build ends.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_spared() -> Iterator[None]:
    """A block (or, as a decorator, a function) inside which `spare_what_exists` may freeze objects: on leaving,
    all are unfrozen, unless objects were frozen already on entering (an enclosing block then unfreezes them)."""
    owner = gc.get_freeze_count() == 0
    try:
        yield
    finally:
        if owner:
            gc.unfreeze()


def spare_what_exists() -> None:
    """Freeze every object that exists now: the collector no longer walks them (inside `collector_spared`)."""
    gc.freeze()
