"""The translation catalogs: complete, consistent, and really Russian where it matters."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

import tricktaker
from tricktaker.i18n import LANGUAGES, detect_lang, load_catalog, translator

MsgKey = tuple[str | None, str | tuple[str, ...]]
PACKAGE = Path(tricktaker.__file__).parent
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def used_messages() -> set[MsgKey]:
    """Every (context, msgid) the package's sources mark for translation."""
    found: set[MsgKey] = set()
    for _file, _line, msgid, _comments, context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=DEFAULT_KEYWORDS
    ):
        found.add((context, msgid))
    return found


def as_key(msgid: str | tuple[str, ...] | list[str]) -> str | tuple[str, ...]:
    return msgid if isinstance(msgid, str) else tuple(msgid)


def catalog_keys(catalog: Catalog) -> set[MsgKey]:
    return {(m.context, as_key(m.id)) for m in catalog if m.id}


def test_sources_use_translations() -> None:
    used = used_messages()
    # The key phrases of the game are among them, so extraction really ran.
    assert (None, "Two if I play?") in used
    assert (None, "My rest") in used
    assert ("rank", "A") in used
    assert (None, ("{n} point", "{n} points")) in used
    assert len(used) > 80


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_has_every_msgid_and_nothing_stale(lang: str) -> None:
    catalog = load_catalog(lang)
    used = used_messages()
    have = catalog_keys(catalog)
    assert sorted(map(str, used - have)) == [], f"{lang} catalog lacks these messages"
    assert sorted(map(str, have - used)) == [], f"{lang} catalog has unused messages"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    catalog = load_catalog(lang)
    forms = 3 if lang == "ru" else 2
    assert catalog.num_plurals == forms
    for message in catalog:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        raw = message.string
        strings = (raw,) if isinstance(raw, str) else tuple(raw or ("",))
        if not isinstance(message.id, str):
            assert len(strings) == forms, message.id
        assert all(strings), f"{lang}: empty translation of {message.id!r}"
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for s in strings:
            assert set(PLACEHOLDER.findall(s)) == wanted, (lang, message.id, s)


@pytest.mark.parametrize(
    ("msgid", "russian"),
    [
        ("Two if I play?", "Два, если я играю?"),
        ("Four if I play?", "Четыре, если я играю?"),
        ("My rest", "Мой остаток"),
        ("Cards, please", "Прошу карты"),
        ("Accept", "Принимаю"),
        ("No", "Нет"),
        ("Fold", "Сдаюсь"),
        ("Pass", "Пас"),
    ],
)
def test_key_phrases(msgid: str, russian: str) -> None:
    ru, en = translator("ru"), translator("en")
    assert ru(msgid) == russian
    assert en(msgid) == msgid
    assert ru(msgid) != en(msgid)


def test_russian_plurals_and_contexts() -> None:
    ru, en = translator("ru"), translator("en")
    got = [ru.ngettext("{n} point", "{n} points", n).format(n=n) for n in (1, 2, 5, 11, 21, 24)]
    assert got == ["1 очко", "2 очка", "5 очков", "11 очков", "21 очко", "24 очка"]
    assert [en.ngettext("{n} point", "{n} points", n).format(n=n) for n in (1, 2)] == [
        "1 point",
        "2 points",
    ]
    assert ru.pgettext("rank", "A") == "Т"
    assert en.pgettext("rank", "A") == "A"


def test_unknown_messages_fall_back_to_english() -> None:
    ru = translator("ru")
    assert ru("No such message here") == "No such message here"
    assert ru.ngettext("one cat", "{n} cats", 3) == "{n} cats"
    assert ru.pgettext("nowhere", "A") == "A"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="no catalog"):
        load_catalog("fr")


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({}, "en"),
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LANGUAGE": "en", "LC_ALL": "ru_RU.UTF-8"}, "en"),
        ({"LANGUAGE": "ru:en", "LANG": "C"}, "ru"),
        ({"LANGUAGE": "", "LC_MESSAGES": "ru_UA", "LANG": "en_GB"}, "ru"),
    ],
)
def test_language_from_the_locale(env: dict[str, str], lang: str) -> None:
    assert detect_lang(env) == lang
