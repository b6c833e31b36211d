"""Claims: a player lays down the rest of the tricks, the others accept or play on.

Only a game that offers claims (``core.protocol.Claims``: Preferans) has them, and
only where the claim is sure from what the claimer knows; an accepted claim is
written as the ordinary moves it stands for (``Claims.claim_line``), so the rules,
the referees and the record see a deal played to its end.

Like an undo (``server.undo``), a claim and each answer are stored as marker rows
written through the same compare-and-set as a move — ``"<seat>:claim"``,
``"<seat>:claim-yes"``, ``"<seat>:claim-no"`` — so every process, and a restart,
reads the same pending claim from the rows. No game has these verbs and no
marker reaches an engine (``undo.effective`` leaves them out).

**Rulings** (docs/rules/preferans.md, "Claims"): the people at the other seats are
asked; computers accept at once (a claim offered is sure). One "play on" ends the
claim and the play goes on; the claimer may also play a card instead of waiting,
which withdraws it. When every person asked has accepted, the rest is played out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

CLAIM = "claim"
YES = "claim-yes"
NO = "claim-no"
VERBS = (CLAIM, YES, NO)


def claim_marker(seat: int, verb: str = CLAIM) -> str:
    """The stored row of ``seat``'s claim (or answer: ``YES``, ``NO``)."""
    return f"{seat}:{verb}"


def split_row(text: str) -> tuple[int | None, str]:
    """A stored row's seat and what follows it (``"2:play 7h"``: 2 and ``"play 7h"``);
    None for the seat of a row that names none. Claim and undo markers are read alike."""
    seat, sep, rest = text.partition(":")
    if sep and seat.isascii() and seat.isdigit() and len(seat) < 4:
        return int(seat), rest
    return None, rest


def claim_of(text: str) -> tuple[int, str] | None:
    """The seat and claim verb (``CLAIM``, ``YES``, ``NO``) of a stored row, None for any
    other row."""
    seat, verb = split_row(text)
    return (seat, verb) if seat is not None and verb in VERBS else None


def claim_verb(text: str) -> str | None:
    """The claim verb of a stored row, None for any other."""
    found = claim_of(text)
    return None if found is None else found[1]


@dataclass(frozen=True, slots=True)
class Pending:
    """A claim waiting for answers: who claimed, and who has accepted so far."""

    seat: int
    accepted: frozenset[int]


def pending(rows: Sequence[str]) -> Pending | None:
    """The claim the last rows leave waiting, None if none: a claim marker followed by
    answers only, none of them "play on", and not yet played out (the claimer's own
    "yes", written just before its moves)."""
    accepted: set[int] = set()
    for text in reversed(rows):
        found = claim_of(text)
        if found is None or found[1] == NO:
            return None  # a move, an undo, or a "play on" came after any claim
        seat, verb = found
        if verb == CLAIM:
            return None if seat in accepted else Pending(seat, frozenset(accepted))
        accepted.add(seat)
    return None


class Claims:
    """The claims of a match as the stored rows tell them, read in order with the
    effective actions (``undo.effective``): the record's ``claims`` (docs/design.md
    §6), each ``at`` (how many effective actions stood before it), the claimer's
    ``seat`` and whether it was ``accepted`` (played out). One still waiting is left
    out; one the claimer withdrew by playing on, or another refused, is not accepted."""

    def __init__(self) -> None:
        self.done: list[dict[str, Any]] = []
        self._open: dict[str, Any] | None = None

    def read(self, text: str, effective: int) -> bool:
        """Take one stored row (``effective``: the effective actions before it); True if
        it was a claim marker, which the rules never see."""
        found = claim_of(text)
        if found is None:
            self._close(False)
            return False
        seat, verb = found
        if verb == CLAIM:
            self._close(False)
            self._open = {"at": effective, "seat": seat}
        elif verb == NO:
            self._close(False)
        elif self._open is not None and seat == self._open["seat"]:
            self._close(True)
        return True

    def _close(self, accepted: bool) -> None:
        if self._open is not None:
            self.done.append({**self._open, "accepted": accepted})
            self._open = None


def answerers(players: int, claimer: int, is_person: Callable[[int], bool]) -> frozenset[int]:
    """The seats asked about ``claimer``'s claim: the others a person plays now (a
    computer, a stand-in included, accepts at once: a claim offered is sure)."""
    return frozenset(s for s in range(players) if s != claimer and is_person(s))
