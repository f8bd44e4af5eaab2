"""A one-line widget that shows the longest of its texts that fits its width."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


class FitLine(Widget):
    """Shows the first of its texts (longest first) that fits; the last one, cut with "…", when none does.

    It chooses again whenever its width changes, so a resized terminal needs no help from the screen."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.texts: tuple[Text, ...] = ()

    def show(self, *texts: Text) -> None:
        if texts != self.texts:
            self.texts = texts
            self.refresh()

    def render(self) -> Text:
        width = self.content_region.width
        return next((t for t in self.texts if t.cell_len <= width), self.texts[-1] if self.texts else Text())
