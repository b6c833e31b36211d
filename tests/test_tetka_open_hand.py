"""The Tetka open-hand solver (``solvers/tetka``) against a plain brute force on the engine,
and on positions worked out by hand.

The brute force knows nothing of the solver: it tries every legal card on
clones of the engine's state to the end of the deal and reads the marks the
engine gives (``finished_deals()``), the valued seat taking the fewest, the
three others the most. The endings are random deals played at random to 1..3
tricks from the end, sometimes in the middle of a trick, with queens and the
photo card kept back (so they are still in play) and a photograph whose
counting trick falls among the last tricks half the time.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from scale import sample
from tetka_helpers import ALL_CARDS, deal_of, tetka
from tricktaker.bots import make_bot
from tricktaker.bots.search import SearchBot
from tricktaker.bots.tetka.open_hand import OpenHandValue
from tricktaker.cards import mask_of, parse_card, parse_cards
from tricktaker.core.registry import get_game
from tricktaker.games.tetka import TetkaState
from tricktaker.solvers.tetka._kernel import representatives
from tricktaker.solvers.tetka.solve import Ending, Table, solve, solve_marks
from tricktaker.solvers.tetka.world import solved_play, tricks_left

QUEENS = {parse_card(q) for q in ("Qc", "Qd", "Qh", "Qs")}


def random_ending(rng: random.Random, tricks_left: int) -> TetkaState:
    """A deal played at random until ``tricks_left`` tricks remain (and 0..3 cards of the
    next), queens and the photo card played only when nothing else may be."""
    cards = ALL_CARDS[:]
    rng.shuffle(cards)
    # The counting trick among the last three half the time (J, Q, K: tricks 11..13).
    photo = rng.choice(["J", "Q", "K"]) + rng.choice("cdhs") if rng.random() < 0.5 else cards[0]
    state = tetka([deal_of([cards[13 * s : 13 * s + 13] for s in range(4)], photo=photo)])
    state = state.clone(stop_after_deal=True)
    keep = QUEENS | {parse_card(photo)}
    target = 4 * tricks_left - rng.randrange(4)
    while 52 - 4 * len(state.winners) - len(state.plays) > target:
        legal = state.legal_actions()
        plain = [a for a in legal if a.card not in keep]
        state.apply(rng.choice(plain or list(legal)))
    return state


def brute_force(state: TetkaState, seat: int, before: int) -> int:
    """The marks ``seat`` ends the deal with, by trying every legal line on the engine."""
    if len(state.finished_deals()) > before:
        marks: tuple[int, ...] = state.finished_deals()[before].details["marks"]
        return marks[seat]
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(brute_force(child, seat, before))
    return min(values) if state.to_act == seat else max(values)


def play_line(state: TetkaState, line: tuple[int, ...]) -> TetkaState:
    """The engine's state after ``line`` is played on a clone (each card checked legal)."""
    trial = state.clone()
    for card in line:
        seat = trial.to_act
        assert seat is not None
        legal = {a.card: a for a in trial.legal_actions()}
        assert card in legal, f"seat {seat} may not play {ALL_CARDS[card]}"
        trial.apply(legal[card])
    return trial


@pytest.mark.parametrize("tricks_left", [1, 2, 3])
def test_the_solver_agrees_with_brute_force_on_random_endings(tricks_left: int) -> None:
    rng = random.Random(1000 + tricks_left)
    cases = sample(*{1: (60, 12), 2: (50, 10), 3: (30, 6)}[tricks_left])
    marked = 0
    for _ in range(cases):
        state = random_ending(rng, tricks_left)
        ending = Ending.of(state)
        live = ending.hands[0] | ending.hands[1] | ending.hands[2] | ending.hands[3]
        live |= mask_of(ending.trick)
        marked += bool(live & (mask_of(QUEENS) | (1 << state.photo)))
        before = len(state.finished_deals())
        for seat in range(4):
            solution = solve(ending, seat)
            expected = brute_force(state, seat, before)
            assert state.deal_marks[seat] + solution.marks == expected, (ending, seat)
            # The line reaches the value, as the engine scores it.
            played = play_line(state, solution.line)
            assert played.finished_deals()[before].details["marks"][seat] == expected
            assert solve_marks(ending, seat) == solution.marks
    assert marked >= cases // 2  # the endings do hold queens or the photo card


def ending(
    hands: list[str],
    *,
    leader: int,
    won: tuple[int, int, int, int],
    latest: tuple[int, int, int, int],
    photo: str,
    trick: str = "",
) -> Ending:
    """An ending written by hand: each seat's cards, the tricks finished so far."""
    masks = [mask_of(parse_cards(h.split())) for h in hands]
    return Ending(
        (masks[0], masks[1], masks[2], masks[3]),
        tuple(parse_cards(trick.split())),
        leader,
        sum(won),
        won,
        latest,
        parse_card(photo),
    )


def test_the_last_trick_with_a_queen_goes_to_the_highest_heart() -> None:
    # Photograph 2c: the counting trick was the 2nd, the photo card is gone.
    e = ending(
        ["Qh", "2h", "3h", "Kh"], leader=0, won=(3, 3, 3, 3), latest=(11, 10, 9, 8), photo="2c"
    )
    # Seat 3's king takes the queen, the last trick and, with 4 tricks, the most.
    assert [solve_marks(e, s) for s in range(4)] == [0, 0, 0, 3]


def test_the_most_tricks_tie_goes_to_the_latest_trick() -> None:
    # Seat 1 takes the last trick: 4 tricks like seat 0, but later, so the most is his.
    e = ending(
        ["2c", "Ad", "3c", "4c"], leader=1, won=(4, 3, 2, 3), latest=(5, 11, 9, 10), photo="2s"
    )
    assert solve_marks(e, 1) == 2  # the last trick and the most
    assert solve_marks(e, 0) == 0


def test_leading_the_ace_first_costs_one_queen_not_two() -> None:
    # Two tricks left, seat 0 to lead with Ah 2h; seat 1 holds Qh 3h, the others low
    # hearts. Leading 2h, seat 0 must win the last trick with the ace and seat 1 drops
    # the queen on it (2 marks); leading the ace, seat 1 drops the queen at once and
    # seat 0 loses the last trick with the two (1 mark). Seat 1 has the most tricks.
    e = ending(
        ["Ah 2h", "Qh 3h", "4h 5h", "6h 7h"],
        leader=0,
        won=(1, 4, 3, 3),
        latest=(3, 10, 9, 8),
        photo="2c",
    )
    solution = solve(e, 0)
    assert solution.marks == 1
    assert solution.line[0] == parse_card("Ah")
    assert solution.line[1] == parse_card("Qh")


def test_the_counting_trick_and_photo_card_count_where_they_fall() -> None:
    # Photograph Kd: the counting trick is the 13th, the photo card Kd is in play.
    # Seat 2 leads the last trick's only diamond and takes photo, counting and last.
    e = ending(
        ["2s", "3s", "Kd", "4s"], leader=2, won=(3, 3, 3, 3), latest=(0, 1, 11, 2), photo="Kd"
    )
    assert solve_marks(e, 2) == 4  # photo, counting, last, most


def test_a_trick_in_progress_is_finished_first() -> None:
    # Seat 0 led 9s, seat 1 followed with Ts; seat 2 holds Js 2s, seat 3 Qs 3s. Both
    # duck, so seat 1 keeps the 12th trick and must lead his 5c to the last, on which
    # seat 3 drops the queen: queen, last trick and most tricks (5).
    e = ending(
        ["4c", "5c", "Js 2s", "Qs 3s"],
        leader=0,
        won=(3, 3, 3, 2),
        latest=(10, 9, 8, 7),
        photo="2d",
        trick="9s Ts",
    )
    solution = solve(e, 1)
    assert solution.marks == 3
    assert [ALL_CARDS[c] for c in solution.line[:2]] == ["2s", "3s"]
    # Seat 2 on its own account: ducking with the two, seat 3 would take the trick with
    # the queen and lead 3s, and seat 2's jack would take the last trick and the most
    # (2 marks); with the jack, the worst is seat 3 ducking too: the most tricks (1).
    assert solve_marks(e, 2) == 1
    assert solve(e, 2).line[0] == parse_card("Js")


def test_equivalent_cards_are_tried_once() -> None:
    def reps(hand: str, live_extra: str = "", photo: str = "2c") -> list[str]:
        allowed = mask_of(parse_cards(hand.split()))
        live = allowed | mask_of(parse_cards(live_extra.split()))
        out = np.zeros(32, np.int64)
        n = representatives(allowed, live, parse_card(photo), out)
        return [ALL_CARDS[c] for c in out[:n]]

    assert reps("5h 6h") == ["5h"]  # adjacent
    assert reps("5h 7h") == ["5h"]  # 6h already played
    assert reps("5h 7h", "6h") == ["5h", "7h"]  # 6h still held, or on the table
    assert reps("Jh Qh Kh") == ["Jh", "Qh", "Kh"]  # a queen stands alone
    assert reps("Th Jh Kh") == ["Th"]  # the queen between them is gone
    assert reps("3d 4d 5d", photo="4d") == ["3d", "4d", "5d"]  # so does the photo card
    assert reps("3d 4d 3s 4s") == ["3d", "3s"]  # suits apart


def test_the_table_persists_without_changing_answers() -> None:
    rng = random.Random(7)
    fresh_values = []
    table = Table(bits=8)  # a tiny table: entries overwrite each other all the time
    for _ in range(20):
        e = Ending.of(random_ending(rng, 4))
        fresh_values.append([solve_marks(e, s, Table(bits=10)) for s in range(4)])
        assert [solve_marks(e, s, table) for s in range(4)] == fresh_values[-1]


def test_the_world_value_is_the_engines_deal_gain_of_best_play() -> None:
    rng = random.Random(11)
    value = OpenHandValue(tricks=2)
    for _ in range(20):
        state = random_ending(rng, 2)
        before = len(state.finished_deals())
        for seat in range(4):
            expected = brute_force(state, seat, before)
            # Eight marks a deal: gain -m less the others' mean -(8 - m) / 3.
            assert value(state, seat) == pytest.approx((8 - 4 * expected) / 3)
        assert state.to_act is not None and len(state.finished_deals()) == before  # untouched
    assert value.solved == 80


def test_the_world_value_waits_until_few_tricks_are_left() -> None:
    rng = random.Random(12)
    value = OpenHandValue(tricks=3)
    assert value(random_ending(rng, 4), 0) is None
    assert value(random_ending(rng, 3), 0) is not None
    finished = random_ending(rng, 1)
    while finished.to_act is not None:
        finished.apply(finished.legal_actions()[0])
    assert value(finished, 0) is None
    with pytest.raises(ValueError):
        OpenHandValue(tricks=0)


def test_only_a_tetka_deal_in_play_is_handed_to_the_solver() -> None:
    rng = random.Random(15)
    state = random_ending(rng, 3)
    assert tricks_left(state) == 3
    finished = state.clone()
    while finished.to_act is not None:
        finished.apply(finished.legal_actions()[0])
    assert tricks_left(finished) is None
    with pytest.raises(ValueError, match="in play"):
        solved_play(finished, 0)
    truc = get_game("truc")
    assert tricks_left(truc.new_match(truc.options({}), seed=1)) is None
    before = len(state.finished_deals())
    played = solved_play(state, 2)
    assert played.to_act is None and len(played.finished_deals()) == before + 1
    assert state.to_act is not None  # the world itself is left as it was


def test_the_search_level_solves_its_worlds_near_the_end() -> None:
    bot = make_bot("search", "tetka")
    assert isinstance(bot, SearchBot)
    value = bot._value
    assert isinstance(value, OpenHandValue)
    state = random_ending(random.Random(13), 3)
    seat = state.to_act
    assert seat is not None
    solved = value.solved
    legal = state.legal_actions()
    action = bot.act(state.view(seat), state.events(0, seat), legal, random.Random(1))
    assert action in legal
    assert value.solved - solved >= bot.last_worlds  # every world was solved, none rolled out


def test_under_penalized_revokes_the_engine_scores_the_solved_line() -> None:
    # The solver assumes everyone follows suit; a world with revokes already made is
    # still valued by the engine's rules, trick handing included.
    rng = random.Random(14)
    value = OpenHandValue(tricks=2)
    revoked = 0
    for _ in range(10):
        cards = ALL_CARDS[:]
        rng.shuffle(cards)
        state = tetka(
            [deal_of([cards[13 * s : 13 * s + 13] for s in range(4)])], revoke="penalized"
        )
        state = state.clone(stop_after_deal=True)
        while 52 - 4 * len(state.winners) - len(state.plays) > 8:
            state.apply(rng.choice(state.legal_actions()))
        revoked += bool(state.proved or state.pending_revokes)
        seat = rng.randrange(4)
        before = len(state.finished_deals())
        played = play_line(state, solve(Ending.of(state), seat).line)
        marks = played.finished_deals()[before].details["marks"][seat]
        assert value(state, seat) == pytest.approx((8 - 4 * marks) / 3)
    assert revoked >= 5


def test_the_bench_script_runs_and_reports_each_row() -> None:
    script = Path(__file__).parents[1] / "bench" / "tetka_open_hand.py"
    args = ["--positions", "3", "--max-tricks", "2", "--policy", "random", "--json"]
    done = subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [r["tricks_left"] for r in report["rows"]] == [1, 2]
    for row in report["rows"]:
        assert row["positions"] == 3
        assert 0 < row["value_ms"]["median"] <= row["value_ms"]["p95"] <= row["value_ms"]["max"]
        assert row["nodes_median"] >= 1
    assert report["decisions"] is None
