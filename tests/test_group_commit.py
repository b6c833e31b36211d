"""Group commit (``server.group_commit``): many tables' moves in one transaction, each
caller told its own outcome; a failed batch written again move by move."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any

import pytest

from tricktaker.server.group_commit import GroupCommit, Pending


class Refused(Exception):
    pass


def test_moves_waiting_together_share_a_transaction_and_each_gets_its_outcome() -> None:
    batches: list[list[str]] = []
    entered, gate = threading.Event(), threading.Event()

    def write_batch(batch: Sequence[Pending]) -> None:
        entered.set()
        gate.wait(5)  # the first batch holds the writer while the others queue up
        batches.append([p.values["id"] for p in batch])
        for pending in batch:
            if pending.values["id"] == "stale":
                pending.error = Refused("stale")

    writer = GroupCommit(write_batch, lambda values: None)
    outcomes: dict[str, str] = {}

    def move(table: str) -> None:
        try:
            writer.write({"id": table, "v": 0})
            outcomes[table] = "written"
        except Refused:
            outcomes[table] = "refused"

    first = threading.Thread(target=move, args=("a",))
    first.start()
    assert entered.wait(5)  # the writer holds the first move alone
    others = [threading.Thread(target=move, args=(t,)) for t in ("c", "stale", "b")]
    for t in others:
        t.start()
    deadline = time.monotonic() + 5
    while writer._queue.qsize() < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    gate.set()
    for t in [first, *others]:
        t.join(5)
    writer.close()
    assert outcomes == {"a": "written", "b": "written", "c": "written", "stale": "refused"}
    assert batches == [["a"], ["b", "c", "stale"]]  # in the tables' order: one lock order


def test_a_batch_that_fails_as_a_whole_is_written_again_move_by_move() -> None:
    alone: list[str] = []

    def write_batch(batch: Sequence[Pending]) -> None:
        raise RuntimeError("the database went away")

    def write_one(values: dict[str, Any]) -> None:
        alone.append(values["id"])
        if values["id"] == "bad":
            raise Refused("bad")

    writer = GroupCommit(write_batch, write_one)
    writer.write({"id": "good", "v": 1})
    with pytest.raises(Refused):
        writer.write({"id": "bad", "v": 1})
    writer.close()
    assert alone == ["good", "bad"]


def test_after_close_a_move_is_written_alone_and_nobody_waits() -> None:
    alone: list[str] = []
    writer = GroupCommit(lambda batch: None, lambda values: alone.append(values["id"]))
    writer.write({"id": "before", "v": 0})
    writer.close()
    writer.write({"id": "after", "v": 0})
    assert alone == ["after"]


def test_a_move_whose_caller_gave_up_before_its_turn_is_not_written() -> None:
    written: list[str] = []
    entered, gate = threading.Event(), threading.Event()

    def write_batch(batch: Sequence[Pending]) -> None:
        if batch[0].values["id"] == "first":
            entered.set()
            gate.wait(5)
        written.extend(p.values["id"] for p in batch)

    writer = GroupCommit(write_batch, lambda values: None)
    first = writer.submit({"id": "first", "v": 0})
    assert entered.wait(5)
    dropped = writer.submit({"id": "dropped", "v": 0})
    kept = writer.submit({"id": "kept", "v": 0})
    assert dropped.cancel()  # its task was cancelled while the writer was busy
    gate.set()
    first.result(5)
    kept.result(5)
    assert not first.cancel()  # once taken, a move is settled, never cancelled
    writer.close()
    assert written == ["first", "kept"]


def test_the_event_loop_awaits_a_commit_without_a_thread_of_its_own() -> None:
    import asyncio

    writer = GroupCommit(lambda batch: None, lambda values: None)

    async def moves() -> None:
        before = threading.active_count()
        await asyncio.gather(
            *(asyncio.wrap_future(writer.submit({"id": f"t{n}", "v": 0})) for n in range(50))
        )
        assert threading.active_count() <= before + 1  # the writer, at most: no pool

    asyncio.run(moves())
    writer.close()
