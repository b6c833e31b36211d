"""The JSON bodies the HTTP API takes, as pydantic models that FastAPI validates.

A model checks a body's shape: an object, a list of seats, text where text is
due. What depends on the game (its options, how many seats it has, its
computer levels) is checked by the route, which knows the game. Every
refusal here is a ``PydanticCustomError`` whose message a person reads as it
stands, or one of pydantic's own that ``routes.reading`` words the same way;
either way the client gets ``400 {"detail": "<message>"}``, as the lobby and
the replay viewer show it.

Fields that the API always took leniently stay lenient, so no page that
worked stops working: an unknown ``lang`` is English, a name that is not text
is left to the default ("Player 2"), absent ``seats`` of an uploaded record
are a person and the computers.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from tricktaker.core.i18n import language_of
from tricktaker.core.registry import game_ids
from tricktaker.server.life import CLOCK_CHOICES, DEFAULT_SPEED, SPEED_CHOICES


def refuse(message: str) -> PydanticCustomError:
    """A refusal told as it stands (its type, ``tricktaker``, marks it as ours)."""
    return PydanticCustomError("tricktaker", message)


def lang_or_english(value: object) -> str:
    """A language the app speaks (``pt``, or a tag of it: ``pt-BR``), or English for
    anything else (never an error)."""
    return language_of(value) or "en"


def _texts_or_blank(value: object) -> list[str]:
    """Names as given, a blank for each that is not text (the seat's default name)."""
    given = value if isinstance(value, list) else []
    return [item if isinstance(item, str) else "" for item in given]


def _none_is_empty(value: object) -> object:
    return [] if value is None else value


#: A language of the app; anything else is English.
Lang = Annotated[str, BeforeValidator(lang_or_english)]
#: One name per seat; what is not text is left blank (the seat's default name).
Names = Annotated[list[str], BeforeValidator(_texts_or_blank)]


class SeatRequest(BaseModel):
    """One seat: ``{"kind": "human"}``, or ``{"kind": "bot", "level": "rules"}``."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["human", "bot"]
    level: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _an_object(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            raise refuse('a seat is {"kind": "human"} or {"kind": "bot", "level": "rules"}')
        return data

    @field_validator("kind", mode="before")
    @classmethod
    def _a_kind(cls, value: Any) -> Any:
        if value not in ("human", "bot"):
            raise refuse("'kind' must be 'human' or 'bot'")
        return value


#: Seats in order; null or absent is none given.
Seats = Annotated[list[SeatRequest], BeforeValidator(_none_is_empty)]


class Body(BaseModel):
    """A request body: a JSON object, whose ``objects`` fields are objects too; else the
    one message ``shape`` that shows what to send."""

    model_config = ConfigDict(frozen=True)

    shape: ClassVar[str] = "send a JSON object"
    objects: ClassVar[tuple[str, ...]] = ()

    @model_validator(mode="before")
    @classmethod
    def _shaped(cls, data: Any) -> Any:
        if not isinstance(data, dict) or any(
            not isinstance(data.get(k), dict) for k in cls.objects
        ):
            raise refuse(cls.shape)
        return data


class TableRequest(Body):
    """``POST /api/tables``: the game, its options, who sits where, their names."""

    shape = 'send an object: {"game": ..., "options": {...}, "seats": [...]}'

    game: str = Field(default="", validate_default=True)
    #: The game's rule options, checked by the game (``Game.options``).
    options: dict[str, Any] = {}
    seats: Seats = []
    names: Names = []
    #: The language of the default names ("Computer 2 (medium)").
    lang: Lang = "en"
    #: The turn clock in seconds, 0 (or null) for none (``server.life.CLOCK_CHOICES``).
    clock: int = 0
    #: The level of the computer that plays for a person out of time (checked by the route).
    stand_in: str | None = None
    #: The computers' pace (``server.life.SPEED_CHOICES``): instant, normal or slow.
    speed: str = DEFAULT_SPEED

    @field_validator("speed", mode="before")
    @classmethod
    def _a_speed(cls, value: Any) -> Any:
        if value is None:
            return DEFAULT_SPEED
        if not isinstance(value, str) or value not in SPEED_CHOICES:
            shown = ", ".join(SPEED_CHOICES)
            raise refuse(f"'speed' is how fast the computers play: one of {shown}")
        return value

    @field_validator("clock", mode="before")
    @classmethod
    def _a_clock(cls, value: Any) -> Any:
        if value is None:
            return 0
        if isinstance(value, bool) or value not in CLOCK_CHOICES:
            shown = ", ".join(str(c) for c in CLOCK_CHOICES)
            raise refuse(f"'clock' is seconds a turn may take: one of {shown} (0: none)")
        return value

    @field_validator("stand_in", mode="before")
    @classmethod
    def _a_level_name(cls, value: Any) -> Any:
        if value is not None and not isinstance(value, str):
            raise refuse("'stand_in' is a computer level, such as 'rules'")
        return value

    @field_validator("game", mode="before")
    @classmethod
    def _a_game(cls, value: Any) -> Any:
        if not isinstance(value, str) or value not in game_ids():
            named = f"no game {str(value)[:20]!r}" if value else "name the game"
            raise refuse(f"{named}; games: {', '.join(game_ids())}")
        return value


class SeatComputer(Body):
    """``POST /api/tables/{id}/seats/{seat}/computer``: the host's token and a level."""

    shape = 'send {"token": <the host\'s token>, "level": "rules"}'

    token: str = ""
    level: str = ""

    @field_validator("token", "level", mode="before")
    @classmethod
    def _text(cls, value: Any) -> Any:
        if not isinstance(value, str):
            raise refuse('send {"token": <the host\'s token>, "level": "rules"}')
        return value


class SeatName(Body):
    """``POST /api/tables/{id}/seats/{seat}/name``: the seat's token and the name chosen."""

    shape = 'send {"token": <your seat\'s token>, "name": "Ann"}'

    token: str = ""
    #: Cleaned by the route (``server.security.clean_name``): what is not text is the default.
    name: Any = ""

    @field_validator("token", mode="before")
    @classmethod
    def _text(cls, value: Any) -> Any:
        if not isinstance(value, str):
            raise refuse('send {"token": <your seat\'s token>, "name": "Ann"}')
        return value


class RecordUpload(Body):
    """``POST /api/records``: a saved record whose match goes on at a new table."""

    shape = 'send {"record": <a saved record>, "seats": [...]}'
    objects = ("record",)

    #: The record, checked by ``core.records.parse_record``.
    record: dict[str, Any]
    #: None given: a person at seat 0 and the computers (``rules`` level) elsewhere.
    seats: Seats = []
    lang: Lang = "en"


class ReplayRequest(Body):
    """``POST /api/replay``: a record to step through as ``seat`` saw it (null: the public)."""

    shape = 'send {"record": <a saved record>, "seat": 0, "lang": "en"}'
    objects = ("record",)

    record: dict[str, Any]
    seat: int | None = None
    lang: Lang = "en"

    @field_validator("seat", mode="before")
    @classmethod
    def _a_seat_number(cls, value: Any) -> Any:
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise refuse("seat must be a seat's number, or null for the public")
        return value
