"""Importing one solver loads that solver only: the CFR code is not loaded with the
open-hand solvers, and asking a Tetka world how far it is from its end loads no numba;
nor does loading a game whose states can play out in numba (``RandomPlayouts``).

Each import runs in a fresh interpreter (this one has loaded everything already)."""

from __future__ import annotations

import subprocess
import sys

import pytest


def _loaded(module: str, watched: tuple[str, ...]) -> set[str]:
    """Which of ``watched`` a fresh interpreter has loaded after importing ``module``."""
    code = f"import sys, {module}; print(' '.join(m for m in {watched!r} if m in sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return set(out.stdout.split())


CFR = ("tricktaker.solvers.cfr", "tricktaker.solvers.tree", "tricktaker.solvers._kernels")


@pytest.mark.parametrize(
    ("module", "watched", "expected"),
    [
        ("tricktaker.solvers", (*CFR, "numpy"), set()),
        ("tricktaker.solvers.preferans.world", CFR, set()),
        ("tricktaker.solvers.tetka.world", (*CFR, "numba"), set()),
        ("tricktaker.bots.tetka", ("numba", "tricktaker.solvers.tetka.solve"), set()),
        # The rules bots' compiled chance estimates load with their first call only.
        ("tricktaker.bots.truc", ("numba", "tricktaker.solvers.truc.chance4"), set()),
        ("tricktaker.bots.truco", ("numba", "tricktaker.solvers.truco.chance"), set()),
        # A game's compiled playouts (core.playouts) load with their first call only.
        ("tricktaker.games.truc", ("numba", "numpy", "tricktaker.games.truc.fast"), set()),
        ("tricktaker.games.tetka", ("numba", "numpy", "tricktaker.games.tetka.fast"), set()),
        # The check can fail: the CFR solver does load its kernels.
        ("tricktaker.solvers.cfr", CFR, set(CFR)),
    ],
)
def test_importing_a_solver_loads_that_solver_only(
    module: str, watched: tuple[str, ...], expected: set[str]
) -> None:
    assert _loaded(module, watched) == expected
