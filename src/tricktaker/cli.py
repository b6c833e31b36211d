"""The ``tricktaker`` command: play, replay, verify, hint, arena, ladder, bench (docs/design.md,
§15)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence

from tricktaker.core.errors import TricktakerError

DESCRIPTION = (
    "Trick-taking card games played exactly by their rules, against the computer or"
    " with friends: a web app to play in the browser (serve) and a game in the terminal"
    " (play); replay a saved match, let computer players compete, or measure the engine."
)


OPTION_HELP = "a rule option of the game (listed below); repeat it for each option"


def games_help() -> str:
    """Every registered game with its options, read from the games' option schemas."""
    from tricktaker.core import games
    from tricktaker.core.options import schema_help

    lines = ["games and their options (give them as --option name=value):"]
    for game in games():
        lines.append(f"  {game.id}: {game.info.name}, {_or_list(game.info.players)} players")
        lines += [f"    {line}" for line in schema_help(game.option_schema())]
    return "\n".join(lines)


def _or_list(items: Sequence[object]) -> str:
    """``a``, ``a or b``, ``a, b or c``: as a sentence says them, not ``a or b or c``."""
    words = [str(item) for item in items]
    return " or ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} or {words[-1]}"


def game_help(default: str | None = None) -> str:
    """The help of a command's GAME argument: every registered game's id."""
    from tricktaker.core.registry import game_ids

    return f"the game: {_or_list(game_ids())}" + (f" (default: {default})" if default else "")


def bots_help() -> str:
    """``play --bots``'s help: every level id with its name, weakest first, and the
    games it plays where it does not play them all; the ids are what is typed, the
    names what the lobby and the screens call them."""
    from tricktaker.bots.registry import level_name, level_order, levels
    from tricktaker.core import games
    from tricktaker.core.i18n import translator

    _ = translator("en")
    ids = [game.id for game in games()]
    per_game = {gid: levels(gid) for gid in ids}
    every = sorted({lvl for known in per_game.values() for lvl in known}, key=level_order)
    parts = []
    for lvl in every:
        where = [gid for gid in ids if lvl in per_game[gid]]
        only = "" if len(where) == len(ids) else f", {' and '.join(where)} only"
        parts.append(f"{lvl} ({level_name(lvl, _)}{only})")
    return f"computer level: {', '.join(parts)} (default: rules)"


def _record_text(path: str) -> str:
    """A record's text from ``path`` (``-``: standard input), read one character past the
    largest record the parser takes: enough to refuse it, and /dev/zero is not read whole."""
    from tricktaker.core.records import MAX_RECORD_CHARS

    if path == "-":
        return sys.stdin.read(MAX_RECORD_CHARS + 1)
    with open(path, encoding="utf-8") as fh:
        return fh.read(MAX_RECORD_CHARS + 1)


def _cmd_replay(args: argparse.Namespace) -> int:
    from tricktaker.core.records import replay_text

    try:
        text = _record_text(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        print(json.dumps({"ok": False, "error": {"message": f"cannot read {args.file}: {exc}"}}))
        return 2
    outcome = replay_text(text, seat=args.seat)
    print(json.dumps(outcome.output, ensure_ascii=False))
    return outcome.exit_code


def _cmd_verify(args: argparse.Namespace) -> int:
    from tricktaker.core.fairness import verify_text

    try:
        text = _record_text(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        message = f"cannot read {args.file}: {exc}"
        print(json.dumps({"ok": False, "error": {"message": message}}) if args.json else message)
        return 2
    outcome = verify_text(text)
    out = outcome.output
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    elif out["ok"]:
        print(
            f"tricktaker: the {out['deals']} deal(s) of this {out['game']} record came from"
            f" the seed committed to as {out['seed_hash']}"
        )
    else:
        print(f"tricktaker: {out['error']['message']}", file=sys.stderr)
    return outcome.exit_code


def _hint_refused(args: argparse.Namespace, error: dict[str, object], code: int) -> int:
    """A hint refused: ``{"ok": false, "error": ...}`` with --json, else one line on
    stderr; ``code`` is ``replay``'s (2 bad input, 3 an illegal move in the record)."""
    if args.json:
        print(json.dumps({"ok": False, "error": error}, ensure_ascii=False))
    else:
        print(f"tricktaker: {error['message']}", file=sys.stderr)
    return code


def _cmd_hint(args: argparse.Namespace) -> int:
    """``tricktaker hint``: the record is replayed as ``replay`` does (same errors, same
    exit status), then the advisor is handed the seat's view, memory and legal moves only.

    Ruling: a hint is for the seat to act. ``--seat`` names the seat the user plays (a
    check that the record is at his turn); a seat that is not to act is refused with
    exit 2, since what it "would play" is not a decision it has."""
    import random

    from tricktaker.bots.advice import advise, check_level
    from tricktaker.core.errors import IllegalAction
    from tricktaker.core.i18n import detect_lang
    from tricktaker.core.records import load_record, start_state
    from tricktaker.core.registry import get_game

    try:
        text = _record_text(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        return _hint_refused(args, {"message": f"cannot read {args.file}: {exc}"}, 2)
    try:
        record = load_record(text)
        state = start_state(record)
        game = get_game(record.game)
        level = check_level(record.game, args.level)
    except TricktakerError as exc:
        return _hint_refused(args, {"message": str(exc)}, 2)
    for index, action_text in enumerate(record.actions):
        try:
            state.apply(game.parse_action(action_text))
        except IllegalAction as exc:  # the record's owner holds every card it names
            error = {"index": index, "action": action_text, "message": str(exc)}
            return _hint_refused(args, error, 3)
    seat = state.to_act
    if args.seat is not None and not 0 <= args.seat < state.players:
        message = f"--seat {args.seat}: this match has seats 0 to {state.players - 1}"
        return _hint_refused(args, {"message": message}, 2)
    if seat is None:
        return _hint_refused(args, {"message": "the match is over: nobody is to act"}, 2)
    if args.seat is not None and args.seat != seat:
        message = (
            f"seat {args.seat} is not to act now (seat {seat} is): a hint is for the seat to act"
        )
        return _hint_refused(args, {"message": message}, 2)
    lang = args.lang or detect_lang()
    rng = random.Random(f"hint:{len(record.actions)}:{seat}")
    advice = advise(
        record.game,
        state.view(seat),
        state.events(0, seat),
        state.legal_actions(),
        level=level,
        lang=lang,
        rng=rng,
    )
    if args.json:
        print(json.dumps(advice.to_json(), ensure_ascii=False))
        return 0
    print(f"seat {seat}: {advice.action}")
    print(advice.why)
    for option in advice.options:
        print(f"  {option.value:+8.3f}  {option.action}")
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    from tricktaker.terminal.play import run_play

    return run_play(
        args.game, args.option, args.bots, args.lang, args.seed, args.save_dir, args.resume
    )


def _cmd_arena(args: argparse.Namespace) -> int:
    from tricktaker.arena.duplicate import run_arena_cli

    return run_arena_cli(
        args.game, args.bots, args.deals, args.seed, args.option, args.json, args.score
    )


def _cmd_ladder(args: argparse.Namespace) -> int:
    from tricktaker.arena.ladder_cli import run_ladder_cli

    return run_ladder_cli(
        args.game,
        args.levels,
        args.deals,
        args.seed,
        args.option,
        args.workers,
        args.ray,
        args.json,
        args.write,
        args.no_clock,
    )


def _cmd_bench(args: argparse.Namespace) -> int:
    if args.what == "server":
        from tricktaker.server.loadtest import run_load_cli

        return run_load_cli(
            args.tables,
            args.processes,
            args.seconds,
            args.game,
            args.option,
            args.think,
            args.bot_delay,
            args.db,
            args.redis,
            as_json=args.json,
        )
    from tricktaker.arena.bench import run_bench_cli

    return run_bench_cli(args.seconds, args.no_openspiel, as_json=args.json, no_cfr=args.no_cfr)


def _cmd_solve(args: argparse.Namespace) -> int:
    from tricktaker.solvers.truc.run import (
        checkpoint_of,
        run_install,
        run_pack,
        run_repack,
        run_solve,
    )

    if sum((args.repack, args.install, args.pack)) > 1:
        raise TricktakerError("--repack, --install and --pack go one at a time")
    if args.install or args.pack or args.repack:
        checkpoint = checkpoint_of(args.game, args.option, args.score, args.dealer, args.out)
        if args.install:
            return run_install(progress=not args.no_progress)
        if args.pack:
            return run_pack(checkpoint, progress=not args.no_progress)
        return run_repack(checkpoint)

    return run_solve(
        args.game,
        args.option,
        args.score,
        args.dealer,
        args.iterations,
        args.out,
        args.every,
        args.max_memory,
        progress=not args.no_progress,
        scheme=args.scheme,
        warm_from=args.warm_from,
    )


def _cmd_exploit(args: argparse.Namespace) -> int:
    from tricktaker.solvers.truc.run import run_exploit

    return run_exploit(
        args.game, args.bot, args.option, args.score, args.dealer, args.strategy, args.json
    )


def _cmd_serve(args: argparse.Namespace) -> int:
    from tricktaker.server.serve import serve

    return serve(
        args.host,
        args.port,
        args.db,
        args.bot_delay,
        workers=args.workers,
        redis_url=args.redis,
        idle_expiry=args.idle_expiry,
        forwarded_allow_ips=args.forwarded_allow_ips,
        warm=not args.no_warm,
    )


def _cmd_warm(args: argparse.Namespace) -> int:
    import time

    from tricktaker.solvers.warm import GROUPS, cache_dir, warm

    if args.nice:
        os.nice(args.nice)
    started = time.perf_counter()
    # The server's warm-up (server.warmup) hands down a locked file per game: each is let
    # go once that game's kernels are ready (at once for a game without any).
    gates: dict[str, int] = dict(args.gate)
    if gates:
        for game in [g for g in gates if g not in GROUPS]:
            os.close(gates.pop(game))
        warm([g for g in GROUPS if g in gates], done=lambda g: os.close(gates.pop(g)))
    else:
        warm()
    if not args.quiet:
        spent = time.perf_counter() - started
        print(f"tricktaker: the computers' kernels are compiled ({spent:.1f} s; in {cache_dir()})")
    if not args.gate and not args.no_strategies:
        # The shipped solved strategies too (not in the server's own warm-up, whose
        # registry has already looked for them): make run and make test install them so.
        from tricktaker.solvers.truc.run import run_install

        run_install(say=(lambda _: None) if args.quiet else print, progress=not args.quiet)
    return 0


def _gate(text: str) -> tuple[str, int]:
    """``GAME=FD``: a game and the descriptor of its lock (``server.warmup``)."""
    game, _, fd = text.partition("=")
    if not (game and fd.isascii() and fd.isdigit()):
        raise argparse.ArgumentTypeError(f"not GAME=FD: {text[:20]!r}")
    return game, int(fd)


def _seat(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise argparse.ArgumentTypeError(f"not a seat number: {text[:20]!r}")
    return int(text)


def _command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    func: Callable[[argparse.Namespace], int],
    summary: str,
    description: str,
    epilog: str | None = None,
) -> argparse.ArgumentParser:
    """A subcommand that runs ``func``: ``summary`` in the command list, ``description``
    atop its own help, and there ``epilog`` (the games and their options) with its line
    breaks kept."""
    raw = epilog is not None
    p = sub.add_parser(
        name,
        help=summary,
        description=description,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter if raw else argparse.HelpFormatter,
    )
    p.set_defaults(func=func)
    return p


def _lang_option(p: argparse.ArgumentParser) -> None:
    """``--lang``, one of the languages the app speaks (``core.i18n.LANGUAGES``)."""
    from tricktaker.core.i18n import LANGUAGES

    p.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=f"language: {', '.join(LANGUAGES)} (default: your locale)",
    )


def _rule_options(p: argparse.ArgumentParser) -> None:
    """``--option NAME=VALUE``, repeated: the rules of a command that plays a game."""
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=OPTION_HELP)


def _solver_args(p: argparse.ArgumentParser) -> None:
    """The deal a Le Truc solve is about: the game, the options, the score, the dealer."""
    p.add_argument("game", help="the game: truc")
    _rule_options(p)
    p.add_argument("--score", default="0:0", metavar="A:B", help="the score (default: 0:0)")
    p.add_argument("--dealer", type=int, choices=(0, 1), default=0, help="the dealer's seat")


def build_parser() -> argparse.ArgumentParser:
    epilog = games_help()
    parser = argparse.ArgumentParser(
        prog="tricktaker",
        description=DESCRIPTION,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = _command(
        sub,
        "play",
        _cmd_play,
        "play a match in the terminal against the computer",
        "Play a match in the terminal against the computer (to play in a browser,"
        " or with friends: tricktaker serve).",
        epilog,
    )
    p.add_argument("game", nargs="?", default=None, help=game_help(default="truc"))
    _rule_options(p)
    p.add_argument("--bots", default=None, metavar="LEVEL", help=bots_help())
    _lang_option(p)
    p.add_argument("--seed", default=None, help="seed for the deals (default: random)")
    p.add_argument(
        "--save-dir",
        default="saved",
        metavar="DIR",
        help="where matches are saved (default: saved)",
    )
    p.add_argument("--resume", default=None, metavar="FILE", help="play on a saved match")

    p = _command(
        sub,
        "replay",
        _cmd_replay,
        "replay a game record and print the outcome as JSON",
        "Replay a game record and print one JSON object: the outcome, the view and"
        " the events. Exit status 0; 2 for a malformed record; 3 for an illegal action.",
    )
    p.add_argument("file", help="record file, or - for standard input")
    p.add_argument(
        "--seat", type=_seat, default=None, metavar="N", help="show seat N's view and events"
    )

    p = _command(
        sub,
        "hint",
        _cmd_hint,
        "what the computer would play at a record's position, and why",
        "Replay a game record and print the move the computer would make for the seat"
        " to act, with one sentence saying why and, where the level values them, the"
        " value of each option (mean points per deal). The hint uses only what that seat"
        " sees and saw. Exit status 0; 2 for a malformed record, a seat that is not to"
        " act, a finished match or an unknown level; 3 for an illegal action.",
    )
    p.add_argument("file", help="record file, or - for standard input")
    p.add_argument(
        "--seat",
        type=_seat,
        default=None,
        metavar="N",
        help="the seat you play: refused unless it is to act",
    )
    p.add_argument(
        "--level",
        default=None,
        metavar="LEVEL",
        help="rules, search or deep (default: search, about half a second)",
    )
    p.add_argument("--json", action="store_true", help="print the hint as JSON")
    _lang_option(p)

    p = _command(
        sub,
        "verify",
        _cmd_verify,
        "check that every deal of a record came from the seed the server committed to",
        "Check a record saved from a table whose seed the server made: the seed's hash"
        " is the seed_hash shown at the table while it was played, and every deal of the"
        " record is the one that seed deals. Exit status 0 when it holds; 1 when it does"
        " not (a hash or a deal differs); 2 for a malformed record, or one without its"
        " seed and seed_hash (a partial record, or one made from an upload); 3 for an"
        " illegal action.",
    )
    p.add_argument("file", help="record file, or - for standard input")
    p.add_argument("--json", action="store_true", help="print the outcome as JSON")

    p = _command(
        sub,
        "arena",
        _cmd_arena,
        "duplicate self-play between two computer levels",
        "Duplicate self-play: every deal is played once from each side with the same"
        " cards, so luck cancels; prints win rate and points with 95% intervals.",
        epilog,
    )
    p.add_argument("game", help=game_help())
    p.add_argument(
        "--bots",
        required=True,
        metavar="A,B",
        help="two computer levels, e.g. rules,random (the levels: tricktaker play --help;"
        " in Truco and Le Truc also the test levels always-raise, always-accept,"
        " never-fold, two-top-accept and bluff-raise)",
    )
    p.add_argument("--deals", type=int, default=2000, help="deals to play (default: 2000)")
    p.add_argument("--seed", type=int, default=1, help="seed (default: 1)")
    _rule_options(p)
    p.add_argument(
        "--score",
        default=None,
        metavar="A:B",
        help="every deal starts at this score (Le Truc, Truco; default: a score drawn"
        " from the seed for each set, so that endgames are played too)",
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = _command(
        sub,
        "ladder",
        _cmd_ladder,
        "rate every computer level of a game against every other (openskill)",
        "Play every pair of computer levels in duplicate (the same cards once for each"
        " side) and rate the levels with openskill: prints each level's rating and each"
        " pair's win rate with 95% intervals. The same seed gives the same table,"
        " whatever the workers.",
        epilog,
    )
    p.add_argument("game", help=game_help())
    p.add_argument(
        "--levels",
        default=None,
        metavar="A,B,...",
        help="levels to rate, hidden test levels too (default: all offered to players)",
    )
    p.add_argument("--deals", default="200", metavar="N", help="deals per pair (default: 200)")
    p.add_argument("--seed", default="1", metavar="S", help="seed (default: 1)")
    _rule_options(p)
    p.add_argument(
        "--workers", default=None, metavar="K", help="local processes (default: the cores)"
    )
    p.add_argument(
        "--ray",
        default=None,
        metavar="ADDRESS",
        help="run the jobs on Ray: local (a cluster started here), auto, HOST:PORT",
    )
    p.add_argument(
        "--no-clock",
        action="store_true",
        help="search levels take their most worlds every move, never stopping on the clock"
        " (slower; the same table on any machine)",
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument(
        "--write",
        nargs="?",
        const="docs/strength.md",
        default=None,
        metavar="PATH",
        help="also update this game's table in PATH (default: docs/strength.md)",
    )

    p = _command(
        sub,
        "solve",
        _cmd_solve,
        "solve one deal of 2p Le Truc for an equilibrium (DCFR or CFR+)",
        "Solve one deal of two-player Le Truc (redeal=once) at a score for an equilibrium"
        " of the abstraction that forgets the set-aside piles, by discounted CFR (or CFR+,"
        " --scheme cfr+); prints the memory it needs first, shows the exploitability as it"
        " goes, and resumes from --out when that file exists, by the scheme it was solved"
        " by; a new solve may start from the regrets of a score with the same tree"
        " (--warm-from) (docs/strength.md, Le Truc equilibrium).",
    )
    _solver_args(p)
    p.add_argument("--iterations", type=int, default=1000, help="iterations in all (default: 1000)")
    p.add_argument("--out", default=None, metavar="PATH", help="checkpoint and strategy file")
    p.add_argument(
        "--every", type=int, default=10, metavar="K", help="measure and save every K iterations"
    )
    p.add_argument(
        "--scheme",
        choices=("cfr+", "dcfr"),
        default=None,
        help="dcfr (discounted CFR, alpha=1.5, beta=0, gamma=2; the default for a new"
        " solve) or cfr+ (regret matching+, linear averaging); a checkpoint resumes by"
        " its own scheme (the default when resuming), another is refused",
    )
    p.add_argument(
        "--warm-from",
        default=None,
        metavar="PATH",
        help="start a new solve from the regrets (so the current strategy) of this"
        " checkpoint of another score with the same tree (11:5 from 11:6, say), by its"
        " scheme, with a new average; refused for another tree or --scheme (ignored"
        " when resuming)",
    )
    p.add_argument(
        "--max-memory",
        type=float,
        default=8.0,
        metavar="GIB",
        help="refuse to start above this memory (default: 8)",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument(
        "--repack",
        action="store_true",
        help="only write the mapped, quantised strategy file from the older .policy.npz"
        " beside the checkpoint (no solving)",
    )
    p.add_argument(
        "--install",
        action="store_true",
        help="only unpack the strategies shipped in the package into the solved folder"
        " (var/solved, or TRICKTAKER_SOLVED_DIR) where missing or stale; tricktaker warm"
        " does it too (no solving; the score is not used)",
    )
    p.add_argument(
        "--pack",
        action="store_true",
        help="only pack the strategy file beside the checkpoint into the package's"
        " solvers/truc/shipped/ folder, to ship it (no solving)",
    )

    p = _command(
        sub,
        "exploit",
        _cmd_exploit,
        "how much a best response wins against the solved Le Truc strategy",
        "Measure the solved strategy of tricktaker solve: what a best response wins"
        " against it, in points per deal (abstract: one that forgets its set-aside"
        " pile; full_game: one that remembers it).",
    )
    _solver_args(p)
    p.add_argument("--bot", default="solved", help="solved (default), or uniform for reference")
    p.add_argument("--strategy", default=None, metavar="PATH", help="the strategy file")
    p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = _command(
        sub,
        "serve",
        _cmd_serve,
        "the web app: play in a browser, against the computer or with friends",
        "Serve the web app: open the printed address in a browser, pick a game and"
        " play at once, or send the table's links to friends. The database and the"
        " computer's pause may also be set by the environment variables"
        " TRICKTAKER_DATABASE_URL and TRICKTAKER_BOT_DELAY; an option given here wins.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    p.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="database URL (default: SQLite in ./var/; e.g. postgresql+psycopg://user@host/db)",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=None,
        metavar="SECONDS",
        help="the computer's pause before each move (default: 0.7; 0 for none)",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="IPS",
        help="proxies whose X-Forwarded-For, X-Real-IP and Forwarded headers are believed:"
        " addresses or networks separated by commas, or * (default: none; also"
        " TRICKTAKER_FORWARDED_ALLOW_IPS)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="server processes (default: 1); more than one needs PostgreSQL (--db) and --redis",
    )
    p.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help="Redis shared by every server process, e.g. redis://127.0.0.1:6379"
        " (default: none, one process; also TRICKTAKER_REDIS_URL)",
    )
    p.add_argument(
        "--idle-expiry",
        default=None,
        metavar="TIME",
        help="remove unfinished tables unused this long: 90m, 24h, 7d; 0 never"
        " (default: 24h; also TRICKTAKER_IDLE_EXPIRY in seconds)",
    )
    p.add_argument(
        "--no-warm",
        action="store_true",
        help="do not compile the computers' kernels in the background at start"
        " (see tricktaker warm)",
    )

    p = _command(
        sub,
        "warm",
        _cmd_warm,
        "compile the strong computers' kernels ahead and install the shipped strategies"
        " (make run and make test do it)",
        "Compile the numba kernels of the strong and expert computers into numba's disk"
        " cache (NUMBA_CACHE_DIR, else __pycache__ beside their sources), so that their"
        " first move after an install takes as long as any other; then install the"
        " solved Le Truc strategies shipped in the package into the solved folder"
        " (var/solved, or TRICKTAKER_SOLVED_DIR) where missing or stale, as"
        " tricktaker solve truc --install does.",
    )
    p.add_argument("--quiet", action="store_true", help="print nothing")
    p.add_argument(
        "--no-strategies",
        action="store_true",
        help="compile only: leave the shipped Le Truc strategies packed (some GB unpacked)",
    )
    p.add_argument(
        "--nice", type=int, default=0, choices=range(20), metavar="N", help=argparse.SUPPRESS
    )
    p.add_argument("--gate", type=_gate, action="append", default=[], help=argparse.SUPPRESS)

    p = _command(
        sub,
        "bench",
        _cmd_bench,
        "engine or server speed figures",
        "Engine speed figures (`bench`), or the web server under load (`bench server`):"
        " real `tricktaker serve` processes, scripted players over WebSockets against"
        " random computers; the update's p50/p95/p99, errors, server CPU and memory.",
    )
    p.add_argument(
        "what",
        nargs="?",
        choices=("engine", "server"),
        default="engine",
        help="what to measure (default: engine)",
    )
    p.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default: 3)")
    p.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel comparison")
    p.add_argument(
        "--no-cfr",
        action="store_true",
        help="skip the CFR speed rows (building Le Truc's 11:11 tree takes some 10 s)",
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    server = p.add_argument_group("bench server")
    server.add_argument(
        "--tables", type=int, nargs="+", default=[10, 50, 200], help="tables at once, each in turn"
    )
    server.add_argument(
        "--processes", type=int, nargs="+", default=[1], help="server processes, each in turn"
    )
    server.add_argument("--game", default="truco", help="the game played (default: truco)")
    _rule_options(server)  # type: ignore[arg-type]
    server.add_argument(
        "--think", type=float, default=1.0, help="a player's mean thinking time, s (default: 1)"
    )
    server.add_argument(
        "--bot-delay", type=float, default=0.0, help="the computers' pause, s (default: 0)"
    )
    server.add_argument(
        "--db", default=None, metavar="URL", help="database (default: a fresh SQLite file)"
    )
    server.add_argument("--redis", default=None, metavar="URL", help="Redis, for several processes")
    return parser


def _run(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except TricktakerError as exc:
        print(f"tricktaker: {exc}", file=sys.stderr)
        return 2
    return code


def main(argv: Sequence[str] | None = None) -> int:
    try:
        code = _run(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (``| head``) has gone: stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    return code


if __name__ == "__main__":
    raise SystemExit(main())
