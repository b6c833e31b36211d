"""Preferans' records: seed 002's two bidding tables and hand-worked deals of each Russian
convention, replayed by ``tricktaker replay``.

Every record deals with seat 2 as dealer, so seat 0 is first hand (A in the seed's
tables), seat 1 second (B), seat 2 third (C). The Russian deals (see
``preferans_helpers`` for the cards and who takes which trick) are each replayed
under the three conventions by changing the record's options; every number
expected below is worked out by hand from docs/rules/preferans.md:

- contract values 6=2, 7=4; whists per trick the value (Leningrad twice it);
- Sochi/Rostov greedy whist, Leningrad gentleman's whist (both defenders share);
- consolation on a failed contract from every other player;
- a short whister answers per trick: the value (Sochi), half of it (Leningrad,
  Rostov); two whisters at 6 split the duty of four 2 + 2;
- all-pass: Sochi 1 gora per trick, Leningrad 2, Rostov 5 whists per trick from
  the player with the fewest tricks; no trick: Sochi 1, Leningrad 2, Rostov 1
  into the pulya;
- the balance "as if settled now": each unfilled pulya (20 - pulya) goes into
  the gora, the smallest gora is amnestied, each gora point is 10 whists
  written on its owner by each other player in thirds, and the whists are
  netted pairwise.
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest

from helpers import fingerprint, replay_cli
from preferans_helpers import card_tokens
from tricktaker.cli import main
from tricktaker.core.records import load_record, replay_text, state_from_record
from tricktaker.games.preferans import PreferansState

RECORDS = Path(__file__).parent / "records"
RUSSIAN = ("sochi", "leningrad", "rostov")


def record(name: str, upto: int | None = None, **changes: Any) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads((RECORDS / name).read_text(encoding="utf-8"))
    if upto is not None:
        rec["actions"] = rec["actions"][:upto]
    rec.update(changes)
    return rec


def under(name: str, rules: str) -> dict[str, Any]:
    rec = record(name)
    rec["options"] = {**rec["options"], "rules": rules}
    return rec


def state_of(rec: dict[str, Any]) -> PreferansState:
    st = state_from_record(load_record(json.dumps(rec)))
    assert isinstance(st, PreferansState)
    return st


def replayed(rec: dict[str, Any], capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    code, out = replay_cli(json.dumps(rec), capsys, *args)
    assert code == 0 and out["ok"] is True, out
    return out


def check_money(out: Any, returns: list[F]) -> None:
    """``returns`` exactly (to float precision), ``score`` the same rounded, sum zero."""
    assert sum(returns) == 0
    assert out["returns"] == pytest.approx([float(r) for r in returns], abs=1e-9)
    assert out["score"] == [round(r) for r in returns]


def entry(seat: int, column: str, amount: int, on: int | None = None) -> dict[str, Any]:
    e: dict[str, Any] = {"seat": seat, "column": column, "amount": amount}
    if on is not None:
        e["on"] = on
    return e


# ------------------------------------------------------------- seed 002's tables


def test_seed_002_table_one_b_declares_diamonds_or_hearts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A pass, B 1, C 2; B "here" (hold: he takes level 2), C 3; B here again (level 3),
    # C pass. B declares; the level reached is 3 (diamonds): he may name diamonds or hearts.
    rec = record("preferans_seed002_table1.json")
    out = replayed(rec, capsys)
    assert out["applied"] == 7
    view = out["view"]
    assert view["declarer"] == 1 and view["phase"] == "discard" and out["to_act"] == 1
    assert view["bids"] == [
        [0, "pass"],
        [1, "1"],
        [2, "2"],
        [1, "hold"],
        [2, "3"],
        [1, "hold"],
        [2, "pass"],
    ]
    # The talon went to B face down: nobody else, not the public, sees it.
    assert view["talon"] == [] and view["hand_sizes"] == [10, 12, 10]
    for seat in (0, 2):
        assert replayed(rec, capsys, "--seat", str(seat))["view"]["talon"] == []
    assert replayed(rec, capsys, "--seat", "1")["view"]["talon"] == ["8s", "7s"]
    st = state_of(rec)
    st.apply("1:discard 7c 8c")
    assert [str(a) for a in st.legal_actions()] == ["1:declare 6d", "1:declare 6h"]


def test_seed_002_table_two_c_declares_hearts(capsys: pytest.CaptureFixture[str]) -> None:
    # A 1, B 2, C 3; A pass, B here (level 3), C 4; B pass. C declares at level 4: hearts.
    rec = record("preferans_seed002_table2.json")
    out = replayed(rec, capsys)
    assert out["view"]["declarer"] == 2 and out["to_act"] == 2
    assert out["view"]["phase"] == "discard"
    st = state_of(rec)
    st.apply("2:discard Td Jd")
    assert [str(a) for a in st.legal_actions()] == ["2:declare 6h"]


def test_seed_002_tables_step_by_step() -> None:
    # Table 1: after C's 2, B (who bid 1 before C) may hold; C, overcalled by B's hold,
    # must bid higher or pass: C has no hold.
    rec = record("preferans_seed002_table1.json", upto=3)
    st = state_of(rec)
    assert [str(a) for a in st.legal_actions()] == ["1:pass", "1:bid 3", "1:bid 4", "1:hold"]
    st.apply("1:hold")
    assert [str(a) for a in st.legal_actions()] == ["2:pass", "2:bid 3", "2:bid 4"]
    # Table 2: after C's 3, A (who bid 1) may hold too, or pass; he passes.
    st = state_of(record("preferans_seed002_table2.json", upto=3))
    assert [str(a) for a in st.legal_actions()] == ["0:pass", "0:bid 4", "0:hold"]
    # B, having bid 2 earlier, holds C's 4 only by passing or holding (no number above 4).
    st = state_of(record("preferans_seed002_table2.json", upto=6))
    assert [str(a) for a in st.legal_actions()] == ["1:pass", "1:hold"]


# ------------------------------------------------------- the Russian deals

#: scenario -> convention -> (deal details, returns), worked out by hand.
MADE = {
    # 6s made: seat 0 took 6, seat 2 took 4, seat 1 none; both whisted (duty 4: met).
    # Sochi/Rostov: 2 into seat 0's pulya; seat 2 writes 2 x 4 = 8 on seat 0.
    # Balance: gora + unfilled pulya 18, 20, 20; amnesty 18: 0, 2, 2; seats 1 and 2 each
    # have 20/3 written on them by each other. Seat 0: 20/3 + 20/3 - 8 = 16/3.
    "sochi": ([entry(0, "pulya", 2), entry(2, "whists", 8, 0)], [F(16, 3), F(-20, 3), F(4, 3)]),
    # Leningrad: 4 whists a trick, the side's 4 tricks shared: 8 each. Seat 0: 40/3 - 16.
    "leningrad": (
        [entry(0, "pulya", 2), entry(1, "whists", 8, 0), entry(2, "whists", 8, 0)],
        [F(-8, 3), F(4, 3), F(4, 3)],
    ),
    "rostov": ([entry(0, "pulya", 2), entry(2, "whists", 8, 0)], [F(16, 3), F(-20, 3), F(4, 3)]),
}
FAILED = {
    # The same play at 7s (bid 6s, declared 7s): seat 0 took 6, one short.
    # Sochi/Rostov: 4 x 1 into his gora; seat 2 writes 4 x 4 = 16 for his tricks; then
    # each other player 4 of consolation. Balance: gora 24, 20, 20: seat 0's 4 points are
    # 40/3 written on him by each; seat 0 = -(4 + 40/3) - (20 + 40/3) = -152/3.
    "sochi": (
        [
            entry(0, "gora", 4),
            entry(2, "whists", 16, 0),
            entry(1, "whists", 4, 0),
            entry(2, "whists", 4, 0),
        ],
        [F(-152, 3), F(52, 3), F(100, 3)],
    ),
    # Leningrad: 8 a trick, 4 tricks shared: 16 each; consolation 8 each. 24 + 40/3 each.
    "leningrad": (
        [
            entry(0, "gora", 4),
            entry(1, "whists", 16, 0),
            entry(2, "whists", 16, 0),
            entry(1, "whists", 8, 0),
            entry(2, "whists", 8, 0),
        ],
        [F(-224, 3), F(112, 3), F(112, 3)],
    ),
    "rostov": (
        [
            entry(0, "gora", 4),
            entry(2, "whists", 16, 0),
            entry(1, "whists", 4, 0),
            entry(2, "whists", 4, 0),
        ],
        [F(-152, 3), F(52, 3), F(100, 3)],
    ),
}
SHORT = {
    # 6s: seat 0 took 9, seat 2 one, seat 1 none: the side is 3 short of 4. Each whister
    # answers for his half (2) not taken: seat 1 for 2, seat 2 for 1.
    # Sochi (responsible, 2 a trick): gora 4 and 2; seat 2 writes 2 on seat 0.
    # Balance: gora 18, 24, 22 -> 0, 6, 4: 20 on seat 1 and 40/3 on seat 2 from each.
    # Seat 0: 20 + 40/3 - 2 = 94/3; seat 1: -20 + 40/3 - 20 = -80/3; seat 2: -14/3.
    "sochi": (
        [
            entry(0, "pulya", 2),
            entry(2, "whists", 2, 0),
            entry(1, "gora", 4),
            entry(2, "gora", 2),
        ],
        [F(94, 3), F(-80, 3), F(-14, 3)],
    ),
    # Leningrad (half-responsible, 1 a trick): gora 2 and 1; the side's trick shared, 2
    # whists each. Balance: gora 18, 22, 21 -> 0, 4, 3: 40/3 on seat 1, 10 on seat 2.
    # Seat 0: (40/3 - 2) + (10 - 2) = 58/3; seat 1: (2 - 40/3) + (10 - 40/3) = -44/3.
    "leningrad": (
        [
            entry(0, "pulya", 2),
            entry(1, "whists", 2, 0),
            entry(2, "whists", 2, 0),
            entry(1, "gora", 2),
            entry(2, "gora", 1),
        ],
        [F(58, 3), F(-44, 3), F(-14, 3)],
    ),
    # Rostov: half-responsible, greedy. Seat 0: 40/3 + (10 - 2) = 64/3; seat 1:
    # -40/3 + (10 - 40/3) = -50/3; seat 2: (2 - 10) + (40/3 - 10) = -14/3.
    "rostov": (
        [
            entry(0, "pulya", 2),
            entry(2, "whists", 2, 0),
            entry(1, "gora", 2),
            entry(2, "gora", 1),
        ],
        [F(64, 3), F(-50, 3), F(-14, 3)],
    ),
}
HALF = {
    # 6s; seat 1 passes, seat 2 half, seat 1 passes again: no play. Seat 0 writes 2; the
    # half-whister writes half the duty, 2 tricks: 4 (Leningrad 8). Balance: gora 18,
    # 20, 20: 20/3 on seats 1 and 2; seat 0: 40/3 - 4 = 28/3 (Leningrad 40/3 - 8).
    "sochi": ([entry(0, "pulya", 2), entry(2, "whists", 4, 0)], [F(28, 3), F(-20, 3), F(-8, 3)]),
    "leningrad": (
        [entry(0, "pulya", 2), entry(2, "whists", 8, 0)],
        [F(16, 3), F(-20, 3), F(4, 3)],
    ),
    "rostov": ([entry(0, "pulya", 2), entry(2, "whists", 4, 0)], [F(28, 3), F(-20, 3), F(-8, 3)]),
}
# Misère made: 10 into the pulya, no whists: gora 10, 20, 20 -> 0, 10, 10: 100/3 on each
# of seats 1 and 2 from each other player; seat 0 +200/3. Caught (one trick): 10 into
# the gora: gora 30, 20, 20 -> 10, 0, 0: seat 0 -200/3. The same in all three.
MISERE_MADE = {c: ([entry(0, "pulya", 10)], [F(200, 3), F(-100, 3), F(-100, 3)]) for c in RUSSIAN}
MISERE_CAUGHT = {c: ([entry(0, "gora", 10)], [F(-200, 3), F(100, 3), F(100, 3)]) for c in RUSSIAN}
ALLPASS = {
    # Tricks 4, 1, 5, the first all-pass. Sochi: 1 a trick into the gora. Balance: gora
    # 24, 21, 25 -> 3, 0, 4: 10 on seat 0, 40/3 on seat 2 from each other.
    # Seat 0: -10 + (40/3 - 10) = -20/3; seat 1: 10 + 40/3 = 70/3; seat 2: -50/3.
    "sochi": (
        [entry(0, "gora", 4), entry(1, "gora", 1), entry(2, "gora", 5)],
        [F(-20, 3), F(70, 3), F(-50, 3)],
    ),
    # Leningrad: 2 a trick. Gora 28, 22, 30 -> 6, 0, 8: 20 on seat 0, 80/3 on seat 2.
    "leningrad": (
        [entry(0, "gora", 8), entry(1, "gora", 2), entry(2, "gora", 10)],
        [F(-40, 3), F(140, 3), F(-100, 3)],
    ),
}
# Rostov's all-pass is played without the talon (its own record): tricks 8, 0, 2. Seat 1
# took fewest (none): 1 into his pulya, 5 whists per trick on the others: 40 on seat 0,
# 10 on seat 2. Gora 20, 19, 20 -> 1, 0, 1: 10/3 on seats 0 and 2 from each other.
# Seat 0: -(40 + 10/3) + 0 = -130/3; seat 1: 130/3 + 40/3 = 170/3; seat 2: -40/3.
ALLPASS_ROSTOV = (
    [entry(1, "pulya", 1), entry(1, "whists", 40, 0), entry(1, "whists", 10, 2)],
    [F(-130, 3), F(170, 3), F(-40, 3)],
)

CASES = [
    ("preferans_made.json", MADE, "6s", 0, [6, 0, 4], "tricks"),
    ("preferans_failed.json", FAILED, "7s", 0, [6, 0, 4], "tricks"),
    ("preferans_short.json", SHORT, "6s", 0, [9, 0, 1], "tricks"),
    ("preferans_half.json", HALF, "6s", 0, [0, 0, 0], "half_whist"),
    ("preferans_misere_made.json", MISERE_MADE, "misere", 0, [0, 10, 0], "tricks"),
    ("preferans_misere_caught.json", MISERE_CAUGHT, "misere", 0, [1, 9, 0], "tricks"),
    ("preferans_allpass.json", ALLPASS, "allpass", None, [4, 1, 5], "tricks"),
]


@pytest.mark.parametrize(
    ("name", "table", "contract", "declarer", "taken", "end", "rules"),
    [(*case, rules) for case in CASES for rules in RUSSIAN if rules in case[1]],
    ids=lambda x: x if isinstance(x, str) and not x.endswith(".json") else None,
)
def test_hand_worked_deals(
    name: str,
    table: dict[str, Any],
    contract: str,
    declarer: int | None,
    taken: list[int],
    end: str,
    rules: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    written, returns = table[rules]
    out = replayed(under(name, rules), capsys)
    (done,) = out["deals"]
    assert done["contract"] == contract and done["declarer"] == declarer
    assert done["taken"] == taken and done["end"] == end
    assert done["entries"] == written
    check_money(out, returns)
    assert out["finished"] is False and out["winner"] is None
    # The next deal is dealt: seat 0 deals, seat 1 is first hand and speaks.
    assert out["view"]["dealer"] == 0 and out["to_act"] == 1
    assert out["view"]["phase"] == "bidding"


def test_rostov_allpass_record(capsys: pytest.CaptureFixture[str]) -> None:
    out = replayed(record("preferans_allpass_rostov.json"), capsys)
    (done,) = out["deals"]
    assert done["contract"] == "allpass" and done["taken"] == [8, 0, 2]
    assert done["entries"] == ALLPASS_ROSTOV[0]
    assert "talon" not in done  # Rostov never turns the talon
    check_money(out, ALLPASS_ROSTOV[1])


def test_deal_details_of_the_made_contract(capsys: pytest.CaptureFixture[str]) -> None:
    out = replayed(record("preferans_made.json"), capsys)
    (done,) = out["deals"]
    assert done["tricks"] == [0, 0, 0, 0, 0, 0, 2, 2, 2, 2]
    assert done["winner"] == 0 and done["points"] == 2
    assert done["bids"] == [[0, "6s"], [1, "pass"], [2, "pass"]]
    assert done["answers"] == ["", "whist", "whist"]
    assert done["talon"] == ["8s", "7s"]
    assert done["played"][0] == ["0:As", "1:9s", "2:Td"]
    assert done["played"][6] == ["0:9h", "1:Jc", "2:Qh"]
    assert done["sheet"] == {
        "pulya": [2, 0, 0],
        "gora": [0, 0, 0],
        "whists": [[0, 0, 0], [0, 0, 0], [8, 0, 0]],
    }


def test_half_whist_and_allpass_details(capsys: pytest.CaptureFixture[str]) -> None:
    done = replayed(record("preferans_half.json"), capsys)["deals"][0]
    assert done["answers"] == ["", "pass", "half"] and done["tricks"] == []
    assert "talon" not in done  # never played: the talon stays in the declarer's hand
    out = replayed(record("preferans_allpass.json"), capsys)
    done = out["deals"][0]
    assert done["tricks"] == [1, 2, 0, 0, 0, 0, 2, 2, 2, 2]
    assert done["allpass_round"] == 1 and done["talon"] == ["7c", "7d"]
    # After one all-pass the next deal still opens at 6 (exit 6-7-7 / 6-7-8).
    assert out["view"]["allpass"] == 1 and out["view"]["min_bid"] == "6s"
    # A misère's talon was never shown: not in the summary.
    done = replayed(record("preferans_misere_made.json"), capsys)["deals"][0]
    assert "talon" not in done and "9d" not in json.dumps(done)


def test_the_replay_command_reads_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(RECORDS / "preferans_made.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deals"][0]["entries"] == MADE["sochi"][0]


@pytest.mark.parametrize(
    "name", ["preferans_made.json", "preferans_misere_caught.json", "preferans_allpass.json"]
)
def test_three_ways_of_replaying_agree_and_the_record_round_trips(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (RECORDS / name).read_text(encoding="utf-8")
    st = state_of(json.loads(text))
    outcome = replay_text(text)
    code, out = replay_cli(text, capsys)
    assert outcome.exit_code == code == 0
    assert outcome.output == out
    assert out["deals"] == [d.to_json() for d in st.finished_deals()]
    saved = st.to_record()
    original = json.loads(text)
    assert saved["deals"][0] == original["deals"][0]
    assert saved["actions"] == original["actions"]
    assert fingerprint(state_of(saved)) == fingerprint(st)


@pytest.mark.parametrize("seat", range(3))
def test_replay_for_a_seat_during_the_misere(seat: int, capsys: pytest.CaptureFixture[str]) -> None:
    # After the discard and two tricks: the talon (9d 9h) and the discard are the
    # declarer's alone; the catchers' hands are open to all since trick one.
    rec = record("preferans_misere_made.json", upto=4 + 6)
    out = replayed(rec, capsys, "--seat", str(seat))
    tokens = card_tokens(out)
    if seat == 0:
        assert out["view"]["talon"] == ["9d", "9h"] and out["view"]["discard"] == ["9d", "9h"]
    else:
        assert out["view"]["talon"] == [] and out["view"]["discard"] == []
        assert not {"9d", "9h"} & tokens
        # Seat 0's unplayed cards are hidden from the catchers.
        assert not {"9s", "7c", "8c", "9c", "7d", "8d", "7h", "8h"} & tokens
    assert [s for s, _ in out["view"]["open_hands"]] == [1, 2]
