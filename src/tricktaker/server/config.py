"""The server's settings: where it listens, where it keeps tables, how bots and clients pace.

Defaults suit one person at his own machine: SQLite under ``./var/``, bots
that pause a moment like a person would. Each can be set on the command line
(``tricktaker serve --help``) or by environment variable.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_DB = "sqlite:///var/tricktaker.db"


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the app needs to know about its environment."""

    database_url: str = DEFAULT_DB
    #: Seconds a bot waits before acting, so that people can follow the play (0: none).
    bot_delay: float = 0.7
    #: Bots thinking at once, each in a thread of its own pool (a search level thinks for
    #: seconds): more tables wait their turn, and the threads that write to the database
    #: are never all taken by bots.
    bot_threads: int = 4
    #: Actions a connection may send per second, on average, and in a burst.
    actions_per_second: float = 4.0
    action_burst: int = 12
    #: The largest WebSocket message and HTTP body the app reads.
    max_message_bytes: int = 4096
    max_upload_bytes: int = 1_000_000
    #: New tables one client address may open per minute.
    tables_per_minute: int = 30
    #: Replays one client address may ask for per minute (each renders a whole match).
    replays_per_minute: int = 20
    #: WebSockets one client address may hold open at once.
    sockets_per_address: int = 32
    #: The turn clock's seconds are multiplied by this (tests: a 30 s clock in 0.3 s).
    clock_scale: float = 1.0

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Settings from ``TRICKTAKER_DATABASE_URL``, ``TRICKTAKER_BOT_DELAY``, then overrides."""
        values: dict[str, object] = {}
        url = os.environ.get("TRICKTAKER_DATABASE_URL")
        if url:
            values["database_url"] = url
        delay = os.environ.get("TRICKTAKER_BOT_DELAY")
        if delay:
            values["bot_delay"] = float(delay)
        scale = _positive(os.environ.get("TRICKTAKER_CLOCK_SCALE"))
        if scale is not None:  # (anything else is left at 1: the clock as the table set it)
            values["clock_scale"] = scale
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]


def _positive(text: str | None) -> float | None:
    """A positive finite number from the environment, else None."""
    try:
        value = float(text or "")
    except ValueError:
        return None
    return value if math.isfinite(value) and value > 0 else None


def ensure_sqlite_folder(url: str) -> None:
    """Create the folder of a SQLite file (``./var/`` by default) before the first connection."""
    prefix = "sqlite:///"
    if url.startswith(prefix) and url != prefix + ":memory:":
        Path(url[len(prefix) :]).parent.mkdir(parents=True, exist_ok=True)
