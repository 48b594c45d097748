#!/usr/bin/env python3
"""A test engine for the mancala engine protocol that misbehaves on purpose, to exercise the
manager's verdicts (docs/ENGINE-PROTOCOL.md, "Faults"). Standard library only.

    misbehave.py MODE [GOOD]

It plays GOOD moves well (default 0: the first legal move each time), then misbehaves:

    slow      sleeps 30 s before answering `go` (a move over its time: killed, lost on time)
    illegal   answers a move that is not legal ("bestmove 99")
    garbage   writes noise lines, then a move that is no move name ("bestmove ~~garbage~~")
    crash     writes two lines on stderr and exits with status 3
    silent    reads on and never answers again
    closed    closes its output and sleeps 30 s (a closed pipe)
    noinput   closes its input, then answers its move and sleeps 30 s (a closed pipe the
              manager finds when it writes the next request)
    binary    answers a line that is not UTF-8 (a protocol fault)
    flood     writes `info` lines without end and never a move (lost on time)
    long      answers a line of 70,000 bytes (a protocol fault)
    twice     answers each `go` with two moves, the second one illegal ("bestmove 99"): the
              manager takes the first and drops the second, so the engine never faults
    nomove    answers "bestmove" without a move (a protocol fault)
    forked    starts a child process that sleeps 300 s (its id in the file named by the
              MISBEHAVE_PID_FILE environment variable), then never answers: both must be
              killed
    hang      never answers the handshake (a start that fails)
    oldproto  answers the handshake with protocol version 99
    exitchild starts a child process that sleeps 300 s and holds the engine's output, then
              exits with status 4 (a crash, whoever holds the pipe)

These modes play the first legal move every time and misbehave otherwise:

    sleeper   starts a child process that sleeps 300 s at the handshake
    setsid    starts a child process that sleeps 300 s in a session of its own (out of the
              engine's process group) at the handshake
    deaf      ignores `quit` and SIGTERM: only SIGKILL ends it

The modes that start processes write their ids, one a line, to the file named by the
MISBEHAVE_PID_FILE environment variable (the engine's own id too in the last four modes).
"""
import os
import signal
import subprocess
import sys
import time

MODES = ("slow", "illegal", "garbage", "crash", "silent", "closed", "noinput", "binary",
         "flood", "long", "twice", "nomove", "forked", "hang", "oldproto", "exitchild",
         "sleeper", "setsid", "deaf")
# The modes that play the first legal move every time.
PLAYING = ("sleeper", "setsid", "deaf")


def record(pid):
    """Appends `pid` to the file MISBEHAVE_PID_FILE names, if any."""
    path = os.environ.get("MISBEHAVE_PID_FILE")
    if path:
        with open(path, "a") as f:
            f.write(f"{pid}\n")


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def misbehave(mode, legal):
    """Does what `mode` says instead of answering `go`."""
    if mode == "slow":
        time.sleep(30)
        say("bestmove 1")
    elif mode == "illegal":
        say("bestmove 99")
    elif mode == "garbage":
        say("\x1b[31m!!! not a command")
        say("info string about to answer")
        say("bestmove ~~garbage~~")
    elif mode == "crash":
        sys.stderr.write("misbehave: about to crash\n")
        sys.stderr.write("Traceback (most recent call last): deliberate\n")
        sys.stderr.flush()
        os._exit(3)
    elif mode == "silent":
        return
    elif mode == "closed":
        sys.stdout.close()
        os.close(1)
        time.sleep(30)
        os._exit(0)
    elif mode == "noinput":
        os.close(0)
        say("bestmove " + legal[0])
        time.sleep(30)
        os._exit(0)
    elif mode == "binary":
        sys.stdout.buffer.write(b"bestmove \xff\xfe\n")
        sys.stdout.flush()
    elif mode == "flood":
        while True:
            say("info string " + "x" * 1000)
    elif mode == "twice":
        say("bestmove " + legal[0])
        say("bestmove 99")
    elif mode == "long":
        say("bestmove " + "x" * 70000)
    elif mode == "nomove":
        say("bestmove")
    elif mode == "forked":
        child = subprocess.Popen(["sleep", "300"])
        record(child.pid)
        time.sleep(300)
    elif mode == "exitchild":
        child = subprocess.Popen(["sleep", "300"])
        record(os.getpid())
        record(child.pid)
        os._exit(4)


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in MODES:
        sys.stderr.write("usage: misbehave.py " + "|".join(MODES) + " [GOOD]\n")
        return 2
    mode = sys.argv[1]
    good = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    if mode == "deaf":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    legal = []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "mancala-protocol":
            if mode == "hang":
                time.sleep(300)
            if mode in PLAYING:
                record(os.getpid())
                child = subprocess.Popen(["sleep", "300"], start_new_session=mode == "setsid")
                record(child.pid)
            say("id name misbehave.py " + mode)
            say("protocolok " + ("99" if mode == "oldproto" else "1"))
        elif words[0] == "isready":
            say("readyok")
        elif words[0] == "legal":
            legal = words[1:]
        elif words[0] == "go":
            if mode in PLAYING or good > 0:
                good -= 1
                say("bestmove " + legal[0])
            else:
                misbehave(mode, legal)
        elif words[0] == "quit":
            if mode == "deaf":
                time.sleep(300)
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
