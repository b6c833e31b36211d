"""Kuhn and Leduc poker as :class:`GameTree` s: the yardsticks of equilibrium solvers.

Their equilibrium values are published (Kuhn -1/18 and Leduc about -0.0856 for
the first player), and OpenSpiel's solvers are timed on Leduc, so they check
:mod:`.cfr` and measure its speed before it meets Le Truc. Both are built on
hands by rank only (suits never matter in either): Kuhn deals one of J, Q, K
to each player; Leduc deals one of two J, two Q and two K to each (so a pair
of equal ranks is less likely: card removal) and turns one of the remaining
four face up between its two betting rounds (a public chance event whose
probability depends on both hands).
"""

from __future__ import annotations

import numpy as np

from tricktaker.solvers.tree import GameTree, TreeBuilder


def kuhn() -> GameTree:
    """Kuhn poker: ante 1, one round, one bet of 1; player 0 acts first."""
    deal = (1.0 - np.eye(3)) / 6.0
    b = TreeBuilder((3, 3), deal)
    ranks = np.arange(3)
    showdown = b.matrix(np.sign(ranks[:, None] - ranks[None, :]))
    fold = b.matrix(np.ones((3, 3)))
    after_check_bet = b.decision(
        0, [("fold", b.terminal(fold, -1.0)), ("call", b.terminal(showdown, 2.0))]
    )
    after_check = b.decision(1, [("check", b.terminal(showdown, 1.0)), ("bet", after_check_bet)])
    after_bet = b.decision(
        1, [("fold", b.terminal(fold, 1.0)), ("call", b.terminal(showdown, 2.0))]
    )
    root = b.decision(0, [("check", after_check), ("bet", after_bet)])
    return b.build(root)


LEDUC_BETS = (2.0, 4.0)
LEDUC_MAX_RAISES = 2


def leduc(ranks: int = 3) -> GameTree:
    """Leduc hold'em as OpenSpiel's ``leduc_poker``: ante 1, bets 2 then 4, two raises a round.

    Player 0 acts first in both rounds; a pair with the board wins the
    showdown, else the higher card, equal ranks split. ``ranks`` other than 3
    gives the same game with a deck of two cards of each of that many ranks:
    wider hands and more boards, for timing the solver at Le Truc's width.
    """
    same = np.eye(ranks)
    # P(rank0) * P(rank1 | rank0), two cards of each rank.
    deal = (2.0 - same) / (ranks * (2 * ranks - 1))
    b = TreeBuilder((ranks, ranks), deal)
    ones = np.ones((ranks, ranks))
    fold_before_board = b.matrix(ones)
    fold_after: list[int] = []
    showdown: list[int] = []
    rank = np.arange(ranks)
    names = "JQK" if ranks == 3 else [str(r) for r in range(ranks)]
    for board in range(ranks):
        # This rank's two cards less those the players hold, out of those left.
        weight = (2.0 - same[:, board][:, None] - same[:, board][None, :]) / (2 * ranks - 2)
        pair0 = (rank == board)[:, None]
        pair1 = (rank == board)[None, :]
        compare = np.where(
            pair0 & ~pair1, 1.0, np.where(pair1 & ~pair0, -1.0, np.sign(rank[:, None] - rank))
        )
        fold_after.append(b.matrix(ones, weight))
        showdown.append(b.matrix(compare, weight))

    def betting(
        round_: int, board: int, stake: tuple[float, float], raises: int, acted: int
    ) -> int:
        """The node where the player to act decides; ``acted``: actions so far this round."""
        actor = acted % 2
        other = 1 - actor
        facing = stake[other] > stake[actor]
        actions: list[tuple[str, int]] = []
        if facing:
            pays0 = stake[actor] if actor == 1 else -stake[actor]
            matrix = fold_before_board if round_ == 0 else fold_after[board]
            actions.append(("fold", b.terminal(matrix, pays0)))
        called = (stake[other], stake[other])
        if facing or acted > 0:
            actions.append(("call", round_end(round_, board, called)))
        else:
            actions.append(("call", betting(round_, board, called, raises, acted + 1)))
        if raises < LEDUC_MAX_RAISES:
            raised = list(called)
            raised[actor] += LEDUC_BETS[round_]
            after = betting(round_, board, (raised[0], raised[1]), raises + 1, acted + 1)
            actions.append(("raise", after))
        return b.decision(actor, actions)

    def round_end(round_: int, board: int, stake: tuple[float, float]) -> int:
        if round_ == 1:
            return b.terminal(showdown[board], stake[0])
        outcomes = [(names[card], betting(1, card, stake, 0, 0)) for card in range(ranks)]
        return b.chance(outcomes)

    return b.build(betting(0, -1, (1.0, 1.0), 0, 0))
