"""Game-agnostic machinery: protocol, actions, options, records, dealing, sampling, registry."""

from tricktaker.core.actions import Action
from tricktaker.core.errors import (
    IllegalAction,
    OptionError,
    RecordError,
    SampleError,
    TricktakerError,
    UnknownGame,
)
from tricktaker.core.events import Event
from tricktaker.core.options import Options, OptionSpec
from tricktaker.core.protocol import Game, GameInfo, Result, State, View, Words
from tricktaker.core.registry import game_ids, games, get_game, register
from tricktaker.core.start import Start
from tricktaker.core.summary import DealSummary

__all__ = [
    "Action",
    "DealSummary",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "OptionError",
    "OptionSpec",
    "Options",
    "RecordError",
    "Result",
    "SampleError",
    "Start",
    "State",
    "TricktakerError",
    "UnknownGame",
    "View",
    "Words",
    "game_ids",
    "games",
    "get_game",
    "register",
]
