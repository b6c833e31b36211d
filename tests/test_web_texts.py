"""The web front end's texts: every msgid the JavaScript (``t("...")``) and the
server (``_("...")`` in ``tricktaker/server``) use has a translation in each
language's catalog in ``tricktaker/web/locale`` (Russian, Portuguese, French),
nothing in those catalogs is unused, and English needs no entries (its msgids
are the English texts). The page's list of languages and its buttons are the
server's ``LANGUAGES``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

import tricktaker
from test_i18n import NOT_RUSSIAN, TRICK_AS_TRUK, untranslated
from tricktaker.core.i18n import DECIMAL_COMMA, LANGUAGES, load_catalog
from tricktaker.server.messages import WEB_DOMAIN, WEB_PACKAGE

PACKAGE = Path(tricktaker.__file__).parent
JS = PACKAGE / "web" / "static" / "js"
INDEX = PACKAGE / "web" / "static" / "index.html"
#: The languages that have a web catalog of their own (English's msgids are its texts).
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
SERVER = PACKAGE / "server"
#: t("...") with a literal, double-quoted text: the only form the front end uses.
T_CALL = re.compile(r'(?<![\w.$])t\(\s*"((?:[^"\\\n]|\\.)*)"\s*[,)]')
#: Any call of t( (not its definition), to catch one whose text extraction would miss.
ANY_T_CALL = re.compile(r"(?<![\w.$])(?<!function )t\(")
#: Comments (block ones, and whole lines of //), left out before reading the calls.
COMMENT = re.compile(r"/\*.*?\*/|^\s*//[^\n]*", re.DOTALL | re.MULTILINE)
#: The server's texts looked up at once, without binding ``_``: ``web_words(lang)("...")``.
DIRECT_CALL = re.compile(r'web_words\([^()]*\)\(\s*"((?:[^"\\\n]|\\.)*)"\s*\)')
PLACEHOLDER = re.compile(r"\{(\w*)\}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LATIN = re.compile(r"[A-Za-z]")


def js_files() -> list[Path]:
    return sorted(JS.glob("*.js"))


def js_msgids() -> set[str]:
    found: set[str] = set()
    for path in js_files():
        source = COMMENT.sub("", path.read_text(encoding="utf-8"))
        literal = T_CALL.findall(source)
        calls = ANY_T_CALL.findall(source)
        assert len(literal) == len(calls), f"{path.name}: t() must be given a literal text"
        found.update(json.loads(f'"{text}"') for text in literal)
    return found


def server_msgids() -> set[str]:
    found: set[str] = set()
    for _name, _line, msgid, _comments, context in extract_from_dir(
        str(SERVER), method_map=[("**.py", "python")], keywords=DEFAULT_KEYWORDS
    ):
        assert context is None and isinstance(msgid, str), msgid
        found.add(msgid)
    for path in sorted(SERVER.glob("*.py")):
        found.update(DIRECT_CALL.findall(path.read_text(encoding="utf-8")))
    return found


def catalog(lang: str) -> Catalog:
    return load_catalog(lang, WEB_DOMAIN, WEB_PACKAGE)


def test_the_texts_are_found() -> None:
    js = js_msgids()
    assert {"Play", "Continue", "Score sheet", "Download record"} <= js
    assert len(js) > 60
    assert {"You", "Spectators cannot act.", "Too many actions at once: slow down."} <= (
        server_msgids()
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_language_has_every_text_and_nothing_unused(lang: str) -> None:
    used = js_msgids() | server_msgids()
    have = {str(m.id) for m in catalog(lang) if m.id}
    assert sorted(used - have) == [], f"web.po ({lang}) lacks these texts"
    assert sorted(have - used) == [], f"web.po ({lang}) has texts nothing uses"


def test_the_page_offers_the_servers_languages() -> None:
    """i18n.js's LANGUAGES is core.i18n's, in its order, and index.html has a button for
    each: a language added on one side only would be unreachable, or a dead button. The
    page writes a decimal comma in the same languages as the server (DECIMAL_COMMA)."""
    source = (JS / "i18n.js").read_text(encoding="utf-8")
    listed = re.search(r"export const LANGUAGES = \[([^\]]*)\];", source)
    assert listed is not None, "i18n.js no longer lists LANGUAGES"
    assert re.findall(r'"(\w+)"', listed.group(1)) == list(LANGUAGES)
    commas = re.search(r"export const DECIMAL_COMMA = \[([^\]]*)\];", source)
    assert commas is not None, "i18n.js no longer lists DECIMAL_COMMA"
    assert set(re.findall(r'"(\w+)"', commas.group(1))) == set(DECIMAL_COMMA)
    buttons = re.findall(r'<button[^>]*data-lang="(\w+)"[^>]*>(\w+)</button>', INDEX.read_text())
    assert buttons == [(lang, lang.upper()) for lang in LANGUAGES]


def test_english_needs_nothing_but_the_header() -> None:
    assert [m.id for m in catalog("en") if m.id] == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_text_is_translated_with_the_same_placeholders(lang: str) -> None:
    for message in catalog(lang):
        if not message.id:
            continue
        msgid = str(message.id)
        text = message.string
        assert isinstance(text, str) and text, f"no translation of {msgid!r}"
        assert not message.fuzzy, msgid
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(msgid)), msgid


def test_every_translation_is_russian() -> None:
    for message in catalog("ru"):
        if not message.id:
            continue
        msgid, text = str(message.id), str(message.string)
        if LATIN.search(PLACEHOLDER.sub("", msgid)):
            assert CYRILLIC.search(text), (msgid, text)
        for bad in NOT_RUSSIAN:
            assert bad not in text.lower(), (msgid, text)
        assert not TRICK_AS_TRUK.search(text), (msgid, text)


@pytest.mark.parametrize("lang", ["pt", "fr", "es"])
def test_the_portuguese_and_the_french_are_translated(lang: str) -> None:
    """No page text left in English, bar test_i18n's short list of words alike."""
    assert untranslated(lang, WEB_DOMAIN, WEB_PACKAGE) == [], f"web/{lang}: still English"


def test_the_page_asks_for_the_texts_it_uses(tmp_path: Path) -> None:
    """The JSON the page loads (GET /api/i18n/<lang>) holds every text the JavaScript
    uses, in each language; one the app does not speak is a 404."""
    from fastapi.testclient import TestClient

    from tricktaker.server.app import create_app
    from tricktaker.server.config import Settings

    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'tables.db'}"))
    with TestClient(app) as client:
        assert client.get("/api/i18n/en").json() == {}
        assert client.get("/api/i18n/de").status_code == 404
        for lang in TRANSLATED:
            texts = client.get(f"/api/i18n/{lang}").json()
            assert sorted(js_msgids() - set(texts)) == [], lang
            message = catalog(lang).get("New table")
            assert message is not None
            assert texts["New table"] == message.string != "New table"
