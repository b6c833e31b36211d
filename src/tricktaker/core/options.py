"""Rule options: a typed schema per game, and frozen option values read strictly.

Each game declares its options as :class:`OptionSpec` entries: a choice among
values (``players``: 2 or 4), a whole number in a range (a pool of 10–100), or
a yes/no switch, each with its default and a line of help. The CLI's help, a
web lobby and the conformance tests all read the same schema. An option the
game does not know, or a value outside its choices or range, is an error:
silently ignoring ``players=5`` would deal a game nobody asked for.

Values come two ways. JSON (a record, the web API) carries types and is held
to them (:meth:`OptionSpec.check`): ``"target": "21"`` is a string where a
number belongs, refused rather than guessed at, so that a record means one
thing. The command line carries only text (``--option target=21``), which is
read as the option's type (:meth:`OptionSpec.parse`) before the same check.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from tricktaker.core.errors import OptionError

OptionValue = int | str | bool
OptionKind = Literal["choice", "int", "bool"]

#: Digits read for a whole number: enough for any rule, too few to be a weapon.
MAX_INT_DIGITS = 9
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option: its type, its choices or range, its default and its help."""

    name: str
    kind: OptionKind
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] = ()
    low: int | None = None
    high: int | None = None
    #: When the option means anything: ``(("rules", ("pot",)),)`` is "only while the
    #: option ``rules`` is ``pot``" (every pair must hold). Empty: always. A lobby shows
    #: the option only while it applies; a value given while it does not is still
    #: checked and kept (a record says what it says), and the rules ignore it.
    when: tuple[tuple[str, tuple[OptionValue, ...]], ...] = ()

    def __post_init__(self) -> None:
        # A schema that contradicts itself is a bug in the game, caught at import.
        if self.kind == "choice" and self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} is not a choice")
        if self.kind == "int" and (self.low is None or self.high is None):
            raise ValueError(f"option {self.name}: a whole number needs its range")

    def applies(self, values: Mapping[str, object]) -> bool:
        """Whether the option means anything beside these values of the others (``when``);
        an option ``when`` names but ``values`` lacks counts at its default, so give
        every value (``Options`` does)."""
        return all(values.get(name) in allowed for name, allowed in self.when)

    def check(self, value: object) -> OptionValue:
        """``value`` from JSON (a record, the web API) if it is this option's, or OptionError.

        JSON carries types, so they are held to: ``"21"`` is not the number 21, nor
        ``1`` the switch's yes. A value of the right type outside the choices or the
        range is refused as on the command line.
        """
        given, wanted = _json_type(value), self.json_type()
        if given != wanted:
            wants = "true or false" if self.kind == "bool" else self._wants()
            raise OptionError(
                f"option {self.name}={_json(value)} must be {wants} ({wanted}), not {given}"
            )
        if self.kind == "bool":
            assert isinstance(value, bool)
            return value
        if self.kind == "int":
            return self._in_range(value if type(value) is int else None, value)
        for choice in self.choices:
            if type(value) is type(choice) and value == choice:
                return choice
        raise self._not_offered(value)

    def parse(self, text: str) -> OptionValue:
        """The value that ``text``, typed on the command line (``name=text``), stands for.

        Text has no types, so it is read as the option's own: digits for a number,
        yes/no (true/false, on/off, 1/0) for a switch, a choice's word in any case.
        """
        word = text.strip()
        if self.kind == "bool":
            if word.lower() in _TRUE + _FALSE:
                return word.lower() in _TRUE
            raise OptionError(f"option {self.name}={_short(text)} must be {self._wants()}")
        number = _whole_number(word)
        if self.kind == "int":
            return self._in_range(number, text)
        for choice in self.choices:
            if isinstance(choice, str) and word.lower() == choice.lower():
                return choice
            if not isinstance(choice, str) and number == choice:
                return choice
        raise self._not_offered(text)

    def json_type(self) -> str:
        """The JSON type of this option's values: ``a number``, ``a string`` or ``a boolean``."""
        if self.kind == "bool":
            return "a boolean"
        if self.kind == "int" or all(_json_type(c) == "a number" for c in self.choices):
            return "a number"
        return "a string"

    def show(self, value: OptionValue) -> str:
        """``value`` as a user types it after ``name=``: ``yes``/``no`` for a switch."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    def _wants(self) -> str:
        if self.kind == "bool":
            return "yes or no (true or false)"
        if self.kind == "int":
            return f"a whole number from {self.low} to {self.high}"
        return "one of: " + ", ".join(self.show(c) for c in self.choices)

    def _in_range(self, value: int | None, given: object) -> int:
        assert self.low is not None and self.high is not None
        if value is None or not self.low <= value <= self.high:
            raise OptionError(f"option {self.name}={_short(given)} must be {self._wants()}")
        return value

    def _not_offered(self, given: object) -> OptionError:
        return OptionError(
            f"option {self.name}={_short(given)} is not offered; choose {self._wants()}"
        )

    def samples(self) -> tuple[OptionValue, ...]:
        """Values worth testing: every choice, or a range's ends and its default."""
        if self.kind == "choice":
            return self.choices
        if self.kind == "bool":
            return (False, True)
        assert self.low is not None and self.high is not None
        return tuple(dict.fromkeys((self.low, self.default, self.high)))

    def values_text(self) -> str:
        """The values in a few words: ``2 | 4``, ``10..100``, ``yes | no``."""
        if self.kind == "choice":
            return " | ".join(self.show(c) for c in self.choices)
        if self.kind == "bool":
            return "yes | no"
        return f"{self.low}..{self.high}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.kind,
            "default": self.default,
            "help": self.help,
        }
        if self.kind == "choice":
            out["choices"] = list(self.choices)
        if self.kind == "int":
            out["min"], out["max"] = self.low, self.high
        if self.when:
            # {"rules": ["pot"]}: shown only while rules is pot (a lobby reads it).
            out["applies_when"] = {name: list(allowed) for name, allowed in self.when}
        return out


def _whole_number(raw: object) -> int | None:
    """An int from JSON (never a bool or float) or from plain ASCII digits, bounded."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw if abs(raw) < 10**MAX_INT_DIGITS else None
    if isinstance(raw, str):
        t = raw.strip()
        digits = t[1:] if t[:1] in "+-" else t
        if digits.isascii() and digits.isdigit() and len(digits) <= MAX_INT_DIGITS:
            return int(t)
    return None


def _json_type(value: object) -> str:
    """What JSON calls the type of ``value``, for a message: ``a string``, ``null``..."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if value is None:
        return "null"
    if isinstance(value, Mapping):
        return "an object"
    return "a list" if isinstance(value, list | tuple) else f"a {type(value).__name__}"


def _json(value: object) -> str:
    """``value`` as the record wrote it (``"21"``, ``true``), cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return _short(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _short(raw: object) -> str:
    text = repr(raw)
    return text if len(text) <= 40 else text[:37] + "…"


class Options(Mapping[str, OptionValue]):
    """Frozen, checked option values of one game; a read-only mapping of name to value."""

    __slots__ = ("_schema", "_values")

    def __init__(self, schema: Sequence[OptionSpec], values: Mapping[str, OptionValue]) -> None:
        self._schema = tuple(schema)
        self._values = {spec.name: values.get(spec.name, spec.default) for spec in self._schema}

    def __getitem__(self, key: str) -> OptionValue:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(tuple(self._values.items()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Options):
            return self._values == other._values
        return NotImplemented

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._values.items())
        return f"Options({inner})"

    @property
    def schema(self) -> tuple[OptionSpec, ...]:
        return self._schema

    def integer(self, name: str) -> int:
        value = self._values[name]
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"option {name} is not a whole number")
        return value

    def text(self, name: str) -> str:
        value = self._values[name]
        if not isinstance(value, str):
            raise TypeError(f"option {name} is not a word")
        return value

    def flag(self, name: str) -> bool:
        value = self._values[name]
        if not isinstance(value, bool):
            raise TypeError(f"option {name} is not yes/no")
        return value

    def to_json(self) -> dict[str, OptionValue]:
        return dict(self._values)


def check_schema(schema: Sequence[OptionSpec]) -> None:
    """A schema's ``when`` rules name earlier options of it, and only their values:
    a rule that could never hold (or names nothing) is a bug in the game (ValueError)."""
    seen: dict[str, OptionSpec] = {}
    for spec in schema:
        for name, allowed in spec.when:
            other = seen.get(name)
            if other is None:
                raise ValueError(
                    f"option {spec.name}: applies when {name!r}, not an earlier option"
                )
            for value in allowed:
                try:
                    other.check(value)
                except OptionError as exc:
                    raise ValueError(f"option {spec.name}: applies when {exc}") from None
        seen[spec.name] = spec


def build_options(schema: Sequence[OptionSpec], values: object) -> Options:
    """Check every key and value of ``values`` (decoded JSON) against ``schema``, types
    included; defaults fill the rest. Command-line text goes through
    :func:`parse_option_texts` first."""
    if isinstance(values, Options):
        values = values.to_json()
    if not isinstance(values, Mapping):
        raise OptionError("options must be an object of name: value pairs")
    by_name = {spec.name: spec for spec in schema}
    return Options(schema, {key: _spec(by_name, key).check(v) for key, v in values.items()})


def parse_option_args(pairs: Sequence[str]) -> dict[str, str]:
    """Read ``k=v`` words from the command line; the values stay text."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(
                f"cannot read option {_short(pair)}: write name=value, e.g. players=4"
            )
        out[key.strip()] = value.strip()
    return out


def parse_option_texts(
    schema: Sequence[OptionSpec], texts: Mapping[str, str]
) -> dict[str, OptionValue]:
    """The typed values that command-line texts (``{"target": "21"}``) stand for, ready
    for the game's strict ``options()``; an unknown name or unreadable text is an error."""
    by_name = {spec.name: spec for spec in schema}
    return {key: _spec(by_name, key).parse(text) for key, text in texts.items()}


def _spec(by_name: Mapping[str, OptionSpec], key: object) -> OptionSpec:
    spec = by_name.get(key) if isinstance(key, str) else None
    if spec is None:
        raise OptionError(f"unknown option {_short(key)}; this game knows: {', '.join(by_name)}")
    return spec


def option_sets(schema: Sequence[OptionSpec], limit: int = 64) -> list[Options]:
    """Option sets covering every sample value of every option (all combinations up to ``limit``).

    Beyond the limit, every pair of values of any two options still meets in some
    set (pairwise coverage, built greedily from the defaults): rules that depend on
    two options together (an option of one convention only, a seat count that
    changes who plays in each convention) are tried without naming them.
    """
    names = [spec.name for spec in schema]
    grids = [spec.samples() for spec in schema]
    total = 1
    for g in grids:
        total *= len(g)
    if total <= limit:
        return [
            Options(schema, dict(zip(names, combo, strict=True)))
            for combo in itertools.product(*grids)
        ]
    # Each option's default first, so that the first set is the game's defaults.
    firsts = [
        (s.default, *(v for v in g if v != s.default)) for s, g in zip(schema, grids, strict=True)
    ]
    return [Options(schema, dict(zip(names, combo, strict=True))) for combo in _pairwise(firsts)]


def _pairwise(grids: Sequence[Sequence[OptionValue]]) -> list[tuple[OptionValue, ...]]:
    """Rows choosing one value per column, such that every pair of values of any two
    columns stands in some row; the first row is each column's first value."""
    wanted = {
        (i, a, j, b)
        for i, j in itertools.combinations(range(len(grids)), 2)
        for a in range(len(grids[i]))
        for b in range(len(grids[j]))
    }
    rows: list[tuple[int, ...]] = [tuple(0 for _ in grids)]
    wanted -= _pairs_of(rows[0])
    while wanted:
        # Start from an uncovered pair, then give each other column the value that
        # covers the most pairs still wanted with the values chosen so far.
        i, a, j, b = min(wanted)
        row = [-1] * len(grids)
        row[i], row[j] = a, b
        for k in range(len(grids)):
            if row[k] < 0:
                gains = [_gain(row, k, v, wanted) for v in range(len(grids[k]))]
                row[k] = gains.index(max(gains))
        rows.append(tuple(row))
        wanted -= _pairs_of(rows[-1])
    return [tuple(grids[k][v] for k, v in enumerate(row)) for row in rows]


def _gain(row: Sequence[int], k: int, v: int, wanted: set[tuple[int, int, int, int]]) -> int:
    """How many wanted pairs value ``v`` of column ``k`` makes with the values chosen."""
    pairs = ((k, v, m, row[m]) if k < m else (m, row[m], k, v) for m in range(len(row)))
    return sum(p in wanted for p in pairs if p[0] != p[2] and min(p[1], p[3]) >= 0)


def _pairs_of(row: Sequence[int]) -> set[tuple[int, int, int, int]]:
    return {(i, row[i], j, row[j]) for i, j in itertools.combinations(range(len(row)), 2)}


def schema_help(schema: Sequence[OptionSpec]) -> list[str]:
    """One plain line per option, for ``--help``: ``players=2|4 (default 2): ...``."""
    return [
        f"{spec.name}={spec.values_text().replace(' ', '')}"
        f" (default {spec.show(spec.default)}): {spec.help}"
        for spec in schema
    ]
