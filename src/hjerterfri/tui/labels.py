"""Footer labels in the player's language: bindings are declared with an i18n key as their description."""

from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

from ..i18n import Texts


def relabel(
    node: DOMNode, texts: Texts, overrides: dict[str, str] | None = None, hidden: set[str] | None = None
) -> None:
    """Give ``node``'s bindings their text in ``texts``; ``overrides`` maps an action to another i18n key; the
    actions in ``hidden`` stay out of the footer (their keys still work)."""
    overrides = overrides or {}
    bindings = node._bindings.key_to_bindings
    keys: dict[str, str] = node.__dict__.setdefault("_i18n_keys", {})
    declared: dict[str, bool] = node.__dict__.setdefault("_declared_show", {})
    for key, group in bindings.items():
        fresh = []
        for b in group:
            source = keys.setdefault(b.action, b.description)
            source = overrides.get(b.action, source)
            shown = declared.setdefault(b.action, b.show) and b.action not in (hidden or ())
            fresh.append(replace(b, description=texts(source) if texts.has(source) else source, show=shown))
        bindings[key] = fresh
    node.refresh_bindings()
