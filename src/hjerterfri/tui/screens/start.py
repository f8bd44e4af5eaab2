"""The start screen: rules, opponents, your name, language and pace; Enter starts."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Static

from ...gamelog import GameRecord
from ...rules import PRESETS
from ...table.variants import variants_for
from ..i18n import LANGUAGE_NAMES, LANGUAGES, PRESET_LANGUAGE
from ..labels import relabel
from ..settings import SPEEDS
from ..widgets.choice import Choice

if TYPE_CHECKING:
    from ..app import HjerterfriApp

BOT_LEVELS = ("let", "middel", "svær")
PLAYER_COUNTS = (3, 4, 5)
LABEL_WIDTH = 14


class StartScreen(Screen[None]):
    """Choose a game; every choice can also be given as a flag, which skips this screen."""

    # Enter is not a priority binding: the name field must see every letter typed before it
    # (a priority Enter started the game before the Input had taken "da" of "Ida").
    # Moving the focus is: a non-priority ↓ moved it only after the letters typed right
    # behind it had already gone to the line above.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "key.start", key_display="⏎"),
        Binding("c", "resume", "key.resume"),
        Binding("up", "app.focus_previous", show=False, priority=True),
        Binding("down", "app.focus_next", show=False, priority=True),
        Binding("tab", "app.focus_next", show=False, priority=True),
        Binding("shift+tab", "app.focus_previous", show=False, priority=True),
        Binding("question_mark", "app.help", "key.help", key_display="?"),
        Binding("escape", "app.quit", "key.quit", key_display="Esc"),
    ]
    app: HjerterfriApp

    def __init__(
        self,
        preset: str = "dansk",
        bots: str = "middel",
        name: str | None = None,
        unfinished: GameRecord | None = None,
        players: int = 4,
        variant: str = "standard",
    ) -> None:
        super().__init__()
        self.unfinished = unfinished
        self.preset = preset
        self.players = players
        self.variant = variant
        self.bots = bots
        self.player_name = name

    def compose(self) -> ComposeResult:
        t = self.app.texts
        s = self.app.settings
        with Vertical(id="start", classes=self._density()):
            yield Static(Text(f"♠ ♥ {t('game')} ♦ ♣", style="bold"), id="title")
            if self.unfinished is not None:
                yield Button(self._resume_label(), id="resume", compact=True)
            yield Static(t("start.title"), classes="subtitle")
            with Horizontal(id="preset-row"):
                yield Choice(
                    t("start.preset"),
                    list(PRESETS),
                    self.preset,
                    lambda v: t(f"name.{v}"),
                    id="preset",
                    label_width=LABEL_WIDTH,
                )
                yield Choice(t("start.players"), PLAYER_COUNTS, self.players, id="players", label_width=10)
            yield Static(t(f"preset.{self.preset}"), id="preset-line", classes="explain")
            variants = variants_for(self.preset, self.players)
            if len(variants) > 1:
                yield Choice(
                    t("start.variant"),
                    variants,
                    self.variant,
                    lambda v: t(f"variant.{self._variant_key(v)}"),
                    id="variant",
                    label_width=LABEL_WIDTH,
                )
            bot_options = list(BOT_LEVELS) if self.bots in BOT_LEVELS else [*BOT_LEVELS, self.bots]
            yield Choice(
                t("start.bots"),
                bot_options,
                self.bots,
                lambda v: t(f"bots.{v}") if t.has(f"bots.{v}") else v,
                id="bots",
                label_width=LABEL_WIDTH,
            )
            with Vertical(id="name-row"):
                yield Static(f"{t('start.name'):<{LABEL_WIDTH}}", classes="label")
                yield Input(self.player_name or t("you"), id="name", max_length=14)
            yield Choice(t("start.lang"), LANGUAGES, s.lang, LANGUAGE_NAMES.get, id="lang", label_width=LABEL_WIDTH)
            yield Choice(
                t("start.speed"), SPEEDS, s.speed, lambda v: t(f"speed.{v}"), id="speed", label_width=LABEL_WIDTH
            )
            yield Static(t("start.hint"), classes="hint")
        yield Footer()

    def _variant_key(self, variant: str) -> str:
        """The text of a variant: the standard one says what the preset does at this table."""
        if variant == "standard" and self.preset == "svensk":
            return "play-twice"
        return variant

    def _resume_label(self) -> str:
        """What the continue button says: when the game began, its rules and its round."""
        record = self.unfinished
        assert record is not None
        t = self.app.texts
        when = f"{record.started:%Y-%m-%d %H:%M}"
        where = t("round", n=record.game.round.number)
        return f"{t('start.continue')} (c)\n{when} · {self.app.preset_label(record.rules.name)} · {where}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self.unfinished is not None
        return True

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#resume")
    def _resume_pressed(self) -> None:
        self.action_resume()

    def action_resume(self) -> None:
        if self.unfinished is not None:
            self.app.continue_record(self.unfinished)

    def _density(self) -> str:
        """Classes that tighten the form on a short terminal: first its frame, then the gaps between lines.

        The form with its frame takes 23 rows, three more with a saved game to continue and two more
        with a variant line; the tight frame saves three rows and the closed gaps two or three more.
        """
        rows = 23 + 3 * (self.unfinished is not None) + 2 * (len(variants_for(self.preset, self.players)) > 1)
        room = self.app.size.height - 1  # the footer
        if rows <= room:
            return ""
        return "tight" if rows - 3 <= room else "tight tighter"

    def on_resize(self) -> None:
        self.query_one("#start").set_classes(self._density())

    def on_mount(self) -> None:
        relabel(self, self.app.texts)
        self.query_one("#preset", Choice).focus()

    @on(Choice.Changed)
    def _changed(self, event: Choice.Changed) -> None:
        key = event.choice.id
        focus = key
        if key == "preset":
            self.preset = event.value
            if not self.app.lang_fixed:
                self.app.settings.lang = PRESET_LANGUAGE.get(event.value, self.app.settings.lang)
        elif key == "players":
            self.players = event.value
            if self.variant not in variants_for(self.preset, self.players):
                self.variant = "standard"
        elif key == "variant":
            self.variant = event.value
        elif key == "bots":
            self.bots = event.value
        elif key == "lang":
            self.app.lang_fixed = True
            self.app.settings.lang = event.value
        elif key == "speed":
            self.app.settings.speed = event.value
        self._remember_name()
        self.app.settings_changed()
        self.refresh(recompose=True)
        self.call_after_refresh(self._refocus, focus)

    def _refocus(self, widget_id: str | None) -> None:
        if widget_id:
            self.query_one(f"#{widget_id}").focus()
        relabel(self, self.app.texts)

    def _remember_name(self) -> None:
        name = self.query_one("#name", Input).value.strip()
        default = self.app.texts("you")
        self.player_name = name if name and name != default else None

    def action_start(self) -> None:
        self._remember_name()
        if self.variant not in variants_for(self.preset, self.players):
            self.variant = "standard"
        self.app.start_game(self.preset, self.bots, self.player_name, players=self.players, variant=self.variant)
