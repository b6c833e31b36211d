"""Duplicate arena: mirrored deals, paired confidence intervals, the report, the CLI."""

from __future__ import annotations

import math

import pytest

from tricktaker.arena.duplicate import deal_setup, play_duplicate, run_arena_cli, start_state
from tricktaker.arena.stats import mean_ci
from tricktaker.cli import main
from tricktaker.core import TricktakerError, get_game


def test_rules_beats_random_in_a_small_run() -> None:
    result = play_duplicate("truc", "rules", "random", 60, seed=3)
    assert result.deals == 60 and result.pairs == 30
    assert result.win_rate.above(0.5)
    assert result.points.above(0.0)
    assert "rules beats random" in result.verdict()


def test_mirrored_deals_share_cards_dealer_and_score_with_bots_swapped() -> None:
    result = play_duplicate("truc", "rules", "random", 20, seed=4, options={"players": 4})
    assert all(r.a_side == r.mirror for r in result.results)
    assert sorted({r.pair for r in result.results}) == list(range(10))
    for pair in range(10):
        first, second = (r for r in result.results if r.pair == pair)
        assert (first.mirror, second.mirror) == (0, 1)
        assert first.dealt == second.dealt  # the engine dealt the very same cards
    setups = [deal_setup("truc", get_game("truc").options({"players": 4}), 4, p) for p in range(10)]
    assert len({s.hands for s in setups}) == 10  # and pairs differ from each other


def test_start_score_is_set_before_play() -> None:
    options = get_game("truc").options({})
    setup = deal_setup("truc", options, 1, 0)
    state = start_state("truc", options, setup, 1)
    assert state.result().score == setup.score
    assert all(0 <= s < 12 for s in setup.score)


def test_identical_bots_are_even_and_runs_are_deterministic() -> None:
    one = play_duplicate("truc", "random", "random", 40, seed=9)
    two = play_duplicate("truc", "random", "random", 40, seed=9)
    assert one.report() == two.report()
    assert one.win_rate.low < 0.5 < one.win_rate.high
    other = play_duplicate("truc", "random", "random", 40, seed=10)
    assert [r.dealt for r in other.results] != [r.dealt for r in one.results]


def test_counts_and_intervals_are_over_pairs() -> None:
    result = play_duplicate("truc", "rules", "random", 30, seed=2)
    won, lost, drawn = result.counts()
    assert won + lost + drawn == 30
    assert math.isclose(result.win_rate.mean, (won + drawn / 2) / 30)
    assert result.win_rate.samples == 15
    total = sum(r.a_points for r in result.results)
    assert math.isclose(result.points.mean, total / 30)


def test_mean_ci() -> None:
    ci = mean_ci([1.0, 0.0, 1.0, 0.0])
    assert ci.mean == 0.5
    assert math.isclose(ci.half_width, 1.959964 * math.sqrt((1 / 3) / 4))
    assert mean_ci([2.0]).low == -math.inf


def test_report_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_arena_cli("truc", "rules,random", 20, 1, ["players=2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert (
        lines[0]
        == "duplicate arena: truc, rules vs random, players=2 redeal=repeat ties=leader, seed 1"
    )
    assert lines[1].startswith("deals: 20 (10 pairs: same cards, seats swapped;")
    assert lines[2].startswith("rules: won ")
    assert lines[3].startswith("rules win rate: ") and "(95% CI " in lines[3]
    assert lines[4].startswith("rules points per deal minus random's: ") and "95% CI" in lines[4]
    assert lines[5].startswith("verdict: ")


def test_cli_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "truc", "--bots", "rules", "--deals", "4"]) == 2
    assert "two levels" in capsys.readouterr().err
    assert main(["arena", "truc", "--bots", "rules,nobody", "--deals", "4"]) == 2
    with pytest.raises(TricktakerError):
        play_duplicate("truc", "rules", "random", 0, seed=1)
