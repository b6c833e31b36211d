"""The server's upkeep: computers woken, idle tables expired, unused ones let go of.

A server starts answering at once: no table is loaded before it is used
(replaying thousands of unfinished tables took seconds before the first
answer). The upkeep runs beside the requests, one short round every
``Settings.upkeep_every`` seconds:

* **computers to act** — every live table whose computer is to act and that no
  process here drives tries for its lease (so one whose holder died is taken
  over once the lease lapses);
* **the sweep** — soon after start-up, then every ``SWEEP_EVERY`` seconds, the
  unfinished tables with a computer seat are loaded in batches of
  ``Settings.upkeep_batch``, with a pause between batches so requests go first;
  a table whose computer is to act stays live and its computers play on,
  another leaves memory again and is not loaded again until it changes;
* **expiry** — every ``EXPIRE_EVERY`` seconds, unfinished tables untouched for
  ``Settings.idle_expiry`` seconds are removed (``Store.expire``: the row
  stays, so the link says the table expired) and every process is told;
* **memory** — tables nobody here has used for ``EVICT_AFTER`` seconds leave
  memory (the database keeps them; the next use loads them again).

Every process runs its own upkeep; what they do twice is harmless (an
expired table is expired once, a lease is held by one).
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import timedelta

from tricktaker.core import IllegalAction, RecordError
from tricktaker.server.bus import TABLE_EXPIRED
from tricktaker.server.config import Settings
from tricktaker.server.store import StoreError
from tricktaker.server.tables import Hub

log = logging.getLogger("tricktaker.server")

#: Seconds between two sweeps for tables whose computers are to act.
SWEEP_EVERY = 30.0
#: Seconds between two rounds of expiry.
EXPIRE_EVERY = 60.0
#: Seconds a table nobody here uses stays in memory.
EVICT_AFTER = 600.0
#: Tables expired per statement (a long backlog goes in several).
EXPIRE_BATCH = 100
#: The pause between two batches of the sweep, so requests go first.
BATCH_PAUSE = 0.02


class Upkeep:
    """The rounds of one process's upkeep (``run`` until cancelled)."""

    def __init__(self, hub: Hub, settings: Settings) -> None:
        self.hub = hub
        self.settings = settings
        #: Tables swept whose computer was not to act, by the version then seen.
        self._checked: dict[str, int] = {}
        self._next_sweep = 0.0
        self._next_expiry = 0.0
        self._next_evict = time.monotonic() + EVICT_AFTER

    async def run(self) -> None:
        while True:
            try:
                await self.round()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database away a moment: next round
                log.error("upkeep round failed: %s", type(exc).__name__)
            await asyncio.sleep(self.settings.upkeep_every)

    async def round(self) -> None:
        self.hub.wake_waiting_bots()
        await self.hub.life.share_all()  # other processes keep hearing who is here
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + SWEEP_EVERY
            await self.sweep()
        if now >= self._next_expiry and self.settings.idle_expiry > 0:
            self._next_expiry = now + EXPIRE_EVERY
            await self.expire()
        if now >= self._next_evict:
            self._next_evict = now + EVICT_AFTER / 10
            self.hub.evict_idle(EVICT_AFTER)

    async def sweep(self) -> int:
        """Load, batch by batch, the unfinished tables with a computer seat not seen
        since they last changed; wake those whose computer is to act. How many woke."""
        hub, after, woken, looked = self.hub, "", 0, 0
        began = time.monotonic()
        while True:
            batch = await asyncio.to_thread(
                hub.store.with_computers, after, max(1, self.settings.upkeep_batch)
            )
            if not batch:
                if looked:
                    log.info(
                        "upkeep: %d tables looked at, %d with computers to act, in %.1f s",
                        looked,
                        woken,
                        time.monotonic() - began,
                    )
                return woken
            for item in batch:
                if item.id in hub.tables or self._checked.get(item.id) == item.version:
                    continue
                looked += 1
                try:
                    table = await hub.load(item.id)
                except (StoreError, RecordError, IllegalAction) as exc:
                    log.error("table %s not resumed: %s", item.id, type(exc).__name__)
                    self._checked[item.id] = item.version
                    continue
                if table is None:
                    continue
                if table.computer_to_act() is not None:
                    hub.wake_bots(table)
                    woken += 1
                else:
                    self._checked[item.id] = item.version
                    hub.unload(table)
            after = batch[-1].id
            await asyncio.sleep(BATCH_PAUSE)

    async def expire(self) -> list[str]:
        """Expire the tables idle past ``Settings.idle_expiry``; tell every process."""
        idle = timedelta(seconds=self.settings.idle_expiry)
        gone: list[str] = []
        while True:
            ids = await asyncio.to_thread(self.hub.store.expire, idle, EXPIRE_BATCH)
            for table_id in ids:
                self._checked.pop(table_id, None)
                await self.hub.bus.publish(table_id, TABLE_EXPIRED)
            gone += ids
            if len(ids) < EXPIRE_BATCH:
                if gone:
                    log.info("%d idle tables expired", len(gone))
                return gone
