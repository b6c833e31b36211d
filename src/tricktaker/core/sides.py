"""A side named after its seats, the same way in every front end.

The front ends name the seats themselves ("You", "West", a player's own name) and
hand a game's words the sides' names (``core.words``). A side of one seat is that
seat's name, a partnership of two is "West & East", a team of three is a list.
The phrase for two comes in already translated: each front end keeps it in its own
catalog (the server's texts are the web catalog's, the terminal's the shared one).
"""

from __future__ import annotations

from collections.abc import Sequence


def side_names(sides: Sequence[int], names: Sequence[str], pair: str) -> list[str]:
    """A name per side (``sides``: each seat's side): its seats' ``names``, two of them
    written in ``pair`` (``{a}`` and ``{b}``: "{a} & {b}", «{a} и {b}»)."""
    out = []
    for side in range(max(sides) + 1):
        members = [names[s] for s in range(len(sides)) if sides[s] == side]
        if len(members) == 2:
            out.append(pair.format(a=members[0], b=members[1]))
        else:
            out.append(", ".join(members))
    return out
