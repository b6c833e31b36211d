"""What a server's tables cost it: a move's write, and a start-up over many tables.

Usage: ``python bench/server_startup.py append [--db URL] [--moves N]`` and
``python bench/server_startup.py startup [--db URL] [--tables N]``.

* ``append`` — ``Store.append`` (the compare-and-set that keeps one writer per
  table) timed over N moves of one table: wall time per move (on SQLite,
  mostly the disk's sync: ``synchronous=FULL``) and CPU time per move.
* ``startup`` — fills the database with N unfinished tables of random play
  (every game, a computer at some seats), then times ``tricktaker serve``
  until its first answer, and the upkeep's sweep that loads, in the
  background, the tables whose computer is to act. Start-up used to replay
  every unfinished table before answering (issue 20: 10.9 s with 2,195).

The figures in issue 20's note came from ``append`` on SQLite and PostgreSQL
and ``startup --tables 2195``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from sqlalchemy import text as sql

from tricktaker.core import get_game
from tricktaker.server.config import Settings
from tricktaker.server.security import new_table_id
from tricktaker.server.store import SeatSpec, Store, StoredTable
from tricktaker.server.tables import Hub
from tricktaker.server.upkeep import Upkeep

GAMES: tuple[tuple[str, dict[str, object]], ...] = (
    ("truc", {"players": 2}),
    ("tetka", {}),
    ("preferans", {}),
    ("truco", {}),
)


def table(game_id: str, options: dict[str, object], seed: int, rng: random.Random) -> StoredTable:
    """An unfinished table of random play: a person at seat 0, computers at even seats."""
    game = get_game(game_id)
    checked = game.options(options)
    state = game.new_match(checked, seed=seed)
    for _ in range(rng.randint(5, 120)):
        trial = state.clone()
        trial.apply(rng.choice(list(trial.legal_actions())))
        if trial.to_act is None:
            break
        state = trial
    seats = [
        SeatSpec("bot", "random", "b" * 64)
        if k and k % 2 == 0
        else SeatSpec("human", None, "h" * 64)
        for k in range(state.players)
    ]
    return StoredTable(
        id=new_table_id(),
        game=game_id,
        options=checked.to_json(),
        seed=seed,
        dealer=0,
        start={},
        deals=[],
        names=[f"P{k}" for k in range(state.players)],
        seats=seats,
        actions=list(state.to_record()["actions"]),
    )


def bench_append(url: str, moves: int) -> None:
    store = Store(url)
    made = StoredTable(
        id=new_table_id(),
        game="truc",
        options={"players": 2},
        seed="bench",
        dealer=0,
        start={},
        deals=[],
        names=["A", "B"],
        seats=[SeatSpec("human", None, "h" * 64)] * 2,
    )
    store.create(made)
    for n in range(20):  # warm: connections, statements
        store.append(made.id, n, "0:fold", False)
    wall, cpu = time.perf_counter(), time.process_time()
    for n in range(20, 20 + moves):
        store.append(made.id, n, "0:fold", False)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"append: {wall / moves * 1000:.2f} ms a move, CPU {cpu / moves * 1000:.2f} ms ({url})")
    with store.engine.begin() as conn:  # the bench's table, and only it, leaves the database
        for statement in (
            "DELETE FROM actions WHERE table_id = :t",
            "DELETE FROM seats WHERE table_id = :t",
            "DELETE FROM tables WHERE id = :t",
        ):
            conn.execute(sql(statement), {"t": made.id})
    store.close()


async def sweep(url: str) -> None:
    settings = Settings(database_url=url, bot_delay=0.7)
    store = Store(url)
    hub = Hub(store, settings)
    began = time.perf_counter()
    woken = await Upkeep(hub, settings).sweep()
    print(f"sweep: {woken} tables with a computer to act, {time.perf_counter() - began:.1f} s")
    await hub.close()
    store.close()


def bench_startup(url: str, tables: int) -> None:
    store = Store(url)
    rng = random.Random(20)
    for n in range(tables):
        game_id, options = GAMES[n % len(GAMES)]
        store.create(table(game_id, dict(options), n, rng))
    store.close()
    port = 18000 + rng.randrange(1000)
    began = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tricktaker.cli", "serve", "--db", url, "--port", str(port)],
        stdout=subprocess.DEVNULL,
    )
    try:
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=60)
                break
            except httpx.HTTPError:
                time.sleep(0.05)
        print(f"startup: first answer after {time.perf_counter() - began:.1f} s, {tables} tables")
    finally:
        proc.terminate()
        proc.wait()
    asyncio.run(sweep(url))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["append", "startup"])
    parser.add_argument("--db", default=None, help="database URL (default: a new SQLite file)")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--tables", type=int, default=500)
    args = parser.parse_args()
    url = args.db or f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}"
    if args.what == "append":
        bench_append(url, args.moves)
    else:
        bench_startup(url, args.tables)


if __name__ == "__main__":
    main()
