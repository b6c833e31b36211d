"""The table's WebSocket: ``/ws/{table_id}?token=&since=&lang=``.

A seat connects with its token, a spectator without one. A table id not of
the table-id shape, or no such table, and a token that is none of this
table's seats are accepted and then closed with ``4403`` and the reason (a
refused handshake would reach the page as a bare 403). More than
``Settings.sockets_per_address`` sockets from one address, or more than
``Settings.connects_per_minute`` opened: closed ``1008``.

The server sends ``{"type": "hello", "seat", "table", "life"}`` (``table`` as ``GET
/api/tables/{id}``, ``life`` as the ``life`` message), then a ``state`` message
(``server.messages``, plus ``next_event`` and ``applied``) after every change, with the events from
``since`` on, and ``{"type": "life", ...}`` (``server.life``: each seat's presence and
stand-in, the turn clock) whenever that changes. The client sends:

* ``{"type": "act", "action": "0:play 7h"}`` — answered ``{"type": "ack",
  "action"}`` after the state it brought, or ``{"type": "error", "message"}``
  (with ``action`` when the rules refused it): a spectator, an action that
  is not text, another seat's or an illegal action, a move the database could
  not save;
* ``{"type": "lang", "lang": "ru"}`` — every event again, and the rules, in it;
* ``{"type": "ping"}`` — answered ``{"type": "pong"}``;
* ``{"type": "hint"}`` — answered ``{"type": "hint", "seat", "level", "action", "label",
  "why", "options", "applied"}``: what the computer would play for this seat now, and
  why (``server.hints``: thought out off the event loop, sent to this socket only and
  recorded nowhere), or ``error`` for a spectator or a seat not to act;
* ``{"type": "undo"}`` — the person at a solo table takes back his own last decision
  and the computers' moves after it (``server.undo``): every socket of the table is
  sent ``{"type": "reset"}`` and then a ``state`` frame from event 0 (``undo`` in each
  frame says whether this socket's seat may undo now); refused with ``error`` for a
  spectator, at a table with more than one person, with nothing of his in the deal
  under way, once the match is over;
* ``{"type": "claim"}`` — the seat to act claims the rest of the tricks (a game with
  claims, where the claim is sure: ``server.claims``); ``{"type": "claim_answer",
  "accept": true|false}`` — a person asked accepts it or plays on. Each frame's
  ``claim`` says what there is: ``{"tricks": n, "pending": null | {"seat", "waiting",
  "answer", "tricks"}}`` (``claiming.claim_frame``), or null; refused with ``error``;
* ``{"type": "history", "before": n}`` — answered ``{"type": "history", "events"}``:
  the events numbered below ``n`` (and below the client's own number), for a page
  that resumed from its number and wants the lines before it; once a connection
  (again: answered ``error``).

Anything else (not JSON, a binary frame, another type) is answered
``error``; a message over ``Settings.max_message_bytes`` closes the socket
``1009``. Every message a client sends (a spectator's too: a ping, a language,
junk) counts against two budgets: its connection's (``Settings.actions_per_second``,
``action_burst`` at once) and its table's, shared by all the table's sockets
(``table_messages_per_second``, ``table_message_burst``). Past either, a message is
answered "slow down" and not read; ``refusals_before_close`` refused in a row close
the socket ``1008``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from weakref import WeakKeyDictionary

from fastapi import APIRouter, HTTPException, WebSocket, WebSocketDisconnect

from tricktaker.core import IllegalAction, RecordError
from tricktaker.core.records import decode_json
from tricktaker.server import claiming
from tricktaker.server.config import Settings
from tricktaker.server.connection import CLOSE_FORBIDDEN, CLOSE_POLICY, CLOSE_TOO_BIG, Connection
from tricktaker.server.hints import hint_message
from tricktaker.server.messages import web_words
from tricktaker.server.routes.bodies import lang_or_english
from tricktaker.server.routes.context import address_of, context_of, find_table, hub_of
from tricktaker.server.routes.seating import seat_of, table_json
from tricktaker.server.security import TokenBucket
from tricktaker.server.store import StoreError
from tricktaker.server.tables import Hub, LiveTable, Refused

log = logging.getLogger("tricktaker.server")

router = APIRouter()

#: Each live table's budget of messages from all its sockets (gone with the table).
_table_budgets: WeakKeyDictionary[LiveTable, TokenBucket] = WeakKeyDictionary()


def table_budget(table: LiveTable, settings: Settings) -> TokenBucket:
    """The bucket every socket of ``table`` draws from, whatever the socket's own pace."""
    bucket = _table_budgets.get(table)
    if bucket is None:
        bucket = _table_budgets[table] = TokenBucket(
            settings.table_messages_per_second, settings.table_message_burst
        )
    return bucket


def since_of(text: str | None) -> int:
    """The event to resume from: a small whole number, else 0 (everything)."""
    return int(text) if text and text.isascii() and text.isdigit() and len(text) < 9 else 0


@router.websocket("/ws/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    hub = hub_of(websocket)
    context = context_of(websocket)
    settings = context.settings
    params = websocket.query_params
    if not context.connects.allow(address_of(websocket)):  # each may load a stored match
        await websocket.accept()
        await websocket.close(code=CLOSE_POLICY, reason="too many connections; wait a minute")
        return
    try:
        table = await find_table(hub, table_id)
    except HTTPException as exc:
        # Accepted, then closed: so the page can read why (a refused handshake is a bare 403).
        await websocket.accept()
        await websocket.close(code=CLOSE_FORBIDDEN, reason=str(exc.detail)[:100])
        return
    token = params.get("token")
    seat = seat_of(table, token)
    if token and seat is None:
        await websocket.accept()
        await websocket.close(code=CLOSE_FORBIDDEN, reason="this link's seat token is not valid")
        return
    await websocket.accept()
    address = address_of(websocket)
    if not context.sockets.enter(address):
        await websocket.close(code=CLOSE_POLICY, reason="too many connections")
        return
    conn = Connection(
        websocket, table, seat, lang_or_english(params.get("lang")), since_of(params.get("since"))
    )
    bucket = TokenBucket(settings.actions_per_second, settings.action_burst)
    refused = 0  # messages refused in a row
    try:
        await hub.life.connect(table, conn, seat, conn.send)  # presence (server.life)
        table.listeners.add(conn.update)  # then nothing awaits before the hello
        hello = {"type": "hello", "seat": seat, "table": table_json(table)}
        await conn.send({**hello, "life": hub.life.life_json(table)})
        await conn.update(table)
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(received.get("code", 1000))
            # A binary frame is no message of ours: answered as one not understood.
            text = received.get("text")
            data = text.encode("utf-8") if text is not None else received.get("bytes") or b""
            if len(data) > settings.max_message_bytes:
                await websocket.close(code=CLOSE_TOO_BIG, reason="message too large")
                return
            # The connection's budget first: a socket past its own pace spends nothing of
            # the table's, so one flooder cannot use up the others' share.
            if not (bucket.allow() and table_budget(table, settings).allow()):
                refused += 1
                if refused >= settings.refusals_before_close:
                    await websocket.close(code=CLOSE_POLICY, reason="too many messages")
                    return
                _ = web_words(conn.lang)
                await conn.send(
                    {"type": "error", "message": _("Too many actions at once: slow down.")}
                )
                continue
            refused = 0
            await _handle(hub, conn, text or "")
    except WebSocketDisconnect:
        pass
    finally:
        hub.leave(table, conn.update)
        context.sockets.leave(address)
        hub.life.disconnect(table, conn)


async def _handle(hub: Hub, conn: Connection, text: str) -> None:
    """Answer one message from the client (see the module's docstring)."""
    _ = web_words(conn.lang)
    try:
        message = decode_json(text)
    except RecordError:
        message = None
    if not isinstance(message, Mapping):
        message = {}
    kind = message.get("type")
    if kind == "ping":
        await conn.send({"type": "pong"})
        return
    if kind == "lang":
        conn.lang = lang_or_english(message.get("lang"))
        await conn.update(conn.table, again=True)  # every line again, in the new language
        return
    if kind == "history":
        before = message.get("before")
        valid = isinstance(before, int) and not isinstance(before, bool) and before >= 0
        if not (valid and await conn.history(conn.table, int(before or 0))):
            not_understood = _("Not a message this table understands.")
            await conn.send({"type": "error", "message": not_understood})
        return
    if kind == "hint":
        await conn.send(await hint_message(hub, conn.table, conn.seat, conn.lang))
        return
    if kind == "undo":
        await _undo(hub, conn)
        return
    if kind in ("claim", "claim_answer"):
        await _claim(hub, conn, kind, message.get("accept"))
        return
    if kind != "act":
        await conn.send({"type": "error", "message": _("Not a message this table understands.")})
        return
    action = message.get("action")
    if conn.seat is None:
        await conn.send({"type": "error", "message": _("Spectators cannot act.")})
        return
    if not isinstance(action, str):
        await conn.send({"type": "error", "message": _("Which action? Send its notation.")})
        return
    try:
        await hub.act(conn.table, conn.seat, action)
    except StoreError:
        log.error("table %s: an action could not be saved", conn.table.id)
        await conn.send({"type": "error", "message": _("The move could not be saved: try again.")})
        return
    except IllegalAction as exc:
        await conn.send({"type": "error", "action": action[:200], "message": str(exc)})
        return
    await conn.send({"type": "ack", "action": action[:200]})


async def _claim(hub: Hub, conn: Connection, kind: str, accept: object) -> None:
    """A claim of the rest of the tricks, or an answer to one (``server.claims``)."""
    _ = web_words(conn.lang)
    if kind == "claim_answer" and not isinstance(accept, bool):
        await conn.send({"type": "error", "message": _("Not a message this table understands.")})
        return
    why = {
        "turn": _("You may claim only on your own turn."),
        "unsure": _("Not every trick left is surely yours: play on."),
        "waiting": _("A claim is waiting for the other players' answers."),
        "none": _("There is no claim to answer."),
        "asked": _("You are not asked about this claim."),
    }

    def work(seat: int) -> Awaitable[None]:
        if kind == "claim":
            return claiming.claim(hub, conn.table, seat)
        return claiming.answer(hub, conn.table, seat, bool(accept))

    await _refusable(conn, kind, work, why)


async def _undo(hub: Hub, conn: Connection) -> None:
    """A person at a solo table takes back his last decision (``server.undo``)."""
    _ = web_words(conn.lang)
    why = {
        "solo": _("Only the one person at a table of computers can take a move back."),
        "over": _("The match is over: nothing can be taken back."),
        "nothing": _("You have no move to take back in this deal."),
    }
    await _refusable(conn, "undo", lambda seat: hub.undo(conn.table, seat), why)


async def _refusable(
    conn: Connection,
    what: str,
    work: Callable[[int], Awaitable[None]],
    why: Mapping[str, str],
) -> None:
    """Do a seat's request that the rulings may refuse (an undo, a claim): ``ack`` once
    done, or ``error`` in the player's words (``why``, by the refusal's reason)."""
    _ = web_words(conn.lang)
    if conn.seat is None:
        await conn.send({"type": "error", "message": _("Spectators cannot act.")})
        return
    try:
        await work(conn.seat)
    except Refused as exc:
        await conn.send({"type": "error", "message": why.get(exc.reason, exc.reason)})
        return
    except StoreError:
        log.error("table %s: a request (%s) could not be saved", conn.table.id, what)
        await conn.send({"type": "error", "message": _("The move could not be saved: try again.")})
        return
    except IllegalAction as exc:
        await conn.send({"type": "error", "message": str(exc)})
        return
    await conn.send({"type": "ack", "action": what})
