"""Between rounds and after the last one: points, the moon, the history, the result."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...cards import cards_of
from ...table.session import HUMAN, Session
from ..labels import relabel
from ..scores import history_table, round_table

if TYPE_CHECKING:
    from ..app import HjerterfriApp


def history_panel(app: HjerterfriApp, session: Session) -> Static:
    """The game's points round by round, under a dim heading (beside a round's or the game's result)."""
    t = app.texts
    return Static(
        Group(Text(t("summary.history"), style="dim"), history_table(t, session.names, session.game.history())),
        id="history",
    )


class RoundSummaryScreen(Screen[None]):
    """What the round just played scored, and the totals so far."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "next", "key.continue", key_display="⏎"),
        Binding("question_mark", "app.help", "key.help", key_display="?"),
        Binding("r", "app.rules", "key.rules"),
        Binding("q", "app.ask_quit", "key.quit"),
    ]
    app: HjerterfriApp

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        t = self.app.texts
        game = self.session.game
        r = game.round
        names = self.session.names
        head: list = [Text(t("summary.title", n=r.number), style="bold")]
        shooter = r.moon_shooter()
        if shooter is not None:
            head.append(Text("☾ " + t("summary.moon", name=names[shooter]), style="bold reverse"))
        if r.kitty:
            taker = r.tricks[0].winner
            cards = t.cards_short(cards_of(r.kitty))
            head.append(Text(t("kitty.summary", cards=cards, name=names[taker]), style="dim"))
        if max(game.totals) >= game.rules.target and not game.is_over():
            head.append(Text(t("end.playon"), style="bold"))
        with VerticalScroll(classes="sheet"), Vertical(classes="sheet-box"):
            yield Static(Group(*head), id="summary")
            with Horizontal(classes="columns"):
                yield Static(round_table(t, names, r.scores(), game.totals))
                yield history_panel(self.app, self.session)
            yield Static(Text(t("summary.end") if game.is_over() else t("summary.next"), style="dim"))
        yield Footer()

    def on_mount(self) -> None:
        relabel(self, self.app.texts)

    def action_next(self) -> None:
        self.dismiss(None)


class GameEndScreen(Screen[None]):
    """The winner (or the draw, or the shared win) and the whole score history."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "app.new_game", "key.new"),
        Binding("q", "app.quit", "key.quit"),
    ]
    app: HjerterfriApp

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        t = self.app.texts
        with VerticalScroll(classes="sheet"), Vertical(classes="sheet-box"):
            with Horizontal(classes="columns"):
                yield Static(self._body(), id="result")
                yield history_panel(self.app, self.session)
            yield Static(Text(t("end.again"), style="dim"))
        yield Footer()

    def on_mount(self) -> None:
        relabel(self, self.app.texts)

    def _body(self) -> Group:
        t = self.app.texts
        game = self.session.game
        outcome = game.outcome()
        names = self.session.names
        parts: list = [Text(t("end.title"), style="bold")]
        if outcome is not None:
            winners = [names[s] for s in outcome.winners]
            headline = t("end.you.win") if outcome.winners == (HUMAN,) else t.outcome(outcome.kind, winners)
            parts.append(Text(headline, style="bold reverse"))
        order = sorted(range(len(names)), key=lambda s: game.totals[s])
        lines = Text("\n")
        for place, seat in enumerate(order, 1):
            lines.append(f"{place}. {names[seat]:<14} {game.totals[seat]:>4}\n", style="bold" if place == 1 else "")
        parts.append(lines)
        return Group(*parts)
