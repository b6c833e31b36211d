"""Preferans' hint: one line saying what is asked of the observer, or whom the table
waits for."""

from __future__ import annotations

from collections.abc import Sequence

from tricktaker.cards import CARD_NAMES
from tricktaker.core.actions import Action
from tricktaker.games.preferans.deck import MISERE, contract_level
from tricktaker.games.preferans.pot import WHIST_PROMISE
from tricktaker.games.preferans.sheet import whist_duty
from tricktaker.games.preferans.views import PreferansView
from tricktaker.games.preferans.words.actions import ActionWords
from tricktaker.games.preferans.words.table import no_trump


class HintWords(ActionWords):
    """The hint line."""

    def over(self) -> str:
        return self._("The game is over.")

    def asked(self, v: PreferansView, legal: Sequence[Action], names: Sequence[str]) -> str:
        _ = self._
        phase = v.phase
        if phase == "bidding":
            return self._bidding_hint(v, legal, names)
        if phase == "discard":
            if v.contract == MISERE:
                return _("Discard two cards face down; then take no trick: misère.")
            return _("Discard two cards face down.")
        if phase == "declare":
            low = legal[0].args[0] if legal and legal[0].args else v.min_bid
            return _("Name your contract: {low} or higher.").format(low=self.contract_short(low))
        if phase == "whist":
            return self._whist_hint(v)
        if phase == "whist_again":
            return _(
                "The other defender said half-whist: whist (you play alone) or pass (the "
                "half-whist stands)."
            )
        if phase == "open_or_closed":
            return _("You whist alone: open or closed?")
        if phase == "invite":
            return _("You whist alone: invite the other defender, or play alone?")
        return self._play_hint(v, legal, names)

    def _bidding_hint(self, v: PreferansView, legal: Sequence[Action], names: Sequence[str]) -> str:
        _ = self._
        offers = [self.action_label(a, v) for a in legal if a.verb != "pass"]
        if v.pot and offers:
            text = _("Your word: {bids} or pass.").format(bids=", ".join(offers))
        elif offers:
            text = _("Your word: {low} or higher, or pass.").format(low=offers[0])
        else:
            text = _("Your word: only a pass is left.")
        top = self.top_bid(v)
        if top is not None:
            holder = next(s for s, w in reversed(v.bids) if w != "pass")
            text = _("Top bid: {bid} ({name}).").format(bid=top, name=names[holder]) + " " + text
        return text

    def _whist_hint(self, v: PreferansView) -> str:
        _ = self._
        contract = self.contract_words(v.contract) if v.contract else "—"
        if v.pot:
            return _("Whist or pass against {contract}? A whister promises {n} tricks.").format(
                contract=contract, n=WHIST_PROMISE
            )
        duty = whist_duty(contract_level(v.contract)) if v.contract else 1
        return _.ngettext(
            "Whist or pass against {contract}? The whisters must take {n} trick.",
            "Whist or pass against {contract}? The whisters must take {n} tricks.",
            duty,
        ).format(contract=contract, n=duty)

    def _play_hint(self, v: PreferansView, legal: Sequence[Action], names: Sequence[str]) -> str:
        _ = self._
        n = v.trick_number
        owner = legal[0].owner if legal else None
        if v.talon_lead is not None:
            led: str | None = CARD_NAMES[v.talon_lead][1]
        else:
            led = CARD_NAMES[v.on_table[0][1]][1] if v.on_table else None
        if led is None:
            text = _("Your lead (trick {n}): any card.").format(n=n)
        elif legal and all(a.args and a.args[0][1] == led for a in legal):
            text = _("Your turn (trick {n}): follow suit, {suit}.").format(n=n, suit=self.suit(led))
        elif no_trump(v):
            text = _("Your turn (trick {n}): no card of the suit led: any card.").format(n=n)
        else:
            text = _("Your turn (trick {n}): no {suit}, trump if you can.").format(
                n=n, suit=self.suit(led)
            )
        if owner is not None:
            text += " " + _("The card is due from the open hand of {name}.").format(
                name=names[owner]
            )
        if v.contract == MISERE and v.seat == v.declarer:
            text += " " + _("Misère: take no trick.")
        return text
