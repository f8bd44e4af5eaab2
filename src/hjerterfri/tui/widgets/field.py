"""A text field whose Enter the footer shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import Input

from ..labels import relabel

if TYPE_CHECKING:
    from ..app import HjerterfriApp


class Field(Input):
    """An ``Input`` whose Enter is in the footer as ``enter`` says (an i18n key): the field's own Enter is
    hidden there, and with the focus in a field a player with the mouse had nothing to click to go on."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "submit", "key.start", key_display="⏎")]
    app: HjerterfriApp

    def __init__(
        self, value: str = "", *, enter: str = "key.start", placeholder: str = "", id: str, max_length: int = 0
    ) -> None:
        super().__init__(value, placeholder=placeholder, id=id, max_length=max_length)
        self.enter = enter

    def on_mount(self) -> None:
        relabel(self, self.app.texts, {"submit": self.enter})
