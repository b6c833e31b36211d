"""Preferans' vocabulary: contracts, bids and answers as players say and write them.

The Russian is the table's: «шесть пик», «семь без козыря», «мизер», «вист»,
«пас», «полвиста», and for seed 002's pot game its own words: «раз», «игра»,
«червы», «здесь». :class:`Vocabulary` is the base every part of Preferans'
words builds on (``core.words.GameWords`` with the game's catalog, title and
view); the parts add the events, the results, the table, the hints...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tricktaker.core.cardwords import SUITS as SUIT_SYMBOLS
from tricktaker.core.i18n import N_, decimal
from tricktaker.core.words import GameWords, Source
from tricktaker.games.preferans.deck import MISERE, POT_BIDS, contract_level
from tricktaker.games.preferans.terms import Answer, Convention
from tricktaker.games.preferans.views import PreferansView

DOMAIN = "preferans"
PACKAGE = "tricktaker.games.preferans"
#: A strain's letter in the notation -> the card suit's letter (no trumps: none).
STRAIN_LETTERS = ("s", "c", "d", "h", "nt")
#: The pot game's number bids: the lowest trump each allows.
POT_NUMBER_SUIT = {"1": "s", "2": "c", "3": "d", "4": "h"}
#: The conventions (the ``rules`` option) by their names.
CONVENTIONS: dict[str, str] = {
    Convention.SOCHI: N_("Sochi"),
    Convention.LENINGRAD: N_("Leningrad"),
    Convention.ROSTOV: N_("Rostov"),
    Convention.POT: N_("the pot game"),
}
LEVELS = {6: N_("six"), 7: N_("seven"), 8: N_("eight"), 9: N_("nine"), 10: N_("ten")}


def signed(x: float, lang: str) -> str:
    """A balance as players write it: whole numbers bare, else one decimal (a decimal
    comma where the language writes one, ``core.i18n.decimal``)."""
    if abs(x - round(x)) < 0.05:
        return f"{round(x):+d}"
    return decimal(f"{x:+.1f}", lang)


def split_contract(contract: str) -> tuple[int, str]:
    """A contract's level and strain letters: ``7nt`` -> ``(7, "nt")``."""
    level = contract_level(contract)
    return level, contract[len(str(level)) :]


class Vocabulary(GameWords[PreferansView]):
    """Preferans' words in one language: the game's own pieces of speech."""

    source = Source(DOMAIN, PACKAGE, N_("Preferans"), PreferansView)

    def strain_word(self, strain: str) -> str:
        """A strain as a contract names it (Russian: the genitive, «шесть пик»)."""
        _ = self._
        words = (
            _.pgettext("contract", "spades"),
            _.pgettext("contract", "clubs"),
            _.pgettext("contract", "diamonds"),
            _.pgettext("contract", "hearts"),
            _.pgettext("contract", "no trumps"),
        )
        return words[STRAIN_LETTERS.index(strain)]

    def contract_words(self, contract: str) -> str:
        """A contract as it is said: ``six spades``, «семь без козыря», «мизер»."""
        _ = self._
        if contract == MISERE:
            return _("misère")
        level, strain = split_contract(contract)
        return _("{level} {strain}").format(level=_(LEVELS[level]), strain=self.strain_word(strain))

    def contract_short(self, contract: str) -> str:
        """A contract as it is written: ``6♠``, ``7 NT`` («7 БК»), ``Misère``."""
        _ = self._
        if contract == MISERE:
            return _("Misère")
        level, strain = split_contract(contract)
        if strain == "nt":
            return _("{level} NT").format(level=level)
        return f"{level}{SUIT_SYMBOLS['cdhs'.index(strain)]}"

    def pot_word(self, bid: str) -> str:
        """A pot-game bid as said at the table (seed 002): «раз», «игра», «червы», «здесь»."""
        _ = self._
        return {
            "1": _.pgettext("pot", "one"),
            "2": _.pgettext("pot", "two"),
            "3": _.pgettext("pot", "three"),
            "4": _.pgettext("pot", "four"),
            "game": _.pgettext("pot", "game"),
            "hearts": _.pgettext("pot", "hearts"),
            "hold": _.pgettext("pot", "hold"),
        }[bid]

    def word(self, said: str) -> str:
        """What a player said in the bidding, as it is said (the pot game's bids are words
        of their own, never a Russian contract's)."""
        return self._bid(said, self.contract_words)

    def answer_word(self, answer: str) -> str:
        """A defender's answer: ``whist``, ``pass``, ``half-whist``, ``invited``."""
        _ = self._
        words: dict[str, str] = {
            Answer.WHIST: _("whist"),
            Answer.PASS: _("pass"),
            Answer.HALF: _("half-whist"),
            Answer.INVITED: _("invited"),
        }
        return words.get(answer, answer)

    def bid_short(self, said: str) -> str:
        """A bid as a tag: ``6♠``, ``pass``, «раз»."""
        return self._bid(said, self.contract_short)

    def _bid(self, said: str, contract: Callable[[str], str]) -> str:
        """A word of the bidding: a pass, a pot-game bid, or a contract as ``contract``
        says it."""
        if said == "pass":
            return self._("pass")
        if said in POT_BIDS or said == "hold":
            return self.pot_word(said)
        return contract(said)

    def top_bid(self, v: PreferansView) -> str | None:
        """The highest bid so far, as written, with its bidder's hold if any."""
        for _s, w in reversed(v.bids):
            if w not in ("pass", "hold"):
                return self.bid_short(w)
        return None

    def convention(self, options: Mapping[str, Any]) -> str:
        return self._(CONVENTIONS[str(options.get("rules", "sochi"))])

    def trick_line(self, d: Mapping[str, Any], names: Sequence[str]) -> str:
        """A finished trick, card by card (every card played is public)."""
        _ = self._
        head = self.trick_title(d["trick"])
        if d.get("talon_card"):
            head += " " + _("(talon: {card})").format(card=self.card(d["talon_card"]))
        winner = d["winner"]
        taker = names[int(winner)] if isinstance(winner, int) else _("nobody")
        return f"{head}: {self.plays(d['played'], names)} → {taker}"
