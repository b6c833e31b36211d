"""Determinisation: a full Tetka state consistent with what one seat knows.

The seat knows its own hand as dealt, the photograph, and every card played
in the deal (all face up; a bot remembers them from its events even where
the screen no longer shows them). The other players' unplayed cards are
dealt with ``core.sampling``. Under ``revoke=prevented`` a player who did
not follow suit has none of it, and the sampler keeps that suit from him;
under ``penalized`` he may have revoked, so a failure to follow proves
nothing. The deal in progress is rebuilt from those cards and the deal's
plays are played again through the engine, so the sample is a real robber
for every seat; earlier deals are kept only as the seat's own memory
(``core.events.Told``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from tricktaker.cards import parse_card
from tricktaker.core.deals import GivenDeal
from tricktaker.core.errors import IllegalAction, RecordError, SampleError, TricktakerError
from tricktaker.core.events import Event, deal_events, told_from
from tricktaker.core.options import Options, build_options
from tricktaker.core.sampling import Pile, deal_unseen
from tricktaker.core.start import Start
from tricktaker.games.tetka.actions import BY_TEXT
from tricktaker.games.tetka.options import SCHEMA
from tricktaker.games.tetka.rules import HAND, SEATS
from tricktaker.games.tetka.scoring import SUIT_MASKS
from tricktaker.games.tetka.state import TetkaState
from tricktaker.games.tetka.views import TetkaView

DECK_MASK = (1 << 52) - 1


@lru_cache(maxsize=64)
def _options(items: tuple[tuple[str, object], ...]) -> Options:
    return build_options(SCHEMA, dict(items))


def sample_state(view: TetkaView, memory: Sequence[Event], rng: random.Random) -> TetkaState:
    if view.seat is None:
        raise SampleError("a sample needs a seat's view: a spectator knows no hand")
    try:
        view.check()
    except RecordError as exc:
        raise SampleError(str(exc)) from None
    me = view.seat
    try:
        options = _options(tuple(view.options.items()))
    except (TypeError, TricktakerError) as exc:  # unhashable or unknown option values
        raise SampleError(f"the view's options are not Tetka's: {exc}") from None
    penalized = options.text("revoke") == "penalized"
    current = deal_events(memory)
    if not current or current[0].kind != "deal" or "hand" not in current[0].data:
        raise SampleError("the seat's memory does not begin its deal with its own cards")
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
            if trick and c // 13 != trick[0] // 13 and not penalized:
                barred[e.seat] |= SUIT_MASKS[trick[0] // 13]
            trick.append(c)
            if len(trick) == SEATS:
                trick = []
        marks = tuple(int(x) for x in start["marks"])
        dealer = int(start["dealer"])
        number = int(start["deal"])
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SampleError(f"the seat's memory is not a Tetka deal: {exc}") from None

    seen = 0
    for c in mine:
        seen |= 1 << c
    for cards in played:
        for c in cards:
            seen |= 1 << c
    unseen = DECK_MASK & ~seen
    others = [s for s in range(SEATS) if s != me]
    piles = [Pile(HAND - len(played[s]), allowed=DECK_MASK & ~barred[s]) for s in others]
    if sum(p.size for p in piles) != unseen.bit_count():
        raise SampleError("the seat's memory and its view hold different numbers of cards")
    dealt = deal_unseen(unseen, piles, rng)
    hands: list[tuple[int, ...]] = [()] * SEATS
    hands[me] = tuple(mine)
    for seat, mask in zip(others, dealt, strict=True):
        hands[seat] = tuple(played[seat]) + tuple(c for c in range(52) if (mask >> c) & 1)
    try:
        state = TetkaState(
            options,
            seed=rng.getrandbits(63),
            deals=[GivenDeal(tuple(hands), {})],
            dealer=dealer,
            start=Start({"marks": marks}) if any(marks) else None,
            deal_number=number,
            photo=photo,
            draw=draw,
        )
        for e in current:
            if e.kind == "action" and e.action is not None:
                state.apply(BY_TEXT[e.action])
    except (IllegalAction, KeyError, RecordError) as exc:
        raise SampleError(f"the seat's memory cannot be played again: {exc}") from None
    if state.view(me).to_json() != view.to_json():
        raise SampleError("the seat's memory does not lead to its view (is it complete?)")
    past = list(memory[: len(memory) - len(current)])
    prefix = told_from(past, me)
    state.log[:0] = prefix
    state.deal_start += len(prefix)
    return state
