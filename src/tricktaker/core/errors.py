"""The errors that cross layers; each carries a message a player can read.

Every error raised on bad input derives from :class:`TricktakerError` and from
``ValueError`` (as python-chess's ``IllegalMoveError`` does), so a caller can
catch the package's errors alone, or treat them as the bad values they are.
"""

from __future__ import annotations


class TricktakerError(ValueError):
    """Base of every error the package raises on bad input."""


class IllegalAction(TricktakerError):
    """An action the rules do not allow now; the state is left unchanged.

    The message may name what the acting seat holds or may do ("allowed: 1:play
    7s, ..."), which is for his eyes; ``public_message`` says only what anyone
    may know, for everyone else (``replay --seat`` of another seat).
    """

    def __init__(self, message: str, public: str | None = None) -> None:
        super().__init__(message)
        self.public_message = public if public is not None else message


class OptionError(TricktakerError):
    """An unknown option or a value the game does not offer."""


class RecordError(TricktakerError):
    """A game record that is not well formed or not a legal deal."""


class UnknownGame(TricktakerError):
    """A game id that no game has registered."""


class SampleError(TricktakerError):
    """No deal of the unseen cards fits what an observer knows (a bug in the caller)."""
