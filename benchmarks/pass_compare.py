"""A change to ``svær``'s pass search, measured cheaply: paired deals, a round played out only where the passes differ.

Each deal is dealt once per seat rotation; in the tested seat ``svær`` with the given pass settings and
``svær`` as it is both choose a pass, the others are ``middel`` (``--against svær``: today's ``svær``, clock
lifted, each seat seeded alike in both rounds). Where the two passes are the same, both
bots would play the same round card for card (their play is the same search), so the paired difference
is exactly 0 and nothing is played; where they differ, the round is played out once with each pass. The
difference is taken deal by deal, as ``arena --compare`` takes it; lower is better for the new settings.
Without a clock in any decision (the time cap is lifted), every figure is a pure function of the arguments.

    python benchmarks/pass_compare.py --stages 80,160,320,640 [--options 16] [--preset dansk] [--players 4]
        [--deals 300] [--seed 7] [--jobs 2] [--against middel|svær]

About 3 s per deal at four players on one core of the development machine (twice the deals: 963 s for 300), a
quarter of ``arena --compare``; ``--jobs`` shares the deals among processes (the figures are the same).
Against ``svær`` a differing round costs about 12 s instead of 4.
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from arguments import numbers, positive

from hjerterfri.arena import interval
from hjerterfri.bots import Bot, make_bot
from hjerterfri.bots.svaer import SvaerBot
from hjerterfri.cards import Card
from hjerterfri.engine import Phase, Round
from hjerterfri.literal import printable
from hjerterfri.rules import Rules, preset

NO_CAP = 1e9
"""``svær``'s time cap here: none, so only the settings make the passes differ and a loaded machine cuts no search."""


def opponent(spec: str, seat: int) -> Bot:
    """The bot ``spec`` in ``seat``, seeded by the seat, its clock lifted where it has one."""
    bot = make_bot(spec, seat)
    if isinstance(bot, SvaerBot):
        bot.time_cap = NO_CAP
    return bot


def play_out(rules: Rules, seed: int, deal: int, seat: int, passes: dict[int, list[Card]], against: str) -> int:
    """``seat``'s points when the seats pass ``passes`` and play: ``seat`` as ``svær``, the others ``against``."""
    r = Round.deal(rules, seed, deal)
    for s, cards in passes.items():
        r.pass_cards(s, cards)
    bots = [SvaerBot(seat, time_cap=NO_CAP) if s == seat else opponent(against, s) for s in range(rules.players)]
    while r.phase is Phase.PLAYING:
        s = r.turn
        r.play(bots[s].choose_play(r.view(s)), s)
    return r.scores()[seat]


def compare_deal(
    rules: Rules, seed: int, stages: tuple[int, ...], options: int, against: str, deal: int
) -> tuple[float, int, int]:
    """One deal's paired difference (averaged over the rotations), the rounds in which the passes differed, and
    the rounds with passing."""
    per = []
    differ = rounds = 0
    r = Round.deal(rules, seed, deal)
    for seat in range(rules.players):
        if r.phase is not Phase.PASSING:
            per.append(0)
            continue
        rounds += 1
        view = r.view(seat)
        tested = SvaerBot(seat, time_cap=NO_CAP, pass_stages=stages, pass_options=options)
        new = sorted(tested.choose_pass(view))
        old = sorted(SvaerBot(seat, time_cap=NO_CAP).choose_pass(view))
        if new == old:
            per.append(0)
            continue
        differ += 1
        passes = {s: opponent(against, s).choose_pass(r.view(s)) for s in range(rules.players) if s != seat}
        new_points = play_out(rules, seed, deal, seat, passes | {seat: new}, against)
        per.append(new_points - play_out(rules, seed, deal, seat, passes | {seat: old}, against))
    return statistics.mean(per), differ, rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stages", type=numbers, default=(40, 80, 160, 320), help="deals after each stage (40,80,...)")
    parser.add_argument("--options", type=positive, default=16, help="passes raced")
    parser.add_argument("--preset", default="dansk")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=positive, default=300)
    parser.add_argument("--seed", type=int, default=7, help="the seed of the deals")
    parser.add_argument("--jobs", type=positive, default=1, help="processes sharing the deals")
    parser.add_argument("--against", choices=("middel", "svær"), default="middel", help="the other seats")
    args = parser.parse_args()
    try:
        rules = preset(args.preset, args.players)
    except ValueError as e:  # an unknown preset, a number of players it cannot be played by
        parser.error(printable(str(e)))
    stages = args.stages
    task = partial(compare_deal, rules, args.seed, stages, args.options, args.against)
    deals = range(1, args.deals + 1)
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(task, deals))
    mean, low, high = interval([d for d, _, _ in results])
    differ = sum(n for _, n, _ in results)
    rounds = sum(n for _, _, n in results)
    print(
        f"svær passing with stages {','.join(map(str, stages))}, {args.options} options, against svær as it is, "
        f"the others {args.against}: {mean:+.3f} points per round (95% interval {low:+.2f} to {high:+.2f}) over "
        f"{args.deals} deals x {rules.players} rotations, {args.preset} at {rules.players} players; the passes "
        f"differed in {differ} of {rounds} rounds with passing"
    )


if __name__ == "__main__":
    main()
