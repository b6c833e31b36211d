"""Each table's computer pace (``server.life``: ``speed``, instant, normal or slow),
chosen in the lobby, kept in the table's settings and used by the hub in place of
the server's ``bot_delay`` (which stays the default and the meaning of ``normal``)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tricktaker.server import tables as hub_module
from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from tricktaker.server.life import SLOW_FACTOR, bot_pause
from webserver import seats

BODY = {"game": "truc", "options": {"players": 2}, "seats": seats("human", "rules")}


def settings(tmp_path: Path, delay: float) -> Settings:
    return Settings(
        database_url=f"sqlite:///{tmp_path / 'speed.db'}",
        bot_delay=delay,
        actions_per_second=1000,
        action_burst=1000,
    )


def test_bot_pause_reads_the_tables_speed() -> None:
    assert bot_pause({"speed": "instant"}, 0.7) == 0.0
    assert bot_pause({"speed": "normal"}, 0.7) == 0.7
    assert bot_pause({"speed": "slow"}, 0.7) == pytest.approx(0.7 * SLOW_FACTOR)
    # A table without one (an old row, an uploaded record's) plays at the server's pace,
    # and so does one whose row holds anything else.
    assert bot_pause({}, 0.7) == 0.7
    assert bot_pause({"speed": ["slow"]}, 0.7) == 0.7
    assert bot_pause({"speed": "slow"}, 0.0) == 0.0


def test_a_bad_speed_is_refused_with_a_sentence(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path, 0))) as client:
        for speed in ("warp", "", 3, True, ["slow"], {"x": 1}, "x" * 10_000):
            r = client.post("/api/tables", json={**BODY, "speed": speed})
            assert r.status_code == 400, (speed, r.text)
            detail = r.json()["detail"]
            assert isinstance(detail, str) and "speed" in detail and "Traceback" not in detail
        for chosen in ("instant", "normal", "slow", None):
            r = client.post("/api/tables", json={**BODY, "speed": chosen})
            assert r.status_code == 201, (chosen, r.text)
            life = client.get(f"/api/tables/{r.json()['id']}/life").json()
            assert life["speed"] == (chosen or "normal")


@pytest.mark.parametrize("speed", ["instant", "slow"])
def test_the_hub_waits_as_the_table_chose(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, speed: str
) -> None:
    paused: list[tuple[Any, float]] = []

    def spy(table_settings: Any, delay: float) -> float:
        paused.append((table_settings.get("speed"), bot_pause(table_settings, delay)))
        return bot_pause(table_settings, delay)

    monkeypatch.setattr(hub_module, "bot_pause", spy)
    delay = 0.05
    with TestClient(create_app(settings(tmp_path, delay))) as client:
        made = client.post("/api/tables", json={**BODY, "speed": speed}).json()
        table, token = made["id"], made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
            deadline = time.monotonic() + 20
            while not paused:
                assert time.monotonic() < deadline, "no computer moved"
                message = ws.receive_json()
                if message["type"] == "state" and message.get("legal"):
                    ws.send_json({"type": "act", "action": message["legal"][0]["action"]})
    want = 0.0 if speed == "instant" else delay * SLOW_FACTOR
    assert paused[0][0] == speed
    assert paused[0][1] == pytest.approx(want)
