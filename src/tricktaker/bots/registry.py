"""Bots registered by (game, level), found through entry points.

Each game's bots live in ``bots/<game>/`` and export ``LEVELS``, a mapping of
level name to factory, declared in ``pyproject.toml`` under the
``tricktaker.bots`` entry-point group with the game's id as its name. Levels
that play any game (``random``) are declared under the name ``any``. Nothing
here imports a bot module, so there is no import cycle between the registry
and the bots.

A level is *hidden* when its factory says so (a true ``hidden`` attribute, as
the exploit levels' classes have, ``bots/<game>/exploits.py``): it is there for
tests and measurements, not for players. :func:`levels` leaves hidden levels
out, so the lobby, the server's seats and stand-ins, the terminal and ``play
--bots``'s help never offer them; ``levels(game, hidden=True)`` lists them too,
for the tools that measure (``tricktaker ladder --levels``), and
:func:`make_bot` makes any level, hidden or not (``tricktaker arena --bots``).
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


def is_hidden(factory: BotFactory) -> bool:
    """Whether ``factory`` makes a hidden level: one for tests and measurements only."""
    return bool(getattr(factory, "hidden", False))


def levels(game: str, *, hidden: bool = False) -> list[str]:
    """The levels that play ``game``, weakest first by convention of their names: those
    offered to players, and with ``hidden`` the hidden ones too (after them, by name)."""
    _load()
    names = {lvl for (g, lvl) in _BOTS if g in (game, ANY_GAME)}
    shown = {lvl: _factory(game, lvl) for lvl in names}
    return sorted(
        (lvl for lvl, f in shown.items() if hidden or not is_hidden(f)),
        key=lambda lvl: (is_hidden(shown[lvl]), level_order(lvl)),
    )


def _factory(game: str, level: str) -> BotFactory:
    """The factory :func:`make_bot` uses: the game's own, else the one for any game."""
    return _BOTS.get((game, level)) or _BOTS[(ANY_GAME, level)]


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
        known = ", ".join(levels(game, hidden=True)) or "none"
        raise TricktakerError(
            f"no {level[:20]!r} computer player for {game[:20]!r}; levels: {known}"
        )
    return factory()
