"""Helpers for Tetka's tests: robbers from hand-built deals, written trick by trick.

A deal is written as its tricks, each the four cards in the order played
(``"9d Kd Qd Td"``: the leader's card first). ``script`` works out who played
each card (the first trick is led by ``dealer + 1``, each next one by the winner
of the last, the highest card of the suit led winning) and so the hands and
the actions. The expected outcomes are written out by hand in the tests; the
script only spares writing 52 seat numbers.

``GOLDEN`` is one whole deal (dealer 0, photograph 7h) whose first trick is
seed 004's worked example; ``by_winners`` deals 13 fixed groups of cards so that
each trick goes to a chosen seat.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tricktaker.cards import CARD_NAMES, RANKS
from tricktaker.core import Start, get_game
from tricktaker.games.tetka import TetkaGame, TetkaState

_game = get_game("tetka")
assert isinstance(_game, TetkaGame)
GAME: TetkaGame = _game

SEATS = 4
ALL_CARDS = [CARD_NAMES[c] for c in range(52)]
QUEENS = ("Qc", "Qd", "Qh", "Qs")

#: A card of the full deck standing alone in JSON text ("2c", "0:play 2c", [1, "2c"]).
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][cdhs])(?![0-9A-Za-z])")


def card_tokens(obj: object) -> set[str]:
    """Every card name mentioned anywhere in a JSON-able object (any rank, 2 to ace)."""
    text = obj if isinstance(obj, str) else json.dumps(obj)
    return set(CARD_TOKEN.findall(text))


def rank(card: str) -> int:
    return RANKS.index(card[0])


def trick_winner(cards: Sequence[str], leader: int) -> int:
    """The seat that takes a trick played ``cards`` from ``leader``: the highest card of the
    suit led (ace high); a card of another suit, even an ace, never wins."""
    led = cards[0][1]
    best = max((i for i in range(len(cards)) if cards[i][1] == led), key=lambda i: rank(cards[i]))
    return (leader + best) % SEATS


@dataclass(frozen=True)
class Script:
    hands: list[list[str]]
    actions: list[str]
    #: Per trick: the seat that led it and the seat that took it.
    leaders: list[int]
    winners: list[int]

    def upto(self, tricks: int, extra: int = 0) -> list[str]:
        """The actions of the first ``tricks`` tricks and ``extra`` more."""
        return self.actions[: 4 * tricks + extra]


def script(tricks: Sequence[str], dealer: int = 0, fill: bool = False) -> Script:
    """Hands and actions of a deal played as ``tricks`` (cards in the order played).

    With ``fill`` the tricks may be fewer than 13: the cards nobody plays are
    dealt out in card order to fill the hands.
    """
    hands: list[list[str]] = [[] for _ in range(SEATS)]
    actions: list[str] = []
    leaders: list[int] = []
    winners: list[int] = []
    leader = (dealer + 1) % SEATS
    for t in tricks:
        cards = t.split()
        assert len(cards) == SEATS, t
        leaders.append(leader)
        for i, c in enumerate(cards):
            seat = (leader + i) % SEATS
            hands[seat].append(c)
            actions.append(f"{seat}:play {c}")
        leader = trick_winner(cards, leader)
        winners.append(leader)
    used = [c for h in hands for c in h]
    assert len(set(used)) == len(used), "a card is played twice"
    if fill:
        rest = [c for c in ALL_CARDS if c not in used]
        for seat in range(SEATS):
            while len(hands[seat]) < 13:
                hands[seat].append(rest.pop(0))
    assert all(len(h) == 13 for h in hands), [len(h) for h in hands]
    return Script(hands, actions, leaders, winners)


def deal_of(
    hands: Sequence[Sequence[str]], photo: str | None = "7h", draw: Sequence[str] | None = None
) -> dict[str, Any]:
    d: dict[str, Any] = {"hands": [list(h) for h in hands]}
    if photo is not None:
        d["photo"] = photo
    if draw is not None:
        d["draw"] = list(draw)
    return d


def rotate(hands: Sequence[Sequence[str]], k: int = 1) -> list[list[str]]:
    """The same hands, each moved ``k`` seats to the left (seat s gets seat s-k's)."""
    return [list(hands[(s - k) % SEATS]) for s in range(SEATS)]


def shift_actions(actions: Sequence[str], k: int = 1) -> list[str]:
    """The same actions played from ``k`` seats further left."""
    out = []
    for a in actions:
        seat, rest = a.split(":", 1)
        out.append(f"{(int(seat) + k) % SEATS}:{rest}")
    return out


def tetka(
    deals: Sequence[Mapping[str, Any]] | None = None,
    *,
    dealer: int = 0,
    revoke: str = "prevented",
    target: int = 21,
    marks: Sequence[int] | None = None,
    seed: int | str = 0,
) -> TetkaState:
    options = GAME.options({"revoke": revoke, "target": target})
    start = Start({"marks": tuple(marks)}) if marks is not None else None
    return GAME.new_match(options, seed=seed, deals=deals, dealer=dealer, start=start)


def run(state: TetkaState, actions: Sequence[str]) -> TetkaState:
    for a in actions:
        state.apply(a)
    return state


def last_deal(state: TetkaState) -> dict[str, Any]:
    done = state.finished_deals()
    assert len(done), "no deal has finished"
    return done[-1].to_json()


def swap(tricks: Sequence[str], a: str, b: str) -> list[str]:
    """The tricks with cards ``a`` and ``b`` exchanged (each keeps its place in play)."""
    out = []
    for t in tricks:
        cards = t.split()
        cards = [b if c == a else a if c == b else c for c in cards]
        out.append(" ".join(cards))
    return out


# ----------------------------------------------------------------- the golden deal

#: Dealer 0, so seat 1 leads. Trick 1 is seed 004's example: the first player leads
#: 9d; the second must play Kd, having no lower diamond (his others: Ad); the third
#: dumps Qd; the fourth plays Td; the second takes the trick and the queen.
#: Winners: 2 0 1 3 0 0 3 2 1 3 3 0 0.
GOLDEN_TRICKS = [
    "9d Kd Qd Td",  # 1: led by 1 -> 2 (Kd), Qd
    "2c 5c Ac 3c",  # 2: led by 2 -> 0 (Ac)
    "4h 6h 2h 3h",  # 3: led by 0 -> 1 (6h)
    "7s 2s Ks 3s",  # 4: led by 1 -> 3 (Ks)
    "4s Qs 5s 6s",  # 5: led by 3 -> 0 (Qs, her own trick)
    "Kc Qc 4c 6c",  # 6: led by 0 -> 0 (Kc), Qc
    "7c 8c 9c Tc",  # 7: led by 0 -> 3 (Tc): the counting trick for a seven
    "2d 3d 4d Ad",  # 8: led by 3 -> 2 (Ad)
    "7h 8h 9h Th",  # 9: led by 2 -> 1 (Th); holds 7h, the photo card
    "Jh Kh Ah 5h",  # 10: led by 1 -> 3 (Ah)
    "Qh As 5d Jc",  # 11: led by 3, the last heart; the others discard, an ace too -> 3
    "7d Jd 6d Ts",  # 12: led by 3 -> 0 (Jd); seat 2 has no diamond left
    "Js 9s 8s 8d",  # 13: led by 0 -> 0 (Js); seat 3 has no spade left
]
GOLDEN = script(GOLDEN_TRICKS)
GOLDEN_WINNERS = [2, 0, 1, 3, 0, 0, 3, 2, 1, 3, 3, 0, 0]
GOLDEN_PHOTO = "7h"
GOLDEN_DRAW = ["2c", "5h", "Kd", "9s"]  # seat 0 draws the two, the lowest card: he deals
#: Seat 0: Qs, Qc, most tricks (5), last trick; seat 1: the photo card (trick 9);
#: seat 2: Qd; seat 3: Qh and the counting trick (7).
GOLDEN_REASONS = [["Qs", "Qc", "most", "last"], ["photo"], ["Qd"], ["Qh", "counting"]]
GOLDEN_MARKS = [4, 1, 1, 2]

#: The cards of 13 tricks, the one that takes the trick first: tricks 1-10, 12 and 13
#: of one suit each, the 11th the last heart and three discards.
GROUPS = [
    ("Kd", ["9d", "Qd", "Td"]),
    ("Ac", ["2c", "5c", "3c"]),
    ("6h", ["4h", "2h", "3h"]),
    ("Ks", ["7s", "2s", "3s"]),
    ("Qs", ["4s", "5s", "6s"]),
    ("Kc", ["Qc", "4c", "6c"]),
    ("Tc", ["7c", "8c", "9c"]),
    ("5d", ["2d", "3d", "4d"]),
    ("Th", ["7h", "8h", "9h"]),
    ("Ah", ["Jh", "Kh", "5h"]),
    ("Qh", ["As", "Jc", "Ad"]),
    ("Js", ["8s", "9s", "Ts"]),
    ("Jd", ["6d", "7d", "8d"]),
]


def by_winners(winners: Sequence[int], dealer: int = 0) -> list[str]:
    """The ``GROUPS`` of cards, each placed so trick ``i`` goes to ``winners[i]``.

    Every trick but the 11th follows suit all round, so any such deal is legal
    under ``revoke=prevented``; the 11th is the last heart led, which its leader
    takes (so ``winners[10]`` must be ``winners[9]``).
    """
    assert len(winners) == 13 and winners[10] == winners[9]
    leader = (dealer + 1) % SEATS
    out = []
    for (high, others), w in zip(GROUPS, winners, strict=True):
        pos = (w - leader) % SEATS
        cards = list(others)
        cards.insert(pos, high)
        out.append(" ".join(cards))
        leader = w
    return out
