"""The incremental protocol: frames carry what is new, lines are rendered once per observer
and language, tables have a message budget, and Tetka's faded tricks are never sent."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tricktaker.core import State, get_game
from tricktaker.server import frames
from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from tricktaker.server.frames import Heard, Narrator, state_frame
from webserver import seats

ROOT = Path(__file__).resolve().parents[1]


def played(game_id: str, moves: int, seed: int = 5, **options: Any) -> State:
    game = get_game(game_id)
    state = game.new_match(game.options(options), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.to_act is None:
            break
        state.apply(rng.choice(list(state.legal_actions())))
    return state


def frame(
    narrator: Narrator, state: State, observer: int | None, heard: Heard, lang: str = "en"
) -> dict[str, Any]:
    game = get_game(state.to_record()["game"])
    names = [f"P{s}" for s in range(state.players)]
    text = state_frame(narrator, game, state, observer, lang, names, None, heard)
    out: dict[str, Any] = json.loads(text)
    return out


def test_a_frame_carries_only_what_is_new_and_the_sheet_only_when_it_changed() -> None:
    state = played("preferans", 30)
    narrator, heard = Narrator(), Heard()
    first = frame(narrator, state, 0, heard)
    assert [e["n"] for e in first["events"]] == list(range(len(state.events(0, 0))))
    assert first["next_event"] == len(first["events"]) and "sheet" in first["texts"]
    rng = random.Random(1)
    deals = len(state.finished_deals())
    for _ in range(40):
        before = heard.next_event
        state = state.clone()  # as the server moves its table on
        state.apply(rng.choice(list(state.legal_actions())))
        told = state.events(0, 0)
        out = frame(narrator, state, 0, heard)
        assert [e["n"] for e in out["events"]] == list(range(before, len(told)))
        assert [e["kind"] for e in out["events"]] == [e.kind for e in told[before:]]
        now = len(state.finished_deals())
        assert ("sheet" in out["texts"]) == (now != deals)  # rows only when a deal ended
        deals = now
        assert out["rules"] == []  # once a connection


def test_no_frame_renders_an_old_event_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each event's line is rendered once per observer and language, however many frames
    and sockets: what a frame costs does not grow with the match."""
    rendered: list[int] = []
    item = frames.Stream._item

    def counted(self: frames.Stream, event: Any, *args: Any) -> str:
        rendered.append(event.number)
        return item(self, event, *args)

    monkeypatch.setattr(frames.Stream, "_item", counted)
    state = played("tetka", 200, target=50)
    narrator = Narrator()
    sockets = [Heard() for _ in range(5)]  # five spectators
    frame(narrator, state, None, sockets[0])
    total = len(state.events(0, None))
    # Each event once, and those of faded tricks once more as told faded.
    assert sorted(set(rendered)) == list(range(total)) and len(rendered) < 2 * total
    first = len(rendered)
    for heard in sockets[1:]:
        frame(narrator, state, None, heard)
    assert len(rendered) == first  # nothing again for the four others
    rendered.clear()
    state = state.clone()
    state.apply(next(iter(state.legal_actions())))
    for heard in sockets:
        frame(narrator, state, None, heard)
    new = len(state.events(0, None)) - total
    assert 0 < len(rendered) <= 2 * new + 10  # the new events, and those that just faded
    assert min(rendered) >= total - 15
    rendered.clear()
    for heard in sockets:  # a language for all five: the whole log again, rendered once
        heard.next_event = 0
        frame(narrator, state, None, heard, lang="ru")
    total = len(state.events(0, None))
    assert sorted(set(rendered)) == list(range(total)) and len(rendered) < 2 * total


def test_a_copy_of_a_state_tells_only_its_own_new_events() -> None:
    """KeptEvents.fork: a copy reads the events its original told, and neither reaches
    the other when each goes its own way."""
    for game_id in ("tetka", "preferans"):
        state = played(game_id, 60)
        for seat in (None, 0, 1):
            state.events(0, seat)
        copy = state.clone()
        rng = random.Random(3)
        state.apply(rng.choice(list(state.legal_actions())))
        moves = list(copy.legal_actions())
        copy.apply(moves[-1])
        for s in (state, copy):
            game = get_game(game_id)
            fresh = game.new_match(game.options({}), seed=5)
            for text in s.to_record()["actions"]:
                fresh.apply(text)
            for seat in (None, 0, 1):
                assert s.events(0, seat) == fresh.events(0, seat)


# --- Tetka: nothing of a trick the rules no longer show -------------------------------


def _cards_in_events(events: list[dict[str, Any]]) -> set[str]:
    cards: set[str] = set()
    for e in events:
        data = e.get("data") or {}
        if e["kind"] == "action" and data.get("card"):
            cards.add(data["card"])
        if e["kind"] == "trick":
            cards.update(c for _s, c in data.get("played", []) if c)
        if e["kind"] == "deal_end":
            cards.update(str(p).partition(":")[2] for t in data.get("played", []) for p in t)
    return cards


def _reviewable(view: dict[str, Any]) -> set[str]:
    cards = {c for _s, c in view["table"]}
    for trick in view["review"]:
        cards.update(c for _s, c in trick["played"])
    return cards


def test_a_late_tetka_frame_holds_no_card_of_a_faded_trick() -> None:
    """A client that connects late (since=0) holds no card of a trick the rules no longer
    show; one that follows every move is told each move as it happened (the cards were
    on the table) and, by its next frame, holds nothing more than the review either."""
    state = played("tetka", 40, target=50)
    narrator = Narrator()
    follow = {who: Heard() for who in (None, 0, 1, 2, 3)}
    logs: dict[int | None, dict[int, dict[str, Any]]] = {who: {} for who in follow}
    rng = random.Random(9)
    last_tricks = 0
    for who, heard in follow.items():
        for e in frame(narrator, state, who, heard)["events"]:
            logs[who][e["n"]] = e
    for move in range(300):
        state = state.clone()
        state.apply(rng.choice(list(state.legal_actions())))
        for who, heard in follow.items():
            out = frame(narrator, state, who, heard)
            for e in out["faded"]:
                logs[who][e["n"]] = e
            # Before this frame's news, the client holds only what the rules show now.
            held = _cards_in_events(list(logs[who].values()))
            assert held <= _reviewable(out["view"]), (move, who)
            for e in out["events"]:
                logs[who][e["n"]] = e
            ended = [e for e in out["events"] if e["kind"] == "deal_end"]
            if ended and who == 0:  # the deal's last trick, told as it happened
                last = [e for e in out["events"] if e["kind"] == "trick"][-1]
                assert all(c for _s, c in last["data"]["played"])
                assert _cards_in_events(ended)  # the deal's story, at its end
                last_tricks += 1
            hands = [e for e in logs[who].values() if e["kind"] == "deal" and "hand" in e["data"]]
            assert len(hands) <= 2  # the deal under way, and the one just over
    assert last_tricks >= 2
    for who in follow:  # and a client that connects now, from the start
        late = frame(narrator, state, who, Heard())
        assert late["faded"] == []
        assert _cards_in_events(late["events"]) <= _reviewable(late["view"])
        assert not any(e["kind"] == "deal_end" and "played" in e["data"] for e in late["events"])


def test_tetka_fades_alike_in_a_sampled_world() -> None:
    """A sampled state's log begins with the seat's memory in one entry: the first shown
    event is numbered as in the true state (FadingEvents.shown_from)."""
    game = get_game("tetka")
    for seed in range(6):
        rng = random.Random(seed)
        state = played("tetka", rng.randrange(5, 200), seed=seed, target=50)
        seat = state.to_act
        assert seat is not None
        world = game.sample_state(state.view(seat), state.events(0, seat), random.Random(1))
        assert world.shown_from(seat) == state.shown_from(seat)  # type: ignore[attr-defined]


# --- over the socket -------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'app.db'}",
        bot_delay=0,
        actions_per_second=1000,
        action_burst=1000,
        table_messages_per_second=1000,
        table_message_burst=1000,
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


def play(ws: Any, state: dict[str, Any]) -> dict[str, Any]:
    """Send the first legal move; the last state before its ack."""
    ws.send_json({"type": "act", "action": state["legal"][0]["action"]})
    last = state
    while True:
        m = ws.receive_json()
        if m["type"] == "state":
            last = m
        elif m["type"] == "ack":
            return last
        else:
            raise AssertionError(m)


def test_a_reconnecting_client_gets_only_the_rest(client: TestClient) -> None:
    made = create(client, "tetka", {}, ["human", "random", "random", "random"])
    url = f"/ws/{made['id']}?token={made['seats'][0]['token']}"
    with client.websocket_connect(url) as ws:
        ws.receive_json()
        state = receive_state(ws)
        while not state["legal"]:
            state = receive_state(ws)
        state = play(ws, state)
        seen = state["next_event"]
    assert seen > 0
    with client.websocket_connect(url + f"&since={seen}") as ws:
        ws.receive_json()
        again = receive_state(ws)
    assert [e["n"] for e in again["events"]] == list(range(seen, again["next_event"]))
    with client.websocket_connect(url + "&since=999999") as ws:  # more than there is
        ws.receive_json()
        beyond = receive_state(ws)
    assert beyond["events"] == [] and beyond["next_event"] >= again["next_event"]


def test_a_language_for_many_spectators_is_rendered_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = create(client, "tetka", {}, ["human", "human", "human", "human"])
    rendered: list[tuple[int | None, int]] = []
    item = frames.Stream._item

    def counted(self: frames.Stream, event: Any, *args: Any) -> str:
        rendered.append((self.observer, event.number))
        return item(self, event, *args)

    monkeypatch.setattr(frames.Stream, "_item", counted)
    url = f"/ws/{made['id']}"
    with (
        client.websocket_connect(url) as a,
        client.websocket_connect(url) as b,
        client.websocket_connect(url) as c,
    ):
        for ws in (a, b, c):
            ws.receive_json(), receive_state(ws)
        english = len(rendered)
        for ws in (a, b, c):
            ws.send_json({"type": "lang", "lang": "ru"})
        russian = [receive_state(ws) for ws in (a, b, c)]
    total = len(russian[0]["events"])
    assert english == total  # once for the three spectators (nothing has faded yet)
    assert len(rendered) == 2 * total  # and once more for Russian, shared by the three
    assert all(r["rules"] and r["events"][0]["n"] == 0 for r in russian)
    assert russian[0]["events"] == russian[2]["events"]


def test_many_sockets_cannot_flood_one_table(tmp_path: Path) -> None:
    """Each socket is within its own pace, but the table's budget is shared: past it a
    message is answered "slow down", and a socket that keeps on is closed 1008."""
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'f.db'}",
        bot_delay=0,
        actions_per_second=1000,
        action_burst=1000,
        table_messages_per_second=0.01,
        table_message_burst=4,
        refusals_before_close=5,
    )
    with TestClient(create_app(settings)) as c:
        made = create(c, "truc", {"players": 2}, ["human", "human"])
        other = create(c, "truc", {"players": 2}, ["human", "human"])
        url = f"/ws/{made['id']}"
        with c.websocket_connect(url) as a, c.websocket_connect(url) as b:
            for ws in (a, b):
                ws.receive_json(), receive_state(ws)
            answers = []
            for ws in (a, b, a, b, a, b):  # spectators' pings: three each
                ws.send_json({"type": "ping"})
                answers.append(ws.receive_json())
            assert [x["type"] for x in answers[:4]] == ["pong"] * 4
            assert all("slow down" in x.get("message", "") for x in answers[4:])
            # Another table's budget is its own.
            with c.websocket_connect(f"/ws/{other['id']}") as d:
                d.receive_json(), receive_state(d)
                d.send_json({"type": "ping"})
                assert d.receive_json()["type"] == "pong"
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(10):
                    a.send_text("junk")
                    a.receive_json()
            assert closed.value.code == 1008


def test_the_frame_cost_bench_runs_tiny() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import frame_cost
    finally:
        sys.path.remove(str(ROOT / "bench"))
    early, at = frame_cost.frame_cost("tetka", 2, 3)
    assert early > 0 and at == 2
    tiny = ["--early", "2", "--late", "40", "--moves", "2", "--games", "truco", "--repeats", "1"]
    assert frame_cost.main(tiny) == 0


def test_a_resumed_page_asks_for_the_lines_before_its_number(client: TestClient) -> None:
    """A reload keeps only its number: it resumes from there, then asks ``history``."""
    made = create(client, "tetka", {}, ["human", "random", "random", "random"])
    url = f"/ws/{made['id']}?token={made['seats'][0]['token']}"
    with client.websocket_connect(url) as ws:
        ws.receive_json()
        state = receive_state(ws)
        while not state["legal"]:
            state = receive_state(ws)
        whole = play(ws, state)
    with client.websocket_connect(url) as ws:
        ws.receive_json()
        everything = receive_state(ws)["events"]
    seen = len(everything) - 3
    with client.websocket_connect(url + f"&since={seen}") as ws:
        ws.receive_json()
        rest = receive_state(ws)
        ws.send_json({"type": "history", "before": seen})
        history = answer(ws)
        ws.send_json({"type": "history", "before": "all"})
        refused = answer(ws)
        ws.send_json({"type": "history", "before": seen})
        twice = answer(ws)
    assert whole["next_event"] <= len(everything)
    # (The bots play on meanwhile: a trick may have faded since, so numbers and kinds.)
    assert history["type"] == "history"
    told = [(e["n"], e["kind"]) for e in history["events"]]
    assert told == [(e["n"], e["kind"]) for e in everything[:seen]]
    assert [e["n"] for e in rest["events"]][:1] == [seen]
    assert refused["type"] == "error" and twice["type"] == "error"  # once a connection


def answer(ws: Any) -> dict[str, Any]:
    """The next message that is not a state frame (the bots may move meanwhile)."""
    while True:
        m = ws.receive_json()
        if m["type"] != "state":
            return dict(m)


def test_a_spectator_is_never_asked_to_move(client: TestClient) -> None:
    """Le Truc's words read seat 0's hint to a spectator ("Your turn"): the server tells
    him whom the table waits for instead, and offers him no move."""
    for game, options, kinds in (
        ("truc", {"players": 2}, ["human", "human"]),
        ("truco", {}, ["human", "human"]),
        ("tetka", {}, ["human"] * 4),
    ):
        made = create(client, game, options, kinds)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.receive_json()
            watched = receive_state(ws)
        assert watched["legal"] == [] and watched["groups"] == []
        hint = watched["texts"]["hint"]
        assert "Your" not in hint and hint.startswith("Waiting for"), (game, hint)
