"""One build at a time per output folder."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kg.errors import OutputBusy

LOCK_FILE = ".kg-lock"


@contextmanager
def output_lock(out: Path, enabled: bool = True) -> Iterator[None]:
    """One build at a time per output folder: a second one is refused at once, before it reads anything, rather
    than mixing its exports, cache and manifest with the first's. The lock is the kernel's (flock) on
    `OUT/.kg-lock`, so it is released however the holder ends, even killed; the holder removes the file when it
    is done, and a build that locked a file someone removed meanwhile takes the new one instead."""
    if not enabled:
        yield
        return
    out.mkdir(parents=True, exist_ok=True)
    path = out / LOCK_FILE
    while True:
        handle = open(path, "a+", encoding="utf-8")  # noqa: SIM115  (held for the whole block)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "?"
            handle.close()
            raise OutputBusy(f"{out} is being written by another kg build (pid {holder}); wait for it to end, "
                             "or build into another --out") from None
        try:
            same = os.stat(path).st_ino == os.fstat(handle.fileno()).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        handle.close()  # the previous holder removed it between our open and our lock: take the new one
    try:
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        yield
    finally:
        path.unlink(missing_ok=True)
        handle.close()
