"""The replay viewer: keys move through the game; positions are the engine's, replayed from the log."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hjerterfri.cardface import Deck
from hjerterfri.cards import Suit, cards_of
from hjerterfri.gamelog import load
from hjerterfri.tui.replay import ReplayApp, position, timeline
from hjerterfri.tui.widgets.hand import HandView, sort_hand
from hjerterfri.tui.widgets.trick import TrickView

from ..tui.helpers import plain
from .helpers import new_record, play_out

DATA = Path(__file__).parent.parent / "data" / "logs"


def test_the_last_step_is_the_game_as_logged():
    record = play_out(new_record(seed=3), actions=150)
    steps = timeline(record.game)
    last = position(record.game, steps[-1])
    assert state_of(last) == state_of(record.game.round)
    first = position(record.game, steps[0])
    assert first.dealt == record.game.rounds[0].dealt and not first.tricks and not first.trick


def state_of(r):
    return (r.hands, r.phase, r.turn, r.tricks, r.trick, r.taken)


def test_keys_move_by_card_trick_and_round():
    asyncio.run(_test_keys_move_by_card_trick_and_round())


async def _test_keys_move_by_card_trick_and_round():
    app = ReplayApp(load(DATA / "valid-finished.json", lenient=True), "en")
    async with app.run_test(size=(100, 30)) as pilot:
        game = app.game
        assert app.index == 0
        await pilot.press("right", "right")
        assert position(game, app.steps[app.index]).trick == list(game.rounds[0].tricks[0].cards[:1])
        await pilot.press("down")
        r = position(game, app.steps[app.index])
        assert len(r.tricks) == 1 and not r.trick
        await pilot.press("down", "up")
        assert len(position(game, app.steps[app.index]).tricks) == 1
        await pilot.press("pagedown")
        assert app.steps[app.index].round_index == 1 and app.steps[app.index].cards == 0
        await pilot.press("3")
        assert app.steps[app.index].round_index == 2
        await pilot.press("end")
        assert app.index == len(app.steps) - 1
        await pilot.press("left")
        assert app.index == len(app.steps) - 2


def test_the_header_leaves_out_the_rules_name_when_the_line_is_too_narrow():
    asyncio.run(_test_the_header_leaves_out_the_rules_name())


async def _test_the_header_leaves_out_the_rules_name():
    app = ReplayApp(load(DATA / "valid-finished.json", lenient=True), "sv")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*["right"] * 12)
        await pilot.pause()
        header = app.query_one("#header")
        assert str(header.render()).startswith(" Repris · Dansk · Giv 1") and "♥" in str(header.render())
        await pilot.resize_terminal(70, 24)
        await pilot.pause()
        assert str(header.render()).startswith(" Repris · Giv 1 · ")  # the rest of it ends in "…"


def test_hands_face_down_until_toggled():
    asyncio.run(_test_hands_face_down_until_toggled())


async def _test_hands_face_down_until_toggled():
    app = ReplayApp(load(DATA / "valid-finished.json", lenient=True), "en")
    async with app.run_test(size=(100, 30)) as pilot:
        nord = app.query_one("#seat-1")
        assert "13 cards" in str(nord.render()) and "♦" not in str(nord.render())
        await pilot.press("a")
        dealt = app.game.rounds[0].dealt[1]
        high_first = sorted(cards_of(dealt), key=lambda c: -c.rank)
        hearts = " ".join(Deck().rank(c) for c in high_first if c.suit is Suit.HEARTS)
        assert "♦" in str(nord.render()) and f"♥ {hearts}" in str(nord.render())
        await pilot.press("a")
        assert "♦" not in str(nord.render())


def test_the_replay_is_drawn_with_the_tables_widgets():
    asyncio.run(_test_the_replay_is_drawn_with_the_tables_widgets())


async def _test_the_replay_is_drawn_with_the_tables_widgets():
    app = ReplayApp(load(DATA / "valid-finished.json", lenient=True), "en")
    async with app.run_test(size=(100, 30)) as pilot:
        game = app.game
        human = app.record.human_seat
        hand = app.query_one(HandView)
        assert list(hand.cards) == sort_hand(cards_of(game.rounds[0].dealt[human]))
        await pilot.press("right", "right", "right")  # the exchange, then two cards
        r = position(game, app.steps[app.index])
        trick = app.query_one(TrickView)
        assert [card for _place, card in trick.plays] == list(r.trick) and len(r.trick) == 2
        assert {place for place, _card in trick.plays} == {app.screen_seat(s) for s, _c in r.trick_plays()}
        assert "#" in plain(app.query_one("#scores").content)
        await pilot.press("end")
        scores = plain(app.query_one("#scores").content)
        assert " ".join(map(str, game.totals)) in " ".join(scores.split("Σ")[-1].split())
        assert not app.query_one("#scores").display  # 100 columns: the table needs them all
        await pilot.press("s")  # so the score table comes over it
        sheet = plain(app.screen.query_one("#score-sheet").content)
        assert " ".join(map(str, game.totals)) in " ".join(sheet.split("Σ")[-1].split())
        await pilot.press("escape")
        assert isinstance(app.screen.query_one(TrickView), TrickView)


def test_a_wide_terminal_shows_the_scores_beside_the_table():
    asyncio.run(_test_a_wide_terminal_shows_the_scores_beside_the_table())


async def _test_a_wide_terminal_shows_the_scores_beside_the_table():
    app = ReplayApp(load(DATA / "valid-finished.json", lenient=True), "en")
    async with app.run_test(size=(130, 30)) as pilot:
        assert app.query_one("#scores").display
        await pilot.press("s")
        assert not app.query_one("#scores").display


def test_a_refused_log_opens_at_the_problem():
    asyncio.run(_test_a_refused_log_opens_at_the_problem())


async def _test_a_refused_log_opens_at_the_problem():
    app = ReplayApp(load(DATA / "not-following-suit-round-3-trick-6.json", lenient=True), "en")
    async with app.run_test(size=(100, 30)):
        assert "round 3, trick 6" in str(app.query_one("#refused").render())
        assert app.steps[app.index].round_index == 2


def test_a_round_with_a_longer_first_trick_replays_to_its_last_card():
    """004 at 3 players: one seat plays two cards in the first trick, so a round holds 52 cards in 17 tricks;
    the viewer's last step of each round is the finished round, every card played."""
    import dataclasses

    from hjerterfri.rules import preset

    from .helpers import SEATS

    rules = dataclasses.replace(preset("svensk", players=3), target=40)
    record = new_record_with(rules, SEATS[:3])
    play_out(record)
    game = record.game
    steps = timeline(game)
    for i, r in enumerate(game.rounds):
        last = max((s for s in steps if s.round_index == i), key=lambda s: s.cards)
        assert last.cards == 52
        assert state_of(position(game, last)) == state_of(r)


def new_record_with(rules, seats):
    from hjerterfri.gamelog import GameRecord

    from .helpers import STARTED

    return GameRecord.new(rules, 5, seats, STARTED)


def test_an_unfinished_round_counts_its_whole_tricks_and_shows_the_kitty_lying():
    """A 3-player Danish round saved after the pass and one card: 'trick 1/17' (it said 1/1), and the kitty's
    card face down in the middle as at the table, until the first trick is taken; then who took it, and what."""
    asyncio.run(_test_an_unfinished_round())


async def _test_an_unfinished_round():
    import tempfile

    from hjerterfri.gamelog import save
    from hjerterfri.rules import preset

    from .helpers import SEATS

    record = new_record_with(preset("dansk", players=3), SEATS[:3])
    for actions, header, kitty in ((4, " · trick 1/17 · ", 1), (2, " · trick 1/17 · ", 0), (3, " · trick 2/17 · ", 0)):
        play_out(record, actions=actions)  # three passes and a card; the first trick; a card of the second
        with tempfile.TemporaryDirectory() as tmp:
            save(record, Path(tmp) / "game.json")
            app = ReplayApp(load(Path(tmp) / "game.json", lenient=True), "en")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("end")
            await pilot.pause()
            assert header in str(app.query_one("#header").render())
            assert app.query_one(TrickView).kitty == kitty
            status = plain(app.query_one("#status").render())
            if actions == 2:  # the first trick just taken: and the kitty with it, said (it never was)
                r = record.game.round
                taker = record.seats[r.tricks[0].winner].name
                said = app.texts.cards_sorted(cards_of(r.kitty))
                assert f"{taker} takes the kitty: {said}" in status or f"You take the kitty: {said}" in status


def test_the_steps_of_the_exchange_say_who_passes_what_and_what_came_in():
    """The step after the passes said "the cards are dealt", and the pass had no subject."""
    asyncio.run(_test_the_steps_of_the_exchange())


async def _test_the_steps_of_the_exchange():
    partial = load(DATA / "valid-finished.json", lenient=True)
    record = partial.record
    first = record.game.rounds[0]
    me = partial.record.human_seat or 0
    app = ReplayApp(partial, "en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        status = str(app.query_one("#status").render())
        name = record.seats[me].name
        assert status.startswith(f"{name} passes ") and first.passed[me] is not None
        await pilot.press("right")
        await pilot.pause()
        status = str(app.query_one("#status").render())
        received = first.received(me)
        assert received is not None and status.startswith(f"{name} got ") and " from " in status


def test_a_rounds_last_step_shows_its_points_beside_the_total_as_the_table_does():
    """It added the round into the total and showed its points beside it again ("31 points · +13 this round")."""
    asyncio.run(_test_round_end_totals())


async def _test_round_end_totals():
    app = ReplayApp(load(DATA / "valid-finished.json", lenient=True), "en")
    async with app.run_test(size=(100, 30)) as pilot:
        checked = 0
        for round_index in range(len(app.game.rounds)):
            last = max(i for i, step in enumerate(app.steps) if step.round_index == round_index)
            app.go(last)
            await pilot.pause()
            r = position(app.game, app.steps[last])
            before, mine = app.totals_before(round_index)[app.bottom], r.scores()[app.bottom]
            me = plain(app.query_one("#me").render())
            assert f"· {before} points · +{mine} this round" in me, me
            checked += mine > 0
        assert checked


def test_the_viewer_lists_its_keys_and_says_why_a_finished_game_cannot_be_played_on():
    """`w` was in no footer and `?` did nothing; `b` at a finished game's end pointed to `hjerterfri replay`."""
    asyncio.run(_test_viewer_help_and_branch_over())


async def _test_viewer_help_and_branch_over():
    from hjerterfri.tui.screens.dialogs import HelpScreen

    app = ReplayApp(load(DATA / "valid-finished.json", lenient=True), "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "w          the table seen from the next seat" in plain(app.screen.query("Static").last().content)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("end", "b")
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["The game is over: there is nothing to play on from here"]
        assert app.branched is None


def test_the_step_that_ends_a_trick_names_its_last_card_and_who_took_it():
    """It said only "Ida takes the trick (13 points)": the card that ended it was never said (screen readers)."""
    asyncio.run(_test_the_step_that_ends_a_trick())


async def _test_the_step_that_ends_a_trick():
    partial = load(DATA / "valid-finished.json", lenient=True)
    first = partial.record.game.rounds[0].tricks[0]
    names = [s.name for s in partial.record.seats]
    app = ReplayApp(partial, "en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("right", "down")  # after the passes, the first trick's end
        await pilot.pause()
        assert len(position(app.game, app.steps[app.index]).tricks) == 1
        status = str(app.query_one("#status").render())
        last = first.cards[-1]
        taker = names[first.winner]
        said = f"{names[first.seat_of(len(first.cards) - 1)]}: {app.texts.card_name(last)} · "
        assert status.startswith(said) and taker in status.removeprefix(said), status
        await pilot.press("pagedown", "left")  # the first round's last step: its last trick, then the round's end
        await pilot.pause()
        final = partial.record.game.rounds[0].tricks[-1]
        status = str(app.query_one("#status").render())
        ender = names[final.seat_of(len(final.cards) - 1)]
        assert status.startswith("Round 1 is over · ")  # first: cut at the line's end, it lost "☾ Jens shot…"
        assert f" · {ender}: {app.texts.card_name(final.cards[-1])}" in status, status
        await pilot.press("end")  # the game's last step says who won
        await pilot.pause()
        game = partial.record.game
        outcome = game.outcome()
        assert outcome is not None
        said = app.texts.outcome(outcome.kind, [names[s] for s in outcome.winners])
        status = str(app.query_one("#status").render())
        assert status.startswith(f"Round {len(game.rounds)} is over") and said in status, status


def test_the_last_step_of_a_finished_challenge_says_how_it_went(tmp_path):
    """It said "Round 2 is over" and nothing of the par."""
    asyncio.run(_test_the_last_step_of_a_finished_challenge(tmp_path))


async def _test_the_last_step_of_a_finished_challenge(tmp_path):
    from hjerterfri.gamelog import save

    from .helpers import finished_challenge

    record = finished_challenge((1, 2))
    you = sum(r.scores()[record.challenge.human] for r in record.game.rounds)
    save(record, tmp_path / "c.json")
    app = ReplayApp(load(tmp_path / "c.json", lenient=True), "en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("end")
        await pilot.pause()
        assert app.texts.verdict(you, 3) in str(app.query_one("#status").render())
