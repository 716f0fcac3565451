"""How a build holds off Ctrl-C and SIGTERM for a moment: dropped, or kept for after; and how a stop that Python
dropped is raised again.

kg's handler (kg.cli) stops a build by raising KeyboardInterrupt wherever the main thread is. Two places must not
see it raised there: the switch of an export set and the removal of a half-written slot (`signals_held`: the
signal is dropped, the build ends as it would have anyway), and a fork (`signals_deferred`: Python runs the fork's
own hooks, such as logging's lock release, as callbacks whose exceptions it prints and drops, so a stop raised
inside one would be lost and the build would run on; the signal is kept and handled once the fork is over).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)

# A stop kg's handler raised. Python runs some code as callbacks whose exceptions it prints and drops (the module
# locks of an import, weak references, finalizers), and a stop raised inside one is lost; the build's next step
# raises it again (`raise_if_stopped`).
_stopped: list[int] = []


def note_stop(signum: int) -> None:
    _stopped.append(signum)


def forget_stops() -> None:
    _stopped.clear()


def raise_if_stopped() -> None:
    """Raise KeyboardInterrupt if a stop came and was dropped: called where a build starts a step, in the main
    thread (a stop that was not dropped has already left the build by then)."""
    if _stopped and threading.current_thread() is threading.main_thread():
        raise KeyboardInterrupt


@contextmanager
def signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM are ignored while the block runs: used where stopping half-way would leave something
    behind (a set half switched, a slot half removed)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    for signum in held:
        signal.signal(signum, lambda *_: None)
    try:
        yield
    finally:
        for signum, handler in held.items():
            signal.signal(signum, handler)


@contextmanager
def signals_deferred() -> Iterator[None]:
    """Ctrl-C and SIGTERM that come while the block runs reach the handlers in place before it once it is over,
    in this thread's ordinary code."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    held = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    for signum in held:
        signal.signal(signum, lambda signum, _frame: came.append(signum))
    try:
        yield
    finally:
        for signum, handler in held.items():
            signal.signal(signum, handler)
        for signum in dict.fromkeys(came):
            handler = held[signum]
            if callable(handler):
                handler(signum, None)
            elif handler == signal.SIG_DFL:
                signal.raise_signal(signum)
