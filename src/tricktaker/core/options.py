"""Rule options: frozen dataclasses read from text or JSON, strictly.

An option the game does not know, or a value it does not offer, is an error:
silently ignoring ``players=5`` would deal a game nobody asked for.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, TypeVar

from tricktaker.core.errors import OptionError


class OptionsLike(Protocol):
    CHOICES: ClassVar[Mapping[str, tuple[Any, ...]]]


OptT = TypeVar("OptT")


def _convert(name: str, raw: object, choices: tuple[Any, ...]) -> Any:
    for choice in choices:
        if raw == choice and type(raw) is type(choice):
            return choice
        if isinstance(raw, str) and str(choice) == raw.strip().lower():
            return choice
    offered = ", ".join(str(c) for c in choices)
    raise OptionError(f"option {name}={raw!r} is not offered; choose one of: {offered}")


def options_from_mapping(cls: type[OptT], values: Mapping[str, object]) -> OptT:
    """Build ``cls`` from a mapping, checking every key and value."""
    if not isinstance(values, Mapping):
        raise OptionError("options must be an object of name: value pairs")
    choices: Mapping[str, tuple[Any, ...]] = getattr(cls, "CHOICES")  # noqa: B009
    known = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    kwargs: dict[str, Any] = {}
    for key, raw in values.items():
        if key not in known:
            raise OptionError(
                f"unknown option {key!r}; this game knows: {', '.join(sorted(known))}"
            )
        kwargs[key] = _convert(key, raw, choices[key])
    return cls(**kwargs)


def parse_option_args(pairs: list[str]) -> dict[str, str]:
    """Read ``k=v`` words from the command line."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"cannot read option {pair!r}: write name=value, e.g. players=4")
        out[key.strip()] = value.strip()
    return out


def options_to_dict(options: object) -> dict[str, Any]:
    return dataclasses.asdict(options)  # type: ignore[call-overload,no-any-return]
