"""Le Truc in the player's words: cards, actions, hints, results and log lines.

Pure functions from a view (and a translator) to text, kept apart from the
screen so they can be tested one by one and reused by any front end. Every
text goes through the translator; the game's own phrases are the seeds':
"Два, если я играю?" ("Two if I play?"), "Мой остаток" ("My rest").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from tricktaker.cards import CARD_NAMES, parse_card
from tricktaker.games.truc import TrucAction, TrucView
from tricktaker.i18n import N_, Translator
from tricktaker.terminal.session import (
    ActionEvent,
    BotErrorEvent,
    DealEvent,
    Event,
    GameEvent,
    MatchEvent,
    NewCardsEvent,
    NewDealEvent,
)

GAME_POINTS = 12
SUITS = "♣♦♥♠"  # in the notation's order c d h s
RED_SUITS = "♦♥"
CARD_STYLE = {"♣": "bold", "♠": "bold", "♦": "bold red", "♥": "bold red"}
RANK_ORDER = "78AKQJT9"

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
PRIVATE_VERBS = ("say", "signal")


# ------------------------------------------------------------------ names


def seat_names(players: int, _: Translator) -> list[str]:
    """Display names per seat: the human is seat 0; in four, the partner sits opposite."""
    if players == 2:
        return [_("You"), _("Computer")]
    return [_("You"), _("West"), _("Partner"), _("East")]


def side_names(players: int, _: Translator) -> tuple[str, str]:
    if players == 2:
        return (_("You"), _("Computer"))
    return (_("Us"), _("Them"))


# ------------------------------------------------------------------ cards


def rank_text(rank: str, _: Translator) -> str:
    """A rank as players of the language write it (Russian: Т for the ace, Д, В...)."""
    if rank == "T":
        return "10"
    labels = {
        "A": _.pgettext("rank", "A"),
        "K": _.pgettext("rank", "K"),
        "Q": _.pgettext("rank", "Q"),
        "J": _.pgettext("rank", "J"),
    }
    return labels.get(rank, rank)


def card_plain(card: int, _: Translator) -> str:
    name = CARD_NAMES[card]
    return rank_text(name[0], _) + SUITS["cdhs".index(name[1])]


def card_text(card: int, _: Translator) -> Text:
    """A card with its suit symbol, red for diamonds and hearts."""
    plain = card_plain(card, _)
    return Text(plain, style=CARD_STYLE[plain[-1]])


def card_name_text(name: str, _: Translator) -> Text:
    return card_text(parse_card(name), _)


def rank_order(_: Translator) -> str:
    return " ".join(rank_text(r, _) for r in RANK_ORDER)


def fill(template: str, **parts: str | Text) -> Text:
    """``template.format(**parts)`` where parts may be styled texts."""
    out = Text()
    rest = template
    while rest:
        start = rest.find("{")
        end = rest.find("}", start)
        if start < 0 or end < 0:
            out.append(rest)
            break
        out.append(rest[:start])
        key = rest[start + 1 : end]
        part = parts.get(key)
        if part is None:
            out.append(rest[start : end + 1])
        else:
            out.append(part)
        rest = rest[end + 1 :]
    return out


def points_text(n: int, _: Translator) -> str:
    return _.ngettext("{n} point", "{n} points", n).format(n=n)


# ---------------------------------------------------------------- actions


def is_private(action: TrucAction) -> bool:
    return action.verb in PRIVATE_VERBS


def double_text(value: int, _: Translator) -> str:
    """The proposal to raise the stake to ``value``: "Four if I play?"."""
    fixed = DOUBLE_TEXTS.get(value)
    if fixed is not None:
        return _(fixed)
    return _("{n} if I play?").format(n=value)


def rest_text(view: TrucView, _: Translator) -> str:
    """The words for ``rest``, with what it means at this moment."""
    seat = view.seat if view.seat is not None else 0
    if view.pending == "rest" or view.rest_side is not None:
        return _("My rest") + " — " + _("the deal decides the game")
    need = GAME_POINTS - view.score[seat & 1]
    return f"{_('My rest')} ({points_text(need, _)})"


def action_label(action: TrucAction, view: TrucView, _: Translator) -> Text:
    """The words on the human's button for ``action`` (seat 0's own action)."""
    verb = action.verb
    arg = action.args[0] if action.args else ""
    if verb == "play":
        return fill(_("Play {card}"), card=card_name_text(arg, _))
    if verb == "double":
        return Text(double_text(view.value * 2, _))
    if verb == "rest":
        return Text(rest_text(view, _))
    if verb == "say":
        return Text(_("“{text}”").format(text=_(SAY_TEXTS[arg])))
    if verb == "signal":
        return Text(_("“{text}”").format(text=_(SIGNAL_TEXTS[arg])))
    simple = {
        "redeal": _("Cards, please"),
        "accept": _("Accept"),
        "refuse": _("No"),
        "fold": _("Fold"),
        "pass": f"{_('Pass')} {pass_meaning(view.phase, _)}",
    }
    return Text(simple.get(verb, str(action)))


def pass_meaning(phase: str, _: Translator) -> str:
    """What ``pass`` declines: new cards in the call, a raise in a captain's window."""
    return _("(no new cards)") if phase == "call" else _("(no raise)")


def ordered_actions(legal: Sequence[TrucAction]) -> list[TrucAction]:
    """Cards first (strongest first, as the hand is shown), then words, private ones last."""
    public = [a for a in legal if not is_private(a)]
    private = [a for a in legal if is_private(a)]
    return public + private


# ------------------------------------------------------------------ hints


def hint(view: TrucView, legal: Sequence[TrucAction], names: Sequence[str], _: Translator) -> str:
    """One line saying what is being asked of the human, or whom we wait for."""
    me = view.seat if view.seat is not None else 0
    actor = view.to_act
    if actor is None:
        return _("The match is over.")
    if actor != me:
        if view.phase == "answer" and view.proposer is not None and view.proposer % 2 == me % 2:
            return _("{name} is considering the proposal…").format(name=names[actor])
        return _("{name} is thinking…").format(name=names[actor])
    verbs = {a.verb for a in legal}
    phase = view.phase
    if phase == "call":
        return _("You may ask the dealer for new cards (“Cards, please”) or pass.")
    if phase == "redeal_answer":
        caller = (view.dealer - 1) % view.players
        return _("{name} asks for new cards: accept (both get new hands) or refuse?").format(
            name=names[caller]
        )
    if phase == "answer" and view.proposer is not None:
        proposer = names[view.proposer]
        if view.pending == "double":
            return _(
                "{name} proposes to double the stake to {n}: accept, or refuse and give {v}?"
            ).format(name=proposer, n=view.value * 2, v=points_text(view.value, _))
        need = GAME_POINTS - view.score[view.proposer % 2]
        return _(
            "{name} claims his rest ({n}): accept, refuse and give {v}, "
            "or answer “My rest” (the deal decides the game)?"
        ).format(name=proposer, n=points_text(need, _), v=points_text(view.value, _))
    if phase == "window":
        return _("Your partner is about to play: propose a higher stake first, or pass.")
    first = _("Your lead: play a card.") if not view.table else _("Your turn: play a card.")
    redeal = "redeal" in verbs
    if "double" in verbs:
        extra = (
            _("You may first ask for new cards or propose to double.")
            if redeal
            else _("You may first propose to double.")
        )
    elif "rest" in verbs and view.rest_side is not None:
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


# ----------------------------------------------------------------- status


def stake_text(view: TrucView, names: Sequence[str], _: Translator) -> str:
    text = _("Stake: {n}").format(n=view.value)
    if view.pending == "double" and view.proposer is not None:
        text += " · " + _("proposed: {n} ({name})").format(
            name=names[view.proposer], n=view.value * 2
        )
    elif view.pending == "rest" and view.proposer is not None:
        need = GAME_POINTS - view.score[view.proposer % 2]
        text += " · " + _("rest claimed: {n} ({name})").format(
            name=names[view.proposer], n=points_text(need, _)
        )
    if view.decider:
        text += " · " + _("the deal decides the game")
    elif view.rest_side is not None:
        text += " · " + _("rest accepted")
    return text


def status_lines(
    view: TrucView, names: Sequence[str], sides: Sequence[str], _: Translator
) -> list[Text]:
    """Score and games, deal/dealer/turn, stake (and the captains in four)."""
    score = Text(
        _("Score: {a} {x} — {b} {y} (to {g})").format(
            a=sides[0], x=view.score[0], b=sides[1], y=view.score[1], g=GAME_POINTS
        ),
        style="bold",
    )
    score.append(" · " + _("Games: {x} — {y} (to 2)").format(x=view.games[0], y=view.games[1]))
    deal = _("Deal {n} · dealer: {name}").format(n=view.deal_number + 1, name=names[view.dealer])
    if view.to_act is not None:
        deal += " · " + _("turn: {name}").format(name=names[view.to_act])
    deal += " · " + _("stock: {n}").format(n=view.stock_left)
    stake = Text(stake_text(view, names, _), style="bold")
    if view.players == 4:
        stake.append(
            " · "
            + _("captains: {a}, {b}").format(a=names[view.captains[0]], b=names[view.captains[1]])
        )
    return [score, Text(deal), stake]


# ------------------------------------------------------------------ table


def _plays_text(plays: Sequence[tuple[int, int]], names: Sequence[str], _: Translator) -> Text:
    out = Text()
    for i, (seat, card) in enumerate(plays):
        if i:
            out.append(", ")
        out.append(f"{names[seat]} ")
        out.append(card_text(card, _))
    return out


def _result_text(result: int | str, sides: Sequence[str], _: Translator) -> str:
    if isinstance(result, int):
        return sides[result]
    return _("spoiled")


def table_lines(
    view: TrucView, names: Sequence[str], sides: Sequence[str], _: Translator
) -> list[Text]:
    """The tricks of this deal, who played what, and the trick on the table now."""
    lines: list[Text] = []
    if not view.tricks and not view.table and view.deals and view.deals[-1]["played"]:
        line = Text(_("Last deal's cards: "), style="dim")
        for i, trick in enumerate(view.deals[-1]["played"]):
            if i:
                line.append(" | ", style="dim")
            for j, play in enumerate(trick):
                if j:
                    line.append(" ")
                line.append(card_name_text(play.split(":")[1], _))
        lines.append(line)
    for i, (plays, result) in enumerate(view.tricks):
        line = Text(_("Trick {n}: ").format(n=i + 1), style="dim")
        line.append(_plays_text(plays, names, _))
        line.append(" → " + _result_text(result, sides, _))
        lines.append(line)
    if view.table or (view.to_act is not None and len(view.tricks) < 3):
        line = Text(_("Trick {n}: ").format(n=len(view.tricks) + 1), style="bold")
        if view.table:
            line.append(_plays_text(view.table, names, _))
        else:
            line.append(_("no card yet"), style="dim")
        if view.to_act is not None:
            next_text = _("next: {name}").format(name=names[view.to_act])
            line.append(" · " + next_text, style="dim")
        lines.append(line)
    return lines


def hand_text(view: TrucView, _: Translator) -> Text:
    """The human's cards, strongest first (the order of the "Play" buttons)."""
    out = Text(_("Your cards: "), style="bold")
    if not view.hand:
        out.append(_("none"))
    for i, card in enumerate(view.hand):
        if i:
            out.append("  ")
        out.append(card_text(card, _))
    if view.set_aside:
        out.append("   " + _("set aside: "), style="dim")
        for i, card in enumerate(view.set_aside):
            if i:
                out.append(" ")
            out.append(card_plain(card, _), style="dim")
    out.append("   " + _("(ranks: {order})").format(order=rank_order(_)), style="dim")
    return out


def messages_text(view: TrucView, names: Sequence[str], _: Translator) -> Text | None:
    """Private words between the human and his partner in this deal (four players)."""
    if view.players != 4:
        return None
    out = Text(_("Private messages: "), style="bold")
    if not view.messages:
        out.append(_("none yet"), style="dim")
        return out
    for i, (seat, verb, word) in enumerate(view.messages):
        if i:
            out.append(" · ")
        table = SAY_TEXTS if verb == "say" else SIGNAL_TEXTS
        out.append(f"{names[seat]}: ")
        out.append(_("“{text}”").format(text=_(table[word])), style="italic")
    return out


# ---------------------------------------------------------------- results


def deal_result(deal: dict[str, Any], sides: Sequence[str], _: Translator) -> str:
    """How a finished deal ended: who won, how, and the points."""
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
    return _("{side} +{points} ({how})").format(
        side=sides[winner], points=points_text(deal["points"], _), how=how
    )


def last_deal_text(view: TrucView, sides: Sequence[str], _: Translator) -> Text:
    if not view.deals:
        return Text(_("Last deal: none yet"), style="dim")
    last = view.deals[-1]
    return Text(_("Last deal: ") + deal_result(last, sides, _))


def match_over_text(view: TrucView, sides: Sequence[str], _: Translator) -> str:
    winner = view.winner if view.winner is not None else 0
    return _("Match over — winner: {side} (games {x}:{y}).").format(
        side=sides[winner], x=view.games[0], y=view.games[1]
    )


def action_words(ev: ActionEvent, view: TrucView, _: Translator) -> Text:
    """What a seat said or did, as a log line's body."""
    verb, arg = ev.verb, ev.arg
    if verb == "play" and arg is not None:
        return card_name_text(arg, _)
    if verb == "say" and arg is not None:
        return Text(_("“{text}”").format(text=_(SAY_TEXTS[arg])) + " " + _("(privately)"))
    if verb == "signal" and arg is not None:
        return Text(_("“{text}”").format(text=_(SIGNAL_TEXTS[arg])) + " " + _("(privately)"))
    if verb == "double":
        # The proposal doubled what was the value then; after an accepted double
        # the view already shows the doubled value, so recompute from the pending one.
        if view.pending == "double":
            return Text(_("“{text}”").format(text=double_text(view.value * 2, _)))
        return Text(_("“{text}”").format(text=double_text(view.value, _)))
    words = {
        "rest": _("My rest"),
        "redeal": _("Cards, please"),
        "accept": _("Accept"),
        "refuse": _("No"),
        "fold": _("Fold"),
        "pass": _("Pass"),
    }
    said = Text(_("“{text}”").format(text=words.get(verb, verb)))
    if verb == "pass":
        said.append(" " + pass_meaning(ev.phase, _), style="dim")
    return said


def event_lines(
    events: Sequence[Event],
    view: TrucView,
    names: Sequence[str],
    sides: Sequence[str],
    _: Translator,
) -> list[Text]:
    """Log lines for what just happened (``view`` is the human's view after it)."""
    lines: list[Text] = []
    for ev in events:
        if isinstance(ev, ActionEvent):
            line = Text(f"{names[ev.seat]}: ", style="bold" if ev.seat == view.seat else "")
            line.append(action_words(ev, view, _))
            lines.append(line)
        elif isinstance(ev, BotErrorEvent):
            lines.append(
                Text(
                    _(
                        "The computer ({name}) failed: {error}. It made a random move instead."
                    ).format(name=names[ev.seat], error=ev.message),
                    style="bold red",
                )
            )
        elif isinstance(ev, NewCardsEvent):
            lines.append(
                Text(
                    _("New cards for {a} and {b}.").format(a=names[ev.caller], b=names[ev.dealer]),
                    style="dim",
                )
            )
        elif isinstance(ev, DealEvent):
            lines.append(
                Text(
                    _("Deal {n} over: ").format(n=ev.deal["deal"] + 1)
                    + deal_result(ev.deal, sides, _),
                    style="bold yellow",
                )
            )
        elif isinstance(ev, GameEvent):
            lines.append(
                Text(
                    _("Game over — winner: {side} ({x}:{y}).").format(
                        side=sides[ev.side], x=ev.score[0], y=ev.score[1]
                    ),
                    style="bold magenta",
                )
            )
        elif isinstance(ev, MatchEvent):
            lines.append(Text(match_over_text(view, sides, _), style="bold magenta"))
        elif isinstance(ev, NewDealEvent):
            lines.append(
                Text(
                    _("— Deal {n}, dealer: {name} —").format(
                        n=ev.number + 1, name=names[ev.dealer]
                    ),
                    style="dim",
                )
            )
    return lines
