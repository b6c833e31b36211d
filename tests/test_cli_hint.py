"""``tricktaker hint RECORD [--seat N] [--level L] [--json] [--lang]``: the move for the
seat to act, with exit statuses as ``replay``'s (0 a hint, 2 bad input, 3 an illegal
move in the record)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tricktaker.cli import main
from tricktaker.core.registry import get_game


def _record(tmp_path: Path, gid: str = "truc", moves: int = 3, **extra: Any) -> tuple[Path, int]:
    """A record of a few random moves, and the seat to act after them."""
    game = get_game(gid)
    state = game.new_match(game.options({}), seed="11")
    rng = random.Random(4)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    assert state.to_act is not None
    record = {**state.to_record(), **extra}
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path, state.to_act


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["hint", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("gid", ["truc", "truco", "tetka", "preferans"])
def test_a_hint_as_json(gid: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, seat = _record(tmp_path, gid)
    code, out, _ = _run(capsys, str(path), "--json", "--lang", "en")
    assert code == 0
    hint = json.loads(out)
    assert hint["seat"] == seat and hint["level"] == "search"
    assert hint["action"].startswith(f"{seat}:") and hint["why"]
    for option in hint["options"]:
        assert set(option) == {"action", "value"} and option["action"].startswith(f"{seat}:")
        assert isinstance(option["value"], float | int)


def test_seat_level_and_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, seat = _record(tmp_path)
    code, out, _ = _run(
        capsys, str(path), "--seat", str(seat), "--level", "rules", "--json", "--lang", "ru"
    )
    hint = json.loads(out)
    assert code == 0 and hint["level"] == "rules" and hint["seat"] == seat
    assert any("а" <= ch <= "я" for ch in hint["why"].lower())
    code, out, _ = _run(capsys, str(path), "--lang", "en")
    assert code == 0 and out.startswith(f"seat {seat}: {seat}:")


def test_refusals_exit_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, seat = _record(tmp_path)
    other = 1 - seat
    code, _, err = _run(capsys, str(path), "--seat", str(other))
    assert code == 2 and f"seat {other} is not to act" in err and "Traceback" not in err
    code, out, _ = _run(capsys, str(path), "--seat", "7", "--json")
    assert code == 2 and "seats 0 to 1" in json.loads(out)["error"]["message"]
    code, _, err = _run(capsys, str(path), "--level", "random")
    assert code == 2 and "levels for hints: rules, search, deep" in err
    code, _, err = _run(capsys, str(path), "--level", "nonsense")
    assert code == 2 and "levels for hints" in err
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "truc", "actions": [', encoding="utf-8")
    code, out, _ = _run(capsys, str(bad), "--json")
    assert code == 2 and json.loads(out)["ok"] is False
    code, _, err = _run(capsys, str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err


def test_an_illegal_move_exits_three(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, seat = _record(tmp_path)
    record = json.loads(path.read_text(encoding="utf-8"))
    record["actions"].append(f"{1 - seat}:fold")
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, _ = _run(capsys, str(path), "--json")
    error = json.loads(out)["error"]
    assert code == 3 and error["index"] == len(record["actions"]) - 1


def test_a_finished_match_has_no_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game("truc")
    state = game.new_match(game.options({}), seed="2")
    rng = random.Random(0)
    while state.to_act is not None:
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "over.json"
    path.write_text(json.dumps(state.to_record()), encoding="utf-8")
    code, _, err = _run(capsys, str(path))
    assert code == 2 and "the match is over" in err
