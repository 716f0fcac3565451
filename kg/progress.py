"""A quiet progress line on stderr: it appears only once a run has taken longer than a couple of seconds.

On a terminal one line is rewritten in place; when stderr is a file or a pipe, plain lines are written instead,
one every few seconds, with no carriage return to clutter a log."""

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
        self.terminal = bool(getattr(self.stream, "isatty", lambda: False)())
        self.interval = 0.25 if self.terminal else 5.0
        self.count = 0
        self.shown = False

    def advance(self, n: int = 1) -> None:
        self.count += n
        if not self.enabled:
            return
        now = time.monotonic()
        elapsed = now - self.started
        if elapsed < self.delay or now - self.last_shown < self.interval:
            return
        self.last_shown = now
        rate = self.count / elapsed if elapsed else 0.0
        line = f"{self.what}: {self.count} ({rate:.0f}/s, {elapsed:.0f}s)"
        if self.terminal:
            self.shown = True
            self.stream.write("\r" + line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
