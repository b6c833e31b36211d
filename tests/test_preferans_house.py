"""Preferans' house rules (docs/rules/preferans.md, "House rules"; issue 25, part 4).

Each house rule is an option whose default is the behaviour before it: every test
here writes the same deal twice, once at the default and once with the rule, and
shows the numbers that differ, so each test fails without the rule's code. The
sheet's tests work on ``sheet.write`` (worked by hand from the tables), the state
machine's on hand-made deals (``preferans_helpers``).
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any, cast

import pytest

from preferans_helpers import GAME, SPADES, SPADES_DISCARD, TRICKS_MADE, entries, play, run, verbs
from tricktaker.bots import make_bot
from tricktaker.core import Start
from tricktaker.core.errors import IllegalAction
from tricktaker.core.options import option_sets
from tricktaker.core.protocol import rules_summary
from tricktaker.games.preferans import PreferansState
from tricktaker.games.preferans.deck import LADDER
from tricktaker.games.preferans.options import HOUSE_OPTIONS, SCHEMA, house_rules
from tricktaker.games.preferans.sheet import (
    HOUSE,
    Entry,
    House,
    Outcome,
    Sheet,
    allpass_price,
    allpass_pulya,
    min_level_after_allpass,
    write,
)
from tricktaker.games.preferans.systems import SYSTEMS, SheetScoring, system_for
from tricktaker.games.preferans.table import Table
from tricktaker.games.preferans.terms import Convention, DealEnd

E = Entry
POOL = 20


def game(declarer: int, level: int, tricks: tuple[int, ...], answers: tuple[str, ...]) -> Outcome:
    return Outcome("game", 3, (0, 1, 2), declarer, level, tricks, answers, True)


def written(outcome: Outcome, convention: str, house: House = HOUSE) -> tuple[Entry, ...]:
    return write(Sheet.empty(3), outcome, convention, POOL, house)[1]


def gora(outcome: Outcome, convention: str, house: House = HOUSE) -> dict[int, int]:
    """Each seat's gora written by the deal."""
    out: dict[int, int] = {}
    for e in written(outcome, convention, house):
        if e.column == "gora":
            out[e.seat] = out.get(e.seat, 0) + e.amount
    return out


def options(**values: Any) -> Any:
    return GAME.options(values)


def new(
    deals: list[dict[str, Any]], start: dict[str, int] | None = None, **values: Any
) -> PreferansState:
    begin = Start({k: (v,) for k, v in start.items()}) if start else None
    return GAME.new_match(options(**values), seed=0, deals=deals, dealer=2, start=begin)


# --- the options ---------------------------------------------------------------------------


def test_every_house_rule_is_an_option_whose_default_is_the_old_behaviour() -> None:
    assert HOUSE_OPTIONS == (
        "failed",
        "short_whister",
        "lone_whist",
        "duty_split",
        "ten_tricks",
        "stalingrad",
        "allpass_progression",
        "allpass_exit",
        "allpass_end",
    )
    assert {s.name for s in SCHEMA} >= set(HOUSE_OPTIONS)
    for convention in ("sochi", "leningrad", "rostov", "pot"):
        assert house_rules(options(rules=convention)) == HOUSE
        # The defaults play with the very systems the conventions always had.
        assert system_for(convention, HOUSE) is SYSTEMS[convention]


def test_a_house_rule_of_another_convention_is_kept_but_ignored() -> None:
    chosen = options(rules="sochi", failed="double", short_whister="full", lone_whist="whister")
    assert chosen["failed"] == "double"  # a record says what it says
    assert house_rules(chosen) == HOUSE
    assert house_rules(options(rules="leningrad", failed="double")).failed == "double"
    assert house_rules(options(rules="rostov", short_whister="full")).short_whister == "full"
    # The pot game has no house rules at all.
    assert house_rules(options(rules="pot", stalingrad=True, allpass_end="made")) == HOUSE
    # The sheet, given one directly, reads it only under its convention.
    failed = game(1, 7, (3, 5, 2), ("whist", "", "whist"))
    assert written(failed, "sochi", House(failed="double")) == written(failed, "sochi")


def test_bad_house_values_are_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="house rule failed='triple'"):
        House(failed="triple")
    with pytest.raises(Exception, match="allpass_exit"):
        options(allpass_exit="6-8-10")


# --- the sheet -----------------------------------------------------------------------------

#: Seat 1 plays 7 and takes 5; seats 0 and 2 whisted and took 3 and 2 (docs' example).
FAILED_7 = game(1, 7, (3, 5, 2), ("whist", "", "whist"))
#: Seat 0 plays 6 and takes 7; both whisted, seat 1 took 3 and seat 2 none: the side is one
#: short, and seat 2 answers for it (seat 1 took one more than his half).
SHORT_6 = game(0, 6, (7, 3, 0), ("", "whist", "whist"))


def test_leningrad_failed_doubled() -> None:
    # Single (today): value x missing into the gora, 4 x 2 = 8; doubled: 16.
    assert gora(FAILED_7, "leningrad") == {1: 8}
    assert gora(FAILED_7, "leningrad", House(failed="double")) == {1: 16}
    # The whists are those of the Leningrad tables either way (doubled whists already).
    whists = [e for e in written(FAILED_7, "leningrad") if e.column == "whists"]
    doubled = [
        e for e in written(FAILED_7, "leningrad", House(failed="double")) if e.column == "whists"
    ]
    assert whists == doubled
    # A caught misère: 10 a trick, doubled 20.
    caught = Outcome("misere", 3, (0, 1, 2), 0, 10, (2, 8, 0), ("",) * 3, True)
    assert gora(caught, "leningrad") == {0: 20}
    assert gora(caught, "leningrad", House(failed="double")) == {0: 40}
    # The short whister at the full value: 2 for his trick, not 1.
    assert gora(SHORT_6, "leningrad") == {2: 1}
    assert gora(SHORT_6, "leningrad", House(failed="double")) == {2: 2}


def test_rostov_short_whister_full() -> None:
    assert gora(SHORT_6, "rostov") == {2: 1}
    assert gora(SHORT_6, "rostov", House(short_whister="full")) == {2: 2}
    assert gora(SHORT_6, "sochi") == {2: 2}  # Sochi is responsible already


def test_leningrad_lone_whist_written_by_the_whister_alone() -> None:
    # Seat 0 makes 6; seat 1 whisted and took 3, seat 2 passed and took 1 (side 4).
    lone = game(0, 6, (6, 3, 1), ("", "whist", "pass"))
    shared = [e for e in written(lone, "leningrad") if e.column == "whists"]
    assert shared == [E(1, "whists", 8, 0), E(2, "whists", 8, 0)]  # 2 x 2 x 4, halved
    alone = [
        e for e in written(lone, "leningrad", House(lone_whist="whister")) if e.column == "whists"
    ]
    assert alone == [E(1, "whists", 16, 0)]
    # Two whisters still share (the rule is the lone whister's).
    both = game(0, 6, (6, 3, 1), ("", "whist", "whist"))
    assert written(both, "leningrad", House(lone_whist="whister")) == written(both, "leningrad")


def test_two_short_whisters_gentlemans_split() -> None:
    # Greedy (today): seat 2 answers for the missing trick, 2 into his gora in Sochi.
    assert gora(SHORT_6, "sochi") == {2: 2}
    # Gentleman's: the two share it, half a trick each, 1 point each.
    assert gora(SHORT_6, "sochi", House(duty_split="gentleman")) == {1: 1, 2: 1}
    # At 7 both short (1 and 0 of 2 owed, side one short): greedy, seat 2; shared, both.
    short_7 = game(0, 7, (9, 1, 0), ("", "whist", "whist"))
    assert gora(short_7, "sochi") == {2: 4}
    assert gora(short_7, "sochi", House(duty_split="gentleman")) == {1: 2, 2: 2}
    # A lone whister answers for all of it either way.
    lone = game(0, 6, (7, 3, 0), ("", "whist", "pass"))
    assert gora(lone, "sochi", House(duty_split="gentleman")) == gora(lone, "sochi") == {1: 2}


def test_a_checked_ten_writes_no_whists_for_tricks_and_no_duty() -> None:
    # Seat 0 plays 10 and takes 9: down one; both defenders "whist" (they play it).
    down = game(0, 10, (9, 1, 0), ("", "whist", "whist"))
    whisted = written(down, "sochi")
    assert E(1, "whists", 10, 0) in whisted  # seat 1's trick
    checked = written(down, "sochi", House(ten_tricks="checked"))
    assert checked == (E(0, "gora", 10), E(1, "whists", 10, 0), E(2, "whists", 10, 0))
    # Whisted, seat 1 writes 10 for his trick before the consolation: twice 10 on seat 0.
    assert whisted == (E(0, "gora", 10), *checked[1:2], *checked[1:])
    # Made: whisted, the two short whisters answer for half the trick each; checked, nothing.
    made = game(0, 10, (10, 0, 0), ("", "whist", "whist"))
    assert gora(made, "sochi") == {1: 5, 2: 5}
    assert gora(made, "sochi", House(ten_tricks="checked")) == {}
    # Only the ten: a nine is whisted as always.
    nine = game(0, 9, (9, 1, 0), ("", "whist", "whist"))
    assert written(nine, "sochi", House(ten_tricks="checked")) == written(nine, "sochi")


def test_a_flat_all_pass_progression() -> None:
    flat = House(allpass_progression="flat")
    assert [allpass_price("sochi", r) for r in (1, 2, 3, 4)] == [1, 2, 3, 3]
    assert [allpass_price("sochi", r, flat) for r in (1, 2, 3, 4)] == [1, 1, 1, 1]
    assert [allpass_price("leningrad", r, flat) for r in (1, 2, 3)] == [2, 2, 2]
    # Rostov: 5 whists a trick and 1 point for no trick, whatever the round.
    assert [allpass_price("rostov", r, flat) for r in (1, 2, 3)] == [5, 5, 5]
    assert [allpass_pulya("rostov", r, flat) for r in (1, 2, 3)] == [1, 1, 1]
    third = Outcome("allpass", 3, (0, 1, 2), None, 0, (0, 4, 6), ("",) * 3, True, 3)
    assert written(third, "rostov") == (
        E(0, "pulya", 3),
        E(0, "whists", 60, 1),
        E(0, "whists", 90, 2),
    )
    assert written(third, "rostov", flat) == (
        E(0, "pulya", 1),
        E(0, "whists", 20, 1),
        E(0, "whists", 30, 2),
    )


def test_the_exit_from_all_passes() -> None:
    def exits(convention: str, exit: str) -> list[int]:
        house = House(allpass_exit=exit)
        return [min_level_after_allpass(convention, n, house) for n in range(5)]

    assert exits("sochi", "convention") == [6, 6, 7, 7, 7]
    assert exits("leningrad", "convention") == [6, 6, 7, 8, 8]
    assert exits("sochi", "6-7-8") == [6, 6, 7, 8, 8]
    assert exits("leningrad", "6-7-7") == [6, 6, 7, 7, 7]
    assert exits("leningrad", "6-6-6") == [6] * 5
    system = system_for("sochi", House(allpass_exit="6-7-8"))
    assert [LADDER[system.bids.min_bid(n)] for n in range(5)] == ["6s", "6s", "7s", "8s", "8s"]


def _table(streak: int, taken: list[int]) -> Table:
    """A finished 7♠ of seat 0, whisted by both, as the scoring system reads it."""
    return cast(
        Table,
        SimpleNamespace(
            sheet=Sheet.empty(3),
            pool=POOL,
            streak=streak,
            players=3,
            active=(0, 1, 2),
            contract="7s",
            declarer=0,
            level=7,
            taken=taken,
            answers=["", "whist", "whist"],
        ),
    )


def test_all_passes_end_with_any_contract_or_only_with_one_made() -> None:
    any_contract = SYSTEMS["sochi"]
    made_only = system_for("sochi", House(allpass_end="made"))
    assert isinstance(made_only, SheetScoring)
    failed, made = [6, 2, 2], [7, 2, 1]
    for system, outcome, streak in (
        (any_contract, failed, 0),
        (any_contract, made, 0),
        (made_only, failed, 2),  # a failed contract keeps the row going
        (made_only, made, 0),
    ):
        t = _table(2, outcome)
        system.settle(t, DealEnd.TRICKS, {})
        assert t.streak == streak, (system, outcome)


# --- the state machine ---------------------------------------------------------------------

BID_6S = f"0:bid 6s,1:pass,2:pass,{SPADES_DISCARD}"


def test_stalingrad_six_of_spades_must_be_whisted_by_both() -> None:
    plain = run(new([SPADES]), f"{BID_6S},0:declare 6s")
    assert verbs(plain) == ["whist", "pass"]
    state = run(new([SPADES], stalingrad=True), f"{BID_6S},0:declare 6s")
    assert state.to_act == 1 and verbs(state) == ["whist"]
    with pytest.raises(IllegalAction, match="six of spades must be whisted"):
        state.apply("1:pass")
    run(state, "1:whist")
    assert state.to_act == 2 and verbs(state) == ["whist"]  # no pass, no half-whist
    run(state, "2:whist")
    assert state.public_view().phase == "play"
    # Any other contract is answered as always.
    other = run(new([SPADES], stalingrad=True), f"{BID_6S},0:declare 6c")
    assert verbs(other) == ["whist", "pass"]


def test_a_checked_ten_is_played_without_anyone_asked_to_whist() -> None:
    whisted = run(new([SPADES]), f"{BID_6S},0:declare 10s")
    assert whisted.public_view().phase == "whist"
    state = run(new([SPADES], ten_tricks="checked"), f"{BID_6S},0:declare 10s")
    assert state.public_view().phase == "play" and state.to_act == 0
    play(state, TRICKS_MADE)
    # Seat 0 took 6 of 10: down 4, 40 into his gora and 40 of consolation from each other
    # player; seat 2's four tricks write no whists (whisted, they would write 40 more).
    assert entries(state) == [(0, "gora", 40, None), (1, "whists", 40, 0), (2, "whists", 40, 0)]
    run(whisted, "1:whist,2:whist")
    play(whisted, TRICKS_MADE)
    assert (2, "whists", 40, 0) in entries(whisted) and len(entries(whisted)) == 4


def test_a_failed_contract_keeps_the_all_pass_row_going_only_where_agreed() -> None:
    # Two all-passes before: the exit is 7 (Sochi). Seat 0 plays 7♠ and takes 6: down one.
    deal = f"0:bid 7s,1:pass,2:pass,{SPADES_DISCARD},0:declare 7s,1:whist,2:whist"
    for end, streak in (("any", 0), ("made", 2)):
        state = run(new([SPADES], start={"allpass": 2}, allpass_end=end), deal)
        play(state, TRICKS_MADE)
        assert state.streak == streak
        assert state.public_view().to_json()["allpass"] == streak
        low = next(v for v in verbs(state) if v.startswith("bid"))
        assert low == ("bid 6s" if end == "any" else "bid 7s")


# --- the words -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru", "pt", "fr"])
def test_the_rules_summary_names_the_convention_and_each_house_rule(lang: str) -> None:
    words = GAME.words(lang)
    plain = rules_summary(words, options(rules="leningrad"))
    agreed = rules_summary(
        words, options(rules="leningrad", failed="double", stalingrad=True, pool=10)
    )
    assert plain.count(";") == 0
    assert agreed.count(";") == 2 and "10" in agreed
    if lang == "en":
        assert plain == "Leningrad, pulya 20"
        assert agreed == (
            "Leningrad, pulya 10; Failed contract: doubled; Stalingrad (six of spades whisted)"
        )
    if lang == "ru":
        assert agreed.startswith("Ленинградка, пуля 10; Ремиз: вдвойне; Сталинград")
    # A house rule of another convention is not in force, so not shown.
    assert rules_summary(words, options(rules="sochi", failed="double")).count(";") == 0
    # The rules' lines name it too.
    lines = words.rules(options(rules="leningrad", failed="double"))
    assert any(line.startswith(words.option_label(SCHEMA[4])) for line in lines)


def test_the_pot_games_summary() -> None:
    assert rules_summary(GAME.words("en"), options(rules="pot", pool=12)) == "Pot game, 12 deals"
    assert (
        rules_summary(GAME.words("en"), options(rules="pot", overtake=True))
        == "Pot game, 20 deals; Must overtake"
    )


def test_the_convention_is_a_system_per_house() -> None:
    a = system_for("sochi", House(stalingrad=True))
    assert a is system_for("sochi", House(stalingrad=True))  # one object per pair
    assert a is not SYSTEMS[Convention.SOCHI] and a.must_whist("6s") and not a.must_whist("6c")
    assert not SYSTEMS[Convention.POT].must_whist("6s")


# --- the bots ------------------------------------------------------------------------------


@pytest.mark.parametrize("values", [dict(o) for o in option_sets(SCHEMA)])
def test_the_rules_bot_plays_under_every_house_rule(values: dict[str, Any]) -> None:
    """Every house rule meets every value of every other option in some set (pairwise):
    the rules bot's moves stay legal, deals end, and the sheet the engine writes is the
    one the house rules make (the bots call no scoring of their own)."""
    bot = make_bot("rules", "preferans")
    rng = random.Random(0)
    for seed in range(2):
        state = GAME.new_match(GAME.options(values), seed=seed, dealer=seed % 3)
        while not state.finished_deals():
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            pick = bot.act(state.view(seat), state.events(0, seat), legal, rng)
            assert str(pick) in {str(a) for a in legal}
            state.apply(pick)


def test_stalingrad_says_why_the_whist_is_the_only_answer() -> None:
    state = run(new([SPADES], stalingrad=True), f"{BID_6S},0:declare 6s")
    view = state.view(1)
    (whist,) = state.legal_actions()
    for lang, word in (("en", "Stalingrad"), ("ru", "Сталинград")):
        help_text = GAME.words(lang).action_help(whist, view, ["A", "B", "C"])
        assert help_text is not None and help_text.startswith(word) and "4" in help_text
    plain = run(new([SPADES]), f"{BID_6S},0:declare 6s")
    help_text = GAME.words("en").action_help(plain.legal_actions()[0], plain.view(1), ["A"] * 3)
    assert help_text is not None and "Stalingrad" not in help_text
