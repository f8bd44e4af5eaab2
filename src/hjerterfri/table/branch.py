"""A new game from a position of an old one: the game up to there, with a seat taken over by the human.

The new game keeps everything dealt, passed and played before the position; from there the human plays
the seat they took and bots play the rest: taking a bot's seat, the human and that bot swap chairs (names
and all). Its log says where it branched from (``gamelog.Branch``), and it is continued like any other game.
"""

from __future__ import annotations

from datetime import datetime

from ..cards import cards_of
from ..engine import Game
from ..gamelog import Branch, GameRecord, Seat
from .setup import bot_seed


def branch(
    record: GameRecord,
    round_index: int,
    passed: bool,
    cards: int,
    seat: int,
    name: str,
    source: str,
    started: datetime | None = None,
) -> GameRecord:
    """The game of ``record`` as it stood in its ``round_index``-th round (0-based) after the passes (when
    ``passed``) and ``cards`` cards, with the human at ``seat`` (called ``name`` if the game had no human);
    ``source`` names the log it branches from."""
    old = record.game
    first = old.rounds[0]
    game = Game(old.rules, old.seed, first.dealt, first.kitty)
    for i, source_round in enumerate(old.rounds[: round_index + 1]):
        if i > 0:
            game.next_round(source_round.dealt, source_round.kitty)
        r = game.round
        last = i == round_index
        if last and not passed:
            break
        for s in source_round.pass_order:
            mask = source_round.passed[s]
            assert mask is not None
            r.pass_cards(s, cards_of(mask))
        plays = [c for t in source_round.tricks for c in t.cards] + list(source_round.trick)
        for card in plays[:cards] if last else plays:
            r.play(card)
    seats = list(record.seats)
    human = record.human_seat
    taken = seats[seat]
    if human is None:
        seats[seat] = Seat(name)
    elif human != seat:
        assert taken.bot is not None
        seats[seat] = seats[human]
        seats[human] = Seat(taken.name, taken.bot, bot_seed(old.seed, human))
    started = started or datetime.now().astimezone().replace(microsecond=0)
    new = GameRecord(game, tuple(seats), started)
    new.branch = Branch(source, game.round.number, cards if passed else 0, seat)
    if record.challenge is not None and record.challenge.human == seat:
        new.challenge, new.par = record.challenge, record.par  # the same deals from the same seat: par still holds
    return new
