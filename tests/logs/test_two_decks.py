"""Logs and transcripts at six to eight players (two decks): a card held twice, passed twice or played twice
in one trick is written twice and reads back; a card more often than the decks hold it is refused."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from hjerterfri.bots import make_bot
from hjerterfri.engine import Phase
from hjerterfri.gamelog import GameRecord, LogError, LogReplay, Seat, dumps, from_dict, load, save
from hjerterfri.i18n import Texts
from hjerterfri.rules import preset
from hjerterfri.table.variants import game_rules
from hjerterfri.transcript import transcript

from .helpers import STARTED, state

NAMES = ("Ida", "Nord", "Øst", "Syd", "Vest", "Ny", "Gammel", "Midt")


def played_game(rules, seed: int = 3) -> GameRecord:
    """A whole game, passed by ``let`` (which passes both copies of a card when it holds them high) and played
    by ``middel``."""
    seats = [Seat(NAMES[s], "middel", s) for s in range(rules.players)]
    record = GameRecord.new(rules, seed, seats, STARTED)
    game = record.game
    while True:
        r = game.round
        if r.phase is Phase.PASSING:
            for s in range(rules.players):
                r.pass_cards(s, make_bot("let", s).choose_pass(r.view(s)))
        while not r.is_over:
            r.play(make_bot("middel").choose_play(r.view(r.turn)))
        if game.is_over():
            return record
        game.next_round()


@pytest.mark.parametrize("players", [6, 7, 8])
def test_a_two_deck_game_reads_back_equal_with_cards_held_passed_and_played_twice(tmp_path, players):
    record = played_game(preset("svensk", players))
    path = tmp_path / "g.json"
    save(record, path)
    back = load(path)
    assert state(back.game) == state(record.game)
    assert dumps(back) == path.read_text(encoding="utf-8")
    data = json.loads(path.read_text(encoding="utf-8"))
    twice = lambda cards: len(set(cards)) < len(cards)  # noqa: E731
    rounds = data["rounds"]
    assert any(twice(hand) for rd in rounds for hand in rd["deal"]), "a hand dealt a card twice"
    assert any(twice(t["cards"]) for rd in rounds for t in rd["tricks"]), "a trick with the same card twice"
    assert any(twice(p) for rd in rounds if rd["passed"] for p in rd["passed"]), "a card passed twice"


def test_a_card_three_times_is_refused_where_it_stands():
    data = json.loads(dumps(played_game(preset("svensk", 8))))
    deal = data["rounds"][0]["deal"]
    seat = next(s for s, hand in enumerate(deal) if len(set(hand)) < len(hand))
    card = next(c for c in deal[seat] if deal[seat].count(c) == 2)
    deal[seat][deal[seat].index(next(c for c in deal[seat] if c != card))] = card
    with pytest.raises(LogError, match=f"round 1, deal of seat {seat}: {card} is named three times"):
        from_dict(data)
    data = json.loads(dumps(played_game(preset("svensk", 8))))
    deal = data["rounds"][0]["deal"]
    card, holder = next((c, s) for s, hand in enumerate(deal) for c in hand if hand.count(c) == 2)
    other = (holder + 1) % 8
    deal[other][0] = card
    first, second = sorted((holder, other))
    with pytest.raises(
        LogError, match=f"{card} is dealt three times \\(to seat {first}, seat {first} and seat {second}"
    ):
        from_dict(data)


def transcript_text(record: GameRecord, lang: str) -> str:
    console = Console(width=160, record=True, file=io.StringIO())
    for part in transcript(LogReplay(json.loads(dumps(record))), Texts(lang, ascii_suits=True)):
        console.print(part)
    return console.export_text()


def test_the_transcript_names_the_table_and_shows_a_card_twice():
    record = played_game(preset("svensk", 8))
    text = transcript_text(record, "sv")
    assert "8 spelare · två kortlekar · 3 kort skickas" in text
    first = record.game.rounds[0].tricks[0]
    assert len(first.cards) == 8


@pytest.mark.parametrize(
    ("rules", "line"),
    [
        (game_rules("dansk", 5, pass_count=2), "5 players · 2 cards passed"),
        (game_rules("dansk", 4, no_pass=True), "4 players · no passing"),
        (game_rules("svensk", 3, pass_count=1), "3 players · 1 card passed"),
        (game_rules("svensk", 3, variant="no-two"), "3 players · 3 cards passed · without the two of clubs"),
        (game_rules("dansk", 4, target=30), "4 players · 3 cards passed · game to 30"),
    ],
    ids=["pass-count", "no-passing", "one-card", "no-two", "target"],
)
def test_the_transcript_and_the_log_say_how_many_cards_are_passed_or_that_none_are(rules, line):
    record = played_game(rules, seed=5)
    assert line in transcript_text(record, "en")
    data = json.loads(dumps(record))
    assert data["rules"]["pass_count"] == rules.pass_count
    if not rules.passes:
        assert data["rules"]["pass_cycle"] == ["none"]
        assert all(rd["pass"] == "none" and rd["passed"] is None for rd in data["rounds"])
    assert from_dict(data).rules == rules
