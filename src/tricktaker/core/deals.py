"""Deals as named piles of cards, read from records and completed from the seed.

A game declares its deck and its piles (:class:`DealSpec`): ``hands`` (so many
cards to each seat), and where it has them ``stock`` (the undealt rest, top
first), ``vira`` (truco's turned card), ``talon`` (preferans' prikup) or
``photo`` (tetka's photo card). A record may fix any of them for any deal;
core reads and checks them here (known pile names, real cards of this deck,
no card twice, the right counts, enough cards left for the piles not given)
and fills what is missing from the seeded shuffle, so every game gets the same
checks and the same error messages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from tricktaker.cards import CARD_NAMES, CardError, parse_card
from tricktaker.core.dealing import Shuffle, shuffled, shuffler
from tricktaker.core.errors import RecordError

Card = int
Cards = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PileSpec:
    """A pile: ``per_seat`` piles (hands) give ``size`` cards to every seat;
    ``size=None`` is the stock, which takes whatever is left."""

    name: str
    size: int | None
    per_seat: bool = False


@dataclass(frozen=True, slots=True)
class DealSpec:
    """A game's deck and piles, in the order cards are dealt to them."""

    deck: Cards
    piles: tuple[PileSpec, ...]
    game_name: str
    # Derived once: dealing is in every search playout's path.
    hand_size: int | None = field(init=False)
    fixed: tuple[PileSpec, ...] = field(init=False)
    stock: str | None = field(init=False)
    deck_list: list[Card] = field(init=False, compare=False)
    #: The shuffle of the whole deck (``core.dealing``), looked up once.
    shuffle: Shuffle = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        hands = [p for p in self.piles if p.per_seat]
        stocks = [p for p in self.piles if p.size is None]
        if len(hands) != 1 or len(stocks) > 1 or any(p.per_seat and p.size is None for p in hands):
            raise ValueError("a deal has one pile of hands and at most one stock")
        object.__setattr__(self, "hand_size", hands[0].size)
        object.__setattr__(
            self, "fixed", tuple(p for p in self.piles if p.size is not None and not p.per_seat)
        )
        object.__setattr__(self, "stock", stocks[0].name if stocks else None)
        object.__setattr__(self, "deck_list", list(self.deck))
        object.__setattr__(self, "shuffle", shuffler(len(self.deck)))

    def pile(self, name: str) -> PileSpec:
        for p in self.piles:
            if p.name == name:
                return p
        raise KeyError(name)

    def fixed_cards(self, players: int) -> int:
        """Cards dealt to the piles of fixed size (everything but the stock)."""
        total = 0
        for p in self.piles:
            if p.size is not None:
                total += p.size * (players if p.per_seat else 1)
        return total


class Deal(NamedTuple):
    """One deal's cards: ``hands`` in seat order and the other piles by name."""

    hands: tuple[Cards, ...]
    piles: Mapping[str, Cards]

    def pile(self, name: str) -> Cards:
        return self.piles.get(name, ())

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hands": [[CARD_NAMES[c] for c in h] for h in self.hands]}
        for name, cards in self.piles.items():
            out[name] = [CARD_NAMES[c] for c in cards]
        return out


@dataclass(frozen=True, slots=True)
class GivenDeal:
    """What a record fixes of one deal: some piles, checked, the rest to come from the seed."""

    hands: tuple[Cards, ...] | None
    piles: Mapping[str, Cards]


def _read_cards(raw: object, what: str, deck: frozenset[int], game_name: str) -> list[int]:
    """Card names read and checked to be in the game's deck."""
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise RecordError(f'{what} must be a list of cards like "7h"')
    if len(raw) > 52:
        raise RecordError(f"{what}: {len(raw)} cards are more than any deck holds")
    try:
        cards = [parse_card(x) for x in raw]
    except CardError as exc:
        raise RecordError(f"{what}: {exc}") from None
    for c in cards:
        if c not in deck:
            raise RecordError(
                f"{what}: {CARD_NAMES[c]} is not in {game_name}'s {len(deck)}-card deck"
            )
    return cards


def read_deal(raw: object, spec: DealSpec, players: int, index: int) -> GivenDeal:
    """Check one ``deals[index]`` entry of a record against the game's piles.

    A ``GivenDeal`` (a deal the program built itself, as a determinisation
    does) is taken as it is; JSON is read and checked.
    """
    if isinstance(raw, GivenDeal):
        return raw
    where = f"deal {index}"
    if not isinstance(raw, Mapping):
        raise RecordError(f'{where} must be an object of piles, e.g. {{"hands": [...]}}')
    names = [p.name for p in spec.piles]
    unknown = [str(k)[:20] for k in raw if k not in names]
    if unknown:
        raise RecordError(
            f"{where}: unknown field(s) {', '.join(sorted(unknown))}; piles: {', '.join(names)}"
        )
    deck = frozenset(spec.deck)
    seen: dict[int, str] = {}

    def note(cards: Sequence[int], what: str) -> None:
        for c in cards:
            if c in seen:
                raise RecordError(f"{where}: {CARD_NAMES[c]} is dealt twice ({seen[c]} and {what})")
            seen[c] = what

    hands: tuple[Cards, ...] | None = None
    piles: dict[str, Cards] = {}
    for pile in spec.piles:
        if pile.name not in raw:
            continue
        value = raw[pile.name]
        if pile.per_seat:
            if not isinstance(value, list) or len(value) != players:
                raise RecordError(f'{where}: "{pile.name}" must hold {players} hands, one per seat')
            got = []
            for seat, h in enumerate(value):
                what = f"seat {seat}'s hand"
                cards = _read_cards(h, f"{where}, {what}", deck, spec.game_name)
                if pile.size is not None and len(cards) != pile.size:
                    raise RecordError(
                        f"{where}: seat {seat} must get {pile.size} cards, not {len(cards)}"
                    )
                note(cards, what)
                got.append(tuple(cards))
            hands = tuple(got)
        else:
            cards = _read_cards(value, f"{where}, {pile.name}", deck, spec.game_name)
            if pile.size is not None and len(cards) != pile.size:
                raise RecordError(
                    f"{where}: {pile.name} must hold {pile.size} card(s), not {len(cards)}"
                )
            note(cards, pile.name)
            piles[pile.name] = tuple(cards)
    # Whatever is not given must still fit: the fixed piles come first, the stock after.
    missing_fixed = 0
    for pile in spec.piles:
        given = hands is not None if pile.per_seat else pile.name in piles
        if pile.size is not None and not given:
            missing_fixed += pile.size * (players if pile.per_seat else 1)
    stock_given = sum(len(v) for k, v in piles.items() if spec.pile(k).size is None)
    room = len(spec.deck) - spec.fixed_cards(players)
    if stock_given > room or len(seen) + missing_fixed > len(spec.deck):
        raise RecordError(
            f"{where}: too many cards: {players} hands of"
            f" {spec.fixed_cards(players) // max(players, 1)} and the other piles leave"
            f" {room} card(s) for the stock, not {stock_given}"
        )
    return GivenDeal(hands, piles)


def deal_order(players: int, first: int) -> list[int]:
    """Seats in the order cards go round: ``first``, then on in seat order."""
    return [(first + k) % players for k in range(players)]


def make_deal(
    spec: DealSpec,
    players: int,
    first: int,
    seed: int | str,
    index: int,
    given: GivenDeal | None = None,
) -> Deal:
    """Deal ``index`` of a match: given piles kept, the rest dealt from the seeded shuffle.

    Hands go one card at a time, starting with seat ``first``; then the other
    fixed piles in the spec's order; then the stock: its given cards on top,
    the rest of the shuffle below.
    """
    fixed = spec.fixed
    stock_name = spec.stock
    size = spec.hand_size or 0
    if given is None:
        order = spec.shuffle(spec.deck_list, seed, index)
        dealt = size * players
        hands: tuple[Cards, ...]
        if players == 2:  # the common case, spelled out: it is in every new deal's path
            a, b = tuple(order[0:dealt:2]), tuple(order[1:dealt:2])
            hands = (a, b) if first == 0 else (b, a)
        else:
            by_turn = [tuple(order[k:dealt:players]) for k in range(players)]
            hands = tuple(by_turn[(seat - first) % players] for seat in range(players))
        if not fixed and stock_name is not None:
            return Deal(hands, {stock_name: tuple(order[dealt:])})
        pos = dealt
        piles: dict[str, Cards] = {}
        for p in fixed:
            assert p.size is not None
            piles[p.name] = tuple(order[pos : pos + p.size])
            pos += p.size
        if stock_name is not None:
            piles[stock_name] = tuple(order[pos:])
        return Deal(hands, piles)
    used: set[int] = set()
    for cards in given.piles.values():
        used.update(cards)
    if given.hands is not None:
        used.update(c for h in given.hands for c in h)
    rest = shuffled([c for c in spec.deck if c not in used], seed, index)
    pos = 0
    if given.hands is None:
        built: list[list[int]] = [[] for _ in range(players)]
        for _ in range(size):
            for seat in deal_order(players, first):
                built[seat].append(rest[pos])
                pos += 1
        hands = tuple(tuple(h) for h in built)
    else:
        hands = given.hands
    piles = {}
    for p in fixed:
        assert p.size is not None
        if p.name in given.piles:
            piles[p.name] = given.piles[p.name]
        else:
            piles[p.name] = tuple(rest[pos : pos + p.size])
            pos += p.size
    if stock_name is not None:
        piles[stock_name] = given.piles.get(stock_name, ()) + tuple(rest[pos:])
    return Deal(hands, piles)
