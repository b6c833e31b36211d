"""The lobby's options in the players' words (issue 21, item 5): every option of every
game has a label and a help line of its own in English and Russian (not the command
line's text, no raw ids), every word value is named, and an option that means
something only beside some values of another says so (``OptionSpec.when``)."""

from __future__ import annotations

import re

import pytest

from tricktaker.core import get_game
from tricktaker.core.i18n import LANGUAGES
from tricktaker.core.options import OptionSpec, build_options, check_schema
from tricktaker.core.protocol import choice_label, option_label
from tricktaker.core.registry import game_ids
from tricktaker.server.routes.lobby import LOBBY_ORDER, games_json, lobby_order

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("gid", game_ids())
def test_every_option_has_a_label_and_a_players_help(gid: str, lang: str) -> None:
    game = get_game(gid)
    words = game.words(lang)
    for spec in game.option_schema():
        label = option_label(words, spec)
        assert label and label != spec.name, (gid, lang, spec.name)
        text = words.option_help(spec)
        assert text and text != spec.help, f"{gid}/{lang}: {spec.name}'s help is the CLI's"
        if lang == "ru":
            assert CYRILLIC.search(label) and CYRILLIC.search(text), (gid, spec.name)
            # A sentence for a player: no value written as notation ("sochi", "prevented");
            # in English many ids are words too ("once", "pot"), so Russian tells.
            for value in spec.choices:
                assert str(value) not in text or not isinstance(value, str), (gid, value, text)
        for value in spec.choices:
            named = choice_label(words, spec, value)
            assert named, (gid, lang, spec.name, value)
            if isinstance(value, str) or lang == "ru":
                assert named != str(value) or not isinstance(value, str), (gid, spec.name, value)


@pytest.mark.parametrize("gid", game_ids())
def test_every_games_applies_when_rules_are_sound(gid: str) -> None:
    check_schema(get_game(gid).option_schema())


def test_check_schema_refuses_a_rule_that_never_holds() -> None:
    first = OptionSpec("rules", "choice", "a", "", choices=("a", "b"))
    with pytest.raises(ValueError, match="not an earlier option"):
        check_schema((OptionSpec("x", "bool", False, "", when=(("nope", ("a",)),)), first))
    with pytest.raises(ValueError, match="applies when"):
        check_schema((first, OptionSpec("x", "bool", False, "", when=(("rules", ("c",)),))))


def test_overtaking_applies_to_the_pot_game_alone() -> None:
    game = get_game("preferans")
    overtake = next(s for s in game.option_schema() if s.name == "overtake")
    for rules in ("sochi", "leningrad", "rostov"):
        assert not overtake.applies(game.options({"rules": rules}))
    assert overtake.applies(game.options({"rules": "pot"}))
    assert overtake.to_json()["applies_when"] == {"rules": ["pot"]}
    # A value given where it does not apply is still checked and kept: a record says
    # what it says, and the rules ignore it.
    kept = build_options(game.option_schema(), {"rules": "sochi", "overtake": True})
    assert kept["overtake"] is True
    options = {s.name: s for s in game.option_schema()}
    assert all(options[name].applies({}) for name in ("rules", "pool", "players"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_menu_is_in_the_lobbys_order_with_its_rules(lang: str) -> None:
    menu = games_json(lang)
    assert [g["id"] for g in menu] == list(LOBBY_ORDER)
    assert lobby_order(["zeta", "tetka", "alpha", "truco"]) == ["truco", "tetka", "alpha", "zeta"]
    preferans = next(g for g in menu if g["id"] == "preferans")
    shown = {o["name"]: o.get("applies_when") for o in preferans["options"]}
    russian = {"rules": ["sochi", "leningrad", "rostov"]}
    assert shown == {
        "rules": None,
        "pool": None,
        "players": None,
        "overtake": {"rules": ["pot"]},
        # The house rules (docs/rules/preferans.md): each under the conventions it belongs to.
        "failed": {"rules": ["leningrad"]},
        "short_whister": {"rules": ["rostov"]},
        "lone_whist": {"rules": ["leningrad"]},
        "duty_split": russian,
        "ten_tricks": russian,
        "stalingrad": russian,
        "allpass_progression": russian,
        "allpass_exit": russian,
        "allpass_end": russian,
    }
    tetka = next(g for g in menu if g["id"] == "tetka")
    revoke = tetka["options"][0]
    assert all(label not in ("prevented", "penalized") for label in revoke["choice_labels"])
    if lang == "ru":
        assert all(CYRILLIC.search(label) for label in revoke["choice_labels"])


@pytest.mark.parametrize("gid", ["truc", "truco"])
def test_le_truc_and_truco_offer_a_match_length(gid: str) -> None:
    game = get_game(gid)
    match = next(s for s in game.option_schema() if s.name == "match")
    assert set(match.choices) == {1, 3}
    # Each keeps its old behaviour by default: Le Truc's robber, Truco's single game.
    assert match.default == (3 if gid == "truc" else 1)
    ru = game.words("ru")
    assert {choice_label(ru, match, c) for c in match.choices} != {"1", "3"}
