"""The textual screen for Le Truc: what a newcomer needs to play, and nothing hidden.

Everything shown comes from the human's view (``Session.view``) and his own
legal actions. Computer seats move one action at a time after a short pause
(``bot_delay`` seconds; 0 in tests) so the human can follow the play. Keys:
1-9 and 0 choose the numbered actions, ``?`` shows the rules, ``q`` quits
(offering to save a match in progress).
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, RichLog, Static

from tricktaker.games.truc import TrucAction
from tricktaker.i18n import N_, Translator
from tricktaker.terminal import words
from tricktaker.terminal.session import Event, NewDealEvent, Session

KEYS = "1234567890"

RULES_HELP = (
    N_("Le Truc: 32 cards, three to each player. Ranks from high to low: {order}."),
    N_("Suits do not matter and you need not follow suit: the higher card takes the trick."),
    N_("Take two of the three tricks to win the deal."),
    N_(
        "Equal cards spoil a trick while nobody has won one; it then goes to the winner "
        "of the next trick. Once a trick is won, a tie goes to whoever played first."
    ),
    N_(
        "A deal is worth 1. Before playing a card you may propose “Two if I play?”. "
        "If the opponent says “No”, you score the stake at once; if he accepts, it doubles."
    ),
    N_(
        "Nobody may double past 12: say “My rest” instead, a claim to exactly the points "
        "you need. The answer may be “My rest” too: then the deal decides the game."
    ),
    N_(
        "Before the first card, the player after the dealer may ask for new cards "
        "(“Cards, please”); the dealer accepts or refuses."
    ),
    N_(
        "“Fold” gives the deal away at its current stake. A game is 12 points; "
        "the first to win two games wins the match."
    ),
    N_(
        "Four players: partners sit opposite. Only the captains (the dealer and the "
        "player on his right) bet, answer and fold; partners may pass private messages."
    ),
    N_("Keys: 1–9 and 0 choose an action, ? shows this help, q quits (you may save first)."),
)


class ActionButton(Button):
    """A button for one of the human's legal actions."""

    def __init__(self, game_action: TrucAction, label: Text, key: str) -> None:
        text = Text()
        if key:
            text.append(f"{key} ", style="bold")
        text.append_text(label)
        super().__init__(text, compact=True)
        self.game_action = game_action
        self.width_cells = cell_len(text.plain) + 2


class HelpScreen(ModalScreen[None]):
    """The rules in ten lines."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,h", "close", show=False),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical {
        width: 90%; height: auto; max-height: 90%;
        border: round $accent; padding: 0 1; background: $surface;
    }
    HelpScreen VerticalScroll { height: auto; max-height: 1fr; }
    HelpScreen Static { height: auto; }
    """

    def __init__(self, tr: Translator) -> None:
        super().__init__()
        self.tr = tr

    def compose(self) -> ComposeResult:
        _ = self.tr
        text = Text()
        for i, line in enumerate(RULES_HELP):
            if i:
                text.append("\n")
            text.append("• " + _(line).format(order=words.rank_order(_)))
        with Vertical() as box:
            box.border_title = _("How to play")
            box.border_subtitle = _("Esc: Back to the game")
            with VerticalScroll():
                yield Static(text)

    def action_close(self) -> None:
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
        width: auto; height: auto; border: round $warning; padding: 0 1; background: $surface;
    }
    QuitScreen Static { height: auto; margin-bottom: 1; }
    QuitScreen Button { margin-right: 1; }
    QuitScreen Horizontal { height: auto; width: auto; }
    """

    def __init__(self, tr: Translator) -> None:
        super().__init__()
        self.tr = tr

    def compose(self) -> ComposeResult:
        _ = self.tr
        with Vertical() as box:
            box.border_title = _("Quit")
            yield Static(_("The match is not over. Save it to replay it later?"))
            with Horizontal():
                yield Button(_("s: Save and quit"), id="save", variant="primary", compact=True)
                yield Button(_("n: Quit without saving"), id="quit", compact=True)
                yield Button(_("Esc: Back to the game"), id="back", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "back")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class TrucApp(App[None]):
    """Le Truc against the computer, the human at seat 0."""

    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "request_quit", show=False),
        Binding("ctrl+q,ctrl+c", "request_quit", show=False, priority=True),
        Binding("question_mark,h,f1", "help", show=False),
    ]
    CSS = """
    Screen { layout: vertical; }
    #status { border: round $primary; height: auto; padding: 0 1; }
    #table { border: round $secondary; height: auto; min-height: 3; padding: 0 1; }
    #hand, #messages, #lastdeal { height: auto; padding: 0 1; }
    #hint { height: auto; padding: 0 1; color: $warning; text-style: bold; }
    #actions { height: auto; padding: 0 1; }
    #actions > Horizontal { height: auto; }
    #actions Button { margin-right: 1; min-width: 0; }
    #actions .label { width: auto; margin-right: 1; }
    #log { border: round $panel; height: 1fr; min-height: 3; padding: 0 1; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    def __init__(
        self,
        session: Session,
        tr: Translator,
        save_dir: str | Path,
        bot_delay: float = 0.8,
        notices: list[str] | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.tr = tr
        self.save_dir = Path(save_dir)
        self.bot_delay = bot_delay
        self.notices = list(notices or [])
        players = session.players
        self.names = words.seat_names(players, tr)
        self.sides = words.side_names(players, tr)
        self._bot_pending = False
        self._shown_actions: tuple[str, ...] | None = None
        self._modal_open = False
        self.saved_to: Path | None = None
        self.title = tr("Le Truc")  # the same id as the status panel's title

    # ----------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        _ = self.tr
        status = Static(id="status")
        status.border_title = _("Le Truc")
        yield status
        table = Static(id="table")
        table.border_title = _("Table")
        yield table
        yield Static(id="hand")
        if self.session.players == 4:
            yield Static(id="messages")
        yield Static(id="lastdeal")
        yield Static(id="hint")
        yield Vertical(id="actions")
        log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True)
        log.border_title = _("Log")
        log.can_focus = False
        yield log
        yield Static(
            _("1–9, 0: choose an action (or click it) · ?: rules · q: quit"),
            id="keys",
        )

    async def on_mount(self) -> None:
        _ = self.tr
        log = self.query_one("#log", RichLog)
        log.write(Text(_("Le Truc against the computer. Press ? for the rules."), style="bold"))
        for notice in self.notices:
            log.write(Text(notice, style="bold red"))
        view = self.session.view()
        for line in words.event_lines(
            [NewDealEvent(view.deal_number, view.dealer)], view, self.names, self.sides, _
        ):
            log.write(line)
        await self.refresh_screen()
        self._schedule_bot()

    # ------------------------------------------------------------ rendering

    async def refresh_screen(self) -> None:
        """Redraw every panel from the human's view; rebuild buttons if they changed."""
        _ = self.tr
        view = self.session.view()
        legal = words.ordered_actions(self.session.legal())
        status = Text("\n").join(words.status_lines(view, self.names, self.sides, _))
        self.query_one("#status", Static).update(status)
        table = words.table_lines(view, self.names, self.sides, _)
        self.query_one("#table", Static).update(
            Text("\n").join(table) if table else Text(_("No card played yet."), style="dim")
        )
        self.query_one("#hand", Static).update(words.hand_text(view, _))
        if view.players == 4:
            msg = words.messages_text(view, self.names, _)
            self.query_one("#messages", Static).update(msg if msg is not None else "")
        self.query_one("#lastdeal", Static).update(words.last_deal_text(view, self.sides, _))
        if view.finished:
            hint = words.match_over_text(view, self.sides, _)
            if self.saved_to is not None:
                hint += " " + _("Saved to {path}; replay it with: tricktaker replay {path}").format(
                    path=self.saved_to
                )
            hint += " " + _("Press q to leave.")
        else:
            hint = "▶ " + words.hint(view, legal, self.names, _)
        self.query_one("#hint", Static).update(Text(hint))
        key = tuple(str(a) for a in legal)
        if key != self._shown_actions:
            self._shown_actions = key
            await self._rebuild_actions(legal)
        # Panels above the log may have grown: keep its newest line in sight.
        log = self.query_one("#log", RichLog)
        self.call_after_refresh(log.scroll_end, animate=False, immediate=True)

    async def _rebuild_actions(self, legal: list[TrucAction]) -> None:
        _ = self.tr
        box = self.query_one("#actions", Vertical)
        await box.remove_children()
        view = self.session.view()
        width = max(20, (box.size.width or self.size.width) - 2)
        rows: list[Horizontal] = []
        row: list[Widget] = []
        used = 0
        private_started = False
        for i, action in enumerate(legal):
            if words.is_private(action) and not private_started:
                private_started = True
                if row:
                    rows.append(Horizontal(*row))
                label = _("To your partner:") if view.seat is not None else ""
                row = [Static(label, classes="label")]
                used = cell_len(label) + 1
            key = KEYS[i] if i < len(KEYS) else ""
            button = ActionButton(action, words.action_label(action, view, _), key)
            if row and used + button.width_cells + 1 > width:
                rows.append(Horizontal(*row))
                row, used = [], 0
            row.append(button)
            used += button.width_cells + 1
        if row:
            rows.append(Horizontal(*row))
        if rows:
            await box.mount_all(rows)

    def _save(self) -> bool:
        """Save the record; say where (or why not) in the log."""
        _ = self.tr
        try:
            self.saved_to = self.session.save(self.save_dir)
        except OSError as exc:
            failed = _("Could not save the match in {path}: {error}")
            self._write_log([Text(failed.format(path=self.save_dir, error=exc), style="bold red")])
            return False
        saved = _("Saved to {path}; replay it with: tricktaker replay {path}")
        self._write_log([Text(saved.format(path=self.saved_to), style="bold green")])
        return True

    def _write_log(self, lines: list[Text]) -> None:
        log = self.query_one("#log", RichLog)
        for line in lines:
            log.write(line)

    # --------------------------------------------------------------- playing

    async def _after(self, events_: list[Event]) -> None:
        _ = self.tr
        view = self.session.view()
        self._write_log(words.event_lines(events_, view, self.names, self.sides, _))
        if view.finished and self.saved_to is None:
            self._save()
        await self.refresh_screen()
        self._schedule_bot()

    def _schedule_bot(self) -> None:
        if self._bot_pending or self._modal_open or not self.session.bot_to_act():
            return
        self._bot_pending = True
        if self.bot_delay > 0:
            self.set_timer(self.bot_delay, self._bot_turn)
        else:
            self.call_later(self._bot_turn)

    async def _bot_turn(self) -> None:
        self._bot_pending = False
        if self._modal_open or not self.session.bot_to_act():
            return
        await self._after(self.session.step_bot())

    async def take(self, action: TrucAction) -> bool:
        """Take one of the human's actions; False (and nothing done) if it is not legal now."""
        if self._modal_open or action not in self.session.legal():
            return False
        await self._after(self.session.play(action))
        return True

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button
        if isinstance(button, ActionButton):
            event.stop()
            if not await self.take(button.game_action):
                self.bell()

    async def on_key(self, event: events.Key) -> None:
        if self._modal_open or event.character is None or event.character not in KEYS:
            return
        index = KEYS.index(event.character)
        legal = words.ordered_actions(self.session.legal())
        event.stop()
        if index < len(legal):
            await self.take(legal[index])
        else:
            self.bell()

    # ------------------------------------------------------------- quitting

    def action_help(self) -> None:
        if self._modal_open:
            return
        self._modal_open = True
        self.push_screen(HelpScreen(self.tr), self._modal_closed)

    def _modal_closed(self, _result: object = None) -> None:
        self._modal_open = False
        self._schedule_bot()

    def action_request_quit(self) -> None:
        if self._modal_open:
            return
        if self.session.finished or not self.session.started or self.saved_to is not None:
            self.exit()
            return
        self._modal_open = True
        self.push_screen(QuitScreen(self.tr), self._quit_chosen)

    def _quit_chosen(self, choice: str | None) -> None:
        self._modal_open = False
        if choice == "save":
            if self._save():
                self.exit()
        elif choice == "quit":
            self.exit()
        else:
            self._schedule_bot()
