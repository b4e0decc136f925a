#!/usr/bin/env python3
"""A small Phantom Go engine speaking docs/engine-protocol.md: it tries uniformly random points
that are empty in its own view and not yet tried this turn.

--mode lets the tests make it misbehave: silent (never answers genmove), garbage (answers
genmove with nonsense), repeat (tries the same point again after a rejection), exit (quits at
the first genmove)."""
import random
import sys

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def vertex(p, size):
    return LETTERS[p % size] + str(p // size + 1)


def parse(v, size):
    v = v.upper()
    return (int(v[1:]) - 1) * size + LETTERS.index(v[0])


def main():
    mode = "normal"
    if len(sys.argv) > 2 and sys.argv[1] == "--mode":
        mode = sys.argv[2]
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else None)
    size = 9
    own = set()
    seen = set()
    tried = []
    last = None
    for line in sys.stdin:
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0].isdigit():
            words = words[1:]
        cmd, args = words[0], words[1:]
        answer = ""
        if cmd == "quit":
            print("=\n", flush=True)
            return
        elif cmd == "protocol_version":
            answer = "2"
        elif cmd == "name":
            answer = "random_engine.py"
        elif cmd == "boardsize":
            size = int(args[0])
        elif cmd == "clear_board":
            own, seen, tried, last = set(), set(), [], None
        elif cmd == "set_free_handicap":
            seen.update(parse(v, size) for v in args)  # public stones: never tried
        elif cmd == "genmove":
            if mode == "silent":
                continue  # never answers
            if mode == "exit":
                return
            if mode == "garbage":
                print("= banana\n", flush=True)
                continue
            if mode == "repeat" and tried:
                answer = vertex(tried[0], size)
            else:
                free = [p for p in range(size * size)
                        if p not in own and p not in seen and p not in tried]
                if not free:
                    answer = "pass"
                else:
                    last = rng.choice(free)
                    tried.append(last)
                    answer = vertex(last, size)
        elif cmd == "phantom_result":
            if args[0] == "legal":
                own.add(last)
                tried = []
                for v in args[1:]:
                    seen.discard(parse(v, size))
        elif cmd == "phantom_moved":
            for v in args[1:]:
                own.discard(parse(v, size))
        elif cmd in ("komi", "phantom_rejected", "phantom_passed", "phantom_topology",
                     "phantom_ko", "phantom_atari", "phantom_game_over"):
            pass
        else:
            print("? unknown command\n", flush=True)
            continue
        print("= " + answer + "\n", flush=True)


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        pass  # the referee closed the pipe after `quit`
