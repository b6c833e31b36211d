"""Le Truc engine throughput beside OpenSpiel's leduc_poker: same as ``tricktaker bench``.

Usage: ``python bench/truc_vs_leduc.py [--seconds S] [--no-openspiel] [--json]``.
"""

from __future__ import annotations

import sys

from tricktaker.cli import main

if __name__ == "__main__":
    raise SystemExit(main(["bench", *sys.argv[1:]]))
