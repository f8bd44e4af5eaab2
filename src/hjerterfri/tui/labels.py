"""Footer labels in the player's language: bindings are declared with an i18n key as their description."""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding
from textual.dom import DOMNode

from ..i18n import Texts


def label(node: DOMNode, texts: Texts, binding: Binding, overrides: dict[str, str] | None = None) -> str:
    """The text ``binding`` shows in the footer: its declared i18n key (or ``overrides``' key for its action)
    said in ``texts``."""
    keys: dict[str, str] = node.__dict__.setdefault("_i18n_keys", {})
    source = keys.setdefault(binding.action, binding.description)
    source = (overrides or {}).get(binding.action, source)
    return texts(source) if texts.has(source) else source


def declared_show(node: DOMNode, binding: Binding) -> bool:
    """Whether ``binding`` was declared to show in the footer (``relabel`` may hide it for now)."""
    declared: dict[str, bool] = node.__dict__.setdefault("_declared_show", {})
    return declared.setdefault(binding.action, binding.show)


def relabel(
    node: DOMNode, texts: Texts, overrides: dict[str, str] | None = None, hidden: set[str] | None = None
) -> None:
    """Give ``node``'s bindings their text in ``texts``; ``overrides`` maps an action to another i18n key; the
    actions in ``hidden`` stay out of the footer (their keys still work)."""
    bindings = node._bindings.key_to_bindings
    for key, group in bindings.items():
        bindings[key] = [
            replace(
                b,
                description=label(node, texts, b, overrides),
                show=declared_show(node, b) and b.action not in (hidden or ()),
            )
            for b in group
        ]
    node.refresh_bindings()
