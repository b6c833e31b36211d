"""Engine throughput and latency: ``tricktaker bench``.

Each game declares what to time in it (``core.workloads``; its list lives in
``games/<game>/workloads.py``); this package runs whatever the registered
games declare, naming none, and sets the figures beside OpenSpiel driven by the
same kind of Python loop, where a game names a yardstick (``leduc_poker``
beside Le Truc, ``hearts`` beside Tetka), so that a reader can judge the
engines against familiar ones. Each workload runs a warm-up first and then for
a fixed wall-clock time; rates are per wall-clock second, and the CPU share is
shown so a busy machine is visible in the figures.

One module a job: ``measures`` (what a run yields), ``policies`` (how the timed
players choose), ``timing`` (clocks and warm-up), ``throughput`` (matches,
deals, playouts), ``latency`` (single calls), ``openspiel`` (the yardsticks),
``cfr`` (CFR+ information-set updates per second, ours beside OpenSpiel's),
``plan`` (the declared workloads, in report order), ``run`` (a whole run),
``report`` (results and JSON), ``table`` (the printed report) and ``cli``.
"""

from tricktaker.arena.bench.cfr import DEFAULT_CFR, CFRPlan, cfr_section
from tricktaker.arena.bench.cli import run_bench_cli
from tricktaker.arena.bench.latency import call_latencies
from tricktaker.arena.bench.measures import BenchError, CFRRun, Latency, Measurement
from tricktaker.arena.bench.openspiel import openspiel_games, openspiel_missing
from tricktaker.arena.bench.plan import Declared, Plan, declared, make_plan
from tricktaker.arena.bench.policies import POLICIES, card_play_policy, uniform_policy
from tricktaker.arena.bench.report import BenchReport, CFRSection, Comparison, Target
from tricktaker.arena.bench.run import run_bench
from tricktaker.arena.bench.table import print_report
from tricktaker.arena.bench.throughput import (
    fast_deals,
    fast_playouts,
    matches,
    measure,
    mid_deal_pool,
    playouts,
    single_deals,
)
from tricktaker.arena.bench.timing import DEFAULT_SEED

__all__ = [
    "DEFAULT_CFR",
    "DEFAULT_SEED",
    "POLICIES",
    "BenchError",
    "BenchReport",
    "CFRPlan",
    "CFRRun",
    "CFRSection",
    "Comparison",
    "Declared",
    "Latency",
    "Measurement",
    "Plan",
    "Target",
    "call_latencies",
    "card_play_policy",
    "cfr_section",
    "declared",
    "fast_deals",
    "fast_playouts",
    "make_plan",
    "matches",
    "measure",
    "mid_deal_pool",
    "openspiel_games",
    "openspiel_missing",
    "playouts",
    "print_report",
    "run_bench",
    "run_bench_cli",
    "single_deals",
    "uniform_policy",
]
