"""A seat's life over HTTP: the host's computer, the name a person chooses, who is here.

* ``POST /api/tables/{table_id}/seats/{seat}/computer`` — body ``SeatComputer``
  ``{"token", "level"}``: the host (``token`` is his seat's) puts a computer of
  ``level`` in a person's seat whose person is not here (empty or away); it
  plays until that person comes (``server.life``). ``403`` for a token not the
  host's, ``409`` for a seat whose person is connected, a computer's seat or a
  finished match, ``400`` for a level the game has not.
* ``POST /api/tables/{table_id}/seats/{seat}/name`` — body ``SeatName``
  ``{"token", "name"}``: the seat's person chooses his name, cleaned
  (``security.clean_name``: no control or bidi characters, whitespace collapsed,
  40 characters at most; nothing left is "Player N"); everyone is told.
  ``403`` for a token not this seat's, ``429`` past ``life.RENAMES_PER_MINUTE``.
* ``GET /api/tables/{table_id}/life`` — the ``life`` message, as the sockets get it.

A seat is its number; anything else, or a seat the table has not, is ``404``.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from tricktaker.bots.registry import levels
from tricktaker.server.messages import web_words
from tricktaker.server.routes.bodies import SeatComputer, SeatName
from tricktaker.server.routes.context import HubOf, TableInPath
from tricktaker.server.routes.reading import MessageRoute, bad
from tricktaker.server.routes.seating import seat_of
from tricktaker.server.security import clean_name
from tricktaker.server.tables import LiveTable

router = APIRouter(prefix="/api/tables", route_class=MessageRoute)


def seat_in_path(table: LiveTable, text: str) -> int:
    """The seat a path names: HTTP 404 for what is no seat of this table."""
    if not (text.isascii() and text.isdigit() and len(text) < 4):
        raise bad("no such seat", 404)
    seat = int(text)
    if seat >= len(table.stored.seats):
        raise bad("no such seat", 404)
    return seat


@router.post("/{table_id}/seats/{seat}/computer")
async def computer(table: TableInPath, hub: HubOf, seat: str, body: SeatComputer) -> Any:
    at = seat_in_path(table, seat)
    host = hub.life.life_json(table)["host"]
    if host is None or seat_of(table, body.token) != host:
        raise bad("only the host (the seat that made the table) puts a computer in a seat", 403)
    if table.stored.finished:
        raise bad("the match is over", 409)
    if table.stored.seats[at].kind != "human":
        raise bad("a computer plays that seat already", 409)
    if hub.life.presence(table, at) == "connected":
        raise bad("that seat's player is here", 409)
    if body.level not in levels(table.stored.game):
        known = ", ".join(levels(table.stored.game))
        raise bad(f"no computer level {body.level[:20]!r}; levels: {known}")
    await hub.life.fill(table, at, body.level)
    return hub.life.life_json(table)


@router.post("/{table_id}/seats/{seat}/name")
async def name(table: TableInPath, hub: HubOf, seat: str, body: SeatName) -> Any:
    at = seat_in_path(table, seat)
    if seat_of(table, body.token) != at:
        raise bad("this is not your seat's token", 403)
    if not hub.life.renames.allow(f"{table.id}/{at}"):
        raise bad("too many names at once; wait a minute", 429)
    _ = web_words("en")
    default = table.stored.names[at] if at not in table.stored.chosen_names else ""
    chosen = clean_name(body.name, default or _("Player {n}").format(n=at + 1))
    await hub.life.rename(table, at, chosen)
    return hub.life.life_json(table)


@router.get("/{table_id}/life")
async def life(table: TableInPath, hub: HubOf) -> Any:
    return hub.life.life_json(table)
