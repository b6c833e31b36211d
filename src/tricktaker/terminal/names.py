"""Who sits where: seat names, side names and places around the drawn table.

The human always sits at seat 0, at the bottom of the table. Seats are
numbered in order of play and play passes to the left (DESIGN.md), so seat 1
sits on his left ("West") and the last seat on his right ("East"); with four,
seat 2 sits opposite, and is called "Partner" when ``State.sides`` puts him
on the human's side. Nothing here knows a game: only the seat count and sides.
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktaker.core.i18n import Translator

HUMAN = 0
BOTTOM, LEFT, TOP, RIGHT = "bottom", "left", "top", "right"


def places(players: int) -> list[str]:
    """Where each seat is drawn: the human at the bottom, the others around him."""
    if players == 2:
        return [BOTTOM, TOP]
    if players == 3:
        return [BOTTOM, LEFT, RIGHT]
    if players == 4:
        return [BOTTOM, LEFT, TOP, RIGHT]
    return [BOTTOM] + [TOP] * (players - 1)


def seat_names(players: int, sides: Sequence[int], _: Translator) -> list[str]:
    """Display names per seat: "You", then "Computer", or compass points and "Partner"."""
    if players == 2:
        return [_("You"), _("Computer")]
    partners = [s for s in range(1, players) if sides[s] == sides[HUMAN]]
    compass = {LEFT: _("West"), TOP: _("North"), RIGHT: _("East")}
    names = [_("You")]
    for seat, place in enumerate(places(players)[1:], start=1):
        if len(partners) == 1 and seat in partners:
            names.append(_("Partner"))
        elif place in compass and players <= 4:
            names.append(compass[place])
        else:
            names.append(_("Player {n}").format(n=seat + 1))
    return names


def side_names(sides: Sequence[int], names: Sequence[str], _: Translator) -> list[str]:
    """A name per side: its seat's name alone, or its seats' names joined ("West & East")."""
    out = []
    for side in range(max(sides) + 1):
        members = [names[s] for s in range(len(sides)) if sides[s] == side]
        if len(members) == 2:
            out.append(_("{a} & {b}").format(a=members[0], b=members[1]))
        else:
            out.append(", ".join(members))
    return out


def with_level(name: str, level: str | None) -> str:
    """A computer seat's name with its level: "West (rules)"."""
    return f"{name} ({level})" if level else name
