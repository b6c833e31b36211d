"""The screens over the table: the rules, the end of a deal, the score sheet, quitting.

While one of them is open the table waits: the computer does not play on
behind it, and the number keys do not reach the table's buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tricktaker.core.i18n import Translator
from tricktaker.terminal.styling import styled

BOX_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 90%; max-width: 100; height: auto; max-height: 90%;
    border: round $accent; padding: 0 1; background: $surface;
}}
{name} VerticalScroll {{ height: auto; max-height: 1fr; }}
{name} Static {{ height: auto; }}
"""


class BoxScreen(ModalScreen[None]):
    """Something to read in a box over the table, under a title and over a footer (the
    keys that close it); a subclass says which keys those are, and its own CSS."""

    def __init__(self, title: str, body: RenderableType, footer: str) -> None:
        super().__init__()
        self.box_title = title
        self.body = body
        self.footer = footer

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.box_title
            box.border_subtitle = self.footer
            with VerticalScroll():
                yield Static(self.body)


class TextScreen(BoxScreen):
    """Something to read; Esc (and a few more keys) closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,h,f1,enter,space", "close", show=False),
    ]
    DEFAULT_CSS = BOX_CSS.format(name="TextScreen")

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(TextScreen):
    """The rules for the options in play, and the keys."""

    DEFAULT_CSS = BOX_CSS.format(name="HelpScreen")


class SheetScreen(TextScreen):
    """The score sheet: one row per finished deal (``s`` opens and closes it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,s,enter,space", "close", show=False),
    ]
    DEFAULT_CSS = BOX_CSS.format(name="SheetScreen")


def bullet_lines(lines: Sequence[str]) -> Text:
    return Text("\n").join(styled("• " + line) for line in lines)


def sheet_table(header: Sequence[str], rows: Sequence[Sequence[str]], empty: str) -> Table | Text:
    """The score sheet as a table (or a line saying there is nothing in it yet).

    The game's result column (the third) wraps; the numbers never do."""
    if not rows:
        return Text(empty, style="dim")
    table = Table(expand=True, box=None, padding=(0, 1), show_edge=False)
    for i, title in enumerate(header):
        table.add_column(title, justify="left" if i == 2 else "right", no_wrap=i != 2)
    for row in rows:
        table.add_row(*(styled(cell) for cell in row))
    return table


class DealEndScreen(BoxScreen):
    """How the deal ended; it stays until a key is pressed (the table waits meanwhile).

    The box spans the screen's width at its bottom, over the log: the table stays in
    sight above it, and no line of the log shows beside it."""

    DEFAULT_CSS = (
        BOX_CSS.format(name="DealEndScreen")
        + """
    DealEndScreen { align: center bottom; }
    DealEndScreen > Vertical { width: 100%; max-width: 100%; }
    """
    )

    def __init__(self, title: str, lines: Sequence[str], footer: str) -> None:
        super().__init__(title, Text("\n").join(styled(line) for line in lines), footer)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.dismiss(None)


class QuitScreen(ModalScreen[str]):
    """Quit in the middle of a match: save it first, or not, or go back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "choose('save')", show=False),
        Binding("n", "choose('quit')", show=False),
        Binding("escape,c", "choose('back')", show=False),
    ]
    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    QuitScreen > Vertical {
        width: 64; max-width: 95%; height: auto;
        border: round $warning; padding: 0 1; background: $surface;
    }
    QuitScreen Static { height: auto; margin-bottom: 1; }
    QuitScreen Button { margin-bottom: 0; }
    QuitScreen Vertical Vertical { height: auto; width: auto; }
    """

    def __init__(self, tr: Translator) -> None:
        super().__init__()
        self.tr = tr

    def compose(self) -> ComposeResult:
        _ = self.tr
        with Vertical() as box:
            box.border_title = _("Quit")
            yield Static(_("The match is not over. Save it to play on later?"))
            with Vertical():
                yield Button(_("s: Save and quit"), id="save", variant="primary", compact=True)
                yield Button(_("n: Quit without saving"), id="quit", compact=True)
                yield Button(_("Esc: back to the game"), id="back", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "back")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
