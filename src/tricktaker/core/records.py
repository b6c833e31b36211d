"""Game records: load, validate, replay, save (the format is fixed in docs/design.md §6).

A record is the whole truth of a match (it holds every hand), so it is for the
players' own archive and for replay; what is shown to others is built from
views and events (``State.public_record``). Reading a record is hardened
against hostile files: a number of thousands of digits, JSON nested a hundred
thousand deep, a megabyte of garbage or a seat written in superscript digits
is refused with a clear RecordError, never a traceback.

What a server shows at a match's end is ``State.shown_record``: the full
record where the rules showed every card, else the public one marked
``"partial": true``, which every reader here refuses by name (``PARTIAL``:
``replay`` exits 2), since the cards it leaves out are the ones a replay needs.
A record may carry ``seed_hash``, the server's commitment to its seed
(``core.fairness``, ``tricktaker verify``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tricktaker.core.errors import IllegalAction, RecordError, TricktakerError
from tricktaker.core.protocol import Game, State
from tricktaker.core.registry import get_game
from tricktaker.core.start import Start, parse_start

_KNOWN_KEYS = (
    "game",
    "options",
    "names",
    "dealer",
    "seed",
    "start",
    "deals",
    "actions",
    "result",
    "date",
    "seed_hash",
    "partial",
    "undone",
    "claims",
)
#: A record longer than this is not a match anyone played.
MAX_RECORD_CHARS = 8_000_000
MAX_ACTIONS = 200_000
MAX_DEALS = 10_000
MAX_NUMBER_DIGITS = 18
MAX_SEED_CHARS = 200
MAX_NAME_CHARS = 100
HEX = "0123456789abcdef"


@dataclass(slots=True)
class Record:
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    dealer: int = 0
    seed: int | str = 0
    start: Start = field(default_factory=Start)
    deals: list[dict[str, Any]] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    #: The hash of the seed a server committed to before the first deal (core.fairness).
    seed_hash: str | None = None
    #: Decisions taken back at a solo table (``parse_undone``): kept as such, never played.
    undone: list[dict[str, Any]] = field(default_factory=list)


#: Why a partial record (``State.shown_record`` where the rules hide cards) is refused.
PARTIAL = (
    "this record is partial: it leaves out the cards the rules never show (cards face"
    " down, unplayed or set aside), so it cannot be replayed or resumed"
)


def _bounded_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_NUMBER_DIGITS:
        raise RecordError(f"a number of {len(digits)} digits is too large for a record")
    return int(text)


def _no_float_specials(text: str) -> float:
    raise RecordError(f"{text} is not a number a record can hold")


def decode_json(text: str) -> object:
    """``json.loads`` that refuses what no record needs: huge numbers, deep nesting, NaN."""
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the record is too large ({len(text):,} characters)")
    try:
        data = json.loads(text, parse_int=_bounded_int, parse_constant=_no_float_specials)
        # "\ud800" decodes to a lone surrogate, which no file or terminal can hold.
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except RecursionError:
        raise RecordError("the record is nested too deeply to be a game record") from None
    except RecordError:
        raise
    except UnicodeError:
        raise RecordError("the record holds text that is not valid Unicode") from None
    except ValueError as exc:  # JSONDecodeError, and int conversion limits
        raise RecordError(f"the record is not valid JSON: {exc}") from None
    return data


def parse_record(data: object) -> Record:
    """Check the shape of a decoded record; say exactly what is wrong."""
    if not isinstance(data, Mapping):
        raise RecordError("a record must be a JSON object")
    unknown = [str(k)[:30] for k in data if k not in _KNOWN_KEYS]
    if unknown:
        raise RecordError(f"unknown record field(s): {', '.join(sorted(unknown))}")
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError('the record must name its game, e.g. "game": "truc"')
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError('"options" must be an object')
    names = data.get("names", [])
    if (
        not isinstance(names, list)
        or len(names) > 16
        or not all(isinstance(n, str) and len(n) <= MAX_NAME_CHARS for n in names)
    ):
        raise RecordError('"names" must be a list of short strings, one per seat')
    dealer = data.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise RecordError('"dealer" must be a seat number')
    seed = data.get("seed", 0)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise RecordError('"seed" must be an integer or a string')
    if isinstance(seed, str) and len(seed) > MAX_SEED_CHARS:
        raise RecordError(f'"seed" must be at most {MAX_SEED_CHARS} characters')
    start = parse_start(data.get("start"))
    deals = data.get("deals", [])
    if not isinstance(deals, list) or not all(isinstance(d, Mapping) for d in deals):
        raise RecordError('"deals" must be a list of objects')
    if len(deals) > MAX_DEALS:
        raise RecordError(f'"deals" lists {len(deals)} deals; a record holds at most {MAX_DEALS}')
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError('"actions" must be a list of strings like "0:play 7h"')
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f'"actions" lists {len(actions)}; a record holds at most {MAX_ACTIONS}')
    partial = data.get("partial", False)
    if not isinstance(partial, bool):
        raise RecordError('"partial" must be true or false')
    if partial:
        raise RecordError(PARTIAL)
    seed_hash = data.get("seed_hash")
    if seed_hash is not None and (
        not isinstance(seed_hash, str) or len(seed_hash) != 64 or seed_hash.strip(HEX) != ""
    ):
        raise RecordError('"seed_hash" must be 64 hexadecimal digits (a SHA-256)')
    undone = parse_undone(data.get("undone", []))
    parse_claims(data.get("claims", []))
    return Record(
        game,
        dict(options),
        list(names),
        dealer,
        seed,
        start,
        [dict(d) for d in deals],
        list(actions),
        seed_hash,
        undone,
    )


#: What an ``undone`` entry must look like (the message of every malformed one).
UNDONE_SHAPE = (
    '"undone" must be a list of {"at": n, "actions": ["0:play 7h", ...]}: the actions'
    " taken back, and how many actions stood before them"
)


def parse_undone(data: object) -> list[dict[str, Any]]:
    """The decisions taken back at a solo table (docs/design.md §6): each entry the
    actions taken back at once (a person's decision and the computers' moves after it)
    and ``at``, how many actions of the match stood before them then. They are kept in
    the record as such and never played: a reader checks their shape and ignores them."""
    if not isinstance(data, list) or len(data) > MAX_ACTIONS:
        raise RecordError(UNDONE_SHAPE)
    total = 0
    out: list[dict[str, Any]] = []
    for entry in data:
        if not isinstance(entry, Mapping) or set(entry) != {"at", "actions"}:
            raise RecordError(UNDONE_SHAPE)
        at, taken = entry["at"], entry["actions"]
        if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= MAX_ACTIONS:
            raise RecordError(UNDONE_SHAPE)
        if (
            not isinstance(taken, list)
            or not taken
            or not all(isinstance(a, str) and len(a) <= 200 for a in taken)
        ):
            raise RecordError(UNDONE_SHAPE)
        total += len(taken)
        if total > MAX_ACTIONS:
            raise RecordError(f'"undone" lists more than {MAX_ACTIONS} actions')
        out.append({"at": at, "actions": list(taken)})
    return out


#: What a ``claims`` entry must look like (the message of every malformed one).
CLAIMS_SHAPE = (
    '"claims" must be a list of {"at": n, "seat": s, "accepted": true|false}: who claimed'
    " the rest of the tricks after how many actions, and whether it was played out"
)


def parse_claims(data: object) -> None:
    """Check the claims a record lists (docs/design.md §6). They say who claimed the rest
    of the tricks and whether it was played out; the moves of one played out are in
    ``actions`` like any other, so a reader checks their shape and plays nothing."""
    if not isinstance(data, list) or len(data) > MAX_ACTIONS:
        raise RecordError(CLAIMS_SHAPE)
    for entry in data:
        if not isinstance(entry, Mapping) or set(entry) != {"at", "seat", "accepted"}:
            raise RecordError(CLAIMS_SHAPE)
        at, seat = entry["at"], entry["seat"]
        for number, top in ((at, MAX_ACTIONS), (seat, 16)):
            if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= top:
                raise RecordError(CLAIMS_SHAPE)
        if not isinstance(entry["accepted"], bool):
            raise RecordError(CLAIMS_SHAPE)


def load_record(text: str) -> Record:
    return parse_record(decode_json(text))


def start_state(record: Record) -> State:
    """The match a record describes, before any of its actions (its ``undone`` actions
    checked for notation only: they are not played)."""
    try:
        game = get_game(record.game)
        options = game.options(record.options)
        for entry in record.undone:
            for text in entry["actions"]:
                try:
                    game.parse_action(text)
                except TricktakerError as exc:
                    raise RecordError(f'"undone" holds {text[:60]!r}: {exc}') from None
        return game.new_match(
            options, seed=record.seed, deals=record.deals, dealer=record.dealer, start=record.start
        )
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
            raise IllegalAction(f"action {index} ({text[:60]!r}): {exc}") from None
    return state


@dataclass(slots=True)
class ReplayOutcome:
    output: dict[str, Any]
    exit_code: int


def summary(state: State, applied: int, seat: int | None = None) -> dict[str, Any]:
    """``replay``'s JSON: the outcome, and the view and events of ``seat`` (None: public).

    With a seat, ``legal`` lists that seat's own legal actions (none when it is
    not his turn), so nothing in the answer shows a card he may not see.
    """
    result = state.result()
    legal = state.legal_actions() if seat is None or state.to_act == seat else []
    view = state.public_view() if seat is None else state.view(seat)
    out: dict[str, Any] = {
        "ok": True,
        "applied": applied,
        "to_act": state.to_act,
        "sides": list(state.sides),
        "returns": [int(r) if r == int(r) else r for r in state.returns()],
        "legal": [str(a) for a in legal],
        "score": list(result.score),
        "games": list(result.games),
        "finished": result.finished,
        "winner": result.winner,
        "deals": [d.to_json() for d in state.finished_deals()],
    }
    if seat is not None:
        out["seat"] = seat
    out["view"] = view.to_json()
    out["events"] = [e.to_json() for e in state.events(0, seat)]
    return out


def _check_seat(seat: int | None, state: State) -> None:
    if seat is not None and not 0 <= seat < state.players:
        raise RecordError(f"--seat {seat}: this match has seats 0 to {state.players - 1}")


def replay_text(text: str, seat: int | None = None) -> ReplayOutcome:
    """What ``tricktaker replay`` prints, and its exit status (0, 2 or 3)."""
    game: Game
    try:
        record = load_record(text)
        state = start_state(record)
        game = get_game(record.game)
        _check_seat(seat, state)
    except TricktakerError as exc:
        return ReplayOutcome({"ok": False, "error": {"message": str(exc)}}, 2)
    for index, action_text in enumerate(record.actions):
        try:
            state.apply(game.parse_action(action_text))
        except IllegalAction as exc:
            out = summary(state, index, seat)
            out["ok"] = False
            # Seen by another seat, the refusal may not name what the actor holds.
            private = seat is None or seat == state.to_act
            message = str(exc) if private else exc.public_message
            out["error"] = {"index": index, "action": action_text, "message": message}
            return ReplayOutcome(out, 3)
    return ReplayOutcome(summary(state, len(record.actions), seat), 0)
