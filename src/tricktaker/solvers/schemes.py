"""The update schedules of the CFR variants, shared by the dense core (:mod:`.cfr`) and
the Le Truc solver (:mod:`.truc.solve`), so that the discounted CFR the Le Truc kernels
run is the one checked on Kuhn and Leduc (``tests/test_solvers_cfr.py``).

Kept apart from both so that either imports it without loading the other's kernels.
"""

from __future__ import annotations

from typing import Literal

#: ``"cfr+"``: regret matching+ and linear averaging; ``"dcfr"``: discounted CFR.
Variant = Literal["cfr+", "dcfr"]
VARIANTS: tuple[Variant, ...] = ("cfr+", "dcfr")

#: Brown and Sandholm's recommended discounted CFR: positive regrets, negative ones, the average.
DCFR_ALPHA, DCFR_BETA, DCFR_GAMMA = 1.5, 0.0, 2.0


def schedule(
    variant: Variant,
    iteration: int,
    alpha: float = DCFR_ALPHA,
    beta: float = DCFR_BETA,
    gamma: float = DCFR_GAMMA,
) -> tuple[bool, float, float, float, float]:
    """How iteration ``iteration`` (from 1) updates: ``(regret_plus, positive_discount,
    negative_discount, sum_discount, sum_weight)`` as the kernels' UPDATE reads them.

    CFR+ floors regrets and weighs iteration t by t; discounted CFR scales the
    regrets by their sign and the sum by ``((t-1)/t)^gamma`` before adding
    iteration t at weight 1, so that iteration t weighs ``t^gamma`` in the average.
    """
    it = float(iteration)
    if variant == "cfr+":
        return True, 1.0, 1.0, 1.0, it
    if variant != "dcfr":
        raise ValueError(f"unknown CFR variant {variant!r}")
    return (
        False,
        it**alpha / (it**alpha + 1.0),
        it**beta / (it**beta + 1.0),
        ((it - 1.0) / it) ** gamma,
        1.0,
    )
