"""Which of a Tetka seat's legal cards come to the same, for the search bots.

Why. ``search`` tries every legal card in every sampled world, so a decision
with twelve legal cards costs twelve play-outs a world. But two cards of one
suit with no card still in play between them (every card of the suit between
them already played in an earlier trick), neither a queen nor the photo card,
take and lose the same tricks and carry the same marks whoever holds the
rest: playing one or the other changes nothing but which of the two is left.
The open-hand solver already tries one card of such a run for all
(``solvers/tetka/_kernel.representatives``); this gives the search the same
classes, so its worlds go to the cards that differ. A card on the table is
still in play: it decides who takes the trick, so it splits a run.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from tricktaker.bots.tetka.model import ALL_CARDS, read
from tricktaker.core.actions import Action
from tricktaker.core.errors import TricktakerError
from tricktaker.core.events import Event
from tricktaker.core.protocol import View
from tricktaker.games.tetka.actions import TetkaAction
from tricktaker.games.tetka.scoring import QUEENS
from tricktaker.games.tetka.views import TetkaView


def _between(low: int, high: int) -> int:
    """The cards strictly between ``low`` and ``high`` (as a mask)."""
    return ((1 << high) - 1) & ~((2 << low) - 1)


def play_classes(view: View, memory: Sequence[Event], legal: Sequence[Action]) -> list[int]:
    """For each legal card, the index (in ``legal``) of the first card of its class
    (see the module): ``SearchBot``'s ``classes`` hook."""
    if not isinstance(view, TetkaView):
        raise TricktakerError("the Tetka search was handed another game's view")
    cards: list[int] = []
    for action in legal:
        if not isinstance(action, TetkaAction):
            raise TricktakerError("the Tetka search was handed another game's actions")
        cards.append(action.card)
    k = read(view, memory)
    table = 0
    for _, c in view.on_table:
        table |= 1 << c
    # In play: anything not yet played in a finished trick (hands, the table).
    live = ALL_CARDS & ~(k.played & ~table)
    marked = QUEENS | (1 << view.photo)
    reps = list(range(len(legal)))
    order = sorted(range(len(legal)), key=lambda i: cards[i])
    for prev, i in pairwise(order):
        low, high = cards[prev], cards[i]
        if (
            low // 13 == high // 13
            and not (marked >> low) & 1
            and not (marked >> high) & 1
            and not live & _between(low, high)
        ):
            reps[i] = reps[prev]
    # A class is named by its member first in ``legal``.
    first: dict[int, int] = {}
    for i, r in enumerate(reps):
        first.setdefault(r, i)
    return [first[r] for r in reps]
