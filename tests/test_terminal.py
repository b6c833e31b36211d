"""Terminal play, headless: the screen shows the human's view only, and matches are saved.

The textual app runs under ``App.run_test`` with no pause for the computer;
keys are pressed as a player would press them. What is "on the screen" is the
text of the rendered screen, line by line.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tricktaker.bots import Bot, make_bot
from tricktaker.cards import CARD_NAMES, parse_card
from tricktaker.core.actions import Action
from tricktaker.core.errors import TricktakerError
from tricktaker.core.protocol import View
from tricktaker.core.records import replay_text
from tricktaker.games.truc import GAME, TrucAction, TrucState
from tricktaker.i18n import Translator, translator
from tricktaker.terminal import app as app_module
from tricktaker.terminal import words
from tricktaker.terminal.app import run_play, setup_session
from tricktaker.terminal.session import ActionEvent, Session, events_between
from tricktaker.terminal.truc_app import KEYS, ActionButton, TrucApp

SIZE = (110, 44)
CARD_ON_SCREEN = re.compile(r"(10|[2-9JQKAВДКТ])([♣♦♥♠])")


def screen_text(app: TrucApp) -> str:
    """The rendered screen, as the terminal would show it (one line per row)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


def cards_on_screen(text: str, tr: Translator) -> set[int]:
    back = {words.rank_text(r, tr): r for r in "789TJQKA"}
    suits = dict(zip(words.SUITS, "cdhs", strict=True))
    return {parse_card(back[rank] + suits[suit]) for rank, suit in CARD_ON_SCREEN.findall(text)}


def state_of(session: Session) -> TrucState:
    """The hidden state, for the test's eyes only (the screen never reads it)."""
    state: TrucState = session._state
    return state


async def settle(pilot: Pilot[None], session: Session) -> None:
    """Let the computer play until the human must act or the match is over."""
    for _ in range(500):
        if session.finished or session.to_act == 0:
            await pilot.pause()
            return
        await pilot.pause()
    raise AssertionError("the computer never handed the turn back")


def key_for(app: TrucApp, action: TrucAction) -> str:
    ordered = words.ordered_actions(app.session.legal())
    return KEYS[ordered.index(action)]


def make_session(
    players: int, seed: int, bots: Mapping[int, Bot] | None = None, dealer: int = 1
) -> Session:
    state = GAME.new_match(GAME.options({"players": players}), seed=seed, dealer=dealer)
    seats = range(1, players)
    chosen = dict(bots) if bots else {s: make_bot("random", "truc") for s in seats}
    names = words.seat_names(players, translator("en"))
    return Session(state, chosen, names, seed)


def run_app(
    session: Session,
    lang: str,
    save_dir: Path,
    body: Callable[[TrucApp, Pilot[None]], Awaitable[None]],
) -> TrucApp:
    tr = translator(lang)
    app = TrucApp(session, tr, save_dir, bot_delay=0)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, session)
            await body(app, pilot)

    asyncio.run(main())
    return app


def check_human_screen(app: TrucApp, lang: str) -> None:
    """At the human's turn: his hand, the score, and every legal action in words."""
    tr = translator(lang)
    session = app.session
    text = screen_text(app)
    view = session.view()
    assert tr("Your cards: ").strip() in text
    for card in view.hand:
        assert words.card_plain(card, tr) in text
    score = tr("Score: {a} {x} — {b} {y} (to {g})").format(
        a=app.sides[0], x=view.score[0], b=app.sides[1], y=view.score[1], g=12
    )
    assert score in text
    for i, action in enumerate(words.ordered_actions(session.legal())):
        label = words.action_label(action, view, tr).plain
        assert f"{KEYS[i]} {label}" in text, (label, text)
    state = state_of(session)
    if state.deal_no == 0:
        # Nothing but the human's cards and the cards played can be on the screen.
        hidden = {
            c for seat in range(1, state.n) for c in range(52) if (state.hands[seat] >> c) & 1
        }
        hidden |= set(state.stock[state.stock_pos :])
        shown = cards_on_screen(text, tr)
        played = {c for trick in view.tricks for _s, c in trick[0]} | {c for _s, c in view.table}
        assert not shown & hidden, [CARD_NAMES[c] for c in shown & hidden]
        assert shown <= set(view.hand) | set(view.set_aside) | played


# ------------------------------------------------------------------ playing


@pytest.mark.parametrize(("players", "lang"), [(2, "en"), (2, "ru"), (4, "en"), (4, "ru")])
def test_play_a_deal_with_keys(players: int, lang: str, tmp_path: Path) -> None:
    session = make_session(players, seed=11 + players)
    rng = random.Random(5)
    screens: list[str] = []

    async def body(app: TrucApp, pilot: Pilot[None]) -> None:
        while len(session.view().deals) < 2:
            assert not session.finished
            if session.to_act == 0:
                check_human_screen(app, lang)
                screens.append(screen_text(app))
                chosen = rng.choice(session.legal())
                before = len(state_of(session).actions)
                await pilot.press(key_for(app, chosen))
                assert state_of(session).actions[before] == chosen
            await settle(pilot, session)
        text = screen_text(app)
        tr = translator(lang)
        assert tr("Last deal: ").strip() in text
        assert words.deal_result(session.view().deals[-1], app.sides, tr) in text

    run_app(session, lang, tmp_path, body)
    assert screens, "the human never had a turn"


def test_a_key_with_no_action_does_nothing(tmp_path: Path) -> None:
    session = make_session(2, seed=3)

    async def body(app: TrucApp, pilot: Pilot[None]) -> None:
        before = len(state_of(session).actions)
        await pilot.press("9")
        await pilot.press("x")
        assert len(state_of(session).actions) == before
        assert session.to_act == 0

    run_app(session, "en", tmp_path, body)


def test_buttons_can_be_clicked(tmp_path: Path) -> None:
    session = make_session(2, seed=4)

    async def body(app: TrucApp, pilot: Pilot[None]) -> None:
        fold = next(a for a in session.legal() if a.verb == "fold")
        button = next(b for b in app.query(ActionButton) if b.game_action == fold)
        await pilot.click(button)
        await settle(pilot, session)
        assert session.view().deals[0]["end"] == "folded"
        assert session.view().deals[0]["winner"] == 1

    run_app(session, "en", tmp_path, body)


class TalkativeBot:
    """Sends a private word whenever it may, then plays like ``random``."""

    name = "talkative"

    def __init__(self, say: str, signal: str) -> None:
        self.words = {"say": say, "signal": signal}
        self.views: list[View] = []

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        self.views.append(view)
        for a in legal:
            if a.verb in self.words and a.args == (self.words[a.verb],):
                return a
        quiet = [a for a in legal if a.verb not in ("say", "signal")]
        return quiet[rng.randrange(len(quiet))]


def test_four_players_partner_messages_shown_opponents_hidden(tmp_path: Path) -> None:
    partner = TalkativeBot("high", "7")
    opponents = {s: TalkativeBot("best", "A") for s in (1, 3)}
    session = make_session(4, seed=21, bots={2: partner, **opponents})
    tr = translator("en")
    seen: list[str] = []

    async def body(app: TrucApp, pilot: Pilot[None]) -> None:
        while len(session.view().deals) < 3:
            seen.append(screen_text(app))
            legal = [a for a in session.legal() if a.verb not in ("say", "signal")]
            if legal:
                await pilot.press(key_for(app, legal[0]))
            await settle(pilot, session)
        seen.append(screen_text(app))

    run_app(session, "en", tmp_path, body)
    everything = "\n".join(seen)
    # Words are shown as 'Name: “text”' (messages line and log); the human's own
    # buttons may offer the same texts, so look for them with a speaker's name.
    partner_words = {
        f"Partner: “{tr(w)}”" for w in (words.SAY_TEXTS["high"], words.SIGNAL_TEXTS["7"])
    }
    assert any(w in everything for w in partner_words)
    assert tr("Private messages: ").strip() in everything
    for name in ("West", "East"):
        for word in (words.SAY_TEXTS["best"], words.SIGNAL_TEXTS["A"]):
            assert f"{name}: “{tr(word)}”" not in everything
        assert f"{name}: “" in everything  # they do speak in public ("Pass", "Accept"...)
    # The opponents did talk; their words just never reached the human.
    opponent_said = [
        a for a in state_of(session).actions if a.seat % 2 == 1 and a.verb in ("say", "signal")
    ]
    assert opponent_said
    # And every bot saw only its own seat's view.
    for seat, bot in [(2, partner), *opponents.items()]:
        assert bot.views and all(v.seat == seat for v in bot.views)


def test_events_never_carry_an_opponents_private_word() -> None:
    state = GAME.new_match(GAME.options({"players": 4}), seed=2, dealer=0)
    before = state.view(0)
    # Seat 3 (right of the dealer) is an opponent captain and may speak in the call phase.
    assert state.to_act == 3
    state.apply("3:say best")
    assert events_between(before, state.view(0)) == []
    seen_by_partner = events_between(before, state.view(1))
    assert seen_by_partner == [ActionEvent(3, "say", "best", "call")]


# ------------------------------------------------------------------- saving


def test_quit_mid_match_offers_saving(tmp_path: Path) -> None:
    session = make_session(2, seed=8)

    async def body(app: TrucApp, pilot: Pilot[None]) -> None:
        await pilot.press(key_for(app, session.legal()[0]))
        await settle(pilot, session)
        await pilot.press("q")
        await pilot.pause()
        assert "Save it to replay it later?" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and app.saved_to is None
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()

    app = run_app(session, "en", tmp_path, body)
    assert app.saved_to is not None and app.saved_to.parent == tmp_path
    record = json.loads(app.saved_to.read_text(encoding="utf-8"))
    assert record["names"] == ["You", "Computer"]
    outcome = replay_text(app.saved_to.read_text(encoding="utf-8"))
    assert outcome.exit_code == 0 and outcome.output["ok"] is True
    assert outcome.output["finished"] is False
    assert outcome.output["applied"] == len(state_of(session).actions) > 0


def test_a_finished_match_is_saved_and_replays(tmp_path: Path) -> None:
    session = make_session(2, seed=9)

    async def body(app: TrucApp, pilot: Pilot[None]) -> None:
        while not session.finished:
            # The human gives every deal away: the quickest way to a finished match.
            fold = next(a for a in session.legal() if a.verb == "fold")
            await pilot.press(key_for(app, fold))
            await settle(pilot, session)
        text = screen_text(app)
        assert "Match over — winner: Computer" in text
        assert app.saved_to is not None
        # The path may wrap on screen: look for its file name and the command.
        assert "tricktaker replay" in text and app.saved_to.name in text

    app = run_app(session, "en", tmp_path, body)
    assert app.saved_to is not None
    assert re.fullmatch(r"\d{4}-\d\d-\d\d-\d{6}-truc\.json", app.saved_to.name)
    text = app.saved_to.read_text(encoding="utf-8")
    record = json.loads(text)
    assert record["names"] == ["You", "Computer"]
    assert record["seed"] == 9
    outcome = replay_text(text)
    assert outcome.exit_code == 0
    assert outcome.output["ok"] is True
    assert outcome.output["finished"] is True
    assert outcome.output["winner"] == 1
    assert outcome.output["games"] == [0, 2]


# -------------------------------------------------------------- command line


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["players=5"], "players"),
        (["speed=fast"], "unknown option"),
        (["players"], "name=value"),
    ],
)
def test_bad_options_exit_2_before_the_screen(
    options: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_play("truc", options, "random", "en", "1", str(tmp_path)) == 2
    err = capsys.readouterr().err
    assert err.startswith("tricktaker: ") and message in err
    assert not list(tmp_path.iterdir())


def test_unknown_game_and_level_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_play("chess", [], "random", "en", "1", "saved") == 2
    assert "unknown game" in capsys.readouterr().err
    assert run_play("truc", [], "genius", "en", "1", "saved") == 2
    assert "unknown bot level" in capsys.readouterr().err


def test_rules_level_falls_back_to_random_only_while_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = make_bot

    def without_rules(level: str, game: str) -> object:
        if level == "rules":
            raise TricktakerError("unknown bot level 'rules'; levels: random")
        return real(level, game)

    monkeypatch.setattr(app_module, "make_bot", without_rules)
    monkeypatch.setattr(app_module, "levels", lambda: ["random"])
    session, tr, notices = setup_session("truc", [], "rules", "ru", "3")
    assert notices and "random" in notices[0] and "rules" in notices[0]
    assert notices[0] != translator("en")(
        "The “{level}” computer is not available yet: you play against “{fallback}”."
    ).format(level="rules", fallback="random")
    assert session.names == ["Вы", "Компьютер (random)"]
    assert tr.lang == "ru"
    # Once "rules" is registered, its errors are not swallowed.
    monkeypatch.setattr(app_module, "levels", lambda: ["random", "rules"])
    with pytest.raises(TricktakerError):
        setup_session("truc", [], "rules", "en", "3")


def test_seed_and_options_reach_the_match() -> None:
    session, _tr, _notices = setup_session(
        "truc", ["players=4", "ties=spoil"], "random", "en", "123"
    )
    record = session.record()
    assert record["seed"] == 123
    assert record["options"] == {"players": 4, "redeal": "repeat", "ties": "spoil"}
    assert len(record["names"]) == 4
    other, _tr, _notices = setup_session("truc", [], "random", "en", None)
    assert isinstance(other.record()["seed"], int)


def test_labels_in_the_games_own_words() -> None:
    ru, en = translator("ru"), translator("en")
    state = GAME.new_match(GAME.options({}), seed=1, dealer=1)
    view = state.view(0)
    labels = {a.verb: words.action_label(a, view, ru).plain for a in state.legal_actions()}
    assert labels["double"] == "Два, если я играю?"
    assert labels["redeal"] == "Прошу карты"
    assert labels["fold"] == "Сдаюсь"
    assert all(labels[v].startswith("Сыграть ") for v in labels if v == "play")
    state.apply("0:double")
    state.apply("1:accept")
    state.apply(next(a for a in state.legal_actions() if a.verb == "play"))
    state.apply("1:double")
    view = state.view(0)
    assert [words.action_label(a, view, en).plain for a in state.legal_actions()] == [
        "Accept",
        "No",
        "Fold",
    ]
    assert "double the stake to 4" in words.hint(view, state.legal_actions(), ["You", "C"], en)
    state.apply("0:accept")
    state.apply(next(a for a in state.legal_actions() if a.verb == "play"))
    double = next(a for a in state.legal_actions() if a.verb == "double")
    assert state.to_act is not None
    assert words.action_label(double, state.view(state.to_act), ru).plain == (
        "Восемь, если я играю?"
    )


def test_rest_in_words() -> None:
    """Kabanov 7, Danilov 2, stake 4 (seed 000): "My rest" claims 5; the answer may be a rest."""
    ru, en = translator("ru"), translator("en")
    state = GAME.new_match(GAME.options({}), seed=1, dealer=1)
    state.score = [7, 2]  # set up the seed's example directly (test only)
    state.value = 4
    state._legal = None
    rest = next(a for a in state.legal_actions() if a.verb == "rest")
    assert words.action_label(rest, state.view(0), en).plain == "My rest (5 points)"
    assert words.action_label(rest, state.view(0), ru).plain == "Мой остаток (5 очков)"
    state.apply(rest)
    view = state.view(1)
    assert "claims his rest (5 points)" in words.hint(view, state.legal_actions(), ["K", "D"], en)
    assert words.stake_text(view, ["K", "D"], en) == "Stake: 4 · rest claimed: 5 points (K)"
    labels = [words.action_label(a, view, ru).plain for a in state.legal_actions()]
    assert labels == ["Принимаю", "Нет", "Мой остаток — сдача решает круг", "Сдаюсь"]


def test_help_shows_the_rules_and_blocks_action_keys(tmp_path: Path) -> None:
    session = make_session(4, seed=6, dealer=0)

    async def body(app: TrucApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        text = screen_text(app)
        assert "Как играть" in text
        assert "Старшинство от старшей к младшей: 7 8 Т К Д В 10 9" in text
        before = len(state_of(session).actions)
        await pilot.press("1")  # not an action while the rules are open
        assert len(state_of(session).actions) == before
        await pilot.press("escape")
        await settle(pilot, session)
        assert "Как играть" not in screen_text(app)

    run_app(session, "ru", tmp_path, body)


def test_a_failed_save_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the save folder should be", encoding="utf-8")
    session = make_session(2, seed=8)

    async def body(app: TrucApp, pilot: Pilot[None]) -> None:
        await pilot.press(key_for(app, session.legal()[0]))
        await settle(pilot, session)
        await pilot.press("q", "s")
        await pilot.pause()
        assert app.is_running and app.saved_to is None
        assert "Could not save the match" in screen_text(app)

    run_app(session, "en", blocker, body)
