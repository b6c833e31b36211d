"""The advisor: what the computer would play for a seat, and why, in one sentence.

Why one module. A hint is asked for from the command line (``tricktaker hint``)
and at the web table (a ``hint`` message); both must give the same move and the
same reason, so both call :func:`advise`, never a bot of their own.

What it may know. Exactly what a bot is handed: the seat's view, the events the
seat saw (its memory) and its legal actions — never the state. The sentence
names only the suggested move and, at most, another of the seat's own legal
moves, in the game's words (``Words.action_label``), and numbers: so it cannot
mention a card the seat does not see.

Where the values come from. The ``search`` and ``deep`` levels already value
every action they try (the mean gain for the seat's side over the sampled
worlds, ``SearchBot.last_scores``); the advisor exposes those rather than
searching again. The ``rules`` level decides by rules of thumb that keep no
values, so its move is backed by a small quick search
(:data:`QUICK_BUDGET`) where the game has a search level. ``random`` gives
no advice worth the name and is refused.

The default level (:func:`default_level`) is ``search``: its budget
(``DEFAULT_BUDGET``: 0.4 s, at least 8 worlds) answers well within two seconds
on two cores; ``deep`` (2.5 s and more) is too slow for a button.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tricktaker.bots.registry import levels, make_bot
from tricktaker.bots.search import Budget, SearchBot
from tricktaker.core.actions import Action
from tricktaker.core.errors import TricktakerError
from tricktaker.core.events import Event
from tricktaker.core.i18n import LANGUAGES, Translator, decimal, translator
from tricktaker.core.protocol import View
from tricktaker.core.registry import get_game

#: The levels that give hints, weakest first.
HINT_LEVELS = ("rules", "search", "deep")
#: The level a hint uses unless told otherwise (where the game has it).
DEFAULT_HINT_LEVEL = "search"
#: The quick search that values the ``rules`` level's move.
QUICK_BUDGET = Budget(seconds=0.25, min_worlds=4, max_worlds=16)


@dataclass(frozen=True, slots=True)
class OptionValue:
    """One legal action and its value: the mean gain per deal for the seat's side."""

    action: Action
    value: float


@dataclass(frozen=True, slots=True)
class Advice:
    """The move suggested for ``seat``, the sentence that says why, and the values of the
    options where the level gives them (best first; empty otherwise)."""

    seat: int
    level: str
    action: Action
    why: str
    options: tuple[OptionValue, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "level": self.level,
            "action": str(self.action),
            "why": self.why,
            "options": [{"action": str(o.action), "value": o.value} for o in self.options],
        }


def hint_levels(game: str) -> list[str]:
    """The levels of ``game`` that give hints, weakest first."""
    return [lvl for lvl in levels(game) if lvl in HINT_LEVELS]


def default_level(game: str) -> str:
    """The strongest level cheap enough for a hint: ``search`` where the game has it."""
    known = hint_levels(game)
    if not known:
        raise TricktakerError(f"no computer level gives hints in {game[:20]!r}")
    return DEFAULT_HINT_LEVEL if DEFAULT_HINT_LEVEL in known else known[-1]


def check_level(game: str, level: str | None) -> str:
    """``level``, or the default one, checked: TricktakerError naming those there are."""
    if level is None:
        return default_level(game)
    known = hint_levels(game)
    if level not in known:
        raise TricktakerError(
            f"no hints from a {level[:20]!r} level in {game[:20]!r};"
            f" levels for hints: {', '.join(known) or 'none'}"
        )
    return level


def advise(
    game_id: str,
    view: View,
    memory: Sequence[Event],
    legal: Sequence[Action],
    *,
    level: str | None = None,
    lang: str = "en",
    rng: random.Random | None = None,
) -> Advice:
    """What ``level`` (default :func:`default_level`) would play from ``view``, and why,
    in ``lang``. TricktakerError for a spectator's view, no legal action, an unknown
    level or language; nothing is changed either way."""
    game = get_game(game_id)
    seat = view.seat
    if seat is None:
        raise TricktakerError("a hint is for a seat, not for a spectator")
    if not legal:
        raise TricktakerError(f"seat {seat} has no move to make now")
    if lang not in LANGUAGES:
        raise TricktakerError(f"no language {lang[:10]!r}; languages: {', '.join(LANGUAGES)}")
    chosen_level = check_level(game_id, level)
    rng = rng or random.Random(0)
    words = game.words(lang)
    _ = translator(lang)

    def label(action: Action) -> str:
        return words.action_label(action, view)

    if len(legal) == 1:
        why = _("{move}: the only legal move.").format(move=label(legal[0]))
        return Advice(seat, chosen_level, legal[0], why, ())
    bot = make_bot(chosen_level, game_id)
    action = bot.act(view, memory, legal, rng)
    if isinstance(bot, SearchBot):
        scores, rules, worlds = bot.last_scores, bot.last_rules, bot.last_worlds
    else:
        scores, rules, worlds = _quick_scores(game_id, view, memory, legal, rng)
        rules = action
    options = tuple(OptionValue(a, round(v, 3)) for a, v in sorted(scores, key=lambda s: -s[1]))
    why = _reason(_, label, action, rules, options, worlds, searched=isinstance(bot, SearchBot))
    return Advice(seat, chosen_level, action, why, options)


def _quick_scores(
    game_id: str,
    view: View,
    memory: Sequence[Event],
    legal: Sequence[Action],
    rng: random.Random,
) -> tuple[list[tuple[Action, float]], Action | None, int]:
    """Values for the ``rules`` level's options from a small search (none where the game
    has no search level)."""
    if "search" not in levels(game_id):
        return [], None, 0
    quick = make_bot("search", game_id)
    if not isinstance(quick, SearchBot):
        return [], None, 0
    quick.budget = QUICK_BUDGET
    quick.act(view, memory, legal, rng)
    return quick.last_scores, quick.last_rules, quick.last_worlds


def _points(value: float, lang: str) -> str:
    """A value as a player reads it: signed, one decimal, a true minus; a decimal comma
    where the language writes one (``core.i18n.decimal``)."""
    return decimal(f"{value:+.1f}".replace("-", "\u2212"), lang)


def _reason(
    _: Translator,
    label: Callable[[Action], str],
    action: Action,
    rules: Action | None,
    options: Sequence[OptionValue],
    worlds: int,
    *,
    searched: bool,
) -> str:
    """The one sentence: what decided ``action``, from what the level computed. A search
    level's "clearly" is its own test (``SearchBot._clearly_better``); the ``rules``
    level's quick values made no such test, so where its move is not the best of them
    the sentence claims no more than the rule of thumb."""
    move = label(action)
    values = {o.action: o.value for o in options}
    if action not in values or (not searched and options[0].action != action):
        return _("{move}: the players' rule of thumb in this position.").format(move=move)
    best = options[0]
    n = worlds
    if rules is not None and rules != action and rules in values:
        return _.ngettext(
            "{move}: over {n} possible deal of the cards you cannot see it gains clearly"
            " more than the usual {other} ({value} against {other_value} per deal).",
            "{move}: over {n} possible deals of the cards you cannot see it gains clearly"
            " more than the usual {other} ({value} against {other_value} per deal).",
            n,
        ).format(
            move=move,
            n=n,
            other=label(rules),
            value=_points(values[action], _.lang),
            other_value=_points(values[rules], _.lang),
        )
    if best.action != action:
        return _.ngettext(
            "{move}: the players' rule of thumb; no other move did clearly better over"
            " {n} possible deal of the cards you cannot see.",
            "{move}: the players' rule of thumb; no other move did clearly better over"
            " {n} possible deals of the cards you cannot see.",
            n,
        ).format(move=move, n=n)
    return _.ngettext(
        "{move}: the best of your moves over {n} possible deal of the cards you cannot"
        " see (on average {value} per deal).",
        "{move}: the best of your moves over {n} possible deals of the cards you cannot"
        " see (on average {value} per deal).",
        n,
    ).format(move=move, n=n, value=_points(values[action], _.lang))
