"""Record fuzzing: random mutations of valid records must never crash ``replay``.

Valid records come from random matches of every registered game (cut at random
points, some with a starting position). Each is mutated the ways a hostile or
careless file is broken: values of the wrong type, keys deleted, actions
duplicated, reordered or rewritten, the text cut short, numbers of thousands
of digits, strings of a megabyte, nesting a hundred thousand deep, seats in
superscript digits, piles with too many cards. ``replay`` must answer each with
exit status 0, 2 or 3 and a JSON object, never an exception. The test suite
runs a sample; ``bench/fuzz_records.py`` runs as many as asked.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tricktaker.core import get_game
from tricktaker.core.records import replay_text
from tricktaker.core.registry import game_ids

Json = Any

HUGE_NUMBER = "9" * 5000
DEEP = "[" * 100_000 + "]" * 100_000
ODD_VALUES: list[Json] = [
    None,
    True,
    False,
    0,
    -1,
    2**63,
    1.5,
    "",
    "x",
    "²",
    "٣",
    "0:play 7h",
    [],
    [[]],
    {},
    {"a": 1},
    "A" * 10_000,
    [None] * 50,
]


def valid_records(rng: random.Random, count: int) -> list[Json]:
    """Full records of random matches of every game, cut at random points."""
    out: list[Json] = []
    ids = game_ids()
    for i in range(count):
        game = get_game(ids[i % len(ids)])
        schema = game.option_schema()
        values = {spec.name: rng.choice(spec.samples()) for spec in schema}
        options = game.options(values)
        start = game.random_start(options, rng) if rng.random() < 0.3 else None
        state = game.new_match(options, seed=rng.randrange(10**6), start=start)
        dealer_rng = random.Random(rng.random())
        for _ in range(rng.randrange(1, 120)):
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(legal[dealer_rng.randrange(len(legal))])
        record = state.to_record()
        if rng.random() < 0.3:
            record.pop("deals", None)  # seed only
        out.append(record)
    return out


def _paths(obj: Json, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, (*prefix, i))


def _get(obj: Json, path: tuple[Any, ...]) -> Json:
    for p in path:
        obj = obj[p]
    return obj


def _set(obj: Json, path: tuple[Any, ...], value: Json) -> Json:
    if not path:
        return value
    _get(obj, path[:-1])[path[-1]] = value
    return obj


def _copy(obj: Json) -> Json:
    return json.loads(json.dumps(obj))


Mutation = Callable[[Json, random.Random], "Json | str"]


def swap_type(record: Json, rng: random.Random) -> Json:
    """Any value (the whole record included) replaced by one of another type."""
    path = rng.choice(list(_paths(record)))
    return _set(record, path, _copy(rng.choice(ODD_VALUES)))


def _delete_in(record: Json, rng: random.Random, container: type) -> Json:
    """One entry of an object or a list (``container``: dict or list), deleted."""
    paths = [p for p in _paths(record) if p and isinstance(_get(record, p[:-1]), container)]
    if paths:
        path = rng.choice(paths)
        del _get(record, path[:-1])[path[-1]]
    return record


def delete_key(record: Json, rng: random.Random) -> Json:
    return _delete_in(record, rng, dict)


def delete_item(record: Json, rng: random.Random) -> Json:
    return _delete_in(record, rng, list)


def _actions(record: Json) -> Json:
    """The record's ``actions`` (None where it has none, or is no object)."""
    return record.get("actions") if isinstance(record, dict) else None


def duplicate_action(record: Json, rng: random.Random) -> Json:
    actions = _actions(record)
    if isinstance(actions, list) and actions:
        i = rng.randrange(len(actions))
        actions.insert(i, actions[i])
    return record


def reorder_actions(record: Json, rng: random.Random) -> Json:
    actions = _actions(record)
    if isinstance(actions, list) and len(actions) > 1:
        i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
        actions[i], actions[j] = actions[j], actions[i]
    return record


def rewrite_action(record: Json, rng: random.Random) -> Json:
    actions = _actions(record)
    if isinstance(actions, list) and actions:
        i = rng.randrange(len(actions))
        text = str(actions[i])
        choices = [
            "²" + text[1:],
            text.replace(":", "", 1),
            text + " extra",
            text.upper(),
            text[: rng.randrange(len(text) + 1)],
            f"{HUGE_NUMBER}:fold",
            text.replace("play", "play #9"),
            text + " from 2",
            text + " from ³",
        ]
        actions[i] = rng.choice(choices)
    return record


def huge_value(record: Json, rng: random.Random) -> str:
    """A 5,000-digit number or a huge string where a small value stood (as raw JSON text)."""
    paths = [p for p in _paths(record) if p]
    if not paths:
        return HUGE_NUMBER
    path = rng.choice(paths)
    marker = "__HUGE__"
    _set(record, path, marker)
    text = json.dumps(record)
    return text.replace(json.dumps(marker), rng.choice([HUGE_NUMBER, "-" + HUGE_NUMBER, "1e999"]))


def deep_nesting(record: Json, rng: random.Random) -> str:
    """JSON nested 100,000 deep where a value stood (or as the whole record)."""
    paths = [p for p in _paths(record) if p]
    if not paths:
        return DEEP
    marker = "__DEEP__"
    _set(record, rng.choice(paths), marker)
    return json.dumps(record).replace(json.dumps(marker), DEEP)


def truncate(record: Json, rng: random.Random) -> str:
    text = json.dumps(record)
    return text[: rng.randrange(max(1, len(text)))]


def overfull_pile(record: Json, rng: random.Random) -> Json:
    deals = record.get("deals") if isinstance(record, dict) else None
    if isinstance(deals, list) and deals and isinstance(deals[0], dict):
        deal = deals[0]
        stock = deal.get("stock")
        hands = deal.get("hands")
        if isinstance(stock, list) and isinstance(hands, list):
            choice = rng.randrange(3)
            if choice == 0:
                deal["stock"] = stock + [c for h in hands for c in h]
            elif choice == 1:
                deal.pop("hands")
                deal["stock"] = stock + [c for h in hands for c in h]
            else:
                deal["hands"] = [h + h for h in hands]
    return record


def garbage_bytes(record: Json, rng: random.Random) -> str:
    text = json.dumps(record)
    i = rng.randrange(max(1, len(text)))
    return text[:i] + rng.choice(["\x00", "\ud800", "\\u0000", "}", "{", '"', "\\"]) + text[i:]


def lone_surrogate(record: Json, rng: random.Random) -> str:
    """A lone UTF-16 surrogate ("\\ud800"), which no file or terminal can hold."""
    paths = [p for p in _paths(record) if p]
    marker = "__SURROGATE__"
    if paths:
        _set(record, rng.choice(paths), marker)
    text = json.dumps(record)
    return text.replace(json.dumps(marker), rng.choice(['"\\ud800"', '"0:play \\udfff"']))


MUTATIONS: tuple[Mutation, ...] = (
    swap_type,
    delete_key,
    delete_item,
    duplicate_action,
    reorder_actions,
    rewrite_action,
    huge_value,
    deep_nesting,
    truncate,
    overfull_pile,
    garbage_bytes,
    lone_surrogate,
)


@dataclass
class FuzzReport:
    tried: int = 0
    by_exit: dict[int, int] = field(default_factory=dict)
    by_mutation: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


def fuzz(count: int, seed: int = 1, seats: bool = True) -> FuzzReport:
    """Replay ``count`` mutated records; note each exit status and every crash."""
    rng = random.Random(seed)
    bases = valid_records(rng, max(4, min(40, count // 10)))
    report = FuzzReport()
    for i in range(count):
        base = _copy(rng.choice(bases))
        mutation = MUTATIONS[i % len(MUTATIONS)]
        mutated = base
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            if isinstance(mutated, str):
                break
            step = mutation if mutated is base else rng.choice(MUTATIONS)
            mutated = step(mutated, rng)
        text = mutated if isinstance(mutated, str) else json.dumps(mutated)
        seat = rng.choice([None, 0, 1, 3, 7]) if seats else None
        report.tried += 1
        report.by_mutation[mutation.__name__] = report.by_mutation.get(mutation.__name__, 0) + 1
        try:
            outcome = replay_text(text, seat=seat)
            # As the CLI prints it: UTF-8 text, so nothing unencodable may be in it.
            json.dumps(outcome.output, ensure_ascii=False).encode("utf-8")
            code = outcome.exit_code
        except Exception as exc:
            report.failures.append(f"{mutation.__name__}: {type(exc).__name__}: {exc!s:.200}")
            continue
        report.by_exit[code] = report.by_exit.get(code, 0) + 1
        if code not in (0, 2, 3):
            report.failures.append(f"{mutation.__name__}: exit {code}")
    return report
