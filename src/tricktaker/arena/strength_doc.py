"""docs/strength.md: one ladder table per game and seed, each rewritten alone.

Ladders of different games are run at different times (the search levels take
hours), so ``--write`` replaces only its own section, found between markers,
and leaves every other line of the page as it was. A section is one game at one
seed: issue 23 asks for every ladder at two seeds, and a second seed must not
overwrite the first. A new section goes after its game's other sections (or at
the end of the page when the game has none).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

DEFAULT_PATH = "docs/strength.md"
HEADER = (
    "# Strength of the computer levels\n"
    "\n"
    "Written by `tricktaker ladder GAME --write`: one section per game and seed, each\n"
    "rewritten only by its own ladder. The command under each title plays the table\n"
    "again (the same seed gives the same table, whatever the workers).\n"
)


def _begin(game: str, seed: int) -> str:
    return f"<!-- ladder:{game} seed={seed} -->"


def _end(game: str, seed: int) -> str:
    return f"<!-- /ladder:{game} seed={seed} -->"


def _pattern(begin: str, end: str) -> re.Pattern[str]:
    return re.compile(re.escape(begin) + r".*?" + re.escape(end), re.DOTALL)


def section(game: str, seed: int, command: str, table: str) -> str:
    """A game's section at one seed, markers included."""
    return "\n".join(
        [
            _begin(game, seed),
            f"## {game}, seed {seed}",
            "",
            "```",
            command,
            "```",
            "",
            table,
            _end(game, seed),
        ]
    )


def update(text: str, game: str, seed: int, command: str, table: str) -> str:
    """``text`` with ``game``'s section at ``seed`` replaced (or added); all else unchanged."""
    new = section(game, seed, command, table)
    own = _pattern(_begin(game, seed), _end(game, seed))
    if own.search(text):
        return own.sub(lambda _: new, text, count=1)
    ends = [m.end() for m in re.finditer(rf"<!-- /ladder:{re.escape(game)} seed=\d+ -->", text)]
    if ends:
        at = max(ends)
        return text[:at] + "\n\n" + new + text[at:]
    base = text if text.strip() else HEADER
    return base.rstrip("\n") + "\n\n" + new + "\n"


def write(path: str | os.PathLike[str], game: str, seed: int, command: str, table: str) -> None:
    """Update the page at ``path`` (made, with its folder, if missing)."""
    target = Path(path)
    text = target.read_text(encoding="utf-8") if target.exists() else ""
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(update(text, game, seed, command, table), encoding="utf-8")
