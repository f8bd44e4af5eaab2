"""The review: the human's costliest choices, one by one, on the table as they saw it.

svær weighs every decision of the round (or the game) in a worker (``analysis.analyse``); then each costly
choice is shown on the table's own widgets: the position from the human's seat, the card played raised,
the better card marked as a hint would mark it, and in words what it cost.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, ProgressBar, Static

from ...analysis import AnalysisError, Budget, GameReview, Review, analyse
from ...coach import game_line, review_line, why_line
from ...gamelog import GameRecord, from_dict, to_dict
from ...literal import printable
from ..labels import relabel
from ..widgets.fitline import FitLine
from ..widgets.hand import HandView
from ..widgets.seat import NAME_LIMIT, SeatInfo, SeatPanel, show_text
from ..widgets.trick import PLACES, TrickView, place_of

if TYPE_CHECKING:
    from ..app import HjerterfriApp


BUDGET = Budget()
"""The work svær puts into each decision (``analysis.Budget``)."""


class _Stopped(Exception):
    """The screen closed before the analysis ended."""


class ReviewScreen(Screen[None]):
    """The costliest choices of ``seat`` in the game (or in round ``round``), on the table picture."""

    CSS = """
    ReviewScreen { align-horizontal: center; }
    ReviewScreen #status { height: auto; min-height: 3; max-height: 4; text-wrap: wrap; }
    ReviewScreen #working { height: 1fr; content-align: center middle; text-align: center; }
    ReviewScreen ProgressBar { width: 1fr; align-horizontal: center; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "step(1)", "key.next", key_display="→"),
        Binding("left,p", "step(-1)", "key.previous", key_display="←"),
        Binding("escape,v", "close", "key.close", key_display="Esc"),
        Binding("question_mark", "help", "key.help", key_display="?"),
    ]
    app: HjerterfriApp

    class Progress(Message):
        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    class Done(Message):
        def __init__(self, review: GameReview) -> None:
            super().__init__()
            self.review = review

    class Refused(Message):
        """The game cannot be weighed (two decks): why, in the player's language."""

        def __init__(self, error: AnalysisError) -> None:
            super().__init__()
            self.error = error

    def __init__(self, record: GameRecord, seat: int | None, round_number: int | None = None) -> None:
        super().__init__()
        self.record = from_dict(to_dict(record))  # a copy: the game may go on while svær reviews it
        self.seat = seat if seat is not None else 0
        self.round_number = round_number
        self.review: GameReview | None = None
        self.costly: list[Review] = []
        self.index = 0
        self._stop = threading.Event()

    def compose(self) -> ComposeResult:
        t = self.app.texts
        with Vertical(id="table"):
            yield FitLine(id="header")
            yield Static(t("review.working", done=0, total="…"), id="working")
            yield ProgressBar(show_eta=False, id="progress")
            with Horizontal(id="top"):
                yield SeatPanel(t, wide=True, id="seat-2", classes="seat")
                yield SeatPanel(t, wide=True, id="seat-4", classes="seat")
            with Horizontal(id="middle"), Horizontal(id="ring"):
                yield SeatPanel(t, id="seat-1", classes="seat side")
                yield TrickView(self.app.deck, id="trick")
                yield SeatPanel(t, id="seat-3", classes="seat side")
            yield Static(id="status")
            yield Static(id="me")
            yield HandView(self.app.deck, id="hand")
        yield Footer()

    def action_help(self) -> None:
        """The review's keys, and what its marks mean (? did nothing)."""
        from .dialogs import HelpScreen

        self.app.push_screen(HelpScreen("help.review"))

    def on_mount(self) -> None:
        relabel(self, self.app.texts)
        players = self.record.rules.players
        self.set_class(players == 5, "five")
        for place in (2, 4):
            panel = self.query_one(f"#seat-{place}")
            panel.display = place in PLACES[players]
            panel.set_class(players == 5, "two-lines")
        self.query_one(TrickView).two_across = players == 5
        hand = self.query_one(HandView)
        hand.show_cursor = False
        hand.can_focus = False
        self._show_table(False)
        self.query_one("#header", FitLine).show(Text(f" {self.app.texts('review.title')}", style="bold"))
        self._analyse()

    def on_unmount(self) -> None:
        self._stop.set()

    def _show_table(self, shown: bool) -> None:
        for selector in ("#middle", "#me", "#hand"):
            self.query_one(selector).display = shown
        self.query_one("#top").display = shown and self.record.rules.players != 3  # nobody sits across
        self.query_one("#working").display = not shown
        self.query_one("#progress").display = not shown

    @work(thread=True, group="review")
    def _analyse(self) -> None:
        def progress(done: int, total: int) -> None:
            if self._stop.is_set():
                raise _Stopped
            self.post_message(self.Progress(done, total))

        rounds = None if self.round_number is None else [self.round_number]
        try:
            review = analyse(self.record, self.seat, rounds, BUDGET, progress)
        except _Stopped:
            return
        except AnalysisError as e:
            self.post_message(self.Refused(e))
            return
        self.post_message(self.Done(review))

    @on(Progress)
    def _progress(self, message: Progress) -> None:
        self.query_one(ProgressBar).update(total=message.total, progress=message.done)
        working = self.app.texts("review.working", done=message.done, total=message.total)
        self.query_one("#working", Static).update(working)

    @on(Refused)
    def _refused(self, message: Refused) -> None:
        self.query_one("#working", Static).update(Text(self.app.texts.message(message.error.message)))
        self.query_one("#progress").display = False

    @on(Done)
    def _done(self, message: Done) -> None:
        self.review = message.review
        self.costly = message.review.costliest()
        self.index = 0
        self._show_table(bool(self.costly))
        if not self.costly:
            t = self.app.texts
            self.query_one("#working", Static).update(f"{t('coach.none')}\n\n{game_line(t, message.review)}")
            self.query_one("#progress").display = False
        self.refresh_view()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step":
            return len(self.costly) > 1
        return True

    def action_step(self, delta: int) -> None:
        if self.costly:
            self.index = (self.index + delta) % len(self.costly)
            self.refresh_view()

    def action_close(self) -> None:
        self.dismiss(None)

    def refresh_view(self) -> None:
        review = self.review
        if review is None:
            return
        t = self.app.texts
        where = "" if self.round_number is None else f"{t('round', n=self.round_number)}: "
        headers = []
        for key in ("review.lost", "review.lost.short"):  # the shorter where 80 columns cut it ("10.7 ± 2.1 poin…")
            header = Text(f" {t('review.title')}", style="bold")
            if self.costly:
                header.append(f" · {t('review.step', i=self.index + 1, n=len(self.costly))}")
            header.append(f" · {where}{t(key, cost=t.number(review.cost), margin=t.number(review.margin))}", "dim")
            headers.append(header)
        self.query_one("#header", FitLine).show(*headers)
        if not self.costly:
            return
        decision = self.costly[self.index]
        view = decision.view
        names = [s.name for s in self.record.seats]
        me = self.seat
        hide = self.app.settings.hide_round_points  # as at the table
        for seat in range(view.players):
            if seat == me:
                continue
            self.query_one(f"#seat-{place_of(seat, me, view.players)}", SeatPanel).show(
                SeatInfo(
                    name=names[seat],
                    cards_left=view.hand_sizes[seat],
                    total=view.totals[seat],
                    round_points=None if hide else view.taken[seat],
                    to_play=False,
                )
            )
        plays = zip(view.trick_seats, view.trick, strict=False)
        self.query_one(TrickView).show([(place_of(s, me, view.players), c) for s, c in plays])
        line = Text("▶ " + printable(names[me], NAME_LIMIT), style="bold")
        line.append(f" · {t('points.total', n=view.totals[me])}")
        if not hide:
            line.append(f" · {t('points.round', n=view.taken[me])}")
        show_text(self.query_one("#me", Static), line)
        hand = self.query_one(HandView)
        hand.set_cards(view.hand)
        hand.playable = frozenset(view.legal_plays) if decision.kind == "play" else None
        hand.chosen = tuple(decision.played)
        hand.hinted = tuple(decision.best)
        better = (
            t("review.better", card=t.card_name(decision.best[0]))
            if decision.kind == "play"
            else t("review.better.pass", cards=t.cards_sorted(decision.best))  # the names need three lines
        )
        status = Text(review_line(t, printable(names[me], NAME_LIMIT), decision))  # a long name: the line fits two rows
        status.append(f" ({t('coach.deals', n=decision.deals)}) · ", style="dim")
        status.append(better, style="bold #7fd37f")
        if (why := why_line(t, printable(names[me], NAME_LIMIT), decision, most=1)) is not None:  # in one row
            status.append(f"\n{why}")
        show_text(self.query_one("#status", Static), status)
