"""Actions in the shared notation ``<seat>:<verb> [args]``.

Games subclass :class:`Action` to carry precomputed fields for their engine
(kept out of equality), and intern one object per distinct action so that
listing legal actions allocates nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktaker.core.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.args:
            return f"{self.seat}:{self.verb} {' '.join(self.args)}"
        return f"{self.seat}:{self.verb}"


def split_action(text: str) -> tuple[int, str, tuple[str, ...]]:
    """Split notation into seat, verb and arguments, or say what is wrong."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action must be text like '0:play 7h', not {text!r}")
    head, sep, rest = text.strip().partition(":")
    if not sep or not head.strip().isdigit():
        raise IllegalAction(f"cannot read {text!r}: write '<seat>:<verb> [args]', e.g. '0:play 7h'")
    words = rest.split()
    if not words:
        raise IllegalAction(f"cannot read {text!r}: the verb is missing")
    return int(head), words[0].lower(), tuple(words[1:])
