"""What ``tricktaker bench`` times in Truco (``core.workloads``): whole matches for
two, four and six players, with either policy."""

from __future__ import annotations

from tricktaker.core.workloads import PlayPolicy, Workload, WorkloadKind

WORKLOADS: tuple[Workload, ...] = tuple(
    Workload(
        key=f"truco{n}p_{policy}",
        label=f"Truco {n}p {policy}",
        kind=WorkloadKind.MATCHES,
        options={"players": n},
        policy=policy,
    )
    for n in (2, 4, 6)
    for policy in PlayPolicy
)
