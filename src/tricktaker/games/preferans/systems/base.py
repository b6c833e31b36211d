"""The one interface through which Preferans' state machine asks its scoring system.

The state machine keeps the phases and the play; wherever the systems differ
(what may be bid, whether a half-whist or an invitation is offered, who leads,
whether an all-pass is played, what a deal writes or pays, when the game
ends, what a seat's balance is) it asks its :class:`Scoring`, never which
system it is. A system is a stateless object, one per convention: the
position it keeps (the sheet and the all-pass streak, or the stakes and the
pot) lives in the state's own fields, so cloning a state copies it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from tricktaker.core.start import Start
from tricktaker.games.preferans.auction import Ladder
from tricktaker.games.preferans.sheet import Sheet
from tricktaker.games.preferans.table import Table
from tricktaker.games.preferans.terms import Convention, DealEnd

#: The position a game starts from: the sheet, the all-pass streak, each seat's stakes, the pot.
Position = tuple[Sheet, int, list[int], int]


class Scoring(ABC):
    """A scoring system: its bids, its few rules of play, and how a deal is written."""

    convention: Convention
    #: What may be bid (``auction.Ladder``).
    bids: Ladder
    #: A lone whister may invite the other defender (else he chooses open or closed).
    invites: bool
    #: The declarer leads the first trick (else first hand does).
    declarer_leads: bool
    #: The talon's cards set the suit of the first two tricks of an all-pass.
    talon_leads_allpass: bool
    #: The ``overtake`` option applies.
    may_overtake: bool

    def must_whist(self, contract: str | None) -> bool:
        """Whether both defenders must whist ``contract`` (no pass, no half-whist)."""
        return False

    def checks(self, level: int) -> bool:
        """Whether a contract of ``level`` is checked: played by both defenders without
        anyone asked to whist."""
        return False

    @abstractmethod
    def read_start(self, start: Start, players: int, pool: int) -> Position:
        """The starting position a record's ``start`` gives; RecordError if it cannot be."""

    @abstractmethod
    def open_deal(self, t: Table) -> None:
        """What happens to the position as a deal begins (the pot game's stakes)."""

    @abstractmethod
    def position(self, t: Table) -> dict[str, Any]:
        """The position as the deal's first event tells it to everyone."""

    @abstractmethod
    def half_whist(self, level: int) -> bool:
        """Whether the second defender may say half-whist against a contract of ``level``."""

    @abstractmethod
    def talon_shown(self, contract: str | None) -> bool:
        """Whether the declarer of ``contract`` (None: not named yet) shows the talon."""

    @abstractmethod
    def all_passed(self) -> DealEnd | None:
        """How a deal everybody passed ends (None: it is played as an all-pass)."""

    @abstractmethod
    def settle(self, t: Table, end: DealEnd, details: dict[str, Any]) -> tuple[int | None, int]:
        """Write the finished deal (in the state's position, and its details as the summary
        tells them); returns the deal's winner (the declarer who made it) and its points."""

    @abstractmethod
    def over(self, t: Table) -> bool:
        """Whether the deal just written ends the game."""

    @abstractmethod
    def balance(self, t: Table) -> tuple[float, ...]:
        """Each seat's balance as if the game were settled now."""
