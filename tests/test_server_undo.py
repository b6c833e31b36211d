"""Undo at a solo table (``server.undo``): the person takes back his own last decision.

The undo is a stored marker row written through the move's compare-and-set: the
match is rebuilt from the effective actions, exactly as it stood before his last
decision (views, legal moves, events), the computers' moves after it gone; a restart
and a second process rebuild the same; the record keeps what was taken back as
``undone``, which ``replay`` reads and ignores; a malformed ``undone`` is refused.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient

from server_helpers import run, sqlite_settings, stored_table
from tricktaker.core import RecordError, get_game
from tricktaker.core.fairness import seed_hash, verify_text
from tricktaker.core.records import load_record, replay_text, state_from_record
from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from tricktaker.server.store import Store, StoredTable
from tricktaker.server.tables import Hub, LiveTable, UndoRefused, undo_refusal
from tricktaker.server.undo import effective, marker
from webserver import postgres_or_skip, seats

T = TypeVar("T")


def stored(kinds: tuple[str, ...] = ("human", "random"), seed: str = "undo") -> StoredTable:
    return stored_table(kinds, seed=seed)


def settings_for(tmp_path: Path) -> Settings:
    return sqlite_settings(tmp_path, "undo")


def legal(table: LiveTable) -> list[str]:
    return [str(a) for a in table.state.legal_actions()]


def moment(table: LiveTable, seat: int) -> dict[str, Any]:
    """What the seat and a spectator are shown now: views, moves, events."""
    state = table.state
    return {
        "view": state.view(seat).to_json(),
        "public": state.public_view().to_json(),
        "legal": legal(table) if state.to_act == seat else [],
        "events": [e.to_json() for e in state.events(0, seat)],
        "to_act": state.to_act,
    }


async def his_turn(table: LiveTable, seat: int = 0) -> None:
    """Wait until the computers have played and ``seat`` is to act (or the match ended)."""
    for _ in range(2000):
        if table.state.to_act in (seat, None) and (table.bot_task is None or table.bot_task.done()):
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the computers never gave the turn back")


def a_play(table: LiveTable) -> str:
    """A card to play if there is one, else the first legal move."""
    moves = legal(table)
    return next((m for m in moves if " play " in f" {m.split(':', 1)[1]} "), moves[0])


async def decision_with_a_reply(hub: Hub, table: LiveTable) -> tuple[dict[str, Any], int]:
    """Play until the person's decision is followed by a computer's move in the same deal;
    the moment before that decision, and how many rows stood then."""
    for _ in range(200):
        await his_turn(table)
        before, rows = moment(table, 0), table.applied
        deals = len(table.state.finished_deals())
        await hub.act(table, 0, a_play(table))
        await his_turn(table)
        if len(table.state.finished_deals()) == deals and table.applied > rows + 1:
            return before, rows
    raise AssertionError("no decision was answered by a computer within its deal")


def test_undo_restores_the_moment_before_his_last_decision(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        hub = Hub(store, settings)
        table = await hub.create(stored())
        await his_turn(table)
        assert undo_refusal(table, 0) == "nothing"  # nothing of his yet
        with pytest.raises(UndoRefused):
            await hub.undo(table, 0)
        before, rows = await decision_with_a_reply(hub, table)
        kept = list(table.stored.actions[:rows])
        taken = effective(table.stored.actions).actions[len(effective(kept).actions) :]
        assert len(taken) >= 2 and taken[0].startswith("0:")  # his, then the computer's
        epoch = table.epoch
        await hub.undo(table, 0)
        assert moment(table, 0) == before  # views, moves and events as they were
        assert table.epoch == epoch + 1 and table.memories == {}
        assert effective(table.stored.actions).actions == effective(kept).actions
        assert table.stored.actions[-1] == marker(0)
        assert store.load(table.id).actions == table.stored.actions  # type: ignore[union-attr]
        undone = table.record()["undone"]
        assert undone[-1] == {"at": len(effective(kept).actions), "actions": taken}
        # Not a solo table's person: a computer's seat.
        with pytest.raises(UndoRefused, match="solo"):
            await hub.undo(table, 1)
        # A restart rebuilds the very same match from the rows.
        again = Hub(store, settings)
        loaded = await again.load(table.id)
        assert loaded is not None and moment(loaded, 0) == before
        assert loaded.record() == table.record()
        await hub.close()
        await again.close()
        store.close()

    run(scenario())


def test_the_record_keeps_what_was_undone_and_replays_to_the_same_state(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        hub = Hub(store, settings)
        table = await hub.create(stored())
        for _ in range(2):  # two undos, play on between them
            await decision_with_a_reply(hub, table)
            await hub.undo(table, 0)
        await hub.act(table, 0, a_play(table))
        await his_turn(table)
        record = table.record()
        assert len(record["undone"]) == 2
        assert all(e["actions"][0].startswith("0:") for e in record["undone"])
        assert not any("undo" in a for a in record["actions"])
        text = json.dumps(record)
        out = replay_text(text, 0)
        assert out.exit_code == 0, out.output
        assert out.output["view"] == table.state.view(0).to_json()
        assert out.output["applied"] == len(record["actions"])
        assert out.output["legal"] == (legal(table) if table.state.to_act == 0 else [])
        assert state_from_record(load_record(text)).public_view() == table.state.public_view()
        # verify reads it too: the deals are the committed seed's, undo or not.
        committed = {**record, "seed_hash": seed_hash(record["seed"])}
        assert verify_text(json.dumps(committed)).exit_code == 0
        # The public (partial) record says where and how many, not which.
        public = table.public_record()["undone"]
        assert public == [{"at": e["at"], "count": len(e["actions"])} for e in record["undone"]]
        await hub.close()
        store.close()

    run(scenario())


def test_a_decision_of_a_finished_deal_cannot_be_taken_back(tmp_path: Path) -> None:
    """His move that ended a deal (its scores written, the next deal dealt) is not his to
    take back from the next deal, however the computers have played since."""
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        hub = Hub(store, settings)
        table = await hub.create(stored())
        for _ in range(300):
            await his_turn(table)
            assert table.state.to_act is not None, "the match ended first"
            deals = len(table.state.finished_deals())
            await hub.act(table, 0, a_play(table))
            ended = len(table.state.finished_deals()) > deals  # before the computers move
            await his_turn(table)
            if ended and table.state.to_act == 0:
                rows = list(table.stored.actions)
                assert undo_refusal(table, 0) == "nothing"
                with pytest.raises(UndoRefused, match="nothing"):
                    await hub.undo(table, 0)
                assert table.stored.actions == rows  # nothing written
                break
        else:
            raise AssertionError("no move of his ended a deal")
        await hub.close()
        store.close()

    run(scenario())


def test_a_finished_tetka_match_shows_its_undone_moves_and_verifies(tmp_path: Path) -> None:
    """Tetka shows every card: the record shown at the end is the full one, with what was
    taken back as such; it replays to the table's final state and verifies."""
    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        hub = Hub(store, settings)
        table = await hub.create(
            replace(
                stored(("human", "random", "random", "random")),
                game="tetka",
                options={"target": 1},
            )
        )
        await decision_with_a_reply(hub, table)
        await hub.undo(table, 0)
        while table.state.to_act is not None:
            await his_turn(table)
            if table.state.to_act == 0:
                await hub.act(table, 0, a_play(table))
        shown = table.shown_record()
        assert "partial" not in shown and shown["undone"][0]["actions"][0].startswith("0:")
        out = replay_text(json.dumps(shown))
        assert out.exit_code == 0 and out.output["finished"]
        assert out.output["view"] == table.state.public_view().to_json()
        assert verify_text(json.dumps(shown)).exit_code == 0
        await hub.close()
        store.close()

    run(scenario())


@pytest.mark.parametrize(
    "undone",
    [
        {"at": 0},
        [1],
        [{"at": -1, "actions": ["0:fold"]}],
        [{"at": True, "actions": ["0:fold"]}],
        [{"at": "3", "actions": ["0:fold"]}],
        [{"at": 0, "actions": []}],
        [{"at": 0, "actions": [7]}],
        [{"at": 0, "actions": "0:fold"}],
        [{"at": 0, "actions": ["0:fold"], "why": "x"}],
        [{"at": 0, "actions": ["0:fly away"]}],
        [{"at": 0, "actions": ["0:undo"]}],
    ],
)
def test_a_record_with_a_malformed_undone_is_refused(undone: Any) -> None:
    record = {"game": "truc", "seed": 1, "actions": [], "undone": undone}
    out = replay_text(json.dumps(record))
    assert out.exit_code == 2 and "undone" in out.output["error"]["message"]
    with pytest.raises(RecordError):
        state_from_record(load_record(json.dumps(record)))


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_second_process_rebuilds_the_undone_match(tmp_path: Path, backend: str) -> None:
    """Process B holds the table from before A's undo: it reads the marker, rebuilds
    the same match and starts over; B's own stale undo is checked on that match."""
    settings = settings_for(tmp_path)
    if backend == "postgresql":
        settings = Settings(database_url=postgres_or_skip(), bot_delay=0)

    async def scenario() -> None:
        store = Store(settings.database_url)
        a, b = Hub(store, settings), Hub(store, settings)
        table_a = await a.create(stored())
        await decision_with_a_reply(a, table_a)
        await decision_with_a_reply(a, table_a)
        table_b = await b.load(table_a.id)
        assert table_b is not None and table_b is not table_a
        b.wake_bots(table_b)  # nothing to do: the person is to act
        await a.undo(table_a, 0)
        # B, still at the old version, undoes too: it catches up (A's undo) first, so
        # its own undo takes back the decision before (or is refused if none is left).
        try:
            await b.undo(table_b, 0)
        except UndoRefused as exc:
            assert exc.reason == "nothing"
        else:
            await a.refresh(table_a)
            assert table_a.epoch == 2
        assert table_b.epoch >= 1
        assert table_b.stored.actions == table_a.stored.actions
        assert moment(table_b, 0) == moment(table_a, 0)
        rows = store.load(table_a.id).actions  # type: ignore[union-attr]
        assert rows == table_a.stored.actions and rows.count(marker(0)) in (1, 2)
        await a.close()
        await b.close()
        store.close()

    run(scenario())


# -- through the WebSocket ---------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'app.db'}",
        bot_delay=0,
        actions_per_second=1000,
        action_burst=1000,
    )
    with TestClient(create_app(settings)) as c:
        yield c


def _create(client: TestClient, *kinds: str, lang: str = "en") -> Any:
    body = {"game": "truc", "options": {"players": len(kinds)}, "seats": seats(*kinds)}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def _until(ws: Any, kind: str) -> list[dict[str, Any]]:
    """Messages up to the first of ``kind`` (included)."""
    got = []
    while True:
        m = ws.receive_json()
        got.append(m)
        if m["type"] == kind:
            return got


def test_an_undo_resets_every_socket_and_starts_the_log_over(client: TestClient) -> None:
    made = _create(client, "human", "random")
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.tables[made["id"]]
    token = made["seats"][0]["token"]
    portal = client.portal
    assert portal is not None
    portal.call(his_turn, table)
    with (
        client.websocket_connect(f"/ws/{made['id']}?token={token}") as ws,
        client.websocket_connect(f"/ws/{made['id']}") as watcher,
    ):
        first = _until(ws, "state")[-1]
        _until(watcher, "state")
        assert first["undo"] is False
        ws.send_json({"type": "undo"})
        assert _until(ws, "error")[-1]["message"] == "You have no move to take back in this deal."
        watcher.send_json({"type": "undo"})
        assert _until(watcher, "error")[-1]["message"] == "Spectators cannot act."
        before, _ = portal.call(decision_with_a_reply, hub, table)
        last = _until(ws, "state")[-1]
        while last["applied"] != table.applied:
            last = _until(ws, "state")[-1]
        assert last["undo"] is True
        ws.send_json({"type": "undo"})
        got = _until(ws, "ack")
        kinds = [m["type"] for m in got]
        assert "reset" in kinds
        state = next(m for m in got[kinds.index("reset") :] if m["type"] == "state")
        # Everything again from event 0, in the new match's numbering.
        assert [e["n"] for e in state["events"]] == list(range(len(state["events"])))
        assert len(state["events"]) == len(table.state.events(0, 0))
        assert state["next_event"] == len(state["events"])
        assert state["view"]["hand"] == before["view"]["hand"]
        assert [m["action"] for m in state["legal"]] == before["legal"]
        seen = _until(watcher, "reset")
        assert seen[-1] == {"type": "reset"}
        assert _until(watcher, "state")[-1]["undo"] is False  # never a spectator's


def test_only_a_solo_tables_person_may_undo_and_never_after_the_end(client: TestClient) -> None:
    made = _create(client, "human", "human")
    token = made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{made['id']}?token={token}") as ws:
        state = _until(ws, "state")[-1]
        assert state["undo"] is False
        if state["legal"]:
            ws.send_json({"type": "act", "action": state["legal"][0]["action"]})
            _until(ws, "ack")
        ws.send_json({"type": "undo"})
        message = _until(ws, "error")[-1]["message"]
        assert message == "Only the one person at a table of computers can take a move back."
        ws.send_json({"type": "lang", "lang": "ru"})
        _until(ws, "state")
        ws.send_json({"type": "undo"})
        assert "компьютер" in _until(ws, "error")[-1]["message"]
    # A match over: a finished record resumed at a solo table.
    game = get_game("truc")
    match = game.new_match(game.options({"players": 2}), seed=5)
    while match.to_act is not None:
        match.apply(match.legal_actions()[0])
    r = client.post(
        "/api/records",
        json={"record": match.to_record(), "seats": seats("human", "random")},
    )
    assert r.status_code == 201, r.text
    over = r.json()
    token = over["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{over['id']}?token={token}") as ws:
        assert _until(ws, "state")[-1]["undo"] is False
        ws.send_json({"type": "undo"})
        assert _until(ws, "error")[-1]["message"] == "The match is over: nothing can be taken back."


def test_the_point_of_an_undo_is_kept_as_the_decision_is_written_not_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At every frame a solo table asks whether its person may undo: the match before his
    decision is the one this process replaced as it wrote it, never a replay of the match
    (a replay per move cost each frame the match's length); a restart replays it once."""
    import tricktaker.server.tables as tables_module

    settings = settings_for(tmp_path)

    async def scenario() -> None:
        store = Store(settings.database_url)
        hub = Hub(store, settings)
        table = await hub.create(stored())
        before, _rows = await decision_with_a_reply(hub, table)
        replays: list[int] = []
        real = tables_module.build_state

        def counted(stored_table: StoredTable) -> Any:
            replays.append(1)
            return real(stored_table)

        monkeypatch.setattr(tables_module, "build_state", counted)
        assert table.can_undo(0) and replays == []
        point = tables_module.undo_point(table, 0)
        assert point is not None and moment_of(point, 0) == before
        again = Hub(store, settings)  # a restart: nothing kept, one replay
        loaded = await again.load(table.id)
        assert loaded is not None
        replays.clear()
        assert loaded.can_undo(0) and replays == [1]
        await hub.close()
        await again.close()
        store.close()

    def moment_of(state: Any, seat: int) -> dict[str, Any]:
        return {
            "view": state.view(seat).to_json(),
            "public": state.public_view().to_json(),
            "legal": [str(a) for a in state.legal_actions()] if state.to_act == seat else [],
            "events": [e.to_json() for e in state.events(0, seat)],
            "to_act": state.to_act,
        }

    run(scenario())
