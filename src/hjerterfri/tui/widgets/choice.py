"""A labelled row that cycles through options with ←/→ or a click (start screen, settings)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget


class Choice(Widget, can_focus=True):
    """``label  ‹ value ›``: one of ``options``, shown through ``describe``."""

    DEFAULT_CSS = """
    Choice { height: 1; width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", show=False),
        Binding("right", "step(1)", show=False),
    ]

    class Changed(Message):
        def __init__(self, choice: Choice, value: Any) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self,
        label: str,
        options: Sequence[Any],
        value: Any,
        describe: Callable[[Any], str] = str,
        *,
        label_width: int = 16,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.label = label
        self.options = list(options)
        self.index = self.options.index(value) if value in self.options else 0
        self.describe = describe
        self.label_width = label_width

    @property
    def value(self) -> Any:
        return self.options[self.index]

    def set_options(self, options: Sequence[Any], value: Any) -> None:
        """Offer ``options`` now, with ``value`` chosen (the first if it is not among them)."""
        self.options = list(options)
        self.index = self.options.index(value) if value in self.options else 0
        self.refresh()

    def set_value(self, value: Any) -> None:
        if value in self.options:
            self.index = self.options.index(value)
            self.refresh()

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.options)
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def on_click(self, event: events.Click) -> None:
        """A click steps to the next choice; on ‹, or with the right button, to the one before (one step back
        took a click round the whole cycle)."""
        back = event.button == 3 or self.label_width <= event.x < self.label_width + 2
        self.action_step(-1 if back else 1)

    def render(self) -> Text:
        text = Text(f"{self.label:<{self.label_width}}", style="bold" if self.has_focus else "")
        text.append("‹ ", style="dim")
        text.append(self.describe(self.value), style="reverse" if self.has_focus else "bold")
        text.append(" ›", style="dim")
        return text

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
