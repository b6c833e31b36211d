"""Bad input to Preferans: illegal actions at every phase (``IllegalAction`` with a clear
message, the state left exactly as it was; exit status 3 from ``replay``) and malformed
records (``RecordError``, exit status 2), never a traceback."""

from __future__ import annotations

import json
from typing import Any

import pytest

from helpers import fingerprint, replay_cli
from preferans_helpers import SPADES, SPADES_DISCARD, pref, run
from tricktaker.core import IllegalAction, RecordError
from tricktaker.core.records import load_record, replay_text, state_from_record
from tricktaker.games.preferans import PreferansState

HANDS = SPADES["hands"]
BID_6S = f"0:bid 6s,1:pass,2:pass,{SPADES_DISCARD}"


def record(actions: list[str] | None = None, **changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "preferans",
        "options": {"rules": "sochi", "pool": 20, "players": 3},
        "dealer": 2,
        "deals": [SPADES],
        "actions": actions if actions is not None else ["0:bid 6s"],
    }
    base.update(changes)
    return base


def with_deal(**fields: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"hands": [list(h) for h in HANDS], "talon": list(SPADES["talon"])}
    d.update(fields)
    return record(deals=[d])


def malformed(rec: dict[str, Any] | str) -> str:
    text = rec if isinstance(rec, str) else json.dumps(rec)
    outcome = replay_text(text)
    assert outcome.exit_code == 2, outcome.output
    assert outcome.output["ok"] is False
    message = outcome.output["error"]["message"]
    assert isinstance(message, str) and 10 < len(message) < 300
    with pytest.raises(RecordError):
        state_from_record(load_record(text))
    return str(message)


def refused(state: PreferansState, action: str, says: str) -> None:
    """``action`` is refused with a message holding ``says``; nothing changes."""
    before = fingerprint(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert says in str(info.value), str(info.value)
    assert fingerprint(state) == before


# ------------------------------------------------------------ illegal actions


@pytest.mark.parametrize(
    ("setup", "action", "says"),
    [
        # bidding
        ("", "1:bid 6s", "it is seat 0's turn, not seat 1's"),
        ("", "0:bid 1", "bid 6s..10nt or misere"),
        ("", "0:hold", "now is the bidding"),
        ("", "0:whist", "now is the bidding"),
        ("", "0:play As", "now is the bidding"),
        ("", "0:discard 7h 8h", "now is the bidding"),
        ("0:bid 7s", "1:bid 6nt", "allowed pass, bid 7c"),
        ("0:bid 7s", "1:bid 7s", "allowed pass, bid 7c"),
        ("0:bid 6s,1:bid 6c,2:pass", "0:bid misere", "misère may only be a player's first bid"),
        ("0:bid misere", "1:bid 8nt", "allowed pass, bid 9s"),
        ("0:pass,1:bid 6s", "2:bid 6s", "allowed pass, bid 6c"),
        ("0:pass,1:bid 6s,2:bid 6c", "0:bid 7s", "it is seat 1's turn"),  # pass is final
        # the talon and the contract
        ("0:bid 6s,1:pass,2:pass", "0:discard Ac Kc", "you do not hold Kc"),
        ("0:bid 6s,1:pass,2:pass", "0:discard 8s Kc", "you do not hold Kc"),
        ("0:bid 6s,1:pass,2:pass", "0:discard 8s 8s", "discard two different cards"),
        ("0:bid 6s,1:pass,2:pass", "0:discard 8s", "write 'discard' and two cards"),
        ("0:bid 6s,1:pass,2:pass", "1:discard 7c 8c", "it is seat 0's turn"),
        ("0:bid 6s,1:pass,2:pass", "0:declare 6s", "now is the discard"),
        ("0:bid 7d,1:pass,2:pass,0:discard 7h 8h", "0:declare 7c", "allowed declare 7d"),
        ("0:bid 7d,1:pass,2:pass,0:discard 7h 8h", "0:declare 6nt", "allowed declare 7d"),
        ("0:bid 7d,1:pass,2:pass,0:discard 7h 8h", "0:declare misere", "misère is bid"),
        # the answers
        (BID_6S + ",0:declare 8s", "1:half", "half-whist only at 6 and 7"),
        (BID_6S + ",0:declare 8s,1:pass", "2:half", "half-whist only at 6 and 7"),
        (BID_6S + ",0:declare 6s", "1:half", "half-whist only at 6 and 7"),
        (BID_6S + ",0:declare 6s", "2:whist", "it is seat 1's turn"),
        (BID_6S + ",0:declare 6s", "1:invite", "now is the whist"),
        (BID_6S + ",0:declare 6s,1:pass,2:whist", "2:invite", "allowed open, closed"),
        (BID_6S + ",0:declare 6s,1:pass,2:half", "2:whist", "it is seat 1's turn"),
        # the play
        (BID_6S + ",0:declare 6s,1:whist,2:whist,0:play As", "1:play Ac", "allowed 9s Ts"),
        (BID_6S + ",0:declare 6s,1:whist,2:whist,0:play As", "1:play Ad", "does not hold Ad"),
        (BID_6S + ",0:declare 6s,1:whist,2:whist", "1:play Ac", "it is seat 0's turn"),
        (BID_6S + ",0:declare 6s,1:whist,2:whist", "0:play 2c", "not in the 32-card"),
        (
            BID_6S + ",0:declare 6s,1:pass,2:whist,2:open,0:play As",
            "2:play 9s",
            "write 'play <card> from 1'",
        ),
        (
            BID_6S + ",0:declare 6s,1:pass,2:whist,2:open,0:play As",
            "2:play 9s from 0",
            "write 'play <card> from 1'",
        ),
        (
            BID_6S + ",0:declare 6s,1:pass,2:whist,2:open,0:play As",
            "1:play 9s",
            "it is seat 2's turn",
        ),
        (
            BID_6S + ",0:declare 6s,1:pass,2:whist,2:closed,0:play As",
            "2:play 9s from 1",
            "it is seat 1's turn",
        ),
        # notation
        ("", "0:bid 11s", "not a contract"),
        ("", "0:bid", "write 'bid' and one contract"),
        ("", "5:pass", "no seat 5"),
        ("", "0:frob", "unknown verb 'frob'"),
        ("", "0:pass x", "'pass' takes nothing after it"),
        ("", "0:bid 6s from 1", "'from <seat>' goes only with 'play'"),
        ("", "0:play As from 0", "'from <seat>' goes only with 'play'"),
    ],
)
def test_illegal_russian_actions(setup: str, action: str, says: str) -> None:
    st = run(pref([SPADES]), setup)
    refused(st, action, says)


@pytest.mark.parametrize(
    ("setup", "action", "says"),
    [
        ("", "0:bid 6s", "the pot game bids 1..4, game or hearts"),
        ("0:bid 1", "1:bid 1", "allowed pass, bid 2"),
        ("0:bid 1", "1:hold", "allowed pass, bid 2"),  # seat 1 has bid no number
        ("0:bid 1,1:bid 2,2:pass", "0:bid game", "game and hearts may only be bid at"),
        ("0:bid 1,1:bid 2,2:pass", "0:bid hearts", "game and hearts may only be bid at"),
        ("0:pass,1:bid 1,2:bid 2,1:bid 3", "2:hold", "allowed pass, bid 4"),  # no priority
        ("0:bid game", "1:bid 2", "allowed pass, bid game, bid hearts"),
        ("0:bid game,1:bid game,2:pass,0:hold,1:bid game", "0:bid game", "allowed pass, hold"),
        ("0:bid 1,1:pass,2:pass,0:discard 7h 8h", "0:declare 6nt", "allowed declare 6s"),
        ("0:bid 1,1:pass,2:pass,0:discard 7h 8h", "0:declare 7s", "allowed declare 6s"),
        ("0:pass,1:bid 3,2:pass,1:discard 7c 8c", "1:declare 6c", "allowed declare 6d"),
        ("0:bid 1,1:pass,2:pass,0:discard 7h 8h,0:declare 6s", "1:half", "half-whist only"),
        ("0:bid 1,1:pass,2:pass,0:discard 7h 8h,0:declare 6s,1:pass,2:whist", "2:open", "invite"),
        (
            "0:bid 1,1:pass,2:pass,0:discard 7h 8h,0:declare 6s,1:pass,2:whist,2:pass,0:play As",
            "1:play 9s",
            "it is seat 2's turn",
        ),
    ],
)
def test_illegal_pot_actions(setup: str, action: str, says: str) -> None:
    st = run(pref([SPADES], rules="pot"), setup)
    refused(st, action, says)


def test_nothing_is_legal_after_the_game() -> None:
    st = pref([SPADES], start={"pulya": [18, 20, 20]})
    run(st, BID_6S + ",0:declare 6s,1:pass,2:pass")
    assert st.finished
    refused(st, "0:pass", "the game is over")


def test_actions_that_are_not_text_or_ids() -> None:
    st = pref([SPADES])
    before = fingerprint(st)
    for bad in (None, 7, ["0:pass"], b"0:pass"):
        with pytest.raises(IllegalAction):
            st.apply(bad)  # type: ignore[arg-type]
    assert fingerprint(st) == before


def test_views_and_events_of_seats_that_do_not_exist() -> None:
    st = pref([SPADES])
    for seat in (3, -1):
        with pytest.raises(IllegalAction):
            st.view(seat)
        with pytest.raises(IllegalAction):
            st.events(0, seat)
    with pytest.raises(IllegalAction):
        st.events(-1)


def test_replay_stops_at_an_illegal_action_with_status_three(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rec = record(["0:bid 6s", "1:pass", "2:pass", "0:discard Ac Kc", "0:declare 6s"])
    code, out = replay_cli(json.dumps(rec), capsys)
    assert code == 3 and out["ok"] is False
    assert out["error"]["index"] == 3 and out["error"]["action"] == "0:discard Ac Kc"
    assert "you do not hold" in out["error"]["message"]
    assert out["applied"] == 3 and out["to_act"] == 0 and out["view"]["phase"] == "discard"
    # Seen by another seat, the refusal does not say what seat 0 holds or lacks.
    code, out = replay_cli(json.dumps(rec), capsys, "--seat", "1")
    assert code == 3 and "hold" not in out["error"]["message"]
    assert out["error"]["message"] == "'0:discard Kc Ac' is not allowed now"


# ------------------------------------------------------------ malformed records

TWICE = [[*HANDS[0][:9], HANDS[1][0]], *HANDS[1:]]
NINE = [HANDS[0][:9], *HANDS[1:]]


@pytest.mark.parametrize(
    ("rec", "says"),
    [
        (with_deal(hands=TWICE), "Ac is dealt twice"),
        (with_deal(talon=["8s", "8s"]), "8s is dealt twice"),
        (with_deal(talon=["As", "7s"]), "As is dealt twice"),
        (with_deal(hands=NINE), "deal 0: seat 0 must get 10 cards, not 9"),
        (with_deal(hands=HANDS[:2]), '"hands" must hold 3 hands, one per seat'),
        (with_deal(talon=["8s"]), "talon must hold 2 card(s), not 1"),
        (with_deal(talon=["8s", "7s", "2c"]), "not in Preferans's 32-card deck"),
        (with_deal(talon="8s 7s"), 'must be a list of cards like "7h"'),
        (with_deal(hands=[["2c", *HANDS[0][1:]], *HANDS[1:]]), "2c is not in Preferans"),
        (with_deal(stock=["2c"]), "unknown field(s) stock; piles: hands, talon"),
        (with_deal(photo="7h"), "unknown field(s) photo"),
        (record(deals=["hands"]), '"deals" must be a list of objects'),
        # four players: the dealer's hand is []
        (
            record(options={"players": 4}, dealer=3, deals=[{"hands": [*HANDS, HANDS[0]]}]),
            "seat 3 deals and sits out: his hand must be []",
        ),
        (
            record(options={"players": 4}, dealer=3, deals=[{"hands": HANDS}]),
            '"hands" must hold 4 hands, one per seat',
        ),
        # the starting position
        (record(start={"pulya": [0, 0, 21]}), "'pulya' must hold 3 numbers from 0 to 20"),
        (record(start={"pulya": [0, 0]}), "'pulya' must hold 3 numbers"),
        (record(start={"gora": [0, -1, 0]}), "'gora' must hold 3 numbers"),
        (record(start={"whists": [0, 1, 0]}), "'whists' must hold 9 numbers"),
        (record(start={"whists": [1, 0, 0, 0, 0, 0, 0, 0, 0]}), "nobody writes whists on himself"),
        (record(start={"allpass": [-1]}), "'allpass' must hold 1 numbers"),
        (record(start={"cash": [0, 0, 0]}), "start: unknown field(s) cash"),
        (record(start={"score": [0, 0]}), "start: unknown field(s) score"),
        (
            record(options={"rules": "pot"}, start={"cash": [5, 0, 0], "kitty": [0]}),
            "the cash and the kitty must sum to zero",
        ),
        (record(options={"rules": "pot"}, start={"pulya": [0, 0, 0]}), "unknown field(s) pulya"),
        (record(start={"pulya": [0, 0, 1.5]}), "must hold whole numbers"),
        (record(start=[0, 0, 0]), '"start" must be an object'),
        # the options
        (record(options={"rules": "moscow"}), "rules='moscow' is not offered"),
        (record(options={"pool": 1}), "option pool=1 must be a whole number from 2 to 30"),
        (record(options={"pool": 31}), "from 2 to 30"),
        (record(options={"pool": "9" * 5000}), "from 2 to 30"),
        (record(options={"players": 5}), "players=5 is not offered"),
        (record(options={"target": 5}), "unknown option 'target'"),
        # the dealer
        (record(dealer=3), "dealer must be a seat from 0 to 2"),
        (record(dealer=-1), "dealer must be a seat from 0 to 2"),
    ],
)
def test_malformed_records_exit_two_with_a_clear_message(rec: dict[str, Any], says: str) -> None:
    assert says in malformed(rec)


def test_numbers_of_five_thousand_digits_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for text in (
        '{"game": "preferans", "options": {"pool": ' + "9" * 5000 + "}}",
        '{"game": "preferans", "dealer": ' + "9" * 5000 + "}",
        '{"game": "preferans", "start": {"pulya": [' + "9" * 5000 + "]}}",
    ):
        code, out = replay_cli(text, capsys)
        assert code == 2 and "5000 digits is too large" in out["error"]["message"]
    code, out = replay_cli(json.dumps(record(options={"pool": "9" * 5000})), capsys)
    assert code == 2 and len(out["error"]["message"]) < 160


def test_a_four_player_record_with_the_dealers_hand_empty_is_read() -> None:
    rec = record([], options={"players": 4}, dealer=3, deals=[{"hands": [*HANDS, []]}])
    st = state_from_record(load_record(json.dumps(rec)))
    assert isinstance(st, PreferansState)
    assert st.to_act == 0 and st.view(3).hand == ()


def test_a_start_with_every_pulya_closed_is_refused() -> None:
    """That game is over: it must not deal one more deal."""
    from tricktaker.core.start import Start
    from tricktaker.games.preferans import GAME

    with pytest.raises(RecordError, match="already closed"):
        GAME.new_match(GAME.options({"pool": 10}), start=Start({"pulya": (10, 10, 10)}))
    GAME.new_match(GAME.options({"pool": 10}), start=Start({"pulya": (10, 10, 9)}))


def test_a_malformed_memory_is_a_sample_error_not_a_traceback() -> None:
    import random

    from tricktaker.core.errors import SampleError
    from tricktaker.core.events import Event
    from tricktaker.games.preferans import GAME

    state = GAME.new_match(GAME.options({}), seed=3)
    view = state.view(0)
    memory = state.events(0, 0)
    bad = [Event(0, "deal", None, None, {**memory[0].data, "pulya": ["x", 0, 0]}), *memory[1:]]
    with pytest.raises(SampleError):
        GAME.sample_state(view, bad, random.Random(1))
