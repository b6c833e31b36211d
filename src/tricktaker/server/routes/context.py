"""What the routes share: the app's limits, its hub, and the lookups every route makes.

``ServerContext`` is made once per app by the factory (``server.app``) and kept
in ``app.state.context``; the ``Hub`` of live tables is made when the app
starts, since it opens the database, and kept in ``app.state.hub``. Routes
reach both through the dependencies here, never through a global, so two
apps in one process (the tests) share nothing.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from tricktaker.core import RecordError, TricktakerError
from tricktaker.core.i18n import accepted_lang, language_of
from tricktaker.server.config import Settings
from tricktaker.server.messages import web_words
from tricktaker.server.routes.reading import bad
from tricktaker.server.security import KeyedLimiter, OpenCounts, is_table_id
from tricktaker.server.store import TableExpired
from tricktaker.server.tables import Hub, LiveTable

#: What a link to a table removed for idleness answers (HTTP 410; the socket's close reason).
EXPIRED_TABLE = "this table expired: nobody played at it for too long"


@dataclass
class ServerContext:
    """The settings and the per-address limits of one app."""

    settings: Settings
    #: New tables (and records resumed) per address: ``Settings.tables_per_minute``.
    creations: KeyedLimiter
    #: Replays per address: ``Settings.replays_per_minute``.
    replays: KeyedLimiter
    #: WebSockets open per address: ``Settings.sockets_per_address``.
    sockets: OpenCounts
    #: Reads that may load a stored match (a table's record, its description) per
    #: address: ``Settings.downloads_per_minute``.
    downloads: KeyedLimiter = field(default_factory=lambda: KeyedLimiter(1.0, 60))
    #: WebSockets opened per address: ``Settings.connects_per_minute``.
    connects: KeyedLimiter = field(default_factory=lambda: KeyedLimiter(2.0, 120))
    #: One replay at a time: each is seconds of work in a worker thread, and the
    #: database writes of every table wait for a free one.
    replaying: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(1))

    @classmethod
    def of(cls, settings: Settings) -> ServerContext:
        per_minute = settings.tables_per_minute, settings.replays_per_minute
        return cls(
            settings=settings,
            creations=KeyedLimiter(per_minute[0] / 60, per_minute[0]),
            replays=KeyedLimiter(per_minute[1] / 60, per_minute[1]),
            sockets=OpenCounts(settings.sockets_per_address),
            downloads=KeyedLimiter(
                settings.downloads_per_minute / 60, settings.downloads_per_minute
            ),
            connects=KeyedLimiter(settings.connects_per_minute / 60, settings.connects_per_minute),
        )


def context_of(conn: HTTPConnection) -> ServerContext:
    context: ServerContext = conn.app.state.context
    return context


def hub_of(conn: HTTPConnection) -> Hub:
    hub: Hub = conn.app.state.hub
    return hub


def address_of(conn: HTTPConnection) -> str:
    """The client's address, the key of its limits ("?" where the server is not told).

    It is the peer's own address, or the one a proxy of ``--forwarded-allow-ips``
    forwarded (``server.middleware.ForwardedFor`` sets it): a header from anyone else
    never changes it, so a client cannot make himself a new address per request."""
    return conn.client.host if conn.client else "?"


def client_lang(conn: HTTPConnection) -> str:
    """The language to refuse a request in: ``?lang=`` (``pt`` or ``pt-BR``), else the
    one the client's ``Accept-Language`` prefers among those the app speaks, by its
    q-values (``core.i18n.accepted_lang``; the page sends the browser's), else English."""
    asked = language_of(conn.query_params.get("lang"))
    if asked is not None:
        return asked
    return accepted_lang(conn.headers.get("accept-language")) or "en"


async def find_table(hub: Hub, table_id: str) -> LiveTable:
    """The live table of that id: HTTP 404 for an id of the wrong shape (``TABLE_ID``) or
    no such table, 410 for one that expired (idle too long), 500 for one whose stored
    match cannot be replayed."""
    if not is_table_id(table_id):
        raise bad("no such table", 404)
    try:
        table = await hub.get(table_id)
    except TableExpired:
        raise bad(EXPIRED_TABLE, 410) from None
    except (RecordError, TricktakerError) as exc:
        raise bad(f"the table cannot be loaded: {exc}", 500) from None
    if table is None:
        raise bad("no such table", 404)
    return table


async def table_in_path(request: Request, table_id: str) -> LiveTable:
    """The table a route's ``{table_id}`` names (``find_table``)."""
    return await find_table(hub_of(request), table_id)


def allow_creation(request: Request) -> None:
    """HTTP 429 once this address has opened its tables for the minute."""
    if not context_of(request).creations.allow(address_of(request)):
        _ = web_words(client_lang(request))
        raise bad(_("Too many new tables from this address: wait a minute."), 429)


def allow_replay(request: Request) -> None:
    """HTTP 429 once this address has had its replays for the minute."""
    if not context_of(request).replays.allow(address_of(request)):
        _ = web_words(client_lang(request))
        raise bad(_("Too many replays from this address: wait a minute."), 429)


def allow_download(request: Request) -> None:
    """HTTP 429 once this address has read its tables and records for the minute: each
    may load a stored match from the database and replay it."""
    if not context_of(request).downloads.allow(address_of(request)):
        _ = web_words(client_lang(request))
        raise bad(_("Too many requests from this address: wait a minute."), 429)


#: A route's table, looked up from its path (404 where there is none).
TableInPath = Annotated[LiveTable, Depends(table_in_path)]
#: A route's hub of live tables.
HubOf = Annotated[Hub, Depends(hub_of)]
#: A route's app context.
ContextOf = Annotated[ServerContext, Depends(context_of)]
