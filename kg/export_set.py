"""Put a finished set of exports in place at once, so that a build killed at any instant leaves the previous set
or the new one, never a mixture.

Renaming the files one by one into the output folder cannot promise that: a SIGKILL between two renames leaves
some files of each build. So each set is written whole into a slot folder, `OUT/.kg-sets/1` or `OUT/.kg-sets/2`;
`OUT/.kg-current` is a symbolic link to the slot in place, and every export name in OUT (`kg.ttl`,
`neo4j/nodes.csv`, ...) is a relative link through it. Putting a set in place is then one rename: a new
`.kg-current` over the old.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
from pathlib import Path

SETS = ".kg-sets"
CURRENT = ".kg-current"
SLOTS = ("1", "2")


def current_slot(out: Path) -> Path | None:
    """The slot folder whose set is in place, if any."""
    try:
        target = os.readlink(out / CURRENT)
    except OSError:
        return None
    slot = out / target
    return slot if slot.parent == out / SETS and slot.name in SLOTS and slot.is_dir() else None


def new_slot(out: Path) -> Path:
    """An empty slot folder for the next set: the one not in place. Slots a killed build left are removed."""
    current = current_slot(out)
    for name in SLOTS:
        slot = out / SETS / name
        if slot != current and slot.exists():
            shutil.rmtree(slot, ignore_errors=True)
    slot = out / SETS / next(name for name in SLOTS if out / SETS / name != current)
    slot.mkdir(parents=True)
    return slot


def put_in_place(out: Path, slot: Path) -> list[Path]:
    """Make the set in `slot` the one in place; the export names in `out` it holds, one per file.

    Files of the set in place that this set lacks (exports of formats not built this time) are carried over, so
    a build of one format keeps the others as they were. Every step before the final rename leaves the previous
    set readable through the same names; links made for names the previous set lacks point at nothing until
    then, and are removed if a step fails.
    """
    names = [out / path.relative_to(slot) for path in _files(slot)]
    for name in names:
        if name.is_dir() and not name.is_symlink():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(name))
    if (out / CURRENT).exists() and not (out / CURRENT).is_symlink():
        shutil.rmtree(out / CURRENT)  # a copy that followed the links: its names are plain files again
    current = current_slot(out) or _adopt_plain_files(out, slot)
    if current is not None:
        for source in _files(current):
            carried = slot / source.relative_to(current)
            if not carried.exists():
                carried.parent.mkdir(parents=True, exist_ok=True)
                _link_or_copy(source, carried)
    names = [out / path.relative_to(slot) for path in _files(slot)]
    made: list[Path] = []
    try:
        for name in names:
            target = os.path.relpath(out / CURRENT / name.relative_to(out), name.parent)
            if name.is_symlink() and os.readlink(name) == target:
                continue
            if not name.is_symlink() and not name.exists():
                made.append(name)
            name.parent.mkdir(parents=True, exist_ok=True)
            _replace_with_link(target, name)
        _replace_with_link(os.path.relpath(slot, out), out / CURRENT)
    except BaseException:
        for name in made:
            name.unlink(missing_ok=True)
        raise
    if current is not None and current != slot:
        shutil.rmtree(current, ignore_errors=True)
    return names


def discard(slot: Path) -> None:
    """Remove a slot that was not put in place, and the slots' folder if nothing else is in it."""
    shutil.rmtree(slot, ignore_errors=True)
    with contextlib.suppress(OSError):
        slot.parent.rmdir()


def _adopt_plain_files(out: Path, slot: Path) -> Path | None:
    """Exports a build before sets were switched whole left as plain files become the set in place (hard links in
    the slot not being written), so that replacing each by its link changes nothing a reader sees."""
    plain = [path for path in _files(out) if not path.is_symlink() and not path.name.startswith(".")
             and (slot / path.relative_to(out)).exists()]
    if not plain:
        return None
    adopted = out / SETS / next(name for name in SLOTS if out / SETS / name != slot)
    shutil.rmtree(adopted, ignore_errors=True)
    for path in plain:
        copy = adopted / path.relative_to(out)
        copy.parent.mkdir(parents=True, exist_ok=True)
        _link_or_copy(path, copy)
    _replace_with_link(os.path.relpath(adopted, out), out / CURRENT)
    return adopted


def _files(folder: Path) -> list[Path]:
    """The files under `folder`, leaving out hidden names (the cache, the lock, the manifest, the slots)."""
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found.extend(Path(root) / f for f in sorted(files) if not f.startswith("."))
    return found


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _replace_with_link(target: str, name: Path) -> None:
    """Point `name` at `target` in one rename, whatever `name` was (absent, a file, another link)."""
    temporary = name.with_name(f".{name.name}.link.tmp")
    temporary.unlink(missing_ok=True)
    os.symlink(target, temporary)
    try:
        os.replace(temporary, name)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
