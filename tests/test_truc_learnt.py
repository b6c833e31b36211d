"""Four-player Le Truc's learnt captain bets (``bots/truc/learnt.py``) and the reading of
the other side's bets in the sampled estimate (``Params.read_4p``, ``model.bold_weight``).
"""

from __future__ import annotations

import json
import math
import random
import re
import sys
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from tricktaker.bots.learnt import LEAST, Measured, Z, read_table
from tricktaker.bots.truc import model
from tricktaker.bots.truc.exploits import EXPLOITS
from tricktaker.bots.truc.learnt import POLICY, LearntBot, _LearntTurn, shipped_table
from tricktaker.bots.truc.rules import DEFAULT, TEAM, RulesBot
from tricktaker.core.registry import get_game
from tricktaker.games.truc.views import TrucView
from tricktaker.solvers.truc import chance4

#: Le Truc's 32 cards by strength (0 = nine .. 7 = seven), four of each.
DECK = [s for s in range(8) for _ in range(4)]


def test_no_boldness_weighs_every_deal_alike() -> None:
    hands = [(), (0, 1, 2), (3, 4, 5), (6, 7, 7)]
    assert model.bold_weight(hands, 0.0) == 1.0
    assert model.bold_weight([(), (), (1,), ()], 3.0) == 1.0  # nothing of theirs hidden


def test_boldness_tilts_towards_their_high_cards_and_never_below_the_floor() -> None:
    low = [(), (0, 0, 1), (7,), (1, 2, 0)]
    high = [(), (7, 7, 6), (0,), (6, 5, 7)]
    assert model.bold_weight(high, 1.0) > model.bold_weight(low, 1.0) > 1.0
    assert model.bold_weight(high, -0.6) < model.bold_weight(low, -0.6) < 1.0
    assert model.bold_weight(high, -50.0) == model.MIN_WEIGHT
    assert chance4.MIN_WEIGHT == model.MIN_WEIGHT


@pytest.mark.parametrize("bold", [0.0, 2.0, -0.5])
def test_the_compiled_estimate_reads_bets_as_the_model_does(bold: float) -> None:
    """In distribution: the kernel samples with another generator."""
    mine = (2, 5, 7)
    pool = list(DECK)
    for c in mine:
        pool.remove(c)
    sizes = [3, 3, 3, 3]
    slow = model.estimate4(
        mine, pool, sizes, (), (), 0, "leader", random.Random(1), 4000, None, bold
    )
    p, cards = chance4.estimate4_fast(
        mine, pool, sizes, (), (), 0, "leader", random.Random(2), 4000, None, bold
    )
    assert abs(p - slow.p) < 0.03
    assert [c for c, _ in cards] == [c for c, _ in slow.cards]


def test_bold_bets_lower_the_chance_and_none_leave_it_as_it_was() -> None:
    mine = (2, 5, 7)
    pool = list(DECK)
    for c in mine:
        pool.remove(c)

    def chance(bold: float) -> float:
        p, _ = chance4.estimate4_fast(
            mine, pool, [3, 3, 3, 3], (), (), 0, "leader", random.Random(5), 6000, None, bold
        )
        return p

    plain = chance(0.0)
    assert chance(3.0) < plain - 0.02
    assert chance(-0.6) > plain + 0.005
    # No boldness given is none at all: the unweighted path, to the bit.
    again, _ = chance4.estimate4_fast(
        mine, pool, [3, 3, 3, 3], (), (), 0, "leader", random.Random(5), 6000, None
    )
    assert again == plain


def test_the_rules_level_reads_no_bets() -> None:
    """``rules`` is the yardstick: only the policies the search plays with read bets."""
    assert DEFAULT.read_4p == 0.0
    assert TEAM.read_4p == 0.0
    assert replace(TEAM, read_4p=POLICY.read_4p) == POLICY and POLICY.read_4p > 0


def test_a_cell_decides_only_when_clear() -> None:
    assert Measured(LEAST, 1.0, 0.1).verdict() is True
    assert Measured(LEAST, -1.0, 0.1).verdict() is False
    assert Measured(LEAST - 1, 1.0, 0.1).verdict() is None
    assert Measured(LEAST, Z * 0.1, 0.1).verdict() is None
    assert Measured(LEAST, -Z * 0.1 - 0.01, 0.1).verdict() is False


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        '{"P/1/0=/1": [1, 2]}',
        '{"x": "abc"}',
        "{",
        '{"P/1/0=/1": [50, NaN, 0.1]}',
        '{"P/1/0=/1": [50, 1.0, -0.1]}',
        '{"P/1/0=/1": [-5, 1.0, 0.1]}',
        '{"P/1/0=/1": [50, 1.0, Infinity]}',
    ],
)
def test_a_bad_table_is_refused(text: str) -> None:
    with pytest.raises((ValueError, TypeError)):
        read_table(text)


def test_the_shipped_table_covers_the_common_cells() -> None:
    table = shipped_table()
    assert table, "learnt_bets.json is missing"
    for key in ("P/4/0=/1", "A/0/1-/1", "A/9/0=/1", "R/3/0s/1", "D/5/0s/1"):
        assert table[key].n >= LEAST
    assert all(key[0] in "PARD" for key in table)
    # Accepting a double with no chance of the deal loses; with a sure one it gains.
    assert table["A/0/1-/1"].verdict() is False
    assert table["A/9/0=/1"].verdict() is True
    # As dealer, letting a call for cards throw away a sure hand loses.
    assert table["D/9/0s/1"].verdict() is False


def _every_cell(kind: str, mean: float) -> dict[str, Measured]:
    middles: tuple[str, ...] = ("0+", "0-", "0=", "1+", "1-", "1=", "2+", "2-", "2=")
    if kind in "RD":
        middles = ("0s", "0e", "1s", "1e", "2s", "2e")
    return {
        f"{kind}/{p}/{middle}/{v}": Measured(1000, mean, 0.01)
        for p in range(10)
        for middle in middles
        for v in (1, 2, 4)
    }


def _choices(table: dict[str, Measured], phase: str, deals: int = 30, dealer: int = 0) -> list[str]:
    """What the learning side's captains (seats 0 and 2) chose in ``phase`` over some
    deals against a side that doubles at every chance (``answer``: only answers to a
    double); ``dealer`` deals (1: seat 0 calls for cards, 0: seat 0 answers the call)."""
    game = get_game("truc")
    opts = game.options({"players": 4})
    mine = LearntBot(POLICY, table)
    raiser = EXPLOITS["always-raise"]()
    chosen: list[str] = []
    for seed in range(deals):
        state = game.new_match(opts, seed=seed, dealer=dealer)
        rngs = [random.Random(f"{seed}/{s}") for s in range(4)]
        while not state.finished_deals():
            seat = state.to_act
            assert seat is not None
            bot = mine if seat % 2 == 0 else raiser
            view = state.view(seat)
            action = bot.act(view, state.events(0, seat), state.legal_actions(), rngs[seat])
            assert isinstance(view, TrucView)
            if bot is mine and view.phase == phase and view.pending in (None, "double"):
                chosen.append(action.verb)
            state.apply(action)
    return chosen


def test_a_clear_table_decides_the_answers() -> None:
    accepted = _choices(_every_cell("A", +3.0), "answer")
    refused = _choices(_every_cell("A", -3.0), "answer")
    assert accepted and set(accepted) == {"accept"}
    assert refused and set(refused) == {"refuse"}
    # Without the table the policy mixes both: the table, not the policy, decided above.
    assert {"accept", "refuse"} <= set(_choices({}, "answer"))


def test_a_clear_table_decides_the_calls_for_cards_and_their_answers() -> None:
    calls = _choices(_every_cell("R", +3.0), "call", deals=12, dealer=1)
    passes = _choices(_every_cell("R", -3.0), "call", deals=12, dealer=1)
    assert calls and set(calls) == {"redeal"}
    assert passes and set(passes) == {"pass"}
    assert {"redeal", "pass"} <= set(_choices({}, "call", deals=20, dealer=1))
    accepts = _choices(_every_cell("D", +3.0), "redeal_answer", deals=40)
    refusals = _choices(_every_cell("D", -3.0), "redeal_answer", deals=40)
    assert accepts and set(accepts) == {"accept"}
    assert refusals and set(refusals) == {"refuse"}


def test_the_table_never_overrides_the_card_on_the_table() -> None:
    """``_Turn.table`` is the cards on the table; the learnt cells live elsewhere."""
    assert "table" not in vars(_LearntTurn)


def test_two_players_play_as_the_policy() -> None:
    game = get_game("truc")
    opts = game.options({"players": 2})
    learnt = LearntBot(POLICY, _every_cell("A", +3.0) | _every_cell("P", +3.0))
    plain = RulesBot(POLICY)
    for seed in range(10):
        state = game.new_match(opts, seed=seed)
        while not state.finished_deals():
            seat = state.to_act
            assert seat is not None
            view, memory, legal = state.view(seat), state.events(0, seat), state.legal_actions()
            a = learnt.act(view, memory, legal, random.Random(seed))
            b = plain.act(view, memory, legal, random.Random(seed))
            assert a == b
            state.apply(a)


def test_learning_fills_cells_from_play(tmp_path: Path) -> None:
    bench = Path(__file__).resolve().parents[1] / "bench"
    sys.path.insert(0, str(bench))
    try:
        import learn_bets
    finally:
        sys.path.remove(str(bench))
    sums = learn_bets.collect(("truc", 4, 7, 0, 6, 1, None))
    assert sums and all(key[0] in "PARD" for key in sums)
    cells = learn_bets.table(sums)
    assert sum(int(n) for n, _, _ in cells.values()) == sum(int(s[0]) for s in sums.values())
    text = json.dumps(cells)
    assert read_table(text).keys() == cells.keys()
    for key in cells:
        assert re.fullmatch(r"[PA]/\d/[012][+=-]/[124]|[RD]/\d/[012][se]/[124]", key), key


def _learn_bets() -> Any:
    bench = Path(__file__).resolve().parents[1] / "bench"
    sys.path.insert(0, str(bench))
    try:
        import learn_bets
    finally:
        sys.path.remove(str(bench))
    return learn_bets


def test_the_learner_writes_a_table_it_can_start_from(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    learn_bets = _learn_bets()
    out = tmp_path / "v1.json"
    learn_bets.main(["truc", "--sets", "3", "--workers", "1", "--chunk", "2", "--out", str(out)])
    first = read_table(out.read_text(encoding="utf-8"))
    assert first
    again = tmp_path / "v2.json"
    args = ["--sets", "3", "--workers", "1", "--start", str(out), "--out", str(again)]
    learn_bets.main(["truc", *args])
    second = read_table(again.read_text(encoding="utf-8"))
    assert second
    # The same round pooled with the first: the table played is not pooled unless named.
    both = tmp_path / "both.json"
    args = ["--sets", "3", "--workers", "1", "--start", str(out), "--out", str(both)]
    learn_bets.main(["truc", *args, "--pool", str(out)])
    pooled = read_table(both.read_text(encoding="utf-8"))
    for key in first.keys() | second.keys():
        counts = [t[key].n for t in (first, second) if key in t]
        assert pooled[key].n == sum(counts), key
    learn_bets.main(["truc", "--check", "--sets", "2", "--workers", "1", "--start", str(out)])
    printed = capsys.readouterr().out
    assert "policy vs rules" in printed and "table minus policy" in printed
    # Another table as the baseline, set by set. ``out`` decides no cell, so it plays as
    # the policy alone; the shipped table does decide, and differs from it in two sets.
    assert all(m.verdict() is None for m in first.values())
    shipped = str(resources.files("tricktaker.bots.truc").joinpath("learnt_bets.json"))
    checking = ["truc", "--check", "--sets", "2", "--workers", "1"]
    learn_bets.main([*checking, "--start", shipped])
    alone = _printed(capsys)
    learn_bets.main([*checking, "--start", str(out), "--against", shipped])
    versus = _printed(capsys)
    assert versus["against vs rules"] == alone["table vs rules"] != alone["policy vs rules"]
    assert versus["table vs rules"] == alone["policy vs rules"]
    gain = float(alone["table minus policy"].split()[0])
    assert float(versus["table minus against"].split()[0]) == pytest.approx(-gain)
    with pytest.raises(SystemExit, match="baseline of --check"):
        learn_bets.main(["truc", "--sets", "2", "--against", str(out)])


def _printed(capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """``--check``'s printed lines, by what they measure."""
    return dict(line.split(": ", 1) for line in capsys.readouterr().out.splitlines())


def test_pooling_adds_the_rounds_counts(tmp_path: Path) -> None:
    """``--pool`` counts an earlier round's decisions beside the new ones: a table pooled
    with itself keeps its means, doubles its counts and narrows its errors by about
    the square root of two (its sums read back from the rounded cells), so a cell one
    round left undecided can decide."""
    learn_bets = _learn_bets()
    table = {
        "P/5/0=/1": [400, 0.15, 0.1],
        "A/2/1-/2": [90, -0.5, 0.2],
        "R/1/0s/1": [1, 2.0, 0.0],
        "D/3/0s/1": [3, 1.0, 0.5],
        "D/4/0s/1": [0, 0.0, 0.0],
    }
    one = tmp_path / "one.json"
    one.write_text(json.dumps(table), encoding="utf-8")
    out = tmp_path / "pooled.json"
    pooling = ["--pool", str(one), "--pool", str(one)]
    learn_bets.main(["truc", "--sets", "0", *pooling, "--out", str(out)])
    pooled = read_table(out.read_text(encoding="utf-8"))
    assert pooled.keys() == table.keys() - {"D/4/0s/1"}  # an empty cell adds nothing
    # Three decisions with an error of 0.5 (sample variance 0.75), taken twice: six with
    # a sample variance of 0.6, an error of 0.5 * sqrt(2/5); sums read back with n, not
    # n - 1, would give 0.387.
    assert pooled["D/3/0s/1"].se == pytest.approx(0.5 * math.sqrt(2 / 5), abs=1e-4)
    del table["D/4/0s/1"]
    for key, (n, mean, se) in table.items():
        assert pooled[key].n == 2 * n
        assert pooled[key].mean == pytest.approx(mean, abs=1e-4)
        if n > 50:  # else (n - 1) / (2n - 1) is far from a half, as above
            assert pooled[key].se == pytest.approx(se / math.sqrt(2), rel=0.02, abs=1e-4)
    assert Measured(400, 0.15, 0.1).verdict() is None
    assert pooled["P/5/0=/1"].verdict() is True
    with pytest.raises(SystemExit, match="--pool"):
        learn_bets.main(["truc", "--sets", "0", "--pool", str(tmp_path / "missing.json")])
    huge = tmp_path / "huge.json"
    huge.write_text('{"P/5/0=/1": [1e999, 0.1, 0.1]}', encoding="utf-8")
    with pytest.raises(SystemExit, match="--pool"):
        learn_bets.main(["truc", "--sets", "0", "--pool", str(huge)])
    for refused in (["--check", "--sets", "3"], ["--sets", "0", "--start", str(one)]):
        with pytest.raises(SystemExit, match=r"--pool|--sets 0"):
            learn_bets.main(["truc", *refused, "--pool", str(one)])


@pytest.mark.parametrize(
    "args",
    [
        ["truc", "--option", "players=2"],
        ["truco", "--option", "players=2"],
        ["truc", "--option", "colour=red"],
        ["truc", "--sets", "0"],
        ["truc", "--start", "/nonexistent/table.json"],
        ["truc", "--check", "--against", "/nonexistent/table.json"],
    ],
)
def test_the_learner_refuses_what_it_cannot_learn(args: list[str]) -> None:
    with pytest.raises(SystemExit):
        _learn_bets().main(args)
