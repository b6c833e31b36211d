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
* No double compile: a computer's move asked for before its game's kernels are
  ready waits for them (:func:`wait_warm`, in the bot's worker thread), then loads
  them from disk, instead of compiling them a second time beside the child. The
  gate is a lock file per registered game, in a folder named in
  ``TRICKTAKER_WARMING`` (so the worker processes of ``--workers N`` wait on it
  too): the parent locks them all (``fcntl.flock``) before the child starts and
  hands them down, so no move slips in between; the child lets each go once that
  game's kernels are compiled (at once for a game without any: the warm-up knows
  the kernels by game, this module names none), and the system lets them all go
  when the child ends, even killed. A move waits for its own game's kernels (and
  those compiled before them: Le Truc's, Truco's and Tetka's, the smaller, first),
  never the others'.
* Only the levels that search (``NEEDS_KERNELS``) wait; ``rules`` and ``random``
  never do (Le Truc's and Truco's ``rules``, whose chance estimates are kernels,
  compile theirs in a few seconds if a first move comes before the warm-up has).
"""

from __future__ import annotations

import fcntl
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

log = logging.getLogger("tricktaker.server")

#: The environment variable naming the folder of the games' lock files.
WARMING = "TRICKTAKER_WARMING"
#: The levels whose moves may call a compiled kernel.
NEEDS_KERNELS = frozenset({"search", "deep"})
#: The child's niceness: its compiling yields to the server.
NICENESS = 10

#: The games whose moves need wait no more (their kernels ready, or no warm-up).
_passed: set[str] = set()


def start_warmup(
    games: list[str] | None = None, command: list[str] | None = None
) -> subprocess.Popen[bytes] | None:
    """Start the warm-up child (``command``, by default ``tricktaker warm --quiet --nice
    10``, then ``--gate GAME=FD`` for each), each of ``games`` (default: every registered
    game) gated by a locked file it holds; None if it cannot start (the computers then
    compile on their first move, as before)."""
    if games is None:
        from tricktaker.core.registry import game_ids

        games = list(game_ids())
    try:
        folder = Path(tempfile.mkdtemp(prefix="tricktaker-warming-"))
        held = {game: open(folder / f"{game}.lock", "wb") for game in games}  # noqa: SIM115
    except OSError as exc:
        log.warning("the kernels are not compiled ahead: %s", type(exc).__name__)
        return None
    try:
        command = list(
            command
            or [sys.executable, "-m", "tricktaker", "warm", "--quiet", "--nice", str(NICENESS)]
        )
        for game, file in held.items():
            fcntl.flock(file.fileno(), fcntl.LOCK_EX)
            command += ["--gate", f"{game}={file.fileno()}"]
        try:
            child = subprocess.Popen(
                command,
                pass_fds=[f.fileno() for f in held.values()],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
            )
        except OSError as exc:
            log.warning("the kernels are not compiled ahead: %s", type(exc).__name__)
            return None
        os.environ[WARMING] = str(folder)
        _passed.clear()
    finally:
        # Our copies are closed: the child alone holds the locks now, each until it lets
        # that game go (or ends).
        for file in held.values():
            file.close()
    threading.Thread(target=_reap, args=(child, folder), name="warmup", daemon=True).start()
    return child


def _reap(child: subprocess.Popen[bytes], folder: Path) -> None:
    started = time.monotonic()
    code = child.wait()
    if code != 0:
        log.warning("the kernels could not be compiled ahead (exit status %s)", code)
    else:
        log.info("kernels ready in %.1f s", time.monotonic() - started)
    shutil.rmtree(folder, ignore_errors=True)


def wait_warm(level: str, game: str) -> None:
    """Wait, in a bot's worker thread, until ``game``'s kernels are ready, if this level's
    moves may need a kernel and a warm-up is under way (at once otherwise)."""
    if level not in NEEDS_KERNELS or game in _passed:
        return
    folder = os.environ.get(WARMING)
    if folder:
        try:
            with open(Path(folder) / f"{game}.lock", "rb") as lock:
                fcntl.flock(lock.fileno(), fcntl.LOCK_SH)  # blocks while the child compiles
        except OSError:  # gone: the warm-up is over
            pass
    _passed.add(game)
