"""Snapshots of the app at 80×24 with fixed seeds and fixed bots (pytest-textual-snapshot).

Update them after an intended change with ``pytest tests/tui --snapshot-update`` and look at the report.
"""

from __future__ import annotations

import pytest

from hjerterfri.engine import Phase
from hjerterfri.table import Setup
from hjerterfri.tui.app import HjerterfriApp

from .helpers import HUMAN, fast_settings, fixed_table, lowest_players, play_in_engine

SIZE = (80, 24)


def app_at(table, lang: str = "da") -> HjerterfriApp:
    return HjerterfriApp(fast_settings(lang), table=table, make_player=lowest_players)


def my_turn_before_the_first_trick(game) -> bool:
    r = game.round
    return r.phase is Phase.PLAYING and r.turn == HUMAN and not r.tricks


def test_start_screen(snap_compare):
    app = HjerterfriApp(fast_settings(), Setup(seed=3), make_player=lowest_players)
    assert snap_compare(app, terminal_size=SIZE)


def test_passing_with_two_cards_chosen(snap_compare):
    assert snap_compare(app_at(fixed_table(seed=3)), press=["space", "right", "right", "space"], terminal_size=SIZE)


def test_a_trick_in_progress(snap_compare):
    table = fixed_table(seed=3)

    def my_turn_mid_trick(game) -> bool:
        r = game.round
        return r.phase is Phase.PLAYING and r.turn == HUMAN and len(r.trick) >= 2 and len(r.tricks) >= 2

    play_in_engine(table, my_turn_mid_trick)
    assert snap_compare(app_at(table), terminal_size=SIZE)


def test_a_round_summary(snap_compare):
    table = fixed_table(seed=3)
    play_in_engine(table, lambda game: len(game.rounds) == 2 and game.round.is_over)
    assert snap_compare(app_at(table), terminal_size=SIZE)


def test_the_end_of_a_game(snap_compare):
    table = fixed_table(seed=3, preset_name="svensk", lang="sv")
    play_in_engine(table, lambda game: game.is_over())
    assert snap_compare(app_at(table, "sv"), press=["enter"], terminal_size=SIZE)


def test_a_three_player_table_with_the_kitty(snap_compare):
    table = fixed_table(seed=3, preset_name="dansk", players=3)
    play_in_engine(table, my_turn_before_the_first_trick)
    assert snap_compare(app_at(table), terminal_size=SIZE)


def test_a_five_player_table_with_two_cards_from_one_seat(snap_compare):
    table = fixed_table(seed=3, preset_name="svensk", lang="sv", players=5)
    play_in_engine(table, my_turn_before_the_first_trick)
    assert snap_compare(app_at(table, "sv"), terminal_size=SIZE)


LANGS = ["da", "sv", "en"]


def long_table(lang: str, target: int):
    """A Danish game to ``target`` with LowestBot opponents, names in ``lang``."""
    import dataclasses

    table = fixed_table(seed=5, lang=lang)
    table.record.game.rules = dataclasses.replace(table.rules, target=target)
    return table


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_in_every_language(snap_compare, lang):
    table = fixed_table(seed=3, lang=lang)

    def my_turn_mid_trick(game) -> bool:
        r = game.round
        return r.phase is Phase.PLAYING and r.turn == HUMAN and len(r.trick) >= 2 and len(r.tricks) >= 2

    play_in_engine(table, my_turn_mid_trick)
    assert snap_compare(app_at(table, lang), terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_the_round_summary_after_round_12_in_every_language(snap_compare, lang):
    table = long_table(lang, target=1000)
    play_in_engine(table, lambda game: len(game.rounds) == 12 and game.round.is_over)
    assert snap_compare(app_at(table, lang), terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_of_a_long_game_in_every_language(snap_compare, lang):
    table = long_table(lang, target=170)
    play_in_engine(table, lambda game: game.is_over())
    assert len(table.game.rounds) >= 20
    assert snap_compare(app_at(table, lang), press=["enter"], terminal_size=SIZE)


def app_with(table, lang: str = "da", **settings) -> HjerterfriApp:
    app = app_at(table, lang)
    for name, value in settings.items():
        setattr(app.settings, name, value)
    return app


def my_turn_late(game) -> bool:
    r = game.round
    return r.phase is Phase.PLAYING and r.turn == HUMAN and len(r.tricks) >= 6 and r.number == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_tracker_and_what_was_passed_in_every_language(snap_compare, lang):
    table = fixed_table(seed=3, lang=lang)
    play_in_engine(table, my_turn_late)
    assert snap_compare(app_with(table, lang, tracker=True), terminal_size=SIZE)


@pytest.mark.parametrize("players", [3, 5])
def test_the_tracker_and_the_kitty_at_three_and_five_players(snap_compare, players):
    table = fixed_table(seed=3, preset_name="dansk", players=players)
    play_in_engine(table, my_turn_late)
    assert snap_compare(app_with(table, tracker=True), terminal_size=SIZE)


def claim_table(seems: bool):
    """The claim position of the table tests (the claim only seems to hold, or holds), LowestBot opposite."""
    from ..table.test_table import HEARTS_DRAWN, dealt_table

    hands = HEARTS_DRAWN[:]
    if seems:
        hands[0] = hands[0].replace("4H", "KS")
        hands[3] = hands[3].replace("KS", "4H")
    table = dealt_table(hands)
    table.players = {s: lowest_players(s, "", 0) for s in table.players}
    return table


def test_a_claim_refused_in_one_line(snap_compare):
    assert snap_compare(app_with(claim_table(seems=True), "en"), press=["enter", "c"], terminal_size=SIZE)


def test_a_claim_that_holds_ends_the_round(snap_compare):
    assert snap_compare(app_with(claim_table(seems=False), "en"), press=["enter", "c"], terminal_size=SIZE)
