"""Preferans' log: a line for each event a seat saw.

Every card played is public in preferans, and so are the talon of a Russian
contract, the talon cards that lead an all-pass and hands laid open; the
hands, the discard (face down) and the talon of a misère or of the pot game
are not. The lines only ever name the cards of the observer's own events,
which hold no more; a card played is told with its trick, not alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.core.events import Event
from tricktaker.core.summary import DealSummary
from tricktaker.games.preferans.words.results import ResultWords


class EventWords(ResultWords):
    """The log's lines."""

    def event_text(self, event: Event, names: Sequence[str], sides: Sequence[str]) -> str | None:
        _ = self._
        d = event.data
        kind = event.kind
        if kind == "deal":
            return self.deal_text(d, names)
        if kind == "action":
            return self.action_text(event, names)
        if kind == "talon" and event.seat is not None:
            name = names[event.seat]
            if d.get("shown"):
                return _("Talon: {cards} (taken by {name}).").format(
                    cards=self.cards(d["cards"]), name=name
                )
            if d.get("cards"):
                return _("Talon, seen by you alone: {cards}.").format(cards=self.cards(d["cards"]))
            return _("The talon is taken face down by {name}.").format(name=name)
        if kind == "show":
            hands = "; ".join(f"{names[int(s)]}: {self.cards(h)}" for s, h in d["hands"])
            if d.get("why") == "misere":
                return _("The catchers lay their hands open — {hands}.").format(hands=hands)
            return _("Hands laid open — {hands}.").format(hands=hands)
        if kind == "out" and event.seat is not None:
            return _("{whister} whists alone: the hand of {name} is out of play.").format(
                whister=names[int(d["alone"])], name=names[event.seat]
            )
        if kind == "talon_lead":
            return _("All-pass, trick {n}: the talon's {card} sets the suit.").format(
                n=d["trick"], card=self.card(d["talon_card"])
            )
        if kind == "trick":
            text = self.trick_line(d, names) + "."
            if d.get("talon_card") and int(d["trick"]) == 2:
                text += " " + _("First hand leads the third trick.")
            return text
        if kind == "deal_end":
            summary = DealSummary.from_json(d)
            return _("Deal {n} over: {result}. {written}").format(
                n=summary.number + 1,
                result=self.result_text(summary, names),
                written=self.written_text(d, names),
            )
        if kind == "match_end":
            return self.final_text(d["returns"], d.get("winner"), names)
        return None

    def deal_text(self, d: Mapping[str, Any], names: Sequence[str]) -> str:
        """A deal begins: its number and dealer, who sits out, the all-pass streak (no hand:
        the observer sees his own cards)."""
        _ = self._
        dealer = names[int(d["dealer"])]
        parts = [_("Deal {n}").format(n=int(d["deal"]) + 1)]
        if len(d.get("active", ())) < len(names):
            parts.append(_("deals and sits out: {name}").format(name=dealer))
        else:
            parts.append(self.dealer_is(dealer))
        streak = int(d.get("allpass", 0))
        if streak:
            parts.append(_("all-passes in a row: {n}").format(n=streak))
        if "kitty" in d:
            parts.append(_("pot: {n}").format(n=d["kitty"]))
        return "— " + " · ".join(parts) + " —"

    def action_text(self, event: Event, names: Sequence[str]) -> str | None:
        """A word said at the table; a card played is told with its trick, not alone."""
        _ = self._
        if event.seat is None or event.action is None:
            return None
        name = names[event.seat]
        verb, _sep, rest = event.action.partition(":")[2].partition(" ")
        if verb == "play":
            return None
        if verb == "bid":
            return f"{name}: {self.word(rest)}"
        if verb == "discard":
            cards = event.data.get("cards")
            if cards:
                return _("{name}: discard {cards}, face down").format(
                    name=name, cards=self.cards(cards)
                )
            return _("{name}: discard, two cards face down").format(name=name)
        if verb == "declare":
            return _("{name}: the contract is {contract}").format(
                name=name, contract=self.contract_words(rest)
            )
        words = {
            "pass": _("pass"),
            "hold": self.pot_word("hold"),
            "whist": _("whist"),
            "half": _("half-whist"),
            "open": _("open"),
            "closed": _("closed"),
            "invite": _("I invite"),
        }
        return f"{name}: {words.get(verb, verb)}"
