"""Determinisation: a full Preferans state consistent with what one seat knows.

The seat knows its own hand as dealt, the talon where it saw it, its own
discard if it declared, every hand laid open, and every card played. The
rest is dealt with ``core.sampling``: the others' unplayed cards, a face-down
talon, a declarer's face-down discard. A player who did not follow suit has
none of it; one who then did not trump has no trumps; under ``overtake`` one
who did not beat the best card had nothing that would. The deal is rebuilt
from those cards and its actions are played again through the engine, so
the sample is a real game for every seat; earlier deals are kept only as the
seat's own memory (``core.events.Told``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from tricktaker.cards import cards_in, parse_card
from tricktaker.core.deals import GivenDeal
from tricktaker.core.errors import IllegalAction, RecordError, SampleError, TricktakerError
from tricktaker.core.events import Event, deal_events, told_from
from tricktaker.core.options import Options, build_options
from tricktaker.core.sampling import Pile, deal_unseen
from tricktaker.core.start import Start
from tricktaker.games.preferans.actions import BY_TEXT, DISCARDS
from tricktaker.games.preferans.deck import (
    DECK_MASK,
    STRAIN_SUIT,
    SUIT_MASKS,
    contract_strain,
    read_contract,
)
from tricktaker.games.preferans.options import SCHEMA
from tricktaker.games.preferans.state import PreferansState
from tricktaker.games.preferans.views import PreferansView


@lru_cache(maxsize=64)
def _options(items: tuple[tuple[str, object], ...]) -> Options:
    return build_options(SCHEMA, dict(items))


def _mask(names: Sequence[str]) -> int:
    m = 0
    for name in names:
        m |= 1 << parse_card(name)
    return m


def _above(card: int) -> int:
    """Cards of ``card``'s suit that outrank it."""
    return SUIT_MASKS[card // 13] & ~((1 << (card + 1)) - 1)


class _Memory:
    """What the seat's events of this deal say: cards seen, and cards each seat cannot hold."""

    def __init__(self, current: Sequence[Event], me: int, overtake: bool) -> None:
        start = current[0].data
        self.active: list[int] = [int(s) for s in start["active"]]
        self.dealer = int(start["dealer"])
        self.number = int(start["deal"])
        self.position: dict[str, Any] = {
            k: v
            for k, v in start.items()
            if k in ("pulya", "gora", "whists", "allpass", "cash", "kitty")
        }
        self.mine = _mask(start["hand"])
        self.played = {s: 0 for s in self.active}
        self.barred = {s: 0 for s in self.active}
        self.shown: dict[int, int] = {}  # seat -> its cards when laid open
        self.played_before_show: dict[int, int] = {}
        self.declarer: int | None = None
        self.talon_taken = False
        self.talon_known = 0  # talon cards this seat saw
        self.talon_public = False
        self.talon_seen: tuple[int, ...] = ()  # in the order it was dealt
        self.my_discard = 0
        self.discarded = False
        self.leads = 0  # talon cards that led all-pass tricks
        self.lead_order: list[int] = []
        self.actions: list[Event] = []
        trump: int | None = None
        trick: list[tuple[int, int]] = []
        lead = -1
        for e in current[1:]:
            kind = e.kind
            if kind == "action" and e.action is not None:
                self.actions.append(e)
                verb = e.action.split(":", 1)[1].split()
                if verb[0] == "declare":
                    contract = read_contract(verb[1])
                    strain = contract_strain(contract) if contract else None
                    trump = STRAIN_SUIT[strain] if strain is not None else None
                elif verb[0] == "bid" and verb[1] == "hearts":
                    trump = 2
                elif verb[0] == "discard":
                    self.discarded = True
                    if e.seat == me:
                        self.my_discard = _mask(e.data["cards"])
                elif verb[0] == "play":
                    owner = int(e.data.get("from", e.seat))
                    card = parse_card(e.data["card"])
                    self._constrain(owner, card, trick, lead, trump, overtake)
                    self.played[owner] |= 1 << card
                    trick.append((owner, card))
            elif kind == "talon":
                self.declarer = e.seat
                self.talon_taken = True
                self.talon_known = _mask(e.data["cards"])
                self.talon_seen = tuple(parse_card(c) for c in e.data["cards"])
                self.talon_public = bool(e.data["shown"])
            elif kind == "talon_lead":
                lead = parse_card(e.data["talon_card"])
                self.leads |= 1 << lead
                self.lead_order.append(lead)
            elif kind == "trick":
                trick, lead = [], -1
            elif kind == "show":
                for s, cards in e.data["hands"]:
                    self.shown[int(s)] = _mask(cards)
                    self.played_before_show[int(s)] = self.played[int(s)]
        self.trump = trump

    def _constrain(
        self,
        owner: int,
        card: int,
        trick: list[tuple[int, int]],
        lead: int,
        trump: int | None,
        overtake: bool,
    ) -> None:
        if lead >= 0:
            led = lead // 13
        elif trick:
            led = trick[0][1] // 13
        else:
            return
        suit = card // 13
        if suit != led:
            self.barred[owner] |= SUIT_MASKS[led]
            if trump is not None and suit != trump:
                self.barred[owner] |= SUIT_MASKS[trump]
        if not overtake or not trick:
            return
        best = trick[0][1]
        for _, c in trick[1:]:
            if c // 13 == best // 13:
                best = max(best, c)
            elif trump is not None and c // 13 == trump:
                best = c
        if suit == best // 13 and card < best:
            self.barred[owner] |= _above(best)  # he could not beat it in its suit
        elif suit == led and best // 13 != led:
            pass  # the trick was trumped: no card of the suit led could beat it
        elif trump is not None and suit == trump and best // 13 == trump and card < best:
            self.barred[owner] |= _above(best)


def sample_state(
    view: PreferansView, memory: Sequence[Event], rng: random.Random
) -> PreferansState:
    if view.seat is None:
        raise SampleError("a sample needs a seat's view: a spectator knows no hand")
    try:
        view.check()
    except RecordError as exc:
        raise SampleError(str(exc)) from None
    me = view.seat
    try:
        options = _options(tuple(view.options.items()))
    except (TypeError, TricktakerError) as exc:
        raise SampleError(f"the view's options are not Preferans': {exc}") from None
    current = deal_events(memory)
    if not current or current[0].kind != "deal" or "hand" not in current[0].data:
        raise SampleError("the seat's memory does not begin its deal with its own cards")
    try:
        mem = _Memory(current, me, bool(options["overtake"]) and options.text("rules") == "pot")
        hands, talon, discard = _deal(mem, view, me, rng)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SampleError(f"the seat's memory is not a Preferans deal: {exc}") from None
    order = [tuple(cards_in(hands[s])) for s in mem.active]
    try:
        start = Start({k: _row(v) for k, v in mem.position.items()})
        state = PreferansState(
            options,
            seed=rng.getrandbits(63),
            deals=[GivenDeal(tuple(order), {"talon": talon})],
            dealer=mem.dealer,
            start=start,
            deal_number=mem.number,
        )
        for e in mem.actions:
            text = e.action
            assert text is not None
            if text.endswith(":discard"):
                cards = list(cards_in(discard))
                state.apply(DISCARDS[(int(text.split(":")[0]), cards[0], cards[1])])
            else:
                state.apply(BY_TEXT[text])
    except (IllegalAction, KeyError, RecordError, IndexError, TypeError, ValueError) as exc:
        raise SampleError(f"the seat's memory cannot be played again: {exc}") from None
    if state.view(me).to_json() != view.to_json():
        raise SampleError("the seat's memory does not lead to its view (is it complete?)")
    past = list(memory[: len(memory) - len(current)])
    prefix = told_from(past, me)
    state.log[:0] = prefix
    state.deal_start += len(prefix)
    return state


def _row(value: Any) -> tuple[int, ...]:
    if isinstance(value, list) and value and isinstance(value[0], list):
        return tuple(int(x) for r in value for x in r)
    if isinstance(value, list):
        return tuple(int(x) for x in value)
    return (int(value),)


SPREAD_TRIES = 24


def _spread(
    mem: _Memory, loose: int, sizes: tuple[int, ...], rng: random.Random
) -> tuple[int, int]:
    """Shown talon cards split between the declarer's hand and his discard, each card
    going where there is room, in proportion to it (a card he showed out of: the discard)."""
    if not loose:
        return 0, 0
    d = mem.declarer
    assert d is not None
    hand_room, discard_room = sizes[d], 2 if mem.discarded else 0
    cards = list(cards_in(loose))
    rng.shuffle(cards)
    to_hand = to_discard = 0
    for c in cards:
        barred = (mem.barred[d] >> c) & 1
        if discard_room and (barred or rng.random() * (hand_room + discard_room) < discard_room):
            to_discard |= 1 << c
            discard_room -= 1
        else:
            to_hand |= 1 << c
            hand_room -= 1
    return to_hand, to_discard


def _deal(
    mem: _Memory, view: PreferansView, me: int, rng: random.Random
) -> tuple[dict[int, int], tuple[int, ...], int]:
    """Each active seat's hand as dealt, the talon (in order), and the declarer's discard."""
    sizes = view.hand_sizes
    d = mem.declarer
    played_all = 0
    for m in mem.played.values():
        played_all |= m
    known = mem.mine | played_all | mem.talon_known | mem.leads | mem.my_discard
    for cards in mem.shown.values():
        known |= cards
    unseen = DECK_MASK & ~known
    # Talon cards this seat saw, not played, held by another declarer: in his hand or his
    # face-down discard. Which is unknown: each try spreads them anew, by the room left.
    loose = mem.talon_known & ~played_all if d is not None and d != me else 0
    unseen |= loose
    for _ in range(SPREAD_TRIES):
        to_hand, to_discard = _spread(mem, loose, sizes, rng)
        piles: list[Pile] = []
        slots: list[str] = []
        for s in mem.active:
            if s == me or s in mem.shown:
                continue
            allowed = DECK_MASK & ~mem.barred[s]
            if s == d:
                piles.append(Pile(sizes[s], allowed=allowed | to_hand, known=to_hand))
                slots.append("hand")
                if mem.discarded:
                    piles.append(Pile(2, known=to_discard))
                    slots.append("discard")
            else:
                piles.append(Pile(sizes[s], allowed=allowed))
                slots.append(f"{s}")
        talon_left = 0 if mem.talon_taken else 2 - mem.leads.bit_count()
        if talon_left:
            piles.append(Pile(talon_left))
            slots.append("talon")
        try:
            dealt = deal_unseen(unseen, piles, rng)
            break
        except SampleError:
            if not loose:
                raise
    else:
        raise SampleError("no spread of the talon fits what the seat saw")
    now: dict[int, int] = {}
    discard = mem.my_discard
    talon_rest = 0
    for slot, cards in zip(slots, dealt, strict=True):
        if slot == "hand":
            assert d is not None
            now[d] = cards
        elif slot == "discard":
            discard = cards
        elif slot == "talon":
            talon_rest = cards
        else:
            now[int(slot)] = cards
    hands: dict[int, int] = {}
    for s in mem.active:
        if s == me:
            hands[s] = mem.mine
        elif s in mem.shown:
            hands[s] = mem.shown[s] | mem.played_before_show[s]
        else:
            hands[s] = now[s] | mem.played[s]
    if d is None or not mem.talon_taken:
        # The talon's order matters only for the all-pass leads: the first lead first.
        rest = list(cards_in(talon_rest))
        rng.shuffle(rest)
        return hands, tuple(mem.lead_order + rest), discard
    # The declarer took the talon: it is part of his holding.
    if d == me:
        hands[d] = mem.mine  # as dealt
        return hands, mem.talon_seen, discard
    holding = hands[d] | discard
    # A talon he did not see may be any two of the declarer's twelve cards.
    talon = mem.talon_seen or tuple(rng.sample(list(cards_in(holding)), 2))
    hands[d] = holding & ~((1 << talon[0]) | (1 << talon[1]))
    return hands, talon, discard


__all__ = ["sample_state"]
