"""Bots: they see views and their seat's events, never states.

What a bot's code may import (checked by ``tests/test_layers.py``): ``core``
(the Game protocol, actions, events), ``cards``, other bot modules, the
solvers, and of its own game only ``views``, ``actions`` (the notation),
``cards``/``deck`` and the pure rule tables the engine shares with the bots
(``outcomes``, ``scoring``). Never the engine: ``rules``, ``state``,
``sampling``, ``events``, ``words``, ``options`` or the game's package. A
sampled world reaches a search bot as a protocol ``State``; what a solve needs
of the engine lives in ``solvers/<game>/world.py``.
"""

from tricktaker.bots.base import Bot
from tricktaker.bots.registry import levels, make_bot, register_bot

__all__ = ["Bot", "levels", "make_bot", "register_bot"]
