"""One match at the terminal: the human's seat, the computer seats, and what the human may see.

The session owns the state; everything it hands to the screen is built from
``state.view(HUMAN)`` (the human's own legal actions excepted, which hold only
his own cards). Computer seats act through ``Bot.act`` on their own views. The
log of what happened is computed by comparing two consecutive human views, so
an opponent's private word can never reach the screen by accident.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from tricktaker.bots import Bot
from tricktaker.core.errors import IllegalAction
from tricktaker.games.truc import TrucAction, TrucState, TrucView
from tricktaker.games.truc.actions import parse_action

HUMAN = 0


@dataclass(frozen=True, slots=True)
class ActionEvent:
    """A seat did something the human could see (a word, a card, a private message)."""

    seat: int
    verb: str
    arg: str | None
    #: The phase it was taken in: "pass" declines new cards in "call", a raise in "window".
    phase: str = ""


@dataclass(frozen=True, slots=True)
class DealEvent:
    """A deal ended; ``deal`` is the human view's summary of it."""

    deal: dict[str, Any]


@dataclass(frozen=True, slots=True)
class NewCardsEvent:
    """A call for cards was accepted: the caller and the dealer got new hands."""

    caller: int
    dealer: int


@dataclass(frozen=True, slots=True)
class GameEvent:
    """A game (to 12) was won by ``side`` with the final ``score``."""

    side: int
    score: tuple[int, int]


@dataclass(frozen=True, slots=True)
class NewDealEvent:
    number: int
    dealer: int


@dataclass(frozen=True, slots=True)
class MatchEvent:
    winner: int
    games: tuple[int, int]


@dataclass(frozen=True, slots=True)
class BotErrorEvent:
    """A computer seat failed to choose (a bug in a bot); it moved at random instead."""

    seat: int
    message: str


Event = (
    BotErrorEvent | ActionEvent | DealEvent | NewCardsEvent | GameEvent | NewDealEvent | MatchEvent
)

_ENDING_VERB = {"folded": "fold", "refused": "refuse", "void": "accept"}


def _action_event(text: str, phase: str) -> ActionEvent:
    a = parse_action(text)
    return ActionEvent(a.seat, a.verb, a.args[0] if a.args else None, phase)


def events_between(before: TrucView, after: TrucView) -> list[Event]:
    """What the human saw happen between two of his views (one action apart)."""
    if after.deal_number == before.deal_number:
        out: list[Event] = [_action_event(t, before.phase) for t in after.log[len(before.log) :]]
        if after.redeals > before.redeals:
            n = after.players
            out.append(NewCardsEvent((after.dealer - 1) % n, after.dealer))
        return out
    # The action that ended the deal is no longer in the new view's log: rebuild it
    # from the finished deal (it is always a public one: a card, fold, refuse, accept).
    deal = after.deals[before.deal_number]
    actor = before.to_act
    out = []
    if deal["end"] in _ENDING_VERB and actor is not None:
        out.append(ActionEvent(actor, _ENDING_VERB[deal["end"]], None, before.phase))
    elif deal["played"] and deal["played"][-1]:
        seat, card = deal["played"][-1][-1].split(":")
        out.append(ActionEvent(int(seat), "play", card, before.phase))
    out.append(DealEvent(deal))
    for side in (0, 1):
        if after.games[side] > before.games[side]:
            final = deal["score"]
            out.append(GameEvent(side, (final[0], final[1])))
    if after.finished and after.winner is not None:
        out.append(MatchEvent(after.winner, (after.games[0], after.games[1])))
    else:
        out.append(NewDealEvent(after.deal_number, after.dealer))
    return out


def seed_value(text: str | None) -> int | str:
    """The seed as given (digits become an int), or a fresh random one."""
    if text is None or not text.strip():
        return random.SystemRandom().randrange(1, 10**9)
    t = text.strip()
    return int(t) if t.isdigit() else t


class Session:
    """The match, the bots, and the human's window onto it."""

    def __init__(
        self,
        state: TrucState,
        bots: dict[int, Bot],
        names: list[str],
        seed: int | str,
    ) -> None:
        self._state = state
        self._bots = bots
        self.names = names
        self.seed = seed
        self._rngs = {seat: random.Random(f"{seed}:bot:{seat}") for seat in bots}
        self._view: TrucView = state.view(HUMAN)

    # --------------------------------------------------------------- looking

    @property
    def players(self) -> int:
        return self._state.players

    def view(self) -> TrucView:
        """The human's view: the only source of what the screen shows."""
        return self._view

    @property
    def finished(self) -> bool:
        return self._view.finished

    @property
    def to_act(self) -> int | None:
        return self._view.to_act

    @property
    def started(self) -> bool:
        """Whether anything has been played (a match with no action is not worth saving)."""
        return bool(self._view.log) or self._view.deal_number > 0

    def legal(self) -> list[TrucAction]:
        """The human's legal actions now (empty when it is not his turn)."""
        if self._state.to_act != HUMAN:
            return []
        return list(self._state.legal_actions())

    def bot_to_act(self) -> bool:
        seat = self._state.to_act
        return seat is not None and seat in self._bots

    # ---------------------------------------------------------------- acting

    def _apply(self, action: TrucAction) -> list[Event]:
        before = self._view
        self._state.apply(action)
        self._view = self._state.view(HUMAN)
        return events_between(before, self._view)

    def play(self, action: TrucAction) -> list[Event]:
        """Apply the human's action (IllegalAction if it is not his to take now)."""
        if self._state.to_act != HUMAN:
            raise IllegalAction("it is not your turn")
        return self._apply(action)

    def step_bot(self) -> list[Event]:
        """Let the computer seat to act take one action, seeing only its own view."""
        seat = self._state.to_act
        if seat is None or seat not in self._bots:
            return []
        legal = list(self._state.legal_actions())
        rng = self._rngs[seat]
        try:
            action = parse_action(str(self._bots[seat].act(self._state.view(seat), legal, rng)))
            if action not in legal:
                raise IllegalAction(f"it chose {action}, which is not allowed now")
        except Exception as exc:
            # A broken bot must not end the human's match: say so, and move at random.
            failure = BotErrorEvent(seat, f"{type(exc).__name__}: {exc}")
            return [failure, *self._apply(legal[rng.randrange(len(legal))])]
        return self._apply(action)

    # ---------------------------------------------------------------- saving

    def record(self) -> dict[str, Any]:
        """The full record (every hand dealt) with the seats' names, for replay."""
        record = self._state.to_record()
        record["names"] = list(self.names)
        record["date"] = datetime.now().isoformat(timespec="seconds")
        result = self._state.result()
        record["result"] = {
            "score": list(result.score),
            "games": list(result.games),
            "finished": result.finished,
            "winner": result.winner,
        }
        return record

    def save(self, directory: str | Path) -> Path:
        """Write the record as JSON into ``directory`` (created), named by date and time."""
        folder = Path(directory)
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
        path = folder / f"{stamp}-truc.json"
        k = 1
        while path.exists():
            k += 1
            path = folder / f"{stamp}-{k}-truc.json"
        path.write_text(record_json(self.record()), encoding="utf-8")
        return path


def record_json(record: dict[str, Any]) -> str:
    """JSON with one top-level field per line: readable, and short enough to diff."""
    fields = (f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in record.items())
    return "{\n" + ",\n".join(fields) + "\n}\n"
