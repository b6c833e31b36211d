"""Duplicate arena: mirrored deals, Wilson intervals, "too few deals", the report, JSON, CLI."""

from __future__ import annotations

import json
import math

import pytest

from tricktaker.arena.duplicate import MIN_SETS, play_duplicate, run_arena_cli, set_up, start_state
from tricktaker.arena.stats import mean_ci, wilson_ci
from tricktaker.cli import main
from tricktaker.core import Start, TricktakerError, get_game


def test_rules_beats_random_in_a_small_run() -> None:
    result = play_duplicate("truc", "rules", "random", 60, seed=3)
    assert result.deals == 60 and result.pairs == 30
    assert result.win_rate.above(0.5)
    assert result.points.above(0.0)
    assert "rules beats random" in result.verdict()


def test_mirrored_deals_share_cards_dealer_and_start_with_bots_swapped() -> None:
    result = play_duplicate("truc", "rules", "random", 20, seed=4, options={"players": 4})
    assert all(r.a_side == r.mirror for r in result.results)
    assert sorted({r.pair for r in result.results}) == list(range(10))
    for pair in range(10):
        first, second = (r for r in result.results if r.pair == pair)
        assert (first.mirror, second.mirror) == (0, 1)
        assert first.dealt == second.dealt  # the engine dealt the very same cards
    options = get_game("truc").options({"players": 4})
    setups = [set_up("truc", options, 4, p, 4) for p in range(10)]
    assert len({s.seed for s in setups}) == 10  # and sets differ from each other


def test_start_position_reaches_the_state_through_new_match() -> None:
    options = get_game("truc").options({})
    setup = set_up("truc", options, 1, 0, 2)
    assert isinstance(setup.start, Start)
    state = start_state("truc", options, setup)
    assert state.result().score == setup.start["score"]
    assert all(0 <= s < 12 for s in setup.start["score"])
    assert not state.finished_deals()


def test_identical_bots_are_even_and_runs_are_deterministic() -> None:
    one = play_duplicate("truc", "random", "random", 60, seed=9)
    two = play_duplicate("truc", "random", "random", 60, seed=9)
    assert one.report() == two.report()
    assert one.win_rate.low < 0.5 < one.win_rate.high
    other = play_duplicate("truc", "random", "random", 60, seed=10)
    assert [r.dealt for r in other.results] != [r.dealt for r in one.results]


def test_counts_and_intervals_are_over_pairs() -> None:
    result = play_duplicate("truc", "rules", "random", 30, seed=2)
    won, lost, level = result.counts()
    assert won + lost + level == 30
    assert math.isclose(result.win_rate.mean, (won + level / 2) / 30)
    assert result.win_rate.samples == 15
    total = sum(r.a_points for r in result.results)
    assert math.isclose(result.points.mean, total / 30)


def test_mean_ci() -> None:
    ci = mean_ci([1.0, 0.0, 1.0, 0.0])
    assert ci.mean == 0.5
    assert math.isclose(ci.half_width, 1.959964 * math.sqrt((1 / 3) / 4))
    assert mean_ci([2.0]).low == -math.inf


@pytest.mark.parametrize("shares", [[1.0] * 4, [0.0] * 3, [1.0, 1.0, 0.5], [0.5] * 50, [1.0]])
def test_wilson_interval_stays_within_zero_and_one(shares: list[float]) -> None:
    ci = wilson_ci(shares)
    assert 0.0 <= ci.low <= ci.mean <= ci.high <= 1.0
    assert ci.high - ci.low > 0  # even all wins in a few sets leave doubt


def test_wilson_matches_the_textbook_value() -> None:
    # 8 of 10: Wilson's 95% interval is 0.490 .. 0.943.
    ci = wilson_ci([1.0] * 8 + [0.0] * 2)
    assert (round(ci.low, 3), round(ci.high, 3)) == (0.49, 0.943)


def test_four_deals_are_too_few_to_name_a_winner() -> None:
    result = play_duplicate("truc", "rules", "random", 4, seed=1)
    assert result.too_few()
    assert result.verdict().startswith("too few deals")
    assert "beats" not in result.report()
    enough = play_duplicate("truc", "rules", "random", 2 * MIN_SETS, seed=1)
    assert not enough.too_few()


def test_report_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_arena_cli("truc", "rules,random", 40, 1, ["players=2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert (
        lines[0]
        == "duplicate arena: truc, rules vs random, players=2 redeal=repeat ties=leader match=3,"
        " seed 1"
    )
    assert lines[1].startswith("deals: 40 (20 sets: same cards, seats swapped;")
    assert lines[2].startswith("rules: better ")
    assert lines[3].startswith("rules win rate: ") and "(95% CI " in lines[3]
    assert lines[4].startswith("rules points per deal minus random's: ") and "95% CI" in lines[4]
    assert lines[5].startswith("verdict: ")


def test_json_output_follows_the_design(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "truc", "--bots", "rules,random", "--deals", "40", "--seed", "2", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "truc" and out["bots"] == ["rules", "random"] and out["deals"] == 40
    for key in ("points_per_deal", "win_rate"):
        assert set(out[key]) == {"mean", "low", "high"}
        assert out[key]["low"] <= out[key]["mean"] <= out[key]["high"]
    assert out["win_rate"]["low"] >= 0.0 and out["win_rate"]["high"] <= 1.0


def test_a_fixed_score_starts_every_deal_with_the_seeds_cards_and_dealers() -> None:
    """``--score``: every set starts at that score; the cards and dealers stay the seed's."""
    options = get_game("truc").options({})
    fixed = Start({"score": (0, 0)})
    for pair in range(6):
        drawn, pinned = (
            set_up("truc", options, 2, pair, 2),
            set_up("truc", options, 2, pair, 2, fixed),
        )
        assert (pinned.seed, pinned.dealer) == (drawn.seed, drawn.dealer)
        assert pinned.start == fixed and start_state("truc", options, pinned).result().score == (
            0,
            0,
        )
    result = play_duplicate("truc", "rules", "random", 8, seed=2, start=Start({"score": (11, 11)}))
    # At 11:11 nobody may double or claim a rest: every deal is worth one point at most.
    assert result.deals == 8 and all(r.points <= 1 for r in result.results)


def test_bad_scores_are_refused_before_any_deal(capsys: pytest.CaptureFixture[str]) -> None:
    for score, said in [("x", "A:B"), ("1:2:3", "A:B"), ("12:0", "0 to 11"), ("9" * 5000, "A:B")]:
        assert main(["arena", "truc", "--bots", "rules,random", "--score", score]) == 2
        assert said in capsys.readouterr().err
    assert main(["arena", "tetka", "--bots", "rules,random", "--score", "1:2"]) == 2
    assert "unknown field" in capsys.readouterr().err


def test_cli_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "truc", "--bots", "rules", "--deals", "4"]) == 2
    assert "two levels" in capsys.readouterr().err
    assert main(["arena", "truc", "--bots", "rules,nobody", "--deals", "4"]) == 2
    assert "levels: random, rules" in capsys.readouterr().err
    with pytest.raises(TricktakerError):
        play_duplicate("truc", "rules", "random", 0, seed=1)


def test_with_four_sides_a_is_compared_with_each_of_bs_seats() -> None:
    """Tetka: each for himself. A's share is against each other seat in turn, so equal
    bots come out even at 1/2 (better than all three would put them near 1/4)."""
    from tricktaker.arena.duplicate import DealResult

    deal = DealResult(0, 1, 1, (-2.0, -1.0, -1.0, -4.0), None, 8, "tricks", ())
    assert deal.a_score == pytest.approx((1.0 + 0.5 + 1.0) / 3)
    assert deal.a_points == pytest.approx(-1.0 - (-7.0 / 3))
    result = play_duplicate("tetka", "random", "random", 80, seed=2)
    assert result.sides == 4 and result.pairs == 20
    assert [r.mirror for r in result.results[:4]] == [0, 1, 2, 3]
    won, lost, level = result.counts()
    assert won + lost + level == 3 * 80  # each deal, against each of B's three seats
    lines = result.report().splitlines()
    assert "random (A) in each of 4 seats in turn" in lines[1]
    assert lines[2].endswith("(each deal against each random (B) seat)")
    few = play_duplicate("tetka", "random", "random", 40, seed=2)
    assert "play at least 80 deals" in few.verdict()
