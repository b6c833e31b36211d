"""Determinisation: a full Preferans state consistent with what one seat knows.

The seat knows its own hand as dealt, the talon where it saw it, its own
discard if it declared, every hand laid open, and every card played. The
rest is dealt with ``core.sampling`` into piles: the others' unplayed cards,
a face-down talon, a declarer's face-down discard. Every fact the seat has
is a constraint on those piles, so the deal is exact (a world is found
whenever the seat could be in one, with no retries to run out of):

* a player who did not follow suit has none of it; one who then did not
  trump has no trumps; under ``overtake`` (the pot game) one who did not
  beat the best card had nothing allowed that would;
* talon cards shown to all and still unplayed are in the declarer's hand or
  his discard, nowhere else (a suit he showed out of: the discard), so
  which of them he threw away is left to the deal of those two piles;
* a pot deal that ends unplayed tells, by its payments, whether the declarer
  held all four aces: held, they are his; not held, the deal is split into
  one case per ace that may be missing from his hand, and one case that
  fits is dealt (``core.sampling.deal_one_of``: chosen uniformly among the
  cases, so worlds where several aces are missing are favoured a little).

A talon the seat never saw but the declarer took is any two of his twelve
cards. The deal is rebuilt from those cards and its actions are played again
through the engine, so the sample is a real game for every seat; earlier
deals are kept only as the seat's own memory (``core.events.Told``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tricktaker.cards import cards_in, parse_card
from tricktaker.core.deals import GivenDeal
from tricktaker.core.errors import SampleError
from tricktaker.core.events import Event
from tricktaker.core.sampling import (
    SUIT_CARDS,
    Pile,
    begin,
    deal_one_of,
    finish,
    position_of,
    showed_out,
)
from tricktaker.games.preferans.actions import BY_TEXT, DISCARDS, PrefAction
from tricktaker.games.preferans.deck import DECK_MASK, STRAIN_SUIT, contract_strain, read_contract
from tricktaker.games.preferans.options import SCHEMA
from tricktaker.games.preferans.pot import ACES
from tricktaker.games.preferans.state import PreferansState
from tricktaker.games.preferans.views import PreferansView

POSITION = ("pulya", "gora", "whists", "allpass", "cash", "kitty")


def _mask(names: Sequence[str]) -> int:
    m = 0
    for name in names:
        m |= 1 << parse_card(name)
    return m


def _above(card: int) -> int:
    """Cards of ``card``'s suit that outrank it."""
    return DECK_MASK & SUIT_CARDS[card // 13] & ~((1 << (card + 1)) - 1)


class _Memory:
    """What the seat's events of this deal say: cards seen, and cards each seat cannot hold."""

    def __init__(self, current: Sequence[Event], me: int, overtake: bool) -> None:
        start = current[0].data
        self.active: list[int] = [int(s) for s in start["active"]]
        self.dealer = int(start["dealer"])
        self.number = int(start["deal"])
        self.mine = _mask(start["hand"])
        self.played = {s: 0 for s in self.active}
        self.barred = {s: 0 for s in self.active}
        self.shown: dict[int, int] = {}  # seat -> its cards when laid open
        self.played_before_show: dict[int, int] = {}
        self.declarer: int | None = None
        self.talon_taken = False
        self.talon_known = 0  # talon cards this seat saw
        self.talon_seen: tuple[int, ...] = ()  # in the order it was dealt
        self.my_discard = 0
        self.discarded = False
        self.leads = 0  # talon cards that led all-pass tricks
        self.lead_order: list[int] = []
        self.actions: list[Event] = []
        #: Whether the declarer kept all four aces, where the deal's payments tell it.
        self.four_aces: bool | None = None
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
            elif kind == "deal_end":
                self._read_payments(e.data)

    def _read_payments(self, data: Any) -> None:
        """A pot deal made pays a premium for four aces kept after the discard: its
        presence or absence is a fact about the declarer's hand (seed 002)."""
        declarer = data.get("declarer")
        if "payments" in data and declarer is not None and data.get("winner") == declarer:
            self.declarer = self.declarer if self.declarer is not None else int(declarer)
            self.four_aces = any(p[3] == "aces" for p in data["payments"])

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
        self.barred[owner] |= showed_out(led, card, trump)
        if not overtake or not trick:
            return
        suit = card // 13
        best = trick[0][1]
        for _, c in trick[1:]:
            if c // 13 == best // 13:
                best = max(best, c)
            elif trump is not None and c // 13 == trump:
                best = c
        # He had to beat the best card with a card of the suit he played, if he could:
        # one of its suit below it says he held none higher (a trick already trumped
        # says nothing of the suit led: no card of it could beat a trump).
        if suit == best // 13 and card < best:
            self.barred[owner] |= _above(best)


def sample_state(
    view: PreferansView, memory: Sequence[Event], rng: random.Random
) -> PreferansState:
    me, current, options = begin(view, memory, SCHEMA, "Preferans")
    try:
        mem = _Memory(current, me, bool(options["overtake"]) and options.text("rules") == "pot")
        hands, talon, discard = _deal(mem, view, me, rng)
        order = [tuple(cards_in(hands[s])) for s in mem.active]
        state = PreferansState(
            options,
            seed=rng.getrandbits(63),
            deals=[GivenDeal(tuple(order), {"talon": talon})],
            dealer=mem.dealer,
            start=position_of(current[0].data, POSITION),
            deal_number=mem.number,
        )
    except SampleError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise SampleError(f"the seat's memory is not a Preferans deal: {exc}") from None
    finish(state, (_action(e, discard) for e in mem.actions), view, memory, current)
    return state


def _action(e: Event, discard: int) -> PrefAction:
    """The engine's action for an event: another's face-down discard is the sample's."""
    text = e.action
    assert text is not None
    if text.endswith(":discard"):
        cards = list(cards_in(discard))
        if len(cards) != 2:
            raise SampleError("the seat's memory has a discard the sample cannot make")
        return DISCARDS[(int(text.split(":")[0]), cards[0], cards[1])]
    return BY_TEXT[text]


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
    # Talon cards this seat saw, unplayed, taken by another declarer: in his hand or his
    # face-down discard, and nowhere else.
    loose = mem.talon_known & ~played_all if d is not None and d != me else 0
    unseen = (DECK_MASK & ~known) | loose
    piles: list[Pile] = []
    slots: list[str] = []
    for s in mem.active:
        if s == me or s in mem.shown:
            continue
        allowed = DECK_MASK & ~mem.barred[s]
        if s == d:
            piles.append(Pile(sizes[s], allowed=allowed))
            slots.append("hand")
            if mem.discarded:
                piles.append(Pile(2))
                slots.append("discard")
        else:
            piles.append(Pile(sizes[s], allowed=allowed & ~loose))
            slots.append(f"{s}")
    talon_left = 0 if mem.talon_taken else 2 - mem.leads.bit_count()
    if talon_left:
        piles.append(Pile(talon_left, allowed=DECK_MASK & ~loose))
        slots.append("talon")
    _, dealt = deal_one_of(unseen, _aces_cases(mem, piles, slots, unseen, me), rng)
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
        return hands, mem.talon_seen, discard
    holding = hands[d] | discard
    # A talon he did not see may be any two of the declarer's twelve cards.
    talon = mem.talon_seen or tuple(rng.sample(list(cards_in(holding)), 2))
    hands[d] = holding & ~((1 << talon[0]) | (1 << talon[1]))
    return hands, talon, discard


def _aces_cases(
    mem: _Memory, piles: list[Pile], slots: list[str], unseen: int, me: int
) -> list[list[Pile]]:
    """The piles as alternatives under what the payments say of four aces (one case when
    they say nothing, or nothing the seat does not already know)."""
    d = mem.declarer
    if mem.four_aces is None or d is None or d == me or "hand" not in slots:
        return [piles]
    i = slots.index("hand")
    hand = piles[i]
    free = ACES & unseen
    if mem.four_aces:
        if ACES & ~(free | mem.played[d]):
            raise SampleError("the payments say the declarer kept four aces the seat saw elsewhere")
        piles[i] = Pile(hand.size, hand.allowed, hand.known | free)
        return [piles]
    if ACES & ~(free | mem.played[d]):
        return [piles]  # an ace the seat saw elsewhere: he cannot have held all four
    cases = []
    for ace in cards_in(free):
        case = list(piles)
        case[i] = Pile(hand.size, hand.allowed & ~(1 << ace), hand.known)
        cases.append(case)
    return cases or [piles]


__all__ = ["sample_state"]
