"""At five players the two seats across share the top row: in the replay and the review as at the table,
each in two lines, so both fit 80 columns (they once ran past the right edge, one line each)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from hjerterfri.analysis import Budget
from hjerterfri.bots import make_bot
from hjerterfri.cards import CARDS
from hjerterfri.engine import Phase
from hjerterfri.gamelog import GameRecord, Partial, Seat
from hjerterfri.rules import preset
from hjerterfri.tui.app import HjerterfriApp
from hjerterfri.tui.replay import ReplayApp
from hjerterfri.tui.screens import review as review_screen
from hjerterfri.tui.screens.review import ReviewScreen
from hjerterfri.tui.widgets.seat import SeatPanel

from .helpers import fast_settings, sync

SIZE = (80, 24)
SEATS = (Seat("Ida"), *(Seat(name, "middel", n) for n, name in enumerate(["Astrid", "Olle", "Karin", "Nils"])))


def five_player_round() -> GameRecord:
    """One Swedish round at five, Ida (seat 0) playing her highest legal card: choices the review finds costly."""
    record = GameRecord.new(preset("svensk", 5), 7, SEATS, datetime(2026, 12, 2, tzinfo=UTC))
    game = record.game
    r = game.round
    for seat in range(5):
        r.pass_cards(seat, make_bot("middel", seat).choose_pass(game.view(seat)))
    while r.phase is Phase.PLAYING:
        view = game.view(r.turn)
        card = CARDS[view.legal_mask.bit_length() - 1] if r.turn == 0 else make_bot("middel").choose_play(view)
        r.play(card, r.turn)
    return record


def inside(panel: SeatPanel) -> bool:
    region = panel.region
    return region.x >= 0 and region.right <= SIZE[0] and region.bottom <= SIZE[1] - 1  # above the key line


def lines(panel: SeatPanel) -> list[str]:
    return str(panel.render()).splitlines()


@sync
async def test_the_replay_shows_the_seats_across_in_two_lines_and_every_hand_inside_the_screen():
    app = ReplayApp(Partial(five_player_round()), "sv")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "right", "right")
        across = [app.query_one(f"#seat-{p}", SeatPanel) for p in (2, 4)]
        assert [lines(p)[0].removeprefix("▶ ") for p in across] == ["Olle · 11 kort", "Karin · 10 kort"]
        assert all(inside(p) for p in across)
        await pilot.press("a")  # every hand face up: the two across take two suits a line
        await pilot.pause()
        panels = list(app.query(SeatPanel))
        assert len(panels) == 4 and all(inside(p) for p in panels)
        assert all(len(lines(p)) == 4 and "♠" in "".join(lines(p)) for p in across)


@pytest.fixture
def small_budget(monkeypatch):
    monkeypatch.setattr(
        review_screen, "BUDGET", Budget(batch=6, select=2, measure=3, rounds=1, pass_select=(6, 6), pass_measure=12)
    )


@sync
async def test_the_review_shows_the_seats_across_in_two_lines_inside_80_columns(small_budget):
    app = HjerterfriApp(fast_settings("sv"))
    async with app.run_test(size=SIZE) as pilot:
        screen = ReviewScreen(five_player_round(), 0, 1)
        await app.push_screen(screen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.costly, "Ida's highest cards cost her points"
        across = [screen.query_one(f"#seat-{p}", SeatPanel) for p in (2, 4)]
        assert all(p.display and inside(p) for p in across)
        assert all(len(lines(p)) == 2 and " kort" in lines(p)[0] for p in across)
