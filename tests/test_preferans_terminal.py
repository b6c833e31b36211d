"""Preferans at the terminal, headless: three players (or four), the human at seat 0.

The app runs under ``App.run_test``; keys are pressed as a player would press
them (the digits for the first ten buttons, the arrows and Enter for the rest).
The discard is chosen in two steps, one card then the other (``core.pairs``),
not among 66 buttons. The computer is driven one action at a time,
so that every screen of the deal is read. It plays at the ``random`` level,
which every game has. What the screen may show: the human's hand, the talon
where it was shown to him, hands laid open, his own discard and every card
played; never another hand, a face-down discard or a misère's talon. The
score sheet is drawn beside the log as players draw it on paper.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from preferans_helpers import SPADES
from tricktaker.bots import levels
from tricktaker.cards import CARD_NAMES, parse_card
from tricktaker.core import get_game
from tricktaker.core.actions import Action
from tricktaker.core.cardwords import SUITS, card_label, rank_text
from tricktaker.core.i18n import translator
from tricktaker.games.preferans import PreferansState, PreferansView
from tricktaker.games.preferans.words import PreferansWords
from tricktaker.terminal.actions import KEYS, ActionBar, Pick
from tricktaker.terminal.app import PlayApp
from tricktaker.terminal.launch import MatchSetup, setup_match
from tricktaker.terminal.modals import DealEndScreen, HelpScreen, SheetScreen
from tricktaker.terminal.session import Session

GAME = get_game("preferans")
SIZE = (120, 60)
CARD_ON_SCREEN = re.compile(r"(10|[7-9JQKAВДКТ])([♣♦♥♠])")
NEVER = 10_000.0  # a bot delay no test waits out: the test moves the computer itself
LEVEL = "rules" if "rules" in levels("preferans") else "random"


def screen_text(app: PlayApp) -> str:
    """The rendered screen, one line per row, boxes over the table included."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def cards_on_screen(text: str, lang: str) -> set[int]:
    tr = translator(lang)
    back = {rank_text(r, tr): r for r in "789TJQKA"}
    suits = dict(zip(SUITS, "cdhs", strict=True))
    return {
        parse_card(back[rank] + suits[suit])
        for rank, suit in CARD_ON_SCREEN.findall(text)
        if rank in back
    }


def state_of(session: Session) -> PreferansState:
    """The hidden state, for the test's eyes only."""
    state = session._state
    assert isinstance(state, PreferansState)
    return state


def view_of(session: Session) -> PreferansView:
    view = session.view()
    assert isinstance(view, PreferansView)
    return view


def make_session(
    seed: int = 1, lang: str = "en", options: dict[str, object] | None = None, dealer: int = 2
) -> tuple[MatchSetup, Session]:
    opts = GAME.options(options or {"rules": "leningrad"})
    setup = MatchSetup(GAME, opts, "random", lang)
    state = GAME.new_match(opts, seed=seed, dealer=dealer)
    return setup, setup.session_for(state, seed)


def run_app(
    setup: MatchSetup,
    session: Session,
    save_dir: Path,
    body: Callable[[PlayApp, Pilot[None]], Awaitable[None]],
) -> PlayApp:
    app = PlayApp(setup, session, save_dir, bot_delay=NEVER)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await body(app, pilot)

    asyncio.run(main())
    return app


async def press_choice(app: PlayApp, pilot: Pilot[None], choice: Action | Pick) -> None:
    """Press one of the buttons by keys: its digit, or the arrows and Enter."""
    shown = app.table.choices()
    index = shown.index(choice)
    if index < len(KEYS):
        await pilot.press(KEYS[index])
    else:  # from no focus, ← marks the last button, each further ← the one before
        await pilot.press(*["left"] * (len(shown) - index), "enter")
    await pilot.pause()


async def press_for(app: PlayApp, pilot: Pilot[None], action: Action) -> None:
    """Take one of the human's actions by keys: its button, or (two cards, a discard)
    the button of one card and then of the other."""
    if action in app.table.choices():
        await press_choice(app, pilot, action)
        return
    first, second = action.args
    await press_choice(app, pilot, Pick(action.verb, first))
    await press_choice(app, pilot, Pick(action.verb, second))


def chooser(rng: random.Random) -> Callable[[list[Action]], Action]:
    """Random actions, passing often in the bidding (so that contracts, whists and
    all-passes all come up), declaring the lowest contract."""

    def choose(legal: list[Action]) -> Action:
        passes = [a for a in legal if a.verb == "pass"]
        if passes and any(a.verb == "bid" for a in legal) and rng.random() < 0.5:
            return passes[0]
        if legal[0].verb == "declare":
            return legal[0]
        return legal[rng.randrange(len(legal))]

    return choose


async def drive(
    app: PlayApp,
    pilot: Pilot[None],
    deals: int,
    check: Callable[[PlayApp], None],
    choose: Callable[[list[Action]], Action],
) -> None:
    """Play ``deals`` deals (or to the game's end): the human by keys, the computer one
    action at a time; ``check`` reads every screen in between."""
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


# ---------------------------------------------------------------- playing


def test_the_command_line_sets_up_leningrad_for_three() -> None:
    setup = setup_match("preferans", ["rules=leningrad"], None, "en")
    assert setup.game.id == "preferans"
    assert setup.options["rules"] == "leningrad" and setup.options["players"] == 3
    assert setup.level == LEVEL
    session = setup.new_session(3)
    assert session.players == 3 and session.sides == (0, 1, 2)
    assert session.computer_seats == [1, 2]
    four = setup_match("preferans", ["rules=pot", "players=4"], "random", "ru").new_session(5)
    assert four.players == 4 and four.computer_seats == [1, 2, 3]


@pytest.mark.parametrize(
    ("lang", "rules"),
    # The second deal by keys (7 s) in the slow tier.
    [("en", "leningrad"), pytest.param("ru", "sochi", marks=pytest.mark.slow)],
)
def test_a_whole_deal_played_by_keys(lang: str, rules: str, tmp_path: Path) -> None:
    setup, session = make_session(seed=4, lang=lang, options={"rules": rules})
    words = GAME.words(lang)
    paper = PreferansWords(lang)
    tr = translator(lang)
    seen_verbs: set[str] = set()

    def check(app: PlayApp) -> None:
        if isinstance(app.screen, DealEndScreen) or session.to_act != 0:
            return
        text = screen_text(app)
        view = view_of(session)
        names = app.table.names
        for line in words.status(view, names, app.table.sides):
            assert line[:40] in text
        hand = " ".join(card_label(c, lang) for c in view.hand)
        assert tr("Your cards: {cards}").format(cards=hand)[:60] in text
        assert words.hint(view, session.legal(), names)[:40] in text
        for i, choice in enumerate(app.table.choices()[: len(KEYS)]):
            assert f"[{KEYS[i]}] {app.table.choice_label(choice, view)}" in text
            if isinstance(choice, Action):
                seen_verbs.add(choice.verb)
        # The paper sheet, in its panel: the title and the pulya row.
        drawn = paper.sheet_lines(view, app.table.summaries, names)
        assert drawn[0] in text and drawn[2].split()[0] in text

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await drive(app, pilot, 1, check, chooser(random.Random(4)))
        assert isinstance(app.screen, DealEndScreen)
        text = " ".join(screen_text(app).split())
        summary = app.table.summaries[0]
        lines = words.deal_lines(summary, app.table.names, app.table.sides)
        assert " ".join(lines[0].split())[:50] in text
        assert translator(lang)("Deal {n} is over").format(n=1) in text
        await pilot.press("space")
        await pilot.pause()
        assert not isinstance(app.screen, DealEndScreen)

    run_app(setup, session, tmp_path, body)
    assert len(state_of(session).finished_deals()) == 1
    assert "bid" in seen_verbs or "pass" in seen_verbs


def test_the_declarer_discards_by_choosing_two_cards(tmp_path: Path) -> None:
    """Twelve cards, 66 possible discards: a button per card, then a button per card that
    completes the pair (labelled with the whole discard), a way back by Esc or by its
    button, and the discard taken by two digits."""
    opts = GAME.options({"rules": "sochi"})
    state = GAME.new_match(opts, deals=[SPADES], dealer=2)
    for action in ("0:bid 6s", "1:pass", "2:pass"):
        state.apply(action)
    setup = MatchSetup(GAME, opts, "random", "en")
    session = setup.session_for(state, 0)
    session.replayed(3)
    words = GAME.words("en")

    def label(name: str) -> str:
        return card_label(parse_card(name), "en")

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        table = app.table
        view = view_of(session)
        hand = [CARD_NAMES[c] for c in view.hand if c is not None]
        assert len(hand) == 12 and len(session.legal()) == 66
        firsts = [Pick("discard", card) for card in hand]
        assert table.choices() == firsts
        assert len(app.query_one(ActionBar).buttons) == 12
        text = screen_text(app)
        assert f"[1] {label(hand[0])} " in text and f"[0] {label(hand[9])} " in text
        assert "Discard: choose the first card" in text

        # The first card by its digit: then only the cards that complete a pair, and Back.
        await pilot.press("3")
        await pilot.pause()
        first = hand[2]
        seconds = [Pick("discard", card) for card in hand if card != first]
        assert table.choices() == [*seconds, Pick("discard", None)]
        text = screen_text(app)
        assert f"Discard {label(first)}: choose the second card (Esc: back)" in text
        pair = next(a for a in session.legal() if set(a.args) == {first, hand[0]})
        assert f"[1] {words.action_label(pair, view)}" in text
        assert len(session.legal()) == 66  # nothing taken yet

        # Esc goes back to the first card; so does the Back button (the last one).
        await pilot.press("escape")
        await pilot.pause()
        assert table.choices() == firsts
        await pilot.press("3")
        await pilot.pause()
        await press_choice(app, pilot, Pick("discard", None))
        assert table.choices() == firsts
        assert "Discard: choose the first card" in screen_text(app)

        # Two digits take the discard: the fifth card, then the second.
        await pilot.press("5")
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        taken = state_of(session).actions[-1]
        assert taken.verb == "discard" and set(taken.args) == {hand[4], hand[1]}
        after = view_of(session)
        assert len(after.hand) == 10 and set(after.discard) == {
            parse_card(hand[4]),
            parse_card(hand[1]),
        }
        # Declaring the contract is a button per contract again.
        assert {a.verb for a in session.legal()} == {"declare"}
        assert table.choices() == table.ordered_actions()

    run_app(setup, session, tmp_path, body)


def test_the_score_sheet_screen_draws_the_paper_and_the_rows(tmp_path: Path) -> None:
    setup, session = make_session(seed=7, options={"rules": "sochi", "pool": 10})

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await drive(app, pilot, 2, lambda app: None, chooser(random.Random(7)))
        await pilot.press("space")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        text = screen_text(app)
        assert "Sochi, pulya to 10" in text
        assert re.search(r"pulya\s", text) and re.search(r"gora\s", text)
        assert re.search(r"whists\s+West: ", text) and "balance" in text
        assert "Deal" in text and "Contract" in text and "Result" in text
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        rules = " ".join(str(getattr(screen.body, "plain", screen.body)).split())
        assert "responsible and greedy whist" in rules
        assert "You sit at the bottom; each player plays for himself." in rules

    run_app(setup, session, tmp_path, body)


def test_seats_sit_in_order_of_play_to_the_left(tmp_path: Path) -> None:
    setup, session = make_session()

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        rows = screen_text(app).splitlines()

        def at(text: str) -> tuple[int, int]:
            return next((r, line.index(text)) for r, line in enumerate(rows) if text in line)

        west, east, you = at("West (easy)"), at("East (easy)"), at("Your cards")
        assert west[0] == east[0] < you[0] and west[1] < east[1]

    run_app(setup, session, tmp_path, body)


# ---------------------------------------------------------- hidden information


class Seen:
    """What the human may know, kept from his own events as they come."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.told = 0
        self.known: set[int] = set()

    def update(self) -> set[int]:
        for e in state_of(self.session).events(self.told, 0):
            self.told += 1
            d = e.data
            names: list[str] = []
            if e.kind == "deal":
                names = list(d.get("hand", []))
            elif e.kind == "talon":
                names = list(d["cards"])
            elif e.kind == "show":
                names = [c for _s, hand in d["hands"] for c in hand]
            elif e.kind == "talon_lead":
                names = [d["talon_card"]]
            elif e.kind == "action":
                names = list(d.get("cards", [])) + ([d["card"]] if "card" in d else [])
            self.known |= {parse_card(c) for c in names}
        return self.known


@pytest.mark.parametrize(
    ("lang", "options", "deals"),
    [
        # Shorter runs in the fast tier, the longer ones (15 to 20 s each) in the slow one.
        ("ru", {"rules": "rostov", "players": 4}, 1),
        ("en", {"rules": "pot"}, 3),
        pytest.param("en", {"rules": "leningrad"}, 4, marks=pytest.mark.slow),
        pytest.param("ru", {"rules": "rostov", "players": 4}, 3, marks=pytest.mark.slow),
    ],
)
def test_the_screen_never_shows_a_hidden_card(
    lang: str, options: dict[str, object], deals: int, tmp_path: Path
) -> None:
    setup, session = make_session(seed=17, lang=lang, options=options)
    seen = Seen(session)
    screens = 0

    def check(app: PlayApp) -> None:
        nonlocal screens
        known = seen.update()
        view = view_of(session)
        if isinstance(app.screen, DealEndScreen) or view.phase != "play":
            return  # bids read like cards (7♠): the play is where cards are shown
        # The status tells the lowest bid after all-passes ("bids from 7♠"): not a card.
        lines = screen_text(app).splitlines()
        text = "\n".join(x for x in lines if "bids from" not in x and "торговля с" not in x)
        leaked = cards_on_screen(text, lang) - known
        assert not leaked, sorted(card_label(c, "en") for c in leaked)
        screens += 1

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await drive(app, pilot, deals, check, chooser(random.Random(17)))

    run_app(setup, session, tmp_path, body)
    assert screens > 5


# ------------------------------------------------------------- how it is drawn


def test_bids_in_a_grid_by_level_and_the_computer_level_in_russian(tmp_path: Path) -> None:
    """The bids a level per row, the strains in columns (7♦ under 6♦, the first level
    short of 6♠ aligned right), misère and pass on rows of their own; keys in brackets,
    never read as part of a bid («[7] 7♣»); the computer's level in Russian words."""
    opts = GAME.options({"rules": "sochi"})
    setup = MatchSetup(GAME, opts, LEVEL, "ru")
    state = GAME.new_match(opts, seed=3, dealer=1)
    state.apply("2:bid 6s")  # seat 2 is first hand: the human's word is from 6♣
    session = setup.session_for(state, 3)
    session.replayed(1)

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert session.to_act == 0
        bar = app.query_one(ActionBar)
        rows: dict[int, list[str]] = {}
        columns: dict[str, int] = {}
        for b in bar.buttons:
            rows.setdefault(b.region.y, []).append(b.item.label)
            columns[b.item.label] = b.region.x
        lines = list(rows.values())
        assert lines[0] == ["Пас"]
        assert lines[1] == ["6♣", "6♦", "6♥", "6 БК"]
        assert lines[2] == ["7♠", "7♣", "7♦", "7♥", "7 БК"]
        assert ["Мизер"] in lines and lines[-1] == ["10♠", "10♣", "10♦", "10♥", "10 БК"]
        assert lines.index(["Мизер"]) == lines.index(["9♠", "9♣", "9♦", "9♥", "9 БК"]) - 1
        for strain in ("♣", "♦", "♥", " БК"):
            assert columns[f"6{strain}"] == columns[f"7{strain}"] == columns[f"10{strain}"]
        text = screen_text(app)
        assert "[1] Пас" in text and "[2] 6♣" in text and "[7] 7♣" in text
        assert "Запад (средний)" in text and "Восток (средний)" in text
        assert "компьютер: средний" in text
        assert session.record()["names"][1] == "Запад (средний)"
        # The log has no scrollbar to leave half-blocks at its edge (PgUp/PgDn scroll it).
        assert app.query_one("#log").styles.scrollbar_size_vertical == 0

    run_app(setup, session, tmp_path, body)


def test_the_end_of_a_deal_covers_the_width_of_the_screen(tmp_path: Path) -> None:
    setup, session = make_session(seed=4, lang="ru", options={"rules": "sochi"})

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await drive(app, pilot, 1, lambda app: None, chooser(random.Random(4)))
        screen = app.screen
        assert isinstance(screen, DealEndScreen)
        box = screen.query_one("Vertical")
        assert box.region.x == 0 and box.region.width == SIZE[0]
        assert box.region.bottom == SIZE[1]
        text = screen_text(app)
        summary = app.table.summaries[0]
        for line in GAME.words("ru").deal_lines(summary, app.table.names, app.table.sides)[:3]:
            assert line[:50] in text

    run_app(setup, session, tmp_path, body)
