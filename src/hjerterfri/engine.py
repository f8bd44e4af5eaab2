"""The rules engine: a round of hjerterfri, and a game of rounds up to the target.

``Round.play`` and ``Round.pass_cards`` check every rule and raise
``IllegalMoveError`` with a reason; ``Round.push`` is the unchecked fast path
for search, with ``Round.copy`` to branch.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

from .cards import (
    CARDS,
    FULL_DECK,
    NOT_HEARTS,
    NOT_POINTS,
    POINTS,
    SUIT_MASKS,
    TWICE_SHIFT,
    TWO_OF_CLUBS,
    Card,
    CardsError,
    Suit,
    cards_of,
    mask_of,
    points_of,
    twice_add,
    twice_mask,
    twice_remove,
)
from .catalogue import Message, MessageError
from .rules import FirstTrick, MoonScoring, PassDirection, Rules, TieRule

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .view import PlayerView


class Phase(Enum):
    PASSING = "passing"
    PLAYING = "playing"
    OVER = "over"


_PASSING, _PLAYING, _OVER = Phase.PASSING, Phase.PLAYING, Phase.OVER
_NO_PASS, _NO_POINTS = PassDirection.NONE, FirstTrick.NO_POINTS
"""Enum members as module names: reading one off its Enum class is a slow lookup each time (hot paths)."""


class Reason(Enum):
    """Why a pass or a play was refused."""

    WRONG_PHASE = "wrong-phase"
    NOT_YOUR_TURN = "not-your-turn"
    NOT_IN_HAND = "not-in-hand"
    MUST_LEAD_TWO_OF_CLUBS = "must-lead-two-of-clubs"
    MUST_FOLLOW_SUIT = "must-follow-suit"
    HEARTS_NOT_BROKEN = "hearts-not-broken"
    NO_POINTS_ON_FIRST_TRICK = "no-points-on-first-trick"
    WRONG_PASS_COUNT = "wrong-pass-count"
    DUPLICATE_CARD = "duplicate-card"
    ALREADY_PASSED = "already-passed"
    NO_SUCH_SEAT = "no-such-seat"


class IllegalMoveError(MessageError, ValueError):
    """A pass or play the rules forbid: ``reason`` says which rule, ``details`` fills in the rest. Its
    message is the refusal ("seat 2 cannot play QS: must follow suit ♣"); the app explains the reason
    to the player in other words (``i18n.Texts.reason``)."""

    def __init__(self, reason: Reason, seat: int, cards: tuple[Card, ...] = (), **details: Any) -> None:
        self.reason = reason
        self.seat = seat
        self.cards = cards
        self.details = details
        super().__init__(self.refusal())

    def refusal(self, who: Message | None = None, passing: bool = False) -> Message:
        """The refusal: "seat 2 cannot play QS: must follow suit ♣" ("nobody can play" for seat -1: nobody
        is to play, passing or over); ``who`` names the seat another way (with its player's name),
        ``passing`` says "cannot pass"."""
        values = dict(self.details)
        if "count" in values:
            values["n"] = values.pop("count")
        if "phase" in values:
            values["phase"] = Message(f"phase.{values['phase']}")
        cards = " ".join(map(str, self.cards)) or Message("refusal.nothing")
        reason = Message(f"refusal.{self.reason.value}", **values)
        if who is None and self.seat < 0:
            return Message("refusal.nobody", cards=cards, reason=reason)
        seat = who or Message("seat", seat=self.seat)
        return Message("refusal.pass" if passing else "refusal.play", seat=seat, cards=cards, reason=reason)

    @property
    def card(self) -> Card | None:
        """The one card refused, for a play."""
        return self.cards[0] if len(self.cards) == 1 else None


class Trick(NamedTuple):
    """A finished trick: who led, the cards in play order, who won it, and who played each card.

    ``seats`` is the leader and the seats after it, except in a first trick where a seat
    with one card more plays two cards in a row (004 at 3 or 5 players).
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int
    seats: tuple[int, ...]

    def seat_of(self, i: int) -> int:
        """The seat that played the ``i``-th card."""
        return self.seats[i]

    @property
    def points(self) -> int:
        return sum(POINTS[c] for c in self.cards)

    @property
    def best(self) -> int:
        """Which card took the trick (its index): the highest of the suit led, the first of two equal ones."""
        led = self.cards[0].suit
        best = 0
        for i, card in enumerate(self.cards):
            if card.suit == led and card > self.cards[best]:
                best = i
        return best


class DealError(MessageError, ValueError):
    """Hands that cannot be a deal."""


class UndoError(MessageError, IndexError):
    """``Round.pop`` with nothing to take back."""


def _splitmix64(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return state, z ^ (z >> 31)


_WORDS = {n: -(-math.factorial(n).bit_length() // 64) for n in (52, 104)}
"""SplitMix64 outputs a shuffle of n cards takes: enough bits for every order (4 for 52, 9 for 104)."""


def _digit_groups(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The shuffle's positions ``n - 1`` down to 1 in runs whose bases (position + 1) multiply to less than
    2**30, each with that product: one division of the big number by the product gives the run's digits as a
    small number (a machine word) to divide further."""
    groups: list[tuple[int, tuple[int, ...]]] = []
    run: list[int] = []
    product = 1
    for i in range(n - 1, 0, -1):
        if product * (i + 1) >= 1 << 30:
            groups.append((product, tuple(run)))
            product, run = 1, []
        product *= i + 1
        run.append(i)
    groups.append((product, tuple(run)))
    return tuple(groups)


_DIGIT_GROUPS = {n: _digit_groups(n) for n in _WORDS}


def shuffled_deck(seed: int, round_number: int = 1, decks: int = 1) -> list[int]:
    """The 52 cards (104, each twice, with two decks) in the order a seeded shuffle leaves them;
    the same on every machine and Python version.

    Four SplitMix64 outputs (nine for two decks), seeded from ``seed`` and the round number,
    make one number that drives a Fisher-Yates shuffle (its digits in base 52, 51, ..., 2).
    """
    return _shuffle(list(range(52)) * decks, seed, round_number)


def _shuffle(deck: list[int], seed: int, round_number: int) -> list[int]:
    """``deck`` (52 or 104 items) in the order of ``shuffled_deck``, shuffled in place."""
    state = (seed ^ round_number * 0xD1B54A32D192ED03) & 0xFFFFFFFFFFFFFFFF
    bits = 0
    for _ in range(_WORDS[len(deck)]):
        state, r = _splitmix64(state)
        bits = bits << 64 | r
    for product, run in _DIGIT_GROUPS[len(deck)]:
        bits, digits = divmod(bits, product)
        for i in run:
            j = digits % (i + 1)
            digits //= i + 1
            deck[i], deck[j] = deck[j], deck[i]
    return deck


_BITS = tuple(1 << c for c in range(52))
"""Each card's bit in a mask."""


def deal_cards(rules: Rules, seed: int, round_number: int = 1) -> tuple[tuple[int, ...], int]:
    """The hands (masks, seat by seat; two-deck masks with two decks) and the kitty (a mask, 0 if none)
    of a seeded deal.

    The kitty is the last cards of the shuffled deck. Where the cards do not divide
    evenly and are all dealt, the seats after the dealer get one more; the dealer of
    round n is seat (n - 1) mod players.
    """
    once = rules.decks == 1
    # One deck: the cards' bits are shuffled, so that a hand's mask is the sum of its slice (different cards).
    deck = _shuffle(list(_BITS) if once else list(range(52)) * 2, seed, round_number)
    if rules.deck_mask != FULL_DECK:
        deck.remove(_BITS[TWO_OF_CLUBS] if once else TWO_OF_CLUBS)
    n = rules.players
    sizes = [rules.hand_size] * n
    dealer = (round_number - 1) % n
    for i in range(rules.extra_cards):
        sizes[(dealer + 1 + i) % n] += 1
    hands = []
    start = 0
    for size in sizes:
        hands.append(sum(deck[start : start + size]) if once else twice_mask(deck[start : start + size]))
        start += size
    kitty = deck[len(deck) - rules.kitty_size :]
    return tuple(hands), sum(kitty) if once else twice_mask(kitty)


_new = object.__new__
"""Makes the bare round of ``copy`` (the search path) without a call to ``Round.__new__``, which chooses the class."""

_new_trick = tuple.__new__
"""Makes a ``Trick`` from its four fields without the Python-level ``Trick.__new__`` (the search path)."""

_ROTATIONS = {n: tuple(tuple((leader + i) % n for i in range(n)) for leader in range(n)) for n in range(3, 9)}


class Round:
    """One deal: passing, then the tricks, then the points.

    ``hands`` holds each seat's cards as a mask. With two decks (6 to 8 players) a round is a
    ``TwoDeckRound``, whose ``doubles`` holds the cards a seat has twice; ``held`` gives both.
    """

    __slots__ = (
        "_best",
        "_best_seat",
        "_led",
        "_no_first_points",
        "_opening",
        "_order",
        "_pass_order",
        "_trick_points",
        "dealt",
        "hands",
        "hearts_broken",
        "is_over",
        "kitty",
        "leader",
        "number",
        "pass_direction",
        "passed",
        "phase",
        "rules",
        "taken",
        "trick",
        "tricks",
        "turn",
    )

    rules: Rules
    number: int
    pass_direction: PassDirection
    dealt: tuple[int, ...] | None
    passed: list[int | None]
    _pass_order: tuple[int, ...]
    _order: tuple[int, ...]
    hands: list[int]
    phase: Phase
    turn: int
    leader: int
    trick: list[Card]
    tricks: list[Trick]
    taken: list[int]
    hearts_broken: bool
    kitty: int
    is_over: bool
    """Whether the round is over (``phase`` is ``OVER``): an attribute, as the search loops read it once a card."""

    def __new__(cls, rules: Rules | None = None, *args: Any, **kwargs: Any) -> Round:
        """A ``Round``, or a ``TwoDeckRound`` when ``rules`` play with two decks."""
        if cls is Round and rules is not None and rules.decks == 2:
            cls = TwoDeckRound
        return object.__new__(cls)

    def __init__(
        self, rules: Rules, hands: Iterable[int | Iterable[Card]], number: int = 1, kitty: int | Iterable[Card] = 0
    ) -> None:
        """A round from dealt hands (and kitty), given as masks (two-deck masks with two decks) or as card
        lists; checked to be a deal."""
        try:
            masks = tuple(h if isinstance(h, int) else twice_mask(h) for h in hands)
            kitty_mask = kitty if isinstance(kitty, int) else twice_mask(kitty)
        except CardsError as e:
            raise DealError(e.message) from None
        _check_deal(rules, masks, kitty_mask, number)
        self._setup(rules, masks, number, kitty_mask)

    def _setup(self, rules: Rules, masks: tuple[int, ...], number: int, kitty: int) -> None:
        self.rules = rules
        self.kitty = kitty
        self.number = number
        self.pass_direction = rules.pass_direction(number)
        self.dealt = masks
        self.passed = [None] * rules.players
        self._pass_order = ()
        self._hold(masks)
        self.trick = []
        self.tricks = []
        self.taken = [0] * rules.players
        self.hearts_broken = False
        self.is_over = False
        self._no_first_points = rules.first_trick is _NO_POINTS
        self._led = self._best = self._best_seat = self._trick_points = 0
        if self.pass_direction is _NO_PASS:
            self._start_play()
        else:
            self.phase = _PASSING
            self.turn = self.leader = -1
            self._order = ()
            self._opening = 0

    @classmethod
    def deal(cls, rules: Rules, seed: int, number: int = 1) -> Round:
        """Round ``number`` dealt from ``seed``."""
        r = _new(TwoDeckRound if rules.decks == 2 else cls)
        hands, kitty = deal_cards(rules, seed, number)
        r._setup(rules, hands, number, kitty)
        return r

    @classmethod
    def from_view(cls, view: PlayerView, hands: Iterable[int], kitty: int = 0) -> Round:
        """The position a view sees, with ``hands`` (masks) as everyone's cards now: for search.

        The view's own hand must be among them unchanged. ``kitty`` matters only before
        the first trick is won: its points go to the winner.
        """
        masks = list(hands)
        if len(masks) != view.rules.players or masks[view.seat] != view.held_mask:
            raise DealError(Message("deal.view.own"))
        if view.rules.decks == 2:
            seen = view.played_twice_mask
            for m in masks:
                if (seen >> TWICE_SHIFT & m) | (seen & m >> TWICE_SHIFT):
                    raise DealError(Message("deal.view.twice"))
                seen = twice_add(seen, m)
        else:
            union = 0
            for m in masks:
                union |= m
            if union.bit_count() != sum(m.bit_count() for m in masks):
                raise DealError(Message("deal.view.shared"))
        held = [m.bit_count() for m in masks]
        if held != list(view.hand_sizes):
            raise DealError(Message("deal.view.sizes", held=str(held), sizes=str(list(view.hand_sizes))))
        r = cls.__new__(cls, view.rules)
        r.rules = view.rules
        r.number = view.round_number
        r.pass_direction = view.pass_direction
        r.dealt = None
        r.passed = [None] * view.rules.players
        r._pass_order = ()
        for seat, card in zip(view.trick_seats, view.trick, strict=False):  # back into the hands
            masks[seat] = twice_add(masks[seat], 1 << card)
        r._hold(masks)
        r.phase = view.phase
        r.is_over = view.phase is _OVER
        r.tricks = list(view.tricks)
        r.taken = list(view.taken)
        r.hearts_broken = view.hearts_broken
        r.kitty = kitty
        r._no_first_points = view.rules.first_trick is _NO_POINTS
        r.leader = view.trick_leader
        r.turn = view.trick_leader
        r._order = view.trick_seats
        r._opening = view.opening_card
        r.trick = []
        r._led = r._best = r._best_seat = r._trick_points = 0
        for card in view.trick:  # replay the current trick
            r.push(card)
        return r

    def copy(self) -> Round:
        """An independent copy to play on."""
        r = _new(self.__class__)
        r.rules = self.rules
        r.number = self.number
        r.pass_direction = self.pass_direction
        r.dealt = self.dealt
        r.passed = self.passed[:]
        r._pass_order = self._pass_order
        r.hands = self.hands[:]
        r.phase = self.phase
        r.is_over = self.is_over
        r.turn = self.turn
        r.leader = self.leader
        r.trick = self.trick[:]
        r.tricks = self.tricks[:]
        r.taken = self.taken[:]
        r.hearts_broken = self.hearts_broken
        r.kitty = self.kitty
        r._order = self._order
        r._opening = self._opening
        r._led = self._led
        r._best = self._best
        r._best_seat = self._best_seat
        r._trick_points = self._trick_points
        r._no_first_points = self._no_first_points
        return r

    # Passing

    def pass_cards(self, seat: int, cards: Iterable[Card]) -> None:
        """Choose the cards ``seat`` passes. When every seat has chosen, they are exchanged."""
        chosen = tuple(cards)
        passed = self.passed
        if not (self.phase is _PASSING and 0 <= seat < len(passed) and passed[seat] is None):
            self._refuse_pass(seat, chosen)
        if len(chosen) != self.rules.pass_count:
            raise IllegalMoveError(Reason.WRONG_PASS_COUNT, seat, chosen, count=self.rules.pass_count)
        passed[seat] = self._pass_mask(seat, chosen)
        self._pass_order += (seat,)
        if None not in passed:
            self._exchange()

    def _refuse_pass(self, seat: int, chosen: tuple[Card, ...]) -> NoReturn:
        """Raise the ``IllegalMoveError`` for a pass by ``seat`` that is not its to make, checking in order."""
        self._check_seat(seat, chosen)
        if self.phase is not _PASSING:
            raise IllegalMoveError(Reason.WRONG_PHASE, seat, chosen, phase=self.phase.value)
        raise IllegalMoveError(Reason.ALREADY_PASSED, seat, chosen)

    @property
    def pass_order(self) -> tuple[int, ...]:
        """The seats that have chosen their cards to pass, in the order they chose."""
        return self._pass_order

    def _pass_mask(self, seat: int, chosen: tuple[Card, ...]) -> int:
        """The mask of the cards ``seat`` chose to pass, checked to be different cards of its hand."""
        mask = mask_of(chosen)
        if mask.bit_count() != len(chosen):
            raise IllegalMoveError(Reason.DUPLICATE_CARD, seat, chosen)
        if mask & ~self.hands[seat]:
            raise IllegalMoveError(Reason.NOT_IN_HAND, seat, tuple(cards_of(mask & ~self.hands[seat])))
        return mask

    def passer_to(self, seat: int) -> int:
        """The seat whose passed cards ``seat`` receives."""
        return self.pass_direction.source(seat, self.rules.players)

    def received(self, seat: int) -> int | None:
        """The mask of cards ``seat`` received, once the exchange is done."""
        if self.pass_direction is _NO_PASS or self.phase is _PASSING:
            return None
        return self.passed[self.passer_to(seat)]

    def _exchange(self) -> None:
        n = self.rules.players
        hands = self.hands
        target = self.pass_direction.target
        for seat, mask in enumerate(self.passed):
            assert mask is not None
            hands[seat] &= ~mask
        for seat, mask in enumerate(self.passed):
            assert mask is not None
            hands[target(seat, n)] |= mask
        self._start_play()

    def _hold(self, masks: Iterable[int]) -> None:
        """Take ``masks`` (two-deck masks with two decks) as the seats' hands."""
        self.hands = list(masks)

    def held(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask (a two-deck mask with two decks)."""
        return self.hands[seat]

    def _start_play(self) -> None:
        """The lowest club in play leads (the two of clubs, unless it lies in the kitty or is out); with two
        decks, the seat holding it nearest the dealer's left."""
        self.phase = _PLAYING
        hands = self.hands
        clubs = 0
        for h in hands:
            clubs |= h & SUIT_MASKS[0]
        self._opening = (clubs & -clubs).bit_length() - 1
        n = len(hands)
        dealer = (self.number - 1) % n
        after_dealer = _ROTATIONS[n][(dealer + 1) % n]
        opening = self._opening
        for seat in after_dealer:
            if hands[seat] >> opening & 1:
                break
        self.turn = self.leader = seat
        rotation = _ROTATIONS[n][seat]
        if self.rules.extra_cards:
            sizes = [self.held(s).bit_count() for s in range(n)]
            least = min(sizes)
            rotation = tuple(s for s in rotation for _ in range(1 + (sizes[s] > least)))
        self._order = rotation

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """The seats in the order they play the current trick (empty while passing)."""
        return self._order

    def trick_plays(self) -> list[tuple[int, Card]]:
        """The current trick so far: each card with the seat that played it."""
        return list(zip(self._order, self.trick, strict=False))

    @property
    def opening_card(self) -> Card:
        """The card that leads the first trick: the lowest club in play."""
        return CARDS[self._opening]

    # Playing

    def legal_mask(self) -> int:
        """The mask of the cards the seat to play may play (0 outside play)."""
        if self.phase is not _PLAYING:
            return 0
        h = self.hands[self.turn]
        if self.trick:
            follow = h & SUIT_MASKS[self._led]
            if follow:
                return follow
            if self._no_first_points and not self.tricks:
                safe = h & NOT_POINTS
                if safe:
                    return safe
            return h
        if not self.tricks:
            return h & 1 << self._opening
        if not self.hearts_broken:
            safe = h & NOT_HEARTS
            if safe:
                return safe
        return h

    def hand_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now, lowest first (a card held twice, twice)."""
        return cards_of(self.hands[seat])

    def legal_plays(self) -> list[Card]:
        """The cards the seat to play may play, lowest first."""
        return cards_of(self.legal_mask())

    def play(self, card: Card, seat: int | None = None) -> None:
        """Play ``card`` for the seat to play (or check that it is ``seat``'s turn); checks every rule."""
        if (seat is None or seat == self.turn) and 0 <= card < 52 and self.legal_mask() >> card & 1:
            self.push(card)  # a legal card passes every check below: only a refusal needs to know which
        else:
            self._refuse(card, self.turn if seat is None else seat)

    def _refuse(self, card: Card, turn: int) -> NoReturn:
        """Raise the ``IllegalMoveError`` for ``turn`` playing ``card``, checking the rules in their order."""
        if self.phase is not _PLAYING:
            raise IllegalMoveError(Reason.WRONG_PHASE, turn, (card,), phase=self.phase.value)
        self._check_seat(turn, (card,))
        if turn != self.turn:
            raise IllegalMoveError(Reason.NOT_YOUR_TURN, turn, (card,), turn=self.turn)
        if not 0 <= card < 52 or not self.hands[turn] >> card & 1:
            raise IllegalMoveError(Reason.NOT_IN_HAND, turn, (card,))
        if self.trick:
            if self.hands[turn] & SUIT_MASKS[self._led]:
                raise IllegalMoveError(Reason.MUST_FOLLOW_SUIT, turn, (card,), suit=Suit(self._led).symbol)
            raise IllegalMoveError(Reason.NO_POINTS_ON_FIRST_TRICK, turn, (card,))
        if not self.tricks:
            raise IllegalMoveError(Reason.MUST_LEAD_TWO_OF_CLUBS, turn, (card,), card=str(CARDS[self._opening]))
        raise IllegalMoveError(Reason.HEARTS_NOT_BROKEN, turn, (card,))

    def _check_seat(self, seat: int, cards: tuple[Card, ...]) -> None:
        if not 0 <= seat < self.rules.players:
            raise IllegalMoveError(Reason.NO_SUCH_SEAT, seat, cards, last=self.rules.players - 1)

    def push(self, card: int) -> None:
        """Play ``card`` for the seat to play, unchecked: the fast path for search."""
        seat = self.turn
        self.hands[seat] ^= 1 << card
        trick = self.trick
        trick.append(CARDS[card])
        suit = card // 13
        order = self._order
        played = len(trick)
        if played == 1:
            self._led = suit
            self._best = card
            self._best_seat = seat
            self._trick_points = POINTS[card]
            self.turn = order[1]
            return
        self._trick_points += POINTS[card]
        if suit == self._led:
            if card > self._best:
                self._best = card
                self._best_seat = seat
        elif suit == 2:
            self.hearts_broken = True
        if played < len(order):
            self.turn = order[played]
            return
        winner = self._best_seat
        tricks = self.tricks
        self.taken[winner] += self._trick_points + (points_of(self.kitty) if not tricks and self.kitty else 0)
        tricks.append(_new_trick(Trick, (self.leader, tuple(trick), winner, order)))
        self.trick = []
        self.leader = self.turn = winner
        self._order = _ROTATIONS[len(self.hands)][winner]
        if not self.hands[winner]:
            self.phase = _OVER
            self.is_over = True

    # Taking back

    def pop(self) -> None:
        """Take back the last card played or, before any card, the last pass chosen (and the exchange,
        if every seat had chosen), leaving the round exactly as it stood before it.

        Raises ``UndoError`` when nothing has been passed or played, or the round was rebuilt from a
        view (``from_view``: it has no deal to go back to).
        """
        plays = [c for t in self.tricks for c in t.cards] + self.trick
        passes = list(self._pass_order)
        if plays:
            plays.pop()
        elif passes:
            passes.pop()
        else:
            raise UndoError(Message("undo.nothing", round=self.number))
        if self.dealt is None:
            raise UndoError(Message("undo.from-view"))
        r = Round.__new__(Round, self.rules)
        r._setup(self.rules, self.dealt, self.number, self.kitty)
        for seat in passes:
            mask = self.passed[seat]
            assert mask is not None
            r.pass_cards(seat, cards_of(mask))
        for card in plays:
            r.push(card)
        for cls in type(self).__mro__:  # Round's slots, and TwoDeckRound's doubles
            for name in getattr(cls, "__slots__", ()):
                setattr(self, name, getattr(r, name))

    def _key(self) -> tuple[object, ...]:
        """Everything that makes the position (what ``pop`` restores and ``==`` compares)."""
        return (
            self.rules,
            self.number,
            self.dealt,
            self.kitty,
            self.passed,
            self._pass_order,
            [self.held(s) for s in range(self.rules.players)],
            self.phase,
            self.turn,
            self.leader,
            self.trick,
            self.tricks,
            self.taken,
            self.hearts_broken,
            self._order,
            self._opening,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Round) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # a round changes as it is played

    # Points

    def points_to_take(self) -> int:
        """The points still to fall: in the hands, in the trick being played, and in the kitty until the first
        trick is won. At 0 the rest of the round cannot change its score."""
        held = [self.held(s) for s in range(self.rules.players)]
        left = sum(points_of(h) + points_of(h >> TWICE_SHIFT) for h in held) + sum(POINTS[c] for c in self.trick)
        if self.kitty and not self.tricks:
            left += points_of(self.kitty)
        return left

    def moon_shooter(self) -> int | None:
        """The seat that took every point card (both decks' with two), once the round is over."""
        if self.phase is not _OVER:
            return None
        all_points = self.rules.round_points
        return next((s for s, p in enumerate(self.taken) if p == all_points), None)

    def scores(self) -> tuple[int, ...]:
        """Each seat's points for the round, the moon applied; the points taken so far while it runs.

        A moon gives every other seat the round's points (26, or 52 with two decks) and the shooter 0;
        under ``SHOOTER_MINUS_26`` the shooter loses them instead."""
        shooter = self.moon_shooter()
        if shooter is None:
            return tuple(self.taken)
        all_points = self.rules.round_points
        if self.rules.moon is MoonScoring.SHOOTER_MINUS_26:
            return tuple(-all_points if s == shooter else 0 for s in range(self.rules.players))
        return tuple(0 if s == shooter else all_points for s in range(self.rules.players))

    def view(self, seat: int, totals: tuple[int, ...] | None = None) -> PlayerView:
        """What ``seat`` may know; ``totals`` are the game's scores before this round."""
        from .view import make_view

        return make_view(self, seat, totals or (0,) * self.rules.players)

    def __repr__(self) -> str:
        return f"<Round {self.number} {self.phase.value} turn={self.turn} tricks={len(self.tricks)}>"


def _check_deal(rules: Rules, hands: tuple[int, ...], kitty: int, number: int) -> None:
    """Every card in play dealt once (twice with two decks), each seat as many as the rules give it."""
    n = rules.players
    if len(hands) != n:
        raise DealError(Message("deal.hands", hands=len(hands), players=n))
    if kitty.bit_count() != rules.kitty_size:
        raise DealError(Message("deal.kitty", count=kitty.bit_count(), size=rules.kitty_size))
    dealer = (number - 1) % n
    seen = kitty
    once = rules.decks == 1
    for seat, h in enumerate(hands):
        size = rules.hand_size + ((seat - dealer - 1) % n < rules.extra_cards)
        if h.bit_count() != size:
            raise DealError(Message("deal.hand-size", seat=seat, count=h.bit_count(), size=size))
        if once and (h & seen or h >> TWICE_SHIFT):
            card = cards_of(h & seen or h >> TWICE_SHIFT)[0]
            raise DealError(Message("deal.twice", seat=seat, card=str(card)))
        if not once and (h & seen >> TWICE_SHIFT or h >> TWICE_SHIFT & seen):
            card = cards_of(h & seen >> TWICE_SHIFT or h >> TWICE_SHIFT & seen)[0]
            raise DealError(Message("deal.three-times", seat=seat, card=str(card)))
        seen = twice_add(seen, h)
    deck = rules.deck_mask if once else rules.deck_mask | rules.deck_mask << TWICE_SHIFT
    if seen & FULL_DECK & ~rules.deck_mask:
        raise DealError(Message("deal.not-in-play", card=str(cards_of(seen & FULL_DECK & ~rules.deck_mask)[0])))
    if seen != deck:
        raise DealError(Message("deal.lacks", cards=" ".join(map(str, cards_of(deck & ~seen)))))


class TwoDeckRound(Round):
    """A round with two decks (004, more than five players): a seat may hold a card twice.

    The two copies are the same card in every rule; ``doubles`` holds, per seat, the cards it
    has twice (always also in ``hands``). Of two identical cards in a trick, the one played first
    ranks higher: a later copy never beats it.
    """

    __slots__ = ("doubles",)

    doubles: list[int]

    def _hold(self, masks: Iterable[int]) -> None:
        masks = list(masks)
        self.hands = [m & FULL_DECK for m in masks]
        self.doubles = [m >> TWICE_SHIFT for m in masks]

    def held(self, seat: int) -> int:
        return self.hands[seat] | self.doubles[seat] << TWICE_SHIFT

    def hand_cards(self, seat: int) -> list[Card]:
        return cards_of(self.held(seat))

    def _pass_mask(self, seat: int, chosen: tuple[Card, ...]) -> int:
        """The two-deck mask of the cards ``seat`` chose: a card twice only if it holds it twice."""
        held = self.held(seat)
        try:
            mask = twice_mask(chosen)
        except ValueError:
            raise IllegalMoveError(Reason.DUPLICATE_CARD, seat, chosen) from None
        if mask & ~held & FULL_DECK:
            raise IllegalMoveError(Reason.NOT_IN_HAND, seat, tuple(cards_of(mask & ~held & FULL_DECK)))
        if mask & ~held:  # named twice, held once
            raise IllegalMoveError(Reason.DUPLICATE_CARD, seat, chosen)
        return mask

    def _exchange(self) -> None:
        n = self.rules.players
        held = [self.held(s) for s in range(n)]
        for seat, mask in enumerate(self.passed):
            assert mask is not None
            held[seat] = twice_remove(held[seat], mask)
        for seat, mask in enumerate(self.passed):
            assert mask is not None
            target = self.pass_direction.target(seat, n)
            held[target] = twice_add(held[target], mask)
        self._hold(held)
        self._start_play()

    def copy(self) -> TwoDeckRound:
        r = super().copy()
        assert isinstance(r, TwoDeckRound)
        r.doubles = self.doubles[:]
        return r

    def push(self, card: int) -> None:
        seat = self.turn
        doubles = self.doubles[seat]
        if doubles >> card & 1:  # one copy stays: flip the bit here, and Round.push flips it back
            self.doubles[seat] = doubles ^ 1 << card
            self.hands[seat] ^= 1 << card
        super().push(card)


class OutcomeKind(Enum):
    WIN = "win"
    DRAW = "draw"
    SHARED_WIN = "shared-win"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winners`` holds one seat, or the tied seats of a draw or a shared win."""

    kind: OutcomeKind
    winners: tuple[int, ...]
    totals: tuple[int, ...]


def judge(rules: Rules, totals: tuple[int, ...]) -> Outcome | None:
    """The outcome of totals after a finished round, or None while the game goes on."""
    if max(totals) < rules.target:
        return None
    low = min(totals)
    lowest = tuple(s for s, t in enumerate(totals) if t == low)
    if len(lowest) == 1:
        return Outcome(OutcomeKind.WIN, lowest, totals)
    if rules.tie is TieRule.DRAW:
        return Outcome(OutcomeKind.DRAW, lowest, totals)
    if rules.tie is TieRule.SHARED_WIN:
        return Outcome(OutcomeKind.SHARED_WIN, lowest, totals)
    return None  # TieRule.PLAY_ON: more rounds until one player is lowest alone


class GameOverError(MessageError, ValueError):
    """A new round asked for after the game has ended, or before the round has."""


class Game:
    """Rounds dealt from one seed, with running totals, up to the target score."""

    def __init__(
        self,
        rules: Rules,
        seed: int,
        hands: Iterable[int | Iterable[Card]] | None = None,
        kitty: int | Iterable[Card] = 0,
        first: int = 1,
    ) -> None:
        """A new game; round 1 is dealt from ``seed``, or is ``hands`` (and ``kitty``) when given, as from a log.

        ``first`` numbers the first round otherwise (the arena plays deal ``d`` as round ``d``, so the
        pass direction follows the cycle)."""
        self.rules = rules
        self.seed = seed
        self.first = first
        self.rounds: list[Round] = []
        self._before: tuple[int, ...] = (0,) * rules.players
        """The totals over every round before the last (they are over and never change again)."""
        self._deal(hands, kitty)

    def _deal(self, hands: Iterable[int | Iterable[Card]] | None, kitty: int | Iterable[Card] = 0) -> None:
        number = self.first + len(self.rounds)
        new = Round.deal(self.rules, self.seed, number) if hands is None else Round(self.rules, hands, number, kitty)
        if self.rounds:
            self._before = self.totals
        self.rounds.append(new)

    @property
    def round(self) -> Round:
        """The round being played, or the last one played."""
        return self.rounds[-1]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total over the finished rounds."""
        last = self.round
        if not last.is_over:
            return self._before
        return tuple(t + p for t, p in zip(self._before, last.scores(), strict=True))

    def history(self) -> list[tuple[int, ...]]:
        """The scores of each finished round."""
        return [r.scores() for r in self.rounds if r.is_over]

    def outcome(self) -> Outcome | None:
        """The result once the game has ended: after a round in which someone reached the target."""
        if not self.round.is_over:
            return None
        return judge(self.rules, self.totals)

    def is_over(self) -> bool:
        return self.outcome() is not None

    def next_round(self, hands: Iterable[int | Iterable[Card]] | None = None, kitty: int | Iterable[Card] = 0) -> Round:
        """Deal the next round (from the seed, or ``hands`` and ``kitty``) once this one is over."""
        if not self.round.is_over:
            raise GameOverError(Message("next-round.playing"))
        if self.is_over():
            raise GameOverError(Message("next-round.over"))
        self._deal(hands, kitty)
        return self.round

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know of the round being played."""
        return self.round.view(seat, self._before)
