"""Games register here by id; the server, CLI and arena find them only here.

Games are found through the ``tricktaker.games`` entry-point group (declared in
``pyproject.toml``), so ``core`` imports no game package: adding a game is a
new package and one line of packaging metadata. Tests may also register a
game of their own with :func:`register`.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from tricktaker.core.errors import UnknownGame
from tricktaker.core.protocol import Game

GROUP = "tricktaker.games"
_GAMES: dict[str, Game] = {}


def register(game: Game) -> None:
    _GAMES[game.id] = game


def unregister(game_id: str) -> None:
    """Drop a game (tests that registered a game of their own clean up with this)."""
    _GAMES.pop(game_id, None)


@cache
def _load_all() -> None:
    """Read the entry points, once (a game registered by hand stays as it is)."""
    for ep in entry_points(group=GROUP):
        game = ep.load()
        if game.id != ep.name:
            raise RuntimeError(f"entry point {ep.name!r} loads game {game.id!r}")
        _GAMES.setdefault(game.id, game)


def get_game(game_id: object) -> Game:
    _load_all()
    if not isinstance(game_id, str) or game_id not in _GAMES:
        known = ", ".join(sorted(_GAMES))
        shown = repr(game_id) if len(repr(game_id)) <= 40 else repr(game_id)[:37] + "…"
        raise UnknownGame(f"unknown game {shown}; known games: {known}")
    return _GAMES[game_id]


def game_ids() -> list[str]:
    _load_all()
    return sorted(_GAMES)


def games() -> list[Game]:
    return [get_game(g) for g in game_ids()]
