"""What ``tricktaker bench`` times in Preferans (``core.workloads``).

Random single deals, three players, in the Sochi convention and the pot game:
the bidding, the talon, the contract, the answers and the play (or the
all-pass), to the deal's entry on the sheet or in the pot. Uniformly random
bids soon reach a high contract that nobody whists, so many deals end
without a card played.
"""

from __future__ import annotations

from tricktaker.core.workloads import Workload, WorkloadKind

WORKLOADS: tuple[Workload, ...] = (
    Workload(
        key="preferans_sochi_uniform",
        label="Preferans sochi uniform",
        kind=WorkloadKind.DEALS,
        options={"rules": "sochi"},
    ),
    Workload(
        key="preferans_pot_uniform",
        label="Preferans pot uniform",
        kind=WorkloadKind.DEALS,
        options={"rules": "pot"},
    ),
)
