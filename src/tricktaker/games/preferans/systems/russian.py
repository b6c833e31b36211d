"""Russian preferans scored on the sheet: Sochi, Leningrad, Rostov (``sheet.py``).

A deal ends as an :class:`~tricktaker.games.preferans.sheet.Outcome` and
``sheet.write`` writes it; the game ends when every pulya is closed, and a
balance is the sheet's settlement. The three conventions differ in the
sheet's tables (``sheet.py``), in the exit from all-passes (the ladder's
lowest bid) and in Rostov's all-pass, played without the talon's leads. The
house rules (``sheet.House``) are part of the system: one object per convention
and house, asked like the rest.
"""

from __future__ import annotations

from typing import Any

from tricktaker.core.errors import RecordError
from tricktaker.core.start import Start
from tricktaker.games.preferans.auction import RussianLadder
from tricktaker.games.preferans.deck import MISERE
from tricktaker.games.preferans.sheet import (
    CONTRACT_VALUE,
    HOUSE,
    MISERE_VALUE,
    House,
    Outcome,
    Sheet,
    half_whist_allowed,
    is_closed,
    settlement,
    write,
)
from tricktaker.games.preferans.systems.base import Position, Scoring
from tricktaker.games.preferans.table import Table
from tricktaker.games.preferans.terms import Answer, Convention, DealEnd, DealKind


class SheetScoring(Scoring):
    """One of the Russian conventions: pulya, gora and whists on a score sheet."""

    invites = False
    declarer_leads = False
    may_overtake = False

    def __init__(self, convention: Convention, house: House = HOUSE) -> None:
        self.convention = convention
        self.house = house
        self.bids = RussianLadder(convention, house)
        self.talon_leads_allpass = convention != Convention.ROSTOV

    def must_whist(self, contract: str | None) -> bool:
        return self.house.must_whist(contract)

    def checks(self, level: int) -> bool:
        return self.house.checks(level)

    def read_start(self, start: Start, players: int, pool: int) -> Position:
        n = players
        start.check_keys(("pulya", "gora", "whists", "allpass"))
        pulya = start.row("pulya", n, 0, pool, (0,) * n)
        gora = start.row("gora", n, 0, 10**6, (0,) * n)
        flat = start.row("whists", n * n, 0, 10**6, (0,) * (n * n))
        whists = tuple(tuple(flat[i * n : i * n + n]) for i in range(n))
        if any(whists[i][i] for i in range(n)):
            raise RecordError("start: nobody writes whists on himself")
        streak = start.row("allpass", 1, 0, 100, (0,))[0]
        sheet = Sheet(tuple(pulya), tuple(gora), whists)
        if is_closed(sheet, pool):
            raise RecordError("start: every pulya is already closed: that game is over")
        return sheet, streak, [0] * n, 0

    def open_deal(self, t: Table) -> None:
        """A sheet writes nothing before a deal."""

    def position(self, t: Table) -> dict[str, Any]:
        position = dict(t.sheet.to_json())
        position["allpass"] = t.streak
        return position

    def half_whist(self, level: int) -> bool:
        return half_whist_allowed(level)

    def talon_shown(self, contract: str | None) -> bool:
        return contract != MISERE

    def all_passed(self) -> DealEnd | None:
        return None

    def settle(self, t: Table, end: DealEnd, details: dict[str, Any]) -> tuple[int | None, int]:
        outcome = _outcome(t, end)
        t.sheet, written = write(t.sheet, outcome, self.convention, t.pool, self.house)
        details["entries"] = [e.to_json() for e in written]
        details["sheet"] = t.sheet.to_json()
        if outcome.kind == DealKind.ALLPASS:
            details["allpass_round"] = outcome.allpass_round
            t.streak += 1
            return None, 0
        made = _made(outcome)
        if made or self.house.allpass_end == "any":
            t.streak = 0  # the all-passes in a row end (house: only with a contract made)
        misere = outcome.kind == DealKind.MISERE
        points = MISERE_VALUE if misere else CONTRACT_VALUE[outcome.level]
        return (t.declarer if made else None), points

    def over(self, t: Table) -> bool:
        return is_closed(t.sheet, t.pool)

    def balance(self, t: Table) -> tuple[float, ...]:
        return settlement(t.sheet, t.pool)


def _made(outcome: Outcome) -> bool:
    d = outcome.declarer
    assert d is not None
    if not outcome.played:
        return True
    if outcome.kind == DealKind.MISERE:
        return outcome.tricks[d] == 0
    return outcome.tricks[d] >= outcome.level


def _outcome(t: Table, end: DealEnd) -> Outcome:
    """What the deal gives the sheet."""
    n = t.players
    if t.contract is None:
        return Outcome(
            kind=DealKind.ALLPASS,
            players=n,
            active=t.active,
            declarer=None,
            level=0,
            tricks=tuple(t.taken),
            answers=(Answer.NONE,) * n,
            played=True,
            allpass_round=t.streak + 1,
        )
    misere = t.contract == MISERE
    answers = tuple(
        Answer.NONE if misere or s == t.declarer else a for s, a in enumerate(t.answers)
    )
    return Outcome(
        kind=DealKind.MISERE if misere else DealKind.GAME,
        players=n,
        active=t.active,
        declarer=t.declarer,
        level=10 if misere else t.level,
        tricks=tuple(t.taken),
        answers=answers,
        played=end == DealEnd.TRICKS,
    )
