"""Truco's card play in small ints: the rules bot's quick estimates of its chances.

A card is its strength this deal (``TrucoView.strength``: 0 = a four .. 9 = a
three, 10..13 the manilhas, the zap 13; a face-down card -1). Seats are
relative to the bot (0 = the bot, then in order of play), and since teams are
seats of equal parity, a relative seat's parity is its side: 0 the bot's, 1
the other team's. Trick results are relative too: 0 won, 1 lost, ``TIE``.

* :func:`hold_chance`: how likely a card holds the trick against the cards
  the opponents still to play may hold (exact, hypergeometric over the cards
  the bot has not seen: nothing in Truco's play tells who holds what);
* :func:`estimate`: the chance of the hand (won 1, drawn 1/2), by playing out
  a few dozen deals of the unseen cards with :func:`policy` for every seat.
  Partners' hands seen in a hand of eleven are used as they are. The
  ``rules`` bot calls its compiled copy (``solvers.truco.chance.estimate_fast``);
  this one is the reference the copy is tested against.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from math import comb

from tricktaker.games.truco.outcomes import OUTCOME, TIE, UNDECIDED

Table = list[tuple[int, int]]  # (relative seat, strength) in order of play
#: What a finished hand is worth to the bot's side: won 1, drawn 1/2 (DRAW), lost 0.
UTILITY = {0: 1.0, 1: 0.0, -1: 0.5}
#: Strengths run from -1 (face down) to 13 (the zap).
LEVELS = 15


def counts_above(pool: Sequence[int]) -> tuple[list[int], list[int]]:
    """Per strength ``s`` (indexed ``s + 1``): unseen cards equal to it and stronger than it."""
    equal = [0] * LEVELS
    for s in pool:
        equal[s + 1] += 1
    above = [0] * LEVELS
    acc = 0
    for i in range(LEVELS - 1, -1, -1):
        above[i] = acc
        acc += equal[i]
    return equal, above


def hold_chance(s: int, equal: Sequence[int], above: Sequence[int], cards: int) -> float:
    """How likely ``s`` holds against ``cards`` unseen cards drawn at random (a tie: half).

    ``equal`` and ``above`` are :func:`counts_above` of the unseen pool.
    """
    if cards <= 0:
        return 1.0
    unseen = sum(equal)
    cards = min(cards, unseen)
    total = comb(unseen, cards)
    none_above = comb(unseen - above[s + 1], cards) / total
    none_equal = comb(unseen - above[s + 1] - equal[s + 1], cards) / total
    return none_equal + (none_above - none_equal) / 2


def bests(table: Table, side: int) -> tuple[int, int]:
    """The best strength on the table of ``side``'s team and of the other team (-2: none)."""
    own = theirs = -2
    for seat, s in table:
        if (seat & 1) == side:
            if s > own:
                own = s
        elif s > theirs:
            theirs = s
    return own, theirs


def policy(hand: list[int], own: int, theirs: int, leading: bool) -> int:
    """A sensible card (``hand`` ascending) given the best strengths on the table of the
    player's team and of the other: lead the best; follow with the cheapest winner, else a
    tie, else the lowest; the lowest too when the own team holds the trick."""
    if leading:
        return hand[-1]
    if own > theirs:
        return hand[0]
    tie = False
    for c in hand:
        if c > theirs:
            return c
        tie = tie or c == theirs
    return theirs if tie else hand[0]


def playout(
    hands: list[list[int]], tricks: tuple[int, ...], table: Table, to_play: int, n: int
) -> float:
    """Play the hand to its end with :func:`policy` for every seat; the bot's utility.

    ``table`` is the trick in progress; ``hands`` are consumed.
    """
    best = [-2, -2]  # per side: the best strength in the trick, and who played it
    at = [0, 0]
    for seat, s in table:
        if s > best[seat & 1]:
            best[seat & 1], at[seat & 1] = s, seat
    played = len(table)
    first = table[0][0] if table else to_play
    while True:
        if played == n:
            b0, b1 = best
            if b0 > b1:
                result, to_play = 0, at[0]
            elif b1 > b0:
                result, to_play = 1, at[1]
            else:  # a tie: whoever led it leads again
                result, to_play = TIE, first
            tricks = (*tricks, result)
            outcome = OUTCOME[tricks]
            if outcome != UNDECIDED:
                return UTILITY[outcome]
            best = [-2, -2]
            played = 0
            first = to_play
        side = to_play & 1
        hand = hands[to_play]
        c = policy(hand, best[side], best[side ^ 1], played == 0)
        hand.remove(c)
        if c > best[side]:
            best[side], at[side] = c, to_play
        played += 1
        to_play = (to_play + 1) % n


def estimate(
    mine: Sequence[int],
    known: Mapping[int, Sequence[int]],
    sizes: Sequence[int],
    pool: Sequence[int],
    tricks: tuple[int, ...],
    table: Table,
    to_play: int,
    rng: random.Random,
    samples: int,
) -> float:
    """The chance of the hand: ``samples`` deals of ``pool`` to the unknown hands, played out.

    ``sizes`` are the hand sizes by relative seat; ``known`` the hands seen (partners'
    in a hand of eleven), by relative seat.
    """
    n = len(sizes)
    unknown = [r for r in range(1, n) if r not in known]
    need = min(sum(sizes[r] for r in unknown), len(pool))
    base: list[list[int]] = [sorted(mine)]
    base += [sorted(known.get(r, ())) for r in range(1, n)]
    cards = list(pool)
    size = len(cards)
    rand = rng.random
    total = 0.0
    for _ in range(samples):
        # A partial Fisher-Yates shuffle: the first ``need`` cards are a uniform draw
        # (from any order of the pool, so the list is shuffled on from the last sample).
        for i in range(need):
            j = i + int(rand() * (size - i))
            cards[i], cards[j] = cards[j], cards[i]
        hands = [h[:] for h in base]
        pos = 0
        for r in unknown:
            k = sizes[r]
            hands[r] = sorted(cards[pos : pos + k])
            pos += k
        total += playout(hands, tricks, table, to_play, n)
    return total / samples
