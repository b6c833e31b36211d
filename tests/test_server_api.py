"""The web app's HTTP API and WebSocket, in process (Starlette's test client).

Every message a seat receives is built from its view and events: no card the
rules hide from it ever appears in one. Bad input — an unknown game or
option, hostile JSON, a stranger's token, an illegal action, a flood of
actions, a huge message — gets a clear answer and changes nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from preferans_helpers import OPEN_WHIST, web_record
from tricktaker.bots import levels
from tricktaker.cards import CARD_NAMES
from tricktaker.core import get_game
from tricktaker.core.registry import game_ids
from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from webserver import seats

CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][cdhs])(?![0-9A-Za-z])")


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


def create(client: TestClient, game: str, options: dict[str, Any], kinds: list[str]) -> Any:
    r = client.post("/api/tables", json={"game": game, "options": options, "seats": seats(*kinds)})
    assert r.status_code == 201, r.text
    return r.json()


def receive_state(ws: Any) -> dict[str, Any]:
    while True:
        m = ws.receive_json()
        if m["type"] == "state":
            return dict(m)


def act(ws: Any, action: str) -> dict[str, Any]:
    """Send an action; the state messages until its ack (the last one returned) or an error."""
    ws.send_json({"type": "act", "action": action})
    last: dict[str, Any] = {}
    while True:
        m = ws.receive_json()
        if m["type"] == "state":
            last = m
        elif m["type"] == "ack":
            return last
        elif m["type"] == "error":
            return dict(m)


def test_the_lobby_lists_every_registered_game_with_options_and_levels(client: TestClient) -> None:
    for lang in ("en", "ru"):
        games = client.get(f"/api/games?lang={lang}").json()
        # The most played first (server.routes.lobby.LOBBY_ORDER), not the alphabet.
        assert [g["id"] for g in games] == ["truco", "preferans", "truc", "tetka"]
        assert sorted(g["id"] for g in games) == sorted(game_ids())
        for g in games:
            schema = get_game(g["id"]).option_schema()
            assert [o["name"] for o in g["options"]] == [s.name for s in schema]
            assert all(o["help"] for o in g["options"])
            assert "random" in g["levels"] and g["levels"] == levels(g["id"])
        assert all("rules" in g["levels"] for g in games if g["id"] in ("truc", "truco"))
        tetka = next(g for g in games if g["id"] == "tetka")
        assert tetka["players"] == [4]
        assert tetka["title"] == ("Tetka" if lang == "en" else "Тётка")
        assert [o["name"] for o in tetka["options"]] == ["revoke", "target"]
        if lang == "ru":  # the game's own words, in the asked language
            assert all(re.search("[а-я]", o["help"]) for o in tetka["options"])
    ru = client.get("/api/i18n/ru").json()
    assert ru["You"] == "Вы"
    assert client.get("/api/i18n/xx").status_code == 404


def test_pages_are_served(client: TestClient) -> None:
    for path in ("/", "/t/abc", "/replay"):
        r = client.get(path)
        assert r.status_code == 200 and "<html" in r.text.lower()


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"game": "chess"}, "no game"),
        ({"game": "truc", "options": {"players": 5}, "seats": seats("human", "rules")}, "players"),
        ({"game": "truc", "options": {"colour": 1}, "seats": seats("human", "rules")}, "unknown"),
        ({"game": "truc", "seats": seats("human")}, "give 2 seats"),
        ({"game": "truc", "seats": seats("rules", "rules")}, "at least one seat"),
        ({"game": "truc", "seats": seats("human", "grandmaster")}, "no computer level"),
        ({"game": "truc", "seats": [{"kind": "alien"}, {"kind": "human"}]}, "'kind'"),
        ({"game": "truc", "options": [1], "seats": seats("human", "rules")}, "'options'"),
        ([1, 2, 3], "send an object"),
    ],
)
def test_a_bad_table_request_is_refused_clearly(
    client: TestClient, body: Any, fragment: str
) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    assert fragment in r.json()["detail"]


@pytest.mark.parametrize(
    "raw",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"game": "truc", "options": {"players": ' + "9" * 5000 + "}}",
        '{"game": "truc", "seed": NaN}',
        "not json at all",
        "\xff\xfe",
    ],
)
def test_hostile_json_is_refused_without_a_traceback(client: TestClient, raw: str) -> None:
    r = client.post(
        "/api/tables",
        content=raw.encode("utf-8", "surrogateescape"),
        headers={"content-type": "application/json"},
    )
    assert r.status_code in (400, 413), r.text
    assert "Traceback" not in r.text


def test_an_oversized_upload_is_refused(tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'a.db'}", bot_delay=0, max_upload_bytes=1000
    )
    with TestClient(create_app(settings)) as c:
        r = c.post("/api/records", content=b"{" + b" " * 5000 + b"}")
        assert r.status_code == 413


def test_a_seat_plays_against_the_computer_and_sees_only_its_cards(client: TestClient) -> None:
    """Each message holds no card beyond the seat's own view and events (which the
    conformance suite proves hide what the rules hide), and never the other hand."""
    made = create(client, "truc", {"players": 2}, ["human", "rules"])
    token = made["seats"][0]["token"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{made['id']}?token={token}") as ws:
        hello = ws.receive_json()
        assert hello["type"] == "hello" and hello["seat"] == 0
        state = receive_state(ws)
        for _ in range(40):
            live = hub.tables[made["id"]].state
            allowed = set(CARD.findall(json.dumps(live.view(0).to_json())))
            allowed |= {c for e in live.events(0, 0) for c in CARD.findall(json.dumps(e.to_json()))}
            shown = set(CARD.findall(json.dumps(state)))
            assert shown <= allowed, f"seat 0 was shown {shown - allowed}"
            now = set(CARD.findall(json.dumps([state[k] for k in ("table", "view", "legal")])))
            theirs = {CARD_NAMES[c] for c in live.view(1).hand}
            # Against the computer's hand in the same deal: the bot may already have moved on
            # to the next one, whose new hand may hold a card this message showed played.
            if state["view"]["deal_number"] == live.view(0).to_json()["deal_number"]:
                assert not now & theirs, f"seat 0 is shown the computer's {now & theirs}"
            if state["table"]["finished"]:
                break
            if not state["legal"]:
                state = receive_state(ws)
                continue
            assert all(a["label"] for a in state["legal"])
            state = act(ws, state["legal"][0]["action"])
            assert state.get("type") == "state", state
    info = client.get(f"/api/tables/{made['id']}").json()
    assert info["applied"] > 0 and info["seats"][1] == {"seat": 1, "kind": "bot", "level": "rules"}


def test_illegal_and_foreign_actions_are_refused_and_change_nothing(client: TestClient) -> None:
    made = create(client, "truc", {"players": 2}, ["human", "human"])
    t0, t1 = (s["token"] for s in made["seats"])
    with (
        client.websocket_connect(f"/ws/{made['id']}?token={t0}") as ws0,
        client.websocket_connect(f"/ws/{made['id']}?token={t1}") as ws1,
    ):
        ws0.receive_json(), ws1.receive_json()
        s0, s1 = receive_state(ws0), receive_state(ws1)
        mover, other = (ws0, ws1) if s0["legal"] else (ws1, ws0)
        waiting = s1 if s0["legal"] else s0
        seat_waiting = waiting["table"]["seat"]
        for bad in [f"{seat_waiting}:fold", "0:play Zz", "", "x" * 300, 7]:
            m = act(other, bad)  # type: ignore[arg-type]
            assert m["type"] == "error" and m["message"], m
        legal = (s0 if mover is ws0 else s1)["legal"]
        m = act(mover, legal[0]["action"].split(":")[0] + ":no-such-verb")
        assert m["type"] == "error"
        assert client.get(f"/api/tables/{made['id']}").json()["applied"] == 0
        other.send_text("not json")
        assert other.receive_json()["type"] == "error"
        other.send_json({"type": "dance"})
        assert other.receive_json()["type"] == "error"


def test_a_wrong_token_is_refused_and_a_spectator_cannot_act(client: TestClient) -> None:
    made = create(client, "truc", {"players": 2}, ["human", "rules"])
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/{made['id']}?token={'A' * 32}") as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4403
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        assert ws.receive_json()["seat"] is None
        state = receive_state(ws)
        assert state["table"]["hand"] == [] and state["legal"] == []
        m = act(ws, "0:fold")
        assert m["type"] == "error"
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/nope!") as ws:
        ws.receive_json()


def test_a_flood_of_actions_is_slowed_and_a_huge_message_closes(tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'f.db'}",
        bot_delay=0,
        actions_per_second=0.01,
        action_burst=3,
        max_message_bytes=500,
    )
    with TestClient(create_app(settings)) as c:
        made = create(c, "truc", {"players": 2}, ["human", "human"])
        token = made["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{made['id']}?token={token}") as ws:
            ws.receive_json(), receive_state(ws)
            answers = []
            for _ in range(6):
                ws.send_json({"type": "ping"})
                answers.append(ws.receive_json())
            assert [a["type"] for a in answers[:3]] == ["pong"] * 3
            assert any("slow down" in a.get("message", "") for a in answers[3:])
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            c.websocket_connect(f"/ws/{made['id']}?token={token}") as ws,
        ):
            ws.receive_json(), receive_state(ws)
            ws.send_text("x" * 1000)
            ws.receive_json()
        assert closed.value.code == 1009


def test_reconnecting_resumes_from_the_last_event_seen(client: TestClient) -> None:
    made = create(client, "truc", {"players": 2}, ["human", "rules"])
    token = made["seats"][0]["token"]
    url = f"/ws/{made['id']}?token={token}"
    with client.websocket_connect(url) as ws:
        ws.receive_json()
        first = receive_state(ws)
        if first["legal"]:
            first = act(ws, first["legal"][0]["action"])
        seen = first["next_event"]
        everything = [e["n"] for e in first["events"]]
    with client.websocket_connect(url + f"&since={seen}") as ws:
        ws.receive_json()
        again = receive_state(ws)
        assert all(e["n"] >= seen for e in again["events"])
    with client.websocket_connect(url) as ws:
        ws.receive_json()
        full = receive_state(ws)
        assert [e["n"] for e in full["events"]][: len(everything)] == list(range(len(everything)))


def test_the_record_is_shown_at_the_end_only_and_uploads_resume(client: TestClient) -> None:
    made = create(client, "truc", {"players": 2}, ["human", "human"])
    t0 = made["seats"][0]["token"]
    early = client.get(f"/api/tables/{made['id']}/record?token={t0}")
    assert early.status_code == 409 and "not over" in early.json()["detail"]
    assert "seed" not in early.text and "hands" not in early.text
    with client.websocket_connect(f"/ws/{made['id']}?token={t0}") as ws:
        ws.receive_json()
        state = receive_state(ws)
        if state["legal"]:
            act(ws, state["legal"][0]["action"])
    full = {"game": "truc", "options": {"players": 2}, "seed": 7, "actions": []}
    r = client.post("/api/records", json={"record": full})
    assert r.status_code == 201, r.text
    info = client.get(f"/api/tables/{r.json()['id']}").json()
    assert info["seats"][0]["kind"] == "human" and info["seats"][1]["kind"] == "bot"
    bad = client.post("/api/records", json={"record": {"game": "truc", "actions": ["9:fold"]}})
    assert bad.status_code == 400 and "cannot be resumed" in bad.json()["detail"]


def test_the_replay_viewer_gets_one_frame_per_action(client: TestClient) -> None:
    record = {
        "game": "truc",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [{"hands": [["7h", "8c", "9d"], ["7s", "8d", "Kc"]]}],
        "actions": ["1:redeal", "0:refuse", "1:play 8d", "0:play 9d"],
    }
    r = client.post("/api/replay", json={"record": record, "seat": 1, "lang": "ru"})
    assert r.status_code == 200, r.text
    frames = r.json()["frames"]
    assert len(frames) == 5 and r.json()["error"] is None
    assert frames[0]["table"]["hand"] and "7h" not in json.dumps(frames[0]["table"])
    assert sum(len(f["events"]) for f in frames) == len(
        {e["n"] for f in frames for e in f["events"]}
    )
    bad = client.post("/api/replay", json={"record": {**record, "actions": ["0:fold"]}})
    assert bad.json()["error"]["index"] == 0


def test_a_failing_computer_does_not_stop_the_table(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot that raises has the rules level move for it, and the match goes on (the
    details: test_server_bot_failures)."""
    made = create(client, "truc", {"players": 2}, ["human", "rules"])
    table = client.app.state.hub.tables[made["id"]]  # type: ignore[attr-defined]

    def broken(*_: object) -> None:
        raise RuntimeError("a bug in the bot")

    monkeypatch.setattr(table.bots[1], "act", broken)
    token = made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{made['id']}?token={token}") as ws:
        ws.receive_json()
        state = receive_state(ws)
        for _ in range(10):
            state = act(ws, state["legal"][0]["action"]) if state["legal"] else receive_state(ws)
            if (
                state["table"]["to_act"] == 0
                and client.get(f"/api/tables/{made['id']}").json()["applied"] >= 3
            ):
                break
    assert client.get(f"/api/tables/{made['id']}").json()["applied"] >= 3


@pytest.mark.parametrize(
    ("game", "direction"),
    [("truc", "left"), ("truco", "right"), ("tetka", "left"), ("preferans", "left")],
)
def test_the_table_says_which_way_play_turns(client: TestClient, game: str, direction: str) -> None:
    """The page seats the next player on the left (Le Truc, Tetka) or the right (Truco)."""
    options = {} if game == "tetka" else {"players": 4}  # Tetka is for four alone
    made = create(client, game, options, ["human", "random", "random", "random"])
    with client.websocket_connect(f"/ws/{made['id']}?token={made['seats'][0]['token']}") as ws:
        ws.receive_json()
        assert receive_state(ws)["table"]["direction"] == direction


#: A card as the game's words write it (English), in the texts a page shows.
CARD_TEXT = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")


def cards_in_texts(texts: object) -> set[str]:
    """The cards named in words (``Q♠``), in the notation (``Qs``)."""
    return {
        ("T" if rank == "10" else rank) + "cdhs"["♣♦♥♠".index(suit)]
        for rank, suit in CARD_TEXT.findall(json.dumps(texts, ensure_ascii=False))
    }


def test_a_tetka_table_for_four_each_for_himself(client: TestClient) -> None:
    """Four seats, one side each; the page's words show the photograph, the marks, the
    tricks taken, the proved revokes and only the tricks the seat may review: no text
    names a card of an older trick, nor of another hand."""
    made = create(client, "tetka", {"revoke": "penalized"}, ["human", "random", "random", "random"])
    token = made["seats"][0]["token"]
    queens = {f"Q{s}" for s in "cdhs"}
    with client.websocket_connect(f"/ws/{made['id']}?token={token}") as ws:
        ws.receive_json()
        state = receive_state(ws)
        assert state["sides"] == [0, 1, 2, 3] and len(set(state["side_names"])) == 4
        assert state["table"]["players"] == 4 and state["table"]["direction"] == "left"
        texts = state["texts"]
        assert texts["title"] == "Tetka"
        assert texts["status"][0].startswith("Marks: You 0 · ")
        assert texts["table_lines"][0].startswith(f"Photograph: {texts_card(state)}")
        revokes = 0
        lines: list[str] = []
        public: set[str] = set()
        while not lines:
            # What the message itself says the seat may see (the bots may be further on).
            view = state["view"]
            review = view["review"]
            seen = {c for t in review for _s, c in t["played"]} | set(view["hand"])
            seen |= {c for _s, c in view["table"]} | {view["photo"]} | queens
            assert [t["trick"] for t in review] == list(
                range(view["trick_number"] - len(review), view["trick_number"])
            )
            done = view["trick_number"] - 1  # tricks finished in this deal
            assert len(review) == min(done, 1 if 0 in view["led"] else 2)
            # Photographs and the seat draw (a second deck), as their deals began: the sheet
            # keeps every deal's photograph.
            deals = [e["data"] for e in state["events"] if e["kind"] == "deal"]
            public |= {c for d in deals for c in [d["photo"], *d.get("draw", [])]}
            seen |= public
            told = [e["text"] for e in state["events"]]
            words = [state["texts"], told, [a["label"] for a in state["legal"]]]
            assert cards_in_texts(words) <= seen, cards_in_texts(words) - seen
            revokes = max(revokes, len(view["revokes"]))
            if view["revokes"]:
                assert any(line.startswith("Revokes proved — ") for line in texts_of(state))
            ends = [e for e in state["events"] if e["kind"] == "deal_end"]
            if ends:
                lines = ends[0]["lines"]
                break
            state = act(ws, state["legal"][0]["action"]) if state["legal"] else receive_state(ws)
            assert state.get("type") == "state", state
    # The deal is over: its story is told trick by trick, with the marks; the sheet has it.
    assert len(lines) >= 16 and lines[0].startswith("Deal marks: ")
    assert any(line.startswith("Trick 1: ") for line in lines)
    assert state["texts"]["sheet"]["header"][:2] == ["Deal", "Photograph"]
    assert len(state["texts"]["sheet"]["rows"]) == 1
    assert revokes > 0  # the first card of each turn is often off suit: revokes were told


def texts_card(state: dict[str, Any]) -> str:
    """The photograph as the words write it."""
    photo = state["view"]["photo"]
    rank = "10" if photo[0] == "T" else photo[0]
    return rank + "♣♦♥♠"["cdhs".index(photo[1])]


def texts_of(state: dict[str, Any]) -> list[str]:
    return list(state["texts"]["table_lines"])


#: Lines of the words that write bids and contracts, whose labels (``7♠``) read like cards.
CONTRACT_LINE = re.compile(
    r"^(Bidding|Contract|Bid:|Top bid|Your word|Name your contract|All-passes)"
)


def preferans_known(events: list[dict[str, Any]]) -> set[str]:
    """The cards a seat's own events showed it: its hand, a talon shown to it, hands laid
    open, talon leads, its own discard, every card played."""
    known: set[str] = set()
    for e in events:
        d = e["data"]
        if e["kind"] == "deal":
            known |= set(d.get("hand", []))
        elif e["kind"] == "talon":
            known |= set(d["cards"])
        elif e["kind"] == "show":
            known |= {c for _s, hand in d["hands"] for c in hand}
        elif e["kind"] == "talon_lead":
            known.add(d["talon_card"])
        elif e["kind"] == "action":
            known |= set(d.get("cards", [])) | ({d["card"]} if "card" in d else set())
    return known


def test_a_preferans_table_from_the_bidding_to_the_sheet(client: TestClient) -> None:
    """Three seats, each for himself, Leningrad: the page's words take the seat through the
    bidding, the talon, the discard, the whists and the play to the end of a deal; no text
    names a card the seat was not shown; the sheet is drawn as on paper."""
    made = create(
        client, "preferans", {"rules": "leningrad", "pool": 10}, ["human", "random", "random"]
    )
    token = made["seats"][0]["token"]
    events: list[dict[str, Any]] = []
    verbs: set[str] = set()
    with client.websocket_connect(f"/ws/{made['id']}?token={token}") as ws:
        ws.receive_json()
        state = receive_state(ws)
        assert state["sides"] == [0, 1, 2] and state["table"]["players"] == 3
        texts = state["texts"]
        assert texts["title"] == "Preferans"
        assert texts["status"][0].startswith("If the pulya were closed now (in whists): You +0 · ")
        assert texts["paper"][0] == "Leningrad, pulya to 10"
        assert texts["paper"][2].split() == ["pulya", "—", "—", "—"]
        ends: list[dict[str, Any]] = []
        while not ends:
            events += state["events"]
            known = preferans_known(events)
            told = [e["text"] for e in state["events"] if e["text"]]
            lines = [x for x in state["texts"]["table_lines"] if not CONTRACT_LINE.match(x)]
            shown = cards_in_texts([told, lines, state["texts"].get("paper", [])])
            assert shown <= known, shown - known
            for item in state["legal"]:
                verbs.add(item["action"].split(":")[1].split(" ")[0])
                assert item["label"] and item["label"] != item["action"]
            # The discard is one choice of two cards (core.pairs), named by the game.
            discards = [x for x in state["legal"] if ":discard " in x["action"]]
            assert state["texts"]["pairs"] == ({"discard": "Discard"} if discards else {})
            ends = [e for e in state["events"] if e["kind"] == "deal_end"]
            if ends:
                break
            legal = [x["action"] for x in state["legal"]]
            passes = [a for a in legal if a.endswith(":pass")]
            pick = (
                passes[0]
                if passes and state["view"]["phase"] == "bidding"
                else (legal or [None])[0]
            )
            state = act(ws, pick) if pick else receive_state(ws)
            assert state.get("type") == "state", state
    lines = ends[0]["lines"]
    assert lines[1].startswith(("Pulya: ", "Gora: ", "Over the pulya: ", "Whists for the all-pass"))
    assert state["texts"]["sheet"]["header"][:3] == ["Deal", "Contract", "Result"]
    assert len(state["texts"]["sheet"]["rows"]) == 1
    assert "pass" in verbs


def test_the_lobby_names_options_and_values_in_the_games_words(client: TestClient) -> None:
    """OptionWords: preferans' options and conventions by their names in each language;
    a game without the hook keeps the notation."""
    for lang, names, rules in (
        ("en", ["Rules", "Pulya (pool)", "Players", "Must overtake"], "Sochi"),
        ("ru", ["Правила", "Пуля", "Игроков", "Перебивать обязательно"], "Сочинка"),
    ):
        games = {g["id"]: g for g in client.get(f"/api/games?lang={lang}").json()}
        options = games["preferans"]["options"]
        assert [o["label"] for o in options[:4]] == names
        assert options[0]["choices"] == ["sochi", "leningrad", "rostov", "pot"]
        assert options[0]["choice_labels"][0] == rules
        assert options[0]["choice_labels"][3] == (
            "Pot game (old rules, for stakes)"
            if lang == "en"
            else "Котёл (старинные правила, на ставки)"
        )
        assert options[2]["choice_labels"] == (
            ["three", "four, the dealer sitting out"]
            if lang == "en"
            else ["трое", "четверо, сдающий на прикупе"]
        )
        # Overtaking means something in the pot game only: the lobby shows it there alone.
        assert options[3]["applies_when"] == {"rules": ["pot"]}
        assert all("applies_when" not in o for o in options[:3])
        # The house rules follow, each under the conventions it belongs to.
        failed = next(o for o in options if o["name"] == "failed")
        assert failed["label"] == ("Failed contract" if lang == "en" else "Ремиз")
        assert failed["applies_when"] == {"rules": ["leningrad"]}
        assert failed["choice_labels"] == (
            ["the value per trick", "doubled"]
            if lang == "en"
            else ["стоимость за взятку", "вдвойне"]
        )
        for g in games.values():
            for o in g["options"]:
                assert o["label"]
                assert len(o.get("choice_labels", [])) == len(o.get("choices", []))


def upload(client: TestClient, record: dict[str, Any]) -> Any:
    made = client.post(
        "/api/records", json={"record": record, "seats": seats("human", "rules", "rules")}
    )
    assert made.status_code == 201, made.text
    return made.json()


def test_the_state_message_carries_rules_groups_and_hands_laid_open(client: TestClient) -> None:
    """The rules for the table's options, the bids laid out as a grid (ActionGroups) and the
    hands laid open (ShownHands) to those who see them, spectators included."""
    made = upload(client, web_record())
    with client.websocket_connect(f"/ws/{made['id']}?token={made['seats'][0]['token']}") as ws:
        ws.receive_json()
        state = receive_state(ws)
        ws.send_json({"type": "act", "action": "0:pass"})
        after = receive_state(ws)
        ws.send_json({"type": "lang", "lang": "ru"})
        russian = receive_state(ws)
    assert state["rules"] and state["rules"][0].startswith("Preferans: three players")
    assert after["rules"] == []  # once a connection: they never change at a table
    assert russian["rules"] and russian["rules"][0].startswith("Преферанс")
    assert state["table"]["shown"] == []
    legal = [x["action"] for x in state["legal"]]
    groups = state["groups"]
    cells = [legal[i] for group in groups for row in group for i in row if i is not None]
    assert sorted(cells) == sorted(legal)  # every bid and the pass, each once
    grid = next(group for group in groups if len(group) > 1)
    assert all(len(row) == 5 for row in grid) and len(grid) <= 5
    assert [legal[i] for i in grid[-1]] == [f"0:bid 10{s}" for s in ("s", "c", "d", "h", "nt")]
    alone = [legal[group[0][0]] for group in groups if len(group) == 1 and len(group[0]) == 1]
    assert "0:bid misere" in alone and "0:pass" in alone

    uploaded = upload(client, web_record(*OPEN_WHIST))
    with client.websocket_connect(
        f"/ws/{uploaded['id']}?token={uploaded['seats'][0]['token']}"
    ) as ws:
        ws.receive_json()
        state = receive_state(ws)
    assert state["table"]["shown"] == [
        [2, ["Td", "Jd", "Qd", "Kd", "Ad", "Th", "Jh", "Qh", "Kh", "Ah"]]
    ]
    assert state["groups"] == []  # no layout for the play: the cards are clicked
    with client.websocket_connect(f"/ws/{uploaded['id']}") as ws:
        ws.receive_json()
        watched = receive_state(ws)
    assert [seat for seat, _cards in watched["table"]["shown"]] == [0, 2]
    assert watched["rules"] == state["rules"]
    record = web_record()
    record["actions"] = list(OPEN_WHIST)
    replay = client.post("/api/replay", json={"record": record, "seat": 0})
    assert replay.json()["frames"][-1]["table"]["shown"][0][0] == 2
    assert replay.json()["frames"][0]["rules"]


def test_the_state_message_carries_the_rules_in_force_in_one_line(client: TestClient) -> None:
    """The house rules agreed (docs/rules/preferans.md), in one line with the convention,
    to each seat and spectator, once a connection, in the reader's language."""
    options = {"rules": "leningrad", "failed": "double", "stalingrad": True}
    body = {"game": "preferans", "options": options, "seats": seats("human", "human", "rules")}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    table = made.json()
    line = "Leningrad, pulya 20; Failed contract: doubled; Stalingrad (six of spades whisted)"
    with client.websocket_connect(f"/ws/{table['id']}?token={table['seats'][1]['token']}") as ws:
        ws.receive_json()
        state = receive_state(ws)
        ws.send_json({"type": "lang", "lang": "ru"})
        russian = receive_state(ws)
    assert state["rules_summary"] == line
    assert russian["rules_summary"].startswith("Ленинградка, пуля 20; Ремиз: вдвойне")
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.receive_json()
        assert receive_state(ws)["rules_summary"] == line
    # A table at the defaults: the convention and the pulya alone.
    plain = upload(client, web_record())
    with client.websocket_connect(f"/ws/{plain['id']}?token={plain['seats'][0]['token']}") as ws:
        ws.receive_json()
        assert receive_state(ws)["rules_summary"] == "Sochi, pulya 20"


def answer(ws: Any) -> dict[str, Any]:
    """The next message that answers the client (a hint or an error), past the table's news."""
    while True:
        m = ws.receive_json()
        if m["type"] in ("hint", "error"):
            return dict(m)


def test_a_hint_comes_to_the_seat_to_act_only(client: TestClient) -> None:
    """A seat on its turn gets the computer's move and a sentence (in its language); the
    other seat, not to act, and a spectator are refused; nothing is played or told."""
    made = create(client, "truc", {"players": 2}, ["human", "human"])
    t0, t1 = (s["token"] for s in made["seats"])
    with (
        client.websocket_connect(f"/ws/{made['id']}?token={t0}&lang=ru") as ws0,
        client.websocket_connect(f"/ws/{made['id']}?token={t1}&lang=ru") as ws1,
        client.websocket_connect(f"/ws/{made['id']}") as watcher,
    ):
        ws0.receive_json(), ws1.receive_json(), watcher.receive_json()
        s0, s1 = receive_state(ws0), receive_state(ws1)
        receive_state(watcher)
        mover, other = (ws0, ws1) if s0["legal"] else (ws1, ws0)
        legal = {item["action"] for item in (s0 if mover is ws0 else s1)["legal"]}
        mover.send_json({"type": "hint"})
        hint = answer(mover)
        assert hint["type"] == "hint", hint
        assert hint["action"] in legal and hint["label"] and hint["why"]
        assert any("а" <= ch <= "я" for ch in hint["why"].lower())
        assert {o["action"] for o in hint["options"]} <= legal
        mover.send_json({"type": "hint"})  # again at the same moment: the same hint, kept
        assert answer(mover) == hint
        other.send_json({"type": "hint"})
        refused = answer(other)
        assert (
            refused["type"] == "error" and refused["message"] == "Подсказка — только когда ваш ход."
        )
        watcher.send_json({"type": "hint"})
        refused = answer(watcher)
        assert refused == {"type": "error", "message": "Spectators get no hints."}
        assert client.get(f"/api/tables/{made['id']}").json()["applied"] == 0


def test_a_failing_advisor_is_told_and_the_table_goes_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("the advisor saw 7h")

    monkeypatch.setattr("tricktaker.server.hints.advise", broken)
    made = create(client, "truc", {"players": 2}, ["human", "random"])
    token = made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{made['id']}?token={token}") as ws:
        ws.receive_json()
        state = receive_state(ws)
        while not state["legal"]:
            state = receive_state(ws)
        ws.send_json({"type": "hint"})
        assert answer(ws) == {"type": "error", "message": "No hint now: try again."}
        assert act(ws, state["legal"][0]["action"])["type"] != "error"
