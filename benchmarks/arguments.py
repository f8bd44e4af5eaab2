"""Argument types the benchmarks share: a bad value is one line from ``argparse`` and exit 2, no traceback."""

from __future__ import annotations

import argparse


def positive(text: str) -> int:
    """A whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"not a positive whole number: {text!r}")
    return value


def numbers(text: str) -> tuple[int, ...]:
    """Positive whole numbers separated by commas (``40,80,160``)."""
    try:
        return tuple(positive(t) for t in text.split(","))
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"not positive whole numbers separated by commas: {text!r}") from None
