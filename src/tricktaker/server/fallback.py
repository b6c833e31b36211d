"""What a table plays when its bot fails, and the log line that says so without a card.

A bot's exception, or a move not among the legal ones, must never stall a
table: the move falls back to the game's ``rules`` level (made by
``bots.registry.make_bot``), and if that fails too, to the first legal
action. Both think over the same view, memory, legal actions and seeded
chance as the bot did, so a restart plays alike.

Each failure is logged with the table, the position (the deal, the actions
applied, the seat to act) and the exception: its type, where it was raised
and its message, in which every card is masked (``??``). A bot's error may
well name a card of its hidden hand (``"rules bot chose 7h, not among the
legal actions"``), and a log is read by people who may sit at that table.
"""

from __future__ import annotations

import random
import re
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePath

from tricktaker.bots.base import Bot
from tricktaker.bots.registry import make_bot
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.core.protocol import View

#: The level a failing bot's move falls back to.
FALLBACK_LEVEL = "rules"
#: A card as the notation (``7h``, ``Tc``, ``10c``) or the game's words (``Q♠``, ``10♥``,
#: ``Д♠``) write it.
CARD_TEXT = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9TJQKA])[cdhs](?![0-9A-Za-z])|\S{1,2}[♣♦♥♠]")
#: The longest exception message logged.
MAX_MESSAGE = 300


def without_cards(text: str) -> str:
    """``text`` with every card masked, cut to ``MAX_MESSAGE`` characters."""
    return CARD_TEXT.sub("??", text)[:MAX_MESSAGE]


class NotLegal(Exception):
    """A bot's move that is not among the legal actions (which one is not said: a card)."""


@dataclass(frozen=True, slots=True)
class Failure:
    """A level that could not choose: its name and what it raised."""

    level: str
    error: Exception


@dataclass(frozen=True, slots=True)
class Position:
    """Where a table stood when its bot was asked: nothing here is a card."""

    table: str
    deal: int
    applied: int
    seat: int


def _legal_move(
    bot: Bot, view: View, memory: Sequence[Event], legal: Sequence[Action], seed: str
) -> Action:
    action = bot.act(view, memory, legal, random.Random(seed))
    if str(action) not in {str(a) for a in legal}:
        raise NotLegal("the move chosen is not among the legal actions")
    return action


def choose(
    bot: Bot,
    level: str,
    game_id: str,
    view: View,
    memory: Sequence[Event],
    legal: Sequence[Action],
    seed: str,
) -> tuple[Action, list[Failure]]:
    """The bot's move, else the ``rules`` level's, else the first legal action; with the
    failures on the way (none when the bot chose). ``seed`` seeds each one's chance."""
    failures: list[Failure] = []
    try:
        return _legal_move(bot, view, memory, legal, seed), failures
    except Exception as exc:  # any bug of a bot: the table must go on
        failures.append(Failure(level, exc))
    try:
        fallback = make_bot(FALLBACK_LEVEL, game_id)
        return _legal_move(fallback, view, memory, legal, seed), failures
    except Exception as exc:  # the game has no rules level, or it fails too
        failures.append(Failure(FALLBACK_LEVEL, exc))
    return legal[0], failures


def _raised_at(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return "?"
    path = PurePath(frames[-1].filename)
    return f"{'/'.join(path.parts[-2:])}:{frames[-1].lineno}"


def failure_line(position: Position, failure: Failure, then: str) -> str:
    """The log line of one failure, then what the table plays instead (``then``)."""
    error = failure.error
    return (
        f"table {position.table}, deal {position.deal}, {position.applied} actions applied,"
        f" seat {position.seat} to act: the {failure.level} level failed:"
        f" {type(error).__name__} at {_raised_at(error)}: {without_cards(str(error))};"
        f" {then}"
    )


def failure_lines(position: Position, failures: Sequence[Failure]) -> list[str]:
    """A line per failure (``choose``'s, in order), each saying what the table does next:
    ask the rules level, play its move, or play the first legal action."""
    steps = [f"asking the {FALLBACK_LEVEL} level"] * (len(failures) - 1)
    last = "playing the first legal action" if len(failures) > 1 else ""
    steps.append(last or f"playing the {FALLBACK_LEVEL} level's move")
    return [failure_line(position, f, then) for f, then in zip(failures, steps, strict=True)]
