"""Tetka's records: seed 004's worked example and whole deals replayed by ``tricktaker replay``.

``records/tetka_seed004_example.json`` is one whole deal (dealer 0, photograph 7h)
whose first trick is seed 004's example: the first player leads 9d, the second
must play Kd (he has no lower diamond, only Ad), the third dumps Qd, the fourth
plays Td, and the second takes the trick and the queen.
``records/tetka_revokes.json`` is a deal under ``revoke=penalized`` with two
revokes paid for in the order they are proved.
Every expected value below is worked out by hand (see test_tetka_rules.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from helpers import fingerprint, replay_cli
from tetka_helpers import card_tokens
from tricktaker.cli import main
from tricktaker.core.records import load_record, replay_text, state_from_record
from tricktaker.games.tetka import TetkaState

RECORDS = Path(__file__).parent / "records"
EXAMPLE = RECORDS / "tetka_seed004_example.json"
REVOKES = RECORDS / "tetka_revokes.json"


def record(path: Path, upto: int | None = None, **changes: Any) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if upto is not None:
        rec["actions"] = rec["actions"][:upto]
    rec.update(changes)
    return rec


def state_of(rec: dict[str, Any]) -> TetkaState:
    st = state_from_record(load_record(json.dumps(rec)))
    assert isinstance(st, TetkaState)
    return st


def unplayed(rec: dict[str, Any], seat: int) -> set[str]:
    """Cards of ``seat`` not yet played after the record's actions."""
    gone = {a.split()[1] for a in rec["actions"]}
    return set(rec["deals"][0]["hands"][seat]) - gone


GOLDEN_DEAL = {
    "deal": 0,
    "dealer": 0,
    "tricks": [2, 0, 1, 3, 0, 0, 3, 2, 1, 3, 3, 0, 0],
    "winner": None,
    "points": 8,
    "end": "tricks",
    "photo": "7h",
    "counting": 7,
    "played": [
        ["1:9d", "2:Kd", "3:Qd", "0:Td"],
        ["2:2c", "3:5c", "0:Ac", "1:3c"],
        ["0:4h", "1:6h", "2:2h", "3:3h"],
        ["1:7s", "2:2s", "3:Ks", "0:3s"],
        ["3:4s", "0:Qs", "1:5s", "2:6s"],
        ["0:Kc", "1:Qc", "2:4c", "3:6c"],
        ["0:7c", "1:8c", "2:9c", "3:Tc"],
        ["3:2d", "0:3d", "1:4d", "2:Ad"],
        ["2:7h", "3:8h", "0:9h", "1:Th"],
        ["1:Jh", "2:Kh", "3:Ah", "0:5h"],
        ["3:Qh", "0:As", "1:5d", "2:Jc"],
        ["3:7d", "0:Jd", "1:6d", "2:Ts"],
        ["0:Js", "1:9s", "2:8s", "3:8d"],
    ],
    # Seat 0: Qs (trick 5), Qc (6), the most tricks (5) and the last; seat 1 the photo
    # card 7h (trick 9); seat 2 Qd (trick 1, the seed's example); seat 3 Qh (11) and
    # the counting trick, the 7th for a seven.
    "marks": [4, 1, 1, 2],
    "reasons": [["Qs", "Qc", "most", "last"], ["photo"], ["Qd"], ["Qh", "counting"]],
    "taken": [5, 2, 2, 4],
    "revokes": [],
    "handed": [],
    "total": [4, 1, 1, 2],
}


# -------------------------------------------------------- seed 004's example


def test_seed_004_example_trick_through_the_replay_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = json.dumps(record(EXAMPLE, upto=4))
    code, out = replay_cli(text, capsys)
    assert code == 0 and out["ok"] is True
    assert out["applied"] == 4
    assert out["to_act"] == 2  # the second player took the trick: he leads
    assert out["score"] == [0, 0, 0, 0] and out["returns"] == [0, 0, 0, 0]
    assert out["deals"] == [] and out["finished"] is False and out["winner"] is None
    view = out["view"]
    assert view["seat"] is None and view["hand"] == []
    assert view["table"] == []
    assert view["review"] == [
        {"trick": 1, "played": [[1, "9d"], [2, "Kd"], [3, "Qd"], [0, "Td"]], "winner": 2}
    ]
    assert view["taken"] == [0, 0, 1, 0]
    assert view["deal_marks"] == [[], [], ["Qd"], []]
    trick = [e for e in out["events"] if e["kind"] == "trick"]
    assert trick == [
        {
            "n": 5,
            "kind": "trick",
            "seat": None,
            "action": None,
            "data": {
                "trick": 1,
                "played": [[1, "9d"], [2, "Kd"], [3, "Qd"], [0, "Td"]],
                "winner": 2,
                "marks": ["Qd"],
            },
        }
    ]
    # Seat 2 leads anything he holds.
    assert sorted(a.split()[1] for a in out["legal"]) == sorted(
        ["2c", "2h", "2s", "6s", "4c", "9c", "Ad", "7h", "Kh", "Jc", "Ts", "8s"]
    )


def test_seed_004_example_the_whole_deal_golden(capsys: pytest.CaptureFixture[str]) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    code, out = replay_cli(text, capsys)
    assert code == 0 and out["ok"] is True
    assert out["applied"] == 52
    assert out["deals"] == [GOLDEN_DEAL]
    assert out["score"] == [4, 1, 1, 2]
    # Sum 8: each receives 8 - 4 m; seat 1 receives 3 from seat 0 and 1 from seat 3.
    assert out["returns"] == [-8, 4, 4, 0]
    assert out["sides"] == [0, 1, 2, 3] and out["games"] == [0, 0, 0, 0]
    assert out["finished"] is False and out["winner"] is None
    # The robber goes on: seat 1 deals the next deal (from the seed), seat 2 leads.
    assert out["to_act"] == 2
    assert out["view"]["dealer"] == 1 and out["view"]["photo_by"] == 2
    assert out["view"]["deal_number"] == 1 and out["view"]["review"] == []
    assert out["view"]["marks"] == [4, 1, 1, 2]
    assert len(out["legal"]) == 13 and all(a.startswith("2:play ") for a in out["legal"])
    ends = [e for e in out["events"] if e["kind"] == "deal_end"]
    assert [e["data"] for e in ends] == [GOLDEN_DEAL]
    assert [e["data"]["marks"] for e in out["events"] if e["kind"] == "deal"] == [
        [0, 0, 0, 0],
        [4, 1, 1, 2],
    ]


def test_the_replay_command_reads_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deals"] == [GOLDEN_DEAL]


def test_three_ways_of_replaying_agree_and_the_record_round_trips(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    st = state_of(json.loads(text))
    outcome = replay_text(text)
    code, out = replay_cli(text, capsys)
    assert outcome.exit_code == code == 0
    assert outcome.output == out
    assert out["deals"] == [d.to_json() for d in st.finished_deals()]
    saved = st.to_record()
    original = json.loads(text)
    assert saved["deals"][0] == original["deals"][0]  # hands as dealt, photo, draw
    assert saved["actions"] == original["actions"]
    again = state_of(saved)
    assert fingerprint(again) == fingerprint(st)


# -------------------------------------------------------------- --seat N


@pytest.mark.parametrize("seat", range(4))
def test_replay_for_a_seat_shows_his_hand_only(
    seat: int, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = record(EXAMPLE, upto=9)  # two tricks and seat 0's lead of 4h
    code, out = replay_cli(json.dumps(rec), capsys, "--seat", str(seat))
    assert code == 0 and out["seat"] == seat
    assert set(out["view"]["hand"]) == unplayed(rec, seat)
    deal = out["events"][0]
    assert deal["kind"] == "deal" and sorted(deal["data"]["hand"]) == sorted(
        rec["deals"][0]["hands"][seat]
    )
    # No other seat's unplayed card anywhere, but the photograph and the seat draw,
    # turned from the second deck for all to see.
    public = {"7h", *rec["deals"][0]["draw"]}
    hidden = set().union(*(unplayed(rec, s) for s in range(4) if s != seat)) - public
    assert not hidden & card_tokens(out)
    assert out["to_act"] == 1
    if seat == 1:
        assert out["legal"] == ["1:play 6h", "1:play Th", "1:play Jh"]  # his hearts
    else:
        assert out["legal"] == []


def test_replay_for_a_seat_applies_the_review_rule(capsys: pytest.CaptureFixture[str]) -> None:
    # After two tricks (led by seats 1 and 2) with seat 0 to lead the third: seats 0
    # and 3 may look at the last two tricks, seats 1 and 2 only at the last.
    text = json.dumps(record(EXAMPLE, upto=8))
    for seat, shown in [(0, [1, 2]), (1, [2]), (2, [2]), (3, [1, 2])]:
        code, out = replay_cli(text, capsys, "--seat", str(seat))
        assert code == 0
        assert [t["trick"] for t in out["view"]["review"]] == shown
    code, out = replay_cli(text, capsys)
    assert [t["trick"] for t in out["view"]["review"]] == [2]  # a spectator: the last
    # Once seat 0 has led trick 3, he too sees only the last.
    code, out = replay_cli(json.dumps(record(EXAMPLE, upto=9)), capsys, "--seat", "0")
    assert [t["trick"] for t in out["view"]["review"]] == [2]
    assert out["view"]["table"] == [[0, "4h"]]


def test_replay_for_a_seat_that_does_not_exist(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = replay_cli(EXAMPLE.read_text(encoding="utf-8"), capsys, "--seat", "4")
    assert code == 2 and "seats 0 to 3" in out["error"]["message"]


# --------------------------------------------------------------- revokes


def test_revokes_record_golden(capsys: pytest.CaptureFixture[str]) -> None:
    # Trick 12 (led by seat 2): seat 3 plays 8d, then seat 1 plays 6d, both holding
    # spades; trick 13 (led by seat 0): seat 1 shows Ts first, then seat 3 shows 9s.
    # Seat 1 is paid first: seat 2 hands trick 8 (the photo card 3d), seat 3 trick 7
    # (the later of his bare 4 and 7), seat 0 trick 13 (the last). Then seat 3: seat 0
    # hands 12, seat 1 trick 3 (the counting trick), seat 2 trick 10 (his only one
    # without a queen). Queens stay where they were won.
    code, out = replay_cli(REVOKES.read_text(encoding="utf-8"), capsys)
    assert code == 0 and out["applied"] == 52
    (deal,) = out["deals"]
    assert deal["tricks"] == [2, 0, 1, 3, 0, 1, 3, 2, 1, 2, 2, 0, 0]
    assert deal["played"][11:] == [
        ["2:8s", "3:8d", "0:Js", "1:6d"],
        ["0:Jd", "1:Ts", "2:7d", "3:9s"],
    ]
    assert deal["revokes"] == [[1, "s", 12], [3, "s", 12]]
    assert deal["handed"] == [[2, 1, 8], [3, 1, 7], [0, 1, 13], [0, 3, 12], [1, 3, 3], [2, 3, 10]]
    assert deal["taken"] == [2, 5, 2, 4]
    assert deal["reasons"] == [["Qs"], ["Qc", "photo", "most", "last"], ["Qd", "Qh"], ["counting"]]
    assert deal["marks"] == deal["total"] == out["score"] == [1, 4, 2, 1]
    assert out["returns"] == [4, -8, 0, 4]
    told = [(e["n"], e["seat"], e["data"]) for e in out["events"] if e["kind"] == "revoke"]
    actions = [e for e in out["events"] if e["kind"] == "action"]
    by_n = {e["n"]: e["action"] for e in actions}
    assert [(by_n[n - 1], seat, data) for n, seat, data in told] == [
        ("1:play Ts", 1, {"suit": "s", "trick": 12}),
        ("3:play 9s", 3, {"suit": "s", "trick": 12}),
    ]


def test_revokes_before_they_are_proved_are_told_to_nobody(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rec = record(REVOKES, upto=48)
    for args in ([], ["--seat", "0"], ["--seat", "1"], ["--seat", "3"]):
        code, out = replay_cli(json.dumps(rec), capsys, *args)
        assert code == 0
        assert out["view"]["revokes"] == []
        assert not [e for e in out["events"] if e["kind"] == "revoke"]


# ------------------------------------------------------------ the robber's end


def test_a_record_that_ends_the_robber(capsys: pytest.CaptureFixture[str]) -> None:
    rec = record(EXAMPLE, start={"marks": [0, 0, 5, 20]})
    code, out = replay_cli(json.dumps(rec), capsys)
    assert code == 0
    assert out["finished"] is True and out["to_act"] is None and out["legal"] == []
    assert out["score"] == [4, 1, 6, 22]
    assert out["winner"] == 1  # the fewest marks
    # Sum 33: each receives 33 - 4 m (seat 1: 3 + 5 + 21 from the others).
    assert out["returns"] == [17, 29, 9, -55]
    assert out["deals"][0]["total"] == [4, 1, 6, 22]
    end = out["events"][-1]
    assert end["kind"] == "match_end"
    assert end["data"] == {"marks": [4, 1, 6, 22], "returns": [17, 29, 9, -55], "winner": 1}
    assert state_of(rec).to_record()["start"] == {"marks": [0, 0, 5, 20]}


def test_the_public_record_holds_what_was_shown_and_no_hand() -> None:
    st = state_of(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    public = st.public_record()
    assert "seed" not in public and "hands" not in json.dumps(public)
    assert public["actions"] == json.loads(EXAMPLE.read_text(encoding="utf-8"))["actions"]
    assert public["deals"] == [{**GOLDEN_DEAL, "draw": ["2c", "5h", "Kd", "9s"]}]


def test_summaries_records_and_views_handed_out_are_copies() -> None:
    st = state_of(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    summary = st.finished_deals()[0].to_json()
    summary["marks"][0] = 99
    summary["reasons"][0].clear()
    record_ = st.to_record()
    record_["deals"][0]["hands"][0].clear()
    record_["actions"].clear()
    view = st.view(2).to_json()
    view["hand"].clear()
    assert st.finished_deals()[0].to_json() == GOLDEN_DEAL
    assert st.to_record()["deals"][0] == json.loads(EXAMPLE.read_text("utf-8"))["deals"][0]
    assert len(st.to_record()["actions"]) == 52
    assert len(st.view(2).to_json()["hand"]) == 13


def test_what_a_caller_does_with_the_public_record_never_reaches_the_state() -> None:
    st = state_of(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    first = st.public_record()
    first["deals"][0]["marks"][0] = 99
    first["deals"][0]["played"].clear()
    assert st.public_record()["deals"][0] == {**GOLDEN_DEAL, "draw": ["2c", "5h", "Kd", "9s"]}
    assert st.clone().public_record()["deals"][0]["marks"] == [4, 1, 1, 2]
