"""Seed 002's pot game scored in stakes (``pot.py``).

Everyone pays into the pot when the game begins and whenever it is empty; a
deal everybody passes is thrown in and the pot stays; a contract is always
played by the declarer, who leads, against whisters who promise their tricks
(a lone whister may invite the other); ``pot.settle`` pays the deal. The
game lasts ``pool`` deals, and a balance is a seat's stakes plus his share of
the pot.
"""

from __future__ import annotations

from typing import Any

from tricktaker.cards import mask_of
from tricktaker.core.errors import RecordError
from tricktaker.core.start import Start
from tricktaker.games.preferans import pot
from tricktaker.games.preferans.auction import PotLadder
from tricktaker.games.preferans.deck import TRICKS
from tricktaker.games.preferans.sheet import Sheet
from tricktaker.games.preferans.systems.base import Position, Scoring
from tricktaker.games.preferans.table import Table
from tricktaker.games.preferans.terms import BidKind, Convention, DealEnd

#: The most stakes a record's start may give a seat, either way.
CASH_BOUND = 10**6


class PotScoring(Scoring):
    """Stakes and a pot, a contract of six tricks, whisters who promise theirs."""

    convention = Convention.POT
    bids = PotLadder()
    invites = True
    declarer_leads = True
    talon_leads_allpass = False
    may_overtake = True

    def read_start(self, start: Start, players: int, pool: int) -> Position:
        n = players
        start.check_keys(("cash", "kitty"))
        cash = list(start.row("cash", n, -CASH_BOUND, CASH_BOUND, (0,) * n))
        kitty = start.row("kitty", 1, 0, CASH_BOUND, (0,))[0]
        if sum(cash) + kitty != 0:
            raise RecordError("start: the cash and the kitty must sum to zero")
        return Sheet.empty(n), 0, cash, kitty

    def open_deal(self, t: Table) -> None:
        if t.kitty == 0:  # everyone pays into an empty pot
            t.cash = [c - pot.ANTE for c in t.cash]
            t.kitty = pot.ANTE * t.players

    def position(self, t: Table) -> dict[str, Any]:
        return {"cash": list(t.cash), "kitty": t.kitty}

    def half_whist(self, level: int) -> bool:
        return False

    def talon_shown(self, contract: str | None) -> bool:
        return False

    def all_passed(self) -> DealEnd | None:
        return DealEnd.THROWN_IN  # seed 002 is silent: the deal is thrown in, the pot stays

    def settle(self, t: Table, end: DealEnd, details: dict[str, Any]) -> tuple[int | None, int]:
        payments, made = _pay(t, end)
        details["payments"] = payments
        details["kitty"] = t.kitty
        details["cash"] = list(t.cash)
        if made is None:
            return None, 0
        return (t.declarer if made else None), pot.ANTE

    def over(self, t: Table) -> bool:
        return t.deal_no + 1 >= t.pool

    def balance(self, t: Table) -> tuple[float, ...]:
        share = t.kitty / t.players
        return tuple(c + share for c in t.cash)


def _pay(t: Table, end: DealEnd) -> tuple[list[list[Any]], bool | None]:
    """Seed 002's payments; returns them and whether the contract was made."""
    if end == DealEnd.THROWN_IN:
        return [], None
    d = t.declarer
    assert d is not None and t.contract is not None
    if end == DealEnd.NO_WHIST:
        tricks = [0] * t.players
        tricks[d] = TRICKS
    else:
        tricks = list(t.taken)
    hand = t.holding & ~t.discard if t.holding else mask_of(t.dealt[-1].hands[t.order(d)])
    result = pot.settle(
        players=t.players,
        declarer=d,
        defenders=t.defenders(),
        answers=tuple(t.answers),
        tricks=tuple(tricks),
        hearts=t.bid_kind == BidKind.HEARTS,
        four_aces=pot.four_aces(hand),
        kitty=t.kitty,
    )
    for seat, delta in enumerate(result.cash):
        t.cash[seat] += delta
    t.kitty = result.kitty
    return [list(p) for p in result.payments], result.made
