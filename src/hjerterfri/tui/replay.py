"""The replay viewer: step through a game log card by card, trick by trick, round by round.

It draws with the table's own widgets (the hand, the trick, the seat panels, the
score table), so a replay looks like the game; every position is the engine's,
replayed from the log's deal.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from ..cardface import Deck
from ..cards import cards_of
from ..engine import Game, Phase, Round
from ..gamelog import GameRecord, Partial, Undo
from ..i18n import Texts
from ..literal import literal, printable
from ..paths import data_dir
from ..rules import PassDirection
from .crash import ReportingApp
from .labels import relabel
from .screens.dialogs import Dialog, HelpScreen
from .widgets.fitline import FitLine
from .widgets.hand import HandView
from .widgets.scores import history_sheet
from .widgets.seat import NAME_LIMIT, SeatInfo, SeatPanel, show_text
from .widgets.trick import PLACES, TrickView, across


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
        played = sum(len(t.cards) for t in r.tricks) + len(r.trick)  # a first trick may hold more cards
        steps.extend(Step(i, True, k) for k in range(1, played + 1))
    return steps


def position(game: Game, step: Step) -> Round:
    """The round as it stood at ``step``, replayed from its deal (and kitty)."""
    source = game.rounds[step.round_index]
    assert source.dealt is not None
    r = Round(source.rules, source.dealt, source.number, source.kitty)
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


class ReplayApp(ReportingApp):
    """A game log on the game's table, face up or as the human saw it, one step at a time."""

    TITLE = "hjerterfri replay"
    ENABLE_COMMAND_PALETTE = False
    WIDE = 120
    """From this width the score table stands beside the table; below it, ``s`` shows it."""
    CSS_PATH = "hjerterfri.tcss"
    CSS = """
    #replay { height: 1fr; }
    #table { width: 1fr; }
    #top { height: auto; }
    #top .seat { height: auto; min-height: 3; }
    .side { width: 24; height: auto; min-height: 6; margin-top: 1; }
    .side.flush { margin-top: 0; }
    #refused { height: auto; padding: 0 1; color: #ffb4a8; background: #5a1f1a; }
    #scores { width: auto; max-width: 50; height: 100%; padding: 0 1; border-left: solid #4d7264; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", "key.card", key_display="←→"),
        Binding("left", "step(-1)", "key.card", show=False),
        Binding("down", "trick(1)", "key.trick", key_display="↑↓"),
        Binding("up", "trick(-1)", "key.trick", show=False),
        Binding("pagedown", "round(1)", "key.round", key_display="PgUp/Dn"),
        Binding("pageup", "round(-1)", "key.round", show=False),
        Binding("home", "jump(0)", show=False),
        Binding("end", "jump(-1)", show=False),
        *(Binding(str(d), f"goto_round({d})", "key.goto", show=False, key_display="1-9") for d in range(1, 10)),
        Binding("a", "toggle_hands", "key.hands"),
        Binding("s", "toggle_scores", "key.scores", show=False),
        Binding("w", "next_seat", "key.seat", show=False),
        Binding("b", "branch", "key.branch"),
        Binding("question_mark", "help", "key.help", key_display="?"),
        Binding("q", "app.quit", "key.quit"),
    ]

    def __init__(self, partial: Partial, lang: str = "da", deck: Deck | None = None) -> None:
        super().__init__()
        assert partial.record is not None
        self.record: GameRecord = partial.record
        self.refused = partial.error
        self.game = self.record.game
        self.texts = Texts(lang, ascii_suits=bool(deck and deck.ascii))
        self.deck = deck or Deck()
        self.steps = timeline(self.game)
        self.index = len(self.steps) - 1 if self.refused else 0
        human = self.record.human_seat
        self.bottom = human if human is not None else 0
        self.face_up = human is None
        self.names = [self.texts.person(s.name) for s in self.record.seats]
        self.players = self.game.rules.players
        self.branched: GameRecord | None = None
        """A new game from a position of this one, to be played once the viewer closes (``b``)."""
        self.marks = marks(self.record, self.texts)

    def compose(self) -> ComposeResult:
        t = self.texts
        if self.refused is not None:
            yield Static(literal(f"{t('replay.refused')}: {t.message(self.refused.detail)}", limit=None), id="refused")
        with Horizontal(id="replay"):
            with Vertical(id="table"):
                yield FitLine(id="header")
                with Horizontal(id="top"):
                    lines = "seat " + ("three-lines" if self.players >= 6 else "two-lines" if self.players == 5 else "")
                    for place in across(self.players):
                        yield SeatPanel(t, wide=True, deck=self.deck, id=f"seat-{place}", classes=lines)
                with Horizontal(id="middle"), Horizontal(id="ring"):
                    side = "seat side flush" if self.players == 5 else "seat side"  # the hands need the row
                    yield SeatPanel(t, deck=self.deck, id="seat-1", classes=side)
                    yield TrickView(self.deck, id="trick")
                    yield SeatPanel(t, deck=self.deck, id="seat-3", classes=side)
                yield Static(id="status")
                yield Static(id="me")
                yield HandView(self.deck, id="hand")
            yield Static(id="scores")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.end_on_signals()
        used = set(PLACES[self.players])
        for place in across(self.players):
            self.query_one(f"#seat-{place}").display = place in used
        trick = self.query_one(TrickView)
        trick.two_across = self.players == 5
        if self.players >= 6:
            trick.labels = {self.screen_seat(s): printable(n, limit=None) for s, n in enumerate(self.names)}
        hand = self.query_one(HandView)
        hand.show_cursor = False
        hand.can_focus = False
        self.query_one("#scores").display = self.size.width >= self.WIDE
        relabel(self, self.texts)
        self.refresh_view()

    # Moving

    def go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.steps) - 1))
        self.refresh_view()

    def action_step(self, delta: int) -> None:
        self.go(self.index + delta)

    def action_trick(self, delta: int) -> None:
        """To the end of the next (or previous) trick, or the next deal."""
        i = self.index + delta
        while 0 < i < len(self.steps) - 1:
            s = self.steps[i]
            r = self.game.rounds[s.round_index]
            if s.cards in trick_ends(r) or (s.cards == 0 and (s.passed or delta < 0)):
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
            self.notify(f"{self.texts('round', n=number)}?", severity="warning", markup=False)
            return
        self.go(next(i for i, s in enumerate(self.steps) if s.round_index == number - 1))

    def action_toggle_hands(self) -> None:
        self.face_up = not self.face_up
        self.refresh_view()

    def action_next_seat(self) -> None:
        """See the table from the next seat (the one ``b`` takes over)."""
        self.bottom = (self.bottom + 1) % self.players
        self.refresh_view()

    def action_branch(self) -> None:
        """Take over the bottom seat here and play on against the bots, as a new game."""
        from ..launch import can_continue
        from ..table.branch import branch

        step = self.steps[self.index]
        source = str(Path(self.record.path).resolve()) if self.record.path is not None else "?"  # from anywhere
        record = branch(self.record, step.round_index, step.passed, step.cards, self.bottom, self.texts("you"), source)
        why = self.texts("branch.over") if record.is_finished else can_continue(record, texts=self.texts)
        if why is not None:
            self.notify(why, severity="warning", markup=False)
            return
        self.branched = record
        self.exit()

    def action_help(self) -> None:
        """Every key of the viewer (the footer has room for some)."""
        self.push_screen(HelpScreen("help.replay"))

    def action_toggle_scores(self) -> None:
        """Beside the table on a wide terminal; over it (Esc or s closes) where the table needs the width."""
        scores = self.query_one("#scores")
        if scores.display or self.size.width >= self.WIDE:
            scores.display = not scores.display
            return
        step = self.steps[self.index]
        self.push_screen(ScoreSheet(self.score_table(step.round_index, position(self.game, step))))

    # Drawing

    def screen_seat(self, seat: int) -> int:
        """Where a seat sits on screen (see ``PLACES``); play goes to the left."""
        return PLACES[self.players][(seat - self.bottom) % self.players]

    def refresh_view(self) -> None:
        t = self.texts
        step = self.steps[self.index]
        r = position(self.game, step)
        source = self.game.rounds[step.round_index]
        parts = [t.preset_name(self.record.rules.name), t("round", n=r.number), t.pass_direction(r.pass_direction)]
        if step.passed and r.phase is not Phase.PASSING:
            played = len(r.tricks) + (1 if r.trick else 0)
            tricks = len(source.tricks) if source.phase is Phase.OVER else source.rules.hand_size  # a round ends early
            parts.append(t("replay.trick", i=played, n=tricks))
        parts.append(t("replay.step", i=self.index + 1, n=len(self.steps)))
        hearts = (t("hearts.broken"), "bold") if r.hearts_broken else (t("hearts.closed"), "dim")
        title = (f" {t('replay.title')} ", "bold")
        self.query_one("#header", FitLine).show(  # when narrow, without the rules' name (the same at every step)
            Text.assemble(title, "· " + " · ".join(parts) + " · ", hearts),
            Text.assemble(title, "· " + " · ".join(parts[1:]) + " · ", hearts),
        )

        totals = self.totals_before(step.round_index)  # as at the table: the round's points beside, not in it
        over = r.phase is Phase.OVER
        points = r.scores() if over else tuple(r.taken)  # once over: the round's points, the moon applied
        for seat in range(self.players):
            if seat == self.bottom:
                continue
            visible = self.face_up or over
            self.query_one(f"#seat-{self.screen_seat(seat)}", SeatPanel).show(
                SeatInfo(
                    name=self.names[seat],
                    cards_left=len(r.hand_cards(seat)),
                    total=totals[seat],
                    round_points=points[seat],
                    to_play=r.phase is Phase.PLAYING and r.turn == seat,
                    hand=tuple(r.hand_cards(seat)) if visible else None,
                )
            )
        me = Text("▶ " if r.phase is Phase.PLAYING and r.turn == self.bottom else "  ", style="bold")
        me.append_text(literal(self.names[self.bottom], style="bold", limit=NAME_LIMIT))
        me.append(f" · {t('points.total', n=totals[self.bottom])} · {t('points.round', n=points[self.bottom])}")
        show_text(self.query_one("#me", Static), me)

        trick = self.query_one(TrickView)
        if r.trick or not r.tricks:  # before the first trick is taken, the kitty lies face down
            kitty = source.rules.kitty_size if not r.tricks and r.phase is not Phase.OVER else 0
            order = tuple(self.screen_seat(s) for s in r.trick_seats)
            trick.show([(self.screen_seat(s), c) for s, c in r.trick_plays()], kitty=kitty, order=order)
        else:
            trick.show_trick(r.tricks[-1], self.screen_seat)
        status = self.status_text(r, source, step)
        for mark in self.marks.get((step.round_index, step.passed, step.cards), []):
            status.append(f" · {mark}", style="bold #f2c14e")
        show_text(self.query_one("#status", Static), status)

        hand = self.query_one(HandView)
        hand.set_cards(r.hand_cards(self.bottom))
        hand.received = tuple(cards_of(r.received(self.bottom) or 0))
        passing = source.passed[self.bottom] if not step.passed else None
        hand.chosen = tuple(cards_of(passing)) if passing else ()
        self.query_one("#scores", Static).update(self.score_table(step.round_index, r))

    def status_text(self, r: Round, source: Round, step: Step) -> Text:
        t = self.texts
        if not step.passed or (not r.tricks and not r.trick):
            me, direction = self.names[self.bottom], r.pass_direction
            passing = source.passed[self.bottom] if not step.passed else None
            received = source.received(self.bottom) if step.passed else None
            if passing:
                target = self.names[direction.target(self.bottom, self.players)]
                return Text(t("replay.passes", name=me, cards=t.cards_sorted(cards_of(passing)), target=target))
            if received:  # the exchange made: what came in, and from whom
                giver = self.names[direction.source(self.bottom, self.players)]
                return Text(t("replay.received", name=me, cards=t.cards_sorted(cards_of(received)), giver=giver))
            return Text(t("replay.dealt"), style="dim")
        if r.is_over:  # the round's end first, then the last trick's: cut at the line's end, it lost the moon
            shooter = r.moon_shooter()
            over = Text(t("summary.title", n=r.number), style="bold")
            if shooter is not None:
                over.append(" · ☾ " + t("replay.moon", name=self.names[shooter]), style="bold reverse")
            rec = self.record
            last = step.round_index + 1 == len(self.game.rounds)
            if rec.challenge is not None and rec.par is not None and step.round_index + 1 == rec.challenge.deals:
                you = sum(rec.human_points()[: rec.challenge.deals])
                over.append(" · " + t.verdict(you, sum(rec.par)), style="bold")  # the challenge's last deal
            elif last and (outcome := self.game.outcome()) is not None:  # the game's end: who won
                winners = [self.names[s] for s in outcome.winners]
                over.append(" · " + t.outcome(outcome.kind, winners), style="bold")
            if r.tricks:
                over.append(f" · {self.trick_end(r)}")
            return over
        if r.trick:
            seat, card = r.trick_plays()[-1]
            return Text(t("played", name=self.names[seat], card=t.card_name(card)))
        return Text(self.trick_end(r))

    def trick_end(self, r: Round) -> str:
        """The last trick's last card, then who took it (the card was not said: a screen reader missed it), and
        the kitty's cards with the first."""
        t = self.texts
        done = r.tricks[-1]
        last = len(done.cards) - 1
        played = t("played", name=self.names[done.seat_of(last)], card=t.card_name(done.cards[last]))
        name = self.names[done.winner]
        won = t("trick.won.points", name=name, n=done.points) if done.points else t("trick.won", name=name)
        if len(r.tricks) == 1 and r.kitty:  # the kitty goes with the first trick (it was never said here)
            won += f" · {t('kitty.taken.cards', name=name, cards=t.cards_sorted(cards_of(r.kitty)))}"
        return f"{played} · {won}"

    def totals_before(self, round_index: int) -> list[int]:
        totals = [0] * self.players
        for rd in self.game.rounds[:round_index]:
            for s, p in enumerate(rd.scores()):
                totals[s] += p
        return totals

    def score_table(self, round_index: int, r: Round) -> Group:
        """The finished rounds up to this step, with running totals: the table's own score table."""
        history = [rd.scores() for rd in self.game.rounds[:round_index]]
        if r.is_over:
            history.append(r.scores())
        return history_sheet(self.texts, self.names, history, self.texts("summary.history"))


class ScoreSheet(Dialog):
    """The score table over the replay, for terminals too narrow to show it beside the table."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("s", "close", "key.close", show=False)]

    def __init__(self, table: Group) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.table, id="score-sheet")
        yield Footer(compact=True)


def marks(record: GameRecord, t: Texts) -> dict[tuple[int, bool, int], list[str]]:
    """What the log says happened beside the cards, by the step it happened at: the undos (each where the
    game went on from, after any later undo that went further back) and the rounds played to their end at once."""
    found: dict[tuple[int, bool, int], list[str]] = {}
    numbers = {r.number: i for i, r in enumerate(record.game.rounds)}
    names = [t.person(s.name) for s in record.seats]
    undos: dict[tuple[int, bool, int], list[Undo]] = {}
    for i, undo in enumerate(record.undos):
        later = [u for u in record.undos[i:] if u.round == undo.round]
        kept = min(0 if u.passed is not None else u.kept for u in later)
        at = (numbers[undo.round], False, 0) if undo.passed is not None else (numbers[undo.round], True, kept)
        undos.setdefault(at, []).append(undo)
    for at, here in undos.items():  # several at one step (a player pressing u again and again): counted
        for seat in dict.fromkeys(u.seat for u in here):
            mine = [u for u in here if u.seat == seat]
            if len(mine) > 1:
                text = t("replay.undos", name=names[seat], n=len(mine))
            elif mine[0].passed is not None:
                text = t("replay.undo.pass", name=names[seat], cards=t.cards_sorted(mine[0].passed))
            else:
                text = t("replay.undo", name=names[seat], cards=t.taken_back(mine[0].cards))
            found.setdefault(at, []).append("↶ " + text)
    for ending in record.endings:
        name = names[ending.claim] if ending.claim is not None else ""
        text = t("replay.claim", name=name) if ending.claim is not None else t("replay.finished")
        found.setdefault((numbers[ending.round], True, ending.at), []).append(text)
    return found


def trick_ends(r: Round) -> set[int]:
    """The numbers of cards played in ``r`` at which a trick is complete (004's first trick may be longer)."""
    ends, n = set(), 0
    for trick in r.tricks:
        n += len(trick.cards)
        ends.add(n)
    return ends


def run_viewer(partial: Partial, args: argparse.Namespace) -> int:
    """Open the viewer on a lenient load; a log without even its headers is an error (one line, exit 2)."""
    if partial.record is None:
        assert partial.error is not None
        raise partial.error
    deck = Deck(ascii=bool(getattr(args, "ascii", False)), four_colour=bool(getattr(args, "four_colour", False)))
    from ..launch import language

    app = ReplayApp(partial, language(args, partial.record.rules.name), deck)
    app.crash_dir = data_dir(getattr(args, "data_dir", None))
    app.run()
    if line := app.report_line(app.texts):
        print(line, file=sys.stderr)
    if app.branched is not None and not app.return_code:
        from ..launch import play_branch

        return play_branch(args, app.branched)
    return app.return_code or 0
