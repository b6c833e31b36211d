"""News between server processes: a table moved, expired, someone came or went; and leases.

Several ``tricktaker serve`` processes may hold the same table live, each with
its own listeners. The database says what happened (``server.store``); the bus
only says *that* something happened, so that each process reads it and tells
its own listeners: a message is ``{table, kind, payload}`` and is delivered to
every process, the sender included, so a handler is written once for every
process (and must be idempotent: a table at version 12 told "version 12"
does nothing). Messages may be lost (Redis restarting): the database stays
the truth, a writer that missed news learns it from ``StaleTable``, and
after the bus reconnects every live table is read again (``on_reconnect``).

A **lease** is a name one process holds for a while (``claim`` takes or renews
it, ``release`` lets it go): the process that holds ``bots:<table>`` is the
only one that drives that table's computers. A holder that dies stops
renewing; its lease lapses after its time, and another process takes over.

Two implementations with one interface:

* ``LocalBus`` — one process, no service: messages go to this process's
  handlers, every lease is granted here. The zero-configuration default.
* ``RedisBus`` — Redis pub/sub on one channel (``<prefix>bus``), leases as
  ``SET key owner NX PX ttl`` renewed and released by the owner only (a small
  Lua script each, so a lease that lapsed and was taken is never renewed or
  dropped by its old owner).

Nothing here names a card: payloads are versions, seats and states of presence.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("tricktaker.server")

#: A table's news: new actions were written (payload ``{"version": n}``).
TABLE_ACTIONS = "actions"
#: A table expired (no payload): every process drops it.
TABLE_EXPIRED = "expired"


@dataclass(frozen=True, slots=True)
class Message:
    """One piece of news about a table: its kind, its payload, the process that sent it."""

    table: str
    kind: str
    payload: dict[str, Any]
    origin: str

    def to_json(self) -> str:
        return json.dumps(
            {"table": self.table, "kind": self.kind, "payload": self.payload, "origin": self.origin}
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Message | None:
        """The message, or None for one not ours (the channel is shared with anyone)."""
        try:
            data = json.loads(text)
        except ValueError:
            return None
        if not isinstance(data, dict):
            return None
        table, kind, payload, origin = (data.get(k) for k in ("table", "kind", "payload", "origin"))
        if not (isinstance(table, str) and isinstance(kind, str) and isinstance(origin, str)):
            return None
        return cls(table, kind, payload if isinstance(payload, dict) else {}, origin)


Handler = Callable[[Message], Awaitable[None]]
Reconnected = Callable[[], Awaitable[None]]


@dataclass(eq=False)
class Bus:
    """The interface, and the delivery to this process's handlers that both share."""

    #: This process, as the owner of its leases and the origin of its messages.
    origin: str = field(default_factory=lambda: uuid.uuid4().hex)
    _handlers: dict[str, list[Handler]] = field(default_factory=dict)
    _reconnected: list[Reconnected] = field(default_factory=list)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    #: Whether other processes share this bus (a local one: never).
    shared = False

    def subscribe(self, kind: str, handler: Handler) -> None:
        """Call ``handler`` with every message of ``kind``, from any process."""
        self._handlers.setdefault(kind, []).append(handler)

    def on_reconnect(self, handler: Reconnected) -> None:
        """Call ``handler`` after the bus was away: messages may have been lost meanwhile."""
        self._reconnected.append(handler)

    async def start(self) -> None:
        """Begin to receive (a shared bus: once this returns, no later message is missed)."""

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()

    async def publish(self, table: str, kind: str, payload: dict[str, Any] | None = None) -> None:
        """Tell every process (this one too); never raises: news is not the truth."""
        self._deliver(Message(table, kind, dict(payload or {}), self.origin))

    async def claim(self, name: str, ttl: float) -> bool:
        """Take the lease ``name`` for ``ttl`` seconds, or renew it if this process holds
        it; False if another holds it. Where the bus cannot say (Redis away), True: two
        processes may then drive one table's computers for a while, and the database's
        compare-and-set still writes each move once, where refusing would stall them all."""
        raise NotImplementedError

    async def release(self, name: str) -> None:
        """Let the lease go, if this process still holds it."""
        raise NotImplementedError

    def _deliver(self, message: Message) -> None:
        """Each handler in a task of its own: a slow one delays no other message."""
        for handler in self._handlers.get(message.kind, ()):
            task = asyncio.get_running_loop().create_task(self._call(handler, message))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _call(handler: Handler, message: Message) -> None:
        try:
            await handler(message)
        except Exception as exc:  # one handler's bug must not stop the news
            log.error(  # its type only: a refused move's message may name a card
                "table %s: a %s message failed: %s", message.table, message.kind, type(exc).__name__
            )

    async def _tell_reconnected(self) -> None:
        for handler in self._reconnected:
            try:
                await handler()
            except Exception as exc:
                log.error("after the bus reconnected: %s", type(exc).__name__)


@dataclass(eq=False)
class LocalBus(Bus):
    """One process: its own handlers, its own leases."""

    _leases: dict[str, float] = field(default_factory=dict)

    async def claim(self, name: str, ttl: float) -> bool:
        self._leases[name] = time.monotonic() + ttl
        return True

    async def release(self, name: str) -> None:
        self._leases.pop(name, None)


#: Take the lease KEYS[1] for owner ARGV[1] and ARGV[2] ms, or renew it if he holds it.
CLAIM = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0
"""
#: Drop the lease KEYS[1] if owner ARGV[1] still holds it.
RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""
#: The longest pause between two tries to reach Redis again.
MAX_BACKOFF = 5.0


@dataclass(eq=False)
class RedisBus(Bus):
    """Redis pub/sub and leases, shared by every process given the same URL and prefix."""

    url: str = "redis://127.0.0.1:6379"
    prefix: str = "tricktaker:"
    shared = True
    _redis: Any = None
    _listening: asyncio.Task[None] | None = None
    _subscribed: asyncio.Event = field(default_factory=asyncio.Event)
    _warned_at: float = 0.0

    @property
    def channel(self) -> str:
        return self.prefix + "bus"

    async def start(self) -> None:
        """Connect and subscribe; waits up to 5 s for the subscription (then goes on
        trying in the background, saying so in the log)."""
        self._client()
        self._listening = asyncio.get_running_loop().create_task(self._listen())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._subscribed.wait(), 5)
        if not self._subscribed.is_set():
            log.error("Redis at %s does not answer: tables are not shared until it does", self.url)

    def _client(self) -> Any:
        """The Redis client, made on first use (it connects when first asked)."""
        if self._redis is None:
            import redis.asyncio as aioredis

            self._redis = aioredis.from_url(
                self.url, socket_connect_timeout=2, health_check_interval=10
            )
        return self._redis

    async def close(self) -> None:
        await super().close()
        if self._listening is not None:
            self._listening.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listening
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()

    async def _listen(self) -> None:
        """Receive for ever: after a lost connection, subscribe again and tell the
        handlers that news may have been missed."""
        backoff, first = 0.2, True
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.subscribe(self.channel)
                self._subscribed.set()
                if not first:
                    log.warning("Redis is back: every live table is read again")
                    await self._tell_reconnected()
                first, backoff = False, 0.2
                async for raw in pubsub.listen():
                    if raw.get("type") != "message":
                        continue
                    message = Message.from_json(raw["data"])
                    if message is not None:
                        self._deliver(message)
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except Exception as exc:  # the connection dropped: try again, more slowly
                self._subscribed.clear()
                self._warn(f"the Redis subscription failed ({type(exc).__name__}); retrying")
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, MAX_BACKOFF)
                first = False

    def _warn(self, text: str) -> None:
        """One line every few seconds at most while Redis is away, not one per call."""
        if time.monotonic() - self._warned_at > 10:
            self._warned_at = time.monotonic()
            log.error("%s", text)

    async def publish(self, table: str, kind: str, payload: dict[str, Any] | None = None) -> None:
        message = Message(table, kind, dict(payload or {}), self.origin)
        try:
            await self._client().publish(self.channel, message.to_json())
        except Exception as exc:  # lost news: the others learn it from the database
            self._warn(f"table {table}: news not published ({type(exc).__name__})")
            self._deliver(message)  # this process, at least, hears it

    async def claim(self, name: str, ttl: float) -> bool:
        try:
            got = await self._client().eval(
                CLAIM, 1, self.prefix + name, self.origin, max(1, int(ttl * 1000))
            )
        except Exception as exc:  # Redis away: drive anyway, the database keeps one writer
            self._warn(f"lease {name} not asked for ({type(exc).__name__}); taken anyway")
            return True
        return bool(got)

    async def release(self, name: str) -> None:
        try:
            await self._client().eval(RELEASE, 1, self.prefix + name, self.origin)
        except Exception as exc:  # it lapses by itself
            self._warn(f"lease {name} not released ({type(exc).__name__})")


def make_bus(redis_url: str | None) -> Bus:
    """A Redis bus for a URL, else the local one."""
    return RedisBus(url=redis_url) if redis_url else LocalBus()
