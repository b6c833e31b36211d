"""Preferans' buttons: the words on each legal action, and what choosing it means now."""

from __future__ import annotations

from collections.abc import Sequence

from tricktaker.core.actions import Action
from tricktaker.core.protocol import View
from tricktaker.games.preferans.deck import MISERE, contract_level
from tricktaker.games.preferans.pot import INVITER_PROMISE, WHIST_PROMISE
from tricktaker.games.preferans.sheet import whist_duty
from tricktaker.games.preferans.views import PreferansView
from tricktaker.games.preferans.words.vocabulary import POT_NUMBER_SUIT, Vocabulary


class ActionWords(Vocabulary):
    """Labels and help lines of the legal actions."""

    def action_label(self, action: Action, view: View) -> str:
        _ = self._
        v = self.view_of(view)
        verb, args = action.verb, action.args
        if verb == "play" and args:
            if action.owner is not None:
                return _("{card} from the open hand").format(card=self.card(args[0]))
            return self.card(args[0])
        if verb == "bid" and args:
            if args[0] in POT_NUMBER_SUIT or args[0] in ("game", "hearts"):
                return self.pot_word(args[0]).capitalize()
            return self.contract_short(args[0])
        if verb == "declare" and args:
            return self.contract_short(args[0])
        if verb == "discard" and len(args) == 2:
            return _("Discard {cards}").format(cards=self.cards(args))
        if verb == "pass" and v.phase == "invite":
            return _("Play alone")
        labels = {
            "pass": _("Pass"),
            "hold": self.pot_word("hold").capitalize(),
            "whist": _("Whist"),
            "half": _("Half-whist"),
            "open": _("Open"),
            "closed": _("Closed"),
            "invite": _("Invite"),
        }
        return labels.get(verb, str(action))

    def pair_label(self, verb: str, view: View) -> str | None:
        """The one button that sends the two cards chosen for the discard
        (``core.pairs.CardPairWords``)."""
        _ = self._
        return _("Discard") if verb == "discard" else None

    def action_help(self, action: Action, view: View, names: Sequence[str]) -> str | None:
        _ = self._
        v = self.view_of(view)
        verb, args = action.verb, action.args
        if verb == "play" and action.owner is not None:
            return _("from the open hand of {name}: you play for both defenders").format(
                name=names[action.owner]
            )
        if verb == "bid" and args:
            return self._bid_help(args[0])
        if verb == "hold":
            return _("the same level as the bid over yours: its bidder must go higher or pass")
        if v.phase == "bidding" and verb == "pass":
            return _("a pass is final: you are out of this bidding")
        if v.phase == "whist_again":
            if verb == "whist":
                return _("take the whist back: you whist alone, the half-whist is off")
            return _("the half-whist stands: the contract is made without play")
        if v.phase == "whist":
            return self._answer_help(verb, v)
        helps = {
            "open": _("both defenders' hands are laid open and you play them both"),
            "closed": _("each defender plays his own cards, unseen"),
            "invite": _(
                "the other defender plays with you and answers for nothing; you answer for "
                "{n} tricks"
            ).format(n=INVITER_PROMISE),
            "pass": _("you play alone: the other defender's cards are out of play"),
        }
        return helps.get(verb) if v.phase in ("open_or_closed", "invite") else None

    def _bid_help(self, bid: str) -> str | None:
        _ = self._
        if bid in POT_NUMBER_SUIT:
            return _("six tricks with the talon, trump {suit} or higher").format(
                suit=self.suit(POT_NUMBER_SUIT[bid])
            )
        if bid == "game":
            return _("six tricks without the talon, any trump but hearts")
        if bid == "hearts":
            return _("six tricks without the talon, hearts trump: the bidding ends")
        if bid == MISERE:
            return _("take no trick at all; misère is only ever a first bid")
        return None

    def _answer_help(self, verb: str, v: PreferansView) -> str | None:
        _ = self._
        if v.pot:
            if verb == "whist":
                return _("you promise {n} tricks; if neither whists, the declarer takes 10").format(
                    n=WHIST_PROMISE
                )
            return _("if neither whists, the declarer takes 10 tricks without play")
        if v.contract is None or v.contract == MISERE:
            return None
        duty = whist_duty(contract_level(v.contract))
        if verb == "whist" and v.contract == "6s" and v.options.get("stalingrad") is True:
            return _(
                "Stalingrad: a six of spades is whisted by both defenders, who must take {n} tricks"
            ).format(n=duty)
        if verb == "whist":
            return _.ngettext(
                "you play against the contract: the whisters must take {n} trick",
                "you play against the contract: the whisters must take {n} tricks",
                duty,
            ).format(n=duty)
        if verb == "half":
            return _(
                "the contract is made without play and you write half the whists, unless the "
                "first defender takes the whist back"
            )
        return _("if both defenders pass, the contract is made without play")
