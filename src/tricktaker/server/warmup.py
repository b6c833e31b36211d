"""The numba kernels compiled at the server's start, in a child process, and a gate.

Why. On a fresh install the first strong or expert move waited 36 to 120 s: numba
compiling the open-hand solvers, against seconds once their machine code is on
disk. ``make run`` compiles them when it installs (``tricktaker warm``); ``serve``
runs the same warm-up again at start, in case the cache was emptied or the
sources changed (then it only loads, in about a second).

How, and what it must not do:

* It never blocks start-up or the event loop: it is a child process
  (``python -m tricktaker warm --nice 10``) at a lower priority, so its compiling does not
  even take this process's GIL; the server answers at once.
* No double compile: a computer's move asked for before the warm-up has finished
  waits for it (:func:`wait_warm`, in the bot's worker thread), then loads the
  kernels from disk, instead of compiling them a second time beside it. The
  gate is a lock file the child holds (``fcntl.flock``, released by the system
  when the child ends, even killed), named in ``TRICKTAKER_WARMING`` so the
  worker processes of ``--workers N`` wait on it too. The parent takes the lock
  before the child starts and hands it over, so no move slips in between.
* Only the levels that search (``NEEDS_KERNELS``) wait; ``rules`` and ``random``
  never do.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

log = logging.getLogger("tricktaker.server")

#: The environment variable naming the lock file held while the kernels compile.
WARMING = "TRICKTAKER_WARMING"
#: The levels whose moves may call a compiled kernel.
NEEDS_KERNELS = frozenset({"search", "deep"})
#: The child's niceness: its compiling yields to the server.
NICENESS = 10

_passed = threading.Event()


def start_warmup(command: list[str] | None = None) -> subprocess.Popen[bytes] | None:
    """Start the warm-up child (``command``, by default ``tricktaker warm --quiet --nice
    10``) holding the lock named in ``TRICKTAKER_WARMING``; None if it cannot start (the
    computers then compile on their first move, as before)."""
    path = Path(tempfile.gettempdir()) / f"tricktaker-warming-{os.getpid()}.lock"
    try:
        held = open(path, "wb")  # noqa: SIM115 - handed to the child
    except OSError as exc:
        log.warning("the kernels are not compiled ahead: %s", type(exc).__name__)
        return None
    with held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        try:
            child = subprocess.Popen(
                command
                or [sys.executable, "-m", "tricktaker", "warm", "--quiet", "--nice", str(NICENESS)],
                pass_fds=(held.fileno(),),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
            )
        except OSError as exc:
            log.warning("the kernels are not compiled ahead: %s", type(exc).__name__)
            return None
        os.environ[WARMING] = str(path)
        _passed.clear()
    # Our copy of the lock's file is closed: the child alone holds it now, until it ends.
    threading.Thread(target=_reap, args=(child, path), name="warmup", daemon=True).start()
    return child


def _reap(child: subprocess.Popen[bytes], path: Path) -> None:
    started = time.monotonic()
    code = child.wait()
    if code != 0:
        log.warning("the kernels could not be compiled ahead (exit status %s)", code)
    else:
        log.info("kernels ready in %.1f s", time.monotonic() - started)
    with contextlib.suppress(OSError):
        path.unlink()


def wait_warm(level: str) -> None:
    """Wait, in a bot's worker thread, until the warm-up has finished, if this level's
    moves may need a kernel and a warm-up is under way (at once otherwise)."""
    if level not in NEEDS_KERNELS or _passed.is_set():
        return
    name = os.environ.get(WARMING)
    if name:
        try:
            with open(name, "rb") as lock:
                fcntl.flock(lock.fileno(), fcntl.LOCK_SH)  # blocks while the child compiles
        except OSError:  # gone: the warm-up is over
            pass
    _passed.set()
