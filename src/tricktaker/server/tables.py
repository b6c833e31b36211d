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

**Several processes.** A table may be live in several server processes at
once, all on one database. The database keeps one writer per table
(``Store.append`` is a compare-and-set on the table's version): a process that
finds it wrote second reads the actions it missed, applies and announces them,
and checks its action again on the newer state (still legal: written; not
any more: ``IllegalAction``, as for any late move). After each write the
process tells the others over the bus (``server.bus``) ``{table, version}``;
each reads the new actions and tells its own listeners. A table's computers
are driven by the one process holding its lease (``bots:<table>``), renewed
while they play; if that process dies the lease lapses and another takes
over. A bot's move that cannot be written is tried again a bounded number of
times with a growing pause, then given up (the log says so, naming no card)
until the table is next used.

**Lazily.** A table is loaded on its first use, not at start-up; the upkeep
(``server.upkeep``) loads, in small batches after start-up, the unfinished
tables whose computer is to act, so their bots play on, and removes idle ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from tricktaker.bots.base import Bot, is_instant, progress_of
from tricktaker.bots.registry import make_bot
from tricktaker.core import IllegalAction, RecordError, State, get_game
from tricktaker.core.actions import Action
from tricktaker.core.ending import apply_seeing_deal_end
from tricktaker.core.events import Event
from tricktaker.core.fairness import seed_hash
from tricktaker.core.options import Options
from tricktaker.core.protocol import Game
from tricktaker.core.records import Record, state_from_record
from tricktaker.core.start import parse_start
from tricktaker.server.bus import TABLE_ACTIONS, TABLE_EXPIRED, Bus, LocalBus, Message
from tricktaker.server.claims import claim_verb
from tricktaker.server.config import Settings
from tricktaker.server.fallback import Failure, Position, choose, failure_lines
from tricktaker.server.life import Life, TableLife, bot_pause, int_below, stand_in_for
from tricktaker.server.store import StaleTable, Store, StoredTable, StoreError, TableExpired
from tricktaker.server.undo import effective, is_marker, last_of, marker, public_undone
from tricktaker.server.warmup import wait_warm

log = logging.getLogger("tricktaker.server")

Listener = Callable[["LiveTable"], Awaitable[None]]
T = TypeVar("T")


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
    #: When this process last used the table (a listener, a move, its bots): idle ones leave.
    last_used: float = field(default_factory=time.monotonic)
    #: The version at which its computers gave up writing (woken again on the next use).
    stalled_at: int | None = None
    #: When this process last tried to take the lease of its computers.
    claim_tried: float = 0.0
    #: Presence, the turn clock and stand-ins (``server.life``).
    life: TableLife = field(default_factory=TableLife)
    #: Per computer seat, the events it has seen so far: its memory grows by the new
    #: ones only (rendered afresh, every move re-rendered the whole match's log).
    memories: dict[int, list[Event]] = field(default_factory=dict)
    #: The table as the latest deal ended, before the next was dealt (a copy that stops
    #: at the deal's end): what a page shows behind the end-of-deal panel.
    deal_end: State | None = None
    #: How many times the match was rebuilt by an undo (``server.undo``): what was told
    #: before is no longer so, and every socket starts over (``Connection.update``).
    epoch: int = 0
    #: The match just before the person's last decision, as last worked out: (version,
    #: seat, that state or None where he may not go back; ``undo_point``).
    undo_cache: tuple[int, int, State | None] | None = None
    #: The person's latest decision at a solo table, as this process wrote it: its index
    #: among the effective actions, and the match just before it.
    before_mine: tuple[int, State] | None = None

    @property
    def id(self) -> str:
        return self.stored.id

    def computer_at(self, seat: int) -> Bot | None:
        """The computer that plays ``seat`` now (None: a person decides): the seat's own
        bot, or a stand-in for its absent person (``computer``)."""
        found = self.computer(seat)
        return None if found is None else found[0]

    def computer_level(self, seat: int) -> str:
        """The level of the computer at ``seat`` (it seeds its chance, names its failures)."""
        found = self.computer(seat)
        return found[1] if found is not None else self.stored.seats[seat].level or ""

    def computer_to_act(self) -> int | None:
        """The seat to act if a computer plays it, else None."""
        seat = self.state.to_act
        return seat if seat is not None and self.computer_at(seat) is not None else None

    @functools.cached_property
    def options(self) -> Options:
        """The table's rule options, checked (for the rules told at the table)."""
        return self.game.options(self.stored.options)

    @property
    def applied(self) -> int:
        """The stored rows (the table's version), undo markers among them."""
        return len(self.stored.actions)

    def restart(self, state: State) -> None:
        """The match rebuilt (an undo): what assumed events only grow starts over."""
        self.state = state
        self.memories.clear()
        self.epoch += 1

    def solo_seat(self) -> int | None:
        """The one person's seat where every other seat is a computer's, else None."""
        people = [s for s, spec in enumerate(self.stored.seats) if spec.kind != "bot"]
        return people[0] if len(people) == 1 else None

    def can_undo(self, seat: int | None) -> bool:
        """Whether ``seat`` may take back his last decision now (``server.undo``)."""
        return seat is not None and undo_refusal(self, seat) is None

    def computer(self, seat: int) -> tuple[Bot, str] | None:
        """The computer playing ``seat`` now, with its level: the seat's own bot, or a
        stand-in for its person (``server.life``); None where a person plays."""
        bot = self.bots.get(seat)
        if bot is not None:
            return bot, self.stored.seats[seat].level or ""
        return stand_in_for(self, seat)

    def memory(self, seat: int) -> tuple[Event, ...]:
        """The events ``seat`` has seen from the match's start: a computer's memory. A
        seat's events only ever grow (numbered in its stream), so those told before
        are kept and the new ones added."""
        kept = self.memories.setdefault(seat, [])
        kept.extend(self.state.events(len(kept), seat))
        return tuple(kept)

    def record(self) -> dict[str, Any]:
        """The full record (every hand): for the players once the match is over."""
        out = self.state.to_record()
        out["names"] = list(self.stored.names)
        return self._with_undone(out)

    def public_record(self) -> dict[str, Any]:
        out = self.state.public_record()
        out["names"] = list(self.stored.names)
        return self._with_undone(out)

    def _with_undone(self, out: dict[str, Any]) -> dict[str, Any]:
        """The record with what undos took back: as such in a full record, where and how
        many only in a partial one (a decision taken back may hold a hidden card); and
        the claims made (``server.claims``: no card in them)."""
        read = effective(self.stored.actions)
        if read.undone:
            full = "seed" in out and not out.get("partial")
            out["undone"] = read.undone if full else public_undone(read.undone)
        if read.claims:  # who claimed the rest, and whether it was played out
            out["claims"] = read.claims
        return out

    @property
    def seed_hash(self) -> str | None:
        """The commitment to the server's seed (``core.fairness``); None for a table made
        from an uploaded record, whose uploader chose the seed and the deals."""
        return seed_hash(self.stored.seed) if self.stored.origin == "server" else None

    def shown_record(self) -> dict[str, Any]:
        """The record shown once the match is over, to every seat and spectator alike
        (``State.shown_record``): the full one, with the seed revealed, only where the
        rules have shown every card; with the seed's hash where the server chose it."""
        out = self._with_undone({**self.state.shown_record(), "names": list(self.stored.names)})
        committed = self.seed_hash
        if committed is not None:
            out["seed_hash"] = committed
        return out


def thinking_progress(bot: Bot) -> float | None:
    """How far a computer's search has come, 0 to 1 (``SearchBot.progress``); None where
    the bot does not say."""
    progress = progress_of(bot)
    return None if progress is None else round(progress, 2)


def _warm_then(level: str, game: str, think: Callable[[], Any]) -> Any:
    """In the bot's thread: wait for the game's kernels if their warm-up is under way,
    then think."""
    wait_warm(level, game)
    return think()


def build_state(stored: StoredTable) -> tuple[Game, State]:
    """The match of a stored table, its effective actions replayed one by one (undo
    markers read, ``server.undo``; RecordError if it cannot be)."""
    record = Record(
        game=stored.game,
        options=dict(stored.options),
        names=list(stored.names),
        dealer=stored.dealer,
        seed=stored.seed,
        start=parse_start(stored.start),
        deals=list(stored.deals),
        actions=effective(stored.actions).actions,
    )
    game = get_game(stored.game)
    try:
        state = state_from_record(record)
    except IllegalAction as exc:
        raise RecordError(f"table {stored.id} cannot be replayed: {exc}") from exc
    return game, state


class Refused(Exception):
    """A request the rulings do not allow now (an undo, a claim); nothing was written.
    ``reason`` is a short id the front end tells in the player's words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UndoRefused(Refused):
    """An undo the rulings do not allow (``server.undo``); ``reason`` is one of
    ``UNDO_REASONS``."""


#: Why an undo is refused: not a solo table (or not its person), the match is over,
#: nothing of his to take back in the deal under way.
UNDO_REASONS = ("solo", "over", "nothing")


def undo_point(table: LiveTable, seat: int) -> State | None:
    """The match just before ``seat``'s last decision, if he may go back to it: the
    decision is in the deal under way (a deal's end wrote its scores) and the match is
    not over. Worked out once per version (a replay of the effective actions)."""
    cached = table.undo_cache
    if cached is not None and cached[:2] == (table.applied, seat):
        return cached[2]
    point: State | None = None
    actions = effective(table.stored.actions).actions
    at = last_of(actions, seat)
    if at is not None and table.state.to_act is not None:
        kept = table.before_mine
        if kept is not None and kept[0] == at:  # as this process wrote it: no replay
            before: State | None = kept[1]
        else:  # after a restart, another process's move, or an undo: replayed once
            try:
                _, before = build_state(replace(table.stored, actions=actions[:at]))
            except RecordError:  # a prefix of a match that replays replays (never here)
                before = None
        if before is not None:
            same_deal = len(before.finished_deals()) == len(table.state.finished_deals())
            if same_deal and before.to_act == seat:
                point = before
    table.undo_cache = (table.applied, seat, point)
    return point


def undo_refusal(table: LiveTable, seat: int) -> str | None:
    """Why ``seat`` may not undo now (one of ``UNDO_REASONS``), None if he may."""
    if table.solo_seat() != seat:
        return "solo"
    if table.state.to_act is None:
        return "over"
    return "nothing" if undo_point(table, seat) is None else None


def _with_bots(table: LiveTable) -> LiveTable:
    """The table with a bot of its level at each computer's seat."""
    for seat, spec in enumerate(table.stored.seats):
        if spec.kind == "bot" and spec.level:
            table.bots[seat] = make_bot(spec.level, table.stored.game)
    return table


#: Tries of one action against a table that keeps moving under it (each read it again).
STALE_TRIES = 8
#: Tries of a computer's move the database refuses for another reason, then it gives up.
BOT_TRIES = 5
#: Seconds a computer thinks before every socket of its table is told so (``thinking``).
THINKING_NOTICE = 2.0
#: Seconds between two ``thinking`` messages while it goes on thinking.
THINKING_EVERY = 1.0
#: The bus's news of a long think, for the sockets of other processes.
THINKING = "thinking"
#: The first pause after a refused write of a computer's move; doubled each time.
BOT_BACKOFF = 0.5
#: Seconds between two writes of a table's last use when people merely open it.
TOUCH_EVERY = 60.0
#: What a player is told who acts at a table that expired.
EXPIRED = "This table has expired: nobody played at it for too long."


class Hub:
    """All live tables of this server, loaded from the store on first use."""

    def __init__(self, store: Store, settings: Settings, bus: Bus | None = None) -> None:
        self.store = store
        self.settings = settings
        self.bus = bus or LocalBus()
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Task[LiveTable | None]] = {}
        self._touched: dict[str, float] = {}
        self._background: set[asyncio.Task[None]] = set()
        self.life = Life(self)
        self._thinking = ThreadPoolExecutor(
            max_workers=max(1, settings.bot_threads), thread_name_prefix="tricktaker-bot"
        )
        self.bus.subscribe(TABLE_ACTIONS, self._on_actions)
        self.bus.subscribe(TABLE_EXPIRED, self._on_expired)
        self.bus.subscribe(THINKING, self._on_thinking)
        self.bus.on_reconnect(self.refresh_all)

    async def get(self, table_id: str) -> LiveTable | None:
        """The table, loaded on first use (None: no such table; ``TableExpired``: it
        expired). Opening a table counts as using it: it does not expire meanwhile, and
        computers that gave up writing are woken again."""
        fresh = table_id not in self.tables
        table = await self.load(table_id)
        if table is not None and not fresh and self.bus.shared:
            await self._check_version(table)
        if table is not None:
            table.last_used = time.monotonic()
            self._touch(table)
            self.wake_bots(table, again=True)
        return table

    async def load(self, table_id: str) -> LiveTable | None:
        """The live table, loaded once however many ask at the same time; loading one
        table never waits for another."""
        found = self.tables.get(table_id)
        if found is not None:
            return found
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.get_running_loop().create_task(self._load(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _check_version(self, table: LiveTable) -> None:
        """A table held here while news may have been lost (other processes write it):
        read what it missed before anyone is shown it (one small query per opening)."""
        try:
            version = await asyncio.to_thread(self.store.version, table.id)
        except StoreError as exc:
            log.warning("table %s: its version cannot be read: %s", table.id, type(exc).__name__)
            return
        if version is None:
            self._drop(table.id)
            raise TableExpired(table.id)
        if version > table.applied:
            await self.refresh(table)

    async def _load(self, table_id: str) -> LiveTable | None:
        stored = await asyncio.to_thread(self.store.load, table_id)
        if stored is None:
            return None
        game, state = await asyncio.to_thread(build_state, stored)
        table = _with_bots(LiveTable(stored, game, state))
        self.tables[table_id] = table
        self.life.rearm(table)
        return table

    def _touch(self, table: LiveTable) -> None:
        """Write that the table was opened, at most once a minute, in the background."""
        now = time.monotonic()
        if now - self._touched.get(table.id, -TOUCH_EVERY) < TOUCH_EVERY:
            return
        self._touched[table.id] = now
        self._in_thread(self.store.touch, table.id)

    def _in_thread(self, work: Callable[[str], object], table_id: str) -> None:
        """Run ``work(table_id)`` in a thread, in the background; a failure is logged."""

        async def run() -> None:
            try:
                await asyncio.to_thread(work, table_id)
            except Exception as exc:  # background work: said, never raised
                log.warning("table %s: %s failed: %s", table_id, work.__name__, type(exc).__name__)

        task = asyncio.get_running_loop().create_task(run())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

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

    async def act(self, table: LiveTable, seat: int, text: str) -> None:
        """Apply seat's action: IllegalAction (nothing changed) unless the rules allow it."""
        action = table.game.parse_action(text)
        if action.seat != seat:
            raise IllegalAction(f"you sit at seat {seat}: you cannot act for seat {action.seat}")
        table.last_used = time.monotonic()
        await self.life.returned(table, seat)  # he acts: his stand-in leaves
        try:
            await self._commit(table, str(action))
        except TableExpired:
            self._drop(table.id)
            raise IllegalAction(EXPIRED) from None

    async def undo(self, table: LiveTable, seat: int) -> None:
        """Take back ``seat``'s last decision and every computer's move after it
        (``server.undo``): an undo marker written through the same compare-and-set as a
        move, then the match rebuilt and every socket told to start over.
        ``UndoRefused`` where the rulings do not allow it (nothing changed)."""
        table.last_used = time.monotonic()
        await self.life.returned(table, seat)
        text = marker(seat)
        try:
            for _ in range(STALE_TRIES):
                async with table.lock:
                    reason = undo_refusal(table, seat)
                    if reason is not None:
                        raise UndoRefused(reason)
                    before = undo_point(table, seat)
                    assert before is not None
                    try:
                        await asyncio.wrap_future(
                            self.store.submit(table.id, table.applied, text, False)
                        )
                    except StaleTable:
                        caught_up = await self._catch_up(table)
                    else:
                        table.stored.actions.append(text)
                        table.stored.finished = False
                        table.restart(before.clone())
                        break
                if caught_up:
                    await self.announce(table)
            else:
                raise StoreError(f"table {table.id} kept moving: the undo was not written")
        except TableExpired:
            self._drop(table.id)
            raise IllegalAction(EXPIRED) from None
        await self.announce(table)
        await self.bus.publish(table.id, TABLE_ACTIONS, {"version": table.applied})
        self.wake_bots(table)

    async def write_planned(
        self, table: LiveTable, plan: Callable[[LiveTable], Sequence[str]]
    ) -> None:
        """Write the rows ``plan`` asks for, decided and written under the table's lock
        as one step (a claim, its answers and its moves, ``server.claims``): no
        computer's move falls between them. Claim markers are stored, never applied;
        every other row must be legal in turn (IllegalAction, nothing written, if not).
        If another process wrote first, its rows are read and the plan asked again."""
        for _ in range(STALE_TRIES):
            async with table.lock:
                rows = list(plan(table))
                trial = table.state.clone()
                ended = None
                for text in rows:
                    if claim_verb(text) is None:
                        ended = apply_seeing_deal_end(trial, trial, text) or ended
                finished = trial.to_act is None
                written = 0
                try:
                    for text in rows:
                        last = written == len(rows) - 1
                        await asyncio.wrap_future(
                            self.store.submit(table.id, table.applied, text, finished and last)
                        )
                        table.stored.actions.append(text)
                        written += 1
                except StaleTable:
                    if written:  # another process wrote in between: read it all again
                        rebuilt = await asyncio.to_thread(build_state, table.stored)
                        table.restart(rebuilt[1])
                    caught_up = await self._catch_up(table)
                else:
                    table.stored.finished = finished
                    table.state = trial
                    if ended is not None:
                        table.deal_end = ended
                    break
            if caught_up:
                await self.announce(table)
        else:
            raise StoreError(f"table {table.id} kept moving: the rows were not written")
        await self.announce(table)
        await self.bus.publish(table.id, TABLE_ACTIONS, {"version": table.applied})
        self.wake_bots(table)

    async def _commit(
        self,
        table: LiveTable,
        text: str,
        bot_seat: int | None = None,
        applied: int | None = None,
    ) -> bool:
        """Check on a copy, write to the database, then make it the table's state and tell.

        A bot's move (``bot_seat``, thought over when ``applied`` actions were in) is
        dropped, False, if the table moved on meanwhile: it was chosen for another moment.
        If another process wrote first (``StaleTable``), the actions it wrote are read,
        applied and told, and the action is checked again on the newer state."""
        for _ in range(STALE_TRIES):
            async with table.lock:
                if bot_seat is not None and (
                    table.state.to_act != bot_seat
                    or (applied is not None and table.applied != applied)
                    or table.computer(bot_seat) is None  # its person came back meanwhile
                ):
                    return False  # the moment passed while the bot thought
                trial = table.state.clone()
                try:
                    ended = apply_seeing_deal_end(table.state, trial, text)
                except IllegalAction:
                    # Perhaps legal on a newer state another process wrote: look first
                    # (a person's move only: a bot's was chosen on this very state).
                    if bot_seat is not None or not await self._catch_up(table):
                        raise
                    caught_up = True
                else:
                    caught_up = False
                if not caught_up:
                    finished = trial.to_act is None
                    try:
                        await asyncio.wrap_future(
                            self.store.submit(table.id, table.applied, text, finished)
                        )
                    except StaleTable:
                        caught_up = await self._catch_up(table)
                    else:
                        if bot_seat is None and table.solo_seat() is not None:
                            # The match before the person's decision, kept as it was
                            # (states are never changed once replaced): an undo's point,
                            # found without replaying the match (``undo_point``).
                            mine = len(effective(table.stored.actions).actions)
                            table.before_mine = (mine, table.state)
                        table.stored.actions.append(text)
                        table.stored.finished = finished
                        table.state = trial
                        if ended is not None:
                            table.deal_end = ended
                        break
            if caught_up:  # what the other process wrote, told before trying again
                await self.announce(table)
        else:
            raise StoreError(f"table {table.id} kept moving: the action was not written")
        await self.announce(table)
        await self.bus.publish(table.id, TABLE_ACTIONS, {"version": table.applied})
        if bot_seat is None:
            self.wake_bots(table)
        return True

    async def _catch_up(self, table: LiveTable) -> bool:
        """Apply the actions other processes wrote since this one's last (under the
        table's lock): True if there were any."""
        texts, finished = await asyncio.to_thread(self.store.actions_since, table.id, table.applied)
        if not texts:
            return False
        if any(is_marker(text) for text in texts):  # an undo: the match is rebuilt
            grown = replace(table.stored, actions=[*table.stored.actions, *texts])
            _, rebuilt = await asyncio.to_thread(build_state, grown)
            table.stored.actions.extend(texts)
            table.stored.finished = finished or rebuilt.to_act is None
            table.restart(rebuilt)
            return True
        state = table.state.clone()
        for text in texts:
            if claim_verb(text) is not None:
                continue  # a claim or its answer, stored beside the moves (server.claims)
            ended = apply_seeing_deal_end(state, state, text)
            if ended is not None:
                table.deal_end = ended
        table.stored.actions.extend(texts)
        table.stored.finished = finished or state.to_act is None
        table.state = state
        return True

    async def refresh(self, table: LiveTable) -> bool:
        """Read the table's newer actions, if any, tell its listeners and wake its bots."""
        try:
            async with table.lock:
                moved = await self._catch_up(table)
        except TableExpired:
            self._drop(table.id)
            return False
        if moved:
            await self.announce(table)
            self.wake_bots(table)
        return moved

    async def refresh_all(self) -> None:
        """Every live table read again (the bus was away: news may have been lost)."""
        for table in list(self.tables.values()):
            try:
                await self.refresh(table)
            except Exception as exc:  # one broken table does not stop the others
                log.error("table %s not refreshed: %s", table.id, type(exc).__name__)

    async def _on_actions(self, message: Message) -> None:
        """Another process (or this one) wrote: catch up if this process is behind."""
        table = self.tables.get(message.table)
        version = message.payload.get("version")
        if table is None or not isinstance(version, int) or version <= table.applied:
            return
        await self.refresh(table)

    async def _on_expired(self, message: Message) -> None:
        self._drop(message.table)

    def _drop(self, table_id: str) -> None:
        """The table leaves memory (it expired): its computers stop."""
        table = self.tables.pop(table_id, None)
        self._touched.pop(table_id, None)
        if table is not None and table.bot_task is not None:
            table.bot_task.cancel()
        if table is not None and table.life.timer is not None:  # its turn clock too
            table.life.timer.cancel()

    def leave(self, table: LiveTable, listener: Listener) -> None:
        """A listener goes; a finished table nobody watches leaves memory (the store keeps it)."""
        table.listeners.discard(listener)
        table.last_used = time.monotonic()
        if (
            table.state.to_act is None
            and not table.listeners
            and self.tables.get(table.id) is table
        ):
            del self.tables[table.id]

    def unload(self, table: LiveTable) -> None:
        """The table leaves memory if nobody here listens and its computers do not play."""
        busy = table.bot_task is not None and not table.bot_task.done()
        if not table.listeners and not busy and self.tables.get(table.id) is table:
            del self.tables[table.id]

    def evict_idle(self, idle: float) -> int:
        """Tables nobody here listens to, whose computers are not to act, unused for
        ``idle`` seconds, leave memory (the store keeps them). How many left."""
        now = time.monotonic()
        gone = [
            t
            for t in self.tables.values()
            if not t.listeners
            and now - t.last_used > idle
            and t.computer_to_act() is None
            and (t.bot_task is None or t.bot_task.done())
        ]
        for table in gone:
            del self.tables[table.id]
            self._touched.pop(table.id, None)
        return len(gone)

    async def announce(self, table: LiveTable) -> None:
        """Tell every listener at once: a slow one delays nobody else."""
        listeners = list(table.listeners)
        results = await asyncio.gather(
            *(listener(table) for listener in listeners), return_exceptions=True
        )
        for listener, result in zip(listeners, results, strict=True):
            if isinstance(result, BaseException):  # dropped; the table goes on
                log.warning(  # its type only: the error may name a card
                    "listener of table %s dropped: %s", table.id, type(result).__name__
                )
                table.listeners.discard(listener)
        await self.life.changed(table)

    def wake_bots(self, table: LiveTable, again: bool = False) -> None:
        """Drive the table's computers if one is to act, unless they play already (here)
        or gave up at this very moment (``again``: a person opened the table; try anew)."""
        if table.computer_to_act() is None:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        if table.stalled_at == table.applied and not again:
            return
        table.stalled_at = None
        table.claim_tried = time.monotonic()
        table.bot_task = asyncio.get_running_loop().create_task(self._drive(table))

    def wake_waiting_bots(self) -> None:
        """The upkeep's round: wake the computers of every live table whose computer is
        to act and which no process here drives; each tried once per half lease, so a
        lease that lapsed (its holder died) is taken over."""
        now = time.monotonic()
        for table in list(self.tables.values()):
            if now - table.claim_tried > self.settings.bot_lease / 2:
                self.wake_bots(table)

    async def _drive(self, table: LiveTable) -> None:
        """Hold the table's lease while its computers play, renewed; let it go when a
        person is to act (or the match is over).

        A person's move another process writes while this one holds the lease cannot
        wake the computers there; its news wakes them here. The news is applied
        (``refresh``) either before this loop looks again, which then goes on, or after
        this task has ended, and then ``wake_bots`` starts a new one: no moment falls
        between. (The database is not read again here: a round trip per person's move.)"""
        lease = f"bots:{table.id}"
        ttl = self.settings.bot_lease
        while table.computer_to_act() is not None:
            if not await self.bus.claim(lease, ttl):
                return  # another process drives them
            lost = asyncio.Event()
            keeper = asyncio.get_running_loop().create_task(self._keep(lease, ttl, lost))
            try:
                await self._bot_turns(table, lost)
            finally:
                keeper.cancel()
                await self.bus.release(lease)
            if lost.is_set() or table.stalled_at is not None:
                return

    async def _keep(self, lease: str, ttl: float, lost: asyncio.Event) -> None:
        """Renew the lease every third of its time; set ``lost`` if another took it."""
        while True:
            await asyncio.sleep(ttl / 3)
            if not await self.bus.claim(lease, ttl):
                lost.set()
                return

    async def _bot_turns(self, table: LiveTable, lost: asyncio.Event | None = None) -> None:
        """Computers play while one is to act; a person's action wakes them again. A move
        the database refuses is tried ``BOT_TRIES`` times, pausing longer each time, then
        given up until the table is next used (a move another process wrote first is no
        failure: the table is read again and the computer thinks anew if still to act)."""
        loop = asyncio.get_running_loop()
        failures = 0
        while lost is None or not lost.is_set():
            state = table.state
            seat = table.computer_to_act()
            if seat is None:
                return
            bot = table.computer_at(seat)
            assert bot is not None
            applied = table.applied
            table.last_used = time.monotonic()
            # The bot's chance is fixed by the table and the moment: a restart replays alike.
            think = functools.partial(
                choose,
                bot,
                table.computer_level(seat),
                table.stored.game,
                state.view(seat),
                table.memory(seat),
                list(state.legal_actions()),
                f"{table.stored.seed}:{applied}:{seat}",
            )
            watch: asyncio.Task[bool] | None = None
            if is_instant(bot):  # no thread's hand-over for a coin toss
                thinking: asyncio.Future[tuple[Action, list[Failure]]] = loop.create_future()
                thinking.set_result(think())
            else:
                level = table.computer_level(seat)
                thinking = loop.run_in_executor(
                    self._thinking, _warm_then, level, table.stored.game, think
                )
                watch = loop.create_task(self._tell_thinking(table, seat, bot, thinking))
            try:
                # The table's pace (``life.bot_pause``: its speed against the server's).
                pause = bot_pause(table.stored.settings, self.settings.bot_delay)
                if pause > 0:
                    await asyncio.sleep(pause)
                try:
                    action, failed = await thinking
                finally:
                    if watch is not None:
                        await self._thought(table, watch)
                if failed:
                    deal = len(state.finished_deals()) + 1
                    for line in failure_lines(Position(table.id, deal, applied, seat), failed):
                        log.error("%s", line)
                await self._commit(table, str(action), bot_seat=seat, applied=applied)
                failures = 0
            except asyncio.CancelledError:
                thinking.cancel()
                raise
            except TableExpired:
                self._drop(table.id)
                return
            except Exception as exc:  # the store fails (or the engine): a pause, then again
                failures += 1
                # (The log names no card: the move and the error may hold the bot's hand.)
                log.error(
                    "table %s: the move of seat %s cannot be saved (try %d of %d): %s",
                    table.id,
                    seat,
                    failures,
                    BOT_TRIES,
                    type(exc).__name__,
                )
                if failures >= BOT_TRIES:
                    log.error("table %s: the computers stop until the table is next used", table.id)
                    table.stalled_at = table.applied
                    return
                await asyncio.sleep(BOT_BACKOFF * 2 ** (failures - 1))

    async def think(self, work: Callable[[], T]) -> T:
        """``work`` done in the computers' thread pool, never on the event loop (a hint:
        ``server.hints``). Whatever it reads of a table must be taken before, on the loop."""
        return await asyncio.get_running_loop().run_in_executor(self._thinking, work)

    async def _tell_thinking(
        self, table: LiveTable, seat: int, bot: Bot, thinking: asyncio.Future[Any]
    ) -> bool:
        """After ``THINKING_NOTICE`` seconds of a computer's thinking, tell every socket of
        the table so each ``THINKING_EVERY`` seconds, with how far its search has come
        where it says (``progress``, 0 to 1; null: unknown). Returns whether it told.

        It ends when cancelled (``_thought``), and also once ``thinking`` is done: a
        cancel that lands inside the bus's publish can be lost there, and the notice
        would then go on for ever (seen once with two processes on Redis)."""
        started = time.monotonic()
        told = False
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.sleep(THINKING_NOTICE)
            while not thinking.done():
                told = True
                message = {
                    "type": "thinking",
                    "seat": seat,
                    "elapsed_s": round(time.monotonic() - started, 1),
                    "progress": thinking_progress(bot),
                }
                await self._tell_everywhere(table, message)
                await asyncio.sleep(THINKING_EVERY)
        return told

    async def _thought(self, table: LiveTable, watch: asyncio.Task[bool]) -> None:
        """The computer has moved: its notice ends (``thinking`` with no seat), if told."""
        watch.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            told = await watch
            if told:
                await self._tell_everywhere(table, {"type": "thinking", "seat": None})

    async def _tell_everywhere(self, table: LiveTable, message: dict[str, Any]) -> None:
        """A computer's long think told to the table's sockets here and, on a shared bus,
        at every other process (which relays it, ``_on_thinking``)."""
        await self._tell_sockets(table, message)
        if self.bus.shared:
            await self.bus.publish(table.id, THINKING, message)

    async def _on_thinking(self, message: Message) -> None:
        """Another process's computer thinks long at a table open here: told to the
        sockets here too (what the message holds is checked: a seat, seconds, a share)."""
        table = self.tables.get(message.table)
        if table is None or message.origin == self.bus.origin:
            return
        seat, elapsed, progress = (
            message.payload.get(k) for k in ("seat", "elapsed_s", "progress")
        )
        if seat is None:
            await self._tell_sockets(table, {"type": "thinking", "seat": None})
            return
        seat = int_below(seat, len(table.stored.seats))
        if seat is None:
            return
        number = (int, float)
        if not isinstance(elapsed, number) or isinstance(elapsed, bool) or not elapsed >= 0:
            return
        if progress is not None and not (
            isinstance(progress, number) and not isinstance(progress, bool) and 0 <= progress <= 1
        ):
            return
        told = {"type": "thinking", "seat": seat, "elapsed_s": round(float(elapsed), 1)}
        await self._tell_sockets(table, {**told, "progress": progress})

    async def _tell_sockets(self, table: LiveTable, message: dict[str, Any]) -> None:
        """Send one message to every socket of the table (here): a failing one is its own
        loop's business."""
        targets = [send for _, send in list(table.life.sockets.values())]
        await asyncio.gather(*(send(message) for send in targets), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        for table in self.tables.values():
            await self.life.close(table)
            if table.bot_task is not None:
                table.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.bot_task
        # A bot still thinking finishes in its thread; its move goes nowhere.
        self._thinking.shutdown(wait=False, cancel_futures=True)
