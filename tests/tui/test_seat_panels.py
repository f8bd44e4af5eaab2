"""The seats' panels fit the screen and show all they hold: at five players the two seats across share the
top row in the replay and the review as at the table, each in two lines, so both fit 80 columns (they once ran
past the right edge, one line each); a hand turned face up in the replay grows its panel (at three players it
once showed its first suit only); the review at three players has no empty row across."""

from __future__ import annotations

from datetime import UTC, datetime

from hjerterfri.bots import make_bot
from hjerterfri.cards import CARDS
from hjerterfri.engine import Phase
from hjerterfri.gamelog import GameRecord, Partial, Seat
from hjerterfri.rules import preset
from hjerterfri.tui.app import HjerterfriApp
from hjerterfri.tui.replay import ReplayApp
from hjerterfri.tui.screens.review import ReviewScreen
from hjerterfri.tui.widgets.seat import SeatPanel

from .helpers import fast_settings, sync

SIZE = (80, 24)
SEATS = (Seat("Ida"), *(Seat(name, "middel", n) for n, name in enumerate(["Astrid", "Olle", "Karin", "Nils"])))


def a_round(preset_name: str = "svensk", players: int = 5) -> GameRecord:
    """One round, Ida (seat 0) playing her highest legal card: choices the review finds costly."""
    record = GameRecord.new(preset(preset_name, players), 7, SEATS[:players], datetime(2026, 12, 2, tzinfo=UTC))
    game = record.game
    r = game.round
    for seat in range(players):
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
    app = ReplayApp(Partial(a_round()), "sv")
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


@sync
async def test_the_review_shows_the_seats_across_in_two_lines_inside_80_columns(small_budget):
    app = HjerterfriApp(fast_settings("sv"))
    async with app.run_test(size=SIZE) as pilot:
        screen = ReviewScreen(a_round(), 0, 1)
        await app.push_screen(screen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.costly, "Ida's highest cards cost her points"
        across = [screen.query_one(f"#seat-{p}", SeatPanel) for p in (2, 4)]
        assert all(p.display and inside(p) for p in across)
        assert all(len(lines(p)) == 2 and " kort" in lines(p)[0] for p in across)


@sync
async def test_a_hand_turned_face_up_in_the_replay_grows_its_panel_to_show_every_suit():
    app = ReplayApp(Partial(a_round("dansk", 3)), "en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "right", "right", "a")
        await pilot.pause()
        sides = [app.query_one(f"#seat-{p}", SeatPanel) for p in (1, 3)]
        for panel in sides:
            assert sum(suit in str(panel.render()) for suit in "♣♥♠♦") >= 3  # 16 cards: three suits at least
            needed = panel.get_content_height(app.size, app.size, panel.content_region.width)
            assert panel.content_region.height >= needed and inside(panel)
            shown = lines(panel)  # the figures whole on lines that fit (no line wrapped after a " ·")
            assert shown[1].startswith("16 cards · ") and all(len(ln) <= panel.content_region.width for ln in shown)
        await pilot.press("a")  # face down again: the panels shrink back
        await pilot.pause()
        assert all(panel.content_region.height <= 4 for panel in sides)


@sync
async def test_the_review_at_three_players_has_no_empty_row_across(small_budget):
    app = HjerterfriApp(fast_settings("en"))
    async with app.run_test(size=SIZE) as pilot:
        screen = ReviewScreen(a_round("dansk", 3), 0, 1)
        await app.push_screen(screen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.costly and not screen.query_one("#top").display
        assert screen.query_one("#seat-1", SeatPanel).display


@sync
async def test_a_panel_across_at_eight_players_keeps_its_three_lines_with_a_long_name_to_play():
    from textual.app import App

    from hjerterfri.i18n import Texts
    from hjerterfri.tui.widgets.seat import SeatInfo

    class OnePanel(App):
        CSS = "SeatPanel { width: 19; height: 5; border: round white; padding: 0 1; }"

        def compose(self):
            yield SeatPanel(Texts("sv"), wide=True, classes="seat three-lines")

    app = OnePanel()
    async with app.run_test(size=(40, 10)) as pilot:
        panel = app.query_one(SeatPanel)
        panel.show(SeatInfo(name="Maximiliana", cards_left=12, total=3, round_points=1, to_play=True))
        await pilot.pause()
        shown = lines(panel)  # it was "▶ Maximiliana · 12" / "kort" / "3 poäng", the round's points pushed out
        assert len(shown) == 3 and all(len(line) <= panel.content_region.width for line in shown)
        assert shown[0].endswith(" · 12 kort") and shown[2] == "+1 i given"


@sync
async def test_a_first_trick_of_eight_cards_at_six_players_lies_in_one_row_between_the_side_seats():
    from textual.app import App

    from hjerterfri.cardface import Deck
    from hjerterfri.tui.widgets.trick import PLACES, TrickView

    places = PLACES[6]
    names = ["Ida", "Astrid", "Olle", "Karin", "Nils", "Greta"]

    class OneTrick(App):
        CSS = "TrickView { width: 44; height: 8; }"  # the room between the side seats at 80 columns

        def compose(self):
            yield TrickView(Deck())

    app = OneTrick()
    async with app.run_test(size=(60, 10)) as pilot:
        trick = app.query_one(TrickView)
        trick.labels = dict(zip(places, names, strict=True))
        seats = [0, 1, 1, 2, 3, 4, 5, 5]  # two seats play two cards in the first trick
        trick.show([(places[s], CARDS[i]) for i, s in enumerate(seats)])
        await pilot.pause()
        shown = str(trick.render()).splitlines()
        assert len(shown) == 4 and all(len(line) <= 44 for line in shown)  # names, then one row of cards
        trick.show([(places[s], CARDS[i]) for i, s in enumerate(range(6))])  # a trick of six
        await pilot.pause()
        assert "Astrid" in str(trick.render()).splitlines()[0]  # room for the whole name


@sync
async def test_the_review_of_a_player_with_a_long_name_says_the_whole_line(small_budget):
    """A long name pushed 'Better: ...' and the deals off the status line's two rows."""
    import dataclasses

    record = a_round("dansk", 4)
    long = "Mette-Marie Kristoffersen-Østergaard Bøg"
    record.seats = (dataclasses.replace(record.seats[0], name=long), *record.seats[1:])
    app = HjerterfriApp(fast_settings("da"))
    async with app.run_test(size=SIZE) as pilot:
        screen = ReviewScreen(record, 0, 1)
        await app.push_screen(screen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.costly
        status = screen.query_one("#status")
        shown = status.render_lines(status.region.reset_offset)
        text = "".join(strip.text for strip in shown)
        assert "Bedre:" in text and "Mette-Marie K…" in text
        assert "dyrt valg 1 af" in str(screen.query_one("#header").render())


@sync
async def test_the_review_hides_the_round_points_when_the_table_does(small_budget):
    app = HjerterfriApp(fast_settings("en"))
    app.settings.hide_round_points = True
    async with app.run_test(size=SIZE) as pilot:
        screen = ReviewScreen(a_round("dansk", 4), 0, 1)
        await app.push_screen(screen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.costly
        shown = [str(screen.query_one("#me").render())] + [str(p.render()) for p in screen.query(SeatPanel)]
        assert not any("this round" in text for text in shown) and "points" in shown[0]


def test_a_text_of_another_width_is_laid_out_again():
    """The seat across takes the width of its one line: hiding its round points (h) left it as wide as before."""
    from rich.text import Text

    from hjerterfri.tui.widgets.seat import show_text

    class Panel:
        def __init__(self) -> None:
            self.layouts: list[bool] = []

        def update(self, text: Text, layout: bool) -> None:
            self.layouts.append(layout)

    panel = Panel()
    for text in (
        "Alice · 13 cards · 0 points · +0 this round",
        "Alice · 13 cards · 0 points",
        "Alice · 13 cards · 2 points",
    ):
        show_text(panel, Text(text))  # type: ignore[arg-type]
    assert panel.layouts == [True, True, False]


@sync
async def test_a_long_name_is_shown_whole_in_the_scores_where_there_is_room():
    """ "Maximiliane" was "Maximilia…" on the summary and the end screen, with twenty columns to spare (at 80
    columns the history still cuts it: both tables would not fit beside each other)."""
    from hjerterfri.tui.screens.summary import RoundSummaryScreen

    from .helpers import fixed_table, lowest_players, plain, play_in_engine, settle

    table = fixed_table(seed=3, lang="en")
    table.rename(0, "Maximiliane")
    play_in_engine(table, lambda g: g.round.is_over)
    app = HjerterfriApp(fast_settings("en"), table=table, make_player=lowest_players)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RoundSummaryScreen)
        await pilot.pause()
        assert "Maximiliane" in plain(app.screen.query_one("#history").content, width=80)
        assert "Maximiliane" in plain(app.screen.query_one("#round").content, width=80)
