"""The Game protocol v2 that every game implements (docs/design.md, §2 "The Game protocol").

The split follows OpenSpiel: a :class:`Game` declares its facts (:class:`GameInfo`),
its options and its words, and makes states; a :class:`State` is one match in
progress. Information leaves a state only through ``view(seat)``,
``public_view()`` and ``events(since, observer)``; chance enters only through
the seeded deal (``core.dealing`` and ``core.deals``). The conformance suite
(``tests/conformance``) checks every registered game against this page.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol, Self, cast, runtime_checkable

from tricktaker.cards import Card
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.core.options import Options, OptionSpec
from tricktaker.core.start import Start
from tricktaker.core.summary import DealSummary

if TYPE_CHECKING:  # numpy is loaded only by a game that plays out in bulk
    from tricktaker.core.playouts import Playouts


class Direction(StrEnum):
    """The way play passes round the table, as the seats sit (``GameInfo.play_direction``)."""

    #: Clockwise: seat 1 sits on seat 0's left (Le Truc, Tetka, Preferans).
    LEFT = "left"
    #: Counter-clockwise: seat 1 sits on seat 0's right (Truco).
    RIGHT = "right"


class Chance(StrEnum):
    """Where chance enters a match (``GameInfo.chance``); nowhere else, by design."""

    #: One seeded shuffle per deal (``core.dealing``), and nothing more.
    SHUFFLE = "a seeded shuffle per deal (core.dealing)"
    #: The shuffle, and cards turned from a second deck (Tetka's seat draw and photograph,
    #: the game's ``chance`` module), seeded the same way.
    SHUFFLE_AND_SECOND_DECK = (
        "a seeded shuffle per deal (core.dealing); cards turned from a second deck, seeded alike"
    )


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's facts, as OpenSpiel's GameType/GameInfo state them.

    The conformance suite checks that every random match stays inside them:
    returns within ``min_return..max_return`` and summing to zero, no deal
    longer than ``max_deal_actions``, every action id below
    ``num_distinct_actions``, every deal a partition of ``deck_size`` cards.

    ``play_direction`` is the way play passes round the table, as the seats
    sit (:class:`Direction`). Seats are numbered in order of play either way;
    front ends read this to draw them where the players of the game expect them.
    """

    id: str
    name: str
    players: tuple[int, ...]
    num_distinct_actions: int
    min_return: float
    max_return: float
    max_deal_actions: int
    deck_size: int
    zero_sum: bool = True
    hidden_information: bool = True
    chance: Chance = Chance.SHUFFLE
    play_direction: Direction = Direction.LEFT
    #: Piles of a record's deals turned from a second deck (Tetka's photograph and seat
    #: draw): they repeat cards of the playing deck, so a deal's partition leaves them out.
    second_deck: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    """Scores per side for the game in progress, games won, and the outcome (for display)."""

    score: tuple[int, ...]
    games: tuple[int, ...]
    finished: bool
    winner: int | None


class View(Protocol):
    """What one seat (or a spectator, ``seat is None``) may know now.

    A view holds exactly what the rules let that observer see at this moment,
    and its JSON (``to_json``) is its canonical form: two views are equal when
    their JSON is, and ``Game.view_from_json`` reads it back. Hands may hold
    hidden slots (``None``): a card the seat holds but may not see. What the
    seat saw earlier and may no longer see is in its events, not its view.
    """

    @property
    def seat(self) -> int | None:
        """The observing seat, or None for a spectator."""
        ...

    @property
    def players(self) -> int:
        """Seats at the table."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat that decides now, or None when the match is over."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer of the deal in progress (or of the last deal)."""
        ...

    @property
    def hand(self) -> tuple[Card | None, ...]:
        """The observer's own cards in their order; None is a slot he may not see."""
        ...

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        ...

    @property
    def on_table(self) -> tuple[tuple[int, Card | None], ...]:
        """The trick in progress: (seat, card) in order of play; None for a face-down card."""
        ...

    @property
    def finished(self) -> bool:
        """Whether the match is over."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The canonical form: every field, cards as names, hidden slots as null."""
        ...


class State(Protocol):
    """One match in progress: the rules' state machine, and the only holder of the truth."""

    @property
    def to_act(self) -> int | None:
        """The seat that decides now, or None when the match is over.

        Where the deciding seat plays another seat's cards (open whist, a
        dummy), the action's ``owner`` says whose.
        """
        ...

    @property
    def players(self) -> int:
        """Seats at the table, numbered 0..players-1 in order of play."""
        ...

    @property
    def sides(self) -> tuple[int, ...]:
        """The side of each seat: partners share a side; in games for one, each seat is its own."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """What ``to_act`` may do now (empty when the match is over)."""
        ...

    def apply(self, action: Action | str) -> None:
        """Take one action and append its events; IllegalAction (state unchanged) if not legal."""
        ...

    def result(self) -> Result:
        """Per-side score of the game in progress, games won, finished, winning side."""
        ...

    def returns(self) -> tuple[float, ...]:
        """What the match pays each seat so far, summing to zero (all zero while unfinished
        in games settled only at the end, such as Le Truc's ±1 for the match)."""
        ...

    def view(self, seat: int) -> View:
        """What ``seat`` may know now; IllegalAction for a seat not at the table."""
        ...

    def public_view(self) -> View:
        """What a spectator may know now."""
        ...

    def events(self, since: int = 0, observer: int | None = None) -> list[Event]:
        """The observer's events numbered ``since`` and later (``None``: a spectator)."""
        ...

    def finished_deals(self) -> Sequence[DealSummary]:
        """Every finished deal of the match, in order, with only cards that were shown
        (a ``core.summary.DealList``: counting them costs nothing)."""
        ...

    def clone(self, stop_after_deal: bool | None = None) -> Self:
        """An independent copy: applying actions to one never changes the other.

        ``stop_after_deal=True`` makes a search copy that stops (``to_act`` None,
        unfinished) when the deal in progress ends, dealing nothing beyond it.
        """
        ...

    def to_record(self) -> dict[str, Any]:
        """The full record (every deal's cards): it replays to this very state."""
        ...

    def public_record(self) -> dict[str, Any]:
        """The record anyone may see: no hand, no stock, nothing private."""
        ...

    def shown_record(self) -> dict[str, Any]:
        """The record shown to every seat and spectator once the match is over: the full
        record where the rules have shown every card by then, else the public record
        marked ``"partial": true`` (``core.state.GameState.shown_record``)."""
        ...

    def info_key(self, seat: int) -> Hashable:
        """A hashable key equal for two states exactly when ``seat`` cannot tell them apart
        (for solvers' information sets)."""
        ...

    def shown_cards(self, observer: int | None) -> frozenset[Card]:
        """The cards the rules show ``observer`` (None: a spectator) now besides his own hand
        and the cards played face up: a card turned for all (Truco's vira, Tetka's
        photograph from a second deck), a talon shown, hands laid open (an open whist, a
        hand of eleven's partners), a blind card once played. The conformance suite's
        hidden-card check lets exactly these through, and no other card."""
        ...


class Words(Protocol):
    """A game's own words in one language, shared by the terminal and the web table.

    Plain text only (no markup); cards are written with ``core.cardwords``, so
    a front end can colour them by their suit symbols. ``names`` are the
    front end's names of the seats (by seat number) and ``sides`` its names of
    the sides (by side number, ``State.sides``): the words never name a seat
    themselves, so a front end may call the observer "You".

    Optional hooks a game's words may add: :class:`PaperSheet` (the score sheet
    as drawn on paper), ``core.pairs.CardPairWords`` (the button that sends
    two cards chosen together, such as a discard), :class:`ActionGroups` (the
    buttons laid out in groups and rows, as the players expect them: bids by
    level and strain) and :class:`OptionWords` (the options' names and values in
    the players' words, for a lobby). A front end uses them where a game has
    them and falls back to its own layout and the raw names where not.
    """

    @property
    def lang(self) -> str:
        """The language, one of ``core.i18n.LANGUAGES``."""
        ...

    @property
    def title(self) -> str:
        """The game's name as its players write it."""
        ...

    def rules(self, options: Options) -> list[str]:
        """The rules in a few lines, for these options (player count, variants)."""
        ...

    def option_help(self, spec: OptionSpec) -> str:
        """The help line of an option."""
        ...

    def phase(self, view: View) -> str:
        """What the deal is waiting for, in a few words."""
        ...

    def action_label(self, action: Action, view: View) -> str:
        """The words on the button for one of the observer's own legal actions."""
        ...

    def action_help(self, action: Action, view: View, names: Sequence[str]) -> str | None:
        """What choosing the action means now, where that is not obvious (None: obvious).

        Shown under the buttons, so that "No" or "Fold" say what they cost."""
        ...

    def is_private(self, action: Action) -> bool:
        """Whether the action is a word to partners only (a front end sets it apart)."""
        ...

    def event_text(self, event: Event, names: Sequence[str], sides: Sequence[str]) -> str | None:
        """One log line for an event (None: nothing worth a line)."""
        ...

    def hint(self, view: View, legal: Sequence[Action], names: Sequence[str]) -> str:
        """One line: what is asked of the observer, or whom the table waits for."""
        ...

    def status(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        """Score, stake and the like: a few short lines."""
        ...

    def seat_tags(self, view: View, seat: int) -> list[str]:
        """Short tags shown beside a seat's name (dealer, captain...)."""
        ...

    def table_lines(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        """The deal so far, beside the cards on the table: tricks already taken,
        and whose card the table waits for (which may differ from ``to_act``,
        who may be answering a proposal)."""
        ...

    def hand_note(self, view: View) -> str | None:
        """A short note beside the observer's hand (cards set aside, the order of ranks)."""
        ...

    def deal_lines(
        self, summary: DealSummary, names: Sequence[str], sides: Sequence[str]
    ) -> list[str]:
        """How a finished deal went, trick by trick, and what it scored."""
        ...

    def sheet_row(self, summary: DealSummary, sides: Sequence[str]) -> list[str]:
        """One row of the score sheet: deal, result, points, running score."""
        ...

    def sheet_header(self, sides: Sequence[str]) -> list[str]:
        """The score sheet's column titles (as many as ``sheet_row`` has cells)."""
        ...

    def match_result(self, view: View, sides: Sequence[str]) -> str:
        """Who won the match and how (for the end screen)."""
        ...


def provides(obj: object, protocol: type) -> bool:
    """Whether ``obj`` has an optional protocol's parts: ``isinstance`` answered once per
    class (a runtime-checkable protocol's check looks up every member each time, and
    the server asks it for every frame)."""
    return _provides(type(obj), protocol, obj)


_PROVIDED: dict[tuple[type, type], bool] = {}


def _provides(kind: type, protocol: type, obj: object) -> bool:
    key = (kind, protocol)
    found = _PROVIDED.get(key)
    if found is None:
        found = _PROVIDED[key] = isinstance(obj, protocol)
    return found


@runtime_checkable
class PaperSheet(Protocol):
    """Words that can also draw the score sheet as its players keep it on paper (optional).

    Some games are scored on a sheet whose shape players know by heart (preferans'
    pulya, gora and whists, running totals separated by dots); a table of rows
    (``sheet_row``) cannot show it. Such a game's words add ``sheet_lines``; a front
    end shows them, monospace, where the game has them, and nothing where it has not.
    """

    def sheet_lines(
        self, view: View, deals: Sequence[DealSummary], names: Sequence[str]
    ) -> list[str]:
        """The sheet as preformatted lines of equal-width characters (empty: nothing to
        draw), from the observer's view and the finished deals he saw."""
        ...


def paper_lines(
    words: Words, view: View, deals: Sequence[DealSummary], names: Sequence[str]
) -> list[str]:
    """The game's paper sheet (``PaperSheet``), or no lines for a game without one."""
    if provides(words, PaperSheet):
        return cast(PaperSheet, words).sheet_lines(view, deals, names)
    return []


@runtime_checkable
class PaperDrawing(Protocol):
    """Words that give the paper sheet's cells apart, for a front end that draws the
    sheet's figure itself (optional; the web table's circle of sectors).

    ``sheet_drawing`` returns None where the game keeps no such sheet now, else a
    JSON-ready dict: ``title``, ``labels`` (the words of its parts), ``seats`` (each
    seat's parts as running totals) and ``balance``; only from the view and the
    finished deals the observer saw, like ``PaperSheet``.
    """

    def sheet_drawing(
        self, view: View, deals: Sequence[DealSummary], names: Sequence[str]
    ) -> dict[str, Any] | None:
        """The sheet's cells for drawing, or None."""
        ...


def paper_drawing(
    words: Words, view: View, deals: Sequence[DealSummary], names: Sequence[str]
) -> dict[str, Any] | None:
    """The game's paper sheet in cells (``PaperDrawing``), or None for a game without one."""
    if provides(words, PaperDrawing):
        return cast(PaperDrawing, words).sheet_drawing(view, deals, names)
    return None


#: A cell of an action grid: one of the legal actions, or None (a gap that keeps the columns).
GridCell = Action | None


@runtime_checkable
class ActionGroups(Protocol):
    """Words that lay the legal actions out as their players expect them (optional).

    A long list of buttons in the order of ``legal_actions`` is hard to read when the
    actions form a table in the players' heads: preferans' bids are rows by level
    (6 to 10) and columns by strain (♠ ♣ ♦ ♥ NT), with misère and the pass apart.
    Such a game's words add ``action_groups``; a front end draws each group as a grid
    (rows of cells, a gap where a cell is None, as many columns as the widest row)
    and the actions in no group as it always does, after them. Without the hook, or
    where it returns no group, the front end keeps its own layout.
    """

    def action_groups(self, legal: Sequence[Action], view: View) -> list[list[list[GridCell]]]:
        """Groups of rows of cells, each action of ``legal`` at most once (empty: no layout)."""
        ...


def action_groups(words: Words, legal: Sequence[Action], view: View) -> list[list[list[GridCell]]]:
    """The game's grouping of the legal actions (``ActionGroups``), or none."""
    if provides(words, ActionGroups) and legal:
        return cast(ActionGroups, words).action_groups(legal, view)
    return []


@runtime_checkable
class GroupTitles(Protocol):
    """Names for the groups of :class:`ActionGroups`, and a line of help under them
    (optional).

    A grid of bids reads by itself; a row of unlike buttons does not. Le Truc for
    four offers at once the cards, the stake calls, the captain's five words and the
    partner's four signals: its words name each group ("Say to your partner") and
    add one line that says what a captain is and that a word does not end the turn.
    """

    def group_titles(self, legal: Sequence[Action], view: View) -> list[str | None]:
        """A title for each group ``action_groups`` gives, in its order (None: none)."""
        ...

    def groups_note(self, legal: Sequence[Action], view: View) -> str | None:
        """One line under the groups (None: nothing to say)."""
        ...


def group_titles(words: Words, legal: Sequence[Action], view: View) -> list[str | None]:
    """The titles of the game's groups of legal actions (``GroupTitles``), or none."""
    if provides(words, GroupTitles) and legal:
        return cast(GroupTitles, words).group_titles(legal, view)
    return []


def groups_note(words: Words, legal: Sequence[Action], view: View) -> str | None:
    """The line of help under the game's groups (``GroupTitles``), or None."""
    if provides(words, GroupTitles) and legal:
        return cast(GroupTitles, words).groups_note(legal, view)
    return None


@runtime_checkable
class OptionWords(Protocol):
    """Words that name a game's options and their values for a lobby (optional).

    The schema's names and values are notation (``rules``, ``sochi``); a lobby shows
    a player «Правила» and «Сочинка» where the game's words have them, and the raw
    names where not (``option_label`` and ``choice_label`` below fall back to them).
    """

    def option_label(self, spec: OptionSpec) -> str:
        """The option's name as a player reads it ("Rules")."""
        ...

    def choice_label(self, spec: OptionSpec, value: object) -> str:
        """One of its values as a player reads it ("Sochi"); the raw value where unnamed."""
        ...


def option_label(words: Words, spec: OptionSpec) -> str:
    """The option's name in the game's words (``OptionWords``), else its notation."""
    return (
        cast(OptionWords, words).option_label(spec) if provides(words, OptionWords) else spec.name
    )


def choice_label(words: Words, spec: OptionSpec, value: object) -> str:
    """A value of the option in the game's words (``OptionWords``), else as written."""
    if provides(words, OptionWords):
        return cast(OptionWords, words).choice_label(spec, value)
    return str(value)


@runtime_checkable
class RulesSummary(Protocol):
    """The rules a table plays in one line, in the players' words (optional): what a
    company agrees before it starts (Preferans' convention, pulya and house rules), shown
    to everyone at the table. Without it a front end lists the options changed."""

    def rules_summary(self, options: Options) -> str:
        """One line: the rules in force at a table with these options."""
        ...


def rules_summary(words: Words, options: Options) -> str:
    """The table's rules in one line (``RulesSummary``), else every option that applies
    and is not at its default, by its lobby words ("" when none is)."""
    if provides(words, RulesSummary):
        return cast(RulesSummary, words).rules_summary(options)
    parts = []
    for spec in options.schema:
        value = options[spec.name]
        if value == spec.default or not spec.applies(options):
            continue
        label = option_label(words, spec)
        parts.append(label if value is True else f"{label}: {choice_label(words, spec, value)}")
    return "; ".join(parts)


@runtime_checkable
class ShownHands(Protocol):
    """A view that holds other seats' hands its observer sees face up (optional).

    Preferans' hands laid open (an open whist, misère's catchers), Truco's partners'
    hands in a hand of eleven: each game's view keeps them under its own name, and
    adds ``shown_hands`` so that a front end can draw them at their seats.
    """

    @property
    def shown_hands(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """(seat, cards) for each hand but the observer's own that he sees face up."""
        ...


def shown_hands(view: View) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """Other seats' hands the view shows its observer (``ShownHands``), or none."""
    return cast(ShownHands, view).shown_hands if provides(view, ShownHands) else ()


@runtime_checkable
class Claims(Protocol):
    """A state whose player may claim the rest of the tricks (optional; Preferans).

    A claim is offered only where it is sure from what the claimer knows, and an
    accepted one is played out as the ordinary moves it stands for: no game grows a
    verb for it, so the rules, the referees and the record see a deal played to its
    end (``server.claims`` asks the others and writes the moves).
    """

    def claim_line(self, seat: int) -> tuple[Action, ...] | None:
        """The moves that play out the rest of the deal if ``seat`` claims it now, or
        None where he may not claim now."""
        ...


def claim_line(state: State, seat: int) -> tuple[Action, ...] | None:
    """``state``'s ``Claims.claim_line``, or None for a game without claims."""
    return cast(Claims, state).claim_line(seat) if provides(state, Claims) else None


@runtime_checkable
class RandomPlayouts(Protocol):
    """A state that plays its deal out at random in bulk, in compiled code (optional;
    Le Truc, Tetka: ``core.playouts``).

    A search's rollouts and the bench's random deals call it instead of a Python loop
    of ``legal_actions`` and ``apply``: the same rules, held to the plain engine by
    replaying what the kernel played (``tests/test_fast_playouts.py``).
    """

    def random_playouts(
        self, n: int, seed: int, policy: str = "uniform", deal: bool = False
    ) -> Playouts:
        """``n`` playouts of the deal in progress by ``policy`` (``uniform``: any legal
        action; ``card-play``: a card, else a pass), the state left unchanged;
        ``deal``: each deals the deal's cards afresh first (the state must be at the
        deal's start). ``core.playouts.PlayoutError`` where it cannot."""
        ...


def random_playouts(
    state: State, n: int, seed: int, policy: str = "uniform", deal: bool = False
) -> Playouts | None:
    """``state``'s ``RandomPlayouts.random_playouts``, or None for a game without them."""
    if not provides(state, RandomPlayouts):
        return None
    return cast(RandomPlayouts, state).random_playouts(n, seed, policy, deal)


@runtime_checkable
class FadingEvents(Protocol):
    """A state whose rules show played cards for a while only (optional).

    Tetka lets a player look back at the last one or two finished tricks and no
    further. ``State.events`` stays the observer's memory, what he saw as it
    happened (a bot may remember the cards, as a player may); what a front end
    sends to a screen after the fact goes through ``faded``: events numbered below
    ``shown_from(observer)`` are told without the cards the rules no longer show.
    """

    def shown_from(self, observer: int | None) -> int:
        """The number of the observer's first event whose cards the rules still show."""
        ...

    def faded(self, event: Event) -> Event:
        """``event`` as told once its cards are no longer shown (the same if it has none)."""
        ...


class Game(Protocol):
    """A registered game: its facts, options and words, and the factory of its states."""

    @property
    def id(self) -> str:
        """The id it registers under (``truc``, ``truco``, ``preferans``, ``tetka``)."""
        ...

    @property
    def info(self) -> GameInfo:
        """The game's facts (players, action count, bounds)."""
        ...

    def option_schema(self) -> tuple[OptionSpec, ...]:
        """Every rule option with its type, choices or range, default and help."""
        ...

    def options(self, values: Mapping[str, object] | Options) -> Options:
        """Checked, frozen options; OptionError names an unknown option or bad value."""
        ...

    def new_match(
        self,
        options: Options,
        seed: int | str = 0,
        deals: Sequence[Mapping[str, Any]] | None = None,
        dealer: int = 0,
        start: Start | None = None,
    ) -> State:
        """A new match: deals from ``seed`` unless ``deals`` fixes them (as piles),
        ``dealer`` deals first, ``start`` is the starting position (default: the game's own).
        RecordError for deals, dealer or start that the rules do not allow."""
        ...

    def parse_action(self, text: str) -> Action:
        """The action written ``text`` (``str`` gives it back); IllegalAction if unreadable."""
        ...

    def action_id(self, action: Action) -> int:
        """A stable integer below ``info.num_distinct_actions`` (for solvers and networks)."""
        ...

    def action_from_id(self, number: int) -> Action:
        """The action with that id; IllegalAction for an id no action has."""
        ...

    def sample_state(self, view: View, memory: Sequence[Event], rng: random.Random) -> State:
        """A full state consistent with what the seat knows: its view and the events it saw.

        Its view for that seat equals ``view``, its events for that seat equal
        ``memory``; unseen cards are dealt with ``core.sampling``."""
        ...

    def view_from_json(self, data: Mapping[str, Any]) -> View:
        """Read a view back from its JSON; RecordError if it is not one."""
        ...

    def random_start(self, options: Options, rng: random.Random) -> Start:
        """A plausible starting position for self-play (an endgame score, say)."""
        ...

    def words(self, lang: str) -> Words:
        """The game's words in ``lang`` (one of ``core.i18n.LANGUAGES``)."""
        ...
