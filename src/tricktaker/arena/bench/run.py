"""A whole bench run: every declared workload in turn, in this one process (so on one core)."""

from __future__ import annotations

from collections.abc import Callable

from tricktaker.arena.bench.cfr import DEFAULT_CFR, CFRPlan, cfr_section
from tricktaker.arena.bench.latency import call_latencies
from tricktaker.arena.bench.measures import PLURAL, Latency, Measurement
from tricktaker.arena.bench.openspiel import openspiel_games, openspiel_missing
from tricktaker.arena.bench.plan import Plan, declared, make_plan
from tricktaker.arena.bench.report import BenchReport
from tricktaker.arena.bench.throughput import measure
from tricktaker.arena.bench.timing import DEFAULT_SEED


def run_bench(
    seconds: float,
    no_openspiel: bool = False,
    seed: int = DEFAULT_SEED,
    progress: Callable[[str], None] | None = None,
    plan: Plan | None = None,
    cfr: CFRPlan | None = DEFAULT_CFR,
) -> BenchReport:
    """Every workload of ``plan`` (by default every registered game's) for ``seconds``
    each, the yardsticks they name unless ``no_openspiel``, then the call latencies
    (a third of ``seconds`` per call), then the CFR rows ``cfr`` asks for (None: none),
    OpenSpiel's CFR+ among them unless ``no_openspiel``."""
    plan = make_plan(declared()) if plan is None else plan
    say = progress or (lambda _: None)
    results: list[Measurement] = []
    for step in plan.runs:
        w = step.workload
        say(f"{w.label} {PLURAL[w.unit]}")
        results.append(measure(step.game, w, seconds, seed))
    if no_openspiel:
        openspiel = "skipped"
    else:
        missing = openspiel_missing()
        openspiel = "used" if missing is None else missing
        for y in plan.yardsticks if missing is None else ():
            say(f"OpenSpiel {y.game} {PLURAL[y.unit]}")
            results.append(openspiel_games(y, seconds, seed))
    latencies: list[Latency] = []
    for step in plan.calls:
        say(f"{step.workload.label} clone, apply, sample_state")
        latencies += call_latencies(step.game, step.workload, seconds / 3, seed)
    section = None
    if cfr is not None:
        section = cfr_section(seconds, openspiel == "used", cfr, say)
    return BenchReport(
        seconds,
        seed,
        tuple(results),
        openspiel,
        tuple(latencies),
        plan.comparisons,
        plan.target,
        section,
    )
