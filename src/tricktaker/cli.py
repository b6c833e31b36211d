"""The ``tricktaker`` command: play, replay, arena, bench (DESIGN.md, Commands)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from tricktaker.core.errors import TricktakerError


def _cmd_replay(args: argparse.Namespace) -> int:
    from tricktaker.core.records import replay_text

    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(json.dumps({"ok": False, "error": {"message": f"cannot read {args.file}: {exc}"}}))
        return 2
    outcome = replay_text(text)
    print(json.dumps(outcome.output, ensure_ascii=False))
    return outcome.exit_code


def _cmd_play(args: argparse.Namespace) -> int:
    from tricktaker.terminal.launch import run_play

    return run_play(
        args.game, args.option, args.bots, args.lang, args.seed, args.save_dir, args.resume
    )


def _cmd_arena(args: argparse.Namespace) -> int:
    from tricktaker.arena.duplicate import run_arena_cli

    return run_arena_cli(args.game, args.bots, args.deals, args.seed, args.option)


def _cmd_bench(args: argparse.Namespace) -> int:
    from tricktaker.arena.bench import run_bench_cli

    return run_bench_cli(args.seconds, args.no_openspiel, as_json=args.json)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tricktaker", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("play", help="play a game in the terminal against the computer")
    p.add_argument("game", nargs="?", default=None, help="the game (default: truc)")
    p.add_argument("--option", action="append", default=[], metavar="K=V", help="rule option")
    p.add_argument("--bots", default=None, metavar="LEVEL", help="computer level (default: rules)")
    p.add_argument("--lang", choices=["ru", "en"], default=None, help="language (default: locale)")
    p.add_argument("--seed", default=None, help="seed for the deals (default: random)")
    p.add_argument("--save-dir", default="saved", help="where matches are saved")
    p.add_argument("--resume", default=None, metavar="FILE", help="play on a saved match")
    p.set_defaults(func=_cmd_play)

    p = sub.add_parser("replay", help="replay a game record and print the outcome as JSON")
    p.add_argument("file", help="record file, or - for standard input")
    p.set_defaults(func=_cmd_replay)

    p = sub.add_parser("arena", help="duplicate self-play between bots")
    p.add_argument("game")
    p.add_argument("--bots", required=True, help="two bot levels, e.g. rules,random")
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="K=V")
    p.set_defaults(func=_cmd_arena)

    p = sub.add_parser("bench", help="engine throughput figures")
    p.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    p.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel comparison")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.set_defaults(func=_cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except TricktakerError as exc:
        print(f"tricktaker: {exc}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    raise SystemExit(main())
