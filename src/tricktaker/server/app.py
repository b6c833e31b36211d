"""The web app's factory: the routers, the static front end, the hub of live tables.

Routes live in ``server.routes``, one router per concern:

* ``routes.lobby`` — ``GET /api/games``, ``GET /api/i18n/{lang}``;
* ``routes.tables`` — ``POST /api/tables``, ``GET /api/tables/{table_id}``;
* ``routes.records`` — ``POST /api/records``, ``GET
  /api/tables/{table_id}/record``, ``GET /api/tables/{table_id}/replay``,
  ``POST /api/replay``;
* ``routes.table_socket`` — the WebSocket ``/ws/{table_id}``;
* ``routes.seats`` — a seat's life: ``POST /api/tables/{table_id}/seats/{seat}/computer``
  and ``.../name``, ``GET /api/tables/{table_id}/life``;
* ``routes.mine`` — ``POST /api/mine``: a browser's own tables (by their seat
  tokens), each with its result, and statistics per game and level;
* ``routes.pages`` — ``/``, ``/t/{table_id}``, ``/replay``; ``/static/`` is
  mounted here.

Each JSON body is a pydantic model (``routes.bodies``), read with a size
bound and the hardened decoder (``routes.reading``); every refusal is
``{"detail": "<message>"}`` with ``400`` (a bad body), ``404`` (no such
table, a language the app does not speak), ``409`` (a record asked for before
the match is over), ``410`` (a table that expired, idle too long), ``413`` (too
large), ``429`` (too many from one address, in the client's language) or ``500``
(a stored table that cannot be replayed).

Around every request (``server.middleware``): the client's address as a
trusted proxy forwarded it (``--forwarded-allow-ips``; from anyone else the
headers are ignored), and the security headers on every answer
(Content-Security-Policy, X-Frame-Options, nosniff, no referrer).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles

from tricktaker.server.bus import make_bus
from tricktaker.server.config import Settings
from tricktaker.server.heap import settle_heap
from tricktaker.server.middleware import ForwardedFor, SecurityHeaders
from tricktaker.server.routes import lobby, mine, pages, records, seats, table_socket, tables
from tricktaker.server.routes.context import ServerContext
from tricktaker.server.routes.pages import STATIC
from tricktaker.server.routes.reading import refused
from tricktaker.server.security import TrustedProxies
from tricktaker.server.store import Store
from tricktaker.server.tables import Hub
from tricktaker.server.upkeep import Upkeep


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app for ``settings`` (from the environment where none are given); its
    database and bus are opened when it starts, and its upkeep started: tables load on
    first use, the upkeep wakes the computers of the others (``server.upkeep``)."""
    settings = settings or Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, settings.database_url)
        bus = make_bus(settings.redis_url)
        await bus.start()
        hub = Hub(store, settings, bus)
        app.state.hub = hub
        upkeep = Upkeep(hub, settings)
        app.state.upkeep = upkeep
        upkeeping = asyncio.get_running_loop().create_task(upkeep.run())
        yield
        upkeeping.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await upkeeping
        await hub.close()
        await bus.close()
        store.close()

    app = FastAPI(title="tricktaker", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.context = ServerContext.of(settings)
    app.add_exception_handler(RequestValidationError, refused)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    for module in (pages, lobby, tables, records, table_socket, seats, mine):
        app.include_router(module.router)
    # Outermost last: the client's address is settled before anything reads it, and the
    # security headers reach every answer (``server.middleware``).
    app.add_middleware(ForwardedFor, trusted=TrustedProxies.parse(settings.forwarded_allow_ips))
    app.add_middleware(SecurityHeaders)
    return app


def app_from_environment() -> FastAPI:
    """The app of a worker process that ``serve --workers`` started (uvicorn's factory):
    its settings come from the environment (``Settings.from_env``)."""
    app = create_app(Settings.from_env())
    settle_heap()
    return app
