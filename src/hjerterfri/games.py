"""``hjerterfri games``: the saved games, and the figures a player wants (played, won, points, moons)."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .catalogue import default_name
from .engine import OutcomeKind
from .gamelog import Entry, Summary, list_games
from .literal import printable
from .paths import games_dir

if TYPE_CHECKING:
    from .i18n import Texts


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
    fair: float = 0.0
    """The rounds' points shared evenly, summed: a fair share differs with the table (8.7 at three players)."""
    moons: int = 0
    with_undo: int = 0
    """Finished games in which moves were taken back."""

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

    @property
    def fair_share(self) -> float | None:
        """A fair share of the points per round over the same rounds."""
        return self.fair / self.rounds if self.rounds else None


def stats(games: Iterable[Summary], you: str | None = None) -> list[Stats]:
    """Figures per human name, in the order the names first appear; the default name in any language ("Du",
    "You") counts as ``you`` (the player who never typed a name, whatever the language of the game)."""
    by_name: dict[str, Stats] = {}
    for game in games:
        seat = game.human_seat
        if seat is None or game.branch is not None:  # a branch replays another game's rounds: not counted twice
            continue
        name = you if you is not None and default_name(game.seats[seat].name) else game.seats[seat].name
        st = by_name.setdefault(name, Stats(name))
        st.games += game.challenge is None  # a challenge is no game to win: its line says how it went
        st.rounds += len(game.points)
        st.points += sum(points[seat] for points in game.points)
        st.fair += len(game.points) * game.rules.round_points / game.rules.players
        st.moons += game.moons.count(seat)
        outcome = game.outcome
        if outcome is None:
            continue
        st.finished += 1
        st.with_undo += game.undos > 0
        if seat in outcome.winners:
            if outcome.kind is OutcomeKind.WIN:
                st.won += 1
            else:
                st.shared += 1
    return list(by_name.values())


def share(t: Texts, part: int, whole: int) -> str:
    """``7 of 10 (70%)``: the count and an honest percentage."""
    if not whole:
        return str(part)
    return t("stats.share", part=part, whole=whole, percent=f"{100 * part / whole:.0f}")


def result_text(t: Texts, rec: Summary) -> str:
    """The result, or the round it was left in; and the points played to, where not the texts' 100."""
    if rec.challenge is not None:
        return t("games.challenge", code=rec.challenge.code)
    outcome = rec.outcome
    if outcome is None:
        result = t("games.unfinished", n=rec.round_number)
    else:
        names = t.join([t.person(rec.seats[s].name) for s in outcome.winners])
        kind = {OutcomeKind.WIN: "won", OutcomeKind.DRAW: "draw", OutcomeKind.SHARED_WIN: "shared-win"}
        result = t(f"games.{kind[outcome.kind]}", names=names)
    target = rec.other_target
    return result if target is None else f"{result}\n{t('target.to', n=target)}"  # a line of its own, whole


def score_text(t: Texts, rec: Summary) -> str:
    """The totals (for a challenge the player's points and the par as far as it was played), how often moves
    were taken back, and where a game was played on from another's replay: short lines, for the narrow
    column they share at 80 columns."""
    notes = f"\n↶ {t('games.undos', n=rec.undos)}" if rec.undos else ""  # a line of its own: the column is narrow
    if rec.branch is not None:  # not in the statistics: its first rounds are another game's
        notes += f"\n↳ {t('games.branched', round=rec.branch.round)}"
    challenge = rec.challenge
    if challenge is None:
        return "-".join(str(rec.totals[s]) for s in listed(rec)) + notes
    played = len(rec.points)
    you = sum(points[challenge.human] for points in rec.points)
    par = "?" if rec.par is None else str(sum(rec.par[:played]))
    text = t("games.challenge.score", you=you, par=par)
    if played < challenge.deals:
        text += "\n" + t("games.challenge.played", played=played, n=challenge.deals)
    return text + notes


def listed(rec: Summary) -> list[int]:
    """The seats in the order the players and their totals are listed: the human first, then the bots
    (a game played on from another seat's replay has the human elsewhere than at seat 0)."""
    return sorted(range(len(rec.seats)), key=lambda s: not rec.seats[s].is_human)


def players_text(t: Texts, rec: Summary) -> str:
    """``Ida vs Nord, Øst, Vest (medium)``: the human first, then the bots and their levels."""
    humans = [printable(t.person(rec.seats[s].name)) for s in listed(rec) if rec.seats[s].is_human]
    bots = [rec.seats[s] for s in listed(rec) if not rec.seats[s].is_human]
    levels = list(dict.fromkeys(t.level_name(str(s.bot)) for s in bots))
    text = ", ".join(printable(s.name) for s in bots) + (f" ({'/'.join(levels)})" if levels else "")
    return t("games.vs", human=", ".join(humans), bots=text) if humans else text


NAME_WIDTH = 34
"""Where ``games`` folds a file's name: the names it saves under are no longer."""


def main(args: argparse.Namespace) -> int:
    """List the games in the games directory, newest first, then each player's figures."""
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from .i18n import Texts
    from .launch import language
    from .literal import literal

    directory = games_dir(getattr(args, "data_dir", None))
    entries: list[Entry] = list(list_games(directory))
    latest = next((e.summary.rules.name for e in entries if e.summary is not None), None)
    t = Texts(language(args, latest))  # unless one was chosen, the language of the game played last
    console = Console(highlight=False)
    if not entries:
        console.print(Text(t("games.none", dir=directory)), soft_wrap=True)
        return 0
    console.print(Text(t("games.title", dir=directory)), soft_wrap=True)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True)
    # Three columns, so that at 80 columns nothing is squeezed away (with four, rich gave the rules and the
    # players no room at all): when and which rules over the file's name (whole: replay needs it), the
    # players, and the result in short lines (the undos on a line of their own; a long name wraps)
    results = [
        f"{result_text(t, e.summary)}\n{score_text(t, e.summary)}" if e.summary else t("games.broken") for e in entries
    ]
    widest = max(len(line) for text in results for line in text.splitlines())
    table.add_column(t("games.started"), no_wrap=True)
    table.add_column(t("games.players"), overflow="fold", min_width=12)
    table.add_column(t("games.result"), overflow="fold", min_width=min(widest, 24))
    for e, result in zip(entries, results, strict=True):
        name = e.path.name  # whole (one of ours is 34 at most); a longer one folded, or it took the whole width
        parts = [literal(name[i : i + NAME_WIDTH], style="dim") for i in range(0, len(name), NAME_WIDTH)]
        file = Text("\n").join(parts)
        if e.summary is None:
            table.add_row(Text.assemble("?\n", file), "", Text(result, style="red"))
            continue
        rec = e.summary
        table.add_row(
            Text.assemble(f"{rec.started:%Y-%m-%d %H:%M} · ", literal(t.preset_name(rec.rules.name)), "\n", file),
            Text(players_text(t, rec)),
            Text(result),
        )
    console.print(table)
    broken = sum(e.summary is None for e in entries)
    if broken:
        console.print(Text(t("games.unreadable", n=broken)))
    keys = ("stats.played", "stats.won", "stats.shared", "stats.lost", "stats.average", "stats.moons", "stats.undo")
    labels = [t(k) for k in keys]
    width = max(len(label) for label in labels) + 2

    def line(key: str, value: str) -> Text:
        return Text(f"  {t(key) + ':':<{width}}{value}")

    for st in stats((e.summary for e in entries if e.summary is not None), t("you")):
        console.print()
        console.print(literal(st.name, style="bold"))
        unfinished = f" {t('stats.unfinished', n=st.unfinished)}" if st.unfinished else ""
        console.print(line("stats.played", f"{st.finished}{unfinished}"))
        console.print(line("stats.won", share(t, st.won, st.finished)))
        if st.shared:
            console.print(line("stats.shared", share(t, st.shared, st.finished)))
        console.print(line("stats.lost", share(t, st.lost, st.finished)))
        average = (
            t("stats.average.value", average=t.number(st.average), n=st.rounds, fair=t.number(st.fair_share or 0))
            if st.average is not None
            else t("stats.average.none")
        )
        console.print(line("stats.average", average))
        console.print(line("stats.moons", str(st.moons)))
        if st.with_undo:
            console.print(line("stats.undo", share(t, st.with_undo, st.finished)))
    return 0
