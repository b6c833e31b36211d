"""What the human has seen happen, told in the game's words.

The chronicle reads the human's own events, a batch at a time, and keeps
what the screen needs of them: the log's lines (styled), every finished
deal (for the score sheet), the lines that sum up a deal that just ended
(for the box that holds the table still), and the latest private word of
each seat of his side in the deal in progress. It relies only on the event
kinds every game shares (``deal`` starts a deal, ``deal_end`` carries the
deal's summary, ``game_end`` and ``match_end`` follow it).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from tricktaker.core.errors import TricktakerError
from tricktaker.core.events import Event
from tricktaker.core.protocol import Game, Words
from tricktaker.core.summary import DealSummary
from tricktaker.terminal.names import HUMAN
from tricktaker.terminal.styling import styled

EVENT_STYLES = {
    "deal": "dim",
    "deal_end": "bold yellow",
    "game_end": "bold magenta",
    "match_end": "bold magenta",
}
PRIVATE_STYLE = "italic cyan"


class Chronicle:
    """The human's events in words: log lines, finished deals, private words."""

    def __init__(
        self, game: Game, words: Words, names: Sequence[str], sides: Sequence[str]
    ) -> None:
        self.game = game
        self.words = words
        self.names = list(names)
        self.sides = list(sides)
        self.summaries: list[DealSummary] = []
        #: The latest private word of each seat of the human's side in this deal.
        self.private: dict[int, str] = {}

    def tell(self, events: Sequence[Event]) -> tuple[list[Text], list[str]]:
        """Log lines for ``events``, and the lines that sum up a deal if one ended."""
        lines: list[Text] = []
        ending: list[str] = []
        for event in events:
            text = self.words.event_text(event, self.names, self.sides)
            private = self.is_private(event)
            if event.kind == "deal":
                self.private = {}
            elif event.kind == "deal_end":
                summary = DealSummary.from_json(event.data)
                self.summaries.append(summary)
                ending = self.words.deal_lines(summary, self.names, self.sides)
            elif event.kind in ("game_end", "match_end") and ending and text:
                ending.append(text)
            if text is None:
                continue
            if private and event.seat is not None:
                self.private[event.seat] = text
            style = EVENT_STYLES.get(event.kind, "")
            if private:
                style = PRIVATE_STYLE
            elif event.seat == HUMAN:
                style = "bold"
            lines.append(styled(text, style))
        return lines, ending

    def is_private(self, event: Event) -> bool:
        """Whether the event is a private word (only the sender's side ever sees one)."""
        if event.kind != "action" or event.action is None:
            return False
        try:
            return self.words.is_private(self.game.parse_action(event.action))
        except TricktakerError:
            return False
