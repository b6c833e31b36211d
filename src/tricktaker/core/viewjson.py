"""Views to JSON and back, written once for every game.

A view's JSON is its canonical form (``core.protocol.View``): two views are
equal when their JSON is, and a game reads a view back from it. Every field
is written and read by a :class:`Codec`: plain fields by their annotation
(``int``, ``int | None``, ``bool``, ``tuple[int, ...]``...), cards and other
game shapes by the codec named in the field's metadata (:func:`as_json`; cards are
written by name, ``"7h"``, a hidden slot as ``null``). :class:`JsonView`
then gives a frozen dataclass ``to_json`` and ``from_json``; reading checks
every value's type and, last, the view's own ``check`` (that the fields fit
together as the engine would build them), so that a forged view is a
:class:`~tricktaker.core.errors.RecordError`, never a crash later.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self

from tricktaker.cards import CARD_NAMES, parse_card
from tricktaker.core.errors import RecordError
from tricktaker.core.options import Options

_CODEC = "tricktaker.json_codec"
_KEY = "tricktaker.json_key"


@dataclass(frozen=True, slots=True)
class Codec:
    """How one field is written to JSON (``dump``) and read back (``load``, which raises
    ValueError, TypeError, KeyError... on what is not one)."""

    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]


def as_json(codec: Codec, key: str | None = None) -> dict[str, Any]:
    """A view field's metadata: written by ``codec``, under ``key`` in the JSON (default:
    its name). Used as ``hand: Cards = field(metadata=as_json(CARDS))``."""
    return {_CODEC: codec, _KEY: key}


def _same(x: Any) -> Any:
    return x


def _opt(load: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda x: None if x is None else load(x)


def _tuple_of(load: Callable[[Any], Any]) -> Callable[[Any], tuple[Any, ...]]:
    return lambda xs: tuple(load(x) for x in xs)


def _list(xs: Iterable[Any]) -> list[Any]:
    return list(xs)


def _rows(xs: Iterable[Iterable[Any]]) -> list[list[Any]]:
    return [list(r) for r in xs]


def card_loader(deck: Collection[int] | None = None) -> Callable[[Any], int]:
    """Reads a card's name; ValueError for a card not in ``deck`` (any card if None)."""

    def load(raw: Any) -> int:
        c = parse_card(str(raw))
        if deck is not None and c not in deck:
            raise ValueError(f"{raw!r} is not a card of this game")
        return c

    return load


def _name(c: int | None) -> str | None:
    return None if c is None else CARD_NAMES[c]


@dataclass(frozen=True, slots=True)
class CardCodecs:
    """Codecs of the shapes cards take in views, for one deck (any card where None):
    ``card``, ``cards`` and ``plays`` ((seat, card) pairs), ``seat_cards`` ((seat, cards):
    hands laid open), and with ``None`` for a card its observer may not see,
    ``maybe_card``, ``maybe_cards`` and ``maybe_plays``."""

    card: Codec
    cards: Codec
    plays: Codec
    seat_cards: Codec
    maybe_card: Codec
    maybe_cards: Codec
    maybe_plays: Codec

    @classmethod
    def of(cls, deck: Collection[int] | None = None) -> CardCodecs:
        load = card_loader(deck)
        maybe = _opt(load)
        cards = Codec(lambda cs: [CARD_NAMES[c] for c in cs], _tuple_of(load))
        return cls(
            card=Codec(CARD_NAMES.__getitem__, load),
            cards=cards,
            plays=Codec(
                lambda ps: [[s, CARD_NAMES[c]] for s, c in ps],
                lambda raw: tuple((int(s), load(c)) for s, c in raw),
            ),
            seat_cards=Codec(
                lambda hs: [[s, cards.dump(h)] for s, h in hs],
                lambda raw: tuple((int(s), cards.load(h)) for s, h in raw),
            ),
            maybe_card=Codec(_name, maybe),
            maybe_cards=Codec(lambda cs: [_name(c) for c in cs], _tuple_of(maybe)),
            maybe_plays=Codec(
                lambda ps: [[s, _name(c)] for s, c in ps],
                lambda raw: tuple((int(s), maybe(c)) for s, c in raw),
            ),
        )


#: The codecs of cards of the whole 52-card deck.
ANY_CARD = CardCodecs.of()
INT_OR_TEXT = Codec(_same, _opt(lambda x: x if isinstance(x, str) else int(x)))

#: Codecs of plain fields, by their annotation as written in the view class.
BY_ANNOTATION: dict[str, Codec] = {
    "int": Codec(_same, int),
    "int | None": Codec(_same, _opt(int)),
    "bool": Codec(_same, bool),
    "str": Codec(_same, str),
    "str | None": Codec(_same, _opt(str)),
    "Mapping[str, Any]": Codec(dict, dict),
    "tuple[int, ...]": Codec(_list, _tuple_of(int)),
    "tuple[int, int]": Codec(_list, lambda x: (int(x[0]), int(x[1]))),
    "tuple[bool, bool]": Codec(_list, lambda x: (bool(x[0]), bool(x[1]))),
    "tuple[str, ...]": Codec(_list, _tuple_of(str)),
    "tuple[float, ...]": Codec(_list, _tuple_of(float)),
    "tuple[tuple[int, ...], ...]": Codec(_rows, _tuple_of(_tuple_of(int))),
    "tuple[tuple[str, ...], ...]": Codec(_rows, _tuple_of(_tuple_of(str))),
}

#: What reading a forged view may raise before its check runs.
_BAD_VALUE = (KeyError, TypeError, ValueError, IndexError, ArithmeticError, AttributeError)


class JsonView:
    """A frozen dataclass view, written to JSON and read back field by field.

    A subclass sets ``GAME_NAME`` (for the error messages) and may add
    ``check`` (the fields fit together) and ``extra_json`` (facts derived from
    the fields, written for front ends and not read back).
    """

    __slots__ = ()
    GAME_NAME: ClassVar[str] = "game"
    _plan: ClassVar[tuple[tuple[str, str, Codec], ...]]

    @classmethod
    def _fields(cls) -> tuple[tuple[str, str, Codec], ...]:
        plan = cls.__dict__.get("_plan")
        if plan is None:
            out = []
            for f in dataclasses.fields(cls):  # type: ignore[arg-type]
                codec = f.metadata.get(_CODEC) or BY_ANNOTATION.get(str(f.type))
                if codec is None:
                    raise TypeError(f"{cls.__name__}.{f.name}: no JSON codec for {f.type}")
                out.append((f.name, f.metadata.get(_KEY) or f.name, codec))
            plan = tuple(out)
            cls._plan = plan
        return plan

    def to_json(self) -> dict[str, Any]:
        """The canonical form: every field, cards as names, hidden slots as null."""
        out = {key: codec.dump(getattr(self, name)) for name, key, codec in self._fields()}
        out.update(self.extra_json())
        return out

    def extra_json(self) -> dict[str, Any]:
        """Facts derived from the fields that front ends read (not read back)."""
        return {}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The view whose JSON is ``data``; RecordError if ``data`` is not one."""
        try:
            values = {name: codec.load(data[key]) for name, key, codec in cls._fields()}
            view = cls(**values)
        except _BAD_VALUE as exc:
            raise RecordError(f"not a {cls.GAME_NAME} view: {type(exc).__name__}: {exc}") from None
        view.check()
        return view

    def check(self) -> None:
        """RecordError unless the fields fit together as the engine would have built them."""

    def refuse(self, problems: Iterable[tuple[bool, str]]) -> None:
        """RecordError naming every field whose problem is true (for ``check``)."""
        wrong = [what for bad, what in problems if bad]
        if wrong:
            raise RecordError(f"not a {self.GAME_NAME} view: {', '.join(wrong)} out of place")


@dataclass(frozen=True, slots=True)
class TableView(JsonView):
    """What every game's view opens with: whose view, the table, and the deal.

    ``seat`` is the observer (None: a spectator), ``players`` the seats at the
    table, ``options`` the match's options, ``dealer`` and ``deal_number`` the
    deal in progress; the game's view class adds its own fields after these.
    """

    seat: int | None
    players: int
    options: Mapping[str, Any]
    dealer: int
    deal_number: int
    hand_sizes: tuple[int, ...]
    to_act: int | None
    finished: bool
    winner: int | None


class Seated(Protocol):
    """What every game's state machine holds that a view opens with (``core.engine``)."""

    n: int
    options: Options
    dealer: int
    deal_no: int
    hands: list[int]
    actor: int | None
    finished: bool
    winner: int | None


def table_fields(state: Seated, seat: int | None) -> dict[str, Any]:
    """The fields of a :class:`TableView` for ``seat``'s view of ``state`` (hands as masks)."""
    return {
        "seat": seat,
        "players": state.n,
        "options": state.options.to_json(),
        "dealer": state.dealer,
        "deal_number": state.deal_no,
        "hand_sizes": tuple(h.bit_count() for h in state.hands),
        "to_act": state.actor,
        "finished": state.finished,
        "winner": state.winner,
    }


def unpack_plays(plays: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """Plays kept by the engines as ``seat << 6 | card``, as (seat, card) pairs."""
    return tuple((p >> 6, p & 63) for p in plays)
