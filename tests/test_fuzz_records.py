"""Random mutations of valid records never give anything but exit 0, 2 or 3 (a sample here;
``bench/fuzz_records.py`` runs as many as asked)."""

from __future__ import annotations

import json

import pytest

from tricktaker.arena import fuzz
from tricktaker.core import records

SAMPLE = 1500


def test_mutated_records_never_crash_replay() -> None:
    report = fuzz.fuzz(SAMPLE, seed=20261130)
    assert report.tried == SAMPLE
    assert report.failures == []
    assert set(report.by_exit) <= {0, 2, 3}
    # The mutations reach every outcome: still valid, malformed, and illegal actions.
    assert all(report.by_exit.get(code, 0) > 0 for code in (0, 2, 3))
    assert set(report.by_mutation) == {m.__name__ for m in fuzz.MUTATIONS}


def test_the_fuzzer_finds_a_crash_when_there_is_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # Without the hardened decoder, deep nesting and huge numbers crash json.loads.
    monkeypatch.setattr(records, "decode_json", json.loads)
    report = fuzz.fuzz(200, seed=3)
    assert any("RecursionError" in f or "ValueError" in f for f in report.failures)
