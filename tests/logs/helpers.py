"""Games to write and read back: played by bots, seeded, so every run sees the same games."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

from hjerterfri.bots import make_bot
from hjerterfri.engine import Game, Phase
from hjerterfri.gamelog import GameRecord, Seat
from hjerterfri.rules import preset

SEATS = (Seat("Ida"), Seat("Nord", "middel", 11), Seat("Øst", "let", 12), Seat("Vest", "svær", 13))
STARTED = datetime(2025, 3, 1, 20, 15, 33, tzinfo=UTC)


def new_record(preset_name: str = "dansk", seed: int = 1, target: int | None = None) -> GameRecord:
    rules = preset(preset_name)
    if target is not None:
        rules = dataclasses.replace(rules, target=target)
    return GameRecord.new(rules, seed, SEATS, STARTED)


def step(record: GameRecord, bot_seed: int = 0) -> bool:
    """One action by the bots (a pass by one seat, a card, or dealing the next round); False when the game is over."""
    game: Game = record.game
    r = game.round
    if r.phase is Phase.PASSING:
        seat = next(s for s, p in enumerate(r.passed) if p is None)
        r.pass_cards(seat, make_bot("middel", bot_seed + seat).choose_pass(game.view(seat)))
    elif r.phase is Phase.PLAYING:
        r.play(make_bot("middel", bot_seed + r.turn).choose_play(game.view(r.turn)))
    elif game.is_over():
        return False
    else:
        game.next_round()
    return True


def play_out(record: GameRecord, actions: int | None = None, bot_seed: int = 0) -> GameRecord:
    """Let the bots play ``actions`` actions, or to the end."""
    n = 0
    while (actions is None or n < actions) and step(record, bot_seed):
        n += 1
    return record


def state(game: Game) -> list:
    """Everything the engine knows of a game, to compare two games."""
    seats = range(game.rules.players)
    return (
        [
            (r.number, r.dealt, r.kitty, list(r.passed), [r.held(s) for s in seats], r.phase, r.turn, r.leader)
            for r in game.rounds
        ]
        + [(r.tricks, r.trick, r.taken) for r in game.rounds]
        + [game.totals, game.outcome()]
    )


def finished_challenge(par: tuple[int, ...] | None = (0, 0)) -> GameRecord:
    """A challenge of two deals played to its end (the human as let plays), its par set unless None."""
    from hjerterfri.challenge import Challenge
    from hjerterfri.table import local_players
    from hjerterfri.table.par import challenge_table

    challenge = Challenge("dansk", 4, "standard", 42, 2, ("let", "let", "let"))
    table = challenge_table(challenge, ["Du", "Astrid", "Olle", "Karin"], local_players())
    table.run(human=make_bot("let", 1))
    assert table.record.is_finished
    if par is not None:
        table.set_par(par)
    return table.record
