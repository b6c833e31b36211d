"""Who sits where: seat names and places around the drawn table (sides: ``core.sides``).

The human always sits at seat 0, at the bottom of the table. Seats are
numbered in order of play (docs/design.md §4), and the game says which way play
passes (``GameInfo.play_direction``): to the left (clockwise), so that seat 1
sits on the human's left ("West") and the last seat on his right ("East"),
or to the right (counter-clockwise), the other way round. With four, seat 2
sits opposite, and is called "Partner" when ``State.sides`` puts him on the
human's side; with six, two sit on each side of the table and one opposite.
Nothing here knows a game: only the seat count, the sides and the direction.
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktaker.bots.registry import level_name
from tricktaker.core.i18n import Translator

HUMAN = 0
BOTTOM, LEFT, TOP, RIGHT = "bottom", "left", "top", "right"
#: ``GameInfo.play_direction``'s values: play passes to the left, or to the right.
LEFTWARD, RIGHTWARD = "left", "right"


def places(players: int, direction: str = LEFTWARD) -> list[str]:
    """Where each seat is drawn: the human at the bottom, the others round the table
    in order of play (seat 1 on his left when play passes to the left, else on his
    right), one opposite when their number is odd, the rest shared by the two sides."""
    others = players - 1
    if others <= 1:
        return [BOTTOM, TOP][:players]
    first, last = (LEFT, RIGHT) if direction == LEFTWARD else (RIGHT, LEFT)
    half = others // 2
    return [BOTTOM] + [first] * half + [TOP] * (others % 2) + [last] * half


def seats_at(players: int, direction: str = LEFTWARD) -> dict[str, list[int]]:
    """The seats at each place, in the order they are drawn there (top down).

    Going round the table from the human, the first side's seats come nearer
    to him the earlier they play, so that side lists them last seat first."""
    found: dict[str, list[int]] = {place: [] for place in (TOP, LEFT, RIGHT, BOTTOM)}
    for seat, place in enumerate(places(players, direction)):
        found[place].append(seat)
    found[LEFT if direction == LEFTWARD else RIGHT].reverse()
    return found


def seat_names(
    players: int, sides: Sequence[int], _: Translator, direction: str = LEFTWARD
) -> list[str]:
    """Display names per seat: "You", then "Computer", or compass points and "Partner"
    (with more than four: "Player 2", and "Partner 3" for each of his partners)."""
    if players == 2:
        return [_("You"), _("Computer")]
    partners = [s for s in range(1, players) if sides[s] == sides[HUMAN]]
    compass = {LEFT: _("West"), TOP: _("North"), RIGHT: _("East")}
    names = [_("You")]
    for seat, place in enumerate(places(players, direction)[1:], start=1):
        if len(partners) == 1 and seat in partners:
            names.append(_("Partner"))
        elif place in compass and players <= 4:
            names.append(compass[place])
        elif seat in partners:
            names.append(_("Partner {n}").format(n=seat + 1))
        else:
            names.append(_("Player {n}").format(n=seat + 1))
    return names


def with_level(name: str, level: str | None, _: Translator) -> str:
    """A computer seat's name with its level in words: "West (rules)", «Запад (по правилам)»."""
    return f"{name} ({level_name(level, _)})" if level else name
