"""Tetka in its players' words, in each language of the app: hints, log lines, marks, results.

Pure functions of views, events and summaries (the Words protocol), shared by
the terminal and the web table; plain text, cards written by
``core.cardwords``. The seed's Russian: «тётка» (a queen, «дама»),
«фотография» (the card turned from the second deck, and its twin in play),
«счётная взятка», «марка», «роббер», «заход», «взятка», «сдающий»,
«жеребьёвка»; a revoke is «ренонс», as in vint. The catalogs are
``locale/<lang>/LC_MESSAGES/tetka.po`` beside this module.

Russian verbs agree with their subject, and a seat may be «Вы»; so a seat's
name is only ever written where no verb has to agree with it: before a colon
(«Запад: Д♠»), after one («берёт: Вы»), or in a list.

**What the words never tell** (docs/rules/tetka.md): the screen
may show only the tricks a player may review (``view.review``), the trick in
progress and the photograph. A log accumulates, so no log line names the card
of a play or lists a finished trick's cards: a trick's line says who took it
and the marks it carried (its queens by name, the photo card, the counting
and the last trick), which are public; a revoke's line says who, in which
suit and trick. Only a finished deal's lines (``deal_lines``) tell it trick by
trick: it is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import CARD_NAMES, parse_card
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.core.i18n import N_
from tricktaker.core.options import Options
from tricktaker.core.protocol import View
from tricktaker.core.summary import DealSummary
from tricktaker.core.words import GameWords, Lobby, Source
from tricktaker.games.tetka.scoring import (
    COUNTING,
    LAST,
    MOST,
    PHOTO,
    TRICKS,
    settlement,
    trick_reasons,
)
from tricktaker.games.tetka.views import TetkaView, review_size

DOMAIN = "tetka"
PACKAGE = "tricktaker.games.tetka"
#: The marks other than a queen (a queen is written by her card), as words.
REASON_TEXTS = {
    PHOTO: N_("photo card"),
    COUNTING: N_("counting trick"),
    MOST: N_("most tricks"),
    LAST: N_("last trick"),
}
#: The options' names and values in the lobby (``core.protocol.OptionWords``).
OPTION_LABELS = {
    "revoke": N_("Revoke (not following suit)"),
    "target": N_("Play to (marks)"),
}
CHOICE_LABELS = {
    ("revoke", "prevented"): N_("prevented: only cards that follow suit are offered"),
    ("revoke", "penalized"): N_("allowed, but a proved revoke is penalized"),
}
OPTION_HELP = {
    "revoke": N_(
        "Prevented: you can only play a card of the suit led while you have one. Penalized: "
        "any card may be played; once a revoke is proved, each other player hands the "
        "revoker one of his tricks."
    ),
    "target": N_("The robber ends after the deal in which anyone reaches this many marks."),
}
RULES_DECK = N_(
    "{game}: four players, each for himself; 52 cards, 13 to each, dealt one at a time. "
    "Ace high, no trumps. Take as few tricks as you can, and above all no queens: the "
    "“aunts” of the game's name."
)
RULES_DRAW = N_(
    "Seat draw: the lowest card (a two is lowest) chooses his seat and deals first; the "
    "deal then moves to the left."
)
RULES_PHOTO = N_(
    "Before each deal the player on the dealer's left turns a card from a second deck: "
    "the photograph. Its twin in the playing deck, dealt with the rest, is the photo card."
)
RULES_PLAY = N_(
    "The player on the dealer's left leads the first trick; play passes to the left. "
    "Follow suit if you can, otherwise play any card; the highest card of the suit led "
    "takes the trick, and its taker leads the next."
)
RULES_REVOKE = {
    "prevented": N_("Revokes are prevented: only cards that follow suit are offered."),
    "penalized": N_(
        "Revokes are penalized: any card may be played, but failing to follow suit while "
        "holding it is a revoke, proved when the revoker later shows that suit. At the end "
        "of the deal each other player hands him one of his own tricks, one holding no queen "
        "if he has one; the queens of a handed trick still count against their taker."
    ),
}
RULES_MARKS = N_(
    "At the end of a deal 8 marks are handed out, and each counts against its taker: 1 for "
    "each queen in your tricks; 1 for the trick holding the photo card; 1 for the counting "
    "trick, the one whose number is the photograph's rank (A = 1, 2 to 10 as printed, J = 11, "
    "Q = 12, K = 13); 1 for the most tricks (among players tied, to the one whose last trick "
    "came latest); 1 for the last trick."
)
RULES_REVIEW = N_(
    "Until you first lead in a deal you may look at the last two finished tricks; after "
    "that only at the last one. Earlier tricks are not shown."
)
RULES_SETTLE = N_(
    "Settlement: each player receives from each player with more marks the difference; "
    "the fewest marks win."
)


def _mask(items: Sequence[int]) -> int:
    """Cards (or seats) as a bit mask."""
    out = 0
    for c in items:
        out |= 1 << c
    return out


class TetkaWords(GameWords[TetkaView]):
    """Tetka's words in one language (the Words protocol)."""

    source = Source(DOMAIN, PACKAGE, N_("Tetka"), TetkaView)
    lobby = Lobby(OPTION_LABELS, CHOICE_LABELS, OPTION_HELP)

    # ---------------------------------------------------------------- pieces

    def reason(self, reason: str) -> str:
        """One mark's reason: a queen by her card, else its words."""
        text = REASON_TEXTS.get(reason)
        return self._(text) if text is not None else self.card(reason)

    def reasons(self, reasons: Sequence[str]) -> str:
        return ", ".join(self.reason(r) for r in reasons)

    def marks_count(self, n: int) -> str:
        return self._.ngettext("{n} mark", "{n} marks", n).format(n=n)

    def trick_line(
        self,
        number: int,
        plays: Sequence[tuple[int, int]],
        winner: int,
        photo: int,
        counting: int,
        names: Sequence[str],
    ) -> str:
        """A finished trick the player may see: ``Trick 4: ... → West (Q♠)``."""
        line = self._("Trick {n}: {cards} → {name}").format(
            n=number, cards=self.plays(plays, names), name=names[winner]
        )
        marks = trick_reasons(number - 1, _mask([c for _s, c in plays]), photo, counting)
        if marks:
            line += f" ({self.reasons(marks)})"
        return line

    def trick_heading(self, number: int, counting: int) -> str:
        """``Trick 5``, and whether it is the counting trick or the last."""
        title = self.trick_title(number)
        special = []
        if number == counting:
            special.append(self._("the counting trick"))
        if number == TRICKS:
            special.append(self._("the last trick"))
        if special:
            title += " (" + ", ".join(special) + ")"
        return title

    def photo_line(self, photo: int, photo_by: int, counting: int, names: Sequence[str]) -> str:
        return self._("Photograph: {card} (turned by {name}) · counting trick: {k}").format(
            card=self.card(photo), name=names[photo_by], k=counting
        )

    def revoke_text(self, seat: int, suit: str, trick: int, names: Sequence[str]) -> str:
        return self._("Revoke proved — {name}: did not follow {suit} in trick {n}").format(
            name=names[seat], suit=self.suit(suit), n=trick
        )

    def settlement_text(
        self, marks: Sequence[int], winner: int | None, names: Sequence[str]
    ) -> str:
        _ = self._
        gains = [f"{g:+d}" for g in settlement(marks)]
        text = _("Marks: {marks}. Settlement: {gains}.").format(
            marks=self.by_seat(marks, names), gains=self.by_seat(gains, names)
        )
        if winner is not None:
            return text + " " + _("Fewest marks: {name}.").format(name=names[winner])
        low = min(marks)
        tied = ", ".join(names[s] for s, m in enumerate(marks) if m == low)
        return text + " " + _("Fewest marks, tied: {names}.").format(names=tied)

    # ------------------------------------------------------------------ rules

    def rules(self, options: Options) -> list[str]:
        _ = self._
        target = options.integer("target")
        return [
            _(RULES_DECK).format(game=self.title),
            _(RULES_DRAW),
            _(RULES_PHOTO),
            _(RULES_PLAY),
            _(RULES_REVOKE[options.text("revoke")]),
            _(RULES_MARKS),
            _(RULES_REVIEW),
            _.ngettext(
                "The robber ends after the deal in which anyone reaches {n} mark.",
                "The robber ends after the deal in which anyone reaches {n} marks.",
                target,
            ).format(n=target),
            _(RULES_SETTLE),
        ]

    def phase(self, view: View) -> str:
        v = self.view_of(view)
        if v.finished:
            return self._("the robber is over")
        if not v.on_table:
            return self._("trick {n} of 13: a lead").format(n=v.trick_number)
        return self._("trick {n} of 13: following").format(n=v.trick_number)

    # ---------------------------------------------------------------- actions

    def led_suit(self, v: TetkaView) -> str | None:
        return CARD_NAMES[v.on_table[0][1]][1] if v.on_table else None

    def revokes_with(self, card: int, v: TetkaView) -> bool:
        """Whether playing ``card`` now would be a revoke (the observer holds the suit led)."""
        led = self.led_suit(v)
        if led is None or CARD_NAMES[card][1] == led:
            return False
        return any(CARD_NAMES[c][1] == led for c in v.hand)

    def action_label(self, action: Action, view: View) -> str:
        if action.verb == "play" and action.args:
            return self.card(action.args[0])
        return str(action)

    def action_help(self, action: Action, view: View, names: Sequence[str]) -> str | None:
        v = self.view_of(view)
        if action.verb != "play" or not action.args:
            return None
        if self.revokes_with(parse_card(action.args[0]), v):
            led = self.led_suit(v) or "c"
            return self._(
                "a revoke: proved when you show {suit}; the penalty comes at the deal's end"
            ).format(suit=self.suit(led))
        return None

    # ----------------------------------------------------------------- events

    def event_text(self, event: Event, names: Sequence[str], sides: Sequence[str]) -> str | None:
        _ = self._
        d = event.data
        kind = event.kind
        if kind == "action":
            return None  # a play is on the table while it lasts, never in the log
        if kind == "deal":
            return self.deal_text(d, names)
        if kind == "trick":
            line = _("Trick {n} — taken by: {name}").format(n=d["trick"], name=names[d["winner"]])
            if d.get("marks"):
                line += " · " + _("marks: {marks}").format(marks=self.reasons(d["marks"]))
            return line + "."
        if kind == "revoke" and event.seat is not None:
            return self.revoke_text(event.seat, d["suit"], int(d["trick"]), names) + "."
        if kind == "deal_end":
            return _("Deal {n} over — marks: {marks}.").format(
                n=d["deal"] + 1, marks=self.by_seat(d["marks"], names)
            )
        if kind == "match_end":
            return (
                _("The robber is over.")
                + " "
                + self.settlement_text(d["marks"], d.get("winner"), names)
            )
        return None

    def deal_text(self, d: Mapping[str, Any], names: Sequence[str]) -> str:
        """A deal begins: its number, dealer, photograph and counting trick (no hand: the
        dealt cards would name cards of tricks long gone)."""
        _ = self._
        parts = [
            _("Deal {n}").format(n=d["deal"] + 1),
            self.dealer_is(names[d["dealer"]]),
            _("photograph: {card} (turned by {name})").format(
                card=self.card(d["photo"]), name=names[d["photo_by"]]
            ),
            _("counting trick: {k}").format(k=d["counting"]),
        ]
        line = "— " + " · ".join(parts) + " —"
        draw = d.get("draw")
        if draw:  # the draw came first: it decided who deals
            cards = ", ".join(f"{names[s]} {self.card(c)}" for s, c in enumerate(draw))
            line = (
                _("Seat draw: {cards}; the lowest card deals first.").format(cards=cards)
                + " "
                + line
            )
        return line

    # --------------------------------------------------------------- results

    def deal_lines(
        self, summary: DealSummary, names: Sequence[str], sides: Sequence[str]
    ) -> list[str]:
        """The finished deal: its marks first (what a player looks for, and what a small
        screen shows without scrolling), then the handing and each trick (it is over:
        every card may be shown)."""
        _ = self._
        details = summary.details
        photo = parse_card(str(details["photo"]))
        counting = int(details["counting"])
        lines = []
        marks = details.get("marks", [])
        reasons = details.get("reasons", [[] for _m in marks])
        cells = []
        for who, m in enumerate(marks):
            cell = f"{names[who]} {m}"
            if reasons[who]:
                cell += f" ({self.reasons(reasons[who])})"
            cells.append(cell)
        lines.append(_("Deal marks: {marks}").format(marks=" · ".join(cells)))
        total = details.get("total")
        if total is not None:
            lines.append(_("Marks in the robber: {marks}").format(marks=self.by_seat(total, names)))
        taken = details.get("taken")
        if taken is not None:
            lines.append(self.tricks_line(taken, names))
        for seat, suit, number in details.get("revokes", []):
            lines.append(self.revoke_text(int(seat), str(suit), int(number), names))
        for giver, revoker, number in details.get("handed", []):
            lines.append(
                _("Trick {n} handed over — from: {giver}, to: {revoker}").format(
                    n=number, giver=names[int(giver)], revoker=names[int(revoker)]
                )
            )
        for i, trick in enumerate(details.get("played", [])):
            plays = []
            for p in trick:
                seat, _sep, card = str(p).partition(":")
                plays.append((int(seat), parse_card(card)))
            winner = int(summary.tricks[i])
            lines.append(self.trick_line(i + 1, plays, winner, photo, counting, names))
        return lines

    def sheet_header(self, sides: Sequence[str]) -> list[str]:
        _ = self._
        return [_("Deal"), _("Photograph"), *sides]

    def sheet_row(self, summary: DealSummary, sides: Sequence[str]) -> list[str]:
        details = summary.details
        marks = details.get("marks", [0] * len(sides))
        total = details.get("total", marks)
        cells = [f"+{m} → {t}" for m, t in zip(marks, total, strict=True)]
        return [str(summary.number + 1), self.card(str(details["photo"])), *cells]

    def match_result(self, view: View, sides: Sequence[str]) -> str:
        v = self.view_of(view)
        return (
            self._("The robber is over.") + " " + self.settlement_text(v.running, v.winner, sides)
        )

    # ----------------------------------------------------------------- status

    def status(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        _ = self._
        v = self.view_of(view)
        marks = _("Marks: {marks} (robber to {target})").format(
            marks=self.by_seat(v.running, names), target=v.target
        )
        deal = " · ".join(
            [
                _("Deal {n}").format(n=v.deal_number + 1),
                self.dealer_is(names[v.dealer]),
            ]
        )
        tricks = _("Tricks this deal: {tricks}").format(tricks=self.by_seat(v.taken, names))
        return [marks, deal, tricks]

    def dealer_tag(self, v: TetkaView, seat: int) -> str:
        return self._("dealer")

    def tags(self, v: TetkaView, seat: int) -> list[str]:
        _ = self._
        tags = []
        if seat == v.photo_by and not v.finished:
            tags.append(_("turned the photo"))
        tags.append(self.tricks_count(v.taken[seat]))
        if any(r[0] == seat for r in v.revokes):
            tags.append(_("revoked"))
        return tags

    # ------------------------------------------------------------------ table

    def table_lines(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        _ = self._
        v = self.view_of(view)
        lines = [self.photo_line(v.photo, v.photo_by, v.counting, names)]
        for t in v.review:
            lines.append(self.trick_line(t.number, t.plays, t.winner, v.photo, v.counting, names))
        marked = [f"{names[s]}: {self.reasons(r)}" for s, r in enumerate(v.deal_marks) if r]
        if marked:
            lines.append(_("Marks this deal — {marks}").format(marks=" · ".join(marked)))
        if v.revokes:
            told = [
                _("{name}: {suit} (trick {n})").format(name=names[s], suit=self.suit(u), n=t)
                for s, u, t in v.revokes
            ]
            lines.append(_("Revokes proved — {revokes}").format(revokes="; ".join(told)))
        if v.to_act is not None and not v.finished:
            title = self.trick_heading(v.trick_number, v.counting)
            played = self.plays(v.on_table, names)
            lines.append(self.in_progress(title, played, names[v.to_act]))
        return lines

    def hand_note(self, view: View) -> str | None:
        """What the observer may still review of the finished tricks."""
        v = self.view_of(view)
        if v.finished:
            return None
        if review_size(v.seat, _mask(v.led)) == 2:
            return self._("until you lead, you may see the last two tricks")
        return self._("you have led: you may see only the last trick")

    # ------------------------------------------------------------------ hints

    def at_stake(self, v: TetkaView) -> list[str]:
        """The marks the trick in progress carries so far: its queens, the photo card,
        whether it is the counting or the last trick."""
        cards = _mask([c for _s, c in v.on_table])
        return trick_reasons(v.trick_number - 1, cards, v.photo, v.counting)

    def over(self) -> str:
        return self._("The robber is over.")

    def asked(self, v: TetkaView, legal: Sequence[Action], names: Sequence[str]) -> str:
        _ = self._
        led = self.led_suit(v)
        n = v.trick_number
        if led is None:
            text = _("Your lead (trick {n}): choose a card.").format(n=n)
        elif not any(CARD_NAMES[c][1] == led for c in v.hand):
            text = _("Your turn (trick {n}): no {suit} in your hand, play any card.").format(
                n=n, suit=self.suit(led)
            )
        elif v.options.get("revoke") != "penalized":
            text = _("Your turn (trick {n}): follow suit, {suit}.").format(n=n, suit=self.suit(led))
        else:
            text = _(
                "Your turn (trick {n}): {suit} led, and you hold it; another suit is a revoke."
            ).format(n=n, suit=self.suit(led))
        stake = self.at_stake(v)
        if stake:
            text += " " + _("At stake: {marks}.").format(marks=self.reasons(stake))
        return text
