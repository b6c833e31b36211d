"""The server load benchmark (``tricktaker bench server``): its figures and its reading
of the server's frames; one short real run is slow-tier."""

from __future__ import annotations

import json

import pytest

from tricktaker.cli import main
from tricktaker.server.loadtest import LoadPlan, percentile, read_frame, table_lines


def test_percentile_is_by_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 50.0
    assert percentile(values, 0.99) == 99.0
    assert percentile(values, 1.0) == 100.0
    assert percentile([], 0.5) is None


def test_a_frame_that_leaves_out_what_did_not_change_keeps_what_was_known() -> None:
    finished, to_act, legal = read_frame(
        {"type": "state", "table": {"to_act": 0, "finished": False}, "legal": [{"action": "0:x"}]},
        False,
        None,
        [],
    )
    assert (finished, to_act, legal) == (False, 0, ["0:x"])
    assert read_frame({"type": "state"}, finished, to_act, legal) == (False, 0, ["0:x"])
    assert read_frame({"type": "state", "legal": []}, False, 1, ["0:x"]) == (False, 1, [])


def test_the_figures_are_a_markdown_table() -> None:
    lines = table_lines([{"processes": 1, "tables": 10, "p99_ms": 12.5, "server_cpu": [0.5]}])
    assert lines[0].startswith("| proc | tables |")
    assert lines[2].startswith("| 1 | 10 | - | - | 12.5 |")


def test_several_processes_on_sqlite_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", "server", "--processes", "2", "--tables", "1", "--seconds", "1"])
    assert code == 2
    assert "shared database" in capsys.readouterr().err


def test_an_option_the_game_does_not_know_is_refused_before_anything_starts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["bench", "server", "--option", "nonsense=1", "--tables", "1"])
    assert code == 2
    assert "nonsense" in capsys.readouterr().err


@pytest.mark.slow
def test_a_short_run_plays_moves_without_errors(capsys: pytest.CaptureFixture[str]) -> None:
    plan = LoadPlan(tables=2, seconds=2.0, warmup=1.0, think=0.05)
    code = main(
        [
            "bench",
            "server",
            "--tables",
            str(plan.tables),
            "--seconds",
            str(plan.seconds),
            "--think",
            str(plan.think),
            "--json",
        ]
    )
    assert code == 0
    (result,) = json.loads(capsys.readouterr().out)
    assert result["errors"] == 0, result["error_kinds"]
    assert result["updates"] > 5
    assert result["p99_ms"] is not None and result["p99_ms"] > 0
    assert result["server_cpu"][0] is not None
