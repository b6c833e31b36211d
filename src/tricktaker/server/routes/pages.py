"""The front end's pages: one ``index.html`` for the lobby (``/``), a table
(``/t/{table_id}``) and the replay viewer (``/replay``); the page's script reads
the path. ``/t/{table_id}`` serves the page for any id: the page asks the API
for the table (``GET /api/tables/{table_id}``), which refuses an id not of the
table-id shape, and says so to the person. The scripts and styles are mounted
under ``/static`` by the app factory.
"""

from __future__ import annotations

from importlib import resources

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = resources.files("tricktaker.web") / "static"

router = APIRouter(include_in_schema=False)


@router.get("/")
@router.get("/t/{table_id}")
@router.get("/replay")
async def index(table_id: str = "") -> FileResponse:
    return FileResponse(str(STATIC / "index.html"), media_type="text/html")
