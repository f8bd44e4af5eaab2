"""A game log as a readable transcript: rounds, passes, tricks, points, totals and the result.

Built from rich renderables, so it prints in colour on a terminal and as plain
text in a pipe (rich decides; ``NO_COLOR`` is honoured). Only imported by the
commands that print, never by the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .cards import Card, Suit, cards_of
from .engine import OutcomeKind, Phase, Round
from .gamelog import GameRecord, LogError, LogReplay
from .rules import PassDirection

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "round": "Round",
        "left": "pass left",
        "right": "pass right",
        "across": "pass across",
        "none": "no passing",
        "dealt": "Dealt",
        "passed": "Passed",
        "trick": "#",
        "winner": "won by",
        "points": "points",
        "totals": "totals",
        "moon": "{name} shot the moon",
        "win": "{name} wins with {total}",
        "draw": "a draw between {names} at {total}",
        "shared-win": "{names} share the win at {total}",
        "unfinished": "Unfinished",
        "to-play": "{name} to play",
        "to-pass": "waiting for {names} to pass",
        "next-deal": "the next round is not dealt yet",
        "cards": "cards",
        "trick-name": "trick",
        "broken": "broken",
        "refused": "The rest of the log was refused",
        "human": "human",
        "seed": "seed",
        "and": "and",
    },
    "da": {
        "round": "Runde",
        "left": "byt til venstre",
        "right": "byt til højre",
        "across": "byt over for",
        "none": "intet bytte",
        "dealt": "Givet",
        "passed": "Byttet",
        "trick": "#",
        "winner": "stikket til",
        "points": "point",
        "totals": "i alt",
        "moon": "{name} samler",
        "win": "{name} vinder med {total}",
        "draw": "uafgjort mellem {names} med {total}",
        "shared-win": "{names} deler sejren med {total}",
        "unfinished": "Ikke færdigt",
        "to-play": "{name} spiller",
        "to-pass": "venter på at {names} bytter",
        "next-deal": "næste runde er ikke givet endnu",
        "cards": "kort",
        "trick-name": "stik",
        "broken": "brudt",
        "refused": "Resten af loggen blev afvist",
        "human": "menneske",
        "seed": "seed",
        "and": "og",
    },
    "sv": {
        "round": "Omgång",
        "left": "skicka till vänster",
        "right": "skicka till höger",
        "across": "skicka mittemot",
        "none": "ingen skickning",
        "dealt": "Utdelat",
        "passed": "Skickat",
        "trick": "#",
        "winner": "sticket till",
        "points": "poäng",
        "totals": "totalt",
        "moon": "{name} tar hem alla",
        "win": "{name} vinner med {total}",
        "draw": "oavgjort mellan {names} på {total}",
        "shared-win": "{names} delar vinsten på {total}",
        "unfinished": "Ej avslutat",
        "to-play": "{name} spelar",
        "to-pass": "väntar på att {names} skickar",
        "next-deal": "nästa omgång är inte utdelad än",
        "cards": "kort",
        "trick-name": "stick",
        "broken": "brutna",
        "refused": "Resten av loggen avvisades",
        "human": "människa",
        "seed": "seed",
        "and": "och",
    },
}


def language_for(preset_name: str, lang: str | None) -> str:
    """``lang`` if given, else the preset's language (Danish presets Danish, svensk Swedish)."""
    if lang in WORDS:
        return lang
    if preset_name.startswith("dansk"):
        return "da"
    if preset_name.startswith("svensk"):
        return "sv"
    return "en"


@dataclass(frozen=True)
class CardStyle:
    """How cards look: suit symbols or letters, two or four colours."""

    ascii: bool = False
    four_colour: bool = False

    def suit_style(self, suit: Suit) -> str:
        if self.four_colour:
            return ("green", "blue", "red", "default")[suit]
        return "red" if suit.is_red else "default"

    def suit_text(self, suit: Suit) -> str:
        return suit.letter if self.ascii else suit.symbol

    def rank_text(self, card: Card) -> str:
        return card.rank_text if self.ascii else ("10" if card.rank == 10 else card.rank_text)

    def card(self, card: Card, mark: str = "") -> Text:
        return Text(mark + self.rank_text(card) + self.suit_text(card.suit), style=self.suit_style(card.suit))

    def cards(self, mask: int) -> Text:
        return Text(" ").join(self.card(c) for c in cards_of(mask))


class Transcript:
    """Renders a record's parts: the header, each round, the ending."""

    def __init__(self, record: GameRecord, lang: str | None = None, style: CardStyle | None = None) -> None:
        self.record = record
        self.game = record.game
        self.words = WORDS[language_for(record.rules.name, lang)]
        self.style = style or CardStyle()
        self.names = [s.name for s in record.seats]

    def w(self, key: str, **kw: object) -> str:
        return self.words[key].format(**kw)

    def names_of(self, seats: list[int] | tuple[int, ...]) -> str:
        names = [self.names[s] for s in seats]
        return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {self.w('and')} {names[-1]}"

    def header(self) -> RenderableType:
        rec = self.record
        title = Text("Hjerterfri", style="bold")
        title.append(
            f" · {rec.rules.name} · {rec.started:%Y-%m-%d %H:%M} · {self.w('seed')} {self.game.seed}"
            f" · hjerterfri {rec.program}",
            style="dim",
        )
        seats = Text(" · ").join(
            Text.assemble((s.name, "bold"), f" ({self.w('human') if s.is_human else s.bot})") for s in rec.seats
        )
        return Group(title, seats)

    def round(self, r: Round, totals: list[int]) -> RenderableType:
        parts: list[RenderableType] = [
            Text.assemble((f"{self.w('round')} {r.number}", "bold underline"), f" · {self.w(r.pass_direction.value)}")
        ]
        parts.append(self.deal(r))
        if r.pass_direction is not PassDirection.NONE:
            parts.append(self.passes(r))
        parts.append(self.tricks(r, totals))
        if r.is_over and (shooter := r.moon_shooter()) is not None:
            parts.append(Text(self.w("moon", name=self.names[shooter]) + "!", style="bold"))
        return Group(*parts)

    def deal(self, r: Round) -> RenderableType:
        table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
        table.add_column(self.w("dealt"), style="bold")
        for _ in Suit:
            table.add_column()
        assert r.dealt is not None
        for seat, hand in enumerate(r.dealt):
            row: list[Text | str] = [self.names[seat]]
            for suit in Suit:
                in_suit = [c for c in reversed(cards_of(hand)) if c.suit is suit]
                text = Text(self.style.suit_text(suit) + " ", style=self.style.suit_style(suit))
                text.append(" ".join(self.style.rank_text(c) for c in in_suit) or "-")
                row.append(text)
            table.add_row(*row)
        return Group(Text(self.w("dealt") + ":", style="dim"), table)

    def passes(self, r: Round) -> RenderableType:
        n = r.rules.players
        lines = []
        for seat, mask in enumerate(r.passed):
            line = Text(f"  {self.names[seat]} → {self.names[r.pass_direction.target(seat, n)]}: ")
            line.append(self.style.cards(mask) if mask is not None else Text("…", style="dim"))
            lines.append(line)
        return Group(Text(self.w("passed") + ":", style="dim"), *lines)

    def tricks(self, r: Round, totals: list[int]) -> RenderableType:
        n = r.rules.players
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
        table.add_column(self.w("trick"), justify="right", style="dim")
        for name in self.names:
            table.add_column(name, justify="left", no_wrap=True)
        table.add_column(self.w("winner"))
        table.add_column(self.w("points"), justify="right")
        lead = ">" if self.style.ascii else "›"
        played: list[tuple[tuple[int, ...], tuple[Card, ...], int | None, int | None]]
        played = [(t.seats, t.cards, t.winner, t.points) for t in r.tricks]
        if r.trick:
            played.append((r.trick_seats, tuple(r.trick), None, None))
        for i, (seats, cards, winner, points) in enumerate(played, 1):
            row: list[Text | str] = [str(i), *([""] * n)]
            for k, (seat, card) in enumerate(zip(seats, cards, strict=False)):
                text = self.style.card(card, lead if k == 0 else " ")
                cell = row[1 + seat]
                row[1 + seat] = Text.assemble(cell, " ", text) if cell else text  # two cards: 004's first trick
            row.append(self.names[winner] if winner is not None else "")
            row.append(str(points) if points else "" if points is None else "·")
            table.add_row(*row)
        if r.is_over:
            scores = r.scores()
            for s, p in enumerate(scores):
                totals[s] += p
            table.add_section()
            table.add_row(self.w("points"), *(str(p) for p in scores), "", "", style="bold")
            table.add_row(self.w("totals"), *(str(t) for t in totals), "", "", style="bold")
        return table

    def ending(self, refused: LogError | None = None) -> RenderableType:
        """The result, or where an unfinished game stands, or where the log was refused."""
        if refused is not None:
            where = f"{refused.where}: " if refused.where else ""
            return Text.assemble((self.w("refused"), "bold red"), f": {where}{refused.reason}")
        outcome = self.game.outcome()
        if outcome is not None:
            total = outcome.totals[outcome.winners[0]]
            if outcome.kind is OutcomeKind.WIN:
                text = self.w("win", name=self.names[outcome.winners[0]], total=total)
            else:
                text = self.w(outcome.kind.value, names=self.names_of(outcome.winners), total=total)
            return Text(text[0].upper() + text[1:] + ".", style="bold")
        r = self.game.round
        if r.phase is Phase.PASSING:
            waiting = [s for s, p in enumerate(r.passed) if p is None]
            where = self.w("to-pass", names=self.names_of(waiting))
        elif r.phase is Phase.PLAYING:
            where = self.w("to-play", name=self.names[r.turn])
        else:
            where = self.w("next-deal")
        return Text.assemble((self.w("unfinished"), "bold"), f": {self.w('round').lower()} {r.number}, {where}.")


def transcript(log: LogReplay, lang: str | None = None, style: CardStyle | None = None) -> Iterator[RenderableType]:
    """The transcript of ``log`` part by part, each round as soon as it is checked, so it can be printed
    as it comes (time and memory linear in the log); it ends where ``log.error`` stopped the check."""
    t = Transcript(log.record, lang, style)
    yield t.header()
    totals = [0] * log.record.rules.players
    for r in log.rounds():
        yield Text()
        yield t.round(r, totals)
    yield Text()
    yield t.ending(log.error)
