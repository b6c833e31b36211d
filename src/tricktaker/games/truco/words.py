"""Placeholder: replaced by the full words module."""

from __future__ import annotations


class TrucoWords:
    def __init__(self, lang: str) -> None:
        self.lang = lang
