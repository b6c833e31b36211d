"""Truco Argentino's and Gaúcho's words (issue 25): what an Argentino table reads says
Argentino's rules, never Brazil's (no manilhas, the Spanish order, the game's own total,
the Spanish raises, the variant's strength table), and the lobby tells all four variants.

Cards stay written by ``core.cardwords`` (``A♠``): the front ends rename them as Spanish
cards (the web's ``cards.js``, the terminal's ``styling.deck_text``), so the words must not.
"""

from __future__ import annotations

import re

import pytest

from test_truco_argentino import GAME, arg, run
from tricktaker.core.protocol import View, choice_label
from tricktaker.games.truco import TrucoView
from tricktaker.games.truco.options import SCHEMA
from tricktaker.games.truco.words import TrucoWords

NAMES = ["You", "East"]
SIDES = ["Us", "Them"]
#: A rank written with a French letter (a card's "A♠" is a card, not a rank).
FRENCH_RANK = re.compile(r"(?<![\w♣♦♥♠])[AKQJ](?![♣♦♥♠\w])")


def words(lang: str = "en") -> TrucoWords:
    found = GAME.words(lang)
    assert isinstance(found, TrucoWords)
    return found


def view(state: object, seat: int) -> TrucoView:
    got: View = state.view(seat)  # type: ignore[attr-defined]
    assert isinstance(got, TrucoView)
    return got


@pytest.mark.parametrize("variant", ["argentino", "gaucho"])
def test_no_manilhas_in_the_status_or_the_deal_line(variant: str) -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac", variant=variant)
    for lang in ("en", "ru", "pt", "fr", "es"):
        w = words(lang)
        status = w.status(view(state, 0), NAMES, SIDES)
        deal = w.event_text(state.events(0, 0)[0], NAMES, SIDES) or ""
        for text in [*status, deal]:
            assert "manilh" not in text.lower() and "манил" not in text.lower(), text
            assert "4♣ 7♥" not in text, text


def test_the_hand_note_gives_the_spanish_order() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    note = words().hand_note(view(state, 0))
    assert note == "order: A♠ A♣ 7♠ 7♦ · then 3 2 1 12 11 10 7 6 5 4 · your envido: 5"
    for lang in ("en", "ru", "pt", "fr", "es"):
        text = words(lang).hand_note(view(state, 1)) or ""
        assert "3 2 1 12 11 10 7 6 5 4" in text, text
        assert not re.search("zap|espadilha|pica-fumo|зап", text), text
        assert not FRENCH_RANK.search(text), text


@pytest.mark.parametrize(
    ("variant", "points", "players", "target"),
    [("argentino", 30, 2, 30), ("argentino", 15, 2, 15), ("gaucho", 30, 2, 18)],
)
def test_the_score_line_says_the_games_own_total(
    variant: str, points: int, players: int, target: int
) -> None:
    state = arg(players, variant=variant, points=points)
    line = words().status(view(state, 0), NAMES, SIDES)[0]
    assert line == f"Score: Us 0 — Them 0 (game to {target})"
    assert "12" not in line


def test_the_play_hint_names_the_spanish_raises() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    w = words()
    hint = w.asked(view(state, 1), state.legal_actions(), NAMES)
    assert "You may first raise: Truco! " in hint, hint
    assert "2!" not in hint and "!." not in hint
    run(state, "1:raise")
    hint = w.asked(view(state, 0), state.legal_actions(), NAMES)
    assert hint.startswith("East: “Truco!” — the hand would be worth 2."), hint
    assert "Or raise again: Retruco!" in hint
    es = words("es").asked(view(state, 0), state.legal_actions(), NAMES)
    assert "«¡Truco!»" in es and "¡Retruco!" in es, es


def test_gaucho_raises_to_vale_quatro_in_every_hint() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac", variant="gaucho")
    run(state, "1:raise")
    w = words()
    hint = w.asked(view(state, 0), state.legal_actions(), NAMES)
    assert "Or raise again: Retruco!" in hint
    run(state, "0:raise")
    hint = w.asked(view(state, 1), state.legal_actions(), NAMES)
    assert "Or raise again: Vale quatro!" in hint, hint
    run(state, "1:raise")
    assert "raise (East): Vale quatro!" in w.status(view(state, 0), NAMES, SIDES)[2]
    assert "“Vale quatro!”" in w.asked(view(state, 0), state.legal_actions(), NAMES)


def _play(state: object, *cards: str) -> None:
    """Each card by whoever's turn it is (the card's holder)."""
    for c in cards:
        seat = state.to_act  # type: ignore[attr-defined]
        state.apply(f"{seat}:play {c}")  # type: ignore[attr-defined]


def test_the_end_of_deal_lines_take_tricks_by_argentinos_order() -> None:
    """The 1 of espadas beats the 4 of bastos (in Mineiro the 4♣ is the zap, above the A♠):
    the trick goes to the partner who played the 1 of espadas."""
    state = arg(4, "As 5d 6d", "4h 5h 6h", "4c 5c 6c", "4s 5s 6s")
    _play(state, "4h", "4c", "4s", "As")
    run(state, "0:fold")
    summary = state.finished_deals()[0]
    names = ["You", "East", "North", "West"]
    lines = words().deal_lines(summary, names, SIDES)
    assert lines[0] == "Trick 1: East 4♥, North 4♣, West 4♠, You A♠ → You", lines
    assert summary.details["deck"] == "spanish"


def test_the_lobby_tells_all_four_variants_and_their_totals() -> None:
    spec = {s.name: s for s in SCHEMA}
    for lang in ("en", "ru", "pt", "fr", "es"):
        w = words(lang)
        variants = w.option_help(spec["variant"]) or ""
        for name in ("argentino", "gaucho"):
            named = choice_label(w, spec["variant"], name)
            assert named.lower() in variants.lower(), (lang, named, variants)
        match = w.option_help(spec["match"]) or ""
        assert all(n in match for n in ("12", "30", "15", "24", "18")), (lang, match)
        assert "12" not in choice_label(w, spec["match"], 1)
    assert choice_label(words(), spec["match"], 1) == "one game"
    assert "argentino" in spec["match"].help and "gaucho" in spec["match"].help


def test_the_rules_of_a_best_of_three_argentino_say_two_games_win() -> None:
    rules = words().rules(GAME.options({"variant": "argentino", "match": 3}))
    assert rules[-2:] == ["The first side to 30 points wins a game.", "Two games win the match."]
    single = words().rules(GAME.options({"variant": "argentino"}))
    assert single[-1] == "The first side to 30 points wins a game."


def test_argentinos_calls_come_in_named_groups() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    w, v = words(), view(state, 1)
    legal = state.legal_actions()
    groups = w.action_groups(legal, v)
    named = {
        title: [str(a) for row in group for a in row if a is not None]
        for title, group in zip(w.group_titles(legal, v), groups, strict=True)
    }
    assert named == {
        "Your answer": [],
        "Envido": ["1:envido", "1:real", "1:falta"],
        "Flor": [],
        "Truco": ["1:raise"],
        "Mazo": ["1:fold"],
    }
    assert words("es").group_titles(legal, v)[0] == "Tu respuesta"
    brazil = GAME.new_match(GAME.options({}), seed=1)
    assert w.action_groups(brazil.legal_actions(), brazil.view(brazil.to_act or 0)) == []


def test_a_sung_envido_ends_its_sentence_once() -> None:
    state = arg(2, "Kc 4d 5s", "7h 6h Ac")
    run(state, "1:envido")
    for lang in ("en", "ru", "pt", "fr", "es"):
        hint = words(lang).asked(view(state, 0), state.legal_actions(), NAMES)
        assert "!." not in hint, (lang, hint)
        assert re.search("Envido|Энвидо", hint), (lang, hint)
    hint = words().asked(view(state, 0), state.legal_actions(), NAMES)
    assert hint == "Envido sung: Envido! Quiero, no quiero, or raise it? Your envido: 5."
