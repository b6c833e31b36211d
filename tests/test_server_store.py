"""The store: tables, seats and actions survive a new connection, on SQLite and PostgreSQL;
the schema comes from the Alembic migration and matches the models."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

import webserver
from tricktaker.server.db import Base
from tricktaker.server.security import new_table_id
from tricktaker.server.store import SeatSpec, Store, StoredTable, StoreError


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
