"""The human's actions as buttons, in rows that wrap to the screen's width.

Textual has no wrapping row layout, so the bar lays its buttons out itself,
row by row, and does it again when its width changes (a terminal resize):
no button is ever cut off at the right edge. Nothing is focused when the
buttons appear, so Enter does nothing until the player has chosen a button
with Tab or the arrows; the focused button is drawn reversed and between
arrows (visible in any terminal, even without colour).

A button may also be one step of a two-card choice (``core.pairs``): a
:class:`Pick` of one card, or the way back from the second card to the first.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from tricktaker.core.actions import Action
from tricktaker.terminal.styling import styled

KEYS = "1234567890"


@dataclass(frozen=True, slots=True)
class Pick:
    """A step of a two-card choice of ``verb`` (``core.pairs``): ``card`` (a card name)
    chosen first or second; ``card`` None goes back to choosing the first card."""

    verb: str
    card: str | None


@dataclass(frozen=True, slots=True)
class ActionItem:
    """One of the human's choices as shown: a legal action (or a step of a two-card
    choice), its key, label and whether it is private."""

    action: Action | Pick
    label: str
    key: str
    private: bool


class ActionButton(Static, can_focus=True):
    """A button for one legal action; Enter or Space takes it once it has the focus."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "choose", show=False),
    ]
    DEFAULT_CSS = """
    ActionButton {
        width: auto; height: 1; margin-right: 1;
        background: $boost; color: $text;
    }
    ActionButton:hover { background: $primary 40%; }
    ActionButton:focus { background: $accent; color: $text; text-style: bold reverse; }
    """

    class Chosen(Message):
        """The player chose this button's action (click, or Enter on the focused button)."""

        def __init__(self, action: Action | Pick) -> None:
            super().__init__()
            self.action = action

    def __init__(self, item: ActionItem) -> None:
        super().__init__()
        self.item = item
        self.game_action = item.action

    @staticmethod
    def width_of(item: ActionItem) -> int:
        """Cells the button takes, its margin included."""
        return cell_len(ActionButton.text_of(item, False).plain) + 1

    @staticmethod
    def text_of(item: ActionItem, focused: bool) -> Text:
        left, right = ("▶", "◀") if focused else (" ", " ")
        text = Text(left)
        if item.key:
            text.append(item.key + " ", style="bold underline")
        text.append_text(styled(item.label))
        text.append(right)
        return text

    def render(self) -> Text:
        return self.text_of(self.item, self.has_focus)

    def on_focus(self) -> None:
        self.refresh(layout=True)

    def on_blur(self) -> None:
        self.refresh(layout=True)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Chosen(self.item.action))

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.item.action))


class ActionBar(Vertical):
    """Rows of action buttons, re-wrapped whenever the bar's width changes."""

    DEFAULT_CSS = """
    ActionBar { height: auto; padding: 0 1; }
    ActionBar > Horizontal { height: 1; width: 100%; }
    ActionBar .label { width: auto; margin-right: 1; color: $text-muted; }
    """

    def __init__(self, private_label: str = "", id: str | None = None) -> None:
        super().__init__(id=id)
        self.items: list[ActionItem] = []
        self.private_label = private_label
        self._laid_out_for = -1
        # New actions and a resize may both lay the bar out: one at a time.
        self._busy = asyncio.Lock()

    @property
    def buttons(self) -> list[ActionButton]:
        return list(self.query(ActionButton))

    async def show(self, items: Sequence[ActionItem]) -> None:
        """New actions: lay them out afresh, nothing focused."""
        self.items = list(items)
        await self._layout(keep_focus=False)

    async def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._laid_out_for:
            await self._layout(keep_focus=True)

    def rows(self, width: int) -> list[list[ActionItem | str]]:
        """The items in rows of at most ``width`` cells (a too-wide button gets a row alone)."""
        rows: list[list[ActionItem | str]] = []
        row: list[ActionItem | str] = []
        used = 0
        private_started = False
        for item in self.items:
            if item.private and not private_started:
                private_started = True
                if row:
                    rows.append(row)
                row, used = [], 0
                if self.private_label:
                    row.append(self.private_label)
                    used = cell_len(self.private_label) + 1
            need = ActionButton.width_of(item)
            if row and used + need > width:
                rows.append(row)
                row, used = [], 0
            row.append(item)
            used += need
        if row:
            rows.append(row)
        return rows

    async def _layout(self, keep_focus: bool) -> None:
        async with self._busy:
            await self._lay_out(keep_focus)

    async def _lay_out(self, keep_focus: bool) -> None:
        focused = self.screen.focused if self.is_attached else None
        kept = focused.item.action if isinstance(focused, ActionButton) else None
        if isinstance(focused, ActionButton):
            # Removing a focused button would hand the focus to its neighbour,
            # and Enter would then take an action the player never chose.
            self.screen.set_focus(None)
        width = self.content_size.width or self.app.size.width - 2
        self._laid_out_for = self.size.width
        await self.remove_children()
        widgets: list[Horizontal] = []
        for row in self.rows(max(10, width)):
            cells: list[Widget] = [
                Static(cell, classes="label") if isinstance(cell, str) else ActionButton(cell)
                for cell in row
            ]
            widgets.append(Horizontal(*cells))
        if widgets:
            await self.mount_all(widgets)
        if keep_focus and kept is not None:
            for button in self.buttons:
                if button.item.action == kept:
                    self.screen.set_focus(button)
