"""What knowing the hidden cards would be worth to ``svær``: an upper bound on better inference.

Each deal is played in every seat rotation against three ``middel``, once by ``svær`` as it plays and
once by a ``svær`` told more than a player can know: ``--told all`` every hand (its search then plays
each card out once, on the true deal), ``--told queen`` only who holds the queen of spades, ``--told voids``
only which suits each other seat lacks (its sampled deals are kept only where that is as in the true deal,
all of them when none is), ``--told passer`` only the hand of the seat that passed to it (its deals are
drawn with that hand fixed; nothing in a round without passing). The difference is taken deal by deal, as
``arena --compare`` takes it; lower is better. A large gap for ``all`` and a small one for ``queen``
says the points are in what cannot be inferred cheaply, not in one card's whereabouts.

    python benchmarks/svaer_information.py [--told all|queen|voids|passer] [--deals 40] [--seed 1]

Slow: about 8 s per deal on one core of the development machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics

from hjerterfri.arena import interval
from hjerterfri.bots.base import decision_rng
from hjerterfri.bots.knowledge import Knowledge, sample_hands
from hjerterfri.bots.middel import MiddelBot
from hjerterfri.bots.svaer import SvaerBot
from hjerterfri.cards import QS_BIT, SUIT_MASKS
from hjerterfri.engine import Phase, Round
from hjerterfri.rules import PassDirection, preset
from hjerterfri.view import PlayerView


def holder_of_queen(hands: list[int]) -> int:
    return next((s for s, h in enumerate(hands) if h & QS_BIT), -1)


def voids(hands: list[int]) -> tuple[tuple[bool, ...], ...]:
    return tuple(tuple(not h & m for m in SUIT_MASKS) for h in hands)


class ToldSvaer(SvaerBot):
    """``svær`` handed the true hands before each card (``truth``), using all of them or only what ``told`` names."""

    def __init__(self, seed: int, told: str) -> None:
        super().__init__(seed)
        self.told = told
        self.truth: list[int] = []

    def _fitted(
        self,
        view: PlayerView,
        deals: list[list[int]],
        samples: int,
        know: Knowledge | None = None,
        rng: random.Random | None = None,
    ) -> tuple[list[list[int]], list[float]]:
        if self.told == "all":
            return [self.truth], [1.0]
        if self.told == "passer":
            if view.pass_direction is not PassDirection.NONE:
                deals, know, rng = self._with_passer(view, len(deals))
            return super()._fitted(view, deals, samples, know, rng)
        told = holder_of_queen if self.told == "queen" else voids
        truth = told(self.truth)
        kept = [d for d in deals if told(d) == truth]
        return super()._fitted(view, kept or deals, samples)  # no more drawn: they could all miss what it was told

    def _with_passer(self, view: PlayerView, count: int) -> tuple[list[list[int]], Knowledge, random.Random]:
        """``count`` deals drawn as the seat's own are, but with the passer's hand as it truly is, and what
        they were drawn from (to draw more such deals)."""
        passer = view.pass_direction.source(view.seat, view.players)
        hand = self.truth[passer]
        know = Knowledge.from_view(view, self.infer)
        fixed = dataclasses.replace(
            know,
            known=tuple(hand if s == passer else k for s, k in enumerate(know.known)),
            allowed=tuple(hand if s == passer else a & ~hand for s, a in enumerate(know.allowed)),
            likely=tuple(hand if s == passer else a & ~hand for s, a in enumerate(know.likely)),
            free=know.free & ~hand,
        )
        rng = decision_rng(self.seed, view)
        return [sample_hands(fixed, rng) for _ in range(count)], fixed, rng


def play(deal: int, seat: int, bot: SvaerBot) -> int:
    """``bot``'s points at ``seat`` in round ``deal`` dealt from seed ``1000 + deal``, the others ``middel``."""
    r = Round.deal(preset("dansk"), 1000 + deal, deal)
    others = MiddelBot()
    if r.phase is Phase.PASSING:
        for s in range(r.rules.players):
            r.pass_cards(s, (bot if s == seat else others).choose_pass(r.view(s)))
    while r.phase is Phase.PLAYING:
        s = r.turn
        if s == seat and isinstance(bot, ToldSvaer):
            bot.truth = list(r.hands)
        r.play((bot if s == seat else others).choose_play(r.view(s)), s)
    return r.scores()[seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--told", choices=("all", "queen", "voids", "passer"), default="all")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1, help="the first deal's number")
    args = parser.parse_args()
    told: list[float] = []
    plain: list[float] = []
    for deal in range(args.seed, args.seed + args.deals):
        told.append(statistics.mean(play(deal, k, ToldSvaer(deal, args.told)) for k in range(4)))
        plain.append(statistics.mean(play(deal, k, SvaerBot(deal)) for k in range(4)))
    diffs = [a - b for a, b in zip(told, plain, strict=True)]
    mean, low, high = interval(diffs)
    print(
        f"svær told {args.told}: {statistics.mean(told):.2f} points per round, svær: {statistics.mean(plain):.2f}, "
        f"difference {mean:+.2f} (95% interval {low:+.2f} to {high:+.2f}) over {args.deals} deals x 4 rotations "
        "against three middel"
    )


if __name__ == "__main__":
    main()
