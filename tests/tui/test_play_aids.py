"""What players of other Hearts programs expect, in the app: undo, claim, a round without points ended at
once, a forced card played for you, what you passed and received, the card tracker, the kitty, and passing
without friction."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from hjerterfri.cards import Card, cards_of
from hjerterfri.engine import Phase, Round
from hjerterfri.gamelog import load
from hjerterfri.table import Decision, Table
from hjerterfri.table.autosave import Autosave
from hjerterfri.tui.app import HjerterfriApp
from hjerterfri.tui.screens.dialogs import LastTrickScreen
from hjerterfri.tui.screens.summary import GameEndScreen, RoundSummaryScreen
from hjerterfri.tui.screens.table import TableScreen
from hjerterfri.tui.widgets.hand import HandView

from ..table.test_table import HEARTS_DRAWN
from .helpers import (
    HUMAN,
    fast_settings,
    fixed_table,
    lowest_players,
    pass_with_keys,
    plain,
    play_in_engine,
    play_legal_with_keys,
    settle,
    sync,
)
from .test_player_counts import QuickHint, advised_by


def app_at(table: Table, lang: str = "en", **settings) -> HjerterfriApp:
    s = fast_settings(lang)
    for name, value in settings.items():
        setattr(s, name, value)
    return HjerterfriApp(s, table=table, make_player=lowest_players)


def status(app: HjerterfriApp) -> str:
    return plain(app.screen.query_one("#status").content).strip()


def notes(app: HjerterfriApp) -> str:
    return plain(app.screen.query_one("#notes").content).strip()


def my_turn_in_play(game) -> bool:
    r = game.round
    return r.phase is Phase.PLAYING and r.turn == HUMAN and len(r.tricks) >= 3


def hearts_drawn_table(seems: bool = False, **rules) -> Table:
    """The claim position of the table tests, with LowestBot at the other seats (``rules``: rules changed)."""
    from ..table.test_table import dealt_table

    hands = HEARTS_DRAWN[:]
    if seems:
        hands[0] = hands[0].replace("4H", "KS")
        hands[3] = hands[3].replace("KS", "4H")
    table = dealt_table(hands, **rules)
    table.make_player = lowest_players
    table.players = {s: lowest_players(s, "", 0) for s in table.players}
    return table


@sync
async def test_undo_three_times_takes_back_three_of_your_cards_and_the_log_keeps_each(tmp_path):
    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, my_turn_in_play)
    Autosave(tmp_path)(table)
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        positions = []
        for _ in range(3):
            positions.append(table.round.copy())
            await play_legal_with_keys(pilot)
            await settle(pilot)
        for back in reversed(positions):
            await pilot.press("u")
            await settle(pilot)
            assert table.round == back
            undo = table.record.undos[-1]
            mine = app.texts.card_short(undo.cards[0])
            if len(undo.cards) > 1:  # it listed the others' cards as if they were yours
                after = "card" if len(undo.cards) == 2 else "cards"
                assert status(app).startswith(f"Taken back: {mine} (and the {after} after it: ")
            else:
                assert status(app) == f"Taken back: {mine}"
        assert len(table.record.undos) == 3 and all(u.seat == HUMAN for u in table.record.undos)
        assert load(table.record.path).undos == table.record.undos
        await play_legal_with_keys(pilot)  # the bots decide afresh and the game goes on
        await settle(pilot)


@sync
async def test_undo_off_in_the_settings_takes_nothing_back():
    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, my_turn_in_play)
    app = app_at(table, undo=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_legal_with_keys(pilot)
        await settle(pilot)
        before = table.round.copy()
        await pilot.press("u")
        await pilot.pause()
        assert table.round == before and not table.record.undos
        assert status(app) == "Undo is off (o: settings)"


@sync
async def test_undo_takes_back_the_pass_before_the_first_card_and_keeps_the_cards_chosen():
    table = fixed_table(seed=3, lang="en")  # passing its last three cards, the human keeps the 2♣ and leads
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        hand = screen.query_one(HandView)
        hand.move_to(hand.cards[-1])
        passed = list(hand.cards[-3:])
        await pilot.press("space", "left", "space", "left", "space", "p")
        await settle(pilot)
        assert table.round.phase is Phase.PLAYING and not table.round.trick and table.round.turn == HUMAN
        assert "You passed" in notes(app)
        await pilot.press("u")
        await pilot.pause()
        assert table.round.phase is Phase.PASSING and table.round.passed[HUMAN] is None
        assert sorted(screen.chosen) == sorted(passed) and table.record.undos[-1].passed == tuple(sorted(passed))
        assert status(app).startswith("Your pass is taken back: choose again")
        await pilot.press("p")
        await settle(pilot)
        await play_legal_with_keys(pilot)  # the 2♣
        await settle(pilot)
        await play_legal_with_keys(pilot)
        await settle(pilot)
        await pilot.press("u", "u")  # both cards: back to the start of play
        await pilot.pause()
        assert table.round.phase is Phase.PLAYING and not table.round.tricks and not table.round.trick
        await pilot.press("u")  # and no card is played: the pass too
        await pilot.pause()
        assert table.round.phase is Phase.PASSING and len(table.record.undos) == 4


@sync
async def test_after_a_bots_first_card_undo_takes_back_the_pass_and_the_card():
    """The pass was the last thing you did, so u takes it back with the card a bot led after it (it stood
    once the first card was played: whether you could undo a pass hung on who held the 2♣)."""
    table = fixed_table(seed=3, lang="en")  # passing its first three cards, the 2♣ goes: a bot leads
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        passed = sorted(app.screen.query_one(HandView).cards[:3])
        await pass_with_keys(pilot)
        await settle(pilot)
        led = list(table.round.trick)
        assert led and table.round.turn == HUMAN
        assert app.screen.check_action("undo", ())
        await pilot.press("u")
        await pilot.pause()
        assert status(app).startswith("Your pass is taken back: choose again")
        assert table.round.passed[HUMAN] is None and not table.round.trick
        assert table.record.undos[-1].passed == tuple(passed) and list(table.record.undos[-1].cards) == led
        await pilot.press("p")
        await settle(pilot)
        assert list(table.round.trick) == led  # the bots decide afresh: the same lead


@sync
async def test_a_late_answer_for_a_position_taken_back_is_dropped():
    table = fixed_table(seed=3, lang="en")
    play_in_engine(
        table, lambda g: my_turn_in_play(g) and any(answers_after(g.round, c) > 1 for c in g.round.legal_plays())
    )
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        card = next(c for c in table.round.legal_plays() if answers_after(table.round, c) > 1)
        table.play(HUMAN, card)  # the bots are asked about this position ...
        seat = table.round.turn
        stamp = (screen._generation, table.position())
        answer = table.decide(seat).cards[0]
        fake = next(c for c in table.view(seat).legal_plays if c != answer)
        await pilot.press("u")  # ... and the player takes the card back before they answer
        await pilot.pause()
        table.play(HUMAN, card)  # the same card again: the same position, a new generation
        screen.post_message(TableScreen.Decided([Decision(seat, "play", (fake,))], stamp))
        await settle(pilot)
        played = [c for t in table.round.tricks for c in t.cards] + list(table.round.trick)
        assert fake not in played and answer in played


def answers_after(r: Round, card: Card) -> int:
    """How many cards the next seat may play after ``card`` (none when the trick is over)."""
    r = r.copy()
    r.push(card)
    return len(r.legal_plays()) if r.trick else 0


@sync
async def test_a_claim_that_holds_ends_the_round_and_the_summary_says_so():
    table = hearts_drawn_table()
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.screen.check_action("claim", ())
        await pilot.press("enter")  # the ace of clubs takes the first trick
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, RoundSummaryScreen)
        assert "Ida claimed the rest: 12 tricks" in plain(app.screen.query_one("#summary").content)
        assert table.round.moon_shooter() == HUMAN
        assert "Ida shot the moon! Ida scores 0, everyone else 26." in plain(app.screen.query_one("#summary").content)


@sync
async def test_a_moon_under_the_minus_26_rule_says_what_it_scores():
    """A log's rules may score a moon -26 for the shooter; the summary said "scores 0, everyone else 26"."""
    from hjerterfri.rules import MoonScoring

    table = hearts_drawn_table(moon=MoonScoring.SHOOTER_MINUS_26)
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert table.round.scores()[HUMAN] == -26
        assert "Ida shot the moon! Ida scores -26, everyone else 0." in plain(app.screen.query_one("#summary").content)


@sync
async def test_a_claim_that_only_seems_to_hold_is_refused_in_one_line_and_play_goes_on():
    table = hearts_drawn_table(seems=True)
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        before = table.round.copy()
        await pilot.press("c")
        await pilot.pause()
        assert status(app) == "The claim fails: a higher card in hearts may still be out. Play on."
        assert table.round == before and isinstance(app.screen, TableScreen)
        await play_legal_with_keys(pilot)
        await settle(pilot)


@sync
async def test_a_claim_on_the_first_trick_or_out_of_turn_says_why():
    table = hearts_drawn_table()
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        assert status(app) == "No claim in the first trick"


@sync
async def test_a_round_without_points_left_ends_at_once_with_one_line_saying_so():
    table = fixed_table(seed=3, lang="en")

    def pointless(game) -> bool:
        r = game.round
        return r.phase is Phase.PLAYING and not r.points_to_take() and r.turn != HUMAN

    play_in_engine(table, pointless)
    left = len(table.round.hand_cards(HUMAN))
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RoundSummaryScreen) and table.round.is_over
        summary = plain(app.screen.query_one("#summary").content)
        assert f"No points were left: the rest ({left} trick" in summary
    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, pointless)
    app = app_at(table, finish_pointless=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and not table.round.is_over


@sync
async def test_undo_after_a_forced_two_of_clubs_played_for_you_takes_back_the_pass():
    """With forced cards played for you, u after your 2♣ changed nothing (the 2♣ came back and was played
    again) yet logged an undo at every press; and a pass could be taken back only while you led."""
    table = fixed_table(seed=3, lang="en")  # passing its last three cards, the human keeps the 2♣ and leads
    app = app_at(table, play_forced=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        hand = screen.query_one(HandView)
        hand.move_to(hand.cards[-1])
        passed = sorted(hand.cards[-3:])
        await pilot.press("space", "left", "space", "left", "space", "p")
        await settle(pilot)
        assert table.round.tricks or table.round.trick, "the 2♣ was played for you"
        await pilot.press("u")
        await pilot.pause()
        assert table.round.phase is Phase.PASSING and table.round.passed[HUMAN] is None
        assert len(table.record.undos) == 1 and table.record.undos[0].passed == tuple(passed)
        assert sorted(screen.chosen) == passed
        assert status(app).startswith("Your pass is taken back: choose again")


def forced(game) -> bool:
    """The human's turn after the first trick, with one legal card."""
    r = game.round
    return r.phase is Phase.PLAYING and r.turn == HUMAN and len(r.legal_plays()) == 1 and bool(r.tricks)


@sync
async def test_a_forced_card_is_played_for_you_when_you_ask_for_it():
    table = fixed_table(seed=3, lang="en")

    play_in_engine(table, forced)
    card = table.round.legal_plays()[0]
    for setting, played in ((False, False), (True, True)):
        copy = fixed_table(seed=3, lang="en")
        play_in_engine(copy, forced)
        app = app_at(copy, play_forced=setting)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            mine = [c for t in copy.round.tricks for c in t.cards] + list(copy.round.trick)
            assert (card in mine) is played


@sync
async def test_a_forced_card_about_to_be_played_for_you_is_named_not_asked_for():
    """In the pause before your only card is played for you, the status said "Your turn"."""
    table = fixed_table(seed=3, lang="en")

    play_in_engine(table, forced)
    card = table.round.legal_plays()[0]
    app = app_at(table, play_forced=True, speed="slow")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert status(app).startswith(f"Playing for you: {app.texts.card_name(card)}, your only legal card")
        assert card not in table.round.trick


@sync
async def test_what_you_passed_and_received_stays_in_view_all_round():
    table = fixed_table(seed=3, lang="en")
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert notes(app) == ""
        await pass_with_keys(pilot)
        await settle(pilot)
        view = table.view(HUMAN)
        t = app.texts
        line = f"You passed {t.cards_sorted(view.passed)} to Alice · got {t.cards_sorted(view.received)} from Cleo"
        for _ in range(4):
            assert line in notes(app)
            await play_legal_with_keys(pilot)
            await settle(pilot)


@sync
async def test_the_tracker_shows_what_your_view_shows_and_goes_on_and_off_with_k():
    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, my_turn_in_play)
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Still out:" not in notes(app)
        await pilot.press("k")
        await pilot.pause()
        assert app.settings.tracker
        shown = notes(app)
        view = table.view(HUMAN)
        assert "Still out:" in shown and ("Q♠ out" in shown or "Q♠ played" in shown or "Q♠ is yours" in shown)
        out = view.unseen_mask()
        for card in (Card.parse(c) for c in ("AS", "2C", "KH")):
            assert (app.texts.deck.rank(card) in shown) or not out >> card & 1
        for seat in range(1, 4):
            if view.voids(seat):
                assert table.names[seat] in shown
        await pilot.press("k")
        await pilot.pause()
        assert not app.settings.tracker and "Still out:" not in notes(app)


def test_the_tracker_says_who_has_the_queen_you_passed():
    from hjerterfri.cardface import Deck
    from hjerterfri.i18n import Texts
    from hjerterfri.rules import preset
    from hjerterfri.tui.widgets.notes import tracker_lines

    queen = Card.parse("QS")
    seed = next(s for s in range(100) if Round.deal(preset("dansk"), seed=s, number=1).hands[0] >> queen & 1)
    r = Round.deal(preset("dansk"), seed=seed, number=1)  # round 1 passes left: to seat 1
    for seat in range(4):
        hand = r.hand_cards(seat)
        r.pass_cards(seat, [queen, *[c for c in hand if c != queen][:2]] if seat == 0 else hand[:3])
    names = ["Ida", "Bo", "Cy", "Di"]
    lines = tracker_lines(Texts("en"), Deck(), r.view(0), names, 80, hide_points=True)
    assert "Q♠ with Bo" in lines[1].plain
    lines = tracker_lines(Texts("en"), Deck(), r.view(2), names, 80, hide_points=True)
    assert "Q♠ out" in lines[1].plain  # the others do not know where it went


def test_the_tracker_with_two_decks_counts_the_cards_out_so_the_queens_stay_in_view():
    from hjerterfri.cardface import Deck
    from hjerterfri.i18n import Texts
    from hjerterfri.rules import preset
    from hjerterfri.tui.widgets.notes import tracker_lines

    r = Round.deal(preset("svensk", 6), seed=4, number=1)
    names = ["Ida", "Bo", "Cy", "Di", "Ek", "Fa"]
    (line,) = tracker_lines(Texts("en"), Deck(), r.view(0), names, 78, hide_points=True, rows=1)
    assert line.plain.startswith("Still out: ♣(") and "Q♠: 0 played" in line.plain and "…" not in line.plain
    (line,) = tracker_lines(Texts("sv"), Deck(), r.view(0), names, 78, hide_points=True, rows=1)
    assert "Q♠: ute 2, fallit 0" in line.plain and "…" not in line.plain  # it said "1 fallna", as in "1 fallen ones"


def test_the_tracker_run_together_writes_ten_as_t():
    """Run together, "♠AKQJ109875432" could not be read at a glance (two testers, one and two decks); spaced,
    a ten is written as the cards write it."""
    from hjerterfri.cardface import Deck
    from hjerterfri.i18n import Texts
    from hjerterfri.rules import preset
    from hjerterfri.tui.widgets.notes import tracker_lines

    r = Round.deal(preset("dansk"), seed=3, number=1)
    first = tracker_lines(Texts("da"), Deck(), r.view(0), ["Du", "A", "B", "C"], 64, hide_points=True)[0].plain
    assert "T" in first.replace("Ude", "") and "10" not in first, first
    spaced = tracker_lines(Texts("da"), Deck(), r.view(0), ["Du", "A", "B", "C"], 200, hide_points=True)[0].plain
    assert " 10 " in spaced and "T" not in spaced.replace("Ude", ""), spaced
    two = Round.deal(preset("svensk", 6), seed=4, number=1)
    names = ["Du", "A", "B", "C", "D", "E"]
    first = tracker_lines(Texts("sv"), Deck(), two.view(0), names, 110, hide_points=True)[0].plain
    assert "TT" in first and "1010" not in first  # two tens run together: T


def test_the_tracker_run_together_in_ascii_sets_each_suits_letter_apart():
    """ "CT986542 HAKQ98765432": a suit's letter ran into its ranks."""
    from hjerterfri.cardface import Deck
    from hjerterfri.i18n import Texts
    from hjerterfri.rules import preset
    from hjerterfri.tui.widgets.notes import tracker_lines

    r = Round.deal(preset("dansk"), seed=3, number=1)
    texts = Texts("en", ascii_suits=True)
    first = tracker_lines(texts, Deck(ascii=True), r.view(0), ["Ida", "A", "B", "C"], 64, hide_points=True)[0].plain
    assert first.startswith("Still out: C:") and " H:" in first and " S:" in first and " D:" in first, first


def test_the_tracker_in_one_row_is_one_line_even_where_its_points_would_fit_a_second():
    """At five players, 80×24, with the tracker on: squeezed to one row it still gave two lines where the
    points fitted, and the hand lost its row of marks (no cursor ▲, no marks on the cards received)."""
    from hjerterfri.cardface import Deck
    from hjerterfri.i18n import Texts
    from hjerterfri.rules import preset
    from hjerterfri.tui.widgets.notes import tracker_lines

    r = Round.deal(preset("dansk", 5), seed=11, number=1)
    names = ["Du", "Astrid", "Olle", "Karin", "Nils"]
    assert len(tracker_lines(Texts("sv"), Deck(), r.view(0), names, 78, hide_points=False)) == 2
    (line,) = tracker_lines(Texts("sv"), Deck(), r.view(0), names, 78, hide_points=False, rows=1)
    assert line.plain.startswith("Ute: ") and "Q♠ ute" in line.plain


@sync
async def test_passing_says_how_many_cards_are_missing_and_when_the_choice_is_full():
    table = fixed_table(seed=3, lang="en")
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("space", "p")
        await pilot.pause()
        assert status(app) == "Choose 2 more cards"
        await pilot.press("right", "space", "right", "space", "right", "space")
        await pilot.pause()
        assert status(app) == "3 cards are chosen: unchoose one first"
        assert len(app.screen.chosen) == 3
        await pilot.press("p")
        await settle(pilot)
        assert table.round.passed[HUMAN] is not None


@sync
async def test_a_takes_the_hints_cards_and_the_pass_prompt_stays_in_view():
    table = fixed_table(seed=3, lang="en")
    app = app_at(table)
    table.make_player = advised_by(QuickHint())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("i")
        await until_hinted(pilot, screen)
        want = sorted(table.round.hand_cards(HUMAN))[-3:]
        assert status(app).startswith("Choose 3 cards to pass to Alice (0/3) · Hint: ")
        await pilot.press("a")
        await pilot.pause()
        assert sorted(screen.chosen) == want
        assert status(app).startswith(f"Press p to pass {app.texts.cards_sorted(want)} to Alice")
        await pilot.press("p")
        await settle(pilot)
        assert cards_of(table.round.passed[HUMAN] or 0) == want
        assert screen.hinted == () and "Hint" not in status(app)  # the pass hint is not the first card's


@sync
async def test_a_without_a_hint_to_take_says_so_by_key_and_by_click():
    """Before a hint, a was dimmed and did nothing, by key or by click: a tester read it as broken. It says
    what to do, and once the hint's cards are chosen, that they are."""
    from textual.widgets import Footer

    from .test_mouse import press

    table = fixed_table(seed=3, lang="en")
    app = app_at(table)
    table.make_player = advised_by(QuickHint())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("a")
        await pilot.pause()
        assert "No hint to take yet: i asks for one" in status(app) and screen.chosen == []
        screen._clear()
        screen.refresh_table()
        assert "No hint to take" not in status(app)
        footer = app.screen.query_one(Footer)
        (key,) = [k for k in footer.query("*") if getattr(k, "key", None) == "a"]
        assert key.has_class("-disabled")
        press(app, key.region.x + 1, key.region.y)  # as a terminal sends it: no widget named (pt-an)
        await pilot.pause()
        assert "No hint to take yet: i asks for one" in status(app)
        await pilot.press("i")
        await until_hinted(pilot, screen)
        await pilot.press("a", "a")
        await pilot.pause()
        assert "The hint's cards are already chosen" in status(app) and len(screen.chosen) == 3


@sync
async def test_v_at_the_table_says_where_the_review_is():
    """The help lists v ("after a round"); pressed during play it did nothing."""
    table = fixed_table(seed=3, lang="en")
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("v")
        await pilot.pause()
        assert status(app) == "What your choices cost is shown after the round: v on its summary"


async def until_hinted(pilot, screen) -> None:
    """Wait (two seconds at most) for the hint being worked out in its worker."""
    for _ in range(100):
        if screen.hinted:
            return
        await pilot.pause(0.02)


class SlowHint(QuickHint):
    """A hint that takes a moment, as svær's does."""

    def choose_pass(self, view):
        import time

        time.sleep(1.0)  # long enough that i and a are read before it, on a busy machine too
        return super().choose_pass(view)


@sync
async def test_a_pressed_before_the_pass_hint_comes_takes_it_when_it_comes():
    table = fixed_table(seed=3, lang="en")
    app = app_at(table)
    table.make_player = advised_by(SlowHint())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("i", "a")
        assert screen.chosen == [] and not screen.hinted
        screen._after_pass()  # as the bots' passes coming in do: they leave your hint be
        await until_hinted(pilot, screen)
        await pilot.pause()
        assert screen.chosen == sorted(table.round.hand_cards(HUMAN))[-3:]


@sync
async def test_the_kitty_stays_in_view_and_the_last_trick_says_who_took_it():
    table = fixed_table(seed=3, lang="en", players=3)
    play_in_engine(table, lambda g: g.round.phase is Phase.PLAYING and len(g.round.tricks) == 1 and g.round.turn == 0)
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = table.view(HUMAN)
        taker = view.kitty_taker
        assert taker is not None
        if taker == HUMAN:
            assert f"You took the kitty: {app.texts.cards_sorted(cards_of(view.kitty_mask or 0))}" in notes(app)
        else:
            assert f"went to {table.names[taker]}" in notes(app)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LastTrickScreen)
        words = plain(app.screen.query(Static).last().content)
        assert ("You take the kitty" if taker == HUMAN else f"{table.names[taker]} takes the kitty") in words


@sync
async def test_the_last_trick_before_any_says_so_and_while_passing_names_the_round_it_ended(monkeypatch):
    """l did nothing before the first trick, and while passing showed the last round's trick as "Last trick";
    then its refusal took the pass's prompt until the next card was chosen."""
    monkeypatch.setattr("hjerterfri.tui.screens.table.MESSAGE_SECONDS", 1.0, raising=False)
    table = fixed_table(seed=3, lang="en")
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        prompt = status(app)
        assert prompt.startswith("Choose 3 cards to pass")
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and status(app) == "No trick has been played yet"
        await pilot.pause(1.2)
        assert status(app) == prompt
    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, lambda g: g.round.is_over)
    table.next_round()
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert table.round.phase is Phase.PASSING
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LastTrickScreen)
        assert plain(app.screen.query(Static).first().content).strip() == "Last trick · Round 1"


def after_two_tricks(players: int) -> Table:
    """A svensk table of ``players`` at the human's turn after two tricks (LowestBot opponents)."""
    table = fixed_table(seed=3, lang="en", players=players, preset_name="svensk")
    play_in_engine(table, lambda g: g.round.phase is Phase.PLAYING and len(g.round.tricks) == 2 and g.round.turn == 0)
    return table


@sync
async def test_the_last_trick_at_five_players_names_each_card_on_one_line():
    table = after_two_tricks(5)
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await pilot.pause()
        box = app.screen.query(Static).last()
        lines = plain(box.content).splitlines()  # two plays a line, the cards short: no line breaks a card's name
        assert len(lines) >= 3 and all(len(line) <= box.content_region.width for line in lines)
        assert not any(" of " in line for line in lines[:-1])  # "queen of / spades" once broke over two lines


@sync
async def test_the_last_trick_at_eight_players_writes_each_name_whole():
    """Eight cards in a row, each under its player's name: in the 48-column dialog "Alice" was "Alic"."""
    from hjerterfri.tui.widgets.trick import TrickView

    table = after_two_tricks(8)
    app = app_at(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LastTrickScreen)
        names = plain(app.screen.query_one(TrickView).render()).splitlines()[0].split()
        assert sorted(names) == sorted(table.names)


@sync
async def test_the_end_of_the_game_says_how_many_undos_were_used():
    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, my_turn_in_play)
    table.play(HUMAN, table.round.legal_plays()[0])
    table.run()
    table.undo()
    table.undo()
    play_in_engine(table, lambda g: g.is_over())
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, RoundSummaryScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, GameEndScreen)
        assert "Undo used 2 times" in plain(app.screen.query_one("#result").content)
        over = [f"{table.names[s]} ({total})" for s, total in enumerate(table.game.totals) if total >= 100]
        assert f"{app.texts.join(over)} reached 100 or more" in plain(app.screen.query_one("#result").content)


def footer_actions(app: HjerterfriApp) -> list[str]:
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    footer = app.screen.query_one(Footer)
    assert footer.virtual_size.width <= footer.size.width, "the footer is wider than the screen"
    return [key.action for key in footer.query(FooterKey)]


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
@sync
async def test_the_footer_shows_the_keys_that_apply_and_the_view_keys_where_they_fit(lang):
    """At 80 columns the footer never runs off the screen: the keys that act now first, then k, s, t, h and r in
    that order while they fit; at 110 columns every key; ``?`` lists them all."""
    spare = ["tracker", "scores", "card_list", "toggle_points", "app.rules"]
    for width in (80, 110):
        table = fixed_table(seed=3, lang=lang)
        play_in_engine(table, my_turn_in_play)
        app = app_at(table, lang)
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(pilot)
            await play_legal_with_keys(pilot)
            await settle(pilot)
            await pilot.pause()
            shown = footer_actions(app)
            assert {"undo", "claim", "settings", "app.help", "app.ask_quit"} <= set(shown)
            views = [a for a in shown if a in spare]
            assert views == spare[: len(views)]  # in order, none skipped
            if width == 110:
                assert views == spare
            await pilot.press("s")  # a key out of the footer still works
            await pilot.pause()
            assert not isinstance(app.screen, TableScreen)


def test_the_cursor_on_a_hinted_card_keeps_the_hints_mark():
    from hjerterfri.cardface import Deck

    hand = HandView(Deck())
    hand.set_cards([Card.parse(c) for c in ("2C", "5H", "QS")])
    hand.hinted = (Card.parse("2C"),)  # under the cursor (the first card): ▲ and ✓ both
    assert hand.render().plain.splitlines()[-1].startswith(" ✓▲")
    hand.hinted = (Card.parse("5H"),)
    assert hand.render().plain.splitlines()[-1].split() == ["▲", "✓"]
    hand.hinted = (Card.parse("2C"),)
    hand.received = (Card.parse("2C"),)  # a card received, hinted, under the cursor: it showed •▲• and no ✓
    assert hand.render().plain.splitlines()[-1].startswith(" ✓▲•")


@sync
async def test_the_default_name_follows_the_language_and_a_name_of_your_own_stays():
    """A game begun in English with the default name: after a switch to Danish the table said 'Trick to You'."""
    from hjerterfri.tui.messages import SettingChanged

    for name, after in (("You", "Du"), ("Ida", "Ida")):
        table = fixed_table(seed=3, lang="en")
        table.rename(HUMAN, name)
        app = app_at(table)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.post_message(SettingChanged("lang", "da"))
            await pilot.pause()
            assert table.names[HUMAN] == after and app.texts.lang == "da"
    table = fixed_table(seed=3, lang="da")  # begun in Danish, continued in English
    app = app_at(table, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert table.names[HUMAN] == "You"


@sync
async def test_enter_just_as_the_pause_clears_the_trick_plays_no_card():
    """Enter pressed to go on from a finished trick, as the trick's pause ran out, played the card under the
    cursor in the next trick."""
    import time

    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, my_turn_in_play)
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        before = len(table.round.trick) + sum(len(t.cards) for t in table.round.tricks)
        screen.held = table.round.tricks[-1]
        screen._release(screen._generation)  # as the pause's timer does
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.round.trick) + sum(len(t.cards) for t in table.round.tricks) == before
        screen._cleared_at = time.monotonic() - 1  # a moment later, Enter plays
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.round.trick) + sum(len(t.cards) for t in table.round.tricks) > before


@sync
async def test_a_notice_does_not_cover_the_hand():
    """A notice (a challenge's code, a bot's fault, a failed save) shows at the top right for seconds: at
    80×24 it lay over the right half of the hand while the player chose the cards to pass."""
    from textual.widgets._toast import Toast

    app = app_at(fixed_table(lang="en"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        app.notify("Challenge HJ1-2APT-HA70-049: 8 deals. Par is worked out while you play.", timeout=30)
        await pilot.pause(0.2)
        toast = app.screen.query_one(Toast).region
        hand = app.screen.query_one(HandView).region
        assert toast.height > 0 and hand.height > 0
        assert not toast.overlaps(hand)


@sync
async def test_r_shows_the_rules_in_the_players_language():
    """The rules as one rendered text (Textual's Markdown widget took a second to build them)."""
    from textual.containers import VerticalScroll

    headings = {"da": "Hjerterfri: reglerne", "sv": "Hjärter: reglerna", "en": "Hearts (Hjerterfri): the rules"}
    for lang, heading in headings.items():
        app = app_at(fixed_table(lang=lang), lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("r")
            await pilot.pause()
            shown = plain(app.screen.query_one(Static).content, width=70)
            assert heading in shown and f"# {heading}" not in shown  # rendered, not the Markdown source
            frame = app.screen.query_one(VerticalScroll)
            assert "PgUp/PgDn" in str(frame.border_subtitle)  # that it scrolls, on its frame (a tester did not know)
            await pilot.press("pagedown")
            await pilot.pause()
            assert frame.scroll_y > 0


@sync
async def test_from_the_end_of_a_game_s_goes_to_the_start_screen():
    """n dealt a new game at the same table at once: there was no way to choose other rules or opponents."""
    from hjerterfri.tui.screens.start import StartScreen

    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, lambda g: g.is_over())
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, RoundSummaryScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, GameEndScreen)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen) and app.table is None
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.table is not table


@sync
async def test_a_round_summary_with_two_decks_offers_no_review():
    """At six players v was offered and then said only that svær weighs one deck only."""
    for players, offered in [(6, False), (4, True)]:
        table = fixed_table(seed=3, lang="en", players=players, preset_name="svensk")
        play_in_engine(table, lambda g: g.round.is_over)
        app = app_at(table)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, RoundSummaryScreen)
            for _ in range(50):  # the footer is filled in a moment after the screen
                if footer_actions(app):
                    break
                await pilot.pause(0.02)
            assert "next" in footer_actions(app) and ("review" in footer_actions(app)) is offered


@sync
async def test_h_says_that_the_round_points_are_hidden_and_shown_again(monkeypatch):
    """h took a line off each box and said nothing; then what it said hid the prompt until the next card."""
    monkeypatch.setattr("hjerterfri.tui.screens.table.MESSAGE_SECONDS", 1.0, raising=False)
    app = app_at(fixed_table(lang="en"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        prompt = status(app)
        await pilot.press("h")
        await pilot.pause()
        assert app.settings.hide_round_points and status(app) == "This round's points are hidden (h shows them)"
        await pilot.press("h")
        await pilot.pause()
        assert not app.settings.hide_round_points and status(app) == "This round's points are shown (h hides them)"
        await pilot.pause(1.2)
        assert status(app) == prompt


@sync
async def test_your_turn_in_a_trick_says_who_led_and_what():
    """Nothing on the table marked the card led: a player going by words could not tell which suit to follow."""
    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, lambda g: g.round.phase is Phase.PLAYING and g.round.turn == 0 and bool(g.round.trick))
    trick = table.round.view(0)
    leader, card = table.names[trick.trick_seats[0]], trick.trick[0]
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert status(app) == f"Your turn: {leader} led {app.texts.card_short(card)}"


@sync
async def test_the_bots_wait_while_the_window_is_too_small_for_the_table():
    """Shrunk for two seconds, the window came back to a trick and a half played unseen."""
    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, lambda g: g.round.phase is Phase.PLAYING and g.round.turn != HUMAN)
    played = len(table.round.tricks), len(table.round.trick)
    app = app_at(table)
    async with app.run_test(size=(60, 20)) as pilot:
        for _ in range(5):
            await pilot.pause(0.05)
        assert (len(table.round.tricks), len(table.round.trick)) == played
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert (len(table.round.tricks), len(table.round.trick)) != played


@sync
async def test_a_setting_changed_mid_game_acts_at_once():
    """Turned on during the turn, "play a forced card for me" said it played the card and never did; the
    bots' time to think held from the table's start until the game was continued."""
    for seed in range(1, 40):
        table = fixed_table(seed=seed, lang="en")
        play_in_engine(
            table,
            lambda g: (
                g.is_over()
                or (g.round.phase is Phase.PLAYING and g.round.turn == HUMAN and len(g.round.legal_plays()) == 1)
            ),
        )
        if not table.game.is_over():
            break
    only = table.round.legal_plays()[0]
    app = app_at(table, play_forced=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert only in table.round.hand_cards(HUMAN)
        app.settings.play_forced = True
        app.settings.bot_limit = 2.0
        app.settings_changed(texts=False)
        for _ in range(20):
            await pilot.pause(0.1)
            if only not in table.round.hand_cards(HUMAN):
                break
        assert only not in table.round.hand_cards(HUMAN)
        assert table.limit == 2.0


@sync
async def test_hidden_round_points_leave_the_trick_to_count():
    """With the round's points hidden (to practise counting), a finished trick's line still counted it for
    the player: "Trick to Ben (5 points)"."""
    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, lambda game: any(trick.points for trick in game.round.tricks))
    app = app_at(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.held = next(trick for trick in table.round.tricks if trick.points)
        screen.refresh_table()
        assert "point" in status(app)
        app.settings.hide_round_points = True
        screen.refresh_table()
        assert status(app).startswith("Trick to") and "point" not in status(app)


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
@sync
async def test_the_footers_keys_stay_in_place_through_a_trick(lang):
    """A mouse player aimed at "quit" and opened the help: undo, claim and the hint came and went with the
    turn, and "⏎ play" became "⏎ continue", so every key after them moved. Within a part of the round the
    keys stay where they are (a key that does not apply now is dimmed)."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    def places() -> list[tuple[str, int]]:
        footer = app.screen.query_one(Footer)
        return [(key.action, key.region.x) for key in footer.query(FooterKey)]

    table = fixed_table(seed=3, lang=lang)
    play_in_engine(table, my_turn_in_play)
    app = app_at(table, lang)
    app.settings.hold_trick = True  # the finished trick waits, with "⏎ continue"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        seen = [places()]
        await play_legal_with_keys(pilot)
        for _ in range(200):  # the bots play on to the trick's end, or to the next turn
            await pilot.pause(0.02)
            seen.append(places())
            if app.screen.held is not None:
                break
        assert app.screen.held is not None or app.screen.view.turn == HUMAN
        assert all(s == seen[0] for s in seen), [s for s in seen if s != seen[0]][:1]


@sync
async def test_a_click_on_a_footer_key_does_what_the_key_does_and_keeps_a_held_trick():
    """With a finished trick held, a click on "k tracker" turned the tracker on and let the trick go too: the
    click also reached the table's "a click goes on"."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, my_turn_in_play)
    app = app_at(table, "en")
    app.settings.hold_trick = True
    async with app.run_test(size=(100, 24)) as pilot:
        await settle(pilot)
        await play_legal_with_keys(pilot)
        for _ in range(200):
            await pilot.pause(0.02)
            if app.screen.held is not None:
                break
        held = app.screen.held
        assert held is not None
        from hjerterfri.tui.screens.table import LATE_KEY

        await pilot.pause(LATE_KEY + 0.1)  # (a click right on the trick's end is a double click's second)
        key = next(k for k in app.screen.query_one(Footer).query(FooterKey) if k.action == "tracker")
        before = app.settings.tracker
        await pilot.click(key)
        await pilot.pause()
        assert app.settings.tracker != before and app.screen.held == held
        await pilot.click("#me")  # a click on the table still goes on
        await pilot.pause()
        assert app.screen.held is None


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
@sync
async def test_the_keys_of_passing_and_of_play_alike_stay_in_place_when_the_pass_is_made(lang):
    """A mouse player clicked where "u undo" had been while passing, to take the pass back, and got a hint:
    p and a came before it, c after. Enter, undo and the hint now come first in both parts of the round."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    def places() -> dict[str, int]:
        footer = app.screen.query_one(Footer)
        return {key.action: key.region.x for key in footer.query(FooterKey)}

    table = fixed_table(seed=3, lang=lang)
    app = app_at(table, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.view.phase is Phase.PASSING
        passing = places()
        await pass_with_keys(pilot)
        await settle(pilot)
        assert app.screen.view.phase is Phase.PLAYING
        playing = places()
        assert {a: passing[a] for a in ("select", "undo", "hint")} == {
            a: playing[a] for a in ("select", "undo", "hint")
        }


def test_the_voids_of_many_players_fit_the_tracker_line():
    """At six players the voids of five others ran past the line's end and were cut without a sign; the names
    are now shortened further, and what still does not fit ends in "…"."""
    from hjerterfri.cardface import Deck
    from hjerterfri.i18n import Texts
    from hjerterfri.rules import preset
    from hjerterfri.tui.widgets.notes import tracker_lines

    r = Round.deal(preset("svensk", 6), seed=4, number=1)
    for seat in range(6):
        r.pass_cards(seat, r.hand_cards(seat)[:3])
    view = r.view(0)
    while sum(bool(view.voids(s)) for s in range(1, 6)) < 5 and r.phase is Phase.PLAYING:
        r.play(r.legal_plays()[-1])
        view = r.view(0)
    assert all(view.voids(s) for s in range(1, 6))
    names = ["Ida", "Bartholomew", "Cyrilla", "Desmond", "Evangeline", "Fredrikke"]
    for width in (80, 70, 40):
        _, second = tracker_lines(Texts("en"), Deck(), view, names, width, hide_points=True)
        assert second.cell_len <= width
        if width > 40:
            assert all(f"{name[: 5 if width == 80 else 3]}… " in second.plain for name in names[1:]), second
        else:
            assert second.plain.endswith("…")
