"""The coach's commands: ``hjerterfri analyse FILE`` (what a seat's choices cost) and ``hjerterfri challenge``
(a code for a saved game's deals, or a code's par)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from .analysis import NOTABLE, AnalysisError, GameReview, Review
from .cards import QUEEN_OF_SPADES
from .catalogue import Message
from .challenge import PREFIX, Challenge, ChallengeError
from .gamelog import GameRecord, load
from .i18n import Texts
from .launch import language


def review_line(texts: Texts, name: str, d: Review) -> str:
    """One costly decision in words: what was chosen, what was better, and what it cost."""
    values = {
        "round": d.round,
        "trick": d.trick,
        "name": name,
        "points": texts.number(d.played_points),
        "better": texts.number(d.best_points),
        "cost": texts.number(d.cost),
        "margin": texts.number(d.margin),
    }
    if d.kind == "pass":
        return texts("coach.pass", cards=texts.cards_sorted(d.played), best=texts.cards_sorted(d.best), **values)
    key = "coach.play" if d.view.trick else "coach.lead"  # a card led is said as led ("spillede 3♥ ud")
    return texts(key, card=texts.card_short(d.played[0]), best=texts.card_short(d.best[0]), **values)


def why_line(texts: Texts, name: str, d: Review, most: int = 2) -> str | None:
    """Why a costly choice cost what it did, in the one or two (``most``) outcomes that made most of the
    difference: the queen of spades taken, the hearts, a moon against the seat or its own (None when nothing
    stands out)."""
    if d.why is None:
        return None
    mine, theirs = d.why
    moon = d.view.rules.round_points
    reasons = (  # each outcome's share of the points between the two choices (they add up to all of it)
        (13 * (mine.queen - theirs.queen), "why.queen", mine.queen, theirs.queen),
        (mine.hearts - theirs.hearts, "why.hearts", mine.hearts, theirs.hearts),
        (moon * (mine.moon_others - theirs.moon_others), "why.moon.others", mine.moon_others, theirs.moon_others),
        (moon * (theirs.moon_own - mine.moon_own), "why.moon.own", mine.moon_own, theirs.moon_own),
    )
    ranked = sorted(reasons, key=lambda r: -r[0])
    first, second, against = ranked[0], ranked[1], ranked[-1]
    shown = [first] if first[0] >= NOTABLE else []  # a second only where it adds a third of the difference
    if shown and most > 1 and second[0] >= max(0.5, (mine.points - theirs.points) / 3):
        shown.append(second)
    # what pulls the other way, where it offsets more than the whole difference (a moon the worse choice
    # makes likelier): without it the reasons add up to far more than the cost
    though = shown and -against[0] >= max(1.0, mine.points - theirs.points)
    best = texts.cards_sorted(d.best) if d.kind == "pass" else texts.card_short(d.best[0])

    def said(key: str, a: float, b: float) -> str:
        said_as = texts.number if key == "why.hearts" else _percent  # a count of hearts; the others, shares
        values = {"mine": said_as(a), "theirs": said_as(b)}
        return texts(key, name=name, best=best, queen=texts.card_short(QUEEN_OF_SPADES), **values)

    parts = [said(key, a, b) for _, key, a, b in shown]
    if though:
        parts.append(texts("why.though", reason=said(*against[1:])))
    if not parts:
        return None
    return texts("why", reasons="; ".join(parts))


def _percent(share: float) -> str:
    return str(round(100 * share))


def game_line(texts: Texts, review: GameReview) -> str:
    """The cost in all, of the game or of the one round reviewed."""
    forced = sum(d.forced for d in review.decisions)
    decisions = texts("coach.decisions", n=len(review.decisions))
    if forced:
        decisions += ", " + texts("coach.forced", n=forced)
    if review.fallbacks:
        decisions += "; " + texts("coach.fallbacks", n=review.fallbacks)
    values = {"cost": texts.number(review.cost), "margin": texts.number(review.margin), "decisions": decisions}
    if len(review.rounds) == 1:
        return texts("coach.game.round", round=review.rounds[0].number, **values)
    return texts("coach.game", **values)


def report(texts: Texts, review: GameReview, top: int) -> list[str]:
    """The analysis as lines of text: the costliest decisions, each round's cost, the game's."""
    name = texts.person(review.name)  # a seat never named is "you" in the language read ("Du led" in English)
    lines = [texts("coach.title", name=name), texts("coach.method", name=name), ""]
    if not review.decisions:  # nothing played yet (a round dealt, not begun)
        return [*lines, texts("coach.empty")]
    costly = review.costliest(top)
    if costly:
        lines.append(texts("coach.costliest"))
        for d in costly:
            lines.append(f"  {review_line(texts, name, d)} ({texts('coach.deals', n=d.deals)})")
            if (why := why_line(texts, name, d)) is not None:
                lines.append(f"    {why}")
    else:
        lines.append(texts("coach.none"))
    lines += ["", texts("coach.rounds")]
    for r in review.rounds:
        if not r.decisions:  # a round begun but not yet played
            continue
        cost, margin = texts.number(r.cost), texts.number(r.margin)
        lines.append("  " + texts("coach.round", round=r.number, cost=cost, margin=margin))
    lines += ["", game_line(texts, review)]
    return lines


@contextmanager
def progress_bar(show: bool, label: str) -> Iterator[Callable[[int, int], None]]:
    """A rich progress bar on standard error (when ``show``), advanced by ``(done, total)``."""
    if not show:
        yield lambda done, total: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = bar.add_task(label, total=None)
    with bar:
        yield lambda done, total: bar.update(task, completed=done, total=total)


def analyse_main(args: argparse.Namespace) -> int:
    """``hjerterfri analyse FILE``: every decision of a seat weighed, the costliest named, per round and game."""
    from .analysis import analyse

    record = load(args.file)
    seat = args.seat if args.seat is not None else record.human_seat
    if seat is None:
        raise AnalysisError(Message("analysis.no-human.flag", path=str(args.file), last=record.rules.players - 1))
    if not 0 <= seat < record.rules.players:
        raise AnalysisError(Message("analysis.seat.flag", seat=seat, last=record.rules.players - 1))
    rounds = None
    if args.round is not None:
        numbers = [r.number for r in record.game.rounds]
        if args.round not in numbers:
            raise AnalysisError(Message("analysis.round.flag", round=args.round, first=numbers[0], last=numbers[-1]))
        rounds = [args.round]
    if args.top < 1:
        raise AnalysisError(Message("analysis.top.flag", top=args.top))
    texts = Texts(language(args, record.rules.name), ascii_suits=args.ascii)
    with progress_bar(sys.stderr.isatty(), texts("coach.progress")) as advance:
        review = analyse(record, seat, rounds, progress=advance)
    if args.json:
        print(json.dumps({"file": str(args.file), **review.to_dict()}, ensure_ascii=False, indent=2))
    else:  # wrapped at words in a terminal (it broke "kos/tede" at 80 columns), one line each in a pipe
        from rich.console import Console
        from rich.text import Text

        console = Console(highlight=False, soft_wrap=not sys.stdout.isatty())
        for line in report(texts, review, args.top):
            console.print(Text(line))
    return 0


def describe(texts: Texts, challenge: Challenge) -> str:
    """The challenge in a line: its rules, players, deals and opponents."""
    variant = "" if challenge.variant == "standard" else f" ({texts(f'variant.{challenge.variant}')})"
    return (
        f"{texts.preset_name(challenge.preset)}{variant} · {texts('players.n', n=challenge.players)} · "
        f"{texts('challenge.deals', n=challenge.deals)} · {' · '.join(map(texts.level_name, challenge.opponents))}"
    )


def challenge_main(args: argparse.Namespace) -> int:
    """``hjerterfri challenge FILE|CODE``: a saved game's deals as a code (or a code read back), and with
    ``--par`` the par deal by deal (beside the player's own points, for a saved game)."""
    from .table.par import challenge_of, challenge_rules, par

    record: GameRecord | None = None
    text = args.source.strip()
    code = text.upper().startswith(PREFIX)
    if not code and not os.path.lexists(args.source):  # ("hej": the file could not be read, it said)
        raise ChallengeError(Message("challenge.neither", source=args.source))
    if not code or Path(args.source).exists():
        record = load(args.source)
        challenge = challenge_of(record)
    else:
        challenge = Challenge.parse(text)
    challenge_rules(challenge)  # a code whose rules cannot be played: one line now
    texts = Texts(language(args, challenge.preset), ascii_suits=args.ascii)
    mine = record.human_points() if record is not None else None  # a saved game's own points: on the same deals
    points = list(record.par) if record is not None and record.par is not None else None
    if args.par and points is None:
        with progress_bar(sys.stderr.isatty(), texts("challenge.par.working")) as advance:
            points = par(challenge, advance)
    if args.json:
        out = {"code": challenge.code, "challenge": _challenge_dict(challenge), "par": points, "scores": mine}
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(f"{texts('challenge.title', code=challenge.code)} · {describe(texts, challenge)}")
    print(texts("challenge.share", code=challenge.code))
    if points is not None:
        print()
        print(texts("challenge.par.what"))
        print(results_text(texts, mine, points))
    return 0


def _challenge_dict(challenge: Challenge) -> dict[str, object]:
    return {
        "preset": challenge.preset,
        "players": challenge.players,
        "variant": challenge.variant,
        "seed": challenge.seed,
        "deals": challenge.deals,
        "opponents": list(challenge.opponents),
        "human": challenge.human,
        "dealing": challenge.dealing,
    }


def results_text(texts: Texts, mine: list[int] | None, par: list[int]) -> str:
    """Deal by deal the player's points (when known) and the par, then the totals."""
    head = [texts("challenge.column.deal"), *([texts("challenge.column.you")] if mine is not None else [])]
    head.append(texts("challenge.column.par"))
    rows = [head]
    for i, p in enumerate(par):
        rows.append([str(i + 1), *([_at(mine, i)] if mine is not None else []), str(p)])
    width = [max(len(r[c]) for r in rows) for c in range(len(head))]
    lines = ["  ".join(cell.rjust(w) for cell, w in zip(row, width, strict=True)) for row in rows]
    if mine is not None and len(mine) == len(par):
        lines.append(texts.verdict(sum(mine), sum(par)))
    return "\n".join(lines)


def _at(xs: list[int], i: int) -> str:
    return str(xs[i]) if i < len(xs) else "-"
