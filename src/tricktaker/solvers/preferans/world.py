"""A sampled Preferans world handed to the open-hand solver, and its solved play applied.

Why here. Bots know views and the Game protocol only (docs/design.md, §1 Layers): a
search bot's sampled world is a protocol ``State`` to it. What a solve reads
of the engine (the phase, who plays in the deal, the cards in the hands,
from whose hand a card goes) is this layer's business: a solver models the
game and is checked against its engine. The bot asks :func:`cards_left`
whether, and how far, a world can be solved, and :func:`solved_play` for a
copy of the world with its card play solved and played through the engine,
which then scores the deal itself.
"""

from __future__ import annotations

from tricktaker.core.protocol import State
from tricktaker.games.preferans.actions import PLAYS
from tricktaker.games.preferans.rules import PLAYING, PreferansRules
from tricktaker.solvers.preferans.position import Solver, from_state


def _in_play(world: State, seat: int) -> PreferansRules | None:
    """``world`` as the engine, if its deal is in its card play with ``seat`` playing."""
    if not isinstance(world, PreferansRules) or world.phase != PLAYING:
        return None
    if seat not in world.active:  # four players: the dealer sits this deal out
        return None
    return world


def cards_left(world: State, seat: int) -> int | None:
    """The cards still in the hands of ``world``'s deal; None unless it is a Preferans
    deal in its card play with ``seat`` in it (the auction, the discard and the whisting
    are not solved, nor a deal the seat sits out)."""
    rules = _in_play(world, seat)
    if rules is None:
        return None
    return sum(h.bit_count() for h in rules.hands)


def solved_play(world: State, seat: int, solver: Solver) -> State | None:
    """A copy of ``world`` with the rest of its deal's card play solved open handed,
    valued for ``seat`` (:func:`~.position.sides_for`), and played card by card through
    the engine; None when the solve ran past ``solver``'s node limit."""
    if _in_play(world, seat) is None:
        raise ValueError("only a Preferans deal in its card play, with the seat in it, is solved")
    played = world.clone()
    assert isinstance(played, PreferansRules)  # a copy of the same engine
    pos, _ = from_state(played, seat)
    found = solver.line(pos)
    if found is None:
        return None
    for card in found[1]:
        actor = played.actor
        assert actor is not None
        played.apply(PLAYS[(actor, played.hand_to_play(), card)])
    return played
