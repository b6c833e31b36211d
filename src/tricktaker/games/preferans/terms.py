"""Preferans' closed sets of terms as enums: phases, conventions, bids, answers, ends.

Each is a fact the rules declare once; the strings are the notation's and the
JSON's (a ``StrEnum`` member *is* its string), so records, views and events
read exactly as before. Phases are small ints (``IntEnum``): the state
machine compares them on every action, and views name them by
``PHASE_NAMES``.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum


class Phase(IntEnum):
    """What a deal waits for, in the order a deal passes through them."""

    BIDDING = 0
    DISCARDING = 1
    DECLARING = 2
    WHISTING = 3
    WHIST_BACK = 4
    CHOOSING = 5
    INVITING = 6
    PLAYING = 7
    OVER = 8


#: A phase as views and front ends name it (``view.phase``).
PHASE_NAMES: tuple[str, ...] = (
    "bidding",
    "discard",
    "declare",
    "whist",
    "whist_again",
    "open_or_closed",
    "invite",
    "play",
    "over",
)


class Convention(StrEnum):
    """How a game is scored (the ``rules`` option): a Russian sheet, or seed 002's pot."""

    SOCHI = "sochi"
    LENINGRAD = "leningrad"
    ROSTOV = "rostov"
    POT = "pot"


class DealKind(StrEnum):
    """What a finished deal gives the sheet (``sheet.Outcome.kind``); a summary's
    ``contract`` is ``allpass`` for the last."""

    GAME = "game"
    MISERE = "misere"
    ALLPASS = "allpass"


class BidKind(StrEnum):
    """What the top bid of an auction is (``NONE`` before anyone bids)."""

    NONE = ""
    CONTRACT = "contract"
    MISERE = "misere"
    NUMBER = "number"
    GAME = "game"
    HEARTS = "hearts"


class Answer(StrEnum):
    """A defender's answer to a contract (``NONE``: not asked, or the declarer)."""

    NONE = ""
    WHIST = "whist"
    PASS = "pass"
    HALF = "half"
    INVITED = "invited"


class DealEnd(StrEnum):
    """How a deal ended (a summary's ``end``)."""

    TRICKS = "tricks"
    NO_WHIST = "no_whist"
    HALF_WHIST = "half_whist"
    THROWN_IN = "thrown_in"
