"""Le Truc's rule options (RULES.md §1); the first value of each is the default."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class TrucOptions:
    players: int = 2
    redeal: str = "repeat"
    ties: str = "leader"

    CHOICES: ClassVar[Mapping[str, tuple[Any, ...]]] = {
        "players": (2, 4),
        "redeal": ("repeat", "once"),
        "ties": ("leader", "spoil"),
    }
