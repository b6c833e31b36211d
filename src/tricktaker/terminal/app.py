"""The textual table: any registered game against the computer, the human at seat 0.

Everything shown is built from the human's view, his own legal actions and
his own events, put into words by the game (``Game.words``): this module
knows no game. The computer moves one action at a time after a short pause
(``bot_delay`` seconds; 0 in tests) so the human can follow, and waits while
anything is open over the table (the end of a deal stays until a key is
pressed). It thinks in a worker thread (a search level takes seconds), so the
screen keeps answering keys meanwhile; its move is applied back on the screen's
loop, and only if the match is still where it was when it began. Keys: 1–9
and 0 take the numbered actions, Tab or the arrows mark one and Enter takes
it, ``s`` the score sheet, ``?`` the rules, ``r`` a new match once this one is
over, ``q`` quits (offering to save a match in progress).

Actions that name two cards of the hand (``core.pairs``: a discard of two out
of twelve) are not a button each but a choice in two steps: a button per card
that is in some pair, then a button per card that makes a legal pair with the
one chosen (labelled with the whole action), and a way back (its button, Esc
or Backspace). The card chosen first is marked in the hand.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Static

from tricktaker.bots.registry import level_name
from tricktaker.cards import parse_card
from tricktaker.core.actions import Action
from tricktaker.core.cardwords import card_label
from tricktaker.core.pairs import CardPairs, card_pairs, pair_label
from tricktaker.core.protocol import View, paper_lines
from tricktaker.core.sides import side_names
from tricktaker.core.summary import DealSummary
from tricktaker.terminal.actions import KEYS, ActionBar, ActionButton, ActionItem, Pick
from tricktaker.terminal.chronicle import Chronicle
from tricktaker.terminal.launch import MatchSetup
from tricktaker.terminal.log import GameLog
from tricktaker.terminal.modals import (
    DealEndScreen,
    HelpScreen,
    QuitScreen,
    SheetScreen,
    bullet_lines,
    sheet_table,
)
from tricktaker.terminal.names import seat_names
from tricktaker.terminal.session import BotFailure, BotTurn, Session
from tricktaker.terminal.styling import joined, styled, use_deck
from tricktaker.terminal.table import TableWidget, table_text


def status_text(lines: list[str]) -> Text:
    """The game's status in two lines: the first (the score) bold, the others joined."""
    if not lines:
        return Text()
    out = styled(lines[0], "bold")
    if len(lines) > 1:
        out.append("\n")
        out.append_text(styled(" · ".join(lines[1:])))
    return out


class TableScreen(Screen[None]):
    """The table of one match at a time (a rematch deals the next one onto it)."""

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "request_quit", show=False),
        Binding("question_mark,h,f1", "help", show=False),
        Binding("s", "sheet", show=False),
        Binding("r", "rematch", show=False),
        Binding("escape,backspace", "pair_back", show=False),
        Binding("left", "move_focus(-1)", show=False),
        Binding("right", "move_focus(1)", show=False),
        Binding("pageup", "scroll_log(-1)", show=False),
        Binding("pagedown", "scroll_log(1)", show=False),
    ]
    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    TableScreen #status-bar { height: auto; background: $boost; }
    TableScreen #status { height: auto; width: 1fr; padding: 0 1; }
    TableScreen #level { height: auto; width: auto; padding: 0 1; color: $text-muted; }
    TableScreen #hint { height: auto; padding: 0 1; color: $warning; text-style: bold; }
    TableScreen #action-help { height: auto; padding: 0 1; color: $text-muted; }
    TableScreen #paper { height: auto; border: round $panel; padding: 0 1; }
    TableScreen #log {
        border: round $panel; height: 1fr; min-height: 4; padding: 0 1;
        scrollbar-size-vertical: 0;
    }
    TableScreen #keys { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(
        self, setup: MatchSetup, session: Session, save_dir: Path, bot_delay: float
    ) -> None:
        super().__init__()
        self.setup = setup
        self.tr = setup.tr
        self.words = setup.game.words(setup.lang)
        self.save_dir = save_dir
        self.bot_delay = bot_delay
        self.session = session
        self.names: list[str] = []
        self.sides: list[str] = []
        self.chronicle = Chronicle(setup.game, self.words, [], [])
        self.saved_to: Path | None = None
        self._bot_pending = False
        #: The computer's moment being thought over in a worker, if any.
        self._thinking: BotTurn | None = None
        self._shown: tuple[str, ...] | None = None
        #: The first card of a two-card choice, once chosen; the legal actions it was
        #: chosen among (new ones start the choice afresh).
        self._first: Pick | None = None
        self._first_among: tuple[str, ...] = ()

    # ----------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        _ = self.tr
        with Horizontal(id="status-bar"):
            yield Static(id="status")
            yield Static(id="level")
        yield TableWidget(id="table")
        yield Static(id="hint")
        yield ActionBar(_("To your partner:"), id="actions")
        yield Static(id="action-help")
        paper = Static(id="paper")
        paper.border_title = _("Score sheet")
        yield paper
        log = GameLog(id="log")
        log.border_title = _("Log")
        log.can_focus = False
        yield log
        yield Static(
            _("1–9: act · Tab/←→, Enter · s: score sheet · ?: rules · q: quit"),
            id="keys",
        )

    async def on_mount(self) -> None:
        await self.start(self.session)

    async def start(self, session: Session) -> None:
        """Show ``session`` from its beginning (a new match, a rematch, a resumed one)."""
        _ = self.tr
        self.session = session
        self.names = seat_names(session.players, session.sides, self.tr, self.direction)
        self.sides = side_names(session.sides, self.names, _("{a} & {b}"))
        self.chronicle = Chronicle(session.game, self.words, self.names, self.sides)
        self.saved_to = None
        self._shown = None
        self._first = None
        log = self.query_one("#log", GameLog)
        log.reset()
        use_deck(session.view(), self.words.lang)  # a Spanish deck's cards by their names
        intro = _("{game} against the computer ({level}). Press ? for the rules.")
        level = level_name(session.level, self.tr)
        log.add(Text(intro.format(game=self.words.title, level=level), style="bold"))
        self._tell()
        await self.refresh_table()
        self._schedule_bot()

    # ------------------------------------------------------------- rendering

    @property
    def direction(self) -> str:
        """The way play passes round the table, as the game says."""
        return self.setup.game.info.play_direction

    @property
    def summaries(self) -> list[DealSummary]:
        """Every deal finished so far in this match (the score sheet's rows)."""
        return self.chronicle.summaries

    def _tell(self) -> list[str]:
        """Log what the human saw happen since last time; the summary of a deal that ended."""
        lines, ending = self.chronicle.tell(self.session.new_events())
        log = self.query_one("#log", GameLog)
        for line in lines:
            log.add(line)
        return ending

    def ordered_actions(self) -> list[Action]:
        """The human's legal actions as numbered on screen: public first, private words last."""
        legal = self.session.legal()
        public = [a for a in legal if not self.words.is_private(a)]
        return public + [a for a in legal if self.words.is_private(a)]

    def pairs(self) -> list[CardPairs]:
        """The human's two-card choices now (``core.pairs``; none for most moments)."""
        return card_pairs(self.session.legal(), self.session.view().hand)

    @property
    def first_pick(self) -> Pick | None:
        """The card chosen first in a two-card choice, while the second is awaited."""
        legal = tuple(str(a) for a in self.session.legal())
        if self._first is not None and legal != self._first_among:
            self._first = None
        return self._first

    def choices(self) -> list[Action | Pick]:
        """What the buttons take, in the order the keys number them: the legal actions,
        with the actions of two cards replaced by the step of their choice."""
        legal = self.ordered_actions()
        pairs = {p.verb: p for p in self.pairs()}
        first = self.first_pick
        if first is not None and first.card is not None and first.verb in pairs:
            seconds = pairs[first.verb].seconds(first.card)
            return [*(Pick(first.verb, c) for c in seconds), Pick(first.verb, None)]
        out: list[Action | Pick] = []
        for action in legal:
            group = pairs.get(action.verb)
            if group is None or action not in group:
                out.append(action)
            elif not any(isinstance(c, Pick) and c.verb == group.verb for c in out):
                out += [Pick(group.verb, card) for card in group.firsts()]
        return out

    def choice_label(self, choice: Action | Pick, view: View) -> str:
        """A button's words: the game's for an action; a card, or the whole action it
        completes, for a step of a two-card choice."""
        _ = self.tr
        if isinstance(choice, Action):
            return self.words.action_label(choice, view)
        if choice.card is None:
            return _("Back")
        first = self.first_pick
        if first is not None and first.card is not None:
            group = next(p for p in self.pairs() if p.verb == choice.verb)
            action = group.action(first.card, choice.card)
            assert action is not None
            return self.words.action_label(action, view)
        card = card_label(parse_card(choice.card), self.words.lang)
        if len(self.pairs()) > 1:  # which choice the card is for
            group = next(p for p in self.pairs() if p.verb == choice.verb)
            return f"{pair_label(self.words, group, view)} {card}"
        return card

    async def refresh_table(self) -> None:
        """Redraw every panel from the human's view; rebuild the buttons if they changed."""
        view = self.session.view()
        use_deck(view, self.words.lang)
        self._show_status(view)
        self._show_table(view)
        self._show_paper(view)
        legal = self.ordered_actions()
        self.query_one("#hint", Static).update(self._hint_text(legal))
        first = self.first_pick
        key = (*(str(a) for a in legal), repr(first))
        if key != self._shown:
            self._shown = key
            await self._show_actions(view, legal)
        log = self.query_one("#log", GameLog)
        self.call_after_refresh(log.scroll_end, animate=False, immediate=True)

    def _show_status(self, view: View) -> None:
        _ = self.tr
        lines = self.words.status(view, self.names, self.sides)
        self.query_one("#status", Static).update(status_text(lines))
        self._show_level()

    def _show_level(self) -> None:
        """The computer's level in the status bar, and whether it is thinking (a strong
        level takes seconds over a move: the player sees why nothing happens yet)."""
        _ = self.tr
        if self._thinking is None:
            text = _("computer: {level}")
        else:
            text = _("computer: {level} · thinking…")
        level = level_name(self.session.level, self.tr)
        self.query_one("#level", Static).update(text.format(level=level))

    def paper(self, view: View) -> list[str]:
        """The score sheet as the game's players draw it on paper (none for most games)."""
        return paper_lines(self.words, view, self.summaries, self.names)

    def _show_paper(self, view: View) -> None:
        """The paper sheet in its panel, kept up to date; hidden for a game without one."""
        lines = self.paper(view)
        box = self.query_one("#paper", Static)
        box.update(Text("\n".join(lines), no_wrap=True, overflow="crop"))
        box.display = bool(lines)

    def _show_table(self, view: View) -> None:
        box = self.query_one("#table", TableWidget)
        box.border_title = self.words.title
        private = list(self.chronicle.private.values())
        level = self.session.level
        first = self.first_pick
        chosen = () if first is None or first.card is None else (parse_card(first.card),)
        box.show(
            table_text(
                view,
                self.words,
                self.names,
                self.sides,
                level,
                private,
                self.tr,
                self.direction,
                chosen,
            )
        )

    async def _show_actions(self, view: View, legal: list[Action]) -> None:
        """The buttons, numbered as the keys take them, and what the unclear ones mean."""
        _ = self.tr
        words = self.words
        items = [
            ActionItem(
                c,
                self.choice_label(c, view),
                KEYS[i] if i < len(KEYS) else "",
                isinstance(c, Action) and words.is_private(c),
            )
            for i, c in enumerate(self.choices())
        ]
        await self.query_one("#actions", ActionBar).show(items)
        helps = []
        first = self.first_pick
        for group in self.pairs():
            label = pair_label(words, group, view)
            if first is not None and first.card is not None and first.verb == group.verb:
                card = card_label(parse_card(first.card), words.lang)
                said = _("{action} {card}: choose the second card (Esc: back)")
                helps.append(said.format(action=label, card=card))
            elif first is None:
                helps.append(_("{action}: choose the first card").format(action=label))
        pairs = {p.verb: p for p in self.pairs()}
        for a in legal:
            if a.verb in pairs and a in pairs[a.verb]:
                continue
            meaning = words.action_help(a, view, self.names)
            if meaning and not words.is_private(a):
                helps.append(f"{words.action_label(a, view)} — {meaning}")
        box = self.query_one("#action-help", Static)
        box.update(joined(helps))
        box.display = bool(helps)

    def _hint_text(self, legal: list[Action]) -> Text:
        _ = self.tr
        view = self.session.view()
        if not view.finished:
            return styled("▶ " + self.words.hint(view, legal, self.names))
        out = styled(self.words.match_result(view, self.sides))
        if self.saved_to is not None:
            out.append(" " + _("Saved to {path}.").format(path=self.saved_to))
        out.append("\n" + _("r: a new match with the same rules · s: score sheet · q: quit"))
        return out

    # --------------------------------------------------------------- playing

    async def after_action(self) -> None:
        """Tell what happened and redraw; at the end of a deal, hold the table still."""
        _ = self.tr
        ending = self._tell()
        if self.session.finished and self.saved_to is None:
            self._save()
        if not ending:
            await self.refresh_table()
            self._schedule_bot()
            return
        # The finished deal stays on the table under its summary until a key is
        # pressed; only then does the next deal (already dealt) appear, and the
        # computer play on (``on_screen_resume``).
        title = _("Deal {n} is over").format(n=self.summaries[-1].number + 1)
        ended = self.session.deal_end_view
        if ended is not None:  # the deal as it ended: its last card, its last trick counted
            self._show_status(ended)
            self._show_table(ended)
            self._show_paper(ended)
        self._shown = ()
        await self.query_one("#actions", ActionBar).show([])
        self.query_one("#action-help", Static).display = False
        self.query_one("#hint", Static).update(styled(title))
        self.app.push_screen(DealEndScreen(title, ending, _("Press any key to go on")))

    def _schedule_bot(self) -> None:
        if self._bot_pending or not self.is_current or not self.session.bot_to_act():
            return
        self._bot_pending = True
        if self.bot_delay > 0:
            self.set_timer(self.bot_delay, self._bot_turn)
        else:
            self.call_later(self._bot_turn)

    async def _bot_turn(self) -> None:
        """Start the computer's move in a worker: a search level thinks for seconds, and
        the screen must go on answering keys and redrawing meanwhile. One at a time."""
        if self._thinking is not None:
            return  # its end schedules the next move
        self._bot_pending = False
        if not self.is_current or not self.session.bot_to_act():
            return
        self._bot_pending = True
        self._thinking = self.session.bot_turn()
        self._show_level()
        self.run_worker(self._bot_move(), group="bot")  # a bug of the screen shows, as before

    async def _bot_move(self) -> None:
        """The computer thinks in a thread over what its seat knows (``Session.bot_turn``);
        its move is played here, on the screen's loop, only if the match is still where
        it was (a rematch may have replaced it), and with the table in sight, as any
        move of the computer (a modal screen over it leaves it in sight)."""
        session = self.session
        turn = self._thinking
        try:
            if turn is None:
                return
            choice = await asyncio.to_thread(session.think, turn)
        finally:
            self._thinking = None
            self._bot_pending = False
        self._show_level()
        if session is not self.session or not session.current(turn):
            self._schedule_bot()  # the match in sight now may be waiting for a move
        elif self.is_current:  # else the table is out of sight: thought over again on resume
            await self._play_bot(turn, choice)

    async def _play_bot(self, turn: BotTurn, choice: Action | BotFailure) -> None:
        """Play the computer's choice; a failed bot's random move is said in the log."""
        failure = self.session.finish_bot(turn, choice)
        if failure is not None:
            _ = self.tr
            message = _("The computer ({name}) failed: {error}. It made a random move instead.")
            self.query_one("#log", GameLog).add(
                Text(message.format(name=self.names[failure.seat], error=failure.error), "red")
            )
        await self.after_action()

    async def on_screen_resume(self) -> None:
        await self.refresh_table()
        self._schedule_bot()

    async def take(self, action: Action) -> bool:
        """Take one of the human's actions; False (and nothing done) if it is not legal now."""
        if not self.is_current or str(action) not in {str(a) for a in self.session.legal()}:
            return False
        self._first = None
        self.session.play(action)
        await self.after_action()
        return True

    async def choose(self, choice: Action | Pick) -> bool:
        """Take a button's choice: an action, or a step of a two-card choice (the second
        card takes the pair's action); False (and nothing done) if it is not one now."""
        if isinstance(choice, Action):
            return await self.take(choice)
        if not self.is_current or choice not in self.choices():
            return False
        first = self.first_pick
        if choice.card is None:
            self._first = None
        elif first is None:
            self._first = choice
            self._first_among = tuple(str(a) for a in self.session.legal())
        else:
            assert first.card is not None
            group = next(p for p in self.pairs() if p.verb == choice.verb)
            action = group.action(first.card, choice.card)
            return action is not None and await self.take(action)
        await self.refresh_table()
        return True

    async def action_pair_back(self) -> None:
        """Esc or Backspace: back from the second card of a two-card choice to the first."""
        first = self.first_pick
        if first is not None:
            await self.choose(Pick(first.verb, None))

    async def on_action_button_chosen(self, message: ActionButton.Chosen) -> None:
        message.stop()
        if not await self.choose(message.action):
            self.app.bell()

    async def on_key(self, event: events.Key) -> None:
        if event.character is None or event.character not in KEYS:
            return
        event.stop()
        index = KEYS.index(event.character)
        choices = self.choices()
        if index < len(choices):
            await self.choose(choices[index])
        else:
            self.app.bell()

    def action_move_focus(self, step: int) -> None:
        buttons = self.query_one("#actions", ActionBar).buttons
        if not buttons:
            return
        if self.focused in buttons:
            assert isinstance(self.focused, ActionButton)
            index = (buttons.index(self.focused) + step) % len(buttons)
        else:
            index = 0 if step > 0 else len(buttons) - 1
        # At once, not later as ``focus()`` does: an Enter typed right after the
        # arrow must take the button the arrow marked.
        self.set_focus(buttons[index])

    def action_scroll_log(self, step: int) -> None:
        log = self.query_one("#log", GameLog)
        if step < 0:
            log.scroll_page_up()
        else:
            log.scroll_page_down()

    # ---------------------------------------------------------------- panels

    def action_help(self) -> None:
        _ = self.tr
        lines = self.words.rules(self.session.options)
        body = bullet_lines(lines)
        keys = [
            _("1–9 and 0 take the numbered actions; Tab or ←→ mark one, Enter takes it."),
            _("s: the score sheet · r: a new match once this one is over · q: quit."),
            _("PgUp and PgDn scroll the log."),
        ]
        seats = self.session.sides
        partners = [s for s in range(1, len(seats)) if seats[s] == seats[0]]
        if len(seats) > 2 and not partners:
            keys.insert(0, _("You sit at the bottom; each player plays for himself."))
        elif len(partners) == 1:
            keys.insert(0, _("You sit at the bottom, your partner opposite."))
        elif partners:
            keys.insert(0, _("You sit at the bottom; your partners sit in every other seat."))
        body.append("\n\n")
        body.append_text(bullet_lines(keys))
        title = _("How to play {game}").format(game=self.words.title)
        self.app.push_screen(HelpScreen(title, body, _("Esc: back to the game")))

    def action_sheet(self) -> None:
        _ = self.tr
        rows = [self.words.sheet_row(s, self.sides) for s in self.summaries]
        table = sheet_table(
            self.words.sheet_header(self.sides), rows, _("No deal has been finished yet.")
        )
        paper = self.paper(self.session.view())
        body = Group(Text("\n".join(paper), no_wrap=True), Text(""), table) if paper else table
        self.app.push_screen(SheetScreen(_("Score sheet"), body, _("Esc: back to the game")))

    async def action_rematch(self) -> None:
        if not self.session.finished:
            self.app.bell()
            return
        await self.start(self.setup.new_session())

    # ------------------------------------------------------------- quitting

    def _save(self) -> bool:
        """Save the record; say where (or why not) in the log."""
        _ = self.tr
        log = self.query_one("#log", GameLog)
        try:
            self.saved_to = self.session.save(self.save_dir)
        except OSError as exc:
            failed = _("Could not save the match in {path}: {error}")
            log.add(Text(failed.format(path=self.save_dir, error=exc), style="bold red"))
            return False
        saved = _("Saved to {path}; replay it with: tricktaker replay {path}")
        log.add(Text(saved.format(path=self.saved_to), style="bold green"))
        app = self.app
        if isinstance(app, PlayApp):
            app.saved.append((self.saved_to, self.session.finished))
        return True

    @property
    def unsaved(self) -> bool:
        """Whether a match in progress would be lost on quitting now."""
        session = self.session
        return session.started and not session.finished and self.saved_to is None

    def action_request_quit(self) -> None:
        if not self.unsaved:
            self.app.exit()
            return
        self.app.push_screen(QuitScreen(self.tr), self._quit_chosen)

    def _quit_chosen(self, choice: str | None) -> None:
        if choice == "save":
            if self._save():
                self.app.exit()
        elif choice == "quit":
            self.app.exit()


class PlayApp(App[None]):
    """The terminal front end: one table screen, and the screens opened over it."""

    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q,ctrl+c", "request_quit", show=False, priority=True),
    ]

    def __init__(
        self, setup: MatchSetup, session: Session, save_dir: str | Path, bot_delay: float = 0.8
    ) -> None:
        super().__init__()
        self.setup = setup
        #: Every match saved while the app ran, and whether it was over (or saved on quitting).
        self.saved: list[tuple[Path, bool]] = []
        self.table = TableScreen(setup, session, Path(save_dir), bot_delay)
        self.title = self.table.words.title

    def get_default_screen(self) -> Screen[None]:
        return self.table

    @property
    def session(self) -> Session:
        return self.table.session

    @property
    def unsaved(self) -> bool:
        return self.table.unsaved

    def action_request_quit(self) -> None:
        while self.screen is not self.table and len(self.screen_stack) > 1:
            self.pop_screen()
        self.table.action_request_quit()
