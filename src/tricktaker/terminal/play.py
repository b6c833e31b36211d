"""``tricktaker play``: set the match up, run the screen, say where it was saved.

Kept apart from ``launch`` so that the screen may use ``launch``'s setup for a
rematch without the two modules importing each other.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from tricktaker.core.errors import TricktakerError
from tricktaker.terminal.app import PlayApp
from tricktaker.terminal.launch import bot_delay_from_env, resume_match, setup_match
from tricktaker.terminal.session import seed_value


def run_play(
    game: str | None,
    options: Sequence[str],
    bots: str | None,
    lang: str | None,
    seed: str | None,
    save_dir: str,
    resume: str | None = None,
) -> int:
    """Play in the terminal until the player quits; print where matches were saved."""
    try:
        if resume is not None:
            setup, session = resume_match(resume, game, options, bots, lang)
        else:
            setup = setup_match(game, options, bots, lang)
            session = setup.new_session(seed_value(seed))
    except TricktakerError as exc:
        print(f"tricktaker: {exc}", file=sys.stderr)
        return 2
    app = PlayApp(setup, session, save_dir, bot_delay=bot_delay_from_env())
    app.run()
    _ = setup.tr
    for path, finished in app.saved:
        print(_("The match is saved in {path}").format(path=path))
        if finished:
            print(_("Replay it with: tricktaker replay {path}").format(path=path))
        else:
            print(_("Play on with: tricktaker play --resume {path}").format(path=path))
    if app.unsaved:
        print(_("The match was not saved."))
    return 0
