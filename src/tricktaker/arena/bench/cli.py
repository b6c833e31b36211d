"""``tricktaker bench``: check the arguments, run, print the table or the JSON."""

from __future__ import annotations

import json
import sys

from tricktaker.arena.bench.cfr import DEFAULT_CFR
from tricktaker.arena.bench.measures import BenchError
from tricktaker.arena.bench.run import run_bench
from tricktaker.arena.bench.table import print_report


def run_bench_cli(
    seconds: float, no_openspiel: bool, as_json: bool = False, no_cfr: bool = False
) -> int:
    """The table (or JSON); exit 0, 2 on a bad ``--seconds``, 1 where a workload failed.
    ``no_cfr`` leaves the CFR rows out (Le Truc's tree alone takes some 10 s to build)."""
    if not seconds > 0:
        print("tricktaker bench: --seconds must be positive", file=sys.stderr)
        return 2

    def progress(name: str) -> None:
        print(f"measuring {name}...", file=sys.stderr, flush=True)

    try:
        report = run_bench(
            seconds,
            no_openspiel,
            progress=None if as_json else progress,
            cfr=None if no_cfr else DEFAULT_CFR,
        )
    except BenchError as exc:
        print(f"tricktaker bench: {exc}", file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print_report(report)
    return 0
