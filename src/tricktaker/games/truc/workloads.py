"""What ``tricktaker bench`` times in Le Truc (``core.workloads``).

Whole matches for two and four players with both policies; the search bots'
own step (a clone played out to the end of the deal); and the engine calls
they live on, one at a time; and the search step and two-player deals played
by the compiled playouts (``fast.py``, issue 23). Two-player deals, of the plain engine and of
the compiled playouts, are set beside OpenSpiel's ``leduc_poker``, a
well-known and much smaller poker game, and the plain uniform row carries the
speed goal: 20,000 random deals a second on one core.
"""

from __future__ import annotations

from tricktaker.core.workloads import PlayPolicy, Workload, WorkloadKind, Yardstick

#: Random Le Truc deals a second one core should reach (two players, uniform policy).
TARGET_DEALS_PER_SECOND = 20_000

LEDUC = Yardstick(
    game="leduc_poker", name="leduc", key="leduc_uniform", label="leduc_poker uniform", unit="game"
)


def _matches(players: int, policy: PlayPolicy) -> Workload:
    two = players == 2
    return Workload(
        key=f"truc{players}p_{policy}",
        label=f"Le Truc {players}p {policy}",
        kind=WorkloadKind.MATCHES,
        options={"players": players},
        policy=policy,
        yardstick=LEDUC if two else None,
        target=TARGET_DEALS_PER_SECOND if two and policy is PlayPolicy.UNIFORM else None,
    )


WORKLOADS: tuple[Workload, ...] = (
    *(_matches(n, policy) for n in (2, 4) for policy in PlayPolicy),
    *(
        Workload(
            key=f"truc2p_clone_playout_{policy}",
            label=f"Truc 2p clone+{policy}",
            kind=WorkloadKind.PLAYOUTS,
            options={"players": 2},
            policy=policy,
        )
        for policy in PlayPolicy
    ),
    *(
        Workload(
            key=f"truc2p_fast_playout_{policy}",
            label=f"Truc 2p fast {policy}",
            kind=WorkloadKind.FAST_PLAYOUTS,
            options={"players": 2},
            policy=policy,
        )
        for policy in PlayPolicy
    ),
    *(
        Workload(
            key=f"truc2p_fast_{policy}",
            label=f"Le Truc 2p fast {policy}",
            kind=WorkloadKind.FAST_DEALS,
            options={"players": 2},
            policy=policy,
            yardstick=LEDUC,
        )
        for policy in PlayPolicy
    ),
    *(
        Workload(
            key=f"truc{n}p", label=f"Truc {n}p", kind=WorkloadKind.CALLS, options={"players": n}
        )
        for n in (2, 4)
    ),
)
