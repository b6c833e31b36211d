"""Tetka in its players' words (placeholder until the full words land)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.core.options import Options, OptionSpec
from tricktaker.core.protocol import View
from tricktaker.core.summary import DealSummary


class TetkaWords:
    def __init__(self, lang: str) -> None:
        self._lang = lang

    @property
    def lang(self) -> str:
        return self._lang

    @property
    def title(self) -> str:
        return "Tetka"

    def __getattr__(self, name: str) -> Any:
        raise NotImplementedError(name)

    def rules(self, options: Options) -> list[str]:
        return []

    def option_help(self, spec: OptionSpec) -> str:
        return spec.help

    def event_text(self, event: Event, names: Sequence[str], sides: Sequence[str]) -> str | None:
        return None

    def action_label(self, action: Action, view: View) -> str:
        return str(action)

    def deal_lines(
        self, summary: DealSummary, names: Sequence[str], sides: Sequence[str]
    ) -> list[str]:
        return []
