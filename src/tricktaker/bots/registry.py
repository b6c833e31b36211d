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
from importlib.metadata import entry_points

from tricktaker.bots.base import Bot, BotFactory
from tricktaker.core.errors import TricktakerError
from tricktaker.core.i18n import Translator

GROUP = "tricktaker.bots"
ANY_GAME = "any"
_BOTS: dict[tuple[str, str], BotFactory] = {}
_loaded = False


def register_bot(game: str, level: str, factory: BotFactory) -> None:
    """Register ``factory`` for (``game``, ``level``); ``game="any"`` for every game."""
    _BOTS[(game, level)] = factory


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in entry_points(group=GROUP):
        found: Mapping[str, BotFactory] = ep.load()
        for level, factory in found.items():
            _BOTS.setdefault((ep.name, level), factory)


def levels(game: str) -> list[str]:
    """The levels that play ``game``, weakest first by convention of their names."""
    _load()
    names = {lvl for (g, lvl) in _BOTS if g in (game, ANY_GAME)}
    order = ["random", "rules", "search", "deep", "solved"]
    return sorted(names, key=lambda n: (order.index(n) if n in order else len(order), n))


def level_name(level: str, _: Translator) -> str:
    """A computer level in the players' words (Russian ``rules``: «по правилам», as the
    web lobby says it), for seat names and screens; a level without words of its own is
    shown as named. ``_``: the shared catalog's translator (``core.i18n.translator``)."""
    words = {
        "random": _.pgettext("computer level", "random"),
        "rules": _.pgettext("computer level", "rules"),
        "search": _.pgettext("computer level", "search"),
        "solved": _.pgettext("computer level", "solved"),
    }
    return words.get(level, level)


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
