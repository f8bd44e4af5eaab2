"""What the bot protocol costs per decision: the same decisions asked in this process and through the protocol.

Positions are taken from rounds played by ``middel``; every decision (each pass and each card) is then asked
of the bot twice, once as an object in this process and once through ``hjerterfri bot SPEC`` over its pipes
(the view as JSON, the pipe, the reply read and checked), in turn, so that a busy machine slows both alike.
The overhead of a decision is the difference of the two (the same bot decides the same view both times);
the figure is its median over all decisions and repeats.

    python benchmarks/protocol_overhead.py [--bot middel] [--deals 20] [--repeats 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys

from hjerterfri import protocol
from hjerterfri.bots import make_bot
from hjerterfri.engine import Phase, Round
from hjerterfri.rules import preset
from hjerterfri.table.players import Kind, LocalPlayer, ProcessPlayer, command_for, decide
from hjerterfri.view import PlayerView


def positions(deals: int, seed: int) -> list[tuple[Kind, PlayerView]]:
    """Every decision of ``deals`` rounds played by ``middel`` at every seat."""
    bot = make_bot("middel", seed)
    out: list[tuple[Kind, PlayerView]] = []
    for number in range(1, deals + 1):
        r = Round.deal(preset("dansk"), seed, number)
        if r.phase is Phase.PASSING:
            chosen = []
            for seat in range(4):
                view = r.view(seat)
                out.append(("pass", view))
                chosen.append(bot.choose_pass(view))
            for seat, cards in enumerate(chosen):
                r.pass_cards(seat, cards)
        while not r.is_over:
            view = r.view(r.turn)
            out.append(("play", view))
            r.play(bot.choose_play(view))
    return out


def quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bot", default="middel", help="the bot asked both ways (a level or module:Class)")
    p.add_argument("--deals", type=int, default=20, help="rounds whose decisions are asked")
    p.add_argument("--repeats", type=int, default=3, help="times each decision is asked each way")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    decisions = positions(args.deals, args.seed)
    local = LocalPlayer(make_bot(args.bot, 5))
    served = ProcessPlayer(command_for(args.bot), 0, 5)
    here: list[float] = []
    there: list[float] = []
    overhead: list[float] = []
    try:
        decide(served, 0, decisions[0][0], decisions[0][1])  # start the program before the clock runs
        for repeat in range(args.repeats):
            for i, (kind, view) in enumerate(decisions):
                first, second = (local, served) if (i + repeat) % 2 == 0 else (served, local)
                a = decide(first, view.seat, kind, view)
                b = decide(second, view.seat, kind, view)
                assert a.fault is None and b.fault is None and a.cards == b.cards, (a, b)
                t_local, t_served = (a.seconds, b.seconds) if first is local else (b.seconds, a.seconds)
                here.append(t_local)
                there.append(t_served)
                overhead.append(t_served - t_local)
    finally:
        served.close()
    sizes = [len(protocol.encode(protocol.request(kind, 1, view))) for kind, view in decisions]
    print(
        f"bot {args.bot}: {len(decisions)} decisions x {args.repeats} repeats "
        f"({args.deals} deals; requests of {statistics.median(sizes):.0f} bytes median, {max(sizes)} max)"
    )
    for name, times in (
        ("in this process", here),
        ("through the protocol", there),
        ("overhead per decision", overhead),
    ):
        print(
            f"  {name:22} median {statistics.median(times) * 1000:7.3f} ms   p95 {quantile(times, 0.95) * 1000:7.3f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
