"""The ``solved`` level of Le Truc (issue 24) reads its deal from its memory and plays
the solved strategy where there is one, ``search`` elsewhere; offered only when a
strategy is solved.

The quick tests use a strategy solved from a point of the first deal (after a
refused call, ace against seven, king led): an engine deal scripted to reach that
point must be read back to the same history and get the strategy's move.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from helpers import new_state
from tricktaker.bots.truc.solved import (
    SolvedBot,
    _candidates,
    available,
    find_policy,
    load_policy,
)
from tricktaker.cards import CARD_NAMES
from tricktaker.core import Start
from tricktaker.games.truc.cards import DECK, STRENGTH
from tricktaker.solvers.truc.betting import same_tree
from tricktaker.solvers.truc.bridge import move_of
from tricktaker.solvers.truc.hands import pile_of
from tricktaker.solvers.truc.model import (
    ACCEPT,
    DEAL,
    DOUBLE,
    REDEAL,
    REFUSE,
    REST,
    DealRules,
    Node,
    proposal_ladder,
)
from tricktaker.solvers.truc.policy import checkpoint_path, export, policy_path
from tricktaker.solvers.truc.solve import TrucSolver

RULES = DealRules((0, 0), 0, "once", "leader")


def _cards(ranks: str) -> list[str]:
    """Engine card names for these rank letters (``hands.RANK_NAMES``), distinct suits."""
    taken: set[int] = set()
    out = []
    for letter in ranks:
        rank = "9TJQKA87".index(letter)
        card = next(c for c in DECK if STRENGTH[c] == rank and c not in taken)
        taken.add(card)
        out.append(CARD_NAMES[card])
    return out


@pytest.fixture
def solved_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TRICKTAKER_SOLVED_DIR", str(tmp_path))
    return tmp_path


def test_offered_only_when_a_strategy_is_solved(solved_dir: Path) -> None:
    assert not available()
    assert load_policy(RULES) is None
    start = Node.root(RULES).child(DEAL).child(REDEAL).child(REFUSE).child(5).child(7).child(4)
    solver = TrucSolver(RULES, start)
    solver.run(20)
    export(solver, policy_path(checkpoint_path(RULES)))
    assert available()
    policy = load_policy(RULES)
    assert policy is not None and policy.iterations == 20

    # Seat 0 deals; seat 1 (the caller) holds an ace, the dealer a seven and a king.
    caller, dealer = _cards("AQ9"), _cards("7KJ")
    used = set(caller + dealer)
    stock = [CARD_NAMES[c] for c in DECK if CARD_NAMES[c] not in used]
    state = new_state(redeal="once", deals=[{"hands": [dealer, caller], "stock": stock}])
    for seat, verb in [(1, "redeal"), (0, "refuse"), (1, "play A"), (0, "play 7"), (0, "play K")]:
        assert state.to_act == seat
        kind, _, rank = verb.partition(" ")
        wanted = [
            a
            for a in state.legal_actions()
            if a.verb == kind and (not rank or STRENGTH[a.card] == "9TJQKA87".index(rank))
        ]
        assert wanted, (verb, state.legal_actions())
        state.apply(wanted[0])
    assert state.to_act == 1
    bot = SolvedBot()
    legal = state.legal_actions()
    history = (*start.history,)
    want = policy.probabilities(history, 1, pile_of("AQ9"))
    seen = set()
    for i in range(40):
        action = bot.act(state.view(1), state.events(0, 1), legal, random.Random(i))
        assert action in legal
        seen.add(move_of(action))
    assert bot.solved_moves == 40 and bot.search_moves == 0
    assert seen == {m for m, p in want.items() if p > 0}


def _walk(rules: DealRules, rng: random.Random) -> list[tuple[int, ...]]:
    """The public moves offered along one random path through the deal of ``rules``."""
    node, seen = Node.root(rules), []
    while moves := node.moves():
        seen.append(moves)
        node = node.child(rng.choice(moves))
    return seen


def test_scores_with_the_same_ladder_have_the_same_tree() -> None:
    """The score shapes the tree only through what each player may propose at each
    stake: 0 to 3 points propose alike, 4 cannot make a rest after 8, and so on."""
    ladders = {p: proposal_ladder(p) for p in range(12)}
    groups = [[p for p in range(12) if ladders[p] == ladders[q]] for q in range(12)]
    assert sorted({tuple(g) for g in groups}) == [
        (0, 1, 2, 3),
        (4,),
        (5, 6, 7),
        (8,),
        (9,),
        (10,),
        (11,),
    ]
    assert same_tree(RULES, DealRules((3, 2), 0, "once", "leader"))
    assert not same_tree(RULES, DealRules((4, 0), 0, "once", "leader"))
    assert not same_tree(RULES, DealRules((3, 2), 1, "once", "leader"))
    rng = random.Random(5)
    for _ in range(300):  # the same seed walks the same path while the moves agree
        seed = rng.random()
        assert _walk(RULES, random.Random(seed)) == _walk(
            DealRules((3, 2), 0, "once", "leader"), random.Random(seed)
        )
    # Raising whenever it may, seat 0 meets 8 with a rest at 0:0 and none at 4:0.
    raise_first = (DOUBLE, REST, ACCEPT)

    def raised(rules: DealRules) -> list[tuple[int, ...]]:
        node, seen = Node.root(rules), []
        while moves := node.moves():
            seen.append(moves)
            node = node.child(next((m for m in raise_first if m in moves), moves[0]))
        return seen

    assert raised(RULES) != raised(DealRules((4, 0), 0, "once", "leader"))
    assert raised(RULES) == raised(DealRules((2, 3), 0, "once", "leader"))


def test_a_score_of_the_same_game_plays_its_equilibrium(solved_dir: Path) -> None:
    """Solved at 10:4, the strategy is 10:0 to 10:3's too (the same game: the side
    below 10 never meets the stake of 8, where 4 and 0 to 3 differ); not 10:5's."""
    rules = DealRules((10, 4), 0, "once", "leader")
    start = Node.root(rules).child(DEAL).child(REDEAL).child(REFUSE).child(5).child(7).child(4)
    solver = TrucSolver(rules, start)
    solver.run(4)
    export(solver, policy_path(checkpoint_path(rules)))
    for low in range(4):
        found = find_policy(DealRules((10, low), 0, "once", "leader"))
        assert found is not None and found[0].rules == rules
    assert find_policy(DealRules((10, 5), 0, "once", "leader")) is None
    assert find_policy(DealRules((4, 10), 0, "once", "leader")) is None


def test_the_dealers_mirror_comes_before_other_scores() -> None:
    """With seat 1 dealing, seat 0 dealing at the mirrored score is the same deal, seats
    swapped: it is tried right after the deal itself, before any other score."""
    rules = DealRules((2, 10), 1, "once", "leader")
    found = _candidates(rules)
    assert found[:2] == ((rules, False), (DealRules((10, 2), 0, "once", "leader"), True))
    rest = {(r.score, r.dealer, swapped) for r, swapped in found[2:]}
    assert rest == {((a, 10), 1, False) for a in (0, 1, 3, 4)} | {
        ((10, b), 0, True) for b in (0, 1, 3, 4)
    }


def test_a_strategy_serves_every_score_with_the_same_tree(solved_dir: Path) -> None:
    """Solved at 0:0, the strategy is played at 3:2 (the same tree); at 4:0 (another
    tree) the level plays as ``search``."""
    start = Node.root(RULES).child(DEAL).child(REDEAL).child(REFUSE).child(5).child(7).child(4)
    solver = TrucSolver(RULES, start)
    solver.run(10)
    export(solver, policy_path(checkpoint_path(RULES)))
    found = find_policy(DealRules((3, 2), 0, "once", "leader"))
    assert found is not None and found[0].rules == RULES and not found[1]
    assert find_policy(DealRules((4, 0), 0, "once", "leader")) is None
    # Seat 1 dealing at 2:3 is seat 0 dealing at 3:2, seats swapped.
    mirrored = find_policy(DealRules((2, 3), 1, "once", "leader"))
    assert mirrored is not None and mirrored[1]
    caller, dealer = _cards("AQ9"), _cards("7KJ")
    used = set(caller + dealer)
    stock = [CARD_NAMES[c] for c in DECK if CARD_NAMES[c] not in used]
    for score, from_strategy in [((3, 2), True), ((4, 0), False)]:
        state = new_state(
            redeal="once",
            deals=[{"hands": [dealer, caller], "stock": stock}],
            start=Start({"score": score}),
        )
        for verb in ["redeal", "refuse", "play A", "play 7", "play K"]:
            kind, _, rank = verb.partition(" ")
            state.apply(
                next(
                    a
                    for a in state.legal_actions()
                    if a.verb == kind and (not rank or STRENGTH[a.card] == "9TJQKA87".index(rank))
                )
            )
        bot = SolvedBot()
        legal = state.legal_actions()
        bot.act(state.view(1), state.events(0, 1), legal, random.Random(1))
        assert (bot.solved_moves, bot.search_moves) == ((1, 0) if from_strategy else (0, 1))
