"""Score tables as rich renderables, from plain numbers (reused by the summary, the dialog and the replay)."""

from __future__ import annotations

from rich import box
from rich.table import Table

from .i18n import Texts


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
