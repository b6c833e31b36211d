"""Rule options: a typed schema per game, and frozen option values read strictly.

Each game declares its options as :class:`OptionSpec` entries: a choice among
values (``players``: 2 or 4), a whole number in a range (a pool of 10–100), or
a yes/no switch, each with its default and a line of help. The CLI's help, a
web lobby and the conformance tests all read the same schema. An option the
game does not know, or a value outside its choices or range, is an error:
silently ignoring ``players=5`` would deal a game nobody asked for.
"""

from __future__ import annotations

import itertools
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

    def __post_init__(self) -> None:
        # A schema that contradicts itself is a bug in the game, caught at import.
        if self.kind == "choice" and self.default not in self.choices:
            raise ValueError(f"option {self.name}: default {self.default!r} is not a choice")
        if self.kind == "int" and (self.low is None or self.high is None):
            raise ValueError(f"option {self.name}: a whole number needs its range")

    def read(self, raw: object) -> OptionValue:
        """The value ``raw`` (from JSON or from ``k=v`` text) stands for, or OptionError."""
        if self.kind == "bool":
            return self._read_bool(raw)
        if self.kind == "int":
            return self._read_int(raw)
        return self._read_choice(raw)

    def _read_bool(self, raw: object) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in _TRUE + _FALSE:
            return raw.strip().lower() in _TRUE
        raise OptionError(f"option {self.name}={_short(raw)} must be yes or no (true/false)")

    def _read_int(self, raw: object) -> int:
        value = _whole_number(raw)
        assert self.low is not None and self.high is not None
        if value is None or not self.low <= value <= self.high:
            raise OptionError(
                f"option {self.name}={_short(raw)} must be a whole number"
                f" from {self.low} to {self.high}"
            )
        return value

    def _read_choice(self, raw: object) -> OptionValue:
        for choice in self.choices:
            if isinstance(choice, int) and not isinstance(choice, bool):
                if _whole_number(raw) == choice:
                    return choice
            elif isinstance(raw, str) and raw.strip().lower() == str(choice).lower():
                return choice
        offered = ", ".join(str(c) for c in self.choices)
        raise OptionError(
            f"option {self.name}={_short(raw)} is not offered; choose one of: {offered}"
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
            return " | ".join(str(c) for c in self.choices)
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


def build_options(schema: Sequence[OptionSpec], values: object) -> Options:
    """Check every key and value of ``values`` against ``schema``; defaults fill the rest."""
    if isinstance(values, Options):
        values = values.to_json()
    if not isinstance(values, Mapping):
        raise OptionError("options must be an object of name: value pairs")
    by_name = {spec.name: spec for spec in schema}
    checked: dict[str, OptionValue] = {}
    for key, raw in values.items():
        spec = by_name.get(key) if isinstance(key, str) else None
        if spec is None:
            known = ", ".join(by_name)
            raise OptionError(f"unknown option {_short(key)}; this game knows: {known}")
        checked[key] = spec.read(raw)
    return Options(schema, checked)


def parse_option_args(pairs: Sequence[str]) -> dict[str, str]:
    """Read ``k=v`` words from the command line."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(
                f"cannot read option {_short(pair)}: write name=value, e.g. players=4"
            )
        out[key.strip()] = value.strip()
    return out


def option_sets(schema: Sequence[OptionSpec], limit: int = 64) -> list[Options]:
    """Option sets covering every sample value of every option (all combinations up to ``limit``).

    Beyond the limit, each option's values are still all covered, varied one at
    a time around the defaults.
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
    out = [Options(schema, {})]
    for spec in schema:
        out += [Options(schema, {spec.name: v}) for v in spec.samples() if v != spec.default]
    return out


def schema_help(schema: Sequence[OptionSpec]) -> list[str]:
    """One plain line per option, for ``--help``: ``players=2|4 (default 2): ...``."""
    return [
        f"{spec.name}={spec.values_text().replace(' ', '')} (default {spec.default}): {spec.help}"
        for spec in schema
    ]
