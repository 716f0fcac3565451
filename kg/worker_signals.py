"""Imported first by the extraction fork server, before spaCy: from here on it, and every worker forked from it,
ignore Ctrl-C and SIGTERM. A terminal sends Ctrl-C to the whole process group; the build alone handles it and ends
its workers itself (and the kernel kills them if the build dies), so no worker is interrupted half-way through an
import, printing a traceback of its own."""

import signal

for _signum in (signal.SIGINT, signal.SIGTERM):
    signal.signal(_signum, signal.SIG_IGN)
