"""Determinisation: a full Tetka state consistent with what one seat knows.

The seat knows its own hand as dealt, the photograph, and every card played
in the deal (all face up; a bot remembers them from its events even where
the screen no longer shows them). The other players' unplayed cards are
dealt with ``core.sampling``. Under ``revoke=prevented`` a player who did
not follow suit has none of it, and the sampler keeps that suit from him;
under ``penalized`` he may have revoked, so a failure to follow proves
nothing (a revoke proved later is public: any deal replays it). The
photograph and the seat draw come from a second deck and bind no hand.
Those are all the constraints, so the deal is exact: every world the seat
could be in is possible, and one is always found. The deal in progress is
rebuilt from those cards and the deal's plays are played again through the
engine, so the sample is a real robber for every seat; earlier deals are
kept only as the seat's own memory (``core.events.Told``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tricktaker.cards import mask_of, parse_card
from tricktaker.core.deals import GivenDeal
from tricktaker.core.errors import RecordError, SampleError
from tricktaker.core.events import Event
from tricktaker.core.sampling import Pile, begin, deal_unseen, finish, position_of, showed_out
from tricktaker.games.tetka.actions import BY_TEXT
from tricktaker.games.tetka.options import SCHEMA
from tricktaker.games.tetka.rules import HAND, SEATS
from tricktaker.games.tetka.state import TetkaState
from tricktaker.games.tetka.views import TetkaView

DECK_MASK = (1 << 52) - 1


def sample_state(view: TetkaView, memory: Sequence[Event], rng: random.Random) -> TetkaState:
    me, current, options = begin(view, memory, SCHEMA, "Tetka")
    penalized = options.text("revoke") == "penalized"
    start = current[0].data
    try:
        mine = [parse_card(c) for c in start["hand"]]
        photo = parse_card(start["photo"])
        draw = tuple(parse_card(c) for c in start["draw"]) if "draw" in start else None
        played: list[list[int]] = [[] for _ in range(SEATS)]
        barred = [0] * SEATS  # suits a seat showed out of (under ``prevented``)
        trick: list[int] = []
        for e in current:
            if e.kind != "action" or e.seat is None:
                continue
            c = parse_card(e.data["card"])
            played[e.seat].append(c)
            if trick and not penalized:
                barred[e.seat] |= showed_out(trick[0] // 13, c)
            trick.append(c)
            if len(trick) == SEATS:
                trick = []
        marks = position_of(start, ("marks",))
        dealer = int(start["dealer"])
        number = int(start["deal"])
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SampleError(f"the seat's memory is not a Tetka deal: {exc}") from None

    seen = mask_of(mine) | mask_of(c for cards in played for c in cards)
    unseen = DECK_MASK & ~seen
    others = [s for s in range(SEATS) if s != me]
    piles = [Pile(HAND - len(played[s]), allowed=DECK_MASK & ~barred[s]) for s in others]
    dealt = deal_unseen(unseen, piles, rng)
    hands: list[tuple[int, ...]] = [()] * SEATS
    hands[me] = tuple(mine)
    for seat, mask in zip(others, dealt, strict=True):
        hands[seat] = tuple(played[seat]) + tuple(c for c in range(52) if (mask >> c) & 1)
    # The photograph and the seat draw, from the second deck, ride with the deal.
    second = {"photo": (photo,)} if draw is None else {"photo": (photo,), "draw": draw}
    try:
        state = TetkaState(
            options,
            seed=rng.getrandbits(63),
            deals=[GivenDeal(tuple(hands), second)],
            dealer=dealer,
            start=marks if any(marks.get("marks", ())) else None,
            deal_number=number,
        )
    except RecordError as exc:
        raise SampleError(f"the seat's memory is not a Tetka deal: {exc}") from None
    actions = (BY_TEXT[e.action] for e in current if e.kind == "action" and e.action is not None)
    finish(state, actions, view, memory, current)
    return state
