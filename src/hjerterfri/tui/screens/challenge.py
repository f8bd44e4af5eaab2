"""Challenges in the app: a code to type (or a new challenge) on the start screen, and the end of one: your
points and the par, deal by deal."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich import box
from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Static

from ...challenge import Challenge, ChallengeError
from ...i18n import Texts
from ...table import Setup, Table
from ...table.par import DEALS, challenge_rules, new_challenge
from ..labels import relabel
from ..widgets.field import Field

if TYPE_CHECKING:
    from ..app import HjerterfriApp


class ChallengeDialog(ModalScreen[Challenge | None]):
    """A code to play, or Enter alone for new deals with the start screen's choices; a bad code is one line."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "key.close", key_display="Esc")]
    app: HjerterfriApp

    def __init__(self, setup: Setup) -> None:
        super().__init__()
        self.setup = setup

    def compose(self) -> ComposeResult:
        t = self.app.texts
        with Vertical(classes="dialog"):
            yield Static(Text(t("key.challenge").capitalize(), style="bold"))
            yield Static(t("challenge.dialog", n=DEALS))
            yield Field(placeholder="HJ1-…", id="code", max_length=48, enter="key.play")
            yield Static(id="challenge-error", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        relabel(self, self.app.texts)
        self.query_one("#code", Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            challenge = Challenge.parse(event.value) if event.value.strip() else new_challenge(self.setup)
            challenge_rules(challenge)
        except ChallengeError as e:
            self.query_one("#challenge-error", Static).update(
                Text(self.app.texts.message(e.message), style="bold #ffb4a8")
            )
            return
        self.dismiss(challenge)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        """A click beside the dialog closes it, as Esc does."""
        if event.widget is self:
            self.action_close()


def results_table(texts: Texts, mine: list[int], par: tuple[int, ...] | None) -> RichTable:
    """Deal by deal your points and the par (while it is worked out, only yours), and the totals."""
    table = RichTable(box=box.SIMPLE_HEAD, pad_edge=False, expand=False)
    table.add_column(texts("challenge.column.deal"), justify="right", style="dim")
    table.add_column(texts("challenge.column.you"), justify="right")
    table.add_column(texts("challenge.column.par"), justify="right")
    for i, points in enumerate(mine):
        table.add_row(str(i + 1), str(points), "…" if par is None else str(par[i]))
    table.add_section()
    table.add_row("Σ", str(sum(mine)), "…" if par is None else str(sum(par)), style="bold")
    return table


class ChallengeEndScreen(Screen[None]):
    """A challenge played: your points and the par deal by deal, the verdict, and the code to share."""

    CSS = "ChallengeEndScreen { align: center top; }"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_challenge", "key.new.challenge"),
        Binding("v", "review", "key.review"),
        Binding("q", "app.quit", "key.quit"),
    ]
    app: HjerterfriApp

    class NewChallenge(Message):
        """Play new deals against the same opponents (the next seed)."""

        def __init__(self, table: Table) -> None:
            super().__init__()
            self.table = table

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        t = self.app.texts
        challenge = self.table.record.challenge
        assert challenge is not None
        with VerticalScroll(classes="sheet"), Vertical(classes="sheet-box"):
            with Horizontal(classes="columns"):
                yield Static(self._body(), id="result")
            yield Static(Text(t("challenge.share", code=challenge.code), style="dim"), markup=False)
        yield Footer()

    def on_mount(self) -> None:
        relabel(self, self.app.texts)

    def _body(self) -> Group:
        t = self.app.texts
        record = self.table.record
        challenge = record.challenge
        assert challenge is not None
        mine = record.human_points()
        parts: list = [Text(t("challenge.title", code=challenge.code), style="bold")]
        if record.par is not None:
            parts.append(Text(t.verdict(sum(mine), sum(record.par)), style="bold reverse"))
        else:
            parts.append(Text(t("challenge.par.working"), style="dim"))
        parts.append(results_table(t, mine, record.par))
        if undos := len(record.undos):  # beside par, what was taken back is said, as at a game's end
            parts.append(Text(t("end.undos", n=undos), style="dim"))
        return Group(*parts)

    def par_ready(self) -> None:
        """The par has been worked out: show it."""
        self.query_one("#result", Static).update(self._body())

    def action_new_challenge(self) -> None:
        self.post_message(self.NewChallenge(self.table))

    def action_review(self) -> None:
        from .review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.table.record, self.table.human))
