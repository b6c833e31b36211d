"""Benchmarks: placeholder until the bench lands."""

from __future__ import annotations


def run_bench_cli(seconds: float, no_openspiel: bool) -> int:
    raise SystemExit("the bench is not built yet")
