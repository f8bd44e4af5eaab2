"""Fit the weights of the learned model of strong play (``policy_model.py``) to recorded rounds.

The rounds (``svaer_games.py``'s JSON lines) are replayed through the engine; at each play with a choice
the model's features of every legal card are taken from the player's view, and the weights are fitted by
the likelihood of the card played (a softmax over the legal cards, with an L2 penalty), by Adam with
numpy. Every fifth round of each file is held out; the model's card is compared with the one played
there, beside ``middel``'s card, by kind of play.

    python benchmarks/policy_train.py games-1.jsonl games-2.jsonl [--out weights.json] [--l2 1e-3]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
from policy_model import SIZE, card_features
from svaer_games import read_rounds

from hjerterfri.bots.middel import rule_play
from hjerterfri.cards import CARDS, SUIT_MASKS
from hjerterfri.engine import Phase, Round
from hjerterfri.literal import printable
from hjerterfri.paths import write_atomic
from hjerterfri.rules import preset
from hjerterfri.view import PlayerView


class Decisions:
    """Plays with a choice: per decision its candidates' features and which was played."""

    def __init__(self) -> None:
        self.feat: list[int] = []  # feature index, per active feature
        self.cand: list[int] = []  # its candidate
        self.dec: list[int] = []  # per candidate, its decision
        self.chosen: list[int] = []  # per candidate, 1 if it was played
        self.kind: list[str] = []  # per decision
        self.middel: list[bool] = []  # per decision: middel's card is the one played
        self.n = 0

    def add(self, view: PlayerView, played: int) -> None:
        cards, features = card_features(view)
        for c, f in zip(cards, features, strict=True):
            m = len(self.dec)
            self.feat.extend(f)
            self.cand.extend([m] * len(f))
            self.dec.append(self.n)
            self.chosen.append(int(c == played))
        self.kind.append(kind(view))
        self.middel.append(rule_play(view) == played)
        self.n += 1


def kind(view: PlayerView) -> str:
    if not view.trick:
        return "lead"
    return "follow" if view.legal_mask & SUIT_MASKS[view.trick[0] // 13] else "discard"


def replay(record: dict[str, Any], out: Decisions) -> None:
    """Add the plays with a choice of a recorded round (``svaer_games.py``) to ``out``."""
    r = Round.deal(preset(record["preset"], record["players"]), record["seed"], record["number"])
    if r.phase is Phase.PASSING:
        for s, cards in enumerate(record["passes"]):
            r.pass_cards(s, [CARDS[c] for c in cards])
    for card in record["plays"]:
        view = r.view(r.turn)
        if view.legal_mask & (view.legal_mask - 1):
            out.add(view, card)
        r.play(CARDS[card], r.turn)


def fit(d: Decisions, l2: float, steps: int) -> np.ndarray:
    feat, cand = np.array(d.feat), np.array(d.cand)
    dec, chosen = np.array(d.dec), np.array(d.chosen, dtype=float)
    m = len(d.dec)
    w = np.zeros(SIZE)
    mom, var = np.zeros(SIZE), np.zeros(SIZE)
    for t in range(1, steps + 1):
        s = np.bincount(cand, weights=w[feat], minlength=m)
        top = np.full(d.n, -np.inf)
        np.maximum.at(top, dec, s)
        e = np.exp(s - top[dec])
        p = e / np.bincount(dec, weights=e, minlength=d.n)[dec]
        g = np.bincount(feat, weights=(p - chosen)[cand], minlength=SIZE) / d.n + l2 * w
        mom = 0.9 * mom + 0.1 * g
        var = 0.999 * var + 0.001 * g * g
        w -= 0.05 * (mom / (1 - 0.9**t)) / (np.sqrt(var / (1 - 0.999**t)) + 1e-8)
    return w


def agreement(d: Decisions, w: np.ndarray) -> tuple[Counter[str], Counter[str], Counter[str], float]:
    feat, cand, dec = np.array(d.feat), np.array(d.cand), np.array(d.dec)
    s = np.bincount(cand, weights=w[feat], minlength=len(d.dec))
    best = np.full(d.n, -np.inf)
    np.maximum.at(best, dec, s)
    top = np.full(d.n, -1)
    for i in range(len(d.dec)):  # the first candidate (the lowest card) of the best score, as policy_play
        if top[dec[i]] < 0 and s[i] == best[dec[i]]:
            top[dec[i]] = i
    e = np.exp(s - best[dec])
    p = e / np.bincount(dec, weights=e, minlength=d.n)[dec]
    loss = -float(np.sum(np.log(p[np.array(d.chosen) == 1]))) / d.n
    model: Counter[str] = Counter()
    middel: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for i in range(d.n):
        k = d.kind[i]
        total[k] += 1
        model[k] += d.chosen[top[i]]
        middel[k] += d.middel[i]
    return model, middel, total, loss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", type=Path)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--steps", type=int, default=600)
    args = parser.parse_args()
    train, test = Decisions(), Decisions()
    for path in args.games:
        try:
            records = read_rounds(path)
        except ValueError as e:
            sys.exit(printable(f"policy_train: {e}"))
        for i, record in enumerate(records):
            try:
                replay(record, test if i % 5 == 4 else train)
            except (ValueError, KeyError, TypeError) as e:  # not a round svaer_games.py wrote
                sys.exit(printable(f"policy_train: {path}, line {i + 1}: {e!r}"))
    if not train.n or not test.n:
        sys.exit("policy_train: too few recorded rounds to fit and hold out (five or more)")
    w = fit(train, args.l2, args.steps)
    for name, d in (("train", train), ("held out", test)):
        model, middel, total, loss = agreement(d, w)
        print(f"{name}: {d.n} decisions, log-loss {loss:.3f}")
        for k in ("lead", "follow", "discard"):
            if total[k]:
                print(f"  {k:8} model {model[k] / total[k]:6.1%}   middel {middel[k] / total[k]:6.1%}   ({total[k]})")
        print(f"  {'plays':8} model {sum(model.values()) / d.n:6.1%}   middel {sum(middel.values()) / d.n:6.1%}")
    if args.out:
        try:
            write_atomic(args.out, json.dumps([round(float(x), 4) for x in w]) + "\n")
        except OSError as e:
            sys.exit(printable(f"policy_train: {args.out}: {e.strerror}"))


if __name__ == "__main__":
    main()
