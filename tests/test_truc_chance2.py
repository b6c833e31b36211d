"""The compiled two-player estimate (``solvers/truc/chance2.py``) is the Python model's.

``model.estimate2`` is exact under its model, and the compiled walk takes the same
nodes in the same order, so the two must give the same numbers, to the last bit: the
``rules`` bot and the search then play the same games with either. Checked on random
positions of a deal (every tie rule, the opponent's boldness and lead mix varied),
at every moment from the first card to the last trick.
"""

from __future__ import annotations

import random

import pytest

from tricktaker.bots.truc.model import Hand, Plays, estimate2, estimate2_fast, remove, resolve
from tricktaker.games.truc.outcomes import OUTCOME, UNDECIDED
from tricktaker.solvers.truc.chance2 import ev2_fast

#: Le Truc's 32 cards by strength (0 = nine .. 7 = seven), four of each.
DECK = [s for s in range(8) for _ in range(4)]


def _position(
    rng: random.Random, ties: str
) -> tuple[Hand, tuple[int, ...], int, tuple[int, ...], Plays, int] | None:
    """A random moment of a deal, from the bot's seat (0): its hand, the unseen counts,
    the opponent's hand size, the tricks, the trick in progress and who led it; None
    once the deal is decided."""
    cards = rng.sample(DECK, 6)
    hands = [tuple(sorted(cards[:3])), tuple(sorted(cards[3:]))]
    seen = list(cards[:3])
    tricks: tuple[int, ...] = ()
    table: Plays = ()
    to_play = lead = rng.randrange(2)
    for _ in range(rng.randrange(6)):
        c = rng.choice(hands[to_play])
        hands[to_play] = remove(hands[to_play], c)
        if to_play == 1:
            seen.append(c)
        table = (*table, (to_play, c))
        to_play ^= 1
        if len(table) == 2:
            result, to_play = resolve(table, tricks, ties)
            tricks, table, lead = (*tricks, result), (), to_play
            if OUTCOME[ties][tricks] != UNDECIDED:
                return None
    unseen = [4] * 8
    for c in seen:
        unseen[c] -= 1
    return hands[0], tuple(unseen), len(hands[1]), tricks, table, lead


@pytest.mark.parametrize("ties", ["leader", "spoil"])
def test_the_compiled_estimate_is_the_models_to_the_bit(ties: str) -> None:
    rng = random.Random(23 if ties == "leader" else 29)
    checked = with_cards = 0
    while checked < 400:
        spot = _position(rng, ties)
        if spot is None:
            continue
        mine, unseen, k, tricks, table, lead = spot
        boldness = rng.choice([0.0, 0.35, -0.4, 1.5])
        high = rng.choice([0.5, 0.75, 1.0])
        args = (mine, unseen, k, tricks, table, lead, ties, boldness, high)
        fast, model = estimate2_fast(*args), estimate2(*args)
        assert fast == model, args
        checked += 1
        with_cards += bool(model.cards)
    assert with_cards > 100  # the bot's own turns, where each card is valued


def test_bad_positions_are_refused_clearly() -> None:
    groups: tuple[tuple[tuple[int, ...], float], ...] = (((1, 2, 3), 1.0),)
    with pytest.raises(ValueError, match="tie rule"):
        ev2_fast((0, 1, 2), groups, (), (), 0, "both", 0.5)
    with pytest.raises(ValueError, match="not a two-player"):
        ev2_fast((0, 1, 2, 3), groups, (), (), 0, "leader", 0.5)
    with pytest.raises(ValueError, match="differ in size"):
        ev2_fast((0, 1, 2), (((1, 2, 3), 1.0), ((1, 2), 1.0)), (), (), 0, "leader", 0.5)
    # Positions no deal reaches, which the kernel (no bound checks) must never walk:
    for mine, hands, tricks, table, lead in [
        ((0, 1), (((), 1.0),), (), (), 1),  # the opponent to lead without a card
        ((0, 1, 9), groups, (), (), 0),  # no such strength
        ((0, 1, 2), (((1, 2, 8), 1.0),), (), (), 0),
        ((0,), (((1,), 1.0),), (0, 0), (), 0),  # the deal is already won
        ((0, 1, 2), groups, (), (), 2),  # no such seat
        ((0, 1), (((1, 2), 1.0),), (), ((0, 3),), 1),  # the trick led by the other
        ((0, 1), groups, (), ((1, 3),), 1),  # the opponent played and kept three
    ]:
        with pytest.raises(ValueError, match="not a two-player"):
            ev2_fast(mine, hands, tricks, table, lead, "leader", 0.5)
