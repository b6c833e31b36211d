"""``POST /api/mine``: a browser's own tables by their seat tokens, with results and
statistics; a wrong token learns nothing, a malformed body is refused in a sentence."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import webserver
from tricktaker.core import get_game
from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from tricktaker.server.security import new_table_id
from tricktaker.server.store import SeatSpec, Store, StoredTable
from webserver import seats


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


def finished_record(game_id: str, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """A whole match played by random moves, as a record."""
    game = get_game(game_id)
    state = game.new_match(game.options(options), seed=seed)
    rng = random.Random(seed)
    while state.to_act is not None:
        state.apply(rng.choice(state.legal_actions()))
    return state.to_record()


def finished_table(client: TestClient, game: str, options: dict[str, Any], seed: int) -> Any:
    record = finished_record(game, options, seed)
    made = client.post("/api/records", json={"record": record, "seats": seats("human", "rules")})
    assert made.status_code == 201, made.text
    return made.json()


def mine(client: TestClient, tables: list[dict[str, str]], lang: str = "en") -> Any:
    r = client.post("/api/mine", json={"tables": tables, "lang": lang})
    assert r.status_code == 200, r.text
    return r.json()


def test_finished_le_truc_and_truco_tables_show_their_results_and_statistics(
    client: TestClient,
) -> None:
    truc = finished_table(client, "truc", {"players": 2}, 3)
    truco = finished_table(client, "truco", {}, 5)
    asked = [{"table": made["id"], "token": made["seats"][0]["token"]} for made in (truc, truco)]
    got = mine(client, asked)
    assert [t["id"] for t in got["tables"]] == [truc["id"], truco["id"]]
    for t, game in zip(got["tables"], ("truc", "truco"), strict=True):
        assert t["game"] == game and t["finished"] and t["seat"] == 0
        result = t["result"]
        assert result["outcome"] in ("won", "lost")
        assert result["payoff"] == (1.0 if result["outcome"] == "won" else -1.0)
        assert max(result["games"]) > 0 and result["deals"] > 0
        assert t["players"] == [
            {
                "seat": 1,
                "name": t["players"][0]["name"],
                "kind": "bot",
                "level": "rules",
                "level_name": "medium",
                "partner": False,
            }
        ]
        assert t["level"] == "rules" and t["level_name"] == "medium"
        assert t["title"] and t["created"]
        assert all(isinstance(o, str) and ": " in o for o in t["option_texts"])
    stats = got["stats"]
    assert [(s["game"], s["level"]) for s in stats] == [("truc", "rules"), ("truco", "rules")]
    for s, t in zip(stats, got["tables"], strict=True):
        assert s["matches"] == 1 and s["wins"] == (t["result"]["outcome"] == "won")
        assert s["deals"] == t["result"]["deals"]
        assert s["points_per_deal"] == round(t["result"]["points"] / t["result"]["deals"], 2)
    # Again: from the kept summaries, the same answer; in Russian, the words change.
    assert mine(client, asked) == got
    ru = mine(client, asked, "ru")
    assert ru["tables"][0]["level_name"] != "medium"
    # Tokens are never sent back.
    text = client.post("/api/mine", json={"tables": asked}).text
    assert all(a["token"] not in text for a in asked)


def test_a_wrong_token_or_a_stranger_table_reveals_nothing(client: TestClient) -> None:
    made = client.post(
        "/api/tables",
        json={"game": "truc", "options": {"players": 2}, "seats": seats("human", "human")},
    ).json()
    other = made["seats"][1]["token"]
    assert mine(client, [{"table": made["id"], "token": "x" * 43}]) == {"tables": [], "stats": []}
    assert mine(client, [{"table": "nosuchtable", "token": other}]) == {"tables": [], "stats": []}
    # The other seat's token is that seat's, not the first's.
    got = mine(client, [{"table": made["id"], "token": other}])
    assert [(t["seat"], t["finished"], t["result"]["outcome"]) for t in got["tables"]] == [
        (1, False, None)
    ]
    assert got["stats"] == []
    # A move later the answer is new (summaries are kept by the table's version), read
    # from the store as from the live table.
    first = made["seats"][0]["token"]
    for token in (first, other):  # the seat to act moves
        with client.websocket_connect(f"/ws/{made['id']}?token={token}") as ws:
            while (state := ws.receive_json())["type"] != "state":
                pass
            if not state["legal"]:
                continue
            ws.send_json({"type": "act", "action": state["legal"][0]["action"]})
            while ws.receive_json()["type"] != "ack":
                pass
            break
    again = mine(client, [{"table": made["id"], "token": first}])["tables"][0]
    assert again["version"] == 1 and again["seat"] == 0
    client.app.state.hub.tables.clear()  # type: ignore[attr-defined]
    stored = mine(client, [{"table": made["id"], "token": other}])["tables"][0]
    assert stored["version"] == 1 and stored["seat"] == 1


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ([], "send a JSON object"),
        ({}, "'tables' is missing"),
        ({"tables": "abc"}, "must be a list"),
        ({"tables": [1]}, "each table is"),
        ({"tables": [{"table": "a b", "token": "x" * 43}]}, "table's id"),
        ({"tables": [{"table": "abc", "token": 5}]}, "seat's token"),
        ({"tables": [{"table": "abc", "token": "x" * 43, "more": 1}]}, "each table is"),
        ({"tables": [{"table": "abc", "token": "x" * 43}] * 201}, "at most 200"),
    ],
)
def test_a_malformed_list_is_refused_in_a_sentence(
    client: TestClient, body: Any, says: str
) -> None:
    r = client.post("/api/mine", json=body)
    assert r.status_code == 400, r.text
    assert says in r.json()["detail"]


def test_the_list_is_rate_limited_per_address(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'app.db'}", downloads_per_minute=2)
    with TestClient(create_app(settings)) as c:
        codes = [c.post("/api/mine", json={"tables": []}).status_code for _ in range(4)]
    assert codes[:2] == [200, 200] and codes[-1] == 429


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_store_reads_many_tables_seats_in_one_go(tmp_path: Path, backend: str) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}" if backend == "sqlite" else webserver.postgres_or_skip()
    store = Store(url)
    ids = []
    for n in range(3):
        table = StoredTable(
            id=new_table_id(),
            game="truc",
            options={"players": 2},
            seed=n,
            dealer=0,
            start={},
            deals=[],
            names=["Ann", "Computer"],
            seats=[SeatSpec("human", None, f"{n}" * 64), SeatSpec("bot", "rules", "b" * 64)],
        )
        store.create(table)
        ids.append(table.id)
    try:
        found = store.seat_hashes([*ids[:2], "no-such-table"])
        assert sorted(found) == sorted(ids[:2])
        for n, table_id in enumerate(ids[:2]):
            assert found[table_id].seats == [("human", f"{n}" * 64), ("bot", "b" * 64)]
            assert found[table_id].created_at is not None
        assert store.seat_hashes([]) == {}
    finally:
        store.close()
