"""What every game's words share (``core.protocol.Words``), written once.

A game's words subclass :class:`GameWords` and keep only what is their own:
their catalog (``domain`` and ``package``), the game's name, its view class,
its option tables, and its phrases. The base gives the rest: the translator
and the language, cards as players write them (``core.cardwords``), the check
that a view is the game's, the option words of a lobby, seats' names in
lists, and the phrases every trick-taking game says alike: "Trick 3",
"to play: West", "dealer: North", "West is thinking…", "2 tricks",
"hearts ♥", "“No”", "Trick 2: West 7♣, You 8♦ → West"...

Those phrases are core's, so they are translated once, in the shared catalog
(``tricktaker/locale``, through ``common``); a game's own phrases are in its
catalog (through ``_``). A game that says one of the common phrases its own
way marks its text in its own package and overrides the method.

Seats and sides are named only by the front end (``names``, ``sides``); as in
every game's words, a name is written where no verb has to agree with it
(before or after a colon, in a list), since a seat may be "You".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from tricktaker.cards import Card, parse_card
from tricktaker.core.cardwords import SUITS, card_label, rank_order
from tricktaker.core.i18n import N_, Translator, label, translator
from tricktaker.core.options import OptionSpec
from tricktaker.core.protocol import View
from tricktaker.core.summary import DealSummary

V = TypeVar("V")

#: Suits by their letter in the notation, as words.
SUIT_NAMES = {"c": N_("clubs"), "d": N_("diamonds"), "h": N_("hearts"), "s": N_("spades")}
#: How a deal ended, where every game says it alike (a game adds its own ends).
ENDS = {"tricks": N_("won on tricks"), "folded": N_("the other side folded")}


class GameWords(Generic[V]):
    """A game's words in one language: the plumbing, and the phrases every game shares."""

    #: The game's catalog: ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``.
    domain: ClassVar[str]
    package: ClassVar[str]
    #: The game's name, a message id of its catalog.
    title_text: ClassVar[str]
    #: The game's own view class, and what to say when given another game's view.
    view_class: type[V]
    wrong_view: ClassVar[str]
    #: The options' names, values and help lines in the lobby (message ids of the catalog).
    option_labels: ClassVar[Mapping[str, str]] = {}
    choice_labels: ClassVar[Mapping[tuple[str, Any], str]] = {}
    option_helps: ClassVar[Mapping[str, str]] = {}

    def __init__(self, lang: str) -> None:
        self._: Translator = translator(lang, self.domain, self.package)
        self.common: Translator = translator(lang)
        self._lang = lang

    @property
    def lang(self) -> str:
        return self._lang

    @property
    def title(self) -> str:
        return self._(self.title_text)

    def view_of(self, view: View) -> V:
        """The game's own view (the protocol's View has only the common fields)."""
        if not isinstance(view, self.view_class):
            raise TypeError(f"{self.wrong_view}, not {type(view).__name__}")
        return view

    def is_private(self, action: Any) -> bool:
        """Whether an action is a word to partners only: in most games none is."""
        return False

    # ------------------------------------------------------------ the lobby

    def option_label(self, spec: OptionSpec) -> str:
        """The option's name in the lobby (``core.protocol.OptionWords``)."""
        return label(self._, self.option_labels, spec.name, spec.name)

    def choice_label(self, spec: OptionSpec, value: object) -> str:
        """A value of the option in the lobby, as written where the game has no words for it."""
        return label(self._, self.choice_labels, (spec.name, value), str(value))

    def option_help(self, spec: OptionSpec) -> str:
        text = self.option_helps.get(spec.name)
        return self._(text) if text is not None else spec.help

    # ------------------------------------------------------------ pieces

    def card(self, card: Card | str | None) -> str:
        """A card as players of the language write it (None: a card face down)."""
        return card_label(parse_card(card) if isinstance(card, str) else card, self._lang)

    def cards(self, cards: Iterable[Card | str | None]) -> str:
        return " ".join(self.card(c) for c in cards)

    def ranks(self, ranks: str) -> str:
        """A game's order of ranks in the language's letters: ``7 8 Т К Д В 10 9``."""
        return rank_order(ranks, self._lang)

    def plays(self, plays: Iterable[Sequence[Any]], names: Sequence[str]) -> str:
        """Cards played by seat: ``West 7♣, You 8♦``."""
        return ", ".join(f"{names[int(s)]} {self.card(c)}" for s, c in plays)

    def by_seat(
        self, values: Sequence[object], names: Sequence[str], seats: Iterable[int] | None = None
    ) -> str:
        """``You 3 · West 5 · North 0``: a value per seat (every seat, or those given)."""
        chosen = range(len(values)) if seats is None else seats
        return " · ".join(f"{names[s]} {values[s]}" for s in chosen)

    def suit(self, letter: str) -> str:
        """A suit as a word with its symbol: ``hearts ♥``."""
        return f"{self.common(SUIT_NAMES[letter])} {SUITS['cdhs'.index(letter)]}"

    def quoted(self, text: str) -> str:
        """Words said at the table, in the language's quotes."""
        _ = self.common
        return _("“{text}”").format(text=text)

    def points(self, n: int) -> str:
        return self.common.ngettext("{n} point", "{n} points", n).format(n=n)

    def tricks_count(self, n: int) -> str:
        return self.common.ngettext("{n} trick", "{n} tricks", n).format(n=n)

    # ------------------------------------------------------------ the table

    def dealer_is(self, name: str) -> str:
        _ = self.common
        return _("dealer: {name}").format(name=name)

    def thinking(self, name: str) -> str:
        """Whom the table waits for."""
        _ = self.common
        return _("{name} is thinking…").format(name=name)

    def trick_title(self, n: int) -> str:
        _ = self.common
        return _("Trick {n}").format(n=n)

    def to_play(self, name: str) -> str:
        _ = self.common
        return _("to play: {name}").format(name=name)

    def to_lead(self, name: str) -> str:
        _ = self.common
        return _("to lead: {name}").format(name=name)

    def your_cards(self, cards: str) -> str:
        _ = self.common
        return _("Your cards: {cards}").format(cards=cards)

    def tricks_line(
        self, values: Sequence[object], names: Sequence[str], seats: Iterable[int] | None = None
    ) -> str:
        """``Tricks: You 3 · West 5``."""
        _ = self.common
        return _("Tricks: {tricks}").format(tricks=self.by_seat(values, names, seats))

    def your_card(self, lead: bool) -> str:
        """What a player is asked when a card of his is due (his lead, or to follow)."""
        _ = self.common
        return _("Your lead: choose a card.") if lead else _("Your turn: choose a card.")

    # ------------------------------------------------------------ finished tricks and deals

    def trick_result(self, n: int, cards: str, taker: str | None) -> str:
        """``Trick 2: West 7♣, You 8♦ → West`` (``taker`` None: the deal ended before the
        trick did)."""
        _ = self.common
        who = taker if taker is not None else _("cut short")
        return _("Trick {n}: {cards} → {who}").format(n=n, cards=cards, who=who)

    def trick_won(self, n: int, name: str) -> str:
        """A trick taken, as the log tells it: ``Trick 2 goes to West.``"""
        _ = self.common
        return _("Trick {n} goes to {name}.").format(n=n, name=name)

    def stake(self, value: object) -> str:
        """What the deal is worth: ``Stake: 4``."""
        _ = self.common
        return _("Stake: {n}").format(n=value)

    def no_card(self) -> str:
        _ = self.common
        return _("No card was played.")

    def scored(self, summary: DealSummary, sides: Sequence[str], ends: Mapping[str, str]) -> str:
        """``Us +2 points (won on tricks)``: the side that won the deal, what it scored and
        how the deal ended (``ends``: the game's own ends, translated)."""
        _ = self.common
        assert summary.winner is not None
        end = summary.end
        common = ENDS.get(end)
        how = _(common) if common is not None else ends.get(end, end)
        return _("{side} +{points} ({how})").format(
            side=sides[summary.winner], points=self.points(summary.points), how=how
        )
