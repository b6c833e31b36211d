"""After ``kill -9`` of the server and a restart, every table resumes exactly where it was.

A real ``tricktaker serve`` process on a SQLite file (and on PostgreSQL): two
people play some actions, each acknowledged; the server is killed with
SIGKILL at once after the last acknowledgement; a new server on the same
database must show each seat the very same view and events. A table where
computers play on by themselves is killed mid-play and must resume with every
acknowledged action kept and the computers playing on.
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

import webserver


def _ws(base: str, table: str, token: str | None, since: int = 0) -> ClientConnection:
    url = base.replace("http", "ws", 1) + f"/ws/{table}?since={since}"
    if token:
        url += f"&token={token}"
    return connect(url, open_timeout=10)


def _state(ws: ClientConnection) -> dict[str, Any]:
    while True:
        m = json.loads(ws.recv(timeout=10))
        if m["type"] == "state":
            return dict(m)


def _act(ws: ClientConnection, action: str) -> dict[str, Any]:
    """Send an action; the state message it brought (sent before its ack)."""
    ws.send(json.dumps({"type": "act", "action": action}))
    last: dict[str, Any] = {}
    while True:
        m = json.loads(ws.recv(timeout=10))
        if m["type"] == "ack":
            return last
        assert m["type"] != "error", m
        if m["type"] == "state":
            last = m


def _snapshot(base: str, table: str, tokens: list[str]) -> list[dict[str, Any]]:
    out = []
    for token in [*tokens, ""]:
        with _ws(base, table, token or None) as ws:
            json.loads(ws.recv(timeout=10))
            m = _state(ws)
            out.append({k: m[k] for k in ("table", "view", "events", "legal", "texts")})
    return out


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill_9_and_restart_resumes_every_seat_exactly(tmp_path: Path, backend: str) -> None:
    url = (
        f"sqlite:///{tmp_path / 'var' / 'k.db'}"
        if backend == "sqlite"
        else (webserver.postgres_or_skip())
    )
    port = webserver.free_port()
    proc = webserver.start_server(url, port)
    base = f"http://127.0.0.1:{port}"
    try:
        made = httpx.post(
            base + "/api/tables",
            json={
                "game": "truc",
                "options": {"players": 2},
                "seats": webserver.seats("human", "human"),
            },
        ).json()
        table, tokens = made["id"], [s["token"] for s in made["seats"]]
        stack = contextlib.ExitStack()
        sockets = [stack.enter_context(_ws(base, table, t)) for t in tokens]
        for ws in sockets:
            json.loads(ws.recv(timeout=10))
        states = [_state(ws) for ws in sockets]
        for _ in range(8):
            mover = next(i for i, s in enumerate(states) if s["legal"])
            legal = states[mover]["legal"]
            choice = legal[-2 if len(legal) > 2 else 0]["action"]
            moved = _act(sockets[mover], choice)
            states = [moved if i == mover else _state(ws) for i, ws in enumerate(sockets)]
            if states[0]["table"]["finished"]:
                break
        stack.close()
        before = _snapshot(base, table, tokens)
        applied = httpx.get(base + f"/api/tables/{table}").json()["applied"]
    finally:
        proc.kill()  # SIGKILL: no shutdown, no flush
        proc.wait(timeout=10)
    with webserver.server_process(url) as (_, base2):
        assert httpx.get(base2 + f"/api/tables/{table}").json()["applied"] == applied
        assert _snapshot(base2, table, tokens) == before


def test_computers_resume_after_kill_9_with_every_acknowledged_action(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bots.db'}"
    port = webserver.free_port()
    proc = webserver.start_server(url, port, bot_delay=0.01)
    base = f"http://127.0.0.1:{port}"
    try:
        made = httpx.post(
            base + "/api/tables",
            json={
                "game": "truc",
                "options": {"players": 4},
                "seats": webserver.seats("human", "rules", "random", "rules"),
            },
        ).json()
        table, token = made["id"], made["seats"][0]["token"]
        with _ws(base, table, token) as ws:
            json.loads(ws.recv(timeout=10))
            state = _state(ws)
            for _ in range(6):
                while not state["legal"] and not state["table"]["finished"]:
                    state = _state(ws)
                if state["table"]["finished"]:
                    break
                state = _act(ws, state["legal"][0]["action"])
            seen = state["applied"]
    finally:
        proc.kill()
        proc.wait(timeout=10)
    with webserver.server_process(url, bot_delay=0.01) as (_, base2):
        info = httpx.get(base2 + f"/api/tables/{table}").json()
        assert info["applied"] >= seen
        with _ws(base2, table, token) as ws:
            json.loads(ws.recv(timeout=10))
            state = _state(ws)
            deadline = time.monotonic() + 20
            while not state["legal"] and not state["table"]["finished"]:
                assert time.monotonic() < deadline, "the computers did not play on"
                state = _state(ws)
