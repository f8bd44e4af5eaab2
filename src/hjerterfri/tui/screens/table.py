"""The table: your hand at the bottom, the bots around, the trick in the middle.

The screen draws what the human's seat may see (its ``PlayerView``) and drives the ``Table``: it
asks the bots in worker threads and applies their answers when they come back; the table and the
engine judge every rule. Whatever happens to the game goes up to the app as a message.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.scalar import Unit
from textual.errors import NoWidget
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from ...cards import Card, cards_of
from ...engine import IllegalMoveError, Phase, Trick
from ...literal import printable
from ...table import Decision, Table
from ...view import PlayerView
from ..labels import declared_show, label, relabel
from ..messages import SettingChanged
from ..widgets.fitline import FitLine
from ..widgets.hand import HandView
from ..widgets.notes import Notes, exchange_line, kitty_line, tracker_lines
from ..widgets.seat import NAME_LIMIT, SeatInfo, SeatPanel, show_text
from ..widgets.trick import TRICK_HEIGHT, TrickView, across, place_of

if TYPE_CHECKING:
    from ..app import HjerterfriApp

HINT_PATIENCE = 6.0
"""Seconds the table waits for a hint before it says there is none."""
LATE_KEY = 0.7
"""Seconds after a trick's pause cleared it in which Enter or a click still counts as meant for the trick
(a click on "⏎ continue" as it turned into "⏎ play" played a card), and after a trick was completed in which
one does not yet let it go (a double click on a card)."""
FAULT_NOTICE = 8.0
"""Seconds a notice of a bot's fault shows; the same seat's next faults meanwhile are in its log only."""
FAULT_DETAIL = 40
"""Characters of a bot's own error text a notice shows."""
MESSAGE_SECONDS = 6.0
"""How long a message (a refusal, an undo, points hidden) holds the status line before the prompt comes back."""
MIN_SIZE = {3: (80, 24), 4: (80, 24), 5: (80, 24), 6: (80, 24), 7: (100, 30), 8: (100, 30)}
"""The terminal a table needs (columns, rows): seven and eight players need room for their seats across."""
FOOTER_ROWS = 1
SPARE = ("tracker", "scores", "card_list", "toggle_points", "app.rules")
"""Keys the footer shows where they fit (at 80 columns, not beside undo and claim, nor the tracker beside
passing's keys); ``?`` lists every key."""

Stamp = tuple[int, tuple[int, int]]
"""What a worker's answer is for: the screen's generation and the table's position when it was asked."""


def _rows(widget: Widget) -> int:
    """The rows ``widget`` is styled to take (a fixed height), else those it has: what the notes must leave
    it, not what notes too many have squeezed it to (the hand lost its row of marks)."""
    height = widget.styles.height
    if height is not None and height.unit is Unit.CELLS:
        return int(height.value)
    return widget.outer_size.height


def _line(parts: list[tuple[str, str]]) -> Text:
    """A header line: its parts (text, style) between dots."""
    line = Text(" ")
    for i, (text, style) in enumerate(parts):
        line.append(" · " if i else "")
        line.append(text, style=style)
    return line


class TableScreen(Screen[None]):
    """One game being played, round after round."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "key.left", show=False),
        Binding("right", "move(1)", "key.right", show=False),
        Binding("home", "move_to_end(False)", "key.left", show=False),
        Binding("end", "move_to_end(True)", "key.right", show=False),
        Binding("enter,space", "select", "key.play", key_display="⏎"),
        Binding("u", "undo", "key.undo"),  # the keys of passing and of play alike first: they stay in place
        Binding("i", "hint", "key.hint"),
        Binding("p", "confirm_pass", "key.pass"),
        Binding("a", "accept_hint", "key.accept"),
        Binding("c", "claim", "key.claim"),
        Binding("l", "last_trick", "key.last"),
        Binding("k", "tracker", "key.tracker"),
        Binding("s", "scores", "key.scores"),
        Binding("t", "card_list", "key.log"),
        Binding("h", "toggle_points", "key.hide"),
        Binding("o", "settings", "key.settings"),
        Binding("r", "app.rules", "key.rules"),
        Binding("question_mark", "app.help", "key.help", key_display="?"),
        Binding("q", "app.ask_quit", "key.quit"),
    ]
    """Every key is in the help (``?``); the footer shows the ones that apply now, and leaves out the scores,
    the card list, hiding the points and the rules, which fit no 80-column row with the rest."""

    app: HjerterfriApp

    class Decided(Message):
        """Bots have decided (in a worker): their passes, or one card."""

        def __init__(self, decisions: list[Decision], stamp: Stamp) -> None:
            super().__init__()
            self.decisions = decisions
            self.stamp = stamp

    class Advised(Message):
        """The hint has been worked out (empty: there is none)."""

        def __init__(self, cards: tuple[Card, ...], stamp: Stamp) -> None:
            super().__init__()
            self.cards = cards
            self.stamp = stamp

    class GameOver(Message):
        """The last round's summary was read: the app shows the result."""

        def __init__(self, table: Table) -> None:
            super().__init__()
            self.table = table

    def __init__(self, table: Table) -> None:
        super().__init__()
        if table.human is None:
            raise ValueError("the table screen needs a human seat")
        self.table = table
        self.me: int = table.human
        """The human's seat: always drawn at the bottom."""
        self.chosen: list[Card] = []
        self.held: Trick | None = None
        """A finished trick left on the table for a moment (or until a key, as set)."""
        self._held_at = self._cleared_at = -LATE_KEY
        """When a trick was last completed, and when its pause cleared it (not a key): a key just after
        either was meant for the trick as it was."""
        self._faults_shown: dict[int, float] = {}
        """Each seat, when its bot's last fault was told: one notice a seat while it shows."""
        self.status = Text()
        self.error = False
        """The status line shows a refusal (until the next action)."""
        self.message = False
        """The status line shows a message (an error or not) until the next action."""
        self.thinking: int | None = None
        self.passing_bots = False
        self._generation = 0
        self._summary_shown = False
        self._turn_placed: tuple[int, int] | None = None
        self._footer_state: tuple[object, ...] | None = None
        self.hinted: tuple[Card, ...] = ()
        self.hint_for: Stamp | None = None
        """The position the hint being worked out or shown is for."""
        self.take_hint = False
        """``a`` was pressed while the pass hint was still being worked out: take it when it comes."""

    # Layout

    def compose(self) -> ComposeResult:
        texts = self.app.texts
        deck = self.app.deck
        with Vertical(id="table"):
            yield FitLine(id="header")
            with Horizontal(id="top"):
                lines = "seat three-lines" if self.table.rules.players >= 6 else "seat"
                for place in across(self.table.rules.players):
                    yield SeatPanel(texts, wide=True, id=f"seat-{place}", classes=lines)
            with Horizontal(id="middle"), Horizontal(id="ring"):
                yield SeatPanel(texts, id="seat-1", classes="seat side")
                yield TrickView(deck, id="trick")
                yield SeatPanel(texts, id="seat-3", classes="seat side")
            yield Notes(id="notes")
            yield Static(id="status")
            yield Static(id="me")
            yield HandView(deck, id="hand")
        yield Static(id="too-small")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        relabel(self, self.app.texts)
        players = self.table.rules.players
        self.set_class(players == 3, "three")
        self.set_class(players == 5, "five")
        self.set_class(players >= 6, "many")
        if players <= 5:
            self.query_one("#seat-4").display = players == 5
            for panel in self.query("#top SeatPanel"):
                panel.set_class(players == 5, "two-lines")
        trick = self.query_one(TrickView)
        trick.two_across = players == 5
        if players >= 6:  # the cards in a row, each under its player's name
            trick.labels = {self.place(s): self.seat_name(s) for s in range(players)}
        self._fit(self.size.width, self.size.height)
        self.refresh_table()
        self.query_one(HandView).focus()
        self.call_after_refresh(self.refresh_table)  # once laid out: the notes know the rows they have
        self.call_after_refresh(self.advance)  # the table is drawn first; the bots' programs start after

    def on_resize(self, event) -> None:
        self._fit(event.size.width, event.size.height)
        self.refresh_bindings()  # the keys work again, or not, with the table shown
        self.call_after_refresh(self.refresh_table)
        self.call_after_refresh(self._relabel_keys)

    def _fit(self, width: int, height: int) -> None:
        need_w, need_h = MIN_SIZE[self.table.rules.players]
        small = width < need_w or height < need_h
        if self.has_class("too-small") and not small:
            self.call_after_refresh(self.advance)  # what waited while the table could not be seen
        self.set_class(small, "too-small")
        if small:
            self.query_one("#too-small", Static).update(
                self.app.texts("too.small", w=need_w, h=need_h, cw=width, ch=height)
            )

    # What the table shows: the human's view and nothing more

    @property
    def view(self) -> PlayerView:
        """What the human may know now."""
        return self.table.view(self.me)

    def seat_name(self, seat: int) -> str:
        """A seat's name as the screen shows it: literally, and not past ``NAME_LIMIT``."""
        return printable(self.table.names[seat], limit=NAME_LIMIT)

    def place(self, seat: int) -> int:
        """Where ``seat`` sits on screen: the human at the bottom, the others around in the order of play."""
        return place_of(seat, self.me, self.table.rules.players)

    def refresh_table(self) -> None:
        """Bring every widget in line with the human's view."""
        t = self.app.texts
        view = self.view
        n = view.players
        totals = view.totals
        hide = self.app.settings.hide_round_points
        parts = [(t("game"), "bold"), (t.preset_name(view.rules.name), "")]
        if n != 4:
            parts.append((t("players.n", n=n), ""))
        challenge = self.table.record.challenge
        if (target := self.table.record.other_target) is not None:
            parts.append((t("target.to", n=target), ""))
        if challenge is None:
            parts.append((t("round", n=view.round_number), ""))
        else:  # said only in a notice at its start
            parts.append((t("round.challenge", i=view.round_number, n=challenge.deals), "bold"))
        parts.append((t.pass_direction(view.pass_direction), ""))
        broken = view.hearts_broken
        parts.append((t("hearts.broken"), "bold") if broken else (t("hearts.closed"), "dim"))
        if view.kitty_size:
            if view.kitty_taker is None:
                parts.append((t("kitty.lying", n=view.kitty_size), "bold"))
            else:
                parts.append((t("kitty.owner", name=self.seat_name(view.kitty_taker)), "dim"))
        # where the line is narrow, the game's name goes first, then the count (the table shows it), then the
        # rules' name (the same all game)
        order = [0, 2, 1] if n != 4 else [0, 1]
        lines = [_line([p for i, p in enumerate(parts) if i not in order[:k]]) for k in range(len(order) + 1)]
        self.query_one("#header", FitLine).show(*lines)
        playing = view.phase is Phase.PLAYING and self.held is None
        for seat in range(n):
            if seat == self.me:
                continue
            self.query_one(f"#seat-{self.place(seat)}", SeatPanel).show(
                SeatInfo(
                    name=self.seat_name(seat),
                    cards_left=view.hand_sizes[seat],
                    total=totals[seat],
                    round_points=None if hide else view.taken[seat],
                    to_play=playing and view.turn == seat,
                    thinking=self.thinking == seat,
                    kitty=view.kitty_taker == seat and view.kitty_mask is None,
                )
            )
        me = Text(("▶ " if playing and view.turn == self.me else "  ") + self.seat_name(self.me), style="bold")
        me.append(f" · {t('points.total', n=totals[self.me])}")
        if not hide:
            me.append(f" · {t('points.round', n=view.taken[self.me])}")
        if view.kitty_taker == self.me and view.kitty_mask:
            me.append(f" · {t('kitty.owner', name=t.cards_sorted(cards_of(view.kitty_mask)))}")
        show_text(self.query_one("#me", Static), me)

        trick = self.query_one(TrickView)
        if self.held is not None:
            trick.show_trick(self.held, self.place)
        else:
            kitty = view.kitty_size if view.kitty_taker is None and view.phase is not Phase.OVER else 0
            plays = zip(view.trick_seats, view.trick, strict=False)
            slots = tuple(self.place(s) for s in view.trick_seats)
            trick.show([(self.place(s), c) for s, c in plays], kitty=kitty, order=slots)

        hand = self.query_one(HandView)
        hand.set_cards(view.hand)
        my_turn = playing and view.turn == self.me
        playable = frozenset(view.legal_plays) if my_turn else None
        hand.playable = playable
        # the cursor on a card that may be played, once a turn: then where the player moves it (the second card
        # of a first trick is a turn of its own; the cursor stayed on a card that could not follow)
        turn = (len(view.tricks), len(view.trick)) if my_turn else None
        if playable is not None and turn != self._turn_placed and hand.current() not in playable:
            hand.move_to(next(c for c in hand.cards if c in playable))
        self._turn_placed = turn
        hand.chosen = tuple(self.chosen)
        hand.received = tuple(view.received)
        if self.hint_for is not None and self.hint_for != self._stamp():
            self._drop_hint()  # the position moved on: the hint is stale
        hand.hinted = self.hinted
        if not self.message:
            self.status = self._status_text(view)
        status = self.query_one("#status", Static)
        show_text(status, self.status)
        if status.has_class("error") != self.error:
            status.set_class(self.error, "error")
        self.query_one(Notes).show(self._notes(view))
        self._relabel_keys()

    def _notes(self, view: PlayerView) -> list[Text]:
        """The lines under the trick: the exchange and the kitty, and the tracker when it is on; squeezed into
        the rows the trick leaves (the tracker to one line, then the kitty left to the header)."""
        t = self.app.texts
        settings = self.app.settings
        names = self.table.names
        width = (self.query_one("#table").size.width or self.size.width) - 2  # the notes' padding
        room = self.size.height - FOOTER_ROWS - TRICK_HEIGHT
        for widget in self.query("#header, #top, #status, #me, #hand"):
            room -= _rows(widget) if widget.display else 0
        exchange, kitty = exchange_line(t, view, names), kitty_line(t, view, names)
        info = [line for line in (exchange, Text(kitty) if kitty else None) if line is not None]
        joined = Text(" · ").join(info)
        if len(info) == 2 and joined.cell_len <= width:
            info = [joined]
        tracker: list[Text] = []
        if settings.tracker:
            tracker = tracker_lines(t, self.app.deck, view, names, width, settings.hide_round_points)
            if len(info) + len(tracker) > room:
                tracker = tracker_lines(t, self.app.deck, view, names, width, settings.hide_round_points, rows=1)
        if len(info) + len(tracker) > room and len(info) == 2:
            info = info[:1]  # the exchange; where the kitty went is in the header too
        return [*info, *tracker]

    def _status_text(self, view: PlayerView) -> Text:
        t = self.app.texts
        if self.held is not None:
            held = self.held
            winner = self.seat_name(held.winner)
            counted = held.points and not self.app.settings.hide_round_points  # hidden: the player counts
            won = t("trick.won.points", name=winner, n=held.points) if counted else t("trick.won", name=winner)
            if view.kitty_size and view.tricks and held == view.tricks[0]:
                kitty = view.kitty_mask if held.winner == self.me else None
                mine = t("kitty.you", cards=t.cards_sorted(cards_of(kitty))) if kitty else None
                won += f" · {mine or t('kitty.taken', name=winner)}"
            if self.app.settings.hold_trick:
                won += f" · {t('trick.continue')}"
            return Text(won)
        if view.phase is Phase.PASSING and view.passed_mask is None:
            return self._pass_text(view)
        hint = self._hint_text()
        if view.phase is Phase.PLAYING and view.turn == self.me:
            turn = self._turn_text(view)
            if hint is not None:  # beside the prompt: the hint took the line, and with it the card led
                turn.append(" · ")
                turn.append_text(hint)
            return turn
        if hint is not None:
            return hint
        if view.phase is Phase.PASSING:
            return Text(t("pass.waiting"))
        if view.phase is Phase.PLAYING:
            return Text(t("turn.bot", name=self.seat_name(view.turn)), style="dim")
        return Text()

    def _turn_text(self, view: PlayerView) -> Text:
        """What the line says on the human's turn to play."""
        t = self.app.texts
        if self.app.settings.play_forced and len(view.legal_plays) == 1:  # about to be played for you
            return Text(t("forced.playing", card=t.card_name(view.legal_plays[0])), style="bold")
        if not view.trick:
            return Text(t("turn.you.lead"), style="bold")  # what you received is on the line above
        if view.trick_seats[len(view.trick) - 1] == self.me:
            return Text(t("turn.you.again"), style="bold")
        # who led and what: the table marks neither, and a player going by words could not tell
        led = t("turn.you.follow", name=self.seat_name(view.trick_seats[0]), card=t.card_short(view.trick[0]))
        return Text(led, style="bold")

    def _pass_text(self, view: PlayerView) -> Text:
        """What to do while passing, and the hint beside it (shortened: the prompt stays in view)."""
        t = self.app.texts
        target = self.seat_name(view.pass_direction.target(self.me, view.players))
        count = view.rules.pass_count
        if len(self.chosen) == count:
            text = Text(t("pass.ready", cards=t.cards_sorted(self.chosen), name=target), style="bold")
        else:
            text = Text(t("pass.choose", n=count, name=target, chosen=len(self.chosen)))
        if self.hint_for is not None and self.hint_for == self._stamp():
            if not self.hinted:
                text.append(" · " + t("hint.thinking"), style="dim")
            elif sorted(self.hinted) != sorted(self.chosen):
                hint = t("hint.pass.short", cards=t.cards_sorted(self.hinted))
                text.append(" · " + hint, style="bold #7fd37f")
        return text

    def say(self, text: str, *, error: bool = False) -> None:
        """Show a message on the status line until the next action, or for a few seconds: then the line says
        again what is asked of the player (``l`` before a trick, ``h`` or an undo hid it); a refusal stands out."""
        status = self.status = Text(text, style="bold" if error else "")
        self.error = error
        self.message = True
        self.refresh_table()
        self.set_timer(MESSAGE_SECONDS, lambda: self._expire(status))

    def _expire(self, status: Text) -> None:
        """A message's time is up: the prompt again, if nothing has taken the line meanwhile."""
        if self.message and self.status is status:
            self._clear()
            self.refresh_table()

    def _clear(self) -> None:
        """The next action: the message on the status line goes."""
        self.error = self.message = False

    def _relabel_keys(self) -> None:
        """Update the footer, but only when what it shows changes (redrawing it is not cheap)."""
        select = "key.play"
        if self.held is not None:
            select = "key.continue"
        elif self.view.phase is Phase.PASSING:
            select = "key.choose"
        texts = self.app.texts
        # as wide whatever it says, so that the keys after it stay under the mouse when a trick ends
        width = max(len(texts(key)) for key in ("key.play", "key.continue", "key.choose"))
        select = texts(select).ljust(width)
        hidden = self._spare_keys_hidden({"select": select})
        state = (
            select,
            texts.lang,
            tuple(sorted(hidden)),
            *(self.check_action(a, ()) for a in ("confirm_pass", "select", "last_trick", "hint", "accept_hint")),
            *(self.check_action(a, ()) for a in ("undo", "claim")),
        )
        if state != self._footer_state:
            self._footer_state = state
            relabel(self, texts, {"select": select}, hidden)

    def _spare_keys_hidden(self, overrides: dict[str, str]) -> set[str]:
        """The spare keys the footer has no room for now: after the keys that apply, in their order, while the
        row holds them ("⏎ play u undo ..." is the key, a space, its label and a space between entries)."""
        texts = self.app.texts
        entries: dict[str, int] = {}  # one entry per action, as the footer shows it
        for group in self._bindings.key_to_bindings.values():
            for b in group:
                if b.action not in entries and declared_show(self, b) and self.check_action(b.action, ()) is not False:
                    entries[b.action] = len(b.key_display or b.key) + 1 + len(label(self, texts, b, overrides))
        width = sum(n + 1 for action, n in entries.items() if action not in SPARE) - 1
        hidden: set[str] = set()
        for action in (a for a in entries if a in SPARE):
            width += entries[action] + 1
            if hidden or width > self.size.width:
                hidden.add(action)
        return hidden

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether a key applies now: True, None where it belongs to this part of the round but not to this
        moment (the footer shows it dimmed: keys that came and went moved the others under a player's mouse,
        whose click on "quit" opened the help), False where it does not belong at all."""
        if self.has_class("too-small"):
            return False  # the table is not shown: no card may be played unseen (help, rules and quit still work)
        view = self.view
        passing = view.phase is Phase.PASSING
        if action == "confirm_pass":
            return _now(view.passed_mask is None) if passing else False
        if action == "accept_hint":
            if self.table.record.challenge is not None:
                return False  # no hints in a challenge: nothing to take
            asked = self.hint_for is not None and self.hint_for == self._stamp()
            waiting = asked and not self.hinted
            return _now(asked and (waiting or sorted(self.hinted) != sorted(self.chosen))) if passing else False
        if action == "undo":
            return _now(self.table.can_undo()) if self.app.settings.undo else False
        if action == "claim":
            if view.phase is not Phase.PLAYING:
                return False
            return _now(view.turn == self.me and bool(view.tricks) and self.held is None)
        if action == "select":
            if self.held is not None:
                return True
            if passing:
                return _now(view.passed_mask is None)
            return _now(view.phase is Phase.PLAYING)
        if action == "hint":  # none in a challenge (the key says why: ``on_key``)
            return _now(self._hint_view() is not None) if self.table.record.challenge is None else False
        return True

    # The flow of play

    def _stamp(self) -> Stamp:
        return (self._generation, self.table.position())

    def advance(self) -> None:
        """Start whatever comes next: a trick's pause, the bots' passes or card, the summary. Nothing while the
        window is too small for the table (the bots played on unseen): the table goes on when it fits again."""
        if self.has_class("too-small"):
            return
        table = self.table
        if self.held is not None:
            if self.app.settings.hold_trick:
                return
            generation = self._generation
            self.set_timer(self.app.settings.trick_pause, lambda: self._release(generation))
            return
        phase = self.view.phase
        if phase is Phase.PLAYING and self.app.settings.finish_pointless and table.finish():
            self.refresh_table()  # no points left: the rest is played at once (the summary says so)
            phase = Phase.OVER
        if phase is Phase.OVER:
            self._show_summary()
            return
        view = self.view
        if phase is Phase.PLAYING and view.turn == self.me and self.app.settings.play_forced:
            if len(view.legal_plays) == 1:
                generation = self._generation
                delay = self.app.settings.bot_delay
                if delay:
                    self.set_timer(delay, lambda: self._play_forced(generation))
                else:
                    self.call_later(self._play_forced, generation)
            return
        bots = table.bots_to_act()
        if phase is Phase.PASSING:
            if bots and not self.passing_bots:
                self.passing_bots = True
                self._think([(s, table.view(s)) for s in bots], self._stamp(), pace=False)
            return
        if bots and self.thinking is None:
            seat = bots[0]
            self.thinking = seat
            self._think([(seat, table.view(seat))], self._stamp(), pace=True)
            self.refresh_table()

    def _play_forced(self, generation: int) -> None:
        """Play the human's only legal card, if the table is still where it was when it was scheduled."""
        view = self.view
        if generation != self._generation or self.held is not None or view.turn != self.me:
            return
        if view.phase is not Phase.PLAYING or len(view.legal_plays) != 1:
            return
        card = view.legal_plays[0]
        self.table.play(self.me, card)
        self._after_play()
        if self.held is None:  # a finished trick says who took it instead
            said = self.app.texts("forced.played", card=self.app.texts.card_name(card))
            view = self.view
            if view.phase is Phase.PLAYING and view.turn == self.me:  # took the trick: leads now, and is told so
                said += " · " + self._status_text(view).plain
            self.say(said)

    def _release(self, generation: int | None = None) -> None:
        if self.held is None or (generation is not None and generation != self._generation):
            return
        if generation is not None and self.has_class("too-small"):
            return  # the trick's pause starts again when it can be seen (``advance``)
        if generation is None and time.monotonic() - self._held_at < LATE_KEY:
            return  # the second click of a double click on the card that completed it: seen, it stays
        if generation is not None:  # the pause ran out, not a key
            self._cleared_at = time.monotonic()
        self.held = None
        self._generation += 1
        self.refresh_table()
        self.advance()

    @work(thread=True, group="bots")
    def _think(self, asks: list[tuple[int, PlayerView]], stamp: Stamp, pace: bool) -> None:
        """Ask the bots (their views taken on the screen's thread); ``pace`` keeps to the bots' pace."""
        start = time.monotonic()
        if len(asks) > 1:  # the passes, all at once: each bot is a program, and three slow ones cost one wait
            with ThreadPoolExecutor(len(asks), thread_name_prefix="bot-pass") as pool:
                decisions = list(pool.map(lambda ask: self.table.decide(*ask), asks))
        else:
            decisions = [self.table.decide(seat, view) for seat, view in asks]
        wait = self.app.settings.bot_delay - (time.monotonic() - start) if pace else 0
        if wait > 0:
            time.sleep(wait)
        self.post_message(self.Decided(decisions, stamp))

    @on(Decided)
    def _decided(self, message: Decided) -> None:
        self.thinking = None
        self.passing_bots = False
        if message.stamp != self._stamp():  # the table moved on (an undo, a new round) while the bots thought
            self.advance()
            return
        for decision in message.decisions:
            if decision.fault is not None:
                self._notify_fault(decision)
            self.table.apply(decision)
        if message.decisions and message.decisions[0].kind == "pass":
            if self.view.phase is Phase.PASSING and self.view.passed_mask is None:  # you are still choosing:
                self.refresh_table()  # a message of yours stays (the passes coming in wiped "No trick yet")
                self.advance()
            else:
                self._after_pass()
        elif message.decisions:
            self._after_play()

    def _notify_fault(self, decision: Decision) -> None:
        """A notice of a bot's fault, short (the bot's log has the whole of it), and one a seat while it shows:
        a command's path and a program's own error text made notices of five lines, three at a time, over the
        trick."""
        t = self.app.texts
        assert decision.fault is not None
        now = time.monotonic()
        if now - self._faults_shown.get(decision.seat, -FAULT_NOTICE) < FAULT_NOTICE:
            return
        self._faults_shown[decision.seat] = now
        seat = self.table.seats[decision.seat]
        fault = decision.fault  # in the player's language (the English detail is for the arena and bot writers)
        detail = printable(fault.detail, limit=FAULT_DETAIL)  # (a bot's own error text is its own)
        said = t(f"fault.{fault.kind.value}", detail=detail)
        if decision.kind == "pass":  # how many, not which: a bot's pass to another bot is not the human's to see
            text = t("bot.fault.pass", name=seat.name, fault=said, n=len(decision.cards))
        else:
            text = t("bot.fault", name=seat.name, fault=said, cards=t.cards_short(list(decision.cards)))
        self.notify(text, severity="warning", timeout=FAULT_NOTICE, markup=False)

    def _after_pass(self) -> None:
        self._clear()
        self.refresh_table()
        self.advance()

    def _after_play(self) -> None:
        view = self.view
        if not view.trick:
            settings = self.app.settings
            if settings.hold_trick or settings.trick_pause > 0:
                self.held = view.tricks[-1]
                self._held_at = time.monotonic()
        self._clear()
        self.refresh_table()
        self.advance()

    # Hints: what svær would do, worked out in a worker

    def _hint_view(self) -> PlayerView | None:
        """The human's view when a hint can help (their turn to play, or to choose cards to pass), else None."""
        if self.held is not None:
            return None
        view = self.view
        if view.phase is Phase.PLAYING and view.turn == self.me:
            return view
        if view.phase is Phase.PASSING and view.passed_mask is None:
            return view
        return None

    def action_hint(self) -> None:
        if self.table.record.challenge is not None:  # the hint is svær, and so is the par (not in the footer)
            self.say(self.app.texts("hint.challenge"), error=True)  # said out of turn too (it said nothing)
            return
        view = self._hint_view()
        if view is None:
            return
        stamp = self._stamp()
        if self.hint_for == stamp:
            return  # being worked out, or already shown
        self.hint_for, self.hinted = stamp, ()
        self._clear()
        self.refresh_table()
        self._advise(view, stamp)

    @work(thread=True, group="hint")
    def _advise(self, view: PlayerView, stamp: Stamp) -> None:
        self.post_message(self.Advised(self.table.advise(view, HINT_PATIENCE), stamp))

    @on(Advised)
    def _advised(self, message: Advised) -> None:
        if message.stamp != self._stamp() or self.hint_for != message.stamp or self.hinted:
            return
        if not message.cards:
            self._drop_hint()
            self.notify(self.app.texts("hint.none"), severity="warning", timeout=4, markup=False)
            self.refresh_table()
            return
        self.hinted = tuple(message.cards)
        if self.view.phase is Phase.PLAYING:
            self.query_one(HandView).move_to(message.cards[0])
        elif self.take_hint:
            self.chosen = sorted(self.hinted)
        self.take_hint = False
        self.refresh_table()

    def _drop_hint(self) -> None:
        self.hint_for, self.hinted, self.take_hint = None, (), False

    def _hint_text(self) -> Text | None:
        """The hint line, while the hint is for the position on the table."""
        if self.hint_for is None or self.hint_for != self._stamp():
            return None
        t = self.app.texts
        if not self.hinted:
            return Text(t("hint.thinking"), style="dim")
        cards = sorted(self.hinted)
        if self.view.phase is Phase.PASSING:
            text = t("hint.pass", cards=t.join([t.card_name(c) for c in cards]))
        else:
            text = t("hint.play", card=t.card_name(cards[0]))
        return Text(text, style="bold #7fd37f")

    # Between rounds

    def _show_summary(self) -> None:
        if self._summary_shown:
            return
        self._summary_shown = True
        from .summary import RoundSummaryScreen

        self.app.push_screen(RoundSummaryScreen(self.table), self._after_summary)

    def _after_summary(self, _result: object = None) -> None:
        if self.table.is_over():
            self.post_message(self.GameOver(self.table))
            return
        self.table.next_round()
        self._summary_shown = False
        self.chosen = []
        self._generation += 1
        self.refresh_table()
        self.advance()

    # Keys

    def action_move(self, step: int) -> None:
        self.query_one(HandView).move(step)

    def action_move_to_end(self, last: bool) -> None:
        self.query_one(HandView).move_to_end(last)

    def _late(self) -> bool:
        """Whether a key comes so soon after the pause cleared the trick that it was meant to clear it (Enter
        pressed to go on, as the trick went by itself): it plays no card."""
        return time.monotonic() - self._cleared_at < LATE_KEY

    def action_select(self) -> None:
        if self.held is not None:
            self._release()
            return
        if self._late():
            return
        hand = self.query_one(HandView)
        card = hand.current()
        if card is not None:
            self.pick(card, hand.cursor)

    @on(HandView.Picked)
    def _picked(self, event: HandView.Picked) -> None:
        if self.held is not None:
            self._release()
            return
        if self._late():
            return
        self.pick(event.card, event.index)

    def pick(self, card: Card, index: int | None = None) -> None:
        """The human chose ``card`` (at ``index`` in the hand, which tells two copies apart): for passing
        (again: not any more), or to play it."""
        view = self.view
        t = self.app.texts
        if view.phase is Phase.PASSING:
            if view.passed_mask is not None:
                return
            count = view.rules.pass_count
            hand = self.query_one(HandView)
            chosen = hand.is_chosen(index) if index is not None else card in self.chosen
            if chosen:
                self.chosen.remove(card)
            elif len(self.chosen) < count:
                self.chosen.append(card)
            else:
                self.say(t("pass.full", n=count), error=True)
                return
            self._clear()
            self.refresh_table()
            return
        try:
            self.table.play(self.me, card)
        except IllegalMoveError as e:
            self.say(f"{t.card_short(card)}: {t.reason(e, self.table.names)}", error=True)
            return
        self._after_play()

    def action_confirm_pass(self) -> None:
        view = self.view
        if view.phase is not Phase.PASSING or view.passed_mask is not None:
            return
        missing = view.rules.pass_count - len(self.chosen)
        if missing:
            self.say(self.app.texts("pass.missing", n=missing), error=True)
            return
        try:
            self.table.pass_cards(self.me, list(self.chosen))
        except IllegalMoveError as e:
            self.say(self.app.texts.reason(e, self.table.names), error=True)
            return
        self.chosen = []
        self._drop_hint()  # your pass hint is stale once you passed (the others' passes leave it be)
        self._after_pass()

    def action_accept_hint(self) -> None:
        """Take the hint's cards as the cards to pass."""
        if self.check_action("accept_hint", ()):
            self.take_hint = not self.hinted  # still being worked out: taken when it comes (``_advised``)
            self.chosen = sorted(self.hinted) if self.hinted else self.chosen
            self._clear()
            self.refresh_table()

    def action_undo(self) -> None:
        """Take back your last card and the others' cards after it (or, before your first card, your pass)."""
        t = self.app.texts
        if not self.app.settings.undo:
            self.say(t("undo.off"), error=True)
            return
        if not self.table.undo(past_forced=self.app.settings.play_forced):
            self.say(t("undo.none"), error=True)
            return
        undo = self.table.record.undos[-1]
        self._generation += 1  # a bot's answer for the position left behind is dropped
        self.held = None
        self.thinking = None
        self.passing_bots = False
        self._drop_hint()
        self.chosen = list(undo.passed or ())
        if undo.passed is not None:
            self.say(t("undo.pass", cards=t.cards_sorted(undo.passed)))
        else:
            self.say(t("undo.done", cards=t.taken_back(undo.cards)))
            self.query_one(HandView).move_to(undo.cards[0])  # back in the hand: the cursor on it
        self.advance()

    def action_claim(self) -> None:
        """Claim every trick left: the engine says whether you take them all, whatever the others hold."""
        t = self.app.texts
        view = self.view
        if view.phase is not Phase.PLAYING or view.turn != self.me or self.held is not None:
            self.say(t("claim.not-your-turn"), error=True)
            return
        result = self.table.claim(self.me)
        if not result.holds:
            suit = t.suit_name(result.suit) if result.suit is not None else ""  # a word: "a D" in ASCII
            self.say(t(f"claim.{result.verdict.value}", suit=suit), error=True)
            return
        self._generation += 1
        self._drop_hint()
        self._clear()
        self.refresh_table()
        self.advance()

    def action_tracker(self) -> None:
        """The card tracker under the table, on or off (kept as a setting)."""
        self.post_message(SettingChanged("tracker", not self.app.settings.tracker))

    def on_key(self, event) -> None:
        """Any key without a task now lets a held trick go (arrows and the like included); u and c say why
        when they do not apply."""
        if self.has_class("too-small"):
            if event.key in ("u", "c"):  # the table is not shown: nothing is taken back or claimed unseen
                event.stop()
                event.prevent_default()
            return
        if self.held is None and self._say_why_not(event.key):
            event.stop()
            return
        if self.held is not None and self.app.settings.hold_trick and not self._works_while_held(event.key):
            event.stop()
            event.prevent_default()
            self._release()

    def _say_why_not(self, key: str) -> bool:
        """For u, c, a (and i in a challenge) when they do not apply now, and v, which belongs to the round's
        summary: say why, instead of nothing (a dimmed key that did nothing read as broken). Whether it said
        anything."""
        if key == "v":  # the help lists it: "after a round" (with one deck)
            one_deck = self.table.rules.decks == 1
            self.say(self.app.texts("review.later" if one_deck else "review.decks"), error=True)
            return True
        action = {"u": "undo", "c": "claim", "i": "hint", "a": "accept_hint"}.get(key)
        applies = action is not None and self.check_action(action, ())
        if action is None or applies:
            return False  # it does its own work
        if key == "i" and self.table.record.challenge is None:
            return False  # out of turn the hint key does nothing, as before
        if key != "a":
            getattr(self, f"action_{action}")()
        elif applies is None:  # (not while playing, nor in a challenge: False)
            same = self.hinted and sorted(self.hinted) == sorted(self.chosen)
            self.say(self.app.texts("hint.take.same" if same else "hint.take.none"), error=True)
        else:
            return False
        return True

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """A click on a dimmed key of the footer says why it does not apply, as the key itself does."""
        try:  # (a terminal's click comes with no widget, a pilot's with one)
            widget, _ = self.get_widget_at(event.screen_x, event.screen_y)
        except NoWidget:
            return
        if self.held is not None or not widget.has_class("-disabled"):
            return
        key = getattr(widget, "key", None)  # a footer's key (its class is not public)
        if isinstance(key, str) and any(isinstance(a, Footer) for a in widget.ancestors):
            self._say_why_not(key)

    def on_click(self, event: events.Click) -> None:
        """A click anywhere on the table lets a held trick go, as a key does (a click on a card does so
        through ``_picked``, which must not see the trick gone and play the card)."""
        if isinstance(event.widget, HandView) or self.has_class("too-small"):
            return
        if event.widget is not None and any(isinstance(node, Footer) for node in event.widget.ancestors_with_self):
            return  # a footer key does what it says, as its key does (k let the trick go too)
        if self.held is not None and self.app.settings.hold_trick:
            event.stop()
            self._release()

    def _works_while_held(self, key: str) -> bool:
        """A key that does what the footer says while a finished trick waits (the tracker, the scores, undo,
        the settings, help ...); any other key lets the trick go."""
        action = next((b.action for b in self.BINDINGS if isinstance(b, Binding) and key in b.key.split(",")), None)
        if action is None or action == "select" or action.startswith("move"):
            return False
        return action.startswith("app.") or bool(self.check_action(action, ()))

    def _last_trick(self) -> Trick | None:
        return self.held if self.held is not None else self.table.last_trick()

    def action_last_trick(self) -> None:
        from .dialogs import LastTrickScreen

        trick = self._last_trick()
        t = self.app.texts
        if trick is None:
            self.say(t("trick.none"), error=True)
            return
        view = self.view
        title = t("trick.last")
        if self.held is None and trick not in self.table.round.tricks:  # passing: the last round's
            title += f" · {t('round', n=self.table.round.number - 1)}"
        note = None
        if view.kitty_size and view.tricks and trick == view.tricks[0]:  # the winner took the kitty too
            if trick.winner == self.me and view.kitty_mask is not None:
                note = t("kitty.you", cards=t.cards_sorted(cards_of(view.kitty_mask)))
            else:
                note = t("kitty.taken", name=self.table.names[trick.winner])
        self.app.push_screen(LastTrickScreen(trick, self.table.names, self.place, note, title))

    def action_scores(self) -> None:
        from .dialogs import ScoresScreen

        self.app.push_screen(ScoresScreen(self.table.names, self.table.game.history()))

    def action_toggle_points(self) -> None:
        hide = not self.app.settings.hide_round_points
        self.post_message(SettingChanged("hide_round_points", hide))
        self.say(self.app.texts("points.toggle.hidden" if hide else "points.toggle.shown"))  # (easily missed)

    def action_card_list(self) -> None:
        from .dialogs import CardListScreen

        self.app.push_screen(CardListScreen(self.view, self.table.names))

    def action_settings(self) -> None:
        from .dialogs import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def apply_settings(self) -> None:
        """Redraw after a setting changed (the app sets it, then calls this), and do what it starts now."""
        deck = self.app.deck
        self.query_one(HandView).deck = deck
        self.query_one(TrickView).deck = deck
        for panel in self.query(SeatPanel):
            panel.texts = self.app.texts
        self.refresh_table()
        self.query_one(HandView).refresh()
        self.query_one(TrickView).refresh()
        self.table.limit = self.app.settings.bot_limit  # the bots' time: it held from the table's start
        if self.held is None or not self.app.settings.hold_trick:
            self.advance()  # what a setting starts now: a forced card played for you, a round without points ended


def _now(applies: bool) -> bool | None:
    """A key of this part of the round: True when it applies now, else None (shown dimmed, in its place)."""
    return True if applies else None
