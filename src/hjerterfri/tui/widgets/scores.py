"""Score tables from plain numbers, and the panels that show a round's result and the game's history (the
summary, the game's end, the score dialog and the replay).

Names are outside text: they are shown literally and cut to ``name_width`` (the history's narrower where the
terminal is). A long game's history keeps to the rows it is given: the first rounds fold into one row of
their sums, the last ones stay apart, and the totals are always there.
"""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ...i18n import Texts
from ...literal import literal

NAME_WIDTH = 10
"""Columns a name gets in a score table at the least where it fits (a longer one ends in an ellipsis)."""
LONG_NAME = 16
"""Columns a long name may take where there is room (a name may have 40)."""


def name_width(names: list[str]) -> int:
    """Columns for ``names`` in a table: the longest one's, between ``NAME_WIDTH`` and ``LONG_NAME``."""
    return max(NAME_WIDTH, min(LONG_NAME, max((len(n) for n in names), default=0)))


HISTORY_OVERHEAD = 5
"""Rows of a history sheet that are not rounds: the heading, the column heads and their rule, the totals' rule
and the totals."""


def history_table(
    texts: Texts,
    names: list[str],
    history: list[tuple[int, ...]],
    rows: int | None = None,
    name_width: int = NAME_WIDTH,
) -> Table:
    """Each finished round's points per player, with running totals on the last line; at most ``rows`` rows
    of rounds (the first rounds then share one row of their sums, labelled with their numbers); names cut
    to ``name_width`` columns."""
    table = Table(box=box.HORIZONTALS, pad_edge=False, show_edge=False, expand=False)
    table.add_column("#", justify="right", style="dim", no_wrap=True)
    for name in names:
        table.add_column(literal(name, limit=name_width), justify="right", no_wrap=True)
    totals = [0] * len(names)
    folded = len(history) - rows + 1 if rows is not None and len(history) > max(rows, 1) else 0
    if folded:
        sums = [sum(scores[s] for scores in history[:folded]) for s in range(len(names))]
        table.add_row(f"1–{folded}", *(str(p) for p in sums), style="dim")
    for number, scores in enumerate(history, 1):
        for seat, points in enumerate(scores):
            totals[seat] += points
        if number > folded:
            table.add_row(str(number), *(str(p) for p in scores))
    table.add_section()
    table.add_row("Σ", *(str(t) for t in totals), style="bold")
    return table


def round_table(texts: Texts, names: list[str], scores: tuple[int, ...], totals: tuple[int, ...]) -> Table:
    """This round's points and the totals, one line per player."""
    table = Table(box=box.HORIZONTALS, pad_edge=False, show_edge=False, expand=False)
    table.add_column(texts("summary.player"), no_wrap=True)
    table.add_column(texts("summary.round"), justify="right", no_wrap=True)
    table.add_column(texts("summary.total"), justify="right", no_wrap=True)
    low, width = min(totals), name_width(names)
    for seat, name in enumerate(names):
        style = "bold" if totals[seat] == low else ""
        table.add_row(literal(name, limit=width), str(scores[seat]), str(totals[seat]), style=style)
    return table


def history_sheet(
    texts: Texts,
    names: list[str],
    history: list[tuple[int, ...]],
    heading: str,
    style: str = "dim",
    rows: int | None = None,
    name_width: int = NAME_WIDTH,
) -> Group:
    """A heading over ``history_table``."""
    return Group(Text(heading, style=style), history_table(texts, names, history, rows, name_width))


class HistoryPanel(Static):
    """The game's points round by round, under a heading, in at most ``rows`` rows of rounds."""

    def __init__(
        self,
        texts: Texts,
        names: list[str],
        history: list[tuple[int, ...]],
        heading: str,
        style: str = "dim",
        rows: int | None = None,
        name_width: int = NAME_WIDTH,
        **kwargs,
    ) -> None:
        super().__init__(history_sheet(texts, names, history, heading, style, rows, name_width), **kwargs)
