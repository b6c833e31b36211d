"""Two cards of the hand chosen together: the actions a front end offers as one choice.

Some actions name two cards of the deciding seat's own hand at once (Preferans'
``discard <c1> <c2>``, the declarer's two cards out of twelve). Shown one button
each they would be 66; a front end offers them instead as a choice of two cards,
one after the other, and sends the pair once it is a legal action. Which actions
those are is read from the notation alone, so that no front end names a game:
every legal action of one verb, without ``from <owner>``, whose arguments are two
different cards of the observer's hand, when a verb has at least
:data:`MIN_PAIRS` of them (a single such action keeps its own button).

The button that sends the pair is labelled by the game's words: a game's words
may say it with :class:`CardPairWords` (``"Discard"``); without that, the label
of one such action less its two cards stands in (:func:`pair_label`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from tricktaker.cards import CARD_NAMES, Card
from tricktaker.core.actions import Action
from tricktaker.core.cardwords import card_label
from tricktaker.core.protocol import View, Words

#: Fewer actions of a verb than this are shown as they are, one button each.
MIN_PAIRS = 2


@dataclass(frozen=True, slots=True)
class CardPairs:
    """The legal actions of one verb that each name two cards of the hand.

    ``hand`` holds the card names in the hand's order; ``actions`` maps each
    pair (as a frozenset of the two names) to its action.
    """

    verb: str
    hand: tuple[str, ...]
    actions: dict[frozenset[str], Action]

    def firsts(self) -> list[str]:
        """The cards that are in some pair, in the hand's order: the first card to pick."""
        used = {card for pair in self.actions for card in pair}
        return [card for card in self.hand if card in used]

    def seconds(self, first: str) -> list[str]:
        """The cards that make a legal pair with ``first``, in the hand's order."""
        return [c for c in self.hand if c != first and frozenset((first, c)) in self.actions]

    def action(self, first: str, second: str) -> Action | None:
        """The action of the two cards (either order), or None if they make none."""
        return self.actions.get(frozenset((first, second)))

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and self.actions.get(_pair_of(action)) == action


def _pair_of(action: Action) -> frozenset[str]:
    return frozenset(action.args)


def hand_names(hand: Iterable[Card | None]) -> tuple[str, ...]:
    """The names of the cards the observer sees in his hand, in its order."""
    return tuple(CARD_NAMES[c] for c in hand if c is not None)


def card_pairs(legal: Sequence[Action], hand: Iterable[Card | None]) -> list[CardPairs]:
    """The two-card choices among ``legal`` for a seat holding ``hand``, in the order their
    verbs first come in ``legal`` (empty for almost every game and moment)."""
    names = hand_names(hand)
    held = set(names)
    found: dict[str, dict[frozenset[str], Action]] = {}
    for action in legal:
        args = action.args
        if (
            action.owner is None
            and len(args) == 2
            and args[0] != args[1]
            and args[0] in held
            and args[1] in held
        ):
            found.setdefault(action.verb, {})[_pair_of(action)] = action
    return [
        CardPairs(verb, names, actions)
        for verb, actions in found.items()
        if len(actions) >= MIN_PAIRS
    ]


@runtime_checkable
class CardPairWords(Protocol):
    """Words that name a two-card choice themselves (optional; see the module's help).

    ``pair_label`` is the text of the one button that sends the two chosen cards
    with ``verb`` (Preferans: "Discard"); None leaves it to :func:`pair_label`'s
    stand-in.
    """

    def pair_label(self, verb: str, view: View) -> str | None:
        """The words on the button that sends two chosen cards with ``verb``."""
        ...


def pair_label(words: Words, pairs: CardPairs, view: View) -> str:
    """The label of the button that sends a pair: the game's own words (``CardPairWords``),
    else the label of one such action without its cards, else the verb."""
    if isinstance(words, CardPairWords):
        own = words.pair_label(pairs.verb, view)
        if own:
            return own
    action = next(iter(pairs.actions.values()))
    label = words.action_label(action, view)
    for name in action.args:
        label = label.replace(card_label(CARD_NAMES.index(name), words.lang), " ")
    label = " ".join(label.split()).strip(" ,:;-—")
    return label or pairs.verb.capitalize()
