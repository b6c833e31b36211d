"""A computer's long-think notice ends when its think does, even where the cancel that
should end it is lost on the way (seen once with two server processes on Redis: a
think told for 836 seconds after the bot had moved)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from server_helpers import sqlite_settings
from tricktaker.bots.registry import make_bot
from tricktaker.server import tables
from tricktaker.server.bus import LocalBus
from tricktaker.server.store import Store
from tricktaker.server.tables import Hub, LiveTable


class SwallowingBus(LocalBus):
    """A shared bus whose publish swallows the first cancel that reaches it, as a client
    library that shields its command may."""

    shared = True

    def __init__(self) -> None:
        super().__init__()
        self.inside = asyncio.Event()
        self.swallowed = 0
        self.published: list[dict[str, Any]] = []

    async def publish(self, table: str, kind: str, payload: dict[str, Any] | None = None) -> None:
        self.published.append(dict(payload or {}))
        self.inside.set()
        try:
            await asyncio.sleep(0.05)
        except asyncio.CancelledError:
            if self.swallowed:
                raise
            self.swallowed += 1


def test_a_lost_cancel_does_not_keep_a_think_told(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(tables, "THINKING_NOTICE", 0.0)
    monkeypatch.setattr(tables, "THINKING_EVERY", 0.01)
    settings = sqlite_settings(tmp_path, "thinking")

    async def scenario() -> None:
        bus = SwallowingBus()
        hub = Hub(Store(settings.database_url), settings, bus)
        table = cast(LiveTable, SimpleNamespace(id="t", life=SimpleNamespace(sockets={})))
        loop = asyncio.get_running_loop()
        thinking: asyncio.Future[Any] = loop.create_future()
        watch = loop.create_task(hub._tell_thinking(table, 1, make_bot("rules", "truc"), thinking))
        await bus.inside.wait()  # the notice is being published
        thinking.set_result(None)  # the computer has moved
        ended = loop.create_task(hub._thought(table, watch))
        done, _ = await asyncio.wait({ended}, timeout=5)
        assert bus.swallowed == 1  # the cancel was lost in the publish
        assert ended in done, "the think is still told after the computer moved"
        assert watch.result() is True
        assert bus.published[0]["seat"] == 1
        assert bus.published[-1] == {"type": "thinking", "seat": None}  # and the end told
        await hub.close()

    asyncio.run(scenario())
