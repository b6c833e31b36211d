"""docs/strength.md: one ladder table per game, each rewritten alone.

Ladders of different games are run at different times (the search levels take
hours), so ``--write`` replaces only its game's section, found between markers,
and leaves every other line of the page as it was; a game without a section yet
gets one at the end.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

DEFAULT_PATH = "docs/strength.md"
HEADER = (
    "# Strength of the computer levels\n"
    "\n"
    "Written by `tricktaker ladder GAME --write`: one section per game, each rewritten\n"
    "only by its own game's ladder. The command under each title plays the table again\n"
    "(the same seed gives the same table, whatever the workers).\n"
)


def _begin(game: str) -> str:
    return f"<!-- ladder:{game} -->"


def _end(game: str) -> str:
    return f"<!-- /ladder:{game} -->"


def section(game: str, command: str, table: str) -> str:
    """A game's whole section, markers included."""
    return "\n".join([_begin(game), f"## {game}", "", "```", command, "```", "", table, _end(game)])


def update(text: str, game: str, command: str, table: str) -> str:
    """``text`` with ``game``'s section replaced (or added); all else unchanged."""
    new = section(game, command, table)
    pattern = re.compile(re.escape(_begin(game)) + r".*?" + re.escape(_end(game)), re.DOTALL)
    if pattern.search(text):
        return pattern.sub(lambda _: new, text, count=1)
    base = text if text.strip() else HEADER
    return base.rstrip("\n") + "\n\n" + new + "\n"


def write(path: str | os.PathLike[str], game: str, command: str, table: str) -> None:
    """Update the page at ``path`` (made, with its folder, if missing)."""
    target = Path(path)
    text = target.read_text(encoding="utf-8") if target.exists() else ""
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(update(text, game, command, table), encoding="utf-8")
