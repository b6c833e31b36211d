"""The envido and the flor of Truco Argentino and Gaúcho (docs/rules/truco.md): the
counts, what a chain of calls is worth, and who shows his count.

Pure tables and functions, kept apart from the trick-taking state machine so that
the engine, the views, the sampler and the bots all judge a count, a call or a
showing of counts by the same rules. The engine's side of the envido and the flor
(whose turn it is to answer, where play resumes) is :class:`tricktaker.games.truco.
rules.TrucoRules`' ``_envido_*`` and ``_flor_*`` methods.

Calls are small ints: ``ENVIDO``, ``REAL`` (real envido) and ``FALTA`` (falta envido)
for the envido; ``FLOR``, ``CONTRAFLOR`` and ``RESTO`` (contraflor al resto) for the
flor, whose level is the index of the last call.
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktaker.games.truco.cards import envido_value

ENVIDO, REAL, FALTA = range(3)
#: Each envido call's verb in the notation, and its worth once accepted (the falta aside).
CALL_VERBS = ("envido", "real", "falta")
CALL_POINTS = (2, 3, 0)
FLOR, CONTRAFLOR, RESTO = range(3)
FLOR_VERBS = ("flor", "contraflor", "resto")
#: A flor that no opponent's flor answers.
FLOR_ALONE = 3
#: "Con flor me achico": the first flor's team scores this, and nobody shows.
FLOR_SMALL = 3
#: Flores compared: what the best wins at each level (RESTO: the falta).
FLOR_WON = (4, 6, 0)
#: A refused contraflor (or a contraflor al resto said over the flor) gives the raisers this;
#: a contraflor al resto refused over an accepted contraflor gives them ``FLOR_WON[1]``.
FLOR_REFUSED = 4


def envido_count(cards: Sequence[int]) -> int:
    """The envido of a hand: two cards of a suit count 20 and their points (the best two,
    if three share it), else the best single card's points (figures 0)."""
    best = max((envido_value(c) for c in cards), default=0)
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_suit.setdefault(c // 13, []).append(envido_value(c))
    for values in by_suit.values():
        if len(values) >= 2:
            values.sort(reverse=True)
            best = max(best, 20 + values[0] + values[1])
    return best


def has_flor(cards: Sequence[int]) -> bool:
    """Three cards of one suit."""
    return len(cards) == 3 and cards[0] // 13 == cards[1] // 13 == cards[2] // 13


def flor_count(cards: Sequence[int]) -> int:
    """The flor's worth in a contest of flores: 20 and the three cards' points."""
    return 20 + sum(envido_value(c) for c in cards)


def next_calls(chain: tuple[int, ...]) -> tuple[int, ...]:
    """The envido calls that may follow ``chain``: envido at most twice, real envido once,
    each only before the falta envido, which ends the chain."""
    if FALTA in chain:
        return ()
    if REAL in chain:
        return (FALTA,)
    if chain.count(ENVIDO) >= 2:
        return (REAL, FALTA)
    return (ENVIDO, REAL, FALTA)


def falta_points(score: Sequence[int], target: int) -> int:
    """The falta envido (and the contraflor al resto): what the leading side lacks to win."""
    return target - max(score)


def accepted_points(chain: tuple[int, ...], falta: int) -> int:
    """What an accepted chain of envido calls gives its winner (``falta``: the falta's worth)."""
    if FALTA in chain:
        return falta
    return sum(CALL_POINTS[c] for c in chain)


def refused_points(chain: tuple[int, ...]) -> int:
    """What a refused chain gives its last caller: the calls accepted before the refused
    one (each raise accepts the call under it), or 1 for a first call refused."""
    if len(chain) == 1:
        return 1
    return sum(CALL_POINTS[c] for c in chain[:-1])


def show_counts(
    order: Sequence[int], counts: Sequence[int]
) -> tuple[list[tuple[int, int | None]], int]:
    """Who shows his count once an envido (or a contest of flores) is accepted, and who wins.

    ``order``: the seats that take part, from the mano round the table; ``counts``: their
    counts, by place in ``order``. The mano shows his; then each, in turn, whose side is
    not winning so far shows his count if it beats the best shown (a tie goes to the seat
    nearer the mano, who showed first) and otherwise says "son buenas", his count never
    told; a seat whose side is winning waits, and speaks if the lead changes sides. Returns
    what each said in turn, (seat, count) or (seat, None) for "son buenas", and the
    winning seat.
    """
    done = [False] * len(order)
    shown: list[tuple[int, int | None]] = []
    best = -1  # place in ``order`` of the best count shown
    changed = True
    while changed:
        changed = False
        for i, seat in enumerate(order):
            if done[i]:
                continue
            if best >= 0 and order[best] % 2 == seat % 2:
                continue  # his side leads: he waits
            if best < 0 or counts[i] > counts[best] or (counts[i] == counts[best] and i < best):
                shown.append((seat, counts[i]))
                best = i
                changed = True
            else:
                shown.append((seat, None))  # "son buenas"
            done[i] = True
    return shown, order[best]
