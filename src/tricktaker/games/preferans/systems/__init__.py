"""Preferans' scoring systems behind one interface (``base.Scoring``), one per convention."""

from __future__ import annotations

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

__all__ = ["SYSTEMS", "Position", "PotScoring", "Scoring", "SheetScoring"]
