"""What a seat can infer about the hidden hands, and deals sampled consistently with it.

Everything here is computed from a ``PlayerView`` alone: the cards played, the
voids the other seats have shown, the cards this seat passed (the receiver holds
them until they are played), the opening club before the first lead, and the
hand sizes. A kitty this seat has not seen is dealt like one hand more.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..cards import FULL_DECK, POINTS_MASK, QS_BIT, QUEEN_OF_SPADES, SUIT_MASKS
from ..engine import Phase, Trick
from ..rules import FirstTrick, PassDirection
from ..view import PlayerView


class RuleView(Protocol):
    """What a rule player (``middel``) reads of a position: a ``PlayerView`` has all of it, and so has the
    light view built for each card of a playout (``playout.TableView``)."""

    @property
    def seat(self) -> int: ...
    @property
    def hand_mask(self) -> int: ...
    @property
    def legal_mask(self) -> int: ...
    @property
    def played_mask(self) -> int: ...
    @property
    def hearts_broken(self) -> bool: ...
    @property
    def taken(self) -> Sequence[int]: ...
    @property
    def tricks(self) -> Sequence[Trick]: ...
    @property
    def trick(self) -> Sequence[int]: ...
    @property
    def trick_seats(self) -> Sequence[int]: ...
    @property
    def void_masks(self) -> Sequence[int]: ...
    def unseen_mask(self) -> int: ...


def suit_of(card: int) -> int:
    return card // 13


def rank_index(card: int) -> int:
    """0 for a two, 12 for an ace."""
    return card % 13


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat knows of where the unseen cards are.

    Every per-seat tuple has one entry more, after the seats, for a kitty this seat has not seen:
    its cards are unseen but in no hand (after the first trick they are out of play).
    """

    seat: int
    hand_sizes: tuple[int, ...]
    """Per seat, how many cards it holds."""
    known: tuple[int, ...]
    """Per seat, the cards it certainly holds now (this seat: its whole hand)."""
    allowed: tuple[int, ...]
    """Per seat, the cards it may hold now (everything its shown voids allow)."""
    free: int
    """Unseen cards whose holder is not known."""
    likely: tuple[int, ...] = ()
    """``allowed`` narrowed by what the seats' play suggests (a seat that discarded something else
    when it could have dumped the queen of spades probably does not hold her); samples follow it
    when some deal can."""
    kitty: bool = False
    """Whether the last entries are an unseen kitty's."""

    @classmethod
    def from_view(cls, view: PlayerView, infer: bool = True) -> Knowledge:
        """What ``view``'s seat knows; ``infer`` adds what good play suggests (see ``likely``)."""
        n = view.players
        seat = view.seat
        unseen = view.unseen_mask()
        kitty = view.kitty_size if view.kitty_mask is None else 0
        known = [0] * (n + 1 if kitty else n)
        known[seat] = view.hand_mask
        if view.phase is Phase.PLAYING and view.pass_direction is not PassDirection.NONE and view.passed_mask:
            target = view.pass_direction.target(seat, n)
            known[target] |= view.passed_mask & unseen
        opening = view.opening_card
        if view.phase is Phase.PLAYING and not view.tricks and not view.trick and unseen >> opening & 1:
            known[view.trick_leader] |= 1 << opening
        if kitty:  # clubs below the opening card were in no hand: they lie in the kitty
            known[n] = unseen & SUIT_MASKS[0] & ((1 << opening) - 1)
        allowed = [FULL_DECK & ~v for v in view.void_masks] + ([FULL_DECK] if kitty else [])
        for s, extra in _first_trick_point_dumps(view).items():
            allowed[s] &= extra
        allowed[seat] = view.hand_mask
        allowed = [(a & unseen) | known[s] for s, a in enumerate(allowed)]
        allowed[seat] = view.hand_mask
        free = unseen
        for s, k in enumerate(known):
            if s != seat:
                free &= ~k
        likely = list(allowed)
        if infer:
            if unseen & QS_BIT and not any(k & QS_BIT for k in known):
                for s in _kept_queen_back(view):
                    likely[s] &= ~QS_BIT
            for s, gap in _ducked_gaps(view).items():
                if s != seat:
                    likely[s] &= ~gap | known[s]
        sizes = tuple(view.hand_sizes) + ((kitty,) if kitty else ())
        return cls(seat, sizes, tuple(known), tuple(allowed), free, tuple(likely), bool(kitty))


def _kept_queen_back(view: PlayerView) -> set[int]:
    """Seats that discarded another card on a trick where the queen of spades was a legal discard."""
    seats: set[int] = set()
    no_first = view.rules.first_trick is FirstTrick.NO_POINTS
    tricks = [(t.seats, t.cards) for t in view.tricks] + [(view.trick_seats, view.trick)]
    for number, (order, cards) in enumerate(tricks):
        if not cards or (number == 0 and no_first):
            continue
        led = suit_of(cards[0])
        if led == 3:
            continue
        for seat, c in zip(order[1:], cards[1:], strict=False):
            if suit_of(c) != led and c != QUEEN_OF_SPADES:
                seats.add(seat)
    return seats


def _ducked_gaps(view: PlayerView) -> dict[int, int]:
    """Per seat, cards it probably lacks because it ducked: a seat that followed under the winning
    card with ``c`` would have played a card between ``c`` and the winner if it had one."""
    gaps: dict[int, int] = {}
    tricks = [(t.seats, t.cards) for t in view.tricks] + [(view.trick_seats, view.trick)]
    for order, cards in tricks:
        if not cards:
            continue
        best = cards[0]
        for s, c in zip(order[1:], cards[1:], strict=False):
            if suit_of(c) != suit_of(best):
                continue
            if c < best:
                gaps[s] = gaps.get(s, 0) | (((1 << best) - 1) & ~((2 << c) - 1))
            else:
                best = c
    return gaps


def _first_trick_point_dumps(view: PlayerView) -> dict[int, int]:
    """Seats that discarded a point card on a no-points first trick hold only point cards."""
    if view.rules.first_trick is not FirstTrick.NO_POINTS:
        return {}
    cards = view.tricks[0].cards if view.tricks else view.trick
    seats = view.tricks[0].seats if view.tricks else view.trick_seats
    out: dict[int, int] = {}
    if not cards:
        return out
    led = suit_of(cards[0])
    for seat, c in zip(seats[1:], cards[1:], strict=False):
        if suit_of(c) != led and POINTS_MASK >> c & 1:
            out[seat] = POINTS_MASK
    return out


def split_kitty(sample: list[int], players: int) -> tuple[list[int], int]:
    """A sample's hands and its kitty (0 when the kitty is known or there is none)."""
    return sample[:players], sample[players] if len(sample) > players else 0


def sample_hands(k: Knowledge, rng: random.Random) -> list[int]:
    """One deal of the unseen cards to the other seats consistent with ``k`` (hand masks, own hand kept;
    an unseen kitty's cards as one mask more, see ``split_kitty``)."""
    free, need0, likely, allowed = _plan(k)
    cards = list(free)  # shuffled in place by each try, on from the last
    if likely is not None:
        hands = _fill(cards, likely, need0, k, rng, tries=4)
        if hands is not None:
            return hands
    hands = _fill(cards, allowed, need0, k, rng, tries=30)
    if hands is not None:
        return hands
    exact = _fill_exact(cards, allowed, need0, k, rng)
    if exact is None:
        raise ValueError("no deal fits what the seat knows")
    return exact


Options = dict[int, list[int]]


@functools.lru_cache(maxsize=16)
def _plan(k: Knowledge) -> tuple[tuple[int, ...], tuple[int, ...], Options | None, Options]:
    """What every deal for ``k`` starts from (worked out once per decision, as a decision draws many): the
    free cards, how many more cards each seat needs, and the seats each card may go to by ``likely``
    (None when it says nothing more, or would put a card in the kitty) and by ``allowed``."""
    n = len(k.hand_sizes)
    others = [s for s in range(n) if s != k.seat]
    cards = tuple(c for c in range(k.free.bit_length()) if k.free >> c & 1)
    need0 = tuple(k.hand_sizes[s] - k.known[s].bit_count() for s in range(n))
    likely: Options | None = None
    if k.likely and k.likely != k.allowed:
        likely = {c: [s for s in others if k.likely[s] >> c & 1] for c in cards}
        only_kitty = [n - 1] if k.kitty else None
        if not all(opts and opts != only_kitty for opts in likely.values()):  # inference puts a card in the kitty
            likely = None
    allowed = {c: [s for s in others if k.allowed[s] >> c & 1] for c in cards}
    return cards, need0, likely, allowed


def _fill(
    cards: list[int], options: Options, need0: tuple[int, ...], k: Knowledge, rng: random.Random, tries: int
) -> list[int] | None:
    """Deal the free cards, most constrained first, each to a seat with room, in proportion to the room."""
    for _ in range(tries):
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(options[c]))
        hands = list(k.known)
        need = list(need0)
        ok = True
        for c in cards:
            opts = options[c]
            s, room, total = -1, 0, 0  # the last seat with room, how many have it, and how much
            for t in opts:
                n = need[t]
                if n > 0:
                    s, room, total = t, room + 1, total + n
            if not room:
                ok = False
                break
            if room > 1:
                x = rng.random() * total
                for t in opts:
                    n = need[t]
                    if n > 0:
                        x -= n
                        if x < 0:
                            s = t
                            break
            hands[s] |= 1 << c
            need[s] -= 1
        if ok:
            return hands
    return None


def _fill_exact(
    cards: list[int], options: Options, need0: tuple[int, ...], k: Knowledge, rng: random.Random
) -> list[int] | None:
    """A random deal for the positions where random filling keeps failing (tight voids, a kitty), or None
    if there is none: each card goes to a seat with room, in proportion to the room, among the seats that
    leave the rest dealable.

    The rest is dealable when every set of seats has room for the cards that only it may take (Hall's
    condition for a deal with room; ``slack`` holds the spare room of each set, the seats as bits). Dealing
    card ``c`` to seat ``s`` takes one from the spare room of every set with ``s`` that ``c`` could leave.
    """
    seats = [s for s in range(len(k.hand_sizes)) if s != k.seat]
    bit = {s: 1 << j for j, s in enumerate(seats)}
    sets = range(1 << len(seats))
    masks = {c: sum(bit[s] for s in options[c]) for c in cards}
    slack = [sum(need0[s] for s in seats if bit[s] & S) - sum(1 for m in masks.values() if not m & ~S) for S in sets]
    if min(slack) < 0:
        return None
    hands = list(k.known)
    need = list(need0)
    rng.shuffle(cards)
    for c in cards:
        m = masks[c]
        fits = [s for s in options[c] if need[s] > 0 and all(slack[S] > 0 for S in sets if S & bit[s] and m & ~S)]
        x = rng.random() * sum(need[s] for s in fits)
        for s in fits:
            x -= need[s]
            if x < 0:
                break
        for S in sets:
            if S & bit[s] and m & ~S:
                slack[S] -= 1
        hands[s] |= 1 << c
        need[s] -= 1
    return hands


def queen_out(view: RuleView) -> bool:
    """Is the queen of spades still to be played and not in this hand?"""
    return not ((view.played_mask | view.hand_mask) & QS_BIT)


def unseen_in_suit(view: RuleView, suit: int) -> int:
    return view.unseen_mask() & SUIT_MASKS[suit]


def moon_threat(view: RuleView) -> int | None:
    """A seat (other than this one) that has taken every point so far, at least a few, and might shoot."""
    taken = view.taken
    total = sum(taken)
    if total < 4:
        return None
    for s, t in enumerate(taken):
        if t == total and s != view.seat:
            hearts_out = (view.played_mask & SUIT_MASKS[2]).bit_count() - sum(c // 13 == 2 for c in view.trick)
            if t >= 13 or hearts_out >= 4:
                return s
    return None
