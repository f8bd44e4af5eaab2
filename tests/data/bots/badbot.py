"""A bot program for the tests, standard library only: it speaks the bot protocol, then misbehaves as told.

    python badbot.py MODE

MODE: ok (plays its lowest legal card, passes its first cards), hang (never answers a play),
crash (exits at the first play), junk (answers a play with a line that is no JSON), wrong (plays a card
it does not hold), raise (reports an error for every play), noisy (writes to stderr, then plays ok),
silent (never says hello), slowstart (takes 1.5 s to say hello, then plays ok).
"""

import json
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "ok"


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    hello = json.loads(sys.stdin.readline())
    if MODE == "silent":
        time.sleep(3600)
    if MODE == "slowstart":
        time.sleep(1.5)
    send({"type": "hello", "protocol": hello["protocol"], "version": hello["version"], "name": f"badbot {MODE}"})
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "bye":
            return
        view = message["view"]
        if kind == "pass":
            count = view["rules"]["pass_count"]
            send({"type": "pass", "id": message["id"], "cards": view["hand"][:count]})
            continue
        if MODE == "hang":
            time.sleep(3600)
        if MODE == "crash":
            sys.exit(3)
        if MODE == "junk":
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
            continue
        if MODE == "raise":
            send({"type": "error", "id": message["id"], "message": "ValueError: no idea"})
            continue
        if MODE == "noisy":
            print("thinking hard", file=sys.stderr)
        missing = [c for c in ("AS", "KS", "QS", "AH") if c not in view["hand"]]
        card = missing[0] if MODE == "wrong" else view["legal"][0]
        send({"type": "play", "id": message["id"], "cards": [card]})


main()
