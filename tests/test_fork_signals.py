"""A Ctrl-C or SIGTERM that reaches a build while it forks an export process stops the build.

Python runs a fork's own hooks (logging's lock release, among others) as callbacks whose exceptions it prints and
drops. The signal is sent from such a hook here, in the parent, right after each fork: the exact instant at which
a stop raised by kg's handler used to be lost, and the build ran on to exit 0. The exports run in a subprocess
with a time limit, so a build that hung would fail the test.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from kg.stop_signals import signals_deferred

TESTS = Path(__file__).resolve().parent
ATTEMPTS = 20

SCRIPT = textwrap.dedent("""
    import multiprocessing, os, sys, tempfile
    from graph_fixture import sample_graph
    from kg.cli import _stop_on_signals
    from kg.export import ExportOptions, write_timed

    signum = int(sys.argv[1])
    armed = []
    os.register_at_fork(after_in_parent=lambda: armed and os.kill(os.getpid(), signum))
    _stop_on_signals()
    outcomes = []
    for attempt in range({attempts}):
        armed.append(True)
        try:
            with tempfile.TemporaryDirectory() as folder:
                write_timed(sample_graph(), folder, ExportOptions(), ["graphml", "gexf", "neo4j"], jobs=2)
            outcomes.append("finished")
        except KeyboardInterrupt:
            outcomes.append("stopped" if not multiprocessing.active_children() else "stopped, children left")
        armed.clear()
    print(" ".join(sorted(set(outcomes))))
""").format(attempts=ATTEMPTS)


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="exports fork only where it can")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_during_the_fork_of_an_export_stops_the_exports_every_time(signum: int) -> None:
    result = subprocess.run([sys.executable, "-c", SCRIPT, str(int(signum))], cwd=TESTS, capture_output=True,
                            text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(TESTS)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["stopped"], result.stdout + result.stderr
    assert "Exception ignored" not in result.stderr


def test_a_deferred_signal_reaches_its_handler_once_the_block_is_over() -> None:
    heard: list[str] = []
    previous = signal.signal(signal.SIGINT, lambda *_: heard.append("handler"))
    try:
        with signals_deferred():
            os.kill(os.getpid(), signal.SIGINT)
            os.kill(os.getpid(), signal.SIGINT)
            heard.append("block")
        heard.append("after")
    finally:
        signal.signal(signal.SIGINT, previous)
    assert heard == ["block", "handler", "after"]


DROPPED = textwrap.dedent("""
    import os, sys, weakref
    from kg.cli import _stop_on_signals
    from kg.progress import BuildProgress

    signum = int(sys.argv[1])

    class Thing:
        pass

    def dropped(_):
        os.kill(os.getpid(), signum)
        for _ in range(10000):
            pass  # kg's handler runs here, inside a callback: Python drops what it raises

    outcomes, drops = [], []
    for attempt in range({attempts}):
        restore = _stop_on_signals()
        quiet = sys.unraisablehook  # kg's: says nothing of a dropped stop; this one counts the drops first
        sys.unraisablehook = lambda report: (drops.append(type(report.exc_value).__name__), quiet(report))
        progress = BuildProgress(enabled=False)
        try:
            thing = Thing()
            ref = weakref.ref(thing, dropped)
            del thing
            progress.begin("reading")
            outcomes.append("ran on")
        except KeyboardInterrupt:
            outcomes.append("stopped")
        finally:
            sys.unraisablehook = quiet
            restore()
    print(" ".join(sorted(set(outcomes))))
    print(" ".join(sorted(set(drops))))
""").format(attempts=ATTEMPTS)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_stop_python_drops_in_a_callback_stops_the_next_step_every_time(signum: int) -> None:
    # (an import's module lock, a weak reference or a finalizer runs code as such a callback: a stop that came
    # then used to be lost, and the build ran on to exit 0)
    result = subprocess.run([sys.executable, "-c", DROPPED, str(int(signum))], cwd=TESTS, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    outcomes, drops = result.stdout.splitlines()
    assert drops == "KeyboardInterrupt"  # the stop was raised inside the callback, and dropped there
    assert outcomes == "stopped", result.stdout + result.stderr
    assert "Exception ignored" not in result.stderr and "Traceback" not in result.stderr, result.stderr


KILLED = textwrap.dedent("""
    import os, signal, sys, tempfile
    from graph_fixture import sample_graph
    import kg.cli, kg.export
    from kg.export import ExportOptions, write_timed
    from kg.stop_signals import note_stop

    # every export process dies at once, as the one a SIGTERM to the whole process group reaches first
    kg.export._timed_export = lambda job: os.kill(os.getpid(), signal.SIGKILL)

    def exports(dropped):
        def command(args):
            if dropped:
                note_stop(signal.SIGTERM)  # the build's own stop came, and Python dropped it in a callback
            with tempfile.TemporaryDirectory() as folder:
                write_timed(sample_graph(), folder, ExportOptions(), ["graphml", "gexf"], jobs=2)
            return 0
        return command

    for dropped in (True, False):
        kg.cli.COMMANDS["build"] = exports(dropped)
        print(kg.cli.main(["build", "seeds"]))
""")


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="exports fork only where it can")
def test_an_export_process_killed_with_the_build_is_a_stop_and_alone_a_failure() -> None:
    result = subprocess.run([sys.executable, "-c", KILLED], cwd=TESTS, capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(TESTS)})
    assert result.returncode == 0, result.stderr
    with_stop, alone = result.stdout.split()
    assert with_stop == "130"
    assert alone == "1"
    first, second = result.stderr.strip().splitlines()
    assert first == "kg: error: interrupted; exports left as they were"
    assert second.startswith("kg: error: the ") and "export process stopped (exit code -9)" in second, second


def test_a_failed_export_is_one_line_and_exit_code_one(monkeypatch, capsys) -> None:
    import kg.cli
    from kg.errors import ExportFailed

    def dies(args: object) -> int:
        raise ExportFailed("the rdf export process stopped (exit code -9)")

    monkeypatch.setitem(kg.cli.COMMANDS, "build", dies)
    assert kg.cli.main(["build", "seeds"]) == kg.cli.EXIT_FAILED
    error = capsys.readouterr().err
    assert error.strip().splitlines() == ["kg: error: the rdf export process stopped (exit code -9)"], error


def test_a_stop_a_library_turns_into_its_own_error_is_a_stop(monkeypatch, capsys) -> None:
    import kg.cli

    def library_call(args: object) -> int:
        try:
            os.kill(os.getpid(), signal.SIGTERM)  # kg's handler raises KeyboardInterrupt in here
            time.sleep(1)
        except KeyboardInterrupt:  # as pydantic-core does while spaCy loads: 'SchemaError: ... KeyboardInterrupt'
            raise RuntimeError("SchemaError: KeyboardInterrupt") from None
        return 0

    monkeypatch.setitem(kg.cli.COMMANDS, "build", library_call)
    assert kg.cli.main(["build", "seeds"]) == kg.cli.EXIT_INTERRUPTED
    assert capsys.readouterr().err.strip() == "kg: error: interrupted; exports left as they were"

    def failing_call(args: object) -> int:
        raise RuntimeError("a failure of its own")

    monkeypatch.setitem(kg.cli.COMMANDS, "build", failing_call)
    with pytest.raises(RuntimeError, match="a failure of its own"):  # no stop came: an error stays an error
        kg.cli.main(["build", "seeds"])
