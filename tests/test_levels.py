"""The computer levels in play (issue 11): their names, and bots that think for seconds.

Players know the levels as easy, medium, strong and expert (Russian «лёгкий»,
«средний», «сильный», «мастер»); the ids (``random``, ``rules``, ``search``,
``deep``) stay what the command line and the API take. A search level thinks for
seconds, so the server and the terminal must keep answering while it does: a
slow bot registered for the test proves its move is computed off the event loop,
and a short, real search plays a whole deal through the server.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from textual.pilot import Pilot

from test_server_api import act, receive_state
from test_terminal import make_session, run_app, screen_text
from tricktaker.bots import registry
from tricktaker.bots.registry import level_name, levels, levels_help
from tricktaker.bots.search import Budget, SearchBot
from tricktaker.cli import main
from tricktaker.core.actions import Action
from tricktaker.core.errors import IllegalAction
from tricktaker.core.events import Event
from tricktaker.core.i18n import translator
from tricktaker.core.protocol import View
from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from tricktaker.terminal.app import PlayApp
from tricktaker.terminal.modals import HelpScreen
from webserver import seats

LEVELS = ["random", "rules", "search", "deep"]
NAMES = {
    "en": ["easy", "medium", "strong", "expert"],
    "ru": ["лёгкий", "средний", "сильный", "мастер"],
}
#: The longest any test waits for a bot or a message before it counts as stuck.
PATIENCE = 10.0


# ------------------------------------------------------------------ names


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_level_has_its_players_name(lang: str) -> None:
    _ = translator(lang)
    assert [level_name(lvl, _) for lvl in LEVELS] == NAMES[lang]
    assert level_name("solved", _) == ("solved" if lang == "en" else "решённая стратегия")
    assert level_name("unheard-of", _) == "unheard-of"  # no words of its own: its id


@pytest.mark.parametrize("game", ["truc", "truco", "tetka", "preferans"])
def test_every_game_offers_the_four_levels_weakest_first(game: str) -> None:
    assert levels(game)[:4] == LEVELS
    assert levels_help(game, translator("en")).startswith(
        "random (easy), rules (medium), search (strong), deep (expert)"
    )


def test_play_help_and_errors_give_each_id_with_its_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "random (easy), rules (medium), search (strong), deep (expert)" in help_text
    assert main(["play", "truc", "--bots", "hard"]) == 2
    error = capsys.readouterr().err
    assert "unknown bot level 'hard' for truc" in error
    assert "rules (medium)" in error and "deep (expert)" in error


# ------------------------------------------------------------------ the web app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'levels.db'}",
        bot_delay=0,
        actions_per_second=1000,
        action_burst=1000,
    )
    with TestClient(create_app(settings)) as c:
        yield c


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lobby_lists_the_levels_in_order_with_their_names(
    client: TestClient, lang: str
) -> None:
    games = client.get(f"/api/games?lang={lang}").json()
    assert {g["id"] for g in games} >= {"truc", "truco", "tetka", "preferans"}
    for g in games:
        assert g["levels"][:4] == LEVELS
        assert g["level_names"][:4] == NAMES[lang]
        assert len(g["level_names"]) == len(g["levels"])


def test_a_computer_seat_is_named_by_its_level(client: TestClient) -> None:
    made = client.post(
        "/api/tables",
        json={"game": "truc", "seats": seats("human", "search"), "lang": "ru"},
    ).json()
    info = client.get(f"/api/tables/{made['id']}").json()
    assert info["names"][1] == "Компьютер 2 (сильный)"
    assert info["seats"][1]["level"] == "search"


class SlowBot:
    """A bot that thinks until the test lets it go, noting whether it ran on an event loop."""

    name = "slow"

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.on_loop: bool | None = None

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        try:
            asyncio.get_running_loop()
            self.on_loop = True
        except RuntimeError:
            self.on_loop = False
        self.started.set()
        self.release.wait(PATIENCE)
        return legal[0]


@pytest.fixture
def slow_bot(monkeypatch: pytest.MonkeyPatch) -> Iterator[SlowBot]:
    """A ``slow`` level for Le Truc, registered for this test only."""
    bot = SlowBot()
    levels("truc")  # the registry loaded first, so the test's entry is not overwritten
    monkeypatch.setitem(registry._BOTS, ("truc", "slow"), lambda: bot)
    try:
        yield bot
    finally:
        bot.release.set()


def test_a_bot_thinks_off_the_event_loop_while_the_server_answers(
    client: TestClient, slow_bot: SlowBot
) -> None:
    made = client.post("/api/tables", json={"game": "truc", "seats": seats("human", "slow")})
    assert made.status_code == 201, made.text
    table_id, token = made.json()["id"], made.json()["seats"][0]["token"]
    # The first dealer is seat 0, so the computer at seat 1 speaks first: it thinks now.
    assert slow_bot.started.wait(PATIENCE)
    # While it thinks, other requests are answered, and nothing is applied.
    assert client.get(f"/api/tables/{table_id}").json()["applied"] == 0
    assert client.get("/api/games?lang=en").status_code == 200
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "hello"
        state = receive_state(ws)
        assert state["table"]["to_act"] == 1 and not state["legal"]
        # A move sent while the bot thinks is refused as out of turn, and changes nothing.
        refused = act(ws, "0:fold")
        assert refused["type"] == "error"
        assert not slow_bot.release.is_set()  # answered while the bot still thought
        assert client.get(f"/api/tables/{table_id}").json()["applied"] == 0
        slow_bot.release.set()
        for _ in range(20):
            state = receive_state(ws)
            if state["applied"] >= 1:
                break
        assert state["applied"] == 1
    assert slow_bot.on_loop is False  # its move was computed in a worker thread


def test_a_bot_move_for_a_moment_gone_is_dropped(client: TestClient, slow_bot: SlowBot) -> None:
    """A move chosen for an earlier moment of the table is not applied to a later one."""
    slow_bot.release.set()
    made = client.post("/api/tables", json={"game": "truc", "seats": seats("human", "slow")})
    table_id = made.json()["id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    for _ in range(100):
        table = hub.tables[table_id]
        if table.state.to_act == 0:
            break
        threading.Event().wait(0.05)
    table = hub.tables[table_id]
    assert table.state.to_act == 0
    before = table.applied
    legal = str(table.state.legal_actions()[0])
    portal = client.portal
    assert portal is not None
    assert portal.call(hub._commit, table, legal, 0, before - 1) is False
    assert table.applied == before


@pytest.fixture
def quick_search(monkeypatch: pytest.MonkeyPatch) -> list[SearchBot]:
    """Le Truc's ``search`` level with a tiny budget: the real search, quickly."""
    made: list[SearchBot] = []

    def factory() -> SearchBot:
        bot = SearchBot("truc", budget=Budget(seconds=0.01, min_worlds=2, max_worlds=4))
        made.append(bot)
        return bot

    levels("truc")
    monkeypatch.setitem(registry._BOTS, ("truc", "search"), factory)
    return made


def test_a_deal_against_search_completes_through_the_server(
    client: TestClient, quick_search: list[SearchBot]
) -> None:
    made = client.post("/api/tables", json={"game": "truc", "seats": seats("human", "search")})
    table_id, token = made.json()["id"], made.json()["seats"][0]["token"]
    table = client.app.state.hub.tables[table_id]  # type: ignore[attr-defined]
    assert table.bots[1] is quick_search[0]
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
        ws.receive_json()
        state = receive_state(ws)
        for _ in range(200):
            if table.state.finished_deals():
                break
            if not state["legal"]:
                state = receive_state(ws)
                continue
            # Playing on rather than folding, so that the search has choices to make.
            actions = [a["action"] for a in state["legal"]]
            pick = next((a for a in actions if not a.endswith("fold")), actions[0])
            state = act(ws, pick)
            assert state.get("type") == "state", state
    assert table.state.finished_deals(), "no deal was finished"
    assert quick_search[0].last_worlds >= 2  # it searched: its budget's worlds at least


# ------------------------------------------------------------------ the terminal


def test_the_terminal_answers_keys_while_the_computer_thinks(
    tmp_path: Path, slow_bot: SlowBot
) -> None:
    """The rules open at once while a bot thinks (the screen answers keys), and the
    status says it thinks; its move, thought over in a worker thread, is played once
    it has chosen."""
    setup, session = make_session(bots={1: slow_bot})
    moved = False

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        nonlocal moved
        for _ in range(100):
            if slow_bot.started.is_set() or session.to_act == 0:
                break
            await pilot.pause(0.02)
        if session.to_act == 0:  # the human speaks first: play, then the bot's turn
            await pilot.press("1")
            for _ in range(100):
                if slow_bot.started.is_set():
                    break
                await pilot.pause(0.02)
        assert slow_bot.started.is_set() and session.to_act == 1
        before = session._actions
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)  # answered while the bot thinks
        await pilot.press("escape")
        await pilot.pause()
        assert "computer: easy · thinking…" in screen_text(app)
        assert not slow_bot.release.is_set()
        assert session._actions == before
        slow_bot.release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        moved = session._actions == before + 1
        assert "computer: easy" in screen_text(app) and "thinking" not in screen_text(app)

    run_app(setup, session, tmp_path, body)
    assert moved and slow_bot.on_loop is False


def test_a_stale_bot_choice_is_refused_by_the_session(tmp_path: Path) -> None:
    _setup, session = make_session(level="random")
    turn = session.bot_turn()
    if turn is None:  # the human first: any move of his, then the bot's moment
        session.play(session.legal()[0])
        turn = session.bot_turn()
    assert turn is not None
    choice = session.think(turn)
    assert not isinstance(choice, Exception)
    assert session.finish_bot(turn, choice) is None
    with pytest.raises(IllegalAction, match="moved on"):
        session.finish_bot(turn, choice)
