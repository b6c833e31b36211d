"""Live tables: the match in memory, its seats, its listeners, its bots.

Every action goes through :meth:`LiveTable.act`, under the table's lock: it is
checked by the engine on a copy, written to the database, and only then made
the table's state and announced, so what a player saw acknowledged is on
disk, and a refused or failed write changes nothing. Bots think in a worker
thread of their own pool (``Settings.bot_threads``), never on the event loop:
a search level thinks for seconds, and the loop keeps serving every other
table and connection meanwhile. What a bot thinks over (its view, its events,
the legal actions) is taken on the loop before it starts; its move comes back
to the loop and goes through the same lock and checks as a person's, and only
if nothing was applied since it began. A person who acts while the bot thinks
is told it is not his turn, as the engine says. The bot's pause (``bot_delay``)
runs while it thinks, so a slow level is not slowed twice. A bot that raises,
or chooses what the rules do not allow, never stalls its table: the ``rules``
level moves for it, else the first legal action, and the log says so without
naming a card (``server.fallback``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tricktaker.bots.base import Bot
from tricktaker.bots.registry import make_bot
from tricktaker.core import IllegalAction, RecordError, State, get_game
from tricktaker.core.options import Options
from tricktaker.core.protocol import Game
from tricktaker.core.records import Record, state_from_record
from tricktaker.core.start import parse_start
from tricktaker.server.config import Settings
from tricktaker.server.fallback import Position, choose, failure_lines
from tricktaker.server.life import Life, TableLife, stand_in_for
from tricktaker.server.store import Store, StoredTable

log = logging.getLogger("tricktaker.server")

Listener = Callable[["LiveTable"], Awaitable[None]]


@dataclass(eq=False)
class LiveTable:
    """One table in memory: the state rebuilt from the store, and who is listening."""

    stored: StoredTable
    game: Game
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Listener] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    #: Presence, the turn clock and stand-ins (``server.life``).
    life: TableLife = field(default_factory=TableLife)

    @property
    def id(self) -> str:
        return self.stored.id

    @functools.cached_property
    def options(self) -> Options:
        """The table's rule options, checked (for the rules told at the table)."""
        return self.game.options(self.stored.options)

    @property
    def applied(self) -> int:
        return len(self.stored.actions)

    def computer(self, seat: int) -> tuple[Bot, str] | None:
        """The computer playing ``seat`` now, with its level: the seat's own bot, or a
        stand-in for its person (``server.life``); None where a person plays."""
        bot = self.bots.get(seat)
        if bot is not None:
            return bot, self.stored.seats[seat].level or ""
        return stand_in_for(self, seat)

    def record(self) -> dict[str, Any]:
        """The full record (every hand): for the players once the match is over."""
        out = self.state.to_record()
        out["names"] = list(self.stored.names)
        return out

    def public_record(self) -> dict[str, Any]:
        out = self.state.public_record()
        out["names"] = list(self.stored.names)
        return out


def build_state(stored: StoredTable) -> tuple[Game, State]:
    """The match of a stored table, replayed action by action (RecordError if it cannot be)."""
    record = Record(
        game=stored.game,
        options=dict(stored.options),
        names=list(stored.names),
        dealer=stored.dealer,
        seed=stored.seed,
        start=parse_start(stored.start),
        deals=list(stored.deals),
        actions=list(stored.actions),
    )
    game = get_game(stored.game)
    try:
        state = state_from_record(record)
    except IllegalAction as exc:
        raise RecordError(f"table {stored.id} cannot be replayed: {exc}") from exc
    return game, state


def _with_bots(table: LiveTable) -> LiveTable:
    """The table with a bot of its level at each computer's seat."""
    for seat, spec in enumerate(table.stored.seats):
        if spec.kind == "bot" and spec.level:
            table.bots[seat] = make_bot(spec.level, table.stored.game)
    return table


class Hub:
    """All live tables of this server, loaded from the store on first use."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self.life = Life(self)
        self._thinking = ThreadPoolExecutor(
            max_workers=max(1, settings.bot_threads), thread_name_prefix="tricktaker-bot"
        )

    async def get(self, table_id: str) -> LiveTable | None:
        found = self.tables.get(table_id)
        if found is not None:
            return found
        async with self._loading:
            found = self.tables.get(table_id)
            if found is not None:
                return found
            stored = await asyncio.to_thread(self.store.load, table_id)
            if stored is None:
                return None
            game, state = await asyncio.to_thread(build_state, stored)
            table = _with_bots(LiveTable(stored, game, state))
            self.tables[table_id] = table
        self.wake_bots(table)
        self.life.rearm(table)
        return table

    async def create(self, stored: StoredTable) -> LiveTable:
        """A new table: checked by building its match, stored, then live."""
        game, state = await asyncio.to_thread(build_state, stored)
        stored.finished = state.to_act is None
        await asyncio.to_thread(self.store.create, stored)
        table = _with_bots(LiveTable(stored, game, state))
        self.tables[stored.id] = table
        self.wake_bots(table)
        self.life.rearm(table)
        return table

    async def resume_all(self) -> int:
        """Load every unfinished table at start-up, so that bots to act go on playing."""
        ids = await asyncio.to_thread(self.store.unfinished)
        for table_id in ids:
            try:
                await self.get(table_id)
            except (RecordError, IllegalAction) as exc:  # pragma: no cover - a corrupt row
                log.error("table %s not resumed: %s", table_id, exc)
        return len(ids)

    async def act(self, table: LiveTable, seat: int, text: str) -> None:
        """Apply seat's action: IllegalAction (nothing changed) unless the rules allow it."""
        action = table.game.parse_action(text)
        if action.seat != seat:
            raise IllegalAction(f"you sit at seat {seat}: you cannot act for seat {action.seat}")
        await self.life.returned(table, seat)  # he acts: his stand-in leaves
        await self._commit(table, str(action))

    async def _commit(
        self,
        table: LiveTable,
        text: str,
        bot_seat: int | None = None,
        applied: int | None = None,
    ) -> bool:
        """Check on a copy, write to the database, then make it the table's state and tell.

        A bot's move (``bot_seat``, thought over when ``applied`` actions were in) is
        dropped, False, if the table moved on meanwhile: it was chosen for another moment."""
        async with table.lock:
            if bot_seat is not None and (
                table.state.to_act != bot_seat
                or (applied is not None and table.applied != applied)
                or table.computer(bot_seat) is None  # its person came back meanwhile
            ):
                return False  # the moment passed while the bot thought
            trial = table.state.clone()
            trial.apply(text)
            finished = trial.to_act is None
            await asyncio.to_thread(self.store.append, table.id, table.applied, text, finished)
            table.stored.actions.append(text)
            table.stored.finished = finished
            table.state = trial
        await self.announce(table)
        if bot_seat is None:
            self.wake_bots(table)
        return True

    def leave(self, table: LiveTable, listener: Listener) -> None:
        """A listener goes; a finished table nobody watches leaves memory (the store keeps it)."""
        table.listeners.discard(listener)
        if (
            table.state.to_act is None
            and not table.listeners
            and self.tables.get(table.id) is table
        ):
            del self.tables[table.id]

    async def announce(self, table: LiveTable) -> None:
        """Tell every listener at once: a slow one delays nobody else."""
        listeners = list(table.listeners)
        results = await asyncio.gather(
            *(listener(table) for listener in listeners), return_exceptions=True
        )
        for listener, result in zip(listeners, results, strict=True):
            if isinstance(result, BaseException):  # dropped; the table goes on
                log.warning("listener of table %s dropped: %r", table.id, result)
                table.listeners.discard(listener)
        await self.life.changed(table)

    def wake_bots(self, table: LiveTable) -> None:
        """Start the bot whose turn it is, unless one is thinking already."""
        seat = table.state.to_act
        if seat is None or table.computer(seat) is None:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        table.bot_task = asyncio.create_task(self._bot_turns(table))

    async def _bot_turns(self, table: LiveTable) -> None:
        """Bots play while it is a bot's turn; a person's action wakes them again."""
        loop = asyncio.get_running_loop()
        while True:
            state = table.state
            seat = state.to_act
            driver = None if seat is None else table.computer(seat)
            if seat is None or driver is None:
                return
            applied = table.applied
            # The bot's chance is fixed by the table and the moment: a restart replays alike.
            think = functools.partial(
                choose,
                driver[0],
                driver[1],
                table.stored.game,
                state.view(seat),
                state.events(0, seat),
                list(state.legal_actions()),
                f"{table.stored.seed}:{applied}:{seat}",
            )
            thinking = loop.run_in_executor(self._thinking, think)
            try:
                if self.settings.bot_delay > 0:
                    await asyncio.sleep(self.settings.bot_delay)
                action, failures = await thinking
                if failures:
                    deal = len(state.finished_deals()) + 1
                    for line in failure_lines(Position(table.id, deal, applied, seat), failures):
                        log.error("%s", line)
                await self._commit(table, str(action), bot_seat=seat, applied=applied)
            except asyncio.CancelledError:
                thinking.cancel()
                raise
            except Exception as exc:  # the store fails (or the engine): try again after a pause
                # (The log names no card: the move and the error may hold the bot's hand.)
                log.error(
                    "table %s: the move of seat %s cannot be saved: %s",
                    table.id,
                    seat,
                    type(exc).__name__,
                )
                await asyncio.sleep(1.0)

    async def close(self) -> None:
        for table in self.tables.values():
            await self.life.close(table)
            if table.bot_task is not None:
                table.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.bot_task
        # A bot still thinking finishes in its thread; its move goes nowhere.
        self._thinking.shutdown(wait=False, cancel_futures=True)
