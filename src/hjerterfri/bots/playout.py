"""Fast heuristic playouts for search: every seat plays a cheap, sensible card to the end of the round.

The policy works on a sampled ``Round`` (all hands filled in) and asks the engine
for the legal cards. It reads the seat's own hand, the cards on the table and the
cards the others hold together (what a player can count), and, when following,
whether a seat still to play holds the led suit: that one look at the sampled
hands is more than a player knows (judging by the voids shown instead measured
no different, see the README). A playout in which one seat tries to shoot the
moon makes that seat win every trick it can; the others then try to take a heart
off it.
"""

from __future__ import annotations

from ..cards import (
    HEARTS_MASK,
    HIGH_SPADES,
    NOT_HEARTS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SPADES_MASK,
    SUIT_MASKS,
    highest_rank,
    low_card,
    lowest_rank,
    points_of,
    winning,
)
from ..engine import Phase, Round
from ..view import note_play, round_voids
from .middel import rule_play

QS = QUEEN_OF_SPADES


def choose(r: Round, shooter: int = -1) -> int:
    """The playout policy's card for the seat to play in ``r``."""
    legal = r.legal_mask()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    seat = r.turn
    trick = r.trick
    if seat == shooter:
        return _shoot(r, legal)
    threat = _threat(r) if shooter < 0 else shooter
    if not trick:
        if threat >= 0 and threat != seat:
            return highest_rank(legal)
        return _lead(r, seat, legal)
    led = trick[0] // 13
    suit = SUIT_MASKS[led]
    if legal & suit:
        at = winning(trick)
        best = trick[at]
        order = r.trick_seats
        last = len(trick) == len(order) - 1
        winner_is_threat = threat >= 0 and order[at] == threat
        if winner_is_threat and threat != seat:
            above = legal & ~((1 << best) - 1)
            if above and (any(c // 13 == 2 for c in trick) or last):
                return above.bit_length() - 1
        below = legal & ((1 << best) - 1)
        if below:
            return below.bit_length() - 1
        if last:
            nq = legal & ~QS_BIT
            return (nq or legal).bit_length() - 1
        nq = legal & ~QS_BIT
        if led == 3 and nq & HIGH_SPADES and any_queen_out(r):
            return low_card(nq)
        h = r.hands
        for s in order[len(trick) + 1 :]:
            if not h[s] & suit:
                return low_card(nq or legal)
        if any(c // 13 == 2 or c == QS for c in trick):
            return low_card(nq or legal)
        return (nq or legal).bit_length() - 1
    # Void in the led suit: discard.
    if threat >= 0 and threat != seat and r.trick_seats[winning(trick)] == threat:
        nonpoints = legal & NOT_HEARTS & ~QS_BIT
        if nonpoints:
            return highest_rank(nonpoints)
    if legal & QS_BIT:
        return QS
    if legal & HIGH_SPADES and any_queen_out(r):
        return (legal & HIGH_SPADES).bit_length() - 1
    hearts = legal & HEARTS_MASK
    if hearts:
        return hearts.bit_length() - 1
    hand = r.hands[seat]
    pick, key = -1, (-1, -1)
    for suit_mask in SUIT_MASKS:
        s = legal & suit_mask
        if s:
            c = s.bit_length() - 1
            k = (c % 13 + (4 if (hand & suit_mask).bit_count() <= 2 else 0), c)
            if k > key:
                pick, key = c, k
    return pick


def _lead(r: Round, seat: int, legal: int) -> int:
    h = r.hands
    others = _held(h) & ~h[seat]
    qs_out = bool(others & QS_BIT)
    mine = h[seat]
    if qs_out and legal & SPADES_MASK & (QS_BIT - 1) and not mine & HIGH_SPADES:
        return low_card(legal & SPADES_MASK)
    cand = legal
    if cand & ~QS_BIT:
        cand &= ~QS_BIT
    if qs_out and cand & ~HIGH_SPADES:
        cand &= ~HIGH_SPADES
    if mine & QS_BIT and cand & ~SPADES_MASK:
        cand &= ~SPADES_MASK
    best, best_score = -1, -99
    for suit_mask in SUIT_MASKS:
        s = cand & suit_mask
        if s:
            c = (s & -s).bit_length() - 1
            higher = (others & suit_mask & ~((2 << c) - 1)).bit_count()
            score = higher * 2 - (c % 13) - (5 if not higher else 0)
            if score > best_score:
                best, best_score = c, score
    return best


def any_queen_out(r: Round) -> bool:
    h = r.hands
    return bool(_held(h) & QS_BIT)


def _held(hands: list[int]) -> int:
    m = 0
    for h in hands:
        m |= h
    return m


def _threat(r: Round) -> int:
    """A seat that has taken every point so far (at least five): the others try to stop its moon."""
    t = r.taken
    total = sum(t)
    if total < 5:
        return -1
    for s, points in enumerate(t):
        if points == total:
            return s
    return -1


def _shoot(r: Round, legal: int) -> int:
    """Win every trick: lead a card nobody can beat (from the suit the others hold most of), else the
    highest; follow with the lowest card that still wins when last, else the highest, or the lowest
    when none can win; discard the lowest non-point card."""
    trick = r.trick
    if not trick:
        others = _held(r.hands) & ~r.hands[r.turn]
        best, key = -1, (-1, -1)
        for suit_mask in SUIT_MASKS:
            mine = legal & suit_mask
            if mine:
                top = mine.bit_length() - 1
                theirs = others & suit_mask
                k = (theirs.bit_count(), top % 13)
                if top > theirs.bit_length() - 1 and k > key:
                    best, key = top, k
        return best if best >= 0 else highest_rank(legal)
    led = trick[0] // 13
    follow = legal & SUIT_MASKS[led]
    if follow:
        above = follow & ~((2 << trick[winning(trick)]) - 1)
        if not above:
            return low_card(follow)
        if len(trick) == len(r.trick_seats) - 1:
            return low_card(above)
        return follow.bit_length() - 1
    safe = legal & NOT_HEARTS & ~QS_BIT
    return lowest_rank(safe or legal)


def playout(r: Round, shooter: int = -1) -> None:
    """Play ``r`` to the end with the policy (in place)."""
    push = r.push
    while r.phase is Phase.PLAYING:
        push(choose(r, shooter))


class TableView:
    """The view of the seat to play in a sampled round (``legal``: its legal cards) with just the
    fields ``middel.rule_play`` reads, built cheaply.

    ``make_view`` rebuilds the shown voids from every trick on each call; in a playout they are kept
    up to date play by play instead (``note_play``). ``rule_play`` on it equals ``rule_play`` on the
    full view (tests check this).
    """

    __slots__ = (
        "hand_mask",
        "hearts_broken",
        "legal_mask",
        "played_mask",
        "seat",
        "taken",
        "trick",
        "trick_seats",
        "tricks",
        "unseen",
        "void_masks",
    )

    def __init__(self, r: Round, seat: int, voids: list[int], legal: int, held: int) -> None:
        """``held``: the cards in all hands of ``r`` together (the caller keeps it up to date)."""
        hands = r.hands
        kitty = r.kitty
        taken = r.taken
        if kitty and r.tricks and r.tricks[0].winner != seat:  # the kitty is unseen, its points unknown
            taken = taken[:]
            taken[r.tricks[0].winner] -= points_of(kitty)
        elif kitty and r.tricks:  # taken by this seat: seen
            kitty = 0
        self.seat = seat
        self.hand_mask = hands[seat]
        self.legal_mask = legal
        self.played_mask = r.rules.deck_mask & ~held & ~r.kitty
        self.taken = taken
        self.tricks = r.tricks
        self.trick = r.trick
        self.trick_seats = r.trick_seats
        self.void_masks = voids
        self.hearts_broken = r.hearts_broken
        self.unseen = (held & ~hands[seat]) | kitty

    def unseen_mask(self) -> int:
        return self.unseen


def playout_modelled(r: Round, root: int, shooter: int = -1, shown: tuple[list[int], bool] | None = None) -> None:
    """Play ``r`` to the end (in place): ``root`` by the fast policy, the other seats as ``middel`` would
    from their own views (slower, but a much closer model of rule-following opponents)."""
    voids, broken = shown if shown is not None else round_voids(r)
    push = r.push
    held = 0
    for h in r.hands:
        held |= h
    while r.phase is Phase.PLAYING:
        seat = r.turn
        if seat == root:
            card = choose(r, shooter)
        else:
            legal = r.legal_mask()
            card = rule_play(TableView(r, seat, voids, legal, held)) if legal & (legal - 1) else legal.bit_length() - 1
        broken = note_play(voids, broken, r.trick, seat, card)
        held ^= 1 << card
        push(card)
