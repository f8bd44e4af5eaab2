"""Claims: may a player take every trick left, whatever the others hold and however they play?

``claim(view)`` decides from the claimant's ``PlayerView`` only. A claim holds when the claimant has a way
of playing that wins every remaining trick for every distribution of the unseen cards the view allows and
every legal play of the others; it is made on the claimant's turn, from the second trick on (so no hand
holds a card more than another, and the kitty's points are taken).

Why the test below is exact. After the trick in play the claimant is on lead and, winning every trick,
stays on lead; the others only follow or discard. Write ``m_1 >= m_2 >= ...`` for the claimant's cards of
a suit and ``a(u)`` for how many of them are at least ``u``.

- If some other seat O can hold a card ``u`` of that suit higher than one of the claimant's, together with
  ``a(u)`` more cards of the suit, the claim fails: O keeps ``u``, following the claimant's ``a(u)`` leads of
  the suit that beat it with its other cards (and discarding anything else on other suits, as it always has
  a second card), until the claimant must lead a card below ``u``.
- Otherwise it holds: leading each suit from the top (hearts last while they are not broken), when the
  claimant leads ``m_i`` any seat still holding a higher card of the suit has followed the ``i - 1`` leads
  before it, so it held that card with ``i - 1 >= a(u)`` more.

With a trick in play, the claimant must win it with a card ``c`` of the suit led that no seat still to
play can beat; a seat still to play keeps one card less of the suit led (it must follow). Identical cards
of two decks never beat the first one played. "Can hold" is a question of the distributions the view
allows: each unseen card goes to a seat that has not shown it lacks it, or to an unseen kitty, filling
every hand; the cards the claimant passed are still with whoever got them; a seat that discarded a point
card on a first trick without points held nothing else; clubs below the one that opened are in no hand;
with two decks, the seats before the opener had no copy of the opening card. A flow through those
constraints answers it exactly (``_Unseen.can_hold``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .cards import CARDS, FULL_DECK, POINTS, POINTS_MASK, SUIT_MASKS, TWICE_SHIFT, Card, Suit
from .engine import Phase
from .rules import FirstTrick
from .view import PlayerView

KITTY = -1
"""The holder that stands for an unseen kitty in the distributions."""


class Verdict(Enum):
    """What came of a claim."""

    HOLDS = "holds"
    NOT_YOUR_TURN = "not-your-turn"
    FIRST_TRICK = "first-trick"
    TRICK_LOST = "trick-lost"
    """The claimant cannot win the trick in play."""
    BEATEN = "beaten"
    """Another seat may hold a card that wins a trick (``suit`` says where)."""


@dataclass(frozen=True)
class Claim:
    """The verdict on a claim; when it holds, the card to play now (the rest: each suit from the top)."""

    verdict: Verdict
    card: Card | None = None
    suit: Suit | None = None
    """Where it fails: the suit in which another seat may beat the claimant."""

    @property
    def holds(self) -> bool:
        return self.verdict is Verdict.HOLDS


def claim(view: PlayerView) -> Claim:
    """Whether ``view.seat`` takes every remaining trick however the unseen cards lie and the others play."""
    me = view.seat
    if view.phase is not Phase.PLAYING or view.turn != me:
        return Claim(Verdict.NOT_YOUR_TURN)
    if not view.tricks:
        return Claim(Verdict.FIRST_TRICK)
    unseen = _Unseen(view)
    mine = Counter(_copies(view.held_mask))
    if not view.trick:
        beaten = _failing_suit(unseen, mine, followers=(), led=None)
        if beaten is not None:
            return Claim(Verdict.BEATEN, suit=beaten)
        return Claim(Verdict.HOLDS, card=lead(view.legal_plays))
    led = view.trick[0].suit
    best = max(c for c in view.trick if c.suit is led)
    followers = tuple(s for s in view.trick_seats[len(view.trick) + 1 :] if s != me)
    candidates = sorted({c for c in mine if c.suit is led and c > best}, reverse=True)
    if not candidates:
        return Claim(Verdict.TRICK_LOST)
    failing = None  # where the highest card's claim fails: the trick in play, or a later suit
    for card in candidates:
        if any(unseen.can_hold(f, u) for f in followers for u in unseen.cards(led) if u > card):
            failing = failing or led  # a seat still to play may beat it
            continue
        left = mine.copy()
        left[card] -= 1
        later = _failing_suit(unseen, +left, followers, led)
        if later is None:
            return Claim(Verdict.HOLDS, card=card)
        failing = failing or later
    return Claim(Verdict.BEATEN, suit=failing)


def lead(legal: Iterable[Card]) -> Card:
    """The claimant's lead in a claim that holds, of the ``legal`` cards: the highest (each suit goes from the
    top, hearts last while they are not broken)."""
    return max(legal)


def _failing_suit(unseen: _Unseen, mine: Counter[Card], followers: tuple[int, ...], led: Suit | None) -> Suit | None:
    """A suit in which a seat may keep a card over one of the claimant's, once the trick in play is over
    (``followers`` still play to it, in suit ``led``); None if there is none."""
    for suit in Suit:
        held = sorted((c for c in mine.elements() if c.suit is suit), reverse=True)
        if not held:
            continue
        for seat in unseen.seats:
            for u in unseen.cards(suit):
                if u <= held[-1]:
                    break  # beats none of the claimant's cards (copies: the claimant's is played first)
                guards = sum(c >= u for c in held) + (seat in followers and suit is led)
                if unseen.can_hold(seat, u, guards):
                    return suit
    return None


def _copies(mask: int) -> list[Card]:
    """The cards of a mask, a two-deck mask's twice-held cards twice."""
    out = [CARDS[i] for i in range(52) if mask >> i & 1]
    out += [CARDS[i] for i in range(52) if mask >> (i + TWICE_SHIFT) & 1]
    return out


class _Unseen:
    """The unseen cards and who may hold them: the distributions the view allows, as capacities."""

    def __init__(self, view: PlayerView) -> None:
        rules = view.rules
        n = rules.players
        me = view.seat
        self.seats = tuple(s for s in range(n) if s != me)
        count = Counter({CARDS[i]: rules.decks for i in range(52) if rules.deck_mask >> i & 1})
        count.subtract(_copies(view.held_mask))
        played_by = [Counter[Card]() for _ in range(n)]
        for seat, card in view.plays():
            count[card] -= 1
            played_by[seat][card] += 1
        if view.kitty_mask is not None:
            count.subtract(_copies(view.kitty_mask))
        count = +count
        self.room = {s: view.hand_sizes[s] for s in self.seats}
        if view.kitty_size and view.kitty_mask is None:
            self.room[KITTY] = view.kitty_size
        self.fixed = {s: Counter[Card]() for s in self.room}
        if view.passed_mask:  # what the claimant passed is still with whoever got it, unless played
            target = view.pass_direction.target(me, n)
            for card, copies in Counter(_copies(view.passed_mask)).items():
                kept = max(0, copies - played_by[target][card])
                self.fixed[target][card] += kept
                count[card] -= kept
                self.room[target] -= kept
        self.free = +count
        self.barred = {s: self._barred(view, s) for s in self.room}
        anyone = next(iter(self.room), None)
        fits = _fills(self.free, self.room, self.barred, anyone, Suit.CLUBS, 0) if anyone is not None else not self.free
        if not fits:  # the real deal is one
            raise ValueError("no distribution of the unseen cards fits the view")

    @staticmethod
    def _barred(view: PlayerView, seat: int) -> int:
        """The cards (a mask) ``seat`` cannot hold, as its plays and the deal show."""
        if seat == KITTY:
            return 0
        barred = view.void_masks[seat]
        first = view.tricks[0] if view.tricks else None
        if first is not None and view.rules.first_trick is FirstTrick.NO_POINTS:
            led = first.cards[0].suit
            for who, card in zip(first.seats[1:], first.cards[1:], strict=True):
                if who == seat and card.suit is not led and POINTS[card]:
                    barred |= FULL_DECK & ~POINTS_MASK  # a point card discarded: it held nothing else
        opening = view.opening_card
        barred |= SUIT_MASKS[Suit.CLUBS] & ((1 << opening) - 1)  # lower clubs lie in no hand
        if view.rules.decks == 2 and first is not None:
            n = view.players
            dealer = (view.round_number - 1) % n
            before = [(dealer + 1 + i) % n for i in range(n)]
            if seat in before[: before.index(first.leader)]:
                barred |= 1 << opening  # the opener was the first holder from the dealer's left
        return barred

    def cards(self, suit: Suit) -> list[Card]:
        """The unseen cards of ``suit`` some seat may hold, highest first (each once)."""
        held = {c for c in self.free if c.suit is suit} | {c for f in self.fixed.values() for c in f if c.suit is suit}
        return sorted(held, reverse=True)

    def can_hold(self, seat: int, card: Card, more: int = 0) -> bool:
        """Whether some distribution gives ``seat`` a copy of ``card`` and ``more`` other cards of its suit."""
        suit = card.suit
        fixed = self.fixed[seat]
        own = sum(k for c, k in fixed.items() if c.suit is suit)
        free = Counter(self.free)
        room = dict(self.room)
        if not fixed[card]:
            if not free[card] or self.barred[seat] >> card & 1:
                return False
            free[card] -= 1
            room[seat] -= 1
            own += 1
        need = max(0, more + 1 - own)
        if room[seat] < need:
            return False
        return _fills(+free, room, self.barred, seat, suit, need)


def _fills(free: Counter[Card], room: dict[int, int], barred: dict[int, int], seat: int, suit: Suit, need: int) -> bool:
    """Whether the ``free`` cards fill every hand's ``room`` (no holder given a card it cannot hold), with at
    least ``need`` cards of ``suit`` going to ``seat``: a maximum flow from the cards, grouped by who may hold
    them, through the holders (``seat`` split into its ``suit`` and its other cards) to the sink."""
    groups: Counter[tuple[bool, tuple[int, ...]]] = Counter()
    for card, k in free.items():
        allowed = tuple(h for h in room if not barred[h] >> card & 1)
        groups[card.suit is suit, allowed] += k
    source, sink, in_suit, other = "source", "sink", "in-suit", "other"
    cap: dict[object, dict[object, int]] = {source: {}, sink: {}, in_suit: {}, other: {}}

    def edge(a: object, b: object, c: int) -> None:
        cap.setdefault(a, {})
        cap.setdefault(b, {})
        cap[a][b] = cap[a].get(b, 0) + c
        cap[b].setdefault(a, 0)

    for (is_suit, allowed), k in groups.items():
        group = ("group", is_suit, allowed)
        edge(source, group, k)
        for h in allowed:
            edge(group, (in_suit if is_suit else other) if h == seat else ("holder", h), k)
    for h, r in room.items():
        if h != seat:
            edge(("holder", h), sink, r)
    edge(in_suit, ("holder", seat), room[seat])
    edge(other, ("holder", seat), room[seat] - need)
    edge(("holder", seat), sink, room[seat])
    return _max_flow(cap, source, sink) == sum(free.values())


def _max_flow(cap: dict[object, dict[object, int]], source: object, sink: object) -> int:
    """Edmonds-Karp on residual capacities ``cap`` (changed in place)."""
    total = 0
    while True:
        parent: dict[object, object] = {source: source}
        queue = [source]
        for node in queue:
            for nxt, c in cap[node].items():
                if c > 0 and nxt not in parent:
                    parent[nxt] = node
                    queue.append(nxt)
            if sink in parent:
                break
        if sink not in parent:
            return total
        path = []
        node = sink
        while node != source:
            path.append((parent[node], node))
            node = parent[node]
        push = min(cap[a][b] for a, b in path)
        for a, b in path:
            cap[a][b] -= push
            cap[b][a] += push
        total += push
