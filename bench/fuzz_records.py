"""Fuzz ``tricktaker replay`` with N mutated records (default 100,000) and print the tally.

    .venv/bin/python bench/fuzz_records.py [N] [SEED]

Every mutated record must give exit status 0, 2 or 3 and a JSON answer; the
script exits 1 and lists the crashes otherwise.
"""

from __future__ import annotations

import sys
import time

from tricktaker.arena.fuzz import fuzz


def main(argv: list[str]) -> int:
    count = int(argv[1]) if len(argv) > 1 else 100_000
    seed = int(argv[2]) if len(argv) > 2 else 1
    t0 = time.perf_counter()
    report = fuzz(count, seed=seed)
    seconds = time.perf_counter() - t0
    print(f"records tried: {report.tried:,} in {seconds:.1f} s (seed {seed})")
    print("exit statuses:", ", ".join(f"{k}: {v:,}" for k, v in sorted(report.by_exit.items())))
    print("mutations:", ", ".join(f"{k} {v:,}" for k, v in sorted(report.by_mutation.items())))
    print(f"crashes: {len(report.failures)}")
    for failure in report.failures[:20]:
        print("  " + failure)
    return 1 if report.failures else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
