"""Bots: they see views and their seat's events, never states."""

from tricktaker.bots.base import Bot
from tricktaker.bots.registry import levels, make_bot, register_bot

__all__ = ["Bot", "levels", "make_bot", "register_bot"]
