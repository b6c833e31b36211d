"""Bets learnt from play, the parts every game shares: a cell's measured decisions, the
table of them (JSON beside the game's ``learnt.py``) and the marks a cell is named by.

Why one module: Le Truc's captain bets (``bots/truc/learnt.py``) and Truco's raises and
answers (``bots/truco/learnt.py``) are learnt and read the same way by
``bench/learn_bets.py``; only what a cell sees and which choices it weighs differ.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources

#: A cell decides once its difference is this many standard errors from zero...
Z = 2.0
#: ...over at least this many measured decisions.
LEAST = 40


@dataclass(frozen=True, slots=True)
class Measured:
    """A cell's measured decisions: how many, and the mean and standard error of the
    gain of betting (accepting) over keeping silent (refusing), in points."""

    n: int
    mean: float
    se: float

    def verdict(self) -> bool | None:
        """True: bet (accept); False: don't; None: not clear, the policy decides."""
        if self.n < LEAST or abs(self.mean) <= Z * self.se:
            return None
        return self.mean > 0


def read_table(text: str) -> dict[str, Measured]:
    """The table from its JSON text: ``{cell: [n, mean, se]}``."""
    raw = json.loads(text)
    if not isinstance(raw, dict):
        raise ValueError("the learnt table is a JSON object")
    out: dict[str, Measured] = {}
    for key, value in raw.items():
        n, mean, se = value
        try:
            measured = Measured(int(n), float(mean), float(se))
        except OverflowError:  # a count of 1e999
            raise ValueError(f"cell {key!r}: a count, a finite mean and an error") from None
        finite = math.isfinite(measured.mean) and math.isfinite(measured.se)
        if measured.n < 0 or not finite or measured.se < 0.0:
            raise ValueError(f"cell {key!r}: a count, a finite mean and an error of 0 or more")
        out[str(key)] = measured
    return out


def packaged_table(package: str, name: str) -> dict[str, Measured]:
    """The table in ``package``'s file ``name`` (empty if none was written)."""
    path = resources.files(package).joinpath(name)
    if not path.is_file():
        return {}
    return read_table(path.read_text(encoding="utf-8"))


def verdict_in(table: Mapping[str, Measured], key: str) -> bool | None:
    """The table's verdict in cell ``key`` (None: not clear, or no such cell)."""
    measured = table.get(key)
    return measured.verdict() if measured is not None else None


def lead_mark(tricks: Iterable[int], neither: int) -> str:
    """``+``, ``-`` or ``=``: whether the side (results 0) leads, trails or is level in
    the tricks so far (results ``neither``: spoiled or tied, nobody's)."""
    ours = theirs = 0
    for r in tricks:
        if r == 0:
            ours += 1
        elif r != neither:
            theirs += 1
    return "+" if ours > theirs else "-" if theirs > ours else "="
