"""The start screen: rules, opponents, your name, language and pace; Enter starts."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Static

from ...cards import Suit
from ...challenge import Challenge
from ...gamelog import NAME_MAX, GameRecord, name_problem
from ...i18n import LANGUAGE_NAMES, LANGUAGES, PRESET_LANGUAGE, Texts
from ...literal import printable
from ...rules import PRESETS, TARGET, OddCards, PassDirection, Rules, RulesError, preset
from ...settings import SPEEDS
from ...table import Setup
from ...table.variants import game_rules, variants_for
from ..labels import relabel
from ..messages import SettingChanged
from ..widgets.choice import Choice
from ..widgets.field import Field
from .table import MIN_SIZE

if TYPE_CHECKING:
    from ..app import HjerterfriApp

BOT_LEVELS = ("let", "middel", "svær")
LABEL_WIDTH = 14
START_WIDTH = 72
"""The form's width (``#start`` in hjerterfri.tcss): narrower, it would be cut off."""
DEAL_WIDTH = 52
"""The width the deal's sentence (kitty, two decks) wraps at under the rules' line (the form's, less its frame
and labels)."""
PASS_COUNTS = (1, 2, 3, 4, 5)
"""The numbers of cards the passing line offers (those a table can play: 004, not at four players)."""


def player_counts(preset_name: str) -> tuple[int, ...]:
    """The tables a preset is played at: Svensk 3 to 8 (two decks from six), the Danish presets 3 to 5."""
    return (3, 4, 5, 6, 7, 8) if preset_name == "svensk" else (3, 4, 5)


PLAYER_COUNTS = (3, 4, 5, 6, 7, 8)
"""The players line offers every table: six to eight under Danish rules bring the Swedish ones (a player who
never looked at the rules line did not know six to eight were there)."""


TARGETS = (50, 75, TARGET, 150, 200)
"""The points a game may be played to on the start screen: the rule texts' 100, or a shorter or a longer game
(``--target`` any other)."""


def targets(setup: Setup) -> list[int]:
    """The points the target line offers: ``TARGETS``, and a flag's other number in its place among them."""
    return sorted({*TARGETS, target_of(setup)})


def target_of(setup: Setup) -> int:
    return setup.target or TARGET


def deal_variants(preset_name: str, players: int) -> tuple[str, ...]:
    """The variants of the deal (the passing line offers the variant of passing, left-right)."""
    return tuple(v for v in variants_for(preset_name, players) if v != "left-right")


def passing_options(setup: Setup) -> list[str]:
    """What the passing line offers: the preset's cycle, left and right only where the texts allow it,
    no passing, and another number of cards where the table allows it."""
    options = ["cycle"]
    if "left-right" in variants_for(setup.preset, setup.players):
        options.append("left-right")
    options.append("none")
    if setup.players != 4:
        for n in PASS_COUNTS:
            try:
                rules = game_rules(setup.preset, setup.players, pass_count=n)
            except RulesError:
                continue
            if n != preset(setup.preset, setup.players).pass_count:
                options.append(f"count:{rules.pass_count}")
    return options


def passing_of(setup: Setup) -> str:
    """The passing line's value for ``setup``."""
    if setup.no_pass:
        return "none"
    if setup.variant == "left-right":
        return "left-right"
    if setup.pass_count is not None and setup.pass_count != preset(setup.preset, setup.players).pass_count:
        return f"count:{setup.pass_count}"
    return "cycle"


def with_passing(setup: Setup, value: str) -> Setup:
    """``setup`` passing as the passing line's ``value`` says."""
    variant = "left-right" if value == "left-right" else setup.variant if setup.variant != "left-right" else "standard"
    count = int(value.split(":")[1]) if value.startswith("count:") else None
    return replace(setup, variant=variant, no_pass=value == "none", pass_count=count)


def passing_text(t: Texts, setup: Setup, value: str) -> str:
    """How the passing line names ``value``: the cards and the cycle ("3 cards: left, right, none")."""
    return rules_passing(t, with_passing(setup, value).rules())


def _own_passing(rules: Rules) -> tuple[tuple[PassDirection, ...], int] | None:
    """How the preset of ``rules`` passes at their table (None for rules of no preset)."""
    if rules.name not in PRESETS:
        return None
    own = Setup(preset=rules.name, players=rules.players).rules()
    return own.pass_cycle, own.pass_count


def rules_passing(t: Texts, rules: Rules) -> str:
    """How ``rules`` pass: the cards and the cycle ("3 cards: left, right, none"), or no passing."""
    if not rules.pass_count:
        return t("passing.none")
    cycle = ", ".join(t(f"cycle.{d.value}") for d in rules.pass_cycle)
    return t("passing.cards", n=rules.pass_count, cycle=cycle)


class StartScreen(Screen[None]):
    """Choose a game; every choice can also be given as a flag, which skips this screen."""

    # Enter is not a priority binding: the name field must see every letter typed before it
    # (a priority Enter started the game before the Input had taken "da" of "Ida").
    # Moving the focus is: a non-priority ↓ moved it only after the letters typed right
    # behind it had already gone to the line above. So are ←/→ on a line (not in the name field): a ←/→
    # queued at one line changed the next one once a priority ↓ right behind it had moved the focus.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "key.start", key_display="⏎"),
        Binding("left", "step(-1)", show=False, priority=True),
        Binding("right", "step(1)", show=False, priority=True),
        Binding("c", "resume", "key.resume"),
        Binding("u", "challenge", "key.challenge"),
        Binding("o", "settings", "key.settings"),
        Binding("up", "app.focus_previous", show=False, priority=True),
        Binding("down", "app.focus_next", show=False, priority=True),
        Binding("tab", "app.focus_next", show=False, priority=True),
        Binding("shift+tab", "app.focus_previous", show=False, priority=True),
        Binding("question_mark", "help", "key.help", key_display="?"),
        Binding("escape", "leave", "key.quit", key_display="Esc"),
    ]
    app: HjerterfriApp

    class Start(Message):
        """Deal a new game as chosen."""

        def __init__(self, setup: Setup) -> None:
            super().__init__()
            self.setup = setup

    class StartChallenge(Message):
        """Play a challenge: a code's deals, or new ones with the choices made here."""

        def __init__(self, challenge: Challenge, setup: Setup) -> None:
            super().__init__()
            self.challenge = challenge
            self.setup = setup

    class Resume(Message):
        """Continue the saved game the screen offers."""

        def __init__(self, record: GameRecord) -> None:
            super().__init__()
            self.record = record

    def __init__(self, setup: Setup, unfinished: GameRecord | None = None) -> None:
        super().__init__()
        self.setup = setup
        self.unfinished = unfinished
        self._retext_when_shown = False
        self._refocus: str | None = None
        """The line that had the focus when the form was last left or said anew."""
        self._rules_before: str | None = None
        """The rules chosen before a count of players switched them to the Swedish: back when the count allows."""

    def compose(self) -> ComposeResult:
        t = self.app.texts
        s = self.app.settings
        setup = self.setup
        with Vertical(id="start", classes=self._density()):
            sign = t.deck.suit  # letters with --ascii, as everywhere else
            title = f"{sign(Suit.SPADES)} {sign(Suit.HEARTS)} {t('game')} {sign(Suit.DIAMONDS)} {sign(Suit.CLUBS)}"
            yield Static(Text(title, style="bold"), id="title")
            if self.unfinished is not None:
                yield Button(Text(self._resume_label()), id="resume", compact=True)
            yield Static(t("start.title"), classes="subtitle")
            with Horizontal(id="preset-row"):
                yield Choice(
                    t("start.preset"),
                    list(PRESETS),
                    setup.preset,
                    lambda v: t(f"name.{v}"),
                    id="preset",
                    label_width=LABEL_WIDTH,
                )
                yield Choice(t("start.players"), PLAYER_COUNTS, setup.players, id="players", label_width=11)
            yield Static(self._preset_line(), id="preset-line", classes="explain")
            deals = deal_variants(setup.preset, setup.players)
            variant = Choice(
                t("start.variant"),
                deals,
                setup.variant if setup.variant in deals else "standard",
                lambda v: t(f"variant.{self._variant_key(v)}"),
                id="variant",
                label_width=LABEL_WIDTH,
            )
            variant.display = len(deals) > 1
            yield variant
            yield Choice(
                t("start.passing"),
                passing_options(setup),
                passing_of(setup),
                lambda v: passing_text(t, self.setup, v),
                id="passing",
                label_width=LABEL_WIDTH,
            )
            bot_options = list(BOT_LEVELS) if setup.bots in BOT_LEVELS else [*BOT_LEVELS, setup.bots]
            with Horizontal(id="bots-row"):
                yield Choice(
                    t("start.bots"),
                    bot_options,
                    setup.bots,
                    lambda v: t(f"bots.{v}", level=t.level_name(v)) if t.has(f"bots.{v}") else printable(v),
                    id="bots",
                    label_width=LABEL_WIDTH,
                )
                yield Choice(t("start.target"), targets(setup), target_of(setup), id="target", label_width=11)
            with Vertical(id="name-row"):
                yield Static(f"{t('start.name'):<{LABEL_WIDTH}}", classes="label")
                yield Field(setup.name or "", placeholder=t("you"), id="name", max_length=NAME_MAX)
            yield Choice(
                t("start.lang"), LANGUAGES, s.lang, lambda v: LANGUAGE_NAMES[v], id="lang", label_width=LABEL_WIDTH
            )
            yield Choice(
                t("start.speed"), SPEEDS, s.speed, lambda v: t(f"speed.{v}"), id="speed", label_width=LABEL_WIDTH
            )
            yield Static(t("start.hint"), classes="hint")
        yield Static(id="too-small")
        yield Footer(compact=True)

    def _variant_key(self, variant: str) -> str:
        """The text of a variant: the standard one says what the preset does at this table."""
        if variant == "standard" and self.setup.preset == "svensk":
            return "play-twice"
        return variant

    def _resume_label(self) -> str:
        """What the continue button says: when the game began, its rules and its round."""
        record = self.unfinished
        assert record is not None
        t = self.app.texts
        when = f"{record.started:%Y-%m-%d %H:%M}"
        rules = record.rules
        about = [
            when,
            t.preset_name(rules.name),
            t("players.n", n=rules.players),
            t("round", n=record.game.round.number),
        ]
        if (target := record.other_target) is not None:
            about.insert(3, t("target.to", n=target))
        lines = [f"{t('start.continue')} (c)", " · ".join(about)]
        if _own_passing(rules) != (rules.pass_cycle, rules.pass_count):
            lines.append(rules_passing(t, rules))  # a line of its own: it would not fit 80 columns beside the rest
        return "\n".join(lines)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.has_class("too-small") and action not in ("help", "leave"):
            return False  # the form is hidden: Enter started a game from it unseen
        if action == "resume":
            return self.unfinished is not None
        if action == "step":
            return isinstance(self.app.focused, Choice | Input)
        return True

    def action_step(self, step: int) -> None:
        """←/→ change the line that has the focus as the key arrives, or move the name field's cursor (left to
        the field's own keys, a → queued there changed the line below once a ↓ behind it had moved the focus)."""
        focused = self.app.focused
        if isinstance(focused, Choice):
            focused.action_step(step)
        elif isinstance(focused, Input) and step > 0:
            focused.action_cursor_right()
        elif isinstance(focused, Input):
            focused.action_cursor_left()

    def action_help(self) -> None:
        from .dialogs import HelpScreen

        self.app.push_screen(HelpScreen("help.start"))

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    def action_leave(self) -> None:
        """Esc: out of the name field, as in any text field; elsewhere, out of the program."""
        if isinstance(self.focused, Input):
            self.set_focus(None)
        else:
            self.app.exit()

    def on_click(self, event: events.Click) -> None:
        """A click beside the lines leaves the name field (the focus stayed in it, and so did the keys)."""
        if isinstance(self.focused, Input) and event.widget is not self.focused:
            self.set_focus(None)

    @on(Button.Pressed, "#resume")
    def _resume_pressed(self) -> None:
        self.action_resume()

    def action_resume(self) -> None:
        if self.unfinished is not None:
            self.post_message(self.Resume(self.unfinished))

    def _density(self) -> str:
        """Classes that tighten the form on a short terminal: first its frame, then the gaps between lines.

        The form with its frame takes 25 rows, three or four more with a saved game to continue (its passing
        has a line when it is not the preset's), two more with a variant line and one or two with the deal's
        sentence; the tight frame saves three rows and the closed gaps five to seven more (under the lines,
        the saved game and the title).
        """
        rows, room = self._rows()
        if rows <= room:
            return ""
        return "tight" if rows - 3 <= room else "tight tighter"

    def _rows(self) -> tuple[int, int]:
        """The rows the form takes with its frame and gaps, and the rows it has."""
        deals = deal_variants(self.setup.preset, self.setup.players)
        resume = self._resume_label().count("\n") + 2 if self.unfinished is not None else 0
        deal = -(-len(self._deal_text()) // DEAL_WIDTH)  # the lines it wraps to
        rows = 25 + resume + 2 * (len(deals) > 1) + (self._needs() is not None) + deal
        return rows, self.app.size.height - 1  # the footer

    def _fit(self) -> None:
        """The form, or where even its tightest does not fit, what size the game needs (the form was cut)."""
        rows, room = self._rows()
        width, height = self.app.size
        small = width < START_WIDTH or rows - 10 > room
        if small != self.has_class("too-small"):
            self.set_class(small, "too-small")
            self.refresh_bindings()
        if small:
            need_w, need_h = MIN_SIZE[self.setup.players]
            self.query_one("#too-small", Static).update(
                self.app.texts("too.small", w=need_w, h=need_h, cw=width, ch=height)
            )

    def on_resize(self) -> None:
        self.query_one("#preset-line", Static).update(self._preset_line())
        self.query_one("#start").set_classes(self._density())
        self._fit()
        self.call_after_refresh(self._place)

    def on_mount(self) -> None:
        relabel(self, self.app.texts)
        self._fit()
        self.query_one("#preset", Choice).focus()
        self.call_after_refresh(self._place)

    def retext(self) -> None:
        """Say the form anew (another language, letters for suits): at once when it is the screen shown, else
        when it is shown again. Made anew under the settings dialog, it once froze the app: the focus the
        screen went back to was a line the new form had replaced."""
        if self.app.screen is self:  # (``is_current`` holds under a modal dialog too)
            self._refocus = self.focused.id if self.focused is not None else None
            self.refresh(recompose=True)
        else:
            self._retext_when_shown = True

    def on_screen_resume(self) -> None:
        if self._retext_when_shown:
            self._retext_when_shown = False
            self.refresh(recompose=True)

    async def recompose(self) -> None:
        """The form again (in another language): centred, as a new form is, the focus on the line it was on."""
        await super().recompose()
        relabel(self, self.app.texts)
        focused = next(iter(self.query(f"#{self._refocus}")), None) if self._refocus else None
        (focused or self.query_one("#preset", Choice)).focus()
        self.call_after_refresh(self._place)

    def action_settings(self) -> None:
        """The settings, as at the table: the looks (four colours, letters for suits) before the first game."""
        from .dialogs import SettingsScreen

        self._refocus = self.focused.id if self.focused is not None else None
        self.setup = replace(self.setup, name=self.typed_name())  # kept if the form is said anew
        self.app.push_screen(SettingsScreen())

    def _place(self, keep: bool = False) -> None:
        """The form in the middle of the screen; with ``keep``, when a line has come or gone, its top stays
        where it was (the form centred itself again, and a click aimed at a line landed on its neighbour)."""
        form = self.query_one("#start")
        if not form.outer_size.height and form.display and not self.has_class("too-small"):
            self.call_after_refresh(self._place, keep)  # a form made anew, not laid out yet: it went halfway down
            return
        room = self.size.height - 1  # the footer
        free = max(0, room - form.outer_size.height)
        top = min(form.styles.margin.top, free) if keep else free // 2
        form.styles.margin = (top, 0, 0, 0)

    @on(Choice.Changed)
    def _changed(self, event: Choice.Changed) -> None:
        event.stop()
        key = event.choice.id
        setup = replace(self.setup, name=self.typed_name())
        if key == "preset":
            self._rules_before = None
            setup = replace(setup, preset=event.value)
            self.post_message(SettingChanged("lang", PRESET_LANGUAGE.get(event.value, "da"), chosen=False))
        elif key == "players":
            wrapped = event.value == PLAYER_COUNTS[-1] and setup.players == PLAYER_COUNTS[0]  # ‹ on three
            if wrapped and event.value not in player_counts(setup.preset):
                setup = replace(setup, players=max(player_counts(setup.preset)))  # round the rules' own tables
            else:
                setup = replace(setup, players=event.value)
            before = self._rules_before
            if setup.players not in player_counts(setup.preset):
                self._rules_before = self._rules_before or setup.preset
                setup = replace(setup, preset="svensk")  # (the language stays: the player chose a table)
            elif before is not None and setup.players in player_counts(before):
                setup = replace(setup, preset=before)  # only browsing the counts: the rules come back
                self._rules_before = None
        elif key == "variant":
            setup = replace(setup, variant=event.value)
        elif key == "passing":
            setup = with_passing(setup, event.value)
        elif key == "bots":
            setup = replace(setup, bots=event.value)
        elif key == "target":
            setup = replace(setup, target=None if event.value == TARGET else event.value)
        elif key in ("lang", "speed"):
            self.post_message(SettingChanged(key, event.value))
        if setup.players not in player_counts(setup.preset):  # rules for fewer: the most they are played by
            setup = replace(setup, players=max(player_counts(setup.preset)))
        if setup.variant not in variants_for(setup.preset, setup.players):
            setup = replace(setup, variant="standard")
        if passing_of(setup) not in passing_options(setup):
            setup = with_passing(setup, "cycle")
        self._say_table_changed(key, self.setup, setup)
        self.setup = setup
        self._sync()

    def _say_table_changed(self, key: str | None, before: Setup, after: Setup) -> None:
        """A line when one choice changed another: the rules the count of players now needs, or the count the
        rules now allow (the count dropped from 6 to 5 with no word)."""
        t = self.app.texts
        if key == "preset" and after.players != before.players:
            text = t("start.players.fewer", rules=t.preset_name(after.preset), n=after.players)
        elif key == "players" and after.preset != before.preset:
            said = "start.players.svensk" if after.preset == "svensk" else "start.players.back"
            text = t(said, n=after.players, rules=t.preset_name(after.preset))
        else:
            return
        self.notify(text, timeout=4, markup=False)

    def _sync(self) -> None:
        """Bring the lines that follow a choice in line with the setup, in place: a key pressed right after a
        choice reaches the form (composing it again would drop it)."""
        setup = self.setup
        self.query_one("#preset", Choice).set_options(list(PRESETS), setup.preset)
        self.query_one("#players", Choice).set_options(PLAYER_COUNTS, setup.players)
        self.query_one("#preset-line", Static).update(self._preset_line())
        deals = deal_variants(setup.preset, setup.players)
        variant = self.query_one("#variant", Choice)
        variant.set_options(deals, setup.variant if setup.variant in deals else "standard")
        variant.display = len(deals) > 1
        self.query_one("#passing", Choice).set_options(passing_options(setup), passing_of(setup))
        self.query_one("#start").set_classes(self._density())
        self.call_after_refresh(self._place, True)

    def _preset_line(self) -> Text:
        """What the rules are, and whether this terminal is large enough for the table chosen (seven and
        eight players need 100×30): said here, before the game, not only by the table."""
        t = self.app.texts
        line = Text(t(f"preset.{self.setup.preset}"))
        if deal := self._deal_text():
            line.append("\n" + deal)
        if (need := self._needs()) is not None:
            width, height = self.app.size
            line.append("\n" + t("too.small.start", w=need[0], h=need[1], cw=width, ch=height), style="bold #ffb4a8")
        return line

    def _deal_text(self) -> str:
        """What the deal has that the usual one has not: the kitty at three and five players under the Danish
        rules (the header only names it), the two decks at six to eight players, and the seats with a card
        more where no variant line says so (svensk at five: found out only at "your turn again")."""
        rules = self.setup.rules()
        if rules.decks == 2:
            return self.app.texts("start.two-decks")
        if rules.kitty_size:
            return self.app.texts("start.kitty", n=rules.kitty_size)
        single = len(deal_variants(self.setup.preset, self.setup.players)) == 1
        if rules.odd_cards is OddCards.PLAY_TWICE and single and (extra := 52 % rules.players):
            return self.app.texts("start.play-twice", n=extra)
        return ""

    def _needs(self) -> tuple[int, int] | None:
        """The size the table chosen needs, when this terminal is smaller."""
        need_w, need_h = MIN_SIZE[self.setup.players]
        width, height = self.app.size
        return (need_w, need_h) if width < need_w or height < need_h else None

    def typed_name(self) -> str | None:
        """The name typed, or None for the language's default ("Du", "You")."""
        name = self.query_one("#name", Input).value.strip()
        return name if name and name != self.app.texts("you") else None

    def action_challenge(self) -> None:
        """Ask for a code (or Enter for new deals with these choices), then play it."""
        from .challenge import ChallengeDialog

        setup = replace(self.setup, name=self.typed_name())
        if setup.variant not in variants_for(setup.preset, setup.players):
            setup = replace(setup, variant="standard")

        def chosen(challenge: Challenge | None) -> None:
            if challenge is not None:
                self.post_message(self.StartChallenge(challenge, setup))

        self.app.push_screen(ChallengeDialog(setup), chosen)

    def action_start(self) -> None:
        name = self.typed_name()
        if name is not None and (problem := name_problem(name)) is not None:
            self.notify(self.app.texts.message(problem), severity="error", markup=False)
            return
        setup = replace(self.setup, name=name)
        if setup.variant not in variants_for(setup.preset, setup.players):
            setup = replace(setup, variant="standard")
        self.post_message(self.Start(setup))
