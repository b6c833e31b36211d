"""Le Truc for four (issue 21, item 4): the buttons come in named groups (the cards,
the stake, the captain's words, the partner's signals) with one line saying what a
captain is and that words do not end the turn (``core.protocol.GroupTitles``)."""

from __future__ import annotations

import re

import pytest

from helpers import new_state
from tricktaker.core import get_game
from tricktaker.core.actions import Action
from tricktaker.core.protocol import View, action_groups, groups_note
from tricktaker.server.messages import group_titles_json, groups_json

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def with_words(players: int = 4) -> tuple[object, list[Action], View]:
    """The first moment of a match at which the seat to act may say or signal a word."""
    st = new_state(players, seed=3)
    for _ in range(200):
        legal: list[Action] = list(st.legal_actions())
        if any(a.verb in ("say", "signal") for a in legal):
            assert st.to_act is not None
            view: View = st.view(st.to_act)
            return st, legal, view
        st.apply(legal[-1])
    raise AssertionError("no word was ever offered")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_four_players_buttons_come_in_named_groups(lang: str) -> None:
    _st, legal, view = with_words()
    words = get_game("truc").words(lang)
    groups = groups_json(words, legal, view)
    titles = group_titles_json(words, legal, view)
    assert len(titles) == len(groups) >= 2
    assert all(titles)
    every = [i for rows in groups for row in rows for i in row if i is not None]
    assert sorted(every) == list(range(len(legal))), "each button in exactly one group"
    verbs = [{legal[i].verb for row in rows for i in row if i is not None} for rows in groups]
    for title, found in zip(titles, verbs, strict=True):
        assert found, title
    said = [t for t, v in zip(titles, verbs, strict=True) if v == {"say"} or v == {"signal"}]
    assert said, titles
    note = groups_note(words, legal, view)
    assert note
    if lang == "en":
        assert "Captain" in note and "do not end your turn" in note
        assert set(titles) <= {
            "Your cards",
            "The stake",
            "New cards",
            "Say to your partner",
            "Signal to your captain",
        }
    else:
        assert CYRILLIC.search(note) and all(CYRILLIC.search(t or "") for t in titles)


def test_while_cards_may_be_called_for_the_second_group_says_so() -> None:
    st = new_state(4, seed=3)
    words = get_game("truc").words("en")
    for _ in range(200):
        legal: list[Action] = list(st.legal_actions())
        assert st.to_act is not None
        view = st.view(st.to_act)
        titles = group_titles_json(words, legal, view)
        if titles and any(a.verb == "redeal" for a in legal):
            assert "New cards" in titles and "The stake" not in titles, titles
            return
        if titles and any(a.verb == "double" for a in legal):
            assert "The stake" in titles, titles
        st.apply(legal[-1])
    pytest.skip("no call for cards came with words in this match")


def test_two_players_keep_their_plain_row() -> None:
    st = new_state(2, seed=3)
    legal = list(st.legal_actions())
    view = st.view(st.to_act or 0)
    words = get_game("truc").words("en")
    assert action_groups(words, legal, view) == []
    assert group_titles_json(words, legal, view) == [] and groups_note(words, legal, view) is None
