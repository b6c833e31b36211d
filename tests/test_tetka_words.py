"""Tetka's words (``game.words(lang)``): what the player reads, in both languages.

Pure functions of views, events and deal summaries, tested here without a
screen (the terminal's and the web's tests check that they reach it). Random
robbers under both revoke rules check that every event has its line and every
legal card its label, and above all Tetka's own rule of what may be seen
(docs/rules/tetka.md): the screen shows only the tricks a player may review, the trick
in progress and the photograph, so no log line names the card of a play or
lists a finished trick; a trick's line names only its public marks (queens).
"""

from __future__ import annotations

import random
import re

import pytest

from tricktaker.cards import CARD_NAMES, parse_card
from tricktaker.core import get_game
from tricktaker.core.cardwords import card_label, rank_text
from tricktaker.core.events import Event
from tricktaker.core.i18n import translator
from tricktaker.core.protocol import Words
from tricktaker.core.start import Start
from tricktaker.core.summary import DealSummary
from tricktaker.games.tetka import TetkaState, TetkaView
from tricktaker.games.tetka.scoring import settlement
from tricktaker.games.tetka.words import TetkaWords

GAME = get_game("tetka")
EN: Words = GAME.words("en")
RU: Words = GAME.words("ru")
NAMES_EN = ["You", "West", "North", "East"]
NAMES_RU = ["Вы", "Запад", "Север", "Восток"]
#: A card as the words write it, in either language.
CARD = re.compile(r"(10|[2-9JQKAВДКТ])([♣♦♥♠])")
QUEENS = {parse_card(f"Q{s}") for s in "cdhs"}
REVOKES = ("prevented", "penalized")


def cards_in_text(text: str, lang: str = "en") -> set[int]:
    """Every card a line names (the words write ranks in the language's letters)."""
    tr = translator(lang)
    back = {rank_text(r, tr): r for r in "23456789TJQKA"}
    return {
        parse_card(back[rank] + "cdhs"["♣♦♥♠".index(suit)]) for rank, suit in CARD.findall(text)
    }


def new(
    revoke: str = "prevented",
    seed: int = 1,
    dealer: int = 3,
    target: int = 21,
    marks: tuple[int, ...] | None = None,
    deals: list[dict[str, object]] | None = None,
) -> TetkaState:
    options = GAME.options({"revoke": revoke, "target": target})
    start = Start({"marks": marks}) if marks is not None else None
    state = GAME.new_match(options, seed=seed, dealer=dealer, start=start, deals=deals)
    assert isinstance(state, TetkaState)
    return state


def play_random(state: TetkaState, rng: random.Random, deals: int | None = None) -> None:
    """Random legal cards until the robber ends (or ``deals`` more deals have ended)."""
    stop = None if deals is None else len(state.finished_deals()) + deals
    while state.to_act is not None and (stop is None or len(state.finished_deals()) < stop):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


#: Seat 0 holds every club, seat 1 the diamonds, seat 2 the hearts, seat 3 the spades.
SUITED = [[r + s for r in "23456789TJQKA"] for s in "cdhs"]


def suited(photo: str = "3d") -> TetkaState:
    """Seat 0 leads (seat 3 deals) and nobody else can follow: he takes every trick."""
    return new(dealer=3, deals=[{"hands": SUITED, "photo": photo}])


def test_the_words_follow_the_protocol() -> None:
    words: Words = TetkaWords("en")  # mypy checks TetkaWords against the protocol here
    assert type(EN) is type(words)
    assert EN.title == "Tetka" and RU.title == "Тётка"
    assert EN.lang == "en" and RU.lang == "ru"
    assert not EN.is_private(GAME.parse_action("0:play 7h"))
    with pytest.raises(TypeError, match="Tetka view"):
        EN.phase(get_game("truco").new_match(get_game("truco").options({})).view(0))


# ---------------------------------------------------------------- the deal


def test_the_deal_line_tells_the_photograph_the_counting_trick_and_the_seat_draw() -> None:
    state = suited(photo="3d")
    first = state.events(0, 0)[0]
    assert first.kind == "deal" and "draw" in first.data
    draw = ", ".join(
        f"{n} {card_label(parse_card(c), 'en')}"
        for n, c in zip(NAMES_EN, first.data["draw"], strict=True)
    )
    assert EN.event_text(first, NAMES_EN, NAMES_EN) == (
        f"Seat draw: {draw}; the lowest card deals first. "
        "— Deal 1 · dealer: East · photograph: 3♦ (turned by You) · counting trick: 3 —"
    )
    ru = RU.event_text(state.events(0, 1)[0], NAMES_RU, NAMES_RU)
    assert ru is not None and ru.startswith("Жеребьёвка: ")
    assert ru.endswith(
        " — Раздача 1 · сдаёт: Восток · фотография: 3♦ (открывает: Вы) · счётная взятка: 3 —"
    )
    # Nobody's hand is in it: the dealt cards would name cards of tricks long gone.
    for seat in range(4):
        line = EN.event_text(state.events(0, seat)[0], NAMES_EN, NAMES_EN) or ""
        assert cards_in_text(line) == {parse_card("3d"), *map(parse_card, first.data["draw"])}


def test_status_table_and_tags_at_the_first_lead() -> None:
    state = suited(photo="Kh")
    view = state.view(0)
    assert EN.status(view, NAMES_EN, NAMES_EN) == [
        "Marks: You 0 · West 0 · North 0 · East 0 (robber to 21)",
        "Deal 1 · dealer: East",
        "Tricks this deal: You 0 · West 0 · North 0 · East 0",
    ]
    assert EN.table_lines(view, NAMES_EN, NAMES_EN) == [
        "Photograph: K♥ (turned by You) · counting trick: 13",
        "Trick 1 · to lead: You",
    ]
    assert EN.seat_tags(view, 3) == ["dealer", "0 tricks"]
    assert EN.seat_tags(view, 0) == ["turned the photo", "0 tricks"]
    assert RU.seat_tags(view, 0) == ["фотограф", "0 взяток"]
    assert EN.phase(view) == "trick 1 of 13: a lead"
    assert EN.hint(view, state.legal_actions(), NAMES_EN) == "Your lead (trick 1): choose a card."
    assert EN.hand_note(view) == "until you lead, you may see the last two tricks"
    other = state.view(1)  # seat 1's names, as its screen would give them
    assert EN.hint(other, (), ["South", "You", "North", "East"]) == "South is thinking…"
    assert RU.hint(other, (), NAMES_RU) == "Думает: Вы…"


def test_a_trick_line_names_its_taker_and_marks_never_its_cards() -> None:
    state = suited(photo="3d")
    for card in ("Ac", "Qd", "Qh", "2s"):
        state.apply(f"{'0123'[len(state.view(0).on_table)]}:play {card}")
    events = state.events(0, 2)
    assert [e.kind for e in events] == ["deal", "action", "action", "action", "action", "trick"]
    assert [EN.event_text(e, NAMES_EN, NAMES_EN) for e in events[1:5]] == [None] * 4
    assert (
        EN.event_text(events[-1], NAMES_EN, NAMES_EN) == "Trick 1 — taken by: You · marks: Q♦, Q♥."
    )
    assert RU.event_text(events[-1], NAMES_RU, NAMES_RU) == (
        "Взятка 1 — берёт: Вы · марки: Д♦, Д♥."
    )
    view = state.view(0)
    lines = EN.table_lines(view, NAMES_EN, NAMES_EN)
    assert lines[1] == "Trick 1: You A♣, West Q♦, North Q♥, East 2♠ → You (Q♦, Q♥)"
    assert lines[2] == "Marks this deal — You: Q♦, Q♥"
    assert lines[3] == "Trick 2 · to lead: You"
    assert EN.status(view, NAMES_EN, NAMES_EN)[0].startswith("Marks: You 2 · West 0")
    assert EN.seat_tags(view, 0) == ["turned the photo", "1 trick"]
    # Trick 2 (and 3, the counting trick, with the photo card).
    for card in ("Kc", "2d", "2h", "3s"):
        state.apply(f"{(len(state.view(0).on_table)) % 4}:play {card}")
    state.apply("0:play 2c")
    view = state.view(1)
    assert EN.table_lines(view, NAMES_EN, NAMES_EN)[-1] == (
        "Trick 3 (the counting trick): You 2♣ · to play: West"
    )
    legal = state.legal_actions()
    assert EN.hint(view, legal, NAMES_EN) == (
        "Your turn (trick 3): no clubs ♣ in your hand, play any card. At stake: counting trick."
    )
    state.apply("1:play 3d")  # the photo card
    view = state.view(2)
    assert EN.hint(view, state.legal_actions(), NAMES_EN).endswith(
        "At stake: photo card, counting trick."
    )
    state.apply("2:play 3h")
    state.apply("3:play 4s")
    trick = state.events(0, 0)[-1]
    assert EN.event_text(trick, NAMES_EN, NAMES_EN) == (
        "Trick 3 — taken by: You · marks: photo card, counting trick."
    )
    # West has never led: he still sees the last two tricks; You, who led, only the last.
    assert [t.number for t in state.view(1).review] == [2, 3]
    assert [t.number for t in state.view(0).review] == [3]
    west = EN.table_lines(state.view(1), NAMES_EN, NAMES_EN)
    assert west[1].startswith("Trick 2: You K♣") and west[2].startswith("Trick 3: You 2♣")
    you = EN.table_lines(state.view(0), NAMES_EN, NAMES_EN)
    assert not any(line.startswith("Trick 2:") for line in you)
    assert EN.hand_note(state.view(0)) == "you have led: you may see only the last trick"
    assert RU.hand_note(state.view(0)) == "Вы уже заходили: видна только последняя взятка"


def test_a_whole_deal_trick_by_trick_and_on_the_sheet() -> None:
    state = suited(photo="Kh")
    while state.finished_deals() == []:
        state.apply(state.legal_actions()[-1])  # seat 0 leads his highest club each time
    summary = state.finished_deals()[0]
    lines = EN.deal_lines(summary, NAMES_EN, NAMES_EN)
    assert len(lines) == 3 + 13
    # The marks first (what a small screen shows without scrolling), then the tricks.
    assert lines[0] == (
        "Deal marks: You 8 (Q♣, Q♦, Q♥, Q♠, photo card, counting trick, most tricks, "
        "last trick) · West 0 · North 0 · East 0"
    )
    assert lines[1] == "Marks in the robber: You 8 · West 0 · North 0 · East 0"
    assert lines[2] == "Tricks: You 13 · West 0 · North 0 · East 0"
    tricks = lines[3:]
    assert all(line.startswith(f"Trick {i + 1}: You ") for i, line in enumerate(tricks))
    # Everyone plays his highest card: the aces first, the kings (and the photo), the queens.
    assert tricks[1] == "Trick 2: You K♣, West K♦, North K♥, East K♠ → You (photo card)"
    assert tricks[2] == "Trick 3: You Q♣, West Q♦, North Q♥, East Q♠ → You (Q♣, Q♦, Q♥, Q♠)"
    assert (
        tricks[12]
        == "Trick 13: You 2♣, West 2♦, North 2♥, East 2♠ → You (counting trick, last trick)"
    )
    assert EN.sheet_header(NAMES_EN) == ["Deal", "Photograph", *NAMES_EN]
    assert EN.sheet_row(summary, NAMES_EN) == ["1", "K♥", "+8 → 8", "+0 → 0", "+0 → 0", "+0 → 0"]
    assert RU.sheet_header(NAMES_RU) == ["Раздача", "Фотография", *NAMES_RU]
    assert RU.sheet_row(summary, NAMES_RU)[1] == "К♥"
    end = next(e for e in state.events(0, 0) if e.kind == "deal_end")
    assert EN.event_text(end, NAMES_EN, NAMES_EN) == (
        "Deal 1 over — marks: You 8 · West 0 · North 0 · East 0."
    )
    assert RU.event_text(end, NAMES_RU, NAMES_RU) == (
        "Раздача 1 окончена — марки: Вы 8 · Запад 0 · Север 0 · Восток 0."
    )
    # The deal's lines come back the same from the event's JSON (the screens read it so).
    assert EN.deal_lines(DealSummary.from_json(end.data), NAMES_EN, NAMES_EN) == lines


def test_the_end_of_the_robber_and_its_settlement() -> None:
    state = new(seed=5, target=3, marks=(2, 0, 1, 2))
    play_random(state, random.Random(5))
    view = state.view(0)
    assert view.finished
    marks = list(view.running)  # view.marks are the totals before the deal
    assert marks == list(state.result().score)
    gains = settlement(marks)
    assert sum(gains) == 0
    expected = "The robber is over. Marks: {m}. Settlement: {g}.".format(
        m=" · ".join(f"{n} {x}" for n, x in zip(NAMES_EN, marks, strict=True)),
        g=" · ".join(f"{n} {x:+d}" for n, x in zip(NAMES_EN, gains, strict=True)),
    )
    low = min(marks)
    tied = [n for n, x in zip(NAMES_EN, marks, strict=True) if x == low]
    if view.winner is not None:
        expected += f" Fewest marks: {NAMES_EN[view.winner]}."
    else:
        expected += f" Fewest marks, tied: {', '.join(tied)}."
    assert EN.match_result(view, NAMES_EN) == expected
    end = state.events(0, 0)[-1]
    assert end.kind == "match_end"
    assert EN.event_text(end, NAMES_EN, NAMES_EN) == expected
    assert RU.match_result(view, NAMES_RU).startswith("Роббер окончен. Марки: Вы ")
    assert EN.hint(view, (), NAMES_EN) == "The robber is over."
    assert EN.phase(view) == "the robber is over"
    assert EN.hand_note(view) is None


def test_a_tie_for_the_fewest_marks_has_no_single_winner() -> None:
    words = TetkaWords("en")
    assert words.settlement_text([3, 3, 9, 21], None, NAMES_EN) == (
        "Marks: You 3 · West 3 · North 9 · East 21. "
        "Settlement: You +24 · West +24 · North +0 · East -48. Fewest marks, tied: You, West."
    )


# ----------------------------------------------------------------- revokes


def first_revoke(seed: int) -> tuple[TetkaState, Event]:
    state = new("penalized", seed=seed)
    rng = random.Random(seed)
    while True:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        revokes = [e for e in state.events(0, None) if e.kind == "revoke"]
        if revokes:
            return state, revokes[0]


def test_a_revoke_is_told_with_its_suit_and_trick_and_the_cards_that_make_one() -> None:
    state, event = first_revoke(3)
    seat, suit, trick = event.seat, event.data["suit"], event.data["trick"]
    assert seat is not None
    words = {"c": "clubs ♣", "d": "diamonds ♦", "h": "hearts ♥", "s": "spades ♠"}
    assert EN.event_text(event, NAMES_EN, NAMES_EN) == (
        f"Revoke proved — {NAMES_EN[seat]}: did not follow {words[suit]} in trick {trick}."
    )
    ru = RU.event_text(event, NAMES_RU, NAMES_RU)
    assert ru is not None and ru.startswith(f"Доказан ренонс — {NAMES_RU[seat]}: снос не в масть")
    view = state.view(0)
    lines = EN.table_lines(view, NAMES_EN, NAMES_EN)
    assert f"Revokes proved — {NAMES_EN[seat]}: {words[suit]} (trick {trick})" in lines
    assert "revoked" in EN.seat_tags(view, seat)


@pytest.mark.parametrize("revoke", REVOKES)
def test_labels_helps_and_hints_for_every_legal_card(revoke: str) -> None:
    state = new(revoke, seed=8)
    rng = random.Random(8)
    warned = 0
    while state.finished_deals() == []:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        legal = state.legal_actions()
        led = CARD_NAMES[view.on_table[0][1]][1] if view.on_table else ""
        holds = led != "" and any(CARD_NAMES[c][1] == led for c in view.hand)
        for a in legal:
            assert EN.action_label(a, view) == card_label(parse_card(a.args[0]), "en")
            assert RU.action_label(a, view) == card_label(parse_card(a.args[0]), "ru")
            help_ = EN.action_help(a, view, NAMES_EN)
            off_suit = led != "" and a.args[0][1] != led
            if holds and off_suit:
                warned += 1
                assert help_ is not None and help_.startswith(
                    f"a revoke: proved when you show {words_suit(led)};"
                )
            else:
                assert help_ is None
        hint = EN.hint(view, legal, NAMES_EN)
        n = view.trick_number
        if led == "":
            assert hint.startswith(f"Your lead (trick {n}): choose a card.")
        elif not holds:
            assert hint.startswith(f"Your turn (trick {n}): no {words_suit(led)} in your hand")
        elif revoke == "prevented":
            assert hint.startswith(f"Your turn (trick {n}): follow suit, {words_suit(led)}.")
            assert len(legal) < len(view.hand) or all(CARD_NAMES[c][1] == led for c in view.hand)
        else:
            assert hint.startswith(f"Your turn (trick {n}): {words_suit(led)} led, and you hold")
        state.apply(legal[rng.randrange(len(legal))])
    assert (warned > 0) == (revoke == "penalized")


def words_suit(letter: str) -> str:
    return {"c": "clubs ♣", "d": "diamonds ♦", "h": "hearts ♥", "s": "spades ♠"}[letter]


# ------------------------------------------------------------ whole robbers


@pytest.mark.parametrize("revoke", REVOKES)
def test_every_event_of_random_robbers_has_words_in_both_languages(revoke: str) -> None:
    kinds: set[str] = set()
    for seed in range(3):
        state = new(revoke, seed=seed, dealer=seed % 4, target=6, marks=(3, 0, 4, 1))
        play_random(state, random.Random(seed))
        for words, names in ((EN, NAMES_EN), (RU, NAMES_RU)):
            for observer in (None, 0, 1, 2, 3):
                for event in state.events(0, observer):
                    kinds.add(event.kind)
                    text = words.event_text(event, names, names)
                    assert (text is None) == (event.kind == "action"), event
            for summary in state.finished_deals():
                assert len(words.sheet_row(summary, names)) == len(words.sheet_header(names))
                assert len(words.deal_lines(summary, names, names)) >= 16
            view = state.view(0)
            assert view.finished and words.match_result(view, names)
    expected = {"deal", "action", "trick", "deal_end", "match_end"}
    assert kinds == expected | ({"revoke"} if revoke == "penalized" else set())


def allowed_in_log(event: Event) -> set[int]:
    """The cards a log line may name: a deal's photograph and seat draw (from a second
    deck), a trick's queens (its public marks); nothing else."""
    d = event.data
    if event.kind == "deal":
        return {parse_card(d["photo"]), *(parse_card(c) for c in d.get("draw", ()))}
    if event.kind == "trick":
        return {parse_card(m) for m in d["marks"] if len(m) == 2 and m[0] == "Q"}
    return set()


@pytest.mark.parametrize("revoke", REVOKES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_log_line_names_a_played_card_except_its_marks(revoke: str, lang: str) -> None:
    words, names = (EN, NAMES_EN) if lang == "en" else (RU, NAMES_RU)
    named = 0
    for seed in range(3):
        state = new(revoke, seed=10 + seed, target=8)
        play_random(state, random.Random(seed))
        for observer in (None, 0, 2):
            for event in state.events(0, observer):
                text = words.event_text(event, names, names) or ""
                shown = cards_in_text(text, lang)
                assert shown <= allowed_in_log(event), (event.kind, text)
                if event.kind == "trick":
                    named += len(shown)
                    for _seat, card in event.data["played"]:
                        if parse_card(card) not in QUEENS:
                            assert card_label(parse_card(card), lang) not in text
    assert named > 10  # the queens were named, as marks


def may_see(view: TetkaView) -> set[int]:
    """What the rules let the seat see now: its hand, the trick in progress, the
    tricks it may review, the photograph; and the queens, named by their marks."""
    seen = set(view.hand) | {c for _s, c in view.on_table} | {view.photo} | QUEENS
    return seen | {c for t in view.review for _s, c in t.plays}


@pytest.mark.parametrize("revoke", REVOKES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_table_shows_only_the_tricks_a_player_may_review(revoke: str, lang: str) -> None:
    words, names = (EN, NAMES_EN) if lang == "en" else (RU, NAMES_RU)
    state = new(revoke, seed=21, target=10)
    rng = random.Random(21)
    hidden = 0
    while state.to_act is not None:
        for seat in (None, 0, 1, 2, 3):
            view = state.public_view() if seat is None else state.view(seat)
            assert isinstance(view, TetkaView)
            legal = state.legal_actions() if seat == state.to_act else ()
            texts = [
                *words.status(view, names, names),
                *words.table_lines(view, names, names),
                words.hint(view, legal, names),
                words.phase(view),
                words.hand_note(view) or "",
                *(t for s in range(4) for t in words.seat_tags(view, s)),
                *(words.action_help(a, view, names) or "" for a in legal),
            ]
            shown = cards_in_text("\n".join(texts), lang)
            assert shown <= may_see(view), sorted(CARD_NAMES[c] for c in shown - may_see(view))
            hidden += view.trick_number - 1 - len(view.review) > 0
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert hidden > 100  # there were older tricks to hide


def test_every_line_of_a_robber_reads_in_russian() -> None:
    state = new("penalized", seed=4, target=5, marks=(4, 1, 0, 2))
    rng = random.Random(4)
    texts: list[str] = []
    while state.to_act is not None:
        seat = state.to_act
        view = state.view(seat)
        legal = state.legal_actions()
        texts += [RU.hint(view, legal, NAMES_RU), RU.phase(view), RU.hand_note(view) or ""]
        texts += RU.status(view, NAMES_RU, NAMES_RU) + RU.table_lines(view, NAMES_RU, NAMES_RU)
        texts += [RU.action_help(a, view, NAMES_RU) or "" for a in legal]
        texts += [t for s in range(4) for t in RU.seat_tags(view, s)]
        state.apply(legal[rng.randrange(len(legal))])
    texts += [RU.event_text(e, NAMES_RU, NAMES_RU) or "" for e in state.events(0, 0)]
    for summary in state.finished_deals():
        texts += RU.deal_lines(summary, NAMES_RU, NAMES_RU) + RU.sheet_row(summary, NAMES_RU)
    texts += [*RU.rules(state.options), RU.match_result(state.view(0), NAMES_RU)]
    for text in texts:
        assert not re.search(r"[A-Za-z]", text), text


# ------------------------------------------------------------------- rules


@pytest.mark.parametrize(
    ("options", "present", "absent"),
    [
        ({}, ["Revokes are prevented", "reaches 21 marks."], ["penalized"]),
        (
            {"revoke": "penalized", "target": 1},
            ["Revokes are penalized", "hands him one of his own tricks", "reaches 1 mark."],
            ["prevented"],
        ),
    ],
)
def test_rules_fit_the_options(
    options: dict[str, object], present: list[str], absent: list[str]
) -> None:
    text = " ".join(EN.rules(GAME.options(options)))
    assert all(p in text for p in present), text
    assert not any(a in text for a in absent), text
    for part in ("photograph", "counting trick", "J = 11, Q = 12, K = 13", "last two finished"):
        assert part in text
    ru = " ".join(RU.rules(GAME.options(options)))
    assert "В = 11, Д = 12, К = 13" in ru and "«тёток»" in ru
    assert f"наберёт {options.get('target', 21)} марк" in ru


def test_option_help_in_both_languages() -> None:
    for spec in GAME.option_schema():
        en, ru = EN.option_help(spec), RU.option_help(spec)
        assert en and ru and en != ru
        assert re.search(r"[А-Яа-я]", ru), ru


def test_a_spectator_reads_the_table_too() -> None:
    state = suited()
    state.apply("0:play Ac")
    view = state.public_view()
    assert isinstance(view, TetkaView)
    assert EN.hint(view, (), NAMES_EN) == "West is thinking…"
    lines = EN.table_lines(view, NAMES_EN, NAMES_EN)
    assert lines[-1] == "Trick 1: You A♣ · to play: West"
