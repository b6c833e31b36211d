"""Translations: gettext catalogs (``.po``) read at run time with Babel.

Each package that has words of its own keeps its catalogs beside its code:
the shared one (front ends, card names) in ``tricktaker/locale/``, each game's
in ``tricktaker/games/<game>/locale/``, as ``<lang>/LC_MESSAGES/<domain>.po``.
The ``.po`` files are the only source: they are parsed with
``babel.messages.pofile.read_po`` when first needed, so there is no compile
step and no ``.mo`` file to forget. Message ids
are the English texts; a message missing from a catalog (or left empty, or
marked fuzzy) falls back to the English id, so a gap shows English, never a
crash or a blank.

Code marks texts with the usual gettext names so that Babel's extractor (and
the tests) find every id: ``_("...")``, ``_.ngettext(one, many, n)``,
``_.pgettext(context, "...")`` and, for texts kept in tables, ``N_("...")``.

The languages are ``LANGUAGES``: English, Russian, Brazilian Portuguese, French, Spanish.
Every front end takes its list from there (the web page keeps a copy in
``web/static/js/i18n.js``, checked against it by the tests); a locale or a
browser's language tag names one by its primary subtag (``pt_BR.UTF-8``,
``pt-PT`` and ``fr-CA`` are ``pt`` and ``fr``, see ``language_of``). Adding a
language is told step by step in ``docs/translating.md``.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

LANGUAGES = ("en", "ru", "pt", "fr", "es")
#: The languages that write a decimal comma (``+1,5``), see ``decimal``.
DECIMAL_COMMA = frozenset({"ru", "pt", "fr", "es"})
DOMAIN = "tricktaker"
PACKAGE = "tricktaker"
_LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: What ends a tag's primary subtag: ``pt-BR``, ``pt_BR.UTF-8``, ``ru_RU@euro``.
_SUBTAG_END = re.compile(r"[-_.@]")
#: An Accept-Language header read no further than this many entries (a header is the
#: client's to make as long as it likes).
MAX_ACCEPTED = 16


def N_(msgid: str) -> str:
    """Mark a text for extraction without translating it yet (it is in a table)."""
    return msgid


def language_of(tag: object) -> str | None:
    """The language of ``LANGUAGES`` that a locale name or a language tag names, by its
    primary subtag (``pt_BR.UTF-8`` and ``pt-PT`` -> ``pt``, ``fr-CA`` -> ``fr``); ``None``
    for anything else (``de``, ``C``, ``*``, not text)."""
    if not isinstance(tag, str):
        return None
    primary = _SUBTAG_END.split(tag.strip().lower(), maxsplit=1)[0]
    return primary if primary in LANGUAGES else None


def detect_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the first locale variable set (gettext's order), else ``en``.

    ``LANGUAGE`` may list several (``de:pt:en``): the first the app speaks is taken,
    as gettext would. A variable set to a language the app does not speak (``de_DE``,
    ``C.UTF-8``) is English: the variables after it are not read, as gettext does not."""
    env = os.environ if environ is None else environ
    for name in _LOCALE_VARS:
        value = env.get(name, "")
        if value:
            for part in value.split(":"):
                found = language_of(part)
                if found is not None:
                    return found
            return "en"
    return "en"


def accepted_lang(header: str | None) -> str | None:
    """The language of ``LANGUAGES`` an HTTP ``Accept-Language`` header prefers: the
    highest ``q`` (1 where none is given) among the tags the app speaks, the first of
    equals in the header's order; ``None`` where it names none (or only with ``q=0``).

    ``"de-DE,de;q=0.9,pt-BR;q=0.8,en;q=0.7"`` -> ``pt``; a malformed ``q`` leaves its
    tag out. Only the first ``MAX_ACCEPTED`` entries are read."""
    best: tuple[float, str] | None = None
    for part in (header or "").split(",")[:MAX_ACCEPTED]:
        tag, *params = part.split(";")
        lang = language_of(tag)
        if lang is None:
            continue
        weight = 1.0
        for param in params:
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value.strip())
                except ValueError:
                    weight = 0.0
                if not 0.0 <= weight <= 1.0:  # also NaN
                    weight = 0.0
        if weight > 0 and (best is None or weight > best[0]):
            best = (weight, lang)
    return None if best is None else best[1]


def decimal(text: str, lang: str) -> str:
    """A number written in English (``+1.5``) as ``lang`` writes it: a decimal comma
    in the languages of ``DECIMAL_COMMA`` (``+1,5``), the point elsewhere."""
    return text.replace(".", ",") if lang in DECIMAL_COMMA else text


def po_path(lang: str, domain: str = DOMAIN, package: str = PACKAGE) -> resources.abc.Traversable:
    """Where the catalog of ``lang`` for ``domain`` is shipped inside ``package``."""
    return resources.files(package) / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"


@cache
def load_catalog(lang: str, domain: str = DOMAIN, package: str = PACKAGE) -> Catalog:
    """The parsed catalog of ``lang`` (read once per process)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no catalog for language {lang!r}; languages: {', '.join(LANGUAGES)}")
    with po_path(lang, domain, package).open("rb") as fh:
        return read_po(fh, locale=lang, domain=domain)


class Translator:
    """A gettext-like callable bound to one language: ``_("Fold")`` -> ``"Сдаюсь"``."""

    def __init__(self, lang: str, catalog: Catalog) -> None:
        self.lang = lang
        self._catalog = catalog
        self._plural: Callable[[int], int] = gettext.c2py(catalog.plural_expr)
        #: What each message id came to (a catalog lookup costs more than the text it
        #: finds, and a table's frames ask for the same words again and again).
        self._found: dict[tuple[str, str | None], str | tuple[str, ...] | None] = {}

    def _lookup(self, msgid: str, context: str | None = None) -> str | tuple[str, ...] | None:
        key = (msgid, context)
        try:
            return self._found[key]
        except KeyError:
            found = self._found[key] = self._search(msgid, context)
            return found

    def _search(self, msgid: str, context: str | None) -> str | tuple[str, ...] | None:
        message = self._catalog.get(msgid, context)
        if message is None or message.fuzzy or not message.string:
            return None
        string = message.string
        if isinstance(string, str):
            return string
        return tuple(string)

    def __call__(self, msgid: str) -> str:
        found = self._lookup(msgid)
        return found if isinstance(found, str) else msgid

    def gettext(self, msgid: str) -> str:
        return self(msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` that fits ``n`` in this language."""
        found = self._lookup(singular)
        if isinstance(found, tuple):
            index = self._plural(n)
            if 0 <= index < len(found) and found[index]:
                return found[index]
        return singular if n == 1 else plural

    def pgettext(self, context: str, msgid: str) -> str:
        """``msgid`` in a context, for short ids that mean different things ("A" the ace)."""
        found = self._lookup(msgid, context)
        return found if isinstance(found, str) else msgid


def label(translate: Callable[[str], str], table: Mapping[Any, str], key: object, raw: str) -> str:
    """``key``'s label from a table of message ids, translated; ``raw`` where it has none
    (a game's ``option_label`` and ``choice_label``, ``core.protocol.OptionWords``)."""
    text = table.get(key)
    return translate(text) if text is not None else raw


@cache
def translator(lang: str | None = None, domain: str = DOMAIN, package: str = PACKAGE) -> Translator:
    """The translator for ``lang`` (``None``: from the locale, see ``detect_lang``)."""
    code = lang if lang is not None else detect_lang()
    return Translator(code, load_catalog(code, domain, package))
