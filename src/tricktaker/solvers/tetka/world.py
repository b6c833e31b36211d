"""A sampled Tetka world handed to the open-hand search, and its solved line applied.

Why here. Bots know views and the Game protocol only (docs/design.md, §1 Layers): a
search bot's sampled world is a protocol ``State`` to it. What a solve reads
of the engine (the tricks done, the hands, the trick on the table) is this
layer's business. The bot asks :func:`tricks_left` how far a world is from
the end of its deal, and :func:`solved_play` for a copy of the world with
the deal played out by a line of best play, which the engine then scores.

Importing this module loads no numba: the search (:mod:`.solve`, compiled) is
loaded on the first solve, so ``tricktaker play`` and the server do not wait
for it unless a search bot plays.
"""

from __future__ import annotations

from tricktaker.core.protocol import State
from tricktaker.games.tetka.actions import PLAYS
from tricktaker.games.tetka.rules import TetkaRules
from tricktaker.games.tetka.scoring import TRICKS


def _in_play(world: State) -> TetkaRules | None:
    """``world`` as the engine, if it is a Tetka deal still in play."""
    if not isinstance(world, TetkaRules) or world.to_act is None:
        return None
    return world


def tricks_left(world: State) -> int | None:
    """The tricks of ``world``'s deal still to finish, the one on the table counted;
    None unless it is a Tetka deal in play."""
    rules = _in_play(world)
    return None if rules is None else TRICKS - len(rules.winners)


def solved_play(world: State, seat: int) -> State:
    """A copy of ``world`` that stops after its deal, the rest of which is played by one
    line of best open-handed play for ``seat`` (paranoid: the seat takes fewest marks,
    the three others push them up)."""
    rules = _in_play(world)
    if rules is None:
        raise ValueError("only a Tetka deal in play is solved")
    from tricktaker.solvers.tetka.solve import Ending, solve  # numba: loaded on first use

    line = solve(Ending.of(rules), seat).line
    played = world.clone(stop_after_deal=True)
    assert isinstance(played, TetkaRules)  # a copy of the same engine
    for card in line:
        actor = played.to_act
        assert actor is not None
        played.apply(PLAYS[actor][card])
    return played
