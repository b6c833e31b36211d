"""The web app: the lobby's HTTP API, the table's WebSocket, the static front end.

HTTP (JSON):

* ``GET /api/games?lang=`` — every registered game: options (from its
  ``option_schema``, with their names and values in the game's words where it
  has them: ``core.protocol.OptionWords``), player counts, bot levels, its
  title in that language;
* ``GET /api/i18n/{lang}`` — the front end's texts, from the Babel catalog;
* ``POST /api/tables`` — a new table: ``{"game", "options", "seats": [{"kind":
  "human"} | {"kind": "bot", "level": "rules"}], "names"}``; answers the table
  id and a secret token per human seat (its link is ``/t/<id>?token=<token>``);
* ``POST /api/records`` — a saved record uploaded to resume its match;
* ``GET /api/tables/{id}`` — who sits where, whether the match is over;
* ``GET /api/tables/{id}/record?token=`` — the record: the full one for a
  seat once the match is over, else the public one;
* ``POST /api/replay`` — every step of a record as one seat (or the public)
  saw it, for the replay viewer.

WebSocket ``/ws/{id}?token=&since=&lang=``: a seat (with its token) or a
spectator (without). The server sends ``hello``, then a ``state`` message
after every change (``server.messages``: the observer's view, his events
from the last one he saw, his legal actions in the game's words and laid out
as the game groups them, other hands he sees face up, the game's rules for
the table's options); the client
sends ``{"type": "act", "action": "0:play 7h"}`` and gets ``ack`` or a clear
``error``. A client that reconnects passes ``since`` (the number after the
last event it saw) and resumes there. Every message is bounded in size and
actions are rate-limited per connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import AsyncIterator, Mapping
from importlib import resources
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from tricktaker.bots.registry import level_name, levels
from tricktaker.core import IllegalAction, RecordError, TricktakerError, get_game
from tricktaker.core.errors import OptionError
from tricktaker.core.i18n import LANGUAGES, load_catalog, translator
from tricktaker.core.protocol import choice_label, option_label
from tricktaker.core.records import decode_json, parse_record, state_from_record
from tricktaker.core.registry import game_ids
from tricktaker.server.config import Settings
from tricktaker.server.messages import WEB_DOMAIN, WEB_PACKAGE, state_message, web_words
from tricktaker.server.security import (
    KeyedLimiter,
    TokenBucket,
    new_table_id,
    new_token,
    token_hash,
    token_matches,
)
from tricktaker.server.store import SeatSpec, Store, StoredTable, StoreError
from tricktaker.server.tables import Hub, LiveTable

log = logging.getLogger("tricktaker.server")

STATIC = resources.files("tricktaker.web") / "static"
MAX_NAME = 40
#: Seconds a message may take to go out before its client counts as not reading.
SEND_TIMEOUT = 5.0
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
MAX_REPLAY_ACTIONS = 5000
#: WebSocket close codes: a token that is not this table's; a message too large; too fast.
CLOSE_FORBIDDEN, CLOSE_TOO_BIG, CLOSE_POLICY = 4403, 1009, 1008


def _lang(value: object) -> str:
    return value if isinstance(value, str) and value in LANGUAGES else "en"


def _bad(message: str, status: int = 400) -> HTTPException:
    return HTTPException(status_code=status, detail=message)


async def _json_body(request: Request, limit: int) -> Any:
    """The request's JSON, read with a size limit and the hardened record decoder."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > limit):
        raise _bad(f"the request is larger than {limit:,} bytes", 413)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise _bad(f"the request is larger than {limit:,} bytes", 413)
    try:
        return decode_json(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise _bad("the request is not UTF-8 text") from None
    except RecordError as exc:
        raise _bad(str(exc)) from None


def games_json(lang: str) -> list[dict[str, Any]]:
    """The lobby's menu: every registered game, its options and its computer levels.

    ``levels`` are the ids a table is asked for with, weakest first; ``level_names``
    their names in ``lang``, in the same order, from the one place that names them
    (``bots.registry.level_name``), so the page keeps no list of levels of its own and
    a new level shows up in the lobby with its name."""
    tr = translator(lang)
    out = []
    for gid in game_ids():
        game = get_game(gid)
        words = game.words(lang)
        options = []
        for spec in game.option_schema():
            item = spec.to_json()
            item["help"] = words.option_help(spec)
            # The name and the values as players read them (core.protocol.OptionWords).
            item["label"] = option_label(words, spec)
            if spec.choices:
                item["choice_labels"] = [choice_label(words, spec, c) for c in spec.choices]
            options.append(item)
        known = levels(gid)
        out.append(
            {
                "id": gid,
                "title": words.title,
                "players": list(game.info.players),
                "options": options,
                "levels": known,
                "level_names": [level_name(lvl, tr) for lvl in known],
            }
        )
    return out


def _names(raw: object, players: int, seats: list[SeatSpec], lang: str) -> list[str]:
    _ = web_words(lang)
    given = raw if isinstance(raw, list) else []
    out = []
    for seat in range(players):
        name = given[seat] if seat < len(given) and isinstance(given[seat], str) else ""
        name = " ".join(name.split())[:MAX_NAME]
        if not name:
            spec = seats[seat]
            if spec.kind == "bot":
                level = level_name(spec.level or "", translator(lang))
                name = _("Computer {n} ({level})").format(n=seat + 1, level=level)
            else:
                name = _("Player {n}").format(n=seat + 1)
        out.append(name)
    return out


def _seats(raw: object, game_id: str, players: int) -> tuple[list[SeatSpec], dict[int, str]]:
    """Seat specs and the tokens of the human seats (only hashes are stored)."""
    if not isinstance(raw, list) or len(raw) != players:
        raise _bad(f"give {players} seats, each a person or a computer level")
    known = levels(game_id)
    specs: list[SeatSpec] = []
    tokens: dict[int, str] = {}
    for seat, item in enumerate(raw):
        kind = item.get("kind") if isinstance(item, Mapping) else None
        token = new_token()
        if kind == "human":
            tokens[seat] = token
            specs.append(SeatSpec("human", None, token_hash(token)))
        elif kind == "bot":
            level = item.get("level") if isinstance(item, Mapping) else None
            if level not in known:
                raise _bad(
                    f"seat {seat}: no computer level {str(level)[:20]!r}; levels: "
                    + ", ".join(known)
                )
            specs.append(SeatSpec("bot", str(level), token_hash(token)))
        else:
            raise _bad(f"seat {seat}: 'kind' must be 'human' or 'bot'")
    if not tokens:
        raise _bad("at least one seat must be a person (or watch a table instead)")
    return specs, tokens


def _created(table: LiveTable, tokens: dict[int, str]) -> dict[str, Any]:
    return {
        "id": table.id,
        "seats": [
            {"seat": seat, "token": token, "link": f"/t/{table.id}?token={token}"}
            for seat, token in sorted(tokens.items())
        ],
        "watch": f"/t/{table.id}",
    }


def table_info(table: LiveTable) -> dict[str, Any]:
    return {
        "id": table.id,
        "game": table.stored.game,
        "options": table.stored.options,
        "names": table.stored.names,
        "seats": [
            {"seat": i, "kind": s.kind, "level": s.level} for i, s in enumerate(table.stored.seats)
        ],
        "finished": table.stored.finished,
        "applied": table.applied,
    }


def seat_of(table: LiveTable, token: str | None) -> int | None:
    """The seat whose token this is (every seat compared, in constant time each)."""
    found = None
    for seat, spec in enumerate(table.stored.seats):
        if token_matches(token, spec.token_hash) and spec.kind == "human":
            found = seat
    return found


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    creations = KeyedLimiter(settings.tables_per_minute / 60, settings.tables_per_minute)
    replays = KeyedLimiter(settings.replays_per_minute / 60, settings.replays_per_minute)
    #: One replay at a time: each is seconds of work in a worker thread, and the
    #: database writes of every table wait for a free one.
    replaying = asyncio.Semaphore(1)
    sockets: dict[str, int] = {}

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
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    async def table_or_404(hub: Hub, table_id: str) -> LiveTable:
        if (
            not (1 <= len(table_id) <= 32)
            or not table_id.replace("-", "").replace("_", "").isalnum()
        ):
            raise _bad("no such table", 404)
        try:
            table = await hub.get(table_id)
        except (RecordError, TricktakerError) as exc:
            raise _bad(f"the table cannot be loaded: {exc}", 500) from None
        if table is None:
            raise _bad("no such table", 404)
        return table

    def allow_creation(request: Request) -> None:
        client = request.client.host if request.client else "?"
        if not creations.allow(client):
            raise _bad("too many new tables from this address; wait a minute", 429)

    @app.get("/", include_in_schema=False)
    @app.get("/t/{table_id}", include_in_schema=False)
    @app.get("/replay", include_in_schema=False)
    async def index(table_id: str = "") -> Response:
        return FileResponse(str(STATIC / "index.html"), media_type="text/html")

    @app.get("/api/games")
    async def api_games(lang: str = "en") -> list[dict[str, Any]]:
        return games_json(_lang(lang))

    @app.get("/api/i18n/{lang}")
    async def api_i18n(lang: str) -> dict[str, str]:
        if lang not in LANGUAGES:
            raise _bad(f"languages: {', '.join(LANGUAGES)}", 404)
        catalog = load_catalog(lang, WEB_DOMAIN, WEB_PACKAGE)
        return {
            str(m.id): str(m.string)
            for m in catalog
            if m.id
            and isinstance(m.id, str)
            and isinstance(m.string, str)
            and m.string
            and not m.fuzzy
        }

    @app.post("/api/tables")
    async def api_create(request: Request) -> JSONResponse:
        allow_creation(request)
        body = await _json_body(request, settings.max_message_bytes * 4)
        if not isinstance(body, Mapping):
            raise _bad('send an object: {"game": ..., "options": {...}, "seats": [...]}')
        gid = body.get("game")
        if not isinstance(gid, str) or gid not in game_ids():
            raise _bad(f"no game {str(gid)[:20]!r}; games: {', '.join(game_ids())}")
        game = get_game(gid)
        raw_options = body.get("options", {})
        if not isinstance(raw_options, Mapping):
            raise _bad("'options' must be an object")
        try:
            options = game.options(raw_options)
        except OptionError as exc:
            raise _bad(str(exc)) from None
        players = game.new_match(options, seed=0).players
        seats, tokens = _seats(body.get("seats"), gid, players)
        lang = _lang(body.get("lang"))
        stored = StoredTable(
            id=new_table_id(),
            game=gid,
            options=options.to_json(),
            seed=new_token(),
            dealer=0,
            start={},
            deals=[],
            names=_names(body.get("names"), players, seats, lang),
            seats=seats,
        )
        table = await hub_of(request).create(stored)
        return JSONResponse(_created(table, tokens), status_code=201)

    @app.post("/api/records")
    async def api_upload(request: Request) -> JSONResponse:
        allow_creation(request)
        body = await _json_body(request, settings.max_upload_bytes)
        if not isinstance(body, Mapping) or not isinstance(body.get("record"), Mapping):
            raise _bad('send {"record": <a saved record>, "seats": [...]}')
        try:
            record = parse_record(body["record"])
            state = await asyncio.to_thread(state_from_record, record)
        except (RecordError, IllegalAction, OptionError) as exc:
            raise _bad(f"the record cannot be resumed: {exc}") from None
        players = state.players
        raw_seats = body.get("seats") or [{"kind": "human"}] + [
            {"kind": "bot", "level": "rules" if "rules" in levels(record.game) else "random"}
        ] * (players - 1)
        seats, tokens = _seats(raw_seats, record.game, players)
        stored = StoredTable(
            id=new_table_id(),
            game=record.game,
            options=dict(record.options),
            seed=record.seed,
            dealer=record.dealer,
            start=record.start.to_json(),
            deals=list(record.deals),
            names=_names(record.names, players, seats, _lang(body.get("lang"))),
            seats=seats,
            actions=list(record.actions),
        )
        table = await hub_of(request).create(stored)
        return JSONResponse(_created(table, tokens), status_code=201)

    @app.get("/api/tables/{table_id}")
    async def api_table(request: Request, table_id: str) -> dict[str, Any]:
        return table_info(await table_or_404(hub_of(request), table_id))

    @app.get("/api/tables/{table_id}/record")
    async def api_record(request: Request, table_id: str, token: str = "") -> JSONResponse:
        table = await table_or_404(hub_of(request), table_id)
        seat = seat_of(table, token)
        full = seat is not None and table.state.to_act is None
        record = table.record() if full else table.public_record()
        return JSONResponse(
            record,
            headers={"Content-Disposition": f'attachment; filename="{table.id}.json"'},
        )

    @app.post("/api/replay")
    async def api_replay(request: Request) -> dict[str, Any]:
        if not replays.allow(request.client.host if request.client else "?"):
            raise _bad("too many replays from this address; wait a minute", 429)
        body = await _json_body(request, settings.max_upload_bytes)
        if not isinstance(body, Mapping) or not isinstance(body.get("record"), Mapping):
            raise _bad('send {"record": <a saved record>, "seat": 0, "lang": "en"}')
        lang = _lang(body.get("lang"))
        seat = body.get("seat")
        try:
            record = parse_record(body["record"])
            actions = list(record.actions)
            if len(actions) > MAX_REPLAY_ACTIONS:
                raise RecordError(f"more than {MAX_REPLAY_ACTIONS} actions to replay")
            record.actions = []
            state = state_from_record(record)
        except (RecordError, IllegalAction, OptionError) as exc:
            raise _bad(f"the record cannot be replayed: {exc}") from None
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < state.players):
            raise _bad(f"seat must be 0 to {state.players - 1}, or null for the public")
        game = get_game(record.game)
        names = list(record.names) or [f"{i + 1}" for i in range(state.players)]
        names = (names + [""] * state.players)[: state.players]
        if replaying.locked():
            raise _bad("the server is busy replaying another record; try again soon", 429)
        async with replaying:
            return await asyncio.to_thread(
                _replay_frames, game, state, actions, seat, lang, names, record.options
            )

    @app.websocket("/ws/{table_id}")
    async def ws_table(websocket: WebSocket, table_id: str) -> None:
        hub = hub_of(websocket)
        params = websocket.query_params
        lang = _lang(params.get("lang"))
        try:
            table = await table_or_404(hub, table_id)
        except HTTPException as exc:
            # Accepted, then closed: so the page can read why (a refused handshake is a bare 403).
            await websocket.accept()
            await websocket.close(code=CLOSE_FORBIDDEN, reason=str(exc.detail)[:100])
            return
        token = params.get("token")
        seat = seat_of(table, token)
        if token and seat is None:
            await websocket.accept()
            await websocket.close(
                code=CLOSE_FORBIDDEN, reason="this link's seat token is not valid"
            )
            return
        since_text = params.get("since", "0")
        since = int(since_text) if since_text.isdigit() and len(since_text) < 9 else 0
        await websocket.accept()
        address = websocket.client.host if websocket.client else "?"
        if sockets.get(address, 0) >= settings.sockets_per_address:
            await websocket.close(code=CLOSE_POLICY, reason="too many connections")
            return
        sockets[address] = sockets.get(address, 0) + 1
        conn = _Connection(websocket, table, seat, lang, since)
        table.listeners.add(conn.update)
        bucket = TokenBucket(settings.actions_per_second, settings.action_burst)
        try:
            await conn.send({"type": "hello", "seat": seat, "table": table_info(table)})
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
                if not bucket.allow():
                    await conn.send(
                        {
                            "type": "error",
                            "message": web_words(lang)("Too many actions at once: slow down."),
                        }
                    )
                    continue
                await _handle(hub, conn, text or "")
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(table, conn.update)
            sockets[address] -= 1
            if not sockets[address]:
                del sockets[address]

    return app


class _Connection:
    """One WebSocket: its observer, language, the next event number it needs."""

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
        async with self._send_lock:
            if again:  # under the lock, so a broadcast under way cannot undo it
                self.next_event = 0
                self.rules_sent = False  # another language: the rules again, in it
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


async def _handle(hub: Hub, conn: _Connection, text: str) -> None:
    _ = web_words(conn.lang)
    try:
        message = decode_json(text)
    except RecordError:
        message = None
    if not isinstance(message, Mapping) or not isinstance(message.get("type"), str):
        await conn.send({"type": "error", "message": _("Not a message this table understands.")})
        return
    kind = message["type"]
    if kind == "ping":
        await conn.send({"type": "pong"})
        return
    if kind == "lang":
        conn.lang = _lang(message.get("lang"))
        await conn.update(conn.table, again=True)  # every line again, in the new language
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


def _replay_frames(
    game: Any,
    state: Any,
    actions: list[str],
    seat: int | None,
    lang: str,
    names: list[str],
    state_options: Mapping[str, Any],
) -> dict[str, Any]:
    """The replay viewer's steps: the observer's message after 0, 1, 2... actions,
    each with only the events that step added (the viewer keeps the log)."""
    options = game.options(state_options)
    frames = [state_message(game, state, seat, 0, lang, names, options)]
    since = len(frames[0]["events"])
    for i, text in enumerate(actions):
        try:
            state.apply(text)
        except IllegalAction as exc:
            error = {"index": i, "action": text[:200], "message": str(exc)}
            return {"frames": frames, "error": error}
        frame = state_message(game, state, seat, since, lang, names, options, with_rules=False)
        since += len(frame["events"])
        frames.append(frame)
    return {"frames": frames, "error": None}
