"""Records: a saved match resumed at a new table, a table's record, a record replayed.

* ``POST /api/records`` — body ``RecordUpload``: ``{"record": <a saved
  record>, "seats": [...], "lang"}``; ``201`` as ``POST /api/tables``. Without
  seats, a person at seat 0 and the computers elsewhere. Rate-limited with
  ``POST /api/tables``; body at most ``Settings.max_upload_bytes``.
* ``POST /api/records`` makes a table of origin ``record``: its uploader chose
  the seed and the deals, and everyone seated is told so (``table_json``).
* ``GET /api/tables/{table_id}/record`` — the record as a download, once the
  match is over (``409`` before): the same for every seat and spectator,
  ``State.shown_record``: the full record, with the seed revealed, where the
  rules have shown every card by the end (Tetka), else the public record
  marked ``"partial": true`` (Le Truc, Truco, Preferans: cards face down,
  unplayed, set aside or discarded stay hidden for good). A table whose seed
  the server made carries its ``seed_hash``. Rate-limited per address
  (``Settings.downloads_per_minute``).
* ``GET /api/tables/{table_id}/replay?token=&lang=`` — once the match is over
  (``409`` before), the table's own match step by step as the token's seat saw
  it (no token: the public), as ``POST /api/replay`` answers, with ``seat``:
  what "Watch the replay" shows where the shown record is partial. Shares the
  replays' limit and their one-at-a-time.
* ``POST /api/replay`` — body ``ReplayRequest``: ``{"record", "seat": <n> |
  null, "lang"}``; every step of the record as that seat (null: the public)
  saw it (``server.replay``). Rate-limited per address
  (``Settings.replays_per_minute``), one replay at a time (``429`` while
  another runs), at most ``MAX_REPLAY_ACTIONS`` actions; body at most
  ``Settings.max_upload_bytes``.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from tricktaker.core import IllegalAction, RecordError, get_game
from tricktaker.core.errors import OptionError
from tricktaker.core.records import parse_record, state_from_record
from tricktaker.server.messages import web_words
from tricktaker.server.names import names_in
from tricktaker.server.replay import MAX_REPLAY_ACTIONS, replay_frames
from tricktaker.server.routes.bodies import RecordUpload, ReplayRequest, lang_or_english
from tricktaker.server.routes.context import (
    ContextOf,
    HubOf,
    TableInPath,
    allow_creation,
    allow_download,
    allow_replay,
    client_lang,
)
from tricktaker.server.routes.reading import UploadRoute, bad
from tricktaker.server.routes.seating import (
    created_json,
    default_seats,
    seat_names,
    seat_of,
    seat_specs,
)
from tricktaker.server.security import clean_name, new_table_id
from tricktaker.server.store import StoredTable
from tricktaker.server.tables import build_state
from tricktaker.server.undo import effective

router = APIRouter(prefix="/api", route_class=UploadRoute)

#: What a record may fail by when it is read and its actions applied.
NOT_A_MATCH = (RecordError, IllegalAction, OptionError)


@router.post("/records", status_code=201, dependencies=[Depends(allow_creation)])
async def resume(body: RecordUpload, hub: HubOf) -> JSONResponse:
    try:
        record = parse_record(body.record)
        state = await asyncio.to_thread(state_from_record, record)
    except NOT_A_MATCH as exc:
        raise bad(f"the record cannot be resumed: {exc}") from None
    players = state.players
    seats, tokens = seat_specs(
        body.seats or default_seats(record.game, players), record.game, players
    )
    stored = StoredTable(
        id=new_table_id(),
        game=record.game,
        options=dict(record.options),
        seed=record.seed,
        dealer=record.dealer,
        start=record.start.to_json(),
        deals=list(record.deals),
        names=seat_names(record.names, seats, body.lang),
        seats=seats,
        actions=list(record.actions),
        origin="record",
    )
    table = await hub.create(stored)
    return JSONResponse(created_json(table, tokens), status_code=201)


@router.get("/tables/{table_id}/record", dependencies=[Depends(allow_download)])
async def download(request: Request, table: TableInPath) -> JSONResponse:
    if table.state.to_act is not None:
        _ = web_words(client_lang(request))
        raise bad(_("The match is not over: its record is shown at its end."), 409)
    return JSONResponse(
        table.shown_record(),
        headers={"Content-Disposition": f'attachment; filename="{table.id}.json"'},
    )


@router.get("/tables/{table_id}/replay", dependencies=[Depends(allow_replay)])
async def replay_table(
    request: Request, table: TableInPath, context: ContextOf, token: str = "", lang: str = "en"
) -> dict[str, Any]:
    """A finished table's match, step by step, as the token's seat saw it (without a
    seat's token: as the public saw it). Where the shown record is partial it cannot be
    replayed from a file; this replays the table's own match instead, and every frame is
    built from that one observer's view and events, so it shows nothing he did not see
    at the table."""
    _ = web_words(client_lang(request))
    if table.state.to_act is not None:
        raise bad(_("The match is not over: its record is shown at its end."), 409)
    if context.replaying.locked():
        raise bad("the server is busy replaying another record; try again soon", 429)
    seat = seat_of(table, token)
    stored = table.stored
    if len(stored.actions) > MAX_REPLAY_ACTIONS:
        raise bad(f"more than {MAX_REPLAY_ACTIONS} actions to replay", 413)
    async with context.replaying:
        begun = replace(stored, actions=[])
        game, state = await asyncio.to_thread(build_state, begun)
        frames = await asyncio.to_thread(
            replay_frames,
            game,
            state,
            effective(stored.actions).actions,
            seat,
            lang_or_english(lang),
            names_in(stored, lang_or_english(lang)),
            stored.options,
        )
    return {**frames, "seat": seat}


@router.post("/replay", dependencies=[Depends(allow_replay)])
async def replay(body: ReplayRequest, context: ContextOf) -> dict[str, Any]:
    try:
        record = parse_record(body.record)
        actions = list(record.actions)
        if len(actions) > MAX_REPLAY_ACTIONS:
            raise RecordError(f"more than {MAX_REPLAY_ACTIONS} actions to replay")
        record.actions = []
        state = state_from_record(record)
    except NOT_A_MATCH as exc:
        raise bad(f"the record cannot be replayed: {exc}") from None
    players = state.players
    if body.seat is not None and not 0 <= body.seat < players:
        raise bad(f"seat must be 0 to {players - 1}, or null for the public")
    given = (list(record.names) + [""] * players)[:players]
    names = [clean_name(name, default=f"{i + 1}") for i, name in enumerate(given)]
    if context.replaying.locked():
        raise bad("the server is busy replaying another record; try again soon", 429)
    async with context.replaying:
        game = get_game(record.game)
        return await asyncio.to_thread(
            replay_frames, game, state, actions, body.seat, body.lang, names, record.options
        )
