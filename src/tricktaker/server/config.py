"""The server's settings: where it listens, where it keeps tables, how bots and clients pace.

Defaults suit one person at his own machine: SQLite under ``./var/``, bots
that pause a moment like a person would. Each can be set on the command line
(``tricktaker serve --help``) or by environment variable.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
from dataclasses import dataclass, fields
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_DB = "sqlite:///var/tricktaker.db"
#: The environment variable that hands every setting to worker processes.
SETTINGS_VARIABLE = "TRICKTAKER_SETTINGS"


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
    #: Messages all the sockets of one table together may send per second (spectators
    #: included: pings, languages, actions, junk), on average and in a burst: many
    #: sockets cannot flood one table however each paces itself.
    table_messages_per_second: float = 20.0
    table_message_burst: int = 60
    #: Messages refused in a row ("slow down") after which a socket is closed (1008).
    refusals_before_close: int = 20
    #: The largest WebSocket message and HTTP body the app reads.
    max_message_bytes: int = 4096
    max_upload_bytes: int = 1_000_000
    #: New tables one client address may open per minute.
    tables_per_minute: int = 30
    #: Replays one client address may ask for per minute (each renders a whole match).
    replays_per_minute: int = 20
    #: WebSockets one client address may hold open at once.
    sockets_per_address: int = 32
    #: Proxies whose X-Forwarded-For, X-Real-IP and Forwarded headers are believed: IP
    #: addresses and networks separated by commas, or "*" (``security.TrustedProxies``).
    #: None by default: a client's address is the one it connects from.
    forwarded_allow_ips: str = ""
    #: Record downloads (a whole match written out) one address may ask for per minute.
    downloads_per_minute: int = 60
    #: WebSockets one address may open per minute (each may load and replay a stored match).
    connects_per_minute: int = 120
    #: Redis, shared by every server process (None: this process alone, news kept local).
    redis_url: str | None = None
    #: Seconds an unfinished table may stay untouched (no move, nobody opening it)
    #: before it expires (0: never).
    idle_expiry: float = 24 * 3600.0
    #: Seconds a process holds a table's computers after its last renewal: a process
    #: that dies is replaced after this long.
    bot_lease: float = 10.0
    #: Seconds between two rounds of the upkeep (bots to wake, tables to expire...).
    upkeep_every: float = 1.0
    #: Tables the upkeep loads per batch after start-up, to wake their computers.
    upkeep_batch: int = 20
    #: The turn clock's seconds are multiplied by this (tests: a 30 s clock in 0.3 s).
    clock_scale: float = 1.0

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Settings from ``TRICKTAKER_SETTINGS`` (all of them, as JSON: what ``serve
        --workers`` hands its worker processes), then each field from ``TRICKTAKER_`` and
        its name in capitals (``TRICKTAKER_DATABASE_URL``, ``TRICKTAKER_BOT_DELAY``,
        ``TRICKTAKER_REDIS_URL``, ``TRICKTAKER_IDLE_EXPIRY`` in seconds,
        ``TRICKTAKER_TABLES_PER_MINUTE`` for a load test...), then ``overrides``; a value
        that is not of its field's type is a ValueError naming the variable."""
        values: dict[str, object] = {}
        handed = os.environ.get(SETTINGS_VARIABLE)
        if handed:
            values.update(json.loads(handed))
        for spec in fields(cls):
            if spec.name in READ_APART:
                continue
            name = "TRICKTAKER_" + spec.name.upper()
            text = os.environ.get(name)
            if not text:
                continue
            default = getattr(DEFAULTS, spec.name)
            kind = str if default is None else type(default)
            try:
                if kind is bool:
                    values[spec.name] = text.strip().lower() in ("1", "true", "yes", "on")
                else:
                    values[spec.name] = kind(text) if kind is not str else text
            except ValueError:
                raise ValueError(f"{name}={text[:40]!r} is not a {kind.__name__}") from None
        scale = _positive(os.environ.get("TRICKTAKER_CLOCK_SCALE"))
        if scale is not None:  # (anything else is left at 1: the clock as the table set it)
            values["clock_scale"] = scale
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]

    def to_json(self) -> str:
        """Every setting as JSON, read back by ``from_env`` from ``TRICKTAKER_SETTINGS``."""
        return json.dumps(dataclasses.asdict(self), default=str)


#: Settings read from the environment by a rule of their own (a bad clock scale is left
#: at 1, the clock as the table set it, rather than refusing to start).
READ_APART = frozenset({"clock_scale"})

#: The defaults, whose types the environment's texts are read as.
DEFAULTS = Settings()


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
