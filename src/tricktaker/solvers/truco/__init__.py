"""Truco's compiled helpers for the bots (``chance``: the ``rules`` bot's estimate)."""
