"""The failures the command line reports by kind, in a module light enough to import before spaCy loads."""

from __future__ import annotations


class ModelNotFound(RuntimeError):
    """No spaCy model of the names asked for is installed."""


class ModelUnusable(RuntimeError):
    """The model is installed (or the path exists) but does not load: its real cause, not 'not found'."""


class WorkerFailed(RuntimeError):
    """An extraction worker could not start or stopped: the message says why."""


class ExportFailed(RuntimeError):
    """An export process died without saying why (killed, out of memory)."""


class OutputBusy(Exception):
    """Another build is writing into the same output folder."""
