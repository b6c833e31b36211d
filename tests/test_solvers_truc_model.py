"""The solver's model of a Le Truc deal agrees with the engine, step by step.

Random deals (explicit hands and stock, so the engine deals exactly them) are
played side by side in the engine and in ``solvers.truc.model``: at every step
both must offer the same moves in the same order (engine actions read as verb
and rank, one per rank), and at the end both must score the same points the
same way. Random paths are drawn with a per-path taste for each verb, so long
redeal chains, doubles up to the rest, counter-rests and folds all occur; both
option sets and score states near 12 (where ``rest`` replaces ``double``) are
walked. Seed 000's two worked examples are replayed through the model too.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from helpers import new_state
from test_truc_records import DUMMETT, PRELUDE, TO_REST, kabanov_record, replay
from tricktaker.cards import CARD_NAMES, parse_card
from tricktaker.core import Start
from tricktaker.games.truc import TrucAction, TrucState
from tricktaker.games.truc.actions import VERBS as ENGINE_VERBS
from tricktaker.games.truc.cards import DECK
from tricktaker.solvers.truc.bridge import action_for, move_of, moves_of, pile_of_cards
from tricktaker.solvers.truc.count import private_states, tree_size
from tricktaker.solvers.truc.hands import (
    FULL_DECK,
    HAND_INDEX,
    HANDS,
    RANKS,
    count,
    fits,
    hand_pairs,
    pile_of,
    ways,
)
from tricktaker.solvers.truc.model import (
    ACCEPT,
    DEAL,
    DOUBLE,
    REDEAL,
    VERBS,
    DealRules,
    Node,
    Position,
    move_text,
)

OPTION_SETS = [("repeat", "leader"), ("once", "spoil"), ("repeat", "spoil"), ("once", "leader")]
SCORES = [(0, 0), (11, 11), (10, 3), (3, 10), (7, 2), (11, 0), (0, 11), (6, 6), (8, 9), (9, 5)]
#: Random paths per option set, score state and dealer (about 2 s in all).
ROUNDS = 60


def pile_in_hand(state: TrucState, seat: int) -> int:
    return pile_of_cards(state.view(seat).hand)


#: Picks the engine action to take next, seeing the engine's state and the model's position.
Chooser = Callable[[TrucState, Position], TrucAction]


def side_by_side(state: TrucState, choose: Chooser) -> tuple[Position, Counter[str]]:
    """Play the engine's deal in progress to its end and the model beside it.

    The model's hands are read from the engine's views (each seat sees its own),
    at the start and after every accepted call for cards. Returns the model's
    last position and what happened on the way (for coverage checks).
    """
    view = state.public_view()
    rules = DealRules(
        score=(view.score[0], view.score[1]),
        dealer=view.dealer,
        redeal=str(view.options["redeal"]),
        ties=str(view.options["ties"]),
    )
    deal_no = len(state.finished_deals())
    seen: Counter[str] = Counter()

    def dealt(pos: Position) -> Position:
        caller, dealer = rules.caller, rules.dealer
        return pos.deal(pile_in_hand(state, caller), pile_in_hand(state, dealer))

    pos = dealt(Position.start(rules))
    while len(state.finished_deals()) == deal_no:
        assert pos.outcome is None, f"the model ended the deal early: {pos.outcome}"
        assert pos.to_act == state.to_act
        expected = moves_of(state.legal_actions())
        got = list(pos.legal())
        assert got == expected, (
            f"history {[move_text(m & 15) for m in pos.node.history]}: model "
            f"{[move_text(m) for m in got]}, engine {[move_text(m) for m in expected]}"
        )
        action = choose(state, pos)
        state.apply(action)
        pos = pos.apply(move_of(action))
        seen[action.verb] += 1
        if pos.node.is_chance:
            seen["redealt"] += 1
            pos = dealt(pos)
        if pos.node.decider:
            seen["decider"] += 1
    summary = state.finished_deals()[deal_no]
    out = pos.outcome
    assert out is not None, "the engine ended the deal, the model did not"
    assert (out.winner, out.points, out.end) == (summary.winner, summary.points, summary.end)
    # The public history replays to the same node without the hands.
    node = Node.root(rules)
    for code in pos.node.history:
        node = node.child(code & 15)
    assert node.outcome == out
    seen[out.end] += 1
    return pos, seen


def random_chooser(rng: random.Random, by_model: bool) -> Chooser:
    """A random player with a taste for each verb, drawn afresh for each path.

    ``by_model``: it picks among the model's moves and plays them through
    ``action_for`` (as a bot playing the solver's strategy will); else among
    the engine's actions.
    """
    taste = {verb: rng.choice((0.2, 1.0, 4.0)) for verb in ENGINE_VERBS}
    taste["fold"] = rng.choice((0.02, 0.2))

    def choose(state: TrucState, pos: Position) -> TrucAction:
        legal = state.legal_actions()
        if by_model:
            moves = pos.legal()
            move = rng.choices(moves, weights=[taste[VERBS[m]] for m in moves])[0]
            return action_for(move, legal)
        return rng.choices(legal, weights=[taste[a.verb] for a in legal])[0]

    return choose


def random_deal(rng: random.Random) -> dict[str, Any]:
    cards = [CARD_NAMES[c] for c in DECK]
    rng.shuffle(cards)
    return {"hands": [cards[0:3], cards[3:6]], "stock": cards[6:]}


def test_random_paths_agree_with_the_engine() -> None:
    rng = random.Random(20261130)
    seen: Counter[str] = Counter()
    by_options: dict[tuple[str, str], Counter[str]] = {o: Counter() for o in OPTION_SETS}
    began = time.perf_counter()
    paths = 0
    for _ in range(ROUNDS):
        for redeal, ties in OPTION_SETS:
            for score in [*SCORES, (rng.randrange(12), rng.randrange(12))]:
                for dealer in (0, 1):
                    state = new_state(
                        redeal=redeal,
                        ties=ties,
                        deals=[random_deal(rng)],
                        dealer=dealer,
                        start=Start({"score": score}),
                    )
                    _, got = side_by_side(state, random_chooser(rng, by_model=paths % 2 == 1))
                    seen += got
                    by_options[(redeal, ties)] += got
                    paths += 1
    assert time.perf_counter() - began < 15
    # The paths reached every kind of ending and every verb of two-player Le Truc.
    for verb in ("play", "fold", "redeal", "accept", "refuse", "double", "rest", "decider"):
        assert seen[verb] > 0, verb
    for end in ("tricks", "refused", "folded"):
        assert all(c[end] > 0 for c in by_options.values()), end
    assert by_options[("repeat", "leader")]["void"] > 0
    assert by_options[("once", "leader")]["void"] == 0
    assert paths == ROUNDS * len(OPTION_SETS) * (len(SCORES) + 1) * 2


def scripted(actions: list[str]) -> Chooser:
    it = iter(actions)

    def choose(state: TrucState, pos: Position) -> TrucAction:
        wanted = next(it)
        found = [a for a in state.legal_actions() if str(a) == wanted]
        assert found, f"{wanted} not legal: {state.legal_actions()}"
        return found[0]

    return choose


def test_dummett_example_in_the_model() -> None:
    state = replay(DUMMETT, 0)
    pos, _ = side_by_side(state, scripted(DUMMETT["actions"]))
    assert pos.outcome is not None
    assert (pos.outcome.winner, pos.outcome.points, pos.outcome.end) == (1, 8, "refused")
    assert pos.hands == (pile_of("78K"), pile_of("789"))


KABANOV_TAILS = [
    (("8c", "Ac"), "1:rest", "", 0, 5),
    (("Ah", "8s"), "1:rest", "", 1, 10),
    (("Ah", "8s"), "1:accept", "", 1, 5),
    (("8c", "Ac"), "1:accept", "1:rest", 0, 5),
]


@pytest.mark.parametrize(("cards", "answer", "later", "winner", "points"), KABANOV_TAILS)
def test_kabanov_danilov_in_the_model(
    cards: tuple[str, str], answer: str, later: str, winner: int, points: int
) -> None:
    k3, d3 = cards
    tail = ["0:rest", answer, "0:play 7h", f"0:play {k3}", *([later] if later else [])]
    tail.append(f"1:play {d3}")
    record = kabanov_record(k3, d3, tail)
    state = replay(record, len(PRELUDE))
    pos, seen = side_by_side(state, scripted(TO_REST + tail))
    assert pos.node.rules == DealRules(score=(7, 2), dealer=1)
    assert pos.outcome is not None
    assert (pos.outcome.winner, pos.outcome.points) == (winner, points)
    assert (seen["decider"] > 0) == ("1:rest" in (answer, later))


def test_all_tricks_spoiled_is_a_drawn_deal() -> None:
    for ties in ("leader", "spoil"):
        deal = {"hands": [["7h", "Kh", "9h"], ["7s", "Ks", "9s"]]}
        state = new_state(ties=ties, deals=[deal])
        acts = ["1:play 7s", "0:play 7h", "1:play Ks", "0:play Kh", "1:play 9s", "0:play 9h"]
        pos, _ = side_by_side(state, scripted(acts))
        assert pos.outcome is not None and pos.outcome.end == "drawn"
        assert pos.outcome.gains == (0, 0)


def test_five_accepted_calls_void_the_deal_with_repeat_only() -> None:
    calls = ["1:redeal", "0:accept"] * 5
    state = new_state(deals=[random_deal(random.Random(5))])
    pos, seen = side_by_side(state, scripted(calls))
    assert seen["redealt"] == 4 and pos.outcome is not None and pos.outcome.end == "void"
    assert pos.node.stock_left == 2
    pos = Position.start(DealRules(redeal="once")).deal(pile_of("789"), pile_of("78K"))
    assert REDEAL in pos.legal()
    pos = pos.apply(REDEAL).apply(ACCEPT)
    assert pos.node.is_chance and pos.hands == (0, 0)
    assert pos.aside == (pile_of("78K"), pile_of("789"))  # seat 0 deals, seat 1 calls
    pos = pos.deal(pile_of("99T"), pile_of("TTJ"))
    assert REDEAL not in pos.legal()  # no second call with redeal=once


def test_hand_pairs_weigh_every_deal_by_its_card_sets() -> None:
    assert len(HANDS) == 120 and len(HAND_INDEX) == 120
    pairs, total = hand_pairs(FULL_DECK)
    assert sum(w for _, _, w in pairs) == total == 4960 * 3654
    sevens = pile_of("777")
    assert sum(w for a, _, w in pairs if a == sevens) == ways(FULL_DECK, sevens) * 3654 == 4 * 3654
    # After a deal of 789 / 78K the stock lacks those cards.
    stock = FULL_DECK - pile_of("789") - pile_of("78K")
    pairs, total = hand_pairs(stock)
    assert sum(w for _, _, w in pairs) == total
    assert all(fits(a + b, stock) for a, b, _ in pairs)
    assert not any(pile_of("888") in (a, b) for a, b, _ in pairs)  # two eights are gone


def test_public_moves_cover_every_hand() -> None:
    node = Node.root(DealRules()).child(DEAL)
    assert set().union(*(node.legal(h) for h in HANDS)) == set(node.moves())
    assert [move_text(m) for m in node.moves()][-3:] == ["redeal", "double", "fold"]
    assert RANKS == 8 and parse_card("7h") in DECK


def test_private_states_count_what_a_player_may_hold() -> None:
    own, other = pile_of("7"), pile_of("777")
    room = FULL_DECK - other
    hands = [h for h in HANDS if fits(own, h) and fits(h, room)]
    piles = {(h, a + b) for h in hands for a in HANDS for b in HANDS if fits(h + a + b, room)}
    runs = [(h, a, b) for h in hands for a in HANDS for b in HANDS if fits(h + a + b, room)]
    assert private_states(own, other, 2) == (len(hands), len(piles), len(runs))
    assert len(hands) == len([h for h in HANDS if count(h, 7) == 1])  # one seven is left


def test_tree_size_memo_counts_every_node_once() -> None:
    def plain(node: Node) -> tuple[int, int, int]:
        if node.is_terminal:
            return (0, 1, 0)
        actor = node.actor
        own = private_states(node.played[actor], node.played[1 - actor], node.deals - 1)
        sub = [plain(node.child(m)) for m in node.moves()]
        return (1 + sum(s[0] for s in sub), sum(s[1] for s in sub), own[2] + sum(s[2] for s in sub))

    rules = DealRules(score=(9, 4), dealer=1, redeal="once")
    start = Node.root(rules).child(DEAL).child(REDEAL).child(ACCEPT).child(DEAL)
    start = start.child(7).child(DOUBLE).child(ACCEPT).child(5).child(3)  # 7 led, A wins trick 1
    size = tree_size(rules, start)
    assert (size.decisions, size.terminals, size.recall) == plain(start)
    assert size.decisions > 100 and size.hands < size.lossless == size.recall
