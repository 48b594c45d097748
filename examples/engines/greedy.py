#!/usr/bin/env python3
"""A greedy engine for the mancala engine protocol (docs/ENGINE-PROTOCOL.md), standard library only.

In oware and kalah it plays the legal move that wins the most seeds at once (its own sowing
of those two games: captures of 2 and 3 in oware, the store and the capture opposite in
kalah), ties broken by the seed the manager sends with `go`; in any other variant it plays a
legal move drawn from that seed. It takes its legal moves from the manager's `legal` line, so
a move it plays is always legal even where its sowing is simpler than the rules.
"""
import random
import sys


def parse_board(text):
    """The two rows of two-row position text as one circuit: S1..SW, N1..NW; the mover; fields."""
    words = text.split()
    north, south = words[0].split("/")
    south = [int(x) for x in south.split(",")]
    north = [int(x) for x in north.split(",")][::-1]
    fields = dict(w.split("=", 1) for w in words[2:] if "=" in w)
    return south + north, words[1], fields


def gain(variant, pits, mover, move):
    """Seeds the mover wins at once with `move` (a pit number from his left)."""
    w = len(pits) // 2
    own = 0 if mover == "S" else w
    start = own + int(move) - 1
    seeds = pits[start]
    board = pits[:]
    board[start] = 0
    if variant == "kalah":
        # The circuit with the mover's store after his last pit; the opponent's store skipped.
        pos, won = start, 0
        while seeds:
            if pos == own + w - 1 and seeds:
                seeds -= 1
                won += 1
                if not seeds:
                    return won + 0.5  # an extra move is worth something
            pos = (pos + 1) % (2 * w)
            if seeds:
                board[pos] += 1
                seeds -= 1
        if own <= pos < own + w and board[pos] == 1:
            opposite = 2 * w - 1 - pos
            if board[opposite]:
                won += board[opposite] + 1
        return won
    pos = start
    while seeds:
        pos = (pos + 1) % (2 * w)
        if pos == start:
            continue  # oware skips the emptied pit
        board[pos] += 1
        seeds -= 1
    won = 0
    while not (own <= pos < own + w) and board[pos] in (2, 3):
        won += board[pos]
        pos = (pos - 1) % (2 * w)
    return won


def main():
    variant, board, legal = None, None, []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "mancala-protocol":
            print("id name greedy.py")
            print("id author the mancala project's examples")
            print("protocolok 1")
        elif cmd == "variant":
            variant = words[1]
        elif cmd == "isready":
            print("readyok")
        elif cmd == "board":
            board = line.split(None, 1)[1]
        elif cmd == "legal":
            legal = words[1:]
        elif cmd == "go":
            seed = int(words[words.index("seed") + 1]) if "seed" in words else 0
            rng = random.Random(seed)
            best = legal
            if variant in ("oware", "kalah") and board is not None:
                pits, mover, _ = parse_board(board)
                gains = {m: gain(variant, pits, mover, m) for m in legal}
                top = max(gains.values())
                best = [m for m in legal if gains[m] == top]
                print(f"info string gain {top}")
            print("bestmove " + rng.choice(best))
        elif cmd == "quit":
            return
        sys.stdout.flush()


if __name__ == "__main__":
    main()
