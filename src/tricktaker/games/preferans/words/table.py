"""The Preferans table beside the cards: what the deal waits for, the score, tags beside
the seats, the bidding, the contract, the talon, hands laid open and the trick."""

from __future__ import annotations

from collections.abc import Sequence

from tricktaker.core.i18n import N_
from tricktaker.core.protocol import View
from tricktaker.games.preferans.deck import MISERE
from tricktaker.games.preferans.sheet import min_level_after_allpass
from tricktaker.games.preferans.terms import Convention
from tricktaker.games.preferans.views import PreferansView
from tricktaker.games.preferans.words.vocabulary import Vocabulary, signed

PHASES = {
    "bidding": N_("bidding"),
    "discard": N_("the discard"),
    "declare": N_("the contract"),
    "whist": N_("whist or pass"),
    "whist_again": N_("whist or pass"),
    "open_or_closed": N_("open or closed"),
    "invite": N_("invite or play alone"),
}


class TableWords(Vocabulary):
    """The phase, the status lines, the seats' tags and the table's lines."""

    def phase(self, view: View) -> str:
        _ = self._
        v = self.view_of(view)
        if v.finished:
            return _("the game is over") if v.pot else _("the pulya is closed")
        if v.phase in PHASES:
            return _(PHASES[v.phase])
        if v.phase == "over":
            return _("the deal is over")
        if v.contract is None:
            return _("all-pass: trick {n} of 10").format(n=v.trick_number)
        return _("trick {n} of 10").format(n=v.trick_number)

    def status(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        _ = self._
        v = self.view_of(view)
        seats = range(v.players)
        if v.pot:
            cash = " · ".join(f"{names[s]} {v.cash[s]:+d}" for s in seats)
            first = _("Stakes: {stakes} · pot {kitty}").format(stakes=cash, kitty=v.kitty)
            deal = _("Deal {n} of {pool}").format(
                n=min(v.deal_number + 1, int(v.options["pool"])), pool=v.options["pool"]
            )
        else:
            balance = " · ".join(f"{names[s]} {signed(v.balance[s], self._lang)}" for s in seats)
            first = _("If the pulya were closed now (in whists): {balance}").format(balance=balance)
            deal = _("Deal {n}").format(n=v.deal_number + 1)
        lines = [
            first,
            " · ".join(
                [
                    deal,
                    self.dealer_is(names[v.dealer]),
                    self.convention(v.options),
                ]
            ),
        ]
        if not v.pot and v.allpass and not v.finished:
            low = min_level_after_allpass(str(v.options["rules"]), v.allpass)
            lines.append(
                _("All-passes in a row: {n}; bids from {low}").format(
                    n=v.allpass, low=self.contract_short(f"{low}s")
                )
            )
        if v.phase == "play" and not v.finished:
            lines.append(self.tricks_line(v.taken, names, v.active))
        return lines

    def dealer_tag(self, v: PreferansView, seat: int) -> str:
        return self._("deals, sits out") if seat not in v.active else self._("dealer")

    def tags(self, v: PreferansView, seat: int) -> list[str]:
        _ = self._
        tags: list[str] = []
        if v.finished or seat not in v.active:
            return tags
        if seat == v.declarer:
            tags.append(_("misère") if v.contract == MISERE else _("declarer"))
        answer = v.answers[seat]
        if seat == v.out_seat:
            tags.append(_("out of play"))
        elif answer:
            tags.append(self.answer_word(answer))
        if v.phase == "bidding":
            said = [w for s, w in v.bids if s == seat]
            if said:
                tags.append(self.bid_short(said[-1]))
        if v.phase == "play":
            tags.append(self.tricks_count(v.taken[seat]))
        return tags

    def table_lines(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        _ = self._
        v = self.view_of(view)
        lines: list[str] = []
        if v.bids and v.phase == "bidding":
            said = ", ".join(f"{names[s]} {self.bid_short(w)}" for s, w in v.bids)
            lines.append(_("Bidding: {bids}").format(bids=said))
        if v.declarer is not None:
            if v.contract is not None:
                line = _("Contract: {contract} · declarer: {name}").format(
                    contract=self.contract_words(v.contract), name=names[v.declarer]
                )
            else:
                line = _("Bid: {bid} · declarer: {name}").format(
                    bid=self.top_bid(v) or "—", name=names[v.declarer]
                )
            whisting = [names[s] for s in v.whisters]
            if whisting:
                line += " · " + _("whist: {names}").format(names=", ".join(whisting))
            lines.append(line)
        elif v.phase == "play":
            lines.append(_("All-pass: each for himself, the fewest tricks best"))
        if v.talon:
            lines.append(_("Talon: {cards}").format(cards=self.cards(v.talon)))
        if v.discard:
            lines.append(_("Your discard: {cards}").format(cards=self.cards(v.discard)))
        for s, hand in v.open_hands:
            lines.append(_("Open — {name}: {cards}").format(name=names[s], cards=self.cards(hand)))
        if v.last_trick:
            winner = v.last_winner
            taker = names[winner] if isinstance(winner, int) else _("nobody")
            lines.append(
                _("Last trick: {cards} → {name}").format(
                    cards=self.plays(v.last_trick, names), name=taker
                )
            )
        if v.phase == "play" and v.to_act is not None:
            lines.append(self.trick_now(v, names))
        return lines

    def trick_now(self, v: PreferansView, names: Sequence[str]) -> str:
        """The trick in progress and whose card is due (an open whister plays for two)."""
        _ = self._
        line = self.trick_title(v.trick_number)
        if v.talon_lead is not None:
            line += " " + _("(talon: {card})").format(card=self.card(v.talon_lead))
        due = due_seat(v)
        line = self.in_progress(line, self.plays(v.on_table, names), names[due])
        if not v.on_table:
            rostov = v.options.get("rules") == Convention.ROSTOV
            if v.contract is None and v.last_trick and v.trick_number == 3 and not rostov:
                line += " " + _("(first hand leads the third trick)")
        if v.to_act is not None and due != v.to_act:
            line += " " + _("(played by {name})").format(name=names[v.to_act])
        return line

    def hand_note(self, view: View) -> str | None:
        _ = self._
        v = self.view_of(view)
        if v.finished or v.seat is None:
            return None
        if v.phase == "discard" and v.seat == v.declarer:
            return _("the talon is in your hand: discard two cards")
        if v.seat in v.whisters and any(s != v.seat for s, _h in v.open_hands):
            return _("you also play the open hand of the other defender")
        return None


def no_trump(v: PreferansView) -> bool:
    """No trump in play: a no-trump contract, misère, an all-pass."""
    return v.contract is None or v.contract == MISERE or v.contract.endswith("nt")


def due_seat(v: PreferansView) -> int:
    """Whose card the trick waits for (an open whister may play it for him)."""
    active = list(v.active)
    if v.on_table:
        i = active.index(v.on_table[-1][0])
        nxt = active[(i + 1) % 3]
        if nxt == v.out_seat:
            nxt = active[(i + 2) % 3]
        return nxt
    if not v.last_trick:  # the first lead: first hand's, the declarer's in the pot game
        return v.declarer if v.pot and v.declarer is not None else active[0]
    if v.contract is None and v.options.get("rules") != Convention.ROSTOV and v.trick_number <= 3:
        return active[0]  # an all-pass led from the talon: first hand leads the third too
    return _taker(v)


def _taker(v: PreferansView) -> int:
    winner = v.last_winner
    return winner if isinstance(winner, int) else v.active[0]
