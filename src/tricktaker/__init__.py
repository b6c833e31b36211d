"""tricktaker: trick-taking card games played exactly by their rules."""

__version__ = "0.1.0"
