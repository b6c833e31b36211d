"""The log of the match, kept as entries and wrapped anew whenever the screen is resized.

A RichLog wraps each line once, at the width it had when written; after a
resize its old lines would stay cut or narrow. This log keeps every entry and
writes them all again at the new width.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import RichLog

#: Entries kept: far more than a match needs, few enough to rewrap in an instant.
MAX_ENTRIES = 2000


class GameLog(RichLog):
    """A RichLog that remembers its entries and rewraps them on resize."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, auto_scroll=True, min_width=10, id=id)
        self.entries: list[Text] = []
        self._wrapped_for = 0

    def add(self, entry: Text) -> None:
        self.entries.append(entry)
        if len(self.entries) > MAX_ENTRIES:
            del self.entries[: len(self.entries) - MAX_ENTRIES]
        self.write(entry)

    def reset(self) -> None:
        self.entries.clear()
        self.clear()

    def on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        if self._wrapped_for and width and width != self._wrapped_for:
            self.clear()
            for entry in self.entries:
                self.write(entry)
            self.scroll_end(animate=False, immediate=True)
        if width:
            self._wrapped_for = width
