"""The claim decided the slow way, from first principles, to check ``hjerterfri.claim`` against.

Every distribution of the unseen cards is tried; one is kept when the whole round, rebuilt from it (each
other seat's hand now plus what it played, the claimant's passed cards with whoever got them), replays
through the engine: so no inference about voids or the deal is taken from the code under test. Then a
search over the kept positions: the claimant chooses a card knowing only what it has seen, the others
answer with any card legal in any position still possible, and every trick must go to the claimant.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import combinations

from hjerterfri.cards import CARDS, TWICE_SHIFT, Card, twice_mask
from hjerterfri.engine import DealError, Round
from hjerterfri.rules import PassDirection
from hjerterfri.view import PlayerView

KITTY = -1


def copies(mask: int) -> list[Card]:
    out = [CARDS[i] for i in range(52) if mask >> i & 1]
    return out + [CARDS[i] for i in range(52) if mask >> (i + TWICE_SHIFT) & 1]


def worlds(view: PlayerView) -> list[Round]:
    """The positions the view may be in: one round for each distribution of the unseen cards that replays."""
    rules = view.rules
    n = rules.players
    me = view.seat
    unseen = Counter({CARDS[i]: rules.decks for i in range(52) if rules.deck_mask >> i & 1})
    unseen.subtract(copies(view.held_mask))
    played = [Counter[Card]() for _ in range(n)]
    for seat, card in view.plays():
        unseen[card] -= 1
        played[seat][card] += 1
    if view.kitty_mask is not None:
        unseen.subtract(copies(view.kitty_mask))
    room = {s: view.hand_sizes[s] for s in range(n) if s != me}
    if view.kitty_size and view.kitty_mask is None:
        room[KITTY] = view.kitty_size
    no_pass = dataclasses.replace(rules, pass_cycle=(PassDirection.NONE,), pass_count=0)
    target = view.pass_direction.target(me, n)
    passed = Counter(copies(view.passed_mask or 0))
    found = []
    for split in splits(sorted((+unseen).elements()), list(room.items())):
        hands = []
        for s in range(n):
            now = copies(view.held_mask) if s == me else split[s]
            hands.append(twice_mask([*now, *played[s].elements()]))
        if passed and passed - Counter(copies(hands[target])):
            continue  # what the claimant passed must be in its receiver's hand
        kitty = twice_mask(split.get(KITTY, [])) if KITTY in room else view.kitty_mask or 0
        try:
            r = Round(no_pass, hands, view.round_number, kitty)
        except DealError:
            continue
        if replays(r, view):
            found.append(r)
    return found


def splits(cards: list[Card], room: list[tuple[int, int]]):
    """Every way to deal ``cards`` into the holders' ``room`` (identical copies counted once)."""
    if not room:
        yield {}
        return
    (holder, size), rest = room[0], room[1:]
    for chosen in sorted(set(combinations(cards, size))):
        left = list((Counter(cards) - Counter(chosen)).elements())
        for others in splits(sorted(left), rest):
            yield {holder: list(chosen), **others}


def replays(r: Round, view: PlayerView) -> bool:
    for seat, card in view.plays():
        if r.turn != seat or not r.legal_mask() >> card & 1:
            return False
        r.push(card)
    return True


def claim_holds(view: PlayerView) -> bool:
    """Whether the claimant wins every trick left, in every position the view may be in, however the others play."""
    found = worlds(view)
    assert found, "the real deal is always among them"
    return wins(found, view.seat)


def wins(positions: list[Round], me: int) -> bool:
    first = positions[0]
    if first.is_over:
        return True
    if first.turn == me:
        return any(answer(positions, card, me) for card in set(first.legal_plays()))
    options: dict[Card, list[Round]] = {}
    for r in positions:
        for card in set(r.legal_plays()):
            options.setdefault(card, []).append(r)
    return all(answer(rs, card, me) for card, rs in options.items())


def answer(positions: list[Round], card: Card, me: int) -> bool:
    after = []
    for r in positions:
        r = r.copy()
        r.push(card)
        if not r.trick and r.tricks[-1].winner != me:
            return False
        after.append(r)
    return wins(after, me)
