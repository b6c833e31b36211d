"""The abstraction the Le Truc equilibrium is solved over: forget the set-aside piles.

With perfect recall a player who called for cards keeps every card he set
aside in mind, which multiplies the private states below each accepted call by
the piles he may have set aside (``count.py``: 1.1e9 information sets with
``redeal=once`` instead of 28M). Issue 24 allows one abstraction and nothing
coarser: the player forgets his set-aside piles and keeps everything else, the
whole public history (every call, answer, bet and card played, so the stake,
the proposals and the tricks) and the hand he plays. The set-aside cards only
shift the chance of the opponent's hand, which the abstract player averages
over instead of conditioning on it.

:func:`abstract_key` is that key; :meth:`Position.info_key` is the lossless one
it coarsens. The solver (``solve.py``) never builds these tuples: its
information sets are (public node, hand in play), the same partition.
"""

from __future__ import annotations

from tricktaker.solvers.truc.model import Position

AbstractKey = tuple[tuple[int, int], int, str, str, int, tuple[int, ...], int]


def abstract_key(position: Position, seat: int) -> AbstractKey:
    """What ``seat`` keeps in mind in the abstraction: the rules of the deal (the score,
    the dealer, the options), the public history, whose key it is, and his hand in play
    (as dealt, played cards included; empty between an accepted call and its deal).

    Everything else the lossless :meth:`Position.info_key` holds is here except his
    set-aside pile; the public state (stake, tricks, proposals) is a function of the
    history and the rules, so it is not repeated.
    """
    if seat not in (0, 1):
        raise ValueError(f"seat {seat!r} is not 0 or 1")
    node = position.node
    rules = node.rules
    return (
        rules.score,
        rules.dealer,
        rules.redeal,
        rules.ties,
        seat,
        node.history,
        position.hands[seat],
    )
