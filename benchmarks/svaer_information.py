"""What knowing the hidden cards would be worth to ``svær``: an upper bound on better inference.

Each deal is played in every seat rotation against three ``middel``, once by ``svær`` as it plays and
once by a ``svær`` told more than a player can know: ``--told all`` every hand (its search then plays
each card out once, on the true deal), ``--told queen`` only who holds the queen of spades, ``--told voids``
only which suits each other seat lacks (its sampled deals are kept only where that is as in the true deal,
all of them when none is), ``--told passer`` only the hand of the seat that passed to it (its deals are
drawn with that hand fixed; nothing in a round without passing). The difference is taken deal by deal, as
``arena --compare`` takes it; lower is better. A large gap for ``all`` and a small one for ``queen``
says the points are in what cannot be inferred cheaply, not in one card's whereabouts. ``--from K,L,...``
tells it only from the K-th trick on (each figure against the same plain ``svær``): how much of the worth of
knowing lies where the others' play has already shown something, which is all better inference could reach.

    python benchmarks/svaer_information.py [--told all|queen|voids|passer] [--from 1] [--deals 40] [--seed 1]
        [--players 4] [--jobs 2]

Slow: about 8 s per deal and figure on one core of the development machine (four players).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from arguments import numbers, positive

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
    """``svær`` handed the true hands before each card (``truth``), using all of them or only what ``told`` names,
    from the ``since``-th trick on (before it, it plays as ``svær``)."""

    def __init__(self, seed: int, told: str, since: int = 1) -> None:
        super().__init__(seed)
        self.told = told
        self.since = since
        self.truth: list[int] = []

    def _fitted(
        self,
        view: PlayerView,
        deals: list[list[int]],
        samples: int,
        know: Knowledge | None = None,
        rng: random.Random | None = None,
    ) -> tuple[list[list[int]], list[float]]:
        if len(view.tricks) + 1 < self.since:
            return super()._fitted(view, deals, samples, know, rng)
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


def play(players: int, deal: int, seat: int, bot: SvaerBot) -> int:
    """``bot``'s points at ``seat`` in round ``deal`` of ``players`` (dansk) dealt from seed ``1000 + deal``, the
    others ``middel``."""
    r = Round.deal(preset("dansk", players), 1000 + deal, deal)
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


def deal_points(players: int, told: str, since: tuple[int, ...], deal: int) -> tuple[float, list[float]]:
    """Plain ``svær``'s points on ``deal`` (averaged over the rotations), and those told from each trick of ``since``
    on."""
    seats = range(players)
    plain = statistics.mean(play(players, deal, k, SvaerBot(deal)) for k in seats)
    return plain, [statistics.mean(play(players, deal, k, ToldSvaer(deal, told, t)) for k in seats) for t in since]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--told", choices=("all", "queen", "voids", "passer"), default="all")
    parser.add_argument("--from", dest="since", type=numbers, default=(1,), help="from these tricks on (1,5,...)")
    parser.add_argument("--deals", type=positive, default=40)
    parser.add_argument("--seed", type=int, default=1, help="the first deal's number")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--jobs", type=positive, default=1, help="processes sharing the deals")
    args = parser.parse_args()
    since = args.since
    task = partial(deal_points, args.players, args.told, since)
    deals = range(args.seed, args.seed + args.deals)
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(task, deals))
    plain = [p for p, _ in results]
    others = {3: "two", 4: "three", 5: "four"}[args.players] + " middel"
    for i, t in enumerate(since):
        told = [ts[i] for _, ts in results]
        mean, low, high = interval([a - b for a, b in zip(told, plain, strict=True)])
        print(
            f"svær told {args.told}{f' from trick {t}' if t > 1 else ''}: {statistics.mean(told):.2f} points per "
            f"round, svær: {statistics.mean(plain):.2f}, difference {mean:+.2f} (95% interval {low:+.2f} to "
            f"{high:+.2f}) over {args.deals} deals x {args.players} rotations against {others}"
        )


if __name__ == "__main__":
    main()
