"""The arena's results file: each deal's results kept as they come in, so a stopped run goes on where it stopped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from ..catalogue import Message, MessageError
from ..files import MissingFile, read_text
from ..paths import write_atomic
from .play import DealResult, Lineup

FORMAT = "hjerterfri-arena"
FORMAT_VERSION = 1
"""The results file's format: a header line naming the run, one line per deal, the figures last."""
MAX_SIZE = 1 << 30
"""A results file is read whole, up to 1 GiB (a deal of a comparison is about 4 kB)."""


class ResultsError(MessageError, ValueError):
    """A results file that is not this run's, or that cannot be read: one line naming it."""


class Results:
    """A run's results, one JSON line per deal, appended as each deal comes in, so a run stopped at any
    point goes on where it stopped: the first line names the run (a rerun of another run is refused),
    each further line is ``{"deal": d, "results": [...]}`` (one result per lineup), and once a run is
    complete a last line holds its figures, ``{"figures": {...}}``. A line cut short by a kill is dropped."""

    def __init__(self, path: str | Path, header: dict[str, Any]) -> None:
        self.path = Path(path)
        self.header = {"format": FORMAT, "version": FORMAT_VERSION, **header}
        self._file: IO[str] | None = None

    def load(self) -> dict[int, list[DealResult]]:
        """The deals kept so far (none for a new file); the file is left holding the header and those deals."""
        try:
            text = read_text(self.path, MAX_SIZE, Message("file.what.results"))
        except MissingFile:
            text = ""
        if not text.strip():
            self._rewrite({})
            return {}
        lines = text.split("\n")
        complete = text.endswith("\n")
        if not complete:
            lines = lines[:-1]  # the last line was being written when the run stopped
        header = self._parse(lines[0], 1) if lines else {}
        if header != self.header:
            raise ResultsError(Message("results.other-run", path=str(self.path), differs=_differs(header, self.header)))
        done: dict[int, list[DealResult]] = {}
        tidy = complete
        for number, line in enumerate(lines[1:], 2):
            if not line.strip():
                continue
            data = self._parse(line, number)
            if "figures" in data:
                tidy = False
                continue
            deal, results = data.get("deal"), data.get("results")
            lineups = len(self.header.get("lineups", ()))
            if type(deal) is not int or not isinstance(results, list) or len(results) != lineups:
                raise ResultsError(Message("results.not-a-deal", path=str(self.path), line=number))
            try:
                entry = [DealResult.from_json(deal, r) for r in results]
            except TypeError:
                raise ResultsError(Message("results.not-a-deal", path=str(self.path), line=number)) from None
            if deal in done:
                tidy = False
            done.setdefault(deal, entry)  # a deal is counted once
        if not tidy:
            self._rewrite(done)
        return done

    def append(self, deal: int, results: list[DealResult]) -> None:
        """Keep one deal's results (written and flushed at once)."""
        if self._file is None:
            self._file = self.path.open("a", encoding="utf-8")
        self._file.write(_line({"deal": deal, "results": [r.to_json() for r in results]}))
        self._file.flush()

    def finish(self, done: dict[int, list[DealResult]], figures: dict[str, Any]) -> None:
        """Write the file anew: the header, every deal in order, then the figures."""
        self.close()
        self._rewrite(done, figures)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _rewrite(self, done: dict[int, list[DealResult]], figures: dict[str, Any] | None = None) -> None:
        lines = [_line(self.header)]
        lines += [_line({"deal": d, "results": [r.to_json() for r in done[d]]}) for d in sorted(done)]
        if figures is not None:
            lines.append(_line({"figures": figures}))
        write_atomic(self.path, "".join(lines))

    def _parse(self, line: str, number: int) -> dict[str, Any]:
        try:
            data = json.loads(line)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            raise ResultsError(Message("results.not-an-object", path=str(self.path), line=number))
        return data


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def _differs(found: dict[str, Any], wanted: dict[str, Any], prefix: str = "") -> Message:
    """The first field in which the run in a file differs from this run, in words."""
    key = next((k for k in wanted if found.get(k) != wanted[k]), "format")
    if isinstance(found.get(key), dict) and isinstance(wanted[key], dict):
        return _differs(found[key], wanted[key], f"{prefix}{key}.")
    there, here = (json.dumps(v, ensure_ascii=False) for v in (found.get(key), wanted[key]))  # as the file has it
    return Message("results.differs", field=prefix + key, there=there, here=here)


def header(lineups: tuple[Lineup, ...]) -> dict[str, Any]:
    """What makes a run's deals the same deals: the bots, the seed, the rules, the time limit."""
    first = lineups[0]
    return {
        "lineups": [list(lineup.specs) for lineup in lineups],
        "seed": first.seed,
        "rules": first.rules.to_dict(),
        "limit": first.limit,
    }
