"""A Hearts bot in plain Python (standard library only) that plays hjerterfri over the bot protocol.

It reads one JSON object per line on standard input and answers on standard output
(docs/bot-protocol.md). Play against it, or measure it in the arena:

    hjerterfri --bots "exec:python3 examples/ducking_bot.py"
    hjerterfri arena --seats "exec:python3 examples/ducking_bot.py,middel,middel,middel" --deals 100

How it plays: it passes the queen, ace and king of spades (unless it holds enough low spades to
guard the queen), then its highest hearts, then the highest cards of its shortest side suits. It
leads spades below the queen while she is still to come and it holds no spade above the jack (to flush her
out), else its lowest card that is no heart nor a high spade. Following suit it plays the highest
card that still loses the trick, and when it must win anyway, its highest (but not the queen, nor
the ace or king of spades before she has fallen, unless it plays last). When it cannot follow it throws
the queen of spades, then the ace and king of spades, then its highest heart, then its highest card.
Anything it writes to standard error goes to a file, never to the screen.
"""

import json
import sys

PROTOCOL = "hjerterfri-bot"
VERSION = 1
RANKS = "23456789TJQKA"
QUEEN = "QS"


def rank(card):
    return RANKS.index(card[0]) + 2


def suit(card):
    return card[-1]


def points(card):
    return 1 if suit(card) == "H" else 13 if card == QUEEN else 0


def choose_pass(view):
    hand = view["hand"]
    count = view["rules"]["pass_count"]
    low_spades = [c for c in hand if suit(c) == "S" and rank(c) < 12]
    guarded = len(low_spades) >= 4  # enough low spades to keep the queen safe
    lengths = {s: sum(1 for c in hand if suit(c) == s) for s in "CDHS"}

    def danger(card):
        r = rank(card)
        if suit(card) == "S" and r >= 12:
            return 100 + r if not guarded else r
        if suit(card) == "H":
            return 40 + r if r >= 10 else r
        return r + 20 - 4 * lengths[suit(card)]  # short side suits first: a void to throw on

    return sorted(hand, key=danger, reverse=True)[:count]


def trick_winner(trick):
    """The card that wins the trick so far: the highest of the suit led."""
    led = suit(trick[0])
    return max((c for c in trick if suit(c) == led), key=rank)


def choose_play(view):
    legal = view["legal"]
    trick = view["trick"]["cards"]
    played = {c for t in view["tricks"] for c in t["cards"]} | set(trick)
    if not trick:  # leading
        hand = view["hand"]
        high_spades = {"QS", "KS", "AS"} & set(hand)
        low_spades = [c for c in legal if suit(c) == "S" and rank(c) < 12]
        if QUEEN not in played and not high_spades and low_spades:
            return max(low_spades, key=rank)  # flush the queen out while it cannot fall on us
        safe = [c for c in legal if not (suit(c) == "S" and rank(c) >= 12 and QUEEN not in played)]
        side = [c for c in safe if suit(c) != "H"] or safe or legal
        return min(side, key=rank)
    led = suit(trick[0])
    following = [c for c in legal if suit(c) == led]
    if following:
        best = rank(trick_winner(trick))
        under = [c for c in following if rank(c) < best]
        if QUEEN in under:
            return QUEEN
        if under:
            return max(under, key=rank)
        # It takes the trick anyway: with its highest card, but not the queen, nor a spade above her
        # that someone could put her on.
        last = len(trick) == view["rules"]["players"] - 1
        risky = {QUEEN} if last or QUEEN in played else {QUEEN, "KS", "AS"}
        return max((c for c in following if c not in risky), key=rank, default=min(following, key=rank))
    for wanted in (QUEEN, "AS", "KS"):
        if wanted in legal:
            return wanted
    hearts = [c for c in legal if suit(c) == "H"]
    return max(hearts or legal, key=rank)


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    hello = json.loads(sys.stdin.readline() or "{}")
    if hello.get("protocol") != PROTOCOL or hello.get("version") != VERSION:
        print(f"ducking_bot: this bot speaks {PROTOCOL} {VERSION}, not {hello!r}", file=sys.stderr)
        return 2
    send({"type": "hello", "protocol": PROTOCOL, "version": VERSION, "name": "ducking bot"})
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "bye":
            return 0
        if kind not in ("pass", "play"):
            send({"type": "error", "id": message.get("id"), "message": f"unknown request {kind!r}"})
            continue
        view = message["view"]
        cards = choose_pass(view) if kind == "pass" else [choose_play(view)]
        send({"type": kind, "id": message["id"], "cards": cards})
    return 0


if __name__ == "__main__":
    sys.exit(main())
