"""The server's collector (``server.heap``): start-up frozen out, young generation large."""

from __future__ import annotations

import gc

from tricktaker.server.heap import THRESHOLDS, settle_heap


def test_settling_freezes_start_up_and_sets_the_thresholds() -> None:
    before = gc.get_threshold()
    try:
        settle_heap()
        assert gc.get_threshold() == THRESHOLDS
        assert gc.get_freeze_count() > 0  # the modules and the app: never scanned again
        assert THRESHOLDS[0] > 700  # CPython's own: states living a second die young
    finally:  # the test process's own collector as it was
        gc.unfreeze()
        gc.set_threshold(*before)
