"""The CFR core on Kuhn and Leduc poker, checked against published values and brute force.

Kuhn's equilibrium value (-1/18 for the first player) and Leduc's (about
-0.0856) are published; the exploitability of the uniform strategy is computed
here a second way, by enumerating every pure strategy of a plain recursive
Kuhn (no public tree, no vectors), which also checks actions that are illegal
for some hands.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import pytest

from tricktaker.solvers.cfr import (
    CFRSolver,
    Variant,
    best_response_value,
    exploitability,
    game_value,
    uniform_strategy,
)
from tricktaker.solvers.toy import kuhn, leduc
from tricktaker.solvers.tree import GameTree, TreeBuilder

KUHN_VALUE = -1.0 / 18.0
LEDUC_VALUE = -0.0856

# A plain Kuhn poker: histories of c(heck/all), b(et), f(old); cards 0 < 1 < 2.
KUHN_ACTOR = {"": 0, "c": 1, "b": 1, "cb": 0}
KUHN_ACTIONS = {"": "cb", "c": "cb", "b": "fc", "cb": "fc"}
InfoSet = tuple[int, str]  # (own card, history)
Policy = Callable[[InfoSet], dict[str, float]]


def kuhn_payoff(cards: tuple[int, int], history: str) -> float | None:
    """Player 0's payoff at a terminal history, None elsewhere."""
    sign = 1.0 if cards[0] > cards[1] else -1.0
    return {"cc": sign, "bc": 2 * sign, "cbc": 2 * sign, "bf": 1.0, "cbf": -1.0}.get(history)


def kuhn_legal(card: int, history: str, j_may_bet: bool) -> str:
    actions = KUHN_ACTIONS[history]
    return actions if j_may_bet or card or history else actions.replace("b", "")


def kuhn_expected(policies: tuple[Policy, Policy]) -> float:
    def walk(cards: tuple[int, int], history: str) -> float:
        payoff = kuhn_payoff(cards, history)
        if payoff is not None:
            return payoff
        actor = KUHN_ACTOR[history]
        probs = policies[actor]((cards[actor], history))
        return sum(p * walk(cards, history + a) for a, p in probs.items() if p)

    deals = list(itertools.permutations(range(3), 2))
    return sum(walk(deal, "") for deal in deals) / len(deals)


def kuhn_uniform_exploitability(j_may_bet: bool) -> float:
    """Both best responses to the uniform strategy, by trying every pure strategy."""

    def uniform(infoset: InfoSet) -> dict[str, float]:
        actions = kuhn_legal(*infoset, j_may_bet)
        return {a: 1.0 / len(actions) for a in actions}

    best = []
    for player in (0, 1):
        infosets = [(c, h) for c in range(3) for h, a in KUHN_ACTOR.items() if a == player]
        choices = [kuhn_legal(c, h, j_may_bet) for c, h in infosets]
        values = []
        for pure in itertools.product(*choices):
            table = dict(zip(infosets, pure, strict=True))

            def play(infoset: InfoSet, table: dict[InfoSet, str] = table) -> dict[str, float]:
                return {table[infoset]: 1.0}

            pair = (play, uniform) if player == 0 else (uniform, play)
            sign = 1.0 if player == 0 else -1.0
            values.append(sign * kuhn_expected(pair))
        best.append(max(values))
    return 0.5 * sum(best)


def kuhn_without_j_bet() -> GameTree:
    """Kuhn where player 0 may not open with the J: an action illegal for one hand."""
    b = TreeBuilder((3, 3), (1.0 - np.eye(3)) / 6.0)
    ranks = np.arange(3)
    show = b.matrix(np.sign(ranks[:, None] - ranks[None, :]))
    fold = b.matrix(np.ones((3, 3)))
    cb = b.decision(0, [("f", b.terminal(fold, -1.0)), ("c", b.terminal(show, 2.0))])
    c = b.decision(1, [("c", b.terminal(show, 1.0)), ("b", cb)])
    bet = b.decision(1, [("f", b.terminal(fold, 1.0)), ("c", b.terminal(show, 2.0))])
    return b.build(b.decision(0, [("c", c), ("b", bet, [False, True, True])]))


def test_the_toy_trees_have_the_known_sizes() -> None:
    assert kuhn().n_infosets() == 12
    # OpenSpiel counts 936 for Leduc with suits; without them 3 hands x 96 decisions.
    assert leduc().n_infosets() == 288
    masked = kuhn_without_j_bet()
    assert masked.n_infosets() == 12  # the J still decides at the root, with one choice


def test_uniform_exploitability_matches_brute_force() -> None:
    tree = kuhn()
    uniform = uniform_strategy(tree)
    assert exploitability(tree, uniform) == pytest.approx(kuhn_uniform_exploitability(True))
    assert exploitability(tree, uniform) == pytest.approx(11 / 24)

    def u(infoset: InfoSet) -> dict[str, float]:
        return {a: 0.5 for a in KUHN_ACTIONS[infoset[1]]}

    assert game_value(tree, uniform) == pytest.approx(kuhn_expected((u, u)))


def test_illegal_actions_are_never_played_nor_best_responses() -> None:
    tree = kuhn_without_j_bet()
    uniform = uniform_strategy(tree)
    bet = tree.edge(0, "b")
    assert uniform[bet, :3].tolist() == [0.0, 0.5, 0.5]
    assert exploitability(tree, uniform) == pytest.approx(kuhn_uniform_exploitability(False))
    solver = CFRSolver(tree)
    solver.run(300)
    avg = solver.average_strategy()
    assert avg[bet, 0] == 0.0
    assert avg[tree.edge(0, "c"), 0] == 1.0
    assert exploitability(tree, avg) < 2e-3


@pytest.mark.parametrize("variant", ["cfr+", "dcfr"])
@pytest.mark.parametrize(
    ("game", "iterations", "value"), [(kuhn, 300, KUHN_VALUE), (leduc, 1000, LEDUC_VALUE)]
)
def test_cfr_converges_to_the_published_value(
    game: Callable[[], GameTree], iterations: int, value: float, variant: Variant
) -> None:
    tree = game()
    solver = CFRSolver(tree, variant)
    solver.run(iterations)
    avg = solver.average_strategy()
    assert game_value(tree, avg) == pytest.approx(value, abs=1e-3)
    assert exploitability(tree, avg) < 1e-3
    # Best responses bracket the value.
    assert best_response_value(tree, avg, 0) >= game_value(tree, avg) - 1e-12
    assert -best_response_value(tree, avg, 1) <= game_value(tree, avg) + 1e-12


def test_kuhn_second_player_plays_its_unique_equilibrium() -> None:
    tree = kuhn()
    solver = CFRSolver(tree)
    solver.run(300)
    avg = solver.average_strategy()
    # A Q calls a bet a third of the time; a J bets a third of the time after a check.
    assert avg[tree.edge(tree.follow(["bet"]), "call"), 1] == pytest.approx(1 / 3, abs=0.03)
    assert avg[tree.edge(tree.follow(["check"]), "bet"), 0] == pytest.approx(1 / 3, abs=0.03)


def test_leduc_uniform_exploitability_is_openspiels() -> None:
    # OpenSpiel's nash_conv of the uniform policy on leduc_poker is 4.747222.
    assert exploitability(leduc(), uniform_strategy(leduc())) == pytest.approx(4.747222 / 2)


@pytest.mark.parametrize("variant", ["cfr+", "dcfr"])
def test_exploitability_falls_with_iterations(variant: Variant) -> None:
    tree = leduc()
    solver = CFRSolver(tree, variant)
    seen = []
    for target in (25, 50, 100, 200, 400):
        solver.run(target - solver.iterations)
        seen.append(exploitability(tree, solver.average_strategy()))
    assert seen == sorted(seen, reverse=True), seen


def test_runs_continue_where_they_stopped() -> None:
    tree = kuhn()
    once, twice = CFRSolver(tree), CFRSolver(tree)
    once.run(40)
    twice.run(15)
    twice.run(25)
    assert np.array_equal(once.average_strategy(), twice.average_strategy())


def test_the_builder_refuses_what_is_not_a_game_tree() -> None:
    with pytest.raises(ValueError, match="probability"):
        TreeBuilder((2, 2), np.ones((2, 2)))
    b = TreeBuilder((2, 2), np.full((2, 2), 0.25))
    with pytest.raises(ValueError, match=r"must be \(2, 2\)"):
        b.matrix(np.ones((3, 2)))
    end = b.terminal(b.matrix(np.ones((2, 2))))
    b.decision(0, [("a", end)])
    with pytest.raises(ValueError, match="already has a parent"):
        b.decision(1, [("b", end)])
    with pytest.raises(ValueError, match="vector of 2"):
        b.decision(1, [("b", b.terminal(0), [True])])
    spare = b.terminal(0)
    with pytest.raises(ValueError, match="not a root"):
        b.build(end)
    root = b.decision(1, [("b", b.terminal(0))])
    with pytest.raises(ValueError, match="not under the root"):
        b.build(root)
    assert spare != root


def test_terminals_in_batches_give_what_the_loop_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktaker.solvers import cfr

    tree = leduc(ranks=5)
    results = []
    for threshold in (1, 100):
        monkeypatch.setattr(cfr, "BATCH_TERMINALS_FROM", threshold)
        solver = CFRSolver(tree, "dcfr")
        solver.run(30)
        avg = solver.average_strategy()
        results.append((avg, exploitability(tree, avg), game_value(tree, avg)))
    assert np.allclose(results[0][0], results[1][0])
    assert results[0][1:] == pytest.approx(results[1][1:])


def test_wider_leduc_is_still_a_distribution_of_deals() -> None:
    # With card removal the deal, and the deal times each board, still sum to 1.
    tree = leduc(ranks=6)
    fold_before_board = tree.matrices[0]
    assert fold_before_board.sum() == pytest.approx(1.0)
    per_board = tree.matrices[1::2]  # each board's fold matrix: the deal times the board
    assert per_board.sum() == pytest.approx(1.0)
