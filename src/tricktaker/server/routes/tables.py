"""Tables: a new one, and what anyone may know of one.

* ``POST /api/tables`` — body ``TableRequest``: ``{"game", "options", "seats":
  [{"kind": "human"} | {"kind": "bot", "level": "rules"}], "names", "lang", "clock",
  "stand_in", "speed"}`` (the turn clock, 0, 30, 60 or 120 s, its stand-ins' level,
  and its computers' pace, instant, normal or slow: ``server.life``);
  ``201`` with the table id and a secret token per person's seat, each with its
  link ``/t/<id>?token=<token>``, and the spectators' link. Rate-limited per
  address (``Settings.tables_per_minute``, shared with ``POST /api/records``);
  body at most ``4 × Settings.max_message_bytes``.
* ``GET /api/tables/{table_id}`` — game, options, names, who sits where (no
  token), whether the match is over, how many actions are applied, where its deals
  come from (``origin``) and the hash of the server's seed (``seed_hash``).
  Rate-limited per address with the record downloads
  (``Settings.downloads_per_minute``): an unloaded table is replayed to answer.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from tricktaker.bots.registry import levels
from tricktaker.core import get_game
from tricktaker.core.errors import OptionError
from tricktaker.core.fairness import new_seed
from tricktaker.server.life import new_settings, stand_in_level
from tricktaker.server.routes.bodies import TableRequest
from tricktaker.server.routes.context import HubOf, TableInPath, allow_creation, allow_download
from tricktaker.server.routes.reading import MessageRoute, bad
from tricktaker.server.routes.seating import created_json, seat_names, seat_specs, table_json
from tricktaker.server.security import new_table_id
from tricktaker.server.store import StoredTable

router = APIRouter(prefix="/api/tables", route_class=MessageRoute)


@router.post("", status_code=201, dependencies=[Depends(allow_creation)])
async def create(body: TableRequest, hub: HubOf) -> JSONResponse:
    game = get_game(body.game)
    try:
        options = game.options(body.options)
    except OptionError as exc:
        raise bad(str(exc)) from None
    players = game.new_match(options, seed=0).players
    seats, tokens = seat_specs(body.seats, body.game, players)
    stand_in = stand_in_level(body.game, body.stand_in)
    if stand_in is None:
        raise bad(
            f"no computer level {str(body.stand_in)[:20]!r} to stand in; levels: "
            + ", ".join(levels(body.game))
        )
    stored = StoredTable(
        id=new_table_id(),
        game=body.game,
        options=options.to_json(),
        seed=new_seed(),
        dealer=0,
        start={},
        deals=[],
        names=seat_names(body.names, seats, body.lang),
        seats=seats,
        settings=new_settings([s.kind for s in seats], body.clock, stand_in, body.speed),
    )
    table = await hub.create(stored)
    return JSONResponse(created_json(table, tokens), status_code=201)


@router.get("/{table_id}", dependencies=[Depends(allow_download)])
async def info(table: TableInPath) -> dict[str, Any]:
    return table_json(table)
