"""Importing this package registers every game with the core registry."""

from tricktaker.games import truc as truc

__all__ = ["truc"]
