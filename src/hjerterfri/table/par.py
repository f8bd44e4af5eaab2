"""Challenges at the table: the rules of one, a table to play it at, and its par.

A challenge is a game of exactly ``deals`` rounds: its target is out of reach (26 points a round at most),
and the game ends after its last deal. The par is what ``svær`` scores from the human's seat on the same
deals against the same bots with the same seeds, each deal played on its own as the arena plays deals
(the bots do not look at the totals, so this is the game the human played, with svær in the chair).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import subprocess
import sys
from collections.abc import Callable, Sequence

from ..bots import LEVELS, level_name, make_bot
from ..bots.svaer import SvaerBot
from ..catalogue import Message, MessageError
from ..challenge import LEVELS as CHALLENGE_LEVELS
from ..challenge import MAX_DEALS, PRESETS, Challenge, ChallengeError
from ..engine import deal_cards
from ..gamelog import GameRecord
from ..rules import Rules, RulesError, preset
from .players import LocalPlayer, Player, PlayerFactory
from .setup import Setup, new_seed
from .table import Table
from .variants import game_rules, variants_for

PAR_BOT = "svær"
DEALS = 8
"""The deals of a new challenge."""


def new_challenge(setup: Setup, deals: int = DEALS) -> Challenge:
    """A challenge of new deals with a setup's choices (its seed, or a new one; the human at seat 0)."""
    if level_name(setup.bots) not in LEVELS:
        raise ChallengeError(Message("challenge.error.level", levels=CHALLENGE_LEVELS, level=repr(setup.bots)))
    if setup.rules().decks != 1:  # said before a code is made (it named a new code, then refused it)
        raise ChallengeError(Message("challenge.error.table-decks", players=setup.players))
    variant = setup.variant if setup.variant in variants_for(setup.preset, setup.players) else "standard"
    seed = setup.seed if setup.seed is not None else new_seed()
    opponents = (level_name(setup.bots),) * (setup.players - 1)
    own = preset(setup.preset, setup.players).pass_count
    pass_count = None if setup.no_pass or setup.pass_count == own else setup.pass_count
    return Challenge(setup.preset, setup.players, variant, seed, deals, opponents, 0, setup.no_pass, pass_count)


def challenge_rules(challenge: Challenge) -> Rules:
    """The rules a challenge is played by: its preset, players, variant and passing, with a target nobody can
    reach in its deals (``ChallengeError``, one line, for rules that cannot be played at the app's table)."""
    try:
        rules = game_rules(
            challenge.preset,
            challenge.players,
            challenge.variant,
            target=26 * challenge.deals + 1,
            no_pass=challenge.no_pass,
            pass_count=challenge.pass_count,
        )
    except (RulesError, ValueError) as e:
        raise ChallengeError(
            Message(
                "challenge.error.rules", code=challenge.code, why=e.message if isinstance(e, MessageError) else str(e)
            )
        ) from None
    if rules.decks != 1:
        raise ChallengeError(Message("challenge.error.decks", code=challenge.code))
    return rules


def challenge_table(
    challenge: Challenge, names: Sequence[str], make_player: PlayerFactory, limit: float | None = None
) -> Table:
    """A new game of the challenge's deals, the human at its seat and its bots around."""
    table = Table.new(
        challenge_rules(challenge),
        challenge.seed,
        names,
        challenge.bots,
        make_player,
        human=challenge.human,
        limit=limit,
    )
    table.record.challenge = challenge
    return table


def clockless(seat: int, spec: str, seed: int) -> Player:
    """Bots in this process, svær without its wall-clock safety net: every decision a pure function of the
    seed and the view, however busy the machine."""
    if level_name(spec) == PAR_BOT:
        return LocalPlayer(SvaerBot(seed, time_cap=math.inf))
    return LocalPlayer(make_bot(spec, seed))


def par(challenge: Challenge, progress: Callable[[int, int], None] | None = None) -> list[int]:
    """svær's points from the human's seat on each of the challenge's deals (``progress(done, total)`` after
    each): a pure function of the challenge."""
    rules = challenge_rules(challenge)
    bots: list[str | None] = list(challenge.bots)
    bots[challenge.human] = PAR_BOT
    names = [f"seat {s}" for s in range(challenge.players)]
    out = []
    for deal in range(1, challenge.deals + 1):
        table = Table.new(rules, challenge.seed, names, bots, clockless, human=None, first_round=deal)
        try:
            out.append(table.play_round().scores()[challenge.human])
        finally:
            table.close()
        if progress is not None:
            progress(deal, challenge.deals)
    return out


def challenge_of(record: GameRecord) -> Challenge:
    """The challenge of a saved game's deals: the challenge it played, or one made of its seed, rules, seats and
    rounds (``ChallengeError``, one line, when a code cannot carry them)."""
    if record.challenge is not None:
        return record.challenge
    rules = record.rules
    human = record.human_seat
    if human is None:
        raise ChallengeError(Message("challenge.error.no-human"))
    if rules.name not in PRESETS:
        raise ChallengeError(Message("challenge.error.own-rules", name=repr(rules.name)))
    if rules.decks != 1:  # said of the game, not of a code made of it and then refused
        raise ChallengeError(Message("challenge.error.game-decks", players=rules.players))
    options = [
        (variant, no_pass, pass_count)
        for variant in variants_for(rules.name, rules.players)
        for no_pass, pass_count in ((False, None), (True, None), (False, rules.pass_count))
    ]
    chosen = next((o for o in options if _plays(rules, *o)), None)
    if chosen is None:
        raise ChallengeError(Message("challenge.error.variants", name=rules.name))
    opponents = []
    for seat in record.seats:
        if seat.bot is not None:
            if level_name(seat.bot) not in LEVELS:
                raise ChallengeError(
                    Message("challenge.error.bot", name=seat.name, bot=seat.bot, levels=CHALLENGE_LEVELS)
                )
            opponents.append(level_name(seat.bot))
    for r in record.game.rounds:
        if r.dealt is None or (r.dealt, r.kitty) != deal_cards(rules, record.game.seed, r.number):
            raise ChallengeError(Message("challenge.error.dealt", round=r.number))
    deals = len(record.game.rounds)
    if deals > MAX_DEALS:
        raise ChallengeError(Message("challenge.error.rounds", rounds=deals, most=MAX_DEALS))
    variant, no_pass, pass_count = chosen
    return Challenge(
        rules.name, rules.players, variant, record.game.seed, deals, tuple(opponents), human, no_pass, pass_count
    )


def _plays(rules: Rules, variant: str, no_pass: bool, pass_count: int | None) -> bool:
    """Whether ``rules`` are the preset's with these choices (the target aside)."""
    try:
        made = game_rules(rules.name, rules.players, variant, rules.target, no_pass=no_pass, pass_count=pass_count)
    except (RulesError, ValueError):
        return False
    return made == rules


class ParRun:
    """The par worked out in a program of its own (``hjerterfri challenge CODE --par --json``, at a lower
    priority), so that the game stays quick while it runs; ``stop`` ends it (the app does when it quits)."""

    def __init__(self) -> None:
        self._processes: set[subprocess.Popen[bytes]] = set()
        self._stopped = False

    def __call__(self, challenge: Challenge) -> list[int]:
        """The challenge's par (``ValueError``, one line, if the program fails or is stopped)."""
        command = [sys.executable, "-m", "hjerterfri", "challenge", challenge.code, "--par", "--json"]
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if hasattr(os, "setpriority"):
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PROCESS, process.pid, 10)
        self._processes.add(process)
        if self._stopped:
            process.kill()
        try:
            out, err = process.communicate()
        finally:
            self._processes.discard(process)
        if process.returncode != 0:
            lines = err.decode(errors="replace").strip().splitlines()
            raise ValueError(lines[-1] if lines else f"the par program ended with status {process.returncode}")
        try:
            points = json.loads(out)["par"]
        except (ValueError, KeyError, TypeError):
            raise ValueError("the par program answered something else than the par") from None
        if not isinstance(points, list) or len(points) != challenge.deals:
            raise ValueError("the par program answered something else than the par")
        return [int(p) for p in points]

    def stop(self) -> None:
        """End every par program still running."""
        self._stopped = True
        for process in list(self._processes):
            with contextlib.suppress(OSError):
                process.kill()
