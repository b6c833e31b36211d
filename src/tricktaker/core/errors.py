"""The errors that cross layers; each carries a message a player can read."""

from __future__ import annotations


class TricktakerError(Exception):
    """Base of every error the package raises on bad input."""


class IllegalAction(TricktakerError):
    """An action the rules do not allow now; the state is left unchanged."""


class OptionError(TricktakerError):
    """An unknown option or a value the game does not offer."""


class RecordError(TricktakerError):
    """A game record that is not well formed or not a legal deal."""


class UnknownGame(TricktakerError):
    """A game id that no game has registered."""
