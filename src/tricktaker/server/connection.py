"""One table WebSocket's sending side: its observer, language and place in his events.

Everything sent is JSON. A ``state`` message is built by ``server.messages``
from the observer's view and events only, with the events from the last one
this connection sent (``next_event``), so a client that reconnects with
``since`` resumes there. A client that does not read within ``SEND_TIMEOUT``
is closed, so one stalled reader never holds up a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Mapping
from typing import Any

from fastapi import WebSocket

from tricktaker.server.messages import state_message
from tricktaker.server.tables import LiveTable

#: Seconds a message may take to go out before its client counts as not reading.
SEND_TIMEOUT = 5.0
#: WebSocket close codes: a token that is not this table's, or no such table; a message
#: too large; too many connections from one address, or a client that does not read.
CLOSE_FORBIDDEN, CLOSE_TOO_BIG, CLOSE_POLICY = 4403, 1009, 1008


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
        self.next_event = since
        self.rules_sent = False  # the game's rules go with the first state message
        self._send_lock = asyncio.Lock()

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
            if again:  # under the lock, so a broadcast under way cannot undo it
                self.next_event = 0
                self.rules_sent = False
            message = state_message(
                table.game,
                table.state,
                self.seat,
                self.next_event,
                self.lang,
                table.stored.names,
                table.options,
                with_rules=not self.rules_sent,
            )
            self.rules_sent = True
            if message["events"]:
                self.next_event = message["events"][-1]["n"] + 1
            message["next_event"] = self.next_event
            message["applied"] = table.applied
            await self._send_text(json.dumps(message, ensure_ascii=False))
