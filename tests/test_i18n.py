"""The translation catalogs: each complete for its own package, consistent, and really
Russian, Portuguese, French and Spanish.

Two kinds of catalog: the shared one (``tricktaker/locale``, domain
``tricktaker``) holds the front ends' texts, the card letters and the phrases
every game's words share (``core.words``), and is checked against the
messages of the whole package but its games; each game's
own (``tricktaker/games/<game>/locale``, domain ``<game>``) is checked against
the messages of that game's package alone. So a game's words cannot hide in
the shared catalog, nor a front end's in a game's.
"""

from __future__ import annotations

import gettext
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

import tricktaker
from tricktaker.core import get_game
from tricktaker.core.i18n import (
    DECIMAL_COMMA,
    LANGUAGES,
    accepted_lang,
    decimal,
    detect_lang,
    language_of,
    load_catalog,
    translator,
)
from tricktaker.core.protocol import choice_label, option_label
from tricktaker.core.registry import game_ids

MsgKey = tuple[str | None, str | tuple[str, ...]]
#: How many forms a plural message has in each language: Russian's one, few and many;
#: the others' one and many.
PLURAL_FORMS = {"en": 2, "ru": 3, "pt": 2, "fr": 2, "es": 2}
PACKAGE = Path(tricktaker.__file__).parent
GAMES = PACKAGE / "games"
#: The web app's texts (the server's and the page's) are the ``web`` domain's,
#: checked by test_web_texts.py, not the shared catalog's.
WEB_PARTS = (PACKAGE / "server", PACKAGE / "web")
PLACEHOLDER = re.compile(r"\{(\w*)\}")
LATIN = re.compile(r"[A-Za-z]")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
#: Words a Russian player would not use at the table (anglicisms, the seed's odd spellings).
NOT_RUSSIAN = ("спойл", "дилер", "фокус", "раунд", "фолд", "летрук", "матч")
#: "Трюк" is the game's name (Ле Трюк), never a trick (that is a «взятка»).
TRICK_AS_TRUK = re.compile(r"(?<!Ле )трюк", re.IGNORECASE)


def game_catalogs() -> list[str]:
    """Games that keep a catalog of their own (``games/<id>/locale``)."""
    return sorted(p.name for p in GAMES.iterdir() if (p / "locale").is_dir())


#: (domain, package, source folder, folders left out of it)
CATALOGS = [("tricktaker", "tricktaker", PACKAGE, (GAMES, *WEB_PARTS))] + [
    (game, f"tricktaker.games.{game}", GAMES / game, ()) for game in game_catalogs()
]


def used_messages(root: Path, left_out: tuple[Path, ...]) -> set[MsgKey]:
    """Every (context, msgid) the sources under ``root`` mark for translation."""
    found: set[MsgKey] = set()
    for filename, _line, msgid, _comments, context in extract_from_dir(
        str(root), method_map=[("**.py", "python")], keywords=DEFAULT_KEYWORDS
    ):
        if any((root / filename).is_relative_to(folder) for folder in left_out):
            continue
        found.add((context, as_key(msgid)))
    return found


def as_key(msgid: str | tuple[str, ...] | list[str]) -> str | tuple[str, ...]:
    return msgid if isinstance(msgid, str) else tuple(msgid)


def catalog_keys(catalog: Catalog) -> set[MsgKey]:
    return {(m.context, as_key(m.id)) for m in catalog if m.id}


def strings_of(message: object) -> tuple[str, ...]:
    raw = getattr(message, "string", "")
    return (raw,) if isinstance(raw, str) else tuple(raw or ("",))


def test_every_game_has_its_own_catalog() -> None:
    assert {"truc", "truco", "tetka", "preferans"} <= set(game_catalogs())


def test_sources_use_translations() -> None:
    shared = used_messages(PACKAGE, (GAMES, *WEB_PARTS))
    truc = used_messages(GAMES / "truc", ())
    # The key phrases are found, each in its own package, so extraction really ran.
    assert (None, "Two if I play?") in truc and (None, "Two if I play?") not in shared
    assert (None, "My rest") in truc
    # A phrase every game says alike is core's (core.words), in the shared catalog alone.
    assert (None, ("{n} point", "{n} points")) in shared
    assert (None, ("{n} point", "{n} points")) not in truc
    assert ("rank", "A") in shared and ("rank", "A") not in truc
    assert (None, "You") in shared
    assert len(truc) > 80 and len(shared) > 30
    truco = used_messages(GAMES / "truco", ())
    assert (None, "Seis! (6)") in truco and (None, "Seis! (6)") not in truc | shared
    assert (None, "Desce! (accept)") in truco
    assert (None, "Trick {n}") in shared and (None, "Trick {n}") not in truco
    assert len(truco) > 80
    tetka = used_messages(GAMES / "tetka", ())
    assert (None, "counting trick") in tetka and (None, "counting trick") not in truco | shared
    assert (None, ("{n} mark", "{n} marks")) in tetka
    assert len(tetka) > 60


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("domain", "package", "root", "left_out"), CATALOGS)
def test_catalog_has_every_msgid_and_nothing_stale(
    lang: str, domain: str, package: str, root: Path, left_out: tuple[Path, ...]
) -> None:
    catalog = load_catalog(lang, domain, package)
    used = used_messages(root, left_out)
    have = catalog_keys(catalog)
    assert sorted(map(str, used - have)) == [], f"{domain}/{lang} lacks these messages"
    assert sorted(map(str, have - used)) == [], f"{domain}/{lang} has unused messages"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("domain", "package", "root", "left_out"), CATALOGS)
def test_every_message_is_translated_with_the_same_placeholders(
    lang: str, domain: str, package: str, root: Path, left_out: tuple[Path, ...]
) -> None:
    catalog = load_catalog(lang, domain, package)
    forms = PLURAL_FORMS[lang]
    assert catalog.num_plurals == forms
    for message in catalog:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = strings_of(message)
        if not isinstance(message.id, str):
            assert len(strings) == forms, message.id
        assert all(strings), f"{domain}/{lang}: empty translation of {message.id!r}"
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        for s in strings:
            assert set(PLACEHOLDER.findall(s)) == wanted, (lang, message.id, s)


@pytest.mark.parametrize(("domain", "package", "root", "left_out"), CATALOGS)
def test_the_russian_is_russian(
    domain: str, package: str, root: Path, left_out: tuple[Path, ...]
) -> None:
    catalog = load_catalog("ru", domain, package)
    for message in catalog:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        words = PLACEHOLDER.sub("", ids[0])
        for s in strings_of(message):
            text = PLACEHOLDER.sub("", s)
            if LATIN.search(words) and len(words) > 1:
                # Keys and option values stay Latin (Esc, repeat): some Russian must be there.
                assert CYRILLIC.search(text), (message.id, s)
            for bad in NOT_RUSSIAN:
                assert bad not in s.lower(), (message.id, s)
            assert not TRICK_AS_TRUK.search(s), (message.id, s)


#: Each game's key phrases, as its Russian players say them.
KEY_PHRASES = {
    "truc": [
        ("Le Truc", "Ле Трюк"),
        ("Two if I play?", "Два, если я играю?"),
        ("Four if I play?", "Четыре, если я играю?"),
        ("My rest", "Мой остаток"),
        ("Cards, please", "Прошу карты"),
        ("Accept", "Принимаю"),
        ("No", "Нет"),
        ("Fold", "Сдаюсь"),
        ("spoiled", "испорчена"),
        ("dealer", "сдатчик"),
        ("the deal decides the game", "сдача решает круг"),
    ],
    "truco": [
        ("Truco", "Труко"),
        ("Truco! (3)", "Труко! (3)"),
        ("Seis! (6)", "Шесть! (Seis!)"),
        ("Nove! (9)", "Девять! (Nove!)"),
        ("Dez! (10)", "Десять! (Dez!)"),
        ("Doze! (12)", "Двенадцать! (Doze!)"),
        ("Desce! (accept)", "Принимаю (Desce!)"),
        ("Corro (run from the raise)", "Пас / бегу (Corro)"),
        ("Hand of eleven", "Мао-де-онзе"),
        ("a card face down", "карта рубашкой вверх"),
        ("zap", "зап"),
        ("tied (empate)", "ничья (эмпате)"),
    ],
    "preferans": [
        ("Preferans", "Преферанс"),
        ("pulya", "пуля"),
        ("gora", "гора"),
        ("whists", "висты"),
        ("Half-whist", "Полвиста"),
        ("Open", "В открытую"),
        ("Closed", "В закрытую"),
        ("Misère", "Мизер"),
        ("all-pass", "распасы"),
        ("down two", "без двух"),
        ("the pot game", "котёл"),
    ],
    "tetka": [
        ("Tetka", "Тётка"),
        ("photo card", "фотография"),
        ("Photograph", "Фотография"),
        ("counting trick", "счётная взятка"),
        ("last trick", "последняя взятка"),
        ("Deal", "Раздача"),
        ("dealer", "сдающий"),
        ("The robber is over.", "Роббер окончен."),
        ("revoked", "ренонс"),
    ],
}


@pytest.mark.parametrize(
    ("game", "msgid", "russian"),
    [(game, msgid, russian) for game, pairs in KEY_PHRASES.items() for msgid, russian in pairs],
)
def test_key_phrases_of_each_game(game: str, msgid: str, russian: str) -> None:
    ru = translator("ru", game, f"tricktaker.games.{game}")
    en = translator("en", game, f"tricktaker.games.{game}")
    assert ru(msgid) == russian
    assert en(msgid) == msgid
    # ...and not in the shared catalog, where only the front ends' words live.
    assert translator("ru")(msgid) == msgid


def test_russian_plurals_and_contexts() -> None:
    shared = translator("ru")
    got = [shared.ngettext("{n} point", "{n} points", n).format(n=n) for n in (1, 2, 5, 11, 21)]
    assert got == ["1 очко", "2 очка", "5 очков", "11 очков", "21 очко"]
    tetka = translator("ru", "tetka", "tricktaker.games.tetka")
    marks = [tetka.ngettext("{n} mark", "{n} marks", n).format(n=n) for n in (1, 3, 8, 21, 22)]
    assert marks == ["1 марка", "3 марки", "8 марок", "21 марка", "22 марки"]
    cards = [shared.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 3, 0)]
    assert cards == ["1 карта", "3 карты", "0 карт"]
    en = translator("en")
    assert [en.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2)] == [
        "1 card",
        "2 cards",
    ]
    assert shared.pgettext("rank", "A") == "Т"
    assert en.pgettext("rank", "A") == "A"


#: Truco and Le Truc as a Spanish-speaking table says them (docs/rules/terms-es.md): Truco's
#: calls are the real Spanish ones, Le Truc keeps its French raise and rest.
SPANISH_KEY_PHRASES = {
    "truco": [
        ("Truco! (3)", "¡Truco! (3)"),
        ("Seis! (6)", "¡Seis! (6)"),
        ("Nove! (9)", "¡Nueve! (9)"),
        ("Doze! (12)", "¡Doce! (12)"),
        ("Desce! (accept)", "¡Quiero!"),
        ("Desce!", "¡Quiero!"),
        ("Corro (run from the raise)", "No quiero"),
        ("Corro!", "¡No quiero!"),
        ("Fold", "Me voy al mazo"),
        ("I fold", "Me voy al mazo"),
        ("Hand of eleven", "Mano de once"),
        ("mão", "mano"),
        ("tied (empate)", "parda (empate)"),
        ("a card face down", "una carta tapada"),
        ("zap", "zap"),
        ("vira: {card}", "vira: {card}"),
    ],
    "truc": [
        ("Two if I play?", "Deux si je joue ?"),
        ("My rest", "Mon reste"),
        ("Cards, please", "Pido cartas"),
        ("Accept", "Acepto"),
        ("Fold", "Me voy al mazo"),
        ("spoiled", "podrida"),
    ],
    "preferans": [
        ("down two", "dos multas"),
        ("pulya", "pulia"),
        ("all-pass", "raspasy"),
        ("Pass", "Paso"),
    ],
    "tetka": [("revoked", "renuncio"), ("Photograph", "Fotografía")],
}


@pytest.mark.parametrize(
    ("game", "msgid", "spanish"),
    [(game, msgid, text) for game, pairs in SPANISH_KEY_PHRASES.items() for msgid, text in pairs],
)
def test_key_phrases_in_spanish(game: str, msgid: str, spanish: str) -> None:
    assert translator("es", game, f"tricktaker.games.{game}")(msgid) == spanish


def test_spanish_counts_zero_as_many() -> None:
    """Spanish says "0 puntos", "1 punto", "2 puntos": English's rule (``n != 1``), not
    Portuguese and French's."""
    shared = translator("es")
    got = [shared.ngettext("{n} point", "{n} points", n).format(n=n) for n in (0, 1, 2, 21)]
    assert got == ["0 puntos", "1 punto", "2 puntos", "21 puntos"]
    for domain, package, _root, _left_out in CATALOGS:
        catalog = load_catalog("es", domain, package)
        plural = gettext.c2py(catalog.plural_expr)
        assert [plural(n) for n in (0, 1, 2, 5)] == [1, 0, 1, 1], domain


def test_unknown_messages_fall_back_to_english() -> None:
    ru = translator("ru")
    assert ru("No such message here") == "No such message here"
    assert ru.ngettext("one cat", "{n} cats", 3) == "{n} cats"
    assert ru.pgettext("nowhere", "A") == "A"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="no catalog"):
        load_catalog("de")


def test_every_language_has_its_plural_forms() -> None:
    """A language added to LANGUAGES is given its count of forms here, so that a
    catalog with Russian's three forms copied into French fails."""
    assert set(PLURAL_FORMS) == set(LANGUAGES)


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_portuguese_and_french_count_zero_as_one(lang: str) -> None:
    """Brazilian Portuguese and French say "0 ponto", "0 point": the singular form for
    0 and 1, the plural from 2 (``plural=(n > 1)``), unlike English's "0 points"."""
    for domain, package, _root, _left_out in CATALOGS:
        catalog = load_catalog(lang, domain, package)
        plural = gettext.c2py(catalog.plural_expr)
        assert [plural(n) for n in (0, 1, 2, 5, 21)] == [0, 0, 1, 1, 1], (domain, lang)
    shared = translator(lang)
    message = load_catalog(lang).get("{n} point")
    assert message is not None
    one, many = strings_of(message)
    assert shared.ngettext("{n} point", "{n} points", 0) == one
    assert shared.ngettext("{n} point", "{n} points", 2) == many


#: Messages a Portuguese, French or Spanish catalog may leave as the English msgid: the games' own
#: words (Truco's are Portuguese in every language, Le Truc's French), proper names,
#: the ace's letter, and words the languages share with English. Anything else left
#: identical to its msgid is an untranslated English message.
#: Truco's calls and cards: Portuguese already, and kept so in every language.
TRUCO_WORDS = frozenset(
    {
        "Truco",
        "Truco! (3)",
        "Truco! (4)",
        "Seis! (6)",
        "Nove! (9)",
        "Dez! (10)",
        "Doze! (12)",
        "Desce!",
        "Corro!",
        "zap",
        "copas",
        "espadilha",
        "pica-fumo",
        "mão",
        "Paulista",
        "Mineiro",
        "vira: {card}",
        "manilhas: {cards}",
        "Vira",
        # Argentino's calls, said in Spanish whatever the players' language
        "Truco!",
        "Retruco!",
        "Vale cuatro!",
        "Envido!",
        "Real envido!",
        "Falta envido!",
        "Flor!",
        "Contraflor!",
        "Contraflor al resto!",
        "Quiero",
        "No quiero",
        "Son buenas",
        "Me voy al mazo",
        "Envido: {n}",
        "Flor: {n}",
        "Flor",
        "Gaúcho",
        "Argentino",
        "Quero",
        "Não quero",
        "Vale quatro!",
        # the web table's groups of Argentino's calls, and its race to 30 (web.po)
        "Envido",
        "Mazo",
        "{side}: {n} malas",
        "{side}: {n} buenas",
    }
)
#: Spanish says Truco's calls in Spanish (¡Seis!, ¡Quiero!, mano): only the cards' and the
#: variants' names stay Portuguese, and Argentino's words are Spanish already.
TRUCO_NAMES = frozenset(
    {
        "Truco",
        "zap",
        "copas",
        "espadilha",
        "pica-fumo",
        "Paulista",
        "Mineiro",
        "vira: {card}",
        "manilhas: {cards}",
        "Vira",
        # Argentino's and Gaúcho's words, Spanish (or Gaúcho's Portuguese) already
        "Argentino",
        "Gaúcho",
        "No quiero",
        "Son buenas",
        "Me voy al mazo",
        "Flor",
        "Envido: {n}",
        "Flor: {n}",
        "Quero",
        "Não quero",
        "Vale quatro!",
        # the web table's groups of Argentino's calls, and its race to 30 (web.po)
        "Envido",
        "Mazo",
        "{side}: {n} malas",
        "{side}: {n} buenas",
    }
)
SAME_AS_ENGLISH: dict[str, frozenset[str]] = {
    "pt": TRUCO_WORDS
    | frozenset(
        {
            # Le Truc keeps its French name
            "Le Truc",
            # the letters printed on Brazilian cards
            "A",
            "K",
            "Q",
            "J",
            # Preferans' and Tetka's Russian words, transliterated as in English; the
            # conventions' cities
            "Preferans",
            "Tetka",
            "pulya",
            "gora",
            "Pulya: {entries}",
            "Gora: {entries}",
            "pulya: {name} {amount}",
            "gora: {name} {amount}",
            "whist",
            "Whist",
            "whists",
            "whist: {names}",
            "whists: {name} → {on} {amount}",
            "misère",
            "Misère",
            "Sochi",
            "Rostov",
            # words Portuguese spells as English does
            "Normal",
            "{n} s",
        }
    ),
    "fr": TRUCO_WORDS
    | frozenset(
        {
            # Le Truc is French; so are these words, spelt as in English
            "Le Truc",
            "Table",
            "Table {id}",
            "Talon",
            "talon",
            "expert",
            "Message",
            "Messages",
            "Options",
            "Version",
            "Score",
            "{n} point",
            "{n} points",
            "A",
            "six",
            "misère",
            "Misère",
            "{n} s",
            # Preferans' Russian words, transliterated as in English; a convention's city
            "gora",
            "whist",
            "Whist",
            "whists",
            "Rostov",
        }
    ),
    "es": TRUCO_NAMES
    | frozenset(
        {
            # Le Truc keeps its French name
            "Le Truc",
            # the letters printed on Spanish-speaking players' French-suited cards
            "A",
            "K",
            "Q",
            "J",
            # Preferans' Russian words kept as loan words; a convention's cities
            "Preferans",
            "gora",
            "Gora: {entries}",
            "gora: {name} {amount}",
            "whist",
            "Whist",
            "whists",
            "whist: {names}",
            "whists: {name} → {on} {amount}",
            "misère",
            "Misère",
            "Sochi",
            "Rostov",
            # words Spanish spells as English does
            "No",
            "Normal",
            "{n} s",
        }
    ),
}


def untranslated(lang: str, domain: str, package: str) -> list[str]:
    """The messages of a catalog left as their English msgid (every form of a plural),
    bar those of ``SAME_AS_ENGLISH`` and those with no letter to translate."""
    found = []
    for message in load_catalog(lang, domain, package):
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = strings_of(message)
        pairs = [(ids[0], strings[0]), (ids[-1], strings[-1])]
        if not all(msgid == text for msgid, text in pairs):
            continue
        if all(not LATIN.search(PLACEHOLDER.sub("", msgid)) for msgid in ids):
            continue  # "{n}!", "“{text}”": nothing but signs and placeholders
        if all(msgid in SAME_AS_ENGLISH[lang] for msgid in ids):
            continue
        found.append(repr(message.id if message.context is None else (message.context, ids[0])))
    return found


@pytest.mark.parametrize("lang", ["pt", "fr", "es"])
@pytest.mark.parametrize(("domain", "package", "root", "left_out"), CATALOGS)
def test_the_portuguese_and_the_french_are_translated(
    lang: str, domain: str, package: str, root: Path, left_out: tuple[Path, ...]
) -> None:
    """A translation equal to its English msgid is an English text on a Portuguese,
    French or Spanish screen, unless it is one of the few words those languages write
    alike."""
    assert untranslated(lang, domain, package) == [], f"{domain}/{lang}: still English"


def test_an_untranslated_message_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: a catalog whose translation is its msgid is reported,
    one whose msgid is on the allow-list is not."""
    catalog = load_catalog("pt", "tricktaker", "tricktaker")  # the one untranslated() reads
    monkeypatch.setattr(catalog.get("{n} card"), "string", ("{n} card", "{n} cards"))
    monkeypatch.setattr(catalog.get("A", "rank"), "string", "A")
    assert untranslated("pt", "tricktaker", "tricktaker") == ["('{n} card', '{n} cards')"]


@pytest.mark.parametrize(
    ("tag", "lang"),
    [
        ("pt", "pt"),
        ("pt-BR", "pt"),
        ("pt_PT.UTF-8", "pt"),
        ("PT-br", "pt"),
        ("fr-CA", "fr"),
        ("fr_FR@euro", "fr"),
        ("es-419", "es"),
        ("es_AR.UTF-8", "es"),
        ("ru", "ru"),
        ("en-GB", "en"),
        ("de-DE", None),
        ("portuguese", None),
        ("*", None),
        ("", None),
        (None, None),
        (7, None),
    ],
)
def test_a_tag_names_a_language_by_its_primary_subtag(tag: object, lang: str | None) -> None:
    assert language_of(tag) == lang


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7", "pt"),
        ("fr-CA", "fr"),
        ("de-DE,de;q=0.9,pt-PT;q=0.8,en;q=0.7", "pt"),  # German first: not spoken
        ("en;q=0.5, fr;q=0.8", "fr"),  # the highest q wins, not the first
        ("es-AR,es;q=0.9,en;q=0.8", "es"),
        ("de-DE,es-419;q=0.7", "es"),
        ("ru;q=0.8,fr;q=0.8", "ru"),  # equals: the header's order
        ("fr;q=0, ru;q=0.1", "ru"),  # q=0: not acceptable at all
        ("fr;q=zero,en;q=0.2", "en"),  # a malformed q leaves its tag out
        ("fr;q=2,en;q=0.2", "en"),  # so does one out of range
        (" FR ; Q=0.9 , en;q=0.1", "fr"),
        ("de, *;q=0.5", None),
        ("", None),
        (None, None),
        ("de," * 20 + "fr", None),  # read no further than MAX_ACCEPTED entries
    ],
)
def test_the_best_language_of_an_accept_language_header(header: str | None, lang: str) -> None:
    assert accepted_lang(header) == lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_decimal_comma_where_the_language_writes_one(lang: str) -> None:
    """Russian, Portuguese, French and Spanish write ``+1,5``; English ``+1.5``: one helper for
    the hints' values and Preferans' balances."""
    comma = lang in DECIMAL_COMMA
    assert comma == (lang != "en")
    assert decimal("+1.5", lang) == ("+1,5" if comma else "+1.5")
    assert decimal("+12", lang) == "+12"


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
        ({"LANG": "pt_BR.UTF-8"}, "pt"),
        ({"LANG": "pt_PT.UTF-8"}, "pt"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LANG": "fr"}, "fr"),
        ({"LANG": "es_AR.UTF-8"}, "es"),
        ({"LC_ALL": "es_ES.UTF-8", "LANG": "en_US.UTF-8"}, "es"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANGUAGE": "de:pt:en", "LANG": "de_DE.UTF-8"}, "pt"),  # gettext's list
        ({"LANGUAGE": "de", "LC_ALL": "fr_FR.UTF-8"}, "en"),  # the first one set decides
        ({"LANG": "frisian"}, "en"),
    ],
)
def test_language_from_the_locale(env: dict[str, str], lang: str) -> None:
    assert detect_lang(env) == lang


@pytest.mark.parametrize("gid", game_ids())
def test_every_option_and_choice_has_a_russian_label(gid: str) -> None:
    """The lobby names options and their values in the player's language, not notation."""
    game = get_game(gid)
    words = game.words("ru")
    for spec in game.option_schema():
        assert option_label(words, spec) != spec.name, f"{gid}: option {spec.name} has no label"
        for value in spec.choices:
            if isinstance(value, str):
                label = choice_label(words, spec, value)
                assert label != value, f"{gid}: {spec.name}={value} has no label"


#: An English phrase worth looking for on a translated screen: three words or more.
PHRASE_WORDS = 3


@cache
def english_phrases(lang: str) -> dict[str, str]:
    """English phrases that must not be seen on a screen in ``lang``, each with the msgid
    it comes from: every run of ``PHRASE_WORDS`` words or more between the placeholders
    of a message whose translation differs from it, in the shared, the games' and the
    web catalogs. A phrase that the language's own translations also contain (a game
    word kept as it is) is left out, so that only English that should be gone is found."""
    from tricktaker.server.messages import WEB_DOMAIN, WEB_PACKAGE

    domains = [(domain, package) for domain, package, _root, _left in CATALOGS]
    domains.append((WEB_DOMAIN, WEB_PACKAGE))
    phrases: dict[str, str] = {}
    translated: list[str] = []
    for domain, package in domains:
        for message in load_catalog(lang, domain, package):
            if not message.id:
                continue
            ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
            strings = strings_of(message)
            translated.extend(strings)
            if set(ids) <= set(strings):
                continue  # left as in English on purpose (SAME_AS_ENGLISH)
            for msgid in ids:
                for chunk in PLACEHOLDER.split(msgid)[::2]:
                    phrase = " ".join(chunk.split()).strip(" ,.:;!?()—–-")
                    if len(phrase.split()) >= PHRASE_WORDS:
                        phrases.setdefault(phrase, msgid)
    return {p: m for p, m in phrases.items() if not any(p in s for s in translated)}


def english_left(text: str, lang: str) -> list[str]:
    """The English phrases of ``english_phrases(lang)`` that ``text`` still shows."""
    flat = " ".join(text.split())
    return sorted(f"{p!r} (from {m!r})" for p, m in english_phrases(lang).items() if p in flat)


def test_english_phrases_are_found_on_a_screen() -> None:
    """The browser's and the terminal's "no English left" checks can fail: an English
    message shown on a Portuguese screen is found and named, its translation is not."""
    msgid = "Suits do not matter and you need not follow suit: the higher card takes the trick."
    shown = translator("pt", "truc", "tricktaker.games.truc")(msgid)
    assert shown != msgid
    assert len(english_phrases("pt")) > 200
    found = english_left(f"Placar\n{msgid}\n", "pt")
    assert found == [f"{msgid[:-1]!r} (from {msgid!r})"]
    assert english_left(f"Placar\n{shown}\n", "pt") == []
