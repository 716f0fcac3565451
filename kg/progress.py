"""What `kg build` is doing, stage by stage, on stderr: reading, extracting, resolving, linking, communities,
layout, and each export.

On a terminal, rich draws one live line per stage (a spinner, a bar, papers done of the total with the rate and
the time left, the time taken) and redraws them in place. rich rather than tqdm: it keeps several stages on screen
as one table, among them exports that run side by side, with its columns of rate and remaining time, and it
comes with spaCy already (spaCy -> typer -> rich), so it adds nothing to install; tqdm draws one bar per object
and writes carriage returns even into a file.

When stderr is a file or a pipe (or a dumb terminal), the same news comes as plain lines, with no carriage return
and no escape code: the start and end of each stage, and one line every few seconds while papers are counted.

Nothing appears before the build has run `delay` seconds, so that a small build stays quiet; a longer one then
shows every stage from the start (the plain lines are held until then, the live table starts with every stage so
far). Only the build's own process reports here: the extraction workers and the export processes are heard of
through the pipeline, which runs in the parent. The live table is redrawn by a thread of that process, so code that
forks, or points stderr elsewhere for a moment, does it inside `paused()`: a child forked while the thread was
drawing would inherit a lock held for ever, and a frame drawn to the wrong place would throw the next one off.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import TextIO

from kg.stop_signals import raise_if_stopped

DELAY = 2.0  # seconds of silence before anything is shown
LOG_EVERY = 5.0  # seconds between two plain lines of one counted stage
REDRAW_EVERY = 0.2  # seconds between two frames of the live table
RATE_WINDOW = 30.0  # the rate is that of the last this many seconds


def clock(seconds: float) -> str:
    """0:07, 4:20, 1:02:03."""
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


class Stage:
    """One stage of a build: its name, how far it got (`done` of `total` `unit`, when it counts), its times."""

    def __init__(self, view: _View, name: str, total: int | None, unit: str) -> None:
        self.view, self.name, self.total, self.unit = view, name, total, unit
        self.done = 0
        self.started = time.monotonic()
        self.ended: float | None = None
        self.note = ""
        self.stopped = False  # the build stopped in this stage
        self._samples: deque[tuple[float, int]] = deque([(self.started, 0)])

    def advance(self, n: int = 1) -> None:
        raise_if_stopped()
        self.done += n
        now = time.monotonic()
        self._samples.append((now, self.done))
        while len(self._samples) > 2 and now - self._samples[1][0] > RATE_WINDOW:
            self._samples.popleft()
        self.view.advanced(self)

    def end(self, note: str = "") -> None:
        if self.ended is not None:
            return
        self.ended = time.monotonic()
        self.note = note
        self.view.ended(self)

    @property
    def counted(self) -> bool:
        return bool(self.unit)

    def seconds(self, now: float | None = None) -> float:
        return (self.ended or now or time.monotonic()) - self.started

    def rate(self, now: float) -> float:
        """Units per second: over the whole stage once it ended, over the last RATE_WINDOW seconds until then."""
        if self.ended is not None:
            seconds = self.ended - self.started
            return self.done / seconds if seconds > 0 else 0.0
        since, then = self._samples[0]
        return (self.done - then) / (now - since) if now > since else 0.0

    def figures(self, now: float) -> str:
        """'320/1744 papers, 58/s, 0:25 left' while it runs; '1744/1744 papers, 58/s' once done."""
        if not self.counted:
            return self.note
        parts = [f"{self.done}/{self.total} {self.unit}" if self.total is not None else f"{self.done} {self.unit}"]
        rate = self.rate(now)
        if rate > 0:
            parts.append(f"{rate:.0f}/s" if rate >= 10 else f"{rate:.1f}/s")
            if self.ended is None and not self.stopped and self.total is not None and self.total > self.done:
                parts.append(f"{clock((self.total - self.done) / rate)} left")
        if self.note:
            parts.append(self.note)
        return ", ".join(parts)


class _View:
    """Where stages are shown; this one shows nothing (--quiet)."""

    def began(self, stage: Stage) -> None:
        pass

    def advanced(self, stage: Stage) -> None:
        pass

    def ended(self, stage: Stage) -> None:
        pass

    def paused(self) -> AbstractContextManager[None]:
        return nullcontext()

    def close(self, failed: bool) -> None:
        pass


class _Lines(_View):
    """Plain lines for a log: a stage's start and end, and a line every LOG_EVERY seconds of a counted stage."""

    def __init__(self, stream: TextIO, delay: float) -> None:
        self.stream, self.delay = stream, delay
        self.started = time.monotonic()
        self.held: list[str] | None = []  # lines written before `delay`, shown once it has passed
        self.last: dict[int, float] = {}

    def _line(self, now: float, text: str) -> None:
        line = f"kg: [{now - self.started:6.1f}s] {text}\n"
        if self.held is not None:
            self.held.append(line)
            if now - self.started < self.delay:
                return
            line, self.held = "".join(self.held), None
        self.stream.write(line)
        self.stream.flush()

    def began(self, stage: Stage) -> None:
        now = time.monotonic()
        self.last[id(stage)] = now
        self._line(now, f"{stage.name}: {stage.figures(now)}" if stage.total is not None else stage.name)

    def advanced(self, stage: Stage) -> None:
        now = time.monotonic()
        overdue = self.held is not None and now - self.started >= self.delay
        if overdue or now - self.last.get(id(stage), 0.0) >= LOG_EVERY:
            self.last[id(stage)] = now
            self._line(now, f"{stage.name}: {stage.figures(now)}")

    def ended(self, stage: Stage) -> None:
        now = time.monotonic()
        self.last.pop(id(stage), None)
        said = stage.figures(now)
        self._line(now, f"{stage.name} done in {stage.seconds(now):.1f}s" + (f": {said}" if said else ""))

    def close(self, failed: bool) -> None:
        if self.held and time.monotonic() - self.started >= self.delay:
            self.stream.write("".join(self.held))
            self.stream.flush()
        self.held = None


class _Table(_View):
    """rich's live table on a terminal, redrawn by a thread of this process every REDRAW_EVERY seconds."""

    def __init__(self, stream: TextIO, delay: float) -> None:
        from rich import progress as rich
        from rich.console import Console
        from rich.text import Text

        class Figures(rich.ProgressColumn):
            def render(self, task: rich.Task) -> Text:
                text = task.fields["stage"].figures(time.monotonic())
                return Text(text, style="progress.download", no_wrap=True, overflow="ellipsis")

        console = Console(file=stream, highlight=False)
        done = "✓" if (console.encoding or "").lower().startswith("utf") else "+"
        self.table = rich.Progress(
            rich.SpinnerColumn(finished_text=f"[green]{done}"), rich.TextColumn("{task.description:<14}"),
            rich.BarColumn(bar_width=20), rich.TimeElapsedColumn(), Figures(),
            console=console, auto_refresh=False, redirect_stdout=False, redirect_stderr=False,
        )
        self.delay = delay
        self.started = time.monotonic()
        self.shown = False
        self.running: dict[int, tuple[int, Stage]] = {}  # the rich task of each stage that has not ended
        self.lock = threading.RLock()  # held while the table changes or is drawn
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._redraw, name="kg-progress", daemon=True)
        self.thread.start()

    def _redraw(self) -> None:
        while not self.stop.wait(REDRAW_EVERY):
            with self.lock:
                if self.shown:
                    self.table.refresh()
                elif time.monotonic() - self.started >= self.delay:
                    self.shown = True
                    self.table.start()  # draws the first frame

    def began(self, stage: Stage) -> None:
        with self.lock:
            self.running[id(stage)] = self.table.add_task(stage.name, total=stage.total, stage=stage), stage

    def advanced(self, stage: Stage) -> None:
        with self.lock:
            self.table.update(self.running[id(stage)][0], completed=stage.done)

    def ended(self, stage: Stage) -> None:
        total = max(stage.done, 1) if stage.counted else 1
        with self.lock:
            task, _ = self.running.pop(id(stage))
            self.table.update(task, total=stage.total or total, completed=stage.total or total)
            self.table.stop_task(task)

    def paused(self) -> AbstractContextManager[None]:
        return self.lock

    def close(self, failed: bool) -> None:
        self.stop.set()
        self.thread.join(timeout=5)
        with self.lock:
            for task, stage in self.running.values():  # stages that did not end: the build stopped in them
                stage.stopped = True
                self.table.update(task, description=f"{stage.name} (stopped)")
                self.table.stop_task(task)
            if not self.shown and time.monotonic() - self.started >= self.delay:
                self.shown = True
                self.table.start()
            if self.shown:
                self.table.stop()  # the last frame stays, the cursor comes back


def _terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM", "") not in ("", "dumb", "unknown")


class BuildProgress:
    """The stages of one build, shown on `stream` (stderr) as a live table on a terminal, as lines elsewhere."""

    def __init__(self, enabled: bool = True, stream: TextIO | None = None, delay: float = DELAY) -> None:
        stream = stream if stream is not None else sys.stderr
        if not enabled or stream is None:
            self.view: _View = _View()
        elif _terminal(stream):
            self.view = _Table(stream, delay)
        else:
            self.view = _Lines(stream, delay)

    def begin(self, name: str, total: int | None = None, unit: str = "") -> Stage:
        """A stage that starts now; `unit` names what it counts (none: it only starts and ends)."""
        raise_if_stopped()
        stage = Stage(self.view, name, total, unit)
        self.view.began(stage)
        return stage

    @contextmanager
    def stage(self, name: str, total: int | None = None, unit: str = "") -> Iterator[Stage]:
        """A stage that ends with the block; one the block leaves by an exception never ends."""
        stage = self.begin(name, total, unit)
        yield stage
        stage.end(stage.note)

    def paused(self) -> AbstractContextManager[None]:
        """Nothing is drawn while the block runs: for forks, and for moments when stderr points elsewhere."""
        return self.view.paused()

    def exports(self, root: Path) -> ExportStages:
        return ExportStages(self, root)

    def close(self, failed: bool = False) -> None:
        self.view.close(failed)

    def __enter__(self) -> BuildProgress:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        self.close(failed=kind is not None)


class ExportStages:
    """One stage per export, begun and ended as the export runner reports (kg.export.ExportWatch)."""

    def __init__(self, progress: BuildProgress, root: Path) -> None:
        self.progress, self.root = progress, root
        self.stages: dict[str, Stage] = {}

    def started(self, name: str) -> None:
        self.stages[name] = self.progress.begin(f"export {name}")

    def finished(self, name: str, paths: Iterable[Path], seconds: float) -> None:
        files = [_shown(path, self.root) for path in paths]
        self.stages.pop(name).end(", ".join(files))

    def paused(self) -> AbstractContextManager[None]:
        return self.progress.paused()


def _shown(path: Path, root: Path) -> str:
    try:
        return Path(path).relative_to(root).as_posix()
    except ValueError:
        return Path(path).name
