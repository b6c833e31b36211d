"""The seat's life: who is at the table, the turn clock, and the computers standing in.

A table full of people is only as good as its slowest absentee: a friend who
never opened his link, or one whose train went into a tunnel, would hold the
table forever. So the server keeps, per live table (``TableLife``):

* **presence**, from the table's open sockets: a seat with a socket of its
  token is *connected*; one that joined once (remembered in the table's
  settings, so a restart keeps it) but has none now is *away*; a person's seat
  never joined is *empty* ("waiting for NAME to join"). Computers' seats are
  always connected.
* **the turn clock** (a table setting: off, 30, 60 or 120 s, times
  ``Settings.clock_scale``, so a test never waits half a minute): it runs on a
  person's turn while someone else has the table open (a table nobody has
  open does not play itself out); when it runs out a computer of the table's stand-in level
  plays for him. The stand-in stays while he is away, playing each of his
  turns at once, and hands the seat back the moment he returns (a socket with
  his token connects, or he acts). A player still connected whom the clock
  caught loses that one move: after the stand-in's move the seat is his again.
* **the host's computers**: the host (the first person's seat of a table made
  in the lobby) may put a computer in a seat whose person is not there (empty
  or away). It is a stand-in too, kept in the settings across restarts, and it
  gives the seat back when its person comes.

**Several processes** (``server.bus``): a table may be open in several server
processes at once, each with its own sockets. Each process tells the others
which seats it has connected (and whether spectators watch) whenever that
changes, and again every ``SHARE_EVERY`` seconds while it has any; a process
that opens a table asks the others for theirs. A seat connected anywhere is
connected everywhere, the clock runs while anyone anywhere waits, and a person
who comes back in one process sends his stand-in away in all (the news of his
seat is his return). What another process told is forgotten after
``PRESENCE_TTL`` without news (a process that died tells nothing more). The
host's computer is told to every process too. Each process runs its own clock
from the same setting; the bots' lease lets one of them play for the seat.

Stand-ins play through the same path as the table's own bots
(``LiveTable.computer`` answers for both), so their moves are checked, saved
and announced alike, and a stand-in's move thought over for a seat whose
person came back meanwhile is dropped. Everything here is told to every
socket of the table as one ``life`` message (``life_json``) on connect (in
``hello``) and whenever it changes. It names seats, never a card; the server
log notes a stand-in taking and giving back a seat the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from tricktaker.bots.base import Bot
from tricktaker.bots.registry import levels, make_bot
from tricktaker.core import State
from tricktaker.core.i18n import LANGUAGES
from tricktaker.server.bus import Bus, Message
from tricktaker.server.config import Settings
from tricktaker.server.names import names_in
from tricktaker.server.security import KeyedLimiter
from tricktaker.server.store import Store, StoredTable

log = logging.getLogger("tricktaker.server")

#: The turn clock's choices in seconds; 0 is off (nobody is ever replaced).
CLOCK_CHOICES = (0, 30, 60, 120)
#: The computers' pace a table may choose: how long a computer waits before it acts,
#: so that people can follow the play. ``normal`` is the server's ``bot_delay`` (and a
#: table that chose none, an uploaded record's or an old row, plays at it); ``slow``
#: is three times that; ``instant`` does not wait.
SPEED_CHOICES = ("instant", "normal", "slow")
DEFAULT_SPEED = "normal"
SLOW_FACTOR = 3.0
#: The stand-in's level where the table chose none (else the game's first level).
DEFAULT_STAND_IN = "rules"
#: Names one seat may choose in a minute (a burst of as many).
RENAMES_PER_MINUTE = 6
#: Bus messages between processes: the seats connected at one process, and a
#: host's computer put in a seat there.
PRESENCE = "presence"
FILLED = "filled"
#: A process tells its presence again this often while it has sockets at a table...
SHARE_EVERY = 20.0
#: ...and what another process told is forgotten after this long without news.
PRESENCE_TTL = 3 * SHARE_EVERY
#: The most spectators one process's presence may tell (a message with more is refused).
MOST_WATCHERS = 10_000

#: Sends one message to one socket.
Sender = Callable[[Mapping[str, Any]], Awaitable[None]]


def int_below(value: object, bound: int) -> int | None:
    """``value`` if it is a whole number from 0 to ``bound`` - 1 (a seat of ``bound``
    seats, a count), not a bool, else None: what another process sent on the bus is
    checked as any client's message would be."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < bound:
        return value
    return None


def stand_in_level(game_id: str, asked: object) -> str | None:
    """The stand-in level for a new table: ``asked`` if the game has it, the default
    (``rules``, else the game's first level) when none is asked, None if unknown."""
    known = levels(game_id)
    if asked is None or asked == "":
        return DEFAULT_STAND_IN if DEFAULT_STAND_IN in known else (known[0] if known else None)
    return asked if isinstance(asked, str) and asked in known else None


def new_settings(
    kinds: list[str], clock: int, stand_in: str, speed: str = DEFAULT_SPEED
) -> dict[str, Any]:
    """A new table's settings: its clock, its stand-ins' level, its computers' pace
    and its host (the first person's seat)."""
    host = next((seat for seat, kind in enumerate(kinds) if kind == "human"), None)
    return {
        "clock": clock,
        "stand_in": stand_in,
        "speed": speed,
        "host": host,
        "joined": [],
        "filled": {},
    }


def bot_pause(table_settings: Mapping[str, Any], bot_delay: float) -> float:
    """Seconds a computer of this table waits before it acts: its ``speed`` (a
    ``SPEED_CHOICES`` word) against the server's ``bot_delay``; anything else kept in
    the row (an old table, a hand-edited one) plays at the server's pace."""
    speed = table_settings.get("speed", DEFAULT_SPEED)
    if speed == "instant":
        return 0.0
    if speed == "slow":
        return bot_delay * SLOW_FACTOR
    return bot_delay


class LiveTable(Protocol):
    """What this module reads of a live table (``server.tables.LiveTable``, which holds
    a ``TableLife``: the hub imports this module, so this one names only a shape)."""

    stored: StoredTable
    state: State
    life: TableLife

    @property
    def id(self) -> str: ...

    @property
    def applied(self) -> int: ...


class Hub(Protocol):
    """What this module asks of the hub (``server.tables.Hub``)."""

    settings: Settings
    store: Store
    bus: Bus

    @property
    def tables(self) -> Mapping[str, Any]: ...

    def wake_bots(self, table: Any) -> None: ...

    async def announce(self, table: Any) -> None: ...


@dataclass(eq=False)
class TableLife:
    """One live table's presence, stand-ins and clock (in memory; what must outlive a
    restart is mirrored in the table's settings)."""

    #: Open sockets: each its seat (None: a spectator) and how to send to it.
    sockets: dict[object, tuple[int | None, Sender]] = field(default_factory=dict)
    #: What other processes told of their sockets here: origin -> (seats connected
    #: there, spectators there, when told).
    elsewhere: dict[str, tuple[frozenset[int], int, float]] = field(default_factory=dict)
    #: What this process last told the others ((seats, spectators)), and when.
    shared: tuple[frozenset[int], int] | None = None
    shared_at: float = 0.0
    #: Seats a computer plays for their person now: seat -> level.
    stand_ins: dict[int, str] = field(default_factory=dict)
    #: Actions applied when each clock stand-in took its seat.
    stood_at: dict[int, int] = field(default_factory=dict)
    #: One bot per level, made on first need.
    bots: dict[str, Bot] = field(default_factory=dict)
    #: The turn the clock runs for, (actions applied, seat), and when it runs out.
    turn: tuple[int, int] | None = None
    deadline: float | None = None
    timer: asyncio.Task[None] | None = None
    #: The last life told, so that an unchanged one is not sent again.
    told: str = ""
    loaded: bool = False
    #: Whether the stored settings were given their defaults (once per table: they are
    #: read after every move, and only ever changed to valid values after that).
    settings_checked: bool = False


def settings_of(table: LiveTable) -> dict[str, Any]:
    """The table's settings with their defaults (an uploaded record's table, an old
    row): clock off, the default stand-in, the first person's seat hosting."""
    got = table.stored.settings
    if table.life.settings_checked:
        return got
    table.life.settings_checked = True
    if not isinstance(got.get("clock"), int) or got["clock"] not in CLOCK_CHOICES:
        got["clock"] = 0
    if got.get("speed") not in SPEED_CHOICES:
        got["speed"] = DEFAULT_SPEED
    if not isinstance(got.get("stand_in"), str) or got["stand_in"] not in levels(table.stored.game):
        got["stand_in"] = stand_in_level(table.stored.game, None)
    kinds = [spec.kind for spec in table.stored.seats]
    if not isinstance(got.get("host"), int):
        got["host"] = next((s for s, k in enumerate(kinds) if k == "human"), None)
    if not isinstance(got.get("joined"), list):
        got["joined"] = []
    if not isinstance(got.get("filled"), dict):
        got["filled"] = {}
    return got


def life_of(table: LiveTable) -> TableLife:
    """The table's life, with the host's computers restored from its settings."""
    life = table.life
    if not life.loaded:
        life.loaded = True
        known = levels(table.stored.game)
        for seat, level in settings_of(table)["filled"].items():
            if str(seat).isdigit() and int(seat) < len(table.stored.seats) and level in known:
                life.stand_ins[int(seat)] = level
    return life


def stand_in_for(table: LiveTable, seat: int) -> tuple[Bot, str] | None:
    """The computer standing in for ``seat``'s person now, with its level, or None."""
    level = life_of(table).stand_ins.get(seat)
    if level is None or table.stored.seats[seat].kind != "human":
        return None
    bots = table.life.bots
    if level not in bots:
        bots[level] = make_bot(level, table.stored.game)
    return bots[level], level


class Life:
    """The seats' life at every table of one hub (``Hub.life``)."""

    def __init__(self, hub: Hub, now: Callable[[], float] = time.monotonic) -> None:
        self.hub = hub
        #: The time source (monotonic seconds): tests may give their own.
        self.now = now
        self._tasks: set[asyncio.Task[None]] = set()
        #: Names a seat may choose per minute: each is told to every socket of the table.
        self.renames = KeyedLimiter(RENAMES_PER_MINUTE / 60, RENAMES_PER_MINUTE)
        hub.bus.subscribe(PRESENCE, self._on_presence)
        hub.bus.subscribe(FILLED, self._on_filled)

    # -- what the table knows -------------------------------------------------

    def connected_seats(self, table: LiveTable) -> set[int]:
        """Seats with a socket open here or, as another process told, there."""
        seats = {seat for seat, _ in table.life.sockets.values() if seat is not None}
        for there, _watchers in self._elsewhere(table):
            seats |= there
        return seats

    def _elsewhere(self, table: LiveTable) -> list[tuple[frozenset[int], int]]:
        """What other processes told of this table, news older than ``PRESENCE_TTL``
        forgotten (the process that told it may be gone)."""
        life = table.life
        if not life.elsewhere:
            return []
        now = self.now()
        for origin, (_, _, at) in list(life.elsewhere.items()):
            if now - at > PRESENCE_TTL:
                del life.elsewhere[origin]
        return [(seats, watchers) for seats, watchers, _ in life.elsewhere.values()]

    def _watched_by_other_than(self, table: LiveTable, seat: int) -> bool:
        """Someone other than ``seat``'s person has the table open, here or elsewhere."""
        if any(other != seat for other, _ in table.life.sockets.values()):
            return True
        return any(watchers or (seats - {seat}) for seats, watchers in self._elsewhere(table))

    def presence(self, table: LiveTable, seat: int) -> str:
        """``connected``, ``away`` or ``empty`` (a person's seat never joined)."""
        if table.stored.seats[seat].kind != "human" or seat in self.connected_seats(table):
            return "connected"
        return "away" if seat in settings_of(table)["joined"] else "empty"

    def life_json(self, table: LiveTable) -> dict[str, Any]:
        """The ``life`` message: every seat's presence and stand-in, and the clock."""
        life = life_of(table)
        settings = settings_of(table)
        chosen = table.stored.chosen_names
        seats = [
            {
                "seat": seat,
                "name": table.stored.names[seat] if seat < len(table.stored.names) else "",
                "kind": spec.kind,
                "presence": self.presence(table, seat),
                "stand_in": life.stand_ins.get(seat) if spec.kind == "human" else None,
                "named": seat in chosen or seat == settings["host"],
            }
            for seat, spec in enumerate(table.stored.seats)
        ]
        clock = None
        if life.turn is not None and life.deadline is not None:
            limit = settings["clock"] * self.hub.settings.clock_scale
            clock = {
                "seat": life.turn[1],
                "limit_s": round(limit, 3),
                "remaining_s": round(max(0.0, life.deadline - self.now()), 3),
            }
        return {
            "type": "life",
            "host": settings["host"],
            "clock_setting": settings["clock"],
            "stand_in_level": settings["stand_in"],
            "speed": settings["speed"],
            "seats": seats,
            # Each seat's name in each language (a computer's is the program's words;
            # a chosen name reads alike in all): the page shows its own language's.
            "names": {lang: names_in(table.stored, lang) for lang in LANGUAGES},
            "clock": clock,
        }

    # -- telling it -----------------------------------------------------------

    async def tell(self, table: LiveTable, skip: object = None, force: bool = False) -> None:
        """Send the life to every socket of the table if it changed (``skip``: one
        that has it already)."""
        message = self.life_json(table)
        key = json.dumps({**message, "clock": message["clock"] and message["clock"]["seat"]})
        key += str(table.life.deadline)
        if key == table.life.told and not force:
            return
        table.life.told = key
        targets = [send for k, (_, send) in list(table.life.sockets.items()) if k is not skip]
        # A socket that fails is its own loop's business: it closes and leaves.
        await asyncio.gather(*(send(message) for send in targets), return_exceptions=True)

    # -- sockets coming and going --------------------------------------------

    async def connect(self, table: LiveTable, key: object, seat: int | None, send: Sender) -> None:
        """A socket opens: a seat's person is back (his stand-in leaves), and joined.
        What is awaited comes first, so the socket's ``hello`` is the first it is sent."""
        life = life_of(table)
        if seat is not None:
            settings = settings_of(table)
            if seat not in settings["joined"]:
                settings["joined"].append(seat)
                try:
                    await self.save_settings(table)
                except Exception as exc:  # kept in memory; the socket is served all the same
                    log.warning(
                        "table %s: who joined cannot be saved: %s", table.id, type(exc).__name__
                    )
            await self.returned(table, seat, tell=False)
        first = not life.sockets
        life.sockets[key] = (seat, send)
        self.rearm(table)
        await self.tell(table, skip=key)  # the new socket is told in its ``hello``
        await self.share(table, ask=first)

    def disconnect(self, table: LiveTable, key: object) -> None:
        """A socket closed: the others are told in a task of their own (a socket's
        handler may be cancelled as it ends, and its seat must go away all the same)."""
        found = table.life.sockets.pop(key, None)
        if found is not None:
            self.rearm(table)
            task = asyncio.get_running_loop().create_task(self._gone(table))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _gone(self, table: LiveTable) -> None:
        await self.tell(table)
        await self.share(table)

    # -- several processes ----------------------------------------------------

    async def share(self, table: LiveTable, ask: bool = False, again: bool = False) -> None:
        """Tell the other processes this one's sockets at ``table`` if they changed
        (``again``: even if not, the periodic reminder); ``ask``: and ask for theirs."""
        if not self.hub.bus.shared:
            return
        life = table.life
        seats = frozenset(seat for seat, _ in life.sockets.values() if seat is not None)
        watchers = sum(1 for seat, _ in life.sockets.values() if seat is None)
        now = (seats, watchers)
        if now == life.shared and not ask and not again:
            return
        if life.shared is None and not life.sockets and not ask:
            return  # never told anything, and nothing to tell
        life.shared, life.shared_at = now, self.now()
        payload = {"seats": sorted(seats), "watchers": watchers, "ask": ask}
        await self.hub.bus.publish(table.id, PRESENCE, payload)

    async def share_all(self) -> None:
        """The upkeep's reminder: every table with sockets here, told again."""
        for table in list(self.hub.tables.values()):
            if table.life.sockets and self.now() - table.life.shared_at >= SHARE_EVERY:
                await self.share(table, again=True)

    async def _on_presence(self, message: Message) -> None:
        """Another process's sockets at a table held here: a seat newly connected there
        sends its stand-in away here, as a connection here would."""
        table = self.hub.tables.get(message.table)
        if table is None or message.origin == self.hub.bus.origin:
            return
        payload = message.payload
        raw = payload.get("seats")
        watchers = int_below(payload.get("watchers"), MOST_WATCHERS + 1)
        n = len(table.stored.seats)
        if not isinstance(raw, list) or any(int_below(s, n) is None for s in raw):
            return
        if watchers is None:
            return
        seats = frozenset(raw)
        life = life_of(table)
        before = life.elsewhere.get(message.origin, (frozenset(), 0, 0.0))[0]
        if seats or watchers > 0:
            life.elsewhere[message.origin] = (seats, watchers, self.now())
        else:
            life.elsewhere.pop(message.origin, None)
        joined = settings_of(table)["joined"]
        for seat in sorted(seats - before):
            if seat not in joined:  # saved there; here it is known from now on
                joined.append(seat)
            if table.stored.seats[seat].kind == "human":
                await self.returned(table, seat, tell=False)
        if payload.get("ask") is True and life.sockets:
            await self.share(table, again=True)
        self.rearm(table)
        await self.tell(table)

    async def _on_filled(self, message: Message) -> None:
        """The host put a computer in a seat at another process: it plays here too."""
        table = self.hub.tables.get(message.table)
        if table is None or message.origin == self.hub.bus.origin:
            return
        seat = int_below(message.payload.get("seat"), len(table.stored.seats))
        level = message.payload.get("level")
        if seat is None or level not in levels(table.stored.game):
            return
        life = life_of(table)
        life.stand_ins[seat] = str(level)
        life.stood_at.pop(seat, None)
        settings_of(table)["filled"][str(seat)] = str(level)
        self.rearm(table)
        await self.tell(table)
        self.hub.wake_bots(table)

    # -- stand-ins -----------------------------------------------------------

    async def returned(self, table: LiveTable, seat: int, tell: bool = True) -> None:
        """The seat's person is back: his stand-in (the clock's or the host's) leaves."""
        life = life_of(table)
        if life.stand_ins.pop(seat, None) is None:
            return
        life.stood_at.pop(seat, None)
        filled = settings_of(table)["filled"]
        if filled.pop(str(seat), None) is not None:
            await self.save_settings(table)
        log.info("table %s: seat %s is back; the stand-in leaves", table.id, seat)
        self.rearm(table)
        if tell:
            await self.tell(table)

    async def fill(self, table: LiveTable, seat: int, level: str) -> None:
        """The host puts a computer of ``level`` in ``seat`` until its person comes."""
        life = life_of(table)
        life.stand_ins[seat] = level
        life.stood_at.pop(seat, None)
        settings_of(table)["filled"][str(seat)] = level
        await self.save_settings(table)
        log.info("table %s: the host puts a computer (%s) in seat %s", table.id, level, seat)
        self.rearm(table)
        await self.tell(table)
        if self.hub.bus.shared:
            await self.hub.bus.publish(table.id, FILLED, {"seat": seat, "level": level})
        self.hub.wake_bots(table)

    async def rename(self, table: LiveTable, seat: int, name: str) -> None:
        """The seat's person chose a name: stored, and told with the next state."""
        await asyncio.to_thread(self.hub.store.save_name, table.id, seat, name)
        table.stored.names[seat] = name
        table.stored.chosen_names[seat] = name
        await self.hub.announce(table)  # every state names him now
        await self.tell(table)

    async def save_settings(self, table: LiveTable) -> None:
        await asyncio.to_thread(self.hub.store.save_settings, table.id, settings_of(table))

    # -- the clock -----------------------------------------------------------

    async def changed(self, table: LiveTable) -> None:
        """After every change of the table: a connected person whose clock stand-in has
        moved gets his seat back, the clock is set for the new turn, and all are told."""
        life = life_of(table)
        here = self.connected_seats(table)
        for seat, at in list(life.stood_at.items()):
            if seat in here and table.applied > at:
                await self.returned(table, seat, tell=False)
        self.rearm(table)
        await self.tell(table)

    def rearm(self, table: LiveTable) -> None:
        """Run the clock for a person's turn (clock set, nobody playing for him), else stop it."""
        life = life_of(table)
        seat = table.state.to_act
        limit = settings_of(table)["clock"] * self.hub.settings.clock_scale
        runs = (
            limit > 0
            and seat is not None
            and table.stored.seats[seat].kind == "human"
            and seat not in life.stand_ins
            # Someone is there to wait for him (another seat, a spectator): a table
            # nobody has open does not play itself out.
            and self._watched_by_other_than(table, seat)
        )
        turn = (table.applied, seat) if runs and seat is not None else None
        if turn == life.turn and (turn is None or life.timer is not None):
            return
        if life.timer is not None:
            life.timer.cancel()
            life.timer = None
        life.turn = turn
        life.deadline = None
        if turn is not None:
            life.deadline = self.now() + limit
            life.timer = asyncio.get_running_loop().create_task(self._expire(table, turn, limit))

    async def _expire(self, table: LiveTable, turn: tuple[int, int], wait: float) -> None:
        """The clock ran out on ``turn``: a stand-in of the table's level takes the seat."""
        await asyncio.sleep(wait)
        life = table.life
        if life.turn != turn or (table.applied, table.state.to_act) != turn:
            return
        life.timer = None
        seat = turn[1]
        level = settings_of(table)["stand_in"]
        life.stand_ins[seat] = level
        life.stood_at[seat] = table.applied
        life.turn = None
        life.deadline = None
        log.info("table %s: seat %s ran out of time; a stand-in (%s) plays", table.id, seat, level)
        await self.tell(table)
        self.hub.wake_bots(table)

    async def close(self, table: LiveTable) -> None:
        timer = table.life.timer
        if timer is not None:
            timer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await timer
