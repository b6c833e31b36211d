"""How each observer sees each entry of a Le Truc log (see ``core.events``).

Everything in Le Truc is public but three things: a seat's own cards (told to
it alone, at the deal and after new cards), and the partners' private words
(``say``/``signal``), which only the sender's side hears at all. A deal's end
shows only the cards that were played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tricktaker.cards import CARD_NAMES
from tricktaker.core.deals import Deal
from tricktaker.core.events import (
    Telling,
    not_an_entry,
    plays_json,
)
from tricktaker.core.points import EV_TRICK, tell_table_entry, tell_trick
from tricktaker.games.truc.actions import (
    ACCEPT,
    DOUBLE,
    PASS,
    PLAY,
    REFUSE,
    REST,
    SAY,
    SIGNAL,
    TrucAction,
)
from tricktaker.games.truc.cards import BY_STRENGTH
from tricktaker.games.truc.outcomes import SPOILED
from tricktaker.games.truc.rules import (
    CALL,
    EV_DEAL,
    EV_NEW_CARDS,
    EV_SAID,
    PROPOSE_DOUBLE,
    PROPOSE_REST,
    REDEAL_ANSWER,
    deal_summary,
)


def _hand(mask: int) -> list[str]:
    return [CARD_NAMES[c] for c in BY_STRENGTH if (mask >> c) & 1]


def _action(a: TrucAction, observer: int | None, data: Mapping[str, Any]) -> Telling | None:
    if a.kind in (SAY, SIGNAL):
        if observer is None or (observer & 1) != (a.seat & 1):
            return None  # not even the fact that a word was passed reaches the other side
        return ("action", a.seat, str(a), {"private": True, "word": a.args[0]})
    if a.kind == PLAY:
        return ("action", a.seat, str(a), {"card": CARD_NAMES[a.card]})
    return ("action", a.seat, str(a), data)


def _said(a: TrucAction, context: int) -> dict[str, Any]:
    if a.kind == DOUBLE and context > 0:
        return {"value": context}
    if a.kind in (DOUBLE, REST):
        return {"decider": True} if context < 0 else {"claim": context}
    if a.kind == PASS:
        return {"declines": "cards" if context == CALL else "proposal"}
    if a.kind in (ACCEPT, REFUSE):
        phase, pending = divmod(context, 4)
        if phase == REDEAL_ANSWER:
            return {"answers": "redeal"}
        return {"answers": {PROPOSE_DOUBLE: "double", PROPOSE_REST: "rest"}.get(pending, "")}
    return {}


def visible(entry: object, observer: int | None) -> bool:
    """Whether ``observer`` sees the entry at all (only private words are unseen)."""
    if type(entry) is TrucAction and entry.kind in (SAY, SIGNAL):
        return observer is not None and (observer & 1) == (entry.seat & 1)
    return True


def render(entry: object, observer: int | None) -> Telling | None:
    """The (kind, seat, action, data) ``observer`` sees of one log entry, or None."""
    if type(entry) is TrucAction:
        return _action(entry, observer, {})
    if not isinstance(entry, tuple):
        raise not_an_entry("Le Truc", entry)
    code = entry[0]
    if code == EV_SAID:
        a: TrucAction = entry[1]
        return _action(a, observer, _said(a, entry[2]))
    if code == EV_DEAL:
        deal: Deal = entry[1]
        data: dict[str, Any] = {
            "deal": entry[2],
            "dealer": entry[3],
            "score": list(entry[4]),
            "games": list(entry[5]),
        }
        if observer is not None:
            data["hand"] = _hand(sum(1 << c for c in deal.hands[observer]))
        return ("deal", None, None, data)
    if code == EV_NEW_CARDS:
        _, caller, dealer, caller_hand, dealer_hand, stock_left = entry
        data = {"caller": caller, "dealer": dealer, "stock_left": stock_left}
        if observer == caller:
            data["hand"] = _hand(caller_hand)
        elif observer == dealer:
            data["hand"] = _hand(dealer_hand)
        return ("new_cards", None, None, data)
    if code == EV_TRICK:
        return tell_trick(entry, plays_json(entry[2]), (SPOILED, "spoiled"))
    told = tell_table_entry(entry, deal_summary)
    if told is None:
        raise not_an_entry("Le Truc", entry)
    return told
