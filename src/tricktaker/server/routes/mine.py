"""A browser's own tables: what became of each, and its statistics.

There are no accounts: a player is known by the seat tokens his browser holds
(``web/static/js/storage.js`` keeps the tables it sat at, each with its token).

* ``POST /api/mine`` — body ``MineRequest``: ``{"tables": [{"table": <id>,
  "token": <its seat's token>}, ...], "lang"}``, at most ``MAX_MINE`` tables.
  Answers ``{"tables": [...], "stats": [...]}``: for each table whose token is
  a person's seat's (every seat compared in constant time,
  ``security.token_matches``) its game and options in the game's words,
  whether it is over, that seat's result (``result_json``), the other seats'
  names and computer levels, and when it was made; a table whose token matches
  no seat (or that is gone) is left out, so a wrong token learns nothing, not
  even that the table exists. ``stats`` count the finished matches per game and
  level of the opponents (``stats_json``). Tokens are never sent back.
  Rate-limited per address with the other reads that may load stored matches
  (``Settings.downloads_per_minute``); body at most ``MAX_MINE_BYTES``; a
  malformed body is ``400`` with a sentence.

Only the tables whose token matches are loaded: their seats are read for all
in one query (``Store.seat_hashes``). A table live in this process is read as
it stands; another is replayed in a worker thread, without joining the live
ones (opening the list must not keep a table alive nor wake its computers).
What a table gives a seat is kept by the number of actions it was made
from (``SummaryCache``): the list asked again replays nothing that has not moved.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, BeforeValidator, ConfigDict

from tricktaker.bots.registry import level_name
from tricktaker.core import get_game
from tricktaker.core.i18n import translator
from tricktaker.core.protocol import State, choice_label, option_label
from tricktaker.server.config import Settings
from tricktaker.server.routes.bodies import Lang, refuse
from tricktaker.server.routes.context import HubOf, allow_download
from tricktaker.server.routes.reading import UploadRoute
from tricktaker.server.security import TOKEN_SHAPE, is_table_id, token_matches
from tricktaker.server.store import SeatHashes, StoredTable
from tricktaker.server.tables import Hub, build_state

#: The most tables one request may ask about (what the page keeps: ``storage.js``).
MAX_MINE = 200
#: The largest body: ``MAX_MINE`` ids and tokens with room for their JSON.
MAX_MINE_BYTES = 64 * 1024
#: Finished tables' summaries kept per app.
CACHED = 2000


class MineRoute(UploadRoute):
    """A route whose body is a browser's list of tables: ``MAX_MINE_BYTES`` at most."""

    @staticmethod
    def body_limit(settings: Settings) -> int:
        return MAX_MINE_BYTES


def _entries(value: object) -> object:
    if value is None:
        return []
    if not isinstance(value, list):
        raise refuse('\'tables\' must be a list of {"table": <id>, "token": <token>}')
    if len(value) > MAX_MINE:
        raise refuse(f"at most {MAX_MINE} tables at a time")
    for item in value:
        if not isinstance(item, dict) or set(item) - {"table", "token"}:
            raise refuse('each table is {"table": <id>, "token": <token>}')
        table, token = item.get("table"), item.get("token")
        if not isinstance(table, str) or not is_table_id(table):
            raise refuse("each table's 'table' must be a table's id")
        if not isinstance(token, str) or not TOKEN_SHAPE.fullmatch(token):
            raise refuse("each table's 'token' must be a seat's token")
    return value


class MineEntry(BaseModel):
    model_config = ConfigDict(frozen=True)

    table: str
    token: str


class MineRequest(BaseModel):
    """``{"tables": [{"table", "token"}, ...], "lang"}``."""

    tables: Annotated[list[MineEntry], BeforeValidator(_entries)]
    lang: Lang = "en"


router = APIRouter(prefix="/api", route_class=MineRoute)


class SummaryCache:
    """What tables give their seats, by (table, seat, version), newest used last, at most
    ``size``."""

    def __init__(self, size: int = CACHED) -> None:
        self.size = size
        self.kept: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()

    def get(self, key: tuple[str, int, int]) -> dict[str, Any] | None:
        found = self.kept.get(key)
        if found is not None:
            self.kept.move_to_end(key)
        return found

    def put(self, key: tuple[str, int, int], value: dict[str, Any]) -> None:
        self.kept[key] = value
        self.kept.move_to_end(key)
        while len(self.kept) > self.size:
            self.kept.popitem(last=False)


def cache_of(request: Request) -> SummaryCache:
    state = request.app.state
    cache = getattr(state, "mine_cache", None)
    if cache is None:
        cache = SummaryCache()
        state.mine_cache = cache
    return cache


def seat_matching(seats: Sequence[tuple[str, str]], token: str) -> int | None:
    """The person's seat whose token this is (every seat compared, in constant time each)."""
    found = None
    for seat, (kind, hashed) in enumerate(seats):
        if token_matches(token, hashed) and kind == "human":
            found = seat
    return found


def result_json(state: State, seat: int) -> dict[str, Any]:
    """The seat's result in the game's own terms: ``outcome`` ("won", "lost", "drawn";
    None while the match goes on) from what the match pays the seat (``returns``: ±1 in
    Le Truc and Truco, the settlement in Preferans and Tetka), ``payoff`` that amount,
    ``score`` and ``games`` per side with the seat's side first, and the deals played with
    the points they brought the seat's side (``DealSummary.gains``, in the game's units:
    points in Le Truc and Truco, the settlement in Preferans, marks as negatives in Tetka)."""
    side = state.sides[seat]
    result = state.result()
    order = [side] + [s for s in range(len(result.score)) if s != side]
    finished = state.to_act is None
    deals = state.finished_deals()
    points = sum(d.gains[side] for d in deals if side < len(d.gains))
    payoff = float(state.returns()[seat]) if finished else None
    outcome = None
    if payoff is not None:
        outcome = "won" if payoff > 0 else "lost" if payoff < 0 else "drawn"
    return {
        "outcome": outcome,
        "payoff": payoff,
        "score": [result.score[s] for s in order if s < len(result.score)],
        "games": [result.games[s] for s in order if s < len(result.games)],
        "deals": len(deals),
        "points": points,
    }


def opponents_level(stored: StoredTable, sides: Sequence[int], seat: int) -> str:
    """The level the seat played against: its opponents' computer level where they are
    all computers of one level, "people" where none is a computer, else "mixed"."""
    theirs = [s for i, s in enumerate(stored.seats) if sides[i] != sides[seat]]
    levels = {s.level or "" for s in theirs if s.kind == "bot"}
    if not levels:
        return "people"
    if len(levels) == 1 and all(s.kind == "bot" for s in theirs):
        return levels.pop()
    return "mixed"


def table_summary(stored: StoredTable, state: State, seat: int) -> dict[str, Any]:
    """One table as the seat's browser is told it, in no language (``described`` adds the
    words): nothing here is hidden from a seat at the end of the match."""
    sides = state.sides
    return {
        "id": stored.id,
        "seat": seat,
        "version": len(stored.actions),
        "game": stored.game,
        "options": dict(stored.options),
        "finished": state.to_act is None,
        "result": result_json(state, seat),
        "level": opponents_level(stored, sides, seat),
        "players": [
            {
                "seat": i,
                "name": stored.names[i] if i < len(stored.names) else "",
                "kind": spec.kind,
                "level": spec.level,
                "partner": i != seat and sides[i] == sides[seat],
            }
            for i, spec in enumerate(stored.seats)
            if i != seat
        ],
    }


def described(summary: dict[str, Any], lang: str) -> dict[str, Any]:
    """The summary with the game's title, its options (the first, and those away from
    their defaults) and the levels in ``lang``."""
    game = get_game(summary["game"])
    words = game.words(lang)
    tr = translator(lang)
    options = []
    for i, spec in enumerate(game.option_schema()):
        value = summary["options"].get(spec.name, spec.default)
        # The first option (the number of players, where a game has it) and those
        # chosen away from their default: a summary, not the whole menu.
        if i == 0 or value != spec.default:
            options.append(f"{option_label(words, spec)}: {choice_label(words, spec, value)}")
    players = [
        {**p, "level_name": level_name(p["level"], tr) if p["level"] else None}
        for p in summary["players"]
    ]
    level = summary["level"]
    named = level if level in ("people", "mixed") else level_name(level, tr)
    return {
        **summary,
        "title": words.title,
        "option_texts": options,
        "players": players,
        "level_name": named,
    }


def stats_json(tables: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per game and level of the opponents, over the finished matches: ``matches``,
    ``wins``, ``deals`` and ``points`` (the seat's side's, in the game's units), and
    ``points_per_deal``; by game, then level."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for t in tables:
        if not t["finished"]:
            continue
        key = (t["game"], t["level"])
        row = rows.setdefault(
            key,
            {
                "game": t["game"],
                "title": t["title"],
                "level": t["level"],
                "level_name": t["level_name"],
                "matches": 0,
                "wins": 0,
                "deals": 0,
                "points": 0.0,
            },
        )
        result = t["result"]
        row["matches"] += 1
        row["wins"] += result["outcome"] == "won"
        row["deals"] += result["deals"]
        row["points"] += result["points"]
    out = []
    for key in sorted(rows):
        row = rows[key]
        row["points_per_deal"] = round(row["points"] / row["deals"], 2) if row["deals"] else None
        out.append(row)
    return out


def _replayed(stored: StoredTable, seat: int) -> dict[str, Any]:
    _game, state = build_state(stored)
    return table_summary(stored, state, seat)


def _load_all(hub: Hub, wanted: Sequence[tuple[str, int]]) -> dict[str, dict[str, Any]]:
    """Each table's summary, replayed from the store (run in a worker thread); a table
    that cannot be loaded or replayed is left out."""
    out = {}
    for table_id, seat in wanted:
        try:
            stored = hub.store.load(table_id)
            if stored is not None:
                out[table_id] = _replayed(stored, seat)
        except Exception:  # a table gone or unreadable is just not listed
            continue
    return out


@router.post("/mine", dependencies=[Depends(allow_download)])
async def mine(body: MineRequest, request: Request, hub: HubOf) -> dict[str, Any]:
    entries: dict[str, str] = {}
    for entry in body.tables:
        entries.setdefault(entry.table, entry.token)
    stored_seats: dict[str, SeatHashes] = await asyncio.to_thread(
        hub.store.seat_hashes, list(entries)
    )
    cache = cache_of(request)
    summaries: dict[str, dict[str, Any]] = {}
    made: dict[str, datetime | None] = {}
    to_load: list[tuple[str, int]] = []
    for table_id, token in entries.items():
        known = stored_seats.get(table_id)
        seat = None if known is None else seat_matching(known.seats, token)
        if known is None or seat is None:
            continue
        made[table_id] = known.created_at
        cached = cache.get((table_id, seat, known.version))
        live = hub.tables.get(table_id)
        if cached is not None:
            summaries[table_id] = cached
        elif live is not None:
            summaries[table_id] = table_summary(live.stored, live.state, seat)
        else:
            to_load.append((table_id, seat))
    if to_load:
        summaries.update(await asyncio.to_thread(_load_all, hub, to_load))
    tables = []
    for table_id in entries:
        summary = summaries.get(table_id)
        if summary is None:
            continue
        cache.put((table_id, summary["seat"], summary["version"]), summary)
        when = made.get(table_id)
        created = when.isoformat() if when else None
        tables.append({**described(summary, body.lang), "created": created})
    return {"tables": tables, "stats": stats_json(tables)}
