"""Several processes on one database: one writer per table, news, leases, bots that
give up, idle tables that expire, tables loaded lazily, and what ``serve`` refuses.

Two hubs on one SQLite file stand for two server processes (each with its own
memory and, here, no news from the other): what one writes, the other learns
from the database's compare-and-set when it writes second.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from pathlib import Path
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient

import webserver
from server_helpers import run, sqlite_settings, stored_table
from tricktaker.cli import main
from tricktaker.core import IllegalAction
from tricktaker.server import tables as tables_module
from tricktaker.server.app import create_app
from tricktaker.server.bus import LocalBus, Message, RedisBus
from tricktaker.server.config import Settings
from tricktaker.server.security import new_table_id
from tricktaker.server.serve import Refused, hold_sqlite, parse_duration
from tricktaker.server.store import (
    StaleTable,
    Store,
    StoredTable,
    StoreError,
    TableExpired,
)
from tricktaker.server.tables import Hub, LiveTable
from tricktaker.server.upkeep import Upkeep

T = TypeVar("T")


def stored(kinds: tuple[str, ...] = ("human", "human"), seed: str = "scale") -> StoredTable:
    return stored_table(kinds, seed=seed)


def settings_for(tmp_path: Path, **more: Any) -> Settings:
    return sqlite_settings(tmp_path, "scale", **more)


def legal(table: LiveTable) -> list[str]:
    return [str(a) for a in table.state.legal_actions()]


# -- the store's compare-and-set ------------------------------------------------------


def test_append_writes_only_at_the_version_it_expects(tmp_path: Path) -> None:
    store = Store(settings_for(tmp_path).database_url)
    table = stored()
    store.create(table)
    store.append(table.id, 0, "1:redeal", False)
    with pytest.raises(StaleTable) as stale:
        store.append(table.id, 0, "1:play 7h", False)  # a second writer at version 0
    assert stale.value.expected == 0
    with pytest.raises(StaleTable):
        store.append(table.id, 5, "0:refuse", False)  # ahead of the table: refused too
    assert store.version(table.id) == 1
    assert store.actions_since(table.id, 0) == (["1:redeal"], False)
    store.append(table.id, 1, "0:refuse", False)
    assert store.actions_since(table.id, 1) == (["0:refuse"], False)
    with pytest.raises(TableExpired):
        store.append("nosuchtable", 0, "0:fold", False)
    store.close()


def test_a_stale_writer_catches_up_announces_and_writes_its_move(tmp_path: Path) -> None:
    """Process B holds the table from before A's move: its move is written after A's,
    and B's listeners are told A's move first. None is lost, none written twice."""
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        a, b = Hub(store, settings), Hub(store, settings)
        created = await a.create(stored())
        seen_by_b: list[int] = []

        async def listener(table: LiveTable) -> None:
            seen_by_b.append(table.applied)

        table_b = await b.load(created.id)
        assert table_b is not None and table_b is not created
        table_b.listeners.add(listener)
        first = legal(created)[0]
        await a.act(created, int(first.split(":")[0]), first)
        # B, still at version 0, acts for the seat now to act after A's move.
        reply = next(t for t in legal(created) if not t.startswith(first.split(":")[0] + ":"))
        await b.act(table_b, int(reply.split(":")[0]), reply)
        assert table_b.stored.actions == [first, reply]
        assert seen_by_b == [1, 2]  # A's move told, then B's own
        assert store.load(created.id).actions == [first, reply]  # type: ignore[union-attr]
        await a.close()
        await b.close()
        store.close()

    run(scenario())


def test_a_move_that_a_newer_action_made_illegal_is_refused_and_not_written(
    tmp_path: Path,
) -> None:
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        a, b = Hub(store, settings), Hub(store, settings)
        created = await a.create(stored())
        table_b = await b.load(created.id)
        assert table_b is not None
        before = legal(created)
        first = before[0]
        await a.act(created, int(first.split(":")[0]), first)
        # A move legal before A's, not after it (a stale page's button).
        second = next(t for t in before if t not in legal(created))
        with pytest.raises(IllegalAction):
            await b.act(table_b, int(second.split(":")[0]), second)
        assert table_b.stored.actions == [first]  # caught up, nothing more
        assert store.load(created.id).actions == [first]  # type: ignore[union-attr]
        await a.close()
        await b.close()
        store.close()

    run(scenario())


# -- computers -------------------------------------------------------------------------


def test_a_bot_whose_move_cannot_be_saved_gives_up_after_bounded_tries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    settings = settings_for(tmp_path)
    monkeypatch.setattr(tables_module, "BOT_BACKOFF", 0.001)

    async def scenario() -> LiveTable:
        store = Store(settings.database_url)
        hub = Hub(store, settings)
        calls: list[int] = []

        def broken(*args: object) -> None:
            calls.append(1)
            raise StoreError("the disk is full")

        table = await hub.create(stored(("human", "rules"), seed="bots"))
        assert table.computer_to_act() == 1  # the dealer is seat 0: seat 1 leads
        monkeypatch.setattr(store, "submit", broken)
        hub.wake_bots(table, again=True)
        await asyncio.wait_for(asyncio.shield(table.bot_task), 10)  # type: ignore[arg-type]
        assert len(calls) == tables_module.BOT_TRIES
        assert table.stalled_at == 0 and table.applied == 0
        hub.wake_bots(table)  # the upkeep's round does not start it again...
        assert table.bot_task is not None and table.bot_task.done()
        await hub.close()
        store.close()
        return table

    with caplog.at_level(logging.ERROR, logger="tricktaker.server"):
        run(scenario())
    lines = [r.getMessage() for r in caplog.records]
    assert sum("cannot be saved" in line for line in lines) == tables_module.BOT_TRIES
    assert any("computers stop until the table is next used" in line for line in lines)
    assert not any(webserver_card(line) for line in lines)


def webserver_card(line: str) -> bool:
    """Whether a log line names a card (as the notation writes one)."""
    import re

    return re.search(r"(?<![0-9A-Za-z])[2-9TJQKA][cdhs](?![0-9A-Za-z])", line) is not None


def test_two_hubs_drive_a_bot_table_each_move_once(tmp_path: Path) -> None:
    """Both processes hold a table of computers; the lease and the compare-and-set
    make every move written once, and the table plays on to its end."""
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        bus = LocalBus()  # one lease for both, as Redis would give
        a, b = Hub(store, settings, bus), Hub(store, settings, bus)
        created = await a.create(stored(("human", "random"), seed="lease"))
        table_b = await b.load(created.id)
        assert table_b is not None
        b.wake_bots(table_b)
        for _ in range(200):
            if created.computer_to_act() is None and table_b.computer_to_act() is None:
                break
            await asyncio.sleep(0.01)
        written = store.load(created.id)
        assert written is not None and written.actions
        # Exactly the moves written: no hole, no double (the rules replay them).
        assert written.actions[: created.applied] == created.stored.actions
        await a.close()
        await b.close()
        store.close()

    run(scenario())


# -- lazy start and expiry -----------------------------------------------------------


def test_start_up_loads_nothing_and_the_upkeep_wakes_only_tables_a_bot_must_move(
    tmp_path: Path,
) -> None:
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        bots = stored(("human", "rules"), seed="sweep")  # seat 1, a computer, leads
        people = stored(("rules", "human"), seed="sweep")  # seat 1, a person, leads
        for table in (bots, people):
            store.create(table)
        hub = Hub(store, settings)  # a fresh start: nothing loaded
        assert hub.tables == {}
        upkeep = Upkeep(hub, settings)
        assert await upkeep.sweep() == 1
        assert set(hub.tables) == {bots.id}  # the other went back to the database
        for _ in range(200):
            if hub.tables[bots.id].applied:
                break
            await asyncio.sleep(0.01)
        assert hub.tables[bots.id].applied >= 1  # its computer played on
        assert await upkeep.sweep() == 0  # the person's table is not loaded again
        await hub.close()
        store.close()

    run(scenario())


TWO_PEOPLE = {"game": "truc", "options": {"players": 2}, "seats": webserver.seats("human", "human")}


def test_an_idle_table_expires_and_its_link_says_so(tmp_path: Path) -> None:
    settings = settings_for(tmp_path, idle_expiry=3600.0)
    with TestClient(create_app(settings)) as client:
        made = client.post(
            "/api/tables",
            json={
                "game": "truc",
                "options": {"players": 2},
                "seats": webserver.seats("human", "human"),
            },
        ).json()
        finished = client.post(
            "/api/tables",
            json={
                "game": "truc",
                "options": {"players": 2},
                "seats": webserver.seats("human", "human"),
            },
        ).json()
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        store = hub.store
        assert store.expire(timedelta(hours=1)) == []  # touched just now: stays
        live = hub.tables[made["id"]]
        # Nobody for over an hour: the upkeep's expiry takes the unfinished table only.
        with store.engine.begin() as conn:
            from sqlalchemy import text

            conn.execute(text("UPDATE tables SET touched_at = '2000-01-01 00:00:00'"))
            conn.execute(
                text("UPDATE tables SET finished = :t WHERE id = :id"),
                {"t": True, "id": finished["id"]},
            )
        upkeep: Upkeep = client.app.state.upkeep  # type: ignore[attr-defined]
        assert client.portal.call(upkeep.expire) == [made["id"]]  # type: ignore[union-attr]
        answer = client.get(f"/api/tables/{made['id']}")
        assert answer.status_code == 410 and "expired" in answer.json()["detail"]
        assert client.get(f"/api/tables/{finished['id']}").status_code == 200
        assert client.get("/api/tables/nosuchtable00").status_code == 404
        # A player still holding the table in memory is told, not given a traceback.
        with pytest.raises(IllegalAction, match="expired"):
            first = legal(live)[0]
            client.portal.call(hub.act, live, int(first[0]), first)  # type: ignore[union-attr]
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            closed = ws.receive()
            assert closed["type"] == "websocket.close" and "expired" in closed["reason"]


def test_touching_a_table_keeps_it(tmp_path: Path) -> None:
    store = Store(settings_for(tmp_path).database_url)
    table = stored()
    store.create(table)
    assert store.expire(timedelta(seconds=0)) == [table.id]
    with pytest.raises(TableExpired):
        store.load(table.id)
    other = stored()
    store.create(other)
    store.touch(other.id)
    assert store.expire(timedelta(hours=1)) == []
    assert store.unfinished() == [other.id]
    store.close()


# -- the bus -----------------------------------------------------------------------------


def test_the_local_bus_tells_this_process_and_grants_leases() -> None:
    async def scenario() -> list[Message]:
        bus = LocalBus()
        got: list[Message] = []

        async def handler(message: Message) -> None:
            got.append(message)

        bus.subscribe("presence", handler)
        await bus.publish("t1", "presence", {"seat": 1})
        await bus.publish("t1", "other", {})
        await asyncio.sleep(0.01)
        assert await bus.claim("bots:t1", 1) and await bus.claim("bots:t1", 1)
        return got

    [message] = run(scenario())
    assert (message.table, message.kind, message.payload) == ("t1", "presence", {"seat": 1})


def test_redis_carries_news_to_every_process_and_one_holds_a_lease() -> None:
    url = webserver.redis_or_skip()

    async def scenario() -> None:
        prefix = f"tricktaker-test-{new_table_id()}:"
        a, b = RedisBus(url=url, prefix=prefix), RedisBus(url=url, prefix=prefix)
        got: dict[str, list[Message]] = {"a": [], "b": []}
        for name, bus in (("a", a), ("b", b)):

            async def handler(message: Message, name: str = name) -> None:
                got[name].append(message)

            bus.subscribe("actions", handler)
            await bus.start()
        await a.publish("t1", "actions", {"version": 3})
        for _ in range(100):
            if got["a"] and got["b"]:
                break
            await asyncio.sleep(0.02)
        assert [m.payload for m in got["b"]] == [{"version": 3}]
        assert got["a"][0].origin == a.origin  # the sender hears it too
        assert await a.claim("bots:t1", 5)
        assert not await b.claim("bots:t1", 5)  # held by a
        assert await a.claim("bots:t1", 5)  # renewed by its holder
        await b.release("bots:t1")  # not b's to release
        assert not await b.claim("bots:t1", 5)
        await a.release("bots:t1")
        assert await b.claim("bots:t1", 0.2)
        await asyncio.sleep(0.4)  # b died: its lease lapses
        assert await a.claim("bots:t1", 5)
        await a.release("bots:t1")
        await a.close()
        await b.close()

    run(scenario())


# -- serve ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--workers", "2"], "cannot share a SQLite database"),
        (["--workers", "2", "--db", webserver.POSTGRES_URL], "through Redis"),
        (["--workers", "0"], "--workers must be 1 to"),
        (["--redis", "http://x"], "--redis must be a Redis URL"),
        (["--idle-expiry", "soon"], "not a duration"),
    ],
)
def test_serve_refuses_what_several_processes_cannot_do(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ["--db", f"sqlite:///{tmp_path / 'x.db'}"] if "--db" not in args else []
    assert main(["serve", *db, *args]) == 2
    out = capsys.readouterr().out
    assert said in out and "Traceback" not in out


def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'var' / 'one.db'}"
    held = hold_sqlite(url)
    assert held is not None
    import subprocess
    import sys

    probe = (
        "import sys\nfrom tricktaker.server.serve import hold_sqlite, Refused\n"
        f"try:\n    hold_sqlite({url!r})\nexcept Refused as e:\n    print(e); sys.exit(2)\n"
    )
    other = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert other.returncode == 2 and "one process per SQLite file" in other.stdout
    held.close()
    again = hold_sqlite(url)  # free once its holder is gone
    assert again is not None
    again.close()
    assert hold_sqlite("postgresql+psycopg://x@y/z") is None


def test_a_bad_environment_variable_is_refused_in_a_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("TRICKTAKER_IDLE_EXPIRY", "soon")
    assert main(["serve", "--db", f"sqlite:///{tmp_path / 'x.db'}"]) == 2
    out = capsys.readouterr().out
    assert "environment variable is not valid" in out and "Traceback" not in out


def test_durations() -> None:
    assert parse_duration("90") == 90 and parse_duration("30m") == 1800
    assert parse_duration("24h") == 86400 and parse_duration("7d") == 7 * 86400
    for bad in ("", "-1h", "1y", "1e9", "٣h"):
        with pytest.raises(Refused):
            parse_duration(bad)


def test_settings_travel_to_worker_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    given = Settings(database_url="postgresql+psycopg://u@h/d", redis_url="redis://r", bot_delay=0)
    monkeypatch.setenv("TRICKTAKER_SETTINGS", given.to_json())
    assert Settings.from_env() == given


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_writers_racing_for_one_version_write_it_once(tmp_path: Path, backend: str) -> None:
    """Eight threads append at the same version at once, on real connections: one wins,
    the others are told ``StaleTable``; none waits for ever (no deadlock)."""
    import threading

    url = settings_for(tmp_path).database_url if backend == "sqlite" else None
    store = Store(url or webserver.postgres_or_skip())
    table = stored()
    store.create(table)
    results: list[str] = []
    start = threading.Barrier(8)

    def write(n: int) -> None:
        start.wait()
        try:
            store.append(table.id, 0, f"1:try {n}", False)
            results.append("written")
        except StaleTable:
            results.append("stale")

    threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(results) == ["stale"] * 7 + ["written"]
    assert store.version(table.id) == 1 and len(store.actions_since(table.id, 0)[0]) == 1
    with store.engine.begin() as conn:
        from sqlalchemy import text

        conn.execute(text("DELETE FROM actions WHERE table_id = :t"), {"t": table.id})
        conn.execute(text("DELETE FROM seats WHERE table_id = :t"), {"t": table.id})
        conn.execute(text("DELETE FROM tables WHERE id = :t"), {"t": table.id})
    store.close()


def test_a_table_stored_before_versions_were_counted_gets_its_version(tmp_path: Path) -> None:
    """Migration 0002 added every table's version at 0, whatever its actions: loading one
    counts its actions, so its next writer is not refused for ever."""
    from sqlalchemy import text

    store = Store(settings_for(tmp_path).database_url)
    table = stored()
    store.create(table)
    store.append(table.id, 0, "1:redeal", False)
    store.append(table.id, 1, "0:refuse", False)
    with store.engine.begin() as conn:  # as migration 0002 left it, with no last use
        conn.execute(text("UPDATE tables SET version = 0, touched_at = NULL"))
    loaded = store.load(table.id)
    assert loaded is not None and loaded.actions == ["1:redeal", "0:refuse"]
    assert store.version(table.id) == 2
    store.append(table.id, 2, "1:play 8c", False)
    # With no last use, its creation counts: it is idle since then.
    assert store.expire(timedelta(hours=1)) == []
    store.close()


def test_when_the_process_driving_the_bots_dies_another_takes_over(tmp_path: Path) -> None:
    """A lease held by a process that died (it never renews nor releases) lapses; the
    upkeep's round of the other process then takes the computers over."""
    url = webserver.redis_or_skip()
    settings = settings_for(tmp_path, bot_lease=0.6)

    async def scenario() -> None:
        prefix = f"tricktaker-test-{new_table_id()}:"
        dead, alive = RedisBus(url=url, prefix=prefix), RedisBus(url=url, prefix=prefix)
        await alive.start()
        store = Store(settings.database_url)
        table = stored(("human", "rules"), seed="takeover")  # seat 1, a computer, leads
        store.create(table)
        assert await dead.claim(f"bots:{table.id}", 0.6)  # then the holder dies
        hub = Hub(store, settings, alive)
        live = await hub.load(table.id)
        assert live is not None
        hub.wake_bots(live)
        await asyncio.sleep(0.2)
        assert live.applied == 0  # the lease is another's: its computers wait
        for _ in range(100):
            hub.wake_waiting_bots()
            if live.applied:
                break
            await asyncio.sleep(0.05)
        assert live.applied >= 1  # taken over once the lease lapsed
        await hub.close()
        await alive.close()
        await dead.close()
        store.close()

    run(scenario())


def test_tables_nobody_uses_leave_memory_but_not_the_database(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        hub = Hub(store, settings)
        idle = await hub.create(stored())
        watched = await hub.create(stored())

        async def listener(table: LiveTable) -> None:
            pass

        watched.listeners.add(listener)
        assert hub.evict_idle(60) == 0  # used just now
        idle.last_used = watched.last_used = 0.0
        assert hub.evict_idle(60) == 1
        assert set(hub.tables) == {watched.id}
        again = await hub.get(idle.id)  # loaded again on its next use
        assert again is not None and again is not idle and hub.tables[idle.id] is again
        await hub.close()
        store.close()

    run(scenario())


def test_with_redis_away_the_bots_still_play_and_news_stays_local() -> None:
    """A Redis that does not answer: a lease is taken anyway (the database still keeps
    one writer), and news reaches this process's own handlers."""

    async def scenario() -> list[Message]:
        bus = RedisBus(url=f"redis://127.0.0.1:{webserver.free_port()}", prefix="away:")
        got: list[Message] = []

        async def handler(message: Message) -> None:
            got.append(message)

        bus.subscribe("actions", handler)
        assert await bus.claim("bots:t", 1)
        await bus.publish("t", "actions", {"version": 1})
        await bus.release("bots:t")
        await asyncio.sleep(0.05)
        await bus.close()
        return got

    [message] = run(scenario())
    assert message.payload == {"version": 1}


class SharedButDeaf(LocalBus):
    """A bus other processes share, whose news never arrives (Redis lost a message)."""

    shared = True


def test_a_table_opened_where_news_was_lost_is_read_again_first(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        a, b = Hub(store, settings, SharedButDeaf()), Hub(store, settings, SharedButDeaf())
        created = await a.create(stored())
        held = await b.get(created.id)
        assert held is not None
        first = legal(created)[0]
        await a.act(created, int(first[0]), first)
        assert held.applied == 0  # B heard nothing
        again = await b.get(created.id)  # someone opens it at B
        assert again is held and held.applied == 1
        await a.close()
        await b.close()
        store.close()

    run(scenario())
