"""One table WebSocket's sending side: its observer, language and place in his events.

Everything sent is JSON. A ``state`` frame is built by ``server.frames`` from
the observer's view and events only, with the events from the last one this
connection sent (``next_event``), so a client that reconnects with ``since``
resumes there; the table's events and their lines are kept per observer and
language, so a frame costs what is new. A client that does not read within ``SEND_TIMEOUT``
is closed, so one stalled reader never holds up a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Mapping
from typing import Any

from fastapi import WebSocket

from tricktaker.server.claiming import claim_frame
from tricktaker.server.frames import Heard, history_frame, narrator_of, state_frame
from tricktaker.server.names import names_in
from tricktaker.server.tables import LiveTable

#: Seconds a message may take to go out before its client counts as not reading.
SEND_TIMEOUT = 5.0
#: WebSocket close codes: a token that is not this table's, or no such table; a message
#: too large; too many connections from one address, or a client that does not read.
CLOSE_FORBIDDEN, CLOSE_TOO_BIG, CLOSE_POLICY = 4403, 1009, 1008
#: Told a client before everything again from event 0: the match was rebuilt (an undo),
#: so the log, the hand and the event number it holds are no longer so.
RESET = '{"type": "reset"}'


class Connection:
    """One WebSocket: its observer (a seat, or None for a spectator), language, and
    the number of the next event it needs."""

    def __init__(
        self, websocket: WebSocket, table: LiveTable, seat: int | None, lang: str, since: int
    ) -> None:
        self.websocket = websocket
        self.table = table
        self.seat = seat
        self.lang = lang
        #: Where this client's events stand, and what else it was sent (the rules go with
        #: the first state frame).
        self.heard = Heard(next_event=since)
        self.history_sent = False  # the lines before ``since``: asked once at most
        #: The table's epoch this client was told (``LiveTable.epoch``): after an undo the
        #: client is sent ``{"type": "reset"}`` and everything again from event 0.
        self.epoch = getattr(table, "epoch", 0)  # (a test's socket may have no table)
        self._send_lock = asyncio.Lock()

    @property
    def next_event(self) -> int:
        """The number of the next event this client needs."""
        return self.heard.next_event

    async def send(self, message: Mapping[str, Any]) -> None:
        async with self._send_lock:
            await self._send_text(json.dumps(message, ensure_ascii=False))

    async def _send_text(self, text: str) -> None:
        """Send, or give up on a client that does not read: after ``SEND_TIMEOUT``
        seconds the socket is closed, so one stalled reader never holds up a table."""
        try:
            await asyncio.wait_for(self.websocket.send_text(text), SEND_TIMEOUT)
        except TimeoutError:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(
                    self.websocket.close(code=CLOSE_POLICY, reason="not reading"), 1
                )
            raise

    async def update(self, table: LiveTable, again: bool = False) -> None:
        """Send the ``state`` message; ``again``: every event again, and the rules (a new
        language)."""
        async with self._send_lock:
            if self.epoch != table.epoch:  # an undo rebuilt the match: start over
                self.epoch = getattr(table, "epoch", 0)  # (a test's socket may have no table)
                await self._send_text(RESET)
                again = True
            if again:  # under the lock, so a broadcast under way cannot undo it
                self.heard = Heard()
            text = state_frame(
                narrator_of(table, table.epoch),
                table.game,
                table.state,
                self.seat,
                self.lang,
                names_in(table.stored, self.lang),
                table.options,
                self.heard,
                {
                    "applied": table.applied,
                    "undo": table.can_undo(self.seat),
                    "claim": claim_frame(table, self.seat),
                },
                table.deal_end,
            )
            await self._send_text(text)

    async def history(self, table: LiveTable, before: int) -> bool:
        """Send the events before ``before`` (at most the client's own number): the lines
        of a page that resumed from its number. Once a connection (False after): the
        whole log is the largest message a client can ask for."""
        if self.history_sent:
            return False
        self.history_sent = True
        async with self._send_lock:
            text = history_frame(
                narrator_of(table, table.epoch),
                table.game,
                table.state,
                self.seat,
                self.lang,
                names_in(table.stored, self.lang),
                min(before, self.heard.next_event),
            )
            await self._send_text(text)
        return True
