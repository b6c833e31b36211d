"""Game-agnostic machinery: protocol, actions, options, records, dealing, registry."""

from tricktaker.core.actions import Action
from tricktaker.core.errors import (
    IllegalAction,
    OptionError,
    RecordError,
    TricktakerError,
    UnknownGame,
)
from tricktaker.core.protocol import Game, Result, State, View
from tricktaker.core.registry import game_ids, get_game, register

__all__ = [
    "Action",
    "Game",
    "IllegalAction",
    "OptionError",
    "RecordError",
    "Result",
    "State",
    "TricktakerError",
    "UnknownGame",
    "View",
    "game_ids",
    "get_game",
    "register",
]
