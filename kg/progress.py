"""A quiet progress line on stderr: it appears only once a run has taken longer than a couple of seconds."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    def __init__(self, what: str, enabled: bool = True, delay: float = 2.0, stream: TextIO | None = None):
        self.what = what
        self.enabled = enabled
        self.delay = delay
        self.stream = stream or sys.stderr
        self.started = time.monotonic()
        self.last_shown = 0.0
        self.count = 0
        self.shown = False

    def advance(self, n: int = 1) -> None:
        self.count += n
        if not self.enabled:
            return
        now = time.monotonic()
        elapsed = now - self.started
        if elapsed < self.delay or now - self.last_shown < 0.25:
            return
        self.last_shown = now
        self.shown = True
        rate = self.count / elapsed if elapsed else 0.0
        self.stream.write(f"\r{self.what}: {self.count} ({rate:.0f}/s, {elapsed:.0f}s)")
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
