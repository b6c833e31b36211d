"""Duplicate self-play: placeholder until the arena lands."""

from __future__ import annotations


def run_arena_cli(game: str, bots: str, deals: int, seed: int, options: list[str]) -> int:
    raise SystemExit("the arena is not built yet")
