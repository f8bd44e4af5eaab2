"""How well ``middel`` predicts a player: how often its card is the card that player chose.

``svær`` plays its search's playouts with the others as ``middel`` and keeps the sampled deals in which
their play so far is what ``middel`` would have played. Against ``middel`` that model is exact; this
measures how far it is from another player. Rounds are played by ``--player`` in every seat; at each of
its decisions with a choice, ``middel``'s card for the same view is compared with the one it played, by
kind of decision (a lead, following suit, a discard), and each passed card with ``middel``'s pass. The
playouts' fast policy (``playout.choose``, which plays ``svær``'s own later cards there) is compared on
the same decisions, given the true deal as a playout is given a sampled one.

    python benchmarks/model_agreement.py [--player svær] [--rounds 12] [--seed 1]

About 6 s a round with ``svær`` on one core of the development machine. ``svær`` plays without its
clock (``svaer_games.clockless``), so the rounds and figures are the same on a busy machine.
"""

from __future__ import annotations

import argparse
from collections import Counter

from svaer_games import clockless

from hjerterfri.bots import ALIASES, LEVELS
from hjerterfri.bots.middel import heuristic_pass, rule_play
from hjerterfri.bots.playout import choose
from hjerterfri.cards import CARDS, SUIT_MASKS
from hjerterfri.engine import Phase, Round
from hjerterfri.rules import preset
from hjerterfri.view import PlayerView


def kind(view: PlayerView) -> str:
    if not view.trick:
        return "lead"
    return "follow" if view.legal_mask & SUIT_MASKS[view.trick[0] // 13] else "discard"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="svær", choices=[*LEVELS, *ALIASES], help="the bot in every seat")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = preset("dansk")
    same: Counter[str] = Counter()
    fast: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for number in range(1, args.rounds + 1):
        r = Round.deal(rules, args.seed * 1000 + number, number)
        bots = [clockless(args.player, args.seed * 1000 + number * 10 + s) for s in range(rules.players)]
        if r.phase is Phase.PASSING:
            for s, bot in enumerate(bots):
                view = r.view(s)
                cards = bot.choose_pass(view)
                same["pass"] += len(set(cards) & set(heuristic_pass(view)))
                total["pass"] += len(cards)
                r.pass_cards(s, cards)
        while r.phase is Phase.PLAYING:
            view = r.view(r.turn)
            card = bots[r.turn].choose_play(view)
            if view.legal_mask & (view.legal_mask - 1):
                total[kind(view)] += 1
                same[kind(view)] += CARDS[rule_play(view)] == card
                fast[kind(view)] += CARDS[choose(r.copy())] == card
            r.play(card, r.turn)
    print(
        f"middel's and the fast policy's choices against {args.player}'s: {args.rounds} rounds, "
        f"{args.player} in every seat, seed {args.seed}"
    )
    print(f"  {'':8} {'middel':>12} {'':6} {'fast policy':>12}")
    for k in ("lead", "follow", "discard", "pass"):
        if total[k]:
            fast_k = f"{fast[k]:5}/{total[k]:<5} {fast[k] / total[k]:6.0%}" if k != "pass" else ""
            print(f"  {k:8} {same[k]:5}/{total[k]:<5} {same[k] / total[k]:6.0%}   {fast_k}")
    kinds = ("lead", "follow", "discard")
    plays = sum(total[k] for k in kinds)
    agree, agree_fast = sum(same[k] for k in kinds), sum(fast[k] for k in kinds)
    print(
        f"  {'plays':8} {agree:5}/{plays:<5} {agree / plays:6.0%}   {agree_fast:5}/{plays:<5} {agree_fast / plays:6.0%}"
        "   the same card (decisions with a choice)"
    )


if __name__ == "__main__":
    main()
