"""What a bench run times: every workload the registered games declare, in report order.

The arena names no game (docs/design.md, §1 Layers): each game lists its workloads
(``core.workloads``), and this reads them through the registry, orders them,
gathers the OpenSpiel yardsticks they name (each measured once however many
workloads name it), and the ratio and target lines they ask for.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tricktaker.arena.bench.measures import PLURAL, BenchError
from tricktaker.arena.bench.report import Comparison, Target
from tricktaker.core.protocol import Game
from tricktaker.core.registry import games
from tricktaker.core.workloads import Workload, WorkloadKind, Yardstick, bench_workloads

#: The report's order: whole matches, search playouts (plain, then compiled), single
#: deals, the compiled playouts' deals (then the yardsticks), and the call latencies in
#: their own table; games in registry order within each kind.
ORDER = (
    WorkloadKind.MATCHES,
    WorkloadKind.PLAYOUTS,
    WorkloadKind.FAST_PLAYOUTS,
    WorkloadKind.DEALS,
    WorkloadKind.FAST_DEALS,
    WorkloadKind.CALLS,
)


@dataclass(frozen=True, slots=True)
class Declared:
    """A workload and the game that declared it."""

    game: Game
    workload: Workload


@dataclass(frozen=True, slots=True)
class Plan:
    """The steps of a run and the lines its report adds."""

    runs: tuple[Declared, ...]
    calls: tuple[Declared, ...]
    yardsticks: tuple[Yardstick, ...]
    comparisons: tuple[Comparison, ...]
    target: Target | None


def declared(found: Iterable[Game] | None = None) -> list[Declared]:
    """Every workload of the games (by default the registered ones), in report order."""
    pairs = [
        Declared(g, w) for g in (games() if found is None else found) for w in bench_workloads(g)
    ]
    return sorted(pairs, key=lambda d: ORDER.index(d.workload.kind))


def make_plan(steps: Iterable[Declared]) -> Plan:
    """The run of ``steps``; BenchError where two rows would share a key or two
    workloads declare a target (the report has one target line)."""
    steps = list(steps)
    yardsticks = list(dict.fromkeys(d.workload.yardstick for d in steps if d.workload.yardstick))
    keys = [d.workload.key for d in steps] + [y.key for y in yardsticks]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise BenchError(f"bench workloads declared twice (or differently): {', '.join(twice)}")
    targets = [d for d in steps if d.workload.target is not None]
    if len(targets) > 1:
        named = ", ".join(d.workload.key for d in targets)
        raise BenchError(f"the bench reports one target, but {named} each declare one")
    return Plan(
        runs=tuple(d for d in steps if d.workload.kind is not WorkloadKind.CALLS),
        calls=tuple(d for d in steps if d.workload.kind is WorkloadKind.CALLS),
        yardsticks=tuple(yardsticks),
        comparisons=tuple(_comparison(d.workload) for d in steps if d.workload.yardstick),
        target=_target(targets[0]) if targets else None,
    )


def _comparison(workload: Workload) -> Comparison:
    y = workload.yardstick
    assert y is not None  # only called for workloads that name one
    units = PLURAL[y.unit]
    return Comparison(
        key=f"{workload.key}_deals_vs_{y.name}_{units}",
        ours=workload.key,
        theirs=y.key,
        words=f"deals/s over {y.name} {units}/s",
    )


def _target(step: Declared) -> Target:
    assert step.workload.target is not None  # only called for workloads that declare one
    return Target(
        key=step.workload.key,
        deals_per_second=step.workload.target,
        what=f"random {step.game.info.name} deals/s",
        policy=step.workload.policy,
    )
