"""How much ``svær``'s sampled deals know of the hidden hands, against rule players and against itself.

Rounds are played with ``--player`` in every seat. At each play of seat 0 with a choice, ``svær``'s
samples for that view (``SvaerBot.samples``: drawn from what the seat knows, fitted to the others' play,
weighted) are compared with the true deal: for each unseen card whose holder the seat cannot know, the
weight the samples put on its true holder. A uniform guess among three other hands would score about
a third; a sampler that knew the deal, 1. Each variant of the sampler (``VARIANTS``) scores the same
positions, so their differences are paired, position by position, with a 95% interval.

Against ``middel`` the fit is exact (a rule player's card follows from its hand); against ``svær`` no
deal explains every play, and this shows whether fitting to ``middel``'s play still points to the truth.

    python benchmarks/svaer_inference.py [--player svær|middel] [--rounds 8] [--seed 1] [--preset dansk] [--model W]

``--model`` adds a sampler fitted by the learned model of ``policy_model.py`` instead of ``middel``. The last
line gives the first sampler's figure by trick (two at a time, the positions counted in brackets).

With ``--player svær`` every seat searches: about 6 s a round (four players) on one core.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from policy_model import Policy
from svaer_games import clockless

from hjerterfri.arena import interval
from hjerterfri.bots import ALIASES, LEVELS
from hjerterfri.bots.knowledge import Knowledge
from hjerterfri.bots.svaer import SvaerBot
from hjerterfri.cards import cards_of
from hjerterfri.catalogue import Message
from hjerterfri.engine import Phase, Round
from hjerterfri.files import FileError, read_json
from hjerterfri.literal import printable
from hjerterfri.rules import preset
from hjerterfri.view import PlayerView

VARIANTS: dict[str, dict[str, Any]] = {
    "svær": {},
    "no fit": {"oversample": 1, "exact_draws": 0, "walk": 0},
    "soft fit": {"soft": 0.3, "exact_draws": 0, "walk": 0},
    "no inference": {"oversample": 1, "exact_draws": 0, "walk": 0, "infer": False},
    "fit, no prior": {"infer": False},
}
"""The samplers compared: ``SvaerBot`` keyword arguments (all with ``svær``'s other settings)."""


def positions(
    player: str, rounds: int, seed: int, rules_name: str, players: int
) -> Iterator[tuple[PlayerView, list[int]]]:
    """Seat 0's views at its plays with a choice, and the true hands then (an unseen kitty last)."""
    rules = preset(rules_name, players)
    for number in range(1, rounds + 1):
        r = Round.deal(rules, seed * 1000 + number, number)
        bots = [clockless(player, seed * 1000 + number * 10 + s) for s in range(players)]
        if r.phase is Phase.PASSING:
            for s, bot in enumerate(bots):
                r.pass_cards(s, bot.choose_pass(r.view(s)))
        while r.phase is Phase.PLAYING:
            view = r.view(r.turn)
            if r.turn == 0 and view.legal_mask & (view.legal_mask - 1):
                kitty = [r.kitty] if view.kitty_mask is None and view.kitty_size else []
                yield view, list(r.hands) + kitty
            r.play(bots[r.turn].choose_play(view), r.turn)


def on_truth(view: PlayerView, truth: list[int], deals: list[list[int]], weights: list[float]) -> float | None:
    """The mean weight the deals put on the true holder of each card whose holder the seat cannot know."""
    free = cards_of(Knowledge.from_view(view, infer=False).free)
    if not free:
        return None
    total = sum(weights)
    holder = {c: s for s, h in enumerate(truth) for c in free if h >> c & 1}
    score = 0.0
    for c in free:
        s = holder[c]
        score += sum(w for w, d in zip(weights, deals, strict=True) if d[s] >> c & 1) / total
    return score / len(free)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="svær", choices=[*LEVELS, *ALIASES], help="the bot in every seat")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="dansk")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--model", type=Path, help="weights of policy_model.py (policy_train.py --out): add the fit by that model"
    )
    args = parser.parse_args()
    variants = dict(VARIANTS)
    if args.model:
        try:  # a regular file only, never waited on like a FIFO; FileError says the path
            policy = Policy(read_json(args.model, 1 << 20, Message("file.what.weights")))
        except FileError as e:
            sys.exit(printable(f"svaer_inference: {e}"))
        except (ValueError, TypeError) as e:  # not a list of the model's numbers
            sys.exit(printable(f"svaer_inference: {args.model}: {e}"))
        variants["learned fit"] = {"fit_model": policy}
    try:
        rules = preset(args.preset, args.players)
    except ValueError as e:  # an unknown preset, or a table it cannot seat
        sys.exit(f"svaer_inference: {printable(str(e))}")
    if rules.decks == 2:
        sys.exit("svaer_inference: with two decks svær plays as middel and does not sample")
    scores: dict[str, list[float]] = {name: [] for name in variants}
    tricks: list[int] = []  # each scored position's trick (1 for the first)
    samplers = {name: SvaerBot(args.seed, time_cap=60.0, **kw) for name, kw in variants.items()}
    for view, truth in positions(args.player, args.rounds, args.seed, args.preset, args.players):
        found = {}
        for name, bot in samplers.items():
            deals, weights = bot.samples(view, view.legal_mask.bit_count())
            found[name] = on_truth(view, truth, deals, weights)
        if all(v is not None for v in found.values()):
            tricks.append(len(view.tricks) + 1)
            for name, v in found.items():
                assert v is not None
                scores[name].append(v)
    first = next(iter(variants))
    n = len(scores[first])
    print(
        printable(
            f"weight on the true holder of each hidden card, {n} plays of seat 0, {args.rounds} rounds of "
            f"{args.player} in every seat, {args.preset} at {args.players}, seed {args.seed}"
        )
    )
    for name, xs in scores.items():
        mean, low, high = interval(xs)
        line = f"  {name:14} {mean:6.3f}  {low:6.3f} to {high:6.3f}"
        if name != first:
            d, dl, dh = interval([a - b for a, b in zip(xs, scores[first], strict=True)])
            line += f"   {name} - {first}: {d:+.3f} ({dl:+.3f} to {dh:+.3f})"
        print(line)
    bands = [(t, t + 1) for t in range(1, max(tricks, default=0) + 1, 2)]
    shares = []
    for low, high in bands:
        xs = [x for x, t in zip(scores[first], tricks, strict=True) if low <= t <= high]
        if xs:
            shares.append(f"{low}-{high}: {sum(xs) / len(xs):.2f} ({len(xs)})")
    print(f"  {first} by trick  " + ", ".join(shares))


if __name__ == "__main__":
    main()
