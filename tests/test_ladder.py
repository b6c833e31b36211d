"""The ladder: ratings in the right order, the same table whatever plays the jobs, the JSON,
docs/strength.md sections per game, and bad input as one line with exit status 2."""

from __future__ import annotations

import importlib.util
import itertools
import json
import socket
from collections.abc import Callable, Sequence
from pathlib import Path
from random import Random
from typing import Any

import pytest

from tricktaker.arena import ladder
from tricktaker.arena.duplicate import play_duplicate
from tricktaker.arena.ladder import (
    SETS_PER_JOB,
    Job,
    PairResult,
    SetOutcome,
    plan,
    play_ladder,
    rate,
    unclocked,
)
from tricktaker.arena.ladder_table import render
from tricktaker.arena.runners import check_address, processes, serial
from tricktaker.arena.strength_doc import update
from tricktaker.bots import make_bot
from tricktaker.bots.search import DEEP_BUDGET, DEFAULT_BUDGET, SearchBot
from tricktaker.cli import main
from tricktaker.core import TricktakerError, get_game

CHEAP = ["random", "rules"]


def test_rules_is_rated_above_random_and_the_pair_is_the_arenas() -> None:
    result = play_ladder("truc", CHEAP, deals=40, seed=1)
    assert [r.level for r in result.ratings] == ["rules", "random"]
    best, worst = result.ratings
    assert best.ordinal > worst.ordinal and best.mu > 25 > worst.mu
    assert best.games == worst.games == 20 and best.won > best.lost
    # The pair plays exactly the arena's sets for the same seed.
    (pair,) = result.ranked_pairs()
    arena = play_duplicate("truc", "rules", "random", 40, seed=1)
    assert (pair.a, pair.b) == ("rules", "random")
    assert pair.win_rate == arena.win_rate and pair.points == arena.points
    assert pair.win_rate.above(0.5)


def test_a_set_is_won_by_points_then_share_else_drawn() -> None:
    assert SetOutcome(0, 0.25, 1.0, 2).result == 1.0
    assert SetOutcome(0, 0.75, -3.0, 2).result == 0.0
    assert SetOutcome(0, 0.75, 0.0, 2).result == 1.0
    assert SetOutcome(0, 0.25, 0.0, 2).result == 0.0
    assert SetOutcome(0, 0.5, 0.0, 2).result == 0.5


def _pair(a: str, b: str, won: int, lost: int, drawn: int) -> PairResult:
    points = [1.0] * won + [-1.0] * lost + [0.0] * drawn
    return PairResult(a, b, tuple(SetOutcome(i, 0.5, p, 2) for i, p in enumerate(points)))


def test_ratings_follow_the_results_not_their_order() -> None:
    """Search beat rules 10-3 and both beat random: one online pass of openskill in some
    orders ranks rules first; the mean over shuffled orders does not."""
    pairs = [
        _pair("rules", "random", 17, 1, 2),
        _pair("search", "random", 13, 3, 4),
        _pair("search", "rules", 10, 3, 7),
    ]
    levels = ["random", "rules", "search"]
    ratings = rate(levels, pairs, seed=1)
    assert [r.level for r in ratings] == ["search", "rules", "random"]
    assert [(r.won, r.lost, r.drawn) for r in ratings] == [(23, 6, 11), (20, 11, 9), (4, 30, 6)]
    backwards = [PairResult(p.a, p.b, p.sets[::-1]) for p in pairs[::-1]]
    assert rate(levels, backwards, seed=1) == ratings
    assert 0 < ratings[0].sigma < 25 / 3 and ratings[0].low < ratings[0].mu < ratings[0].high


def _shuffled(fn: Callable[[Any], Any], jobs: Sequence[Any]) -> list[Any]:
    """A runner that plays the jobs last first (as a busy pool may), then puts them back."""
    done = {i: fn(job) for i, job in reversed(list(enumerate(jobs)))}
    return [done[i] for i in range(len(jobs))]


def test_the_same_seed_gives_the_same_table_whatever_runs_the_jobs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, jobs, sets = plan("truc", {"players": 2}, CHEAP, 40, 5)
    assert sets == 20 and len(jobs) == 2 and all(j.count == SETS_PER_JOB for j in jobs)
    tables = [
        render(play_ladder("truc", CHEAP, deals=40, seed=5, runner=runner))
        for runner in (serial, processes(2), _shuffled)
    ]
    assert tables[0] == tables[1] == tables[2]
    monkeypatch.setattr(ladder, "SETS_PER_JOB", 3)  # other chunks: the same sets still
    assert len(plan("truc", {"players": 2}, CHEAP, 40, 5)[1]) == 7
    assert render(play_ladder("truc", CHEAP, deals=40, seed=5, runner=processes(2))) == tables[0]
    assert render(play_ladder("truc", CHEAP, deals=40, seed=6)) != tables[0]


def test_jobs_depend_on_the_seed_and_their_identity_only() -> None:
    _, jobs, _ = plan("truc", {"players": 2}, ["random", "rules", "search"], 25, 9)
    pairs = [("rules", "random"), ("search", "random"), ("search", "rules")]
    assert [(j.a, j.b, j.first, j.count) for j in jobs] == [
        (a, b, first, count) for a, b in pairs for first, count in ((0, 10), (10, 3))
    ]
    assert {j.seed for j in jobs} == {9}
    assert all(isinstance(j, Job) for j in jobs)


@pytest.mark.slow  # a Ray cluster started and stopped: seconds of set-up
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
def test_ray_started_here_gives_the_same_json_as_local_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["ladder", "truc", "--levels", "rules,random", "--deals", "24", "--seed", "4", "--json"]
    outputs = []
    for extra in (["--workers", "1"], ["--workers", "2"], ["--ray", "local", "--workers", "2"]):
        assert main([*base, *extra]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0]["sets_per_pair"] == 12


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["ladder", "truc", "--levels", "rules,random", "--deals", "20", "--seed", "2"]
    assert main([*args, "--json", "--workers", "1", "--option", "players=2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {
        "game", "options", "levels", "deals_per_pair", "sets_per_pair", "seed",
        "no_clock", "command", "model", "ratings", "pairs",
    }  # fmt: skip
    assert out["levels"] == ["rules", "random"] and out["deals_per_pair"] == 20
    assert out["command"] == " ".join([*args, "--option", "players=2"]).replace(
        "ladder", "tricktaker ladder", 1
    )
    ordinals = [r["ordinal"] for r in out["ratings"]]
    assert ordinals == sorted(ordinals, reverse=True) and len(ordinals) == 2
    for r in out["ratings"]:
        assert r["low"] < r["mu"] < r["high"] and r["games"] == 10
        assert r["won"] + r["lost"] + r["drawn"] == 10
    (pair,) = out["pairs"]
    assert pair["bots"] == [out["ratings"][0]["level"], out["ratings"][1]["level"]]
    assert pair["sets"] == 10 and pair["deals"] == 20
    for key in ("win_rate", "points_per_deal"):
        assert set(pair[key]) == {"mean", "low", "high"}
        assert pair[key]["low"] <= pair[key]["mean"] <= pair[key]["high"]


def test_the_table_names_levels_pairs_and_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["ladder", "truc", "--levels", "random,rules", "--deals", "12", "--workers", "1"]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Ladder of truc (players=2")
    rows = [line for line in lines if line.startswith("| ")]
    assert rows[0].startswith("| rank | level | rating μ ± 2σ")
    assert rows[2].startswith("| 1 | rules |") and rows[3].startswith("| 2 | random |")
    assert rows[-1].startswith("| rules vs random | ") and " .. " in rows[-1]
    assert any(line.startswith("Fewer than 20 sets per pair") for line in lines)


def test_writing_a_game_keeps_the_other_games_sections(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = update("", "tetka", 3, "tricktaker ladder tetka --seed 3", "| tetka table |")
    page += "\nA note of someone's own.\n"
    target = tmp_path / "docs" / "strength.md"
    target.parent.mkdir()
    target.write_text(page, encoding="utf-8")
    args = ["ladder", "truc", "--levels", "random,rules", "--deals", "4", "--workers", "1"]
    tables = []
    for seed in ("1", "2", "2"):
        assert main([*args, "--seed", seed, "--write", str(target)]) == 0
        tables.append(capsys.readouterr().out.strip())
    text = target.read_text(encoding="utf-8")
    assert text.startswith(page.rstrip("\n"))  # tetka and the note, untouched
    # one section per seed: the second seed does not overwrite the first, a rerun replaces
    assert text.count("<!-- ladder:truc seed=1 -->") == 1 and text.count("## truc, seed 1") == 1
    assert text.count("<!-- ladder:truc seed=2 -->") == 1 and text.count("## truc, seed 2") == 1
    assert text.index("## truc, seed 1") < text.index("## truc, seed 2")
    assert "tricktaker ladder truc --levels random,rules --deals 4 --seed 1\n" in text
    assert "tricktaker ladder truc --levels random,rules --deals 4 --seed 2\n" in text
    assert tables[0].splitlines()[-2] in text and tables[2].splitlines()[-2] in text
    again = update(text, "tetka", 3, "tricktaker ladder tetka --seed 3", "| new |")
    assert "| tetka table |" not in again and "| new |" in again
    end = "<!-- /ladder:tetka seed=3 -->"
    assert again.split(end)[1] == text.split(end)[1]


def test_a_new_seed_goes_after_its_games_sections() -> None:
    page = update("# page\n", "truc", 1, "cmd 1", "| one |")
    page = update(page, "truco", 1, "cmd T", "| T |") + "\nprose\n"
    two = update(page, "truc", 2, "cmd 2", "| two |")
    assert two.index("| one |") < two.index("| two |") < two.index("## truco")  # not at the end
    assert two.endswith("prose\n") and "| T |" in two


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["chess"], "unknown game 'chess'"),
        (["truc", "--levels", "rules,genius"], "no 'genius' level for truc"),
        (["truc", "--levels", "rules"], "at least two levels"),
        (["truc", "--levels", "rules,rules"], "names a level twice"),
        (["truc", "--levels", "rules,,random"], "separated by commas"),
        (["truc", "--deals", "0"], "--deals must be from 1"),
        (["truc", "--deals", "-4"], "--deals must be from 1"),
        (["truc", "--deals", "9" * 5000], "--deals must be a whole number"),
        (["truc", "--deals", "ten"], "--deals must be a whole number"),
        (["truc", "--seed", "-1"], "--seed must be from 0"),
        (["truc", "--seed", "1" * 5000], "--seed must be a whole number"),
        (["truc", "--workers", "0"], "--workers must be from 1"),
        (["truc", "--workers", "-2"], "--workers must be from 1"),
        (["truc", "--ray", "no address"], "--ray: not a Ray address"),
        (["truc", "--ray", "head:99999"], "--ray: not a Ray address"),
        (["truc", "--option", "players=7"], "players='7' is not offered"),
        (["truc", "--option", "nonsense"], "cannot read option"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ladder", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tricktaker: ") and says in lines[0]


def test_a_dead_ray_address_is_one_line_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as sock:  # a port nobody listens on once it is closed
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    args = ["ladder", "truc", "--levels", "random,rules", "--deals", "2"]
    assert main([*args, "--ray", f"127.0.0.1:{port}"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tricktaker: --ray: nothing answers at")


def test_a_folder_is_no_page_to_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "truc", "--levels", "random,rules", "--write", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith("tricktaker: --write:")


@pytest.mark.parametrize("address", ["local", "auto", "10.0.0.2:6379", "ray://head.lan:10001"])
def test_good_ray_addresses_pass_the_check(address: str) -> None:
    assert check_address(address) == address
    with pytest.raises(TricktakerError):
        check_address(address + ":x")


def test_no_clock_makes_search_take_its_most_worlds_however_slow_the_machine() -> None:
    game = get_game("truc")
    state = game.new_match(game.options({}), seed=3)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.to_act
    assert seat is not None
    ticks = itertools.count(0, 10)  # a machine so busy that every look at the clock is 10 s on

    def worlds(bot: Any) -> int:
        bot._clock = lambda: float(next(ticks))
        bot.evaluate(state.view(seat), state.events(0, seat), state.legal_actions(), Random(1))
        return int(bot.last_worlds)

    assert worlds(make_bot("search", "truc")) == DEFAULT_BUDGET.min_worlds
    assert worlds(unclocked(make_bot("search", "truc"))) == DEFAULT_BUDGET.max_worlds
    deep = unclocked(make_bot("deep", "truc"))
    assert isinstance(deep, SearchBot) and deep.budget.min_worlds == DEEP_BUDGET.max_worlds
    rules = make_bot("rules", "truc")
    assert unclocked(rules) is rules


def test_no_clock_is_in_the_command_and_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["ladder", "truc", "--levels", "random,rules", "--deals", "2", "--workers", "1"]
    assert main([*args, "--no-clock", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["no_clock"] is True and out["command"].endswith(" --seed 1 --no-clock")
    assert main([*args, "--no-clock"]) == 0
    assert "search levels without the clock" in capsys.readouterr().out.splitlines()[0]


@pytest.mark.parametrize("workers", [1, 2])
def test_runners_keep_the_jobs_order_and_tell_progress(workers: int) -> None:
    ticks: list[tuple[int, int]] = []
    assert processes(workers, lambda d, t: ticks.append((d, t)))(abs, [-3, 1, -2]) == [3, 1, 2]
    assert ticks == [(1, 3), (2, 3), (3, 3)]
