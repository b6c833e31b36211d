"""Truco Argentino in the terminal (headless): a deal played with the keys, the cards by
their Spanish names (``1e``, ``12b``; terminal/styling.py ``use_deck``) wherever the
screen names one, never as French cards, and the calls (envido, truco, quiero, the mazo)
offered as buttons and taken with their keys."""

from __future__ import annotations

import random
import re
from pathlib import Path

from textual.pilot import Pilot

from test_terminal import actions_taken, key_for, run_app, screen_text, settle
from tricktaker.core import get_game
from tricktaker.core.protocol import View
from tricktaker.games.truco import TrucoView
from tricktaker.games.truco.cards import spanish_name
from tricktaker.terminal.app import PlayApp
from tricktaker.terminal.launch import MatchSetup
from tricktaker.terminal.log import GameLog
from tricktaker.terminal.session import Session
from tricktaker.terminal.styling import deck_text, styled, use_deck

GAME = get_game("truco")
#: A card as the words write a French card (``Q♦``), and a Spanish card's name.
FRENCH_CARD = re.compile(r"(?<!\w)(?:10|[2-9AKQJ])[♣♦♥♠]")
SPANISH_CARD = re.compile(r"(?<!\w)(?:1[0-2]|[1-7])[eboc](?!\w)")


def _session(seed: int, lang: str = "en", variant: str = "argentino") -> tuple[MatchSetup, Session]:
    options = GAME.options({"variant": variant, "players": 2})
    setup = MatchSetup(GAME, options, "rules", lang)
    state = GAME.new_match(options, seed=seed, dealer=1)
    return setup, setup.session_for(state, seed)


def _view(session: Session) -> TrucoView:
    view: View = session.view()
    assert isinstance(view, TrucoView)
    return view


def test_a_spanish_deck_names_its_cards_and_colours_them_by_suit() -> None:
    _setup, session = _session(seed=2, lang="ru")
    view = _view(session)
    use_deck(view, "ru")
    try:
        # The words write the 12 of oros as the French K♦ (Russian К♦): shown as 12o.
        assert deck_text("Вы: К♦, Т♠ и 7♣") == "Вы: 12o, 1e и 7b"
        text = styled("trick: Д♥")
        assert text.plain == "trick: 10c"
        assert any("red" in str(span.style) for span in text.spans)
    finally:
        use_deck(GAME.new_match(GAME.options({}), seed=1).view(0), "en")
    assert deck_text("K♦") == "K♦"  # Brazil's Truco keeps its French cards


def test_an_argentino_deal_by_keys_with_spanish_cards_and_an_envido(tmp_path: Path) -> None:
    setup, session = _session(seed=4)
    words = setup.game.words("en")
    rng = random.Random(3)
    sung: list[str] = []
    logged: list[str] = []

    async def body(app: PlayApp, pilot: Pilot[None]) -> None:
        await settle(pilot, app)
        while not app.table.summaries and not session.finished:
            text = screen_text(app)
            view = _view(session)
            assert not FRENCH_CARD.search(text), text
            hand = " ".join(spanish_name(c) for c in view.hand if c is not None)
            assert f"Your cards: {hand}" in text, text
            ordered = app.table.ordered_actions()
            for i, action in enumerate(ordered):
                label = deck_text(words.action_label(action, view))
                assert f"[{'1234567890'[i]}] {label}" in text, (label, text)
            verbs = {a.verb: a for a in ordered}
            # The envido first, whenever it is offered; then anything but the mazo.
            chosen = verbs.get("envido") or verbs.get("accept")
            if chosen is None:
                chosen = rng.choice([a for a in ordered if a.verb != "fold"] or ordered)
            if chosen.verb == "envido":
                sung.append(str(chosen))
            before = len(actions_taken(session))
            await pilot.press(key_for(app, chosen))
            assert actions_taken(session)[before] == str(chosen)
            await settle(pilot, app)
        logged.extend(e.plain for e in app.table.query_one("#log", GameLog).entries)

    app = run_app(setup, session, tmp_path, body)
    assert sung, "the envido was never offered"
    assert app.table.summaries, "no deal ended"
    log = "\n".join(logged)
    assert "Envido!" in log
    assert SPANISH_CARD.search(log), log
    assert not FRENCH_CARD.search(log), log
