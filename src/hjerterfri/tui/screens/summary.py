"""Between rounds and after the last one: points, the moon, the history, the result."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...table import Table
from ..labels import relabel
from ..widgets.scores import HistoryPanel, round_table

if TYPE_CHECKING:
    from ..app import HjerterfriApp


def history_panel(app: HjerterfriApp, table: Table) -> HistoryPanel:
    """The game's points round by round, under a dim heading (beside a round's or the game's result)."""
    history = [result.scores for result in table.results()]
    return HistoryPanel(app.texts, table.names, history, app.texts("summary.history"), id="history")


class RoundSummaryScreen(Screen[None]):
    """What the round just played scored, and the totals so far."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "next", "key.continue", key_display="⏎"),
        Binding("question_mark", "app.help", "key.help", key_display="?"),
        Binding("r", "app.rules", "key.rules"),
        Binding("q", "app.ask_quit", "key.quit"),
    ]
    app: HjerterfriApp

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        t = self.app.texts
        table = self.table
        game = table.game
        result = table.results()[-1]
        names = table.names
        head: list = [Text(t("summary.title", n=result.number), style="bold")]
        if result.shooter is not None:
            head.append(Text("☾ " + t("summary.moon", name=names[result.shooter]), style="bold reverse"))
        if result.kitty_taker is not None:
            cards = t.cards_short(list(result.kitty))
            head.append(Text(t("kitty.summary", cards=cards, name=names[result.kitty_taker]), style="dim"))
        if max(result.totals) >= game.rules.target and not game.is_over():
            head.append(Text(t("end.playon"), style="bold"))
        with VerticalScroll(classes="sheet"), Vertical(classes="sheet-box"):
            yield Static(Group(*head), id="summary")
            with Horizontal(classes="columns"):
                yield Static(round_table(t, names, result.scores, result.totals))
                yield history_panel(self.app, table)
            yield Static(Text(t("summary.end") if game.is_over() else t("summary.next"), style="dim"))
        yield Footer()

    def on_mount(self) -> None:
        relabel(self, self.app.texts)

    def action_next(self) -> None:
        self.dismiss(None)


class GameEndScreen(Screen[None]):
    """The winner (or the draw, or the shared win) and the whole score history."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "key.new"),
        Binding("q", "app.quit", "key.quit"),
    ]
    app: HjerterfriApp

    class NewGame(Message):
        """Play again at the same table: the same rules, names and opponents, the next seed."""

        def __init__(self, table: Table) -> None:
            super().__init__()
            self.table = table

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def action_new_game(self) -> None:
        self.post_message(self.NewGame(self.table))

    def compose(self) -> ComposeResult:
        t = self.app.texts
        with VerticalScroll(classes="sheet"), Vertical(classes="sheet-box"):
            with Horizontal(classes="columns"):
                yield Static(self._body(), id="result")
                yield history_panel(self.app, self.table)
            yield Static(Text(t("end.again"), style="dim"))
        yield Footer()

    def on_mount(self) -> None:
        relabel(self, self.app.texts)

    def _body(self) -> Group:
        t = self.app.texts
        game = self.table.game
        outcome = game.outcome()
        names = self.table.names
        parts: list = [Text(t("end.title"), style="bold")]
        if outcome is not None:
            winners = [names[s] for s in outcome.winners]
            alone = outcome.winners == (self.table.human,)
            headline = t("end.you.win") if alone else t.outcome(outcome.kind, winners)
            parts.append(Text(headline, style="bold reverse"))
        order = sorted(range(len(names)), key=lambda s: game.totals[s])
        lines = Text("\n")
        for place, seat in enumerate(order, 1):
            lines.append(f"{place}. {names[seat]:<14} {game.totals[seat]:>4}\n", style="bold" if place == 1 else "")
        parts.append(lines)
        return Group(*parts)
