"""Rank-level model of Le Truc's card play: the rules bot's estimates of its chances.

Suits never matter in Le Truc, so a hand is a sorted tuple of strengths
(0 = nine .. 7 = seven) and what a player has not seen is a count per strength.
Seats are relative to the bot (0 = the bot, then in order of play), so side 0 is
the bot's side and trick results are relative too.

Two players: the opponent's hand is one of at most 120 multisets of strengths,
each weighted by how many real hands it stands for, so the estimate is exact
for the modelled play: the opponent follows :func:`policy` (win cheaply, lead
high) and the bot picks, at each of its turns, the card that is best on average
over the hands still consistent with what it has seen (an information-set
expectimax). The ``rules`` bot calls :func:`estimate2_fast`, the same numbers from a
compiled copy of the walk (``solvers.truc.chance2``). :func:`bound2` answers "is
this deal surely won / surely lost, whatever the opponent holds and plays?" by a
minimax where the opponent may play any card not yet seen. Both are cached on their
(small, hashable) inputs.

Four players: three hidden hands are too many to enumerate, so
:func:`estimate4` plays out a few dozen sampled deals with :func:`policy` for
every seat, the bot's own next card fixed to each candidate in turn. The
``rules`` bot calls its compiled copy (``solvers.truc.chance4.estimate4_fast``); this one
is the reference the copy is tested against.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import NamedTuple

from tricktaker.games.truc.outcomes import DRAW, OUTCOME, UNDECIDED, resolve_trick

Hand = tuple[int, ...]
Plays = tuple[tuple[int, int], ...]  # (relative seat, strength) in order of play
Counts = tuple[int, ...]  # unseen cards per strength 0..7

STRENGTHS = 8
#: What a finished deal is worth to the bot's side: won 1, drawn 1/2, lost 0.
UTILITY = {0: 1.0, 1: 0.0, DRAW: 0.5}


def remove(hand: Hand, c: int) -> Hand:
    i = hand.index(c)
    return hand[:i] + hand[i + 1 :]


def resolve(plays: Plays, tricks: tuple[int, ...], ties: str) -> tuple[int, int]:
    """The trick's result (side 0/1 or SPOILED) and the seat that leads next."""
    return resolve_trick(plays, tricks, ties)


def tie_spoils(tricks: tuple[int, ...], ties: str) -> bool:
    return ties == "spoil" or not (0 in tricks or 1 in tricks)


def policy(hand: Hand, seat: int, table: Plays, tricks: tuple[int, ...], ties: str) -> int:
    """A sensible, predictable card: lead high; follow with the cheapest winner.

    When the own side already holds the trick, or it cannot be won, the lowest
    card goes; a tie is played only where it spoils the trick (otherwise a tie
    goes to the side that played first, which is not us).
    """
    if not table:
        return hand[-1]
    side = seat & 1
    own = theirs = -1
    own_at = theirs_at = 0
    for i, (s_seat, s) in enumerate(table):
        if (s_seat & 1) == side:
            if s > own:
                own, own_at = s, i
        elif s > theirs:
            theirs, theirs_at = s, i
    if own > theirs or (
        own == theirs and own >= 0 and not tie_spoils(tricks, ties) and own_at < theirs_at
    ):
        return hand[0]
    for c in hand:
        if c > theirs:
            return c
    if theirs in hand and tie_spoils(tricks, ties):
        return theirs
    return hand[0]


def lead_mix(hand: Hand, high: float) -> tuple[tuple[int, float], ...]:
    """How the modelled opponent leads: mostly his best card, but not always.

    A leader that always leads his best would be read perfectly by the
    follower; mixing keeps the estimates from trusting that read.
    """
    if len(hand) == 1 or hand[0] == hand[-1]:
        return ((hand[-1], 1.0),)
    if len(hand) == 2:
        return ((hand[1], high), (hand[0], 1.0 - high))
    if hand[1] == hand[2]:
        return ((hand[2], high), (hand[0], 1.0 - high))
    if hand[0] == hand[1]:
        return ((hand[2], high), (hand[0], 1.0 - high))
    low = (1.0 - high) / 2
    return ((hand[2], high), (hand[1], low), (hand[0], low))


# ------------------------------------------------------------- two players


@lru_cache(maxsize=4096)
def combos(unseen: Counts, k: int) -> tuple[tuple[Hand, int], ...]:
    """Every multiset of ``k`` unseen strengths with the number of real hands it stands for."""
    out: list[tuple[Hand, int]] = []

    def walk(r: int, left: int, hand: Hand, weight: int) -> None:
        if left == 0:
            out.append((hand, weight))
            return
        if r == STRENGTHS:
            return
        for m in range(min(unseen[r], left) + 1):
            walk(r + 1, left - m, hand + (r,) * m, weight * comb(unseen[r], m))

    walk(0, k, (), 1)
    return tuple(out)


Groups = tuple[tuple[Hand, float], ...]


def _ev2(
    mine: Hand,
    groups: Groups,
    tricks: tuple[int, ...],
    table: Plays,
    lead: int,
    ties: str,
    high: float,
) -> float:
    """Weighted sum of the bot's utility, bot choosing per information set."""
    if len(table) == 2:
        result, nxt = resolve(table, tricks, ties)
        done = (*tricks, result)
        outcome = OUTCOME[ties][done]
        if outcome != UNDECIDED:
            return UTILITY[outcome] * sum(w for _, w in groups)
        return _ev2(mine, groups, done, (), nxt, ties, high)
    to_play = lead if not table else 1 - table[0][0]
    if to_play == 0:
        return max(
            _ev2(remove(mine, c), groups, tricks, (*table, (0, c)), lead, ties, high)
            for c in set(mine)
        )
    parts: dict[int, list[tuple[Hand, float]]] = {}
    for hand, w in groups:
        for c, share in (
            lead_mix(hand, high) if not table else ((policy(hand, 1, table, tricks, ties), 1.0),)
        ):
            parts.setdefault(c, []).append((remove(hand, c), w * share))
    return sum(
        _ev2(mine, tuple(g), tricks, (*table, (1, c)), lead, ties, high) for c, g in parts.items()
    )


@dataclass(frozen=True, slots=True)
class Estimate:
    """The bot's chance of the deal (won 1, drawn 1/2) and, on its turn, per next card."""

    p: float
    cards: tuple[tuple[int, float], ...] = ()

    def best_card(self) -> int:
        """The card with the best chance; the lowest of equals (it wins cheaply)."""
        best = max(u for _, u in self.cards)
        return min(c for c, u in self.cards if u >= best - 1e-9)


def _weights(unseen: Counts, k: int, boldness: float) -> Groups:
    """Opponent hands with their weights, tilted towards high cards when he acted bold.

    A negative boldness (he called for cards and had to keep them) tilts towards low cards.
    """
    raw = combos(unseen, k)
    if boldness == 0 or k == 0:
        return tuple((h, float(w)) for h, w in raw)
    return tuple((h, w * (1.0 + boldness * sum(h) / (7.0 * k))) for h, w in raw)


#: A value of the deal under the model: ``_ev2`` or its compiled copy
#: (``solvers.truc.chance2.ev2_fast``), which gives the same numbers.
Value2 = Callable[[Hand, Groups, tuple[int, ...], Plays, int, str, float], float]


def _estimate2(
    value: Value2,
    mine: Hand,
    unseen: Counts,
    k: int,
    tricks: tuple[int, ...],
    table: Plays,
    lead: int,
    ties: str,
    boldness: float,
    high: float,
) -> Estimate:
    groups = _weights(unseen, k, boldness)
    total = sum(w for _, w in groups)
    if total <= 0:
        groups, total = ((tuple(0 for _ in range(k)), 1.0),), 1.0  # cannot happen in play
    to_play = lead if not table else 1 - table[0][0]
    if to_play != 0 or not mine:
        return Estimate(value(mine, groups, tricks, table, lead, ties, high) / total)
    cards = tuple(
        (c, value(remove(mine, c), groups, tricks, (*table, (0, c)), lead, ties, high) / total)
        for c in sorted(set(mine))
    )
    return Estimate(max(u for _, u in cards), cards)


@lru_cache(maxsize=200_000)
def estimate2(
    mine: Hand,
    unseen: Counts,
    k: int,
    tricks: tuple[int, ...],
    table: Plays,
    lead: int,
    ties: str,
    boldness: float = 0.0,
    high: float = 0.5,
) -> Estimate:
    """Exact chance under the model; ``cards`` is filled when the bot plays next."""
    return _estimate2(_ev2, mine, unseen, k, tricks, table, lead, ties, boldness, high)


@lru_cache(maxsize=200_000)
def estimate2_fast(
    mine: Hand,
    unseen: Counts,
    k: int,
    tricks: tuple[int, ...],
    table: Plays,
    lead: int,
    ties: str,
    boldness: float = 0.0,
    high: float = 0.5,
) -> Estimate:
    """:func:`estimate2`, the same numbers, from the compiled copy of ``_ev2``
    (``solvers/truc/chance2.py``), which the ``rules`` bot calls: in Python the exact
    estimate was seven tenths of a two-player Le Truc search's time."""
    # Imported here: numba loads with the first estimate, not with the model.
    from tricktaker.solvers.truc.chance2 import ev2_fast

    return _estimate2(ev2_fast, mine, unseen, k, tricks, table, lead, ties, boldness, high)


class Spot(NamedTuple):
    """A two-player position as the bounds search it: the bot's hand, the unseen ranks and
    how many the opponent holds, the tricks, the table, who leads, the ties rule."""

    mine: Hand
    unseen: Counts
    k: int
    tricks: tuple[int, ...]
    table: Plays
    lead: int
    ties: str


@lru_cache(maxsize=200_000)
def bound2(spot: Spot, hostile: bool) -> float:
    """The outcome over every opponent hand and play, the bot playing its best.

    ``hostile``: the opponent plays the worst cards for the bot (1: the deal is
    surely won); otherwise the best ones (0: the deal is surely lost).
    """
    mine, unseen, k, tricks, table, lead, ties = spot
    if len(table) == 2:
        result, nxt = resolve(table, tricks, ties)
        done = (*tricks, result)
        outcome = OUTCOME[ties][done]
        if outcome != UNDECIDED:
            return UTILITY[outcome]
        return bound2(spot._replace(tricks=done, table=(), lead=nxt), hostile)
    to_play = lead if not table else 1 - table[0][0]
    if to_play == 0:
        return max(
            bound2(spot._replace(mine=remove(mine, c), table=(*table, (0, c))), hostile)
            for c in set(mine)
        )
    values = []
    for r in range(STRENGTHS):
        if unseen[r] and k:
            left = (*unseen[:r], unseen[r] - 1, *unseen[r + 1 :])
            after = spot._replace(unseen=left, k=k - 1, table=(*table, (1, r)))
            values.append(bound2(after, hostile))
    if not values:
        return 0.5
    return min(values) if hostile else max(values)


# ------------------------------------------------------------ four players


def playout4(
    hands: list[Hand],
    tricks: tuple[int, ...],
    table: Plays,
    to_play: int,
    ties: str,
    first: int | None,
) -> float:
    """Play a sampled deal to its end with :func:`policy`; seat 0 may start with ``first``."""
    table_l = list(table)
    while True:
        if len(table_l) == 4:
            result, nxt = resolve(tuple(table_l), tricks, ties)
            tricks = (*tricks, result)
            outcome = OUTCOME[ties][tricks]
            if outcome != UNDECIDED:
                return UTILITY[outcome]
            table_l = []
            to_play = nxt
            continue
        hand = hands[to_play]
        if to_play == 0 and first is not None:
            c, first = first, None
        else:
            c = policy(hand, to_play, tuple(table_l), tricks, ties)
        hands[to_play] = remove(hand, c)
        table_l.append((to_play, c))
        to_play = (to_play + 1) & 3


def sample_hands(
    pool: Sequence[int],
    sizes: Sequence[int],
    rng: random.Random,
    accept: Callable[[list[Hand]], bool] | None = None,
    tries: int = 20,
) -> list[Hand]:
    """Deal the unseen strengths to seats 1..n-1 by their hand sizes (seat 0 is skipped)."""
    cards = list(pool)
    hands: list[Hand] = []
    for _ in range(tries):
        rng.shuffle(cards)
        hands = [()]
        pos = 0
        for seat in range(1, len(sizes)):
            hands.append(tuple(sorted(cards[pos : pos + sizes[seat]])))
            pos += sizes[seat]
        if accept is None or accept(hands):
            return hands
    return hands


def estimate4(
    mine: Hand,
    pool: Sequence[int],
    sizes: Sequence[int],
    tricks: tuple[int, ...],
    table: Plays,
    to_play: int,
    ties: str,
    rng: random.Random,
    samples: int = 32,
    accept: Callable[[list[Hand]], bool] | None = None,
    bold: float = 0.0,
) -> Estimate:
    """Monte-Carlo chance of the deal; per next card when the bot is to play. ``bold``
    weighs each sampled deal by :func:`bold_weight` (0: all alike)."""
    deals = []
    for _ in range(samples):
        hands = sample_hands(pool, sizes, rng, accept)
        hands[0] = mine
        deals.append(hands)
    weights = [bold_weight(h, bold) for h in deals]
    total_weight = sum(weights)

    def chance(to_play: int, first: int | None) -> float:
        values = [playout4(list(h), tricks, table, to_play, ties, first) for h in deals]
        return sum(w * u for w, u in zip(weights, values, strict=True)) / total_weight

    if to_play != 0:
        return Estimate(chance(to_play, None))
    cards = tuple((c, chance(0, c)) for c in sorted(set(mine)))
    return Estimate(max(u for _, u in cards), cards)


#: The least weight of a sampled deal under the other side's boldness.
MIN_WEIGHT = 0.05


def bold_weight(hands: Sequence[Hand], bold: float) -> float:
    """A sampled four-player deal's weight when the other side (seats 1 and 3) has bet
    ``bold``: tilted towards their high cards, as two players' :func:`_weights` tilt the
    opponent's hands (negative: towards low cards), never below ``MIN_WEIGHT``.

    Why: with four players the deals are sampled, not enumerated, so the other
    captain's doubles and accepts, which tell of his side's cards, are read by weighing
    the samples rather than the hands."""
    k = len(hands[1]) + len(hands[3])
    if bold == 0.0 or k == 0:
        return 1.0
    return max(MIN_WEIGHT, 1.0 + bold * (sum(hands[1]) + sum(hands[3])) / (7.0 * k))
