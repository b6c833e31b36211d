"""Heavy numeric work: equilibrium solving of two-player zero-sum games, and the compact
game models it walks (``solvers.truc``).

The core here knows no game. A game is handed to it as a :class:`GameTree`
(public tree, private hands dealt once at the root, payoffs as matrices over
pairs of hands) built with a :class:`TreeBuilder`; :mod:`.cfr` solves it and
measures how far a strategy is from an equilibrium.
"""

from __future__ import annotations

from tricktaker.solvers.cfr import (
    CFRSolver,
    best_response_value,
    exploitability,
    game_value,
    uniform_strategy,
)
from tricktaker.solvers.tree import GameTree, NodeKind, TreeBuilder

__all__ = [
    "CFRSolver",
    "GameTree",
    "NodeKind",
    "TreeBuilder",
    "best_response_value",
    "exploitability",
    "game_value",
    "uniform_strategy",
]
