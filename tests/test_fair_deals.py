"""Hidden by the rules, and fair deals: the record shown at a match's end holds no card
the rules never showed everyone, and ``tricktaker verify`` proves a record's deals came
from the seed the server committed to.

The shown record is checked against what a spectator saw, deal by deal: every card of a
deal in it appeared in that deal's public events. Random matches of every game and
option set are played to the end; a planted bug (Le Truc claiming to show every card)
is caught by the same check.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from scale import sample
from tricktaker.cli import main
from tricktaker.core import get_game
from tricktaker.core.fairness import EXIT_MISMATCH, canonical_seed, seed_hash, verify_text
from tricktaker.core.options import option_sets
from tricktaker.core.protocol import State
from tricktaker.core.records import PARTIAL, replay_text
from tricktaker.core.registry import game_ids

CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][cdhs])(?![0-9A-Za-z])")

#: Short matches: a small target, a small pool.
SHORT = {"tetka": {"target": 2}, "preferans": {"pool": 4}}


def cards_in(data: object) -> set[str]:
    return set(CARD.findall(json.dumps(data)))


def played_out(game_id: str, values: dict[str, Any], seed: int) -> State:
    game = get_game(game_id)
    options = game.options({**values, **SHORT.get(game_id, {})})
    rng = random.Random(seed)
    state = game.new_match(options, seed=f"s{seed}", dealer=rng.randrange(2))
    while state.to_act is not None:
        state.apply(rng.choice(state.legal_actions()))
    return state


def public_cards_per_deal(state: State) -> list[set[str]]:
    """The cards a spectator was shown in each deal (its public events, split at each
    ``deal``), and the view at the end."""
    deals: list[set[str]] = []
    for event in state.events(0, None):
        if event.kind == "deal" or not deals:
            deals.append(set())
        deals[-1] |= cards_in(event.to_json())
    deals[-1] |= cards_in(state.public_view().to_json())
    return deals


def hidden_cards(shown: dict[str, Any], state: State) -> set[str]:
    """Cards of the shown record that the rules never showed everyone in their deal."""
    seen = public_cards_per_deal(state)
    everything = set().union(*seen)
    found = cards_in(shown.get("actions", [])) - everything
    for index, deal in enumerate(shown.get("deals", [])):
        found |= cards_in(deal) - (seen[index] if index < len(seen) else set())
    return found


def cases() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for game_id in game_ids():
        sets = list(option_sets(get_game(game_id).option_schema()))
        out += [(game_id, dict(values)) for values in sets[: sample(len(sets), dev=2)]]
    return out


@pytest.mark.parametrize(("game_id", "values"), cases())
def test_a_shown_record_holds_no_card_the_rules_hid(game_id: str, values: dict[str, Any]) -> None:
    for seed in range(sample(12, dev=2)):
        state = played_out(game_id, values, seed)
        shown = state.shown_record()
        assert hidden_cards(shown, state) == set(), (game_id, values, seed)
        if shown.get("partial"):
            assert "seed" not in shown
            # (A deal's summary may name a talon turned for all: the check above saw it.)
            assert all(not {"hands", "stock"} & set(d) for d in shown["deals"])
            outcome = replay_text(json.dumps(shown))
            assert outcome.exit_code == 2 and outcome.output["error"]["message"] == PARTIAL
        else:  # the full record: it replays to the same end, and its seed is there
            assert shown == state.to_record() and "seed" in shown
            outcome = replay_text(json.dumps(shown))
            assert outcome.exit_code == 0 and outcome.output["returns"] == [
                int(r) if r == int(r) else r for r in state.returns()
            ]


def test_each_game_shows_the_full_record_only_where_its_rules_show_every_card() -> None:
    """The rulings of docs/rules/*.md: Tetka plays every card face up; Le Truc leaves
    cards unplayed and set aside, Truco face down, Preferans the discard."""
    full = {g: "partial" not in played_out(g, {}, 1).shown_record() for g in game_ids()}
    assert full == {"tetka": True, "truc": False, "truco": False, "preferans": False}


def test_the_check_finds_a_hidden_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: Le Truc claiming that its rules show every card. Its full record holds the
    unplayed cards, and the check names them."""
    state = played_out("truc", {}, 3)
    monkeypatch.setattr(type(state), "SHOWS_EVERY_CARD", True)
    assert "partial" not in state.shown_record()
    assert hidden_cards(state.shown_record(), state)


def test_a_face_down_card_never_shows() -> None:
    """Truco: a card played face down is in the full record, never in the shown one."""
    for seed in range(200):
        state = played_out("truco", {}, seed)
        full = state.to_record()
        down = [a for a in full["actions"] if a.endswith(" down")]
        if down:
            break
    else:  # pragma: no cover - random play always finds one within 200 matches
        pytest.fail("no card was played face down")
    shown = state.shown_record()
    assert all(not a.endswith(" down") or a.endswith(":play down") for a in shown["actions"])
    assert sum(a.endswith(":play down") for a in shown["actions"]) == len(down)


# ---------------------------------------------------------------------- fair deals


def committed(game_id: str = "tetka", seed: int = 5) -> dict[str, Any]:
    """A finished match's full record, as the server shows it: with its seed's hash."""
    record = played_out(game_id, {}, seed).to_record()
    record["seed_hash"] = seed_hash(record["seed"])
    return record


def test_the_seed_hash_is_sha256_of_a_canonical_encoding() -> None:
    assert canonical_seed("abc") == b'{"seed":"abc","v":1}'
    assert seed_hash(7) != seed_hash("7")
    assert seed_hash("abc") == hashlib.sha256(b'{"seed":"abc","v":1}').hexdigest()


@pytest.mark.parametrize("game_id", ["tetka", "truc", "truco", "preferans"])
def test_verify_holds_for_the_seeds_own_deals(game_id: str) -> None:
    outcome = verify_text(json.dumps(committed(game_id)))
    assert outcome.exit_code == 0 and outcome.output["ok"] is True
    assert outcome.output["deals"] >= 1


def test_verify_finds_a_seed_that_is_not_the_committed_one() -> None:
    record = committed()
    record["seed_hash"] = seed_hash("another")
    outcome = verify_text(json.dumps(record))
    assert (
        outcome.exit_code == EXIT_MISMATCH and "hash differs" in outcome.output["error"]["message"]
    )


def test_verify_finds_deals_the_seed_did_not_deal() -> None:
    """A rigged record: the deals of one seed under the commitment to another. Its own
    actions replay (the deals are legal), but the seed deals other cards."""
    rigged = committed("truc", 4)
    rigged["seed"] = "honest"
    rigged["seed_hash"] = seed_hash("honest")
    outcome = verify_text(json.dumps(rigged))
    assert outcome.exit_code == EXIT_MISMATCH
    assert outcome.output["error"] == {
        "message": "deal 1 was not dealt from the committed seed",
        "deal": 0,
    }


def test_verify_names_the_first_deal_that_differs() -> None:
    """The first deal the seed's, the second another's: the actions stop when the first
    deal ends, so the record replays, and verify names the second deal."""
    record = committed("truc", 4)
    game = get_game("truc")
    state = get_game("truc").new_match(
        game.options(record["options"]), seed=record["seed"], dealer=record["dealer"]
    )
    actions = []
    for text in record["actions"]:
        state.apply(game.parse_action(text))
        actions.append(text)
        if len(state.finished_deals()) == 1:
            break
    other = played_out("truc", {}, 9).to_record()["deals"][1]
    record.update(actions=actions, deals=[record["deals"][0], other])
    assert replay_text(json.dumps(record)).exit_code == 0
    outcome = verify_text(json.dumps(record))
    assert outcome.exit_code == EXIT_MISMATCH and outcome.output["error"]["deal"] == 1
    assert "deal 2 was not dealt" in outcome.output["error"]["message"]


@pytest.mark.parametrize(
    ("change", "code", "words"),
    [
        (lambda r: r.pop("seed_hash"), 2, "no seed_hash"),
        (lambda r: r.pop("seed"), 2, "no seed"),
        (lambda r: r.update(seed_hash="xyz"), 2, "64 hexadecimal"),
        (lambda r: r.update(partial=True), 2, "partial"),
        (lambda r: r.update(actions=["0:play 7h"] * 3), 3, "action"),
    ],
)
def test_verify_refuses_what_it_cannot_check(change: Any, code: int, words: str) -> None:
    record = committed()
    change(record)
    outcome = verify_text(json.dumps(record))
    assert outcome.exit_code == code and words in outcome.output["error"]["message"]


def test_verify_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(committed()), encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    assert "came from the seed committed to" in capsys.readouterr().out
    assert main(["verify", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    path.write_text("{not json", encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["verify", str(tmp_path / "missing.json"), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["ok"] is False
    shown = played_out("truco", {}, 2).shown_record()
    path.write_text(json.dumps(shown), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert main(["replay", str(path)]) == 2
    assert "partial" in capsys.readouterr().out


def test_verify_refuses_deals_listed_beyond_the_play() -> None:
    """Deals listed that the actions never reach could be anything: not a fair record."""
    record = committed("truc", 4)
    record["deals"].append(record["deals"][0])
    outcome = verify_text(json.dumps(record))
    assert outcome.exit_code == EXIT_MISMATCH and "cannot be checked" in str(outcome.output)
