"""Who wins a Truco hand from its trick results, and what hands and games are worth.

Pure tables of the rules (docs/rules/truco.md), kept out of the state machine so that
the engine and the bots read the same ones (as Le Truc's ``outcomes``): a bot
never judges a hand, a raise or a hand of eleven by other rules than the
table applies, and it needs no engine module to know them.

Trick results are 0 or 1 (the side that took the trick) or ``TIE``.
"""

from __future__ import annotations

from itertools import product

#: Points that win a game.
GAME_POINTS = 12
TIE = 2
DRAW = -1
UNDECIDED = -2

#: The raise ladders: the value of a deal after 0, 1, 2, 3 and 4 accepted raises.
LADDERS = {
    "paulista": (1, 3, 6, 9, 12),
    "mineiro": (2, 4, 6, 10, 12),
    # Truco, retruco, vale cuatro.
    "argentino": (1, 2, 3, 4),
    "gaucho": (1, 2, 3, 4),
}
#: The hand of eleven (Mineiro: of ten): the score that calls it, its value, a run's cost.
#: Argentino and Gaúcho have none: a score no game reaches.
ELEVEN = {
    "paulista": (11, 3, 1),
    "mineiro": (10, 4, 2),
    "argentino": (1000, 1, 1),
    "gaucho": (1000, 1, 1),
}


def _outcome(tricks: tuple[int, ...]) -> int:
    """The side that won the hand, DRAW, or UNDECIDED, from trick results (side or TIE)."""
    if len(tricks) < 2:
        return UNDECIDED
    a, b = tricks[0], tricks[1]
    if len(tricks) == 2:
        if a == TIE:
            return UNDECIDED if b == TIE else b
        if b == TIE or a == b:
            return a  # a tie after a won first trick goes to the first trick's winner
        return UNDECIDED
    c = tricks[2]
    if a == TIE and b == TIE:
        return DRAW if c == TIE else c
    return a if c == TIE else c


#: Every prefix of up to three trick results, and whether it settles the hand.
OUTCOME: dict[tuple[int, ...], int] = {
    t: _outcome(t) for k in range(4) for t in product((0, 1, TIE), repeat=k)
}
