"""Game records: load, validate, replay, save (the format is fixed in DESIGN.md).

A record is the whole truth of a match (it holds every hand), so it is for the
players' own archive and for replay; what is shown to others is built from
views (``State.public_record``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tricktaker.core.errors import IllegalAction, RecordError, TricktakerError
from tricktaker.core.protocol import State
from tricktaker.core.registry import get_game

_KNOWN_KEYS = {"game", "options", "names", "dealer", "seed", "deals", "actions", "result", "date"}


@dataclass(slots=True)
class Record:
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    dealer: int = 0
    seed: int | str = 0
    deals: list[dict[str, Any]] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)


def parse_record(data: object) -> Record:
    """Check the shape of a decoded record; say exactly what is wrong."""
    if not isinstance(data, Mapping):
        raise RecordError("a record must be a JSON object")
    unknown = set(data) - _KNOWN_KEYS
    if unknown:
        raise RecordError(f"unknown record field(s): {', '.join(sorted(map(str, unknown)))}")
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError('the record must name its game, e.g. "game": "truc"')
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError('"options" must be an object')
    names = data.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RecordError('"names" must be a list of strings')
    dealer = data.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise RecordError('"dealer" must be a seat number')
    seed = data.get("seed", 0)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise RecordError('"seed" must be an integer or a string')
    deals = data.get("deals", [])
    if not isinstance(deals, list) or not all(isinstance(d, Mapping) for d in deals):
        raise RecordError('"deals" must be a list of objects')
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError('"actions" must be a list of strings like "0:play 7h"')
    return Record(
        game, dict(options), list(names), dealer, seed, [dict(d) for d in deals], list(actions)
    )


def load_record(text: str) -> Record:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"the record is not valid JSON: {exc}") from None
    return parse_record(data)


def start_state(record: Record) -> State:
    """The match a record describes, before any of its actions."""
    try:
        game = get_game(record.game)
        options = game.options(record.options)
        return game.new_match(options, seed=record.seed, deals=record.deals, dealer=record.dealer)
    except RecordError:
        raise
    except TricktakerError as exc:
        raise RecordError(str(exc)) from None


def state_from_record(record: Record) -> State:
    """Replay every action; an illegal one raises IllegalAction with its index."""
    state = start_state(record)
    game = get_game(record.game)
    for index, text in enumerate(record.actions):
        try:
            state.apply(game.parse_action(text))
        except IllegalAction as exc:
            raise IllegalAction(f"action {index} ({text!r}): {exc}") from None
    return state


@dataclass(slots=True)
class ReplayOutcome:
    output: dict[str, Any]
    exit_code: int


def summary(state: State, applied: int) -> dict[str, Any]:
    result = state.result()
    return {
        "ok": True,
        "applied": applied,
        "to_act": state.to_act,
        "legal": [str(a) for a in state.legal_actions()],
        "score": list(result.score),
        "games": list(result.games),
        "finished": result.finished,
        "winner": result.winner,
        "deals": state.finished_deals(),
        "view": state.public_view().to_json(),
    }


def replay_text(text: str) -> ReplayOutcome:
    """What ``tricktaker replay`` prints, and its exit status (0, 2 or 3)."""
    try:
        record = load_record(text)
        state = start_state(record)
        game = get_game(record.game)
    except TricktakerError as exc:
        return ReplayOutcome({"ok": False, "error": {"message": str(exc)}}, 2)
    for index, action_text in enumerate(record.actions):
        try:
            state.apply(game.parse_action(action_text))
        except IllegalAction as exc:
            out = summary(state, index)
            out["ok"] = False
            out["error"] = {"index": index, "action": action_text, "message": str(exc)}
            return ReplayOutcome(out, 3)
    return ReplayOutcome(summary(state, len(record.actions)), 0)
