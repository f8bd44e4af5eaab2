"""``middel``: a solid rule-based player.

Passes the dangerous cards (an unguarded queen of spades, the king and ace of
spades without her, high hearts) and empties short suits; keeps low spades.
Plays by the classic rules of thumb: duck under the winning card, lead low from
suits the others still hold, dump the queen and high hearts when void, flush the
queen with low spades, stop a moon in progress and shoot when the hand allows it.
"""

from __future__ import annotations

from ..cards import (
    CARDS,
    HEARTS_MASK,
    HIGH_SPADES,
    LOW_SPADES,
    NOT_HEARTS,
    POINTS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    cards_of,
    high_card,
    highest_rank,
    low_card,
    lowest_rank,
    winning,
)
from ..view import PlayerView
from .knowledge import RuleView, moon_threat, queen_out

QS = QUEEN_OF_SPADES


def _count(mask: int, suit: int) -> int:
    return (mask & SUIT_MASKS[suit]).bit_count()


def pass_danger(card: int, hand: int, left_to_pass: int) -> float:
    """How much a card hurts to keep, given the rest of the hand (higher: pass it first)."""
    suit, rank = divmod(card, 13)
    n_suit = _count(hand, suit)
    if suit == 3:
        spades = n_suit
        if card == QS:
            return 5 if spades >= 6 else 100
        if card > QS:
            if hand & QS_BIT and spades >= 6:
                return 5
            return 70 + rank if spades <= 5 else 20 + rank
        return -20 + rank
    if suit == 2:
        return rank * 3 + (8 if rank >= 9 else 0) - 6
    value = rank * 2.5
    if n_suit <= left_to_pass and not (suit == 0 and hand & 1):
        value += 25 - 4 * n_suit
    return value


def heuristic_pass(view: PlayerView) -> list[Card]:
    """The ``pass_count`` cards middel would pass."""
    hand = view.hand_mask
    count = view.rules.pass_count
    chosen: list[Card] = []
    for i in range(count):
        left = count - i
        best = max(cards_of(hand), key=lambda c: (pass_danger(c, hand, left), c))
        chosen.append(best)
        hand &= ~(1 << best)
    return chosen


def takes_all_but_one(hand: int, unseen: int) -> bool:
    """Every card of ``hand`` but one at most beats every unseen card of its suit."""
    losers = 0
    for suit_mask in SUIT_MASKS:
        mine = hand & suit_mask
        others = unseen & suit_mask
        if mine and others:
            losers += (mine & ((1 << others.bit_length()) - 1)).bit_count()
            if losers > 1:
                return False
    return True


def shooting(view: RuleView) -> bool:
    """Go for the moon: nobody else has points and the hand will take nearly every trick from here."""
    taken = view.taken
    mine = taken[view.seat]
    if sum(taken) != mine:  # someone else has points
        return False
    hand = view.hand_mask
    left = hand.bit_count()
    if left == 0:
        return False
    if mine < 13 and len(view.tricks) < 4 and (left < 9 or not hand & HEARTS_MASK):
        return False  # early in the round it takes a long hand with hearts
    return takes_all_but_one(hand, view.unseen_mask())


class MiddelBot:
    """A solid rule-based player; decisions depend on the view alone (no randomness)."""

    level = "middel"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_pass(self, view: PlayerView) -> list[Card]:
        return heuristic_pass(view)

    def choose_play(self, view: PlayerView) -> Card:
        return CARDS[rule_play(view)]


def rule_play(view: RuleView) -> int:
    """middel's card for the view (an int card)."""
    legal = view.legal_mask
    if not legal & (legal - 1):
        return high_card(legal)
    if shooting(view):
        return _shoot_card(view, legal)
    threat = moon_threat(view)
    if not view.trick:
        return _lead(view, legal, threat)
    return _follow(view, legal, threat)


def _shoot_card(view: RuleView, legal: int) -> int:
    if not view.trick:
        winners = legal & ~HEARTS_MASK if not view.hearts_broken else legal
        return highest_rank(winners or legal)
    led = view.trick[0] // 13
    if legal & SUIT_MASKS[led]:
        return high_card(legal)
    safe = legal & NOT_HEARTS & ~QS_BIT
    return lowest_rank(safe or legal)


def _lead(view: RuleView, legal: int, threat: int | None) -> int:
    if threat is not None:
        hearts = legal & HEARTS_MASK
        if hearts:
            return high_card(hearts)
        return highest_rank(legal)
    unseen = view.unseen_mask()
    qs_out = queen_out(view)
    low_spades = legal & LOW_SPADES
    if qs_out and low_spades and not legal & HIGH_SPADES:
        return high_card(low_spades)
    candidates = legal
    if legal & QS_BIT and legal & ~QS_BIT:
        candidates &= ~QS_BIT
    if qs_out and candidates & ~HIGH_SPADES:
        candidates &= ~HIGH_SPADES
    others_void = 0
    for s, v in enumerate(view.void_masks):
        if s != view.seat:
            others_void |= v
    best, best_score = -1, -1e9
    for suit, suit_mask in enumerate(SUIT_MASKS):
        if not candidates & suit_mask:
            continue
        # A suit's lowest card: a higher one has no more unseen cards above it and no fewer below.
        c = low_card(candidates & suit_mask)
        suit_unseen = unseen & suit_mask
        higher = (suit_unseen & ~((1 << (c + 1)) - 1)).bit_count()
        lower = (suit_unseen & ((1 << c) - 1)).bit_count()
        score = 3 * higher - 2 * lower
        if others_void & suit_mask & ~HEARTS_MASK:
            score -= 12
        if suit_unseen.bit_count() <= 2:
            score -= 6
        if suit == 2:
            score -= 2
        if score > best_score:
            best, best_score = c, score
    return best


def _follow(view: RuleView, legal: int, threat: int | None) -> int:
    trick = view.trick
    led = trick[0] // 13
    at = winning(trick)
    best = trick[at]
    points_on = False
    for c in trick:
        if POINTS[c]:
            points_on = True
            break
    winner = view.trick_seats[at]
    last = len(trick) == len(view.trick_seats) - 1
    suit = SUIT_MASKS[led]
    if legal & suit:
        if threat is not None and winner == threat:
            above = legal & ~((1 << best) - 1)
            if above and (points_on or last):
                return high_card(above)
        below = legal & ((1 << best) - 1)
        if below:
            return high_card(below)
        no_queen = legal & ~QS_BIT or legal
        if last:
            return high_card(no_queen)
        if points_on or (led == 3 and queen_out(view)):
            return low_card(no_queen)
        # Nobody after can be void and enough of the suit is out that it will come round again: play high.
        still_to_play = view.trick_seats[len(trick) + 1 :]
        voids = view.void_masks
        if any(voids[s] & suit for s in still_to_play):
            return low_card(no_queen)
        if (view.unseen_mask() & suit).bit_count() >= 2 * len(still_to_play) + 2:
            return high_card(no_queen)
        return low_card(no_queen)
    if threat is not None and winner == threat:
        safe = legal & NOT_HEARTS & ~QS_BIT
        if safe:
            return highest_rank(safe)
    if legal & QS_BIT:
        return QS
    if legal & HIGH_SPADES and queen_out(view):
        return high_card(legal & HIGH_SPADES)
    hearts = legal & HEARTS_MASK
    if hearts and (high_card(hearts) % 13 >= 7 or not legal & NOT_HEARTS):
        return high_card(hearts)
    # The highest card of the suit where a card is worth most to shed: its rank, plus 4 from a suit of
    # two or fewer, plus 3 for a heart.
    hand = view.hand_mask
    pick, key = -1, (-1, -1)
    for suit, suit_mask in enumerate(SUIT_MASKS):
        s = legal & suit_mask
        if s:
            c = s.bit_length() - 1
            k = (c % 13 + (4 if (hand & suit_mask).bit_count() <= 2 else 0) + (3 if suit == 2 else 0), c)
            if k > key:
                pick, key = c, k
    return pick
