"""The app at three and five players: whole games, the kitty, a seat's two cards in the first trick,
refusals naming the opening card, continuing a saved game, and the hint key."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from hjerterfri.bots import make_bot
from hjerterfri.cards import cards_of, points_of
from hjerterfri.cli import main
from hjerterfri.engine import IllegalMoveError, Phase, Reason, Round
from hjerterfri.gamelog import load
from hjerterfri.i18n import Texts
from hjerterfri.launch import continue_app, play_app
from hjerterfri.rules import OddCards, PassDirection
from hjerterfri.table import LocalPlayer
from hjerterfri.table.table import ADVISER, PLAIN_ADVISER
from hjerterfri.table.variants import game_rules, variants_for
from hjerterfri.tui.app import HjerterfriApp
from hjerterfri.tui.screens.start import StartScreen
from hjerterfri.tui.screens.table import TableScreen
from hjerterfri.tui.widgets.hand import HandView
from hjerterfri.tui.widgets.seat import SeatPanel
from hjerterfri.tui.widgets.trick import TrickView

from ..logs.helpers import state
from .helpers import (
    HUMAN,
    fast_settings,
    fixed_table,
    human_waits,
    lowest_players,
    make_app,
    pass_with_keys,
    plain,
    play_in_engine,
    play_legal_with_keys,
    play_to_the_end,
    settle,
    sync,
)
from .test_continue import args_for


def log_text(table: TableScreen) -> str:
    """The card list (the t key) of the round on the table."""
    from hjerterfri.tui.screens.dialogs import card_list

    return "\n".join(card_list(table.app.texts, table.view, table.table.names))


@sync
async def test_a_whole_three_player_game_chosen_on_the_start_screen():
    app = make_app(seed=5, bots="let", target=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("down", "left")  # the player count stands beside the preset
        await pilot.pause()
        assert app.screen.query_one("#players").value == 3
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        rules = table.table.game.rules
        assert (rules.players, rules.odd_cards, rules.kitty_size) == (3, OddCards.KITTY, 1)
        assert len(table.table.names) == 3 and len(table.table.players) == 2
        # Two opponents, left and right; nobody across.
        assert not table.query_one("#top").display or table.has_class("three")
        assert [p.id for p in table.query(SeatPanel) if p.display and p.parent.display] == ["seat-1", "seat-3"]
        rounds = await play_to_the_end(pilot, table)
        game = table.table.game
        assert game.outcome() is not None and max(game.totals) >= 30
        assert rounds == len(game.rounds)
        assert "tager også kittyen" in log_text(table)  # the last round's card list names the kitty's taker
        history = plain(app.screen.query_one("#history").content)
        assert all(name in history for name in table.table.names)


@sync
async def test_a_whole_five_player_swedish_game_from_the_flags():
    app = play_app(args_for("--players", "5", "--preset", "svensk", "--seed", "3", "--bots", "let"))
    app.settings = fast_settings("sv")
    app.setup = replace(app.setup, target=25)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        rules = table.table.game.rules
        assert (rules.players, rules.odd_cards, rules.extra_cards) == (5, OddCards.PLAY_TWICE, 2)
        assert all(table.query_one(f"#seat-{p}").display for p in (1, 2, 3, 4))
        await play_to_the_end(pilot, table)
        game = table.table.game
        assert game.outcome() is not None
        assert all(len(r.tricks[0].cards) == 7 for r in game.rounds)  # two seats played twice
        assert app.table.record is not None and load(app.table.record.path).is_finished


@sync
async def test_a_narrow_header_keeps_the_rules_name_and_drops_the_count_the_table_shows():
    """At three players with the house rules the header dropped "Dansk husregel" to fit the kitty."""
    session = fixed_table(seed=3, preset_name="dansk-hus", players=3)
    play_in_engine(session, lambda g: g.round.phase is Phase.PLAYING)
    app = HjerterfriApp(fast_settings(), table=session, make_player=lowest_players)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        header = str(app.screen.query_one("#header").render())
        assert "Dansk husregel" in header and "kitty: 1 kort" in header and "3 spillere" not in header


@sync
async def test_the_kitty_lies_face_down_until_the_first_trick_and_its_taker_is_named():
    session = fixed_table(seed=3, preset_name="dansk", players=3)
    play_in_engine(session, lambda g: g.round.phase is Phase.PLAYING)
    app = HjerterfriApp(fast_settings(), table=session, make_player=lowest_players)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        r = table.table.round
        trick = table.query_one(TrickView)
        if not r.tricks:
            assert trick.kitty == 1 and "░░░" in plain(trick.render())
            assert "kitty: 1 kort" in str(table.query_one("#header").render())
        while not table.table.round.tricks:
            await play_legal_with_keys(pilot)
            await settle(pilot)
        r = table.table.round
        taker = r.tricks[0].winner
        assert trick.kitty == 0 and "░░░" not in plain(trick.render())
        assert f"{session.names[taker]} tager også kittyen" in log_text(table)
        me = plain(table.query_one("#me").content)
        shown = app.texts.cards_sorted(cards_of(r.kitty))
        assert (shown in me) == (taker == HUMAN), (me, shown, taker)


def test_the_kitty_points_stay_hidden_from_the_human_until_the_round_is_over():
    for seed in range(1, 200):  # a deal whose kitty holds points and goes to a bot
        session = fixed_table(seed=seed, preset_name="dansk", players=5)
        play_in_engine(session, lambda g: len(g.round.tricks) >= 1)
        r = session.game.round
        if r.tricks[0].winner != HUMAN and points_of(r.kitty):
            break
    else:
        raise AssertionError("no such deal")
    taker = r.tricks[0].winner
    seen = session.game.view(HUMAN)
    assert seen.kitty_taker == taker and seen.taken[taker] == r.taken[taker] - points_of(r.kitty)
    app = HjerterfriApp(fast_settings(), table=session, make_player=lowest_players)
    asyncio.run(_panel_points(app, taker, seen.taken[taker]))


async def _panel_points(app: HjerterfriApp, taker: int, points: int) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        panel = table.query_one(f"#seat-{table.place(taker)}", SeatPanel)
        assert f"+{points} + kitty" in plain(panel.content)  # the kitty not in it, and said so


@sync
async def test_a_seat_plays_two_cards_in_the_first_swedish_trick_and_both_are_shown():
    session = fixed_table(seed=3, preset_name="svensk", players=5, lang="sv")

    def after_a_double(game) -> bool:
        r = game.round
        seats = r.trick_seats[: len(r.trick)]
        return r.phase is Phase.PLAYING and not r.tricks and len(set(seats)) < len(seats)

    play_in_engine(session, after_a_double)
    r = session.game.round
    double = next(s for s in r.trick_seats if r.trick_seats.count(s) == 2)
    cards = [c for s, c in r.trick_plays() if s == double]
    settings = fast_settings("sv")
    settings.speed = "slow"  # the next bot waits: the trick stays as it is while we look
    app = HjerterfriApp(settings, table=session, make_player=lowest_players)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        trick = table.query_one(TrickView)
        place = table.place(double)
        assert [c for p, c in trick.plays if p == place] == cards
        drawn = plain(trick.render())
        assert all(app.texts.card_short(c) in drawn for c in cards)
        assert trick.two_across


@sync
async def test_seven_players_first_trick_lies_in_one_row_each_name_once():
    """At seven players six seats play two cards to the first trick: thirteen cards. The row had room for
    twelve, so the last wrapped under the first; and each card had a column of its own, so a name was cut
    to "Alic" and said twice. Now the cards overlap like a fanned hand and a seat's two share its name."""
    session = fixed_table(seed=5, preset_name="svensk", players=7, lang="en")
    play_in_engine(session, lambda game: game.round.phase is Phase.PLAYING and len(game.round.trick) == 12)
    r = session.game.round
    assert len(r.trick_seats) == 13 and r.trick_seats[-1] == HUMAN
    settings = fast_settings("en")
    settings.speed = "slow"
    app = HjerterfriApp(settings, table=session, make_player=lowest_players)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen
        trick = table.query_one(TrickView)
        names, _, faces, _ = plain(trick.render()).splitlines()[:4]
        for seat in set(r.trick_seats[:12]):
            assert names.split().count(table.seat_name(seat)) == 1, names
        before = faces.index(app.texts.card_short(r.trick[0]))
        done = r.copy()
        done.play(done.legal_plays()[0])  # the human's card, the thirteenth
        trick.show_trick(done.tricks[0], table.place)
        await pilot.pause()
        drawn = plain(trick.render()).splitlines()
        assert len(drawn) == 4 and "You" in drawn[0]  # one row: nothing wrapped under the first card
        assert drawn[2].index(app.texts.card_short(r.trick[0])) == before  # the first card did not move
        assert all(app.texts.card_short(c) in drawn[2] for c in done.tricks[0].cards)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("da", "Første stik spilles ud med klør 3"),
        ("sv", "Första sticket spelas ut med klöver 3"),
        ("en", "The first trick is led with the 3 of clubs"),
    ],
)
def test_the_refusal_names_the_card_that_opens_when_the_two_of_clubs_is_out(lang, expected):
    rules = game_rules("svensk", 3, "no-two")
    assert rules.odd_cards is OddCards.REMOVE_TWO_OF_CLUBS
    r = Round.deal(rules, 4)
    for seat in range(3):
        r.pass_cards(seat, r.hand_cards(seat)[-3:])
    assert str(r.opening_card) == "3C"
    other = next(c for c in r.hand_cards(r.turn) if c != r.opening_card)
    with pytest.raises(IllegalMoveError) as caught:
        r.play(other)
    assert caught.value.reason is Reason.MUST_LEAD_TWO_OF_CLUBS
    assert Texts(lang).reason(caught.value) == expected


def test_the_variants_follow_the_rule_texts():
    assert variants_for("dansk", 4) == ("standard",)
    assert game_rules("dansk", 3, "left-right").pass_cycle == (PassDirection.LEFT, PassDirection.RIGHT)
    assert game_rules("svensk", 3, "no-two").deck_mask.bit_count() == 51
    with pytest.raises(ValueError, match="no variant"):
        game_rules("svensk", 5, "no-two")


def test_a_wrong_player_count_is_one_line(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--players", "9"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--players" in err and "9" in err


@sync
async def test_a_five_player_game_is_saved_and_continued_where_it_was_left():
    rules_target = 200
    app = play_app(args_for("--players", "5", "--preset", "svensk", "--seed", "8", "--bots", "let"))
    app.settings = fast_settings("sv")
    app.setup = replace(app.setup, target=rules_target)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await settle(pilot)
            r = app.screen.table.round
            if r.tricks and r.trick:
                break
            if r.phase is Phase.PASSING:
                await pass_with_keys(pilot)
            else:
                await play_legal_with_keys(pilot)
            await pilot.pause()
        left = state(app.table.game)
        path = app.table.record.path
        names = list(app.table.names)
    resumed = continue_app(args_for("continue"))
    assert isinstance(resumed, HjerterfriApp)
    resumed.settings = fast_settings("sv")
    async with resumed.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = resumed.screen
        assert isinstance(table, TableScreen) and human_waits(resumed)
        assert state(table.table.game) == left and table.table.names == names
        assert table.table.game.rules.players == 5
        await play_legal_with_keys(pilot)
        await settle(pilot)
        assert load(path).game.round.trick or load(path).game.round.tricks


def quick_hint(view):
    """A stand-in for svær: the highest legal card, at once."""
    return max(view.legal_plays, key=lambda c: (c.rank, c.suit))


class QuickHint:
    """A stand-in for svær as the hint: passes its highest cards, plays ``quick_hint``."""

    def choose_pass(self, view):
        return sorted(view.hand)[-3:]

    def choose_play(self, view):
        return quick_hint(view)


class PassesButCannotPlay(QuickHint):
    def choose_play(self, view):
        raise IndexError("no")


def advised_by(bot):
    """A table's players: LowestBot at every seat, and ``bot`` as the hint."""

    def make(seat: int, spec: str, seed: int):
        return LocalPlayer(bot) if spec in (ADVISER, PLAIN_ADVISER) else lowest_players(seat, spec, seed)

    return make


@sync
async def test_the_hint_key_names_the_card_and_marks_it_in_the_hand():
    session = fixed_table(seed=3, preset_name="dansk", players=5)
    play_in_engine(session, lambda g: g.round.phase is Phase.PLAYING and g.round.turn == HUMAN and g.round.tricks)
    app = HjerterfriApp(fast_settings(), table=session, make_player=lowest_players)
    session.make_player = advised_by(QuickHint())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        expected = quick_hint(session.game.view(HUMAN))
        await pilot.press("i")
        for _ in range(50):
            await pilot.pause(0.02)
            if table.hinted:
                break
        hand = table.query_one(HandView)
        assert hand.hinted == (expected,) and hand.current() == expected
        said = plain(table.query_one("#status").content).strip()  # the turn's words stay: they say what was led
        assert said.startswith("Din tur: ") and said.endswith(f" · Tip: spil {app.texts.card_name(expected)}")
        await pilot.press("enter")  # the cursor stands on the hinted card
        await pilot.pause()
        assert expected in [c for t in table.table.round.tricks for c in t.cards] + list(table.table.round.trick)
        assert not table.query_one(HandView).hinted  # the hint is gone with the position


@sync
async def test_a_hint_while_passing_and_a_hint_that_fails():
    session = fixed_table(seed=3, preset_name="dansk", players=3)
    app = HjerterfriApp(fast_settings(), table=session, make_player=lowest_players)
    session.make_player = advised_by(PassesButCannotPlay())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("i")
        for _ in range(50):
            await pilot.pause(0.02)
            if table.hinted:
                break
        want = sorted(session.game.round.hand_cards(HUMAN))[-3:]
        assert sorted(table.query_one(HandView).hinted) == sorted(want)
        assert f"Tip: {app.texts.cards_sorted(want)}" in plain(table.query_one("#status").content)
        await pass_with_keys(pilot)
        await settle(pilot)
        await pilot.press("i")
        for _ in range(20):
            await pilot.pause(0.02)
        assert not table.hinted and table.hint_for is None  # no hint, and the game goes on
        await play_legal_with_keys(pilot)


@sync
async def test_the_real_hint_on_one_position_is_a_legal_card():
    session = fixed_table(seed=3, preset_name="dansk", players=4)
    play_in_engine(session, lambda g: g.round.phase is Phase.PLAYING and g.round.turn == HUMAN and g.round.tricks)
    app = HjerterfriApp(fast_settings(), table=session, make_player=lowest_players)
    session.make_player = advised_by(make_bot("svær", 0))  # the real svær as the hint
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        await pilot.press("i")
        for _ in range(300):
            await asyncio.sleep(0.02)
            await pilot.pause()
            if table.hinted:
                break
        (card,) = table.hinted
        assert card in table.table.round.legal_plays()


@pytest.mark.parametrize(("players", "size"), [(6, (80, 24)), (7, (100, 30)), (8, (100, 30))])
@sync
async def test_six_to_eight_players_play_a_whole_game_at_their_size(players, size):
    import dataclasses

    table = fixed_table(seed=players, preset_name="svensk", lang="en", players=players)
    table.record.game.rules = dataclasses.replace(table.rules, target=40)
    app = HjerterfriApp(fast_settings("en"), table=table, make_player=lowest_players)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen) and not screen.has_class("too-small")
        shown = [p for p in screen.query(SeatPanel) if p.display and p.parent.display]
        assert len(shown) == players - 1  # every bot has its panel
        rounds = await play_to_the_end(pilot, screen)
        assert table.game.is_over() and rounds == len(table.game.rounds)


@sync
async def test_eight_players_say_which_terminal_they_need():
    table = fixed_table(seed=3, preset_name="svensk", lang="en", players=8)
    app = HjerterfriApp(fast_settings("en"), table=table, make_player=lowest_players)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.has_class("too-small")
        assert "100×30" in plain(app.screen.query_one("#too-small").render())


@sync
async def test_a_card_held_twice_can_be_passed_twice():
    """Two decks: the human holds a card twice; choosing each copy chooses it, and both can be passed."""
    for seed in range(1, 400):
        table = fixed_table(seed=seed, preset_name="svensk", lang="en", players=6)
        hand = table.view(HUMAN).hand
        twice = [c for c in set(hand) if hand.count(c) == 2]
        if twice:
            break
    else:
        raise AssertionError("no deal gives the human a card twice")
    card = twice[0]
    app = HjerterfriApp(fast_settings("en"), table=table, make_player=lowest_players)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        view = screen.query_one(HandView)
        first = view.cards.index(card)
        for index in (first, first + 1):
            view.cursor = index
            await pilot.press("space")
        assert screen.chosen == [card, card] and view.is_chosen(first) and view.is_chosen(first + 1)
        view.cursor = first + 1
        await pilot.press("space")  # choosing the second copy again takes one copy back
        assert screen.chosen == [card]
        view.cursor = first + 1
        await pilot.press("space")
        other = next(i for i, c in enumerate(view.cards) if c != card)
        view.cursor = other
        await pilot.press("space", "p")
        await pilot.pause()
        passed = table.round.passed[HUMAN]
        assert passed is not None and table.view(HUMAN).passed.count(card) == 2


@pytest.mark.parametrize("row", [False, True], ids=["around", "in-a-row"])
def test_a_first_trick_with_two_cards_from_its_winner_frames_only_the_card_that_took_it(row):
    """004 at 3 players: a seat plays two cards to the first trick; the frame was on both (the 2♣ that
    led looked as if it had won too)."""
    from hjerterfri.cards import parse_cards
    from hjerterfri.engine import Trick

    trick = Trick(0, tuple(parse_cards("2C 9C 7C 5C")), 0, (0, 0, 1, 2))
    assert trick.best == 1
    view = TrickView()
    if row:
        view.labels = {0: "Ida", 1: "Bo", 2: "Cy"}
    view.show_trick(trick, lambda seat: seat)
    text = view.render().plain
    assert text.count("┏") == 1 and "┃ 9♣┃" in text and "│ 2♣│" in text


@pytest.mark.parametrize(("players", "size"), [(5, (80, 24)), (6, (80, 24)), (4, (80, 24)), (5, (120, 30))])
def test_the_round_summary_shows_every_player_at_80_columns(players, size):
    """At five players with long names the history beside the round's points lost its last column (Anders
    was not there at all): the names are cut shorter, and where both still do not fit, the history alone
    shows (it holds the round's points and the totals too)."""
    from hjerterfri.tui.screens.summary import RoundSummaryScreen

    from .helpers import fixed_table, play_in_engine
    from .test_play_aids import app_at

    table = fixed_table(seed=3, lang="da", players=players, preset_name="dansk" if players < 6 else "svensk")
    for seat, name in enumerate(["Mette-Marie", "Anders-Peter", "Sofie-Louise", "Jens-Jørgen", "Karoline", "Bo"]):
        if seat < players:
            table.rename(seat, name)
    play_in_engine(table, lambda g: g.round.is_over)

    async def shown() -> tuple[list[str], bool]:
        app = app_at(table, lang="da")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.push_screen(RoundSummaryScreen(table))
            await pilot.pause()
            history = app.screen.query_one("#history")
            assert history.region.right <= size[0] - 2  # inside the frame
            beside = bool(app.screen.query("#round"))
            text = plain(history.content, width=history.region.width)
            return [line for line in text.splitlines() if line.strip()], beside

    lines, beside = asyncio.run(shown())
    heads = lines[1].split()
    assert heads[0] == "#" and len(heads) == players + 1  # every player has a column
    assert heads[1].startswith("Mett") and heads[players].startswith(
        ["Mette", "Anders", "Sofie", "Jens", "Karo", "Bo"][players - 1][:3]
    )
    assert beside is (players == 4 or size[0] > 80)


@sync
async def test_the_score_sheet_of_eight_players_is_wide_enough_for_their_names():
    """At eight players the names were cut to "Astr…" in a sheet of the usual width, with room beside it."""
    from hjerterfri.tui.screens.dialogs import ScoresScreen

    session = fixed_table(seed=3, preset_name="svensk", players=8)
    app = HjerterfriApp(fast_settings(), table=session, make_player=lowest_players)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        names = ["Astrid", "Karin", "Greta", "Olle", "Nils", "Ingrid", "Sven", "Du"]
        for count, wide in ((8, True), (4, False)):
            app.push_screen(ScoresScreen(names[:count], [tuple(range(count))] * 2))
            await pilot.pause()
            sheet = app.screen.query_one(".dialog")
            assert (sheet.region.width > 72) is wide
            app.pop_screen()
            await pilot.pause()


@sync
async def test_the_cursor_goes_to_a_card_that_may_follow_for_a_seats_second_card_in_the_first_trick():
    """At five players a seat with eleven cards plays two to the first trick: after the first, the cursor
    stayed where that card had been, on a card that could not follow (Enter said "You must follow ♣")."""
    from hjerterfri.cardface import sort_hand

    for seed in range(1, 60):
        table = fixed_table(seed=seed, lang="en", players=5, preset_name="svensk")
        play_in_engine(
            table,
            lambda g: (
                g.is_over()
                or (
                    g.round.phase is Phase.PLAYING
                    and g.round.turn == HUMAN
                    and not g.round.tricks
                    and len(g.round.hand_cards(HUMAN)) == 11
                )
            ),
        )
        if table.game.is_over():
            continue
        hand = sort_hand(table.round.hand_cards(HUMAN))
        for i, card in enumerate(hand[:-1]):
            if card not in table.round.legal_plays():
                continue
            after = table.round.copy()
            after.play(card, HUMAN)
            if after.turn == HUMAN and not after.tricks and hand[i + 1] not in after.legal_plays():
                break
        else:
            continue
        break
    else:
        raise AssertionError("no deal with a second card that cannot follow")
    from .test_play_aids import app_at

    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        view_hand = screen.query_one(HandView)
        view_hand.move_to(card)
        await pilot.press("enter")
        await settle(pilot)
        assert table.round.turn == HUMAN and len(table.round.trick) >= 1
        assert view_hand.current() in table.round.legal_plays()


@pytest.mark.parametrize(("place", "two_across"), [(2, True), (3, False), (3, True), (1, False), (0, False)])
def test_a_seats_two_cards_in_the_first_trick_read_left_to_right_in_the_order_played(place, two_across):
    """At five players the seat across left showed "J♥ J♣" for J♣ then J♥: its second card went to the left."""
    from textual.geometry import Size

    from hjerterfri.cards import parse_cards

    class Wide(TrickView):
        size = Size(70, 9)  # as at the table at 80 columns

    view = Wide()
    view.two_across = two_across
    first, second = parse_cards("JC JH")
    view.show([(place, first), (place, second)])
    line = next(line for line in view.render().plain.splitlines() if "J♣" in line)
    assert "J♥" in line and line.index("J♣") < line.index("J♥"), line


@sync
async def test_a_bot_that_took_the_kitty_face_down_shows_its_points_with_the_kitty_left_out():
    """Its "+0" stood all round beside a kitty holding Q♠; the summary then gave it 13."""
    for seed in range(1, 40):
        table = fixed_table(seed=seed, lang="en", players=3)
        play_in_engine(table, lambda g: len(g.round.tricks) == 1)
        view = table.view(HUMAN)
        if view.kitty_taker not in (None, HUMAN):
            break
    else:
        raise AssertionError("no deal whose kitty a bot took")
    from .test_play_aids import app_at

    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panels = {int(p.id.split("-")[1]): str(p.render()) for p in app.screen.query(SeatPanel) if p.display}
        place = app.screen.place(view.kitty_taker)
        assert f"+{view.taken[view.kitty_taker]} + kitty" in panels[place], panels
        others = [text for p, text in panels.items() if p != place]
        assert others and not any("kitty" in text for text in others)


def test_the_round_summary_at_five_players_keeps_the_usual_names_whole_at_80_columns():
    """ "Astr…" and "Kar…" with four columns to spare inside the frame: the last column kept a margin."""
    from hjerterfri.tui.screens.summary import RoundSummaryScreen

    from .test_play_aids import app_at

    table = fixed_table(seed=11, lang="sv", players=5, preset_name="svensk")  # the tester's game
    play_in_engine(table, lambda g: g.round.is_over and max(g.totals) >= 85)  # ten rounds: wide columns

    async def heads() -> list[str]:
        app = app_at(table, lang="sv")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(RoundSummaryScreen(table))
            await pilot.pause()
            history = app.screen.query_one("#history")
            return plain(history.content, width=history.region.width).splitlines()[1].split()

    assert asyncio.run(heads())[1:] == table.names
