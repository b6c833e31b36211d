"""Le Truc in its players' words, Russian and English: actions, hints, log lines, results.

Pure functions of views, events and summaries, shared by the terminal and the
web table; plain text, cards written by ``core.cardwords``. The game's own
phrases are the seed's: «Два, если я играю?» ("Two if I play?"), «Мой
остаток» ("My rest"), «Прошу карты» ("Cards, please"). The catalogs are
``locale/<lang>/LC_MESSAGES/truc.po`` beside this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktaker.cards import parse_card
from tricktaker.core.actions import Action
from tricktaker.core.cardwords import card_label, rank_order
from tricktaker.core.events import Event
from tricktaker.core.i18n import N_, Translator, translator
from tricktaker.core.options import Options, OptionSpec
from tricktaker.core.protocol import View
from tricktaker.core.summary import DealSummary

DOMAIN = "truc"
PACKAGE = "tricktaker.games.truc"
GAME_POINTS = 12
GAMES_TO_WIN = 2
RANKS_HIGH_TO_LOW = "78AKQJT9"

#: What a captain may tell his partner, in the game's words (four players).
SAY_TEXTS = {
    "low": N_("Play low"),
    "high": N_("Play high"),
    "seven": N_("Play a seven if you can"),
    "best": N_("Play your best card"),
    "any": N_("Play as you like"),
}
#: What the other partner may signal about his high cards.
SIGNAL_TEXTS = {
    "7": N_("I have a seven"),
    "8": N_("I have an eight"),
    "A": N_("I have an ace"),
    "none": N_("Nothing high"),
}
#: The stake a double proposes, as the seed says it: "Two if I play?".
DOUBLE_TEXTS = {
    2: N_("Two if I play?"),
    4: N_("Four if I play?"),
    8: N_("Eight if I play?"),
}
PHASE_TEXTS = {
    "call": N_("calling for new cards"),
    "redeal_answer": N_("answering a call for new cards"),
    "window": N_("a captain may raise before his partner plays"),
    "play": N_("playing a card"),
    "answer": N_("answering a proposal"),
    "over": N_("the match is over"),
}
OPTION_HELP = {
    "players": N_("two players, or four in two partnerships sitting opposite"),
    "redeal": N_("calls for new cards: repeat (as often as the stock allows) or once per deal"),
    "ties": N_(
        "equal cards: leader (spoiled only until a trick is won, then to the first played)"
        " or spoil (always spoiled)"
    ),
}
RULES_COMMON = (
    N_("{game}: 32 cards, three to each player. Ranks from high to low: {order}."),
    N_("Suits do not matter and you need not follow suit: the higher card takes the trick."),
    N_("Take two of the three tricks to win the deal."),
    N_(
        "A deal is worth 1. Before playing a card you may propose “Two if I play?”. "
        "If the opponent says “No”, you score the stake at once; if he accepts, it doubles."
    ),
    N_(
        "Nobody may double past 12: say “My rest” instead, a claim to exactly the points "
        "you need. The answer may be “My rest” too: then the deal decides the game."
    ),
    N_(
        "“Fold” gives the deal away at its current stake. A game is 12 points; "
        "the first to win two games wins the match."
    ),
)
RULES_TIES = {
    "leader": N_(
        "Equal cards spoil a trick while nobody has won one; it then goes to the winner "
        "of the next trick. Once a trick is won, a tie goes to whoever played first."
    ),
    "spoil": N_(
        "Equal cards always spoil the trick. One trick each: the earlier one wins the deal."
    ),
}
RULES_REDEAL = {
    2: N_(
        "Before the first card, the player after the dealer may ask for new cards "
        "(“Cards, please”); the dealer accepts or refuses."
    ),
    4: N_(
        "Before the first card, the player on the dealer's right may ask the dealer for new "
        "cards (“Cards, please”); only their two hands are replaced."
    ),
}
RULES_FOUR = N_(
    "Partners sit opposite. Only the captains (the dealer and the player on his right) "
    "propose, answer and fold; a captain proposes at most once per trick, just before his "
    "side's first card. Partners may pass private words."
)
RULES_ONCE = N_("New cards may be asked for only once per deal.")


def points_text(n: int, _: Translator) -> str:
    return _.ngettext("{n} point", "{n} points", n).format(n=n)


def _v(view: View) -> Any:
    """Le Truc's own view (the protocol's View has only the common fields)."""
    return view


class TrucWords:
    """Le Truc's words in one language (the Words protocol)."""

    def __init__(self, lang: str) -> None:
        self._ = translator(lang, DOMAIN, PACKAGE)
        self._lang = lang

    @property
    def lang(self) -> str:
        return self._lang

    @property
    def title(self) -> str:
        return self._("Le Truc")

    def card(self, name: str) -> str:
        return card_label(parse_card(name), self._lang)

    def points(self, n: int) -> str:
        return points_text(n, self._)

    # ------------------------------------------------------------------ rules

    def rules(self, options: Options) -> list[str]:
        _ = self._
        players = options.integer("players")
        lines = [
            _(RULES_COMMON[0]).format(
                game=self.title, order=rank_order(RANKS_HIGH_TO_LOW, self._lang)
            ),
            _(RULES_COMMON[1]),
            _(RULES_COMMON[2]),
            _(RULES_TIES[options.text("ties")]),
            _(RULES_COMMON[3]),
            _(RULES_COMMON[4]),
            _(RULES_REDEAL[players]),
        ]
        if options.text("redeal") == "once":
            lines.append(_(RULES_ONCE))
        lines.append(_(RULES_COMMON[5]))
        if players == 4:
            lines.append(_(RULES_FOUR))
        return lines

    def option_help(self, spec: OptionSpec) -> str:
        text = OPTION_HELP.get(spec.name)
        return self._(text) if text is not None else spec.help

    def phase(self, view: View) -> str:
        return self._(PHASE_TEXTS.get(_v(view).phase, "playing a card"))

    # ---------------------------------------------------------------- actions

    def double_text(self, value: int) -> str:
        fixed = DOUBLE_TEXTS.get(value)
        if fixed is not None:
            return self._(fixed)
        return self._("{n} if I play?").format(n=value)

    def rest_text(self, view: View) -> str:
        v = _v(view)
        seat = v.seat if v.seat is not None else 0
        if v.pending == "rest" or v.rest_side is not None:
            return self._("My rest") + " — " + self._("the deal decides the game")
        need = GAME_POINTS - v.score[seat & 1]
        return f"{self._('My rest')} ({self.points(need)})"

    def action_label(self, action: Action, view: View) -> str:
        _ = self._
        v = _v(view)
        verb = action.verb
        arg = action.args[0] if action.args else ""
        if verb == "play":
            return self.card(arg)
        if verb == "double":
            return self.double_text(v.value * 2)
        if verb == "rest":
            return self.rest_text(view)
        if verb == "say":
            return _("“{text}”").format(text=_(SAY_TEXTS[arg]))
        if verb == "signal":
            return _("“{text}”").format(text=_(SIGNAL_TEXTS[arg]))
        if verb == "pass":
            return _("No new cards") if v.phase == "call" else _("No raise")
        simple = {
            "redeal": _("Cards, please"),
            "accept": _("Accept"),
            "refuse": _("No"),
            "fold": _("Fold"),
        }
        return simple.get(verb, str(action))

    def action_help(self, action: Action, view: View) -> str | None:
        _ = self._
        v = _v(view)
        verb = action.verb
        if verb == "refuse":
            if v.phase == "redeal_answer":
                return _("keep these cards: the caller must lead")
            return _("give {v} to the proposer; the deal ends").format(v=self.points(v.value))
        if verb == "fold":
            points = GAME_POINTS - v.score[1 - ((v.seat or 0) & 1)] if v.decider else v.value
            return _("give up the deal: the other side scores {v}").format(v=self.points(points))
        if verb == "accept":
            if v.phase == "redeal_answer":
                return _("both hands are replaced from the stock")
            if v.pending == "double":
                return _("play on for {n}").format(n=self.points(v.value * 2))
            return _("play on for the claimed rest")
        if verb in ("say", "signal"):
            return _("only your partner hears it")
        return None

    def is_private(self, action: Action) -> bool:
        return action.verb in ("say", "signal")

    # ----------------------------------------------------------------- events

    def event_text(self, event: Event, names: Sequence[str]) -> str | None:
        _ = self._
        d = event.data
        kind = event.kind
        if kind == "action" and event.seat is not None and event.action is not None:
            return f"{names[event.seat]}: {self._said(event)}"
        if kind == "deal":
            return _("— Deal {n}, dealer: {name} —").format(
                n=d["deal"] + 1, name=names[d["dealer"]]
            )
        if kind == "new_cards":
            return _("New cards for {a} and {b}.").format(
                a=names[d["caller"]], b=names[d["dealer"]]
            )
        if kind == "trick":
            result = d["result"]
            who = (
                _("spoiled")
                if result == "spoiled"
                else _("taken by {name}").format(name=names[d["leader"]])
            )
            return _("Trick {n}: {result}.").format(n=d["trick"] + 1, result=who)
        if kind == "deal_end":
            return _("Deal {n} over: ").format(n=d["deal"] + 1) + self.result_text(d)
        if kind == "game_end":
            return _("Game over — winner: {side} ({x}:{y}).").format(
                side=names[d["side"]] if len(names) == 2 else self._side(d["side"], names),
                x=d["score"][0],
                y=d["score"][1],
            )
        if kind == "match_end":
            return _("Match over: {x}:{y} in games.").format(x=d["games"][0], y=d["games"][1])
        return None

    def _side(self, side: int, names: Sequence[str]) -> str:
        return f"{names[side]} & {names[side + 2]}"

    def _said(self, event: Event) -> str:
        _ = self._
        assert event.action is not None
        parts = event.action.split(":", 1)[1].split()
        verb, arg = parts[0], (parts[1] if len(parts) > 1 else "")
        d = event.data
        if verb == "play":
            return self.card(arg)
        if verb == "say":
            return _("“{text}”").format(text=_(SAY_TEXTS[arg])) + " " + _("(privately)")
        if verb == "signal":
            return _("“{text}”").format(text=_(SIGNAL_TEXTS[arg])) + " " + _("(privately)")
        if verb == "double":
            return _("“{text}”").format(text=self.double_text(int(d.get("value", 2))))
        if verb == "rest":
            if d.get("decider"):
                return (
                    _("“{text}”").format(text=_("My rest")) + " — " + _("the deal decides the game")
                )
            return (
                _("“{text}”").format(text=_("My rest"))
                + f" ({self.points(int(d.get('claim', 0)))})"
            )
        if verb == "pass":
            return _("no new cards") if d.get("declines") == "cards" else _("no raise")
        words = {
            "redeal": _("“{text}”").format(text=_("Cards, please")),
            "accept": _("“{text}”").format(text=_("Accept")),
            "refuse": _("“{text}”").format(text=_("No")),
            "fold": _("folds"),
        }
        return words.get(verb, verb)

    # --------------------------------------------------------------- results

    def result_text(self, deal: dict[str, Any] | Any) -> str:
        _ = self._
        end = deal["end"]
        winner = deal["winner"]
        if end == "void":
            return _("void: the stock ran out of cards for new hands (no score)")
        if end == "drawn" or winner is None:
            return _("drawn: no trick was won (no score)")
        how = {
            "tricks": _("won on tricks"),
            "refused": _("the stake was refused"),
            "folded": _("the other side folded"),
        }.get(end, end)
        return _("side {side} +{points} ({how})").format(
            side=winner, points=self.points(deal["points"]), how=how
        )

    def deal_lines(
        self, summary: DealSummary, names: Sequence[str], sides: Sequence[str]
    ) -> list[str]:
        _ = self._
        lines = []
        played = summary.details.get("played", [])
        for i, trick in enumerate(played):
            cards = ", ".join(
                f"{names[int(p.split(':')[0])]} {self.card(p.split(':')[1])}" for p in trick
            )
            result = summary.tricks[i] if i < len(summary.tricks) else None
            if result is None:
                who = _("not finished")
            elif result == "spoiled":
                who = _("spoiled")
            else:
                who = sides[int(result)]
            lines.append(_("Trick {n}: {cards} → {who}").format(n=i + 1, cards=cards, who=who))
        lines.append(self.summary_result(summary, sides))
        return lines

    def summary_result(self, summary: DealSummary, sides: Sequence[str]) -> str:
        _ = self._
        if summary.end == "void":
            return _("void: the stock ran out of cards for new hands (no score)")
        if summary.winner is None:
            return _("drawn: no trick was won (no score)")
        how = {
            "tricks": _("won on tricks"),
            "refused": _("the stake was refused"),
            "folded": _("the other side folded"),
        }.get(summary.end, summary.end)
        return _("{side} +{points} ({how})").format(
            side=sides[summary.winner], points=self.points(summary.points), how=how
        )

    def sheet_header(self, sides: Sequence[str]) -> list[str]:
        _ = self._
        return [_("Deal"), _("Result"), sides[0], sides[1]]

    def sheet_row(self, summary: DealSummary, sides: Sequence[str]) -> list[str]:
        score = summary.details.get("score", [0, 0])
        return [
            str(summary.number + 1),
            self.summary_result(summary, sides),
            str(score[0]),
            str(score[1]),
        ]

    def match_result(self, view: View, sides: Sequence[str]) -> str:
        v = _v(view)
        winner = v.winner if v.winner is not None else 0
        return self._("Match over — winner: {side} (games {x}:{y}).").format(
            side=sides[winner], x=v.games[0], y=v.games[1]
        )

    # ----------------------------------------------------------------- status

    def score_line(self, view: View, sides: Sequence[str]) -> str:
        _ = self._
        v = _v(view)
        won = [s for s in (0, 1) if v.score[s] >= GAME_POINTS]
        if won:
            score = _("Game won by {side}: {x} — {y}").format(
                side=sides[won[0]], x=v.score[0], y=v.score[1]
            )
        else:
            score = _("Score: {a} {x} — {b} {y} (game to {g})").format(
                a=sides[0], x=v.score[0], b=sides[1], y=v.score[1], g=GAME_POINTS
            )
        games = _("Games: {x} — {y} (match to {g})").format(
            x=v.games[0], y=v.games[1], g=GAMES_TO_WIN
        )
        return f"{score} · {games}"

    def stake_line(self, view: View, names: Sequence[str]) -> str:
        _ = self._
        v = _v(view)
        text = _("Stake: {n}").format(n=v.value)
        if v.pending == "double" and v.proposer is not None:
            text += " · " + _("proposed: {n} ({name})").format(
                name=names[v.proposer], n=v.value * 2
            )
        elif v.pending == "rest" and v.proposer is not None:
            need = GAME_POINTS - v.score[v.proposer % 2]
            text += " · " + _("rest claimed: {n} ({name})").format(
                name=names[v.proposer], n=self.points(need)
            )
        if v.decider:
            text += " · " + _("the deal decides the game")
        elif v.rest_side is not None:
            text += " · " + _("rest accepted")
        return text

    def status(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        _ = self._
        v = _v(view)
        deal = _("Deal {n} · dealer: {name}").format(n=v.deal_number + 1, name=names[v.dealer])
        deal += " · " + _("stock: {n}").format(n=v.stock_left)
        return [self.score_line(view, sides), deal, self.stake_line(view, names)]

    def seat_tags(self, view: View, seat: int) -> list[str]:
        _ = self._
        v = _v(view)
        tags = []
        if seat == v.dealer:
            tags.append(_("dealer"))
        if v.players == 4 and seat in v.captains:
            tags.append(_("captain"))
        return tags

    # ------------------------------------------------------------------ hints

    def hint(self, view: View, legal: Sequence[Action], names: Sequence[str]) -> str:
        _ = self._
        v = _v(view)
        me = v.seat if v.seat is not None else 0
        actor = v.to_act
        if actor is None:
            return _("The match is over.")
        if actor != me:
            if v.phase == "answer" and v.proposer is not None and v.proposer % 2 == me % 2:
                return _("{name} is considering the proposal…").format(name=names[actor])
            return _("{name} is thinking…").format(name=names[actor])
        verbs = {a.verb for a in legal}
        phase = v.phase
        if phase == "call":
            return _("You may ask the dealer for new cards (“Cards, please”) or pass.")
        if phase == "redeal_answer":
            caller = (v.dealer - 1) % v.players
            return _("{name} asks for new cards: accept (both get new hands) or refuse?").format(
                name=names[caller]
            )
        if phase == "answer" and v.proposer is not None:
            proposer = names[v.proposer]
            if v.pending == "double":
                return _(
                    "{name} proposes to double the stake to {n}: accept, or refuse and give {v}?"
                ).format(name=proposer, n=v.value * 2, v=self.points(v.value))
            need = GAME_POINTS - v.score[v.proposer % 2]
            return _(
                "{name} claims his rest ({n}): accept, refuse and give {v}, "
                "or answer “My rest” (the deal decides the game)?"
            ).format(name=proposer, n=self.points(need), v=self.points(v.value))
        if phase == "window":
            return _("Your partner is about to play: propose a higher stake first, or pass.")
        first = _("Your lead: play a card.") if not v.on_table else _("Your turn: play a card.")
        redeal = "redeal" in verbs
        if "double" in verbs:
            extra = (
                _("You may first ask for new cards or propose to double.")
                if redeal
                else _("You may first propose to double.")
            )
        elif "rest" in verbs and v.rest_side is not None:
            extra = _("You may first say “My rest”: the deal then decides the game.")
        elif "rest" in verbs:
            extra = (
                _("You may first ask for new cards or claim your rest.")
                if redeal
                else _("You may first claim your rest.")
            )
        else:
            extra = _("You may first ask for new cards.") if redeal else ""
        return f"{first} {extra}".strip()
