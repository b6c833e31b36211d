"""Preferans' bids laid out as players see them (``core.protocol.ActionGroups``)."""

from __future__ import annotations

from collections.abc import Sequence

from tricktaker.core.actions import Action
from tricktaker.core.protocol import View
from tricktaker.games.preferans.deck import MISERE, contract_level
from tricktaker.games.preferans.words.vocabulary import STRAIN_LETTERS, Vocabulary

#: The rows of the grid of bids (``action_groups``), by level; its columns are the strains.
GRID_LEVELS = (6, 7, 8, 9, 10)


class GridWords(Vocabulary):
    """The grid of bids and contracts."""

    def action_groups(self, legal: Sequence[Action], view: View) -> list[list[list[Action | None]]]:
        """The Russian bids and contracts as players see them (``core.protocol.ActionGroups``):
        the pass apart, a grid of rows by level (6 to 10) and columns by strain (♠ ♣ ♦ ♥ NT),
        misère apart; nothing for other moments (and the pot game's own bids)."""
        grid: dict[tuple[int, str], Action] = {}
        misere: list[Action | None] = []
        passes: list[Action | None] = []
        for action in legal:
            if action.verb in ("bid", "declare") and len(action.args) == 1:
                said = action.args[0]
                if said == MISERE:
                    misere.append(action)
                    continue
                level = contract_level(said) if said[:1].isdigit() and len(said) > 1 else 0
                strain = said[len(str(level)) :]
                if level in GRID_LEVELS and strain in STRAIN_LETTERS:
                    grid[level, strain] = action
            elif action.verb == "pass":
                passes.append(action)
        if not grid:
            return []
        rows = [
            [grid.get((level, strain)) for strain in STRAIN_LETTERS]
            for level in GRID_LEVELS
            if any((level, strain) in grid for strain in STRAIN_LETTERS)
        ]
        return [group for group in ([passes], rows, [misere]) if group[0]]
