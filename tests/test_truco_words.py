"""Truco's words (``game.words(lang)``): what the player reads, in both languages.

They are pure functions of views, events and deal summaries, so they are
tested here without a screen; the terminal's tests check that they reach it.
Random matches of every variant and table size check that every action has
words, that every event has a line, and that a card played face down is never
told to anyone but its player.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from tricktaker.cards import parse_card
from tricktaker.core import get_game
from tricktaker.core.cardwords import card_label
from tricktaker.core.protocol import Words
from tricktaker.core.start import Start
from tricktaker.core.summary import DealSummary
from tricktaker.games.truco import TrucoAction, TrucoState, TrucoView
from tricktaker.games.truco.cards import manilhas, strength_table
from tricktaker.games.truco.rules import EV_BLIND, EV_DEAL, EV_SAID
from tricktaker.games.truco.words import TrucoWords

GAME = get_game("truco")
EN: Words = GAME.words("en")
RU: Words = GAME.words("ru")
NAMES_EN = ["You", "Computer"]
NAMES_RU = ["Вы", "Компьютер"]
SEATS_EN = ["You", "Seat 2", "Seat 3", "Seat 4", "Seat 5", "Seat 6"]
SEATS_RU = ["Вы", "Игрок 2", "Игрок 3", "Игрок 4", "Игрок 5", "Игрок 6"]
CARD = re.compile(r"(10|[2-7JQKAВДКТ])[♣♦♥♠]")
#: The game's own Portuguese shouts, kept in the Russian text too.
SHOUTS = {"Truco", "Desce", "Corro", "Seis", "Nove", "Dez", "Doze"}
VARIANTS = ("paulista", "mineiro")
LADDER_CALLS = {
    "paulista": ["Truco! (3)", "Seis! (6)", "Nove! (9)", "Doze! (12)"],
    "mineiro": ["Truco! (4)", "Seis! (6)", "Dez! (10)", "Doze! (12)"],
}
LADDER_CALLS_RU = {
    "paulista": ["Труко! (3)", "Шесть! (Seis!)", "Девять! (Nove!)", "Двенадцать! (Doze!)"],
    "mineiro": ["Труко! (4)", "Шесть! (Seis!)", "Десять! (Dez!)", "Двенадцать! (Doze!)"],
}


def new(
    players: int = 2,
    variant: str = "paulista",
    seed: int = 1,
    dealer: int = 1,
    score: tuple[int, int] | None = None,
    match: int = 1,
) -> TrucoState:
    options = GAME.options({"players": players, "variant": variant, "match": match})
    start = Start({"score": score}) if score is not None else None
    state = GAME.new_match(options, seed=seed, dealer=dealer, start=start)
    assert isinstance(state, TrucoState)
    return state


def view_of(state: TrucoState, seat: int) -> TrucoView:
    return state.view(seat)


def verbs(state: TrucoState) -> dict[str, object]:
    return {a.verb: a for a in state.legal_actions()}


def labels(words: Words, state: TrucoState) -> dict[str, str]:
    """The label of each legal verb but ``play`` (the cards), for the seat to act."""
    assert state.to_act is not None
    view = state.view(state.to_act)
    return {a.verb: words.action_label(a, view) for a in state.legal_actions() if a.verb != "play"}


def take(state: TrucoState, verb: str, down: bool = False) -> None:
    """Apply the first legal action with ``verb`` (a face-down card if ``down``)."""
    for a in state.legal_actions():
        if a.verb == verb and (len(a.args) > 1) == down:
            state.apply(a)
            return
    raise AssertionError(f"no {verb} among {[str(a) for a in state.legal_actions()]}")


def test_the_words_follow_the_protocol() -> None:
    words: Words = TrucoWords("en")  # mypy checks TrucoWords against the protocol here
    assert type(EN) is type(words)
    assert EN.title == "Truco" and RU.title == "Труко"
    assert EN.lang == "en" and RU.lang == "ru"
    assert not EN.is_private(GAME.parse_action("0:raise"))


# ------------------------------------------------------------------- calls


@pytest.mark.parametrize("variant", VARIANTS)
def test_raises_are_named_by_the_value_they_ask(variant: str) -> None:
    state = new(variant=variant, dealer=1)  # seat 0 is the mão
    calls: list[str] = []
    calls_ru: list[str] = []
    for turn in range(4):
        assert "raise" in verbs(state), turn
        calls.append(labels(EN, state)["raise"])
        calls_ru.append(labels(RU, state)["raise"])
        take(state, "raise")
        answer = labels(EN, state)
        assert answer["accept"] == "Desce! (accept)"
        assert answer["refuse"] == "Corro (run from the raise)"
        assert labels(RU, state)["accept"] == "Принимаю (Desce!)"
        assert labels(RU, state)["refuse"] == "Пас / бегу (Corro)"
    assert calls == LADDER_CALLS[variant]
    assert calls_ru == LADDER_CALLS_RU[variant]
    assert "raise" not in verbs(state)  # “Doze!” asks the most a hand can be worth
    said = [EN.event_text(e, NAMES_EN, NAMES_EN) for e in state.events(0, 0)]
    first, *more = LADDER_CALLS[variant]
    assert said[1:5] == [
        f"You: “{first}”",
        *[
            f"{name}: “{call}”"
            for name, call in zip(["Computer", "You", "Computer"], more, strict=True)
        ],
    ]
    ru = [RU.event_text(e, NAMES_RU, NAMES_RU) for e in state.events(0, 1)]
    assert ru[2] == f"Компьютер: «{LADDER_CALLS_RU[variant][1]}»"
    take(state, "accept")
    accepted = EN.event_text(state.events(0, 0)[-1], NAMES_EN, NAMES_EN)
    assert accepted == "You: “Desce!” (the hand is worth 12)"


def test_a_raise_says_what_it_asks_and_what_running_costs() -> None:
    state = new(dealer=1)
    view = state.view(0)
    helps = {a.verb: EN.action_help(a, view, NAMES_EN) for a in state.legal_actions()}
    assert helps["raise"] == "ask to play for 3; if they run, your side scores 1 point"
    assert helps["fold"] == "give up the hand: your opponent scores 1 point"
    assert EN.hint(view, state.legal_actions(), NAMES_EN) == (
        "Your lead: choose a card. You may first raise: Truco! (3)."
    )
    take(state, "raise")
    take(state, "raise")  # “Seis!” over “Truco!”
    view = state.view(0)
    helps = {a.verb: EN.action_help(a, view, NAMES_EN) for a in state.legal_actions()}
    assert helps["refuse"] == (
        "Computer scores 3 points, the stake before the raise, and the hand ends"
    )
    assert helps["accept"] == "play on for 6 points"
    assert helps["raise"] == "accept 6 and ask 9: now the other side must answer"
    assert EN.hint(view, state.legal_actions(), NAMES_EN) == (
        "Computer: “Seis! (6)” — the hand would be worth 6. Accept (Desce!) or run "
        "(Corro: they score 3 points)? Or raise again: Nove! (9)"
    )
    assert EN.status(view, NAMES_EN, NAMES_EN)[2] == "Stake: 3 · raise (Computer): Seis! (6)"
    ru = {a.verb: RU.action_help(a, view, NAMES_RU) for a in state.legal_actions()}
    assert ru["refuse"] == "Компьютер получает 3 очка (ставку до повышения), раздача окончена"
    take(state, "refuse")
    summary = state.finished_deals()[0]
    assert summary.end == "refused" and summary.points == 3
    assert EN.deal_lines(summary, NAMES_EN, NAMES_EN)[1] == (
        "Computer +3 points (the other side ran from a raise)"
    )


def test_teams_hear_that_the_raisers_score() -> None:
    state = new(players=4, dealer=3)  # seat 0 leads
    take(state, "raise")
    assert state.to_act == 1
    view = state.view(1)
    names = ["South", "You", "North", "East"]
    helps = {a.verb: EN.action_help(a, view, names) for a in state.legal_actions()}
    assert helps["refuse"] == (
        "the raisers score 1 point, the stake before the raise, and the hand ends"
    )
    assert helps["accept"] == "play on for 3 points"
    take(state, "accept")
    take(state, "play")
    assert state.to_act == 1
    fold = next(a for a in state.legal_actions() if a.verb == "fold")
    assert EN.action_help(fold, state.view(1), names) == (
        "give up the hand: the other team scores 3 points"
    )
    # Seat 1's team received the raise: only it may raise next (to six).
    raise_ = next(a for a in state.legal_actions() if a.verb == "raise")
    assert EN.action_label(raise_, state.view(1)) == "Seis! (6)"
    status = EN.status(state.view(1), names, ["We", "They"])
    assert status[2] == "Stake: 3 · next raise: They"


# --------------------------------------------------------- eleven and iron


@pytest.mark.parametrize(
    ("variant", "at", "value", "run"),
    [("paulista", 11, 3, "1 point"), ("mineiro", 10, 4, "2 points")],
)
def test_hand_of_eleven_shows_the_partners_hands_to_their_team_alone(
    variant: str, at: int, value: int, run: str
) -> None:
    state = new(players=4, variant=variant, dealer=3, score=(at, 5))
    assert state.to_act == 0
    view = state.view(0)
    partner = state.view(2).hand
    assert view.partners == ((2, partner),)
    note = EN.hand_note(view)
    assert note is not None and note.endswith(f"your partner holds {EN_cards(partner)}")
    assert labels(EN, state) == {"run": f"We run (they score {run})"}
    play = next(a for a in state.legal_actions() if a.verb == "play")
    assert EN.action_label(play, view) == f"We play (for {value})"
    assert RU.action_label(play, view) == f"Играем (на {value})"
    title = "Hand of eleven" if variant == "paulista" else "Hand of ten"
    assert EN.hint(view, state.legal_actions(), SEATS_EN) == (
        f"{title}: play for {value} (no raise), or run and give {run}? "
        "You see your partner's cards."
    )
    status = EN.status(view, SEATS_EN, ["Us", "Them"])
    assert status[2] == f"Stake: {value} · {title}: Us · no raise"
    deal = EN.event_text(state.events(0, 0)[0], SEATS_EN, ["Us", "Them"])
    assert deal is not None and f"Your partner's cards — Seat 3: {EN_cards(partner)}." in deal
    # The other team sees neither the partners' hands nor a word of them.
    theirs = state.view(1)
    assert theirs.partners == ()
    assert "partner" not in (EN.hand_note(theirs) or "")
    for seat in (1, 3):
        texts = [EN.event_text(e, SEATS_EN, ["Us", "Them"]) or "" for e in state.events(0, seat)]
        assert not any("partner" in t for t in texts)
        named = set(theirs.manilhas)  # the deal's first line names them by rule
        assert all(EN_cards((c,)) not in " ".join(texts) for c in partner if c not in named)
    state.apply(play)
    assert "raise" not in verbs(state)


def EN_cards(cards: Sequence[int | None]) -> str:
    return " ".join(card_label(c, "en") for c in cards)


def test_running_from_the_hand_of_eleven() -> None:
    state = new(players=2, dealer=1, score=(11, 3))
    take(state, "run")
    lines = [EN.event_text(e, NAMES_EN, NAMES_EN) for e in state.events(0, 1)]
    assert "You: “We run (they score 1 point)”" in lines
    assert "Hand 1 over: Computer +1 point (the other side ran from the hand)" in lines


def test_the_iron_hand_is_played_blind() -> None:
    state = new(players=2, dealer=1, score=(11, 11))
    view = state.view(0)
    assert view.hand == (None, None, None)
    blind = [a for a in state.legal_actions() if a.verb == "play"]
    assert [EN.action_label(a, view) for a in blind] == [
        "Card #1 (blind)",
        "Card #2 (blind)",
        "Card #3 (blind)",
    ]
    assert RU.action_label(blind[1], view) == "Карта №2 (вслепую)"
    assert "raise" not in verbs(state)
    assert EN.hand_note(view) == "iron hand: nobody sees his cards; choose one by its place"
    assert EN.status(view, NAMES_EN, NAMES_EN)[2].startswith("Iron hand: the hand decides")
    fold = next(a for a in state.legal_actions() if a.verb == "fold")
    assert EN.action_help(fold, view, NAMES_EN) == "give up the hand: your opponent scores 1 point"
    deal = EN.event_text(state.events(0, 0)[0], NAMES_EN, NAMES_EN)
    assert deal is not None and "Your cards are hidden" in deal
    assert "🂠" not in deal
    state.apply(blind[1])
    played = state.events(0, 1)[-1]
    assert played.data["slot"] == 2
    card = EN_cards((parse_card(played.data["card"]),))
    assert EN.event_text(played, NAMES_EN, NAMES_EN) == f"You: {card} (card #2, blind)"


# --------------------------------------------------------------- face down


def first_face_down(players: int, seed: int) -> tuple[TrucoState, int, int]:
    """A hand in which, at the second trick, the seat to act plays a card face down."""
    state = new(players=players, seed=seed, dealer=players - 1)
    while not state.view(0).tricks:
        take(state, "play")
    seat = state.to_act
    assert seat is not None
    down = next(a for a in state.legal_actions() if len(a.args) > 1)
    state.apply(down)
    return state, seat, parse_card(down.args[0])


@pytest.mark.parametrize("players", [2, 4])
def test_a_card_face_down_is_told_to_its_player_alone(players: int) -> None:
    state, seat, card = first_face_down(players, seed=3)
    label = card_label(card, "en")
    names = SEATS_EN[:players]
    for observer in range(players):
        view = state.view(observer)
        line = EN.event_text(state.events(0, observer)[-1], names, names)
        table = " ".join(EN.table_lines(view, names, names))
        if observer == seat:
            assert line == f"{names[seat]}: {label} face down"
            assert f"{names[seat]} {label} face down" in table
        else:
            assert line == f"{names[seat]}: a card face down"
            assert f"{names[seat]} a card face down" in table
            assert label not in table
    ru = RU.event_text(state.events(0, (seat + 1) % players)[-1], SEATS_RU, SEATS_RU)
    assert ru == f"{SEATS_RU[seat]}: карта рубашкой вверх"


# ------------------------------------------------------------ whole matches


@dataclass
class Seen:
    """What one observer was told during one hand: texts, and what it may know."""

    texts: list[str] = field(default_factory=list)
    known: set[int] = field(default_factory=set)


def play_out(state: TrucoState, rng: random.Random, words: Words, names: list[str]) -> list[str]:
    """Play random legal actions to the end; every word the acting seat reads, checked."""
    texts: list[str] = []
    sides = names[:2]
    while state.to_act is not None:
        seat = state.to_act
        view = state.view(seat)
        legal = state.legal_actions()
        texts.append(words.hint(view, legal, names))
        texts.extend(words.status(view, names, sides))
        texts.extend(words.table_lines(view, names, sides))
        texts.append(words.phase(view))
        texts.append(words.hand_note(view) or "")
        texts.extend(words.seat_tags(view, view.dealer))
        for a in legal:
            label = words.action_label(a, view)
            assert label.strip() and label != str(a), (str(a), label)
            texts.append(label)
            texts.append(words.action_help(a, view, names) or "")
        state.apply(legal[rng.randrange(len(legal))])
    return texts


CASES = [(v, p) for v in VARIANTS for p in (2, 4, 6)]


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_every_action_and_event_of_random_matches_has_words(variant: str, players: int) -> None:
    for k, score in enumerate([None, (10, 9), (11, 11) if variant == "paulista" else (10, 10)]):
        state = new(players, variant, seed=100 * players + k, dealer=k % players, score=score)
        rng = random.Random(k)
        for words, names in ((EN, SEATS_EN), (RU, SEATS_RU)):
            game = state.clone()
            play_out(game, random.Random(rng.random()), words, names[:players])
            sides = names[:2]
            for observer in [None, *range(players)]:
                for event in game.events(0, observer):
                    assert words.event_text(event, names, sides), event
            for summary in game.finished_deals():
                assert len(words.sheet_row(summary, sides)) == len(words.sheet_header(sides))
                assert words.deal_lines(summary, names, sides)
            view = game.view(0)
            assert view.finished and words.match_result(view, sides)
            assert words.hint(view, (), names) in ("The match is over.", "Игра окончена.")


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_no_line_tells_a_card_face_down_to_anyone_but_its_player(
    variant: str, players: int
) -> None:
    """Each observer's log lines, table lines and deal lines, hand by hand."""
    names = SEATS_EN[:players]
    downs = 0
    for seed in range(6):
        state = new(players, variant, seed=seed, dealer=seed % players)
        rng = random.Random(seed)
        seen: dict[tuple[int, int], Seen] = {}
        while state.to_act is not None:
            hand = state.view(0).deal_number
            for observer in range(players):
                view = state.view(observer)
                entry = seen.setdefault((hand, observer), Seen())
                entry.texts.extend(EN.table_lines(view, names, names))
                entry.known |= {c for c in view.hand if c is not None}
                entry.known |= {c for _s, h in view.partners for c in h}
            legal = state.legal_actions()
            # Face down whenever allowed, so that there is plenty to hide.
            down = [a for a in legal if len(a.args) > 1]
            pick = down if down and rng.random() < 0.6 else legal
            state.apply(pick[rng.randrange(len(pick))])
        for observer in range(players):
            hand = -1
            for event in state.events(0, observer):
                if event.kind == "deal":
                    hand = event.data["deal"]
                text = EN.event_text(event, names, names)
                assert text is not None
                entry = seen.setdefault((hand, observer), Seen())
                entry.texts.append(text)
                if event.kind == "deal_end":
                    summary = DealSummary.from_json(event.data)
                    entry.texts.extend(EN.deal_lines(summary, names, names))
        for deal in state.dealt:
            number = state.dealt.index(deal) + state.first_deal
            vira = deal.piles["vira"][0] if "vira" in deal.piles else None
            tops = set(manilhas(strength_table(vira)))
            hidden = [
                (a.seat, a.card)
                for a in actions_of_deal(state, number)
                if a.verb == "play" and len(a.args) > 1
            ]
            for observer in range(players):
                told = seen.get((number, observer))
                if told is None:
                    continue
                text = "\n".join(told.texts)
                for seat, card in hidden:
                    if seat == observer or card in told.known:
                        continue
                    downs += 1
                    label = card_label(card, "en")
                    assert f"{label} face down" not in text
                    assert f"{names[seat]} {label}" not in text
                    assert f"{names[seat]}: {label}" not in text
                    if card not in tops:  # manilhas are named by rule in the deal's first line
                        assert label not in text, (observer, seat, label)
    assert downs > 10


def actions_of_deal(state: TrucoState, number: int) -> list[TrucoAction]:
    """The actions taken in deal ``number``, from the engine's log."""
    out: list[TrucoAction] = []
    current = -1
    for entry in state.log:
        if isinstance(entry, tuple):
            if entry[0] == EV_DEAL:
                current = entry[2]
            elif entry[0] in (EV_SAID, EV_BLIND) and current == number:
                out.append(entry[1])
        elif isinstance(entry, TrucoAction) and current == number:
            out.append(entry)
    return out


@pytest.mark.parametrize(("variant", "players"), [("paulista", 4), ("mineiro", 6)])
def test_trick_lines_name_the_seat_that_took_the_trick(variant: str, players: int) -> None:
    names = SEATS_EN[:players]
    checked = 0
    for seed in range(4):
        state = new(players, variant, seed=seed)
        rng = random.Random(seed)
        while state.to_act is not None:
            legal = [a for a in state.legal_actions() if a.verb in ("play", "accept")]
            state.apply(rng.choice(legal or list(state.legal_actions())))
        for observer in range(players):
            events = state.events(0, observer)
            takers: list[object] = []
            for event in events:
                if event.kind == "deal":
                    takers = []
                elif event.kind == "trick":
                    tie = event.data["result"] == "tie"
                    takers.append(None if tie else names[event.data["leader"]])
                elif event.kind == "deal_end":
                    summary = DealSummary.from_json(event.data)
                    lines = EN.deal_lines(summary, names, names)
                    for line, who in zip(lines, takers, strict=False):
                        end = "→ tied (empate)" if who is None else f"→ {who}"
                        assert line.endswith(end), (line, who)
                        checked += 1
    assert checked > 20


@pytest.mark.parametrize(("variant", "players"), [("paulista", 2), ("mineiro", 4), ("paulista", 6)])
def test_every_line_of_a_match_reads_in_russian(variant: str, players: int) -> None:
    state = new(players, variant, seed=40 + players, score=(9, 10))
    texts = play_out(state, random.Random(players), RU, SEATS_RU[:players])
    sides = ["Мы", "Они"]
    for event in state.events(0, 0):
        texts.append(RU.event_text(event, SEATS_RU, sides) or "")
    for summary in state.finished_deals():
        texts.extend(RU.deal_lines(summary, SEATS_RU, sides))
        texts.extend(RU.sheet_row(summary, sides))
    texts.extend(RU.rules(state.options))
    for text in texts:
        latin = set(re.findall(r"[A-Za-z]{2,}", CARD.sub("", text)))
        assert latin <= SHOUTS, text


# ---------------------------------------------------------------- reading


def test_the_deal_line_shows_the_vira_and_the_manilhas() -> None:
    state = new(dealer=1, seed=5)
    view = state.view(0)
    assert view.vira is not None
    vira = card_label(view.vira, "en")
    tops = EN_cards(view.manilhas)
    status = EN.status(view, NAMES_EN, NAMES_EN)
    assert status[1] == f"Hand 1 · dealer: Computer · vira: {vira} · manilhas: {tops}"
    first = EN.event_text(state.events(0, 0)[0], NAMES_EN, NAMES_EN)
    assert first is not None
    assert first.startswith(f"— Hand 1 · dealer: Computer · vira: {vira} · manilhas: {tops} —")
    note = EN.hand_note(view)
    zap, copas, espadilha, pica = (card_label(c, "en") for c in view.manilhas)
    assert note is not None and note.startswith(
        f"manilhas: {zap} zap, {copas} copas, {espadilha} espadilha, {pica} pica-fumo · then "
    )
    assert zap[:-1] == pica[:-1] and "♣" in zap and "♦" in pica  # one rank, the zap first


def test_mineiro_has_fixed_manilhas_and_no_vira() -> None:
    state = new(variant="mineiro")
    view = state.view(0)
    assert view.vira is None
    assert EN.status(view, NAMES_EN, NAMES_EN)[1] == (
        "Hand 1 · dealer: Computer · manilhas: 4♣ 7♥ A♠ 7♦"
    )
    assert RU.status(view, NAMES_RU, NAMES_RU)[1] == (
        "Раздача 1 · сдаёт: Компьютер · манильи: 4♣ 7♥ Т♠ 7♦"
    )
    assert EN.hand_note(view) == (
        "manilhas: 4♣ zap, 7♥ copas, A♠ espadilha, 7♦ pica-fumo · then 3 2 A K J Q 7 6 5 4"
    )
    assert EN.seat_tags(view, 1) == ["dealer"] and EN.seat_tags(view, 0) == ["mão"]


def test_a_best_of_three_shows_the_games() -> None:
    state = new(match=3)
    assert EN.status(state.view(0), NAMES_EN, NAMES_EN)[0] == (
        "Score: You 0 — Computer 0 (game to 12) · Games: 0 — 0 (best of three)"
    )
    single = new(match=1)
    assert "Games" not in EN.status(single.view(0), NAMES_EN, NAMES_EN)[0]


def test_a_fold_shows_the_cards_played_before_it_and_the_sheet() -> None:
    state = new(dealer=1)
    card = next(a for a in state.legal_actions() if a.verb == "play")
    state.apply(card)
    state.apply("1:fold")
    summary = state.finished_deals()[0]
    label = EN.action_label(card, state.view(0))
    vira = summary.details["vira"]
    assert EN.deal_lines(summary, NAMES_EN, NAMES_EN) == [
        f"Trick 1: You {label} → cut short",
        "You +1 point (the other side folded)",
        "Stake: 1",
        f"vira: {EN_cards((parse_card(vira),))}",
        "Score after the hand: You 1 — Computer 0",
    ]
    assert RU.sheet_header(NAMES_RU) == ["Раздача", "Ставка", "Итог", "Вы", "Компьютер"]
    assert RU.sheet_row(summary, NAMES_RU) == [
        "1",
        "1",
        "Вы +1 очко (другая сторона сдалась)",
        "1",
        "0",
    ]


def test_the_match_won_in_words() -> None:
    state = new(score=(11, 3), dealer=0)
    assert state.to_act == 0  # a hand of eleven: you decide
    take(state, "play")
    take(state, "fold")  # the other player, who leads, gives the hand away (3 points)
    view = state.view(0)
    assert view.finished
    assert EN.status(view, NAMES_EN, NAMES_EN)[0] == "Game won by You: 12 — 3"
    assert EN.match_result(view, NAMES_EN) == "Match won by You."
    assert RU.match_result(view, NAMES_RU) == "Победа: Вы."
    assert RU.sheet_row(state.finished_deals()[0], NAMES_RU)[3] == "12 (партия)"
    texts = [EN.event_text(e, NAMES_EN, NAMES_EN) for e in state.events(0, 0)]
    assert "Game won by You: 12 — 3." in texts and "Match won by You." in texts
    three = new(score=(11, 3), dealer=0, match=3)
    take(three, "play")
    take(three, "fold")
    assert EN.status(three.view(0), NAMES_EN, NAMES_EN)[0].endswith("Games: 1 — 0 (best of three)")


@pytest.mark.parametrize(
    ("options", "present", "absent"),
    [
        (
            {},
            [
                "the vira",
                "Truco! (3)",
                "Seis! (6), Nove! (9), Doze! (12)",
                "worth 1.",
                "one player",
            ],
            ["mineiro", "Dez!", "two games"],
        ),
        (
            {"variant": "mineiro", "players": 4, "match": 3},
            ["always 4♣ 7♥ A♠ 7♦", "Truco! (4)", "Dez! (10)", "Hand of ten", "teams of two"],
            ["the vira.", "Nove!", "Hand of eleven"],
        ),
        (
            {"players": 6},
            ["teams of three", "dealer's right", "Iron hand"],
            ["teams of two", "one player alone"],
        ),
    ],
)
def test_rules_fit_the_options(
    options: dict[str, object], present: list[str], absent: list[str]
) -> None:
    text = " ".join(EN.rules(GAME.options(options)))
    assert all(p in text for p in present), text
    assert not any(a in text for a in absent), text
    assert "Ordinary ranks from high to low: 3 2 A K J Q 7 6 5 4" in text
    assert "3 2 Т К В Д 7 6 5 4" in " ".join(RU.rules(GAME.options(options)))


def test_option_help_in_both_languages() -> None:
    for spec in GAME.option_schema():
        en, ru = EN.option_help(spec), RU.option_help(spec)
        assert en and ru and en != ru
        assert re.search(r"[А-Яа-я]", ru), ru
