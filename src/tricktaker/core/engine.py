"""What every game's state machine keeps and does alike, written once.

A game's rules class (``games/<game>/rules.py``) holds the rules alone: the
phases, what is legal, what an action does. Around that, every match keeps
the same things: its options and seed, the deals given in a record, the
dealer, the log of what happened, the finished deals and their summaries,
whether it is over and who won. It copies itself for search, and writes its
record's head. :class:`Engine` holds those, so that a game's rules hold only
what is their own.

The state is a bag of slots: search bots clone and apply millions of times.
``clone`` is written out once per class (as ``dataclasses`` writes its
methods): one assignment per slot, a fresh copy of each list the class names
in ``COPIED``, and of the per-observer events told so far a fork
(``core.kept.KeptEvents.fork``): a copy reads the events its original had told
without telling them again, so a server that copies its table's state for each
move pays for the new events only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from tricktaker.core.actions import ActionTable, NumberedAction
from tricktaker.core.deals import GivenDeal
from tricktaker.core.errors import IllegalAction, RecordError
from tricktaker.core.kept import KeptEvents
from tricktaker.core.options import Options
from tricktaker.core.start import Start
from tricktaker.core.summary import DealList, DealSummary

A = TypeVar("A", bound=NumberedAction)


def _slots(cls: type) -> Iterator[str]:
    """Every slot of ``cls`` and its bases, each once."""
    seen: set[str] = set()
    for klass in reversed(cls.__mro__):
        names = klass.__dict__.get("__slots__", ())
        for name in (names,) if isinstance(names, str) else names:
            if name not in seen and name != "__weakref__":
                seen.add(name)
                yield name


def _make_clone(cls: type, copied: tuple[str, ...], fresh: tuple[str, ...]) -> Callable[..., Any]:
    """``cls.clone``, written out for ``cls``: one assignment per slot (lists in ``copied``
    copied, slots in ``fresh`` left unset for the copy to rebuild, the rest shared)."""
    names = [n for n in _slots(cls) if n not in fresh]
    missing = set(copied) - set(names)
    if missing:
        raise TypeError(f"{cls.__name__}.COPIED names no slot: {sorted(missing)}")
    lines = ["def clone(self, stop_after_deal=None):", "    new = _new(_cls)"]
    lines += [
        f"    new.{n} = self.{n}[:]" if n in copied else f"    new.{n} = self.{n}" for n in names
    ]
    if "_told" in fresh:  # the events told so far, shared until the copy tells its own
        lines += [
            "    told = self._told",
            "    new._told = None if told is None else told.fork(len(self.log))",
        ]
    lines += [
        "    if stop_after_deal is not None:",
        "        new.stop_after_deal = stop_after_deal",
        "    return new",
    ]
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), scope)  # code built from the class's own slot names only
    clone: Callable[..., Any] = scope["clone"]
    clone.__doc__ = Engine.clone.__doc__
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    return clone


class Engine(Generic[A]):
    """The plumbing of a match, under a game's rules class.

    A subclass sets ``GAME_ID`` (the id its records carry), lists in ``COPIED``
    the slots that hold lists it changes in place (a clone copies them; every
    other slot is shared, so it must be immutable or replaced whole), sets
    ``ACTIONS`` (its table of actions), and writes ``_setup`` (its own fields) and
    ``_start_deal``; the constructor, common to all, calls them.
    """

    __slots__ = (
        "_legal",
        "_summaries",
        "_told",
        "actor",
        "deal_no",
        "deal_start",
        "dealer",
        "dealt",
        "finished",
        "first_deal",
        "first_dealer",
        "history",
        "log",
        "n",
        "options",
        "seed",
        "start",
        "stop_after_deal",
        "winner",
    )

    GAME_ID: ClassVar[str] = ""
    #: The slots holding lists that change in place: a clone copies them.
    COPIED: ClassVar[tuple[str, ...]] = ()
    #: Log entries that are actions (besides the actions logged as themselves): the kinds
    #: of the game's ``(kind, action, ...)`` tuples, such as a word whose meaning depends on
    #: the moment.
    ACTION_ENTRIES: ClassVar[frozenset[int]] = frozenset()
    #: The game's table of actions (ids, notation, interning).
    ACTIONS: ClassVar[ActionTable[Any]]
    _COMMON_COPIED: ClassVar[tuple[str, ...]] = ("dealt", "history", "_summaries", "log")
    _action_type: ClassVar[type[NumberedAction]]

    _legal: tuple[A, ...] | None
    _summaries: list[DealSummary]
    #: Each observer's events told so far (``core.kept``), None until first asked.
    _told: KeptEvents | None
    #: The seat that decides now (None: the match is over, or a search copy stopped).
    actor: int | None
    deal_no: int
    deal_start: int
    dealer: int
    dealt: list[Any]
    finished: bool
    first_deal: int
    first_dealer: int
    history: list[Any]
    log: list[object]
    n: int
    options: Options
    seed: int | str
    start: Start
    stop_after_deal: bool
    winner: int | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        copied = tuple(dict.fromkeys((*Engine._COMMON_COPIED, *cls.COPIED)))
        cls.clone = _make_clone(cls, copied, ("_told",))  # type: ignore[method-assign]
        table = getattr(cls, "ACTIONS", None)
        #: The class of the game's actions (as they stand in the log).
        cls._action_type = type(table.by_id[0]) if table is not None else NumberedAction

    def __init__(
        self,
        options: Options,
        seed: int | str = 0,
        deals: Sequence[Mapping[str, Any] | GivenDeal] | None = None,
        dealer: int = 0,
        start: Start | None = None,
        *,
        deal_number: int = 0,
    ) -> None:
        """A match from its first deal (the protocol's ``Game.new_match``); ``deal_number``
        lets a determinisation begin at a later deal. RecordError for deals, a dealer or a
        start the rules do not allow."""
        self._begin_match(options, seed, dealer, start, deal_number)
        self._setup(deals or ())
        self._start_deal()

    def seats(self, options: Options) -> int:
        """How many seats these options put at the table."""
        return options.integer("players")

    def _setup(self, deals: Sequence[Mapping[str, Any] | GivenDeal]) -> None:
        """The game's own fields for a new match: its options read, the record's deals and
        the starting position (``self.start``) checked."""
        raise NotImplementedError

    def _start_deal(self) -> None:
        """Deal the next deal (``deal_no``), and open it in the log."""
        raise NotImplementedError

    def _begin_match(
        self, options: Options, seed: int | str, dealer: object, start: Start | None, number: int
    ) -> None:
        """The fields every match starts with; RecordError for a dealer not at the table."""
        players = self.seats(options)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise RecordError(f"dealer must be a seat from 0 to {players - 1}")
        self.n = players
        self.options = options
        self.seed = seed
        self.start = start if start is not None else Start()
        self.first_dealer = dealer
        self.dealer = dealer
        self.deal_no = number
        #: The number of the match's first deal here (0 unless a determinisation).
        self.first_deal = number
        self.dealt = []
        self.finished = False
        self.winner = None
        self.history = []
        #: Summaries of ``history``, built when first asked for.
        self._summaries = []
        #: What happened, in order: interned actions and small tuples (the game's EV_*).
        self.log = []
        self._told = None
        self._legal = None
        #: Search playouts set this on a clone: the match then stops (``to_act`` None,
        #: not finished) when the deal in progress ends, instead of paying to shuffle and
        #: deal the next one.
        self.stop_after_deal = False

    @property
    def players(self) -> int:
        """Seats at the table, numbered 0..players-1 in order of play."""
        return self.n

    def clone(self, stop_after_deal: bool | None = None) -> Self:
        """An independent copy: shared immutable parts, fresh mutable lists.

        ``stop_after_deal=True`` gives a search copy: when the deal in progress
        ends, the copy stops (``to_act`` None, the match unfinished) instead of
        shuffling and dealing the next one, which a playout never needs. (Each
        subclass gets this method written out for its slots: ``_make_clone``.)
        """
        raise NotImplementedError

    # ----------------------------------------------------------------- legal

    if TYPE_CHECKING:

        @property
        def to_act(self) -> int | None: ...

    else:  # read in every step of every playout: a getter with no Python frame
        to_act = property(attrgetter("actor"), doc="The seat to act now (None: nobody).")

    def legal_actions(self) -> tuple[A, ...]:
        """What ``to_act`` may do now, computed once per position (interned actions)."""
        cached = self._legal
        if cached is None:
            seat = self.actor
            cached = self._legal = () if seat is None else self._compute_legal(seat)
        return cached

    def _compute_legal(self, seat: int) -> tuple[A, ...]:
        """What ``seat``, the seat to act, may do now."""
        raise NotImplementedError

    def _why_illegal(self, action: A) -> str:
        """Why ``action`` is not allowed now, in words its seat understands."""
        raise NotImplementedError

    def _interned(self, action: object) -> A:
        """The game's own object for ``action`` (an action or its notation), or IllegalAction."""
        table = self.ACTIONS
        number = getattr(action, "number", -1)
        by_id = table.by_id
        if type(number) is int and 0 <= number < len(by_id) and by_id[number] is action:
            known: A = by_id[number]
            return known
        interned: A = table.intern(action)
        return interned

    def _take(self, action: object) -> A:
        """The legal action meant by ``action``: IllegalAction, the state unchanged, if it
        is not one. The legal actions are then forgotten (the state is about to change).

        The hot path of every search: written for the usual case, an interned action
        as ``legal_actions`` hands them out (no lookup, no parsing)."""
        try:
            by_id = self.ACTIONS.by_id
            a: A = action if by_id[action.number] is action else self._interned(action)  # type: ignore[attr-defined]
        except (AttributeError, IndexError, TypeError):
            a = self._interned(action)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for candidate in legal:  # interned: identity is equality
            if candidate is a:
                break
        else:
            raise IllegalAction(self._why_illegal(a), f"'{a}' is not allowed now")
        self._legal = None
        return a

    # --------------------------------------------------------------- output

    @staticmethod
    def deal_summary(raw: Any) -> DealSummary:
        """The typed summary of a finished deal as the engine keeps it (``history``): the
        summary itself, unless the game keeps a lighter tuple and builds it when read."""
        summary: DealSummary = raw
        return summary

    def finished_deals(self) -> DealList:
        history = self.history
        if not history:  # asked after every action by loops that stop at a deal's end
            return _NO_DEALS
        return DealList(history, self._summaries, self.deal_summary)

    @property
    def actions(self) -> list[A]:
        """Every action taken so far, in order."""
        kind = self._action_type
        said = self.ACTION_ENTRIES
        out: list[A] = []
        for entry in self.log:
            if type(entry) is kind:
                out.append(entry)  # type: ignore[arg-type]
            elif said and type(entry) is tuple and entry[0] in said:
                out.append(entry[1])
        return out

    def _record_head(self) -> dict[str, Any]:
        """What every record starts with: the game, its options, the first dealer, the start."""
        head: dict[str, Any] = {
            "game": self.GAME_ID,
            "options": self.options.to_json(),
            "dealer": self.first_dealer,
        }
        if self.start:
            head["start"] = self.start.to_json()
        return head


#: The finished deals of a match that has finished none (a snapshot, shared: it never grows).
_NO_DEALS = DealList((), [], Engine.deal_summary)


def side_returns(winner: int | None, sides: tuple[int, ...]) -> tuple[float, ...]:
    """+1 to each seat of the side that won the match, -1 to the others; 0 until then."""
    if winner is None:
        return (0.0,) * len(sides)
    return tuple(1.0 if side == winner else -1.0 for side in sides)
