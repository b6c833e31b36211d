"""A hint at the table: what the computer would play for the person to act, and why.

Why here and not in the socket. The socket only routes the ``hint`` message;
this module decides who may have one and builds it from what that seat knows:
the seat's view, its memory (``LiveTable.memory``) and its legal moves, handed
to the same advisor as ``tricktaker hint`` (``bots.advice``). Those are taken
on the event loop, then the advisor thinks in the computers' thread pool
(``Hub.think``): a search takes about half a second and must not hold the loop.

Who. Only a seat, and only on its turn: a spectator has no move to be advised
on, and advice for a seat not to act would be a guess at a decision it does not
have. A hint the table moved past while it was thought out is not sent.

What it costs. A search is half a second of a core, so each table keeps its last
hint (:data:`_last`): asking again at the same moment, in the same language, is
answered from it, and a seat's hints cost at most one search per move whatever
the clicks (every message also counts against the socket's and the table's
budgets, as any other).

Private and unrecorded. A hint goes to the socket that asked and nowhere else:
it is not a move, so it is neither written to the store, nor in the record, nor
told to the other players (as a person may think over his cards in silence, or
look at a book). Its chance is seeded by the table id and the moment, never by
the table's secret seed.
"""

from __future__ import annotations

import functools
import logging
import random
from typing import Any
from weakref import WeakKeyDictionary

from tricktaker.bots.advice import advise, default_level
from tricktaker.server.messages import web_words
from tricktaker.server.tables import Hub, LiveTable

log = logging.getLogger("tricktaker.server")

#: Per live table, its last hint and the moment it was for: (applied, seat, lang).
_last: WeakKeyDictionary[LiveTable, tuple[tuple[int, int, str], dict[str, Any]]] = (
    WeakKeyDictionary()
)


async def hint_message(hub: Hub, table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """The ``hint`` message for ``seat`` at ``table`` in ``lang``, or an ``error`` message
    saying why there is none (a spectator, not his turn, the table moved on)."""
    _ = web_words(lang)
    if seat is None:
        return {"type": "error", "message": _("Spectators get no hints.")}
    state = table.state
    if state.to_act != seat:
        return {"type": "error", "message": _("A hint is for your turn.")}
    applied = table.applied
    moment = (applied, seat, lang)
    kept = _last.get(table)
    if kept is not None and kept[0] == moment:
        return kept[1]
    view = state.view(seat)
    game_id = table.stored.game
    think = functools.partial(
        advise,
        game_id,
        view,
        table.memory(seat),
        list(state.legal_actions()),
        level=default_level(game_id),
        lang=lang,
        rng=random.Random(f"hint:{table.id}:{applied}:{seat}"),
    )
    try:
        advice = await hub.think(think)
    except Exception as exc:  # any bug of a bot: no hint, the table goes on (no card logged)
        log.error("table %s: no hint for seat %s: %s", table.id, seat, type(exc).__name__)
        return {"type": "error", "message": _("No hint now: try again.")}
    if table.applied != applied:
        return {"type": "error", "message": _("The table moved on: ask again for a hint.")}
    label = table.game.words(lang).action_label(advice.action, view)
    message = {"type": "hint", "applied": applied, "label": label, **advice.to_json()}
    _last[table] = (moment, message)
    return message
