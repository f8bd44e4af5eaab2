"""Rounds of ``svær`` against itself, written down: to learn a model of its play, and to measure a changed
``svær`` against it (``selfplay_paired.py``).

Each round is dealt by ``Round.deal(rules, seed * 100000 + number, number)`` and played with ``--bot``
(``svær``, or a variant of it seeded alike, ``module:Class``) in every seat, its clock lifted so a round
is the same on a busy machine; one JSON line per round holds what replays it: the bot, the preset, the
players, the deal's seed and number, each seat's pass and the cards played in order.
``policy_train.py`` and ``selfplay_paired.py`` replay them through the engine.

    python benchmarks/svaer_games.py --rounds 400 --seed 1 --out games-1.jsonl [--players 4] [--preset dansk] [--bot B]

About 6 s a round (four players) on one core; a run appends, so it can be stopped and continued with
``--first``. The bot runs in this process, as ``svær``'s variants do: one that raises or answers junk stops
the run with one line (the rounds written stay), one that never answers stops it for good; a bot that is
someone else's program belongs in the arena, through the bot protocol.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from hjerterfri.bots import Bot, make_bot
from hjerterfri.catalogue import Message
from hjerterfri.engine import Phase, Round
from hjerterfri.files import read_text
from hjerterfri.literal import printable
from hjerterfri.rules import preset

ROUNDS_LIMIT = 64 << 20
"""The largest file of recorded rounds read (about 200,000 rounds of four players)."""


def read_rounds(path: Path) -> list[dict[str, Any]]:
    """The rounds recorded in ``path``, one JSON object a line, read as the game reads its own files (a
    regular file only, never waited on like a FIFO). A ``ValueError`` says what is wrong and where."""
    text = read_text(path, ROUNDS_LIMIT, Message("file.what.rounds"))  # FileError is a ValueError
    rounds = []
    for i, line in enumerate(text.splitlines(), 1):
        try:
            record = json.loads(line)
        except ValueError as e:
            raise ValueError(f"{path}, line {i}: {e}") from None
        if not isinstance(record, dict):
            raise ValueError(f"{path}, line {i}: not a recorded round")
        rounds.append(record)
    return rounds


def clockless(spec: str, seed: int) -> Bot:
    """The bot ``spec`` seeded ``seed``, its clock lifted where it has one (``time_cap``)."""
    bot = make_bot(spec, seed)
    if hasattr(bot, "time_cap"):
        bot.time_cap = 60.0
    return bot


def play_round(bot: str, preset_name: str, players: int, seed: int, number: int) -> dict[str, object]:
    """One round of ``bot`` in every seat, as the record that replays it."""
    rules = preset(preset_name, players)
    deal_seed = seed * 100000 + number
    r = Round.deal(rules, deal_seed, number)
    bots = [clockless(bot, deal_seed * 10 + s) for s in range(players)]
    passes: list[list[int]] = []
    if r.phase is Phase.PASSING:
        for s, b in enumerate(bots):
            cards = b.choose_pass(r.view(s))
            passes.append([int(c) for c in cards])
            r.pass_cards(s, cards)
    plays: list[int] = []
    while r.phase is Phase.PLAYING:
        card = bots[r.turn].choose_play(r.view(r.turn))
        plays.append(int(card))
        r.play(card, r.turn)
    return {
        "bot": bot,
        "preset": preset_name,
        "players": players,
        "seed": deal_seed,
        "number": number,
        "passes": passes,
        "plays": plays,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--first", type=int, default=1, help="the number of the first round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="dansk")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--out", required=True)
    parser.add_argument("--bot", default="svær", help="the bot in every seat: svær or a variant, module:Class")
    args = parser.parse_args()
    try:
        rules = preset(args.preset, args.players)
    except ValueError as e:
        sys.exit(f"svaer_games: {printable(str(e))}")
    if rules.decks == 2:
        sys.exit("svaer_games: with two decks svær plays as middel")
    try:
        clockless(args.bot, 0)
    except Exception as e:  # an unknown bot: one line
        sys.exit(printable(f"svaer_games: {args.bot}: {e}"))
    try:
        with open(args.out, "a", encoding="utf-8") as out:
            for number in range(args.first, args.first + args.rounds):
                try:
                    record = play_round(args.bot, args.preset, args.players, args.seed, number)
                except Exception as e:  # the bot raised or answered junk; the rounds written so far stay
                    sys.exit(printable(f"svaer_games: round {number}: {args.bot}: {type(e).__name__}: {e}"))
                out.write(json.dumps(record) + "\n")
                out.flush()
    except OSError as e:
        sys.exit(printable(f"svaer_games: {args.out}: {e.strerror}"))


if __name__ == "__main__":
    main()
