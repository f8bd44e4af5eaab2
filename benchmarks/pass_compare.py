"""A change to ``svær``'s pass search, measured cheaply: paired deals, a round played out only where the passes differ.

Each deal is dealt once per seat rotation; in the tested seat ``svær`` with the given pass settings and
``svær`` as it is both choose a pass, the others are ``middel``. Where the two passes are the same, both
bots would play the same round card for card (their play is the same search), so the paired difference
is exactly 0 and nothing is played; where they differ, the round is played out once with each pass. The
difference is taken deal by deal, as ``arena --compare`` takes it; lower is better for the new settings.
Without a clock in any decision (the time cap is lifted), every figure is a pure function of the arguments.

    python benchmarks/pass_compare.py --stages 80,160,320,640 [--options 16] [--preset dansk] [--players 4]
        [--deals 300] [--seed 7]

About 3 s per deal at four players on one core of the development machine (twice the deals: 963 s for 300), a
quarter of ``arena --compare``.
"""

from __future__ import annotations

import argparse
import statistics

from hjerterfri.arena import interval
from hjerterfri.bots.middel import MiddelBot
from hjerterfri.bots.svaer import SvaerBot
from hjerterfri.cards import Card
from hjerterfri.engine import Phase, Round
from hjerterfri.rules import Rules, preset

NO_CAP = 1e9
"""``svær``'s time cap here: none, so only the settings make the passes differ and a loaded machine cuts no search."""


def play_out(rules: Rules, seed: int, deal: int, seat: int, passes: dict[int, list[Card]]) -> int:
    """``seat``'s points when the seats pass ``passes`` and play: ``seat`` as ``svær``, the others ``middel``."""
    r = Round.deal(rules, seed, deal)
    for s, cards in passes.items():
        r.pass_cards(s, cards)
    bot, others = SvaerBot(seat, time_cap=NO_CAP), MiddelBot()
    while r.phase is Phase.PLAYING:
        s = r.turn
        r.play((bot if s == seat else others).choose_play(r.view(s)), s)
    return r.scores()[seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stages", default="40,80,160,320", help="deals played after each stage of the race")
    parser.add_argument("--options", type=int, default=16, help="passes raced")
    parser.add_argument("--preset", default="dansk")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7, help="the seed of the deals")
    args = parser.parse_args()
    rules = preset(args.preset, args.players)
    stages = tuple(int(n) for n in args.stages.split(","))
    diffs: list[float] = []
    differ = rounds = 0
    for deal in range(1, args.deals + 1):
        per = []
        r = Round.deal(rules, args.seed, deal)
        for seat in range(rules.players):
            if r.phase is not Phase.PASSING:
                per.append(0)
                continue
            rounds += 1
            view = r.view(seat)
            tested = SvaerBot(seat, time_cap=NO_CAP, pass_stages=stages, pass_options=args.options)
            new = sorted(tested.choose_pass(view))
            old = sorted(SvaerBot(seat, time_cap=NO_CAP).choose_pass(view))
            if new == old:
                per.append(0)
                continue
            differ += 1
            passes = {s: MiddelBot().choose_pass(r.view(s)) for s in range(rules.players) if s != seat}
            per.append(
                play_out(rules, args.seed, deal, seat, passes | {seat: new})
                - play_out(rules, args.seed, deal, seat, passes | {seat: old})
            )
        diffs.append(statistics.mean(per))
    mean, low, high = interval(diffs)
    print(
        f"svær passing with stages {args.stages}, {args.options} options, against svær as it is: {mean:+.3f} points "
        f"per round (95% interval {low:+.2f} to {high:+.2f}) over {args.deals} deals x "
        f"{rules.players} rotations, {args.preset} at {rules.players} players; the passes differed in {differ} of "
        f"{rounds} rounds with passing"
    )


if __name__ == "__main__":
    main()
