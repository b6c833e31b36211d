"""Preferans' open-hand (double-dummy) solver: every hand seen, the tricks each side can
force from any position in play (:mod:`.position`, over the compiled search in
:mod:`._kernel`)."""

from __future__ import annotations

from tricktaker.solvers.preferans.position import (
    Position,
    Solution,
    Solver,
    Unsolved,
    from_state,
    sides_for,
)

__all__ = ["Position", "Solution", "Solver", "Unsolved", "from_state", "sides_for"]
