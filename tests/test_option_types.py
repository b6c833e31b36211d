"""Every game's options both ways: JSON held to its types, command-line text read as them.

A record or the web API says ``"target": 21``; ``"target": "21"`` is a string where a
number belongs and is refused with the option and the type it takes named, never read
as a guess. ``--option target=21`` is text, and is read as the option's type. The
generic tests run over the registry and name no game, so a new game is checked by
registering.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tricktaker.cli import main
from tricktaker.core import Game, OptionError, OptionSpec, games, get_game
from tricktaker.core.options import OptionValue, parse_option_args, parse_option_texts
from tricktaker.core.records import replay_text
from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from webserver import seats

#: (game, option) for every option of every registered game.
OPTIONS = [(game.id, spec.name) for game in games() for spec in game.option_schema()]


def spec_of(game: Game, name: str) -> OptionSpec:
    return next(spec for spec in game.option_schema() if spec.name == name)


def other_types(spec: OptionSpec) -> list[object]:
    """Values of every JSON type but the option's own, made from its default."""
    d = spec.default
    by_type: dict[str, list[object]] = {
        "a number": [7, 2.5],
        "a string": [str(d), spec.show(d), "true"],
        "a boolean": [True, False],
        "null": [None],
        "a list": [[d]],
        "an object": [{"value": d}],
    }
    return [v for kind, vs in by_type.items() if kind != spec.json_type() for v in vs]


def in_other_type(spec: OptionSpec) -> object:
    """The default as a careless hand writes it in a record: ``"21"``, ``"no"``, ``1``."""
    return 1 if spec.json_type() == "a string" else spec.show(spec.default)


def test_every_game_has_options_of_both_json_kinds_between_them() -> None:
    # The tests below would check little if no game had a number or no game a word.
    kinds = {spec_of(get_game(g), n).json_type() for g, n in OPTIONS}
    assert {"a number", "a string", "a boolean"} <= kinds


@pytest.mark.parametrize(("gid", "name"), OPTIONS)
def test_json_values_of_the_option_type_are_taken_as_they_are(gid: str, name: str) -> None:
    game = get_game(gid)
    for value in spec_of(game, name).samples():
        taken = game.options({name: value})[name]
        assert taken == value and type(taken) is type(value)


@pytest.mark.parametrize(("gid", "name"), OPTIONS)
def test_json_values_of_another_type_are_refused_naming_option_and_type(
    gid: str, name: str
) -> None:
    game = get_game(gid)
    spec = spec_of(game, name)
    for value in other_types(spec):
        with pytest.raises(OptionError) as info:
            game.options({name: value})
        message = str(info.value)
        assert message.startswith(f"option {name}="), message
        assert f" ({spec.json_type()}), not " in message, message


@pytest.mark.parametrize(("gid", "name"), OPTIONS)
def test_command_line_text_reads_back_every_value(gid: str, name: str) -> None:
    game = get_game(gid)
    spec = spec_of(game, name)
    schema = game.option_schema()
    for value in spec.samples():
        for text in {spec.show(value), spec.show(value).upper(), f" {spec.show(value)} "}:
            typed = parse_option_texts(schema, parse_option_args([f"{name}={text}"]))
            assert typed == {name: value} and type(typed[name]) is type(value), text
            assert game.options(typed)[name] == value


@pytest.mark.parametrize(("gid", "name"), OPTIONS)
def test_replay_refuses_a_record_with_an_option_of_another_type(gid: str, name: str) -> None:
    spec = spec_of(get_game(gid), name)
    wrong = in_other_type(spec)
    outcome = replay_text(json.dumps({"game": gid, "options": {name: wrong}}))
    assert outcome.exit_code == 2
    message = outcome.output["error"]["message"]
    assert message.startswith(f"option {name}={json.dumps(wrong)} must be ")
    assert f"({spec.json_type()}), not " in message


def test_replay_of_a_tetka_record_with_target_as_text_exits_2_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tetka.json"
    path.write_text(json.dumps({"game": "tetka", "options": {"target": "21"}}), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False
    assert out["error"]["message"] == (
        'option target="21" must be a whole number from 1 to 50 (a number), not a string'
    )


# ------------------------------------------------------------------ the web API


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'app.db'}", tables_per_minute=1000)
    with TestClient(create_app(settings)) as c:
        yield c


def lobby_values(menu: dict[str, Any], pick: int) -> dict[str, OptionValue]:
    """What the lobby sends: each option's default, or (pick=1) another value offered."""
    values: dict[str, OptionValue] = {}
    for opt in menu["options"]:
        value = opt["default"]
        if pick and opt["type"] == "choice":
            value = opt["choices"][-1] if value != opt["choices"][-1] else opt["choices"][0]
        elif pick and opt["type"] == "int":
            value = opt["max"] if value != opt["max"] else opt["min"]
        elif pick and opt["type"] == "bool":
            value = not value
        values[opt["name"]] = value
    return values


def post(client: TestClient, gid: str, values: dict[str, object]) -> Any:
    game = get_game(gid)
    try:
        players = game.new_match(game.options(values), seed=0).players
    except OptionError:
        players = game.info.players[0]
    body = {"game": gid, "options": values, "seats": seats(*["human"] * players)}
    return client.post("/api/tables", json=body)


def test_the_web_api_takes_what_the_lobby_sends_and_refuses_other_types(
    client: TestClient,
) -> None:
    menus = client.get("/api/games").json()
    assert {m["id"] for m in menus} == {g.id for g in games()}
    for menu in menus:
        for pick in (0, 1):
            values = lobby_values(menu, pick)
            answer = post(client, menu["id"], dict(values))
            assert answer.status_code == 201, answer.text
        spec = get_game(menu["id"]).option_schema()[0]
        answer = post(client, menu["id"], {spec.name: in_other_type(spec)})
        assert answer.status_code == 400
        assert f"option {spec.name}=" in answer.text and spec.json_type() in answer.text
