"""How a build holds off Ctrl-C and SIGTERM for a moment: dropped, or kept for after.

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
