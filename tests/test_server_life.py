"""The seat's life (``server.life``): presence, the turn clock, stand-ins, the host's
computers, chosen names, and spectators who are never asked to move.

The clock runs on ``Settings.clock_scale`` (a 30 s clock in 0.15 s here), so no test
waits half a minute; what the clock does is read from ``GET /api/tables/{id}/life``
and the sockets' ``life`` messages.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from tricktaker.server.security import MAX_NAME, clean_name
from webserver import seats

SCALE = 0.005  # 30 s -> 0.15 s
CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][cdhs])(?![0-9A-Za-z])")


def settings(tmp_path: Path, scale: float = SCALE) -> Settings:
    return Settings(
        database_url=f"sqlite:///{tmp_path / 'life.db'}",
        bot_delay=0,
        actions_per_second=1000,
        action_burst=1000,
        clock_scale=scale,
    )


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(settings(tmp_path))) as c:
        yield c


def create(client: TestClient, kinds: list[str], **extra: Any) -> Any:
    body = {"game": "truc", "options": {"players": 2}, "seats": seats(*kinds), **extra}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def life(client: TestClient, table: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/life")
    assert r.status_code == 200, r.text
    found: dict[str, Any] = r.json()
    return found


def wait_for(what: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, "it did not happen in time"
        time.sleep(0.02)


def presences(client: TestClient, table: str) -> list[str]:
    return [s["presence"] for s in life(client, table)["seats"]]


def applied(client: TestClient, table: str) -> int:
    found: int = client.get(f"/api/tables/{table}").json()["applied"]
    return found


def next_of(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        m = ws.receive_json()
        if m["type"] == kind:
            return dict(m)


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Ann", "Ann"),
        ("  Bob \n\t Smith  ", "Bob Smith"),
        ("evil\u202etxt.exe", "eviltxt.exe"),
        ("a\x00b\x07c", "abc"),
        ("\u200eLTR\u200f", "LTR"),
        ("e\u0301", "\u00e9"),  # NFC
        ("x" * 100, "x" * MAX_NAME),
        ("\u202e\u200b  \x00", "Player 2"),
        ("", "Player 2"),
        (None, "Player 2"),
        (42, "Player 2"),
    ],
)
def test_names_are_cleaned(raw: object, clean: str) -> None:
    assert clean_name(raw, "Player 2") == clean


def test_presence_goes_empty_connected_away(client: TestClient) -> None:
    made = create(client, ["human", "human"])
    table = made["id"]
    t0, t1 = (s["token"] for s in made["seats"])
    first = life(client, table)
    assert first["host"] == 0 and first["clock"] is None
    assert presences(client, table) == ["empty", "empty"]
    with client.websocket_connect(f"/ws/{table}?token={t0}") as ws0:
        hello = ws0.receive_json()
        assert hello["type"] == "hello"
        assert [s["presence"] for s in hello["life"]["seats"]] == ["connected", "empty"]
        with client.websocket_connect(f"/ws/{table}?token={t1}") as ws1:
            ws1.receive_json()
            told = next_of(ws0, "life")
            assert [s["presence"] for s in told["seats"]] == ["connected", "connected"]
        told = next_of(ws0, "life")
        assert [s["presence"] for s in told["seats"]] == ["connected", "away"]
        # A spectator is nobody's presence: nothing changes, nobody is told.
        with client.websocket_connect(f"/ws/{table}") as watcher:
            assert watcher.receive_json()["life"]["seats"][1]["presence"] == "away"
    assert presences(client, table) == ["away", "away"]


def test_the_clock_hands_a_missing_seat_to_a_stand_in_and_back(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "tricktaker.server")
    made = create(client, ["human", "human"], clock=30, stand_in="random")
    table = made["id"]
    t0, t1 = (s["token"] for s in made["seats"])
    # Seat 1 plays first (seat 0 deals) and has never come; nobody waits for him yet.
    assert life(client, table)["clock"] is None
    with client.websocket_connect(f"/ws/{table}?token={t0}") as ws0:
        # Seat 0 is there, waiting: the clock runs for seat 1.
        clock = ws0.receive_json()["life"]["clock"]
        assert clock["seat"] == 1 and clock["limit_s"] == pytest.approx(0.15)
        wait_for(lambda: applied(client, table) > 0)
        seat1 = life(client, table)["seats"][1]
        assert seat1["stand_in"] == "random" and seat1["presence"] == "empty"
        # The stand-in plays for the seat on each of its turns; only a computer waits for
        # seat 0, so nothing hurries him.
        time.sleep(30 * SCALE * 3)
        assert life(client, table)["clock"] is None
        assert life(client, table)["seats"][0]["stand_in"] is None
        # Seat 1's person comes: the seat is his again, at once.
        with client.websocket_connect(f"/ws/{table}?token={t1}") as ws1:
            hello = ws1.receive_json()
            assert hello["life"]["seats"][1] == {
                "seat": 1,
                "name": "Player 2",
                "kind": "human",
                "presence": "connected",
                "stand_in": None,
                "named": False,
            }
            # Both are here and let their clocks run out: a move is made for the one
            # to act, then his seat is his again.
            before = applied(client, table)
            wait_for(lambda: applied(client, table) > before)
            wait_for(lambda: [s["stand_in"] for s in life(client, table)["seats"]] == [None] * 2)
    # The log says who stood in for whom, and names no card.
    said = [r.getMessage() for r in caplog.records if r.name == "tricktaker.server"]
    assert any("seat 1 ran out of time; a stand-in (random) plays" in line for line in said)
    assert any("seat 1 is back" in line for line in said)
    assert not [line for line in said if CARD.search(line)]


def test_acting_hands_the_seat_back(tmp_path: Path) -> None:
    # A long clock: the stand-in is put there by the host, then the person acts.
    with TestClient(create_app(settings(tmp_path, scale=1.0))) as client:
        made = create(client, ["human", "human"])
        table = made["id"]
        t0, t1 = (s["token"] for s in made["seats"])
        r = client.post(
            f"/api/tables/{table}/seats/1/computer", json={"token": t0, "level": "rules"}
        )
        assert r.status_code == 200, r.text
        assert r.json()["seats"][1]["stand_in"] == "rules"
        wait_for(lambda: applied(client, table) > 0)
        # The host's computer outlives nothing of the person: he comes, it goes.
        with client.websocket_connect(f"/ws/{table}?token={t1}") as ws1:
            ws1.receive_json()
            assert life(client, table)["seats"][1]["stand_in"] is None


def test_the_host_fills_only_an_absent_persons_seat(client: TestClient) -> None:
    made = create(client, ["human", "human"])
    table = made["id"]
    t0, t1 = (s["token"] for s in made["seats"])
    url = f"/api/tables/{table}/seats"

    def post(seat: object, body: object) -> Any:
        return client.post(f"{url}/{seat}/computer", json=body)

    assert post(1, {"token": t1, "level": "rules"}).status_code == 403  # not the host
    assert post(1, {"token": "A" * 32, "level": "rules"}).status_code == 403
    assert post(1, {"token": t0, "level": "godlike"}).status_code == 400
    assert post(1, {"token": t0, "level": 3}).status_code == 400
    assert post(1, ["no"]).status_code == 400
    assert post(7, {"token": t0, "level": "rules"}).status_code == 404
    assert post("x", {"token": t0, "level": "rules"}).status_code == 404
    assert post("¹", {"token": t0, "level": "rules"}).status_code == 404
    with client.websocket_connect(f"/ws/{table}?token={t1}") as ws1:
        ws1.receive_json()
        refused = post(1, {"token": t0, "level": "rules"})
        assert refused.status_code == 409 and "here" in refused.json()["detail"]
    assert applied(client, table) == 0
    # Away now: the host may fill it, and the table goes on.
    assert post(1, {"token": t0, "level": "rules"}).json()["seats"][1]["presence"] == "away"
    wait_for(lambda: applied(client, table) > 0)
    made = create(client, ["human", "rules"])
    other = made["seats"][0]["token"]
    r = client.post(
        f"/api/tables/{made['id']}/seats/1/computer", json={"token": other, "level": "rules"}
    )
    assert r.status_code == 409


def test_a_filled_seat_and_joined_seats_outlive_a_restart(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path, scale=1.0))) as client:
        made = create(client, ["human", "human"], clock=120)
        table = made["id"]
        t0 = made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{table}?token={t0}") as ws0:
            ws0.receive_json()
        r = client.post(
            f"/api/tables/{table}/seats/1/computer", json={"token": t0, "level": "random"}
        )
        assert r.status_code == 200
    with TestClient(create_app(settings(tmp_path, scale=1.0))) as client:
        got = life(client, table)
        assert [s["presence"] for s in got["seats"]] == ["away", "empty"]
        assert got["seats"][1]["stand_in"] == "random"
        assert got["clock_setting"] == 120 and got["host"] == 0


def test_the_clock_scale_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRICKTAKER_CLOCK_SCALE", "0.1")
    assert Settings.from_env().clock_scale == 0.1
    for bad in ("fast", "-1", "0", "nan", "inf"):
        monkeypatch.setenv("TRICKTAKER_CLOCK_SCALE", bad)
        assert Settings.from_env().clock_scale == 1.0


def test_clock_off_replaces_nobody(client: TestClient) -> None:
    made = create(client, ["human", "human"])
    table = made["id"]
    time.sleep(30 * SCALE * 3)
    got = life(client, table)
    assert got["clock"] is None and got["seats"][1]["stand_in"] is None
    assert applied(client, table) == 0


def test_a_bad_clock_or_stand_in_is_refused(client: TestClient) -> None:
    body = {"game": "truc", "options": {"players": 2}, "seats": seats("human", "human")}
    for extra in ({"clock": 45}, {"clock": "30"}, {"clock": True}, {"stand_in": "godlike"}):
        r = client.post("/api/tables", json={**body, **extra})
        assert r.status_code == 400, (extra, r.text)
        assert r.json()["detail"]
    assert client.post("/api/tables", json={**body, "clock": None}).status_code == 201


def test_an_invitee_chooses_a_name_everyone_sees(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        made = create(client, ["human", "human"], names=["Ann"])
        table = made["id"]
        t0, t1 = (s["token"] for s in made["seats"])
        url = f"/api/tables/{table}/seats/1/name"
        assert client.post(url, json={"token": t0, "name": "Bob"}).status_code == 403
        assert client.post(url, json={"token": 5, "name": "Bob"}).status_code == 400
        with client.websocket_connect(f"/ws/{table}?token={t0}") as ws0:
            ws0.receive_json()
            next_of(ws0, "state")
            r = client.post(url, json={"token": t1, "name": " Bob\u202e\x00  \n Smith "})
            assert r.status_code == 200, r.text
            assert r.json()["seats"][1]["name"] == "Bob Smith"
            assert r.json()["seats"][1]["named"] is True
            assert next_of(ws0, "state")["names"] == ["You", "Bob Smith"]
        assert client.get(f"/api/tables/{table}").json()["names"] == ["Ann", "Bob Smith"]
        # Nothing left of a name: the seat's default.
        r = client.post(url, json={"token": t1, "name": "\u202e \x00"})
        assert r.json()["seats"][1]["name"] == "Player 2"
        # A seat renaming itself without end is slowed (each name is told to everyone).
        last, codes = "Player 2", []
        for i in range(8):
            codes.append(client.post(url, json={"token": t1, "name": f"N{i}"}).status_code)
            last = f"N{i}" if codes[-1] == 200 else last
        assert 429 in codes and codes[0] == 200
        r = client.post(url, json={"token": t1, "name": "Player 2"})
        assert r.status_code == 429 and "wait" in r.json()["detail"]
    with TestClient(create_app(settings(tmp_path))) as client:
        assert client.get(f"/api/tables/{table}").json()["names"] == ["Ann", last]


@pytest.mark.parametrize("game", ["truc", "truco"])
def test_spectators_are_never_asked_to_move(client: TestClient, game: str) -> None:
    body = {"game": game, "seats": seats("human", "human"), "lang": "en"}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    made = r.json()
    table = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    with client.websocket_connect(f"/ws/{table}") as watcher:
        assert watcher.receive_json()["seat"] is None
        for _ in range(8):
            seen = next_of(watcher, "state")
            assert seen["legal"] == [] and seen["groups"] == []
            hint = seen["texts"]["hint"]
            assert "Your" not in hint and "you" not in hint.lower().split(), hint
            to_act = seen["table"]["to_act"]
            if to_act is None:
                break
            assert seen["names"][to_act] in hint, hint
            with client.websocket_connect(f"/ws/{table}?token={tokens[to_act]}") as ws:
                ws.receive_json()
                mine = next_of(ws, "state")
                assert mine["legal"]
                ws.send_json({"type": "act", "action": mine["legal"][0]["action"]})
                next_of(ws, "ack")


def test_a_stand_ins_move_is_dropped_when_its_person_comes_back(tmp_path: Path) -> None:
    """The stand-in thinks (a long bot delay); its person comes meanwhile: the move it
    chose for him is not made, and the turn is his."""
    slow = Settings(
        database_url=f"sqlite:///{tmp_path / 'slow.db'}", bot_delay=0.6, clock_scale=1.0
    )
    with TestClient(create_app(slow)) as client:
        made = create(client, ["human", "human"])
        table = made["id"]
        t0, t1 = (s["token"] for s in made["seats"])
        url = f"/api/tables/{table}/seats/1/computer"
        assert client.post(url, json={"token": t0, "level": "random"}).status_code == 200
        with client.websocket_connect(f"/ws/{table}?token={t1}") as ws1:
            ws1.receive_json()
            state = next_of(ws1, "state")
            assert state["legal"]  # his turn, and his to take
            time.sleep(1.0)
            assert applied(client, table) == 0
            assert life(client, table)["seats"][1]["stand_in"] is None


def test_presence_and_the_hosts_computer_are_shared_between_processes(tmp_path: Path) -> None:
    """Two server processes (two apps on one database and one Redis): a seat connected
    at one is connected at the other, goes away at both, the host's computer put in at
    one plays at both, and the seat's person coming back at the other sends it away."""
    import webserver

    shared = Settings(
        database_url=f"sqlite:///{tmp_path / 'life.db'}",
        bot_delay=0,
        actions_per_second=1000,
        action_burst=1000,
        clock_scale=SCALE,
        redis_url=webserver.redis_or_skip(),
    )
    with TestClient(create_app(shared)) as a, TestClient(create_app(shared)) as b:
        made = create(a, ["human", "human"])
        table = made["id"]
        t0, t1 = (s["token"] for s in made["seats"])
        with a.websocket_connect(f"/ws/{table}?token={t0}") as ws0:
            ws0.receive_json()
            with b.websocket_connect(f"/ws/{table}?token={t1}") as ws1:
                ws1.receive_json()
                wait_for(lambda: presences(a, table) == ["connected", "connected"])
                wait_for(lambda: presences(b, table) == ["connected", "connected"])
                busy = a.post(
                    f"/api/tables/{table}/seats/1/computer", json={"token": t0, "level": "rules"}
                )
                assert busy.status_code == 409  # he is there, at the other process
            wait_for(lambda: presences(a, table) == ["connected", "away"])
            filled = a.post(
                f"/api/tables/{table}/seats/1/computer", json={"token": t0, "level": "rules"}
            )
            assert filled.status_code == 200
            wait_for(lambda: life(b, table)["seats"][1]["stand_in"] == "rules")
            with b.websocket_connect(f"/ws/{table}?token={t1}") as ws1:
                ws1.receive_json()
                wait_for(lambda: life(a, table)["seats"][1]["stand_in"] is None)
                assert presences(a, table) == ["connected", "connected"]


def test_what_a_silent_process_told_is_forgotten(tmp_path: Path) -> None:
    """A process that died tells nothing more: its seats stop counting as connected
    after ``PRESENCE_TTL``, and a malformed presence message changes nothing."""
    import asyncio

    from tricktaker.server.bus import Message
    from tricktaker.server.life import PRESENCE, PRESENCE_TTL
    from tricktaker.server.store import Store
    from tricktaker.server.tables import Hub

    async def scenario() -> None:
        config = settings(tmp_path)
        store = Store(config.database_url)
        hub = Hub(store, config)
        clock = [1000.0]
        hub.life.now = lambda: clock[0]
        with TestClient(create_app(config)) as maker:
            table_id = create(maker, ["human", "human"])["id"]
        table = await hub.load(table_id)
        assert table is not None
        for bad in ({"seats": [9], "watchers": 0}, {"seats": "0", "watchers": 0}, {"seats": [0]}):
            await hub.life._on_presence(Message(table_id, PRESENCE, bad, "other"))
        assert hub.life.presence(table, 0) == "empty"
        told = {"seats": [0], "watchers": 0}
        await hub.life._on_presence(Message(table_id, PRESENCE, told, "other"))
        assert hub.life.presence(table, 0) == "connected"
        clock[0] += PRESENCE_TTL + 1
        assert hub.life.presence(table, 0) == "away"  # joined there, silent since
        await hub.close()
        store.close()

    asyncio.run(scenario())
