"""Open-hand (double-dummy) search of Tetka endings: the valued seat against the other
three, for the search bots' evaluation of sampled worlds (``bots/tetka/open_hand.py``)."""

from __future__ import annotations

from tricktaker.solvers.tetka.solve import Ending, Solution, Table, solve, solve_marks

__all__ = ["Ending", "Solution", "Table", "solve", "solve_marks"]
