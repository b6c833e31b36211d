"""How each observer sees each entry of a Truco log (see ``core.events``).

Hidden in Truco: a seat's own cards (told to it alone at the deal, and not
even to it in the iron hand), the partners' hands in a hand of eleven (told
to that team alone), and a card played face down, which stays "a card face
down" for good to everyone but its player, in the trick and in the deal's
summary alike. Everything else (raises, answers, face-up cards, the vira) is
public. In Argentino an envido count is told only when its player says it: a
"son buenas" is sent as that and nothing more. No entry is unseen altogether,
so every observer's stream has the same length.
"""

from __future__ import annotations

from typing import Any

from tricktaker.cards import CARD_NAMES
from tricktaker.core.deals import Deal
from tricktaker.core.events import Telling, not_an_entry
from tricktaker.core.points import EV_TRICK, tell_table_entry, tell_trick
from tricktaker.games.truco.actions import DOWN, PLAY, TrucoAction
from tricktaker.games.truco.cards import ARGENTINO, by_strength, strength_table
from tricktaker.games.truco.outcomes import TIE
from tricktaker.games.truco.rules import (
    DOWN_BIT,
    EV_BLIND,
    EV_COUNT,
    EV_DEAL,
    EV_SAID,
    deal_summary,
)

#: What the number logged with a word means, by verb.
_SAID_KEY = {"raise": "value", "accept": "value", "play": "value"}


def _hand(cards: tuple[int, ...], table: tuple[int, ...]) -> list[str]:
    return [CARD_NAMES[c] for c in by_strength(sum(1 << c for c in cards), table)]


def played_json(p: int, observer: int | None) -> list[Any]:
    """``[seat, card]`` of a play in a trick; the card is null where it lies face down
    to this observer."""
    seat = p >> 7
    if p & DOWN_BIT and observer != seat:
        return [seat, None]
    return [seat, CARD_NAMES[p & 63]]


def hidden_play(seat: int) -> str:
    """How a face-down card's action reads to all but its player."""
    return f"{seat}:play down"


def _deal(entry: tuple[Any, ...], observer: int | None) -> Telling:
    _, deal, number, dealer, score, games, eleven, iron, *deck = entry
    d: Deal = deal
    vira = d.piles.get("vira")
    table = ARGENTINO if deck else strength_table(vira[0] if vira else None)
    data: dict[str, Any] = {
        "deal": number,
        "dealer": dealer,
        "score": list(score),
        "games": list(games),
    }
    if vira:
        data["vira"] = CARD_NAMES[vira[0]]
    if eleven >= 0:
        data["eleven"] = eleven
    if iron:
        data["iron"] = True
    if deck:
        data["deck"] = "spanish"
    if observer is not None:
        data["hand"] = [None] * len(d.hands[observer]) if iron else _hand(d.hands[observer], table)
        if eleven >= 0 and observer & 1 == eleven and len(d.hands) > 2:
            data["partners"] = [
                [s, _hand(d.hands[s], table)]
                for s in range(len(d.hands))
                if s != observer and s & 1 == eleven
            ]
    return ("deal", None, None, data)


def visible(entry: object, observer: int | None) -> bool:
    """Every entry reaches every observer (only its details differ)."""
    return True


def render(entry: object, observer: int | None) -> Telling | None:
    """The (kind, seat, action, data) ``observer`` sees of one log entry."""
    if type(entry) is TrucoAction:
        seat = entry.seat
        card = CARD_NAMES[entry.card]
        if entry.kind == PLAY:
            return ("action", seat, str(entry), {"card": card})
        assert entry.kind == DOWN
        if observer == seat:
            return ("action", seat, str(entry), {"card": card, "down": True})
        return ("action", seat, hidden_play(seat), {"down": True})
    if not isinstance(entry, tuple):
        raise not_an_entry("Truco", entry)
    code = entry[0]
    if code == EV_SAID:
        a: TrucoAction = entry[1]
        key = _SAID_KEY.get(a.verb, "points")
        if len(entry) > 3:  # Argentino: what the word is about (a truco, an envido, a flor)
            said: dict[str, Any] = {key: entry[2], "about": entry[3]}
            if len(entry) > 4:  # Gaúcho: the calls in Portuguese
                said["speech"] = entry[4]
            return ("action", a.seat, str(a), said)
        return ("action", a.seat, str(a), {key: entry[2]})
    if code == EV_COUNT:
        # A count said aloud; "son buenas" says none, and none is sent.
        _, seat, count, what = entry
        data: dict[str, Any] = {"what": what}
        if count is None:
            data["buenas"] = True
        else:
            data["count"] = count
        return ("count", seat, None, data)
    if code == EV_BLIND:
        b: TrucoAction = entry[1]
        return ("action", b.seat, str(b), {"card": CARD_NAMES[entry[2]], "slot": b.slot})
    if code == EV_DEAL:
        return _deal(entry, observer)
    if code == EV_TRICK:
        plays = entry[2]
        played = [played_json(p, observer) for p in plays]
        down = [p >> 7 for p in plays if p & DOWN_BIT]
        return tell_trick(entry, played, (TIE, "tie"), down=down)
    told = tell_table_entry(entry, deal_summary)
    if told is None:
        raise not_an_entry("Truco", entry)
    return told
