"""Preferans' words (``game.words(lang)``): what the player reads, in both languages.

Pure functions of views, events and deal summaries, tested here without a
screen (the terminal's, the server's and the browser's tests check that they
reach it). Random games of every convention check that every event has its
line and every legal action its label, that nothing names a card the
observer may not know (another hand, a discard, a misère's or the pot game's
talon), and that Russian reads as Russian. Hand-made deals pin the key
phrases: «шесть пик», «семь без козыря», «без двух», полвиста, в открытую;
and a hand-made sheet pins the paper sheet, running totals and all.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tricktaker.cards import parse_card
from tricktaker.core import get_game
from tricktaker.core.cardwords import rank_text
from tricktaker.core.events import Event
from tricktaker.core.i18n import translator
from tricktaker.core.protocol import PaperSheet, Words, paper_drawing, paper_lines
from tricktaker.core.start import Start
from tricktaker.core.summary import DealSummary
from tricktaker.games.preferans import PreferansState, PreferansView
from tricktaker.games.preferans.words import PreferansWords, running, signed, written_kinds
from tricktaker.games.preferans.words.paper import settlement

GAME = get_game("preferans")
EN: Words = GAME.words("en")
RU: Words = GAME.words("ru")
#: The same words, typed as Preferans' own, for the paper sheet (an optional protocol).
PAPER = {"en": PreferansWords("en"), "ru": PreferansWords("ru")}
NAMES = {"en": ["You", "West", "East", "North"], "ru": ["Вы", "Запад", "Восток", "Север"]}
CONVENTIONS = ("sochi", "leningrad", "rostov", "pot")
#: A card as the words write it, in either language.
CARD = re.compile(r"(10|[2-9JQKAВДКТ])([♣♦♥♠])")


def words_of(lang: str) -> Words:
    return EN if lang == "en" else RU


def cards_in_text(text: str, lang: str) -> set[int]:
    """Every card a line names (ranks in the language's letters)."""
    tr = translator(lang)
    back = {rank_text(r, tr): r for r in "789TJQKA"}
    return {
        parse_card(back[rank] + "cdhs"["♣♦♥♠".index(suit)])
        for rank, suit in CARD.findall(text)
        if rank in back
    }


def new(
    rules: str = "sochi",
    seed: int = 1,
    players: int = 3,
    pool: int = 6,
    dealer: int = 0,
    deals: list[dict[str, Any]] | None = None,
    start: Start | None = None,
) -> PreferansState:
    options = GAME.options({"rules": rules, "pool": pool, "players": players})
    state = GAME.new_match(options, seed=seed, dealer=dealer, deals=deals, start=start)
    assert isinstance(state, PreferansState)
    return state


def play_random(state: PreferansState, rng: random.Random, deals: int | None = None) -> None:
    """Random legal actions (passing often in the bidding, so contracts stay low and
    every kind of deal comes up) until the game or ``deals`` more deals end."""
    stop = None if deals is None else len(state.finished_deals()) + deals
    while state.to_act is not None and (stop is None or len(state.finished_deals()) < stop):
        legal = state.legal_actions()
        passes = [a for a in legal if a.verb == "pass"]
        if state.phase == 0 and passes and rng.random() < 0.6:
            state.apply(passes[0])
        else:
            state.apply(legal[rng.randrange(len(legal))])


def view_of(state: PreferansState, seat: int | None) -> PreferansView:
    view = state.public_view() if seat is None else state.view(seat)
    assert isinstance(view, PreferansView)
    return view


#: Seat 1 (first hand, seat 0 deals) holds the top spades and hearts: he makes 6♠ as he likes.
HANDS = [
    ["7c", "8c", "9c", "Tc", "7d", "8d", "9d", "Td", "7h", "8h"],
    ["As", "Ks", "Qs", "Js", "Ts", "Ah", "Kh", "Qh", "Jh", "Th"],
    ["Ac", "Kc", "Qc", "Jc", "Ad", "Kd", "Qd", "Jd", "9s", "8s"],
]
TALON = ["7s", "9h"]


def set_deal() -> PreferansState:
    return new(deals=[{"hands": HANDS, "talon": TALON}])


def test_the_words_follow_the_protocol() -> None:
    words: Words = PreferansWords("en")  # mypy checks PreferansWords against the protocol
    assert type(EN) is type(words)
    assert isinstance(EN, PaperSheet) and not isinstance(get_game("tetka").words("en"), PaperSheet)
    assert EN.title == "Preferans" and RU.title == "Преферанс"
    assert EN.lang == "en" and RU.lang == "ru"
    assert not EN.is_private(GAME.parse_action("0:whist"))
    with pytest.raises(TypeError, match="Preferans view"):
        EN.phase(get_game("tetka").new_match(get_game("tetka").options({})).view(0))
    # Another game's words draw no paper sheet: the front ends show nothing for it.
    tetka = get_game("tetka").new_match(get_game("tetka").options({}))
    assert paper_lines(get_game("tetka").words("en"), tetka.view(0), [], NAMES["en"]) == []


# ------------------------------------------------------------ labels and words


@pytest.mark.parametrize(
    ("bid", "en", "ru", "en_said", "ru_said"),
    [
        ("6s", "6♠", "6♠", "six spades", "шесть пик"),
        ("7nt", "7 NT", "7 БК", "seven no trumps", "семь без козыря"),
        ("8d", "8♦", "8♦", "eight diamonds", "восемь бубён"),
        ("9h", "9♥", "9♥", "nine hearts", "девять червей"),
        ("10c", "10♣", "10♣", "ten clubs", "десять треф"),
        ("misere", "Misère", "Мизер", "misère", "мизер"),
    ],
)
def test_bids_read_as_written_and_as_said(
    bid: str, en: str, ru: str, en_said: str, ru_said: str
) -> None:
    view = view_of(new(), 1)
    action = GAME.parse_action(f"1:bid {bid}")
    assert EN.action_label(action, view) == en and RU.action_label(action, view) == ru
    event = Event(3, "action", 1, f"1:bid {bid}", {})
    assert EN.event_text(event, NAMES["en"], NAMES["en"]) == f"West: {en_said}"
    assert RU.event_text(event, NAMES["ru"], NAMES["ru"]) == f"Запад: {ru_said}"


def test_the_pot_game_speaks_seed_002s_words() -> None:
    state = new("pot")
    view = view_of(state, 1)
    labels = {str(a).split(":")[1]: RU.action_label(a, view) for a in state.legal_actions()}
    assert labels == {
        "pass": "Пас",
        "bid 1": "Раз",
        "bid 2": "Два",
        "bid 3": "Три",
        "bid 4": "Четыре",
        "bid game": "Игра",
        "bid hearts": "Червы",
    }
    helps = {str(a): EN.action_help(a, view, NAMES["en"]) for a in state.legal_actions()}
    assert helps["1:bid 3"] == "six tricks with the talon, trump diamonds ♦ or higher"
    assert helps["1:bid hearts"] == "six tricks without the talon, hearts trump: the bidding ends"
    hold = Event(4, "action", 1, "1:hold", {})
    assert RU.event_text(hold, NAMES["ru"], NAMES["ru"]) == "Запад: здесь"
    assert RU.rules(state.options)[1].startswith("Котёл (старинные правила): ")
    # No internal note of where a rule came from reaches a player.
    for lang in ("en", "ru"):
        texts = " ".join(words_of(lang).rules(state.options))
        texts += " ".join(words_of(lang).option_help(spec) for spec in GAME.option_schema())
        assert not re.search(r"seed|002|299|текст", texts), texts
    assert EN.status(view, NAMES["en"], NAMES["en"])[0] == (
        "Stakes: You -10 · West -10 · East -10 · pot 30"
    )


def test_a_deal_from_the_bidding_to_the_sheet() -> None:
    state = set_deal()
    names = NAMES["en"]
    view = view_of(state, 1)
    assert EN.phase(view) == "bidding"
    assert EN.hint(view, state.legal_actions(), names) == "Your word: 6♠ or higher, or pass."
    assert EN.action_help(GAME.parse_action("1:pass"), view, names) == (
        "a pass is final: you are out of this bidding"
    )
    assert EN.action_help(GAME.parse_action("1:bid misere"), view, names) == (
        "take no trick at all; misère is only ever a first bid"
    )
    state.apply("1:bid 6s")
    view = view_of(state, 2)
    assert EN.hint(view, state.legal_actions(), names) == (
        "Top bid: 6♠ (West). Your word: 6♣ or higher, or pass."
    )
    assert EN.table_lines(view, names, names) == ["Bidding: West 6♠"]
    assert EN.seat_tags(view, 1) == ["6♠"] and EN.seat_tags(view, 0) == ["dealer"]
    state.apply("2:pass")
    state.apply("0:pass")
    view = view_of(state, 1)
    talon = next(e for e in state.events(0, 2) if e.kind == "talon")
    assert EN.event_text(talon, names, names) == "Talon: 7♠ 9♥ (taken by West)."
    assert RU.event_text(talon, NAMES["ru"], NAMES["ru"]) == "Прикуп: 7♠ 9♥ (берёт: Запад)."
    assert EN.phase(view) == "the discard"
    assert EN.hand_note(view) == "the talon is in your hand: discard two cards"
    assert EN.hint(view, state.legal_actions(), names) == "Discard two cards face down."
    # Before the contract is named: the bid, said once (not «Игра: заявка: 6♠»).
    assert EN.table_lines(view, names, names)[0] == "Bid: 6♠ · declarer: West"
    assert RU.table_lines(view, NAMES["ru"], NAMES["ru"])[0] == "Заявка: 6♠ · разыгрывающий: Запад"
    assert RU.status(view, NAMES["ru"], NAMES["ru"])[:2] == [
        "Если закрыть пулю сейчас (в вистах): Вы +0 · Запад +0 · Восток +0",
        "Сдача 1 · сдаёт: Вы · сочинка",
    ]
    discard = GAME.parse_action("1:discard 7s 9h")
    assert EN.action_label(discard, view) == "Discard 9♥ 7♠"
    assert RU.action_label(discard, view) == "Снести 9♥ 7♠"
    state.apply(discard)
    mine, theirs = state.events(0, 1)[-1], state.events(0, 2)[-1]
    assert EN.event_text(mine, names, names) == "West: discard 9♥ 7♠, face down"
    assert EN.event_text(theirs, names, names) == "West: discard, two cards face down"
    assert RU.event_text(theirs, NAMES["ru"], NAMES["ru"]) == "Запад: снос, две карты втёмную"
    assert EN.table_lines(view_of(state, 1), names, names)[-1] == "Your discard: 9♥ 7♠"
    assert "Your discard" not in " ".join(EN.table_lines(view_of(state, 2), names, names))
    view = view_of(state, 1)
    assert EN.hint(view, state.legal_actions(), names) == "Name your contract: 6♠ or higher."
    state.apply("1:declare 6s")
    declared = state.events(0, 0)[-1]
    assert EN.event_text(declared, names, names) == "West: the contract is six spades"
    assert RU.event_text(declared, NAMES["ru"], NAMES["ru"]) == "Запад: заказ — шесть пик"
    view = view_of(state, 2)
    assert EN.hint(view, state.legal_actions(), names) == (
        "Whist or pass against six spades? The whisters must take 4 tricks."
    )
    assert RU.hint(view, state.legal_actions(), NAMES["ru"]) == (
        "Игра — шесть пик: вист или пас? Вистующие должны взять 4 взятки."
    )
    state.apply("2:pass")
    view = view_of(state, 0)
    half = GAME.parse_action("0:half")
    assert half in state.legal_actions()
    assert EN.action_label(half, view) == "Half-whist" and RU.action_label(half, view) == "Полвиста"
    assert "half the whists" in (EN.action_help(half, view, names) or "")
    state.apply(half)
    view = view_of(state, 2)
    assert EN.phase(view) == "whist or pass"
    assert EN.hint(view, state.legal_actions(), names).startswith(
        "The other defender said half-whist"
    )
    assert RU.action_help(GAME.parse_action("2:pass"), view, NAMES["ru"]) == (
        "полвиста остаются: игра засчитана без розыгрыша"
    )
    state.apply("2:pass")  # the half-whist stands: no play
    summary = state.finished_deals()[0]
    lines = EN.deal_lines(summary, names, names)
    assert lines[0] == "Six spades, declarer: West — made without play: a half-whist"
    assert lines[1:3] == ["Pulya: West +2", "Half-whist: You → West +4"]
    assert lines[3] == "Bidding: West six spades, East pass, You pass"
    assert lines[4] == "Answers: You half-whist, East pass"
    assert RU.deal_lines(summary, NAMES["ru"], NAMES["ru"])[:3] == [
        "Шесть пик, разыгрывающий: Запад — сыграно без розыгрыша: полвиста",
        "Пуля: Запад +2",
        "Полвиста: Вы → Запад +4",
    ]
    # The per-player columns of the deal table are the tricks taken, and say so.
    assert EN.sheet_header(names[:3]) == [
        "Deal",
        "Contract",
        "Result",
        "Tricks: You",
        "West",
        "East",
    ]
    assert RU.sheet_header(NAMES["ru"][:3])[:4] == ["Сдача", "Игра", "Итог", "Взятки: Вы"]
    assert EN.sheet_row(summary, names[:3]) == [
        "1",
        "6♠ · West",
        "made without play: a half-whist — pulya: West +2; half-whist: You → West +4",
        "—",
        "—",
        "—",
    ]
    end = next(e for e in state.events(0, 0) if e.kind == "deal_end")
    assert EN.event_text(end, names, names) == (
        "Deal 1 over: six spades, declarer: West — made without play: a half-whist. "
        "Pulya: West +2. Half-whist: You → West +4."
    )
    # The deal's lines come back the same from the event's JSON (the screens read it so).
    assert EN.deal_lines(DealSummary.from_json(end.data), names, names) == lines


def test_an_open_whist_is_played_for_two() -> None:
    state = set_deal()
    for a in ("1:bid 6s", "2:pass", "0:pass", "1:discard 7s 9h", "1:declare 6s", "2:whist"):
        state.apply(a)
    state.apply("0:pass")
    names = NAMES["en"]
    view = view_of(state, 2)
    assert EN.hint(view, state.legal_actions(), names) == "You whist alone: open or closed?"
    assert RU.action_label(GAME.parse_action("2:open"), view) == "В открытую"
    assert RU.action_label(GAME.parse_action("2:closed"), view) == "В закрытую"
    state.apply("2:open")
    shown = state.events(0, 1)[-1]
    assert shown.kind == "show"
    text = EN.event_text(shown, names, names) or ""
    assert text.startswith("Hands laid open — East: J♣ Q♣ K♣ A♣ J♦")
    # First hand (West, the declarer) leads; then East plays his own card and You's.
    state.apply("1:play Ah")
    view = view_of(state, 2)
    legal = state.legal_actions()
    assert all(a.owner is None for a in legal)
    state.apply(legal[0])
    view = view_of(state, 2)
    legal = state.legal_actions()
    assert all(a.owner == 0 for a in legal)
    assert EN.action_label(legal[0], view) == "7♥ from the open hand"
    assert EN.action_help(legal[0], view, names) == (
        "from the open hand of You: you play for both defenders"
    )
    assert EN.hint(view, legal, names).endswith("The card is due from the open hand of You.")
    assert EN.table_lines(view, names, names)[-1].endswith("· to play: You (played by East)")
    assert EN.hand_note(view) == "you also play the open hand of the other defender"
    state.apply(legal[0])
    trick = state.events(0, 1)[-1]
    assert trick.kind == "trick"
    assert EN.event_text(trick, names, names) == "Trick 1: West A♥, East 8♠, You 7♥ → East."


def test_a_misere_caught_is_told_and_its_talon_stays_hidden() -> None:
    # Seat 1 bids misère with the low cards; seat 2's discard-free talon stays unseen.
    hands = [HANDS[1], HANDS[0], HANDS[2]]
    state = new(deals=[{"hands": hands, "talon": TALON}])
    for a in ("1:bid misere", "2:pass", "0:pass"):
        state.apply(a)
    names = NAMES["en"]
    seen_by_2 = state.events(0, 2)[-1]
    assert EN.event_text(seen_by_2, names, names) == "The talon is taken face down by West."
    assert EN.event_text(state.events(0, 1)[-1], names, names) == (
        "Talon, seen by you alone: 7♠ 9♥."
    )
    view = view_of(state, 1)
    assert EN.hint(view, state.legal_actions(), names) == (
        "Discard two cards face down; then take no trick: misère."
    )
    assert EN.seat_tags(view, 1) == ["misère"]
    rng = random.Random(3)
    play_random(state, rng, deals=1)
    events = state.events(0, 2)
    show = next(e for e in events if e.kind == "show")
    assert (EN.event_text(show, names, names) or "").startswith("The catchers lay their hands open")
    summary = state.finished_deals()[0]
    taken = summary.details["taken"][1]
    line = EN.deal_lines(summary, names, names)[0]
    if taken:
        assert line.startswith("Misère, declarer: West — misère caught: ")
    else:
        assert line == "Misère, declarer: West — a clean misère: no trick"
    assert "Talon" not in " ".join(EN.deal_lines(summary, names, names))


@pytest.mark.parametrize(
    ("missing", "en", "ru"),
    [(1, "down one", "без одной"), (2, "down two", "без двух"), (3, "down three", "без трёх")],
)
def test_a_contract_down(missing: int, en: str, ru: str) -> None:
    taken = [0, 6 - missing, 4 + missing]
    summary = DealSummary(
        number=0,
        dealer=0,
        tricks=(),
        winner=None,
        points=2,
        gains=(),
        end="tricks",
        details={"contract": "6nt", "declarer": 1, "taken": taken, "answers": ["", "", "whist"]},
    )
    assert EN.deal_lines(summary, NAMES["en"], NAMES["en"])[0] == (
        f"Six no trumps, declarer: West — {en}: {6 - missing} tricks"
    )
    ru_tricks = {5: "5 взяток", 4: "4 взятки", 3: "3 взятки"}[6 - missing]
    assert RU.deal_lines(summary, NAMES["ru"], NAMES["ru"])[0] == (
        f"Шесть без козыря, разыгрывающий: Запад — {ru}: {ru_tricks}"
    )


def test_all_pass_talon_leads_and_the_spoiled_trick() -> None:
    state = set_deal()
    for a in ("1:pass", "2:pass", "0:pass"):
        state.apply(a)
    names = NAMES["en"]
    lead = state.events(0, 0)[-1]
    assert lead.kind == "talon_lead"
    assert EN.event_text(lead, names, names) == "All-pass, trick 1: the talon's 7♠ sets the suit."
    assert RU.event_text(lead, NAMES["ru"], NAMES["ru"]) == (
        "Распасы, взятка 1: масть задаёт карта прикупа 7♠."
    )
    view = view_of(state, 1)
    assert EN.phase(view) == "all-pass: trick 1 of 10"
    assert EN.hint(view, state.legal_actions(), names) == (
        "Your turn (trick 1): follow suit, spades ♠."
    )
    assert EN.table_lines(view, names, names) == [
        "All-pass: each for himself, the fewest tricks best",
        "Talon: 7♠",
        "Trick 1 (talon: 7♠) · to lead: West",
    ]
    for a in ("1:play Ts", "2:play 8s", "0:play 7c"):
        state.apply(a)
    trick = state.events(0, 0)[-2]
    assert EN.event_text(trick, names, names) == (
        "Trick 1 (talon: 7♠): West 10♠, East 8♠, You 7♣ → West."
    )
    # The second lead is the talon's 9♥: You and East hold no heart, West takes it.
    view = view_of(state, 1)
    assert EN.table_lines(view, names, names)[-1] == "Trick 2 (talon: 9♥) · to lead: West"
    state.apply("1:play Ah")
    # East holds no heart, and an all-pass has no trump: any card, not "trump if you can".
    view = view_of(state, 2)
    assert EN.hint(view, state.legal_actions(), names) == (
        "Your turn (trick 2): no card of the suit led: any card."
    )
    assert RU.hint(view, state.legal_actions(), NAMES["ru"]) == (
        "Ваш ход (взятка 2): нет масти — любая карта."
    )
    for a in ("2:play 9s", "0:play 8h"):
        state.apply(a)
    # First hand leads the third trick whoever took the second: the log and the table say so.
    trick = next(e for e in reversed(state.events(0, 0)) if e.kind == "trick")
    assert EN.event_text(trick, names, names) == (
        "Trick 2 (talon: 9♥): West A♥, East 9♠, You 8♥ → West. First hand leads the third trick."
    )
    assert (RU.event_text(trick, NAMES["ru"], NAMES["ru"]) or "").endswith(
        ". Третью взятку начинает первая рука."
    )
    view = view_of(state, 1)
    assert EN.table_lines(view, names, names)[-1] == (
        "Trick 3 · to lead: West (first hand leads the third trick)"
    )
    assert RU.table_lines(view, NAMES["ru"], NAMES["ru"])[-1].endswith(
        "(третью взятку начинает первая рука)"
    )
    play_random(state, random.Random(1), deals=1)
    summary = state.finished_deals()[0]
    lines = EN.deal_lines(summary, names, names)
    assert lines[0].startswith("All-pass (1 in a row), tricks: You ")
    assert lines[1].startswith(("Pulya: ", "Gora: ", "Whists for the all-pass: "))
    row = EN.sheet_row(summary, names[:3])
    assert row[1] == "all-pass" and row[2].startswith("1 in a row — ")
    assert row[3:] == [str(t) for t in summary.details["taken"]]


def entry(seat: int, column: str, amount: int, on: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "column": column, "amount": amount}
    if on is not None:
        out["on"] = on
    return out


def summary_of(details: dict[str, Any]) -> DealSummary:
    details = {"bids": [], "played": [["1:As"]], **details}
    return DealSummary(0, 0, (1,), None, 2, (), "tricks", details)


def test_what_a_failed_contract_wrote_is_told_kind_by_kind() -> None:
    # West's 6♠ two down: his gora, the whists for tricks, the consolation from both.
    summary = summary_of(
        {
            "contract": "6s",
            "declarer": 1,
            "taken": [3, 4, 3],
            "answers": ["whist", "", "whist"],
            "entries": [
                entry(1, "gora", 4),
                entry(0, "whists", 6, 1),
                entry(2, "whists", 6, 1),
                entry(2, "whists", 4, 1),
                entry(0, "whists", 4, 1),
            ],
        }
    )
    assert EN.deal_lines(summary, NAMES["en"], NAMES["en"])[1:4] == [
        "Gora: West +4",
        "Whists for tricks: You → West +6, East → West +6 (12 in all)",
        "Consolation whists: East → West +4, You → West +4 (8 in all)",
    ]
    assert RU.deal_lines(summary, NAMES["ru"], NAMES["ru"])[1:4] == [
        "Гора: Запад +4",
        "Висты за взятки: Вы → Запад +6, Восток → Запад +6 (всего 12)",
        "Висты-утешение: Восток → Запад +4, Вы → Запад +4 (всего 8)",
    ]
    event = Event(9, "deal_end", None, None, summary.to_json())
    assert RU.event_text(event, NAMES["ru"], NAMES["ru"]) == (
        "Сдача 1 окончена: шесть пик, разыгрывающий: Запад — без двух: 4 взятки. "
        "Гора: Запад +4. Висты за взятки: Вы → Запад +6, Восток → Запад +6 (всего 12). "
        "Висты-утешение: Восток → Запад +4, Вы → Запад +4 (всего 8)."
    )
    assert EN.sheet_row(summary, NAMES["en"][:3])[2] == (
        "down two: 4 tricks — gora: West +4; whists for tricks: You → West +6, East → West +6 "
        "(12 in all); consolation whists: East → West +4, You → West +4 (8 in all)"
    )


def test_both_whisters_short_at_eight_are_told_why_each_pays() -> None:
    # West makes 8♠ with all ten tricks: both whisters took none of the one trick owed.
    summary = summary_of(
        {
            "contract": "8s",
            "declarer": 1,
            "taken": [0, 10, 0],
            "answers": ["whist", "", "whist"],
            "entries": [entry(1, "pulya", 6), entry(0, "gora", 3), entry(2, "gora", 3)],
        }
    )
    assert EN.deal_lines(summary, NAMES["en"], NAMES["en"])[1:3] == [
        "Pulya: West +6",
        "Whist short, into the gora: You +3, East +3 — 0 of the 1 trick owed taken; each "
        "whister answers for half the trick",
    ]
    assert RU.deal_lines(summary, NAMES["ru"], NAMES["ru"])[2] == (
        "Недобор виста, в гору: Вы +3, Восток +3 — взято 0 из 1 нужной взятки; каждый "
        "вистующий отвечает за половину взятки"
    )
    # A lone whister answers for the whole shortfall; two at six, each for his half.
    alone = {**summary.details, "answers": ["whist", "", "pass"], "taken": [1, 7, 2]}
    alone |= {"contract": "6s", "entries": [entry(1, "pulya", 2), entry(0, "gora", 2)]}
    assert RU.deal_lines(summary_of(alone), NAMES["ru"], NAMES["ru"])[2] == (
        "Недобор виста, в гору: Вы +2 — взято 3 из 4 нужных взяток; вистующий отвечает за "
        "весь недобор"
    )
    two = {**alone, "answers": ["whist", "", "whist"], "taken": [0, 7, 3]}
    assert EN.deal_lines(summary_of(two), NAMES["en"], NAMES["en"])[2].endswith(
        "— 3 of the 4 tricks owed taken; each whister answers for his half"
    )


def test_a_pulya_that_overflows_and_an_all_pass_in_whists() -> None:
    # West's pulya holds 2 of his 6: the rest closes East's pulya (with whists for the
    # help) and writes off his gora.
    over = summary_of(
        {
            "contract": "8s",
            "declarer": 1,
            "taken": [1, 9, 0],
            "answers": ["whist", "", "pass"],
            "entries": [
                entry(1, "pulya", 2),
                entry(2, "pulya", 2),
                entry(1, "whists", 20, 2),
                entry(1, "gora", -2),
                entry(0, "whists", 6, 1),
            ],
        }
    )
    assert EN.deal_lines(over, NAMES["en"], NAMES["en"])[1:4] == [
        "Pulya: West +2",
        "Over the pulya: pulya: East +2, whists: West → East +20, gora: West -2",
        "Whists for tricks: You → West +6",
    ]
    rostov = summary_of(
        {
            "contract": "allpass",
            "declarer": None,
            "taken": [0, 6, 4],
            "answers": ["", "", ""],
            "entries": [entry(0, "pulya", 1), entry(0, "whists", 30, 1), entry(0, "whists", 20, 2)],
        }
    )
    assert RU.deal_lines(rostov, NAMES["ru"], NAMES["ru"])[1:3] == [
        "Пуля: Вы +1",
        "Висты за распасы: Вы → Запад +30, Вы → Восток +20 (всего 50)",
    ]


@pytest.mark.parametrize("rules", ["sochi", "leningrad", "rostov"])
def test_every_number_written_is_told_once_under_its_kind(rules: str) -> None:
    for seed in range(6):
        state = new(rules, seed=seed, pool=6)
        play_random(state, random.Random(seed))
        for summary in state.finished_deals():
            d = summary.details
            kinds = dict(written_kinds(d))
            told = [e for group in kinds.values() for e in group]
            assert sorted(map(str, told)) == sorted(map(str, d["entries"]))
            if d["contract"] in ("allpass", "misere"):
                continue
            level = int(d["contract"][:-2] if d["contract"].endswith("nt") else d["contract"][:-1])
            failed = bool(d["played"]) and d["taken"][d["declarer"]] < level
            assert ("consolation" in kinds) == failed
            assert ("gora" in kinds) == failed
            assert "allpass" not in kinds


def test_four_players_the_dealer_sits_out() -> None:
    state = new(players=4, seed=3)
    names = NAMES["en"]
    deal = state.events(0, 0)[0]
    assert EN.event_text(deal, names, names) == "— Deal 1 · deals and sits out: You —"
    assert RU.event_text(deal, NAMES["ru"], NAMES["ru"]) == (
        "— Сдача 1 · сдаёт и сидит на прикупе: Вы —"
    )
    view = view_of(state, 0)
    assert EN.seat_tags(view, 0) == ["deals, sits out"]
    assert RU.seat_tags(view, 0) == ["на прикупе"]
    assert EN.hint(view, (), names) == "West is thinking…"


# --------------------------------------------------------------- the paper sheet


def paper_state() -> PreferansState:
    """A sochi game to 10 whose sheet was begun by hand (the Start) and goes on by a deal
    made in hand: West's 6♠ with a half-whist (pulya +2, You write 4 whists on West)."""
    start = Start(
        {
            "pulya": (2, 6, 0),
            "gora": (4, 0, 12),
            "whists": (0, 6, 0, 0, 0, 18, 10, 0, 0),
        }
    )
    state = new(pool=10, start=start, deals=[{"hands": HANDS, "talon": TALON}])
    for a in ("1:bid 6s", "2:pass", "0:pass", "1:discard 7s 9h", "1:declare 6s"):
        state.apply(a)
    state.apply("2:pass")
    state.apply("0:half")
    state.apply("2:pass")
    return state


def test_the_paper_sheet_of_a_hand_made_sheet() -> None:
    state = paper_state()
    deals = list(state.finished_deals())
    names = NAMES["en"][:3]
    view = view_of(state, 0)
    assert view.pulya == (2, 8, 0) and view.whists[0][1] == 10
    lines = PAPER["en"].sheet_lines(view, deals, names)
    assert [signed(x, "en") for x in view.balance] == ["+0", "+108", "-108"]
    assert lines == [
        "Sochi, pulya to 10",
        "         You         West      East",
        "pulya    2           6.8       —",
        "gora     4           —         12",
        "whists   West: 6.10  East: 18  You: 10",
        "         East: —     You: —    West: —",
        "balance  +0          +108      -108",
    ]
    ru = PAPER["ru"].sheet_lines(view_of(state, 1), deals, NAMES["ru"][:3])
    assert ru[0] == "Сочинка, пуля до 10"
    assert ru[2].split() == ["пуля", "2", "6.8", "—"]
    assert ru[4].split()[:3] == ["висты", "Запад:", "6.10"]
    # Without the deals (a page opened later), the sheet shows where it stands now.
    assert PAPER["en"].sheet_lines(view, [], names)[2].split() == ["pulya", "2", "8", "—"]
    assert running([2, 6, 10]) == "2.6.10" and running([]) == "—"


def test_the_paper_drawing_gives_the_sheets_cells_and_the_settlement() -> None:
    """The sheet in cells for the web page's figure (PaperDrawing): each seat's pulya, gora
    and whists on each opponent, uncut, the balance, and who pays whom if closed now."""
    state = paper_state()
    deals = list(state.finished_deals())
    view = view_of(state, 0)
    drawing = paper_drawing(EN, view, deals, NAMES["en"][:3])
    assert drawing is not None
    assert drawing["title"] == "Sochi, pulya to 10" and drawing["pool"] == 10
    assert drawing["observer"] == 0
    assert drawing["labels"] == {
        "pulya": "pulya",
        "gora": "gora",
        "whists": "whists",
        "balance": "balance",
    }
    seats = drawing["seats"]
    assert [(x["name"], x["pulya"], x["gora"], x["balance"]) for x in seats] == [
        ("You", "2", "4", "+0"),
        ("West", "6.8", "—", "+108"),
        ("East", "—", "12", "-108"),
    ]
    assert [(w["on"], w["text"]) for w in seats[0]["whists"]] == [(1, "6.10"), (2, "—")]
    assert drawing["settlement"] == [{"from": 2, "to": 1, "amount": "108"}]
    ru = paper_drawing(RU, view_of(state, 1), deals, NAMES["ru"][:3])
    assert ru is not None and ru["labels"]["gora"] == "гора" and ru["observer"] == 1
    # The pot game keeps no such sheet, nor does another game.
    pot = new("pot")
    assert paper_drawing(EN, view_of(pot, 0), [], NAMES["en"][:3]) is None
    tetka = get_game("tetka").new_match(get_game("tetka").options({}), seed=1)
    assert paper_drawing(get_game("tetka").words("en"), tetka.view(0), [], NAMES["en"]) is None


def test_the_settlement_pays_the_largest_debts_first() -> None:
    assert settlement([0.0, 0.0, 0.0]) == []
    assert settlement([10.0, 20.0, -30.0]) == [(2, 1, 20.0), (2, 0, 10.0)]
    assert settlement([-5.0, -15.0, 20.0]) == [(1, 2, 15.0), (0, 2, 5.0)]
    four = settlement([1 / 3, 2 / 3, -1.0, 0.0])
    assert [(a, b) for a, b, _ in four] == [(2, 1), (2, 0)]


def test_the_paper_sheet_keeps_the_latest_totals_of_a_long_line() -> None:
    state = new("leningrad", seed=2, pool=30)
    play_random(state, random.Random(2), deals=12)
    deals = list(state.finished_deals())
    view = view_of(state, 0)
    lines = PAPER["en"].sheet_lines(view, deals, NAMES["en"][:3])
    for s, cell in enumerate(lines[2].split()[1:]):
        last = cell.rsplit(".", 1)[-1]
        assert last == ("—" if view.pulya[s] == 0 else str(view.pulya[s]))
    assert all(len(line) < 120 for line in lines)


def test_the_pot_games_paper_is_the_pot_and_the_stakes() -> None:
    state = new("pot", seed=4, pool=5)
    play_random(state, random.Random(4))
    view = view_of(state, 0)
    lines = PAPER["en"].sheet_lines(view, list(state.finished_deals()), NAMES["en"][:3])
    assert lines[0] == f"The pot game: pot {view.kitty}, deal 5 of 5"
    assert lines[2].startswith("stakes")
    assert [c.rsplit(".", 1)[-1] for c in lines[2].split()[1:]] == [str(c) for c in view.cash]
    assert lines[3].split()[1:] == [signed(x, "en") for x in view.balance]


# ------------------------------------------------------------- random games


#: Lines that write contracts, whose labels (``7♠``, ``10♥``) read like cards.
CONTRACT_LINE = re.compile(
    r"^(Bidding|Top bid|Your word|Name your contract|All-passes in a row|Contract:|Bid:|Игра:|"
    r"Заявка:|Торговля|Старшая заявка|Ваше слово|Закажите игру|Распасов подряд)"
)


def card_lines(texts: list[str], view: PreferansView) -> str:
    """The texts that may name cards: not those writing bids (tags in the bidding)."""
    return "\n".join(t for t in texts if not CONTRACT_LINE.match(t))


def known_cards(events: list[Event]) -> set[int]:
    """Every card the observer's events showed him: his hands, the talon where shown to
    him, hands laid open, talon leads, his own discard and every card played."""
    known: set[int] = set()
    for e in events:
        d = e.data
        names: list[str] = []
        if e.kind == "deal":
            names = list(d.get("hand", []))
        elif e.kind == "talon":
            names = list(d["cards"])
        elif e.kind == "show":
            names = [c for _s, hand in d["hands"] for c in hand]
        elif e.kind == "talon_lead":
            names = [d["talon_card"]]
        elif e.kind == "action":
            names = list(d.get("cards", [])) + ([d["card"]] if "card" in d else [])
        known |= {parse_card(c) for c in names}
    return known


@pytest.mark.parametrize("rules", CONVENTIONS)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_random_games_have_words_for_everything_and_tell_no_hidden_card(
    rules: str, lang: str
) -> None:
    words, names = words_of(lang), NAMES[lang]
    kinds: set[str] = set()
    verbs: set[str] = set()
    for seed in range(4):
        players = 3 + seed % 2
        state = new(rules, seed=seed, players=players, pool=4, dealer=seed % players)
        rng = random.Random(seed)
        # What each observer's events showed him so far, read on from where they were
        # last read: the same cards as reading all his events again at every step, in
        # time linear in the match's length rather than quadratic.
        seen: dict[int | None, set[int]] = {}
        told: dict[int | None, int] = {}
        while state.to_act is not None:
            seat = state.to_act
            legal = state.legal_actions()
            for observer in (seat, (seat + 1) % players, None):
                view = view_of(state, observer)
                mine = legal if observer == seat else ()
                texts = [
                    words.phase(view),
                    words.hint(view, mine, names),
                    words.hand_note(view) or "",
                    *words.status(view, names, names),
                    *words.table_lines(view, names, names),
                ]
                tags = [t for s in range(players) for t in words.seat_tags(view, s)]
                if view.phase != "bidding":  # in the bidding, a seat's tag is his bid
                    texts += tags
                for a in mine:
                    label = words.action_label(a, view)
                    assert label and label != str(a), a
                    if a.verb not in ("bid", "declare"):
                        texts.append(label)
                    texts.append(words.action_help(a, view, names) or "")
                    verbs.add(a.verb)
                fresh = state.events(told.get(observer, 0), observer)
                known = seen.setdefault(observer, set())
                known |= known_cards(fresh)
                if fresh:
                    told[observer] = fresh[-1].number + 1
                shown = cards_in_text(card_lines(texts, view), lang)
                assert shown <= known, (observer, sorted(shown - known), texts)
            passes = [a for a in legal if a.verb == "pass"]
            if state.phase == 0 and passes and rng.random() < 0.5:
                state.apply(passes[0])
            else:
                state.apply(legal[rng.randrange(len(legal))])
        for observer in (None, 0, 1):
            events = state.events(0, observer)
            for i, event in enumerate(events):
                kinds.add(event.kind)
                text = words.event_text(event, names, names)
                is_play = event.kind == "action" and " play " in f" {event.action}".replace(
                    ":", " "
                )
                assert (text is None) == is_play, event
                shown = cards_in_text(text or "", lang)
                assert shown <= known_cards(events[: i + 1]), (event, text)
        for summary in state.finished_deals():
            row = words.sheet_row(summary, names[:players])
            assert len(row) == len(words.sheet_header(names[:players]))
            lines = words.deal_lines(summary, names, names)
            assert len(lines) >= 2
        view = view_of(state, 0)
        assert view.finished and words.match_result(view, names)
        paper = PAPER[lang].sheet_lines(view, list(state.finished_deals()), names[:players])
        assert len(paper) >= 3
    assert {"deal", "action", "deal_end", "match_end"} <= kinds
    if rules != "pot":
        assert {"trick", "talon"} <= kinds
        assert {"bid", "pass", "discard", "declare", "whist", "play"} <= verbs


@pytest.mark.parametrize("rules", CONVENTIONS)
def test_every_line_of_a_game_reads_in_russian(rules: str) -> None:
    names = NAMES["ru"]
    state = new(rules, seed=8, pool=4)
    rng = random.Random(8)
    texts: list[str] = []
    while state.to_act is not None:
        seat = state.to_act
        view = view_of(state, seat)
        legal = state.legal_actions()
        texts += [RU.hint(view, legal, names), RU.phase(view), RU.hand_note(view) or ""]
        texts += RU.status(view, names, names) + RU.table_lines(view, names, names)
        texts += [RU.action_label(a, view) for a in legal]
        texts += [RU.action_help(a, view, names) or "" for a in legal]
        texts += [t for s in range(3) for t in RU.seat_tags(view, s)]
        passes = [a for a in legal if a.verb == "pass"]
        state.apply(
            passes[0]
            if state.phase == 0 and passes and rng.random() < 0.5
            else legal[rng.randrange(len(legal))]
        )
    texts += [RU.event_text(e, names, names) or "" for e in state.events(0, 0)]
    deals = list(state.finished_deals())
    for summary in deals:
        texts += RU.deal_lines(summary, names, names) + RU.sheet_row(summary, names[:3])
    texts += RU.sheet_header(names[:3]) + PAPER["ru"].sheet_lines(state.view(0), deals, names[:3])
    texts += [*RU.rules(state.options), RU.match_result(state.view(0), names)]
    for text in texts:
        assert not re.search(r"[A-Za-z]", text), text


# ------------------------------------------------------------------- rules


@pytest.mark.parametrize(
    ("rules", "present"),
    [
        ("sochi", ["responsible and greedy whist", "at 1, then 2, then 3", "6, 7, 7"]),
        ("leningrad", ["whists doubled", "gentleman's whist", "6, 7, 8"]),
        ("rostov", ["without the talon", "5 whists (then 10, 15)"]),
        ("pot", ["Pot game (the old rules with a pot)", "hold", "The declarer leads."]),
    ],
)
def test_rules_fit_the_convention(rules: str, present: list[str]) -> None:
    text = " ".join(EN.rules(GAME.options({"rules": rules, "pool": 12})))
    assert all(p in text for p in present), text
    assert ("reaches 12" in text) == (rules != "pot")
    ru = " ".join(RU.rules(GAME.options({"rules": rules})))
    assert "прикуп" in ru


def test_option_help_in_both_languages() -> None:
    for spec in GAME.option_schema():
        en, ru = EN.option_help(spec), RU.option_help(spec)
        assert en and ru and en != ru
        assert re.search(r"[А-Яа-я]", ru), ru


def test_the_end_of_the_game_and_its_settlement() -> None:
    state = new("rostov", seed=6, pool=2, start=Start({"pulya": (1, 2, 2)}))
    play_random(state, random.Random(6))
    view = view_of(state, 0)
    assert view.finished
    names = NAMES["en"]
    text = EN.match_result(view, names[:3])
    expected = " · ".join(
        f"{n} {signed(x, 'en')}" for n, x in zip(names, view.balance, strict=False)
    )
    assert text.startswith(f"The game is over. Settlement: {expected}.")
    assert EN.phase(view) == "the pulya is closed"
    assert EN.hint(view, (), names) == "The game is over."
    end = state.events(0, 0)[-1]
    assert end.kind == "match_end"
    assert (EN.event_text(end, names, names) or "").startswith("The game is over. Settlement: ")
    assert RU.match_result(view, NAMES["ru"][:3]).startswith("Игра окончена. Расчёт: Вы ")
    assert signed(-866.6667, "ru") == "-866,7" and signed(12.0, "en") == "+12"
    # A decimal comma in Portuguese and French too (core.i18n.decimal), a point in English.
    assert signed(-866.6667, "pt") == signed(-866.6667, "fr") == "-866,7"
    assert signed(0.5, "en") == "+0.5"
