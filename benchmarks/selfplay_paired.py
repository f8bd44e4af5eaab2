"""A changed ``svær`` against three of today's, paired on recorded rounds of today's ``svær`` against itself.

Each round written by ``svaer_games.py`` (one bot in every seat, ``svær`` unless the record names another,
its clock lifted) is replayed once per seat with the candidate in that seat. While the candidate's
decisions are the recorded ones, the round is the recorded one; from its first decision that differs, the
rest is played out, the other seats as the recorded bot with the seeds they had, clock lifted. The deal's
paired difference is the candidate's points minus the recorded points of its seat, averaged over the
seats, as ``arena --compare`` pairs a deal's rotations; a round in which the candidate plays as recorded
costs only the asking.

A candidate may say where it can differ from the recorded bot at all, by a method ``differs(view) ->
bool``; where it says no, the recorded decision is taken without asking it, which is what makes a change
that touches few decisions cheap to measure against itself. ``--check N`` asks it everywhere in the first
N rounds and stops with an error where ``differs`` said no and the decision differs. The candidate runs in
this process: one that raises or answers junk stops the run with one line, one that never answers stops it
for good (a program of someone else's belongs in the arena, through the bot protocol).

    PYTHONPATH=benchmarks python benchmarks/selfplay_paired.py mymodule:MySvaer games-*.jsonl --jobs 2 [--json F]

(``MySvaer``: a ``SvaerBot`` subclass taking ``seed``, with the change; the branch ``exp-moon-defence`` has one,
``svaer_variants:MoonDefence``.) About 1.3 s a deal on two cores for a change that alters a quarter of the seats' play.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from arguments import positive
from svaer_games import clockless, read_rounds

from hjerterfri.arena import interval
from hjerterfri.bots import Bot
from hjerterfri.cards import CARDS
from hjerterfri.engine import Phase, Round
from hjerterfri.literal import printable
from hjerterfri.paths import write_atomic
from hjerterfri.rules import preset
from hjerterfri.view import PlayerView


def may_differ(bot: Bot, view: PlayerView) -> bool:
    """Whether the candidate says its decision for ``view`` may differ from ``svær``'s (by default, yes)."""
    differs = getattr(bot, "differs", None)
    return differs is None or bool(differs(view))


class Mismatch(Exception):
    """The candidate decided otherwise than recorded where it said it could not."""


def differed(bot: Bot, view: PlayerView, record: dict[str, Any]) -> bool:
    """A decision differs from the recorded one: true, unless the candidate said it could not."""
    if not may_differ(bot, view):
        raise Mismatch(f"round {record['seed']}: a decision differs where the candidate said it could not")
    return True


def replay_seat(record: dict[str, Any], spec: str, seat: int, check: bool) -> tuple[int, bool]:
    """The candidate's points in ``seat`` of the recorded round, and whether its play differed."""
    rules = preset(record["preset"], record["players"])
    r = Round.deal(rules, record["seed"], record["number"])
    bot = clockless(spec, record["seed"] * 10 + seat)
    others: dict[int, Bot] = {}
    diverged = False
    if r.phase is Phase.PASSING:
        for s, cards in enumerate(record["passes"]):
            chosen = [CARDS[c] for c in cards]
            if s == seat:
                view = r.view(s)
                if check or may_differ(bot, view):
                    mine = bot.choose_pass(view)
                    if sorted(mine) != sorted(chosen):
                        diverged = differed(bot, view, record)
                        chosen = mine
            r.pass_cards(s, chosen)
    for played in record["plays"]:
        if diverged:
            break
        card = CARDS[played]
        if r.turn == seat:
            view = r.view(seat)
            if view.legal_mask & (view.legal_mask - 1) and (check or may_differ(bot, view)):
                own = bot.choose_play(view)
                if own != card:
                    diverged = differed(bot, view, record)
                    card = own
        r.play(card, r.turn)
    while r.phase is Phase.PLAYING:
        s = r.turn
        if s == seat:
            play = bot.choose_play(r.view(s))
        else:
            if s not in others:
                others[s] = clockless(record.get("bot", "svær"), record["seed"] * 10 + s)
            play = others[s].choose_play(r.view(s))
        r.play(play, s)
    return r.scores()[seat], diverged


def _recorded_scores(record: dict[str, Any]) -> list[int]:
    r = Round.deal(preset(record["preset"], record["players"]), record["seed"], record["number"])
    if r.phase is Phase.PASSING:
        for s, cards in enumerate(record["passes"]):
            r.pass_cards(s, [CARDS[c] for c in cards])
    for c in record["plays"]:
        r.play(CARDS[c], r.turn)
    return list(r.scores())


def deal(args: tuple[dict[str, Any], str, bool]) -> dict[str, Any]:
    record, spec, check = args
    seats = [replay_seat(record, spec, s, check) for s in range(record["players"])]
    return {
        "seed": record["seed"],
        "new": [a for a, _ in seats],
        "recorded": _recorded_scores(record),
        "differs": [d for _, d in seats],
    }


def summary(results: Sequence[dict[str, Any]], spec: str, recorded: str) -> list[str]:
    diffs = [sum(a - b for a, b in zip(x["new"], x["recorded"], strict=True)) / len(x["new"]) for x in results]
    new = [sum(x["new"]) / len(x["new"]) for x in results]
    old = [sum(x["recorded"]) / len(x["recorded"]) for x in results]
    d, lo, hi = interval(diffs)
    seats = sum(len(x["differs"]) for x in results)
    differing = sum(sum(x["differs"]) for x in results)
    return [
        printable(f"{spec} in each seat against {recorded}, {len(results)} recorded deals x their seats"),
        f"  candidate     {interval(new)[0]:6.3f}",
        printable(f"  {recorded:13} {interval(old)[0]:6.3f}"),
        f"  difference    {d:+6.3f}   {f'{lo:+.3f} to {hi:+.3f}' if len(diffs) > 1 else 'one deal: no interval'}"
        f"   (played differently in {differing} of {seats} seats)",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("candidate", help="the changed bot, module:Class (seeded like svær)")
    parser.add_argument("games", nargs="+", type=Path, help="rounds written by svaer_games.py")
    parser.add_argument("--jobs", type=positive, default=1)
    parser.add_argument("--deals", type=positive, help="at most this many rounds")
    parser.add_argument("--check", type=int, default=0, help="ask the candidate everywhere in the first N rounds")
    parser.add_argument("--json", type=Path, help="write each deal's points here")
    args = parser.parse_args()
    records: list[dict[str, Any]] = []
    for path in args.games:
        try:
            records += read_rounds(path)
        except ValueError as e:  # unreadable, or a line that is no recorded round
            sys.exit(printable(f"selfplay_paired: {e}"))
    records = records[: args.deals]
    if not records:
        sys.exit("selfplay_paired: no recorded rounds in the files")
    try:
        clockless(args.candidate, 0)
    except Exception as e:  # an unknown bot: one line
        sys.exit(printable(f"selfplay_paired: {args.candidate}: {e}"))
    work = [(rec, args.candidate, i < args.check) for i, rec in enumerate(records)]
    results: list[dict[str, Any]] = []
    try:
        with ProcessPoolExecutor(args.jobs) as pool:
            for result in pool.map(deal, work):
                results.append(result)
                if len(results) % 50 == 0:
                    print(f"  {len(results)} of {len(work)} deals", file=sys.stderr, flush=True)
    except Exception as e:  # the candidate's or the recorded bot's failure, or a record that is not one: one line
        sys.exit(printable(f"selfplay_paired: after {len(results)} deals: {type(e).__name__}: {e}"))
    print("\n".join(summary(results, args.candidate, str(records[0].get("bot", "svær")))))
    if args.json:
        try:
            write_atomic(args.json, json.dumps(results) + "\n")
        except OSError as e:  # a missing directory, no permission: one line after the figures, exit 1
            sys.exit(printable(f"selfplay_paired: {e}"))  # the error names the path


if __name__ == "__main__":
    main()
