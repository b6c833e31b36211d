"""``tricktaker ladder GAME``: the command line's words read and checked, the ladder run,
the table or JSON printed, docs/strength.md updated.

Numbers come in as text and are checked here, so that ``--deals 0`` or a
5,000-digit number is one clear line and exit status 2 (as every bad input is),
not argparse's usage screen or Python's own digit-limit error.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from tricktaker.arena.duplicate import MAX_DEALS
from tricktaker.arena.ladder import play_ladder
from tricktaker.arena.ladder_table import render
from tricktaker.arena.runners import processes, ray_runner
from tricktaker.arena.strength_doc import write
from tricktaker.core.errors import TricktakerError
from tricktaker.core.options import parse_option_args

MAX_SEED = 10**18 - 1
MAX_WORKERS = 1024


def whole_number(flag: str, text: str, low: int, high: int) -> int:
    """``text`` as a whole number in ``low..high``, or a one-line TricktakerError."""
    digits = text.strip()
    body = digits[1:] if digits[:1] in "+-" else digits
    if not (body.isascii() and body.isdigit()) or len(body) > len(str(high)):
        raise TricktakerError(
            f"{flag} must be a whole number from {low} to {high:,}, not {text[:20]!r}"
        )
    value = int(digits)
    if not low <= value <= high:
        raise TricktakerError(f"{flag} must be from {low} to {high:,}, not {value}")
    return value


def level_list(text: str | None) -> list[str] | None:
    if text is None:
        return None
    names = [x.strip() for x in text.split(",")]
    if not all(names):
        raise TricktakerError(f"--levels: levels separated by commas, not {text[:40]!r}")
    return names


def _progress(done: int, total: int) -> None:
    """Jobs done so far, on one line of the terminal (a search ladder runs for hours)."""
    end = "\n" if done == total else ""
    print(f"\rladder: {done}/{total} jobs played", end=end, file=sys.stderr, flush=True)


def run_ladder_cli(
    game: str,
    levels: str | None,
    deals: str,
    seed: str,
    options: list[str],
    workers: str | None,
    ray: str | None,
    as_json: bool,
    write_path: str | None,
    no_clock: bool = False,
) -> int:
    """Run the ladder; print the table (or JSON); exit 0. Bad input raises TricktakerError."""
    n_deals = whole_number("--deals", deals, 1, MAX_DEALS)
    n_seed = whole_number("--seed", seed, 0, MAX_SEED)
    cores = os.cpu_count() or 1
    n_workers = cores if workers is None else whole_number("--workers", workers, 1, MAX_WORKERS)
    if write_path is not None and (not write_path.strip() or Path(write_path).is_dir()):
        raise TricktakerError(f"--write: {write_path[:60]!r} is not a file name")
    tick = _progress if sys.stderr.isatty() else None
    runner = ray_runner(ray, n_workers, tick) if ray is not None else processes(n_workers, tick)
    result = play_ladder(
        game, level_list(levels), n_deals, n_seed, parse_option_args(options), runner, no_clock
    )
    table = render(result)
    print(json.dumps(result.to_json()) if as_json else table)
    sys.stdout.flush()
    if write_path is not None:
        try:
            write(write_path, result.game, result.seed, result.command(), table)
        except (OSError, UnicodeDecodeError) as exc:
            raise TricktakerError(f"--write: cannot write {write_path[:60]!r}: {exc}") from exc
        print(f"tricktaker: wrote the {result.game} ladder to {write_path}", file=sys.stderr)
    return 0
