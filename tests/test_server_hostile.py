"""Hostile clients of the web app: what they send gets a clear answer, never a crash,
and no cheap request makes the server do a great deal of work for them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from webserver import seats


def settings(tmp_path: Path, **changes: Any) -> Settings:
    base: dict[str, Any] = {
        "database_url": f"sqlite:///{tmp_path / 'h.db'}",
        "bot_delay": 0,
        "actions_per_second": 1000,
        "action_burst": 1000,
    }
    return Settings(**{**base, **changes})


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(settings(tmp_path))) as c:
        yield c


def new_table(client: TestClient) -> tuple[str, str]:
    r = client.post("/api/tables", json={"game": "truc", "seats": seats("human", "human")})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["seats"][0]["token"]


def test_a_binary_frame_gets_an_error_not_a_crash(client: TestClient) -> None:
    table, token = new_table(client)
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        ws.receive_json(), ws.receive_json()
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"


def test_a_huge_binary_frame_closes_the_socket(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path, max_message_bytes=500))) as c:
        table, token = new_table(c)
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            c.websocket_connect(f"/ws/{table}?token={token}") as ws,
        ):
            ws.receive_json(), ws.receive_json()
            ws.send_bytes(b"x" * 1000)
            ws.receive_json()
        assert closed.value.code == 1009


RECORD = {
    "game": "truc",
    "options": {"players": 2},
    "dealer": 0,
    "deals": [{"hands": [["7h", "8c", "9d"], ["7s", "8d", "Kc"]]}],
    "actions": ["1:redeal", "0:refuse", "1:play 8d", "0:play 9d"],
}


def test_replays_are_rate_limited_per_address(tmp_path: Path) -> None:
    """A replay costs the server far more than its small request: one address may
    not ask for them without end."""
    with TestClient(create_app(settings(tmp_path, replays_per_minute=3))) as c:
        codes = [c.post("/api/replay", json={"record": RECORD}).status_code for _ in range(6)]
        assert codes[:3] == [200] * 3
        assert 429 in codes[3:]


def test_websockets_per_address_are_bounded(tmp_path: Path) -> None:
    """Each socket costs a render of the whole log per change: one address may not open
    them without end (the per-connection rate limit would mean nothing)."""
    with TestClient(create_app(settings(tmp_path, sockets_per_address=3))) as c:
        table, _ = new_table(c)
        with (
            c.websocket_connect(f"/ws/{table}") as a,
            c.websocket_connect(f"/ws/{table}") as b,
            c.websocket_connect(f"/ws/{table}") as d,
        ):
            for ws in (a, b, d):
                assert ws.receive_json()["type"] == "hello"
            with (
                pytest.raises(WebSocketDisconnect) as closed,
                c.websocket_connect(f"/ws/{table}") as extra,
            ):
                extra.receive_json()
            assert closed.value.code == 1008
        with c.websocket_connect(f"/ws/{table}") as again:  # the count goes down on close
            assert again.receive_json()["type"] == "hello"


def test_the_replay_answer_is_json(client: TestClient) -> None:
    r = client.post("/api/replay", json={"record": RECORD, "seat": 0})
    assert r.status_code == 200 and json.loads(r.text)["error"] is None


def test_a_client_that_does_not_read_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A send that cannot go out within the timeout closes that socket and raises,
    so the table drops the listener instead of waiting on it for ever."""
    import asyncio

    from tricktaker.server import connection as app_module

    class Stalled:
        closed: tuple[int, str] | None = None

        async def send_text(self, text: str) -> None:
            await asyncio.sleep(3600)

        async def close(self, code: int, reason: str) -> None:
            self.closed = (code, reason)

    monkeypatch.setattr(app_module, "SEND_TIMEOUT", 0.05)
    socket = Stalled()
    conn = app_module.Connection(socket, None, None, "en", 0)  # type: ignore[arg-type]

    async def run() -> None:
        with pytest.raises(TimeoutError):
            await conn.send({"type": "pong"})

    asyncio.run(run())
    assert socket.closed is not None and socket.closed[0] == app_module.CLOSE_POLICY


def test_the_limiter_forgets_the_longest_idle_address_not_everyone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tricktaker.server import security

    monkeypatch.setattr(security, "MAX_KEYS", 3)
    limiter = security.KeyedLimiter(rate=0.0001, burst=1)
    assert limiter.allow("flooder")
    assert not limiter.allow("flooder")
    for other in ("a", "b"):
        assert limiter.allow(other)
    assert not limiter.allow("flooder")  # seen last: kept when "c" arrives
    assert limiter.allow("c")
    assert "a" not in limiter.buckets and not limiter.allow("flooder")


def test_a_finished_table_nobody_watches_leaves_memory_but_not_the_store(
    tmp_path: Path,
) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'm.db'}", bot_delay=0)
    record = {
        "game": "truc",
        "options": {"players": 2},
        "deals": [{"hands": [["7h", "8c", "9d"], ["7s", "8d", "Kc"]]}],
        "actions": ["1:fold"],
        "start": {"score": [11, 11], "games": [1, 1]},
    }
    with TestClient(create_app(settings)) as client:
        made = client.post("/api/records", json={"record": record}).json()
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert made["id"] in hub.tables
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.receive_json()
        assert made["id"] not in hub.tables
        info = client.get(f"/api/tables/{made['id']}").json()
        assert info["finished"] and info["applied"] == 1


def test_a_move_the_store_cannot_write_is_refused_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tricktaker.server.store import StoreError

    settings = Settings(database_url=f"sqlite:///{tmp_path / 's.db'}", bot_delay=0)
    with TestClient(create_app(settings)) as client:
        made = client.post(
            "/api/tables",
            json={"game": "truc", "options": {"players": 2}, "seats": seats("human", "human")},
        ).json()
        hub = client.app.state.hub  # type: ignore[attr-defined]

        def full_disk(*_: object) -> None:
            raise StoreError("disk full")

        monkeypatch.setattr(hub.store, "submit", full_disk)
        table = hub.tables[made["id"]]
        mover = table.state.to_act
        token = made["seats"][mover]["token"]
        before = [str(a) for a in table.state.legal_actions()]
        with client.websocket_connect(f"/ws/{made['id']}?token={token}") as ws:
            ws.receive_json()
            ws.receive_json()
            ws.send_json({"type": "act", "action": before[0]})
            answer = ws.receive_json()
            assert answer["type"] == "error" and "could not be saved" in answer["message"]
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"  # the connection stays
        assert [str(a) for a in table.state.legal_actions()] == before
        assert table.applied == 0
