"""A learned model of strong play (an experiment of issue 19): a linear score over each legal card's features.

Each card of a position has a few active features (binary, by kind of play: a lead, following suit, a
discard), and its score is the sum of their weights; the model's card is the best scored. The weights
are fitted to ``svær``'s own games (``policy_train.py``) and read from a list of numbers. It reads only
what a rule player reads (``knowledge.RuleView``), so ``svær``'s fit can count surprises by it
(``SvaerBot(fit_model=Policy(weights))``); a card costs about ten times ``middel``'s rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from hjerterfri.bots.knowledge import RuleView, moon_threat, queen_out
from hjerterfri.bots.middel import rule_play, shooting
from hjerterfri.cards import POINTS, QS_BIT, SUIT_MASKS, winning

_PER_KIND = (
    ("prior", 2 * 4),  # middel's card or not, by stage of the round (4)
    ("card", 52),
    ("higher", 8),  # unseen cards above it in its suit
    ("lower", 8),  # unseen cards below it
    ("length", 8),  # own cards in its suit
    ("edge", 4),  # the highest / lowest of its suit in the hand
    ("queen", 6),  # a spade below / the queen / above, with the queen out or not
    ("threat", 4),  # another seat could shoot, and the card has points or not
    ("mine", 4),  # only this seat has points, and the card has points or not
    ("shoot", 2),  # middel would be shooting, and this is its card
)
_EXTRA = (
    ("lead:void", 2),  # another seat has shown it is void in the suit
    ("lead:out", 8),  # unseen cards in the suit
    ("lead:broken", 2),
    ("follow:wins", 2 * 4 * 2),  # it wins the trick now, the points on it, the last to play
    ("follow:duck", 2),  # the highest card under the winning one
    ("follow:qs", 2 * 2),  # spades led with the queen unseen, and it wins now
    ("follow:after", 2 * 4),  # it wins now, seats still to play
    ("follow:void_after", 2 * 2),  # it wins now, a seat still to play has shown a void in the suit
)
_OFFSETS: dict[str, int] = {}
SIZE = 0
"""The number of weights."""
for _name, _size in [(f"{k}:{n}", s) for k in ("lead", "follow", "discard") for n, s in _PER_KIND] + list(_EXTRA):
    _OFFSETS[_name] = SIZE
    SIZE += _size
_LEAD, _FOLLOW, _DISCARD = (tuple(_OFFSETS[f"{k}:{n}"] for n, _ in _PER_KIND) for k in ("lead", "follow", "discard"))
_LEAD_VOID, _LEAD_OUT, _LEAD_BROKEN = (_OFFSETS["lead:" + n] for n in ("void", "out", "broken"))
_F_WINS, _F_DUCK, _F_QS, _F_AFTER, _F_VOID = (
    _OFFSETS["follow:" + n] for n in ("wins", "duck", "qs", "after", "void_after")
)
_QS = 3 * 13 + 10


def card_features(view: RuleView) -> tuple[list[int], list[list[int]]]:
    """The legal cards of ``view`` and, for each, the indices of its active features."""
    legal = view.legal_mask
    cards = [c for c in range(52) if legal >> c & 1]
    prior = rule_play(view)
    hand = view.hand_mask
    unseen = view.unseen_mask()
    trick = view.trick
    stage = min(3, len(view.tricks) // 4)
    qout = queen_out(view)
    threat = moon_threat(view) is not None
    taken = view.taken
    mine = taken[view.seat] > 0 and not any(t for s, t in enumerate(taken) if s != view.seat)
    shoot = shooting(view)
    if not trick:
        base = _LEAD
    elif legal & SUIT_MASKS[trick[0] // 13]:
        base = _FOLLOW
    else:
        base = _DISCARD
    if base is _LEAD:
        others_void = 0
        for s, v in enumerate(view.void_masks):
            if s != view.seat:
                others_void |= v
    else:
        at = winning(trick)
        best = trick[at]
        on = sum(POINTS[c] for c in trick)
        points_bucket = 0 if not on else 1 if on < 4 else 2 if not any(c == _QS for c in trick) else 3
        seats = view.trick_seats
        after = seats[len(trick) + 1 :]
        last = not after
        led = trick[0] // 13
        voids = view.void_masks
        void_after = any(voids[s] & SUIT_MASKS[led] for s in after)
        qs_danger = led == 3 and bool(unseen & QS_BIT)
        below = legal & ((1 << best) - 1) & SUIT_MASKS[led]
        duck = below.bit_length() - 1 if below else -1
    features: list[list[int]] = []
    for c in cards:
        suit = c // 13
        smask = SUIT_MASKS[suit]
        su = unseen & smask
        higher = (su >> (c + 1)).bit_count()
        lower = (su & ((1 << c) - 1)).bit_count()
        own = hand & smask
        f = [
            base[0] + 2 * stage + (c == prior),
            base[1] + c,
            base[2] + min(7, higher),
            base[3] + min(7, lower),
            base[4] + min(7, own.bit_count()),
            base[5] + (c == own.bit_length() - 1),
            base[5] + 2 + (c == (own & -own).bit_length() - 1),
            base[7] + 2 * threat + (POINTS[c] > 0),
            base[8] + 2 * mine + (POINTS[c] > 0),
        ]
        if suit == 3:
            rel = 0 if c < _QS else 1 if c == _QS else 2
            f.append(base[6] + 3 * qout + rel)
        if shoot:
            f.append(base[9] + (c == prior))
        if base is _LEAD:
            f.append(_LEAD_VOID + bool(others_void & smask))
            f.append(_LEAD_OUT + min(7, su.bit_count()))
            if suit == 2:
                f.append(_LEAD_BROKEN + view.hearts_broken)
        elif base is _FOLLOW:
            wins = c > best
            f.append(_F_WINS + 8 * wins + 2 * points_bucket + last)
            f.append(_F_DUCK + (c == duck))
            f.append(_F_QS + 2 * qs_danger + wins)
            f.append(_F_AFTER + 4 * wins + min(3, len(after)))
            f.append(_F_VOID + 2 * void_after + wins)
        features.append(f)
    return cards, features


def scores(view: RuleView, weights: Sequence[float]) -> dict[int, float]:
    """Each legal card's score (higher is more likely the card played)."""
    cards, features = card_features(view)
    return {c: sum(weights[i] for i in f) for c, f in zip(cards, features, strict=True)}


def policy_play(view: RuleView, weights: Sequence[float]) -> int:
    """The model's card for ``view``: the best scored (ties to the lower card)."""
    s = scores(view, weights)
    return max(s, key=lambda c: (s[c], -c))


class Policy:
    """The model with its weights, as a rule player's card for a view (``model(view)``)."""

    def __init__(self, weights: Sequence[float]) -> None:
        if not isinstance(weights, (list, tuple)) or not all(
            isinstance(x, (int, float)) and not isinstance(x, bool) for x in weights
        ):
            raise ValueError("the weights are not a list of numbers")
        if len(weights) != SIZE:
            raise ValueError(f"the model has {SIZE} weights, not {len(weights)}")
        self.weights = tuple(weights)

    def __call__(self, view: RuleView) -> int:
        return policy_play(view, self.weights)
