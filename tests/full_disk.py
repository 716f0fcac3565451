"""Run `kg build INPUT --out OUT --jobs 1` with the disk 'full' at the n-th write of an export (ENOSPC).

Usage: python full_disk.py N INPUT OUT. With N = 0 nothing fails and the script prints how many writes the build
made, on its last line of stdout. Used by tests/test_never_hang.py.
"""

from __future__ import annotations

import errno
import os
import sys
from contextlib import contextmanager

import kg.export.atomic as atomic

failing_write = int(sys.argv[1])
writes = 0
original_atomic_write = atomic.atomic_write
original_copy = os.copy_file_range


def _count(target: object) -> None:
    global writes
    writes += 1
    if writes == failing_write:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))


class _Full:
    def __init__(self, handle, path) -> None:
        self._handle, self._path = handle, path

    def write(self, data):
        _count(self._path)
        return self._handle.write(data)

    def writelines(self, lines):
        _count(self._path)
        return self._handle.writelines(lines)

    def __getattr__(self, name):
        return getattr(self._handle, name)


@contextmanager
def full_atomic_write(path, mode="w", encoding="utf-8"):
    with original_atomic_write(path, mode, encoding) as handle:
        yield _Full(handle, path)


def full_copy(source, target, count, offset_src=None, offset_dst=None):
    _count(target)
    return original_copy(source, target, count, offset_src, offset_dst)


atomic.atomic_write = full_atomic_write
os.copy_file_range = full_copy

from kg.cli import main  # noqa: E402

code = main(["build", sys.argv[2], "--out", sys.argv[3], "--jobs", "1", "--quiet"])
if failing_write == 0:
    print(writes)
sys.exit(code)
