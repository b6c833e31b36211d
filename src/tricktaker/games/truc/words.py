"""Le Truc in its players' words, in each language of the app: actions, hints, log lines, results.

Pure functions of views, events and summaries (the Words protocol), shared by
the terminal and the web table; plain text, cards written by
``core.cardwords``. The game's own phrases are the seeds': «Два, если я
играю?» ("Two if I play?"), «Мой остаток» ("My rest"), «Прошу карты»
("Cards, please"), a game to 12 is a «круг», the match a «роббер». The
catalogs are ``locale/<lang>/LC_MESSAGES/truc.po`` beside this module.

Russian verbs agree with their subject, and a seat may be «Вы»; so a seat's
name is only ever written where no verb has to agree with it: before a colon
(«Запад: «Нет»»), after one («ходит: Вы»), or in parentheses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import parse_card
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.core.i18n import N_
from tricktaker.core.options import Options
from tricktaker.core.protocol import View
from tricktaker.core.summary import DealSummary, score_cells
from tricktaker.core.words import GameWords, Lobby, Source
from tricktaker.games.truc.cards import STRENGTH
from tricktaker.games.truc.views import TrucView

DOMAIN = "truc"
PACKAGE = "tricktaker.games.truc"
GAME_POINTS = 12
HAND = 3
RANKS_HIGH_TO_LOW = "78AKQJT9"
PRIVATE_VERBS = ("say", "signal")

#: What a captain may tell his partner (four players), as the seed words it.
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
    "call": N_("calling for cards"),
    "redeal_answer": N_("answering a call for cards"),
    "window": N_("a captain may raise before his partner plays"),
    "play": N_("playing a card"),
    "answer": N_("answering a proposal"),
    "over": N_("the match is over"),
}
#: The options' names and values in the lobby (``core.protocol.OptionWords``).
OPTION_LABELS = {
    "players": N_("Players"),
    "redeal": N_("Calling for cards"),
    "ties": N_("Equal cards"),
    "match": N_("Match"),
}
CHOICE_LABELS = {
    ("players", 2): N_("two, one against one"),
    ("players", 4): N_("four, two against two"),
    ("redeal", "repeat"): N_("again and again"),
    ("redeal", "once"): N_("once a deal"),
    ("ties", "leader"): N_("to the leader once a trick is won"),
    ("ties", "spoil"): N_("always spoiled"),
    ("match", 3): N_("best of three games to 12"),
    ("match", 1): N_("one game to 12"),
}
OPTION_HELP = {
    "players": N_("Four players play in two partnerships, partners sitting opposite."),
    "redeal": N_(
        "Before play, a player may ask for new cards: as often as the stock allows, or only "
        "once in each deal."
    ),
    "ties": N_(
        "When two equal cards meet: the trick is spoiled until someone has won a trick and "
        "then goes to the first played, or it is always spoiled."
    ),
    "match": N_("How long the match lasts: the first to win two games, or a single game."),
}
#: The groups of a four-player table's buttons (``core.protocol.GroupTitles``), in order.
GROUP_TITLES = (
    N_("Your cards"),
    N_("The stake"),
    N_("Say to your partner"),
    N_("Signal to your captain"),
)
#: The second group's name while cards may be called for (the call, its answer, a fold).
GROUP_NEW_CARDS = N_("New cards")
GROUPS_NOTE = N_(
    "Captains: the dealer and the player on his right lead their sides: only they raise, "
    "accept or fold. Words and signals reach your partner alone and do not end your turn."
)
RULES_MATCH = {
    1: N_("The first side to 12 points wins the match."),
    3: N_("The first side to 12 points wins a game; two games win the match."),
}
RULES_DECK = N_("{game}: 32 cards, three to each player. Ranks from high to low: {order}.")
RULES_SUITS = N_(
    "Suits do not matter and you need not follow suit: the higher card takes the trick."
)
RULES_TRICKS = {
    2: N_("Take two of the three tricks to win the deal."),
    4: N_(
        "Partners sit opposite and play passes to the left. The side that takes two of "
        "the three tricks wins the deal; a trick goes to the side of the highest card."
    ),
}
RULES_TIES = {
    "leader": N_(
        "Equal cards spoil a trick while nobody has won one: it is set aside and goes to "
        "whoever wins the next trick. Once a trick has been won, equal cards go to whoever "
        "played first. Three spoiled tricks: nobody scores."
    ),
    "spoil": N_(
        "Equal cards always spoil the trick. One trick each: the earlier of the two wins "
        "the deal. Three spoiled tricks: nobody scores."
    ),
}
RULES_STAKE = N_(
    "A deal is worth 1. Before playing a card you may ask “Two if I play?”. If the answer "
    "is “No”, you score the stake as it was and the deal ends; if it is accepted, the stake "
    "doubles (then “Four if I play?”, and so on)."
)
RULES_REST = N_(
    "Nobody may raise past 12: say “My rest” instead, a claim to exactly the points you "
    "still need. The answer may be “My rest” too: then whoever wins the deal wins the game."
)
RULES_REDEAL = {
    2: N_(
        "Before the first card the player who is not dealing may call for cards "
        "(“Cards, please”): if the dealer accepts, both get three new cards from the stock; "
        "if he refuses, the caller leads."
    ),
    4: N_(
        "Before the first card the player on the dealer's right may call for cards "
        "(“Cards, please”): if the dealer accepts, only the two of them get three new cards "
        "from the stock; their partners have no say."
    ),
}
RULES_REDEAL_REPEAT = N_(
    "After new cards the call may be repeated while the stock lasts; when it runs out, "
    "the deal is void and passes on."
)
RULES_REDEAL_ONCE = N_("Cards may be called for only once per deal.")
RULES_FOLD = N_(
    "“Fold” gives the deal away at its current stake. A game is 12 points; the first to "
    "win two games wins the match (the robber)."
)
RULES_FOUR = N_(
    "Only the captains (the dealer, and the player on his right for the other side) "
    "propose, answer and fold; a captain proposes at most once per trick, just before "
    "his side's first card. Partners may pass private words that only they see."
)


def _parts(text: str) -> tuple[int, str, str]:
    """Seat, verb and first argument of an action's notation (``"1:play 7h"``)."""
    seat, _, rest = text.partition(":")
    words = rest.split()
    return int(seat), words[0], (words[1] if len(words) > 1 else "")


def trick_taker(plays: Sequence[tuple[int, int]], side: int) -> int:
    """The seat whose card took a trick won by ``side``: its highest, the first played if equal."""
    best = -1
    seat = plays[0][0]
    for s, card in plays:
        if s % 2 == side and STRENGTH[card] > best:
            best, seat = STRENGTH[card], s
    return seat


class TrucWords(GameWords[TrucView]):
    """Le Truc's words in one language (the Words protocol)."""

    source = Source(DOMAIN, PACKAGE, N_("Le Truc"), TrucView)
    lobby = Lobby(OPTION_LABELS, CHOICE_LABELS, OPTION_HELP)
    spectator_reads = 0  # a spectator reads seat 0's hint

    def thinking(self, name: str) -> str:
        """Le Truc's table says it its own way («Запад думает…»)."""
        return self._("{name} is thinking…").format(name=name)

    # ------------------------------------------------------------------ rules

    def rules(self, options: Options) -> list[str]:
        _ = self._
        players = options.integer("players")
        order = self.ranks(RANKS_HIGH_TO_LOW)
        redeal = RULES_REDEAL_ONCE if options.text("redeal") == "once" else RULES_REDEAL_REPEAT
        lines = [
            _(RULES_DECK).format(game=self.title, order=order),
            _(RULES_SUITS),
            _(RULES_TRICKS[players]),
            _(RULES_TIES[options.text("ties")]),
            _(RULES_STAKE),
            _(RULES_REST),
            _(RULES_REDEAL[players]),
            _(redeal),
            _(RULES_FOLD),
            _(RULES_MATCH[options.integer("match")]),
        ]
        if players == 4:
            lines.append(_(RULES_FOUR))
        return lines

    def phase(self, view: View) -> str:
        return self._(PHASE_TEXTS.get(self.view_of(view).phase, PHASE_TEXTS["play"]))

    # ---------------------------------------------------------------- actions

    def double_text(self, value: int) -> str:
        fixed = DOUBLE_TEXTS.get(value)
        if fixed is not None:
            return self._(fixed)
        return self._("{n} if I play?").format(n=value)

    def word_text(self, verb: str, arg: str) -> str:
        """A private word's text, unquoted."""
        table = SAY_TEXTS if verb == "say" else SIGNAL_TEXTS
        return self._(table[arg])

    def _need(self, v: TrucView, side: int) -> int:
        return GAME_POINTS - v.score[side]

    def rest_text(self, view: View) -> str:
        _ = self._
        v = self.view_of(view)
        seat = v.seat if v.seat is not None else 0
        if v.pending == "rest" or v.rest_side is not None:
            return _("My rest") + " — " + _("the deal decides the game")
        return f"{_('My rest')} ({self.points(self._need(v, seat % 2))})"

    def action_label(self, action: Action, view: View) -> str:
        _ = self._
        v = self.view_of(view)
        verb = action.verb
        arg = action.args[0] if action.args else ""
        if verb == "play":
            return self.card(arg)
        if verb == "double":
            return self.double_text(v.value * 2)
        if verb == "rest":
            return self.rest_text(view)
        if verb in PRIVATE_VERBS:
            return self.quoted(self.word_text(verb, arg))
        if verb == "pass":
            return _("No new cards") if v.phase == "call" else _("No raise")
        simple = {
            "redeal": _("Cards, please"),
            "accept": _("Accept"),
            "refuse": _("No"),
            "fold": _("Fold"),
        }
        return simple.get(verb, str(action))

    def action_help(self, action: Action, view: View, names: Sequence[str]) -> str | None:
        _ = self._
        v = self.view_of(view)
        verb = action.verb
        nxt = v.next_to_play if v.next_to_play is not None else v.leader
        if v.phase == "redeal_answer":
            if verb == "accept":
                caller = names[(v.dealer - 1) % v.players]
                if v.stock_left < 2 * HAND:
                    return _("too few cards in the stock: the deal is void, nobody scores")
                return _("you and {name} get three new cards each").format(name=caller)
            if verb == "refuse":
                return _("the cards stay as dealt; {name} leads").format(name=names[nxt])
        if verb == "refuse" and v.proposer is not None:
            return _("{name} scores {v} and the deal ends").format(
                name=names[v.proposer], v=self.points(v.value)
            )
        if verb == "fold":
            other = 1 - ((v.seat or 0) % 2)
            points = self._need(v, other) if v.decider else v.value
            if v.players == 2:
                return _("give up the deal: your opponent scores {v}").format(v=self.points(points))
            return _("give up the deal: your opponents score {v}").format(v=self.points(points))
        if verb == "accept":
            if v.pending == "double":
                return _("play on for {v}").format(v=self.points(v.value * 2))
            if v.proposer is not None:
                need = self._need(v, v.proposer % 2)
                return _("play on for {v}, whoever wins the deal").format(v=self.points(need))
        if verb == "rest":
            if v.pending == "rest" or v.rest_side is not None:
                return _("whoever wins this deal wins the game")
            return _("claim the {v} you need; if refused, you score {s}").format(
                v=self.points(self._need(v, (v.seat or 0) % 2)), s=self.points(v.value)
            )
        if verb == "double":
            return _("if refused, you score {v}").format(v=self.points(v.value))
        if verb == "redeal":
            return _("ask the dealer for new cards")
        if verb == "pass" and v.phase == "window":
            return _("{name} plays on at this stake").format(name=names[nxt])
        if verb == "pass":
            return _("keep these cards")
        if verb in PRIVATE_VERBS:
            return _("only your partner sees it")
        return None

    def is_private(self, action: Action) -> bool:
        return action.verb in PRIVATE_VERBS

    # ----------------------------------------------------- the four-player buttons

    def action_groups(self, legal: Sequence[Action], view: View) -> list[list[list[Action | None]]]:
        """With four, up to ten buttons at once: the cards, the stake, the captain's
        words and the partner's signals, each a group (``core.protocol.ActionGroups``)
        of one row; none where no word is offered (two players, or no word now)."""
        if not any(a.verb in PRIVATE_VERBS for a in legal):
            return []
        groups: list[list[list[Action | None]]] = [[[]], [[]], [[]], [[]]]
        for action in legal:
            at = {"play": 0, "say": 2, "signal": 3}.get(action.verb, 1)
            groups[at][0].append(action)
        return groups

    def group_titles(self, legal: Sequence[Action], view: View) -> list[str | None]:
        """The groups' names (``core.protocol.GroupTitles``), in ``action_groups``' order."""
        if not self.action_groups(legal, view):
            return []
        titles: list[str | None] = [self._(title) for title in GROUP_TITLES]
        if self.view_of(view).phase in ("call", "redeal_answer"):
            titles[1] = self._(GROUP_NEW_CARDS)
        return titles

    def groups_note(self, legal: Sequence[Action], view: View) -> str | None:
        """What a captain is, and that a word does not end the turn."""
        return self._(GROUPS_NOTE) if self.action_groups(legal, view) else None

    # ----------------------------------------------------------------- events

    def event_text(self, event: Event, names: Sequence[str], sides: Sequence[str]) -> str | None:
        _ = self._
        d = event.data
        kind = event.kind
        if kind == "action" and event.action is not None:
            seat = event.seat if event.seat is not None else _parts(event.action)[0]
            return f"{names[seat]}: {self.said(event.action, d)}"
        if kind == "deal":
            line = _("— Deal {n} · dealer: {name} —").format(
                n=d["deal"] + 1, name=names[d["dealer"]]
            )
            if "hand" in d:
                line += " " + self.your_cards(self.cards(d["hand"]))
            return line
        if kind == "new_cards":
            line = _("New cards: {a} and {b} (left in the stock: {n}).").format(
                a=names[d["caller"]], b=names[d["dealer"]], n=d["stock_left"]
            )
            if "hand" in d:
                line += " " + self.your_cards(self.cards(d["hand"]))
            return line
        if kind == "trick":
            if d["result"] == "spoiled":
                return _("Trick {n} is spoiled (equal cards).").format(n=d["trick"] + 1)
            return self.trick_won(d["trick"] + 1, names[d["leader"]])
        if kind == "deal_end":
            return _("Deal {n} over: {result}").format(
                n=d["deal"] + 1, result=self.summary_result(DealSummary.from_json(d), sides)
            )
        if kind == "game_end":
            return _("Game won by {side}: {x} — {y}. Games: {a} — {b}.").format(
                side=sides[d["side"]],
                x=d["score"][0],
                y=d["score"][1],
                a=d["games"][0],
                b=d["games"][1],
            )
        if kind == "match_end":
            return _("Match won by {side}: games {x} — {y}.").format(
                side=sides[d["winner"]], x=d["games"][0], y=d["games"][1]
            )
        return None

    def said(self, notation: str, d: Mapping[str, Any]) -> str:
        """What a seat said or did, as a log line's body (speech in quotes)."""
        _ = self._
        _seat, verb, arg = _parts(notation)
        if verb == "play":
            return self.card(arg)
        if verb in PRIVATE_VERBS:
            return self.quoted(self.word_text(verb, arg)) + " " + _("(privately)")
        if verb == "double":
            return self.quoted(self.double_text(int(d.get("value", 2))))
        if verb == "rest":
            if d.get("decider"):
                return self.quoted(_("My rest")) + " — " + _("the deal decides the game")
            return self.quoted(_("My rest")) + f" ({self.points(int(d.get('claim', 0)))})"
        if verb == "pass":
            if d.get("declines") == "cards":
                return self.quoted(_("No new cards"))
            return self.quoted(_("No raise"))
        words = {
            "redeal": _("Cards, please"),
            "accept": _("Accept"),
            "refuse": _("No"),
            "fold": _("I fold"),
        }
        return self.quoted(words.get(verb, verb))

    # --------------------------------------------------------------- results

    def summary_result(self, summary: DealSummary, sides: Sequence[str]) -> str:
        """Who scored what, and how the deal ended."""
        _ = self._
        if summary.end == "void":
            return _("void: too few cards left in the stock for new hands; nobody scores")
        if summary.winner is None:
            return _("drawn: all three tricks spoiled; nobody scores")
        return self.scored(summary, sides, {"refused": _("the raise was refused")})

    def _trick_line(
        self, n: int, plays: Sequence[tuple[int, int]], result: object, names: Sequence[str]
    ) -> str:
        if result is None:
            who = None
        elif result == "spoiled":
            who = self._("spoiled")
        else:
            who = names[trick_taker(plays, int(str(result)))]
        return self.trick_result(n + 1, self.plays(plays, names), who)

    def deal_lines(
        self, summary: DealSummary, names: Sequence[str], sides: Sequence[str]
    ) -> list[str]:
        _ = self._
        lines = []
        played = summary.details.get("played", [])
        for i, trick in enumerate(played):
            plays = [(int(p.split(":")[0]), parse_card(p.split(":")[1])) for p in trick]
            result = summary.tricks[i] if i < len(summary.tricks) else None
            lines.append(self._trick_line(i, plays, result, names))
        if not played:
            lines.append(self.no_card())
        lines.append(self.summary_result(summary, sides))
        value = summary.details.get("value")
        if value is not None and summary.end != "void":
            lines.append(self.stake(value))
        score = summary.details.get("score")
        if score is not None:
            lines.append(self.two_sides(_("Score after the deal: {a} {x} — {b} {y}"), score, sides))
        return lines

    def sheet_header(self, sides: Sequence[str]) -> list[str]:
        _ = self._
        return [_("Deal"), _("Stake"), _("Result"), sides[0], sides[1]]

    def sheet_row(self, summary: DealSummary, sides: Sequence[str]) -> list[str]:
        cells = score_cells(summary, GAME_POINTS, self._("(game)"))
        value = summary.details.get("value", "")
        return [
            str(summary.number + 1),
            str(value),
            self.summary_result(summary, sides),
            *cells,
        ]

    def match_result(self, view: View, sides: Sequence[str]) -> str:
        v = self.view_of(view)
        winner = v.winner if v.winner is not None else 0
        return self._("Match won by {side}: games {x} — {y}.").format(
            side=sides[winner], x=v.games[0], y=v.games[1]
        )

    # ----------------------------------------------------------------- status

    def score_line(self, view: View, sides: Sequence[str]) -> str:
        _ = self._
        v = self.view_of(view)
        won = _("Game won by {side}: {x} — {y}")
        running = _("Score: {a} {x} — {b} {y} (game to {g})")
        score = self.race(v.score, sides, GAME_POINTS, won, running)
        if v.games_to_win < 2:
            return score
        games = _("Games: {x} — {y} (match to {g})").format(
            x=v.games[0], y=v.games[1], g=v.games_to_win
        )
        return f"{score} · {games}"

    def stake_line(self, view: View, names: Sequence[str]) -> str:
        _ = self._
        v = self.view_of(view)
        text = self.stake(v.value)
        if v.pending == "double" and v.proposer is not None:
            text += " · " + _("proposed: {n} ({name})").format(
                name=names[v.proposer], n=v.value * 2
            )
        elif v.pending == "rest" and v.proposer is not None:
            text += " · " + _("rest claimed: {n} ({name})").format(
                name=names[v.proposer], n=self.points(self._need(v, v.proposer % 2))
            )
        if v.decider:
            text += " · " + _("the deal decides the game")
        elif v.rest_side is not None:
            text += " · " + _("rest accepted")
        return text

    def status(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        _ = self._
        v = self.view_of(view)
        deal = _("Deal {n} · dealer: {name}").format(n=v.deal_number + 1, name=names[v.dealer])
        deal += " · " + _("cards in the stock: {n}").format(n=v.stock_left)
        return [self.score_line(view, sides), deal, self.stake_line(view, names)]

    def dealer_tag(self, v: TrucView, seat: int) -> str:
        return self._("dealer")

    def tags(self, v: TrucView, seat: int) -> list[str]:
        captain = v.players == 4 and seat in v.captains and not v.finished
        return [self._("captain")] if captain else []

    # ------------------------------------------------------------------ table

    def table_lines(self, view: View, names: Sequence[str], sides: Sequence[str]) -> list[str]:
        _ = self._
        v = self.view_of(view)
        lines = [
            self._trick_line(i, plays, result, names) for i, (plays, result) in enumerate(v.tricks)
        ]
        if v.next_to_play is not None and v.to_act is not None:
            title = self.trick_title(len(v.tricks) + 1)
            played = self.plays(v.on_table, names)
            lines.append(self.in_progress(title, played, names[v.next_to_play], lead_apart=False))
        return lines

    def hand_note(self, view: View) -> str | None:
        _ = self._
        v = self.view_of(view)
        note = _("ranks: {order}").format(order=self.ranks(RANKS_HIGH_TO_LOW))
        if v.set_aside:
            note = _("set aside: {cards}").format(cards=self.cards(v.set_aside)) + " · " + note
        return note

    # ------------------------------------------------------------------ hints

    def over(self) -> str:
        return self._("The match is over.")

    def waiting(self, v: TrucView, name: str) -> str:
        if v.phase == "answer" and v.proposer is not None:
            return self._("{name} is considering the proposal…").format(name=name)
        return self.thinking(name)

    def asked(self, v: TrucView, legal: Sequence[Action], names: Sequence[str]) -> str:
        _ = self._
        phase = v.phase
        if phase == "call":
            return _("You may call for new cards (“Cards, please”) or keep these.")
        if phase == "redeal_answer":
            caller = names[(v.dealer - 1) % v.players]
            return _(
                "{name} calls for cards: accept (new cards for both of you) or refuse?"
            ).format(name=caller)
        if phase == "answer" and v.proposer is not None:
            proposer = names[v.proposer]
            if v.pending == "double":
                return _(
                    "{name} asks to raise the stake to {n}: accept, or say “No” and give {v}?"
                ).format(name=proposer, n=v.value * 2, v=self.points(v.value))
            return _(
                "{name} claims the rest ({n}): accept, say “No” and give {v}, "
                "or answer “My rest” (the deal then decides the game)?"
            ).format(
                name=proposer,
                n=self.points(self._need(v, v.proposer % 2)),
                v=self.points(v.value),
            )
        if phase == "window":
            return _("Your partner is to play: you may raise the stake first.")
        return self._play_hint(v, {a.verb for a in legal})

    def _play_hint(self, v: TrucView, verbs: set[str]) -> str:
        _ = self._
        first = self.your_card(lead=not v.on_table)
        redeal = "redeal" in verbs
        if "double" in verbs:
            extra = (
                _("You may first call for cards or ask to raise the stake.")
                if redeal
                else _("You may first ask to raise the stake.")
            )
        elif "rest" in verbs and v.rest_side is not None:
            extra = _("You may first say “My rest”: the deal then decides the game.")
        elif "rest" in verbs:
            extra = (
                _("You may first call for cards or claim your rest.")
                if redeal
                else _("You may first claim your rest.")
            )
        else:
            extra = _("You may first call for cards.") if redeal else ""
        return f"{first} {extra}".strip()
