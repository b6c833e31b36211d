"""The human's actions as buttons, in rows that wrap to the screen's width.

Textual has no wrapping row layout, so the bar lays its buttons out itself,
row by row, and does it again when its width changes (a terminal resize):
no button is ever cut off at the right edge. Nothing is focused when the
buttons appear, so Enter does nothing until the player has chosen a button
with Tab or the arrows; the focused button is drawn reversed and between
arrows (visible in any terminal, even without colour).

A button may also be one step of a two-card choice (``core.pairs``): a
:class:`Pick` of one card, or the way back from the second card to the first.

A button's key is drawn in brackets (``[7] 7♠``), never to be read as part of
its label. Many choices of one verb that name a level and a kind (``bid 6s``,
``bid 6nt``: a number, then more) are laid out as a grid, one level per row and
the kinds in columns of one width (a level missing its lowest kinds is aligned
to the right); the verb's choices without a level get a row of their own. Cards
are never laid out so (a hand is a row, whatever its ranks).
"""

from __future__ import annotations

import asyncio
import re
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

from tricktaker.cards import CARD_NAMES
from tricktaker.core.actions import Action
from tricktaker.terminal.styling import styled

KEYS = "1234567890"
#: A choice's level: the number that begins its first argument, with more after it.
LEVEL = re.compile(r"(\d+)\D")


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

    def __init__(self, item: ActionItem, width: int | None = None) -> None:
        super().__init__()
        self.item = item
        self.game_action = item.action
        self.in_grid = width is not None
        if width is not None:  # a cell of a grid: every button of it as wide
            self.styles.width = width - 1

    @staticmethod
    def width_of(item: ActionItem, align: bool = False) -> int:
        """Cells the button takes, its margin included (``align``: as a grid's cell)."""
        return cell_len(ActionButton.text_of(item, False, align).plain) + 1

    @staticmethod
    def text_of(item: ActionItem, focused: bool, align: bool = False) -> Text:
        """The button's face: its key in brackets (``align``: blanks where a grid's
        button has none, so that the labels of a column line up) and its label."""
        left, right = ("▶", "◀") if focused else (" ", " ")
        text = Text(left)
        if item.key:
            text.append(f"[{item.key}]", style="bold")
            text.append(" ")
        elif align:
            text.append(" " * (len(KEYS[0]) + 3))
        text.append_text(styled(item.label))
        text.append(right)
        return text

    def render(self) -> Text:
        return self.text_of(self.item, self.has_focus, self.in_grid)

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

    def grid(self) -> tuple[set[int], int]:
        """The items laid out as a grid (by ``id``) and the width of its cells: the
        choices of a verb that has more than there are keys, some of them with a level
        (``LEVEL``), not all of them cards."""
        verbs: dict[str, list[tuple[int, str]]] = {}
        for item in self.items:
            if isinstance(item.action, Action):
                first = item.action.args[0] if item.action.args else ""
                verbs.setdefault(item.action.verb, []).append((id(item), first))
        grid: set[int] = set()
        for group in verbs.values():
            firsts = [first for _i, first in group]
            if (
                len(group) > len(KEYS)
                and any(LEVEL.match(f) for f in firsts)
                and not all(f in CARD_NAMES for f in firsts)
            ):
                grid |= {i for i, _f in group}
        widths = (ActionButton.width_of(i, align=True) for i in self.items if id(i) in grid)
        cell = max(widths, default=0)
        return grid, cell

    def rows(self, width: int) -> list[list[ActionItem | str | int]]:
        """The items in rows of at most ``width`` cells (a too-wide button gets a row
        alone); a grid's choices a level per row, its short rows aligned to the right."""
        grid, cell = self.grid()
        rows: list[list[ActionItem | str | int]] = []
        keys: list[tuple[str, str] | None] = []
        row: list[ActionItem | str | int] = []
        key: tuple[str, str] | None = None
        used = 0

        def flush() -> None:
            nonlocal row, used
            if row:
                rows.append(row)
                keys.append(key)
            row, used = [], 0

        private_started = False
        for item in self.items:
            if item.private and not private_started:
                private_started = True
                flush()
                if self.private_label:
                    row.append(self.private_label)
                    used = cell_len(self.private_label) + 1
            if id(item) in grid and isinstance(item.action, Action):
                level = LEVEL.match(item.action.args[0]) if item.action.args else None
                mine = (item.action.verb, level.group(1) if level else "")
                if mine != key or not level:
                    flush()
                key = mine
                need = cell
            else:
                if key is not None:
                    flush()
                key = None
                need = ActionButton.width_of(item)
            if row and used + need > width:
                flush()
            row.append(item)
            used += need
        flush()
        widest = max((len(r) for r, k in zip(rows, keys, strict=True) if k and k[1]), default=0)
        for r, k in zip(rows, keys, strict=True):
            if k and k[1] and len(r) < widest and widest * cell <= width:
                r.insert(0, (widest - len(r)) * cell)
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
        grid, cell_width = self.grid()
        for row in self.rows(max(10, width)):
            cells: list[Widget] = []
            for cell in row:
                if isinstance(cell, str):
                    cells.append(Static(cell, classes="label"))
                elif isinstance(cell, int):
                    gap = Static("", classes="gap")
                    gap.styles.width = cell
                    cells.append(gap)
                else:
                    wide = cell_width if id(cell) in grid else None
                    cells.append(ActionButton(cell, wide))
            widgets.append(Horizontal(*cells))
        if widgets:
            await self.mount_all(widgets)
        if keep_focus and kept is not None:
            for button in self.buttons:
                if button.item.action == kept:
                    self.screen.set_focus(button)
