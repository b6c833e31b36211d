"""The open-hand oracle of ``bench/preferans_decisions.py`` on crafted deals: whisting
clearly pays against a contract the declarer cannot make, and clearly does not against
one he makes with every trick. Nothing here is timed."""

from __future__ import annotations

import sys
from pathlib import Path

from preferans_helpers import SPADES, deal, pref, run
from tricktaker.games.preferans.actions import PASS, WHIST
from tricktaker.solvers.preferans.position import Solver

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
try:
    import preferans_decisions as bench
finally:
    sys.path.pop(0)

#: Seat 0 holds every spade but two (the talon's), three aces and a king: ten sure tricks.
SOLID = deal(
    "As Ks Qs Js Ts 9s Ac Ad Ah Kh",
    "Kc Qc Jc Tc 9c 8c 7c Qh Jh Th",
    "Kd Qd Jd Td 9d 8d 7d 9h 8h 7h",
    talon="8s 7s",
)


def test_whisting_pays_against_a_contract_two_short() -> None:
    # SPADES: seat 0 takes six tricks with spades trumps, seat 2 the four red ones; an
    # 8s goes two down. Seat 1 passes; seat 2, who holds the red winners, whists.
    st = pref([SPADES])
    run(st, "0:bid 6s,1:pass,2:pass,0:discard 7h 8h,0:declare 8s,1:pass")
    assert st.to_act == 2
    solver = Solver()
    assert bench.best_play_tricks(st, solver) == 6
    values = bench.answer_values(st, solver)
    assert values[WHIST] > values[PASS] + 10
    assert values[WHIST] > 0 > values[PASS]


def test_whisting_does_not_pay_against_ten_sure_tricks() -> None:
    st = pref([SOLID])
    run(st, "0:bid 6s,1:pass,2:pass,0:discard 8s 7s,0:declare 6s")
    assert st.to_act == 1
    solver = Solver()
    assert bench.best_play_tricks(st, solver) == 10
    values = bench.answer_values(st, solver)
    # A whister takes none of the four tricks of his duty and pays for them; a passer
    # (the second defender, chosen by the oracle, passes too) only sees the declarer's
    # pulya written: 60 against 6.7 whists.
    assert values[WHIST] < values[PASS] - 10
    assert values[PASS] > -10


def test_wilson_interval() -> None:
    p, lo, hi = bench.wilson(8, 10)
    assert p == 0.8 and 0.49 < lo < 0.5 and 0.94 < hi < 0.95
    assert bench.mean_ci([1.0, 1.0, 1.0])[1:] == (1.0, 1.0)
