"""The marks of a finished deal (docs/rules/tetka.md), from its tricks alone.

A pure function of the tricks, kept apart from the state machine so the rules
of marking (and the handing of tricks to a revoker) can be read and tested
on their own.

Eight marks every deal: one per queen, to the player who won her trick in
play; one for the trick holding the photo card; one for the counting trick
(its number is the photograph's rank, A=1 ... K=13); one for the most tricks
(a tie goes to the tied player whose latest trick came last); one for the
13th trick. A proved revoke makes each other player hand the revoker one of
the tricks he won himself, one holding no queen where he has one (our
ruling, docs/rules/tetka.md: the one that carries the most of his other marks,
the later if equal); the photo, counting and last marks follow a handed
trick, its queens stay with the player who won them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tricktaker.cards import CARD_NAMES, RANKS, rank_of

SEATS = 4
TRICKS = 13
QUEEN = RANKS.index("Q")
#: The four queens as a card mask.
QUEENS = sum(1 << (suit * 13 + QUEEN) for suit in range(4))
#: Every card of a suit, as a mask, by suit.
SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))
#: The reasons a mark is given, besides a queen (written by her card's name).
PHOTO, COUNTING, MOST, LAST = "photo", "counting", "most", "last"


def counting_number(photo: int) -> int:
    """The counting trick's number from the photograph: A=1, 2..10 as printed, J=11, Q=12, K=13."""
    r = rank_of(photo)
    return 1 if r == RANKS.index("A") else r + 2


class DealMarks(NamedTuple):
    """What a deal gave each seat: its marks (reasons), and the tricks it ended holding."""

    reasons: tuple[tuple[str, ...], ...]
    holds: tuple[tuple[int, ...], ...]
    #: (giver, revoker, trick index) for each trick handed over, in order.
    handed: tuple[tuple[int, int, int], ...]

    @property
    def marks(self) -> tuple[int, ...]:
        return tuple(len(r) for r in self.reasons)


def trick_reasons(index: int, cards: int, photo: int, counting: int) -> list[str]:
    """The marks a trick carries as it is taken: its queens, the photo, counting and last."""
    out = [CARD_NAMES[c] for c in range(QUEEN, 52, 13) if (cards >> c) & 1]
    if (cards >> photo) & 1:
        out.append(PHOTO)
    if index + 1 == counting:
        out.append(COUNTING)
    if index == TRICKS - 1:
        out.append(LAST)
    return out


def _burden(index: int, cards: int, photo: int, counting: int) -> int:
    """Marks other than queens that a trick carries (what handing it away saves)."""
    return ((cards >> photo) & 1) + (index + 1 == counting) + (index == TRICKS - 1)


def most_tricks(holds: Sequence[Sequence[int]]) -> int:
    """The seat with the most tricks; among those tied, the one whose latest trick came last."""
    top = max(len(h) for h in holds)
    tied = [s for s, h in enumerate(holds) if len(h) == top]
    return max(tied, key=lambda s: max(holds[s]))


#: The names of the queens in a trick, in suit order, by the trick's queens as a mask.
_QUEEN_NAMES: dict[int, tuple[str, ...]] = {
    sum(1 << c for c in chosen): tuple(CARD_NAMES[c] for c in chosen)
    for chosen in (
        [c for k, c in enumerate(range(QUEEN, 52, 13)) if (subset >> k) & 1] for subset in range(16)
    )
}


def settle(
    winners: Sequence[int],
    tricks: Sequence[int],
    photo: int,
    revokers: Sequence[int] = (),
) -> DealMarks:
    """The marks of a deal of 13 tricks: ``winners[i]`` took trick ``i`` whose cards are the
    mask ``tricks[i]``; ``revokers`` are the seats of the proved revokes, in order proved."""
    if not revokers and len(winners) == len(tricks):
        return _settle_kept(winners, tricks, photo)
    return settle_general(winners, tricks, photo, revokers)


def _settle_kept(winners: Sequence[int], tricks: Sequence[int], photo: int) -> DealMarks:
    """``settle`` where no trick is handed over (no proved revoke, most deals): each trick
    stays with its winner, so the marks are read off the tricks in one pass each."""
    counting = counting_number(photo)
    holds: tuple[list[int], ...] = ([], [], [], [])
    for i, seat in enumerate(winners):
        holds[seat].append(i)
    reasons: tuple[list[str], ...] = ([], [], [], [])
    for i, cards in enumerate(tricks):  # queens first, in trick order
        queens = cards & QUEENS
        if queens:
            reasons[winners[i]].extend(_QUEEN_NAMES[queens])
    bit = 1 << photo
    for i, cards in enumerate(tricks):
        if cards & bit:
            reasons[winners[i]].append(PHOTO)
    if counting <= len(tricks):
        reasons[winners[counting - 1]].append(COUNTING)
    if len(tricks) == TRICKS:
        reasons[most_tricks(holds)].append(MOST)
        reasons[winners[TRICKS - 1]].append(LAST)
    return DealMarks(
        (tuple(reasons[0]), tuple(reasons[1]), tuple(reasons[2]), tuple(reasons[3])),
        (tuple(holds[0]), tuple(holds[1]), tuple(holds[2]), tuple(holds[3])),
        (),
    )


def settle_general(
    winners: Sequence[int],
    tricks: Sequence[int],
    photo: int,
    revokers: Sequence[int] = (),
) -> DealMarks:
    """``settle`` in every case, tricks handed to revokers included (its definition)."""
    counting = counting_number(photo)
    holds: list[list[int]] = [[] for _ in range(SEATS)]
    for i, seat in enumerate(winners):
        holds[seat].append(i)
    own = [list(h) for h in holds]
    handed: list[tuple[int, int, int]] = []
    for revoker in revokers:
        for k in range(1, SEATS):
            giver = (revoker + k) % SEATS
            if not own[giver]:
                continue
            clean = [t for t in own[giver] if not tricks[t] & QUEENS]
            pick = max(
                clean or own[giver], key=lambda t: (_burden(t, tricks[t], photo, counting), t)
            )
            own[giver].remove(pick)
            holds[giver].remove(pick)
            holds[revoker].append(pick)
            handed.append((giver, revoker, pick))
    reasons: list[list[str]] = [[] for _ in range(SEATS)]
    holder = [0] * len(winners)
    for seat, h in enumerate(holds):
        for t in h:
            holder[t] = seat
    for i, seat in enumerate(winners):  # queens stay with whoever won them in play
        reasons[seat].extend(CARD_NAMES[c] for c in range(QUEEN, 52, 13) if (tricks[i] >> c) & 1)
    for i, cards in enumerate(tricks):
        if (cards >> photo) & 1:
            reasons[holder[i]].append(PHOTO)
    if counting <= len(tricks):
        reasons[holder[counting - 1]].append(COUNTING)
    if len(tricks) == TRICKS:
        reasons[most_tricks(holds)].append(MOST)
        reasons[holder[TRICKS - 1]].append(LAST)
    return DealMarks(
        tuple(tuple(r) for r in reasons),
        tuple(tuple(sorted(h)) for h in holds),
        tuple(handed),
    )


def settlement(marks: Sequence[int]) -> tuple[int, ...]:
    """What each player receives: from each player with more marks, the difference.

    Summed over the pairs, seat ``i`` receives ``sum(marks) - n * marks[i]``; the
    totals sum to zero.
    """
    total = sum(marks)
    return tuple(total - len(marks) * m for m in marks)
