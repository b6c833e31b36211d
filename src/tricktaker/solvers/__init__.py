"""Heavy numeric work: equilibrium solving of two-player zero-sum games, the compact
game models it walks (``solvers.truc``), and open-hand search of card play
(``solvers.preferans``, ``solvers.tetka``).

The core here knows no game. A game is handed to it as a
:class:`~tricktaker.solvers.tree.GameTree` (public tree, private hands dealt
once at the root, payoffs as matrices over pairs of hands) built with a
:class:`~tricktaker.solvers.tree.TreeBuilder`; :mod:`tricktaker.solvers.cfr`
solves it and measures how far a strategy is from an equilibrium.

This ``__init__`` and those of the packages below it import nothing: importing
one solver loads that solver (numpy, numba, its tables), never the others.
Import what you use from its module, e.g. ``tricktaker.solvers.cfr``.
"""
