"""The Preferans score sheet (docs/rules/preferans.md, "Scoring the Russian conventions").

Every deal here is worked by hand from the tables on that page: the exact
entries, in writing order, and the exact sheet after. The settlement examples
are the page's worked examples. A property test writes random legal outcomes
on random sheets.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scale import examples
from tricktaker.games.preferans.sheet import (
    CONTRACT_VALUE,
    CONVENTIONS,
    MISERE_VALUE,
    Entry,
    Outcome,
    Sheet,
    allpass_price,
    allpass_pulya,
    half_whist_allowed,
    is_closed,
    min_level_after_allpass,
    settlement,
    settlement_exact,
    whist_duty,
    write,
)

POOL = 20
E = Entry


def game(
    declarer: int,
    level: int,
    tricks: tuple[int, ...],
    answers: tuple[str, ...],
    played: bool = True,
    active: tuple[int, ...] = (0, 1, 2),
) -> Outcome:
    return Outcome("game", len(tricks), active, declarer, level, tricks, answers, played)


def misere(declarer: int, tricks: tuple[int, ...]) -> Outcome:
    return Outcome("misere", 3, (0, 1, 2), declarer, 10, tricks, ("",) * 3, True)


def allpass(tricks: tuple[int, ...], rnd: int = 1, active: tuple[int, ...] = (0, 1, 2)) -> Outcome:
    n = len(tricks)
    return Outcome("allpass", n, active, None, 0, tricks, ("",) * n, True, rnd)


def sheet(
    pulya: tuple[int, ...],
    gora: tuple[int, ...],
    whists: dict[tuple[int, int], int] | None = None,
) -> Sheet:
    n = len(pulya)
    w = whists or {}
    return Sheet(pulya, gora, tuple(tuple(w.get((i, j), 0) for j in range(n)) for i in range(n)))


def run(
    outcome: Outcome, convention: str, before: Sheet | None = None, pool: int = POOL
) -> tuple[Sheet, tuple[Entry, ...]]:
    return write(before or Sheet.empty(outcome.players), outcome, convention, pool)


# --- the tables -------------------------------------------------------------------------


def test_tables() -> None:
    assert CONVENTIONS == ("sochi", "leningrad", "rostov")
    assert CONTRACT_VALUE == {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
    assert MISERE_VALUE == 10
    assert [whist_duty(n) for n in range(6, 11)] == [4, 2, 1, 1, 1]
    assert [half_whist_allowed(n) for n in range(6, 11)] == [True, True, False, False, False]
    with pytest.raises(ValueError):
        whist_duty(5)


def test_allpass_progression_and_exit() -> None:
    assert [allpass_price("sochi", r) for r in range(1, 6)] == [1, 2, 3, 3, 3]
    assert [allpass_price("leningrad", r) for r in range(1, 6)] == [2, 4, 6, 6, 6]
    assert [allpass_price("rostov", r) for r in range(1, 6)] == [5, 10, 15, 15, 15]
    assert [allpass_pulya("rostov", r) for r in range(1, 5)] == [1, 2, 3, 3]
    assert [allpass_pulya("leningrad", r) for r in range(1, 5)] == [2, 4, 6, 6]
    assert [min_level_after_allpass("sochi", s) for s in range(6)] == [6, 6, 7, 7, 7, 7]
    assert [min_level_after_allpass("leningrad", s) for s in range(6)] == [6, 6, 7, 8, 8, 8]
    assert [min_level_after_allpass("rostov", s) for s in range(6)] == [6, 6, 7, 7, 7, 7]
    with pytest.raises(ValueError):
        allpass_price("sochi", 0)
    with pytest.raises(ValueError):
        allpass_price("pot", 1)


# --- a made contract ----------------------------------------------------------------------

MADE = game(0, 6, (6, 3, 1), ("", "whist", "whist"))


def test_made_sochi_and_rostov_greedy_whist() -> None:
    for convention in ("sochi", "rostov"):
        after, entries = run(MADE, convention)
        assert entries == (E(0, "pulya", 2), E(1, "whists", 6, 0), E(2, "whists", 2, 0))
        assert after == sheet((2, 0, 0), (0, 0, 0), {(1, 0): 6, (2, 0): 2})


def test_made_leningrad_doubled_gentlemans_whist() -> None:
    # 4 defenders' tricks at 2 x 2 whists, shared equally: 8 each.
    after, entries = run(MADE, "leningrad")
    assert entries == (E(0, "pulya", 2), E(1, "whists", 8, 0), E(2, "whists", 8, 0))
    assert after == sheet((2, 0, 0), (0, 0, 0), {(1, 0): 8, (2, 0): 8})


def test_lone_whister_takes_all_in_sochi_shares_with_passer_in_leningrad() -> None:
    deal = game(2, 7, (2, 1, 7), ("whist", "pass", ""))
    _, sochi = run(deal, "sochi")
    assert sochi == (E(2, "pulya", 4), E(0, "whists", 12, 2))
    _, rostov = run(deal, "rostov")
    assert rostov == sochi
    _, leningrad = run(deal, "leningrad")
    assert leningrad == (E(2, "pulya", 4), E(0, "whists", 12, 2), E(1, "whists", 12, 2))


# --- a failed contract, with consolation -------------------------------------------------

FAILED = game(1, 7, (3, 5, 2), ("whist", "", "whist"))


def test_failed_sochi() -> None:
    after, entries = run(FAILED, "sochi")
    assert entries == (
        E(1, "gora", 8),  # 4 x 2 missing
        E(0, "whists", 12, 1),  # his 3 tricks
        E(2, "whists", 8, 1),  # his 2 tricks
        E(2, "whists", 8, 1),  # consolation 4 x 2, from the left of the declarer
        E(0, "whists", 8, 1),
    )
    assert after == sheet((0, 0, 0), (0, 8, 0), {(0, 1): 20, (2, 1): 16})
    assert run(FAILED, "rostov")[1] == entries


def test_failed_leningrad() -> None:
    after, entries = run(FAILED, "leningrad")
    assert entries == (
        E(1, "gora", 8),
        E(0, "whists", 20, 1),  # 5 tricks x 8 whists, shared
        E(2, "whists", 20, 1),
        E(2, "whists", 16, 1),  # consolation doubled: 8 x 2
        E(0, "whists", 16, 1),
    )
    assert after == sheet((0, 0, 0), (0, 8, 0), {(0, 1): 36, (2, 1): 36})


def test_passer_writes_consolation_too() -> None:
    deal = game(0, 7, (6, 3, 1), ("", "whist", "pass"))
    _, entries = run(deal, "sochi")
    assert entries == (
        E(0, "gora", 4),
        E(1, "whists", 16, 0),  # the lone whister: all 4 defenders' tricks
        E(1, "whists", 4, 0),
        E(2, "whists", 4, 0),
    )


# --- a whister short ----------------------------------------------------------------------


def test_whister_short_covered_by_partner() -> None:
    # 6: the defenders owe 4, took 3. Seat 1 took 3 (one over his half), seat 2
    # none: seat 2 answers for the side's one missing trick.
    deal = game(0, 6, (7, 3, 0), ("", "whist", "whist"))
    after, entries = run(deal, "sochi")
    assert entries == (E(0, "pulya", 2), E(1, "whists", 6, 0), E(2, "gora", 2))
    assert after.gora == (0, 0, 2)
    _, rostov = run(deal, "rostov")  # half-responsible
    assert rostov == (E(0, "pulya", 2), E(1, "whists", 6, 0), E(2, "gora", 1))
    _, leningrad = run(deal, "leningrad")
    assert leningrad == (
        E(0, "pulya", 2),
        E(1, "whists", 6, 0),
        E(2, "whists", 6, 0),
        E(2, "gora", 1),
    )


def test_both_whisters_short() -> None:
    deal = game(0, 6, (8, 1, 1), ("", "whist", "whist"))
    _, entries = run(deal, "sochi")
    assert entries == (
        E(0, "pulya", 2),
        E(1, "whists", 2, 0),
        E(2, "whists", 2, 0),
        E(1, "gora", 2),
        E(2, "gora", 2),
    )


def test_lone_whister_short_answers_for_the_side() -> None:
    deal = game(0, 7, (9, 1, 0), ("", "whist", "pass"))
    _, sochi = run(deal, "sochi")
    assert sochi == (E(0, "pulya", 4), E(1, "whists", 4, 0), E(1, "gora", 4))
    _, leningrad = run(deal, "leningrad")
    assert leningrad == (
        E(0, "pulya", 4),
        E(1, "whists", 4, 0),
        E(2, "whists", 4, 0),
        E(1, "gora", 2),
    )


def test_at_eight_to_ten_two_whisters_each_answer_for_half_the_trick() -> None:
    deal = game(0, 8, (10, 0, 0), ("", "whist", "whist"))
    _, sochi = run(deal, "sochi")
    assert sochi == (E(0, "pulya", 6), E(1, "gora", 3), E(2, "gora", 3))
    _, rostov = run(deal, "rostov")  # half of half of 6 is 1.5: rounded up
    assert rostov == (E(0, "pulya", 6), E(1, "gora", 2), E(2, "gora", 2))
    nine = game(0, 9, (10, 0, 0), ("", "whist", "whist"))
    _, sochi9 = run(nine, "sochi")
    assert sochi9 == (E(0, "pulya", 8), E(1, "gora", 4), E(2, "gora", 4))
    _, leningrad10 = run(game(0, 10, (10, 0, 0), ("", "whist", "whist")), "leningrad")
    assert leningrad10 == (E(0, "pulya", 10), E(1, "gora", 3), E(2, "gora", 3))
    _, lone = run(game(0, 9, (10, 0, 0), ("", "whist", "pass")), "sochi")
    assert lone == (E(0, "pulya", 8), E(1, "gora", 8))  # a lone whister: the whole trick


# --- half-whist and both pass ----------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "convention", "whists"),
    [(6, "sochi", 4), (7, "sochi", 4), (6, "rostov", 4), (6, "leningrad", 8), (7, "leningrad", 8)],
)
def test_half_whist(level: int, convention: str, whists: int) -> None:
    deal = game(0, level, (0, 0, 0), ("", "pass", "half"), played=False)
    after, entries = run(deal, convention)
    value = CONTRACT_VALUE[level]
    assert entries == (E(0, "pulya", value), E(2, "whists", whists, 0))
    assert after == sheet((value, 0, 0), (0, 0, 0), {(2, 0): whists})


def test_half_whist_refused_at_eight() -> None:
    with pytest.raises(ValueError, match="half-whist"):
        run(game(0, 8, (0, 0, 0), ("", "pass", "half"), played=False), "sochi")


@pytest.mark.parametrize("convention", CONVENTIONS)
def test_both_pass(convention: str) -> None:
    deal = game(1, 8, (0, 0, 0), ("pass", "", "pass"), played=False)
    after, entries = run(deal, convention)
    assert entries == (E(1, "pulya", 6),)
    assert after == sheet((0, 6, 0), (0, 0, 0))


# --- misère ----------------------------------------------------------------------------


@pytest.mark.parametrize("convention", CONVENTIONS)
def test_misere_made_and_caught(convention: str) -> None:
    assert run(misere(2, (4, 6, 0)), convention)[1] == (E(2, "pulya", 10),)
    after, entries = run(misere(2, (4, 4, 2)), convention)
    assert entries == (E(2, "gora", 20),)
    assert after == sheet((0, 0, 0), (0, 0, 20))


# --- all-pass --------------------------------------------------------------------------


def test_allpass_sochi_first_and_second() -> None:
    first, entries = run(allpass((0, 4, 6)), "sochi")
    assert entries == (E(0, "pulya", 1), E(1, "gora", 4), E(2, "gora", 6))
    second, entries = run(allpass((0, 4, 6), 2), "sochi", first)
    assert entries == (E(0, "pulya", 2), E(1, "gora", 8), E(2, "gora", 12))
    assert second == sheet((3, 0, 0), (0, 12, 18))


def test_allpass_leningrad_first_and_second() -> None:
    assert run(allpass((0, 4, 6)), "leningrad")[1] == (
        E(0, "pulya", 2),
        E(1, "gora", 8),
        E(2, "gora", 12),
    )
    assert run(allpass((1, 3, 6), 2), "leningrad")[1] == (
        E(0, "gora", 4),
        E(1, "gora", 12),
        E(2, "gora", 24),
    )


def test_allpass_rostov_in_whists() -> None:
    after, entries = run(allpass((0, 4, 6)), "rostov")
    assert entries == (E(0, "pulya", 1), E(0, "whists", 20, 1), E(0, "whists", 30, 2))
    assert after == sheet((1, 0, 0), (0, 0, 0), {(0, 1): 20, (0, 2): 30})
    _, second = run(allpass((2, 1, 7), 2), "rostov")
    assert second == (E(1, "whists", 20, 0), E(1, "whists", 70, 2))
    # Two with the fewest both write on the third.
    _, tie = run(allpass((3, 4, 3)), "rostov")
    assert tie == (E(0, "whists", 20, 1), E(2, "whists", 20, 1))


# --- pulya overflow ------------------------------------------------------------------------


def test_overflow_closes_the_others_pulyas_with_whists() -> None:
    before = sheet((8, 9, 3), (5, 0, 0))
    deal = game(0, 8, (8, 1, 1), ("", "whist", "whist"))
    after, entries = run(deal, "sochi", before, pool=10)
    assert entries[:5] == (
        E(0, "pulya", 2),
        E(1, "pulya", 1),
        E(0, "whists", 10, 1),
        E(2, "pulya", 3),
        E(0, "whists", 30, 2),
    )
    assert after.pulya == (10, 10, 6)
    assert after.gora == (5, 0, 0)
    _, leningrad = run(deal, "leningrad", before, pool=10)
    assert leningrad[2] == E(0, "whists", 20, 1)
    assert leningrad[4] == E(0, "whists", 60, 2)


def test_overflow_then_writes_off_gora_then_others_gora() -> None:
    before = sheet((10, 10, 9), (5, 2, 0))
    after, entries = run(misere(0, (0, 5, 5)), "sochi", before, pool=10)
    assert entries == (
        E(2, "pulya", 1),
        E(0, "whists", 10, 2),
        E(0, "gora", -5),
        E(1, "gora", 4),
        E(2, "gora", 4),
    )
    assert after == sheet((10, 10, 10), (0, 6, 4), {(0, 2): 10})
    assert is_closed(after, 10)
    assert not is_closed(before, 10)


# --- four players --------------------------------------------------------------------------


def test_four_players_dealer_writes_consolation_only() -> None:
    deal = game(0, 6, (5, 3, 2, 0), ("", "whist", "pass", ""), active=(0, 1, 2))
    after, entries = run(deal, "sochi")
    assert entries == (
        E(0, "gora", 2),
        E(1, "whists", 10, 0),
        E(1, "whists", 2, 0),
        E(2, "whists", 2, 0),
        E(3, "whists", 2, 0),  # the dealer sitting out
    )
    assert after.whists[3] == (2, 0, 0, 0)
    _, leningrad = run(deal, "leningrad")
    assert leningrad == (
        E(0, "gora", 2),
        E(1, "whists", 10, 0),
        E(2, "whists", 10, 0),
        E(1, "whists", 4, 0),
        E(2, "whists", 4, 0),
        E(3, "whists", 4, 0),
    )
    # A made contract: the dealer writes nothing.
    made = game(0, 6, (6, 2, 2, 0), ("", "whist", "whist", ""), active=(0, 1, 2))
    assert all(e.seat != 3 for e in run(made, "sochi")[1])


def test_four_players_allpass_dealer_out() -> None:
    deal = allpass((0, 2, 5, 3), active=(1, 2, 3))  # seat 0 deals
    _, sochi = run(deal, "sochi")
    assert sochi == (E(1, "gora", 2), E(2, "gora", 5), E(3, "gora", 3))
    _, rostov = run(deal, "rostov")
    assert rostov == (E(1, "whists", 25, 2), E(1, "whists", 15, 3))


def test_bad_outcomes_are_refused() -> None:
    with pytest.raises(ValueError, match="10 tricks"):
        run(game(0, 6, (6, 3, 0), ("", "whist", "whist")), "sochi")
    with pytest.raises(ValueError, match="sitting out"):
        run(game(0, 6, (5, 3, 1, 1), ("", "whist", "pass", ""), active=(0, 1, 2)), "sochi")
    with pytest.raises(ValueError, match="whister"):
        run(game(0, 6, (6, 3, 1), ("", "pass", "pass")), "sochi")
    with pytest.raises(ValueError, match="convention"):
        run(MADE, "pot")


# --- settlement ----------------------------------------------------------------------------


def test_settlement_three_players_worked_example() -> None:
    # docs/rules/preferans.md, "Final settlement": gora 16/10/4, amnesty 4.
    final = sheet(
        (20, 20, 20),
        (16, 10, 4),
        {(0, 1): 30, (0, 2): 12, (1, 0): 6, (2, 0): 20, (2, 1): 8},
    )
    assert is_closed(final, 20)
    assert settlement(final, 20) == (-44.0, -32.0, 76.0)
    # The amnesty: the same number on every gora changes nothing.
    raised = sheet(
        (20, 20, 20), (116, 110, 104), {(0, 1): 30, (0, 2): 12, (1, 0): 6, (2, 0): 20, (2, 1): 8}
    )
    assert settlement(raised, 20) == (-44.0, -32.0, 76.0)


def test_settlement_four_players() -> None:
    final = sheet((10, 10, 10, 10), (8, 4, 0, 2), {(0, 1): 10, (2, 3): 4})
    assert settlement(final, 10) == (-35.0, -15.0, 39.0, 11.0)


def test_settlement_unfinished_fills_the_pulya_from_gora() -> None:
    unfinished = sheet((10, 6, 9), (0, 0, 0))
    assert settlement_exact(unfinished, 10) == (Fraction(50, 3), Fraction(-70, 3), Fraction(20, 3))
    # Floats only at the end, not rounded (rounding each total would break the zero sum).
    assert settlement(unfinished, 10) == pytest.approx((50 / 3, -70 / 3, 20 / 3), abs=1e-12)


def test_overflow_into_others_gora_settles_as_own_gora_written_off() -> None:
    # Writing e into each other player's gora is the same as -e in one's own.
    a = sheet((10, 10, 10), (0, 6, 4), {(0, 2): 10})
    b = sheet((10, 10, 10), (-4, 2, 0), {(0, 2): 10})
    assert settlement(a, 10) == settlement(b, 10)


# --- properties ----------------------------------------------------------------------------


@st.composite
def tricks_among(draw: st.DrawFn, seats: tuple[int, ...], players: int) -> tuple[int, ...]:
    cuts = sorted(draw(st.lists(st.integers(0, 10), min_size=2, max_size=2)))
    parts = (cuts[0], cuts[1] - cuts[0], 10 - cuts[1])
    out = [0] * players
    for seat, t in zip(seats, parts, strict=True):
        out[seat] = t
    return tuple(out)


@st.composite
def cases(draw: st.DrawFn) -> tuple[Sheet, Outcome, str, int]:
    players = draw(st.sampled_from((3, 4)))
    pool = draw(st.integers(1, 30))
    sh = Sheet(
        tuple(draw(st.integers(0, pool)) for _ in range(players)),
        tuple(draw(st.integers(0, 60)) for _ in range(players)),
        tuple(
            tuple(0 if i == j else draw(st.integers(0, 200)) for j in range(players))
            for i in range(players)
        ),
    )
    dealer = draw(st.integers(0, players - 1))
    active = tuple((dealer + k) % players for k in range(1, 4))
    kind = draw(st.sampled_from(("game", "game", "misere", "allpass")))
    tricks = draw(tricks_among(active, players))
    blank = ("",) * players
    if kind == "allpass":
        outcome = Outcome(
            kind, players, active, None, 0, tricks, blank, True, draw(st.integers(1, 5))
        )
    else:
        declarer = draw(st.sampled_from(active))
        if kind == "misere":
            outcome = Outcome(kind, players, active, declarer, 10, tricks, blank, True)
        else:
            level = draw(st.integers(6, 10))
            defenders = [s for s in active if s != declarer]
            answers = list(blank)
            played = draw(st.booleans())
            if played:
                first = draw(st.sampled_from(("whist", "pass")))
                second = "whist" if first == "pass" else draw(st.sampled_from(("whist", "pass")))
                pair = [first, second]
            else:
                tricks = (0,) * players
                half = half_whist_allowed(level) and draw(st.booleans())
                pair = ["pass", "half"] if half else ["pass", "pass"]
            pair = draw(st.permutations(pair))
            for s, a in zip(defenders, pair, strict=True):
                answers[s] = a
            outcome = Outcome(
                kind, players, active, declarer, level, tricks, tuple(answers), played
            )
    return sh, outcome, draw(st.sampled_from(CONVENTIONS)), pool


def replay(before: Sheet, entries: tuple[Entry, ...]) -> Sheet:
    pulya, gora = list(before.pulya), list(before.gora)
    whists = [list(r) for r in before.whists]
    for e in entries:
        if e.column == "pulya":
            pulya[e.seat] += e.amount
        elif e.column == "gora":
            gora[e.seat] += e.amount
        else:
            assert e.on is not None and e.on != e.seat
            whists[e.seat][e.on] += e.amount
    return Sheet(tuple(pulya), tuple(gora), tuple(tuple(r) for r in whists))


@examples(300, dev=30)
@given(cases())
def test_random_outcomes_keep_the_sheet_sound(case: tuple[Sheet, Outcome, str, int]) -> None:
    before, outcome, convention, pool = case
    snapshot = before.to_json()
    after, entries = write(before, outcome, convention, pool)
    assert before.to_json() == snapshot  # write never changes its input
    assert replay(before, entries) == after  # the entries are exactly what changed
    assert all(e.amount for e in entries)
    assert all(a >= b for a, b in zip(after.pulya, before.pulya, strict=True))
    assert all(p <= pool for p in after.pulya)
    assert all(g >= 0 for g in after.gora)
    assert all(w >= 0 for row in after.whists for w in row)
    for s in (before, after):
        assert sum(settlement_exact(s, pool)) == 0
        assert abs(sum(settlement(s, pool))) < 1e-6
    # A failed contract always costs its declarer in the settlement.
    if outcome.kind == "game" and outcome.declarer is not None and outcome.played:
        d = outcome.declarer
        if outcome.tricks[d] < outcome.level:
            assert settlement_exact(after, pool)[d] < settlement_exact(before, pool)[d]


def test_sheet_json_round_trip() -> None:
    s = sheet((1, 2, 3), (4, 5, 6), {(0, 1): 7, (2, 0): 8})
    assert s.to_json() == {
        "pulya": [1, 2, 3],
        "gora": [4, 5, 6],
        "whists": [[0, 7, 0], [0, 0, 0], [8, 0, 0]],
    }
    assert Sheet.from_json(s.to_json()) == s
    assert E(1, "whists", 4, 0).to_json() == {"seat": 1, "column": "whists", "amount": 4, "on": 0}
    assert E(1, "gora", -2).to_json() == {"seat": 1, "column": "gora", "amount": -2}
