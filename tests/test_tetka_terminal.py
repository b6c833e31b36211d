"""Tetka at the terminal, headless: four players each for himself, the human at seat 0.

The app runs under ``App.run_test``; keys are pressed as a player would press
them (the digits for the first ten cards, the arrows and Enter for the rest of
a thirteen-card hand). The computer is driven one card at a time, so that every
screen of the deal is read. What the screen may show of the play is Tetka's own
rule (docs/rules/tetka.md): the tricks the human may review (``view.review``), the
trick in progress, the photograph and the public marks (queens by name);
never a card of an older trick, nor of another player's hand. Once a deal is
over, its box may tell it trick by trick.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tricktaker.bots import levels
from tricktaker.cards import parse_card
from tricktaker.core import get_game
from tricktaker.core.actions import Action
from tricktaker.core.cardwords import SUITS, card_label, rank_text
from tricktaker.core.i18n import translator
from tricktaker.core.start import Start
from tricktaker.games.tetka import TetkaState, TetkaView
from tricktaker.terminal.actions import KEYS
from tricktaker.terminal.app import PlayApp
from tricktaker.terminal.launch import MatchSetup, setup_match
from tricktaker.terminal.modals import DealEndScreen, HelpScreen
from tricktaker.terminal.session import Session

GAME = get_game("tetka")
SIZE = (110, 46)
CARD_ON_SCREEN = re.compile(r"(10|[2-9JQKAВДКТ])([♣♦♥♠])")
NEVER = 10_000.0  # a bot delay no test waits out: the test moves the computer itself


def screen_text(app: PlayApp) -> str:
    """The rendered screen, one line per row, boxes over the table included."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def cards_on_screen(text: str, lang: str) -> set[int]:
    tr = translator(lang)
    back = {rank_text(r, tr): r for r in "23456789TJQKA"}
    suits = dict(zip(SUITS, "cdhs", strict=True))
    return {parse_card(back[rank] + suits[suit]) for rank, suit in CARD_ON_SCREEN.findall(text)}


def state_of(session: Session) -> TetkaState:
    """The hidden state, for the test's eyes only."""
    state = session._state
    assert isinstance(state, TetkaState)
    return state


def view_of(session: Session) -> TetkaView:
    view = session.view()
    assert isinstance(view, TetkaView)
    return view


def make_session(
    seed: int = 1,
    lang: str = "en",
    options: dict[str, object] | None = None,
    marks: tuple[int, int, int, int] | None = None,
    dealer: int = 3,
) -> tuple[MatchSetup, Session]:
    opts = GAME.options(options or {})
    setup = MatchSetup(GAME, opts, "random", lang)
    start = Start({"marks": marks}) if marks is not None else None
    state = GAME.new_match(opts, seed=seed, dealer=dealer, start=start)
    return setup, setup.session_for(state, seed)


def run_app(
    setup: MatchSetup,
    session: Session,
    save_dir: Path,
    body: Callable[[PlayApp, Pilot[None]], Awaitable[None]],
    delay: float = NEVER,
) -> PlayApp:
    app = PlayApp(setup, session, save_dir, bot_delay=delay)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await body(app, pilot)

    asyncio.run(main())
    return app


async def press_for(app: PlayApp, pilot: Pilot[None], action: Action) -> None:
    """Take one of the human's actions by keys: its digit, or the arrows and Enter."""
    ordered = app.table.ordered_actions()
    index = ordered.index(action)
    if index < len(KEYS):
        await pilot.press(KEYS[index])
    else:  # from no focus, ← marks the last button, each further ← the one before
        await pilot.press(*["left"] * (len(ordered) - index), "enter")
    await pilot.pause()


async def drive(
    app: PlayApp,
    pilot: Pilot[None],
    deals: int,
    check: Callable[[PlayApp], None],
    choose: Callable[[list[Action]], Action],
) -> None:
    """Play ``deals`` deals (or to the robber's end): the human by keys, the computer one
    card at a time; ``check`` reads every screen in between."""
    session = app.session
    while not session.finished or isinstance(app.screen, DealEndScreen):
        await pilot.pause()
        await pilot.pause()  # the screen redrawn for the last move, however loaded the machine
        check(app)
        if isinstance(app.screen, DealEndScreen):
            if len(app.table.summaries) >= deals:
                return
            await pilot.press("space")
            continue
        if session.to_act == 0:
            action = choose(session.legal())
            before = len(state_of(session).actions)
            await press_for(app, pilot, action)
            # The key's message may still be on its way on a loaded machine: wait for it.
            for _ in range(500):
                if len(state_of(session).actions) > before:
                    break
                await pilot.pause(0.01)
            assert str(state_of(session).actions[before]) == str(action)
        else:  # the computer thinks in a worker thread: wait for its move
            await app.table._bot_turn()
            await app.workers.wait_for_complete()


class Seen:
    """What the human may know at each moment, kept from his own events as they come."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.told = 0
        #: Photographs and seat-draw cards (a second deck), queens named by marks.
        self.public: set[int] = set()

    def allowed(self, app: PlayApp) -> set[int]:
        for event in self.session._state.events(self.told, 0):
            self.told += 1
            if event.kind == "deal":
                self.public.add(parse_card(event.data["photo"]))
                self.public |= {parse_card(c) for c in event.data.get("draw", ())}
            elif event.kind == "trick":
                self.public |= {parse_card(m) for m in event.data["marks"] if m[0] == "Q"}
        view = view_of(self.session)
        known = set(view.hand) | {c for _s, c in view.on_table} | {view.photo} | self.public
        known |= {c for t in view.review for _s, c in t.plays}
        if isinstance(app.screen, DealEndScreen):  # the deal is over: all of it may be told
            last = app.table.summaries[-1]
            known |= {parse_card(p.partition(":")[2]) for t in last.details["played"] for p in t}
        return known


# ---------------------------------------------------------------- playing


def test_the_command_line_sets_up_tetka_for_four() -> None:
    setup = setup_match("tetka", ["revoke=penalized", "target=21"], None, "en")
    assert setup.game.id == "tetka"
    assert setup.options["revoke"] == "penalized" and setup.options["target"] == 21
    assert setup.level == ("rules" if "rules" in levels("tetka") else levels("tetka")[0])
    session = setup.new_session(3)
    assert session.players == 4 and session.sides == (0, 1, 2, 3)
    assert session.computer_seats == [1, 2, 3]
    assert setup.session_for(state_of(session), 3).names[1:] == [
        f"{name} (medium)" for name in ("West", "North", "East")
    ]


@pytest.mark.parametrize(
    ("lang", "revoke"),
    # The second deal by keys (8 s) in the slow tier.
    [("en", "prevented"), pytest.param("ru", "penalized", marks=pytest.mark.slow)],
)
def test_a_whole_deal_played_by_keys(lang: str, revoke: str, tmp_path: Path) -> None:
    setup, session = make_session(seed=4, lang=lang, options={"revoke": revoke})
    words = GAME.words(lang)
    tr = translator(lang)
    rng = random.Random(4)
    turns = 0
    far = 0

    def check(app: PlayApp) -> None:
        if isinstance(app.screen, DealEndScreen) or session.to_act != 0:
            return
        text = screen_text(app)
        view = view_of(session)
        names = app.table.names
        for line in words.status(view, names, app.table.sides):
            assert line[:40] in text
        photo = words.table_lines(view, names, app.table.sides)[0]
        assert photo in text
        hand = " ".join(card_label(c, lang) for c in view.hand)
        assert tr("Your cards: {cards}").format(cards=hand) in text
        assert words.hint(view, session.legal(), names)[:40] in text
        for i, action in enumerate(app.table.ordered_actions()[: len(KEYS)]):
            assert f"[{KEYS[i]}] {words.action_label(action, view)}" in text

    def choose(legal: list[Action]) -> Action:
        nonlocal turns, far
        turns += 1
        pick = legal[rng.randrange(len(legal))]
        if turns <= 2 and len(legal) > len(KEYS):  # a card beyond the keys: ← and Enter
            pick = legal[len(KEYS) + turns - 1]
        far += legal.index(pick) >= len(KEYS)
        return pick

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await drive(app, pilot, 1, check, choose)
        assert isinstance(app.screen, DealEndScreen)
        text = " ".join(screen_text(app).split())
        summary = app.table.summaries[0]
        lines = words.deal_lines(summary, app.table.names, app.table.sides)
        assert lines[0][:50] in text  # the first trick, card by card: the deal is over
        deal_over = translator(lang)("Deal {n} is over").format(n=1)
        assert deal_over in text
        await pilot.press("space")
        await pilot.pause()
        assert not isinstance(app.screen, DealEndScreen)

    run_app(setup, session, tmp_path, body)
    assert turns == 13
    state = state_of(session)
    assert len(state.finished_deals()) == 1
    assert sum(1 for a in state.actions if a.seat == 0) == 13
    # The human leads the first trick from thirteen cards: the last ones sit beyond the
    # tenth key and were taken with the arrows and Enter.
    assert far > 0


def test_the_table_shows_the_photograph_marks_and_the_reviewable_tricks(tmp_path: Path) -> None:
    setup, session = make_session(seed=9, marks=(3, 7, 0, 12))

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        view = view_of(session)
        text = screen_text(app)
        assert f"Photograph: {card_label(view.photo, 'en')} (turned by You)" in text
        assert f"counting trick: {view.counting}" in text
        assert "Marks: You 3 · West 7 · North 0 · East 12 (robber to 21)" in text
        assert "▶ You · turned the photo · 0 tricks" in text
        assert "East (easy) · dealer · 0 tricks" in text
        # The human leads; three cards later he sees them all on the table, then the trick.
        await press_for(app, pilot, session.legal()[0])
        for _ in range(3):  # each computer's card: thought over in a worker, then played
            await app.table._bot_turn()
            await app.workers.wait_for_complete()
        await pilot.pause()
        view = view_of(session)
        assert [t.number for t in view.review] == [1]
        winner = view.review[0].winner
        text = screen_text(app)
        plays = ", ".join(
            f"{app.table.names[s]} {card_label(c, 'en')}" for s, c in view.review[0].plays
        )
        assert f"Trick 1: {plays} → {app.table.names[winner]}" in text
        assert f"Trick 1 — taken by: {app.table.names[winner]}" in text
        assert "Tricks this deal: " in text

    run_app(setup, session, tmp_path, body)


def test_help_says_each_plays_for_himself(tmp_path: Path) -> None:
    setup, session = make_session(options={"revoke": "penalized", "target": 30})

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        text = " ".join(str(getattr(screen.body, "plain", screen.body)).split())
        assert "You sit at the bottom; each player plays for himself." in text
        assert "partner" not in text.lower()
        assert "Revokes are penalized" in text and "reaches 30 marks" in text
        assert "Partner" not in " ".join(app.table.names)

    run_app(setup, session, tmp_path, body)


def test_seat_one_sits_on_the_left_play_passes_to_the_left(tmp_path: Path) -> None:
    setup, session = make_session()

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        rows = screen_text(app).splitlines()

        def at(text: str) -> tuple[int, int]:
            return next((r, line.index(text)) for r, line in enumerate(rows) if text in line)

        west, north, east = at("West (easy)"), at("North (easy)"), at("East (easy)")
        you = at("Your cards")
        assert north[0] < west[0] == east[0] < you[0]
        assert west[1] < north[1] < east[1]

    run_app(setup, session, tmp_path, body)


# ---------------------------------------------------------- hidden information


@pytest.mark.parametrize(
    ("lang", "revoke", "marks", "deals"),
    [
        ("en", "prevented", (0, 0, 0, 0), 1),
        ("ru", "penalized", (18, 14, 19, 16), 1),
        # Two deals, to the match's end (16 s): in the slow tier.
        pytest.param("ru", "penalized", (18, 14, 19, 16), 2, marks=pytest.mark.slow),
    ],
)
def test_the_screen_never_shows_an_older_trick_or_another_hand(
    lang: str, revoke: str, marks: tuple[int, int, int, int], deals: int, tmp_path: Path
) -> None:
    setup, session = make_session(seed=17, lang=lang, options={"revoke": revoke}, marks=marks)
    seen = Seen(session)
    rng = random.Random(17)
    screens = 0
    hidden = 0

    def check(app: PlayApp) -> None:
        nonlocal screens, hidden
        allowed = seen.allowed(app)
        shown = cards_on_screen(screen_text(app), lang)
        leaked = shown - allowed
        assert not leaked, sorted(card_label(c, "en") for c in leaked)
        view = view_of(session)
        hidden += view.trick_number - 1 > len(view.review)
        screens += 1

    def choose(legal: list[Action]) -> Action:
        return legal[rng.randrange(len(legal))]

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await drive(app, pilot, deals, check, choose)

    run_app(setup, session, tmp_path, body)
    assert screens > 50 * deals and hidden > 25 * deals
    finished = state_of(session).finished_deals()
    assert len(finished) == deals or session.finished


def test_behind_the_deal_panel_the_table_shows_the_deal_as_it_ended(tmp_path: Path) -> None:
    """Issue 21: behind the end-of-deal panel the terminal's table was drawn before the
    last card (its trick uncounted); now as the deal ended: every trick counted."""
    setup, session = make_session(seed=4)
    seen: list[str] = []

    def check(app: PlayApp) -> None:
        if isinstance(app.screen, DealEndScreen) and not seen:
            status = app.table.query_one("#status", Static)
            seen.append(str(status.render()))

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await drive(app, pilot, 1, check, lambda legal: legal[0])

    run_app(setup, session, tmp_path, body)
    (status,) = seen
    found = re.search(r"Tricks this deal: ([^\n]*)", status)
    assert found is not None, status
    counts = [int(n) for n in re.findall(r" (\d+)(?: ·|$)", found.group(1))]
    assert sum(counts) == 13, found.group(1)
