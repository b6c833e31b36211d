"""Terminal play: placeholder until the textual app lands."""

from __future__ import annotations


def run_play(
    game: str, options: list[str], bots: str, lang: str | None, seed: str | None, save_dir: str
) -> int:
    raise SystemExit("terminal play is not built yet")
