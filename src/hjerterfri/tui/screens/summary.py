"""Between rounds and after the last one: points, the moon, the history, the result."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...i18n import Texts
from ...literal import literal
from ...rules import MoonScoring
from ...table import Table
from ..labels import relabel
from ..widgets.scores import HISTORY_OVERHEAD, HistoryPanel, history_sheet, name_width, round_table

if TYPE_CHECKING:
    from ..app import HjerterfriApp


FRAME_ROWS = 7
"""Rows around a sheet's columns: the footer, the space above the frame, the frame's two borders, the gap
under the head and the hint line with the gap above it."""
FRAME_COLUMNS = 10
"""Columns around a sheet's columns: the sheet's padding, the frame's borders and padding (the last column has no
margin: it cut names short with four columns to spare)."""
FIRST_MARGIN = 4
"""The gap between the columns (``.columns > Static``)."""


class SheetScreen(Screen[None]):
    """A result in a frame, with the game's history beside it in as many rows as the terminal has."""

    app: HjerterfriApp

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self._fitted: Size | None = None
        """The terminal's size the sheet was last fitted to."""

    def columns(self, first: RenderableType, first_id: str, head_rows: int, spare: bool) -> Iterator[Static]:
        """``first`` and the history beside it, fitted to the terminal's height under ``head_rows`` rows of
        heading lines and to its width: the history's names cut shorter where they would not fit, and a
        ``spare`` first column left out where even then both would not (the round's points and the totals are
        in the history too; at five players the history's last column was cut off)."""
        self._fitted = self.app.size
        history = [result.scores for result in self.table.results()]
        rows = max(self.app.size.height - FRAME_ROWS - head_rows - HISTORY_OVERHEAD, 2)
        room = self.app.size.width - FRAME_COLUMNS
        widths = range(name_width(self.table.names), 3, -1)
        t = self.app.texts

        def fits(name_width: int, room: int) -> bool:
            sheet = history_sheet(t, self.table.names, history, t("summary.history"), rows=rows, name_width=name_width)
            return self._width(sheet) <= room

        beside = [w for w in widths if w >= 5] if spare else widths  # "Met…" beside the round: the history alone
        width = next((w for w in beside if fits(w, room - self._width(first) - FIRST_MARGIN)), None)
        if width is None and spare:  # the history alone
            width = next((w for w in widths if fits(w, room)), None)
        else:
            yield Static(first, id=first_id)
        sheet = HistoryPanel(t, self.table.names, history, t("summary.history"), rows=rows, name_width=width or 4)
        sheet.id = "history"
        yield sheet

    def _width(self, renderable: RenderableType) -> int:
        console = self.app.console
        return Measurement.get(console, console.options, renderable).maximum

    def on_mount(self) -> None:
        relabel(self, self.app.texts)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No review of a game with two decks (svær weighs one deck only): the key is not offered."""
        return action != "review" or self.table.rules.decks == 1

    def on_resize(self) -> None:
        if self.app.size != self._fitted:  # (not when first shown: it was composed for this size)
            self.refresh(recompose=True)

    def action_settings(self) -> None:
        """The settings before the next round (the tracker, the pace: only the table offered them)."""
        from .dialogs import SettingsScreen

        self.app.push_screen(SettingsScreen())

    HELP = "help.summary"
    """The help's text: the round's keys (the game's end has its own: Enter, o and r do nothing there)."""

    def action_help(self) -> None:
        """The keys of this sheet (it showed the table's, and at the game's end nothing, then the round's)."""
        from .dialogs import HelpScreen

        self.app.push_screen(HelpScreen(self.HELP, without=None if self.table.rules.decks == 1 else "v"))

    async def recompose(self) -> None:
        """The sheet fitted anew, its footer with it (the new one came up empty)."""
        await super().recompose()
        relabel(self, self.app.texts)
        self.refresh_bindings()


def _clickable(t: Texts, parts: list[tuple[str, str]]) -> Text:
    """The texts of ``parts`` (catalogue key, the screen's action) side by side, each a click on its action
    (a tester clicked "v: what your choices cost" and nothing happened)."""
    line = Text(style="dim")
    for i, (key, action) in enumerate(parts):
        if i:
            line.append(" · ")
        line.append(t(key), style=Style(meta={"@click": f"screen.{action}"}))
    return line


class RoundSummaryScreen(SheetScreen):
    """What the round just played scored, and the totals so far."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "next", "key.continue", key_display="⏎"),
        Binding("v", "review", "key.review"),
        Binding("o", "settings", "key.settings"),
        Binding("question_mark", "help", "key.help", key_display="?"),
        Binding("r", "app.rules", "key.rules"),
        Binding("q", "app.ask_quit", "key.quit"),
    ]

    def compose(self) -> ComposeResult:
        t = self.app.texts
        table = self.table
        game = table.game
        result = table.results()[-1]
        names = table.names
        head: list = [Text(t("summary.title", n=result.number), style="bold")]
        if result.shooter is not None:
            key = "summary.moon.minus" if game.rules.moon is MoonScoring.SHOOTER_MINUS_26 else "summary.moon"
            moon = t(key, name=names[result.shooter], points=game.rules.round_points)
            head.append(Text("☾ " + moon, style="bold reverse"))
        if result.kitty_taker is not None:
            cards = t.cards_sorted(result.kitty)
            head.append(Text(t("kitty.summary", cards=cards, name=names[result.kitty_taker]), style="dim"))
        if (ended := self.ended(result.number)) is not None:
            head.append(Text(ended, style="bold"))
        challenge = table.record.challenge
        if challenge is not None:
            head.append(Text(t("challenge.deal", code=challenge.code, i=result.number, n=challenge.deals), style="dim"))
            par = table.record.par
            if par is not None and result.number < challenge.deals:  # how it goes (the last deal's end says it)
                n = result.number
                you = sum(table.record.human_points()[:n])
                head.append(Text(t("challenge.so-far", n=n, verdict=t.verdict(you, sum(par[:n]))), style="bold"))
        elif max(result.totals) >= game.rules.target and not game.is_over():
            head.append(Text(t("end.playon"), style="bold"))
        with VerticalScroll(classes="sheet"), Vertical(classes="sheet-box"):
            yield Static(Group(*head), id="summary")
            with Horizontal(classes="columns"):
                this_round = Group(
                    Text(t("summary.this-round"), style="dim"), round_table(t, names, result.scores, result.totals)
                )
                yield from self.columns(this_round, "round", len(head), spare=True)
            parts = [("summary.end" if table.is_over() else "summary.next", "next")]
            if not table.is_over() and self.check_action("review", ()):
                parts.append(("summary.review", "review"))
            yield Static(_clickable(t, parts), classes="hint")
        yield Footer(compact=True)

    def ended(self, number: int) -> str | None:
        """How round ``number`` ended at once, if it did: a claim, or no points left (and how many tricks)."""
        t = self.app.texts
        ending = next((e for e in self.table.record.endings if e.round == number), None)
        if ending is None:
            return None
        r = next(r for r in self.table.game.rounds if r.number == number)
        ends = [sum(len(x.cards) for x in r.tricks[: i + 1]) for i in range(len(r.tricks))]
        rest = sum(end > ending.at for end in ends)
        if ending.claim is not None:
            return t("summary.claimed", name=self.table.names[ending.claim], n=rest)
        return t("summary.finished", n=rest)

    def action_next(self) -> None:
        self.dismiss(None)

    def action_review(self) -> None:
        """svær's review of the human's choices in this round."""
        from .review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.table.record, self.table.human, self.table.results()[-1].number))


class GameEndScreen(SheetScreen):
    """The winner (or the draw, or the shared win) and the whole score history."""

    HELP = "help.end"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "key.new"),
        Binding("s", "start_screen", "key.start-screen"),
        Binding("v", "review", "key.review"),
        Binding("question_mark", "help", "key.help", key_display="?"),
        Binding("q", "app.quit", "key.quit"),
    ]

    class NewGame(Message):
        """Play again at the same table: the same rules, names and opponents, the next seed."""

        def __init__(self, table: Table) -> None:
            super().__init__()
            self.table = table

    class ToStart(Message):
        """Back to the start screen, to choose another game (``n`` deals at once at the same table)."""

    def action_new_game(self) -> None:
        self.post_message(self.NewGame(self.table))

    def action_start_screen(self) -> None:
        self.post_message(self.ToStart())

    def action_review(self) -> None:
        """svær's review of the human's choices in the whole game."""
        from .review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.table.record, self.table.human))

    def compose(self) -> ComposeResult:
        t = self.app.texts
        with VerticalScroll(classes="sheet"), Vertical(classes="sheet-box"):
            with Horizontal(classes="columns"):
                yield from self.columns(self._body(), "result", -1, spare=False)  # no head line above, nor a gap
            yield Static(Text(t("end.again"), style="dim"), classes="hint")
        yield Footer(compact=True)

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
        over = [s for s, total in enumerate(game.totals) if total >= game.rules.target]  # why it ended
        who = t.join([f"{t.person(names[s])} ({game.totals[s]})" for s in over])
        parts.append(Text(t("end.reason", who=who, target=game.rules.target), style="dim"))
        order = sorted(range(len(names)), key=lambda s: game.totals[s])
        width = name_width(names)
        lines = Text("\n")
        for place, seat in enumerate(order, 1):
            style = "bold" if place == 1 else ""
            lines.append(f"{place}. ", style=style)
            lines.append_text(literal(names[seat], style=style, limit=width))
            lines.append(" " * (width - min(len(names[seat]), width) + 1) + f"{game.totals[seat]:>4}\n", style=style)
        parts.append(lines)
        if undos := len(self.table.record.undos):
            parts.append(Text(t("end.undos", n=undos), style="dim"))
        return Group(*parts)
