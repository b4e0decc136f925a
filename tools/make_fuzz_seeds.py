#!/usr/bin/env python3
"""Writes the hand-made seeds of fuzz/corpus/<target>/ (run once; libFuzzer adds its own).

The inputs are read with libFuzzer's FuzzedDataProvider: integers come from the end of the
input, strings from the front (a backslash followed by another character ends a string)."""
import os
import random
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz", "corpus")


class Fdp:
    def __init__(self):
        self.front = bytearray()
        self.back = []  # in consumption order

    def byte(self, v):
        self.back.append(v & 0xFF)
        return self

    def string(self, s):
        b = s.encode() if isinstance(s, str) else s
        self.front += b.replace(b"\\", b"\\\\") + b"\\n"
        return self

    def rest(self, s):
        self.front += s.encode() if isinstance(s, str) else s
        return self

    def bytes(self):
        return bytes(self.front) + bytes(reversed(self.back))


def write(target, name, data):
    d = os.path.join(ROOT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def main():
    rng = random.Random(6)
    # Referee: setups and input streams of several lengths.
    for i in range(24):
        n = [8, 40, 200, 800][i % 4]
        write("fuzz_referee", f"seed-{i:02d}", bytes(rng.randrange(256) for _ in range(n)))
    # SGF: round trips (even first byte) and texts for the reader (odd first byte).
    for i in range(12):
        n = [30, 150, 600][i % 3]
        write("fuzz_sgf", f"roundtrip-{i:02d}", bytes([0]) + bytes(rng.randrange(256) for _ in range(n)))
    texts = [
        "(;FF[4]GM[1]SZ[9]KM[7.5]RU[Chinese]PB[A\\]b]PW[W]RE[W+R]\n;B[ee]C[rejected: D4];W[]\n;C[Black resigned.])",
        "(;FF[4]GM[1]SZ[9]HA[2]AB[cg][gc]PL[W];W[dd](;B[ff];W[])(;B[aa]))",
        "(;SZ[19];B[tt];W[pd])(;SZ[5];B[aa])",
        "(;GM[1]SZ[25];B[yy])",
        "(;FF[4]C[soft\\\nbreak]SZ[5];B[])",
        "((;", "(;B[aa", "(;SZ[0])", "(;SZ[5];B[zz])", "(;B[aa]W[bb])",
    ]
    for i, t in enumerate(texts):
        write("fuzz_sgf", f"text-{i:02d}", b"\x01" + t.encode())
    # WebSocket handler: random streams, and a scripted game.
    for i in range(16):
        n = [20, 80, 300, 1200][i % 4]
        write("fuzz_ws", f"seed-{i:02d}", bytes(rng.randrange(256) for _ in range(n)))
    script = Fdp().byte(0)  # online 7x7
    for who in (0, 1, 2, 3):
        script.byte(who | (1 << 2)).byte(0)  # join, no last_version
    script.rest("")
    write("fuzz_ws", "joins", script.bytes())
    raw = Fdp().byte(2)  # online 5x5
    for who, text in [(0, '{"type":"join","table":"$T","token":"$B"}'),
                      (1, '{"type":"join","table":"$T","token":"$W"}'),
                      (2, '{"type":"join","table":"$T","watch":true}'),
                      (3, '{"type":"join","table":"$T","token":"$Y"}'),
                      (0, '{"type":"try","point":"C3"}'), (1, '{"type":"try","point":"C3"}'),
                      (1, '{"type":"try","point":"B2"}'), (0, '{"type":"mark","point":"D4","set":true}'),
                      (0, '{"type":"pass"}'), (1, '{"type":"pass"}'), (2, '{"type":"try","point":"A1"}'),
                      (3, '{"type":"join","table":"$X","token":"$Y"}'), (0, '[1,2'), (1, '{"type":7}')]:
        raw.byte(who).string(text)
    write("fuzz_ws", "raw-game", raw.bytes())
    # HTTP router: every endpoint with each method.
    reqs = [("GET", "/healthz", ""), ("GET", "/api/info", ""), ("POST", "/api/tables", '{"rules":{"size":5}}'),
            ("POST", "/api/tables", '{"mode":"hotseat","clock":{"main_seconds":60,"increment_seconds":1}}'),
            ("POST", "/api/tables", "{bad"), ("GET", "/api/tables/$T", ""), ("GET", "/api/games/$T", ""),
            ("GET", "/api/games/$T/sgf", ""), ("GET", "/api/games/$F", ""), ("GET", "/api/games/$F/sgf", ""),
            ("GET", "/", ""), ("GET", "/app.js?x=1", ""), ("GET", "/sub/a.css", ""),
            ("GET", "/../secret.txt", ""), ("GET", "/%2e%2e/secret.txt", ""), ("GET", "/sub/../../secret.txt", ""),
            ("DELETE", "/api/tables/$T", ""), ("HEAD", "/index.html", ""), ("PUT", "/x", "y")]
    methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]
    for i, (m, t, body) in enumerate(reqs):
        f = Fdp().byte(1).byte(methods.index(m)).string(t).string("localhost:8080").rest(body)
        write("fuzz_http", f"req-{i:02d}", f.bytes())


if __name__ == "__main__":
    sys.exit(main())
