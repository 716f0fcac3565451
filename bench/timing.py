"""What the benchmark scripts share: the best of several timed runs."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(runs: int, work: Callable[[], object]) -> float:
    """Seconds of the fastest of `runs` calls of `work`."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)
