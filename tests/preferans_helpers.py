"""Helpers for Preferans' tests: games from explicit deals, played card by card.

Hands are written in seat order, one string each (``"As Ks 7d"``); with four
players the sitting-out dealer's hand is ``""``. Unless a test says otherwise
the dealer is seat 2 of three, so seat 0 is first hand (he speaks and, in a
Russian contract, leads first), seat 1 second hand and seat 2 third: the
seats of seed 002's tables (A, B, C).

``play`` applies cards by name: each card belongs to one hand, so the action
is the one legal ``play`` of that card (with ``from <owner>`` when an open
whister plays his partner's card). A card that is not legal now fails the
test at once, so the card lists in the tests double as a check that the play
they describe follows suit, trumps and leads as the rules say.

The deals below are built so that the tricks can be counted by hand: each
seat holds whole runs of a suit, and the comments say who takes what.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.core import Start, get_game
from tricktaker.games.preferans import PreferansGame, PreferansState

_game = get_game("preferans")
assert isinstance(_game, PreferansGame)
GAME: PreferansGame = _game

SUITS = "scdh"
RANKS = "789TJQKA"
ALL_CARDS = [r + s for s in SUITS for r in RANKS]

#: A preferans card standing alone in JSON text ("7h", "0:play 7h", [1, "Tc"]).
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])([789TJQKA][cdhs])(?![0-9A-Za-z])")


def card_tokens(obj: object) -> set[str]:
    text = obj if isinstance(obj, str) else json.dumps(obj)
    return set(CARD_TOKEN.findall(text))


def deal(*hands: str, talon: str) -> dict[str, Any]:
    """A deal: one string of cards per seat (a sitting-out dealer: ``""``) and the talon."""
    return {"hands": [h.split() for h in hands], "talon": talon.split()}


def pref(
    deals: Sequence[Mapping[str, Any]] | None = None,
    *,
    rules: str = "sochi",
    pool: int = 20,
    players: int = 3,
    overtake: bool = False,
    dealer: int = 2,
    start: Mapping[str, Sequence[int]] | None = None,
    seed: int | str = 0,
    house: Mapping[str, object] | None = None,
) -> PreferansState:
    """A match; ``house``: house rules by option name (docs/rules/preferans.md)."""
    values = {"rules": rules, "pool": pool, "players": players, "overtake": overtake}
    options = GAME.options({**values, **(house or {})})
    begin = Start({k: tuple(v) for k, v in start.items()}) if start is not None else None
    return GAME.new_match(options, seed=seed, deals=deals, dealer=dealer, start=begin)


def run(state: PreferansState, actions: Sequence[str] | str) -> PreferansState:
    """Apply actions (a list, or one string of them separated by commas)."""
    items = actions.split(",") if isinstance(actions, str) else actions
    for a in items:
        if a.strip():
            state.apply(a.strip())
    return state


def legal(state: PreferansState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def verbs(state: PreferansState) -> list[str]:
    """The legal actions without their seat ("pass", "bid 6s", "play 7h from 1")."""
    return [str(a).split(":", 1)[1] for a in state.legal_actions()]


def play(state: PreferansState, cards: str) -> list[str]:
    """Play the named cards in order, each the legal play of that card; the actions used."""
    done = []
    for card in cards.split():
        found = [a for a in state.legal_actions() if str(a).split()[1:2] == [card]]
        assert len(found) == 1, (
            f"{card} is not a legal play now ({legal(state)}; to act {state.to_act})"
        )
        state.apply(found[0])
        done.append(str(found[0]))
    return done


def last_deal(state: PreferansState) -> dict[str, Any]:
    done = state.finished_deals()
    assert len(done), "no deal has finished"
    return done[-1].to_json()


def hand(state: PreferansState, seat: int) -> set[str]:
    return set(state.view(seat).to_json()["hand"])


def entries(state: PreferansState) -> list[tuple[int, str, int, int | None]]:
    """The last deal's entries as (seat, column, amount, on)."""
    return [(e["seat"], e["column"], e["amount"], e.get("on")) for e in last_deal(state)["entries"]]


def sheet(state: PreferansState) -> tuple[list[int], list[int], list[list[int]]]:
    v = state.public_view()
    return list(v.pulya), list(v.gora), [list(r) for r in v.whists]


# ---------------------------------------------------------------- the deals

#: Seat 0 (first hand) holds four top spades and red losers; seat 1 the clubs and two
#: middle spades; seat 2 the high diamonds and hearts; the talon two low spades.
#: With spades trumps and 7h 8h discarded, seat 0 draws trumps and takes six tricks,
#: seat 2 the four red ones (see TRICKS_MADE).
SPADES = deal(
    "As Ks Qs Js 7h 8h 9h 7d 8d 9d",
    "Ac Kc Qc Jc Tc 9c 8c 7c Ts 9s",
    "Ad Kd Qd Jd Td Ah Kh Qh Jh Th",
    talon="8s 7s",
)
SPADES_DISCARD = "0:discard 7h 8h"
#: Spades trumps, seat 0 leads: six rounds of trumps (seat 1 follows twice, then throws
#: clubs; seat 2 throws diamonds and Th), then 9h to seat 2, who cashes his hearts and Ad.
#: Seat 0 takes 6 (tricks 1-6), seat 2 takes 4 (7-10), seat 1 none.
TRICKS_MADE = (
    "As 9s Td  Ks Ts Jd  Qs 7c Qd  Js 8c Kd  8s 9c Th  7s Tc Jh "
    "9h Jc Qh  Kh 7d Qc  Ah 8d Kc  Ad 9d Ac"
)
#: The same, but seat 2 throws all his diamonds on the trumps: seat 0's three small
#: diamonds then win, and only 9h loses. Seat 0 takes 9, seat 2 one, seat 1 none.
TRICKS_SHORT = (
    "As 9s Td  Ks Ts Jd  Qs 7c Qd  Js 8c Kd  8s 9c Ad  7s Tc Th "
    "7d Jc Jh  8d Qc Qh  9d Kc Kh  9h Ac Ah"
)

#: A misère for seat 0: his sevens, eights and nines are below every card of the others
#: (seat 1 spades and clubs from the ten up, seat 2 diamonds and hearts); the talon 9d 9h.
MISERE = deal(
    "7s 8s 9s 7c 8c 9c 7d 8d 7h 8h",
    "Ts Js Qs Ks As Tc Jc Qc Kc Ac",
    "Td Jd Qd Kd Ad Th Jh Qh Kh Ah",
    talon="9d 9h",
)
#: Cards in the order played. Seat 0 leads 7s under seat 1's ten; seat 1 leads on and
#: seat 0 follows spades and clubs under his cards; seat 1 takes every trick (seat 2 and,
#: once void, seat 0 throw what they like).
TRICKS_MISERE = (
    "7s Ts Td  Js Jd 8s  Qs Qd 9s  Tc Kd 7c  Jc Ad 8c "
    "Qc Th 9c  Ks Jh 7d  As Qh 8d  Kc Kh 7h  Ac Ah 8h"
)
#: A caught misère: seat 0 holds As instead of 9s (seat 1 the 9s). Seat 1 leads spades
#: until seat 0 must play his ace: seat 0 takes trick 3 and leads clubs under seat 1's;
#: seat 1 takes the other nine.
MISERE_CAUGHT = deal(
    "7s 8s As 7c 8c 9c 7d 8d 7h 8h",
    "Ts Js Qs Ks 9s Tc Jc Qc Kc Ac",
    "Td Jd Qd Kd Ad Th Jh Qh Kh Ah",
    talon="9d 9h",
)
TRICKS_CAUGHT = (
    "7s 9s Td  Ts Jd 8s  Js Qd As  7c Tc Kd  Jc Ad 8c "
    "Qc Th 9c  Qs Jh 7d  Ks Qh 8d  Kc Kh 7h  Ac Ah 8h"
)

#: An all-pass: the talon 7c 7d leads the first two tricks. Seat 0 has the spades, seat 1
#: the clubs and seat 2 diamonds and hearts as in SPADES, so who follows is plain.
ALLPASS = deal(
    "As Ks Qs Js Ts 9s 8h 9h 8d 9d",
    "Ac Kc Qc Jc Tc 9c 8c 8s 7s 7h",
    "Ad Kd Qd Jd Td Ah Kh Qh Jh Th",
    talon="7c 7d",
)
#: Sochi/leningrad. Trick 1 (talon 7c): seat 0, void, throws 9h; seat 1 follows 8c and
#: seat 2 throws Th: seat 1 takes it. Trick 2 (talon 7d): seat 0 plays 8d, seat 1 throws
#: 7h, seat 2 plays Td: seat 2 takes it. Trick 3 is led by first hand (seat 0) and the
#: winner leads on: seat 0's spades win four (seat 1 follows 7s 8s), then seat 0 leads
#: 9d to seat 2, who takes the rest. Tricks: seat 0 four, seat 1 one, seat 2 five.
TRICKS_ALLPASS = (
    "9h 8c Th  8d 7h Td  As 7s Jh  Ks 8s Qh  Qs 9c Kh  Js Tc Ah "
    "9d Jc Jd  Qd Ts Qc  Kd 9s Kc  Ad 8h Ac"
)
#: Rostov (no talon leads): seat 0 leads from trick 1. Spades: seat 1 follows twice and
#: seat 2 throws his hearts and Td, so seat 0 takes six, then 8h (over seat 1's 7h) and
#: 9h (nobody has a heart left); 8d goes to seat 2's Kd, who takes Ad too. Tricks:
#: seat 0 eight, seat 1 none, seat 2 two.
TRICKS_ALLPASS_ROSTOV = (
    "As 7s Th  Ks 8s Jh  Qs 8c Qh  Js 9c Kh  Ts Tc Ah  9s Jc Td "
    "8h 7h Jd  9h Qc Qd  8d Kc Kd  Ad 9d Ac"
)


def cards_of(d: Mapping[str, Any]) -> list[str]:
    return [c for h in d["hands"] for c in h] + list(d["talon"])


for _d in (SPADES, MISERE, MISERE_CAUGHT, ALLPASS):
    assert sorted(cards_of(_d)) == sorted(ALL_CARDS), _d


#: The web tests' deal (Sochi, dealt by seat 2): seat 0, who bids first, holds spades.
WEB_HANDS = (
    "As Ks Qs Js 7h 8h 9h 7d 8d 9d",
    "Ac Kc Qc Jc Tc 9c 8c 7c Ts 9s",
    "Ad Kd Qd Jd Td Ah Kh Qh Jh Th",
)
#: Seat 1 plays six clubs, seat 2 passes, seat 0 whists alone and open (leading first).
OPEN_WHIST = (
    *("0:pass", "1:bid 6c", "2:pass", "1:discard 8s 7s", "1:declare 6c"),
    *("2:pass", "0:whist", "0:open"),
)


def web_record(*actions: str) -> dict[str, Any]:
    """A record of the web tests' deal after these actions, its seats named Ann, Bob, Cid."""
    state = _game.new_match(
        _game.options({"rules": "sochi"}),
        deals=[{"hands": [h.split() for h in WEB_HANDS], "talon": ["8s", "7s"]}],
        dealer=2,
    )
    for action in actions:
        state.apply(action)
    record: dict[str, Any] = state.to_record()
    record["names"] = ["Ann", "Bob", "Cid"]
    return record
