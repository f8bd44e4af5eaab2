"""The coach in the app: a challenge from its code to the par, the start screen's challenge key, the review."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from hjerterfri.challenge import Challenge
from hjerterfri.coach import why_line
from hjerterfri.engine import Phase
from hjerterfri.gamelog import Undo, load
from hjerterfri.table import local_players
from hjerterfri.table.autosave import Autosave
from hjerterfri.tui.app import HjerterfriApp
from hjerterfri.tui.screens.challenge import ChallengeDialog, ChallengeEndScreen
from hjerterfri.tui.screens.review import ReviewScreen
from hjerterfri.tui.screens.start import StartScreen
from hjerterfri.tui.screens.summary import RoundSummaryScreen
from hjerterfri.tui.screens.table import TableScreen
from hjerterfri.tui.widgets.hand import HandView

from ..tui.helpers import fast_settings, make_app, pass_with_keys, plain, play_legal_with_keys, sync

CHALLENGE = Challenge("dansk", 4, "standard", 42, 2, ("let", "let", "let"))


class FakePar:
    """Par at once (the real one runs svær in a program of its own)."""

    def __init__(self, points: list[int]) -> None:
        self.points = points
        self.asked: list[Challenge] = []
        self.stopped = False

    def __call__(self, challenge: Challenge) -> list[int]:
        self.asked.append(challenge)
        return self.points

    def stop(self) -> None:
        self.stopped = True


def waiting(app) -> bool:
    screen = app.screen
    if isinstance(screen, RoundSummaryScreen | ChallengeEndScreen | ReviewScreen):
        return True
    return isinstance(screen, TableScreen) and screen.held is None and screen.table.human_to_act()


async def settle(pilot) -> None:
    for _ in range(400):
        if waiting(pilot.app):
            return
        await pilot.pause()
        if not waiting(pilot.app) and pilot.app.workers:
            await pilot.app.workers.wait_for_complete()
    raise AssertionError(f"the table never waited for the human: {pilot.app.screen!r}")


async def play_challenge(pilot) -> int:
    """The scripted human plays every deal; returns the round summaries seen."""
    app = pilot.app
    seen = 0
    for _ in range(500):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, ChallengeEndScreen):
            return seen
        if isinstance(screen, RoundSummaryScreen):
            seen += 1
            await pilot.press("enter")
        elif screen.table.round.phase is Phase.PASSING:
            screen.query_one(HandView).move_to(screen.query_one(HandView).cards[0])
            await pass_with_keys(pilot)
        else:
            await play_legal_with_keys(pilot)
        await pilot.pause()
    raise AssertionError("the challenge never ended")


@sync
async def test_a_challenge_from_its_code_to_the_par_and_the_log(tmp_path):
    par = FakePar([5, 9])
    app = HjerterfriApp(
        fast_settings("en"),
        make_player=local_players(),
        challenge=CHALLENGE,
        par_run=par,
        on_table=Autosave(tmp_path),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen.table
        assert table.record.challenge == CHALLENGE and table.seed == 42
        for _ in range(100):  # the bots' passes first: their coming clears the status line
            if all(p is not None for s, p in enumerate(table.round.passed) if s != table.human):
                break
            await pilot.pause(0.02)
        await pilot.press("i")  # the hint is svær, which is the par: none in a challenge
        await pilot.pause()
        assert "No hints in a challenge" in str(app.screen.query_one("#status").render())
        assert app.screen.hint_for is None and not app.screen.check_action("hint", ())  # nor in the footer
        assert app.screen.check_action("accept_hint", ()) is False  # not even dimmed: there is never one to take
        hint_view, app.screen._hint_view = app.screen._hint_view, lambda: None  # out of turn: it said nothing
        app.screen._clear()
        app.screen.refresh_table()
        assert "No hints" not in str(app.screen.query_one("#status").render())
        await pilot.press("i")
        await pilot.pause()
        assert "No hints in a challenge" in str(app.screen.query_one("#status").render())
        app.screen._hint_view = hint_view
        header = plain(app.screen.query_one("#header").render())
        assert f"Challenge: deal 1 of {CHALLENGE.deals}" in header, header  # said only in a notice at its start
        await pilot.press("question_mark")  # nor in the help, which listed it
        help_text = "".join(plain(w.content) for w in app.screen.query(Static))
        assert "no hints in a challenge" in help_text and "hint's cards" not in help_text
        await pilot.press("question_mark")
        assert await play_challenge(pilot) == 2
        assert par.asked == [CHALLENGE]
        screen = app.screen
        assert isinstance(screen, ChallengeEndScreen)
        await pilot.pause()
        result = screen.query_one("#result")
        assert result.size.width >= 20 and result.size.height >= 10  # on screen, not squeezed away
        text = "".join(plain(w.content) for w in screen.query(Static))
        mine = [r.scores()[0] for r in table.game.rounds]
        assert len(mine) == 2 and not table.game.is_over()
        you, total = sum(mine), 14
        if you < total:
            assert f"You {you}, par {total}: {total - you} better than par" in text
        elif you > total:
            assert f"You {you}, par {total}: {you - total} worse than par" in text
        assert CHALLENGE.code in text and f"hjerterfri --challenge {CHALLENGE.code}" in text
        record = load(table.record.path)
        assert record.challenge == CHALLENGE and record.par == (5, 9) and record.is_finished
        await pilot.press("n")  # a new challenge: the next seed, the same opponents
        await settle(pilot)
        assert app.screen.table.record.challenge.seed == 43
    assert par.stopped


@sync
async def test_the_end_screen_shows_the_par_when_it_comes_after_the_last_deal():
    class Late(FakePar):
        def __call__(self, challenge):
            raise ValueError("not yet")

    app = HjerterfriApp(fast_settings("en"), make_player=local_players(), challenge=CHALLENGE, par_run=Late([]))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_challenge(pilot)
        screen = app.screen
        assert "Working out par" in plain(screen.query_one("#result").content)
        app.post_message(app.ParDone(screen.table, [1, 2], None))
        await pilot.pause()
        assert "par 3" in plain(screen.query_one("#result").content)
        assert "Undo used" not in plain(screen.query_one("#result").content)
        screen.table.record.undos.append(
            Undo(round=1, seat=0, kept=3, cards=screen.table.game.rounds[0].tricks[1].cards)
        )
        screen.par_ready()
        assert "Undo used 1 time" in plain(screen.query_one("#result").content)  # beside par, as at a game's end


@pytest.mark.parametrize(("lang", "says"), [("en", "version 2 of the dealing"), ("sv", "version 2 av givningen")])
@sync
async def test_the_start_screen_plays_a_typed_code_and_refuses_a_bad_one_in_a_line(lang, says):
    """In the player's language (the dialog said it in English in every language)."""
    app = make_app(seed=3, lang=lang)
    app.par_run = FakePar([0, 0])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, ChallengeDialog)
        app.screen.query_one("#code", Input).value = "HJ2-Y4G1-A700-4S"
        await pilot.press("enter")
        await pilot.pause()
        error = str(app.screen.query_one("#challenge-error").render())
        assert isinstance(app.screen, ChallengeDialog) and says in error
        app.screen.query_one("#code", Input).value = CHALLENGE.code.lower()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.table.record.challenge == CHALLENGE


@sync
async def test_enter_alone_in_the_challenge_dialog_deals_new_deals_with_the_start_screens_choices():
    app = make_app(seed=11, lang="en")
    app.par_run = FakePar([0] * 8)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        challenge = app.screen.table.record.challenge
        assert challenge == Challenge("dansk", 4, "standard", 11, 8, ("middel",) * 3)


@sync
async def test_the_round_summary_opens_the_review_of_the_round(small_budget):
    app = HjerterfriApp(fast_settings("en"), make_player=local_players(), challenge=CHALLENGE, par_run=FakePar([0, 0]))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(300):
            await settle(pilot)
            if isinstance(app.screen, RoundSummaryScreen):
                break
            if app.screen.table.round.phase is Phase.PASSING:
                await pass_with_keys(pilot)
            else:
                await play_legal_with_keys(pilot)
            await pilot.pause()
        hint = str(app.screen.query_one(".hint", Static).render())
        assert hint == "Enter: next round · v: what your choices cost"  # (a player pressed Enter and lost it)
        await pilot.click(".hint", offset=(hint.index("v:") + 3, 0))  # a click on the hint's "v" part
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        review = screen.review
        assert review is not None and [r.number for r in review.rounds] == [1]
        record = screen.record
        first = record.game.rounds[0]
        seats = [s for t in first.tricks for s in t.seats]
        at = next((e.at for e in record.endings if e.round == 1), len(seats))  # no points left: the rest at once
        assert len(review.decisions) == 1 + seats[:at].count(screen.seat)  # the pass and the cards chosen
        total = f"{review.cost:.1f} ± {review.margin:.1f}"  # (the total is more than the costly ones shown)
        screen.query_one("#header").styles.width = 100
        await pilot.pause()
        header = str(screen.query_one("#header").render())
        assert header.startswith(" Review") and f"Round 1: all choices together: {total} points" in header
        screen.query_one("#header").styles.width = 60  # narrower, the total is said more shortly, but whole
        await pilot.pause()
        header = str(screen.query_one("#header").render())
        assert header.startswith(" Review") and f"Round 1: in all {total}" in header and "…" not in header
        assert screen.costly, "the scripted human (the first legal card) makes costly choices"
        worst = screen.costly[0]
        assert worst.cost == max(d.cost for d in review.decisions if d.named)  # named: more than its margin
        status = str(screen.query_one("#status").render())
        assert "Round 1" in status and "cost" in status
        hand = screen.query_one(HandView)
        assert hand.hinted == worst.best and hand.chosen == worst.played
        if len(screen.costly) > 1:
            await pilot.press("right")
            assert screen.index == 1
        told = [i for i, d in enumerate(screen.costly) if d.why is not None and why_line(app.texts, "Ida", d)]
        assert told, "a costly choice says why"
        while screen.index != told[0]:
            await pilot.press("right")
        assert "\nWhy, on the sampled deals: " in str(screen.query_one("#status").render())
        await pilot.press("question_mark")  # the review's own keys and marks (? did nothing)
        await pilot.pause()
        help_text = "".join(plain(w.content) for w in app.screen.query(Static))
        assert "the next costly choice" in help_text and "the card you played stands raised" in help_text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RoundSummaryScreen)


@sync
async def test_the_review_of_a_two_deck_game_says_why_it_cannot_be_weighed():
    """v on a summary at six players crashed the app (the analysis refuses two decks): now a line says why."""
    app = make_app(seed=3, lang="sv", skip_start=True, preset="svensk", players=6)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ReviewScreen(app.screen.table.record, 0))
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.return_code is None
        assert "Boten svår bedömer bara spel med en kortlek" in str(app.screen.query_one("#working").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@sync
async def test_each_deals_summary_says_how_the_challenge_goes(tmp_path):
    """The par was said only at the end: halfway a player could not tell whether they were ahead of it."""
    app = HjerterfriApp(
        fast_settings("en"), make_player=local_players(), challenge=CHALLENGE, par_run=FakePar([5, 9]),
        on_table=Autosave(tmp_path),
    )  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(300):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, RoundSummaryScreen):
                break
            if screen.table.round.phase is Phase.PASSING:
                await pass_with_keys(pilot)
            else:
                await play_legal_with_keys(pilot)
            await pilot.pause()
        assert isinstance(app.screen, RoundSummaryScreen)
        await pilot.pause()
        you = app.screen.table.record.human_points()[0]
        said = app.texts.verdict(you, 5)
        head = app.screen.query_one("#summary").content.renderables
        assert f"After 1 deal: {said}" in [line.plain for line in head]
