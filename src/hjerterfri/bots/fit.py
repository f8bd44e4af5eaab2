"""Fitting sampled deals to the play: how well a deal explains what the other seats have played."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from ..cards import points_of
from ..engine import Phase, Round
from ..view import PlayerView, note_play
from .knowledge import Knowledge, RuleView, split_kitty
from .middel import rule_play
from .playout import TableView

FIT_LIMIT = 12
"""Counting a sampled deal's surprises stops past this many."""


@dataclasses.dataclass(slots=True)
class _Check:
    """One card another seat has played, and the position it was played in."""

    seat: int
    card: int
    round: Round  # the position, replayed on the first deal counted; its seat's hand is set per deal
    voids: list[int]  # the voids shown before the card
    later: list[int]  # per seat, the cards it plays from this card on (this one included)
    held: int  # the cards of ``later`` together
    taken: list[int] | None  # after a first trick that took a kitty: the points taken, the kitty's left out
    taker: int
    fails: int = 0


def surprise_counter(view: PlayerView, model: Callable[[RuleView], int] = rule_play) -> Callable[..., int]:
    """A counter of how many of the other seats' plays so far ``middel`` (or ``model``, a rule player's card
    for a view) would not have made, had a sample (everyone's cards now) been the deal:
    ``count(hands, limit, seats)``.

    Counting stops past ``limit`` (and then gives ``limit + 1``); ``seats`` (bits) limits it to those
    seats' plays. A low count means a deal that explains the play well. Whether a play is explained
    depends only on the cards its seat held then and on what the table had seen, so each play is checked
    on its own position, replayed once: a deal sets the hands there, and the plays that most often fail
    to be explained are checked first. What does not depend on the sample is worked out once, here.
    """
    plays = view.plays()
    first = view.tricks[0].leader if view.tricks else view.trick_leader
    played = [0] * view.players
    for seat, card in plays:
        played[seat] |= 1 << card
    begin = dataclasses.replace(
        view,
        phase=Phase.PLAYING,
        tricks=(),
        trick=(),
        trick_seats=view.tricks[0].seats if view.tricks else view.trick_seats,
        trick_leader=first,
        turn=first,
        hearts_broken=False,
        taken=(0,) * view.players,
        hand_sizes=tuple(n + p.bit_count() for n, p in zip(view.hand_sizes, played, strict=True)),
        hand_mask=view.hand_mask | played[view.seat],
        kitty_taker=None,
        kitty_mask=None,
    )
    checks: list[_Check] = []
    counted = 0

    def replay(hands: list[int], kitty: int) -> None:
        r = Round.from_view(begin, [h | p for h, p in zip(hands, played, strict=True)], kitty)
        voids = [0] * view.players
        broken = False
        later = played[:]
        for seat, card in plays:
            if seat != view.seat:
                taken = None
                if kitty and r.tricks:
                    taken = r.taken[:]
                    taken[r.tricks[0].winner] -= points_of(kitty)
                taker = r.tricks[0].winner if r.tricks else -1
                held = 0
                for p in later:
                    held |= p
                checks.append(_Check(seat, card, r.copy(), voids[:], later[:], held, taken, taker))
            broken = note_play(voids, broken, r.trick, seat, card)
            later[seat] &= ~(1 << card)
            r.push(card)

    def count(hands: list[int], limit: int = 99, seats: int = -1) -> int:
        nonlocal counted
        if not plays:
            return 0
        hands, kitty = split_kitty(hands, view.players)
        kitty = kitty or view.kitty_mask or 0
        if not checks:
            replay(hands, kitty)
        counted += 1
        if counted % 32 == 0:
            checks.sort(key=lambda c: -c.fails)
        dealt = 0
        for h in hands:
            dealt |= h
        n = 0
        for c in checks:
            if not seats >> c.seat & 1:
                continue
            r = c.round
            r.hands[c.seat] = hands[c.seat] | c.later[c.seat]  # the one hand the check reads
            r.kitty = kitty
            if c.taken is not None:
                r.taken = c.taken[:]
                r.taken[c.taker] += points_of(kitty)
            legal = r.legal_mask()
            if legal & (legal - 1) and model(TableView(r, c.seat, c.voids, legal, dealt | c.held)) != c.card:
                c.fails += 1
                n += 1
                if n > limit:
                    return n
        return n

    return count


def walk(
    deal: list[int], know: Knowledge, count: Callable[..., int], rng: random.Random, steps: int, surprises: int = 0
) -> tuple[list[int], int]:
    """A deal ``steps`` steps on from ``deal`` (a sample, see ``knowledge.sample_hands``, in which
    ``count`` finds ``surprises``), and its surprises: never more than ``deal``'s.

    Each step picks two of the cards whose holder is not known (``know.free``) at random; when they lie
    with two different seats (or one with an unseen kitty) that may each hold the other's card, they change
    places unless that adds a surprise to those seats' plays (to any seat's, when the kitty changes: its
    taker's view depends on it). From a deal that explains every play the walk keeps to such deals, and
    as its steps are symmetric it favours none of them over another: a way to more such deals when random
    deals seldom are. From a deal with a surprise or two it mostly finds one within a few hundred steps.
    """
    deal = deal[:]
    free = [c for c in range(know.free.bit_length()) if know.free >> c & 1]
    if len(free) < 2:
        return deal, surprises
    holder = {c: s for s, h in enumerate(deal) for c in free if h >> c & 1}
    kitty = len(deal) - 1 if know.kitty else -1
    allowed = know.allowed
    for _ in range(steps):
        x, y = rng.sample(free, 2)
        a, b = holder[x], holder[y]
        if a == b or not (allowed[b] >> x & 1 and allowed[a] >> y & 1):
            continue
        both = (1 << x) | (1 << y)
        new = deal[:]
        new[a] ^= both
        new[b] ^= both
        seats = -1 if kitty in (a, b) else (1 << a) | (1 << b)
        before = count(deal, FIT_LIMIT, seats) if surprises else 0
        after = count(new, before, seats)
        if after <= before:
            deal = new
            holder[x], holder[y] = b, a
            surprises += after - before
    return deal, surprises
