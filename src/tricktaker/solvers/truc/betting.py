"""Which scores give one deal the same tree, or the same game: the betting skeleton.

Why: a strategy is solved per score, and there are 144 scores. The score reaches
a deal in three places only (docs/rules/truc.md): what a player may propose at a
stake (no doubling past 12, the rest), what an accepted rest is worth, and what a
deciding deal pays. Cards never read the score, and the score never reads the
cards. So the deal's betting can be followed on its own, with the cards left
out: every trick may be won by either side, and the deal may end after any of
them. Two scores whose skeletons move alike (the same moves offered at every
step) have the same tree, move for move, and a strategy solved at one can be
played at the other; when every payoff agrees too, they are the same game and one
equilibrium serves both, at no cost.

The ladder of each side (``model.proposal_ladder``) is a sufficient test but not a
necessary one: it compares what each side may propose at every stake, also at
stakes he can never meet. Against a player at 11 the other side has three turns
to raise from 1, so he never proposes at 8, and 0:11 to 4:11 are one game. The
skeleton finds those: 144 scores make 45 trees (the ladders count 49) for each
dealer.

The skeleton restates the betting moves of ``model.Node`` (the proposal, the
answer, the payoffs); ``tests/test_truc_betting.py`` walks the real trees of
scores it calls alike side by side, so the two cannot drift apart silently.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from tricktaker.solvers.truc.hands import HAND_SIZE
from tricktaker.solvers.truc.model import (
    GAME_POINTS,
    NO_PROPOSAL,
    PROPOSE_DOUBLE,
    PROPOSE_REST,
    DealRules,
    proposal_kind,
    winning_points,
)


class _State(NamedTuple):
    """A point of the betting skeleton: the fields of ``model.Node`` the score reads
    or that decide what may be proposed, and where the deal stands in its tricks."""

    value: int
    pending: int
    proposer: int
    rest_side: int
    decider: bool
    proposed_turn: bool
    answering: bool
    actor: int
    tricks: int
    down: int


#: What one step offers: a label, the points it pays (None if the deal goes on)
#: and the state after it (None if the deal ends).
_Step = tuple[str, int | None, _State | None]


def _proposal(score: tuple[int, int], state: _State) -> int:
    """``Node._proposal`` over a skeleton state."""
    return proposal_kind(
        score[state.actor],
        state.value,
        state.actor,
        proposed_turn=state.proposed_turn,
        decider=state.decider,
        rest_side=state.rest_side,
    )


def _points(score: tuple[int, int], state: _State, side: int) -> int:
    """What ``side`` scores by winning from here (``Node._decider_points``)."""
    return winning_points(score[side], state.value, state.decider)


def _steps(score: tuple[int, int], state: _State) -> list[_Step]:
    """The moves from ``state`` as the score shapes them, in a fixed order.

    A card played is one step (which card does not matter to the score); after
    the second card of a trick, either side may have won it and the deal may end
    there or go on, led by either side."""
    other = 1 - state.actor
    steps: list[_Step] = [("fold", _points(score, state, other), None)]
    if state.answering:
        steps.append(("refuse", state.value, None))
        back = state._replace(pending=NO_PROPOSAL, answering=False, actor=state.proposer)
        if state.pending == PROPOSE_DOUBLE:
            steps.append(("accept", None, back._replace(value=state.value * 2)))
        else:
            rest = GAME_POINTS - score[state.proposer]
            steps.append(("accept", None, back._replace(value=rest, rest_side=state.proposer)))
            steps.append(("counter", None, back._replace(rest_side=state.proposer, decider=True)))
        return steps
    if state.down == 0:
        steps.append(("play", None, state._replace(proposed_turn=False, actor=other, down=1)))
    else:
        done = state.tricks + 1
        steps += [(f"won by {w}", _points(score, state, w), None) for w in (0, 1)]
        if done < HAND_SIZE:
            nxt = state._replace(proposed_turn=False, tricks=done, down=0)
            steps += [(f"led by {w}", None, nxt._replace(actor=w)) for w in (0, 1)]
    kind = _proposal(score, state)
    if kind == PROPOSE_REST and state.rest_side >= 0:  # a counter-rest: no answer
        steps.append(("rest", None, state._replace(decider=True, proposed_turn=True)))
    elif kind != NO_PROPOSAL:
        proposed = state._replace(
            pending=kind, proposer=state.actor, proposed_turn=True, answering=True, actor=other
        )
        steps.append(("double" if kind == PROPOSE_DOUBLE else "rest", None, proposed))
    return steps


def _alike(a: DealRules, b: DealRules, payoffs: bool) -> bool:
    if (a.dealer, a.redeal, a.ties) != (b.dealer, b.redeal, b.ties):
        return False
    if a.score == b.score:
        return True
    start = _State(1, NO_PROPOSAL, -1, -1, False, False, False, a.caller, 0, 0)
    seen: set[tuple[_State, _State]] = set()
    todo = [(start, start)]
    while todo:
        pair = todo.pop()
        if pair in seen:
            continue
        seen.add(pair)
        ours, theirs = _steps(a.score, pair[0]), _steps(b.score, pair[1])
        if [s[0] for s in ours] != [s[0] for s in theirs]:
            return False
        for (_, paid, after), (_, paid_b, after_b) in zip(ours, theirs, strict=True):
            if payoffs and paid != paid_b:
                return False
            if after is not None and after_b is not None:
                todo.append((after, after_b))
    return True


@cache
def same_tree(a: DealRules, b: DealRules) -> bool:
    """Whether two deals' games have the same tree (the same moves everywhere), so one
    strategy can be played in both; only rests and deciding deals may pay otherwise."""
    return _alike(a, b, payoffs=False)


@cache
def same_game(a: DealRules, b: DealRules) -> bool:
    """Whether two deals are the same game: the same tree and the same payoffs
    everywhere, so an equilibrium of one is an equilibrium of the other."""
    return _alike(a, b, payoffs=True)
