"""What a Tetka player knows of the deal in progress, and quick chances built on it.

The view shows only the trick on the table and the last one or two finished
tricks (the review rule), but a player remembers every card he saw played,
as a person at the table does: :func:`read` rebuilds the deal from the seat's
memory (its events since the last ``deal`` event) and the view. From it come

* the cards played this deal, so the bot knows which queens, which high cards
  and whether the photo card are still out;
* the suits each player has shown void in: he failed to follow. Under
  ``revoke=penalized`` a failure may be a revoke; it stops counting as a void
  the moment he plays that suit again (which is also what proves the revoke);
* the unseen cards: not in the bot's hand and not played, so in the other
  three hands.

The chances (:meth:`Knowledge.share`, :meth:`Knowledge.void_chance`) treat
each unseen card as lying with one of the other players who may still hold
its suit, in proportion to the cards he holds: not exact (it forgets that a
hand is a draw without replacement), but cheap, and good enough to rank the
cards a rules bot might play.

Cards are the package's ints (``suit * 13 + rank``, a two is rank 0, an ace
12) and card sets are bit masks (``tricktaker.cards``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tricktaker.cards import SUITS, cards_in, parse_card
from tricktaker.core.events import Event
from tricktaker.games.tetka.scoring import QUEENS, SUIT_MASKS
from tricktaker.games.tetka.views import TetkaView

SEATS = 4
ALL_CARDS = (1 << 52) - 1


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The deal so far as ``seat`` knows it (all masks are of cards)."""

    seat: int
    hand: int
    #: Every card played this deal, the trick on the table included.
    played: int
    #: Cards in the other three hands: neither the bot's nor played.
    unseen: int
    #: Per seat, a 4-bit mask of the suits it has shown void in (and not played since).
    voids: tuple[int, ...]
    #: Cards each seat holds now.
    sizes: tuple[int, ...]
    #: The photo card (it marks the trick that holds it).
    photo: int
    #: Per suit, the other seats that may still hold it (a bit per seat) and the cards
    #: they hold in all: the chances below read them thousands of times a search move.
    holder_bits: tuple[int, ...] = ()
    holder_cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.holder_bits:
            bits = []
            for suit in range(4):
                b = 0
                for s in range(SEATS):
                    if s != self.seat and not (self.voids[s] >> suit) & 1:
                        b |= 1 << s
                bits.append(b)
            cards = [sum(self.sizes[s] for s in range(SEATS) if (b >> s) & 1) for b in bits]
            object.__setattr__(self, "holder_bits", tuple(bits))
            object.__setattr__(self, "holder_cards", tuple(cards))

    def is_void(self, seat: int, suit: int) -> bool:
        return bool((self.voids[seat] >> suit) & 1)

    def unseen_in(self, suit: int) -> int:
        return self.unseen & SUIT_MASKS[suit]

    def holders(self, suit: int) -> list[int]:
        """The other seats that may still hold cards of ``suit`` (not shown void in it)."""
        bits = self.holder_bits[suit]
        return [s for s in range(SEATS) if (bits >> s) & 1]

    def share(self, card: int, seats: Sequence[int]) -> float:
        """The chance that the unseen ``card`` lies with one of ``seats``."""
        suit = card // 13
        total = self.holder_cards[suit]
        if total <= 0:
            return 0.0
        bits = self.holder_bits[suit]
        sizes = self.sizes
        return sum(sizes[s] for s in seats if (bits >> s) & 1) / total

    def void_chance(self, seat: int, suit: int) -> float:
        """The chance that ``seat`` (another player) holds no card of ``suit`` now."""
        if (self.voids[seat] >> suit) & 1:
            return 1.0
        n = (self.unseen & SUIT_MASKS[suit]).bit_count()
        total = self.holder_cards[suit]
        if n == 0 or total <= 0:
            return 1.0
        return (1.0 - self.sizes[seat] / total) ** n

    def danger_cards(self) -> int:
        """The unseen cards that give a mark to whoever takes them: queens and the photo card."""
        return self.unseen & (QUEENS | (1 << self.photo))


def _suit(card: int) -> int:
    return card // 13


def _deal_events(memory: Sequence[Event]) -> Sequence[Event] | None:
    """The events since the last deal began, or None when the memory holds no deal."""
    for i in range(len(memory) - 1, -1, -1):
        if memory[i].kind == "deal":
            return memory[i + 1 :]
    return None


def _tricks_from_memory(events: Sequence[Event]) -> list[list[tuple[int, int]]]:
    tricks: list[list[tuple[int, int]]] = []
    for e in events:
        if e.kind == "trick":
            tricks.append([(int(s), parse_card(str(c))) for s, c in e.data["played"]])
    return tricks


def read(view: TetkaView, memory: Sequence[Event]) -> Knowledge:
    """The deal as the view's seat knows it: its memory of finished tricks, the table now.

    A memory without this deal's ``deal`` event (a front end that passes none)
    falls back on the tricks the view still shows; cards played before them
    are then counted as unseen, which only makes the bot more careful.
    """
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator has no hand to play")
    events = _deal_events(memory)
    if events is not None:
        tricks = _tricks_from_memory(events)
        if len(tricks) != view.trick_number - 1:
            tricks = [list(t.plays) for t in view.review]  # a memory out of step with the view
    else:
        tricks = [list(t.plays) for t in view.review]
    tricks.append(list(view.on_table))
    voids = [0] * SEATS
    played = 0
    for trick in tricks:
        if not trick:
            continue
        led = _suit(trick[0][1])
        for s, c in trick:
            played |= 1 << c
            suit = _suit(c)
            if suit != led:
                voids[s] |= 1 << led
            # Playing a suit shows he holds it (a revoke in it, if any, is now proved).
            voids[s] &= ~(1 << suit)
    hand = 0
    for c in view.hand:
        hand |= 1 << c
    unseen = ALL_CARDS & ~hand & ~played
    return Knowledge(
        seat=seat,
        hand=hand,
        played=played,
        unseen=unseen,
        voids=tuple(voids),
        sizes=tuple(view.hand_sizes),
        photo=view.photo,
    )


def describe(k: Knowledge) -> str:
    """A short text of what the bot knows, for debugging and test messages."""
    from tricktaker.cards import CARD_NAMES

    unseen = " ".join(CARD_NAMES[c] for c in cards_in(k.unseen))
    voids = ", ".join(
        f"{s}:{''.join(SUITS[u] for u in range(4) if (k.voids[s] >> u) & 1)}"
        for s in range(SEATS)
        if k.voids[s]
    )
    return f"seat {k.seat}; unseen {unseen}; voids {voids or 'none'}"
