"""Cold start (issue 21): the time to the first screen, and the first strong move after
a fresh install, with the numba kernels' cache cold and warm.

Usage: ``python bench/cold_start.py [screen|move|all] [--games preferans tetka]``.

* ``screen`` — ``tricktaker serve`` on a fresh SQLite file: seconds from starting
  the process to the lobby's HTML served, to a table made (``POST /api/tables``, a
  person and strong computers), and to the table's first ``state`` frame on its
  WebSocket. The server's warm-up (``server.warmup``) runs meanwhile, as it does
  for a user.
* ``move`` — in a fresh process each time, a match where seat 0 is a strong
  computer (``search``) and the others ``rules``: the first of its moves that calls
  the open-hand solver (numba), then the next ones. Three runs on one empty
  ``NUMBA_CACHE_DIR``: *cold* (nothing compiled: a fresh install before this
  issue), then ``tricktaker warm`` into it (what ``make run``/``make test`` now do
  when they install; its own time is printed), then *warm* (a fresh process on
  the warmed cache: the first move after a fresh install now). A move's time
  depends on the machine's load: the figures are wall seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

#: Strong moves timed per run (the first, then the next ones).
MOVES = 3
#: Actions of a match at most before the run gives up looking for solver moves.
MAX_ACTIONS = 4000


def solver_calls(bot: Any) -> int:
    """How many worlds the bot's open-hand value has solved so far."""
    value = getattr(bot, "_value", None)
    return int(getattr(value, "solves", getattr(value, "solved", 0)) or 0)


def strong_moves(game_id: str, seed: int = 7) -> list[float]:
    """In this process: seat 0's ``search`` moves that called the solver, timed (wall s)."""
    from tricktaker.bots.registry import make_bot
    from tricktaker.core import get_game

    game = get_game(game_id)
    state = game.new_match(game.options({}), seed=seed)
    strong = make_bot("search", game_id)
    others = make_bot("rules", game_id)
    rng = random.Random(seed)
    times: list[float] = []
    for _ in range(MAX_ACTIONS):
        seat = state.to_act
        if seat is None or len(times) >= MOVES:
            break
        legal = list(state.legal_actions())
        view, memory = state.view(seat), state.events(0, seat)
        if seat == 0 and len(legal) > 1:
            before = solver_calls(strong)
            started = time.perf_counter()
            action = strong.act(view, memory, legal, rng)
            spent = time.perf_counter() - started
            if solver_calls(strong) > before:
                times.append(spent)
        else:
            action = others.act(view, memory, legal, rng)
        state.apply(action)
    return times


def run_child(args: list[str], cache: Path) -> tuple[Any, float]:
    """``python bench/cold_start.py ARGS`` (or ``tricktaker ARGS``) in a fresh process with
    ``NUMBA_CACHE_DIR=cache``: its JSON output (None if none) and its wall time."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    started = time.perf_counter()
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    spent = time.perf_counter() - started
    out = done.stdout.strip().splitlines()
    try:
        return json.loads(out[-1]) if out else None, spent
    except json.JSONDecodeError:
        return None, spent


def during_warmup(game_id: str) -> list[float]:
    """In this process, as ``serve`` does: the warm-up child started, then at once the
    first strong moves, the first waiting for the warm-up (``server.warmup``). The first
    figure counts from the warm-up's start."""
    from tricktaker.server.warmup import start_warmup, wait_warm

    started = time.perf_counter()
    child = start_warmup()
    assert child is not None
    wait_warm("search", game_id)
    times = strong_moves(game_id)
    if times:
        times[0] = time.perf_counter() - started  # the wait, the loading and the move
    child.wait()
    return times


def bench_moves(games: list[str]) -> dict[str, Any]:
    results: dict[str, Any] = {game: {} for game in games}
    me = [sys.executable, __file__]
    with tempfile.TemporaryDirectory(prefix="numba-cold-") as tmp:
        cold, warmed, serving = Path(tmp) / "cold", Path(tmp) / "warmed", Path(tmp) / "serve"
        for game in games:  # each game compiles its own kernels: all cold
            times, _ = run_child([*me, "_moves", game], cold)
            print(f"{game} cold (empty cache): moves {fmt(times)}", flush=True)
            results[game]["cold"] = times
        _, warm_s = run_child([sys.executable, "-m", "tricktaker", "warm"], warmed)
        print(f"tricktaker warm into an empty cache: {warm_s:.1f} s (the process)", flush=True)
        for game in games:
            times, _ = run_child([*me, "_moves", game], warmed)
            print(f"{game} warm (after tricktaker warm): moves {fmt(times)}", flush=True)
            results[game]["warm"] = times
            results[game]["warm_command_s"] = round(warm_s, 2)
        for game in games:  # each on an empty cache of its own, as a fresh install
            times, _ = run_child([*me, "_during_warmup", game], serving / game)
            print(f"{game} asked during serve's warm-up: moves {fmt(times)}", flush=True)
            results[game]["during_warmup"] = times
    return results


def fmt(times: list[float] | None) -> str:
    return ", ".join(f"{t:.2f} s" for t in times) if times else "none found"


async def first_screen(game: str, warm: bool = True) -> dict[str, float]:
    """Seconds from ``tricktaker serve`` to the lobby, a table made, its first state
    (``warm``: with the server's warm-up, as users run it; else ``--no-warm``)."""
    with tempfile.TemporaryDirectory(prefix="cold-screen-") as tmp:
        port = free_port()
        command = [sys.executable, "-m", "tricktaker", "serve", "--port", str(port)]
        command += ["--db", f"sqlite:///{Path(tmp) / 'tables.db'}"]
        command += [] if warm else ["--no-warm"]
        started = time.perf_counter()
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            async with httpx.AsyncClient(base_url=base, timeout=30) as client:
                while True:
                    try:
                        page = await client.get("/")
                        if page.status_code == 200 and "<html" in page.text.lower():
                            break
                    except httpx.TransportError:
                        pass
                    await asyncio.sleep(0.02)
                lobby = time.perf_counter() - started
                info = (await client.get("/api/games")).json()
                players = next(g for g in info if g["id"] == game)["players"][0]
                seats = [{"kind": "human"}] + [{"kind": "bot", "level": "search"}] * (players - 1)
                body = {"game": game, "options": {"players": players}, "seats": seats}
                made = await client.post("/api/tables", json=body)
                made.raise_for_status()
                table = time.perf_counter() - started
                found = made.json()
            url = f"ws://127.0.0.1:{port}/ws/{found['id']}?token={found['seats'][0]['token']}"
            async with websockets.connect(url) as ws:
                while json.loads(await ws.recv())["type"] != "state":
                    pass
            state = time.perf_counter() - started
        finally:
            server.terminate()
            server.wait(10)
    return {
        "lobby_s": round(lobby, 2),
        "table_s": round(table, 2),
        "first_state_s": round(state, 2),
    }


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument(
        "what",
        nargs="?",
        default="all",
        choices=("screen", "move", "all", "_moves", "_during_warmup"),
    )
    parser.add_argument("games", nargs="*", default=[])
    parser.add_argument("--games", dest="games_opt", nargs="+", default=["preferans", "tetka"])
    args = parser.parse_args()
    if args.what in ("_moves", "_during_warmup"):  # a child: one game's moves as JSON
        run = strong_moves if args.what == "_moves" else during_warmup
        print(json.dumps([round(t, 3) for t in run(args.games[0])]))
        return
    figures: dict[str, Any] = {}
    if args.what in ("screen", "all"):
        figures["screen"] = asyncio.run(first_screen("truc"))
        print(f"first screen (truc): {figures['screen']}", flush=True)
        figures["screen_no_warm"] = asyncio.run(first_screen("truc", warm=False))
        print(f"first screen, serve --no-warm: {figures['screen_no_warm']}", flush=True)
    if args.what in ("move", "all"):
        figures["moves"] = bench_moves(args.games_opt)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
