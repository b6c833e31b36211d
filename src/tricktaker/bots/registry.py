"""Bots registered by (game, level), found through entry points.

Each game's bots live in ``bots/<game>/`` and export ``LEVELS``, a mapping of
level name to factory, declared in ``pyproject.toml`` under the
``tricktaker.bots`` entry-point group with the game's id as its name. Levels
that play any game (``random``) are declared under the name ``any``. Nothing
here imports a bot module, so there is no import cycle between the registry
and the bots.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib.metadata import entry_points

from tricktaker.bots.base import Bot, BotFactory
from tricktaker.core.errors import TricktakerError
from tricktaker.core.i18n import Translator

GROUP = "tricktaker.bots"
ANY_GAME = "any"
_BOTS: dict[tuple[str, str], BotFactory] = {}


def register_bot(game: str, level: str, factory: BotFactory) -> None:
    """Register ``factory`` for (``game``, ``level``); ``game="any"`` for every game."""
    _BOTS[(game, level)] = factory


@cache
def _load() -> None:
    """Read the entry points, once (a level registered by hand keeps its own factory)."""
    for ep in entry_points(group=GROUP):
        found: Mapping[str, BotFactory] = ep.load()
        for level, factory in found.items():
            _BOTS.setdefault((ep.name, level), factory)


#: The known levels, weakest first: the order players are offered them in.
ORDER = ("random", "rules", "search", "deep", "solved")


def level_order(level: str) -> tuple[int, str]:
    """Sort key of a level: the known ones weakest first, any other after them by name."""
    return (ORDER.index(level) if level in ORDER else len(ORDER), level)


def levels(game: str) -> list[str]:
    """The levels that play ``game``, weakest first by convention of their names."""
    _load()
    names = {lvl for (g, lvl) in _BOTS if g in (game, ANY_GAME)}
    return sorted(names, key=level_order)


def level_name(level: str, _: Translator) -> str:
    """A computer level in the players' words: what it is like to play against, not how
    it thinks (``random`` is "easy", «лёгкий»; ``deep`` "expert", «мастер»), for the
    lobby, seat names and screens. The ids stay what the command line and the API take;
    a level without words of its own is shown by its id. ``_``: the shared catalog's
    translator (``core.i18n.translator``)."""
    words = {
        "random": _.pgettext("computer level", "easy"),
        "rules": _.pgettext("computer level", "medium"),
        "search": _.pgettext("computer level", "strong"),
        "deep": _.pgettext("computer level", "expert"),
        "solved": _.pgettext("computer level", "solved"),
    }
    return words.get(level, level)


def levels_help(game: str, _: Translator) -> str:
    """The levels of ``game`` as a player picks them: each id with its name, weakest
    first ("random (easy), rules (medium), ..."), for the command line's help and errors,
    where the ids are what is typed but the names are what players know them by."""
    return ", ".join(f"{lvl} ({level_name(lvl, _)})" for lvl in levels(game))


def make_bot(level: str, game: str) -> Bot:
    """A bot of ``level`` for ``game``; TricktakerError naming the levels there are."""
    _load()
    factory = _BOTS.get((game, level)) or _BOTS.get((ANY_GAME, level))
    if factory is None:
        known = ", ".join(levels(game)) or "none"
        raise TricktakerError(
            f"no {level[:20]!r} computer player for {game[:20]!r}; levels: {known}"
        )
    return factory()
