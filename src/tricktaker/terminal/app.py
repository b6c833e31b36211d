"""``tricktaker play``: check the command line, set the match up, run the screen.

Everything that can be wrong with the command line (an unknown game, a bad
option, an unknown computer level) is reported before the screen starts, with
exit status 2, so the player never sees a half-drawn screen and a traceback.
"""

from __future__ import annotations

import os
import random
import sys

from tricktaker.bots import Bot, levels, make_bot
from tricktaker.core import get_game
from tricktaker.core.errors import TricktakerError
from tricktaker.core.options import parse_option_args
from tricktaker.games.truc import TrucState
from tricktaker.i18n import Translator, translator
from tricktaker.terminal import words
from tricktaker.terminal.session import HUMAN, Session, seed_value

FALLBACK_LEVEL = "random"
PENDING_LEVEL = "rules"
DEFAULT_BOT_DELAY = 0.8
BOT_DELAY_ENV = "TRICKTAKER_BOT_DELAY"


def make_bots(
    level: str, game: str, seats: list[int], _: Translator
) -> tuple[dict[int, Bot], list[str]]:
    """A bot for each computer seat, and notices for the player.

    The ``rules`` level may not be registered yet in this build: only then does
    the computer fall back to ``random``, with a notice. Any other unknown level
    is the player's mistake and is reported as such.
    """
    try:
        return {seat: make_bot(level, game) for seat in seats}, []
    except TricktakerError:
        if level != PENDING_LEVEL or PENDING_LEVEL in levels():
            raise
    notice = _("The “{level}” computer is not available yet: you play against “{fallback}”.")
    bots = {seat: make_bot(FALLBACK_LEVEL, game) for seat in seats}
    return bots, [notice.format(level=level, fallback=FALLBACK_LEVEL)]


def bot_delay_from_env() -> float:
    """Seconds the computer waits before each action (``TRICKTAKER_BOT_DELAY``)."""
    raw = os.environ.get(BOT_DELAY_ENV, "")
    try:
        return max(0.0, float(raw)) if raw else DEFAULT_BOT_DELAY
    except ValueError:
        return DEFAULT_BOT_DELAY


def setup_session(
    game_id: str, options: list[str], bots: str, lang: str | None, seed: str | None
) -> tuple[Session, Translator, list[str]]:
    """Check everything and deal the match; TricktakerError on bad input."""
    game = get_game(game_id)
    if game.id != "truc":
        raise TricktakerError(f"terminal play knows only truc so far, not {game.id!r}")
    opts = game.options(parse_option_args(options))
    _ = translator(lang)
    seed_used = seed_value(seed)
    players: int = opts.players
    first_dealer = random.Random(f"{seed_used}:dealer").randrange(players)
    state = game.new_match(opts, seed=seed_used, dealer=first_dealer)
    if not isinstance(state, TrucState):
        raise TricktakerError("terminal play needs a Le Truc match")
    computer_seats = [s for s in range(players) if s != HUMAN]
    seat_bots, notices = make_bots(bots, game.id, computer_seats, _)
    names = words.seat_names(players, _)
    record_names = [names[0]] + [f"{names[s]} ({seat_bots[s].name})" for s in computer_seats]
    session = Session(state, seat_bots, record_names, seed_used)
    return session, _, notices


def run_play(
    game: str, options: list[str], bots: str, lang: str | None, seed: str | None, save_dir: str
) -> int:
    """Play one match in the terminal; print where it was saved. Exit status 0, or 2."""
    try:
        session, _, notices = setup_session(game, options, bots, lang, seed)
    except TricktakerError as exc:
        print(f"tricktaker: {exc}", file=sys.stderr)
        return 2
    from tricktaker.terminal.truc_app import TrucApp

    app = TrucApp(session, _, save_dir, bot_delay=bot_delay_from_env(), notices=notices)
    app.run()
    if app.saved_to is not None:
        print(_("The match is saved in {path}").format(path=app.saved_to))
        print(_("Replay it with: tricktaker replay {path}").format(path=app.saved_to))
    else:
        print(_("The match was not saved."))
    return 0
