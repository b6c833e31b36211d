"""Le Truc's words (``game.words(lang)``): what the player reads, in both languages.

They are pure functions of views, events and deal summaries, so they are
tested here without a screen; the terminal's tests check that they reach it.
"""

from __future__ import annotations

import random
import re

import pytest

from tricktaker.core import get_game
from tricktaker.core.protocol import Words
from tricktaker.core.start import Start
from tricktaker.core.summary import DealSummary
from tricktaker.games.truc import TrucState
from tricktaker.games.truc.words import TrucWords

GAME = get_game("truc")
EN: Words = GAME.words("en")
RU: Words = GAME.words("ru")
NAMES_EN = ["You", "Computer"]
NAMES_RU = ["Вы", "Компьютер"]
CARD = re.compile(r"(10|[789JQKAВДКТ])[♣♦♥♠]")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def new(seed: int = 1, dealer: int = 1, **options: object) -> TrucState:
    state = GAME.new_match(GAME.options(options), seed=seed, dealer=dealer)
    assert isinstance(state, TrucState)
    return state


def verbs(state: TrucState) -> dict[str, object]:
    return {a.verb: a for a in state.legal_actions()}


def test_the_words_follow_the_protocol() -> None:
    words: Words = TrucWords("en")  # mypy checks TrucWords against the protocol here
    assert type(EN) is type(words)
    assert EN.title == "Le Truc" and RU.title == "Ле Трюк"
    assert EN.lang == "en" and RU.lang == "ru"


def test_labels_in_the_games_own_words() -> None:
    state = new()
    view = state.view(0)
    labels = {a.verb: RU.action_label(a, view) for a in state.legal_actions()}
    assert labels["double"] == "Два, если я играю?"
    assert labels["redeal"] == "Прошу карты"
    assert labels["fold"] == "Сдаюсь"
    assert all(CARD.fullmatch(labels[v]) for v in labels if v == "play")
    state.apply("0:double")
    state.apply("1:accept")
    state.apply(next(a for a in state.legal_actions() if a.verb == "play"))
    state.apply("1:double")
    view = state.view(0)
    assert [EN.action_label(a, view) for a in state.legal_actions()] == ["Accept", "No", "Fold"]
    assert "raise the stake to 4" in EN.hint(view, state.legal_actions(), NAMES_EN)
    state.apply("0:accept")
    state.apply(next(a for a in state.legal_actions() if a.verb == "play"))
    assert state.to_act is not None
    double = next(a for a in state.legal_actions() if a.verb == "double")
    assert RU.action_label(double, state.view(state.to_act)) == "Восемь, если я играю?"


def test_no_and_fold_say_what_they_cost() -> None:
    state = new(dealer=0)
    state.apply("1:double")
    view = state.view(0)
    helps = {a.verb: EN.action_help(a, view, NAMES_EN) for a in state.legal_actions()}
    assert helps["refuse"] == "Computer scores 1 point and the deal ends"
    assert helps["fold"] == "give up the deal: your opponent scores 1 point"
    assert helps["accept"] == "play on for 2 points"
    ru = {a.verb: RU.action_help(a, view, NAMES_RU) for a in state.legal_actions()}
    assert ru["refuse"] == "Компьютер получает 1 очко, сдача окончена"
    assert ru["fold"] == "отдать сдачу: соперник получает 1 очко"


def test_four_players_help_names_the_proposer_and_the_opponents() -> None:
    state = new(dealer=0, players=4)
    names = ["You", "West", "Partner", "East"]
    state.apply("3:pass")  # East, right of the dealer, keeps his cards
    state.apply("3:double")  # and, in his window, raises before West plays
    view = state.view(0)
    helps = {a.verb: EN.action_help(a, view, names) for a in state.legal_actions()}
    assert helps["refuse"] == "East scores 1 point and the deal ends"
    assert helps["fold"] == "give up the deal: your opponents score 1 point"


def test_rest_in_words() -> None:
    """Kabanov 7, Danilov 2, stake 4 (seed 000): "My rest" claims 5; the answer may be a rest."""
    state = GAME.new_match(GAME.options({}), seed=1, dealer=1, start=Start({"score": (7, 2)}))
    assert isinstance(state, TrucState)
    state.apply("0:double")
    state.apply("1:accept")
    state.apply(next(a for a in state.legal_actions() if a.verb == "play"))
    state.apply("1:double")
    state.apply("0:accept")  # the stake is 4: Kabanov (seat 0) may not double to 8
    state.apply(next(a for a in state.legal_actions() if a.verb == "play"))
    assert state.to_act == 0 and "rest" in verbs(state)
    rest = next(a for a in state.legal_actions() if a.verb == "rest")
    assert EN.action_label(rest, state.view(0)) == "My rest (5 points)"
    assert RU.action_label(rest, state.view(0)) == "Мой остаток (5 очков)"
    state.apply(rest)
    view = state.view(1)
    assert "claims the rest (5 points)" in EN.hint(view, state.legal_actions(), ["K", "D"])
    assert EN.status(view, ["K", "D"], ["K", "D"])[2] == "Stake: 4 · rest claimed: 5 points (K)"
    labels = [RU.action_label(a, view) for a in state.legal_actions()]
    assert labels == ["Принимаю", "Нет", "Мой остаток — сдача решает круг", "Сдаюсь"]
    event = state.events(0, 1)[-1]
    assert RU.event_text(event, NAMES_RU, NAMES_RU) == "Вы: «Мой остаток» (5 очков)"


def test_the_trick_line_names_who_plays_next() -> None:
    state = new(dealer=1)
    state.apply("0:double")  # the computer must answer; the next card is still ours
    lines = EN.table_lines(state.view(0), NAMES_EN, NAMES_EN)
    assert lines == ["Trick 1 · to play: You"]
    state.apply("1:accept")
    state.apply(next(a for a in state.legal_actions() if a.verb == "play"))
    (line,) = EN.table_lines(state.view(0), NAMES_EN, NAMES_EN)
    assert line.startswith("Trick 1: You ") and line.endswith(" · to play: Computer")


def test_a_fold_shows_the_cards_played_before_it() -> None:
    state = new(dealer=1)
    card = next(a for a in state.legal_actions() if a.verb == "play")
    state.apply(card)
    state.apply("1:fold")
    summary = state.finished_deals()[0]
    label = EN.action_label(card, state.view(0))
    assert EN.deal_lines(summary, NAMES_EN, NAMES_EN) == [
        f"Trick 1: You {label} → cut short",
        "You +1 point (the other side folded)",
        "Stake: 1",
        "Score after the deal: You 1 — Computer 0",
    ]
    assert RU.sheet_header(NAMES_RU) == ["Сдача", "Ставка", "Итог", "Вы", "Компьютер"]
    assert RU.sheet_row(summary, NAMES_RU) == [
        "1",
        "1",
        "Вы +1 очко (другая сторона сдалась)",
        "1",
        "0",
    ]
    end = next(e for e in state.events(0, 0) if e.kind == "deal_end")
    assert DealSummary.from_json(end.data).to_json() == summary.to_json()


def test_the_game_won_shows_in_the_score_and_the_sheet() -> None:
    start = Start({"score": (11, 3), "games": (1, 0)})
    state = GAME.new_match(GAME.options({}), seed=3, dealer=0, start=start)
    state.apply("1:fold")
    assert state.result().finished
    view = state.view(0)
    assert EN.status(view, NAMES_EN, NAMES_EN)[0].startswith("Game won by You: 12 — 3")
    assert RU.match_result(view, NAMES_RU) == "Роббер выигран: Вы, круги 2 — 0."
    assert RU.sheet_row(state.finished_deals()[0], NAMES_RU)[3] == "12 (круг)"
    texts = [RU.event_text(e, NAMES_RU, NAMES_RU) for e in state.events(0, 0)]
    assert "Круг выигран: Вы, 12 — 3. Круги: 2 — 0." in texts


@pytest.mark.parametrize(
    ("options", "present", "absent"),
    [
        (
            {},
            ["who is not dealing", "repeated while the stock lasts", "nobody has won one"],
            ["captains"],
        ),
        (
            {"players": 4, "ties": "spoil", "redeal": "once"},
            ["dealer's right", "only once per deal", "always spoil", "captains"],
            ["who is not dealing"],
        ),
    ],
)
def test_rules_fit_the_options(
    options: dict[str, object], present: list[str], absent: list[str]
) -> None:
    text = " ".join(EN.rules(GAME.options(options)))
    assert all(p in text for p in present), text
    assert not any(a in text for a in absent), text
    assert "Ranks from high to low: 7 8 A K Q J 10 9" in text
    assert "7 8 Т К Д В 10 9" in " ".join(RU.rules(GAME.options(options)))


@pytest.mark.parametrize("players", [2, 4])
def test_every_line_of_a_match_reads_in_russian(players: int) -> None:
    """Whole random matches: every log line, hint, label and help is Russian, nothing is missing."""
    state = new(seed=40 + players, players=players)
    rng = random.Random(players)
    names = NAMES_RU if players == 2 else ["Вы", "Запад", "Партнёр", "Восток"]
    sides = NAMES_RU if players == 2 else ["Вы и Партнёр", "Запад и Восток"]
    texts: list[str] = []
    while state.to_act is not None:
        seat = state.to_act
        view = state.view(seat)
        legal = state.legal_actions()
        texts.append(RU.hint(view, legal, names))
        texts.extend(RU.status(view, names, sides))
        texts.extend(RU.table_lines(view, names, sides))
        texts.append(RU.phase(view))
        for a in legal:
            texts.append(RU.action_label(a, view))
            texts.append(RU.action_help(a, view, names) or "")
        state.apply(legal[rng.randrange(len(legal))])
    for event in state.events(0, 0):
        text = RU.event_text(event, names, sides)
        assert text is not None, event
        texts.append(text)
    for summary in state.finished_deals():
        texts.extend(RU.deal_lines(summary, names, sides))
        texts.extend(RU.sheet_row(summary, sides))
    for text in texts:
        words = CARD.sub("", text)
        assert not re.search(r"[A-Za-z]{3,}", words), text
        assert "spoiled" not in text and "спойл" not in text


def test_private_words_reach_only_the_senders_side() -> None:
    state = new(seed=2, dealer=0, players=4)
    assert state.to_act == 3
    state.apply("3:say best")
    names = ["You", "West", "Partner", "East"]
    assert all(
        "Play your best card" not in (EN.event_text(e, names, names) or "")
        for e in state.events(0, 0)
    )
    seen = [EN.event_text(e, names, names) for e in state.events(0, 1)]
    assert "East: “Play your best card” (privately)" in seen
    assert EN.is_private(next(a for a in state.legal_actions() if a.verb == "fold")) is False
