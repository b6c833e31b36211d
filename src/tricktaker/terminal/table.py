"""The table drawn with the seats around it: partner opposite, opponents left and right.

Where each seat sits comes from ``names.seats_at``: round the table in order
of play, to the left or to the right as the game says, two to a side with six.

Each seat shows its name (with the computer's level), the game's tags for it
(dealer, captain...), how many cards it holds, and its card in the trick in
progress; the human's own seat, at the bottom, shows his cards. Under the
seats, the game's own lines about the deal (tricks taken, whose card is
awaited) and the private words the human's side passed in this deal. All of
it is read from the human's view and events only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from tricktaker.cards import Card
from tricktaker.core.cardwords import card_label
from tricktaker.core.i18n import Translator
from tricktaker.core.protocol import View, Words
from tricktaker.terminal.names import (
    BOTTOM,
    HUMAN,
    LEFT,
    LEFTWARD,
    RIGHT,
    TOP,
    seats_at,
    with_level,
)
from tricktaker.terminal.styling import styled

CENTER = "center"
PLACES = (TOP, LEFT, CENTER, RIGHT, BOTTOM)
TURN_MARK = "▶ "


@dataclass(frozen=True, slots=True)
class TableText:
    """What the table shows, per place, and the lines under the seats."""

    places: dict[str, Text]
    lines: list[Text]


def seat_text(
    view: View,
    seat: int,
    words: Words,
    names: Sequence[str],
    level: str | None,
    _: Translator,
    chosen: Sequence[Card] = (),
) -> Text:
    """One seat's box: name, tags, cards held (the human's own, face up, those ``chosen``
    for a two-card choice marked) and its trick card."""
    head = Text(TURN_MARK if view.to_act == seat else "", style="bold yellow")
    head.append(with_level(names[seat], level, _), style="bold")
    for tag in words.seat_tags(view, seat):
        head.append(" · " + tag, style="italic")
    out = [head]
    if seat == view.seat:
        hand = " ".join(card_label(c, words.lang) for c in view.hand)
        line = styled(_("Your cards: {cards}").format(cards=hand or "—"))
        line.highlight_words([card_label(c, words.lang) for c in chosen], "bold reverse")
        out.append(line)
    else:
        count = view.hand_sizes[seat]
        out.append(Text(_.ngettext("{n} card", "{n} cards", count).format(n=count)))
    played = [c for s, c in view.on_table if s == seat]
    if played:
        line = out[-1]
        line.append(" · ")
        line.append_text(styled(_("trick: {card}").format(card=card_label(played[0], words.lang))))
    if seat == view.seat:
        note = words.hand_note(view)
        if note:
            out[-1].append(" · ")
            out[-1].append_text(styled(note, "dim"))
    return Text("\n").join(out)


def table_text(
    view: View,
    words: Words,
    names: Sequence[str],
    sides: Sequence[str],
    level: str | None,
    private: Sequence[str],
    _: Translator,
    direction: str = LEFTWARD,
    chosen: Sequence[Card] = (),
) -> TableText:
    """The whole table for the human's view; ``private`` are his side's words this deal;
    ``direction`` the way play passes (``GameInfo.play_direction``); ``chosen`` the cards
    of his hand chosen so far in a two-card choice."""
    found: dict[str, list[Text]] = {place: [] for place in PLACES}
    for place, seats in seats_at(view.players, direction).items():
        for seat in seats:
            found[place].append(
                seat_text(view, seat, words, names, None if seat == HUMAN else level, _, chosen)
            )
    if not view.finished:
        found[CENTER].append(Text(words.phase(view), style="dim italic"))
    lines = [styled(line) for line in words.table_lines(view, names, sides)]
    lines += [styled(line, "italic cyan") for line in private]
    joined = {place: Text("\n\n").join(texts) for place, texts in found.items()}
    return TableText(joined, lines)


class TableWidget(Vertical):
    """The seats around the table and the deal's lines under them."""

    DEFAULT_CSS = """
    TableWidget { border: round $secondary; height: auto; padding: 0 1; }
    TableWidget .place { height: auto; }
    TableWidget .top, TableWidget .bottom { width: 100%; text-align: center; }
    TableWidget #middle { height: auto; }
    TableWidget .left, TableWidget .center, TableWidget .right { width: 1fr; }
    TableWidget .left { text-align: left; }
    TableWidget .center { text-align: center; }
    TableWidget .right { text-align: right; }
    TableWidget #deal-lines { height: auto; }
    """

    def compose(self) -> ComposeResult:
        # Rows of their own (not a grid with spans, whose rows would be as high
        # as the spanned text wrapped in one column).
        yield Static(id=f"place-{TOP}", classes=f"place {TOP}")
        with Horizontal(id="middle"):
            for place in (LEFT, CENTER, RIGHT):
                yield Static(id=f"place-{place}", classes=f"place {place}")
        yield Static(id=f"place-{BOTTOM}", classes=f"place {BOTTOM}")
        yield Static(id="deal-lines")

    def show(self, table: TableText) -> None:
        for place in PLACES:
            self.query_one(f"#place-{place}", Static).update(table.places[place])
        deal = self.query_one("#deal-lines", Static)
        deal.update(Text("\n").join(table.lines))
        deal.display = bool(table.lines)
