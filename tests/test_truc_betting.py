"""Which scores share a deal's tree, or its whole game (``solvers/truc/betting.py``).

The skeleton restates the betting of ``model.Node``; these tests hold it to the
real trees: scores it calls alike are walked side by side, move by move, and
scores it tells apart are shown apart by a walk."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import product

import pytest

from tricktaker.solvers.truc.betting import same_game, same_tree
from tricktaker.solvers.truc.hands import RANKS
from tricktaker.solvers.truc.model import (
    ACCEPT,
    DOUBLE,
    REST,
    DealRules,
    Node,
    proposal_ladder,
)

Walk = list[tuple[tuple[int, ...], object]]


def _rules(a: int, b: int, dealer: int = 0) -> DealRules:
    return DealRules((a, b), dealer, "once", "leader")


def _classes(alike: Callable[[DealRules, DealRules], bool], dealer: int) -> list[list[DealRules]]:
    classes: list[list[DealRules]] = []
    for a, b in product(range(12), repeat=2):
        rules = _rules(a, b, dealer)
        home = next((c for c in classes if alike(c[0], rules)), None)
        if home is None:
            classes.append([rules])
        else:
            home.append(rules)
    return classes


def _walk(rules: DealRules, seed: float) -> Walk:
    """The moves offered and the outcome along one path that raises and accepts often
    (so it meets the high stakes, where scores differ), the path set by ``seed``."""
    rng, node = random.Random(seed), Node.root(rules)
    seen: Walk = []
    while moves := node.moves():
        seen.append((moves, None))
        bets = [m for m in moves if m in (DOUBLE, REST, ACCEPT)]
        plays = [m for m in moves if m < RANKS]
        pick = rng.random()
        if bets and pick < 0.6:
            move = rng.choice(bets)
        elif plays and pick < 0.97:
            move = rng.choice(plays)
        else:
            move = rng.choice(moves)
        node = node.child(move)
    seen.append(((), node.outcome))
    return seen


def _moves(walk: Walk) -> list[tuple[int, ...]]:
    return [moves for moves, _ in walk]


@pytest.mark.parametrize("dealer", [0, 1])
def test_the_144_scores_make_45_trees_and_132_games(dealer: int) -> None:
    trees = _classes(same_tree, dealer)
    games = _classes(same_game, dealer)
    assert len(trees) == 45 and len(games) == 132
    merged = sorted(sorted(r.score for r in c) for c in games if len(c) > 1)
    low = range(5)
    want = [[(a, 11) for a in low], [(11, b) for b in low]]
    # The caller (who raises first) at 0-4 against 10: he never proposes at 8.
    want.append([(10, b) for b in low] if dealer == 0 else [(a, 10) for a in low])
    assert merged == sorted(want)


def test_the_ladders_are_a_sufficient_test() -> None:
    """Scores whose ladders agree seat by seat always share a tree; the skeleton merges
    more (0:11 to 4:11, 9:0 to 9:4, ...) but never splits a ladder class."""
    for (a, b), (c, d) in product(product(range(12), repeat=2), repeat=2):
        if proposal_ladder(a) == proposal_ladder(c) and proposal_ladder(b) == proposal_ladder(d):
            assert same_tree(_rules(a, b), _rules(c, d))
    assert same_tree(_rules(9, 0), _rules(9, 4)) and not same_game(_rules(9, 0), _rules(9, 4))
    assert same_game(_rules(10, 2), _rules(10, 4))
    assert not same_tree(_rules(2, 10), _rules(4, 10))  # the dealer at 4 meets 8 there
    assert not same_tree(_rules(11, 4), _rules(11, 5))  # 5 rests at 4, 4 doubles


@pytest.mark.parametrize("dealer", [0, 1])
def test_scores_called_alike_walk_alike_in_the_real_tree(dealer: int) -> None:
    """Every score against its class's first: the same moves at every step of 60 walks,
    and the same outcome where the skeleton calls them one game."""
    rng = random.Random(dealer)
    for tree in _classes(same_tree, dealer):
        for other in tree[1:]:
            game = same_game(tree[0], other)
            for _ in range(60):
                seed = rng.random()
                ours, theirs = _walk(tree[0], seed), _walk(other, seed)
                assert _moves(ours) == _moves(theirs), (tree[0].score, other.score)
                if game:
                    assert ours == theirs, (tree[0].score, other.score)


def test_scores_told_apart_walk_apart() -> None:
    """Next-door classes differ somewhere a walk can find: the split is not too fine."""
    pairs = [((2, 10), (4, 10)), ((11, 4), (11, 5)), ((9, 4), (9, 5)), ((3, 3), (4, 3))]
    for a, b in pairs:
        assert not same_tree(_rules(*a), _rules(*b))
        rng = random.Random(7)
        assert any(
            _moves(_walk(_rules(*a), s)) != _moves(_walk(_rules(*b), s))
            for s in (rng.random() for _ in range(3000))
        ), (a, b)
    nine_0, nine_4 = _rules(9, 0), _rules(9, 4)  # one tree, two games: 12 or 8 decides
    rng = random.Random(8)
    assert any(_walk(nine_0, s) != _walk(nine_4, s) for s in (rng.random() for _ in range(3000)))
