"""The abstraction's key forgets exactly the set-aside piles (issue 24).

Random positions are drawn by playing random legal moves from random deals,
over both redeal options, both tie rules and several scores. Two checks:

* moving a position's set-aside piles to other piles that fit (the rest of the
  deck re-shuffled into the stock) keeps both seats' abstract keys, while the
  lossless ``info_key`` of a seat whose pile changed does change;
* over the whole sample, two (position, seat) pairs share an abstract key
  exactly when they share the rules, the seat, the public history and the hand
  in play; and then their public states agree (stake, tricks, proposals,
  cards played), so no bet and no trick is forgotten.
"""

from __future__ import annotations

import random

import pytest

from tricktaker.solvers.truc.abstract import abstract_key
from tricktaker.solvers.truc.hands import FULL_DECK, HAND_SIZE, ONE, RANKS, count, fits
from tricktaker.solvers.truc.model import ACCEPT, REDEAL, DealRules, Position

SCORES = [(0, 0), (11, 11), (10, 3), (6, 6), (0, 11)]


def _random_pile(rng: random.Random, room: int, size: int) -> int:
    cards = [r for r in range(RANKS) for _ in range(count(room, r))]
    return sum(ONE[r] for r in rng.sample(cards, size))


def _positions(rng: random.Random, n: int) -> list[Position]:
    """``n`` positions reached by random play; calls and acceptances favoured so piles occur."""
    out: list[Position] = []
    while len(out) < n:
        score = rng.choice(SCORES)
        rules = DealRules(score, rng.randrange(2), rng.choice(("repeat", "once")), "leader")
        pos = Position.start(rules)
        while pos.outcome is None:
            if pos.node.is_chance:
                pos = pos.deal_random(rng)
                continue
            legal = pos.legal()
            favoured = [m for m in legal if m in (REDEAL, ACCEPT)]
            move = rng.choice(favoured if favoured and rng.random() < 0.6 else legal)
            pos = pos.apply(move)
            if pos.outcome is None and not pos.node.is_chance:
                out.append(pos)
    return out


def _move_piles(rng: random.Random, pos: Position) -> Position | None:
    """The same position with other set-aside piles of the same sizes (None if none aside)."""
    sizes = [sum(count(pile, r) for r in range(RANKS)) for pile in pos.aside]
    if not any(sizes):
        return None
    room = FULL_DECK - pos.hands[0] - pos.hands[1]
    aside = []
    for s in sizes:
        pile = _random_pile(rng, room, s)
        room -= pile
        aside.append(pile)
    assert fits(pos.hands[0] + pos.hands[1] + aside[0] + aside[1], FULL_DECK)
    stock = room
    return Position(pos.node, pos.hands, (aside[0], aside[1]), stock)


def test_moving_the_piles_keeps_the_key_and_only_the_piles() -> None:
    rng = random.Random(24)
    moved = 0
    for pos in _positions(rng, 3000):
        other = _move_piles(rng, pos)
        if other is None:
            continue
        for seat in (0, 1):
            assert abstract_key(other, seat) == abstract_key(pos, seat)
            if other.aside[seat] != pos.aside[seat]:
                assert other.info_key(seat) != pos.info_key(seat)
                moved += 1
    assert moved > 300  # the sample does reach positions after accepted calls


def test_the_key_keeps_everything_but_the_piles() -> None:
    rng = random.Random(12)
    positions = _positions(rng, 4000)
    seen: dict[object, tuple[object, object]] = {}
    collisions = 0
    for pos in positions:
        for seat in (0, 1):
            key = abstract_key(pos, seat)
            rest = (pos.node.rules, seat, pos.node.history, pos.hands[seat])
            public = pos.node.state_key()
            found = seen.setdefault(key, (rest, public))
            if found is not (rest, public):
                collisions += 1
            assert found == (rest, public)
    # Distinct (rules, seat, history, hand) never share a key: the key holds all four.
    assert len(seen) == len(
        {(p.node.rules, s, p.node.history, p.hands[s]) for p in positions for s in (0, 1)}
    )
    assert collisions > 100  # equal keys do occur (short histories), and agree


def test_hands_in_play_and_rules_are_in_the_key() -> None:
    rng = random.Random(5)
    for pos in _positions(rng, 500):
        seat = pos.to_act
        hand = pos.hands[seat]
        if not hand:
            continue
        # Another hand holding the cards already played, from what is left.
        room = FULL_DECK - pos.hands[1 - seat] - pos.aside[0] - pos.aside[1] - hand
        played = pos.node.played[seat]
        if sum(count(room, r) for r in range(RANKS)) < HAND_SIZE:
            continue
        other_hand = played + _random_pile(
            rng, room, HAND_SIZE - sum(count(played, r) for r in range(RANKS))
        )
        if other_hand != hand:
            hands = list(pos.hands)
            hands[seat] = other_hand
            swapped = Position(pos.node, (hands[0], hands[1]), pos.aside, pos.stock)
            assert abstract_key(swapped, seat) != abstract_key(pos, seat)


def test_a_bad_seat_is_refused() -> None:
    pos = Position.start(DealRules())
    with pytest.raises(ValueError, match="not 0 or 1"):
        abstract_key(pos, 2)
