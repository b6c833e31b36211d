"""``tricktaker serve``: the web app under uvicorn, with its address printed first.

One process on SQLite with no other service is the zero-configuration default.
More processes (``--workers N``, or several ``serve`` commands on one host or
many) must share a PostgreSQL database (one writer per table, by the
database) and a Redis (``--redis``: news of each table and the leases of its
computers, ``server.bus``). So ``serve`` refuses, with a sentence and exit
status 2: several workers on SQLite, several workers without Redis, and a
second process on a SQLite file another server holds (a lock file beside it,
released by the system when its holder dies, even by ``kill -9``).

Several workers are uvicorn's: each a process of its own, made by the
factory ``server.app.app_from_environment`` from the settings handed down as
JSON in ``TRICKTAKER_SETTINGS``.
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path
from typing import IO, Any

import uvicorn

from tricktaker.server.app import create_app
from tricktaker.server.config import SETTINGS_VARIABLE, Settings
from tricktaker.server.heap import settle_heap
from tricktaker.server.security import TrustedProxies
from tricktaker.server.warmup import start_warmup

#: Bot delays accepted on the command line: none to ten seconds.
MAX_BOT_DELAY = 10.0
#: The most worker processes one ``serve`` starts.
MAX_WORKERS = 64
#: A duration as the command line takes it: ``90``, ``90s``, ``30m``, ``24h``, ``7d``.
DURATION = re.compile(r"([0-9]{1,9}(?:\.[0-9]{1,6})?)([smhd]?)")
UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}
#: What a Redis URL starts with.
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


class Refused(Exception):
    """What ``serve`` will not do, in a sentence (exit status 2)."""


def parse_duration(text: str) -> float:
    """Seconds from ``90``, ``90s``, ``30m``, ``24h``, ``7d`` (``Refused`` otherwise)."""
    found = DURATION.fullmatch(text.strip().lower())
    if not found:
        raise Refused(f"not a duration: {text[:20]!r} (say 90s, 30m, 24h or 7d; 0 for never)")
    return float(found.group(1)) * UNITS[found.group(2)]


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (None: another database, or one in memory)."""
    prefix = "sqlite:///"
    if not url.startswith(prefix) or url == prefix + ":memory:":
        return None
    return Path(url[len(prefix) :])


def hold_sqlite(url: str) -> IO[bytes] | None:
    """Lock the SQLite file's lock file for this process's life: a second server on the
    same file is ``Refused`` (two processes would each serve tables the other changed)."""
    path = sqlite_path(url)
    if path is None:
        return None
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    held = open(str(path) + ".lock", "ab")  # noqa: SIM115 - held until the process ends
    try:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        held.close()
        raise Refused(
            f"another server already uses {path}: one process per SQLite file"
            " (several processes need PostgreSQL and Redis: --db and --redis)"
        ) from None
    return held


def check_settings(settings: Settings, workers: int) -> None:
    """Refuse what several processes cannot do, in a sentence (``Refused``)."""
    if not 1 <= workers <= MAX_WORKERS:
        raise Refused(f"--workers must be 1 to {MAX_WORKERS}")
    url = settings.redis_url
    if url is not None and not url.startswith(REDIS_SCHEMES):
        raise Refused("--redis must be a Redis URL such as redis://127.0.0.1:6379")
    if workers > 1 and settings.database_url.startswith("sqlite"):
        raise Refused(
            "several processes cannot share a SQLite database: give --db a PostgreSQL URL"
            " (postgresql+psycopg://user@host/db) to run --workers above 1"
        )
    if workers > 1 and url is None:
        raise Refused(
            "several processes tell each other of every move through Redis: give --redis URL"
            " (or TRICKTAKER_REDIS_URL) to run --workers above 1"
        )


def check_redis(url: str) -> None:
    """Refuse a Redis that does not answer now, rather than serve tables no other
    process hears of."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
        client.ping()
        client.close()
    except Exception as exc:
        raise Refused(f"Redis at {url} does not answer: {type(exc).__name__}") from None


def serve(
    host: str,
    port: int,
    db: str | None,
    bot_delay: float | None,
    forwarded_allow_ips: str | None = None,
    workers: int = 1,
    redis_url: str | None = None,
    idle_expiry: str | None = None,
    warm: bool = True,
) -> int:
    if bot_delay is not None and not (math.isfinite(bot_delay) and 0 <= bot_delay <= MAX_BOT_DELAY):
        print(f"tricktaker: --bot-delay must be 0 to {MAX_BOT_DELAY:g} seconds")
        return 2
    if not 0 < port < 65536:
        print("tricktaker: --port must be 1 to 65535")
        return 2
    try:
        expiry = parse_duration(idle_expiry) if idle_expiry is not None else None
        try:
            settings = Settings.from_env(
                database_url=db,
                bot_delay=bot_delay,
                redis_url=redis_url,
                idle_expiry=expiry,
                forwarded_allow_ips=forwarded_allow_ips,
            )
        except ValueError as exc:  # TRICKTAKER_IDLE_EXPIRY=soon...
            raise Refused(f"a TRICKTAKER_ environment variable is not valid: {exc}") from None
        try:
            TrustedProxies.parse(settings.forwarded_allow_ips)
        except ValueError as exc:
            raise Refused(str(exc)) from None
        check_settings(settings, workers)
        if settings.redis_url is not None:
            check_redis(settings.redis_url)
        held = hold_sqlite(settings.database_url)
    except Refused as exc:
        print(f"tricktaker: {exc}")
        return 2
    if warm:  # in a child process: start-up answers at once (server.warmup)
        start_warmup()
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(f"tricktaker: open http://{shown}:{port}/ in your browser (Ctrl+C stops the server)")
    common: dict[str, Any] = {
        "host": host,
        "port": port,
        "ws_max_size": settings.max_message_bytes,
        "log_level": "warning",
        # The app reads proxy headers itself, from --forwarded-allow-ips only
        # (server.middleware); uvicorn's own reading would trust 127.0.0.1.
        "proxy_headers": False,
        "forwarded_allow_ips": "",
    }
    try:
        if workers == 1:
            app = create_app(settings)
            settle_heap()
            uvicorn.run(app, **common)
        else:  # each worker builds its app from the settings handed down
            os.environ[SETTINGS_VARIABLE] = settings.to_json()
            uvicorn.run(
                "tricktaker.server.app:app_from_environment",
                factory=True,
                workers=workers,
                **common,
            )
    finally:
        if held is not None:
            held.close()
    return 0
