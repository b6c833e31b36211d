"""The bench's workloads run, count what they claim, and print; no timing is asserted."""

from __future__ import annotations

import json
import random
import sys

import pytest

from tricktaker.arena import bench
from tricktaker.cli import main
from tricktaker.core import get_game

TINY = 0.05


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("policy", ["uniform", "card-play"])
def test_truc_matches_count_matches_deals_and_actions(players: int, policy: str) -> None:
    m = bench.truc_matches(players, policy, TINY, seed=5)
    assert m.unit == "match"
    assert m.units >= 1
    # A match is at least two games of 12 points; no deal scores more than 12.
    assert m.deals >= 2 * m.units
    assert m.actions >= m.deals
    assert m.seconds >= TINY
    assert m.per_second > 0 and m.deals_per_second > 0 and m.actions_per_second > 0
    assert m.actions_per_deal == pytest.approx(m.actions / m.deals)


def test_card_play_deals_play_cards_to_the_end() -> None:
    # Without folds or proposals every 2p deal needs at least 4 cards (two tricks).
    m = bench.truc_matches(2, "card-play", TINY, seed=9)
    assert m.actions_per_deal >= 4
    uniform = bench.truc_matches(2, "uniform", TINY, seed=9)
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
    pool = bench.mid_deal_pool(2, size=8, seed=3)
    assert len(pool) == 8
    before = [p.to_record() for p in pool]
    for state in pool:
        assert state.to_act is not None
        assert state.finished_deals() == []
        assert any(a.startswith(("0:play", "1:play")) for a in state.to_record()["actions"])
    m = bench.truc_playouts(2, "uniform", TINY, seed=3, pool=pool)
    assert m.unit == "playout" and m.units > 0 and m.actions >= m.units
    assert [p.to_record() for p in pool] == before


def test_report_json_and_ratios_without_openspiel() -> None:
    report = bench.run_bench(TINY, no_openspiel=True)
    keys = [m.key for m in report.measurements]
    assert "truc2p_uniform" in keys and "truc4p_card-play" in keys and "tetka_uniform" in keys
    assert "leduc_uniform" not in keys and "hearts_uniform" not in keys
    assert report.openspiel == "skipped"
    assert report.ratios() == {}
    data = report.to_json()
    json.dumps(data)
    assert data["target_deals_per_second"] == bench.TARGET_DEALS_PER_SECOND
    uniform = report.get("truc2p_uniform")
    assert uniform is not None
    assert data["target_met"] is (uniform.deals_per_second >= bench.TARGET_DEALS_PER_SECOND)
    assert {x["key"] for x in data["latencies"]} == {
        f"truc{n}p_{call}" for n in (2, 4) for call in ("clone", "apply", "sample_state")
    }
    assert all(x["calls"] > 0 and x["microseconds"] > 0 for x in data["latencies"])


def test_latencies_time_each_call_without_changing_the_pool() -> None:
    pool = bench.mid_deal_pool(2, size=8, seed=3)
    before = [p.to_record() for p in pool]
    found = bench.truc_latencies(2, TINY, seed=3)
    assert [x.key for x in found] == ["truc2p_clone", "truc2p_apply", "truc2p_sample_state"]
    assert all(x.calls >= 64 and x.seconds >= TINY for x in found)
    assert [p.to_record() for p in pool] == before


def test_leduc_when_openspiel_is_installed() -> None:
    if bench.openspiel_missing() is not None:
        pytest.skip("open-spiel is not installed")
    m = bench.leduc_games(TINY, seed=4)
    assert m.units > 0 and m.actions >= 2 * m.units  # both players act at least once
    assert m.chance >= 2 * m.units  # two private cards, at least
    report = bench.BenchReport(TINY, 1, (bench.truc_matches(2, "uniform", TINY, seed=4), m), "used")
    (ratio,) = report.ratios().values()
    assert ratio > 0


def test_tetka_deals_are_whole_deals_of_52_cards() -> None:
    m = bench.tetka_deals(TINY, seed=6)
    assert m.key == "tetka_uniform" and m.unit == "deal"
    assert m.units >= 1
    assert m.actions == 52 * m.units  # every card of the deck, one play each
    assert m.per_second > 0 and m.seconds >= TINY


@pytest.mark.parametrize("convention", ["sochi", "pot"])
def test_preferans_deals_are_whole_single_deals(convention: str) -> None:
    m = bench.preferans_deals(TINY, seed=6, convention=convention)
    assert m.key == f"preferans_{convention}_uniform" and m.unit == "deal"
    assert m.units >= 1 and m.per_second > 0 and m.seconds >= TINY
    # At least a bid or pass per seat; at most the engine's bound on a deal's actions.
    assert 3 * m.units <= m.actions <= 100 * m.units


def test_hearts_when_openspiel_is_installed() -> None:
    if bench.openspiel_missing() is not None:
        pytest.skip("open-spiel is not installed")
    m = bench.hearts_deals(TINY, seed=4)
    assert m.key == "hearts_uniform" and m.unit == "deal" and m.units > 0
    # 52 cards played, and 12 passed unless the direction drawn is "no pass".
    assert 52 * m.units < m.actions < 64 * m.units
    assert m.chance == 53 * m.units  # the passing direction, 52 cards dealt
    tetka = bench.tetka_deals(TINY, seed=4)
    report = bench.BenchReport(TINY, 1, (tetka, m), "used")
    assert report.ratios() == {
        "tetka_uniform_deals_vs_hearts_deals": tetka.per_second / m.per_second
    }


def test_cli_prints_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seconds", str(TINY), "--no-openspiel"]) == 0
    out = capsys.readouterr().out
    assert "Truc 2p uniform: deals" in out
    assert "Tetka uniform: deals" in out
    assert "skipped" in out
    assert "target >= 20,000" in out
    assert "sample_state" in out and "µs per call" in out
    assert main(["bench", "--seconds", str(TINY), "--no-openspiel", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {m["key"] for m in data["measurements"]} >= {
        "truc2p_uniform",
        "truc4p_uniform",
        "tetka_uniform",
    }
    assert main(["bench", "--seconds", "0"]) == 2


def test_missing_openspiel_is_said_and_truc_figures_still_print(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # makes `import pyspiel` fail
    why = bench.openspiel_missing()
    assert why is not None and "pip install open-spiel" in why
    assert main(["bench", "--seconds", str(TINY)]) == 0
    out = capsys.readouterr().out
    assert "OpenSpiel unavailable" in out and "pip install open-spiel" in out
    assert "Truc 2p uniform: deals" in out and "Tetka uniform: deals" in out
    assert "leduc" not in out and "hearts" not in out
