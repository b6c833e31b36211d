"""Abuse of the web app from outside: forged proxy headers, framing, unclean names,
floods of costly requests; and what it tells everyone of a table's deals (its origin, its
committed seed) and of a finished match (the record the rules let everyone see).

Each test here fails if its protection is taken away: forged headers that were believed
would make a new address per request, a missing header or policy is named, a name with
U+202E or NUL would come back as given, a limit that was not counted would answer 201.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tricktaker.core.fairness import seed_hash, verify_text
from tricktaker.core.records import replay_text
from tricktaker.server import serve as serve_module
from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from tricktaker.server.middleware import content_security_policy
from tricktaker.server.security import MAX_NAME, TrustedProxies, clean_name, forwarded_chain
from tricktaker.server.tables import Hub
from webserver import seats

CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][cdhs])(?![0-9A-Za-z])")


def settings(tmp_path: Path, **changes: Any) -> Settings:
    base: dict[str, Any] = {
        "database_url": f"sqlite:///{tmp_path / 'abuse.db'}",
        "bot_delay": 0,
        "actions_per_second": 1000,
        "action_burst": 1000,
    }
    return Settings(**{**base, **changes})


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(settings(tmp_path))) as c:
        yield c


TABLE = {"game": "truc", "seats": seats("human", "human")}


# ------------------------------------------------------------------ proxy headers


def forged(n: int) -> dict[str, str]:
    return {
        "X-Forwarded-For": f"203.0.113.{n}",
        "X-Real-IP": f"198.51.100.{n}",
        "Forwarded": f"for=192.0.2.{n}",
    }


def test_forged_proxy_headers_do_not_make_a_new_address(tmp_path: Path) -> None:
    """By default no proxy is trusted: a client writing a new X-Forwarded-For (or
    X-Real-IP, or Forwarded) at each request still shares one limit."""
    with TestClient(create_app(settings(tmp_path, tables_per_minute=2))) as c:
        codes = [c.post("/api/tables", json=TABLE, headers=forged(i)).status_code for i in range(4)]
    assert codes == [201, 201, 429, 429]


def test_a_trusted_proxy_forwards_each_client_address(tmp_path: Path) -> None:
    """Behind a proxy of --forwarded-allow-ips each client has his own limit; the same
    forged headers from a peer that is not the proxy are still ignored."""
    proxied = settings(tmp_path, tables_per_minute=1, forwarded_allow_ips="10.0.0.0/8")
    app = create_app(proxied)
    with TestClient(app, client=("10.1.2.3", 4000)) as via_proxy:
        for i in range(3):
            r = via_proxy.post("/api/tables", json=TABLE, headers={"X-Forwarded-For": f"1.2.3.{i}"})
            assert r.status_code == 201, r.text
        again = via_proxy.post("/api/tables", json=TABLE, headers={"X-Forwarded-For": "1.2.3.0"})
        assert again.status_code == 429
    with TestClient(create_app(proxied), client=("192.0.2.9", 4000)) as direct:
        codes = [
            direct.post("/api/tables", json=TABLE, headers=forged(i)).status_code for i in range(2)
        ]
        assert codes == [201, 429]


def test_the_client_is_the_right_most_address_not_a_trusted_proxy() -> None:
    trusted = TrustedProxies.parse("10.0.0.1, 10.0.1.0/24")
    chain = [(b"x-forwarded-for", b"6.6.6.6, 1.1.1.1"), (b"x-forwarded-for", b"10.0.1.7")]
    # 6.6.6.6 was written by the client himself: the proxy saw 1.1.1.1.
    assert trusted.client("10.0.0.1", chain) == "1.1.1.1"
    assert trusted.client("10.0.0.2", chain) is None  # the peer is not a proxy: ignored
    assert trusted.client("10.0.0.1", [(b"x-forwarded-for", b"10.0.1.1")]) == "10.0.1.1"
    assert trusted.client("10.0.0.1", []) is None
    forwarded = [(b"forwarded", b'for="[2001:db8::1]:443";proto=https, for=10.0.1.3')]
    assert trusted.client("10.0.0.1", forwarded) == "2001:db8::1"
    assert forwarded_chain([(b"x-real-ip", b"5.5.5.5:80")]) == ["5.5.5.5"]
    anyone = TrustedProxies.parse("*")
    assert anyone.client("8.8.8.8", [(b"x-forwarded-for", b"7.7.7.7")]) == "7.7.7.7"
    assert not TrustedProxies.parse("") and not TrustedProxies.parse(None)
    with pytest.raises(ValueError, match="not an IP address"):
        TrustedProxies.parse("10.0.0.1, proxy.example")


def test_serve_turns_off_uvicorns_own_proxy_headers(monkeypatch: pytest.MonkeyPatch) -> None:
    """uvicorn believes X-Forwarded-For from 127.0.0.1 unless told not to: serve tells it,
    and refuses a --forwarded-allow-ips that is not a list of addresses."""
    ran: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.update(kw))
    monkeypatch.setattr(serve_module, "settle_heap", lambda: None)  # the test's own collector
    monkeypatch.delenv("TRICKTAKER_FORWARDED_ALLOW_IPS", raising=False)
    assert (
        serve_module.serve("127.0.0.1", 8000, "sqlite:///:memory:", 0, "127.0.0.1", warm=False) == 0
    )
    assert ran["proxy_headers"] is False and ran["forwarded_allow_ips"] == ""
    assert serve_module.serve("127.0.0.1", 8000, None, 0, "localhost", warm=False) == 2


def test_the_environment_names_the_trusted_proxies(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRICKTAKER_FORWARDED_ALLOW_IPS", "10.0.0.1")
    assert Settings.from_env().forwarded_allow_ips == "10.0.0.1"
    assert Settings.from_env(forwarded_allow_ips="*").forwarded_allow_ips == "*"
    assert Settings().forwarded_allow_ips == ""


# ---------------------------------------------------------------- security headers


@pytest.mark.parametrize(
    "path", ["/", "/t/abc", "/replay", "/static/js/main.js", "/api/games", "/api/tables/nope"]
)
def test_every_answer_has_the_security_headers(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    policy = r.headers["content-security-policy"]
    for part in (
        "default-src 'self'",
        "script-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "connect-src 'self' ws://testserver wss://testserver",
    ):
        assert part in policy, part
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'" and "unsafe-eval" not in policy


def test_a_refusal_has_them_too(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path, tables_per_minute=1))) as c:
        c.post("/api/tables", json=TABLE)
        r = c.post("/api/tables", json=TABLE)
        assert r.status_code == 429 and r.headers["x-frame-options"] == "DENY"


def test_a_strange_host_is_not_written_into_the_policy() -> None:
    assert "ws://" not in content_security_policy("evil; script-src *")
    assert "ws://[::1]:8000" in content_security_policy("[::1]:8000")


# --------------------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("Alice\u202egnp.exe", "Alicegnp.exe"),  # a right-to-left override
        ("Bob\x00\x07", "Bob"),
        ("\u2066Eve\u2069 \u200e\u200f", "Eve"),  # isolates and marks
        ("  Ann \t\n  B  ", "Ann B"),
        ("Cafe\u0301", "Café"),  # NFC
        ("\u200b\u200d", ""),  # nothing left: the default
        ("x" * 100, "x" * MAX_NAME),
    ],
)
def test_names_are_cleaned(given: str, kept: str) -> None:
    assert clean_name(given) == kept
    assert clean_name(given, default="Player 1") == (kept or "Player 1")


def test_names_are_cleaned_where_they_enter(client: TestClient) -> None:
    made = client.post(
        "/api/tables", json={**TABLE, "names": ["Ann\u202e\x00 nnA", "\u2067\u2069"]}
    ).json()
    assert client.get(f"/api/tables/{made['id']}").json()["names"] == ["Ann nnA", "Player 2"]
    record = {"game": "truc", "seed": 3, "names": ["Zoë\u202e\x01", "x"], "actions": []}
    resumed = client.post("/api/records", json={"record": record}).json()
    assert client.get(f"/api/tables/{resumed['id']}").json()["names"][0] == "Zoë"
    replayed = client.post("/api/replay", json={"record": record}).json()
    assert replayed["frames"][0]["names"] == ["Zoë", "x"]


# --------------------------------------------------------------------- rate limits


def test_reading_tables_and_records_is_limited_per_address(tmp_path: Path) -> None:
    """Reading a table may replay its whole stored match: limited per address, and the
    refusal is in the client's language."""
    with TestClient(create_app(settings(tmp_path, downloads_per_minute=3))) as c:
        table = c.post("/api/tables", json=TABLE).json()["id"]
        codes = [c.get(f"/api/tables/{table}").status_code for _ in range(2)]
        codes.append(c.get(f"/api/tables/{table}/record").status_code)
        assert codes == [200, 200, 409]
        refused = c.get(f"/api/tables/{table}/record", headers={"Accept-Language": "ru,en;q=0.5"})
        assert refused.status_code == 429
        assert (
            refused.json()["detail"] == "Слишком много запросов с этого адреса: подождите минуту."
        )
        english = c.get(f"/api/tables/{table}")
        assert english.status_code == 429 and "wait a minute" in english.json()["detail"]


def test_a_replay_refusal_speaks_the_language_asked(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path, replays_per_minute=1))) as c:
        record = {"game": "truc", "seed": 1, "actions": []}
        assert c.post("/api/replay", json={"record": record}).status_code == 200
        r = c.post("/api/replay?lang=ru", json={"record": record})
        assert r.status_code == 429 and "подождите минуту" in r.json()["detail"]


# ------------------------------------------------- fair deals and the shown record


def play_out(client: TestClient, table_id: str) -> None:
    """Play a table to its end with the first legal action, through the hub (every seat a
    person's: no bot moves meanwhile)."""
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.tables[table_id]
    while (seat := table.state.to_act) is not None:
        action = str(table.state.legal_actions()[0])
        client.portal.call(hub.act, table, seat, action)  # type: ignore[union-attr]


def test_a_fresh_table_commits_to_its_seed_and_tetka_reveals_it_at_the_end(
    client: TestClient,
) -> None:
    made = client.post(
        "/api/tables",
        json={"game": "tetka", "options": {"target": 1}, "seats": seats(*["human"] * 4)},
    ).json()
    info = client.get(f"/api/tables/{made['id']}").json()
    assert info["origin"] == "server" and re.fullmatch(r"[0-9a-f]{64}", info["seed_hash"])
    assert client.get(f"/api/tables/{made['id']}/record").status_code == 409
    play_out(client, made["id"])
    record = client.get(f"/api/tables/{made['id']}/record").json()
    # Every card of a Tetka deal is played face up: the full record, seed and all.
    assert "partial" not in record and record["seed_hash"] == info["seed_hash"]
    assert seed_hash(record["seed"]) == info["seed_hash"]
    outcome = verify_text(json.dumps(record))
    assert (outcome.exit_code, outcome.output["ok"]) == (0, True)
    assert replay_text(json.dumps(record)).output["finished"] is True
    # A seat's token changes nothing: the same record for everyone.
    token = made["seats"][0]["token"]
    assert client.get(f"/api/tables/{made['id']}/record?token={token}").json() == record


def test_truco_shows_a_partial_record_without_its_seed(client: TestClient) -> None:
    made = client.post(
        "/api/tables", json={"game": "truco", "seats": seats("human", "human")}
    ).json()
    play_out(client, made["id"])
    token = made["seats"][0]["token"]
    shown = client.get(f"/api/tables/{made['id']}/record?token={token}").json()
    assert shown["partial"] is True and "seed" not in shown
    assert "hands" not in json.dumps(shown) and "down" not in json.dumps(shown["actions"])
    assert re.fullmatch(r"[0-9a-f]{64}", shown["seed_hash"])
    assert replay_text(json.dumps(shown)).exit_code == 2
    assert verify_text(json.dumps(shown)).exit_code == 2


def test_a_table_from_an_uploaded_record_is_marked_for_everyone(client: TestClient) -> None:
    record = {"game": "truc", "seed": 7, "actions": []}
    made = client.post("/api/records", json={"record": record}).json()
    info = client.get(f"/api/tables/{made['id']}").json()
    assert (info["origin"], info["seed_hash"]) == ("record", None)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello = ws.receive_json()
        assert hello["table"]["origin"] == "record"
    fresh = client.post("/api/tables", json=TABLE).json()
    with client.websocket_connect(f"/ws/{fresh['id']}") as ws:
        assert ws.receive_json()["table"]["origin"] == "server"


def test_the_origin_survives_a_restart(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as c:
        made = c.post("/api/records", json={"record": {"game": "truc", "seed": 1}}).json()
    with TestClient(create_app(settings(tmp_path))) as c:
        assert c.get(f"/api/tables/{made['id']}").json()["origin"] == "record"


def test_no_hidden_card_leaves_in_a_shown_truc_record(client: TestClient) -> None:
    """Le Truc's unplayed cards never show: every card of the shown record was played."""
    made = client.post("/api/tables", json=TABLE).json()
    play_out(client, made["id"])
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    state = hub.tables[made["id"]].state
    shown = client.get(f"/api/tables/{made['id']}/record").json()
    played = {c for e in state.events(0, None) for c in CARD.findall(json.dumps(e.to_json()))}
    assert set(CARD.findall(json.dumps(shown))) <= played


def test_a_finished_table_replays_as_each_seat_saw_it(client: TestClient) -> None:
    """Where the shown record is partial, "Watch the replay" replays the table's own
    match: each frame as the token's seat saw it, the public's without a token."""
    made = client.post(
        "/api/tables", json={"game": "truco", "seats": seats("human", "human")}
    ).json()
    early = client.get(f"/api/tables/{made['id']}/replay")
    assert early.status_code == 409
    play_out(client, made["id"])
    token = made["seats"][1]["token"]
    mine = client.get(f"/api/tables/{made['id']}/replay?token={token}&lang=ru").json()
    assert mine["seat"] == 1 and mine["error"] is None
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    applied = hub.tables[made["id"]].applied
    assert len(mine["frames"]) == applied + 1
    assert all(f["table"]["seat"] == 1 for f in mine["frames"])
    public = client.get(f"/api/tables/{made['id']}/replay?token=forged-token-123").json()
    assert public["seat"] is None and all(f["table"]["hand"] == [] for f in public["frames"])


def test_serve_on_the_command_line_refuses_a_bad_proxy_list(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tricktaker.cli import main

    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: pytest.fail("the server started"))
    assert main(["serve", "--forwarded-allow-ips", "10.0.0.1,nonsense"]) == 2
    assert "'nonsense' is not an IP address or network" in capsys.readouterr().out


def test_opening_sockets_is_limited_per_address(tmp_path: Path) -> None:
    """Each new socket may load and replay a stored match: one address may not open them
    without end, even one at a time."""
    with TestClient(create_app(settings(tmp_path, connects_per_minute=2))) as c:
        table = c.post("/api/tables", json=TABLE).json()["id"]
        for _ in range(2):
            with c.websocket_connect(f"/ws/{table}") as ws:
                assert ws.receive_json()["type"] == "hello"
        with c.websocket_connect(f"/ws/{table}") as ws, pytest.raises(WebSocketDisconnect) as shut:
            ws.receive_json()
        assert shut.value.code == 1008
