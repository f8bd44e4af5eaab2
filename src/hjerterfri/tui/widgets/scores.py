"""Score tables from plain numbers, and the panel that shows the game's history (the summary, the game's
end, the score dialog and the replay)."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ...i18n import Texts


def history_table(texts: Texts, names: list[str], history: list[tuple[int, ...]]) -> Table:
    """Each finished round's points per player, with running totals on the last line."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=False)
    table.add_column("#", justify="right", style="dim")
    for name in names:
        table.add_column(name, justify="right")
    totals = [0] * len(names)
    for number, scores in enumerate(history, 1):
        for seat, points in enumerate(scores):
            totals[seat] += points
        table.add_row(str(number), *(str(p) for p in scores))
    table.add_section()
    table.add_row("Σ", *(str(t) for t in totals), style="bold")
    return table


def round_table(texts: Texts, names: list[str], scores: tuple[int, ...], totals: tuple[int, ...]) -> Table:
    """This round's points and the totals, one line per player."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, expand=False)
    table.add_column(texts("summary.player"))
    table.add_column(texts("summary.round"), justify="right")
    table.add_column(texts("summary.total"), justify="right")
    low = min(totals)
    for seat, name in enumerate(names):
        style = "bold" if totals[seat] == low else ""
        table.add_row(name, str(scores[seat]), str(totals[seat]), style=style)
    return table


def history_sheet(
    texts: Texts, names: list[str], history: list[tuple[int, ...]], heading: str, style: str = "dim"
) -> Group:
    """A heading over ``history_table``."""
    return Group(Text(heading, style=style), history_table(texts, names, history))


class HistoryPanel(Static):
    """The game's points round by round, under a heading."""

    def __init__(
        self, texts: Texts, names: list[str], history: list[tuple[int, ...]], heading: str, style: str = "dim", **kwargs
    ) -> None:
        super().__init__(history_sheet(texts, names, history, heading, style), **kwargs)
