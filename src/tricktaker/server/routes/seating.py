"""Who sits at a new table, what the API tells about a table, which seat a token claims.

The routes that open a table (a new one, or a saved record resumed) share
these: seat specs with a fresh secret token per seat (only its hash is kept),
the names shown at the table, and the answer with each person's link. A
seat's token is checked against every seat's hash, in constant time each
(``security.token_matches``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktaker.bots.registry import levels
from tricktaker.server.names import default_name
from tricktaker.server.routes.bodies import SeatRequest
from tricktaker.server.routes.reading import bad
from tricktaker.server.security import MAX_NAME, clean_name, new_token, token_hash, token_matches
from tricktaker.server.store import SeatSpec
from tricktaker.server.tables import LiveTable


def default_seats(game_id: str, players: int) -> list[SeatRequest]:
    """A person at seat 0 and the computers elsewhere (``rules`` where the game has it)."""
    level = "rules" if "rules" in levels(game_id) else "random"
    return [SeatRequest(kind="human")] + [SeatRequest(kind="bot", level=level)] * (players - 1)


def seat_specs(
    asked: Sequence[SeatRequest], game_id: str, players: int
) -> tuple[list[SeatSpec], dict[int, str]]:
    """Seat specs, and the tokens of the human seats; HTTP 400 saying what is wrong for a
    wrong count, a computer level the game has not, or no person at all."""
    if len(asked) != players:
        raise bad(f"give {players} seats, each a person or a computer level")
    known = levels(game_id)
    specs: list[SeatSpec] = []
    tokens: dict[int, str] = {}
    for seat, (kind, level) in enumerate((s.kind, s.level) for s in asked):
        token = new_token()
        if kind == "human":
            tokens[seat] = token
            specs.append(SeatSpec("human", None, token_hash(token)))
            continue
        if level is None or level not in known:
            raise bad(
                f"seat {seat}: no computer level {str(level)[:20]!r}; levels: " + ", ".join(known)
            )
        specs.append(SeatSpec("bot", level, token_hash(token)))
    if not tokens:
        raise bad("at least one seat must be a person (or watch a table instead)")
    return specs, tokens


def seat_names(given: Sequence[str], seats: Sequence[SeatSpec], lang: str) -> list[str]:
    """The names shown: each given one cleaned (``security.clean_name``: no control or
    bidi character, at most ``MAX_NAME`` characters), else the seat's default in ``lang``
    ("Player 1", "Computer 2 (medium)"), told again in each reader's language
    (``server.names``)."""
    out = []
    for seat, spec in enumerate(seats):
        name = clean_name(given[seat], limit=MAX_NAME) if seat < len(given) else ""
        out.append(name or default_name(seat, spec, lang))
    return out


def created_json(table: LiveTable, tokens: dict[int, str]) -> dict[str, Any]:
    """The answer to a new table: its id, each person's token and link, the spectators' link."""
    return {
        "id": table.id,
        "seats": [
            {"seat": seat, "token": token, "link": f"/t/{table.id}?token={token}"}
            for seat, token in sorted(tokens.items())
        ],
        "watch": f"/t/{table.id}",
    }


def table_json(table: LiveTable) -> dict[str, Any]:
    """What anyone may know of a table: game, options, names, who sits where, progress."""
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
        # Fair deals: "record" where an uploaded record fixed the seed and the deals (its
        # uploader may know every card); else the hash of the seed the server committed to
        # when the table started, revealed with the full record (core.fairness).
        "origin": table.stored.origin,
        "seed_hash": table.seed_hash,
    }


def seat_of(table: LiveTable, token: str | None) -> int | None:
    """The person's seat whose token this is (every seat compared, in constant time each)."""
    found = None
    for seat, spec in enumerate(table.stored.seats):
        if token_matches(token, spec.token_hash) and spec.kind == "human":
            found = seat
    return found
