"""How each observer sees each entry of a Tetka log (see ``core.events``).

Hidden in Tetka: the hands, each told to its own seat alone when dealt.
Everything else is public: the seat draw, the photograph, every card as it
is played (all face up), who took each trick and what marks it carried, a
revoke once proved, and each deal's marks. No entry is unseen altogether,
so every observer's stream has the same length.

The screen shows only the tricks the rules let a player review (the view's
``review``); the events are the seat's memory, which a bot may keep as a
player keeps his.
"""

from __future__ import annotations

from typing import Any

from tricktaker.cards import CARD_NAMES, SUITS
from tricktaker.core.deals import Deal
from tricktaker.core.events import (
    Telling,
    always_visible,
    deal_end,
    not_an_entry,
    plays_json,
    table_event,
)
from tricktaker.games.tetka.actions import TetkaAction
from tricktaker.games.tetka.rules import (
    EV_DEAL,
    EV_DEAL_END,
    EV_MATCH_END,
    EV_REVOKE,
    EV_TRICK,
    SEATS,
    deal_summary,
)
from tricktaker.games.tetka.scoring import counting_number, settlement


def _deal(entry: tuple[Any, ...], observer: int | None) -> Telling:
    _, deal, number, dealer, photo, marks, draw = entry
    d: Deal = deal
    data: dict[str, Any] = {
        "deal": number,
        "dealer": dealer,
        "photo": CARD_NAMES[photo],
        "photo_by": (dealer + 1) % SEATS,
        "counting": counting_number(photo),
        "marks": list(marks),
    }
    if draw:
        data["draw"] = [CARD_NAMES[c] for c in draw]
    if observer is not None:
        data["hand"] = [CARD_NAMES[c] for c in sorted(d.hands[observer])]
    return ("deal", None, None, data)


#: Every entry reaches every observer (only the deal's hand differs).
visible = always_visible


def render(entry: object, observer: int | None) -> Telling | None:
    """The (kind, seat, action, data) ``observer`` sees of one log entry."""
    if type(entry) is TetkaAction:
        return ("action", entry.seat, str(entry), {"card": CARD_NAMES[entry.card]})
    if not isinstance(entry, tuple):
        raise not_an_entry("Tetka", entry)
    code = entry[0]
    if code == EV_DEAL:
        return _deal(entry, observer)
    if code == EV_TRICK:
        _, index, plays, winner, reasons = entry
        return table_event(
            "trick",
            {
                "trick": index + 1,
                "played": plays_json(plays),
                "winner": winner,
                "marks": list(reasons),
            },
        )
    if code == EV_REVOKE:
        seat, suit, index = entry[1]
        return ("revoke", seat, None, {"suit": SUITS[suit], "trick": index + 1})
    if code == EV_DEAL_END:
        return deal_end(deal_summary(entry[1]))
    if code == EV_MATCH_END:
        _, marks, winner = entry
        return table_event(
            "match_end",
            {"marks": list(marks), "returns": list(settlement(marks)), "winner": winner},
        )
    raise not_an_entry("Tetka", entry)
