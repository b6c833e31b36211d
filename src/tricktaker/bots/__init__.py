"""Bots: they see views, never states."""

from tricktaker.bots.base import Bot, levels, make_bot

__all__ = ["Bot", "levels", "make_bot"]
