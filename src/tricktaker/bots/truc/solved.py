"""The ``solved`` level of two-player Le Truc: plays the equilibrium of ``tricktaker solve``
where one is solved, and the ``search`` level everywhere else.

A strategy is solved per deal situation (the score, the dealer, the options:
docs/strength.md, "Le Truc equilibrium"). Its key is the deal's public history
and the hand in play, and the view holds the deal's state but not its history,
so the level reads the history from its memory (the events its seat saw since
the deal began: every action, every new deal of cards) and its hand as dealt
from the last cards it was dealt. Before trusting the strategy it replays the
history in the solver's model and checks that the model offers exactly the
engine's legal moves; anything unexpected sends the move to ``search``. A
strategy solved with seat 0 dealing serves seat 1 dealing too, seats swapped.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from tricktaker.bots.base import Bot, GameBot
from tricktaker.bots.search import search_levels
from tricktaker.cards import parse_card
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.games.truc.actions import BY_TEXT, TrucAction
from tricktaker.games.truc.views import TrucView
from tricktaker.solvers.truc.betting import same_game, same_tree
from tricktaker.solvers.truc.bridge import action_for, move_of, moves_of, pile_of_cards
from tricktaker.solvers.truc.model import (
    CHANCE_SEAT,
    DEAL,
    GAME_POINTS,
    DealRules,
    Node,
)
from tricktaker.solvers.truc.policy import (
    Policy,
    checkpoint_path,
    legacy_path,
    policies,
    policy_path,
)


@cache
def _policy(path: Path, stamp: float) -> Policy:
    return Policy(path)


def load_policy(rules: DealRules) -> Policy | None:
    """The strategy solved for ``rules``, if there is one: the mapped file, else an older
    compressed one (loaded whole: ``tricktaker solve truc --repack`` converts it)."""
    checkpoint = checkpoint_path(rules)
    for path in (policy_path(checkpoint), legacy_path(checkpoint)):
        if path.is_file():
            return _policy(path, path.stat().st_mtime)
    return None


def _distance(a: DealRules, b: DealRules) -> int:
    return abs(a.score[0] - b.score[0]) + abs(a.score[1] - b.score[1])


@cache
def _candidates(rules: DealRules) -> tuple[tuple[DealRules, bool], ...]:
    """Where a strategy for ``rules`` may be found, best first, each with whether its
    seats are swapped: ``rules``; when seat 1 deals, seat 0 dealing at the mirrored
    score; then every other score of the same game as either (the same equilibrium);
    then every other score of the same tree, nearest first."""
    targets = [(rules, False)]
    if rules.dealer == 1:
        mirror = DealRules((rules.score[1], rules.score[0]), 0, rules.redeal, rules.ties)
        targets.append((mirror, True))
    others = []
    for target, swapped in targets:
        for a in range(GAME_POINTS):
            for b in range(GAME_POINTS):
                other = DealRules((a, b), target.dealer, target.redeal, target.ties)
                if other != target and same_tree(other, target):
                    rank = (not same_game(other, target), _distance(other, target), swapped)
                    others.append((rank, other.score, other, swapped))
    others.sort(key=lambda o: (o[0], o[1]))
    return (*targets, *((other, swapped) for _, _, other, swapped in others))


def find_policy(rules: DealRules) -> tuple[Policy, bool] | None:
    """The strategy to play the deal of ``rules`` by, and whether its seats are swapped.

    Solved for these rules; else, when seat 1 deals, solved with seat 0 dealing at the
    mirrored score (seats swapped); else solved at another score of the same game
    (``betting.same_game``: the same equilibrium), else of the same tree
    (``betting.same_tree``: the same moves everywhere, only rests and deciding deals
    pay otherwise; what that costs: docs/strength.md, "Le Truc equilibrium")."""
    for candidate, swapped in _candidates(rules):
        policy = load_policy(candidate)
        if policy is not None:
            return policy, swapped
    return None


def available() -> bool:
    """Whether any strategy is solved: the level is offered only then."""
    return bool(policies())


class SolvedBot(GameBot[TrucView]):
    """Plays from a solved strategy where the deal has one, else as ``search``."""

    name = "solved"
    game = "Le Truc"
    view_type = TrucView

    def __init__(self) -> None:
        self._fallback: Bot | None = None
        #: How many of its moves came from a strategy, and how many from search.
        self.solved_moves = 0
        self.search_moves = 0

    def choose(
        self, view: TrucView, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        found = self._from_strategy(view, memory, legal)
        if found is not None:
            moves = sorted(found)
            weights = [found[m] for m in moves]
            if sum(weights) > 0:
                move = rng.choices(moves, weights)[0]
                self.solved_moves += 1
                return action_for(move, [a for a in legal if isinstance(a, TrucAction)])
        self.search_moves += 1
        if self._fallback is None:
            self._fallback = search_levels("truc", infer=True)["search"]()
        return self._fallback.act(view, memory, legal, rng)

    def _from_strategy(
        self, view: TrucView, memory: Sequence[Event], legal: Sequence[Action]
    ) -> dict[int, float] | None:
        if view.players != 2 or view.seat is None:
            return None
        read = _read_deal(memory, view.seat)
        if read is None:
            return None
        history, hand, dealer, score = read
        options = view.options
        redeal, ties = str(options.get("redeal", "repeat")), str(options.get("ties", "leader"))
        seat = view.seat
        try:
            rules = DealRules(score, dealer, redeal, ties)
        except ValueError:
            return None
        chosen = find_policy(rules)
        if chosen is None:
            return None
        policy, swapped = chosen
        if swapped:
            history = tuple(_swap(code) for code in history)
            seat = 1 - seat
            rules = DealRules((score[1], score[0]), 0, redeal, ties)
        node = Node.root(rules)
        try:
            for code in history:
                node = node.child(code % 16)
            if node.actor != seat or set(node.legal(hand)) != set(
                moves_of(a for a in legal if isinstance(a, TrucAction))
            ):
                return None
            return policy.probabilities(history, seat, hand)
        except (KeyError, ValueError):
            return None


def _swap(code: int) -> int:
    seat, move = divmod(code, 16)
    return code if seat == CHANCE_SEAT else (1 - seat) * 16 + move


def _read_deal(
    memory: Sequence[Event], seat: int
) -> tuple[tuple[int, ...], int, int, tuple[int, int]] | None:
    """The deal's public history in the model's codes, the hand as last dealt, the
    dealer and the score, from the events since the deal began (None if unreadable)."""
    start = None
    for i in range(len(memory) - 1, -1, -1):
        if memory[i].kind == "deal":
            start = i
            break
    if start is None:
        return None
    data = memory[start].data
    try:
        dealer = int(data["dealer"])
        score = (int(data["score"][0]), int(data["score"][1]))
        hand = pile_of_cards(parse_card(c) for c in data["hand"])
        history = [CHANCE_SEAT * 16 + DEAL]
        for ev in memory[start + 1 :]:
            if ev.kind == "new_cards":
                history.append(CHANCE_SEAT * 16 + DEAL)
                hand = pile_of_cards(parse_card(c) for c in ev.data["hand"])
            elif ev.kind == "action" and ev.seat is not None and ev.action is not None:
                action = BY_TEXT.get(ev.action)
                if action is None:
                    return None
                history.append(ev.seat * 16 + move_of(action))
    except (KeyError, ValueError, TypeError, IndexError):
        return None
    del seat
    return tuple(history), hand, dealer, score
