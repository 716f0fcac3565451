"""What a reader of an output folder sees."""

from __future__ import annotations

from pathlib import Path

SET_INTERNALS = frozenset([".kg-sets", ".kg-current"])


def under(folder: Path) -> list[Path]:
    """Every file and folder under `folder` by the names a reader uses: not the slots that hold each set of
    exports and the link to the one in place (kg/export_set.py), which every export name reaches through."""
    return [p for p in sorted(folder.rglob("*")) if p.relative_to(folder).parts[0] not in SET_INTERNALS]
