"""Undo at a solo table: a person takes back his own last decision against computers.

A table's actions are stored append-only, one row per version (``Store.append``'s
compare-and-set), and an undo is stored the same way: a marker row
``"<seat>:undo"`` written through the same path, so a restart, or a second process
reading the rows, rebuilds the very same match. No game has an ``undo`` verb, so a
marker never reaches an engine: the *effective* actions (what the rules, the
referees, ``replay`` and ``verify`` see) are the rows read in order, each marker
taking back its seat's last effective action and every action after it
(:func:`effective`). What was taken back stays in the record as such
(``"undone": [{"at": n, "actions": [...]}]``, docs/design.md §6), never played.

**Rulings** (docs/design.md §12, the README): only at a solo table (exactly one
person's seat, every other a computer's), only that person, only his own last
decision, only within the deal under way (a deal's end writes its scores, and the
next deal's cards are on the table), never once the match is over. The deals come
from the committed seed, so the same cards come again after an undo: a training
aid, not a way to play for a score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktaker.server.claims import Claims, split_row

#: The verb of a stored undo marker (``"<seat>:undo"``); no game has it.
UNDO = "undo"


def marker(seat: int) -> str:
    """The stored row of ``seat``'s undo."""
    return f"{seat}:{UNDO}"


def is_marker(text: str) -> bool:
    seat, verb = split_row(text)
    return seat is not None and verb == UNDO


def seat_of_text(text: str) -> int | None:
    """The seat that wrote an action in notation (``"2:play 7h"``: 2), None if none."""
    return split_row(text)[0]


@dataclass(slots=True)
class Effective:
    """The actions the rules see, and what undos took back (the record's ``undone``)."""

    actions: list[str] = field(default_factory=list)
    undone: list[dict[str, Any]] = field(default_factory=list)
    #: The claims made (``server.claims``): the record's ``claims``.
    claims: list[dict[str, Any]] = field(default_factory=list)


def last_of(actions: Sequence[str], seat: int) -> int | None:
    """The index of ``seat``'s last action in ``actions``, None if it has none."""
    for index in range(len(actions) - 1, -1, -1):
        if seat_of_text(actions[index]) == seat:
            return index
    return None


def effective(rows: Sequence[str]) -> Effective:
    """The stored rows read in order: each undo marker takes back its seat's last
    effective action and everything after it (a marker with nothing to take back,
    which the server never writes, takes back nothing)."""
    out = Effective()
    claims = Claims()
    for text in rows:
        if claims.read(text, len(out.actions)):
            continue  # a claim or its answer: never the rules' (``server.claims``)
        if not is_marker(text):
            out.actions.append(text)
            continue
        seat = seat_of_text(text)
        at = None if seat is None else last_of(out.actions, seat)
        if at is None:
            continue
        out.undone.append({"at": at, "actions": out.actions[at:]})
        out.actions = out.actions[:at]
    out.claims = claims.done
    return out


def public_undone(undone: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``undone`` as a public record shows it: where and how many, not which (a decision
    taken back may hold a card face down, a discard)."""
    return [{"at": entry["at"], "count": len(entry["actions"])} for entry in undone]
