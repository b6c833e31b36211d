"""Seed 000's worked examples as game records, and the record round trip.

Each example is a JSON record (docs/design.md, §6 "Records and replay") replayed three ways:
``state_from_record``, ``replay_text`` and the ``tricktaker replay`` command.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from helpers import card_tokens, deals_json, legal, new_state
from tricktaker.cli import main
from tricktaker.core.records import load_record, replay_text, state_from_record
from tricktaker.games.truc import TrucState

# --------------------------------------------------------------------- Dummett
# Non-dealer (seat 1) holds 7 8 9, the dealer (seat 0) 7 8 K. Four bluffs win seat 1
# eight points: the call, the accepted doubles, the double before his seven, the rest.

DUMMETT: dict[str, Any] = {
    "game": "truc",
    "options": {"players": 2},
    "dealer": 0,
    "deals": [{"hands": [["7s", "8d", "Kc"], ["7h", "8c", "9d"]]}],
    "actions": [
        "1:redeal",
        "0:refuse",
        "1:play 8c",
        "0:double",
        "1:accept",
        "0:play 7s",
        "0:double",
        "1:accept",
        "0:play 8d",
        "1:double",
        "0:accept",
        "1:play 7h",
        "1:rest",
        "0:refuse",
    ],
}


def replay(record: dict[str, Any], upto: int | None = None) -> TrucState:
    rec = dict(record)
    if upto is not None:
        rec["actions"] = record["actions"][:upto]
    state = state_from_record(load_record(json.dumps(rec)))
    assert isinstance(state, TrucState)
    return state


def test_dummett_example_step_by_step() -> None:
    acts = DUMMETT["actions"]
    st = replay(DUMMETT, acts.index("0:play 7s") + 1)
    assert st.public_view().to_json()["tricks"][0]["result"] == 0  # the dealer's seven
    assert st.view(0).value == 2 and st.to_act == 0
    assert "0:double" in legal(st)  # the same player doubles again on his next turn
    st = replay(DUMMETT, acts.index("1:play 7h") + 1)
    assert st.public_view().to_json()["tricks"][1]["result"] == 1
    assert st.view(1).value == 8 and st.to_act == 1
    assert st.view(1).to_json()["hand"] == ["9d"]  # only the lowest card left
    assert "1:rest" in legal(st) and "1:double" not in legal(st)  # 0 + 16 > 12
    st = replay(DUMMETT, acts.index("1:rest") + 1)
    assert legal(st) == ["0:accept", "0:refuse", "0:rest", "0:fold"]


def test_dummett_example_the_dealer_loses_eight() -> None:
    st = replay(DUMMETT)
    assert st.result().score == (0, 8)
    assert deals_json(st) == [
        {
            "deal": 0,
            "dealer": 0,
            "tricks": [0, 1],
            "played": [["1:8c", "0:7s"], ["0:8d", "1:7h"]],
            "winner": 1,
            "points": 8,
            "end": "refused",
            "value": 8,
            "score": [0, 8],
        }
    ]
    # The unplayed 9d and Kc are shown to nobody.
    for shown in (st.public_view().to_json(), st.public_record(), deals_json(st)):
        assert not card_tokens(shown) & {"9d", "Kc"}


# ------------------------------------------------------------ Kabanov–Danilov
# Kabanov (seat 0) 7, Danilov (seat 1) 2, reached through nine fold deals. In deal 9
# Danilov deals, Kabanov leads; the value reaches 4 and Kabanov claims his rest (5).


def fold_prelude(sides: list[int], first_dealer: int = 0) -> list[str]:
    """One point per deal to ``sides[i]``: the non-dealer folds, or calls and the dealer folds."""
    out: list[str] = []
    for i, side in enumerate(sides):
        dealer = (first_dealer + i) % 2
        actor = 1 - dealer
        out += [f"{actor}:redeal", f"{dealer}:fold"] if actor == side else [f"{actor}:fold"]
    return out


PRELUDE = fold_prelude([0, 1, 0, 0, 1, 0, 0, 0, 0])  # 7 to Kabanov, 2 to Danilov
TO_REST = [
    "0:double",
    "1:accept",
    "0:play 9c",
    "1:double",
    "0:accept",
    "1:play Kd",  # Danilov takes trick 1 at value 4
    "1:play 8d",
]


def kabanov_record(k3: str, d3: str, tail: list[str]) -> dict[str, Any]:
    return {
        "game": "truc",
        "options": {"players": 2, "redeal": "repeat", "ties": "leader"},
        "dealer": 0,
        "deals": [{} for _ in range(9)] + [{"hands": [["9c", "7h", k3], ["Kd", "8d", d3]]}],
        "actions": PRELUDE + TO_REST + tail,
    }


KABANOV_WINS = ("8c", "Ac")
DANILOV_WINS = ("Ah", "8s")


def test_kabanov_danilov_the_position() -> None:
    rec = kabanov_record(*KABANOV_WINS, [])
    st = replay(rec, len(PRELUDE))
    assert st.result().score == (7, 2)
    assert all(d["end"] == "folded" for d in deals_json(st))
    assert st.view(0).dealer == 1 and st.to_act == 0
    st = replay(rec, len(PRELUDE) + TO_REST.index("1:play 8d"))
    assert st.view(1).value == 4 and st.to_act == 1
    # Danilov could double to 8 without passing 12, so he may not claim a rest.
    assert "1:double" in legal(st) and "1:rest" not in legal(st)
    st = replay(rec)
    assert st.to_act == 0
    # Kabanov may not double to 8 (7 + 8 > 12); his rest claims 5 > 4.
    assert "0:rest" in legal(st) and "0:double" not in legal(st)
    st.apply("0:rest")
    assert legal(st) == ["1:accept", "1:refuse", "1:rest", "1:fold"]


@pytest.mark.parametrize(
    ("cards", "winner", "points"), [(KABANOV_WINS, 0, 5), (DANILOV_WINS, 1, 10)]
)
def test_kabanov_danilov_counter_rest_decides_the_game(
    cards: tuple[str, str], winner: int, points: int
) -> None:
    k3, d3 = cards
    tail = ["0:rest", "1:rest", "0:play 7h", f"0:play {k3}", f"1:play {d3}"]
    st = replay(kabanov_record(k3, d3, tail))
    d = deals_json(st)[-1]
    assert (d["winner"], d["points"]) == (winner, points)
    assert d["score"] == ([12, 2] if winner == 0 else [7, 12])
    assert st.result().games == ((1, 0) if winner == 0 else (0, 1))
    assert st.result().score == (0, 0)


@pytest.mark.parametrize(
    ("cards", "winner", "points"), [(KABANOV_WINS, 0, 5), (DANILOV_WINS, 1, 10)]
)
def test_kabanov_danilov_accepts_then_says_rest_on_his_own_turn(
    cards: tuple[str, str], winner: int, points: int
) -> None:
    k3, d3 = cards
    tail = ["0:rest", "1:accept", "0:play 7h", f"0:play {k3}", "1:rest", f"1:play {d3}"]
    st = replay(kabanov_record(k3, d3, tail), len(PRELUDE) + len(TO_REST) + 2)
    assert st.view(0).value == 5  # accepted: the deal is worth Kabanov's claim
    assert "0:double" not in legal(st) and "0:rest" not in legal(st)
    st = replay(kabanov_record(k3, d3, tail), len(PRELUDE) + len(TO_REST) + 4)
    assert "1:rest" in legal(st) and "1:double" not in legal(st)
    st = replay(kabanov_record(k3, d3, tail))
    d = deals_json(st)[-1]
    assert (d["winner"], d["points"]) == (winner, points)
    assert st.result().games == ((1, 0) if winner == 0 else (0, 1))


def test_kabanov_danilov_accepted_rest_without_a_second_rest_is_worth_five() -> None:
    tail = ["0:rest", "1:accept", "0:play 7h", "0:play Ah", "1:play 8s"]
    st = replay(kabanov_record(*DANILOV_WINS, tail))
    d = deals_json(st)[-1]
    assert (d["winner"], d["points"], d["score"]) == (1, 5, [7, 7])
    assert st.result().games == (0, 0)


# ------------------------------------------------------------ tricktaker replay

SUMMARY_KEYS = {
    "ok",
    "applied",
    "to_act",
    "legal",
    "score",
    "games",
    "finished",
    "winner",
    "deals",
    "view",
    "sides",
    "returns",
    "events",
}


def check_summary(out: dict[str, Any], record: dict[str, Any]) -> None:
    assert set(out) == SUMMARY_KEYS
    st = replay(record)
    assert out["ok"] is True
    assert out["applied"] == len(record["actions"])
    assert out["to_act"] == st.to_act
    assert out["legal"] == legal(st)
    assert out["score"] == list(st.result().score)
    assert out["games"] == list(st.result().games)
    assert out["finished"] is False and out["winner"] is None
    assert out["view"] == json.loads(json.dumps(st.public_view().to_json()))
    assert out["view"]["hand"] == [] and out["view"]["seat"] is None
    assert out["sides"] == list(st.sides) == [0, 1]
    assert out["returns"] == [0.0, 0.0]
    assert out["events"] == [e.to_json() for e in st.events(0, None)]
    assert [e["n"] for e in out["events"]] == list(range(len(out["events"])))
    for d in out["deals"]:
        assert {"tricks", "winner", "points"} <= set(d)


def test_replay_command_on_the_dummett_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dummett.json"
    path.write_text(json.dumps(DUMMETT), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    check_summary(out, DUMMETT)
    assert out["score"] == [0, 8]
    assert out["deals"][0]["tricks"] == [0, 1]
    assert (out["deals"][0]["winner"], out["deals"][0]["points"]) == (1, 8)
    assert out["to_act"] == 0  # deal 1: seat 1 deals, seat 0 leads
    assert not card_tokens(out) & {"9d", "Kc"}


def test_replay_command_from_stdin_in_a_subprocess() -> None:
    k3, d3 = DANILOV_WINS
    rec = kabanov_record(k3, d3, ["0:rest", "1:rest", "0:play 7h", f"0:play {k3}", f"1:play {d3}"])
    proc = subprocess.run(
        [sys.executable, "-m", "tricktaker.cli", "replay", "-"],
        input=json.dumps(rec),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    check_summary(out, rec)
    assert out["games"] == [0, 1] and out["score"] == [0, 0]
    last = out["deals"][-1]
    assert (last["winner"], last["points"], last["tricks"]) == (1, 10, [1, 0, 1])
    assert len(out["deals"]) == 10


# ------------------------------------------------------------------ round trip


def random_state(
    players: int, seed: int, steps: int, redeal: str = "repeat", ties: str = "leader"
) -> TrucState:
    st = new_state(players, seed=seed, redeal=redeal, ties=ties)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.to_act is None:
            break
        st.apply(rng.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("steps", [0, 7, 40, 10_000])
def test_saved_record_replays_to_the_same_state(players: int, steps: int) -> None:
    st = random_state(players, 11 + steps, steps, redeal="repeat", ties="spoil")
    text = json.dumps(st.to_record())
    again = state_from_record(load_record(text))
    assert isinstance(again, TrucState)
    for seat in range(players):
        assert again.view(seat).to_json() == st.view(seat).to_json()
        assert again.view(seat) == st.view(seat)
    assert again.result() == st.result()
    assert deals_json(again) == deals_json(st)
    assert legal(again) == legal(st)
    assert again.to_record() == st.to_record()
    outcome = replay_text(text)
    assert outcome.exit_code == 0
    assert outcome.output["applied"] == len(st.to_record()["actions"])
    assert outcome.output["view"] == json.loads(json.dumps(st.public_view().to_json()))


def test_record_without_deals_replays_from_its_seed() -> None:
    st = random_state(2, 5, 60)
    rec = st.to_record()
    rec.pop("deals")
    again = state_from_record(load_record(json.dumps(rec)))
    assert again.view(0).to_json() == st.view(0).to_json()
    assert again.to_record() == st.to_record()


def test_partial_deals_are_filled_from_the_seed() -> None:
    given: list[dict[str, Any]] = [
        {"hands": [["7h", "8c", "9d"], ["7s", "8d", "Kc"]]},
        {"stock": ["Ah", "Ad"]},
    ]
    st = new_state(2, seed=4, deals=given)
    rec = st.to_record()["deals"][0]
    assert rec["hands"] == [["7h", "8c", "9d"], ["7s", "8d", "Kc"]]
    assert len(rec["stock"]) == 26
    assert set(rec["stock"]).isdisjoint({"7h", "8c", "9d", "7s", "8d", "Kc"})
    st.apply("1:fold")
    assert st.to_record()["deals"][1]["stock"][:2] == ["Ah", "Ad"]


@pytest.mark.parametrize("players", [2, 4])
def test_public_record_has_no_hands_no_stock_no_private_words(players: int) -> None:
    st = random_state(players, 3, 10_000)
    pub = st.public_record()
    assert "seed" not in pub
    assert all(
        set(d) == {"deal", "tricks", "played", "winner", "points", "end"} for d in pub["deals"]
    )
    assert not any(":say " in a or ":signal " in a for a in pub["actions"])
    # Only played cards: those of "play" actions (a folded deal's unfinished trick too).
    played = {a.split()[1] for a in st.to_record()["actions"] if ":play " in a}
    assert card_tokens(pub) <= played
    assert card_tokens(pub["deals"]) <= played
    if players == 4:
        assert any(":say " in a or ":signal " in a for a in st.to_record()["actions"])


# ------------------------------------------------------------ starting position


def test_a_record_may_start_from_a_score_and_games_won() -> None:
    rec = {
        "game": "truc",
        "dealer": 0,
        "start": {"score": [11, 7], "games": [1, 0]},
        "deals": [{"hands": [["7s", "8d", "Kc"], ["7h", "8c", "9d"]]}],
        "actions": ["1:fold"],
    }
    outcome = replay_text(json.dumps(rec))
    assert outcome.exit_code == 0, outcome.output
    out = outcome.output
    # Seat 0 needed one point: the fold wins the game, and with it the match (2 games).
    assert out["games"] == [2, 0] and out["finished"] is True and out["winner"] == 0
    assert out["returns"] == [1.0, -1.0]
    st = replay(rec)
    assert st.to_record()["start"] == {"score": [11, 7], "games": [1, 0]}
    again = replay(st.to_record())
    assert again.result() == st.result()


@pytest.mark.parametrize(
    ("start", "says"),
    [
        ({"score": [12, 0]}, "from 0 to 11"),
        ({"score": [3]}, "must hold 2 numbers"),
        ({"games": [2, 0]}, "from 0 to 1"),
        ({"marks": [1, 2]}, "unknown field(s) marks"),
        ([11, 7], '"start" must be an object'),
    ],
)
def test_a_start_the_rules_do_not_allow_is_malformed(start: object, says: str) -> None:
    rec = {"game": "truc", "start": start, "actions": []}
    outcome = replay_text(json.dumps(rec))
    assert outcome.exit_code == 2
    assert says in outcome.output["error"]["message"]
