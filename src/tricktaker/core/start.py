"""A match's starting position: named rows of small numbers (scores, games, marks).

A record's ``start`` (``{"score": [11, 7], "games": [1, 0]}``) and the arena's
endgame positions reach a state only through ``new_match(..., start=...)``, so
nothing writes into a state from outside. Core checks the shape (names mapped
to short lists of bounded whole numbers); each game checks what the numbers
mean (a Le Truc score below 12, at most one game won each).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from tricktaker.core.errors import RecordError

MAX_ROW = 16
MAX_VALUE = 10**6


class Start(Mapping[str, tuple[int, ...]]):
    """Frozen starting position: ``start["score"] == (11, 7)``; empty means the game's own."""

    __slots__ = ("_rows",)

    def __init__(self, rows: Mapping[str, tuple[int, ...]] | None = None) -> None:
        self._rows = {k: tuple(v) for k, v in (rows or {}).items()}

    def __getitem__(self, key: str) -> tuple[int, ...]:
        return self._rows[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Start):
            return self._rows == other._rows
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._rows.items())))

    def __repr__(self) -> str:
        return f"Start({self._rows!r})"

    def to_json(self) -> dict[str, list[int]]:
        return {k: list(v) for k, v in self._rows.items()}

    def check_keys(self, allowed: tuple[str, ...]) -> None:
        """RecordError naming any row this game does not know."""
        unknown = [k for k in self._rows if k not in allowed]
        if unknown:
            raise RecordError(
                f"start: unknown field(s) {', '.join(unknown)};"
                f" this game knows: {', '.join(allowed)}"
            )

    def row(
        self, name: str, length: int, low: int, high: int, default: tuple[int, ...]
    ) -> tuple[int, ...]:
        """The row ``name`` checked to hold ``length`` numbers in ``low..high``, or ``default``."""
        if name not in self._rows:
            return default
        values = self._rows[name]
        fits = all(type(v) is int and low <= v <= high for v in values)
        if len(values) != length or not fits:
            raise RecordError(
                f"start: {name!r} must hold {length} numbers from {low} to {high},"
                f" not {list(values)}"
            )
        return values


def parse_start(raw: object) -> Start:
    """A Start from decoded JSON, or RecordError saying what is wrong with its shape."""
    if raw is None:
        return Start()
    if isinstance(raw, Start):
        return raw
    if not isinstance(raw, Mapping):
        raise RecordError('"start" must be an object such as {"score": [11, 7], "games": [1, 0]}')
    rows: dict[str, tuple[int, ...]] = {}
    for key, value in raw.items():
        if not isinstance(key, str) or not isinstance(value, (list, tuple)) or len(value) > MAX_ROW:
            raise RecordError(f"start: {str(key)[:20]!r} must be a short list of whole numbers")
        numbers: list[int] = []
        for x in value:
            if not isinstance(x, int) or isinstance(x, bool) or abs(x) > MAX_VALUE:
                raise RecordError(f"start: {key!r} must hold whole numbers, not {str(x)[:20]!r}")
            numbers.append(x)
        rows[key] = tuple(numbers)
    return Start(rows)


def start_json(start: Start) -> dict[str, Any]:
    return start.to_json()
