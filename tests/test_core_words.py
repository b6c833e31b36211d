"""core.words: the words' plumbing every game shares, on a toy game of its own.

The toy's words subclass ``GameWords`` as a game's do, with the shared catalog
as their own (so nothing here depends on a game): the hint's order (the end,
whom the table waits for, what is asked), the tags, the lobby's fallbacks,
the view check and the phrases every game says alike, in both languages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

from tricktaker.cards import parse_card
from tricktaker.core.actions import Action
from tricktaker.core.i18n import DOMAIN, PACKAGE
from tricktaker.core.options import OptionSpec
from tricktaker.core.summary import DealSummary
from tricktaker.core.words import GameWords, Lobby, Source

NAMES = ["You", "West", "North"]
SIDES = ["Us", "Them"]


@dataclass(frozen=True)
class ToyView:
    seat: int | None = 0
    players: int = 3
    to_act: int | None = 0
    dealer: int = 1
    hand: tuple[int, ...] = ()
    hand_sizes: tuple[int, ...] = (0, 0, 0)
    on_table: tuple[tuple[int, int], ...] = ()
    finished: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat}


class ToyWords(GameWords[ToyView]):
    """A toy's words: the shared catalog stands for its own."""

    source = Source(DOMAIN, PACKAGE, "Toys", ToyView)
    lobby = Lobby(labels={"players": "Players"})

    def over(self) -> str:
        return "over"

    def asked(self, v: ToyView, legal: Sequence[Action], names: Sequence[str]) -> str:
        return f"asked {len(legal)}"

    def dealer_tag(self, v: ToyView, seat: int) -> str:
        return "dealer"

    def tags(self, v: ToyView, seat: int) -> list[str]:
        return ["first"] if seat == 0 else []


class SpectatorReadsSeat0(ToyWords):
    spectator_reads = 0


EN = ToyWords("en")
RU = ToyWords("ru")


def test_the_language_and_the_title() -> None:
    assert EN.lang == "en" and RU.lang == "ru" and EN.title == RU.title == "Toys"


def test_another_games_view_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match=r"^Toys' words need a Toys view, not str$"):
        EN.hint("a view", (), NAMES)  # type: ignore[arg-type]
    one = Source(DOMAIN, PACKAGE, "Le Truc", ToyView)
    assert one.wrong_view(3) == "Le Truc's words need a Le Truc view, not int"


def test_the_hint_tells_the_end_then_who_decides_then_what_is_asked() -> None:
    mine = ToyView()
    assert EN.hint(mine, [], NAMES) == "asked 0"
    assert EN.hint(replace(mine, to_act=1), [], NAMES) == "West is thinking…"
    assert RU.hint(replace(mine, to_act=1), [], ["Вы", "Запад", "Север"]) == "Думает: Запад…"
    assert EN.hint(replace(mine, to_act=None), [], NAMES) == "over"
    assert EN.hint(replace(mine, finished=True), [], NAMES) == "over"
    # A spectator is asked nothing, unless the game lets him read a seat's hint.
    spectator = replace(mine, seat=None)
    assert EN.hint(spectator, [], NAMES) == "You is thinking…"
    assert SpectatorReadsSeat0("en").hint(spectator, [], NAMES) == "asked 0"


def test_the_dealers_tag_comes_first() -> None:
    view = ToyView(dealer=0)
    assert EN.seat_tags(view, 0) == ["dealer", "first"]
    assert EN.seat_tags(view, 1) == []
    assert EN.seat_tags(ToyView(dealer=1), 1) == ["dealer"]


def test_the_lobby_falls_back_to_the_notation() -> None:
    spec = OptionSpec("players", "choice", 3, "how many play", choices=(3, 4))
    other = OptionSpec("speed", "choice", "slow", "how fast", choices=("slow", "fast"))
    assert EN.option_label(spec) == "Players" and EN.option_label(other) == "speed"
    assert EN.choice_label(other, "fast") == "fast"
    assert EN.option_help(other) == "how fast"


def test_the_trick_in_progress_says_whose_card_is_due() -> None:
    assert EN.in_progress("Trick 3", "", "You") == "Trick 3 · to lead: You"
    assert EN.in_progress("Trick 3", "", "You", lead_apart=False) == "Trick 3 · to play: You"
    assert EN.in_progress("Trick 3", "West 7♣", "You") == "Trick 3: West 7♣ · to play: You"
    assert RU.in_progress(RU.trick_title(3), "", "Вы") == "Взятка 3 · заходит: Вы"
    assert EN.plays([(1, "7c"), (0, parse_card("As"))], NAMES) == "West 7♣, You A♠"
    assert RU.plays([(1, "Ac")], NAMES) == "West Т♣"


def test_finished_tricks_and_scores() -> None:
    assert EN.trick_result(2, "West 7♣", None) == "Trick 2: West 7♣ → cut short"
    assert EN.trick_result(2, "West 7♣", "West") == "Trick 2: West 7♣ → West"
    running = "{a} {x} — {b} {y} (to {g})"
    assert EN.race([11, 3], SIDES, 12, "{side} won {x}-{y}", running) == "Us 11 — Them 3 (to 12)"
    assert EN.race([11, 12], SIDES, 12, "{side} won {x}-{y}", running) == "Them won 11-12"
    deal = DealSummary(0, 0, (0, 0), 1, 2, (0.0, 0.0), "tricks")
    assert EN.scored(deal, SIDES, {}) == "Them +2 points (won on tricks)"
    assert RU.scored(deal, ["Мы", "Они"], {}) == "Они +2 очка (по взяткам)"
    refused = deal._replace(end="refused")
    assert EN.scored(refused, SIDES, {"refused": "they said no"}).endswith("(they said no)")
    assert EN.scored(deal._replace(end="odd"), SIDES, {}).endswith("(odd)")


@pytest.mark.parametrize(
    ("lang", "hearts", "tricks", "quoted"),
    [("en", "hearts ♥", "2 tricks", "“No”"), ("ru", "черви ♥", "2 взятки", "«No»")],
)
def test_phrases_every_game_says_alike(lang: str, hearts: str, tricks: str, quoted: str) -> None:
    words = ToyWords(lang)
    assert words.suit("h") == hearts
    assert words.tricks_count(2) == tricks
    assert words.quoted("No") == quoted
    assert words.by_seat([3, 5, 0], NAMES) == "You 3 · West 5 · North 0"
    assert words.by_seat([3, 5, 0], NAMES, (2, 0)) == "North 0 · You 3"
