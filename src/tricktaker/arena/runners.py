"""Who plays the ladder's jobs: this process, a pool of local processes, or Ray.

A runner maps a function over the jobs and hands back the results in the jobs'
order, whatever order they finished in; since a job's result depends on the job
alone (ladder.py), every runner gives the same table. Ray is imported only
when ``--ray`` is given, so the ladder runs without it.

``--ray local`` starts a Ray cluster on this machine with ``--workers`` CPUs
for the run and stops it after; any other address (``auto``, ``HOST:PORT``,
``ray://HOST:PORT``) joins a running cluster, whose nodes must have tricktaker
installed.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tricktaker.core.errors import TricktakerError

#: Maps a function over the jobs; the results in the jobs' order.
Runner = Callable[[Callable[[Any], Any], Sequence[Any]], list[Any]]
#: Told (jobs done, jobs in all) as each result comes in, in order: progress for a person.
Tick = Callable[[int, int], None]

_ADDRESS = re.compile(r"(?:ray://)?[A-Za-z0-9](?:[A-Za-z0-9.-]{0,250}):(\d{1,5})")


def serial(fn: Callable[[Any], Any], jobs: Sequence[Any]) -> list[Any]:
    """Every job here, one after another."""
    return [fn(job) for job in jobs]


def _collect(results: Iterable[Any], total: int, tick: Tick | None) -> list[Any]:
    out: list[Any] = []
    for result in results:
        out.append(result)
        if tick is not None:
            tick(len(out), total)
    return out


def processes(workers: int, tick: Tick | None = None) -> Runner:
    """A pool of ``workers`` local processes (none for one worker or one job)."""

    def run(fn: Callable[[Any], Any], jobs: Sequence[Any]) -> list[Any]:
        if workers <= 1 or len(jobs) <= 1:
            return _collect((fn(job) for job in jobs), len(jobs), tick)
        with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
            return _collect(pool.map(fn, jobs), len(jobs), tick)

    return run


def check_address(address: str) -> str:
    """``local``, ``auto``, ``HOST:PORT`` or ``ray://HOST:PORT``; a clear error otherwise."""
    if address in ("local", "auto"):
        return address
    match = _ADDRESS.fullmatch(address)
    if match is None or not 1 <= int(match.group(1)) <= 65535:
        raise TricktakerError(
            f"--ray: not a Ray address: {address[:40]!r}; give local, auto,"
            " HOST:PORT or ray://HOST:PORT"
        )
    return address


def probe(address: str, seconds: float = 5.0) -> None:
    """Knock on a ``HOST:PORT`` cluster before Ray does: Ray itself retries a dead address
    for minutes, printing warnings, where one line at once tells the user more."""
    if address in ("local", "auto"):
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        with socket.create_connection((host, int(port)), timeout=seconds):
            pass
    except OSError as exc:
        raise TricktakerError(f"--ray: nothing answers at {address}: {exc}") from exc


def ray_runner(address: str, workers: int, tick: Tick | None = None) -> Runner:
    """Jobs as Ray tasks on the cluster at ``address`` (``local``: one started here)."""
    check_address(address)

    def run(fn: Callable[[Any], Any], jobs: Sequence[Any]) -> list[Any]:
        probe(address)
        try:
            import ray
        except ImportError as exc:
            raise TricktakerError(
                "--ray needs the ray package: pip install 'tricktaker[ray]'"
            ) from exc
        started = not ray.is_initialized()
        if started:
            try:
                if address == "local":
                    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
                else:
                    ray.init(address=address, include_dashboard=False, log_to_driver=False)
            except Exception as exc:  # Ray raises many kinds; the user needs one line
                reason = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else ""
                raise TricktakerError(
                    f"--ray: cannot start or reach Ray at {address}: {type(exc).__name__}"
                    + (f": {reason}" if reason else "")
                ) from exc
        try:
            task = ray.remote(fn)
            refs = [task.remote(job) for job in jobs]
            return _collect((ray.get(ref) for ref in refs), len(jobs), tick)
        finally:
            if started:
                ray.shutdown()

    return run
