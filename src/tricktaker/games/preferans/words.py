"""Placeholder: replaced by the words module."""

from __future__ import annotations

from typing import Any


class PreferansWords:
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getattr__(self, name: str) -> Any:
        raise NotImplementedError(name)
