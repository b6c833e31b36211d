"""The lobby's menu and the page's texts.

* ``GET /api/games?lang=`` — every registered game, the most played first
  (``LOBBY_ORDER``): its title, player counts, options (from its
  ``option_schema``, named and valued in the game's words where it has them:
  ``core.protocol.OptionWords``; ``applies_when`` where an option means
  something only beside some values of another) and computer levels with their
  names in ``lang`` (an unknown ``lang`` is English);
* ``GET /api/i18n/{lang}`` — the front end's texts in ``lang`` from the web
  catalog, msgid to text (English is ``{}``: its msgids are the texts); 404
  for a language the app does not speak.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from tricktaker.bots.registry import level_name, levels
from tricktaker.core import get_game
from tricktaker.core.i18n import LANGUAGES, load_catalog, translator
from tricktaker.core.protocol import choice_label, option_label
from tricktaker.core.registry import game_ids
from tricktaker.server.messages import WEB_DOMAIN, WEB_PACKAGE
from tricktaker.server.routes.bodies import lang_or_english
from tricktaker.server.routes.reading import bad

router = APIRouter(prefix="/api")

#: The lobby's games, the most played first (not the alphabet, which put Preferans
#: first): Truco is played by millions across South America, Preferans by millions
#: in Russia and the former USSR, Le Truc in a few regions of France and Catalonia,
#: Tetka by few. A game not named here comes after them, by its id.
LOBBY_ORDER = ("truco", "preferans", "truc", "tetka")


def lobby_order(ids: list[str]) -> list[str]:
    """``ids`` in the lobby's order (``LOBBY_ORDER``, then the rest by id)."""
    rank = {gid: i for i, gid in enumerate(LOBBY_ORDER)}
    return sorted(ids, key=lambda gid: (rank.get(gid, len(rank)), gid))


def games_json(lang: str) -> list[dict[str, Any]]:
    """The lobby's menu: every registered game, its options and its computer levels.

    ``levels`` are the ids a table is asked for with, weakest first; ``level_names``
    their names in ``lang``, in the same order, from the one place that names them
    (``bots.registry.level_name``), so the page keeps no list of levels of its own and
    a new level shows up in the lobby with its name."""
    tr = translator(lang)
    out = []
    for gid in lobby_order(list(game_ids())):
        game = get_game(gid)
        words = game.words(lang)
        options = []
        for spec in game.option_schema():
            item = spec.to_json()
            item["help"] = words.option_help(spec)
            # The name and the values as players read them (core.protocol.OptionWords).
            item["label"] = option_label(words, spec)
            if spec.choices:
                item["choice_labels"] = [choice_label(words, spec, c) for c in spec.choices]
            options.append(item)
        known = levels(gid)
        out.append(
            {
                "id": gid,
                "title": words.title,
                "players": list(game.info.players),
                "options": options,
                "levels": known,
                "level_names": [level_name(lvl, tr) for lvl in known],
            }
        )
    return out


@router.get("/games")
async def games(lang: str = "en") -> list[dict[str, Any]]:
    return games_json(lang_or_english(lang))


@router.get("/i18n/{lang}")
async def texts(lang: str) -> dict[str, str]:
    if lang not in LANGUAGES:
        raise bad(f"languages: {', '.join(LANGUAGES)}", 404)
    catalog = load_catalog(lang, WEB_DOMAIN, WEB_PACKAGE)
    return {
        str(m.id): str(m.string)
        for m in catalog
        if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string and not m.fuzzy
    }
