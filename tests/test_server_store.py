"""The store: tables, seats and actions survive a new connection, on SQLite and PostgreSQL;
the schema comes from the Alembic migration and matches the models."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

import webserver
from tricktaker.server.db import Base, now
from tricktaker.server.group_commit import Pending
from tricktaker.server.security import new_table_id
from tricktaker.server.store import (
    SeatSpec,
    StaleTable,
    Store,
    StoredTable,
    StoreError,
    TableExpired,
)


def _table() -> StoredTable:
    return StoredTable(
        id=new_table_id(),
        game="truc",
        options={"players": 2, "redeal": "repeat", "ties": "leader"},
        seed="abc",
        dealer=1,
        start={"score": [3, 4]},
        deals=[],
        names=["Ann", "Computer"],
        seats=[SeatSpec("human", None, "h" * 64), SeatSpec("bot", "rules", "b" * 64)],
    )


def _urls(tmp_path: Path) -> list[str]:
    return [f"sqlite:///{tmp_path / 'var' / 'store.db'}"]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_table_and_its_actions_come_back(tmp_path: Path, backend: str) -> None:
    url = _urls(tmp_path)[0] if backend == "sqlite" else webserver.postgres_or_skip()
    store = Store(url)
    table = _table()
    store.create(table)
    store.append(table.id, 0, "1:redeal", False)
    store.append(table.id, 1, "0:refuse", False)
    with pytest.raises(StoreError):
        store.append(table.id, 1, "0:accept", False)  # one action per slot, never two
    store.close()
    again = Store(url)
    loaded = again.load(table.id)
    assert loaded is not None
    assert loaded.actions == ["1:redeal", "0:refuse"]
    assert (loaded.seed, loaded.dealer, loaded.start) == ("abc", 1, {"score": [3, 4]})
    assert loaded.seats == table.seats and loaded.names == table.names
    assert table.id in again.unfinished()
    again.append(table.id, 2, "1:play 8c", True)
    assert table.id not in again.unfinished()
    assert again.load("no-such-table") is None
    again.close()


def test_an_integer_seed_stays_an_integer(tmp_path: Path) -> None:
    store = Store(_urls(tmp_path)[0])
    table = _table()
    table.seed = 12345
    store.create(table)
    loaded = store.load(table.id)
    assert loaded is not None and loaded.seed == 12345


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_migrated_schema_matches_the_models(tmp_path: Path, backend: str) -> None:
    url = _urls(tmp_path)[0] if backend == "sqlite" else webserver.postgres_or_skip()
    store = Store(url)
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    store.close()
    assert diff == [], f"the models and the migrations differ: {diff}"


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_one_batch_writes_good_moves_and_tells_each_bad_one_why(
    tmp_path: Path, backend: str
) -> None:
    """The batched compare-and-set: two moves of one table in turn, a stale one, one of
    a table that does not exist; each told its own outcome, the good ones all written."""
    url = _urls(tmp_path)[0] if backend == "sqlite" else webserver.postgres_or_skip()
    store = Store(url)
    a, b = _table(), _table()
    store.create(a)
    store.create(b)
    store.append(b.id, 0, "1:redeal", False)

    def move(table_id: str, v: int, text: str, done: bool = False) -> Pending:
        return Pending(
            {"id": table_id, "v": v, "next": v + 1, "text": text, "at": now(), "done": done}
        )

    batch = [
        move(a.id, 0, "1:redeal"),
        move(a.id, 1, "0:refuse", done=True),
        move(b.id, 0, "0:accept"),  # b is at version 1: stale
        move("no-such-table", 0, "0:fold"),
    ]
    store._write_batch(batch)
    assert [type(p.error) for p in batch] == [type(None), type(None), StaleTable, TableExpired]
    loaded_a, loaded_b = store.load(a.id), store.load(b.id)
    assert loaded_a is not None and loaded_b is not None
    assert loaded_a.actions == ["1:redeal", "0:refuse"] and loaded_a.finished
    assert loaded_b.actions == ["1:redeal"] and not loaded_b.finished
    store.append(a.id, 2, "1:play 8c", False)  # the version moved on with the batch
    store.close()


def test_processes_starting_together_on_a_fresh_database_all_start() -> None:
    """``serve --workers`` on an empty PostgreSQL database: each process migrates at
    start, in turn (an advisory lock), and none fails on tables another just created."""
    import threading

    from tricktaker.server.loadtest import fresh_database

    with fresh_database(webserver.postgres_or_skip()) as url:
        failures: list[BaseException] = []
        ready = threading.Barrier(4)

        def start() -> None:
            ready.wait(5)
            try:
                Store(url).close()
            except BaseException as exc:  # the test says which
                failures.append(exc)

        starters = [threading.Thread(target=start, daemon=True) for _ in range(4)]
        for t in starters:
            t.start()
        for t in starters:
            t.join(30)
        assert not any(t.is_alive() for t in starters), "processes deadlocked migrating"
        assert failures == []
        store = Store(url)
        table = _table()
        store.create(table)  # the schema is whole, and in the fresh schema alone
        assert store.load(table.id) is not None
        store.close()
