"""Terminal play, headless: the screen shows the human's knowledge only, and plays well.

The textual app runs under ``App.run_test`` with no pause for the computer
(or an endless one, where a test looks at the table while the computer would
be thinking); keys are pressed as a player would press them. What is "on the
screen" is the text of the rendered screen, line by line, modal boxes
included. The tests may look at the hidden state (``session._state``) to
check the screen against the truth; the screen never does.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path

import pytest
from rich.table import Table
from rich.text import Text
from textual.pilot import Pilot

from tricktaker.bots import Bot
from tricktaker.cards import parse_card
from tricktaker.cli import main as cli_main
from tricktaker.core import get_game
from tricktaker.core.actions import Action
from tricktaker.core.cardwords import SUITS, card_label, rank_text
from tricktaker.core.events import Event
from tricktaker.core.i18n import translator
from tricktaker.core.protocol import View
from tricktaker.core.records import replay_text
from tricktaker.core.start import Start
from tricktaker.games.truc import TrucState
from tricktaker.games.truc.rules import EV_DEAL, EV_NEW_CARDS
from tricktaker.games.truc.words import SAY_TEXTS, SIGNAL_TEXTS, TrucWords
from tricktaker.games.truco import TrucoState, TrucoView
from tricktaker.games.truco.cards import manilhas, strength_table
from tricktaker.games.truco.rules import EV_BLIND
from tricktaker.games.truco.rules import EV_DEAL as TRUCO_DEAL
from tricktaker.terminal.actions import ActionBar, ActionButton
from tricktaker.terminal.app import PlayApp
from tricktaker.terminal.launch import MatchSetup, resume_match, setup_match
from tricktaker.terminal.log import GameLog
from tricktaker.terminal.modals import DealEndScreen, HelpScreen, SheetScreen
from tricktaker.terminal.names import BOTTOM, LEFT, RIGHT, TOP, places, seat_names, seats_at
from tricktaker.terminal.play import run_play
from tricktaker.terminal.session import Session
from tricktaker.terminal.styling import deck_text

GAME = get_game("truc")
SIZE = (100, 40)
CARD_ON_SCREEN = re.compile(r"(10|[789JQKAВДКТ])([♣♦♥♠])")
TERMINAL = Path(__file__).parent.parent / "src" / "tricktaker" / "terminal"
PRIVATE_TEXTS = [*SAY_TEXTS.values(), *SIGNAL_TEXTS.values()]  # as English shows them
NEVER = 10_000.0  # a bot delay no test waits out: the computer "thinks" while we look


def screen_text(app: PlayApp) -> str:
    """The rendered screen, as the terminal shows it (one line per row), modals included."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


def state_of(session: Session) -> TrucState:
    """The hidden state, for the test's eyes only."""
    state = session._state
    assert isinstance(state, TrucState)
    return state


def make_session(
    players: int = 2,
    seed: int = 1,
    lang: str = "en",
    level: str = "random",
    bots: Mapping[int, Bot] | None = None,
    dealer: int = 1,
    start: Start | None = None,
    options: Mapping[str, object] | None = None,
) -> tuple[MatchSetup, Session]:
    opts = GAME.options({"players": players, **(options or {})})
    setup = MatchSetup(GAME, opts, level, lang)
    state = GAME.new_match(opts, seed=seed, dealer=dealer, start=start)
    session = setup.session_for(state, seed)
    if bots:
        session._bots.update(bots)
        for seat in bots:
            session._rngs[seat] = random.Random(seat)
    return setup, session


def run_app(
    setup: MatchSetup,
    session: Session,
    save_dir: Path,
    body: Callable[[PlayApp, Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = SIZE,
    delay: float = 0.0,
) -> PlayApp:
    app = PlayApp(setup, session, save_dir, bot_delay=delay)

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await body(app, pilot)

    asyncio.run(main())
    return app


async def settle(pilot: Pilot[None], app: PlayApp, dismiss: bool = True) -> None:
    """Let the computer play until the human must act or the match is over.

    A deal's end waits for a key: ``dismiss`` presses one (else it returns there)."""
    for _ in range(3000):
        if isinstance(app.screen, DealEndScreen):
            if not dismiss:
                return
            await pilot.press("space")
            continue
        session = app.session
        await pilot.pause()
        if (session.finished or session.to_act == 0) and app.screen is app.table:
            return
    raise AssertionError("the computer never handed the turn back")


def help_text(app: PlayApp) -> str:
    """The open help's text, on one line (the screen wraps it inside a box)."""
    screen = app.screen
    assert isinstance(screen, HelpScreen) and isinstance(screen.body, Text)
    return " ".join(screen.body.plain.split())


def on_table(app: PlayApp) -> bool:
    """Whether nothing is open over the table."""
    return app.screen is app.table


def key_for(app: PlayApp, action: Action) -> str:
    ordered = app.table.ordered_actions()
    return "1234567890"[ordered.index(action)]


def cards_on_screen(text: str, lang: str) -> set[int]:
    tr = translator(lang)
    back = {rank_text(r, tr): r for r in "789TJQKA"}
    suits = dict(zip(SUITS, "cdhs", strict=True))
    return {parse_card(back[rank] + suits[suit]) for rank, suit in CARD_ON_SCREEN.findall(text)}


def known_to_human(state: TrucState) -> set[int]:
    """Every card the human may know, from the engine's own log: his hands and cards played."""
    known: set[int] = set()
    for entry in state.log:
        if isinstance(entry, tuple) and entry[0] == EV_DEAL:
            known |= set(entry[1].hands[0])
        elif isinstance(entry, tuple) and entry[0] == EV_NEW_CARDS:
            _code, caller, dealer, caller_hand, dealer_hand, _left = entry
            mine = caller_hand if caller == 0 else dealer_hand if dealer == 0 else 0
            known |= {c for c in range(52) if (mine >> c) & 1}
    known |= {a.card for a in state.actions if a.verb == "play"}
    return known


# ------------------------------------------------------------------ layering


def test_the_terminal_knows_no_game() -> None:
    for path in TERMINAL.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "tricktaker.games" not in text, path.name
        assert "Truc" not in text, path.name


# ------------------------------------------------------------------ playing


def actions_taken(session: Session) -> list[str]:
    """Every action of the match so far, as notation (from the hidden state's record)."""
    actions: list[str] = session._state.to_record()["actions"]
    return actions


def play_deals_by_keys(
    setup: MatchSetup,
    session: Session,
    save_dir: Path,
    deals: int = 2,
    also: Callable[[str], None] | None = None,
) -> int:
    """Play ``deals`` deals pressing the keys of random actions; before each, check that
    the status, the human's cards and every numbered button are on the screen (and
    ``also`` on its text). The number of turns taken."""
    words = setup.game.words(setup.lang)
    tr = translator(setup.lang)
    rng = random.Random(5)
    turns = 0

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        nonlocal turns
        await settle(pilot, app)
        while len(app.table.summaries) < deals and not session.finished:
            text = screen_text(app)
            view = session.view()
            # (a Spanish deck's cards are on the screen by their Spanish names: deck_text)
            for line in words.status(view, app.table.names, app.table.sides):
                assert deck_text(line)[:30] in text
            hand = " ".join(card_label(c, setup.lang) for c in view.hand)
            assert deck_text(tr("Your cards: {cards}").format(cards=hand)) in text
            for i, action in enumerate(app.table.ordered_actions()):
                label = deck_text(words.action_label(action, view))
                assert f"[{'1234567890'[i]}] {label}" in text, (label, text)
            if also is not None:
                also(text)
            chosen = rng.choice(session.legal())
            before = len(actions_taken(session))
            await pilot.press(key_for(app, chosen))
            assert actions_taken(session)[before] == str(chosen)
            turns += 1
            await settle(pilot, app)

    run_app(setup, session, save_dir, body)
    return turns


@pytest.mark.parametrize(("players", "lang"), [(2, "en"), (2, "ru"), (4, "en"), (4, "ru")])
def test_play_two_deals_with_keys(players: int, lang: str, tmp_path: Path) -> None:
    setup, session = make_session(players, seed=11 + players, lang=lang)
    assert play_deals_by_keys(setup, session, tmp_path)
    assert len(session._state.finished_deals()) >= 2


def test_keys_without_an_action_do_nothing(tmp_path: Path) -> None:
    setup, session = make_session(2, seed=3)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        before = len(state_of(session).actions)
        await pilot.press("9", "x", "enter", "space")
        await pilot.pause()
        assert len(state_of(session).actions) == before
        assert session.to_act == 0

    run_app(setup, session, tmp_path, body)


def test_enter_takes_only_the_action_the_player_marked(tmp_path: Path) -> None:
    setup, session = make_session(2, seed=4)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        assert app.screen.focused is None
        before = len(state_of(session).actions)
        await pilot.press("enter")
        assert len(state_of(session).actions) == before
        await pilot.press("tab", "right")
        focused = app.screen.focused
        assert isinstance(focused, ActionButton)
        marked = focused.game_action
        assert marked == app.table.ordered_actions()[1]
        assert "▶[2] " in screen_text(app)  # the mark is visible without colour
        await pilot.press("enter")
        assert state_of(session).actions[before] == marked
        await settle(pilot, app)
        # New buttons: none is marked, so Enter cannot take one by accident.
        assert not isinstance(app.screen.focused, ActionButton)
        count = len(state_of(session).actions)
        await pilot.press("enter")
        assert len(state_of(session).actions) == count

    run_app(setup, session, tmp_path, body)


def test_buttons_can_be_clicked(tmp_path: Path) -> None:
    setup, session = make_session(2, seed=4)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        fold = next(a for a in session.legal() if a.verb == "fold")
        button = next(b for b in app.query(ActionButton) if b.game_action == fold)
        await pilot.click(button)
        await settle(pilot, app)
        first = app.table.summaries[0]
        assert first.end == "folded" and first.winner == 1

    run_app(setup, session, tmp_path, body)


class ScriptBot:
    """Takes the first legal action whose verb it prefers, in order; else the first legal one."""

    name = "script"

    def __init__(self, *verbs: str) -> None:
        self.verbs = verbs
        self.views: list[View] = []

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        self.views.append(view)
        for verb in self.verbs:
            for action in legal:
                if action.verb == verb:
                    return action
        return legal[0]


def test_trick_line_names_who_plays_next_not_who_answers(tmp_path: Path) -> None:
    setup, session = make_session(2, seed=5, dealer=1)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert session.to_act == 0
        double = next(a for a in session.legal() if a.verb == "double")
        await pilot.press(key_for(app, double))
        await pilot.pause()
        text = screen_text(app)
        assert session.to_act == 1  # the computer must answer the raise...
        assert "Computer is considering the proposal…" in text
        assert "Trick 1 · to play: You" in text  # ...but the next card is still ours
        assert "to play: Computer" not in text

    run_app(setup, session, tmp_path, body, delay=NEVER)


def test_after_a_card_the_trick_line_names_the_next_player(tmp_path: Path) -> None:
    setup, session = make_session(2, seed=5, dealer=1)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        card = next(a for a in session.legal() if a.verb == "play")
        await pilot.press(key_for(app, card))
        await pilot.pause()
        label = GAME.words("en").action_label(card, session.view())
        text = screen_text(app)
        assert f"Trick 1: You {label} · to play: Computer" in text
        assert f"trick: {label}" in text  # and the card lies at the human's seat

    run_app(setup, session, tmp_path, body, delay=NEVER)


# ------------------------------------------------------------- end of a deal


def test_the_end_of_a_deal_stays_until_a_key_is_pressed(tmp_path: Path) -> None:
    # The computer folds as soon as it may: the human's card stays in the cut-short trick.
    setup, session = make_session(2, seed=6, dealer=1, bots={1: ScriptBot("fold")})

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        card = next(a for a in session.legal() if a.verb == "play")
        label = GAME.words("en").action_label(card, session.view())
        await pilot.press(key_for(app, card))
        await settle(pilot, app, dismiss=False)
        assert isinstance(app.screen, DealEndScreen)
        text = screen_text(app)
        assert "Deal 1 is over" in text
        assert f"Trick 1: You {label} → cut short" in text
        assert "You +1 point (the other side folded)" in text
        assert "Score after the deal: You 1 — Computer 0" in text
        # The next deal waits behind it: the computer (to lead now) does not move.
        count = len(state_of(session).actions)
        assert session.to_act == 1
        for _ in range(5):
            await pilot.pause()
        assert len(state_of(session).actions) == count
        assert isinstance(app.screen, DealEndScreen)
        await pilot.press("x")
        await settle(pilot, app, dismiss=False)
        # The computer plays on (and, being what it is, folds the next deal at once).
        assert len(state_of(session).actions) > count
        assert "Deal 2 is over" in screen_text(app)

    run_app(setup, session, tmp_path, body)


def test_the_end_of_a_match_shows_the_last_deal_and_the_game_won(tmp_path: Path) -> None:
    start = Start({"score": (0, 11), "games": (0, 1)})
    setup, session = make_session(2, seed=7, dealer=1, start=start)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        fold = next(a for a in session.legal() if a.verb == "fold")
        await pilot.press(key_for(app, fold))
        await settle(pilot, app, dismiss=False)
        text = screen_text(app)
        assert "Computer +1 point (the other side folded)" in text
        assert "Game won by Computer: 0 — 12. Games: 0 — 2." in text
        assert "Match won by Computer: games 0 — 2." in text
        await pilot.press("space")
        await pilot.pause()
        text = screen_text(app)
        assert session.finished
        assert "Deal 1 · dealer: Computer" in text  # the last deal's number, not one more
        assert "Game won by Computer: 0 — 12" in text
        assert "(game to 12)" not in text and "12 (to" not in text
        assert "r: a new match with the same rules" in text

    app = run_app(setup, session, tmp_path, body)
    assert app.saved and app.saved[0][1] is True


def test_rematch_deals_a_new_match_with_the_same_rules(tmp_path: Path) -> None:
    start = Start({"score": (11, 0), "games": (1, 0)})
    setup, session = make_session(
        2, seed=8, dealer=0, start=start, bots={1: ScriptBot("fold")}, options={"ties": "spoil"}
    )

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        assert session.finished and state_of(session).winner == 0
        await pilot.press("r")
        await pilot.pause()
        fresh = app.session
        assert fresh is not session and not fresh.finished
        assert fresh.options == session.options and fresh.options["ties"] == "spoil"
        assert fresh.level == session.level and fresh.computer_seats == [1]
        assert fresh.seed != session.seed
        # The new match's computer may already have made its first move (this one
        # folds) by the time the screen is read on a busy machine: at most one deal.
        assert len(app.table.summaries) <= 1
        assert all(s.number == 0 for s in app.table.summaries)
        text = screen_text(app)
        assert ("Deal 1 ·" in text or "Deal 2 ·" in text) and "Games: 0 — 0" in text
        log = app.table.query_one("#log", GameLog)
        assert not any("Match won" in entry.plain for entry in log.entries)

    app = run_app(setup, session, tmp_path, body)
    assert len(app.saved) == 1  # the finished match, saved before the rematch


# ---------------------------------------------------------- hidden information


@pytest.mark.parametrize(
    ("players", "lang", "start"),
    # Four players' whole match (14 s) in the slow tier; in the fast one, four players'
    # screens are checked at the human's turns of three deals
    # (test_four_players_partner_words_shown_opponents_never).
    [(2, "ru", None), pytest.param(4, "en", (1, 1), marks=pytest.mark.slow)],
)
def test_whole_matches_show_no_card_the_human_may_not_know(
    players: int, lang: str, start: tuple[int, int] | None, tmp_path: Path
) -> None:
    # Four players: from one game all, so that the match stays short.
    position = Start({"games": start}) if start else None
    setup, session = make_session(players, seed=31, lang=lang, level="rules", start=position)
    rng = random.Random(2)
    screens = 0

    opponents = [
        name
        for seat, name in enumerate(seat_names(players, (0, 1) * 2, translator(lang)))
        if seat % 2 == 1
    ]
    secret = [f"{name}: “{text}”" for name in opponents for text in PRIVATE_TEXTS]

    def check(app: PlayApp) -> None:
        nonlocal screens
        text = screen_text(app)
        shown = cards_on_screen(text, lang)
        leaked = shown - known_to_human(state_of(session))
        assert not leaked, sorted(leaked)
        assert not [word for word in secret if word in text]  # the opponents' private words
        screens += 1

    def choose(legal: list[Action]) -> Action:
        # Fold now and then, so that the match ends in good time.
        fold = [a for a in legal if a.verb == "fold"]
        return fold[0] if fold and rng.random() < 0.25 else rng.choice(legal)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot, check, choose)

    run_app(setup, session, tmp_path, body)
    assert screens > 10
    if players == 4:  # the opponents did pass private words, unseen
        assert any(a.seat % 2 and a.verb in ("say", "signal") for a in state_of(session).actions)


async def play_to_the_end(
    app: PlayApp,
    pilot: Pilot[None],
    check: Callable[[PlayApp], None],
    choose: Callable[[list[Action]], Action],
) -> None:
    """Play the human's turns with ``choose`` until the match is over; ``check`` every
    screen he acts on, every deal's end and the last screen."""
    session = app.session
    for _ in range(5000):
        if isinstance(app.screen, DealEndScreen):
            check(app)
            await pilot.press("space")
            continue
        await pilot.pause()
        if app.screen is not app.table:
            continue
        if session.finished:
            break
        if session.to_act == 0:
            check(app)
            await pilot.press(key_for(app, choose(session.legal())))
    assert session.finished
    check(app)


class TalkativeBot:
    """Sends a private word whenever it may, then plays like ``random``."""

    name = "talkative"

    def __init__(self, say: str, signal: str) -> None:
        self.words = {"say": say, "signal": signal}
        self.views: list[View] = []

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        self.views.append(view)
        for a in legal:
            if a.verb in self.words and a.args == (self.words[a.verb],):
                return a
        quiet = [a for a in legal if a.verb not in ("say", "signal")]
        return quiet[rng.randrange(len(quiet))]


def test_four_players_partner_words_shown_opponents_never(tmp_path: Path) -> None:
    partner = TalkativeBot("high", "7")
    opponents = {s: TalkativeBot("best", "A") for s in (1, 3)}
    setup, session = make_session(4, seed=21, bots={2: partner, **opponents})
    seen: list[str] = []

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        while len(app.table.summaries) < 3:
            seen.append(screen_text(app))
            # Four players' cards stay hidden too (the whole match is in the slow tier).
            leaked = cards_on_screen(seen[-1], "en") - known_to_human(state_of(session))
            assert not leaked, sorted(leaked)
            legal = [a for a in session.legal() if a.verb not in ("say", "signal")]
            if legal:
                await pilot.press(key_for(app, legal[0]))
            await settle(pilot, app)
        seen.append(screen_text(app))

    run_app(setup, session, tmp_path, body)
    everything = "\n".join(seen)
    partner_words = {"Partner: “Play high” (privately)", "Partner: “I have a seven” (privately)"}
    assert any(w in everything for w in partner_words)
    for name in ("West", "East"):
        for word in ("Play your best card", "I have an ace"):
            assert f"{name}: “{word}”" not in everything
        assert f"{name}: “" in everything  # they do speak in public
    opponent_said = [
        a for a in state_of(session).actions if a.seat % 2 == 1 and a.verb in ("say", "signal")
    ]
    assert opponent_said  # they did talk; it just never reached the human
    for seat, bot in [(2, partner), *opponents.items()]:
        assert bot.views and all(v.seat == seat for v in bot.views)


def test_the_human_can_speak_to_his_partner(tmp_path: Path) -> None:
    setup, session = make_session(
        4, seed=2, dealer=3, bots={s: ScriptBot("pass") for s in (1, 2, 3)}
    )

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        text = screen_text(app)
        assert "To your partner:" in text
        signal = next(a for a in app.table.ordered_actions() if a.verb == "signal")
        await pilot.press(key_for(app, signal))
        await pilot.pause()
        said = TrucWords("en").word_text("signal", signal.args[0])
        assert f"You: “{said}” (privately)" in screen_text(app)

    run_app(setup, session, tmp_path, body)


# --------------------------------------------------------------- the table


def test_four_players_sit_around_the_table(tmp_path: Path) -> None:
    setup, session = make_session(4, seed=9, dealer=1, level="rules")

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        lines = screen_text(app).splitlines()

        def where(text: str) -> tuple[int, int]:
            for row, line in enumerate(lines):
                if text in line:
                    return row, line.index(text)
            raise AssertionError(f"{text!r} is not on the screen")

        partner, west, east = (
            where("Partner (medium)"),
            where("West (medium)"),
            where("East (medium)"),
        )
        you = where("Your cards")
        assert partner[0] < west[0] == east[0] < you[0]
        assert west[1] < partner[1] < east[1]
        assert "West (medium) · dealer · captain" in screen_text(app)
        assert "▶ You · captain" in screen_text(app)  # right of the dealer: calls for cards
        assert "3 cards" in screen_text(app)
        assert "computer: medium" in screen_text(app)

    run_app(setup, session, tmp_path, body, delay=NEVER)


def test_two_players_the_opponent_sits_on_top(tmp_path: Path) -> None:
    setup, session = make_session(2, seed=9, dealer=1)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        text = screen_text(app)
        assert text.index("Computer (easy) · dealer") < text.index("Your cards:")
        assert "computer: easy" in text

    run_app(setup, session, tmp_path, body, delay=NEVER)


@pytest.mark.parametrize("width", [80, 60])
def test_action_rows_wrap_and_no_button_is_cut_off(width: int, tmp_path: Path) -> None:
    # Four players, the right of the dealer to call: cards, pass, five words, fold.
    setup, session = make_session(4, seed=2, dealer=1, lang="ru")

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert session.to_act == 0 and len(session.legal()) >= 8

        def check() -> None:
            buttons = app.query_one(ActionBar).buttons
            assert len(buttons) == len(session.legal())
            rows = {b.region.y for b in buttons}
            assert len(rows) >= 2
            for b in buttons:
                assert b.region.right <= app.size.width - 1, b.item.label
                assert b.region.width == ActionButton.width_of(b.item) - 1, b.item.label
            text = screen_text(app)
            for b in buttons:
                assert b.item.label in text

        check()
        await pilot.resize_terminal(width + 30, 40)
        await pilot.pause()
        await pilot.resize_terminal(width, 40)
        await pilot.pause()
        check()

    run_app(setup, session, tmp_path, body, size=(width, 40), delay=NEVER)


def test_a_resize_rewraps_the_log(tmp_path: Path) -> None:
    setup, session = make_session(2, seed=2)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        log = app.table.query_one("#log", GameLog)
        long = "word " * 30 + "END"
        log.add(Text(long))
        await pilot.pause()
        entries = len(log.entries)
        await pilot.resize_terminal(60, 40)
        await pilot.pause()
        assert len(log.entries) == entries
        assert all(line.cell_length <= log.scrollable_content_region.width for line in log.lines)
        assert "END" in screen_text(app)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert "word " * 15 in screen_text(app)  # wider lines again, not the narrow ones

    run_app(setup, session, tmp_path, body, size=(100, 40))


# ---------------------------------------------------------------- panels


def test_help_fits_players_and_options(tmp_path: Path) -> None:
    setup, session = make_session(
        4, seed=6, dealer=0, lang="ru", options={"ties": "spoil", "redeal": "once"}
    )

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Как играть: Ле Трюк" in screen_text(app)
        text = help_text(app)
        assert "Старшинство от старшей к младшей: 7 8 Т К Д В 10 9" in text
        assert "игрок справа от сдатчика может потребовать карты" in text
        assert "Требовать карты можно только один раз за сдачу" in text
        assert "Равные карты всегда портят взятку" in text
        assert "капитаны" in text
        before = len(state_of(session).actions)
        await pilot.press("1")  # not an action while the rules are open
        await pilot.pause()
        assert len(state_of(session).actions) == before
        await pilot.press("escape")
        await pilot.pause()
        assert on_table(app)

    run_app(setup, session, tmp_path, body, size=(100, 50), delay=NEVER)


def test_help_for_two_players_by_default(tmp_path: Path) -> None:
    setup, session = make_session(2, seed=6)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = help_text(app)
        assert "the player who is not dealing may call for cards" in text
        assert "dealer's right" not in text and "captains" not in text
        assert "Equal cards spoil a trick while nobody has won one" in text

    run_app(setup, session, tmp_path, body, size=(100, 50), delay=NEVER)


def test_no_and_fold_say_what_they_cost(tmp_path: Path) -> None:
    setup, session = make_session(2, seed=12, dealer=0, bots={1: ScriptBot("double")})

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        assert {a.verb for a in session.legal()} >= {"accept", "refuse", "fold"}
        text = screen_text(app)
        assert "No — Computer scores 1 point and the deal ends" in text
        assert "Fold — give up the deal: your opponent scores 1 point" in text
        assert "Accept — play on for 2 points" in text

    run_app(setup, session, tmp_path, body)


def test_the_score_sheet_lists_every_finished_deal(tmp_path: Path) -> None:
    setup, session = make_session(2, seed=13, dealer=1)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "No deal has been finished yet." in screen_text(app)
        await pilot.press("s")
        await pilot.pause()
        for _ in range(3):
            fold = next(a for a in session.legal() if a.verb == "fold")
            await pilot.press(key_for(app, fold))
            await settle(pilot, app)
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert "Score sheet" in text
        assert all(title in text for title in ("Deal", "Stake", "Result", "You", "Computer"))
        assert "Computer +1 point (the other side folded)" in text
        assert isinstance(app.screen, SheetScreen)
        sheet = app.screen.body
        assert isinstance(sheet, Table) and sheet.row_count == 3
        await pilot.press("escape")
        await pilot.pause()
        assert on_table(app)

    run_app(setup, session, tmp_path, body)


# ------------------------------------------------------------------- saving


def test_quit_mid_match_offers_saving_and_the_save_resumes(tmp_path: Path) -> None:
    setup, session = make_session(2, seed=8)
    played: list[str] = []

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        await pilot.press(key_for(app, session.legal()[0]))
        await settle(pilot, app)
        await pilot.press("q")
        await pilot.pause()
        assert "Save it to play on later?" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and not app.saved
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        played.extend(str(a) for a in state_of(session).actions)

    app = run_app(setup, session, tmp_path, body)
    assert len(app.saved) == 1 and app.saved[0][1] is False
    path = app.saved[0][0]
    assert path.parent == tmp_path and re.fullmatch(r"[\d-]+-truc\.json", path.name)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["names"] == ["You", "Computer (easy)"]
    outcome = replay_text(path.read_text(encoding="utf-8"))
    assert outcome.exit_code == 0 and outcome.output["finished"] is False
    # --resume plays on from there: the same actions, the human to act, bots at the others.
    setup2, resumed = resume_match(str(path), None, [], "rules", "ru")
    assert [str(a) for a in state_of(resumed).actions] == played
    assert resumed.started and resumed.level == "rules" and resumed.computer_seats == [1]

    async def go_on(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        text = screen_text(app)
        assert "Ваши карты" in text and "Вы:" in text  # the history is in the log
        before = len(state_of(resumed).actions)
        chosen = resumed.legal()[0]
        await pilot.press(key_for(app, chosen))
        assert state_of(resumed).actions[before] == chosen

    run_app(setup2, resumed, tmp_path, go_on)


def test_a_finished_match_is_saved_and_replays(tmp_path: Path) -> None:
    setup, session = make_session(2, seed=9, start=Start({"score": (0, 10), "games": (0, 1)}))

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        while not session.finished:
            fold = next(a for a in session.legal() if a.verb == "fold")
            await pilot.press(key_for(app, fold))
            await settle(pilot, app)
        text = screen_text(app)
        assert "Match won by Computer" in text
        assert app.saved
        assert app.saved[0][0].name in re.sub(r"\s", "", text)  # it may wrap

    app = run_app(setup, session, tmp_path, body)
    text = app.saved[0][0].read_text(encoding="utf-8")
    assert json.loads(text)["seed"] == 9
    outcome = replay_text(text)
    assert outcome.exit_code == 0
    assert outcome.output["finished"] is True and outcome.output["winner"] == 1


def test_a_failed_save_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the save folder should be", encoding="utf-8")
    setup, session = make_session(2, seed=8)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        await pilot.press(key_for(app, session.legal()[0]))
        await settle(pilot, app)
        await pilot.press("q", "s")
        await pilot.pause()
        assert app.is_running and not app.saved
        assert "Could not save the match" in screen_text(app)

    run_app(setup, session, blocker, body)


def test_a_broken_bot_is_reported_and_replaced_by_a_random_move(tmp_path: Path) -> None:
    class Broken:
        name = "broken"

        def act(
            self, view: View, memory: Sequence[Event], legal: Sequence[Action], r: random.Random
        ) -> Action:
            raise RuntimeError("no idea")

    setup, session = make_session(2, seed=3, dealer=0, bots={1: Broken()})

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        text = screen_text(app)
        assert "The computer (Computer) failed: RuntimeError." in text
        assert "no idea" not in text  # its words might tell of its cards

    run_app(setup, session, tmp_path, body)


# -------------------------------------------------------------- command line


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["truc", "--option", "players=5"], "players"),
        (["truc", "--option", "speed=fast"], "unknown option"),
        (["truc", "--option", "players"], "name=value"),
        (["chess"], "unknown game"),
        (["truc", "--bots", "genius"], "unknown bot level"),
        (["--resume", "missing.json"], "cannot read"),
        (["--resume", "not-json.json"], "not valid JSON"),
        (["--resume", "wrong-game.json"], "unknown game"),
        (["--resume", "illegal.json"], "action 0"),
        (["--resume", "over.json"], "already over"),
        (["--resume", "ok.json", "--option", "players=4"], "drop --option"),
    ],
)
def test_bad_command_lines_exit_2_before_the_screen(
    args: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(PlayApp, "run", lambda self: pytest.fail("the screen started"))
    Path("not-json.json").write_text("{nope", encoding="utf-8")
    Path("wrong-game.json").write_text('{"game": "chess"}', encoding="utf-8")
    Path("illegal.json").write_text('{"game": "truc", "actions": ["0:fold"]}', encoding="utf-8")
    Path("ok.json").write_text('{"game": "truc"}', encoding="utf-8")
    finished = Start({"score": (11, 0), "games": (1, 0)})
    over = GAME.new_match(GAME.options({}), seed=1, start=finished)
    over.apply(next(a for a in over.legal_actions() if a.verb == "fold"))
    Path("over.json").write_text(json.dumps(over.to_record()), encoding="utf-8")
    save_dir = tmp_path / "saved"
    assert cli_main(["play", *args, "--save-dir", str(save_dir), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tricktaker: ") and message in err, err
    assert "Traceback" not in err
    assert not save_dir.exists()


def test_run_play_checks_before_the_screen(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_play("truc", ["ties=never"], None, "en", "1", "saved") == 2
    assert "ties" in capsys.readouterr().err


def test_setup_picks_the_level_and_the_seed_reaches_the_match() -> None:
    setup = setup_match(None, ["players=4", "ties=spoil"], None, "ru")
    assert setup.game.id == "truc" and setup.level == "rules"
    session = setup.new_session(123)
    record = session.record()
    assert record["seed"] == 123
    assert record["options"] == {"players": 4, "redeal": "repeat", "ties": "spoil", "match": 3}
    assert record["names"] == [
        "Вы",
        "Запад (средний)",
        "Партнёр (средний)",
        "Восток (средний)",
    ]
    assert isinstance(setup.new_session().seed, int)


def test_the_match_length_flows_from_the_command_line_into_the_record() -> None:
    setup = setup_match("truc", ["match=1"], None, "en")
    record = setup.new_session(7).record()
    assert record["options"]["match"] == 1
    assert setup.game.new_match(setup.options, seed=7).view(0).to_json()["games_to_win"] == 1
    assert run_play("truc", ["match=2"], None, "en", "1", "saved") == 2


def test_seat_names_follow_the_sides() -> None:
    en = translator("en")
    assert seat_names(2, (0, 1), en) == ["You", "Computer"]
    assert seat_names(4, (0, 1, 0, 1), en) == ["You", "West", "Partner", "East"]
    assert seat_names(4, (0, 1, 2, 3), en) == ["You", "West", "North", "East"]
    assert seat_names(3, (0, 1, 2), en) == ["You", "West", "East"]


# ------------------------------------------------ Truco: the other way round

TRUCO = get_game("truco")
TRUCO_CARD = re.compile(r"(?<![0-9])([2-7JQKAВДКТ])([♣♦♥♠])")


def truco_session(
    players: int = 4,
    seed: int = 1,
    lang: str = "en",
    dealer: int = 1,
    start: Start | None = None,
    options: Mapping[str, object] | None = None,
) -> tuple[MatchSetup, Session]:
    opts = TRUCO.options({"players": players, **(options or {})})
    setup = MatchSetup(TRUCO, opts, "random", lang)
    state = TRUCO.new_match(opts, seed=seed, dealer=dealer, start=start)
    return setup, setup.session_for(state, seed)


def truco_state_of(session: Session) -> TrucoState:
    state = session._state
    assert isinstance(state, TrucoState)
    return state


def where(text: str, screen: str) -> tuple[int, int]:
    """Row and column of the first place ``text`` is drawn at."""
    for row, line in enumerate(screen.splitlines()):
        if text in line:
            return row, line.index(text)
    raise AssertionError(f"{text!r} is not on the screen:\n{screen}")


def test_places_follow_the_way_play_passes() -> None:
    assert places(4) == places(4, "left") == [BOTTOM, LEFT, TOP, RIGHT]
    assert places(4, "right") == [BOTTOM, RIGHT, TOP, LEFT]
    assert places(2, "right") == [BOTTOM, TOP]
    assert places(6, "left") == [BOTTOM, LEFT, LEFT, TOP, RIGHT, RIGHT]
    assert places(6, "right") == [BOTTOM, RIGHT, RIGHT, TOP, LEFT, LEFT]
    # Drawn top down: round the table from the human, the nearer seat lower.
    assert seats_at(6, "right") == {TOP: [3], RIGHT: [2, 1], LEFT: [4, 5], BOTTOM: [0]}
    assert seats_at(6, "left") == {TOP: [3], LEFT: [2, 1], RIGHT: [4, 5], BOTTOM: [0]}
    en = translator("en")
    assert seat_names(4, (0, 1, 0, 1), en, "right") == ["You", "East", "Partner", "West"]
    assert seat_names(6, (0, 1) * 3, en, "right") == [
        "You",
        "Player 2",
        "Partner 3",
        "Player 4",
        "Partner 5",
        "Player 6",
    ]
    assert TRUCO.info.play_direction == "right" and GAME.info.play_direction == "left"


@pytest.mark.parametrize(("game_id", "side"), [("truc", "left"), ("truco", "right")])
def test_seat_one_sits_on_the_side_play_passes_to(game_id: str, side: str, tmp_path: Path) -> None:
    """Le Truc plays to the left: seat 1 on the human's left; Truco to the right."""
    setup = setup_match(game_id, ["players=4"], "random", "en")
    session = setup.new_session(5)
    app_names: list[str] = []

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        app_names.extend(app.table.names)
        screen = screen_text(app)
        first = where(f"{app.table.names[1]} (easy)", screen)
        last = where(f"{app.table.names[3]} (easy)", screen)
        partner = where("Partner (easy)", screen)
        you = where("Your cards", screen)
        assert partner[0] < first[0] == last[0] < you[0]
        if side == "left":
            assert first[1] < partner[1] < last[1]
        else:
            assert last[1] < partner[1] < first[1]

    run_app(setup, session, tmp_path, body, delay=NEVER)
    assert app_names[1] == ("West" if side == "left" else "East")


def test_six_players_sit_two_to_a_side(tmp_path: Path) -> None:
    setup, session = truco_session(players=6, dealer=5)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        screen = screen_text(app)
        at = {seat: where(f"{app.table.names[seat]} (easy)", screen) for seat in range(1, 6)}
        you = where("Your cards", screen)
        top = at[3]
        # Play passes to the right: seats 1 and 2 on the right, 4 and 5 on the left.
        assert top[0] < at[2][0] < at[1][0] < you[0]
        assert top[0] < at[4][0] < at[5][0] < you[0]
        assert at[2][0] == at[4][0] and at[1][0] == at[5][0]
        assert max(at[4][1], at[5][1]) < top[1] < min(at[1][1], at[2][1])
        assert "Partner 3 (easy)" in screen and "Player 2 (easy)" in screen
        assert "▶ You · mão" in screen
        await pilot.press("question_mark")
        await pilot.pause()
        text = help_text(app)
        assert "Two teams of three, partners in alternate seats. Play passes to the right" in text
        assert "You sit at the bottom; your partners sit in every other seat." in text

    run_app(setup, session, tmp_path, body, size=(110, 44), delay=NEVER)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_truco_mineiro_for_four_from_the_command_line(lang: str, tmp_path: Path) -> None:
    """`tricktaker play truco --option variant=mineiro --option players=4`, two hands by keys."""
    setup = setup_match("truco", ["variant=mineiro", "players=4"], None, lang)
    assert setup.game.id == "truco" and setup.level == "rules"
    session = setup.new_session(21)
    manilhas = "4♣ 7♥ A♠ 7♦" if lang == "en" else "4♣ 7♥ Т♠ 7♦"

    def fixed_manilhas(text: str) -> None:
        assert manilhas in text

    assert play_deals_by_keys(setup, session, tmp_path, also=fixed_manilhas)


def test_truco_shows_the_vira_and_the_calls(tmp_path: Path) -> None:
    setup, session = truco_session(players=2, dealer=1, seed=4)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        view = session.view()
        assert isinstance(view, TrucoView) and view.vira is not None
        screen = screen_text(app)
        assert f"vira: {card_label(view.vira, 'en')}" in screen
        assert "manilhas: " + " ".join(card_label(c, "en") for c in view.manilhas) in screen
        assert "Truco! (3) — ask to play for 3; if they run, your side scores 1 point" in screen
        raise_ = next(a for a in session.legal() if a.verb == "raise")
        await pilot.press(key_for(app, raise_))
        await pilot.pause()
        assert "You: “Truco! (3)”" in screen_text(app)

    run_app(setup, session, tmp_path, body, delay=NEVER)


def test_the_iron_hand_is_drawn_as_card_backs(tmp_path: Path) -> None:
    setup, session = truco_session(players=2, dealer=1, start=Start({"score": (11, 11)}))

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        screen = screen_text(app)
        back = card_label(None, "en")
        assert f"Your cards: {back} {back} {back}" in screen
        assert "[1] Card #1 (blind)" in screen and "[3] Card #3 (blind)" in screen
        hidden = set(truco_state_of(session).dealt[0].hands[0])
        assert not cards_on_truco_screen(screen, "en") & hidden - manilhas_of(session)
        blind = next(a for a in session.legal() if a.args == ("#2",))
        await pilot.press(key_for(app, blind))
        await pilot.pause()
        assert "(card #2, blind)" in screen_text(app)

    run_app(setup, session, tmp_path, body, delay=NEVER)


def cards_on_truco_screen(text: str, lang: str) -> set[int]:
    tr = translator(lang)
    back = {rank_text(r, tr): r for r in "234567JQKA"}
    suits = dict(zip(SUITS, "cdhs", strict=True))
    return {parse_card(back[rank] + suits[suit]) for rank, suit in TRUCO_CARD.findall(text)}


def manilhas_of(session: Session) -> set[int]:
    view = session.view()
    assert isinstance(view, TrucoView)
    return set(view.manilhas)


def known_in_truco(state: TrucoState) -> set[int]:
    """Every card the human may know: his hands (not in the iron hand), his partners' hands in
    a hand of eleven, each vira and manilha, and every card turned face up."""
    known: set[int] = set()
    for entry in state.log:
        if isinstance(entry, tuple) and entry[0] == TRUCO_DEAL:
            deal, eleven, iron = entry[1], entry[6], entry[7]
            vira = deal.piles["vira"][0] if "vira" in deal.piles else None
            known |= set(manilhas(strength_table(vira)))
            known |= {vira} if vira is not None else set()
            if not iron:
                known |= set(deal.hands[0])
            if eleven == 0:
                known |= {c for s in range(2, state.players, 2) for c in deal.hands[s]}
        elif isinstance(entry, tuple) and entry[0] == EV_BLIND:
            known.add(entry[2])
    known |= {a.card for a in state.actions if a.verb == "play" and len(a.args) == 1}
    return known


class FaceDownBot:
    """Plays a card face down whenever it may, accepts every raise, never folds."""

    name = "face-down"

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        down = [a for a in legal if len(a.args) > 1]
        if down:
            return rng.choice(down)
        calm = [a for a in legal if a.verb in ("accept", "play")]
        return rng.choice(calm or list(legal))


@pytest.mark.parametrize(("players", "lang"), [(2, "ru"), (4, "en")])
def test_whole_truco_matches_show_no_card_the_human_may_not_know(
    players: int, lang: str, tmp_path: Path
) -> None:
    setup, session = truco_session(
        players=players, seed=33, lang=lang, start=Start({"score": (7, 8)})
    )
    for seat in range(1, players):
        session._bots[seat] = FaceDownBot()
    rng = random.Random(4)
    screens = 0

    def check(app: PlayApp) -> None:
        nonlocal screens
        shown = cards_on_truco_screen(screen_text(app), lang)
        leaked = shown - known_in_truco(truco_state_of(session))
        assert not leaked, sorted(leaked)
        screens += 1

    def choose(legal: list[Action]) -> Action:
        # Face down when allowed; fold now and then, so that the match ends in good time.
        fold = [a for a in legal if a.verb == "fold"]
        if fold and rng.random() < 0.15:
            return fold[0]
        return rng.choice([a for a in legal if len(a.args) > 1] or legal)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot, check, choose)

    run_app(setup, session, tmp_path, body)
    assert screens > 5
    # Others did play face down, unseen.
    assert any(a.seat != 0 and len(a.args) > 1 for a in truco_state_of(session).actions)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_truco_argentino_with_flor_for_four_from_the_command_line(
    lang: str, tmp_path: Path
) -> None:
    """`tricktaker play truco --option variant=argentino --option flor=on --option players=4`:
    two hands by keys, the Spanish calls on the screen."""
    setup = setup_match("truco", ["variant=argentino", "flor=on", "players=4"], None, lang)
    session = setup.new_session(5)

    def no_manilhas(text: str) -> None:
        assert "manilha" not in text.lower() and "манил" not in text.lower()

    assert play_deals_by_keys(setup, session, tmp_path, also=no_manilhas)
