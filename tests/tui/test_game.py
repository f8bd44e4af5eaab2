"""Pilot tests: a whole game from the start screen to the result, and a refused card."""

from __future__ import annotations

import time

import pytest

from hjerterfri.cards import Card
from hjerterfri.engine import IllegalMoveError, Phase, Reason
from hjerterfri.tui.screens.dialogs import QuitScreen
from hjerterfri.tui.screens.start import StartScreen
from hjerterfri.tui.screens.table import LATE_KEY, TableScreen
from hjerterfri.tui.widgets.choice import Choice
from hjerterfri.tui.widgets.hand import HandView

from .helpers import (
    HUMAN,
    human_waits,
    make_app,
    pass_with_keys,
    plain,
    play_legal_with_keys,
    play_to_the_end,
    settle,
    sync,
)


@sync
async def test_a_whole_game_from_the_start_screen_to_the_result():
    app = make_app(seed=34)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        # Choose the Swedish preset: the language follows it.
        await pilot.press("right", "right")
        assert app.screen.query_one("#preset", Choice).value == "svensk"
        assert app.settings.lang == "sv"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        table = app.screen
        assert table.table.game.rules.name == "svensk"
        rounds_seen = await play_to_the_end(pilot, table)
        game = table.table.game
        outcome = game.outcome()
        assert outcome is not None
        assert max(game.totals) >= 100
        assert rounds_seen == len(game.rounds)
        text = plain(app.screen.query_one("#result").content)
        assert "Spelet är slut" in text
        winner_names = [table.table.names[s] for s in outcome.winners]
        assert all(name in text for name in winner_names)
        # Quitting from the result needs no confirmation; from the table it asks (tested below).
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


@sync
async def test_the_quit_dialog_names_its_keys_and_j_is_yes_in_danish():
    app = make_app(seed=3, skip_start=True, lang="da")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        labels = [str(b.label) for b in app.screen.query("Button")]
        assert labels == ["Ja, afslut (j)", "Nej, spil videre (n)"]
        await pilot.press("j")
        await pilot.pause()
    assert app.return_code == 0


@sync
async def test_an_illegal_card_is_refused_with_its_reason_and_nothing_changes():
    app = make_app(seed=3, skip_start=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pass_with_keys(pilot)
        await settle(pilot)
        r = table.table.round
        assert r.phase is Phase.PLAYING and r.turn == HUMAN
        legal = set(r.legal_plays())
        illegal = [c for c in r.hand_cards(HUMAN) if c not in legal]
        assert illegal, "seed 3 gives the human a card it may not play on its first turn"
        before = (list(r.hands), list(r.trick), r.turn, len(r.tricks))
        hand = table.query_one(HandView)
        hand.move_to(illegal[0])
        await pilot.press("enter")
        await pilot.pause()
        assert (list(r.hands), list(r.trick), r.turn, len(r.tricks)) == before
        status = str(table.query_one("#status").render())
        with pytest.raises(IllegalMoveError) as refusal:
            r.copy().play(illegal[0])
        led = r.trick[0].suit.symbol if r.trick else "?"
        expected = {
            Reason.MUST_FOLLOW_SUIT: f"Du skal bekende {led}",
            Reason.NO_POINTS_ON_FIRST_TRICK: "I første stik må du ikke smide hjerter eller spar dame af",
            Reason.HEARTS_NOT_BROKEN: "Hjerter er ikke åbnet endnu",
            Reason.MUST_LEAD_TWO_OF_CLUBS: "Første stik spilles ud med klør 2",
        }[refusal.value.reason]
        assert expected in status
        assert table.query_one("#status").has_class("error")
        # Then a legal card goes through and the message is gone.
        await play_legal_with_keys(pilot)
        await pilot.pause()
        assert r.hands[HUMAN].bit_count() == 12
        assert not table.query_one("#status").has_class("error")


@sync
async def test_a_click_on_a_card_plays_it():
    app = make_app(seed=3, skip_start=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_with_keys(pilot)
        await settle(pilot)
        table = app.screen
        hand = table.query_one(HandView)
        legal = table.table.round.legal_plays()
        index = hand.cards.index(legal[0])
        x = hand._left_edge() + index * 6 + 2
        await pilot.click(HandView, offset=(x, 2))
        await pilot.pause()
        assert legal[0] not in table.table.round.hand_cards(HUMAN)


@sync
async def test_passing_choose_unchoose_and_the_received_cards_are_marked():
    app = make_app(seed=5, skip_start=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        hand = table.query_one(HandView)
        first = hand.cards[0]
        await pilot.press("space")
        assert table.chosen == [first]
        await pilot.press("space")
        assert table.chosen == []
        # p does nothing until three are chosen
        await pilot.press("p")
        assert table.table.round.passed[HUMAN] is None
        await pass_with_keys(pilot)
        await settle(pilot)
        received = table.table.round.received(HUMAN)
        assert received is not None and received.bit_count() == 3
        assert {int(c) for c in hand.received} == {c for c in range(52) if received >> c & 1}


@sync
async def test_home_and_end_go_to_the_first_and_the_last_card():
    app = make_app(seed=5, skip_start=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one(HandView)
        await pilot.press("end", "space")
        assert hand.cursor == len(hand.cards) - 1 and app.screen.chosen == [hand.cards[-1]]
        await pilot.press("home", "space")
        assert hand.cursor == 0 and app.screen.chosen == [hand.cards[-1], hand.cards[0]]


@sync
async def test_quit_asks_first():
    app = make_app(seed=3, skip_start=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


@sync
async def test_a_small_terminal_says_what_it_needs_and_recovers():
    app = make_app(seed=3, skip_start=True)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        table = app.screen
        assert table.has_class("too-small")
        assert "80×24" in str(table.query_one("#too-small").render())
        await pilot.press("space", "right", "space", "right", "space", "p", "i", "u", "c")  # nothing done unseen
        await pilot.pause()
        assert table.chosen == [] and table.table.round.passed[HUMAN] is None and table.hint_for is None
        assert not table.message  # u and c did not even say why they do not apply
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not table.has_class("too-small")
        await pilot.press("space")
        assert len(table.chosen) == 1


@sync
async def test_every_action_goes_through_one_hook():
    seen = []
    app = make_app(seed=3, skip_start=True, on_table=lambda t: t.listeners.append(lambda _t, a: seen.append(a)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_with_keys(pilot)
        await settle(pilot)
        passes = [a for a in seen if a.kind == "pass"]
        assert sorted(a.seat for a in passes) == [0, 1, 2, 3]
        plays = [a for a in seen if a.kind == "play"]
        r = app.screen.table.round
        assert [a.cards[0] for a in plays] == list(r.trick)
        assert plays and plays[0].cards[0] == Card.parse("2C")


async def to_a_held_trick(pilot) -> TableScreen:
    """From the deal, with held tricks on: pass, then play on until a finished trick waits for a key."""
    await settle(pilot)
    await pass_with_keys(pilot)
    table = pilot.app.screen
    await until_held(pilot, table)
    return table


async def until_held(pilot, table: TableScreen) -> None:
    """Play on (the first legal card) until a finished trick waits for a key, and a moment longer (a key at
    once is taken as the second click of a double click, and lets nothing go)."""
    for _ in range(200):
        await pilot.pause()
        if table.held is not None:
            table._held_at -= LATE_KEY
            return
        if human_waits(pilot.app):
            await play_legal_with_keys(pilot)
    raise AssertionError("no trick was held")


@sync
async def test_a_finished_trick_can_wait_for_a_key():
    app = make_app(seed=3, skip_start=True)
    app.settings.hold_trick = True
    async with app.run_test(size=(80, 24)) as pilot:
        table = await to_a_held_trick(pilot)
        tricks = len(table.table.round.tricks)
        await pilot.pause(0.2)
        assert table.held is not None and len(table.table.round.tricks) == tricks  # nothing moves on by itself
        tracker = app.settings.tracker
        await pilot.press("k")  # a key with a task does it, and the trick still waits
        await pilot.pause()
        assert app.settings.tracker != tracker and table.held is not None
        await pilot.press("x")
        await pilot.pause()
        assert table.held is None


@sync
async def test_a_click_on_the_table_lets_a_held_trick_go_and_a_click_on_a_card_plays_nothing_with_it():
    """Only a click on a card of the hand released a held trick; a click elsewhere did nothing."""
    app = make_app(seed=3, skip_start=True)
    app.settings.hold_trick = True
    async with app.run_test(size=(80, 24)) as pilot:
        table = await to_a_held_trick(pilot)
        await pilot.click("#trick")
        await pilot.pause()
        assert table.held is None
        await until_held(pilot, table)  # the next trick, held in turn: a click on a card only lets it go
        hand = len(table.table.round.hand_cards(HUMAN))
        await pilot.click(HandView, offset=(table.query_one(HandView).size.width // 2, 1))
        await pilot.pause()
        assert table.held is None and len(table.table.round.hand_cards(HUMAN)) == hand


@sync
async def test_two_changes_at_once_in_the_settings_leave_the_dialog_working():
    """Two ←/→ in one burst (a key held down, a paste): the second once reached a line the first change's
    rebuild had removed, and the dialog took no key after it."""
    from hjerterfri.tui.screens.dialogs import SettingsScreen
    from hjerterfri.tui.widgets.choice import Choice

    app = make_app(seed=3, skip_start=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        lang = screen.query_one("#lang", Choice)
        lang.focus()
        lang.action_step(1)  # both before either is applied
        lang.action_step(1)
        await pilot.pause()
        assert app.settings.lang == "en" and app.focused is lang and lang.is_attached  # da, sv, en
        assert "Settings" in str(screen.query_one("#settings-title").render())
        await pilot.press("down", "right")  # and keys still work: the next line
        assert app.settings.bot_limit != make_app(seed=3).settings.bot_limit
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@sync
async def test_every_setting_on_the_settings_screen_changes_its_setting():
    from hjerterfri.tui.screens.dialogs import SettingsScreen

    app = make_app(seed=3, skip_start=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = dict(vars(app.settings))
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        for _ in range(12):  # each choice in turn: one step to the right, then down to the next
            await pilot.press("right", "down")
        await pilot.pause()
        after = vars(app.settings)
        changed = {k for k in before if before[k] != after[k]}
        assert changed == {
            "speed",
            "trick_pause",
            "hold_trick",
            "hide_round_points",
            "four_colour",
            "ascii",
            "lang",
            "bot_limit",
            "tracker",
            "undo",
            "finish_pointless",
            "play_forced",
        }
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@sync
async def test_a_double_click_on_the_card_that_completes_a_trick_leaves_the_trick_in_view():
    """The second click of a double click let the trick go before it was seen (with tricks held for a key);
    a click a moment later does."""
    app = make_app(seed=3, skip_start=True)
    app.settings.hold_trick = True
    async with app.run_test(size=(80, 24)) as pilot:
        table = await to_a_held_trick(pilot)
        table._held_at = time.monotonic()  # just completed
        hand = table.query_one(HandView)
        await pilot.click(HandView, offset=(hand.size.width // 2, 1))
        await pilot.pause()
        assert table.held is not None
        table._held_at -= LATE_KEY
        await pilot.click(HandView, offset=(hand.size.width // 2, 1))
        await pilot.pause()
        assert table.held is None


@pytest.mark.parametrize(("name", "players"), [("Mette", 4), ("mette", 8), ("Lars", 8)])
def test_no_bot_takes_the_players_name(name, players):
    """`--name Mette` sat Mette against Mette, Jens and Sofie."""
    from hjerterfri.table import Setup

    from .helpers import make_app

    app = make_app(lang="da")
    table = app.new_table(Setup(preset="svensk" if players > 5 else "dansk", seed=1, name=name, players=players))
    names = table.names
    assert names[0] == name and len(names) == players
    assert [n.casefold() for n in names].count(name.casefold()) == 1 and len(set(names)) == players
    table.close()
