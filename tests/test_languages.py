"""The app's languages reach every front end (issue 22): the server picks the one the
client prefers, the command line takes each with ``--lang``, the terminal speaks it.

The catalogs themselves are test_i18n.py's and test_web_texts.py's; the browser's
side is test_web_lang_browser.py's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request

from test_i18n import english_left
from test_terminal import screen_text
from tricktaker.cli import build_parser
from tricktaker.cli import main as cli_main
from tricktaker.core.i18n import LANGUAGES, translator
from tricktaker.core.registry import get_game
from tricktaker.server.app import create_app
from tricktaker.server.config import Settings
from tricktaker.server.messages import web_words
from tricktaker.server.replay import replay_frames
from tricktaker.server.routes.bodies import lang_or_english
from tricktaker.server.routes.context import client_lang
from tricktaker.terminal.app import PlayApp

TOO_MANY = "Too many replays from this address: wait a minute."


def request(query: str = "", accept: str | None = None) -> Request:
    headers = [] if accept is None else [(b"accept-language", accept.encode())]
    return Request({"type": "http", "query_string": query.encode(), "headers": headers})


@pytest.mark.parametrize(
    ("query", "accept", "lang"),
    [
        ("", "pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7", "pt"),  # a Brazilian browser
        ("", "fr-CA,fr;q=0.9,en;q=0.8", "fr"),
        ("", "es-AR,es;q=0.9,en;q=0.8", "es"),  # an Argentine browser
        ("", "es-ES", "es"),
        ("", "es-419,es;q=0.9", "es"),  # Latin America's tag: es, not an unknown region
        ("", "pt-PT", "pt"),
        ("", "en-US,en;q=0.9,fr;q=0.8", "en"),
        ("", "de-DE,de;q=0.9,fr;q=0.5,ru;q=0.4", "fr"),  # the best one the app speaks
        ("", "ru;q=0.3,pt;q=0.6", "pt"),  # by q, not by place
        ("", "de-DE,it", "en"),  # none spoken: English
        ("", None, "en"),
        ("lang=fr", "pt-BR", "fr"),  # ?lang= first
        ("lang=pt-BR", "ru", "pt"),
        ("lang=es-419", "pt-BR", "es"),
        ("lang=de", "ru", "ru"),  # an unknown ?lang= is not a choice
    ],
)
def test_the_server_picks_the_clients_language(query: str, accept: str | None, lang: str) -> None:
    """The language a refusal is told in (``client_lang``): ``?lang=``, else the client's
    Accept-Language by its q-values, a region's tag (pt-BR, fr-CA) as its language."""
    assert client_lang(request(query, accept)) == lang


@pytest.mark.parametrize(
    ("given", "lang"),
    [
        ("pt", "pt"),
        ("pt-BR", "pt"),
        ("fr", "fr"),
        ("fr-CA", "fr"),
        ("es", "es"),
        ("es-AR", "es"),
        ("es-419", "es"),
        ("de", "en"),
        (None, "en"),
    ],
)
def test_a_bodys_language_is_one_the_app_speaks(given: object, lang: str) -> None:
    """A body's or a socket's ``lang`` (the page sends its own code): a region's tag is
    its language, anything else English, never an error."""
    assert lang_or_english(given) == lang


def test_a_refusal_speaks_the_browsers_language(tmp_path: Path) -> None:
    """Over HTTP: a Brazilian browser's header gets the Portuguese refusal, a French
    one's the French, a German one's the English."""
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'lang.db'}", replays_per_minute=1)
    record = {"game": "truc", "seed": 1, "actions": []}
    with TestClient(create_app(settings)) as client:
        assert client.post("/api/replay", json={"record": record}).status_code == 200
        for accept, lang in [
            ("pt-BR,pt;q=0.9,en;q=0.8", "pt"),
            ("en;q=0.4,fr-FR;q=0.9", "fr"),
            ("es-ES,es;q=0.9", "es"),
            ("de-DE", "en"),
        ]:
            refused = client.post(
                "/api/replay", json={"record": record}, headers={"Accept-Language": accept}
            )
            assert refused.status_code == 429
            assert refused.json()["detail"] == web_words(lang)(TOO_MANY), accept
    assert web_words("pt")(TOO_MANY) != TOO_MANY != web_words("fr")(TOO_MANY)
    assert web_words("es")(TOO_MANY) != TOO_MANY


def lang_choices(parser: argparse.ArgumentParser) -> dict[str, list[object]]:
    """Each command's ``--lang`` choices, by the command's name."""
    found: dict[str, list[object]] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                for option in sub._actions:
                    if "--lang" in option.option_strings:
                        found[name] = list(option.choices or ())
    return found


def test_every_command_with_lang_offers_every_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--lang`` is the app's list wherever a command has it (play, hint), and a
    language it does not speak is a usage error, not English in silence."""
    choices = lang_choices(build_parser())
    assert {"play", "hint"} <= set(choices)
    assert all(c == list(LANGUAGES) for c in choices.values()), choices
    with pytest.raises(SystemExit) as exit_:
        cli_main(["hint", "match.json", "--lang", "de"])
    assert exit_.value.code == 2
    assert "invalid choice: 'de'" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["pt", "fr", "es"])
def test_a_hint_in_portuguese_and_french(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``tricktaker hint --lang pt``: the sentence saying why is the catalog's, not the
    English one the same position gets with ``--lang en``."""
    game = get_game("truc")
    state = game.new_match(game.options({}), seed="11")
    rng = random.Random(4)
    for _ in range(3):
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(state.to_record()), encoding="utf-8")
    why: dict[str, str] = {}
    for code in ("en", lang):
        assert cli_main(["hint", str(path), "--level", "rules", "--json", "--lang", code]) == 0
        why[code] = json.loads(capsys.readouterr().out)["why"]
    assert why[lang] and why[lang] != why["en"]
    assert english_left(why[lang], lang) == []


@pytest.mark.parametrize(("game", "lang"), [("truc", "pt"), ("truco", "fr"), ("truco", "es")])
def test_play_in_the_terminal_speaks_the_language(
    game: str, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``tricktaker play GAME --lang pt``: the table's screen, its actions and its keys'
    help, in the language asked, with no English message of the catalogs on it."""
    screens: list[str] = []

    def headless(app: PlayApp) -> None:
        async def look() -> None:
            async with app.run_test(size=(100, 40)) as pilot:
                for _ in range(20):  # until the computers hand the turn over
                    await pilot.pause()
                    if app.session.to_act == 0:
                        break
                screens.append(screen_text(app))

        asyncio.run(look())

    monkeypatch.setattr(PlayApp, "run", headless)
    argv = ["play", game, "--lang", lang, "--bots", "random", "--seed", "3"]
    assert cli_main([*argv, "--save-dir", str(tmp_path)]) == 0
    (screen,) = screens
    words = get_game(game).words(lang)
    assert words.title in screen
    assert english_left(screen, lang) == [], screen
    assert translator(lang)("Log") in screen  # the log's title, from the shared catalog


def strings_in(value: object) -> list[str]:
    """Every text in a JSON value, nested as it may be."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings_in(v)]
    return []


@pytest.mark.parametrize("lang", ["pt", "fr", "es"])
@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("truc", {}),
        ("truc", {"players": 4}),
        ("truco", {}),
        ("truco", {"variant": "mineiro", "players": 4}),
        ("tetka", {}),
        ("preferans", {}),
        ("preferans", {"rules": "pot"}),
    ],
)
def test_a_match_told_in_portuguese_and_french(
    game_id: str, options: dict[str, object], lang: str
) -> None:
    """Every text the web table gets for a few deals played at random (the status, the
    hints, the buttons, the log, the deal's ends, the rules and options' help), as the
    server's replay builds them: nothing fails to format, and no English message of the
    catalogs is left (the browser's test sees one deal of each game; this sees more)."""
    game = get_game(game_id)
    opts = game.options(options)
    state = game.new_match(opts, seed=5)
    rng = random.Random(5)
    actions: list[str] = []
    while state.to_act is not None and len(actions) < 160:
        legal = list(state.legal_actions())
        plays = [a for a in legal if ":play" in str(a)]
        action = rng.choice(plays if plays and rng.random() < 0.8 else legal)
        state.apply(action)
        actions.append(str(action))
    words = game.words(lang)
    names = [f"P{seat}" for seat in range(state.players)]
    texts = [*words.rules(opts), *(words.option_help(spec) for spec in game.option_schema())]
    for observer in (0, None):
        fresh = game.new_match(opts, seed=5)
        answer = replay_frames(game, fresh, actions, observer, lang, names, options)
        assert answer["error"] is None
        texts += strings_in(answer["frames"])
    assert len(texts) > 100
    assert english_left("\n".join(texts), lang) == []
