"""Which scores share a deal's tree, or its whole game (``solvers/truc/betting.py``).

The skeleton restates the betting of ``model.Node``; these tests hold it to the
real trees: scores it calls alike are walked side by side through every betting
move and enough cards to meet every trick result, and scores it tells apart are
shown apart."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, product

import pytest

from tricktaker.solvers.truc.betting import same_game, same_tree
from tricktaker.solvers.truc.hands import RANKS
from tricktaker.solvers.truc.model import (
    DealRules,
    Node,
    proposal_ladder,
)


def _rules(
    a: int, b: int, dealer: int = 0, redeal: str = "once", ties: str = "leader"
) -> DealRules:
    return DealRules((a, b), dealer, redeal, ties)


def _classes(
    alike: Callable[[DealRules, DealRules], bool],
    dealer: int,
    redeal: str = "once",
    ties: str = "leader",
) -> list[list[DealRules]]:
    classes: list[list[DealRules]] = []
    for a, b in product(range(12), repeat=2):
        rules = _rules(a, b, dealer, redeal, ties)
        home = next((c for c in classes if alike(c[0], rules)), None)
        if home is None:
            classes.append([rules])
        else:
            home.append(rules)
    return classes


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


def _plays(node: Node, moves: tuple[int, ...]) -> list[int]:
    """Cards enough to meet every trick result: one lead, then a higher, a lower and an
    equal card where the hand allows (the score never reads which card it was)."""
    plays = [m for m in moves if m < RANKS]
    if not plays:
        return []
    if node.lead < 0:
        return [next(r for r in (3, 4, 2, 5, 1, 6, 0, 7) if r in plays)]
    higher = [r for r in plays if r > node.lead][:1]
    lower = [r for r in plays if r < node.lead][-1:]
    return sorted({*higher, *lower, *(r for r in plays if r == node.lead)})


def _first_difference(a: DealRules, b: DealRules, outcomes: bool) -> tuple[int, ...] | None:
    """The first path along which the real trees of ``a`` and ``b`` offer other moves
    (or, with ``outcomes``, end otherwise): every betting move and the cards of
    :func:`_plays`, each pair of public states walked once."""
    seen: set[tuple[object, object]] = set()
    todo: list[tuple[Node, Node, tuple[int, ...]]] = [(Node.root(a), Node.root(b), ())]
    while todo:
        x, y, path = todo.pop()
        key = (x.state_key(), y.state_key())
        if key in seen:
            continue
        seen.add(key)
        moves = x.moves()
        if moves != y.moves() or (outcomes and not moves and x.outcome != y.outcome):
            return path
        for m in [*_plays(x, moves), *(m for m in moves if m >= RANKS)]:
            todo.append((x.child(m), y.child(m), (*path, m)))
    return None


SETTINGS = [
    (0, "once", "leader"),
    (1, "once", "spoil"),
    (0, "repeat", "spoil"),
    (1, "repeat", "leader"),
]


@pytest.mark.parametrize(("dealer", "redeal", "ties"), SETTINGS)
def test_scores_called_alike_are_alike_in_the_real_tree(
    dealer: int, redeal: str, ties: str
) -> None:
    """Every score against its class's first: the same moves at every state of the real
    tree, and the same outcomes where the skeleton calls them one game."""
    for tree in _classes(same_tree, dealer, redeal, ties):
        for other in tree[1:]:
            game = same_game(tree[0], other)
            assert _first_difference(tree[0], other, game) is None, (tree[0].score, other.score)


@pytest.mark.parametrize(("dealer", "redeal", "ties"), SETTINGS[:2])
def test_scores_told_apart_are_apart_in_the_real_tree(dealer: int, redeal: str, ties: str) -> None:
    """Any two trees the skeleton tells apart differ somewhere in the real trees, and so
    do any two games of one tree: the split is not too fine, 45 and 132 are exact."""
    trees = _classes(same_tree, dealer, redeal, ties)
    for one, two in combinations(trees, 2):
        assert _first_difference(one[0], two[0], outcomes=False) is not None
    for tree in trees:
        games = [g for g in _classes(same_game, dealer, redeal, ties) if g[0] in tree]
        for one, two in combinations(games, 2):
            assert _first_difference(one[0], two[0], outcomes=True) is not None
