"""A game log as a readable transcript: rounds, passes, tricks, points, totals and the result.

Built from rich renderables, so it prints in colour on a terminal and as plain
text in a pipe (rich decides; ``NO_COLOR`` is honoured). Only imported by the
commands that print, never by the engine.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .cardface import SUIT_ORDER, Deck, sort_hand
from .cards import Card, cards_of
from .engine import OutcomeKind, Phase, Round
from .gamelog import GameRecord, LogError, LogReplay
from .i18n import Texts
from .literal import literal, printable
from .rules import OddCards, PassDirection


class Transcript:
    """Renders a record's parts: the header, each round, the ending, in ``texts``' language; cards with ``deck``."""

    def __init__(self, record: GameRecord, texts: Texts, deck: Deck | None = None) -> None:
        self.record = record
        self.game = record.game
        self.t = texts
        self.deck = deck or texts.deck
        self.names = [texts.person(s.name) for s in record.seats]

    def name(self, seat: int, style: str = "") -> Text:
        return literal(self.names[seat], style=style)

    def names_of(self, seats: list[int] | tuple[int, ...]) -> str:
        return self.t.join([self.names[s] for s in seats])

    def header(self) -> RenderableType:
        rec = self.record
        t = self.t
        title = Text(t("game"), style="bold")
        seed = f"{t('transcript.seed')} {self.game.seed}"
        when = f"{rec.started:%Y-%m-%d %H:%M}"
        title.append(
            f" · {t.preset_name(rec.rules.name)} · {when} · {seed} · hjerterfri {printable(rec.program)}", "dim"
        )
        who = [t("transcript.human") if s.is_human else t.level_name(s.bot or "") for s in rec.seats]
        seats = Text(" · ").join(Text.assemble(self.name(i, "bold"), f" ({w})") for i, w in enumerate(who))
        lines = [title, Text(self.table_line(), style="dim"), seats]
        if rec.challenge is not None:
            lines.append(Text(t("transcript.challenge", code=rec.challenge.code, n=rec.challenge.deals), "dim"))
        if (branch := rec.branch) is not None:
            where = t("transcript.branch", file=branch.source, round=branch.round, n=branch.cards)
            lines.append(Text(where, "dim"))
        return Group(*lines)

    def table_line(self) -> str:
        """The table: players, decks, the cards passed or no passing, and a deal without the two of clubs."""
        rules, t = self.record.rules, self.t
        parts = [t("transcript.players", n=rules.players)]
        if rules.decks == 2:
            parts.append(t("transcript.two-decks"))
        if rules.passes:
            parts.append(t("transcript.pass-count", n=rules.pass_count))
        else:
            parts.append(t.pass_direction(PassDirection.NONE))
        if rules.odd_cards is OddCards.REMOVE_TWO_OF_CLUBS:
            parts.append(t("transcript.no-two"))
        if (target := self.record.other_target) is not None:
            parts.append(t("target.to", n=target))
        return " · ".join(parts)

    def round(self, r: Round, totals: list[int]) -> RenderableType:
        t = self.t
        parts: list[RenderableType] = [
            Text.assemble((t("round", n=r.number), "bold underline"), f" · {t.pass_direction(r.pass_direction)}")
        ]
        parts.append(self.deal(r))
        if r.pass_direction is not PassDirection.NONE:
            parts.append(self.passes(r))
            parts.extend(self.undos(r, passes=True))  # under the passes: the game went on from there
        parts.extend(self.undos(r, passes=False))  # above the tricks, which end in the totals ("after 6 cards")
        parts.append(self.tricks(r, totals))
        if r.kitty and r.tricks:  # its points are the first trick's winner's (the round's points say so)
            kitty = t.cards_sorted(cards_of(r.kitty))
            parts.append(Text(t("list.kitty.seen", name=self.names[r.tricks[0].winner], cards=kitty), style="dim"))
        parts.extend(self.asides(r))
        if r.is_over and (shooter := r.moon_shooter()) is not None:
            parts.append(Text(t("transcript.moon", name=self.names[shooter]), style="bold"))
        return Group(*parts)

    def undos(self, r: Round, passes: bool) -> list[Text]:
        """The undos of round ``r``: of passes, or of cards."""
        t = self.t
        lines = []
        for u in self.record.undos:
            if u.round != r.number or (u.passed is not None) != passes:
                continue
            name = self.names[u.seat]
            if u.passed is not None:
                text = t("transcript.undo.pass", name=name, cards=t.cards_sorted(u.passed))
            else:
                text = t("transcript.undo", name=name, cards=t.taken_back(u.cards), n=u.kept)
            lines.append(Text("↶ " + text, style="dim"))
        return lines

    def asides(self, r: Round) -> list[Text]:
        """Round ``r`` beside the cards: the fallback's passes and cards (a bot failed), and how it ended (a
        claim, or a finish without points)."""
        t = self.t
        lines = []
        played = [c for trick in r.tricks for c in trick.cards] + list(r.trick)
        for seat in sorted({f.seat for f in self.record.fallbacks if f.round == r.number}):
            mine = [f for f in self.record.fallbacks if f.round == r.number and f.seat == seat]
            name = self.names[seat]
            if any(f.at is None for f in mine) and (mask := r.passed[seat]) is not None:
                lines.append(
                    Text(t("transcript.fallback.pass", name=name, cards=t.cards_sorted(cards_of(mask))), style="dim")
                )
            if cards := [played[f.at] for f in sorted(mine, key=lambda f: f.at or 0) if f.at is not None]:
                lines.append(Text(t("transcript.fallback.cards", name=name, cards=t.cards_short(cards)), style="dim"))
        for e in self.record.endings:
            if e.round == r.number:
                if e.claim is not None:
                    lines.append(Text(t("transcript.claim", name=self.names[e.claim], n=e.at), style="bold"))
                else:
                    lines.append(Text(t("transcript.finished", n=e.at), style="dim"))
        return lines

    def deal(self, r: Round) -> RenderableType:
        table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
        table.add_column(self.t("transcript.dealt"), style="bold")
        for _ in SUIT_ORDER:
            table.add_column()
        assert r.dealt is not None
        for seat, hand in enumerate(r.dealt):
            table.add_row(self.name(seat), *self.suits(cards_of(hand)))
        if r.kitty:  # three and five players (the Danish rules): the cards laid aside
            table.add_row(self.t("transcript.kitty"), *self.suits(cards_of(r.kitty)))
        return Group(Text(self.t("transcript.dealt") + ":", style="dim"), table)

    def suits(self, cards: list[Card]) -> list[Text]:
        """``cards`` suit by suit, highest first, in the order the hands on screen show suits."""
        deck, row = self.deck, []
        for suit in SUIT_ORDER:
            in_suit = sorted((c for c in cards if c.suit is suit), reverse=True)
            text = Text(deck.suit(suit) + " ", style=deck.ink(suit))
            text.append(" ".join(deck.rank(c) for c in in_suit) or "-")
            row.append(text)
        return row

    def passes(self, r: Round) -> RenderableType:
        n = r.rules.players
        lines = []
        for seat, mask in enumerate(r.passed):
            line = Text.assemble("  ", self.name(seat), " → ", self.name(r.pass_direction.target(seat, n)), ": ")
            shown = Text(" ").join(self.deck.text(c) for c in sort_hand(cards_of(mask))) if mask is not None else None
            line.append_text(shown if shown is not None else Text("…", style="dim"))
            lines.append(line)
        return Group(Text(self.t("transcript.passed") + ":", style="dim"), *lines)

    def tricks(self, r: Round, totals: list[int]) -> RenderableType:
        n = r.rules.players
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
        t = self.t
        table.add_column("#", justify="right", style="dim")
        for seat in range(n):
            table.add_column(self.name(seat), justify="left")  # a seat's two cards in 004's first trick may stack
        table.add_column(t("transcript.winner"), no_wrap=True)
        table.add_column(t("transcript.points"), justify="right", no_wrap=True)
        lead = ">" if self.deck.ascii else "›"
        played: list[tuple[tuple[int, ...], tuple[Card, ...], int | None, int | None]]
        played = [(t.seats, t.cards, t.winner, t.points) for t in r.tricks]
        if r.trick:
            played.append((r.trick_seats, tuple(r.trick), None, None))
        for i, (seats, cards, winner, points) in enumerate(played, 1):
            row: list[Text | str] = [str(i), *([""] * n)]
            for k, (seat, card) in enumerate(zip(seats, cards, strict=False)):
                text = self.deck.text(card, lead if k == 0 else " ")
                cell = row[1 + seat]
                row[1 + seat] = Text.assemble(cell, " ", text) if cell else text  # two cards: 004's first trick
            row.append(self.name(winner) if winner is not None else "")
            row.append(str(points) if points else "" if points is None else "·")
            table.add_row(*row)
        if r.is_over:
            scores = r.scores()
            for s, p in enumerate(scores):
                totals[s] += p
            table.add_section()
            table.add_row(t("transcript.points"), *(str(p) for p in scores), "", "", style="bold")
            table.add_row(t("transcript.totals"), *(str(x) for x in totals), "", "", style="bold")
        return table

    def ending(self, refused: LogError | None = None) -> RenderableType:
        """The result, or where an unfinished game stands, or where the log was refused."""
        t = self.t
        if refused is not None:
            return Text.assemble(
                (t("transcript.refused"), "bold red"), ": ", literal(t.message(refused.detail), limit=None)
            )
        rec = self.record
        if rec.challenge is not None and rec.is_finished:  # its last deal played: your points beside the par
            you = sum(rec.human_points()[: rec.challenge.deals])
            said = t.verdict(you, sum(rec.par)) if rec.par is not None else t("games.challenge.score", you=you, par="?")
            return Text(t("transcript.challenge.over", verdict=said), style="bold")
        outcome = self.game.outcome()
        if outcome is not None:
            total = outcome.totals[outcome.winners[0]]
            if outcome.kind is OutcomeKind.WIN:
                text = t("transcript.win", name=self.names[outcome.winners[0]], total=total)
            else:
                text = t(f"transcript.{outcome.kind.value}", names=self.names_of(outcome.winners), total=total)
            return Text(text, style="bold")
        r = self.game.round
        if r.phase is Phase.PASSING:
            waiting = [s for s, p in enumerate(r.passed) if p is None]
            where = t("transcript.to-pass", names=self.names_of(waiting))
        elif r.phase is Phase.PLAYING:
            where = t("transcript.to-play", name=self.names[r.turn])
        else:
            where = t("transcript.next-deal")
        return Text(t("transcript.unfinished", n=r.number, where=where), style="bold")


def transcript(log: LogReplay, texts: Texts, deck: Deck | None = None) -> Iterator[RenderableType]:
    """The transcript of ``log`` part by part, each round as soon as it is checked, so it can be printed
    as it comes (time and memory linear in the log); it ends where ``log.error`` stopped the check."""
    t = Transcript(log.record, texts, deck)
    yield t.header()
    totals = [0] * log.record.rules.players
    for r in log.rounds():
        yield Text()
        yield t.round(r, totals)
    yield Text()
    yield t.ending(log.error)
