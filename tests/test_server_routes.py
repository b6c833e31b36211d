"""The web app's routes as its clients rely on them: the paths there are, table ids of
one ASCII shape, and every refusal a ``{"detail": "<sentence>"}`` with the status the
API always gave, whether the route or its pydantic request model refuses."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from tricktaker.server.security import is_table_id, new_table_id
from webserver import seats

RECORD = {"game": "truc", "options": {"players": 2}, "seed": 3, "actions": []}


def settings(tmp_path: Path, **changes: Any) -> Settings:
    return Settings(database_url=f"sqlite:///{tmp_path / 'r.db'}", bot_delay=0, **changes)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(settings(tmp_path))) as c:
        yield c


def test_the_api_is_the_routes_the_clients_use_each_body_a_model() -> None:
    """The HTTP API's paths and methods (the pages and the WebSocket are served in the
    other tests), and the pydantic model of every JSON body."""
    schema = create_app(Settings(database_url="sqlite:///:memory:")).openapi()
    found = {(path, method) for path, item in schema["paths"].items() for method in item}
    assert found == {
        ("/api/games", "get"),
        ("/api/i18n/{lang}", "get"),
        ("/api/tables", "post"),
        ("/api/tables/{table_id}", "get"),
        ("/api/records", "post"),
        ("/api/tables/{table_id}/record", "get"),
        ("/api/tables/{table_id}/replay", "get"),
        ("/api/replay", "post"),
        ("/api/tables/{table_id}/life", "get"),
        ("/api/tables/{table_id}/seats/{seat}/computer", "post"),
        ("/api/tables/{table_id}/seats/{seat}/name", "post"),
        ("/api/mine", "post"),
    }
    bodies = {
        path: item["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        for path, item in schema["paths"].items()
        if "post" in item
    }
    assert {path: ref.rsplit("/", 1)[1] for path, ref in bodies.items()} == {
        "/api/tables": "TableRequest",
        "/api/records": "RecordUpload",
        "/api/replay": "ReplayRequest",
        "/api/tables/{table_id}/seats/{seat}/computer": "SeatComputer",
        "/api/tables/{table_id}/seats/{seat}/name": "SeatName",
        "/api/mine": "MineRequest",
    }


#: Ids that are not of the table-id shape; the first three are letters and digits to
#: ``str.isalnum``, which once let them through to the database.
NOT_IDS = ["таблица", "ａｂｃ", "٣", "a" * 33, "x!", "a b", "a\n"]


def test_a_table_id_is_ascii_of_one_shape() -> None:
    assert all(is_table_id(new_table_id()) for _ in range(200))
    assert all(s.isalnum() for s in NOT_IDS[:3])
    assert not any(is_table_id(s) for s in NOT_IDS)


@pytest.mark.parametrize("table_id", NOT_IDS)
def test_a_table_id_not_of_the_shape_is_refused_before_the_store(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, table_id: str
) -> None:
    asked: list[str] = []
    hub = client.app.state.hub  # type: ignore[attr-defined]
    monkeypatch.setattr(hub.store, "load", lambda wanted: asked.append(wanted))
    quoted = table_id.replace("\n", "%0A").replace(" ", "%20")
    for path in (f"/api/tables/{quoted}", f"/api/tables/{quoted}/record?token=x"):
        r = client.get(path)
        assert (r.status_code, r.json()) == (404, {"detail": "no such table"})
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/{quoted}") as ws,
    ):
        ws.receive_json()
    assert (closed.value.code, closed.value.reason) == (4403, "no such table")
    assert asked == []  # refused by its shape: the database was never asked


@pytest.mark.parametrize(
    ("path", "body", "detail"),
    [
        ("/api/tables", {}, "name the game; games: "),
        ("/api/tables", {"game": 5}, "no game '5'; games: "),
        ("/api/tables", {"game": "truc", "seats": "two"}, "'seats' must be a list"),
        ("/api/tables", {"game": "truc", "seats": [5, 6]}, 'seat 0: a seat is {"kind": "human"}'),
        (
            "/api/tables",
            {"game": "truc", "seats": [{"kind": "human"}, {"kind": "bot", "level": 5}]},
            "seat 1: 'level' must be text",
        ),
        ("/api/records", {"record": 5}, 'send {"record": <a saved record>, "seats": [...]}'),
        ("/api/records", {"record": RECORD, "seats": [{}]}, "seat 0: 'kind' is missing"),
        (
            "/api/records",
            {"record": RECORD, "seats": [{"kind": 1}]},
            "seat 0: 'kind' must be 'human'",
        ),
        ("/api/replay", {"seat": 0}, 'send {"record": <a saved record>, "seat": 0'),
        ("/api/replay", {"record": RECORD, "seat": "1"}, "seat must be a seat's number, or null"),
        # A boolean is no seat (it once reached the engine as seat 1 and failed there: 500).
        ("/api/replay", {"record": RECORD, "seat": True}, "seat must be a seat's number, or null"),
        ("/api/replay", {"record": RECORD, "seat": 2}, "seat must be 0 to 1, or null"),
    ],
)
def test_a_body_of_the_wrong_shape_gets_one_clear_sentence(
    client: TestClient, path: str, body: Any, detail: str
) -> None:
    r = client.post(path, json=body)
    assert r.status_code == 400, r.text
    assert r.json()["detail"].startswith(detail), r.json()


def test_an_empty_body_is_asked_for(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"", headers={"content-type": "application/json"})
    assert (r.status_code, r.json()) == (
        400,
        {"detail": "send a JSON object (the request has none)"},
    )


def test_a_body_of_any_content_type_is_read_as_json(client: TestClient) -> None:
    """``curl -d`` calls its body a form: the API reads it as JSON, as it always did,
    with the same hardened decoder."""
    body = b'{"game": "truc", "seats": [{"kind": "human"}, {"kind": "human"}]}'
    form = {"content-type": "application/x-www-form-urlencoded"}
    assert client.post("/api/tables", content=body, headers=form).status_code == 201
    deep = client.post("/api/tables", content=b"[" * 5000 + b"]" * 5000, headers=form)
    assert deep.status_code == 400 and "nested too deeply" in deep.json()["detail"]


def test_lenient_fields_stay_lenient(client: TestClient) -> None:
    """A name that is not text gets the seat's default, an unknown language is English."""
    made = client.post(
        "/api/tables",
        json={
            "game": "truc",
            "seats": seats("human", "rules"),
            "names": [7, "  Ann  B "],
            "lang": 5,
        },
    )
    assert made.status_code == 201, made.text
    info = client.get(f"/api/tables/{made.json()['id']}").json()
    assert info["names"] == ["Player 1", "Ann B"]


def test_a_large_body_is_refused_with_its_limit(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path, max_message_bytes=100))) as c:
        r = c.post("/api/tables", json={"game": "truc", "names": ["x" * 500]})
        assert (r.status_code, r.json()) == (
            413,
            {"detail": "the request is larger than 400 bytes"},
        )


def test_new_tables_and_resumed_records_share_one_limit_per_address(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path, tables_per_minute=2))) as c:
        body = {"game": "truc", "seats": seats("human", "human")}
        assert c.post("/api/tables", json=body).status_code == 201
        assert c.post("/api/records", json={"record": RECORD}).status_code == 201
        for path, sent in (("/api/tables", body), ("/api/records", {"record": RECORD})):
            r = c.post(path, json=sent)
            assert r.status_code == 429 and "wait a minute" in r.json()["detail"]
