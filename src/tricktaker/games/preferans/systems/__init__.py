"""Preferans' scoring systems behind one interface (``base.Scoring``), one per convention."""

from __future__ import annotations

from functools import lru_cache

from tricktaker.games.preferans.sheet import HOUSE, House
from tricktaker.games.preferans.systems.base import Position, Scoring
from tricktaker.games.preferans.systems.pot_game import PotScoring
from tricktaker.games.preferans.systems.russian import SheetScoring
from tricktaker.games.preferans.terms import Convention

#: The system of each convention (the ``rules`` option).
SYSTEMS: dict[str, Scoring] = {
    Convention.SOCHI: SheetScoring(Convention.SOCHI),
    Convention.LENINGRAD: SheetScoring(Convention.LENINGRAD),
    Convention.ROSTOV: SheetScoring(Convention.ROSTOV),
    Convention.POT: PotScoring(),
}


def system_for(convention: str, house: House = HOUSE) -> Scoring:
    """The system of ``convention`` under ``house`` (one object per pair, shared by every
    state: a system is stateless). The pot game has no house rules."""
    if convention == Convention.POT or house == HOUSE:
        return SYSTEMS[convention]
    return _with_house(Convention(convention), house)


@lru_cache(maxsize=64)
def _with_house(convention: Convention, house: House) -> Scoring:
    return SheetScoring(convention, house)


__all__ = ["SYSTEMS", "Position", "PotScoring", "Scoring", "SheetScoring", "system_for"]
