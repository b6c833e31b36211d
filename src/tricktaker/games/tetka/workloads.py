"""What ``tricktaker bench`` times in Tetka (``core.workloads``).

Single random deals (52 cards, marked), one deal per match, so that each
compares with one game of OpenSpiel's ``hearts``: four players, 13 tricks,
avoid the hearts and the queen of spades, Tetka's nearest cousin there, and
a game of it is one deal. The seat draw and the photograph are part of
``new_match``, so they are timed too. The same deals played by the compiled
playouts (``fast.py``, issue 23) are set beside hearts as well: one
``new_match``, then its first deal dealt afresh and played out in batches.
And a search's step, a state one to three cards into a deal played out to its
end: cloned and played by the engine, and by the compiled playouts.
"""

from __future__ import annotations

from tricktaker.core.workloads import Workload, WorkloadKind, Yardstick

HEARTS = Yardstick(
    game="hearts",
    name="hearts",
    key="hearts_uniform",
    label="OpenSpiel hearts uniform",
    unit="deal",
)

WORKLOADS: tuple[Workload, ...] = (
    Workload(key="tetka_uniform", label="Tetka uniform", kind=WorkloadKind.DEALS, yardstick=HEARTS),
    Workload(
        key="tetka_clone_playout_uniform",
        label="Tetka clone+uniform",
        kind=WorkloadKind.PLAYOUTS,
    ),
    Workload(
        key="tetka_fast_playout_uniform",
        label="Tetka fast uniform",
        kind=WorkloadKind.FAST_PLAYOUTS,
    ),
    Workload(
        key="tetka_fast_uniform",
        label="Tetka fast uniform",
        kind=WorkloadKind.FAST_DEALS,
        yardstick=HEARTS,
    ),
)
