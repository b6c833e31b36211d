"""One match at the terminal: the state, the computer seats, and what the human may know.

The session owns the state and hands the screen only the human's view, his
own legal actions and his own event stream (``State.events(since, HUMAN)``),
read a piece at a time: an opponent's private word, or a card he may not
see, is never in them, so it cannot reach the screen by accident. Each
computer seat acts on its own view and its own remembered events. Nothing
here knows a game: it speaks only the core protocol.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from tricktaker.bots import Bot
from tricktaker.core.actions import Action
from tricktaker.core.ending import apply_seeing_deal_end
from tricktaker.core.errors import IllegalAction
from tricktaker.core.events import Event
from tricktaker.core.options import Options
from tricktaker.core.protocol import Game, State, View
from tricktaker.terminal.names import HUMAN


def seed_value(text: str | None) -> int | str:
    """The seed as given (digits become an int), or a fresh random one."""
    if text is None or not text.strip():
        return random.SystemRandom().randrange(1, 10**9)
    t = text.strip()
    return int(t) if t.isascii() and t.isdigit() and len(t) < 19 else t


@dataclass(frozen=True, slots=True)
class BotFailure:
    """A computer seat failed to choose (a bug in a bot); it moved at random instead.

    ``error`` names the kind of failure only: the exception's text may speak of
    the bot's own cards, which the human must not see.
    """

    seat: int
    error: str


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A computer seat's moment to act: what it may know then, taken from the match so
    that it can think apart from it. ``applied``: the actions in the match by then."""

    seat: int
    applied: int
    view: View
    memory: tuple[Event, ...]
    legal: tuple[Action, ...]


class Session:
    """The match, the bots, and the human's window onto it."""

    def __init__(
        self,
        game: Game,
        state: State,
        bots: Mapping[int, Bot],
        level: str,
        seed: int | str,
        names: Sequence[str],
        options: Options,
    ) -> None:
        self.game = game
        self.options = options
        self.level = level
        self.seed = seed
        #: The seats' names as the record keeps them ("Computer (rules)").
        self.names = list(names)
        self._state = state
        self._bots = dict(bots)
        self._rngs = {seat: random.Random(f"{seed}:bot:{seat}") for seat in self._bots}
        self._memory: dict[int, list[Event]] = {seat: [] for seat in self._bots}
        self._told = 0
        self._actions = 0
        #: The human's view of the table as the last action's deal ended, before the
        #: next was dealt (None: the last action ended no deal).
        self.deal_end_view: View | None = None

    # --------------------------------------------------------------- looking

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def sides(self) -> tuple[int, ...]:
        return self._state.sides

    @property
    def computer_seats(self) -> list[int]:
        return sorted(self._bots)

    def view(self) -> View:
        """The human's view: with his events, the only source of what the screen shows."""
        return self._state.view(HUMAN)

    def new_events(self) -> list[Event]:
        """The human's events since the last call (from the first, the first time)."""
        fresh = self._state.events(self._told, HUMAN)
        self._told += len(fresh)
        return fresh

    @property
    def finished(self) -> bool:
        return self._state.result().finished

    @property
    def to_act(self) -> int | None:
        return self._state.to_act

    @property
    def started(self) -> bool:
        """Whether anything was played (a match with no action is not worth saving)."""
        return self._actions > 0

    def legal(self) -> list[Action]:
        """The human's legal actions now (empty when it is not his turn)."""
        if self._state.to_act != HUMAN:
            return []
        return list(self._state.legal_actions())

    def bot_to_act(self) -> bool:
        seat = self._state.to_act
        return seat is not None and seat in self._bots

    # ---------------------------------------------------------------- acting

    def replayed(self, count: int) -> None:
        """Count ``count`` actions already in the state (a resumed match)."""
        self._actions += count

    def _apply(self, action: Action) -> None:
        ended = apply_seeing_deal_end(self._state, self._state, action)
        self.deal_end_view = None if ended is None else ended.view(HUMAN)
        self._actions += 1

    def play(self, action: Action) -> None:
        """Apply the human's action (IllegalAction if it is not his to take now)."""
        if self._state.to_act != HUMAN:
            raise IllegalAction("it is not your turn")
        self._apply(action)

    def bot_turn(self) -> BotTurn | None:
        """What the computer seat to act knows now, for it to think over (None if no
        computer is to act). Taken on the screen's thread: the thinking that follows
        (:meth:`think`) reads only this, never the live state."""
        seat = self._state.to_act
        if seat is None or seat not in self._bots:
            return None
        memory = self._memory[seat]
        memory.extend(self._state.events(len(memory), seat))
        return BotTurn(
            seat,
            self._actions,
            self._state.view(seat),
            tuple(memory),
            tuple(self._state.legal_actions()),
        )

    def think(self, turn: BotTurn) -> Action | BotFailure:
        """The bot's choice for ``turn``, or what went wrong: safe to run in a worker
        thread (a search level thinks for seconds), as it changes nothing of the match;
        only this seat's rng moves, and only one bot thinks at a time."""
        try:
            action = self._bots[turn.seat].act(
                turn.view, list(turn.memory), list(turn.legal), self._rngs[turn.seat]
            )
            if str(action) not in {str(a) for a in turn.legal}:
                raise IllegalAction(f"it chose {action}, which is not allowed now")
        except Exception as exc:
            return BotFailure(turn.seat, type(exc).__name__)
        return action

    def current(self, turn: BotTurn) -> bool:
        """Whether ``turn`` is still the moment the match is at (nothing applied since)."""
        return self._actions == turn.applied and self._state.to_act == turn.seat

    def finish_bot(self, turn: BotTurn, choice: Action | BotFailure) -> BotFailure | None:
        """Apply the bot's ``choice`` for ``turn`` (on the screen's thread); a failed bot
        moves at random instead, so a broken bot never ends the human's match.
        IllegalAction if the match moved on since ``turn`` (the choice is stale)."""
        if not self.current(turn):
            raise IllegalAction("the match moved on while the computer thought")
        if isinstance(choice, BotFailure):
            legal = turn.legal
            self._apply(legal[self._rngs[turn.seat].randrange(len(legal))])
            return choice
        self._apply(choice)
        return None

    def step_bot(self) -> BotFailure | None:
        """Let the computer seat to act take one action, knowing only what its seat
        knows: :meth:`bot_turn`, :meth:`think` and :meth:`finish_bot` at once."""
        turn = self.bot_turn()
        if turn is None:
            return None
        return self.finish_bot(turn, self.think(turn))

    # ---------------------------------------------------------------- saving

    def record(self) -> dict[str, Any]:
        """The full record (every hand dealt) with the seats' names, for replay and resume."""
        record = self._state.to_record()
        record["names"] = list(self.names)
        record["date"] = datetime.now().isoformat(timespec="seconds")
        result = self._state.result()
        record["result"] = {
            "score": list(result.score),
            "games": list(result.games),
            "finished": result.finished,
            "winner": result.winner,
        }
        return record

    def save(self, directory: str | Path) -> Path:
        """Write the record as JSON into ``directory`` (created), named by date and game."""
        folder = Path(directory)
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
        path = folder / f"{stamp}-{self.game.id}.json"
        k = 1
        while path.exists():
            k += 1
            path = folder / f"{stamp}-{k}-{self.game.id}.json"
        path.write_text(record_json(self.record()), encoding="utf-8")
        return path


def record_json(record: dict[str, Any]) -> str:
    """JSON with one top-level field per line: readable, and short enough to diff."""
    fields = (f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in record.items())
    return "{\n" + ",\n".join(fields) + "\n}\n"
