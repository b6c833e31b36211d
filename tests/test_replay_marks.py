"""The replay's jump indexes (``server.replay.step_marks``): for every game and every
observer, the steps where deals begin and tricks end are strictly increasing, within
the steps, and exactly where that observer's own ``deal`` and ``trick`` events are."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tricktaker.core import get_game
from tricktaker.core.registry import game_ids
from tricktaker.server.replay import replay_frames, step_marks

#: Enough actions for a few deals of every game.
ACTIONS = 160


def played(game_id: str, seed: int) -> list[str]:
    game = get_game(game_id)
    state = game.new_match(game.options({}), seed=seed)
    rng = random.Random(seed)
    actions: list[str] = []
    while state.to_act is not None and len(actions) < ACTIONS:
        legal = list(state.legal_actions())
        plays = [a for a in legal if ":play" in str(a)]  # mostly play: tricks, not folds
        action = rng.choice(plays if plays and rng.random() < 0.8 else legal)
        state.apply(action)
        actions.append(str(action))
    return actions


@pytest.mark.parametrize("game_id", [g for g in game_ids() if g != "toy"])
def test_deal_and_trick_steps_match_each_observers_events(game_id: str) -> None:
    game = get_game(game_id)
    actions = played(game_id, seed=11)
    players = game.new_match(game.options({})).players
    for observer in [None, *range(players)]:
        state = game.new_match(game.options({}), seed=11)
        names = [str(i + 1) for i in range(players)]
        answer = replay_frames(game, state, actions, observer, "en", names, {})
        frames = answer["frames"]
        assert answer["error"] is None and len(frames) == len(actions) + 1
        deals, tricks = answer["deals"], answer["tricks"]
        steps = [d["step"] for d in deals]
        assert steps == sorted(set(steps)) and tricks == sorted(set(tricks))
        assert all(0 <= s < len(frames) for s in steps + tricks)
        assert steps[0] == 0 and len(deals) >= 2 and tricks  # the match's first deal, more
        # Exactly the observer's own events, step by step.
        told = [
            (step, e["data"]["deal"])
            for step, f in enumerate(frames)
            for e in f["events"]
            if e["kind"] == "deal"
        ]
        assert [(d["step"], d["deal"]) for d in deals] == told
        ended = [s for s, f in enumerate(frames) if any(e["kind"] == "trick" for e in f["events"])]
        assert tricks == ended
        assert [d["deal"] for d in deals] == sorted(d["deal"] for d in deals)


def test_marks_of_hand_made_frames() -> None:
    """A deal's last trick, its end and the next deal may come in one step."""
    frames: list[dict[str, Any]] = [
        {"events": [{"kind": "deal", "data": {"deal": 1}}]},
        {"events": [{"kind": "action"}]},
        {"events": [{"kind": "trick"}, {"kind": "deal_end"}]},
        {"events": [{"kind": "trick"}, {"kind": "deal", "data": {"deal": 2}}]},
        {"events": []},
    ]
    assert step_marks(frames) == {
        "deals": [{"step": 0, "deal": 1}, {"step": 3, "deal": 2}],
        "tricks": [2, 3],
    }
    assert step_marks([]) == {"deals": [], "tricks": []}
