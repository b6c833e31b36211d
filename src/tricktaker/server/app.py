"""The web app's factory: the routers, the static front end, the hub of live tables.

Routes live in ``server.routes``, one router per concern:

* ``routes.lobby`` — ``GET /api/games``, ``GET /api/i18n/{lang}``;
* ``routes.tables`` — ``POST /api/tables``, ``GET /api/tables/{table_id}``;
* ``routes.records`` — ``POST /api/records``, ``GET
  /api/tables/{table_id}/record``, ``POST /api/replay``;
* ``routes.table_socket`` — the WebSocket ``/ws/{table_id}``;
* ``routes.seats`` — a seat's life: ``POST /api/tables/{table_id}/seats/{seat}/computer``
  and ``.../name``, ``GET /api/tables/{table_id}/life``;
* ``routes.pages`` — ``/``, ``/t/{table_id}``, ``/replay``; ``/static/`` is
  mounted here.

Each JSON body is a pydantic model (``routes.bodies``), read with a size
bound and the hardened decoder (``routes.reading``); every refusal is
``{"detail": "<message>"}`` with ``400`` (a bad body), ``404`` (no such
table, a language the app does not speak), ``413`` (too large), ``429`` (too
many from one address) or ``500`` (a stored table that cannot be replayed).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles

from tricktaker.server.config import Settings
from tricktaker.server.routes import lobby, pages, records, seats, table_socket, tables
from tricktaker.server.routes.context import ServerContext
from tricktaker.server.routes.pages import STATIC
from tricktaker.server.routes.reading import refused
from tricktaker.server.store import Store
from tricktaker.server.tables import Hub


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app for ``settings`` (from the environment where none are given); its
    database is opened, and unfinished tables resumed, when it starts."""
    settings = settings or Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, settings.database_url)
        hub = Hub(store, settings)
        app.state.hub = hub
        await hub.resume_all()
        yield
        await hub.close()
        store.close()

    app = FastAPI(title="tricktaker", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.context = ServerContext.of(settings)
    app.add_exception_handler(RequestValidationError, refused)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    for module in (pages, lobby, tables, records, table_socket, seats):
        app.include_router(module.router)
    return app
