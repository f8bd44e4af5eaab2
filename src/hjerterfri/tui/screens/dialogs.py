"""Dialogs over the table: help, rules, scores, the last trick, settings, quit."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import RenderableType
from rich.markdown import Markdown
from rich.table import Table as Grid
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from ...cards import Card, cards_of
from ...catalogue import Message
from ...engine import Trick
from ...i18n import Texts
from ...literal import printable
from ...settings import BOT_LIMITS, LANGUAGES, SPEEDS, TRICK_PAUSES
from ...view import PlayerView
from ..labels import relabel
from ..messages import SettingChanged
from ..widgets.choice import Choice
from ..widgets.scores import HistoryPanel
from ..widgets.trick import TrickView

if TYPE_CHECKING:
    from ..app import HjerterfriApp


class Dialog(ModalScreen[None]):
    """A modal sheet that Esc (and its own key) closes."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "key.close", key_display="Esc")]
    app: HjerterfriApp

    def on_mount(self) -> None:
        relabel(self, self.app.texts)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        """A click beside the dialog closes it, as Esc does."""
        if event.widget is self:
            self.action_close()


def key_table(text: str) -> RenderableType:
    """Help's lines (keys, then what they do from a column all lines share) as two columns, so that a line
    too long for the window wraps under its own words, not under the keys; without such a column, the text."""
    lines = text.splitlines()
    starts = [{i for i in range(1, len(line)) if line[i - 1] == " " and line[i] != " "} for line in lines]
    shared = set.intersection(*starts) if starts else set()
    if not shared:
        return Text(text)
    column = min(shared)
    table = Grid.grid(padding=(0, 1))
    table.add_column(no_wrap=True, width=column - 1)
    table.add_column()
    for line in lines:
        table.add_row(Text(line[:column].rstrip()), Text(line[column:]))
    return table


def without_key(text: str, key: str | None) -> str:
    """Help's ``text`` without the line of ``key``."""
    return "\n".join(line for line in text.splitlines() if key is None or line.split()[:1] != [key])


class HelpScreen(Dialog):
    """The keys of a screen (``text``: ``help.start`` for the start screen; the table's by default, whose hint
    line says there are none in a challenge)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("question_mark", "close", "key.close", show=False)]

    def __init__(self, text: str = "help.text", *, challenge: bool = False, without: str | None = None) -> None:
        super().__init__()
        self.text = text
        self.values = {"hint": Message("help.hint.challenge" if challenge else "help.hint")}
        self.without = without
        """A key that does nothing here, whose line is left out (v, the review, with two decks)."""

    def compose(self) -> ComposeResult:
        t = self.app.texts
        with VerticalScroll(classes="dialog"):  # scrolls in a window too small for it
            yield Static(Text(t("help.title"), style="bold"), classes="dialog-title")
            yield Static(key_table(without_key(t(self.text, **self.values), self.without)))
        yield Footer(compact=True)


RULES = {"da": "regler.md", "sv": "regler.sv.md", "en": "rules.md"}
"""The players' rules in each language (``docs/``; the Danish one is the original)."""


def rules_text(lang: str = "da") -> str | None:
    """The rules in ``lang``: from the installed package, else from the source checkout's docs/."""
    name = RULES.get(lang, RULES["da"])
    try:
        packaged = resources.files("hjerterfri") / "docs" / name
        if packaged.is_file():
            return packaged.read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError):
        pass
    repo = Path(__file__).resolve().parents[4] / "docs" / name
    if repo.is_file():
        return repo.read_text(encoding="utf-8")
    return None


class RulesScreen(Dialog):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("r", "close", "key.close", show=False)]

    def compose(self) -> ComposeResult:
        text = rules_text(self.app.texts.lang)
        with VerticalScroll(classes="dialog wide") as frame:
            frame.border_subtitle = self.app.texts("rules.hint")  # on the frame, in view (a tester did not know)
            yield Static(Markdown(text if text is not None else self.app.texts("rules.missing")))
        yield Footer(compact=True)


class ScoresScreen(Dialog):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("s", "close", "key.close", show=False)]

    def __init__(self, names: list[str], history: list[tuple[int, ...]]) -> None:
        super().__init__()
        self.names = names
        self.history = history

    def compose(self) -> ComposeResult:
        t = self.app.texts
        wide = len(self.names) > 5  # six to eight columns of names: the usual width cut them short
        with VerticalScroll(classes="dialog broad" if wide else "dialog"):
            yield HistoryPanel(t, self.names, self.history, t("scores.title"), style="bold")
        yield Footer(compact=True)


class LastTrickScreen(Dialog):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("l", "close", "key.close", show=False)]

    def __init__(
        self,
        trick: Trick,
        names: list[str],
        place: Callable[[int], int] | None = None,
        note: str | None = None,
        title: str | None = None,
    ) -> None:
        """``place`` maps a seat to its place on screen (see ``TrickView``); by default seat = place. ``note``:
        a line under the winner (the kitty going with the first trick); ``title`` (default: "Last trick")."""
        super().__init__()
        self.trick = trick
        self.names = names
        self.place = place or (lambda seat: seat)
        self.note = note
        self.title = title

    def compose(self) -> ComposeResult:
        t = self.app.texts
        trick = self.trick
        words = Text()
        many = len(trick.cards) > 4  # five players, or a first trick of six or seven cards: two to a line, short
        say = t.card_short if many else t.card_name  # (in words, two plays ran past the dialog's line)
        plays = [t("played", name=self.names[trick.seat_of(i)], card=say(card)) for i, card in enumerate(trick.cards)]
        if many:
            plays = [" · ".join(plays[i : i + 2]) for i in range(0, len(plays), 2)]
        for line in plays:
            words.append(line + "\n")
        winner = self.names[trick.winner]
        won = t("trick.won.points", name=winner, n=trick.points) if trick.points else t("trick.won", name=winner)
        words.append(won, style="bold")
        if self.note:
            words.append("\n" + self.note)
        row = len(self.names) >= 6
        with Vertical(classes="dialog trick-dialog row" if row else "dialog trick-dialog"):
            yield Static(Text(self.title or t("trick.last"), style="bold"))
            view = TrickView(self.app.deck)
            view.two_across = len(self.names) == 5
            if row:
                view.labels = {self.place(s): printable(n, limit=None) for s, n in enumerate(self.names)}
            view.show_trick(trick, self.place)
            yield view
            yield Static(words)
        yield Footer(compact=True)


class CardListScreen(Dialog):
    """Every card played in this round, in words, trick by trick: who led, each card, who took it (to read
    back, and for screen readers); the arrow keys and PgUp/PgDn scroll it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("t", "close", "key.close", show=False)]

    def __init__(self, view: PlayerView, names: list[str]) -> None:
        super().__init__()
        self.view = view
        self.names = names

    def compose(self) -> ComposeResult:
        t = self.app.texts
        view = self.view
        title = t("list.title", round=view.round_number, direction=t.pass_direction(view.pass_direction))
        with VerticalScroll(classes="dialog wide", id="card-list"):
            yield Static(Text(title, style="bold"))
            yield Static(Text("\n".join(card_list(t, view, self.names))))
            yield Static(t("list.hint"), classes="hint")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#card-list").focus()


def card_list(t: Texts, view: PlayerView, names: list[str]) -> list[str]:
    """The lines of the card list: what this seat passed and received, then every trick of the round."""
    lines: list[str] = []
    n = view.players
    if view.passed_mask:
        target = names[view.pass_direction.target(view.seat, n)]
        lines.append(t("list.passed", cards=t.cards_sorted(view.passed), name=target))
    if view.received_mask:
        giver = names[view.pass_direction.source(view.seat, n)]
        lines.append(t("list.received", cards=t.cards_sorted(view.received), name=giver))
    tricks: list[tuple[tuple[int, ...], tuple[Card, ...], Trick | None]]
    tricks = [(trick.seats, trick.cards, trick) for trick in view.tricks]
    if view.trick:
        tricks.append((view.trick_seats[: len(view.trick)], view.trick, None))
    for i, (seats, cards, done) in enumerate(tricks, 1):
        lines.append("")
        lines.append(t("list.trick" if done is not None else "list.current", i=i, name=names[seats[0]]))
        lines.extend("  " + t("played", name=names[s], card=t.card_name(c)) for s, c in zip(seats, cards, strict=True))
        if done is None:
            continue
        winner = names[done.winner]
        lines.append(t("list.taken", name=winner, n=done.points) if done.points else t("list.taken.none", name=winner))
        if i == 1 and view.kitty_size:
            seen = view.kitty_mask
            kitty = t("list.kitty.seen", name=winner, cards=t.cards_sorted(cards_of(seen))) if seen else None
            lines.append(kitty or t("list.kitty", name=winner))
    if not tricks:
        lines.append("")
        lines.append(t("list.none"))
    return lines


class QuitScreen(ModalScreen[bool]):
    """Asks before the game is left; ``saved`` says the game can be continued later."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,j", "answer(True)", show=False),
        Binding("n,escape", "answer(False)", show=False),
        Binding("up,left", "app.focus_previous", show=False),  # between the buttons, as Tab does
        Binding("down,right", "app.focus_next", show=False),
    ]
    app: HjerterfriApp

    def __init__(self, saved: bool = False) -> None:
        super().__init__()
        self.saved = saved

    def compose(self) -> ComposeResult:
        t = self.app.texts
        with Vertical(classes="dialog small"):
            yield Static(Text(t("quit.ask"), style="bold"))
            if self.saved:
                yield Static(t("quit.saved"), id="quit-saved")
            yield Button(t("quit.yes"), id="yes", variant="error")
            yield Button(t("quit.no"), id="no", variant="primary")
        yield Footer(compact=True)  # over the table's: its keys do nothing here (the buttons name theirs)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_click(self, event: events.Click) -> None:
        """A click beside the question is "no", as Esc is."""
        if event.widget is self:
            self.dismiss(False)


Row = tuple[str, str, Sequence[Any], Any, Callable[[Any], str]]
"""A line of the settings: its id, label, options, value, and how a value reads."""


class SettingsScreen(Dialog):
    """Pace, trick pause, the tracker, undo, finishing rounds, forced cards, looks, language; changes apply at once."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "close", "key.close", show=False),
        Binding("up", "app.focus_previous", show=False),
        Binding("down", "app.focus_next", show=False),
    ]

    def compose(self) -> ComposeResult:
        t = self.app.texts
        with Vertical(classes="dialog", id="settings"):
            yield Static(Text(t("settings.title"), style="bold"), id="settings-title")
            rows, width = self._rows()
            for name, label, options, value, describe in rows:
                yield Choice(label, options, value, describe, id=name, label_width=width)
            yield Static(t("settings.hint"), classes="hint", id="settings-hint")
        yield Footer(compact=True)

    def _rows(self) -> tuple[list[Row], int]:
        """Each line's id, label, options, value and how a value reads, in the app's language; and the labels'
        width: the longest label and a gap."""
        t = self.app.texts
        s = self.app.settings
        yes_no = lambda v: t("yes") if v else t("no")  # noqa: E731
        seconds = lambda v: t("seconds", n=t.number(v, "g"))  # noqa: E731
        rows: list[Row] = [
            ("speed", t("settings.speed"), SPEEDS, s.speed, lambda v: t(f"speed.{v}")),
            ("pause", t("settings.pause"), TRICK_PAUSES, s.trick_pause, seconds),
            ("hold", t("settings.hold"), (False, True), s.hold_trick, yes_no),
            ("hide", t("settings.hide"), (False, True), s.hide_round_points, yes_no),
            ("colours", t("settings.colours"), (False, True), s.four_colour, yes_no),
            ("ascii", t("settings.ascii"), (False, True), s.ascii, yes_no),
            ("lang", t("settings.lang"), LANGUAGES, s.lang, _language_name),
            ("limit", t("settings.limit"), BOT_LIMITS, s.bot_limit, seconds),
            ("tracker", t("settings.tracker"), (False, True), s.tracker, yes_no),
            ("undo", t("settings.undo"), (False, True), s.undo, yes_no),
            ("finish", t("settings.finish"), (False, True), s.finish_pointless, yes_no),
            ("forced", t("settings.forced"), (False, True), s.play_forced, yes_no),
        ]
        return rows, max(len(label) for _, label, *_ in rows) + 2

    def retext(self) -> None:
        """The language or the suit signs changed: each line says itself anew, in place. Rebuilt instead, a
        second key pressed while the first change was applied went to a line already removed, and the
        dialog took no key after it."""
        t = self.app.texts
        self.query_one("#settings-title", Static).update(Text(t("settings.title"), style="bold"))
        self.query_one("#settings-hint", Static).update(t("settings.hint"))
        rows, width = self._rows()
        for name, label, _, _, describe in rows:
            choice = self.query_one(f"#{name}", Choice)
            choice.label, choice.describe, choice.label_width = label, describe, width
            choice.refresh()
        relabel(self, t)

    def on_choice_changed(self, event: Choice.Changed) -> None:
        event.stop()
        assert event.choice.id is not None
        self.post_message(SettingChanged(_SETTING_OF_CHOICE[event.choice.id], event.value))


def _language_name(code: str) -> str:
    from ...i18n import LANGUAGE_NAMES

    return LANGUAGE_NAMES[code]


# Each choice on the settings screen (by id) and the setting it changes.
_SETTING_OF_CHOICE = {
    "speed": "speed",
    "pause": "trick_pause",
    "hold": "hold_trick",
    "hide": "hide_round_points",
    "tracker": "tracker",
    "undo": "undo",
    "finish": "finish_pointless",
    "forced": "play_forced",
    "colours": "four_colour",
    "ascii": "ascii",
    "lang": "lang",
    "limit": "bot_limit",
}
