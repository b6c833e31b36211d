"""The bot protocol.

A bot sees only its seat's view, the events its seat saw (its memory: what a
person at the table would remember, even where the screen no longer shows it)
and the legal actions, never the state, so it cannot cheat. All its chance
comes from the ``rng`` it is handed, so a bot is deterministic given that
rng's seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from tricktaker.core.actions import Action
from tricktaker.core.errors import IllegalAction, TricktakerError
from tricktaker.core.events import Event
from tricktaker.core.protocol import View


class Bot(Protocol):
    @property
    def name(self) -> str: ...

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action: ...


BotFactory = Callable[[], Bot]


@runtime_checkable
class InstantBot(Protocol):
    """A bot whose move costs nothing to choose (a coin toss: ``random``), optional.

    The server asks it on the event loop itself rather than handing it to a worker
    thread, whose hand-over costs more than the choice (``Hub._bot_turns``)."""

    instant: bool


@runtime_checkable
class ProgressBot(Protocol):
    """A bot that says how far its think has come, 0 to 1 (``SearchBot.progress``),
    optional: the page's "thinking" notice shows it."""

    @property
    def progress(self) -> float: ...


def is_instant(bot: object) -> bool:
    """Whether ``bot`` chooses at no cost (``InstantBot``)."""
    return isinstance(bot, InstantBot) and bool(bot.instant)


def progress_of(bot: object) -> float | None:
    """How far ``bot``'s think has come, 0 to 1 (``ProgressBot``); None where it does
    not say, or says something else than a fraction."""
    if not isinstance(bot, ProgressBot):
        return None
    progress = bot.progress
    if isinstance(progress, (int, float)) and not isinstance(progress, bool) and 0 <= progress <= 1:
        return float(progress)
    return None


V = TypeVar("V")


class GameBot(Generic[V]):
    """A bot for one game, guarded: it is handed that game's views only and something
    legal to choose from, and never hands the engine an illegal choice (a bug guard).
    A subclass names itself, its game and view class, and implements :meth:`choose`."""

    name: str
    game: str
    view_type: type[V]

    def act(
        self, view: View, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if not isinstance(view, self.view_type):
            raise TricktakerError(
                f"the {self.name} bot plays {self.game} only (it got another game's view)"
            )
        if not legal:
            raise IllegalAction(f"the {self.name} bot was asked to act with no legal action")
        choice = self.choose(view, memory, legal, rng)
        if choice not in legal:
            raise TricktakerError(f"{self.name} bot chose {choice}, not among the legal actions")
        return choice

    def choose(
        self, view: V, memory: Sequence[Event], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        raise NotImplementedError


P = TypeVar("P")


class RulesLevel(GameBot[V], Generic[V, P]):
    """A game's ``rules`` level: the rule books' advice, tuned by numbers (``params``,
    the game's own frozen dataclass; ``DEFAULTS`` unless others are handed in, as the
    tuning scripts and tests do)."""

    name = "rules"
    DEFAULTS: ClassVar[Any]

    def __init__(self, params: P | None = None) -> None:
        self.params: P = self.DEFAULTS if params is None else params
