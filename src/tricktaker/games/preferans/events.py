"""How each observer sees each entry of a Preferans log (see ``core.events``).

Hidden: the hands (each told to its own seat when dealt), the talon where the
rules keep it face down (misère and the pot game: only its taker sees it),
and the declarer's discard (face down: others see that he discarded, not
what). Shown to everyone: the bids and answers, the talon of a Russian
contract, the talon cards that lead the first tricks of an all-pass, hands
laid open (an open whist, misère catchers after the first trick), every card
played, and each deal's summary.
"""

from __future__ import annotations

from typing import Any

from tricktaker.cards import CARD_NAMES
from tricktaker.core.deals import Deal
from tricktaker.core.events import (
    Telling,
    always_visible,
    deal_end,
    not_an_entry,
    plays_json,
)
from tricktaker.games.preferans.actions import DISCARD, PLAY, PrefAction
from tricktaker.games.preferans.deck import card_names
from tricktaker.games.preferans.rules import (
    EV_DEAL,
    EV_DEAL_END,
    EV_LEAD,
    EV_MATCH_END,
    EV_OUT,
    EV_SHOW,
    EV_TALON,
    EV_TRICK,
    public_text,
)

#: Every entry reaches every observer (what differs is what it shows).
visible = always_visible


def _action(a: PrefAction, observer: int | None) -> Telling:
    if a.kind == PLAY:
        data: dict[str, Any] = {"card": CARD_NAMES[a.card]}
        if a.owner is not None:
            data["from"] = a.owner
        return ("action", a.seat, str(a), data)
    if a.kind == DISCARD:
        if observer == a.seat:
            return ("action", a.seat, str(a), {"cards": [CARD_NAMES[a.card], CARD_NAMES[a.card2]]})
        return ("action", a.seat, public_text(a), {})
    return ("action", a.seat, str(a), {})


def render(entry: object, observer: int | None) -> Telling | None:
    """The (kind, seat, action, data) ``observer`` sees of one log entry."""
    if type(entry) is PrefAction:
        return _action(entry, observer)
    if not isinstance(entry, tuple):
        raise not_an_entry("Preferans", entry)
    code = entry[0]
    if code == EV_DEAL:
        _, deal, number, dealer, active, position = entry
        d: Deal = deal
        data: dict[str, Any] = {"deal": number, "dealer": dealer, "active": list(active)}
        data.update(position)
        if observer is not None:
            held = d.hands[active.index(observer)] if observer in active else ()
            data["hand"] = [CARD_NAMES[c] for c in sorted(held)]
        return ("deal", None, None, data)
    if code == EV_TALON:
        _, seat, talon, public = entry
        cards = [CARD_NAMES[c] for c in talon] if public or observer == seat else []
        return ("talon", seat, None, {"cards": cards, "shown": public})
    if code == EV_SHOW:
        _, hands, why = entry
        return (
            "show",
            None,
            None,
            {"why": why, "hands": [[s, card_names(mask)] for s, mask in hands]},
        )
    if code == EV_LEAD:
        _, card, index = entry
        return ("talon_lead", None, None, {"talon_card": CARD_NAMES[card], "trick": index + 1})
    if code == EV_TRICK:
        _, index, plays, winner, lead = entry
        out: dict[str, Any] = {
            "trick": index + 1,
            "played": plays_json(plays),
            "winner": winner,
        }
        if lead >= 0:
            out["talon_card"] = CARD_NAMES[lead]
        return ("trick", None, None, out)
    if code == EV_DEAL_END:
        return deal_end(entry[1])
    if code == EV_OUT:
        _, passer, whister = entry
        return ("out", passer, None, {"alone": whister})
    if code == EV_MATCH_END:
        _, returns, winner = entry
        return ("match_end", None, None, {"returns": list(returns), "winner": winner})
    raise not_an_entry("Preferans", entry)
