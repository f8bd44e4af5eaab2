"""The replay viewer: step through a game log card by card, trick by trick, round by round.

Built with simple widgets of its own (Static panels with rich text); when the app's
table widgets are on main, the hands and the trick can be drawn with them instead.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Footer, Static

from ..cards import Card, Suit, cards_of
from ..engine import Game, Phase, Round
from ..gamelog import GameRecord, Partial
from ..rules import PassDirection
from ..transcript import WORDS, CardStyle, language_for


@dataclass(frozen=True)
class Step:
    """A position in the game: round index, passes done, cards played in that round."""

    round_index: int
    passed: bool
    cards: int


def timeline(game: Game) -> list[Step]:
    """Every position of the game in order: each deal, after the exchange, after each card."""
    steps: list[Step] = []
    for i, r in enumerate(game.rounds):
        passes = r.pass_direction is not PassDirection.NONE
        steps.append(Step(i, not passes, 0))
        if passes and r.phase is not Phase.PASSING:
            steps.append(Step(i, True, 0))
        played = len(r.tricks) * r.rules.players + len(r.trick)
        steps.extend(Step(i, True, k) for k in range(1, played + 1))
    return steps


def position(game: Game, step: Step) -> Round:
    """The round as it stood at ``step``, replayed from its deal."""
    source = game.rounds[step.round_index]
    assert source.dealt is not None
    r = Round(source.rules, source.dealt, source.number)
    if step.passed and r.phase is Phase.PASSING:
        for seat, mask in enumerate(source.passed):
            if mask is not None:
                r.pass_cards(seat, cards_of(mask))
    if not step.passed:
        return r
    plays = [c for t in source.tricks for c in t.cards] + list(source.trick)
    for card in plays[: step.cards]:
        r.push(card)
    return r


class ReplayApp(App[None]):
    """A game log, face up or as the human saw it, one step at a time."""

    TITLE = "hjerterfri replay"
    CSS = """
    #table { grid-size: 3 3; grid-columns: 1fr 2fr 1fr; grid-rows: auto 1fr auto; height: 1fr; }
    .hand { border: round $primary-darken-2; padding: 0 1; height: auto; }
    .to-play { border: round $warning; }
    #trick { content-align: center middle; height: 100%; }
    #info { height: auto; padding: 0 1; background: $boost; }
    #refused { height: auto; padding: 0 1; color: $error; }
    #scores { width: 40; border-left: solid $primary-darken-2; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[Binding]] = [
        Binding("right", "step(1)", "card", key_display="←→"),
        Binding("left", "step(-1)", "card back", show=False),
        Binding("down", "trick(1)", "trick", key_display="↑↓"),
        Binding("up", "trick(-1)", "trick back", show=False),
        Binding("pagedown", "round(1)", "round", key_display="PgUp/Dn"),
        Binding("pageup", "round(-1)", "round back", show=False),
        Binding("home", "jump(0)", "start", show=False),
        Binding("end", "jump(-1)", "end", show=False),
        *(Binding(str(d), f"goto_round({d})", "go to round", show=d == 1, key_display="1-9") for d in range(1, 10)),
        Binding("a", "toggle_hands", "hands"),
        Binding("s", "toggle_scores", "scores"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(self, partial: Partial, lang: str | None = None, style: CardStyle | None = None) -> None:
        super().__init__()
        assert partial.record is not None
        self.record: GameRecord = partial.record
        self.refused = partial.error
        self.game = self.record.game
        self.words = WORDS[language_for(self.record.rules.name, lang)]
        self.style = style or CardStyle()
        self.steps = timeline(self.game)
        self.index = len(self.steps) - 1 if self.refused else 0
        human = self.record.human_seat
        self.bottom = human if human is not None else 0
        self.face_up = human is None
        self.names = [s.name for s in self.record.seats]

    def compose(self) -> ComposeResult:
        yield Static(id="info")
        if self.refused is not None:
            where = f"{self.refused.where}: " if self.refused.where else ""
            yield Static(f"{self.words['refused']}: {where}{self.refused.reason}", id="refused", markup=False)
        with Horizontal():
            with Grid(id="table"):
                yield Static()
                yield Static(classes="hand", id="seat-2")
                yield Static()
                yield Static(classes="hand", id="seat-1")
                yield Static(id="trick")
                yield Static(classes="hand", id="seat-3")
                yield Static()
                yield Static(classes="hand", id="seat-0")
                yield Static()
            with Vertical(id="scores"):
                yield Static(id="score-table")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_view()

    # Moving

    def go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.steps) - 1))
        self.refresh_view()

    def action_step(self, delta: int) -> None:
        self.go(self.index + delta)

    def action_trick(self, delta: int) -> None:
        """To the end of the next (or previous) trick, or the next deal."""
        n = self.game.rules.players
        i = self.index + delta
        while 0 < i < len(self.steps) - 1:
            s = self.steps[i]
            if s.cards % n == 0 and (s.cards or s.passed or delta < 0):
                break
            i += delta
        self.go(i)

    def action_round(self, delta: int) -> None:
        current = self.steps[self.index].round_index
        target = max(0, min(current + delta, len(self.game.rounds) - 1))
        self.go(next(i for i, s in enumerate(self.steps) if s.round_index == target))

    def action_jump(self, index: int) -> None:
        self.go(index if index >= 0 else len(self.steps) - 1)

    def action_goto_round(self, number: int) -> None:
        if number > len(self.game.rounds):
            self.notify(f"{self.words['round']} {number}?", severity="warning")
            return
        self.go(next(i for i, s in enumerate(self.steps) if s.round_index == number - 1))

    def action_toggle_hands(self) -> None:
        self.face_up = not self.face_up
        self.refresh_view()

    def action_toggle_scores(self) -> None:
        scores = self.query_one("#scores")
        scores.display = not scores.display

    # Drawing

    def screen_seat(self, seat: int) -> int:
        """Where a seat sits on screen: 0 bottom, 1 left, 2 across, 3 right (play goes to the left)."""
        return (seat - self.bottom) % self.game.rules.players

    def refresh_view(self) -> None:
        step = self.steps[self.index]
        r = position(self.game, step)
        w = self.words
        n = r.rules.players
        info = Text.assemble(
            (f"{w['round']} {r.number}", "bold"),
            f" · {w[r.pass_direction.value]}",
            f" · {w['trick-name']} {len(r.tricks) + (1 if r.trick else 0)}/{r.rules.hand_size}" if step.passed else "",
            f" · {self.index + 1}/{len(self.steps)}",
        )
        if r.hearts_broken:
            info.append(f" · {self.style.suit_text(Suit.HEARTS)} {w['broken']}", style="red")
        self.query_one("#info", Static).update(info)
        last = self.last_play(r)
        for seat in range(n):
            panel = self.query_one(f"#seat-{self.screen_seat(seat)}", Static)
            panel.set_class(r.phase is Phase.PLAYING and r.turn == seat, "to-play")
            panel.border_title = f"{self.names[seat]} · {r.taken[seat]}"
            panel.update(self.hand_text(r, seat, last))
        self.query_one("#trick", Static).update(self.trick_text(r))
        self.query_one("#score-table", Static).update(self.score_table(step.round_index, r))

    def last_play(self, r: Round) -> tuple[int, Card] | None:
        if r.trick:
            return r.trick_plays()[-1]
        if r.tricks:
            t = r.tricks[-1]
            return t.seats[-1], t.cards[-1]
        return None

    def hand_text(self, r: Round, seat: int, last: tuple[int, Card] | None) -> Text:
        visible = self.face_up or seat == self.bottom or r.phase is Phase.OVER
        if not visible:
            size = r.hands[seat].bit_count()
            return Text(f"{size} {self.words['cards']}", style="dim")
        lines = []
        received = r.received(seat) or 0
        for suit in Suit:
            line = Text(self.style.suit_text(suit) + " ", style=self.style.suit_style(suit))
            for c in reversed(cards_of(r.hands[seat])):
                if c.suit is suit:
                    line.append(self.style.rank_text(c), style="underline" if received >> c & 1 else "")
                    line.append(" ")
            lines.append(line)
        passed = r.passed[seat]
        if passed is not None and r.phase is Phase.PASSING:
            lines.append(Text("→ ").append_text(self.style.cards(passed)))
        return Text("\n").join(lines)

    def trick_text(self, r: Round) -> Text:
        if r.trick:
            plays = r.trick_plays()
            winner = None
        elif r.tricks:
            t = r.tricks[-1]
            plays = list(zip(t.seats, t.cards, strict=True))
            winner = t.winner
        else:
            return Text(self.words["dealt"], style="dim")
        by_place = {self.screen_seat(s): (s, c) for s, c in plays}

        def cell(place: int) -> Text:
            if place not in by_place:
                return Text(" " * 5)
            seat, card = by_place[place]
            text = self.style.card(card)
            if seat == winner:
                text.stylize("reverse")
            return Text.assemble(" " * (4 - text.cell_len), text, " ")

        gap = Text(" " * 5)
        lines = [
            Text.assemble(gap, cell(2), gap),
            Text.assemble(cell(1), gap, cell(3)),
            Text.assemble(gap, cell(0), gap),
        ]
        if winner is not None:
            lines.append(Text(f"{self.words['winner']} {self.names[winner]}", style="dim"))
        return Text("\n").join(lines)

    def score_table(self, round_index: int, r: Round) -> Table:
        table = Table(box=None, pad_edge=False, show_edge=False)
        table.add_column("#", justify="right", style="dim")
        for name in self.names:
            table.add_column(name[:8], justify="right")
        totals = [0] * r.rules.players
        for i, rd in enumerate(self.game.rounds):
            if i > round_index or (i == round_index and not r.is_over):
                break
            scores = rd.scores()
            for s, p in enumerate(scores):
                totals[s] += p
            table.add_row(str(i + 1), *map(str, scores), style="bold" if i == round_index else "")
        table.add_section()
        table.add_row("Σ", *map(str, totals), style="bold")
        return table


def run_viewer(partial: Partial, args: argparse.Namespace) -> int:
    """Open the viewer on a lenient load; a log without even its headers is an error (one line, exit 2)."""
    if partial.record is None:
        assert partial.error is not None
        raise partial.error
    style = CardStyle(ascii=bool(getattr(args, "ascii", False)), four_colour=bool(getattr(args, "four_colour", False)))
    ReplayApp(partial, getattr(args, "lang", None), style).run()
    return 0
