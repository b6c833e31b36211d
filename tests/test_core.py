"""Core machinery on its own: actions, typed options, starts, piles, the sampler, events."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tricktaker.cards import CARD_NAMES, cards_in, mask_of, parse_card, suit_of
from tricktaker.core import Action, IllegalAction, OptionError, RecordError, SampleError
from tricktaker.core.actions import split_action
from tricktaker.core.deals import DealSpec, PileSpec, make_deal, read_deal
from tricktaker.core.events import Event, Told, info_key_of, render_log, told_from
from tricktaker.core.options import (
    OptionSpec,
    build_options,
    option_sets,
    parse_option_args,
    parse_option_texts,
    schema_help,
)
from tricktaker.core.sampling import Pile, deal_unseen
from tricktaker.core.start import Start, parse_start
from tricktaker.core.summary import DealList, DealSummary

# ------------------------------------------------------------------ actions


def test_actions_print_and_read_back_with_an_owner() -> None:
    a = Action(0, "play", ("Ah",), owner=2)
    assert str(a) == "0:play Ah from 2" and a.hand_seat == 2
    assert split_action("0:play Ah from 2") == (0, "play", ("Ah",), 2)
    assert split_action(" 1:PASS ") == (1, "pass", (), None)
    assert Action(1, "fold").hand_seat == 1


@pytest.mark.parametrize(
    "text",
    ["²:fold", "٣:fold", "0:play Ah from ²", "123:fold", "x:fold", "0:", ":fold", "0:" + "a" * 300],
)
def test_unreadable_actions_say_why(text: str) -> None:
    with pytest.raises(IllegalAction) as info:
        split_action(text)
    assert len(str(info.value)) < 200


def test_non_text_actions_are_refused() -> None:
    with pytest.raises(IllegalAction, match="must be text"):
        split_action(7)


# ------------------------------------------------------------------ options

SCHEMA = (
    OptionSpec("players", "choice", 3, "how many", choices=(3, 4)),
    OptionSpec("pool", "int", 20, "pool size", low=10, high=100),
    OptionSpec("open", "bool", False, "open hands"),
    OptionSpec("rules", "choice", "sochi", "rules", choices=("sochi", "rostov")),
)


def test_json_values_are_held_to_their_types() -> None:
    opts = build_options(SCHEMA, {"players": 4, "pool": 35, "open": True, "rules": "rostov"})
    assert dict(opts) == {"players": 4, "pool": 35, "open": True, "rules": "rostov"}
    assert opts.integer("pool") == 35 and opts.flag("open") and opts.text("rules") == "rostov"
    assert build_options(SCHEMA, {}) == build_options(SCHEMA, {"pool": 20})
    assert hash(build_options(SCHEMA, {})) == hash(build_options(SCHEMA, {"players": 3}))


def test_command_line_text_is_read_as_each_option_type() -> None:
    texts = parse_option_args(["players=4", "pool= 35", "open=yes", "rules=ROSTOV"])
    assert texts == {"players": "4", "pool": "35", "open": "yes", "rules": "ROSTOV"}
    typed = parse_option_texts(SCHEMA, texts)
    assert typed == {"players": 4, "pool": 35, "open": True, "rules": "rostov"}
    assert dict(build_options(SCHEMA, typed)) == typed
    for word, value in (("no", False), ("TRUE", True), ("off", False), ("1", True)):
        assert parse_option_texts(SCHEMA, {"open": word}) == {"open": value}
    # What the help shows as a default is what a user types, and reads back as it.
    for spec in SCHEMA:
        assert spec.parse(spec.show(spec.default)) == spec.default
    assert SCHEMA[2].show(False) == "no" and SCHEMA[2].show(True) == "yes"


@pytest.mark.parametrize(
    ("values", "says"),
    [
        ({"pool": 9}, "pool=9 must be a whole number from 10 to 100"),
        ({"pool": 101}, "from 10 to 100"),
        ({"pool": 10**40}, "from 10 to 100"),
        ({"pool": 2.5}, "pool=2.5 must be a whole number"),
        ({"pool": 20.0}, "pool=20.0 must be a whole number"),
        ({"players": 5}, "players=5 is not offered; choose one of: 3, 4"),
        ({"players": 4.0}, "is not offered"),
        ({"rules": "Rostov"}, "rules='Rostov' is not offered; choose one of: sochi, rostov"),
        ({"colour": 1}, "unknown option 'colour'"),
        ({7: 1}, "unknown option"),
        # a value of the wrong JSON type: the option and the type it takes are named
        ({"pool": "35"}, 'pool="35" must be a whole number from 10 to 100 [(]a number[)], not a s'),
        ({"pool": "9" * 5000}, "must be a whole number from 10 to 100 [(]a number[)], not a str"),
        ({"pool": True}, "pool=true must be a whole number .* [(]a number[)], not a boolean"),
        ({"pool": None}, "pool=null must be a whole number .* [(]a number[)], not null"),
        ({"pool": [35]}, "pool=.35. must be a whole number .* [(]a number[)], not a list"),
        ({"players": "4"}, 'players="4" must be one of: 3, 4 [(]a number[)], not a string'),
        ({"players": False}, "players=false must be one of: 3, 4 [(]a number[)], not a boolean"),
        ({"open": "yes"}, 'open="yes" must be true or false [(]a boolean[)], not a string'),
        ({"open": 1}, "open=1 must be true or false [(]a boolean[)], not a number"),
        ({"rules": 1}, "rules=1 must be one of: sochi, rostov [(]a string[)], not a number"),
        ({"rules": {"name": "sochi"}}, "rules=.* must be one of: .* [(]a string[)], not an object"),
    ],
)
def test_bad_option_values_are_errors(values: dict[object, object], says: str) -> None:
    with pytest.raises(OptionError, match=says):
        build_options(SCHEMA, values)


@pytest.mark.parametrize(
    ("pairs", "says"),
    [
        (["pool=9"], "pool='9' must be a whole number from 10 to 100"),
        (["pool=²"], "must be a whole number"),
        (["pool=2.5"], "must be a whole number"),
        (["pool=" + "9" * 5000], "must be a whole number"),
        (["open=maybe"], "open='maybe' must be yes or no"),
        (["players=5"], "players='5' is not offered; choose one of: 3, 4"),
        (["rules=moscow"], "rules='moscow' is not offered"),
        (["colour=red"], "unknown option 'colour'; this game knows: players, pool"),
        (["players"], "write name=value"),
    ],
)
def test_unreadable_command_line_options_are_errors(pairs: list[str], says: str) -> None:
    with pytest.raises(OptionError, match=says):
        parse_option_texts(SCHEMA, parse_option_args(pairs))


def test_option_sets_cover_every_sample_value_and_help_lists_each_option() -> None:
    sets = option_sets(SCHEMA, limit=1000)
    assert len(sets) == 2 * 3 * 2 * 2
    few = option_sets(SCHEMA, limit=4)
    for spec in SCHEMA:
        assert {o[spec.name] for o in few} == set(spec.samples())
    lines = schema_help(SCHEMA)
    assert lines[0] == "players=3|4 (default 3): how many"
    assert lines[1] == "pool=10..100 (default 20): pool size"
    assert lines[2] == "open=yes|no (default no): open hands"
    assert [o.to_json()["name"] for o in SCHEMA] == ["players", "pool", "open", "rules"]


# -------------------------------------------------------------------- start


def test_start_positions_are_checked_in_shape_then_by_the_game() -> None:
    start = parse_start({"score": [11, 7], "games": [1, 0]})
    assert start["score"] == (11, 7) and start.to_json() == {"score": [11, 7], "games": [1, 0]}
    assert start.row("score", 2, 0, 11, (0, 0)) == (11, 7)
    assert start.row("marks", 4, 0, 21, (0, 0, 0, 0)) == (0, 0, 0, 0)
    with pytest.raises(RecordError, match="from 0 to 0, not"):
        start.row("games", 2, 0, 0, (0, 0))
    with pytest.raises(RecordError, match="unknown field"):
        Start({"pool": (1,)}).check_keys(("score",))
    for bad in ([1], {"score": "11"}, {"score": [True]}, {"score": [10**9]}, {"score": [0] * 40}):
        with pytest.raises(RecordError):
            parse_start(bad)


# -------------------------------------------------------------------- piles

DECK = tuple(sorted(parse_card(r + s) for r in "789TJQKA" for s in "cdhs"))
SPEC = DealSpec(
    DECK,
    (PileSpec("hands", 10, per_seat=True), PileSpec("talon", 2), PileSpec("stock", None)),
    "Test",
)


def names(cards: tuple[int, ...]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def test_piles_fill_from_the_seed_around_what_is_given() -> None:
    full = make_deal(SPEC, 3, 1, "s", 0)
    assert [len(h) for h in full.hands] == [10, 10, 10] and len(full.pile("talon")) == 2
    assert sorted(c for h in full.hands for c in h) + sorted(full.pile("talon")) != []
    assert len({*full.pile("talon"), *[c for h in full.hands for c in h]}) == 32
    assert full.pile("stock") == ()
    talon = ["7c", "7d"]
    given = read_deal({"talon": talon}, SPEC, 3, 0)
    deal = make_deal(SPEC, 3, 1, "s", 0, given)
    assert names(deal.pile("talon")) == talon
    assert not {parse_card(c) for c in talon} & {c for h in deal.hands for c in h}
    assert make_deal(SPEC, 3, 1, "s", 0, given) == deal  # the seed decides the rest


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        ({"talon": ["7c"]}, "talon must hold 2"),
        ({"talon": ["7c", "7c"]}, "dealt twice"),
        ({"talon": ["2c", "7c"]}, "not in Test's 32-card deck"),
        ({"photo": ["7c"]}, "unknown field"),
        ({"hands": [[]]}, "must hold 3 hands"),
        ({"stock": ["7c"]}, "too many cards"),
        ({"talon": "7c 7d"}, "list of cards"),
        ([], "must be an object"),
    ],
)
def test_bad_piles_are_refused_clearly(raw: object, says: str) -> None:
    with pytest.raises(RecordError, match=says):
        read_deal(raw, SPEC, 3, 0)


# ------------------------------------------------------------------ sampler


def test_unconstrained_deals_are_uniform_enough() -> None:
    rng = random.Random(1)
    unseen = mask_of(DECK[:8])
    counts: Counter[int] = Counter()
    for _ in range(4000):
        a, b = deal_unseen(unseen, [Pile(4), Pile(4)], rng)
        assert a | b == unseen and not a & b
        counts.update(cards_in(a))
    assert all(1800 < counts[c] < 2200 for c in DECK[:8])


def test_voids_and_known_cards_are_respected() -> None:
    rng = random.Random(2)
    unseen = mask_of(DECK)
    hearts = mask_of(c for c in DECK if suit_of(c) == 2)
    known = mask_of([parse_card("Ah")])
    for _ in range(300):
        piles = [
            Pile(10, allowed=~hearts),  # showed out of hearts
            Pile(10, known=known),
            Pile(12),
        ]
        dealt = deal_unseen(unseen, piles, rng)
        assert not dealt[0] & hearts
        assert dealt[1] & known
        assert [m.bit_count() for m in dealt] == [10, 10, 12]
        assert dealt[0] | dealt[1] | dealt[2] == unseen


def test_tight_constraints_fall_back_to_placing_card_by_card() -> None:
    rng = random.Random(3)
    unseen = mask_of(DECK)
    suits = [mask_of(c for c in DECK if suit_of(c) == s) for s in range(4)]
    # Each pile may hold only two suits: rejection almost never fits; placement must.
    piles = [Pile(8, allowed=suits[s] | suits[(s + 1) % 4]) for s in range(4)]
    for _ in range(50):
        dealt = deal_unseen(unseen, piles, rng)
        for pile, mask in zip(piles, dealt, strict=True):
            assert not mask & ~pile.allowed and mask.bit_count() == 8


def test_impossible_knowledge_is_a_sample_error() -> None:
    unseen = mask_of(DECK[:4])
    with pytest.raises(SampleError):
        deal_unseen(unseen, [Pile(3)], random.Random(1))
    spades = mask_of(c for c in DECK[:4] if suit_of(c) == 3)
    with pytest.raises(SampleError):
        deal_unseen(unseen, [Pile(4, allowed=spades)], random.Random(1))


# ------------------------------------------------------------------- events


def render(
    entry: object, observer: int | None
) -> tuple[str, int | None, str | None, dict[str, object]] | None:
    assert isinstance(entry, tuple)
    kind: str = entry[0]
    seat: int | None = entry[1]
    secret: bool = entry[2]
    if secret and observer != seat:
        return None
    return (kind, seat, None, {"secret": secret} if observer == seat else {})


def test_each_observer_has_his_own_numbering_with_no_gaps() -> None:
    log = [("a", 0, False), ("b", 1, True), ("c", 0, True), ("d", None, False)]
    zero = render_log(log, 0, 0, render)
    assert [(e.number, e.kind) for e in zero] == [(0, "a"), (1, "c"), (2, "d")]
    assert [(e.number, e.kind) for e in render_log(log, 1, 0, render)] == [
        (0, "a"),
        (1, "b"),
        (2, "d"),
    ]
    assert [(e.number, e.kind) for e in render_log(log, None, 0, render)] == [(0, "a"), (1, "d")]
    assert render_log(log, 0, 2, render) == zero[2:]


def test_told_entries_replay_a_memory_to_its_observer_only() -> None:
    memory = [Event(0, "deal", None, None, {"hand": ["7h"]}), Event(1, "action", 1, "1:fold", {})]
    log: list[object] = [*told_from(memory, 1), ("later", None, False)]
    assert isinstance(log[0], Told)
    seen = render_log(log, 1, 0, render)
    assert seen[:2] == memory and seen[2].kind == "later"
    assert [e.kind for e in render_log(log, 0, 0, render)] == ["later"]
    assert info_key_of(1, seen) != info_key_of(1, seen[:1])


# ---------------------------------------------------------------- summaries


def test_deal_lists_build_summaries_once_and_lazily() -> None:
    built: list[int] = []

    def build(raw: int) -> DealSummary:
        built.append(raw)
        return DealSummary(raw, 0, (), None, 0, (0.0, 0.0), "drawn")

    raw = [0, 1, 2]
    cache: list[DealSummary] = []
    deals = DealList(raw, cache, build)
    assert len(deals) == 3 and built == []
    assert deals[1].number == 1 and built == [0, 1]
    assert [d.number for d in deals] == [0, 1, 2] and built == [0, 1, 2]
    assert DealList(raw, cache, build) == list(deals) and built == [0, 1, 2]
    raw.append(3)
    assert len(deals) == 3  # a snapshot
    assert deals[-1].number == 2 and deals[0:2] == [deals[0], deals[1]]
    with pytest.raises(IndexError):
        deals[3]


# ------------------------------------------------------------ two-card choices


def test_card_pairs_are_two_cards_of_the_hand_of_one_verb() -> None:
    from tricktaker.core.pairs import card_pairs

    hand = [parse_card(c) for c in ("7h", "8h", "9h")]
    legal = [
        Action(0, "discard", ("7h", "8h")),
        Action(0, "discard", ("9h", "7h")),
        Action(0, "play", ("7h",)),  # one card: a card click, not a pair
        Action(0, "swap", ("7h", "8h"), owner=2),  # another seat's cards
        Action(0, "give", ("7h", "As")),  # a card not in the hand
        Action(0, "show", ("8h", "9h")),  # a single action of its verb keeps its button
    ]
    (pairs,) = card_pairs(legal, hand)
    assert pairs.verb == "discard"
    assert pairs.firsts() == ["7h", "8h", "9h"]
    assert pairs.seconds("7h") == ["8h", "9h"] and pairs.seconds("8h") == ["7h"]
    assert pairs.action("7h", "9h") == legal[1] and pairs.action("8h", "9h") is None
    assert legal[0] in pairs and legal[2] not in pairs
    assert card_pairs(legal[2:], hand) == []


def test_a_pair_is_labelled_by_the_game_or_by_an_action_less_its_cards() -> None:
    from tricktaker.core import get_game
    from tricktaker.core.cardwords import card_label
    from tricktaker.core.pairs import CardPairWords, card_pairs, pair_label

    game = get_game("preferans")
    hands = ["As Ks Qs Js 7h 8h 9h 7d 8d 9d", "Ac Kc Qc Jc Tc 9c 8c 7c Ts 9s"]
    hands.append("Ad Kd Qd Jd Td Ah Kh Qh Jh Th")
    deal = {"hands": [h.split() for h in hands], "talon": ["8s", "7s"]}
    state = game.new_match(game.options({"rules": "sochi"}), deals=[deal], dealer=2)
    for text in ("0:bid 6s", "1:pass", "2:pass"):
        state.apply(text)
    view = state.view(0)
    (pairs,) = card_pairs(state.legal_actions(), view.hand)
    assert len(pairs.actions) == 66 and len(pairs.firsts()) == 12
    for lang, word in (("en", "Discard"), ("ru", "Снести")):
        words = game.words(lang)
        assert isinstance(words, CardPairWords)
        assert pair_label(words, pairs, view) == word

    class Plain:  # words without the hook: the action's label less its cards
        lang = "en"
        head = "Bury"

        def action_label(self, action: Action, view: object) -> str:
            a, b = (card_label(parse_card(c), "en") for c in action.args)
            return f"{self.head} {a}, {b}"

    plain = Plain()
    assert pair_label(plain, pairs, view) == "Bury"  # type: ignore[arg-type]
    plain.head = ""  # nothing but the cards: the verb
    assert pair_label(plain, pairs, view) == "Discard"  # type: ignore[arg-type]
