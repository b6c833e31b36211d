"""Games register here by id; the server, CLI and arena find them only here."""

from __future__ import annotations

import importlib

from tricktaker.core.errors import UnknownGame
from tricktaker.core.protocol import Game

_GAMES: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> None:
    _GAMES[game.id] = game


def _load_all() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        importlib.import_module("tricktaker.games")


def get_game(game_id: object) -> Game:
    _load_all()
    if not isinstance(game_id, str) or game_id not in _GAMES:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}")
    return _GAMES[game_id]


def game_ids() -> list[str]:
    _load_all()
    return sorted(_GAMES)
