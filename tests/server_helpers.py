"""Helpers the server's tests share: a stored table to open, SQLite settings, and
running a scenario's coroutine (each test drives a Hub in its own event loop)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from tricktaker.server.config import Settings
from tricktaker.server.security import new_table_id
from tricktaker.server.store import SeatSpec, StoredTable

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run one test's scenario to its end in a fresh event loop."""
    return asyncio.run(coro)


def stored_table(
    kinds: tuple[str, ...],
    *,
    seed: str,
    game: str = "truc",
    options: dict[str, Any] | None = None,
    **more: Any,
) -> StoredTable:
    """A new table: a person at each ``"human"`` seat (each with his own token), a
    computer of that level at every other; Le Truc for as many players by default."""
    seats = [
        SeatSpec("human", None, f"{i % 10}" * 64) if k == "human" else SeatSpec("bot", k, "b" * 64)
        for i, k in enumerate(kinds)
    ]
    return StoredTable(
        id=new_table_id(),
        game=game,
        options={"players": len(kinds)} if options is None else options,
        seed=seed,
        dealer=more.pop("dealer", 0),
        start={},
        deals=more.pop("deals", []),
        names=more.pop("names", [f"P{i}" for i in range(len(kinds))]),
        seats=seats,
        **more,
    )


def sqlite_settings(tmp_path: Path, name: str, **more: Any) -> Settings:
    """Settings of a server on a SQLite file of its own, computers without a pause."""
    return Settings(database_url=f"sqlite:///{tmp_path / f'{name}.db'}", bot_delay=0, **more)
