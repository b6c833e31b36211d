"""What a Preferans player knows of the deal in progress, read from his view and memory.

The view shows the trick on the table and the last one; a player remembers
every card played this deal, as a person at the table does. :func:`read`
rebuilds the deal from the seat's events since the last ``deal`` event:

* every card played, and the suits each player has shown void in (he did not
  follow; in a trump contract, not trumping either shows him void in trumps);
* the hands known exactly: the bot's own, and hands laid open (an open whist,
  misère catchers after the first trick);
* the cards each other player may still hold: neither seen in a known hand,
  nor played, nor out of play (the all-pass talon, the declarer's own
  discard), nor of a suit he has shown void in; a Russian contract's talon,
  shown to all, lies with the declarer (in his hand or his discard), so the
  other defender cannot hold it;
* the suits each player has led, so a defender can return his partner's suit.

Which seats are on which side follows from the contract: the declarer against
the defenders (a passer's hand still plays for the defence), the misère
declarer against the catchers, and in an all-pass every player for himself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tricktaker.cards import parse_card
from tricktaker.core.errors import TricktakerError
from tricktaker.core.events import Event
from tricktaker.games.preferans.deck import (
    DECK_MASK,
    MISERE,
    STRAIN_SUIT,
    SUIT_MASKS,
    contract_strain,
)
from tricktaker.games.preferans.views import PreferansView

CONTRACT, MISERE_PLAY, ALLPASS = range(3)


def _card(name: object) -> int:
    return parse_card(str(name))


def above(card: int) -> int:
    """Cards of ``card``'s suit above it."""
    return SUIT_MASKS[card // 13] & ~((2 << card) - 1)


def below(card: int) -> int:
    """Cards of ``card``'s suit below it."""
    return SUIT_MASKS[card // 13] & ((1 << card) - 1)


@dataclass(frozen=True, slots=True)
class Table:
    """One card to play: who plays it, and what he knows (card sets are bit masks)."""

    #: The seat acting, and the seat whose card is due (the same but in an open whist).
    me: int
    owner: int
    hand: int
    mode: int
    trump: int | None
    declarer: int | None
    #: The seats that play this deal's tricks, in order of play.
    seats: tuple[int, ...]
    #: Per seat: the cards it may hold (exactly its hand where that is known).
    possible: dict[int, int]
    known: frozenset[int]
    played: int
    #: Per seat, suits (a 4-bit mask) it has led this deal.
    leads: dict[int, int]
    #: The trick on the table; its suit (a talon card's in an all-pass), None before a lead.
    on_table: tuple[tuple[int, int], ...]
    led: int | None
    talon_lead: bool
    #: Seats still to play to this trick after the owner.
    later: tuple[int, ...]

    def side(self, seat: int) -> int:
        """0 for the declarer's side, 1 for the others; in an all-pass each seat alone."""
        if self.mode == ALLPASS:
            return seat
        return 0 if seat == self.declarer else -1

    def friends(self, a: int, b: int) -> bool:
        return self.side(a) == self.side(b)

    def best(self) -> tuple[int, int] | None:
        """The (seat, card) winning the trick so far, None if no card can win it yet."""
        return best_of(self.on_table, self.trump, self.led if self.talon_lead else None)

    def beats(self, card: int, best: int | None) -> bool:
        """Whether ``card`` played now would beat ``best`` (the card winning so far)."""
        if best is None:
            return self.led is None or card // 13 == self.led
        if card // 13 == best // 13:
            return card > best
        return self.trump is not None and card // 13 == self.trump

    def unseen_above(self, card: int, seats: Sequence[int]) -> int:
        """Cards of ``card``'s suit above it that one of ``seats`` may hold."""
        held = 0
        for s in seats:
            held |= self.possible[s]
        return held & above(card)

    def may_be_void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may hold no card of ``suit`` (known, or likely: one left at most)."""
        cards = (self.possible[seat] & SUIT_MASKS[suit]).bit_count()
        return cards == 0 or (seat not in self.known and cards <= 1)

    def may_beat(self, seat: int, card: int, led: int) -> bool:
        """Whether ``seat``, still to play, may beat ``card`` (winning a trick led in ``led``)."""
        held = self.possible[seat]
        suit = card // 13
        trump = self.trump
        if suit == led:
            if held & above(card):
                return True
            return (
                trump is not None
                and suit != trump
                and bool(held & SUIT_MASKS[trump])
                and self.may_be_void(seat, led)
            )
        # ``card`` is a trump on another suit: only a higher trump from a void hand beats it.
        return bool(held & above(card)) and self.may_be_void(seat, led)

    def safe(self, card: int, seats: Sequence[int], led: int | None = None) -> bool:
        """Whether none of ``seats`` can beat ``card`` in this trick."""
        suit = card // 13 if led is None else led
        return not any(self.may_beat(s, card, suit) for s in seats)


def best_of(
    plays: Sequence[tuple[int, int]], trump: int | None, talon_suit: int | None
) -> tuple[int, int] | None:
    """The (seat, card) winning ``plays`` so far (with a talon lead, the highest card of the
    talon card's suit; None while nobody followed it)."""
    if talon_suit is not None:
        followed = [p for p in plays if p[1] // 13 == talon_suit]
        return max(followed, key=lambda p: p[1]) if followed else None
    if not plays:
        return None
    top = plays[0]
    for p in plays[1:]:
        c = p[1]
        if c // 13 == top[1] // 13:
            if c > top[1]:
                top = p
        elif trump is not None and c // 13 == trump:
            top = p
    return top


def trump_of(contract: str | None) -> int | None:
    if contract is None or contract == MISERE:
        return None
    strain = contract_strain(contract)
    return None if strain is None else STRAIN_SUIT[strain]


def mode_of(view: PreferansView) -> int:
    if view.contract is None:
        return ALLPASS
    return MISERE_PLAY if view.contract == MISERE else CONTRACT


def read(view: PreferansView, memory: Sequence[Event], owner: int) -> Table:
    """The deal so far as ``view.seat`` knows it, for a card due from ``owner``'s hand."""
    me = view.seat
    if me is None:
        raise TricktakerError("the preferans rules bot needs a seat's view, not a spectator's")
    trump = trump_of(view.contract)
    mode = mode_of(view)
    seats = tuple(s for s in view.active if s != view.out_seat)
    # Everything this deal, from the memory: cards played, voids, leads.
    start = 0
    for i in range(len(memory) - 1, -1, -1):
        if memory[i].kind == "deal":
            start = i
            break
    played = 0
    voids = dict.fromkeys(seats, 0)
    leads = dict.fromkeys(seats, 0)

    def note(plays: Sequence[tuple[int, int]], talon_suit: int | None) -> None:
        nonlocal played
        led = talon_suit if talon_suit is not None else (plays[0][1] // 13 if plays else None)
        if plays and talon_suit is None:
            leads[plays[0][0]] = leads.get(plays[0][0], 0) | (1 << (plays[0][1] // 13))
        for seat, card in plays:
            played |= 1 << card
            if led is not None and card // 13 != led and seat in voids:
                voids[seat] |= 1 << led
                if trump is not None and card // 13 != trump:
                    voids[seat] |= 1 << trump

    for e in memory[start:]:
        if e.kind == "trick":
            plays = [(int(s), _card(c)) for s, c in e.data.get("played", ())]
            talon = e.data.get("talon_card")
            note(plays, _card(talon) // 13 if talon is not None else None)
    talon_suit = view.talon_lead // 13 if view.talon_lead is not None else None
    note(view.on_table, talon_suit)
    known = {me: sum(1 << c for c in view.hand)}
    for s, cards in view.open_hands:
        known[s] = sum(1 << c for c in cards)
    out = played
    for mask in known.values():
        out |= mask
    if mode == ALLPASS:
        out |= sum(1 << c for c in view.talon)
    if me == view.declarer:
        out |= sum(1 << c for c in view.discard)
    unseen = DECK_MASK & ~out
    declarer_only = 0
    if mode == CONTRACT and view.declarer is not None and me != view.declarer:
        declarer_only = sum(1 << c for c in view.talon) & unseen
    possible: dict[int, int] = {}
    for s in seats:
        if s in known:
            possible[s] = known[s]
            continue
        mask = unseen
        if s != view.declarer:
            mask &= ~declarer_only
        for suit in range(4):
            if (voids[s] >> suit) & 1:
                mask &= ~SUIT_MASKS[suit]
        possible[s] = mask
    table = view.on_table
    led = talon_suit if talon_suit is not None else (table[0][1] // 13 if table else None)
    if table and talon_suit is None:
        first = table[0][0]
    elif talon_suit is not None:
        first = seats[0]
    else:
        first = owner
    i = seats.index(first)
    order = [seats[(i + k) % len(seats)] for k in range(len(seats))]
    later = tuple(order[order.index(owner) + 1 :])
    return Table(
        me=me,
        owner=owner,
        hand=known.get(owner, 0),
        mode=mode,
        trump=trump,
        declarer=view.declarer,
        seats=seats,
        possible=possible,
        known=frozenset(known),
        played=played,
        leads=leads,
        on_table=tuple(table),
        led=led,
        talon_lead=talon_suit is not None,
        later=later,
    )
