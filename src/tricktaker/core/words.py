"""What every game's words share (``core.protocol.Words``), written once.

A game's words subclass :class:`GameWords` and keep only what is their own:
their :class:`Source` (catalog, name, view class) and :class:`Lobby` (the
options' words), the hooks of the hint and of the seats' tags (``over``,
``asked``, ``waiting``; ``dealer_tag``, ``tags``), and their phrases. The base
gives the rest: the translator and the language, cards as players write them
(``core.cardwords``), the check that a view is the game's, the lobby's
fallbacks, seats' names in lists, two sides' scores, and the phrases every
trick-taking game says alike: "Trick 3", "to play: West", "dealer: North",
"West is thinking…", "2 tricks", "hearts ♥", "“No”", "Trick 2: West 7♣, You
8♦ → West"...

Those phrases are core's, so they are translated once, in the shared catalog
(``tricktaker/locale``, through ``common``); a game's own phrases are in its
catalog (through ``_``). A game that says one of the common phrases its own
way marks its text in its own package and overrides the method.

Seats and sides are named only by the front end (``names``, ``sides``); as in
every game's words, a name is written where no verb has to agree with it
(before or after a colon, in a list), since a seat may be "You".
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from tricktaker.cards import Card, parse_card
from tricktaker.core.actions import Action
from tricktaker.core.cardwords import SUITS, card_label, rank_order
from tricktaker.core.i18n import N_, Translator, label, translator
from tricktaker.core.options import OptionSpec
from tricktaker.core.protocol import View
from tricktaker.core.summary import DealSummary, game_winner

V = TypeVar("V", bound=View)

#: Suits by their letter in the notation, as words.
SUIT_NAMES = {"c": N_("clubs"), "d": N_("diamonds"), "h": N_("hearts"), "s": N_("spades")}
#: How a deal ended, where every game says it alike (a game adds its own ends).
ENDS = {"tricks": N_("won on tricks"), "folded": N_("the other side folded")}


@dataclass(frozen=True, slots=True)
class Source(Generic[V]):
    """Where a game's words come from: its catalog
    (``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``), its name (a message id of that
    catalog: the English name) and its own view class."""

    domain: str
    package: str
    title: str
    view: type[V]

    def wrong_view(self, view: object) -> str:
        """What to say when the words are given another game's view."""
        owner = self.title + ("'" if self.title.endswith("s") else "'s")
        return f"{owner} words need a {self.title} view, not {type(view).__name__}"


@dataclass(frozen=True, slots=True)
class Lobby:
    """The options' names, their values and their help lines as a lobby shows them
    (message ids of the game's catalog, by option name; values by ``(name, value)``)."""

    labels: Mapping[str, str] = field(default_factory=dict)
    choices: Mapping[tuple[str, Any], str] = field(default_factory=dict)
    helps: Mapping[str, str] = field(default_factory=dict)


class GameWords(ABC, Generic[V]):
    """A game's words in one language: the plumbing, and the phrases every game shares."""

    #: The game's catalog, name and view class.
    source: Source[V]
    #: The options in the lobby's words.
    lobby: ClassVar[Lobby] = Lobby()
    #: The seat whose hint a spectator reads (None: he is only told whom the table waits for).
    spectator_reads: ClassVar[int | None] = None

    def __init__(self, lang: str) -> None:
        self._: Translator = translator(lang, self.source.domain, self.source.package)
        self.common: Translator = translator(lang)
        self._lang = lang

    @property
    def lang(self) -> str:
        return self._lang

    @property
    def title(self) -> str:
        return self._(self.source.title)

    def view_of(self, view: View) -> V:
        """The game's own view (the protocol's View has only the common fields)."""
        if not isinstance(view, self.source.view):
            raise TypeError(self.source.wrong_view(view))
        return view

    def is_private(self, action: Action) -> bool:
        """Whether an action is a word to partners only: in most games none is."""
        return False

    # ------------------------------------------------------------ the lobby

    def option_label(self, spec: OptionSpec) -> str:
        """The option's name in the lobby (``core.protocol.OptionWords``)."""
        return label(self._, self.lobby.labels, spec.name, spec.name)

    def choice_label(self, spec: OptionSpec, value: object) -> str:
        """A value of the option in the lobby, as written where the game has no words for it."""
        return label(self._, self.lobby.choices, (spec.name, value), str(value))

    def option_help(self, spec: OptionSpec) -> str:
        text = self.lobby.helps.get(spec.name)
        return self._(text) if text is not None else spec.help

    # ------------------------------------------------------------ the hint and the tags

    def hint(self, view: View, legal: Sequence[Action], names: Sequence[str]) -> str:
        """One line: the match is over, whom the table waits for, or what is asked of the
        observer (``asked``)."""
        v = self.view_of(view)
        actor = v.to_act
        if actor is None or v.finished:
            return self.over()
        if actor != (v.seat if v.seat is not None else self.spectator_reads):
            return self.waiting(v, names[actor])
        return self.asked(v, legal, names)

    @abstractmethod
    def over(self) -> str:
        """The hint once the match is over."""

    def waiting(self, v: V, name: str) -> str:
        """The hint while another seat decides (``name``)."""
        return self.thinking(name)

    @abstractmethod
    def asked(self, v: V, legal: Sequence[Action], names: Sequence[str]) -> str:
        """The hint when the observer decides: what is asked of him."""

    def seat_tags(self, view: View, seat: int) -> list[str]:
        """The dealer's tag (``dealer_tag``), then the game's own (``tags``)."""
        v = self.view_of(view)
        dealt = [self.dealer_tag(v, seat)] if seat == v.dealer else []
        return dealt + self.tags(v, seat)

    @abstractmethod
    def dealer_tag(self, v: V, seat: int) -> str:
        """The tag beside the dealer's name."""

    @abstractmethod
    def tags(self, v: V, seat: int) -> list[str]:
        """The game's tags beside a seat's name, after the dealer's."""

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

    def in_progress(self, title: str, played: str, name: str, lead_apart: bool = True) -> str:
        """The trick in progress and whose card it waits for: ``Trick 3: West 7♣ · to play:
        You``; with nothing played ``Trick 3 · to lead: You`` (``lead_apart`` False: "to
        play" still)."""
        _ = self.common
        line = f"{title}: {played}" if played else title
        due = _("to lead: {name}") if lead_apart and not played else _("to play: {name}")
        return f"{line} · " + due.format(name=name)

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

    def two_sides(
        self, template: str, score: Sequence[int], sides: Sequence[str], target: int = 0
    ) -> str:
        """Two sides' points in a game's own words: ``template`` (translated) names the sides
        ``{a}`` and ``{b}``, their points ``{x}`` and ``{y}``, the game's target ``{g}``."""
        return template.format(a=sides[0], x=score[0], b=sides[1], y=score[1], g=target)

    def race(
        self, score: Sequence[int], sides: Sequence[str], target: int, won: str, running: str
    ) -> str:
        """The score of a game to ``target`` points: ``won`` (``{side}``, ``{x}``, ``{y}``)
        once a side has reached it, else ``running`` (see ``two_sides``)."""
        leader = game_winner(score, target)
        if leader is not None:
            return won.format(side=sides[leader], x=score[0], y=score[1])
        return self.two_sides(running, score, sides, target)

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
