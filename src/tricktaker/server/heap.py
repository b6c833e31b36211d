"""The server's garbage collector, set for latency.

A full collection stops the event loop for the whole of it: under the load
benchmark (``bench/server_load.py``, 200 tables) each took 80-120 ms, a few times
a minute, and every update in flight then waited; those pauses alone set the p99.
They came often because every move's state lives about a second (until the next
move replaces it): long enough to survive the young collections and be counted
as long-lived, which brings the next full collection nearer, though reference
counting frees it soon after. So the objects of start-up (modules, the app) are
frozen out of every collection, and the young generation is made large, so that
such states die young; full collections become rare. Cyclic garbage still goes,
a little later; memory stays bounded (the benchmark's resident size is unchanged).
"""

from __future__ import annotations

import gc

#: Objects allocated (net) before a young collection; young collections before a
#: middle one; middle ones before a full one is considered (CPython's: 700, 10, 10).
THRESHOLDS = (50_000, 20, 100)


def settle_heap() -> None:
    """Once the app is built: collect, freeze what start-up left, and set the thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
