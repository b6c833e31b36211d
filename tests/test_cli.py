"""The command line as a user meets it: help that lists the games, quiet under ``| head``."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import pytest

from tricktaker.cli import build_parser, main
from tricktaker.core import games
from tricktaker.core.options import parse_option_texts

TRICKTAKER = [sys.executable, "-m", "tricktaker"]


def test_help_lists_every_game_and_its_options_from_the_schema(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    for game in games():
        assert f"{game.id}: {game.info.name}" in text
        for spec in game.option_schema():
            assert f"{spec.name}=" in text and spec.help in text
    assert "players=2|4 (default 2)" in text


@pytest.mark.parametrize("command", [[], ["play"], ["arena"], ["ladder"]])
def test_help_shows_every_value_and_default_as_a_user_types_it(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    text = capsys.readouterr().out
    for game in games():
        players = [str(n) for n in game.info.players]
        assert f"{game.id}: {game.info.name}, " in text and f"{players[-1]} players" in text
        schema = game.option_schema()
        for spec in schema:
            shown = spec.show(spec.default)
            assert f"{spec.name}={spec.values_text().replace(' ', '')} (default {shown}):" in text
            # What the help calls the default is typed back as the default.
            assert parse_option_texts(schema, {spec.name: shown}) == {spec.name: spec.default}
    assert "(default False)" not in text and "(default True)" not in text
    assert " or 4 or " not in text  # "2, 4 or 6 players", as a sentence says it
    if command:  # the GAME argument names every game
        ids = [game.id for game in games()]
        assert f"the game: {', '.join(ids[:-1])} or {ids[-1]}" in " ".join(text.split())


@pytest.mark.parametrize("command", [[], ["play"], ["replay"], ["hint"], ["arena"], ["bench"]])
def test_help_has_no_raw_markup_and_names_no_file_users_lack(command: list[str]) -> None:
    parser = build_parser()
    if command:
        choices: Any = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
        text = choices[command[0]].format_help()
    else:
        text = parser.format_help()
    assert "``" not in text and "[bold" not in text and "%(" not in text
    assert not re.search(r"\b(docs|src|tests|shared|RULES)/", text), text
    assert ".md" not in text


def test_output_into_a_closed_pipe_gives_no_traceback() -> None:
    shell = " ".join(TRICKTAKER) + " --help | head -n 1"
    proc = subprocess.run(
        ["bash", "-c", shell + "; exit ${PIPESTATUS[0]}"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert "Traceback" not in proc.stderr and "BrokenPipeError" not in proc.stderr
    assert proc.stdout.startswith("usage:")


def test_a_long_replay_into_head_gives_no_traceback() -> None:
    record = '{"game": "truc", "seed": 3, "actions": []}'
    shell = f"echo '{record}' | {' '.join(TRICKTAKER)} replay - | head -c 20"
    proc = subprocess.run(
        ["bash", "-c", shell], capture_output=True, text=True, timeout=60, check=False
    )
    assert "Traceback" not in proc.stderr and len(proc.stdout) == 20
