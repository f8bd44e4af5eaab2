"""``hjerterfri games``: the saved games, and the figures a player wants (played, won, points, moons)."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from dataclasses import dataclass

from .engine import OutcomeKind
from .gamelog import Entry, Summary, list_games
from .paths import games_dir


@dataclass
class Stats:
    """One human player's figures over the saved games."""

    name: str
    games: int = 0
    finished: int = 0
    won: int = 0
    shared: int = 0
    """Shared wins and draws in which the player was among the lowest."""
    rounds: int = 0
    points: int = 0
    moons: int = 0

    @property
    def lost(self) -> int:
        return self.finished - self.won - self.shared

    @property
    def unfinished(self) -> int:
        return self.games - self.finished

    @property
    def average(self) -> float | None:
        """Points per finished round."""
        return self.points / self.rounds if self.rounds else None


def stats(games: Iterable[Summary]) -> list[Stats]:
    """Figures per human name, in the order the names first appear."""
    by_name: dict[str, Stats] = {}
    for game in games:
        seat = game.human_seat
        if seat is None:
            continue
        st = by_name.setdefault(game.seats[seat].name, Stats(game.seats[seat].name))
        st.games += 1
        st.rounds += len(game.points)
        st.points += sum(points[seat] for points in game.points)
        st.moons += game.moons.count(seat)
        outcome = game.outcome
        if outcome is None:
            continue
        st.finished += 1
        if seat in outcome.winners:
            if outcome.kind is OutcomeKind.WIN:
                st.won += 1
            else:
                st.shared += 1
    return list(by_name.values())


def share(part: int, whole: int) -> str:
    """``7 of 10 (70%)``: the count and an honest percentage."""
    if not whole:
        return str(part)
    return f"{part} of {whole} ({100 * part / whole:.0f}%)"


def result_text(rec: Summary) -> str:
    outcome = rec.outcome
    if outcome is None:
        return f"unfinished, round {rec.round_number}"
    names = " & ".join(rec.seats[s].name for s in outcome.winners)
    word = {OutcomeKind.WIN: "won", OutcomeKind.DRAW: "draw", OutcomeKind.SHARED_WIN: "shared win"}[outcome.kind]
    return f"{names} {word}"


def players_text(rec: Summary) -> str:
    """``Ida vs Nord, Øst, Vest (middel)``: the human first, then the bots and their levels."""
    humans = [s.name for s in rec.seats if s.is_human]
    bots = [s for s in rec.seats if not s.is_human]
    levels = list(dict.fromkeys(str(s.bot) for s in bots))
    text = ", ".join(s.name for s in bots) + (f" ({'/'.join(levels)})" if levels else "")
    return f"{', '.join(humans)} vs {text}" if humans else text


def main(args: argparse.Namespace) -> int:
    """List the games in the games directory, newest first, then each player's figures."""
    from rich import box
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    directory = games_dir(getattr(args, "data_dir", None))
    entries: list[Entry] = list(list_games(directory))
    console = Console(highlight=False)
    if not entries:
        console.print(f"No saved games in {directory}.")
        return 0
    table = Table(
        title=f"Saved games in {directory}", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False
    )
    table.add_column("started · file", no_wrap=True)
    table.add_column("preset", no_wrap=True)
    table.add_column("players", overflow="fold")
    table.add_column("result · totals", no_wrap=True)
    for e in entries:
        file = f"[dim]{escape(e.path.name)}[/]"
        if e.summary is None:
            table.add_row(f"?\n{file}", "?", "", "[red]broken[/]")
            continue
        rec = e.summary
        table.add_row(
            f"{rec.started:%Y-%m-%d %H:%M}\n{file}",
            escape(rec.rules.name),
            escape(players_text(rec)),
            f"{escape(result_text(rec))}\n{'-'.join(map(str, rec.totals))}",
        )
    console.print(table)
    broken = sum(e.summary is None for e in entries)
    if broken:
        console.print(f"{broken} file(s) could not be read; `hjerterfri replay FILE --text` says why.")
    for st in stats(e.summary for e in entries if e.summary is not None):
        console.print()
        console.print(f"[bold]{escape(st.name)}[/]")
        console.print(
            f"  games played:       {st.finished}" + (f" (and {st.unfinished} unfinished)" * bool(st.unfinished))
        )
        console.print(f"  won:                {share(st.won, st.finished)}")
        if st.shared:
            console.print(f"  shared win or draw: {share(st.shared, st.finished)}")
        console.print(f"  lost:               {share(st.lost, st.finished)}")
        average = f"{st.average:.1f} over {st.rounds} rounds" if st.average is not None else "no rounds yet"
        console.print(f"  points per round:   {average}")
        console.print(f"  moons shot:         {st.moons}")
    return 0
