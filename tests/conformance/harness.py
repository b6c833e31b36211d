"""The conformance checks every registered game must pass, through the protocol alone.

In the spirit of OpenSpiel's random simulation test: random legal matches of
every game and option set, and after each action the invariants below. Each
check raises :class:`CheckFailed` with what went wrong; ``test_checks_can_fail.py``
plants a bug for each and shows the check catching it. Nothing here names a
game: a new game gets all of it by registering.

What "hidden" means is checked generically: a card that a seat holds (as its
own view shows it) must appear in no other observer's view or new events, and
never in the public view, public events or public record. A game whose rules
let an observer see other cards (Truco's hand of eleven shows a partner's
hand) says so through the protocol: ``State.shown_cards``.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktaker.cards import CARD_NAMES
from tricktaker.core import Action, Event, Game, IllegalAction, Options, State, View
from tricktaker.core.events import deal_events
from tricktaker.core.playouts import Playouts
from tricktaker.core.protocol import random_playouts
from tricktaker.core.records import load_record, state_from_record

#: A card name inside any JSON text ("7h", "0:play 7h", "1:Tc").
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][cdhs])(?![0-9A-Za-z])")
#: Verbs a random player takes only now and then, so that deals reach their tricks.
RARE_VERBS = ("fold", "run")
RARE_SHARE = 0.08
#: Where Preferans' tens are checked (a house rule), tens and whists are rare too: bids
#: drawn uniformly above the last climb to ten at once, a checked ten is never passed
#: out, and random players, who never make one, would never close a pulya; a contract
#: both defenders pass is written as made.
CHECKED_RARE = (":bid 10", ":declare 10", ":whist")
#: Actions that are unreadable or never legal, except where a game's notation
#: makes one legal (Truco's bare ``play`` answers a hand of eleven).
GARBAGE = [
    "",
    "0:",
    ":play 7h",
    "x:play 7h",
    "²:play 7h",
    "0:play",
    "0:play Zz",
    "0:" + "a" * 500,
    "99:play 7h",
    "0:no-such-verb",
    "-1:fold",
    "0:play 7h from x",
]


#: Words that look like cards but name contracts: Preferans' ``bid 8d``, ``"contract": "7h"``.
NOT_CARDS = re.compile(
    r"(?:bid|declare) [0-9]{1,2}(?:nt|[cdhs])\b"
    r'|"(?:contract|min_bid)": "[^"]*"'
    r'|"bids": \[(?:\[[^\]]*\](?:, )?)*\]'
)


def tokens(obj: object) -> set[str]:
    """Every card name mentioned anywhere in a JSON-able object (contracts left out)."""
    text = obj if isinstance(obj, str) else json.dumps(obj)
    return set(CARD_TOKEN.findall(NOT_CARDS.sub("", text)))


def observers(state: State) -> list[int | None]:
    return [None, *range(state.players)]


def random_action(legal: Sequence[Action], rng: random.Random, rare: Sequence[str] = ()) -> Action:
    """Uniform over the legal actions, but rarely giving the deal up (nor taking an action
    whose notation holds one of ``rare``)."""
    keep = [a for a in legal if a.verb not in RARE_VERBS and not any(r in str(a) for r in rare)]
    if keep and rng.random() >= RARE_SHARE:
        return keep[rng.randrange(len(keep))]
    return legal[rng.randrange(len(legal))]


@dataclass
class Run:
    """A random match, stepped one action at a time, with what each observer has read."""

    game: Game
    options: Options
    state: State
    rng: random.Random
    deal_actions: int = 0
    last: Action | None = None
    #: What each observer may know, carried from action to action (check_no_hidden_card).
    know: Knowledge | None = None

    def __post_init__(self) -> None:
        self.know = Knowledge.of(self.state)

    def step(self) -> bool:
        st = self.state
        legal = st.legal_actions()
        if st.to_act is None:
            check(not legal, "a finished match still offers actions")
            return False
        check(legal, "a seat is to act but has no legal action")
        deals = len(st.finished_deals())
        checked = self.options.get("ten_tricks") == "checked"
        action = random_action(legal, self.rng, CHECKED_RARE if checked else ())
        st.apply(action)
        self.last = action
        self.deal_actions = 0 if len(st.finished_deals()) != deals else self.deal_actions + 1
        if self.deal_actions > self.game.info.max_deal_actions:
            raise CheckFailed(f"a deal ran past {self.game.info.max_deal_actions} actions")
        return True


def runs(game: Game, options: Options, seed: int, cap: int) -> Iterator[Run]:
    """The run after each of at most ``cap`` actions of the match dealt from ``seed``."""
    rng = random.Random(seed)
    state = game.new_match(options, seed=seed, dealer=rng.randrange(8) % _players(game, options))
    run = Run(game, options, state, rng)
    for _ in range(cap):
        if not run.step():
            return
        yield run


def _players(game: Game, options: Options) -> int:
    return game.new_match(options, seed=0).players


def fingerprint(state: State) -> str:
    """Everything observable about a state, as one comparable string."""
    return json.dumps(
        {
            "to_act": state.to_act,
            "sides": list(state.sides),
            "legal": [str(a) for a in state.legal_actions()],
            "result": repr(state.result()),
            "returns": list(state.returns()),
            "deals": [d.to_json() for d in state.finished_deals()],
            "views": [state.view(s).to_json() for s in range(state.players)],
            "public": state.public_view().to_json(),
            "events": [[e.to_json() for e in state.events(0, o)] for o in observers(state)],
            "record": state.to_record(),
            "public_record": state.public_record(),
        },
        sort_keys=True,
    )


# --------------------------------------------------------------------- checks


class CheckFailed(Exception):
    """A check found a game breaking its contract; the message says what.

    Its own class, not AssertionError: a test that plants a bug and expects the
    check to catch it must not pass because some bare ``assert`` in the code
    under test fired instead.
    """


def check(ok: object, message: str) -> None:
    """Raise :class:`CheckFailed` with ``message`` unless ``ok``.

    For a fixed message; one that must be formatted is raised directly
    (``if ...: raise CheckFailed(f"...")``), so it costs nothing unless the check fails:
    the checks run after every action of thousands of matches."""
    if not ok:
        raise CheckFailed(message)


def held_cards(state: State) -> list[set[str]]:
    """What each seat holds, as its own view shows it (hidden slots left out)."""
    return [
        {CARD_NAMES[c] for c in state.view(s).hand if c is not None} for s in range(state.players)
    ]


def check_cards_conserved(game: Game, state: State, know: Knowledge | None = None) -> None:
    """No card in two hands or both in a hand and on the table; counts agree everywhere."""
    public = state.public_view()
    seen: set[int] = set()
    for seat in range(state.players):
        view = state.view(seat)
        if not (len(view.hand) == view.hand_sizes[seat] == public.hand_sizes[seat]):
            raise CheckFailed(
                f"seat {seat}: hand of {len(view.hand)} but sizes say {public.hand_sizes[seat]}"
            )
        if view.hand_sizes != public.hand_sizes:
            raise CheckFailed(f"seat {seat} sees other hand sizes than the public")
        mine = [c for c in view.hand if c is not None]
        if len(set(mine)) != len(mine):
            raise CheckFailed(f"seat {seat} holds a card twice")
        if seen & set(mine):
            raise CheckFailed(f"seat {seat} holds another seat's card")
        seen |= set(mine)
    table = [c for _, c in public.on_table if c is not None]
    check(len(set(table)) == len(table), "a card twice on the table")
    check(not seen & set(table), "a card both in a hand and on the table")
    played = set()
    for e in current_deal(state, None, know):
        played |= tokens(e.data.get("card", ""))
    check(not played & {CARD_NAMES[c] for c in seen}, "a played card is still in a hand")
    check(
        sum(public.hand_sizes) + len(played | {CARD_NAMES[c] for c in table})
        <= game.info.deck_size,
        "more cards in hands and played than the deck holds",
    )


def check_deals_partition_the_deck(game: Game, state: State) -> None:
    """Every deal of the full record gives each card of the deck exactly once."""
    extra = game.info.second_deck
    for i, deal in enumerate(state.to_record()["deals"]):
        cards = [c for name, pile in deal.items() if name not in extra for c in _flat(pile)]
        if len(cards) != len(set(cards)):
            raise CheckFailed(f"deal {i}: a card dealt twice")
        if len(cards) != game.info.deck_size:
            raise CheckFailed(f"deal {i}: {len(cards)} cards dealt")


def _flat(pile: Any) -> list[str]:
    if isinstance(pile, str):
        return [pile]
    return [c for part in pile for c in _flat(part)]


@dataclass
class Knowledge:
    """What each observer may know in the deal in progress, followed action by action.

    A seat may know the cards it has held in this deal and the cards the public
    events of this deal have shown; the public may see only cards someone held
    in this deal and no longer holds (played, set aside). Everything else in the
    deck (the stock, others' hands, others' discards) is hidden. ``previous``
    keeps the same for the deal the latest action ended, for the events it told.
    """

    deck: set[str]
    held: list[set[str]]
    ever_held: list[set[str]]
    public_seen: set[str] = field(default_factory=set)
    previous: tuple[list[set[str]], list[set[str]], set[str]] | None = None
    cursors: dict[int | None, int] = field(default_factory=dict)
    #: Cards the public events showed, per deal, and how many public events were read.
    public_chunks: list[set[str]] = field(default_factory=list)
    public_read: int = 0
    #: Per seat, the cards its events told it since its deal began, and events read.
    hand_told: dict[int, tuple[set[str], int]] = field(default_factory=dict)
    #: Per observer, the number of the event that began the deal in progress.
    deal_starts: dict[int | None, int] = field(default_factory=dict)
    #: Deals and actions of the public record already checked (they never change).
    record_checked: tuple[int, int] = (0, 0)

    @classmethod
    def of(cls, state: State) -> Knowledge:
        """Knowledge from a state alone: its hands now, its deck from the record."""
        deals = state.to_record()["deals"]
        deck = {c for pile in deals[0].values() for c in _flat(pile)} if deals else set()
        held = held_cards(state)
        know = cls(deck, held, [set(h) for h in held])
        # Without its history, what the public events of this deal showed is taken as shown.
        for e in deal_events(state.events(0, None)):
            know.public_seen |= tokens(e.to_json())
        for observer in observers(state):
            told = state.events(0, observer)
            know.cursors[observer] = len(told)
            starts = [e.number for e in told if e.kind == "deal"]
            if starts:
                know.deal_starts[observer] = starts[-1]
        return know


def check_no_hidden_card(game: Game, state: State, know: Knowledge | None = None) -> Knowledge:
    """No view, event or public record shows an observer a card the rules hide from him.

    With ``know`` carried from one action to the next, a match is checked as it
    is played: each observer's new events against what he could know when they
    were told. Without it, the state's deal in progress is checked as it stands.
    Returns the knowledge for the next call. The public record may show only
    what the public events showed.
    """
    fresh = know is None
    if know is None:
        know = Knowledge.of(state)
    held = held_cards(state)
    told = {o: state.events(0 if fresh else know.cursors.get(o, 0), o) for o in observers(state)}
    if not fresh and any(e.kind == "deal" for e in told[None]):
        # A new deal began: what was known of the last one now judges only its events.
        know.previous = (know.held, know.ever_held, know.public_seen)
        know.ever_held = [set() for _ in held]
        know.public_seen = set()
    for seat, cards in enumerate(held):
        know.ever_held[seat] |= cards
    know.held = held
    for observer in observers(state):
        may = {CARD_NAMES[c] for c in state.shown_cards(observer)}
        events = told[observer]
        starts = [i for i, e in enumerate(events) if e.kind == "deal"]
        cut = starts[-1] if starts else 0
        if fresh:
            events, cut = events[cut:], 0
        if events:
            know.cursors[observer] = events[-1].number + 1
            for e in reversed(events):
                if e.kind == "deal":
                    know.deal_starts[observer] = e.number
                    break
        # Events of a deal the last action ended: judged by that deal's knowledge,
        # plus the card the action itself showed.
        if cut and know.previous is not None:
            before, ever, seen = know.previous
            shown = set().union(
                *(tokens([e.action or "", e.data.get("card", "")]) for e in events[:cut])
            )
            if observer is None:
                allowed = ((set().union(*ever) | seen) - set().union(*before)) | shown | may
                for e in events[:cut]:
                    seen |= tokens(e.to_json()) & allowed
            else:
                allowed = ever[observer] | seen | shown | may
            _no_leak(events[:cut], know.deck - allowed, observer)
        if observer is None:
            once = set().union(*know.ever_held) | know.public_seen
            allowed = (once - set().union(*held)) | may
            _no_leak(events[cut:], know.deck - allowed, observer)
            for e in events[cut:]:
                know.public_seen |= tokens(e.to_json())
            view_allowed = allowed
        else:
            view_allowed = know.ever_held[observer] | know.public_seen | may
            _no_leak(events[cut:], know.deck - view_allowed, observer)
        view = state.view(observer) if observer is not None else state.public_view()
        leak = tokens(view.to_json()) & (know.deck - view_allowed)
        if leak:
            raise CheckFailed(f"observer {observer} sees {sorted(leak)} in the view")
    # Incrementally after each action, and in full whenever a deal has begun or the match
    # ended: a finished deal's public entry must never change afterwards either.
    full = fresh or state.to_act is None or any(e.kind == "deal" for e in told[None])
    _check_public_record(state, None if full else know)
    return know


def _no_leak(events: Sequence[Event], forbidden: set[str], observer: int | None) -> None:
    for e in events:
        leak = tokens(e.to_json()) & forbidden
        if leak:
            raise CheckFailed(f"observer {observer} sees {sorted(leak)} in {e}")


def _check_public_record(state: State, know: Knowledge | None = None) -> None:
    """The public record shows only what the public events showed, deal by deal.

    With ``know`` the public events are read incrementally (a long match would
    otherwise be read again after every action)."""
    chunks: list[set[str]] = [] if know is None else know.public_chunks
    start = 0 if know is None else know.public_read
    for e in state.events(start, None):
        if e.kind == "deal" or not chunks:
            chunks.append(set())
        chunks[-1] |= tokens(e.to_json())
        if know is not None:
            know.public_read = e.number + 1
    public_seen = set().union(*chunks)
    public = state.public_record()
    deals_done, actions_done = (0, 0) if know is None else know.record_checked
    deals = public.get("deals", [])
    actions = public.get("actions", [])
    if know is not None:
        know.record_checked = (len(deals), len(actions))
    for i, deal in enumerate(deals[deals_done:], start=deals_done):
        shown = chunks[i] if i < len(chunks) else set()
        leak = tokens(deal) - shown
        if leak:
            raise CheckFailed(
                f"the public record of deal {i} shows {sorted(leak)}, never shown in public"
            )
        check("hands" not in deal and "stock" not in deal, "the public record holds piles")
    leak = tokens(actions[actions_done:]) - public_seen
    if leak:
        raise CheckFailed(f"the public record's actions show {sorted(leak)}")
    rest = {k: v for k, v in public.items() if k not in ("actions", "deals")}
    if tokens(rest):
        raise CheckFailed(f"the public record shows {sorted(tokens(rest))} outside its deals")
    check("seed" not in public, "the public record holds the seed of the deals")


def check_returns(game: Game, state: State) -> None:
    """Returns sum to zero and stay within the game's bounds; one per seat."""
    returns = state.returns()
    info = game.info
    check(len(returns) == state.players == len(state.sides), "not one return and one side per seat")
    if info.zero_sum and abs(sum(returns)) >= 1e-9:
        raise CheckFailed(f"returns {returns} do not sum to zero")
    for r in returns:
        if not (info.min_return <= r <= info.max_return):
            raise CheckFailed(f"return {r} outside the bounds")
    result = state.result()
    check(
        result.finished == (state.to_act is None), "finished, yet a seat is to act (or the reverse)"
    )
    if not (result.winner is None or result.winner in state.sides):
        raise CheckFailed(f"no side {result.winner} won")


def check_record_round_trip(state: State) -> None:
    """The full record, through JSON, replays to a state that looks the same to everyone."""
    text = json.dumps(state.to_record())
    again = state_from_record(load_record(text))
    check(fingerprint(again) == fingerprint(state), "the replayed record differs")


def check_clone_independent(state: State, rng: random.Random) -> None:
    """A clone looks the same; acting on either leaves the other as it was."""
    before = fingerprint(state)
    twin = state.clone()
    check(fingerprint(twin) == before, "a fresh clone differs from its original")
    for _ in range(3):
        legal = twin.legal_actions()
        if not legal:
            break
        twin.apply(random_action(legal, rng))
    check(fingerprint(state) == before, "acting on a clone changed the original")
    other = state.clone()
    legal = state.legal_actions()
    if legal:
        state.apply(random_action(legal, rng))
        check(fingerprint(other) == before, "acting on the original changed its clone")


def current_deal(state: State, observer: int | None, know: Knowledge | None = None) -> list[Event]:
    """The observer's events since the deal in progress began; with ``know``, read from
    where the last deal known to have begun (not the whole match again)."""
    since = know.deal_starts.get(observer, 0) if know is not None else 0
    return deal_events(state.events(since, observer))


def check_hands_told(state: State, know: Knowledge | None = None) -> None:
    """Every card a seat sees in its hand was told to it by its events in this deal
    (so a bot's memory holds what it saw, and a sample is a match for every seat)."""
    held = held_cards(state)
    for seat in range(state.players):
        told: set[str] = set()
        if know is None:
            for e in current_deal(state, seat):
                told |= tokens(e.to_json())
        else:  # read on from where the last call stopped
            told, read = know.hand_told.get(seat, (set(), 0))
            for e in state.events(read, seat):
                if e.kind == "deal":
                    told = set()
                told |= tokens(e.to_json())
                read = e.number + 1
            know.hand_told[seat] = (told, read)
        missing = held[seat] - told
        if missing:
            raise CheckFailed(f"seat {seat} holds {sorted(missing)} but was never told so")


def check_sample_agrees(game: Game, state: State, seat: int, rng: random.Random) -> None:
    """A determinisation tells the seat exactly its view and its past, and plays on.

    It is a whole match, not a view of one seat: every other seat has its own
    hand and events in it, and its information-set key follows its own cards.
    """
    view = state.view(seat)
    memory = state.events(0, seat)
    sample = game.sample_state(view, memory, rng)
    check(sample.view(seat).to_json() == view.to_json(), "the sample shows another view")
    check(sample.events(0, seat) == memory, "the sample tells the seat another past")
    check(sample.info_key(seat) == state.info_key(seat), "the sample is another information set")
    if state.to_act == seat:
        check(
            [str(a) for a in sample.legal_actions()] == [str(a) for a in state.legal_actions()],
            "the seat may do other things in the sample",
        )
    check_cards_conserved(game, sample)
    check_hands_told(sample)
    other = game.sample_state(view, memory, rng)
    for s in range(state.players):
        differ = s != seat and held_cards(sample)[s] != held_cards(other)[s]
        if differ and sample.info_key(s) == other.info_key(s):
            raise CheckFailed(f"seat {s}'s key in a sample ignores the cards it holds there")
    search = sample.clone(stop_after_deal=True)
    for _ in range(game.info.max_deal_actions + 1):
        legal = search.legal_actions()
        if not legal:
            break
        search.apply(random_action(legal, rng))
    check(search.to_act is None, "a search copy of the sample did not stop at the deal's end")


def check_illegal_changes_nothing(game: Game, state: State, rng: random.Random) -> None:
    """Illegal and unreadable actions raise IllegalAction and change nothing."""
    before = fingerprint(state)
    order = [str(a) for a in state.legal_actions()]
    legal = set(order)
    candidates = [text for text in GARBAGE if text not in legal]
    for _ in range(8):
        a = game.action_from_id(rng.randrange(game.info.num_distinct_actions))
        if str(a) not in legal:
            candidates.append(str(a))
    for text in candidates:
        try:
            state.apply(text)
        except IllegalAction as exc:
            check(str(exc), "an illegal action was refused without a message")
        else:
            raise CheckFailed(f"{text!r} was accepted but is not legal")
        # Cheap per refusal; the full fingerprint once all are refused.
        if [str(a) for a in state.legal_actions()] != sorted(legal, key=order.index):
            raise CheckFailed(f"refusing {text!r} changed the legal actions")
    check(fingerprint(state) == before, "refusing illegal actions changed the state")


def check_action_table(game: Game) -> None:
    """Every id names an action whose text and id come back unchanged."""
    n = game.info.num_distinct_actions
    texts = set()
    for i in range(n):
        a = game.action_from_id(i)
        if game.action_id(a) != i:
            raise CheckFailed(f"id {i} names {a}, whose id is another")
        again = game.parse_action(str(a))
        if not (str(again) == str(a) and game.action_id(again) == i):
            raise CheckFailed(f"{a} (id {i}) does not parse back to itself")
        texts.add(str(a))
    check(len(texts) == n, "two ids print the same")
    for bad in (-1, n, True, "0"):
        try:
            game.action_from_id(bad)  # type: ignore[arg-type]
        except IllegalAction:
            continue
        raise CheckFailed(f"id {bad!r} was accepted")


def check_legal_ids(game: Game, state: State) -> None:
    """Each legal action has an id in range, and its text and id round-trip."""
    for a in state.legal_actions():
        i = game.action_id(a)
        if not (0 <= i < game.info.num_distinct_actions):
            raise CheckFailed(f"the id {i} of {a} is out of range")
        if str(game.action_from_id(i)) != str(a):
            raise CheckFailed(f"the id {i} of {a} names another action")
        if str(game.parse_action(str(a))) != str(a):
            raise CheckFailed(f"{a} does not parse back to itself")
        check(a.seat == state.to_act, "a legal action of a seat that is not to act")


def check_events_numbered(state: State) -> None:
    """Each observer's events are numbered 0, 1, 2...; ``since`` returns the tail."""
    for observer in observers(state):
        events = state.events(0, observer)
        if [e.number for e in events] != list(range(len(events))):
            raise CheckFailed(f"observer {observer}'s events are not numbered 0, 1, 2...")
        half = len(events) // 2
        if state.events(half, observer) != events[half:]:
            raise CheckFailed(f"observer {observer}'s events since {half} are not the tail")
        json.dumps([e.to_json() for e in events])


def check_views_canonical(game: Game, state: State) -> None:
    """A view's JSON reads back to an equal view; views agree on the shared facts."""
    views: list[View] = [state.view(s) for s in range(state.players)] + [state.public_view()]
    for view in views:
        data = json.loads(json.dumps(view.to_json()))
        again = game.view_from_json(data)
        check(again == view and again.to_json() == view.to_json(), "a view does not read back")
        check(
            view.to_act == state.to_act and view.players == state.players,
            "a view and its state disagree on who acts or how many play",
        )
        check(view.finished == state.result().finished, "a view and its state disagree on the end")


def check_info_keys(state: State, memo: dict[tuple[int, Any], str]) -> None:
    """A seat's key is hashable and decides what the seat sees: one key, one view.

    ``memo`` carries the views seen per key across the states of a match, so a
    key that forgets something the seat knows is caught when the view moves on
    and the key does not.
    """
    for seat in range(state.players):
        key = state.info_key(seat)
        hash(key)
        seen = json.dumps(state.view(seat).to_json(), sort_keys=True)
        known = memo.setdefault((seat, key), seen)
        if known != seen:
            raise CheckFailed(f"seat {seat}: one information-set key for two different views")


def check_search_clone_stops(game: Game, state: State, rng: random.Random) -> None:
    """A ``stop_after_deal`` clone plays to the end of the deal and no further."""
    if state.to_act is None:
        return
    deals = len(state.finished_deals())
    search = state.clone(stop_after_deal=True)
    steps = 0
    while search.to_act is not None:
        search.apply(random_action(search.legal_actions(), rng))
        steps += 1
        check(steps <= game.info.max_deal_actions, "a search clone plays past the end of its deal")
    check(len(search.finished_deals()) == deals + 1, "a search clone did not finish one deal")
    check(
        len(state.finished_deals()) == deals, "playing a search clone ended a deal of the original"
    )


def check_random_playouts(game: Game, state: State, seed: int) -> None:
    """A state that plays its deal out in compiled code (``RandomPlayouts``): a few such
    playouts of both policies from this moment, replayed (:func:`check_playouts_replay`).
    Nothing for a game without them, or a moment the card-play policy cannot play from."""
    if state.to_act is None:
        return
    batch = random_playouts(state, 3, seed)
    if batch is None:
        return
    check_playouts_replay(game, state, batch)
    verbs = {a.verb for a in state.legal_actions()}
    if verbs & {"play", "pass"}:
        cards = random_playouts(state, 3, seed + 1, "card-play")
        assert cards is not None
        check_playouts_replay(game, state, cards)


def check_playouts_replay(game: Game, state: State, batch: Playouts) -> None:
    """Each playout of ``batch`` (of ``state``'s deal) replays through the engine: every
    action legal, as many legal actions as the kernel saw, the deal over where the
    kernel's was, and ended the same way."""
    deals = len(state.finished_deals())
    for i in range(len(batch)):
        world = state.clone(stop_after_deal=True)
        for j in range(int(batch.lengths[i])):
            check(world.to_act is not None, f"playout {i} goes on past the end of its deal")
            legal = world.legal_actions()
            action = game.action_from_id(int(batch.actions[i, j]))
            check(action in legal, f"playout {i}, step {j}: {action} is not legal")
            check(
                len(legal) == int(batch.legal_counts[i, j]),
                f"playout {i}, step {j}: {int(batch.legal_counts[i, j])} legal actions,"
                f" the engine lists {len(legal)}",
            )
            world.apply(action)
        check(world.to_act is None, f"playout {i} stops before the end of its deal")
        summary = world.finished_deals()[deals]
        end = batch.end_names[int(batch.ends[i])]
        check(summary.end == end, f"playout {i} ended '{end}', the engine's '{summary.end}'")
