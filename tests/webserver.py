"""Helpers for the web app's tests: an app on a fresh database, a real server process,
and the PostgreSQL that CI provides (skipped, with the reason said, where there is none)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from starlette.testclient import WebSocketTestSession

POSTGRES_URL = os.environ.get(
    "TRICKTAKER_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)

REDIS_URL = os.environ.get("TRICKTAKER_TEST_REDIS", "redis://127.0.0.1:6379")


def on_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def postgres_or_skip() -> str:
    """The test PostgreSQL URL; skip (fail under CI=true) when no server answers."""
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            pass
    except OSError as exc:
        if on_ci():
            pytest.fail(f"CI=true but PostgreSQL at 127.0.0.1:5432 is not reachable: {exc}")
        pytest.skip("no PostgreSQL at 127.0.0.1:5432 (tests against it are skipped)")
    return POSTGRES_URL


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def tricktaker_command() -> list[str]:
    script = Path(sys.executable).parent / "tricktaker"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from tricktaker.cli import main; sys.exit(main())"]


@contextmanager
def server_process(
    db_url: str, bot_delay: float = 0.0
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``tricktaker serve`` in a child process; yields it and its base URL once it answers."""
    port = free_port()
    proc = start_server(db_url, port, bot_delay)
    try:
        yield proc, f"http://127.0.0.1:{port}"
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)


def start_server(
    db_url: str, port: int, bot_delay: float = 0.0, extra: tuple[str, ...] = ()
) -> subprocess.Popen[bytes]:
    """``tricktaker serve`` on ``port`` (``extra``: more of its options), once it answers."""
    cmd = [
        *tricktaker_command(),
        "serve",
        "--port",
        str(port),
        "--db",
        db_url,
        "--bot-delay",
        str(bot_delay),
        *extra,
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            out = proc.stdout.read().decode() if proc.stdout else ""
            raise RuntimeError(f"the server exited: {out}")
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not answer within 30 s")


def redis_or_skip() -> str:
    """The test Redis URL; skip (fail under CI=true) when no server answers."""
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            pass
    except OSError as exc:
        if on_ci():
            pytest.fail(f"CI=true but Redis at 127.0.0.1:6379 is not reachable: {exc}")
        pytest.skip("no Redis at 127.0.0.1:6379 (tests against it are skipped)")
    return REDIS_URL


def seats(*kinds: str) -> list[dict[str, Any]]:
    """Seat specs: "human", or a bot level such as "rules"."""
    return [{"kind": "human"} if k == "human" else {"kind": "bot", "level": k} for k in kinds]


def receive_json_within(ws: WebSocketTestSession, seconds: float = 30.0) -> Any:
    """The socket's next JSON message, failing the test after ``seconds``.

    Why: a message that never comes (a notice lost between two server processes)
    would otherwise block ``receive_json`` for ever and hang the whole run."""

    async def receive() -> Any:
        with anyio.fail_after(seconds):
            return await ws._send_rx.receive()

    message = ws.portal.call(receive)
    ws._raise_on_close(message)
    return json.loads(message["text"])
