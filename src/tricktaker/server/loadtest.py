"""The server under load: scripted players over real WebSockets against random bots.

``tricktaker bench server`` (and ``bench/server_load.py``) starts real ``tricktaker
serve`` processes, opens the asked number of tables (a scripted person at seat 0, the
``random`` computer elsewhere) and plays them for a while: each person waits his
thinking time, sends a random legal action, and times the *update*: from the moment
his action leaves to the moment the state frame that follows it arrives. A finished
match is replaced by a new table, so the load stays the same to the end.

It reports the update's p50, p95 and p99, the moves made, the errors seen (an
``error`` message, a socket closed under a player, a table not created), and each
server process's CPU (share of one core) and resident memory, read from ``/proc``.
With several processes they share one database (PostgreSQL) and one Redis, and the
tables are spread over them, round robin.

Why processes and not the app in this one: the figures must be the server's own, so
the players' work (JSON, sockets) must not share its interpreter. What the players
cost is on the benchmark's own process, which should not be saturated: it reports
its own CPU too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from tricktaker.core import get_game
from tricktaker.core.options import OptionValue, parse_option_args, parse_option_texts


def loop_factory() -> asyncio.AbstractEventLoop:
    """The client's loop as quick as the server's: its queueing is no part of an update
    (uvloop where installed, as uvicorn uses it)."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - Windows
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


#: Settings of the server under test, by environment (``config.Settings.from_env``): the
#: per-address limits are a defence against one client, and here one client is everyone.
LOAD_ENV = {
    "TRICKTAKER_TABLES_PER_MINUTE": "1000000",
    "TRICKTAKER_SOCKETS_PER_ADDRESS": "1000000",
    "TRICKTAKER_ACTIONS_PER_SECOND": "1000",
    "TRICKTAKER_ACTION_BURST": "1000",
    "TRICKTAKER_CONNECTS_PER_MINUTE": "1000000",
    "TRICKTAKER_DOWNLOADS_PER_MINUTE": "1000000",
    # Each expired table would be news: none expires during a run.
    "TRICKTAKER_IDLE_EXPIRY": "0",
}
CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


@dataclass(frozen=True, slots=True)
class LoadPlan:
    """One measurement: how many tables on how many server processes, for how long."""

    tables: int
    processes: int = 1
    seconds: float = 20.0
    warmup: float = 3.0
    game: str = "truco"
    #: The game's options, typed (``players`` among them where the game has a choice).
    options: tuple[tuple[str, OptionValue], ...] = ()
    think: float = 1.0
    bot_delay: float = 0.0
    db: str | None = None
    redis: str | None = None
    seed: int = 1


@dataclass(slots=True)
class Tally:
    """What the players saw, counted after the warm-up."""

    updates: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    matches: int = 0
    error_kinds: dict[str, int] = field(default_factory=dict)

    def error(self, kind: str) -> None:
        self.errors += 1
        self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1


@dataclass(frozen=True, slots=True)
class ProcessUse:
    """A process's CPU time (seconds) and resident memory (bytes), as /proc tells."""

    cpu: float
    rss: int

    @classmethod
    def of(cls, pid: int) -> ProcessUse | None:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            return None
        cpu = (int(stat[11]) + int(stat[12])) / CLOCK_TICKS
        rss = 0
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) * 1024
        return cls(cpu, rss)


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q`` quantile (0..1) by the nearest rank; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))
    return ordered[rank]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve_command() -> list[str]:
    """``tricktaker serve`` of this interpreter's installation."""
    script = Path(sys.executable).parent / "tricktaker"
    if script.exists() and not os.environ.get("PYTHONPATH"):
        return [str(script)]
    return [sys.executable, "-m", "tricktaker"]


@contextlib.contextmanager
def servers(
    plan: LoadPlan, db: str, folder: str
) -> Iterator[list[tuple[subprocess.Popen[bytes], str]]]:
    """The plan's server processes, each answering on its own port, stopped at the end.
    Each one's log goes to a file in ``folder``: a pipe nobody reads would stop the
    server the moment it filled."""
    started: list[tuple[subprocess.Popen[bytes], str]] = []
    env = {**os.environ, **LOAD_ENV}
    logs: list[Path] = []
    try:
        for number in range(plan.processes):
            port = free_port()
            cmd = [
                *serve_command(),
                "serve",
                "--port",
                str(port),
                "--db",
                db,
                "--bot-delay",
                str(plan.bot_delay),
            ]
            if plan.redis:
                cmd += ["--redis", plan.redis]
            logs.append(Path(folder) / f"server-{number}.log")
            with logs[-1].open("wb") as log_file:
                proc = subprocess.Popen(cmd, env=env, stdout=log_file, stderr=subprocess.STDOUT)
            started.append((proc, f"127.0.0.1:{port}"))
        for (proc, address), log_path in zip(started, logs, strict=True):
            wait_ready(proc, address, log_path)
        yield started
    finally:
        for proc, _address in started:
            if proc.poll() is None:
                proc.terminate()
        for proc, _address in started:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def wait_ready(
    proc: subprocess.Popen[bytes], address: str, log_path: Path, timeout: float = 60.0
) -> None:
    """Wait until the server answers, or say why it did not start (its log's end)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            said = log_path.read_text(errors="replace") if log_path.exists() else ""
            raise RuntimeError(f"the server at {address} stopped: {said[-2000:]}")
        try:
            if httpx.get(f"http://{address}/api/games", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the server at {address} did not answer in {timeout:.0f} s")


class Player:
    """A scripted person at seat 0 of one table after another on one server."""

    def __init__(self, plan: LoadPlan, address: str, tally: Tally, rng: random.Random) -> None:
        self.plan = plan
        self.address = address
        self.tally = tally
        self.rng = rng

    async def new_table(self, client: httpx.AsyncClient) -> tuple[str, str]:
        options = dict(self.plan.options)
        players = (
            get_game(self.plan.game)
            .new_match(get_game(self.plan.game).options(options), seed=0)
            .players
        )
        seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
        reply = await client.post(
            f"http://{self.address}/api/tables",
            json={"game": self.plan.game, "options": options, "seats": seats},
        )
        reply.raise_for_status()
        body = reply.json()
        return body["id"], body["seats"][0]["token"]

    async def run(self, until: float, counting_from: float) -> None:
        async with httpx.AsyncClient(timeout=30) as client:
            while time.monotonic() < until:
                try:
                    table, token = await self.new_table(client)
                except (httpx.HTTPError, KeyError, ValueError):
                    self.tally.error("create")
                    await asyncio.sleep(1.0)
                    continue
                await self.play(table, token, until, counting_from)

    async def play(self, table: str, token: str, until: float, counting_from: float) -> None:
        """One match, or until the time is up; the socket's frames read as they come.

        The person acts once his thinking time has passed with no frame arriving, on
        the latest frame: one read before another that was still on its way would be
        a move chosen from moves no longer legal."""
        url = f"ws://{self.address}/ws/{table}?token={token}"
        sent_at: float | None = None
        due: float | None = None
        legal: list[str] = []
        to_act: int | None = None
        finished = False
        try:
            async with websockets.connect(url, max_size=None, compression=None) as ws:
                while time.monotonic() < until and not finished:
                    if sent_at is None and to_act == 0 and legal and due is None:
                        due = time.monotonic() + self.plan.think * self.rng.uniform(0.5, 1.5)
                    wait = (due if due is not None else until) - time.monotonic()
                    try:
                        raw = await asyncio.wait_for(ws.recv(), max(0.0, wait))
                    except TimeoutError:
                        if due is None:
                            break
                        due = None
                        sent_at = time.monotonic()
                        action = self.rng.choice(legal)
                        await ws.send(json.dumps({"type": "act", "action": action}))
                        continue
                    message = json.loads(raw)
                    kind = message.get("type")
                    if kind == "error":
                        if time.monotonic() >= counting_from:
                            self.tally.error("message")
                        sent_at = None
                        continue
                    if kind != "state":
                        continue
                    now = time.monotonic()
                    if sent_at is not None:
                        if sent_at >= counting_from:
                            self.tally.updates.append(now - sent_at)
                            self.tally.moves += 1
                        sent_at = None
                    finished, to_act, legal = read_frame(message, finished, to_act, legal)
                    if to_act != 0 or not legal:
                        due = None
                if finished and time.monotonic() >= counting_from:
                    self.tally.matches += 1
        except (OSError, websockets.WebSocketException):
            if time.monotonic() < until:
                self.tally.error("socket")
                await asyncio.sleep(0.5)


def read_frame(
    message: dict[str, Any], finished: bool, to_act: int | None, legal: list[str]
) -> tuple[bool, int | None, list[str]]:
    """What a state frame says of the match: finished, whose turn, the person's moves.

    A frame may leave out what has not changed (an incremental protocol), so each is
    read only when present."""
    table = message.get("table")
    if isinstance(table, dict):
        finished = bool(table.get("finished", finished))
        to_act = table.get("to_act", to_act)
    if "legal" in message:
        legal = [str(item["action"]) for item in message.get("legal") or []]
    return finished, to_act, legal


async def drive(plan: LoadPlan, addresses: Sequence[str], pids: Sequence[int]) -> dict[str, Any]:
    """Play the plan's tables until its time is up; the figures of what was seen."""
    tally = Tally()
    start = time.monotonic()
    counting_from = start + plan.warmup
    until = counting_from + plan.seconds
    rng = random.Random(plan.seed)
    players = [
        Player(plan, addresses[i % len(addresses)], tally, random.Random(rng.random()))
        for i in range(plan.tables)
    ]
    sampled: dict[str, Any] = {}

    async def sample_at_start() -> None:
        """The processes' CPU when counting starts (the ramp may still be under way)."""
        await asyncio.sleep(max(0.0, counting_from - time.monotonic()))
        sampled["use"] = [ProcessUse.of(pid) for pid in pids]
        sampled["own"] = time.process_time()
        sampled["at"] = time.monotonic()

    sampler = asyncio.create_task(sample_at_start())
    tasks = []
    for player in players:  # a ramp, so the tables do not all start in one instant
        tasks.append(asyncio.create_task(player.run(until, counting_from)))
        await asyncio.sleep(min(plan.warmup / max(1, plan.tables), 0.01))
    await sampler
    await asyncio.gather(*tasks)
    wall = max(1e-6, time.monotonic() - sampled["at"])
    after = [ProcessUse.of(pid) for pid in pids]
    own = time.process_time() - sampled["own"]
    cpu = [
        (b2.cpu - b1.cpu) / wall if b1 is not None and b2 is not None else None
        for b1, b2 in zip(sampled["use"], after, strict=True)
    ]
    rss = [b.rss if b is not None else None for b in after]
    ms = [u * 1000 for u in tally.updates]
    return {
        "tables": plan.tables,
        "processes": plan.processes,
        "game": plan.game,
        "options": dict(plan.options),
        "think_s": plan.think,
        "seconds": round(wall, 1),
        "updates": len(ms),
        "moves_per_s": round(tally.moves / wall, 1) if wall > 0 else 0.0,
        "matches": tally.matches,
        "p50_ms": _round(percentile(ms, 0.50)),
        "p95_ms": _round(percentile(ms, 0.95)),
        "p99_ms": _round(percentile(ms, 0.99)),
        "mean_ms": _round(statistics.fmean(ms)) if ms else None,
        "errors": tally.errors,
        "error_kinds": tally.error_kinds,
        "server_cpu": [_round(c, 2) for c in cpu],
        "server_rss_mb": [None if r is None else round(r / 2**20) for r in rss],
        "bench_cpu": round(own / wall, 2) if wall > 0 else None,
    }


def _round(value: float | None, digits: int = 1) -> float | None:
    return None if value is None else round(value, digits)


@contextlib.contextmanager
def fresh_database(url: str) -> Iterator[str]:
    """The database each measurement runs on, as empty as a fresh SQLite file: on
    PostgreSQL a schema of its own, dropped afterwards. (Tables an earlier run left
    unfinished would be loaded and played by the upkeep, and counted as this run's.)"""
    if not url.startswith("postgresql"):
        yield url
        return
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    schema = f"tricktaker_load_{os.getpid()}_{random.randrange(1 << 30)}"
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        query = dict(make_url(url).query)
        query["options"] = f"-csearch_path={schema}"
        yield make_url(url).set(query=query).render_as_string(hide_password=False)
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        engine.dispose()


def measure(plan: LoadPlan) -> dict[str, Any]:
    """One plan on fresh server processes and a fresh database (``fresh_database``)."""
    if plan.processes > 1 and (plan.db is None or plan.db.startswith("sqlite")):
        raise ValueError("several processes need a shared database: give --db postgresql+...")
    if plan.processes > 1 and not plan.redis:
        raise ValueError("several processes need Redis: give --redis redis://...")
    with (
        tempfile.TemporaryDirectory(prefix="tricktaker-load-") as folder,
        fresh_database(plan.db or f"sqlite:///{folder}/load.db") as db,
        servers(plan, db, folder) as started,
        asyncio.Runner(loop_factory=loop_factory) as runner,
    ):
        addresses = [address for _proc, address in started]
        pids = [proc.pid for proc, _address in started]
        return runner.run(drive(plan, addresses, pids))


COLUMNS = (
    ("processes", "proc"),
    ("tables", "tables"),
    ("p50_ms", "p50 ms"),
    ("p95_ms", "p95 ms"),
    ("p99_ms", "p99 ms"),
    ("moves_per_s", "moves/s"),
    ("errors", "errors"),
    ("server_cpu", "server CPU"),
    ("server_rss_mb", "RSS MB"),
    ("bench_cpu", "bench CPU"),
)


def table_lines(results: Sequence[dict[str, Any]]) -> list[str]:
    """The figures as a Markdown table, one row a measurement."""
    lines = [
        "| " + " | ".join(title for _key, title in COLUMNS) + " |",
        "|" + "---|" * len(COLUMNS),
    ]
    for row in results:
        cells = []
        for key, _title in COLUMNS:
            value = row.get(key)
            if isinstance(value, list):
                value = " + ".join("-" if v is None else str(v) for v in value)
            cells.append("-" if value is None else str(value))
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def run_load_cli(
    tables: Sequence[int],
    processes: Sequence[int],
    seconds: float,
    game: str,
    options: Sequence[str],
    think: float,
    bot_delay: float,
    db: str | None,
    redis: str | None,
    as_json: bool,
) -> int:
    """Every (processes, tables) pair in turn; the table of figures, or JSON."""
    typed = parse_option_texts(get_game(game).option_schema(), parse_option_args(options))
    get_game(game).options(typed)  # an option the game refuses is said before anything starts
    results = []
    for count in processes:
        for n in tables:
            plan = LoadPlan(
                tables=n,
                processes=count,
                seconds=seconds,
                game=game,
                options=tuple(typed.items()),
                think=think,
                bot_delay=bot_delay,
                db=db,
                redis=redis,
            )
            try:
                result = measure(plan)
            except (ValueError, RuntimeError) as exc:
                print(f"tricktaker: {exc}", file=sys.stderr)
                return 2
            results.append(result)
            if not as_json:  # each row as it comes: a whole run takes minutes
                lines = table_lines([result])
                print("\n".join(lines if len(results) == 1 else lines[-1:]), flush=True)
    if as_json:
        print(json.dumps(results, indent=2))
    return 0
