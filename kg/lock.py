"""One build at a time per output folder."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_FILE = ".kg-lock"


class OutputBusy(Exception):
    """Another build is writing into the same output folder."""


@contextmanager
def output_lock(out: Path, enabled: bool = True) -> Iterator[None]:
    """One build at a time per output folder: a second one is refused at once, before it reads anything, rather
    than mixing its exports, cache and manifest with the first's. The lock is the kernel's (flock), so it is
    released however the holder ends, even killed."""
    if not enabled:
        yield
        return
    out.mkdir(parents=True, exist_ok=True)
    with open(out / LOCK_FILE, "a+", encoding="utf-8") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "?"
            raise OutputBusy(f"{out} is being written by another kg build (pid {holder}); wait for it to end, "
                             "or build into another --out") from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
