"""The protocol's Game, written once: a game package names its parts, this does the rest.

Every game is the same factory around different parts: its facts
(:class:`~tricktaker.core.protocol.GameInfo`), its option schema, its state
class, its table of actions, its view class, its sampler, its words, and what the
bench times in it.
:class:`BaseGame` takes those parts and implements the protocol's
:class:`~tricktaker.core.protocol.Game` with them, so the checks every game
owes (options checked again, a view of the right game, ids in range) are
made the same way everywhere. A game adds only what is its own: a plausible
``random_start`` for self-play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, Self, TypeVar

from tricktaker.core.actions import Action, ActionTable, NumberedAction
from tricktaker.core.errors import SampleError
from tricktaker.core.events import Event
from tricktaker.core.options import Options, OptionSpec, build_options
from tricktaker.core.protocol import GameInfo, View, Words
from tricktaker.core.start import Start
from tricktaker.core.workloads import Workload


class ReadableView(View, Protocol):
    """A view class that reads its own JSON back (``View.to_json``'s inverse)."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The view whose JSON is ``data``; RecordError if ``data`` is not one."""
        ...


A = TypeVar("A", bound=NumberedAction)
S = TypeVar("S", covariant=True)
V = TypeVar("V", bound=ReadableView)
W = TypeVar("W", bound=Words, covariant=True)


@dataclass(eq=False)
class BaseGame(Generic[A, S, V, W]):
    """A registered game made of its parts (see the module's docstring)."""

    info: GameInfo
    schema: tuple[OptionSpec, ...]
    #: The state class: ``(options, seed=, deals=, dealer=, start=)`` makes a new match.
    state_class: Callable[..., S]
    table: ActionTable[A]
    view_class: type[V]
    sampler: Callable[[V, Sequence[Event], random.Random], S]
    words_of: Callable[[str], W]
    workloads: tuple[Workload, ...] = ()
    #: The last options ``new_match`` was given and what checking them gave (they are
    #: frozen: the same object need not be checked again, match after match).
    _checked: tuple[object, Options] | None = field(default=None, init=False, repr=False)

    @property
    def id(self) -> str:
        return self.info.id

    def option_schema(self) -> tuple[OptionSpec, ...]:
        return self.schema

    def options(self, values: Mapping[str, object] | Options) -> Options:
        return build_options(self.schema, values)

    def new_match(
        self,
        options: Options,
        seed: int | str = 0,
        deals: Sequence[Mapping[str, Any]] | None = None,
        dealer: int = 0,
        start: Start | None = None,
    ) -> S:
        # Checked again even when already Options: they may be another game's, or built
        # by hand without the schema's checks. The same object given again (a loop of
        # matches) is not: it is frozen, so it checks the same.
        checked = self._checked
        if checked is not None and checked[0] is options:
            options = checked[1]
        else:
            given = options
            options = self.options(options.to_json() if isinstance(options, Options) else options)
            if isinstance(given, Options):  # a mapping may change; Options may not
                self._checked = (given, options)
        return self.state_class(options, seed=seed, deals=deals, dealer=dealer, start=start)

    def parse_action(self, text: str) -> A:
        return self.table.parse(text)

    def action_id(self, action: Action) -> int:
        return self.table.intern(action).number

    def action_from_id(self, number: int) -> A:
        return self.table.from_id(number)

    def sample_state(self, view: View, memory: Sequence[Event], rng: random.Random) -> S:
        """A world the seat cannot tell from the real one; SampleError for another game's view."""
        if not isinstance(view, self.view_class):
            raise SampleError(f"sample_state needs a {self.info.name} view")
        return self.sampler(view, memory, rng)

    def view_from_json(self, data: Mapping[str, Any]) -> V:
        return self.view_class.from_json(data)

    def random_start(self, options: Options, rng: random.Random) -> Start:
        """The game's own start (overridden where self-play should reach endgames)."""
        return Start()

    def words(self, lang: str) -> W:
        return self.words_of(lang)

    def bench_workloads(self) -> tuple[Workload, ...]:
        """What ``tricktaker bench`` times in this game (``core.workloads``)."""
        return self.workloads
