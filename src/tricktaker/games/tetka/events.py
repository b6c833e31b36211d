"""How each observer sees each entry of a Tetka log (see ``core.events``).

Hidden in Tetka: the hands, each told to its own seat alone when dealt.
Everything else is public: the seat draw, the photograph, every card as it
is played (all face up), who took each trick and what marks it carried, a
revoke once proved, and each deal's marks. No entry is unseen altogether,
so every observer's stream has the same length.

The screen shows only the tricks the rules let a player review (the view's
``review``); the events are the seat's memory, which a bot may keep as a
player keeps his. What is sent to a screen after the fact is told faded
(``shown_from``, ``faded``: the protocol's ``FadingEvents``): every event
before the oldest trick the observer may still review loses its cards, so a
client that reconnects, or reads the match late, holds no card of a trick the
rules no longer show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktaker.cards import CARD_NAMES, SUITS
from tricktaker.core.deals import Deal
from tricktaker.core.events import (
    Event,
    Telling,
    Told,
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

if TYPE_CHECKING:
    from tricktaker.games.tetka.rules import TetkaRules


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


def _review_size(seat: int | None, led: int) -> int:
    """How many finished tricks ``seat`` may review (as ``views.review_size``)."""
    return 1 if seat is None or (led >> seat) & 1 else 2


def shown_from(state: TetkaRules, observer: int | None) -> int:
    """The number, in ``observer``'s stream, of his first event whose cards the rules
    still show: the start of the oldest trick he may review, or the deal's first event
    when he may review every finished trick of the deal (none before it).

    Read from the log's end: the tricks reviewed are the last one or two, so this costs
    the same at every moment of a match.
    """
    log = state.log
    keep = min(len(state.winners), _review_size(observer, state.led))
    at = len(log)
    tricks = 0
    while at > 0:
        entry = log[at - 1]
        if isinstance(entry, tuple) and entry[0] == EV_TRICK:
            if tricks == keep:
                break  # the last faded trick ends here
            tricks += 1
        elif isinstance(entry, tuple) and entry[0] == EV_DEAL:
            at -= 1  # the deal's first event is shown while all its tricks are
            break
        elif isinstance(entry, Told):
            break
        at -= 1
    # Entries are events one for one (every observer sees each), but for the entries that
    # replay a sampled state's memory: each is as many events as it holds.
    number = at
    for i in range(at):  # (no slice: a copy of the log would cost what the match has)
        entry = log[i]
        if not isinstance(entry, Told):
            break
        number += (len(entry.events) if entry.observer == observer else 0) - 1
    return number


def faded(event: Event) -> Event:
    """``event`` told once its trick is no longer shown: a play without its card, a trick
    without its cards, a deal without the hand dealt (its cards are gone in tricks), a
    deal's end without its tricks (its story then tells the marks only)."""
    kind, data = event.kind, event.data
    if kind == "action" and event.seat is not None:
        return Event(event.number, kind, event.seat, f"{event.seat}:play", {"card": None})
    if kind == "trick":
        played = [[p[0], None] for p in data.get("played", ())]
        return Event(event.number, kind, None, None, {**data, "played": played})
    if kind == "deal" and "hand" in data:
        return Event(event.number, kind, None, None, {k: v for k, v in data.items() if k != "hand"})
    if kind == "deal_end" and "played" in data:  # the deal's tricks, card by card
        return Event(
            event.number, kind, None, None, {k: v for k, v in data.items() if k != "played"}
        )
    return event
