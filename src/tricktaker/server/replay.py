"""The replay viewer's steps: a record as one seat (or the public) saw it, action by action.

Every step is a ``state`` message (``server.messages``) built from that
observer's view and events only, as at a live table: a replay shows a seat
nothing it did not see at the table. But a replay is told, not played: where
the live table says whom it waits for ("… is thinking…", "Your turn: choose a
card"), a step says who acts next (``replay_hint``).

Beside the steps go two indexes for jumping (``step_marks``), read from the very
events each step tells that observer (the kinds every game uses alike,
``core.events``): ``deals``, the step at which each deal begins (its ``deal``
event), and ``tricks``, each step at which a trick is complete (its ``trick``
event). Built from what the observer saw, they show him nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.core import IllegalAction, State
from tricktaker.core.protocol import Game
from tricktaker.server.messages import state_message, web_words

#: The most actions one replay renders (a long match has a few hundred).
MAX_REPLAY_ACTIONS = 5000


def replay_frames(
    game: Game,
    state: State,
    actions: Sequence[str],
    seat: int | None,
    lang: str,
    names: Sequence[str],
    state_options: Mapping[str, Any],
) -> dict[str, Any]:
    """The observer's message after 0, 1, 2... actions, each with only the events that
    step added (the viewer keeps the log); the first action the rules refuse ends them,
    told as ``error``: ``{"index", "action", "message"}``."""
    options = game.options(state_options)
    frames = [replay_hint(state_message(game, state, seat, 0, lang, names, options), lang)]
    since = len(frames[0]["events"])
    for i, text in enumerate(actions):
        try:
            state.apply(text)
        except IllegalAction as exc:
            error = {"index": i, "action": text[:200], "message": str(exc)}
            return {"frames": frames, "error": error, **step_marks(frames)}
        frame = state_message(game, state, seat, since, lang, names, options, with_rules=False)
        replay_hint(frame, lang)
        since += len(frame["events"])
        frames.append(frame)
    return {"frames": frames, "error": None, **step_marks(frames)}


def step_marks(frames: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Where the deals begin and the tricks end, as steps (indexes into ``frames``),
    strictly increasing: ``deals`` is ``[{"step", "deal"}]`` (the deal's number as
    its ``deal`` event tells it), ``tricks`` the steps whose events complete a
    trick. A step holding two deal starts (none does today) counts its last."""
    deals: list[dict[str, int]] = []
    tricks: list[int] = []
    for step, frame in enumerate(frames):
        for event in frame.get("events") or ():
            kind = event.get("kind")
            if kind == "deal":
                number = int((event.get("data") or {}).get("deal", len(deals) + 1))
                if deals and deals[-1]["step"] == step:
                    deals[-1]["deal"] = number
                else:
                    deals.append({"step": step, "deal": number})
            elif kind == "trick" and (not tricks or tricks[-1] != step):
                tricks.append(step)
    return {"deals": deals, "tricks": tricks}


def replay_hint(frame: dict[str, Any], lang: str) -> dict[str, Any]:
    """The step's hint as a replay tells it: who acts next (the match's end as the game
    says it); never that someone is thinking or that it is the viewer's turn, and no
    moves to make. Returns ``frame``, changed."""
    table = frame["table"]
    frame["legal"], frame["groups"] = [], []
    if table["finished"] or table["to_act"] is None:
        return frame
    _ = web_words(lang)
    frame["texts"]["hint"] = _("Next to act: {name}").format(name=frame["names"][table["to_act"]])
    return frame
