"""What the server tells one observer: built from his view and his events only.

Every message to a seat (or a spectator) is made here, from ``state.view(seat)``
(``public_view()`` for a spectator), ``state.events(since, seat)`` and the
game's words in the observer's language; the state itself never leaves. The
front end is generic: it draws the hand and the trick from the protocol's
common view fields (``table``) and shows the game's own words for the rest.

A live table's frames are put together by ``server.frames``: the moment here
(``moment_message``: view, moves, the words of the moment, whose cost is the
deal's) and the events from its per-observer, per-language kept texts.
``state_message`` renders a whole stream, for the replay viewer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktaker.cards import CARD_NAMES
from tricktaker.core.actions import Action
from tricktaker.core.events import Event
from tricktaker.core.i18n import Translator, translator
from tricktaker.core.options import Options
from tricktaker.core.pairs import card_pairs, pair_label
from tricktaker.core.protocol import (
    Game,
    State,
    View,
    Words,
    action_groups,
    group_titles,
    groups_note,
    paper_drawing,
    paper_lines,
    rules_summary,
    shown_hands,
)
from tricktaker.core.sides import side_names
from tricktaker.core.summary import DealSummary

WEB_DOMAIN = "web"
WEB_PACKAGE = "tricktaker.web"


def web_words(lang: str) -> Translator:
    """The web app's own texts (lobby, buttons, messages) in ``lang``."""
    return translator(lang, WEB_DOMAIN, WEB_PACKAGE)


def shown_names(names: Sequence[str], observer: int | None, _: Translator) -> list[str]:
    """Seat names as this observer reads them: his own seat is "You"."""
    return [_("You") if seat == observer else name for seat, name in enumerate(names)]


def _card(c: int | None) -> str | None:
    return None if c is None else CARD_NAMES[c]


def table_json(view: View, direction: str = "left") -> dict[str, Any]:
    """The fields every game's view has, under fixed names, for the generic table;
    ``direction`` is the way play turns (``GameInfo.play_direction``), so the table
    seats the next player on the observer's left or right as the game does."""
    return {
        "direction": direction,
        "seat": view.seat,
        "players": view.players,
        "to_act": view.to_act,
        "dealer": view.dealer,
        "hand": [_card(c) for c in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "on_table": [[s, _card(c)] for s, c in view.on_table],
        "finished": view.finished,
        # Other seats' hands the observer sees face up (core.protocol.ShownHands).
        "shown": [[s, [CARD_NAMES[c] for c in cards]] for s, cards in shown_hands(view)],
    }


def texts_json(
    words: Words,
    view: View,
    events: Sequence[Event],
    legal: Sequence[Action],
    names: Sequence[str],
    sides: Sequence[str],
) -> dict[str, Any]:
    """The game's words about the moment: phase, hint, score lines, the deal so far.

    The score sheet is read from the observer's own ``deal_end`` events, not from
    the state, so that nothing here comes from anywhere but his view and events.
    """
    deals = [DealSummary.from_json(e.data) for e in events if e.kind == "deal_end"]
    rows = [words.sheet_row(d, sides) for d in deals]
    return moment_texts(words, view, deals, legal, names, sides, rows)


def moment_texts(
    words: Words,
    view: View,
    deals: Sequence[DealSummary],
    legal: Sequence[Action],
    names: Sequence[str],
    sides: Sequence[str],
    rows: Sequence[Sequence[str]] | None,
) -> dict[str, Any]:
    """``texts_json`` from the deals' summaries (the observer's, read from his events) and
    the sheet's rows already rendered; ``rows`` None leaves the sheet out (a frame that
    sends it only when a deal has ended: ``server.frames``)."""
    out: dict[str, Any] = {
        "title": words.title,
        "phase": "" if view.finished else words.phase(view),
        "hint": words.hint(view, legal, names)
        if view.seat is not None
        else spectator_hint(words, view, names),
        "status": words.status(view, names, sides),
        "table_lines": words.table_lines(view, names, sides),
        "hand_note": words.hand_note(view),
        "seat_tags": [words.seat_tags(view, s) for s in range(view.players)],
        "match_result": words.match_result(view, sides) if view.finished else None,
        # The two-card choices (core.pairs): verb -> the words of the one button that
        # sends the two cards chosen in the hand (empty for most games and moments).
        "pairs": {p.verb: pair_label(words, p, view) for p in card_pairs(legal, view.hand)},
    }
    if rows is not None:  # the sheets change only as deals end: sent with the rows
        out["sheet"] = {"header": words.sheet_header(sides), "rows": list(rows)}
        # The sheet as drawn on paper, for games that keep one (else no lines)...
        out["paper"] = paper_lines(words, view, deals, names)
        # ...and in cells, for the page to draw its figure (None: no such sheet).
        out["paper_drawing"] = paper_drawing(words, view, deals, names)
    return out


def spectator_hint(words: Words, view: View, names: Sequence[str]) -> str:
    """A spectator's hint: whom the table waits for, never what is asked of a seat
    (a game whose hint a spectator reads from seat 0 would tell him "Your turn")."""
    thinking = getattr(words, "thinking", None)
    if view.finished or view.to_act is None or not callable(thinking):
        return words.hint(view, [], names)
    return str(thinking(names[view.to_act]))


def groups_json(words: Words, legal: Sequence[Action], view: View) -> list[list[list[int | None]]]:
    """The game's groups of legal actions as indices into ``legal`` (each at most once)."""
    return [rows for _title, rows in _groups(words, legal, view)]


def group_titles_json(words: Words, legal: Sequence[Action], view: View) -> list[str | None]:
    """The title of each group ``groups_json`` gives (``core.protocol.GroupTitles``), in
    its order; empty where the game names none."""
    groups = _groups(words, legal, view)
    return [title for title, _rows in groups] if any(t for t, _ in groups) else []


def _groups(
    words: Words, legal: Sequence[Action], view: View
) -> list[tuple[str | None, list[list[int | None]]]]:
    index = {str(a): i for i, a in enumerate(legal)}
    titles = group_titles(words, legal, view)
    out: list[tuple[str | None, list[list[int | None]]]] = []
    used: set[int] = set()
    for number, group in enumerate(action_groups(words, legal, view)):
        rows: list[list[int | None]] = []
        for row in group:
            cells: list[int | None] = []
            for action in row:
                at = None if action is None else index.get(str(action))
                if at is not None and at in used:
                    at = None
                if at is not None:
                    used.add(at)
                cells.append(at)
            if any(c is not None for c in cells):
                rows.append(cells)
        if rows:
            out.append((titles[number] if number < len(titles) else None, rows))
    return out


def moment_message(
    game: Game,
    state: State,
    observer: int | None,
    lang: str,
    names: Sequence[str],
    deals: Sequence[DealSummary],
    options: Options | None = None,
    with_rules: bool = True,
    rows: Sequence[Sequence[str]] | None = None,
) -> dict[str, Any]:
    """The ``state`` message but its events: the observer's view, his moves, the words of
    the moment (``deals``: the summaries of his ``deal_end`` events; ``rows``: the sheet's
    rows, None to leave the sheet out), and where ``with_rules`` the game's rules for the
    table's ``options``. Its cost is the moment's, never the match's (the sheets, drawn
    from every deal, come only with ``rows``: when a deal has ended)."""
    _ = web_words(lang)
    words = game.words(lang)
    view = state.public_view() if observer is None else state.view(observer)
    seen = shown_names(names, observer, _)
    sides = side_names(state.sides, seen, _("{a} & {b}"))
    # A spectator never has moves, even where the seat to act has no socket of its own.
    legal = list(state.legal_actions()) if observer is not None and state.to_act == observer else []
    texts = moment_texts(words, view, deals, legal, seen, sides, rows)
    if observer is None and view.to_act is not None and not view.finished:
        # A spectator is asked nothing: where a game words its hint for the seat a
        # spectator reads ("Your turn: choose a card"), he is told whom the table awaits.
        texts["hint"] = _("Waiting for {name}…").format(name=seen[view.to_act])
    return {
        "type": "state",
        "table": table_json(view, game.info.play_direction),
        "view": view.to_json(),
        "legal": [
            {
                "action": str(a),
                "label": words.action_label(a, view),
                "help": words.action_help(a, view, seen),
                "private": words.is_private(a),
            }
            for a in legal
        ],
        # The legal moves in the game's layout (core.protocol.ActionGroups): groups of
        # rows of indices into "legal", null for a gap; empty where the game has none.
        "groups": groups_json(words, legal, view),
        # Each group's title and a line under them (core.protocol.GroupTitles): Le Truc
        # for four names its cards, stakes, words and signals; empty / null elsewhere.
        "group_titles": group_titles_json(words, legal, view),
        "groups_note": groups_note(words, legal, view),
        "names": seen,
        "sides": list(state.sides),
        # The rules once per connection and language (``with_rules``): they never change
        # at a table, and are a third of a message.
        "rules": words.rules(options) if options is not None and with_rules else [],
        # The rules in force in one line (the convention, the house rules agreed), sent
        # with the rules: the page shows it to everyone at the table from the start.
        "rules_summary": (
            rules_summary(words, options) if options is not None and with_rules else ""
        ),
        "side_names": sides,
        "texts": texts,
    }


def state_message(
    game: Game,
    state: State,
    observer: int | None,
    since: int,
    lang: str,
    names: Sequence[str],
    options: Options | None = None,
    with_rules: bool = True,
) -> dict[str, Any]:
    """The ``state`` message: the observer's view, his events from ``since``, his moves,
    and, where ``with_rules``, the game's rules for the table's ``options`` (none where
    they are not given). It renders the observer's whole stream: for the replay viewer,
    which steps through a finished match; a live table's frames are ``server.frames``."""
    _ = web_words(lang)
    words = game.words(lang)
    seen = shown_names(names, observer, _)
    sides = side_names(state.sides, seen, _("{a} & {b}"))
    events = []
    # One rendering of the observer's stream serves both the new events and the
    # score sheet (its numbers are 0, 1, 2...: an event's number is its index).
    told = state.events(0, observer)
    for e in told[since:]:
        item = e.to_json()
        item["text"] = words.event_text(e, seen, sides)
        if e.kind == "deal_end":  # the deal's story, for the pause at its end
            item["lines"] = words.deal_lines(DealSummary.from_json(e.data), seen, sides)
        events.append(item)
    deals = [DealSummary.from_json(e.data) for e in told if e.kind == "deal_end"]
    rows = [words.sheet_row(d, sides) for d in deals]
    message = moment_message(game, state, observer, lang, names, deals, options, with_rules, rows)
    message["events"] = events
    return message
