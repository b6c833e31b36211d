"""Dealing the cards an observer has not seen, under what he knows: the determiniser.

A search bot cannot look at the real state, so it samples one: the unseen
cards are dealt into the piles it cannot see (others' hands, a talon, the
stock, a discard), each of a known size, each perhaps holding known cards (a
card seen passing into it) and barred from some (a suit a player showed out
of). Every game's ``sample_state`` uses :func:`deal_unseen`, inside the frame
below: :func:`begin` reads the seat, its deal's events and the options;
:func:`finish` plays the deal's actions again through the engine, checks
that the sample tells the seat exactly what it saw, and gives it its past.

Exact by construction: whenever a deal fits the piles, one is returned; there
is no retry limit and no "give up". Without constraints the deal is one
shuffle, exactly uniform. With them, a few shuffles are tried and the first
that fits is kept (uniform among the deals that fit, when one is found this
way); when fitting shuffles are rare, cards are placed one by one, each into
a pile that can still be completed: a Hall's-condition check over the card
classes (cards barred from the same piles) proves that at every step. That
fallback favours piles with more room but is not exactly uniform; search bots
tolerate the bias, an exact count would not pay.

A fact that piles cannot say ("one of these aces is not in his hand") is
split into alternatives, each a set of piles, and :func:`deal_one_of` deals
under one that can be met: chosen uniformly among those, not weighted by how
many deals each allows (a bias the caller's docstring names).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from tricktaker.cards import cards_in
from tricktaker.core.actions import Action
from tricktaker.core.errors import IllegalAction, RecordError, SampleError, TricktakerError
from tricktaker.core.events import Event, deal_events, told_from
from tricktaker.core.options import Options, OptionSpec, build_options
from tricktaker.core.start import Start

CardSet = int
ALL_CARDS: CardSet = (1 << 64) - 1
REJECTION_TRIES = 16
#: The thirteen cards of each suit (``cards``: suit * 13 + rank).
SUIT_CARDS: tuple[CardSet, ...] = tuple(0x1FFF << (13 * s) for s in range(4))


@dataclass(frozen=True, slots=True)
class Pile:
    """A pile to fill: ``size`` cards in all, holding ``known``, drawn only from ``allowed``."""

    size: int
    allowed: CardSet = ALL_CARDS
    known: CardSet = 0


# ------------------------------------------------------------------ dealing


def deal_unseen(unseen: CardSet, piles: Sequence[Pile], rng: random.Random) -> list[CardSet]:
    """Deal the ``unseen`` cards into ``piles``; each card lands in exactly one pile.

    SampleError when the sizes do not add up or no deal fits the constraints
    (the observer's knowledge would then be contradictory: a forged view, or
    a bug upstream).
    """
    cards, need, out = _prepare(unseen, piles)
    free = _free(unseen, piles)
    if not any(free & ~p.allowed for p in piles):
        rng.shuffle(cards)
        pos = 0
        for i, k in enumerate(need):
            for c in cards[pos : pos + k]:
                out[i] |= 1 << c
            pos += k
        return out
    for _ in range(REJECTION_TRIES):
        rng.shuffle(cards)
        trial = _split(cards, piles, need, out)
        if trial is not None:
            return trial
    return _place_one_by_one(cards, piles, need, out, rng)


def feasible(unseen: CardSet, piles: Sequence[Pile]) -> bool:
    """Whether some deal of ``unseen`` fits ``piles`` (sizes, known and allowed cards)."""
    try:
        cards, need, _ = _prepare(unseen, piles)
    except SampleError:
        return False
    return _feasible(cards, piles, need)


def deal_one_of(
    unseen: CardSet, alternatives: Sequence[Sequence[Pile]], rng: random.Random
) -> tuple[int, list[CardSet]]:
    """Deal under one of several alternative sets of piles (the cases of a fact that piles
    cannot say); returns the alternative's index and its deal.

    The alternative is drawn uniformly among those some deal fits, not weighted
    by how many deals each allows. SampleError when none fits.
    """
    if len(alternatives) == 1:  # the common case: no need to prove it first
        return 0, deal_unseen(unseen, alternatives[0], rng)
    fits = [i for i, piles in enumerate(alternatives) if feasible(unseen, piles)]
    if not fits:
        raise SampleError("no deal of the unseen cards fits what is known")
    choice = fits[rng.randrange(len(fits))]
    return choice, deal_unseen(unseen, alternatives[choice], rng)


def _free(unseen: CardSet, piles: Sequence[Pile]) -> CardSet:
    free = unseen
    for p in piles:
        free &= ~p.known
    return free


def _prepare(unseen: CardSet, piles: Sequence[Pile]) -> tuple[list[int], list[int], list[CardSet]]:
    """The cards left to deal, the room each pile has for them, and the piles' known cards."""
    free = unseen
    need: list[int] = []
    for p in piles:
        if p.known & ~unseen:
            raise SampleError("a pile's known card is not among the unseen cards")
        if p.known & ~p.allowed:
            raise SampleError("a pile's known card is one it may not hold")
        if free & p.known != p.known:
            raise SampleError("a known card is placed in two piles")
        free &= ~p.known
        k = p.size - p.known.bit_count()
        if k < 0:
            raise SampleError("a pile holds more known cards than its size")
        need.append(k)
    cards = list(cards_in(free))
    if sum(need) != len(cards):
        raise SampleError(f"{len(cards)} unseen cards do not fill piles of {sum(need)}")
    return cards, need, [p.known for p in piles]


def _split(
    cards: Sequence[int], piles: Sequence[Pile], need: Sequence[int], out: Sequence[CardSet]
) -> list[CardSet] | None:
    """The shuffled ``cards`` cut into the piles in order, or None if one gets a barred card."""
    pos = 0
    trial = list(out)
    for i, k in enumerate(need):
        mask = 0
        for c in cards[pos : pos + k]:
            mask |= 1 << c
        pos += k
        if mask & ~piles[i].allowed:
            return None
        trial[i] |= mask
    return trial


def _place_one_by_one(
    cards: list[int], piles: Sequence[Pile], need: list[int], out: list[CardSet], rng: random.Random
) -> list[CardSet]:
    room = list(need)
    rng.shuffle(cards)
    # Most constrained cards first: fewer dead ends to prove impossible.
    cards.sort(key=lambda c: sum(1 for p in piles if (p.allowed >> c) & 1))
    pending = list(cards)
    if not _feasible(pending, piles, room):
        raise SampleError("no deal of the unseen cards fits what is known")
    while pending:
        c = pending.pop(0)
        choices = [i for i, p in enumerate(piles) if room[i] and (p.allowed >> c) & 1]
        rng.shuffle(choices)
        choices.sort(key=lambda i: -room[i] * rng.random())
        for i in choices:
            room[i] -= 1
            if _feasible(pending, piles, room):
                out[i] |= 1 << c
                break
            room[i] += 1
        else:  # pragma: no cover - _feasible said a completion exists
            raise SampleError("no deal of the unseen cards fits what is known")
    return out


def _feasible(cards: Sequence[int], piles: Sequence[Pile], room: Sequence[int]) -> bool:
    """Whether ``cards`` can fill the ``room`` left in each pile (a bipartite matching)."""
    classes: dict[int, int] = {}
    for c in cards:
        key = 0
        for i, p in enumerate(piles):
            if (p.allowed >> c) & 1:
                key |= 1 << i
        classes[key] = classes.get(key, 0) + 1
    if sum(room) != len(cards):
        return False
    # Hall's condition on the piles: every set of piles must be fillable by the
    # cards that may go into at least one of them. Few piles: try every set.
    n = len(piles)
    for subset in range(1, 1 << n):
        wanted = sum(room[i] for i in range(n) if (subset >> i) & 1)
        supply = sum(k for key, k in classes.items() if key & subset)
        if supply < wanted:
            return False
    # And every card must fit somewhere with room.
    return all(key & sum(1 << i for i in range(n) if room[i]) for key in classes)


def showed_out(led: int, card: int, trump: int | None = None) -> CardSet:
    """The cards a player with a duty to follow (and then to trump) cannot hold, having
    played ``card`` to a trick whose led suit is ``led``: none if he followed."""
    suit = card // 13
    if suit == led:
        return 0
    barred = SUIT_CARDS[led]
    if trump is not None and suit != trump:
        barred |= SUIT_CARDS[trump]
    return barred


# ---------------------------------------------------- the frame of a sample


class SeatView(Protocol):
    """What the frame reads of a game's view: the seat, the options, its own check."""

    @property
    def seat(self) -> int | None: ...

    @property
    def options(self) -> Mapping[str, Any]: ...

    def check(self) -> None: ...

    def to_json(self) -> dict[str, Any]: ...


class Sampled(Protocol):
    """What the frame needs of a sampled state: its log, where its deal begins, its
    ``apply``, and the seat's view and events (every game's state has them)."""

    log: list[object]
    deal_start: int

    def apply(self, action: Any) -> None: ...

    def view(self, seat: int) -> Any: ...

    def events(self, since: int = 0, observer: int | None = None) -> list[Event]: ...


@lru_cache(maxsize=64)
def _options(schema: tuple[OptionSpec, ...], items: tuple[tuple[str, object], ...]) -> Options:
    return build_options(schema, dict(items))


def begin(
    view: SeatView, memory: Sequence[Event], schema: Sequence[OptionSpec], game: str
) -> tuple[int, list[Event], Options]:
    """The seat a sample is for, its events since its deal in progress began, and the
    options the view was played under (built once per set).

    SampleError for a spectator's view, a view that contradicts itself, options
    that are not ``game``'s, or a memory that does not begin the deal with the
    seat's own cards.
    """
    if view.seat is None:
        raise SampleError("a sample needs a seat's view: a spectator knows no hand")
    try:
        view.check()
    except RecordError as exc:
        raise SampleError(str(exc)) from None
    try:
        options = _options(tuple(schema), tuple(view.options.items()))
    except (TypeError, TricktakerError) as exc:  # unhashable or unknown option values
        raise SampleError(f"the view's options are not {game}'s: {exc}") from None
    current = deal_events(memory)
    if not current or current[0].kind != "deal" or "hand" not in current[0].data:
        raise SampleError("the seat's memory does not begin its deal with its own cards")
    return view.seat, current, options


def position_of(data: Mapping[str, Any], keys: Iterable[str]) -> Start:
    """The starting position a ``deal`` event tells (the rows named ``keys`` that it has,
    a table of rows read row after row, a number as a row of one)."""
    rows: dict[str, tuple[int, ...]] = {}
    for key in keys:
        if key in data:
            rows[key] = tuple(_flat_ints(data[key]))
    return Start(rows)


def _flat_ints(value: Any) -> list[int]:
    if isinstance(value, (list, tuple)):
        return [x for part in value for x in _flat_ints(part)]
    if isinstance(value, bool) or not isinstance(value, int):
        raise SampleError(f"the seat's memory holds {str(value)[:20]!r} where a number belongs")
    return [value]


def finish(
    state: Sampled,
    actions: Iterable[Action],
    view: SeatView,
    memory: Sequence[Event],
    current: Sequence[Event],
) -> None:
    """Finish a sample: play the deal's ``actions`` again through the engine, check that
    the sample shows the seat its view and the events of this deal exactly, and give
    it the seat's memory of earlier deals (``core.events.Told``).

    SampleError if the engine refuses an action or the sample tells the seat
    anything else: a forged view or memory, or a sampler's mistake, is a clear
    error rather than a world the seat could not be in."""
    try:
        for action in actions:
            state.apply(action)
    except (IllegalAction, RecordError, KeyError, IndexError) as exc:
        raise SampleError(f"the seat's memory cannot be played again: {exc}") from None
    seat = view.seat
    assert seat is not None
    # Views are frozen dataclasses whose fields are their canonical JSON's: equal fields,
    # equal views (and far cheaper to compare than their JSON).
    if state.view(seat) != view:
        raise SampleError("the seat's memory does not lead to its view (is it complete?)")
    past = list(memory[: len(memory) - len(current)])
    prefix = told_from(past, seat)
    state.log[:0] = prefix
    state.deal_start += len(prefix)
    told = state.events(len(past), seat)
    same = len(told) == len(current) and all(
        (a.kind, a.seat, a.action, a.data) == (b.kind, b.seat, b.action, b.data)
        for a, b in zip(told, current, strict=True)
    )
    if not same:
        raise SampleError("the seat's memory of this deal is not what a deal would tell it")
