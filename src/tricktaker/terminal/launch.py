"""``tricktaker play``: check the command line, set the match up, run the screen.

Everything that can be wrong with the command line (an unknown game, a bad
option, an unknown computer level, a record that cannot be resumed) is
reported before the screen starts, with exit status 2, so the player never
sees a half-drawn screen or a traceback. Games come from ``core``'s registry
only: this package plays whatever game is registered.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tricktaker.bots import levels, make_bot
from tricktaker.bots.registry import levels_help
from tricktaker.core import get_game
from tricktaker.core.errors import TricktakerError
from tricktaker.core.i18n import Translator, detect_lang, translator
from tricktaker.core.options import Options, parse_option_args, parse_option_texts
from tricktaker.core.protocol import Game, State
from tricktaker.core.records import load_record, state_from_record
from tricktaker.terminal.names import HUMAN, seat_names, with_level
from tricktaker.terminal.session import Session, seed_value

DEFAULT_GAME = "truc"
PREFERRED_LEVEL = "rules"
DEFAULT_BOT_DELAY = 0.8
BOT_DELAY_ENV = "TRICKTAKER_BOT_DELAY"


def bot_delay_from_env() -> float:
    """Seconds the computer waits before each action (``TRICKTAKER_BOT_DELAY``)."""
    raw = os.environ.get(BOT_DELAY_ENV, "")
    try:
        return max(0.0, float(raw)) if raw else DEFAULT_BOT_DELAY
    except ValueError:
        return DEFAULT_BOT_DELAY


def choose_level(game: Game, wanted: str | None) -> str:
    """The computer's level: the one asked for, else ``rules`` where the game has it."""
    known = levels(game.id)
    if wanted is None:
        if not known:
            raise TricktakerError(f"no computer player plays {game.id!r} yet")
        return PREFERRED_LEVEL if PREFERRED_LEVEL in known else known[0]
    if wanted not in known:
        # The ids are what is typed; their names say which is which (the command
        # line speaks English, as its other messages do).
        raise TricktakerError(
            f"unknown bot level {wanted[:20]!r} for {game.id}; levels: "
            + levels_help(game.id, translator("en"))
        )
    return wanted


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """What a match is played with, so that a rematch can deal another just like it."""

    game: Game
    options: Options
    level: str
    lang: str

    @property
    def tr(self) -> Translator:
        return translator(self.lang)

    def session_for(self, state: State, seed: int | str) -> Session:
        """A session over ``state``: the human at seat 0, a computer at every other seat."""
        names = seat_names(state.players, state.sides, self.tr, self.game.info.play_direction)
        computers = range(1, state.players)
        bots = {seat: make_bot(self.level, self.game.id) for seat in computers}
        shown = [names[HUMAN]] + [with_level(names[s], self.level, self.tr) for s in computers]
        return Session(self.game, state, bots, self.level, seed, shown, self.options)

    def new_session(self, seed: int | str | None = None) -> Session:
        """A fresh match (a fresh random seed unless one is given); the first dealer by lot."""
        used = seed_value(None) if seed is None else seed
        players = self.options.integer("players") if "players" in self.options else None
        if players is None:
            players = self.game.info.players[0]
        first_dealer = random.Random(f"{used}:dealer").randrange(players)
        state = self.game.new_match(self.options, seed=used, dealer=first_dealer)
        return self.session_for(state, used)


def setup_match(
    game_id: str | None, options: Sequence[str], bots: str | None, lang: str | None
) -> MatchSetup:
    """Check the game, options and level; TricktakerError on bad input."""
    game = get_game(game_id if game_id is not None else DEFAULT_GAME)
    opts = game.options(parse_option_texts(game.option_schema(), parse_option_args(options)))
    code = lang if lang is not None else detect_lang()
    return MatchSetup(game, opts, choose_level(game, bots), code)


def resume_match(
    path: str, game_id: str | None, options: Sequence[str], bots: str | None, lang: str | None
) -> tuple[MatchSetup, Session]:
    """The saved match in ``path``, replayed and ready to go on; TricktakerError if it cannot."""
    if options:
        raise TricktakerError("--resume plays on with the record's own options; drop --option")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TricktakerError(f"cannot read {path}: {exc}") from None
    try:
        record = load_record(text)
        if game_id is not None and record.game != game_id:
            raise TricktakerError(f"{path} is a record of {record.game!r}, not of {game_id!r}")
        state = state_from_record(record)
    except TricktakerError as exc:
        raise TricktakerError(f"cannot resume {path}: {exc}") from None
    if state.result().finished:
        raise TricktakerError(f"the match in {path} is already over; replay it instead")
    game = get_game(record.game)
    code = lang if lang is not None else detect_lang()
    setup = MatchSetup(game, game.options(record.options), choose_level(game, bots), code)
    session = setup.session_for(state, record.seed)
    session.replayed(len(record.actions))
    return setup, session
