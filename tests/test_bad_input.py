"""Bad input to ``tricktaker replay`` and to ``State.apply``: a clear error, nothing changed.

A malformed record exits with status 2 and a message; an illegal action exits with
status 3, its index and a message, and the state before it. ``apply`` raises
``IllegalAction`` and leaves the state exactly as it was.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from helpers import GAME, card_tokens, fingerprint, legal, new_state, replay_cli
from tricktaker.cli import main
from tricktaker.core import Action, IllegalAction, OptionError, RecordError, TricktakerError
from tricktaker.core.records import load_record, replay_text, state_from_record
from tricktaker.games.truc import TrucState

HANDS = [["7s", "8d", "Kc"], ["7h", "8c", "9d"]]


def record(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "truc",
        "options": {"players": 2},
        "dealer": 0,
        "deals": [{"hands": HANDS}],
        "actions": ["1:redeal", "0:refuse"],
    }
    base.update(changes)
    return base


def malformed(text: str) -> str:
    """Replay a record that must be rejected as malformed; return its message."""
    outcome = replay_text(text)
    assert outcome.exit_code == 2, outcome.output
    assert outcome.output["ok"] is False
    assert set(outcome.output) == {"ok", "error"}
    message = outcome.output["error"]["message"]
    assert isinstance(message, str) and message
    with pytest.raises(TricktakerError):
        state_from_record(load_record(text))
    return message


# ------------------------------------------------------------- malformed records


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"game": "truc",', "not valid JSON"),
        ("", "not valid JSON"),
        ("garbage, not a record", "not valid JSON"),
        ("\x00\x01", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('"truc"', "must be a JSON object"),
        ("42", "must be a JSON object"),
        ("null", "must be a JSON object"),
    ],
)
def test_malformed_json_and_non_object_records(text: str, says: str) -> None:
    assert says in malformed(text)


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": 7}, "must name its game"),
        ({"options": {"colour": "red"}}, "unknown option 'colour'"),
        ({"options": {"players": 3}}, "players=3 is not offered"),
        ({"options": {"players": True}}, "players=true must be one of: 2, 4 (a number), not a b"),
        ({"options": {"players": "4"}}, 'players="4" must be one of: 2, 4 (a number), not a str'),
        ({"options": {"players": 2.0}}, "is not offered"),
        ({"options": {"redeal": "twice"}}, "redeal='twice' is not offered"),
        ({"options": {"ties": "coin"}}, "ties='coin' is not offered"),
        ({"options": ["players", 2]}, '"options" must be an object'),
        ({"dealer": 2}, "dealer must be a seat"),
        ({"dealer": -1}, "dealer must be a seat"),
        ({"dealer": "0"}, '"dealer" must be a seat number'),
        ({"seed": [1]}, '"seed" must be'),
        ({"actions": "1:redeal"}, '"actions" must be a list'),
        ({"actions": [1]}, '"actions" must be a list'),
        ({"deals": {"hands": HANDS}}, '"deals" must be a list'),
        ({"deals": [{"hand": HANDS}]}, "unknown field(s) hand"),
        ({"extra": 1}, "unknown record field(s): extra"),
    ],
)
def test_bad_game_options_and_fields(changes: dict[str, Any], says: str) -> None:
    message = malformed(json.dumps(record(**changes)))
    assert says in message
    if "game" in changes and changes["game"] == "chess":
        assert "truc" in message  # it names the games it knows


def test_missing_game() -> None:
    assert "must name its game" in malformed('{"options": {}}')


@pytest.mark.parametrize(
    ("deal", "says"),
    [
        ({"hands": [["7s", "8d", "7s"], ["7h", "8c", "9d"]]}, "7s is dealt twice"),
        ({"hands": [["7s", "8d", "Kc"], ["7h", "8c", "Kc"]]}, "Kc is dealt twice"),
        ({"hands": HANDS, "stock": ["Ah", "9d"]}, "9d is dealt twice"),
        ({"stock": ["Ah", "Ah"]}, "Ah is dealt twice"),
        ({"hands": [["7s", "8d"], ["7h", "8c", "9d"]]}, "seat 0 must get 3 cards, not 2"),
        ({"hands": [["7s", "8d", "Kc"], ["7h", "8c", "9d", "Ah"]]}, "seat 1 must get 3 cards"),
        ({"hands": [["7s", "8d", "Kc"]]}, "must hold 2 hands"),
        ({"hands": [["7s", "8d", "2c"], ["7h", "8c", "9d"]]}, "2c is not in Le Truc's 32-card"),
        ({"hands": HANDS, "stock": ["6h"]}, "6h is not in Le Truc's 32-card deck"),
        ({"hands": [["7s", "8d", "Zz"], ["7h", "8c", "9d"]]}, "not a card: 'Zz'"),
        ({"hands": [["7s", "8d", ""], ["7h", "8c", "9d"]]}, "empty card"),
        ({"hands": [["7s", "8d", 7], ["7h", "8c", "9d"]]}, "must be a list of cards"),
        ({"hands": "7s 8d Kc"}, "must hold 2 hands"),
    ],
)
def test_bad_deals(deal: dict[str, Any], says: str) -> None:
    assert says in malformed(json.dumps(record(deals=[deal])))


def test_bad_deal_in_a_later_deal_names_it() -> None:
    bad = {"hands": [["7s", "8d", "Kc"], ["7h", "8c", "7h"]]}
    message = malformed(json.dumps(record(deals=[{}, {}, bad])))
    assert "deal 2" in message


def test_four_player_deal_needs_four_hands() -> None:
    rec = record(options={"players": 4}, actions=[])
    assert "must hold 4 hands" in malformed(json.dumps(rec))


def test_replay_command_exit_status_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"game": "chess"}', encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and "unknown game" in out["error"]["message"]
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and "cannot read" in out["error"]["message"]


# --------------------------------------------------------------- illegal actions


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("1:play Kc", "seat 1 does not hold Kc"),
        ("0:play 7s", "it is seat 1's turn, not seat 0's"),
        ("1:jump", "unknown verb 'jump'"),
        ("1:play 2h", "2h is not in Le Truc's 32-card deck"),
        ("1:play", "write the card to play"),
        ("1:accept", "'1:accept' is not allowed now"),
        ("1:redeal", "'1:redeal' is not allowed now"),
        ("1:double twice", "'double' takes no argument"),
        ("1:say low", "is not allowed now"),
        ("2:fold", "it is seat 1's turn"),
        ("9:fold", "there is no seat 9"),
        ("hello", "cannot read 'hello'"),
        ("", "cannot read ''"),
        ("1:", "the verb is missing"),
        ("x:play 7h", "cannot read 'x:play 7h'"),
    ],
)
def test_illegal_action_exit_three_with_index_and_the_state_before(bad: str, says: str) -> None:
    good = ["1:redeal", "0:refuse", "1:double", "0:accept"]
    rec = record(actions=[*good, bad, "1:play 7h"])
    outcome = replay_text(json.dumps(rec))
    assert outcome.exit_code == 3
    out = outcome.output
    assert out["ok"] is False
    assert out["error"]["index"] == len(good)
    assert out["error"]["action"] == bad
    assert says in out["error"]["message"]
    before = state_from_record(load_record(json.dumps(record(actions=good))))
    assert out["applied"] == len(good)
    assert out["to_act"] == before.to_act == 1
    assert out["legal"] == [str(a) for a in before.legal_actions()]
    assert out["view"] == json.loads(json.dumps(before.public_view().to_json()))
    assert out["score"] == [0, 0] and out["deals"] == []
    with pytest.raises(IllegalAction, match=f"action {len(good)}"):
        state_from_record(load_record(json.dumps(rec)))


def test_action_after_the_match_is_over() -> None:
    st = new_state(seed=2)
    rng = random.Random(2)
    while st.to_act is not None:
        st.apply(rng.choice(st.legal_actions()))
    rec = st.to_record()
    n = len(rec["actions"])
    rec["actions"].append("0:fold")
    outcome = replay_text(json.dumps(rec))
    assert outcome.exit_code == 3
    assert outcome.output["error"]["index"] == n
    assert "the match is over" in outcome.output["error"]["message"]
    assert outcome.output["finished"] is True and outcome.output["to_act"] is None


def test_replay_command_exit_status_three(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(record(actions=["0:play 7s"])), encoding="utf-8")
    assert main(["replay", str(path)]) == 3
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False
    assert out["error"] == {
        "index": 0,
        "action": "0:play 7s",
        "message": "it is seat 1's turn, not seat 0's",
    }
    assert out["applied"] == 0 and out["to_act"] == 1


# ---------------------------------------------------------------------- apply


def mid_deal(players: int) -> TrucState:
    st = new_state(players, seed=31)
    rng = random.Random(31)
    for _ in range(25):
        plays = [a for a in st.legal_actions() if a.verb != "fold"]
        st.apply(rng.choice(plays))
    assert st.to_act is not None
    return st


BAD_ACTIONS: list[object] = [
    "garbage",
    "",
    "   ",
    "1:",
    ":play 7h",
    "-1:play 7h",
    "7:play 7h",
    "0:jump",
    "0:play 2h",
    "0:play Zz",
    "0:play 7h 8h",
    "0:play 10x",
    "0:say loud",
    "0:signal K",
    "0:accept now",
    Action(0, "jump"),
    Action(0, "play", ("2h",)),
    Action(9, "fold"),
    5,
    None,
    ["0:fold"],
]


@pytest.mark.parametrize("players", [2, 4])
def test_rejected_apply_changes_nothing(players: int) -> None:
    st = mid_deal(players)
    actor = st.to_act
    assert actor is not None
    held = set(st.view(actor).to_json()["hand"])
    not_held = next(
        f"{actor}:play {c}" for c in ("7h", "8h", "9h", "Th", "7c", "8c") if c not in held
    )
    not_legal = [
        f"{s}:{verb}" for s in range(players) for verb in ("fold", "accept", "refuse", "double")
    ]
    candidates = [*BAD_ACTIONS, not_held, *(a for a in not_legal if a not in legal(st))]
    assert len(candidates) > len(BAD_ACTIONS) + 3
    before = fingerprint(st)
    for bad in candidates:
        with pytest.raises(IllegalAction) as err:
            st.apply(bad)  # type: ignore[arg-type]  # (garbage on purpose)
        assert str(err.value), f"no message for {bad!r}"
        assert fingerprint(st) == before, f"{bad!r} changed the state"
    # The state still plays on.
    st.apply(st.legal_actions()[0])
    assert fingerprint(st) != before


def test_wrong_seat_message_names_whose_turn_it_is() -> None:
    st = mid_deal(2)
    actor = st.to_act
    assert actor is not None
    with pytest.raises(IllegalAction, match=f"it is seat {actor}'s turn, not seat {1 - actor}'s"):
        st.apply(f"{1 - actor}:fold")


def test_bad_options_and_seats_outside_apply() -> None:
    with pytest.raises(OptionError, match="unknown option 'player'"):
        GAME.options({"player": 2})
    with pytest.raises(OptionError, match="players=5"):
        GAME.options({"players": 5})
    with pytest.raises(RecordError, match="dealer must be a seat from 0 to 3"):
        new_state(4, dealer=4)
    st = new_state(2)
    with pytest.raises(IllegalAction, match="no seat 2"):
        st.view(2)
    with pytest.raises(IllegalAction):
        GAME.parse_action("0:play")


# --------------------------------------- hostile records named by the issue


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"game": "truc", "dealer": ' + "9" * 5000 + "}", "5000 digits is too large"),
        ('{"game": "truc", "seed": -' + "1" * 5000 + "}", "too large"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"game": "truc", "actions": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        ('{"game": "truc", "seed": NaN}', "not a number a record can hold"),
        ('{"game": "truc", "options": {"players": ' + "4" * 5000 + "}}", "too large"),
    ],
)
def test_huge_numbers_and_deep_nesting_are_refused_with_exit_2(
    text: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = replay_cli(text, capsys)
    assert code == 2 and out["ok"] is False
    assert says in out["error"]["message"]


@pytest.mark.parametrize("seat", ["²", "¹", "٣", "1\u00b2"])
def test_a_seat_in_other_digits_is_an_illegal_action_with_exit_3(
    seat: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps(record(actions=[f"{seat}:redeal"]), ensure_ascii=False)
    code, out = replay_cli(text, capsys)
    assert code == 3
    assert out["error"]["index"] == 0
    assert "must be a number like 0 or 1" in out["error"]["message"]


@pytest.mark.parametrize(
    "deal",
    [
        {"stock": [f"{r}{s}" for s in "cdhs" for r in "789TJQKA"][:28]},
        {"hands": HANDS, "stock": [f"{r}{s}" for s in "cdhs" for r in "789TJQKA"]},
    ],
)
def test_a_stock_too_large_for_the_hands_is_refused_with_exit_2(
    deal: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = replay_cli(json.dumps(record(deals=[deal], actions=[])), capsys)
    assert code == 2
    assert "too many cards" in out["error"]["message"] or "dealt twice" in out["error"]["message"]


def test_replay_seat_shows_that_seat_only(capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(record(actions=["1:redeal", "0:refuse"]))
    code, out = replay_cli(text, capsys, "--seat", "1")
    assert code == 0 and out["seat"] == 1
    assert out["view"]["hand"] and set(out["view"]["hand"]) == set(HANDS[1])
    assert not set(HANDS[0]) & card_tokens(out)  # seat 0's cards are nowhere
    assert out["legal"] and all(a.startswith("1:") for a in out["legal"])
    assert [e["n"] for e in out["events"]] == list(range(len(out["events"])))
    code, out = replay_cli(text, capsys, "--seat", "0")
    assert out["legal"] == [] and out["to_act"] == 1  # not his turn: nothing of seat 1's shown
    code, out = replay_cli(text, capsys, "--seat", "7")
    assert code == 2 and "seats 0 to 1" in out["error"]["message"]


# ------------------------------------------------ found in review: no leak, no crash


def test_replay_for_another_seat_does_not_list_the_actors_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = json.dumps(record(actions=["1:redeal", "0:refuse", "1:pass"]))
    code, out = replay_cli(text, capsys, "--seat", "0")
    assert code == 3 and out["error"]["message"] == "'1:pass' is not allowed now"
    assert not set(HANDS[1]) & card_tokens(out)
    code, out = replay_cli(text, capsys, "--seat", "1")  # the actor himself is told why
    assert "allowed:" in out["error"]["message"]


@pytest.mark.parametrize(
    "text",
    [
        '{"game": "truc", "seed": "\\ud800"}',
        '{"game": "truc", "actions": ["0:play \\udfff"]}',
        '{"game": "truc", "names": ["\\ud83d"]}',
    ],
)
def test_lone_surrogates_are_refused_with_exit_2(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = replay_cli(text, capsys)
    assert code == 2 and "not valid Unicode" in out["error"]["message"]


def test_an_endless_input_is_not_read_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tricktaker.core.records import MAX_RECORD_CHARS

    path = tmp_path / "big.json"
    path.write_text(" " * (MAX_RECORD_CHARS + 10), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "too large" in capsys.readouterr().out


def test_forged_or_foreign_action_objects_are_illegal_actions() -> None:
    from tricktaker.games.truc.actions import TrucAction

    st = new_state()
    before = fingerprint(st)
    for bad in (
        TrucAction(0, "fold"),  # not the interned object (no kind, no id), and not legal
        Action(0, "say", ["low"]),  # type: ignore[arg-type]
        Action(1, "play", ("7s",), owner=0),
    ):
        with pytest.raises(IllegalAction):
            st.apply(bad)
        assert fingerprint(st) == before
    assert GAME.action_id(TrucAction(1, "fold")) == GAME.action_id(GAME.parse_action("1:fold"))


def test_options_and_starts_built_by_hand_are_still_checked() -> None:
    from tricktaker.core import Options, Start

    with pytest.raises(OptionError, match="players=3"):
        GAME.new_match(Options(GAME.option_schema(), {"players": 3}))
    with pytest.raises(RecordError, match="from 0 to 11"):
        GAME.new_match(GAME.options({}), start=Start({"score": (5.5, True)}))  # type: ignore[dict-item]


@pytest.mark.parametrize(
    "change",
    [
        {"players": 1e999},
        {"players": 3},
        {"phase": "nope"},
        {"hand": [1]},
        {"hand_sizes": [3]},
        {"tricks": [{"played": [], "result": 1e999}]},
        {"seat": 9},
    ],
)
def test_views_that_are_not_views_are_record_errors(change: dict[str, Any]) -> None:
    data = {**new_state().view(0).to_json(), **change}
    with pytest.raises(RecordError, match="not a Le Truc view"):
        GAME.view_from_json(data)


def test_a_deal_summarys_json_is_a_copy() -> None:
    st = new_state(deals=[{"hands": HANDS}])
    for a in ("1:redeal", "0:refuse", "1:play 8c", "0:play 7s", "0:fold"):
        st.apply(a)
    j = st.finished_deals()[0].to_json()
    j["played"].append(["0:Ah"])
    j["score"][0] = 99
    again = st.finished_deals()[0].to_json()
    assert ["0:Ah"] not in again["played"] and again["score"][0] != 99
