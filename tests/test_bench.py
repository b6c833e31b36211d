"""The bench's workloads run, count what they claim, and print; no timing is asserted.

Every game declares its own workloads (``core.workloads``); the bench runs what
the registered games declare, so the tests find each workload by its key.
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import cast

import pytest

from tricktaker.arena import bench
from tricktaker.arena.bench import cfr as bench_cfr
from tricktaker.arena.bench import cli as bench_cli
from tricktaker.arena.bench.throughput import FAST_BATCH, FAST_ROLLOUTS
from tricktaker.cli import main
from tricktaker.core import Game, get_game
from tricktaker.core.registry import register, unregister
from tricktaker.core.workloads import (
    PlayPolicy,
    Workload,
    WorkloadKind,
    Yardstick,
    bench_workloads,
)
from tricktaker.games.truc import TrucGame
from tricktaker.solvers.toy import leduc
from tricktaker.solvers.truc.model import DEAL, REDEAL, REFUSE, DealRules, Node

TINY = 0.05

#: The rows ``tricktaker bench --json`` has always reported (bench/README.md): scripts
#: track them by key, so a game's declarations must keep them.
KEYS = {
    *(f"truc{n}p_{q}" for n in (2, 4) for q in ("uniform", "card-play")),
    *(f"truco{n}p_{q}" for n in (2, 4, 6) for q in ("uniform", "card-play")),
    *(f"truc2p_clone_playout_{q}" for q in ("uniform", "card-play")),
    "tetka_uniform",
    *(f"truc2p_fast_{q}" for q in ("uniform", "card-play")),
    *(f"truc2p_fast_playout_{q}" for q in ("uniform", "card-play")),
    "tetka_fast_uniform",
    "tetka_clone_playout_uniform",
    "tetka_fast_playout_uniform",
    "preferans_sochi_uniform",
    "preferans_pot_uniform",
}
CALLS = {f"truc{n}p_{call}" for n in (2, 4) for call in ("clone", "apply", "sample_state")}
RATIOS = {
    "truc2p_uniform_deals_vs_leduc_games",
    "truc2p_card-play_deals_vs_leduc_games",
    "tetka_uniform_deals_vs_hearts_deals",
    "truc2p_fast_uniform_deals_vs_leduc_games",
    "truc2p_fast_card-play_deals_vs_leduc_games",
    "tetka_fast_uniform_deals_vs_hearts_deals",
}


def declared(key: str) -> bench.Declared:
    """The registered games' workload with that key."""
    (found,) = [d for d in bench.declared() if d.workload.key == key]
    return found


def run(key: str, seed: int) -> bench.Measurement:
    d = declared(key)
    return bench.measure(d.game, d.workload, TINY, seed=seed)


EXTRA_ID = "extratruc"


class ExtraTruc(TrucGame):
    """Le Truc's engine under another id, declaring the workloads it is given."""

    def __init__(self, declares: tuple[Workload, ...]) -> None:
        super().__init__()
        self.declares = declares

    @property
    def id(self) -> str:
        return EXTRA_ID

    def bench_workloads(self) -> tuple[Workload, ...]:
        return self.declares


@pytest.fixture
def register_extra() -> Iterator[Callable[[tuple[Workload, ...]], None]]:
    """Registers an ``ExtraTruc`` for one test, and removes it after."""
    yield lambda declares: register(ExtraTruc(declares))
    unregister(EXTRA_ID)


def _small_truc(rules: DealRules) -> Node:
    """After a refused call and a first trick (ace against seven), and a king led: a small
    game, so the CFR rows run in the quick tier (the bench's default builds 11:11's deal)."""
    return Node.root(rules).child(DEAL).child(REDEAL).child(REFUSE).child(5).child(7).child(4)


SMALL_CFR = bench.CFRPlan(truc_score=(0, 0), truc_start=_small_truc)


@pytest.fixture
def small_cfr(monkeypatch: pytest.MonkeyPatch) -> None:
    """``tricktaker bench`` times :data:`SMALL_CFR` instead of the whole deal at 11:11."""
    monkeypatch.setattr(bench_cli, "DEFAULT_CFR", SMALL_CFR)


# ------------------------------------------------------------- declarations


def test_the_games_declare_the_rows_the_report_has_always_had() -> None:
    steps = bench.declared()
    assert {d.workload.key for d in steps if d.workload.kind is not WorkloadKind.CALLS} == KEYS
    plan = bench.make_plan(steps)
    assert {c.key for c in plan.comparisons} == RATIOS
    assert [y.key for y in plan.yardsticks] == ["leduc_uniform", "hearts_uniform"]
    assert plan.target is not None and plan.target.key == "truc2p_uniform"
    assert plan.target.what == "random Le Truc deals/s"
    for d in steps:
        assert d.workload in bench_workloads(d.game)


def test_rows_come_in_report_order_matches_playouts_deals_calls() -> None:
    kinds = [d.workload.kind for d in bench.declared()]
    order = [
        WorkloadKind.MATCHES,
        WorkloadKind.PLAYOUTS,
        WorkloadKind.FAST_PLAYOUTS,
        WorkloadKind.DEALS,
        WorkloadKind.FAST_DEALS,
        WorkloadKind.CALLS,
    ]
    assert kinds == sorted(kinds, key=order.index)
    assert kinds[0] is WorkloadKind.MATCHES and kinds[-1] is WorkloadKind.CALLS


def test_a_game_without_the_hook_declares_nothing() -> None:
    bare = cast(Game, SimpleNamespace(id="bare"))
    assert bench_workloads(bare) == ()
    assert bench.declared([bare]) == []
    assert bench_workloads(get_game("tetka")) != ()


def test_a_registered_game_is_benchmarked_without_the_bench_naming_it(
    register_extra: Callable[[tuple[Workload, ...]], None],
) -> None:
    register_extra(
        (Workload("extra_deals", "Extra deals", WorkloadKind.DEALS, options={"players": 4}),)
    )
    steps = [d for d in bench.declared() if d.game.id == "extratruc"]
    assert [d.workload.key for d in steps] == ["extra_deals"]
    report = bench.run_bench(TINY, no_openspiel=True, plan=bench.make_plan(steps), cfr=None)
    (m,) = report.measurements
    assert (m.key, m.label, m.unit) == ("extra_deals", "Extra deals", "deal") and m.units > 0
    assert report.latencies == () and report.ratios() == {}
    data = report.to_json()
    assert data["target_deals_per_second"] is None and data["target_met"] is None


def test_workload_declarations_that_contradict_themselves_are_refused() -> None:
    stick = Yardstick("hearts", "hearts", "hearts_uniform", "OpenSpiel hearts", "deal")
    with pytest.raises(ValueError, match="counts"):
        Workload("k", "K", WorkloadKind.CALLS, target=5)
    with pytest.raises(ValueError, match="counts"):
        Workload("k", "K", WorkloadKind.PLAYOUTS, yardstick=stick)
    with pytest.raises(ValueError, match="positive"):
        Workload("k", "K", WorkloadKind.MATCHES, target=0)
    with pytest.raises(ValueError, match="key"):
        Workload("", "K", WorkloadKind.MATCHES)
    w = Workload("k", "K", WorkloadKind.DEALS, options={"players": 2}, yardstick=stick)
    with pytest.raises(TypeError):
        w.options["players"] = 4  # type: ignore[index]
    assert w.unit == "deal" and w.policy is PlayPolicy.UNIFORM


def test_plan_refuses_one_key_twice_and_a_second_target() -> None:
    d = declared("truc2p_uniform")
    with pytest.raises(bench.BenchError, match="truc2p_uniform"):
        bench.make_plan([d, d])
    other = dataclasses.replace(d, workload=dataclasses.replace(d.workload, key="truc2p_again"))
    with pytest.raises(bench.BenchError, match="one target"):
        bench.make_plan([d, other])
    clash = dataclasses.replace(d, workload=dataclasses.replace(d.workload, key="leduc_uniform"))
    with pytest.raises(bench.BenchError, match="leduc_uniform"):
        bench.make_plan([declared("truc2p_card-play"), clash])


def test_cli_says_what_is_wrong_with_the_declarations(
    register_extra: Callable[[tuple[Workload, ...]], None], capsys: pytest.CaptureFixture[str]
) -> None:
    register_extra((Workload("tetka_uniform", "Again", WorkloadKind.DEALS),))
    assert main(["bench", "--seconds", str(TINY), "--no-openspiel"]) == 1
    captured = capsys.readouterr()
    assert "tricktaker bench:" in captured.err and "tetka_uniform" in captured.err
    assert "Traceback" not in captured.err and captured.out == ""


# ----------------------------------------------------------------- workloads


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("policy", ["uniform", "card-play"])
def test_truc_matches_count_matches_deals_and_actions(players: int, policy: str) -> None:
    m = run(f"truc{players}p_{policy}", seed=5)
    assert m.unit == "match"
    assert m.units >= 1
    # A match is at least two games of 12 points; no deal scores more than 12.
    assert m.deals >= 2 * m.units
    assert m.actions >= m.deals
    assert m.seconds >= TINY
    assert m.per_second > 0 and m.deals_per_second > 0 and m.actions_per_second > 0
    assert m.actions_per_deal == pytest.approx(m.actions / m.deals)
    assert m.deal_rate == m.deals_per_second


def test_card_play_deals_play_cards_to_the_end() -> None:
    # Without folds or proposals every 2p deal needs at least 4 cards (two tricks).
    m = run("truc2p_card-play", seed=9)
    assert m.actions_per_deal >= 4
    uniform = run("truc2p_uniform", seed=9)
    assert uniform.actions_per_deal < m.actions_per_deal


def test_card_play_policy_only_plays_or_passes() -> None:
    game = get_game("truc")
    rng = random.Random(1)
    for players in (2, 4):
        state = game.new_match(game.options({"players": players}), seed=2)
        for _ in range(200):
            if state.to_act is None:
                break
            legal = state.legal_actions()
            a = bench.card_play_policy(legal, rng)
            assert a in legal
            assert a.verb in ("play", "pass")
            state.apply(a)
        assert not any(
            d.end in ("folded", "refused") or d.details["value"] != 1
            for d in state.finished_deals()
        )


def test_card_play_policy_refuses_when_it_cannot_act() -> None:
    game = get_game("truc")
    state = game.new_match(game.options({}), seed=1)
    redeal = [a for a in state.legal_actions() if a.verb == "redeal"]
    assert redeal
    state.apply(redeal[0])  # the dealer must now answer: nothing to play or pass
    with pytest.raises(bench.BenchError):
        bench.card_play_policy(state.legal_actions(), random.Random(0))


def test_mid_deal_pool_is_mid_deal_and_playouts_leave_it_untouched() -> None:
    pool = bench.mid_deal_pool(get_game("truc"), {"players": 2}, size=8, seed=3)
    assert len(pool) == 8
    before = [p.to_record() for p in pool]
    for state in pool:
        assert state.to_act is not None
        assert state.finished_deals() == []
        assert any(a.startswith(("0:play", "1:play")) for a in state.to_record()["actions"])
    d = declared("truc2p_clone_playout_uniform")
    m = bench.playouts(d.game, d.workload, TINY, seed=3, pool=pool)
    assert m.unit == "playout" and m.units > 0 and m.actions >= m.units
    assert [p.to_record() for p in pool] == before


def test_report_json_and_ratios_without_openspiel() -> None:
    report = bench.run_bench(TINY, no_openspiel=True, cfr=None)
    keys = [m.key for m in report.measurements]
    assert set(keys) == KEYS and len(keys) == len(KEYS)
    assert report.openspiel == "skipped"
    assert report.ratios() == {}
    data = report.to_json()
    json.dumps(data)
    assert data["target_deals_per_second"] == 20_000
    uniform = report.get("truc2p_uniform")
    assert uniform is not None
    assert data["target_met"] is (uniform.deals_per_second >= 20_000)
    assert {x["key"] for x in data["latencies"]} == CALLS
    assert all(x["calls"] > 0 and x["microseconds"] > 0 for x in data["latencies"])
    assert data["cfr"] is None


def test_latencies_time_each_call_without_changing_the_pool() -> None:
    pool = bench.mid_deal_pool(get_game("truc"), {"players": 2}, size=8, seed=3)
    before = [p.to_record() for p in pool]
    d = declared("truc2p")
    found = bench.call_latencies(d.game, d.workload, TINY, seed=3)
    assert [x.key for x in found] == ["truc2p_clone", "truc2p_apply", "truc2p_sample_state"]
    assert [x.label for x in found] == [
        "Truc 2p clone()",
        "Truc 2p apply(card)",
        "Truc 2p sample_state()",
    ]
    assert all(x.calls >= 64 and x.seconds >= TINY for x in found)
    assert [p.to_record() for p in pool] == before


def test_ratio_and_target_lines_read_the_declarations(capsys: pytest.CaptureFixture[str]) -> None:
    # Made-up figures, so that the lines are checked without OpenSpiel installed.
    plan = bench.make_plan([declared("truc2p_uniform"), declared("tetka_uniform")])
    truc = bench.Measurement("truc2p_uniform", "Le Truc 2p uniform", "match", 10, 99, 1.0, 1.0, 400)
    leduc = bench.Measurement("leduc_uniform", "leduc_poker uniform", "game", 200, 9, 1.0, 1.0)
    tetka = bench.Measurement("tetka_uniform", "Tetka uniform", "deal", 30, 9, 1.0, 1.0)
    hearts = bench.Measurement(
        "hearts_uniform", "OpenSpiel hearts uniform", "deal", 60, 9, 1.0, 1.0
    )
    report = bench.BenchReport(
        1.0, 1, (truc, tetka, leduc, hearts), "used", (), plan.comparisons, plan.target
    )
    assert report.ratios() == {
        "truc2p_uniform_deals_vs_leduc_games": 2.0,
        "tetka_uniform_deals_vs_hearts_deals": 0.5,
    }
    assert report.target_met() is False
    bench.print_report(report)
    out = capsys.readouterr().out
    assert "ratio: Le Truc 2p uniform deals/s over leduc games/s: 400 / 200 = 2.00" in out
    assert "ratio: Tetka uniform deals/s over hearts deals/s: 30 / 60 = 0.50" in out
    assert "target >= 20,000 random Le Truc deals/s on one core: NOT met (400 with the" in out
    without_leduc = dataclasses.replace(report, measurements=(truc, tetka, hearts))
    assert list(without_leduc.ratios()) == ["tetka_uniform_deals_vs_hearts_deals"]


def test_leduc_when_openspiel_is_installed() -> None:
    if bench.openspiel_missing() is not None:
        pytest.skip("open-spiel is not installed")
    d = declared("truc2p_uniform")
    assert d.workload.yardstick is not None
    m = bench.openspiel_games(d.workload.yardstick, TINY, seed=4)
    assert m.key == "leduc_uniform" and m.unit == "game"
    assert m.units > 0 and m.actions >= 2 * m.units  # both players act at least once
    assert m.chance >= 2 * m.units  # two private cards, at least
    plan = bench.make_plan([d])
    report = bench.BenchReport(
        TINY, 1, (run("truc2p_uniform", seed=4), m), "used", (), plan.comparisons
    )
    (ratio,) = report.ratios().values()
    assert ratio > 0


def test_tetka_deals_are_whole_deals_of_52_cards() -> None:
    m = run("tetka_uniform", seed=6)
    assert m.key == "tetka_uniform" and m.unit == "deal"
    assert m.units >= 1
    assert m.actions == 52 * m.units  # every card of the deck, one play each
    assert m.per_second > 0 and m.seconds >= TINY
    assert m.deal_rate == m.per_second


def test_fast_deals_are_complete_deals_of_the_compiled_playouts() -> None:
    tetka = run("tetka_fast_uniform", seed=6)
    assert tetka.unit == "deal" and tetka.units >= FAST_BATCH
    assert tetka.actions == 52 * tetka.units  # every card of the deck, one play each
    for policy in ("uniform", "card-play"):
        truc = run(f"truc2p_fast_{policy}", seed=6)
        assert truc.unit == "deal" and truc.units % FAST_BATCH == 0
        # A deal is at least a fold, at most the engine's bound on a deal's actions.
        assert truc.units <= truc.actions <= 96 * truc.units
        assert truc.deal_rate == truc.per_second


def test_fast_playouts_play_the_pool_out_and_leave_it_untouched() -> None:
    keys = ("truc2p_fast_playout_uniform", "truc2p_fast_playout_card-play")
    for key in (*keys, "tetka_fast_playout_uniform"):
        d = declared(key)
        pool = bench.mid_deal_pool(d.game, d.workload.options, size=8, seed=3)
        before = [p.to_record() for p in pool]
        m = bench.fast_playouts(d.game, d.workload, TINY, seed=3, pool=pool)
        assert m.unit == "playout" and m.units % FAST_ROLLOUTS == 0 and m.units > 0
        assert m.units <= m.actions <= 52 * m.units
        assert [p.to_record() for p in pool] == before
    tetka = run("tetka_clone_playout_uniform", seed=3)
    assert tetka.unit == "playout" and tetka.units > 0 and tetka.actions > tetka.units


def test_fast_deals_of_a_game_without_compiled_playouts_are_refused() -> None:
    w = Workload("pref_fast", "Preferans fast", WorkloadKind.FAST_DEALS)
    with pytest.raises(bench.BenchError, match="preferans has no fast playouts"):
        bench.measure(get_game("preferans"), w, TINY)
    truc = Workload("t", "T", WorkloadKind.FAST_DEALS, policy=PlayPolicy.CARD_PLAY)
    assert bench.measure(get_game("truc"), truc, TINY).units > 0


@pytest.mark.parametrize("convention", ["sochi", "pot"])
def test_preferans_deals_are_whole_single_deals(convention: str) -> None:
    m = run(f"preferans_{convention}_uniform", seed=6)
    assert m.key == f"preferans_{convention}_uniform" and m.unit == "deal"
    assert m.units >= 1 and m.per_second > 0 and m.seconds >= TINY
    # At least a bid or pass per seat; at most the engine's bound on a deal's actions.
    assert 3 * m.units <= m.actions <= 100 * m.units


def test_hearts_when_openspiel_is_installed() -> None:
    if bench.openspiel_missing() is not None:
        pytest.skip("open-spiel is not installed")
    d = declared("tetka_uniform")
    assert d.workload.yardstick is not None
    m = bench.openspiel_games(d.workload.yardstick, TINY, seed=4)
    assert m.key == "hearts_uniform" and m.unit == "deal" and m.units > 0
    # 52 cards played, and 12 passed unless the direction drawn is "no pass".
    assert 52 * m.units < m.actions < 64 * m.units
    assert m.chance == 53 * m.units  # the passing direction, 52 cards dealt
    tetka = run("tetka_uniform", seed=4)
    plan = bench.make_plan([d])
    report = bench.BenchReport(TINY, 1, (tetka, m), "used", (), plan.comparisons)
    assert report.ratios() == {
        "tetka_uniform_deals_vs_hearts_deals": tetka.per_second / m.per_second
    }


def test_cli_prints_table_and_json(small_cfr: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seconds", str(TINY), "--no-openspiel"]) == 0
    out = capsys.readouterr().out
    assert "Truc 2p uniform: deals" in out
    assert "Tetka uniform: deals" in out
    assert "skipped" in out
    assert "target >= 20,000" in out
    assert "sample_state" in out and "µs per call" in out
    assert "ours CFR+ Leduc" in out and "ours sparse Le Truc 0:0" in out
    assert "OpenSpiel CFR+" not in out and "CFR ratio" not in out
    assert main(["bench", "--seconds", str(TINY), "--no-openspiel", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {m["key"] for m in data["measurements"]} == KEYS
    assert [r["key"] for r in data["cfr"]["runs"]] == ["cfr_plus_leduc", "truc_cfr_plus_0_0_once"]
    assert main(["bench", "--seconds", str(TINY), "--no-openspiel", "--no-cfr", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cfr"] is None
    assert main(["bench", "--seconds", "0"]) == 2


def test_missing_openspiel_is_said_and_truc_figures_still_print(
    small_cfr: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # makes `import pyspiel` fail
    why = bench.openspiel_missing()
    assert why is not None and "pip install open-spiel" in why
    assert main(["bench", "--seconds", str(TINY)]) == 0
    out = capsys.readouterr().out
    assert "OpenSpiel unavailable" in out and "pip install open-spiel" in out
    assert "Truc 2p uniform: deals" in out and "Tetka uniform: deals" in out
    assert "leduc" not in out and "hearts" not in out
    # Our CFR rows stand alone, counted at OpenSpiel's 936 information sets all the same.
    assert "ours CFR+ Leduc" in out and "as OpenSpiel" in out
    assert "OpenSpiel CFR+" not in out and "CFR check" not in out


# ----------------------------------------------------------------------- CFR


def test_cfr_rows_count_every_information_set_and_converge() -> None:
    section = bench.cfr_section(TINY, openspiel=False, plan=SMALL_CFR)
    ours, truc = section.runs
    assert (ours.key, ours.infosets, ours.compared_infosets) == ("cfr_plus_leduc", 288, 936)
    assert ours.iterations >= 1 and ours.total_iterations == ours.iterations + 1
    assert ours.updates == 288 * ours.iterations
    assert ours.compared_updates_per_cpu_second == pytest.approx(
        936 * ours.iterations / ours.cpu_seconds
    )
    # The average strategy after the run is far closer to equilibrium than after one iteration.
    assert 0 <= ours.exploitability < bench_cfr.exploitability_after(leduc(), 1) / 10
    assert truc.key == "truc_cfr_plus_0_0_once" and truc.iterations >= 1
    assert truc.infosets > 0 and truc.exploitability > -1e-9
    assert section.ratio() is None and section.ours_at_their_iterations is None
    assert section.situation == "Le Truc 2p 0:0, redeal=once, a decision part-way through"
    data = section.to_json()
    json.dumps(data)
    assert data["ratio"] is None and data["same_iterations_check"] is None
    assert bench.cfr_section(TINY, openspiel=False, plan=bench.CFRPlan(truc_score=None)).runs[
        0
    ].key == ("cfr_plus_leduc")


def test_timed_runs_one_batch_at_least_and_doubles_short_ones() -> None:
    batches: list[int] = []
    done, wall, cpu = bench_cfr.timed(batches.append, 0.0)
    assert (done, batches) == (1, [1]) and wall >= 0 and cpu >= 0
    batches.clear()
    done, _, _ = bench_cfr.timed(batches.append, 0.01)
    assert done == sum(batches) and batches[:3] == [1, 2, 4]


def test_cfr_beside_openspiel_runs_the_same_algorithm() -> None:
    if bench.openspiel_missing() is not None:
        pytest.skip("open-spiel is not installed")
    section = bench.cfr_section(TINY, openspiel=True, plan=bench.CFRPlan(truc_score=None))
    theirs, ours = section.runs
    assert theirs.key == "openspiel_cfr_plus_leduc_poker" and theirs.infosets == 936
    assert ours.compared_infosets == 936 and theirs.iterations >= 1
    ratio = section.ratio()
    assert ratio is not None and ratio > 0
    # The same iterations of the same CFR+ give the same average strategy.
    assert section.ours_at_their_iterations == pytest.approx(theirs.exploitability, rel=1e-4)
    check = section.to_json()["same_iterations_check"]
    assert check["iterations"] == theirs.total_iterations


def test_cfr_lines_read_the_rows(capsys: pytest.CaptureFixture[str]) -> None:
    # Made-up figures, so that the lines are checked without OpenSpiel installed.
    theirs = bench.CFRRun("openspiel_cfr_plus_leduc_poker", "OS", 936, 10, 2.0, 1.0, 0.5, 11)
    ours = bench.CFRRun("cfr_plus_leduc", "we", 288, 40, 2.0, 2.0, 0.1, 41, 0.5, 936)
    section = bench.CFRSection(
        (theirs, ours), "cfr_plus_leduc", "openspiel_cfr_plus_leduc_poker", "Le Truc 2p", 0.5
    )
    assert section.ratio() == pytest.approx(2.0)  # 936 * 20 per CPU s over 936 * 10
    report = bench.BenchReport(1.0, 1, (), "used", cfr=section)
    assert report.to_json()["cfr"]["ratio"] == pytest.approx(2.0)
    bench.print_report(report)
    out = capsys.readouterr().out
    assert "CFR ratio: we over OS, information-set updates per CPU" in out
    assert "18,720 / 9,360 = 2.0" in out
    assert "CFR check: after 11 iterations each, exploitability 5.00000e-01 (OpenSpiel)" in out
    assert "0.00% apart" in out
    assert "CFR Le Truc: Le Truc 2p" in out


@pytest.mark.slow
def test_the_bench_times_the_whole_deal_at_11_11() -> None:
    """The default Le Truc row, as bench/README.md reports it: 417,672 information sets."""
    section = bench.cfr_section(TINY, openspiel=False)
    truc = section.runs[-1]
    assert truc.key == "truc_cfr_plus_11_11_once" and truc.infosets == 417_672
    assert 0 < truc.exploitability < 1
