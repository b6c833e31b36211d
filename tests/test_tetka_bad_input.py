"""Bad input to Tetka: malformed records (exit status 2), unreadable and illegal actions
(exit status 3, or ``IllegalAction`` from ``apply``), each with a clear message and
never a traceback, the state left exactly as it was."""

from __future__ import annotations

import json
import random
from typing import Any, cast

import pytest

from helpers import fingerprint, legal, replay_cli
from tetka_helpers import GAME, GOLDEN, GOLDEN_DRAW, card_tokens, deal_of, run, tetka
from tricktaker.core import (
    Action,
    IllegalAction,
    OptionError,
    Options,
    RecordError,
    Start,
    TricktakerError,
)
from tricktaker.core.errors import SampleError
from tricktaker.core.records import load_record, replay_text, state_from_record


def record(actions: list[str] | None = None, **changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "tetka",
        "options": {"revoke": "prevented", "target": 21},
        "dealer": 0,
        "deals": [deal_of(GOLDEN.hands, "7h", GOLDEN_DRAW)],
        "actions": actions if actions is not None else GOLDEN.upto(1),
    }
    base.update(changes)
    return base


def with_deal(**fields: Any) -> dict[str, Any]:
    """The record with its first deal's fields changed (a value of None drops the field)."""
    d = deal_of(GOLDEN.hands, "7h", GOLDEN_DRAW)
    for k, v in fields.items():
        if v is None:
            d.pop(k, None)
        else:
            d[k] = v
    return record(deals=[d])


def malformed(rec: dict[str, Any] | str) -> str:
    """Replay a record that must be refused as malformed; its message."""
    text = rec if isinstance(rec, str) else json.dumps(rec)
    outcome = replay_text(text)
    assert outcome.exit_code == 2, outcome.output
    assert set(outcome.output) == {"ok", "error"} and outcome.output["ok"] is False
    message = outcome.output["error"]["message"]
    assert isinstance(message, str) and 10 < len(message) < 300
    with pytest.raises(RecordError):
        state_from_record(load_record(text))
    return str(message)


HANDS = GOLDEN.hands
TWELVE = [HANDS[0][:12], *HANDS[1:]]
TWICE = [[*HANDS[0][:12], HANDS[1][0]], *HANDS[1:]]

# ------------------------------------------------------------ malformed records


@pytest.mark.parametrize(
    ("rec", "says"),
    [
        # the photograph
        (with_deal(photo="Zz"), "deal 0, photo: not a card: 'Zz'"),
        (with_deal(photo="Jh Qs"), "deal 0, photo: not a card: 'Jh Qs'"),
        (with_deal(photo=["Jh", "Qs"]), 'deal 0, photo must be one card, e.g. "Jh"'),
        (with_deal(photo=[]), "photo must be one card"),
        (with_deal(photo=7), "photo must be one card"),
        (with_deal(photo={"card": "Jh"}), "photo must be one card"),
        (with_deal(photo=""), "deal 0, photo: empty card"),
        # the seat draw
        (record(deals=[{}, {"draw": ["2c", "5h", "Kd", "9s"]}]), "deal 1: only the first deal"),
        (with_deal(draw=["2c", "2c", "Kd", "9s"]), "four different cards, one per seat"),
        (with_deal(draw=["2c", "2h", "Kd", "9s"]), "lowest cards are tied"),
        (
            with_deal(draw=["5h", "Kd", "2c", "9s"]),
            "seat 2 drew the lowest card (2c), so seat 2 deals first, not seat 0",
        ),
        (with_deal(draw=["2c", "5h", "Kd"]), "four different cards, one per seat"),
        (with_deal(draw=["2c", "5h", "Kd", "9s", "Ts"]), "four different cards, one per seat"),
        (with_deal(draw="2c 5h Kd 9s"), '"draw" must list one card per seat'),
        (with_deal(draw=["2c", "5h", "Kd", 9]), '"draw" must list one card per seat'),
        (with_deal(draw=["2c", "5h", "Kd", "Zz"]), "deal 0, draw: not a card: 'Zz'"),
        # the hands
        (with_deal(hands=TWELVE), "deal 0: seat 0 must get 13 cards, not 12"),
        (with_deal(hands=HANDS[:3]), '"hands" must hold 4 hands, one per seat'),
        (with_deal(hands=TWICE), "9d is dealt twice"),
        (with_deal(hands=[["9d"] * 13, *HANDS[1:]]), "9d is dealt twice"),
        (with_deal(stock=["2c"]), "deal 0: unknown field(s) stock; piles: hands"),
        (record(deals=[{}, {"hands": TWELVE}]), "deal 1: seat 0 must get 13 cards"),
        # the starting marks
        (record(start={"marks": [0, 0, 0, 21]}), "'marks' must hold 4 numbers from 0 to 20"),
        (
            record(options={"target": 5}, start={"marks": [5, 0, 0, 0]}),
            "'marks' must hold 4 numbers from 0 to 4",
        ),
        (record(start={"marks": [0, -1, 0, 0]}), "from 0 to 20"),
        (record(start={"marks": [0, 0, 0]}), "'marks' must hold 4 numbers"),
        (record(start={"score": [0, 0, 0, 0]}), "start: unknown field(s) score; this game knows"),
        (record(start={"marks": [0, 0, 0, 0], "games": [0]}), "unknown field(s) games"),
        (record(start=[0, 0, 0, 0]), '"start" must be an object'),
        # the options
        (record(options={"players": 4}), "unknown option 'players'; this game knows"),
        (record(options={"target": 0}), "option target=0 must be a whole number from 1 to 50"),
        (record(options={"target": 51}), "option target=51 must be a whole number from 1 to 50"),
        (record(options={"target": "9" * 5000}), "must be a whole number from 1 to 50"),
        (record(options={"target": 21.5}), "must be a whole number from 1 to 50"),
        (record(options={"target": True}), "must be a whole number from 1 to 50"),
        (record(options={"revoke": "sometimes"}), "revoke='sometimes' is not offered"),
        (record(options={"revoke": None}), "revoke=null must be one of: prevented, penalized (a s"),
        (record(options={"target": "21"}), 'target="21" must be a whole number from 1 to 50 (a nu'),
        # the dealer
        (record(dealer=4), "dealer must be a seat from 0 to 3"),
        (record(dealer=-1), "dealer must be a seat from 0 to 3"),
    ],
)
def test_malformed_records_exit_two_with_a_clear_message(rec: dict[str, Any], says: str) -> None:
    assert says in malformed(rec)


def test_a_target_of_five_thousand_digits_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    text = '{"game": "tetka", "options": {"target": ' + "9" * 5000 + "}}"
    code, out = replay_cli(text, capsys)
    assert code == 2 and "5000 digits is too large" in out["error"]["message"]
    code, out = replay_cli(json.dumps(record(options={"target": "9" * 5000})), capsys)
    assert code == 2 and len(out["error"]["message"]) < 120  # the value is cut short


@pytest.mark.parametrize(
    "rec",
    [
        with_deal(photo=["Jh", "Qs"]),
        with_deal(draw=["2c", "2h", "Kd", "9s"]),
        record(start={"marks": [0, 0, 0, 21]}),
        with_deal(hands=TWICE),
    ],
)
def test_the_replay_command_exits_two_never_a_traceback(
    rec: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = replay_cli(json.dumps(rec), capsys)  # (replay_cli checks stderr)
    assert code == 2 and out["ok"] is False and set(out) == {"ok", "error"}


def test_options_and_starts_built_by_hand_are_still_checked() -> None:
    with pytest.raises(OptionError, match="target=0"):
        GAME.new_match(Options(GAME.option_schema(), {"target": 0}))
    with pytest.raises(OptionError, match="unknown option 'players'"):
        GAME.options({"players": 4})
    with pytest.raises(RecordError, match="from 0 to 20"):
        GAME.new_match(GAME.options({}), start=Start({"marks": (5.5, 0, 0, True)}))  # type: ignore[dict-item]
    with pytest.raises(RecordError, match="dealer must be a seat"):
        GAME.new_match(GAME.options({}), dealer=True)


# --------------------------------------------------------------- illegal actions

# After 1:9d 2:Kd, seat 3 is to play; he holds Qd 2d 7d 8d (and 5c 3h Ks 4s 6c Tc 8h Ah Qh).
GOOD = ["1:play 9d", "2:play Kd"]


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("0:play Td", "it is seat 3's turn, not seat 0's"),
        ("1:play 3c", "it is seat 3's turn, not seat 1's"),
        (
            "3:play 5c",
            "follow suit: diamonds were led and you hold some; allowed: 3:play 2d, 3:play 7d,"
            " 3:play 8d, 3:play Qd",
        ),
        ("3:play 2c", "seat 3 does not hold 2c"),
        ("3:play Kd", "seat 3 does not hold Kd"),  # played already, by seat 2
        ("3:play 9d", "seat 3 does not hold 9d"),
        ("3:play", "write 'play' and one card"),
        ("3:play Qd 2d", "write 'play' and one card"),
        ("3:play Zz", "not a card: 'Zz'"),
        ("3:play 11d", "not a card"),
        ("3:pass", "unknown verb 'pass' in Tetka"),
        ("3:fold", "unknown verb 'fold' in Tetka"),
        ("4:play Qd", "there is no seat 4 in Tetka"),
        ("3:play Qd from 1", "drop 'from'"),
        ("hello", "cannot read 'hello'"),
        ("", "cannot read ''"),
        ("3:", "the verb is missing"),
        ("x:play Qd", "cannot read 'x:play Qd'"),
        ("³:play Qd", "must be a number like 0 or 1"),
        ("3:play " + "Q" * 300, "too long"),
    ],
)
def test_illegal_actions_exit_three_with_the_state_before(bad: str, says: str) -> None:
    rec = record([*GOOD, bad, "3:play Qd"])
    outcome = replay_text(json.dumps(rec, ensure_ascii=False))
    assert outcome.exit_code == 3
    out = outcome.output
    assert out["ok"] is False
    assert out["error"]["index"] == 2 and out["error"]["action"] == bad
    assert says in out["error"]["message"]
    before = state_from_record(load_record(json.dumps(record(GOOD))))
    assert out["applied"] == 2 and out["to_act"] == before.to_act == 3
    assert out["legal"] == legal(before) == ["3:play 2d", "3:play 7d", "3:play 8d", "3:play Qd"]
    assert out["view"] == json.loads(json.dumps(before.public_view().to_json()))
    with pytest.raises(IllegalAction, match="action 2"):
        state_from_record(load_record(json.dumps(rec, ensure_ascii=False)))


def test_under_penalized_a_revoke_is_allowed_but_not_another_seats_card() -> None:
    rec = record([*GOOD, "3:play 5c"], options={"revoke": "penalized"})
    assert replay_text(json.dumps(rec)).exit_code == 0
    for bad, says in [("3:play 2c", "does not hold 2c"), ("0:play Td", "seat 3's turn")]:
        outcome = replay_text(json.dumps(record([*GOOD, bad], options={"revoke": "penalized"})))
        assert outcome.exit_code == 3 and says in outcome.output["error"]["message"]


def test_the_refusal_shown_to_another_seat_does_not_name_the_actors_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = json.dumps(record([*GOOD, "3:play 5c"]))
    code, out = replay_cli(text, capsys, "--seat", "0")
    assert code == 3
    assert out["error"]["message"] == "'3:play 5c' is not allowed now"
    assert out["legal"] == []
    mine = set(GOLDEN.hands[0]) | {"9d", "Kd", "7h", *GOLDEN_DRAW}
    assert not (set(GOLDEN.hands[3]) - mine - {"5c"}) & card_tokens(out)
    code, out = replay_cli(text, capsys, "--seat", "3")  # the actor himself is told why
    assert "allowed: 3:play 2d, 3:play 7d, 3:play 8d, 3:play Qd" in out["error"]["message"]
    code, out = replay_cli(text, capsys)
    assert code == 3 and out["error"]["index"] == 2


def test_an_action_after_the_robber_is_over() -> None:
    rec = record([*GOLDEN.actions, "2:play 2c"], start={"marks": [0, 0, 0, 20]})
    outcome = replay_text(json.dumps(rec))
    assert outcome.exit_code == 3
    assert outcome.output["error"]["index"] == 52
    assert outcome.output["error"]["message"] == "the match is over"
    assert outcome.output["finished"] is True and outcome.output["to_act"] is None


# ------------------------------------------------------------------- apply


BAD_OBJECTS: list[object] = [
    5,
    None,
    ["3:play Qd"],
    b"3:play Qd",
    Action(3, "play", ("Zz",)),
    Action(3, "jump"),
    Action(9, "play", ("Qd",)),
    Action(3, "play", ("Qd",), owner=1),
    Action(0, "play", ("Td",)),
]


@pytest.mark.parametrize("revoke", ["prevented", "penalized"])
def test_rejected_apply_changes_nothing(revoke: str) -> None:
    st = tetka([deal_of(GOLDEN.hands)], revoke=revoke)
    rng = random.Random(4)
    for _ in range(23):
        st.apply(rng.choice(st.legal_actions()))
    actor = st.to_act
    assert actor is not None
    held = {str(c) for c in st.view(actor).to_json()["hand"]}
    not_held = [f"{actor}:play {c}" for c in GOLDEN.hands[(actor + 1) % 4] if c not in held]
    wrong_seat = [f"{(actor + k) % 4}:play {c}" for k in (1, 2, 3) for c in GOLDEN.hands[0][:3]]
    off_suit = [f"{actor}:play {c}" for c in held if f"{actor}:play {c}" not in legal(st)]
    if revoke == "prevented":
        assert off_suit  # the deal is mid-trick with suits to follow
    candidates: list[object] = [*BAD_OBJECTS, *not_held, *wrong_seat, *off_suit]
    before = fingerprint(st)
    for bad in candidates:
        with pytest.raises(IllegalAction) as err:
            st.apply(bad)  # type: ignore[arg-type]  # (garbage on purpose)
        assert str(err.value), f"no message for {bad!r}"
        assert fingerprint(st) == before, f"{bad!r} changed the state"
    st.apply(st.legal_actions()[0])
    assert fingerprint(st) != before


def test_forged_action_objects_are_read_by_their_notation() -> None:
    from tricktaker.games.tetka import TetkaAction

    st = run(tetka([deal_of(GOLDEN.hands)]), GOOD)
    before = fingerprint(st)
    real = GAME.parse_action("3:play Qd")
    # Printed as 0:play Td, but claiming 3:play Qd's card and id: it is 0:play Td.
    forged = TetkaAction(0, "play", ("Td",), card=real.card, number=real.number)
    with pytest.raises(IllegalAction, match="it is seat 3's turn, not seat 0's"):
        st.apply(forged)
    assert fingerprint(st) == before
    assert GAME.action_id(TetkaAction(3, "play", ("Qd",))) == GAME.action_id(real)
    st.apply(TetkaAction(3, "play", ("Qd",)))  # a plain copy is the action it prints
    assert st.actions[-1] is real


def test_action_ids_out_of_range_and_bad_seats_outside_apply() -> None:
    st = tetka()
    with pytest.raises(IllegalAction, match="no Tetka action has id 208"):
        GAME.action_from_id(208)
    with pytest.raises(IllegalAction, match="no Tetka action has id -1"):
        GAME.action_from_id(-1)
    for seat in (4, -1, True, "0"):
        with pytest.raises(IllegalAction, match="there is no seat"):
            st.view(seat)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        st.events(0, 4)
    with pytest.raises(IllegalAction, match="'since' must be"):
        st.events(-1)


@pytest.mark.parametrize(
    "change",
    [
        {"players": 3},
        {"seat": 9},
        {"hand": ["Zz"]},
        {"hand_sizes": [13, 13, 13]},
        {"hand_sizes": [14, 13, 13, 13]},
        {"trick_number": 14},
        {"review": [{"trick": n, "played": [], "winner": 0} for n in (1, 2, 3)]},
        {"table": [[0, "2c"], [1, "3c"], [2, "4c"], [3, "5c"]]},
        {"revokes": [[0, "x", 1]]},
        {"winner": 7},
        {"photo": 1e999},
    ],
)
def test_views_that_are_not_views_are_record_errors(change: dict[str, Any]) -> None:
    data = {**tetka([deal_of(GOLDEN.hands)]).view(0).to_json(), **change}
    with pytest.raises(RecordError, match="not a Tetka view"):
        GAME.view_from_json(data)


def test_a_sample_needs_a_seats_view_and_its_memory() -> None:
    st = run(tetka([deal_of(GOLDEN.hands)]), GOLDEN.upto(2))
    rng = random.Random(0)
    with pytest.raises(SampleError, match="spectator"):
        GAME.sample_state(st.public_view(), st.events(0, None), rng)
    with pytest.raises(SampleError, match="memory"):
        GAME.sample_state(st.view(0), [], rng)
    with pytest.raises(TricktakerError):
        GAME.sample_state(st.view(0), st.events(0, 1), rng)  # another seat's memory


# ------------------------------------------------- what a caller does with events


def test_what_a_caller_does_with_events_never_reaches_the_state() -> None:
    st = run(tetka([deal_of(GOLDEN.hands, "7h", GOLDEN_DRAW)]), GOLDEN.upto(1))
    before = json.loads(json.dumps([e.to_json() for e in st.events(0, 0)]))
    for e in st.events(0, 0):
        for value in e.to_json()["data"].values():  # a caller's own JSON, he thinks
            if isinstance(value, list):
                value.clear()
    assert json.loads(json.dumps([e.to_json() for e in st.events(0, 0)])) == before
    for e in st.events(0, 0):  # the events themselves, as a bot's memory gets them
        data = cast(dict[str, Any], e.data)
        for key in list(data):
            if isinstance(data[key], list):
                data[key].clear()
            data[key] = None
    assert json.loads(json.dumps([e.to_json() for e in st.events(0, 0)])) == before
    # The seat's memory still samples (the deal event's hand and marks intact).
    GAME.sample_state(st.view(0), st.events(0, 0), random.Random(0))
