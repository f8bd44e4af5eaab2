"""Snapshots of the app at 80×24 with fixed seeds and fixed bots (pytest-textual-snapshot).

Update them after an intended change with ``pytest tests/tui --snapshot-update`` and look at the report.
"""

from __future__ import annotations

from hjerterfri.engine import Phase
from hjerterfri.table.session import HUMAN
from hjerterfri.tui.app import HjerterfriApp

from .helpers import fast_settings, fixed_session, play_in_engine

SIZE = (80, 24)


def test_start_screen(snap_compare):
    app = HjerterfriApp(fast_settings(), seed=3)
    assert snap_compare(app, terminal_size=SIZE)


def test_passing_with_two_cards_chosen(snap_compare):
    app = HjerterfriApp(fast_settings(), session=fixed_session(seed=3))
    assert snap_compare(app, press=["space", "right", "right", "space"], terminal_size=SIZE)


def test_a_trick_in_progress(snap_compare):
    session = fixed_session(seed=3)

    def my_turn_mid_trick(game) -> bool:
        r = game.round
        return r.phase is Phase.PLAYING and r.turn == HUMAN and len(r.trick) >= 2 and len(r.tricks) >= 2

    play_in_engine(session, my_turn_mid_trick)
    app = HjerterfriApp(fast_settings(), session=session)
    assert snap_compare(app, terminal_size=SIZE)


def test_a_round_summary(snap_compare):
    session = fixed_session(seed=3)
    play_in_engine(session, lambda game: len(game.rounds) == 2 and game.round.is_over)
    app = HjerterfriApp(fast_settings(), session=session)
    assert snap_compare(app, terminal_size=SIZE)


def test_the_end_of_a_game(snap_compare):
    session = fixed_session(seed=3, preset_name="svensk", lang="sv")
    play_in_engine(session, lambda game: game.is_over())
    app = HjerterfriApp(fast_settings("sv"), session=session)
    assert snap_compare(app, press=["enter"], terminal_size=SIZE)


def test_a_three_player_table_with_the_kitty(snap_compare):
    from .test_player_counts import table_session

    session = table_session(seed=3, preset_name="dansk", players=3)
    play_in_engine(session, lambda g: g.round.phase is Phase.PLAYING and g.round.turn == HUMAN and not g.round.tricks)
    app = HjerterfriApp(fast_settings(), session=session)
    assert snap_compare(app, terminal_size=SIZE)


def test_a_five_player_table_with_two_cards_from_one_seat(snap_compare):
    from .test_player_counts import table_session

    session = table_session(seed=3, preset_name="svensk", players=5, lang="sv")
    play_in_engine(session, lambda g: g.round.phase is Phase.PLAYING and g.round.turn == HUMAN and not g.round.tricks)
    app = HjerterfriApp(fast_settings("sv"), session=session)
    assert snap_compare(app, terminal_size=SIZE)
