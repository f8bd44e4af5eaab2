"""Fitting sampled deals to the play: how well a deal explains what the other seats have played."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ..engine import Phase, Round
from ..view import PlayerView, note_play
from .knowledge import split_kitty
from .middel import rule_play
from .playout import TableView


def surprise_counter(view: PlayerView) -> Callable[..., int]:
    """A counter of how many of the other seats' plays so far ``middel`` would not have made, had a
    sample (everyone's cards now) been the deal: ``count(hands, limit)``.

    The round is replayed from the first lead with the cards each seat has played added back. A low
    count means a deal that explains the play well. Counting stops past ``limit``. What does not
    depend on the sample is worked out once, here.
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

    def count(hands: list[int], limit: int = 99) -> int:
        if not plays:
            return 0
        hands, kitty = split_kitty(hands, view.players)
        kitty = kitty or view.kitty_mask or 0
        r = Round.from_view(begin, [h | p for h, p in zip(hands, played, strict=True)], kitty)
        voids = [0] * view.players
        broken = False
        n = 0
        for seat, card in plays:
            if seat != view.seat:
                legal = r.legal_mask()
                if legal & (legal - 1) and rule_play(TableView(r, seat, voids, legal)) != card:
                    n += 1
                    if n > limit:
                        return n
            broken = note_play(voids, broken, r.trick, seat, card)
            r.push(card)
        return n

    return count
