"""Group commit: the moves of many tables written in one transaction, one sync to disk.

Each move must be on disk before it is acknowledged (``Store.append``). Written one
by one, every move is its own transaction and its own sync; on SQLite only one
connection writes at a time, and the others wait in SQLite's busy handler, which
sleeps in steps of milliseconds: at a few hundred tables the server waited on the
disk with its CPU idle. Here the callers hand their move to one writer thread and
get a future; the writer takes every move waiting, writes them all in one
transaction, commits once, and settles each caller's future with its own outcome. A
move is still acknowledged only once committed: durability is the same, the syncs
are shared. The event loop awaits the future itself (``submit``), so no worker
thread sits blocked on a commit: with threads waiting (``asyncio.to_thread``), the
default pool's six workers capped the moves in flight, and at 200 tables the
updates queued behind them with the CPU half idle.

The batch's order is the tables' ids, so two processes' batches (PostgreSQL) take
their row locks in the same order and never wait on each other in a cycle. If the
batch fails as a whole (a constraint, a lost connection), each move is written again
alone, so one bad move never fails the others.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("tricktaker.server")

#: The most moves in one transaction (a bound on how long one commit holds its locks).
MOST_PER_BATCH = 256


@dataclass(slots=True)
class Pending:
    """One move waiting to be written: its statement's values, and then its outcome."""

    values: dict[str, Any]
    #: Settled once the move's transaction is over: None, or the error it raises.
    done: Future[None] = field(default_factory=Future)
    #: What the caller raises (None: written and committed).
    error: BaseException | None = None


#: Writes a batch in one transaction, setting each move's ``error`` (the whole batch
#: raising if it could not be committed).
BatchWriter = Callable[[Sequence[Pending]], None]
#: Writes one move alone, raising what its caller should raise.
OneWriter = Callable[[dict[str, Any]], None]


class GroupCommit:
    """One writer thread for the moves of every table of a store."""

    def __init__(self, write_batch: BatchWriter, write_one: OneWriter) -> None:
        self._write_batch = write_batch
        self._write_one = write_one
        self._queue: queue.SimpleQueue[Pending | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()
        self._closed = False
        self.batches = 0  # how many transactions (for tests and the bench)

    def write(self, values: dict[str, Any]) -> None:
        """Write one move, returning once it is committed (raising what its write raised)."""
        self.submit(values).result()

    def submit(self, values: dict[str, Any]) -> Future[None]:
        """Hand one move to the writer: the future is settled once it is committed (or
        with the error its write raised). After ``close`` the move is written alone, at
        once, in the caller's thread: nobody waits on a writer that is gone."""
        pending = Pending(values)
        if self._closed:
            try:
                self._write_one(values)
            except Exception as exc:
                pending.done.set_exception(exc)
            else:
                pending.done.set_result(None)
            return pending.done
        self._ensure_thread()
        self._queue.put(pending)
        return pending.done

    def close(self) -> None:
        """Stop the writer once the moves already handed over are written."""
        self._closed = True
        thread = self._thread
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout=10)
        # A move handed over as the writer stopped is written here, never left waiting.
        while True:
            try:
                late = self._queue.get_nowait()
            except queue.Empty:
                return
            if late is not None:
                self._write([late])

    def _ensure_thread(self) -> None:
        if self._thread is not None:
            return
        with self._start:
            if self._thread is None:
                thread = threading.Thread(target=self._run, name="tricktaker-writer", daemon=True)
                thread.start()
                self._thread = thread

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < MOST_PER_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._write(batch)
            if stop:
                return

    def _write(self, batch: list[Pending]) -> None:
        # A move whose caller gave up before its turn (its task cancelled) is not
        # written; the others can no longer be cancelled, so each is settled below.
        batch = [pending for pending in batch if pending.done.set_running_or_notify_cancel()]
        if not batch:
            return
        batch.sort(key=lambda p: (str(p.values.get("id")), int(p.values.get("v", 0))))
        try:
            self._write_batch(batch)
            self.batches += 1
        except Exception as exc:  # the whole batch: each move again, alone
            if len(batch) > 1:
                log.warning(
                    "a batch of %d moves failed (%s): each written alone",
                    len(batch),
                    type(exc).__name__,
                )
            for pending in batch:
                pending.error = None
                try:
                    self._write_one(pending.values)
                except Exception as alone:  # its caller raises it
                    pending.error = alone
        finally:
            for pending in batch:
                if pending.error is None:
                    pending.done.set_result(None)
                else:
                    pending.done.set_exception(pending.error)
