"""Shared helpers for the tests (Le Truc's chiefly): building matches, scoring preludes,
card checks, and what any game's tests use: fingerprints, ``replay`` through the CLI.

The rule tests fix the cards with explicit ``deals`` and reach a wanted score
through cheap "fold" deals (each gives one point to a chosen side), so a test
can start a deal at any score with the hands it needs.
"""

from __future__ import annotations

import io
import json
import random
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from tricktaker.cards import CARD_NAMES, cards_in
from tricktaker.core import Start, State, get_game
from tricktaker.games.truc import TrucGame, TrucState
from tricktaker.games.truc.cards import DECK

_game = get_game("truc")
assert isinstance(_game, TrucGame)
GAME: TrucGame = _game

DECK_NAMES = frozenset(CARD_NAMES[c] for c in DECK)

#: A card name as it appears inside any JSON text ("7h", "0:play 7h", "1:Tc").
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])([789TJQKA][cdhs])(?![0-9A-Za-z])")


def new_state(
    players: int = 2,
    *,
    redeal: str = "repeat",
    ties: str = "leader",
    deals: Sequence[Mapping[str, Any]] | None = None,
    dealer: int = 0,
    seed: int | str = 0,
    start: Start | None = None,
    match: int = 3,
) -> TrucState:
    opts = GAME.options({"players": players, "redeal": redeal, "ties": ties, "match": match})
    return GAME.new_match(opts, seed=seed, deals=deals, dealer=dealer, start=start)


def heard(state: State, seat: int | None) -> list[list[object]]:
    """The private words ``seat`` heard in the deal in progress: [sender, verb, word]."""
    from tricktaker.core.events import deal_events

    out: list[list[object]] = []
    for e in deal_events(state.events(0, seat)):
        if e.kind == "action" and e.data.get("private") and e.action is not None:
            verb = e.action.split(":", 1)[1].split()[0]
            out.append([e.seat, verb, e.data["word"]])
    return out


def seen_actions(state: State, seat: int | None) -> list[str]:
    """Every action ``seat`` saw taken, as notation, from its events."""
    return [e.action for e in state.events(0, seat) if e.action is not None]


def deals_json(state: State) -> list[dict[str, Any]]:
    """The finished deals as ``replay`` prints them."""
    return [d.to_json() for d in state.finished_deals()]


def hands(*seat_hands: str) -> list[list[str]]:
    """``hands("7h 8c 9d", "7s 8d Kc")`` -> one card list per seat."""
    return [h.split() for h in seat_hands]


def deal(*seat_hands: str, stock: str | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"hands": hands(*seat_hands)}
    if stock is not None:
        d["stock"] = stock.split()
    return d


def full_stock(*seat_hands: str, top: str = "") -> list[str]:
    """Every deck card not in the hands or in ``top``, after ``top``, in a fixed order."""
    used = set(" ".join(seat_hands).split()) | set(top.split())
    return top.split() + [CARD_NAMES[c] for c in DECK if CARD_NAMES[c] not in used]


def run(state: TrucState, *actions: str) -> TrucState:
    for a in actions:
        state.apply(a)
    return state


def legal(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def hand_of(state: TrucState, seat: int) -> set[str]:
    return set(state.view(seat).to_json()["hand"])


def point_actions(state: TrucState, side: int) -> list[str]:
    """Actions that end the current deal (at value 1) with one point to ``side``.

    The first actor of a deal (the non-dealer, or right-of-dealer with four) either
    folds, or calls for cards and the dealer folds: neither shows a card.
    """
    actor = state.to_act
    assert actor is not None
    if actor & 1 == side:
        dealer = state.view(actor).dealer
        return [f"{actor}:redeal", f"{dealer}:fold"]
    return [f"{actor}:fold"]


def award(state: TrucState, sides: Iterable[int]) -> list[str]:
    """Give one point per entry of ``sides``, a deal each; return the actions used."""
    done: list[str] = []
    for side in sides:
        for a in point_actions(state, side):
            state.apply(a)
            done.append(a)
    return done


def prelude(score: tuple[int, int]) -> list[int]:
    """The sides of ``sum(score)`` one-point deals reaching ``score``."""
    return [0] * score[0] + [1] * score[1]


def at_score(
    score: tuple[int, int],
    next_deal: Mapping[str, Any] | None,
    *,
    dealer: int,
    players: int = 2,
    redeal: str = "repeat",
    ties: str = "leader",
) -> TrucState:
    """A match starting at ``score`` whose first deal has ``dealer`` and the given cards."""
    assert max(score) < 12
    deals = [next_deal] if next_deal is not None else []
    state = new_state(
        players,
        redeal=redeal,
        ties=ties,
        deals=deals,
        dealer=dealer,
        seed=7,
        start=Start({"score": score}),
    )
    assert state.result().score == score
    assert state.view(0).dealer == dealer
    return state


def card_tokens(obj: object) -> set[str]:
    """Every card name mentioned anywhere in a JSON-able object."""
    text = obj if isinstance(obj, str) else json.dumps(obj)
    return set(CARD_TOKEN.findall(text))


def names(mask: int) -> set[str]:
    return {CARD_NAMES[c] for c in cards_in(mask)}


def fingerprint(state: State) -> str:
    """Everything observable about a state, as one comparable string."""
    return json.dumps(
        {
            "record": state.to_record(),
            "public_record": state.public_record(),
            "views": [state.view(s).to_json() for s in range(state.players)],
            "public": state.public_view().to_json(),
            "legal": legal(state),
            "result": repr(state.result()),
            "deals": deals_json(state),
            "events": [
                [e.to_json() for e in state.events(0, seat)]
                for seat in [None, *range(state.players)]
            ],
            "to_act": state.to_act,
        },
        sort_keys=True,
    )


def replay_cli(text: str, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any]:
    """``tricktaker replay [args] -`` on ``text`` through the CLI: its exit status and JSON."""
    from tricktaker.cli import main

    stdin = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        code = main(["replay", *args, "-"])
    finally:
        sys.stdin = stdin
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, json.loads(out.out)


def bot_choice(state: State, game: str, seed: int = 0, level: str = "rules") -> str:
    """What ``level``'s bot for ``game`` does at the seat to act, its rng seeded ``seed``."""
    from tricktaker.bots import make_bot

    seat = state.to_act
    assert seat is not None
    bot = make_bot(level, game)
    legal = state.legal_actions()
    return str(bot.act(state.view(seat), state.events(0, seat), legal, random.Random(seed)))
