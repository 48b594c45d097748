"""External engines (`mancala.engine("cmd:...")`) end with the move, on Ctrl-C, and with a
Python process that is killed: no process they started is left (docs/ENGINE-PROTOCOL.md,
"When the manager ends"). Linux only: the processes are looked for in /proc."""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import mancala

MISBEHAVE = Path(__file__).resolve().parents[2] / "examples" / "engines" / "misbehave.py"

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="processes are looked for in /proc"
)


def alive(pid):
    """True while `pid` runs (a zombie waiting for its parent does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return False
    return not stat.rsplit(")", 1)[1].split()[0] == "Z"


def recorded(path):
    """The process ids misbehave.py wrote to `path`."""
    try:
        return [int(line) for line in path.read_text().split()]
    except FileNotFoundError:
        return []


def left_after(pids, seconds):
    """The processes of `pids` still running after `seconds` (none once all have ended)."""
    until = time.monotonic() + seconds
    while any(alive(p) for p in pids) and time.monotonic() < until:
        time.sleep(0.02)
    return [p for p in pids if alive(p)]


@pytest.fixture
def pid_file(tmp_path, monkeypatch):
    path = tmp_path / "pids"
    monkeypatch.setenv("MISBEHAVE_PID_FILE", str(path))
    return path


def test_an_engine_and_its_children_end_with_the_move(pid_file):
    s = mancala.Game("kalah", width=3, seeds=2).start()
    # A child in the engine's group and one in a session of its own.
    for mode in ["sleeper", "setsid"]:
        e = mancala.engine(f"cmd[time=5000]:python3 {MISBEHAVE} {mode}")
        assert e.move(s) in s.moves()
    pids = recorded(pid_file)
    assert len(pids) == 4
    assert left_after(pids, 0.1) == []


def test_an_interrupted_move_ends_the_engine_and_its_children(pid_file):
    s = mancala.Game("kalah", width=3, seeds=2).start()
    # It starts a child and never answers: only Ctrl-C ends the move.
    e = mancala.engine(f"cmd[time=60000]:python3 {MISBEHAVE} forked")

    def interrupt():
        until = time.monotonic() + 20
        while not recorded(pid_file) and time.monotonic() < until:
            time.sleep(0.02)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt, daemon=True).start()
    t = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        e.move(s)
    assert time.monotonic() - t < 20
    pids = recorded(pid_file)
    assert len(pids) == 1
    assert left_after(pids, 2) == []


def test_a_killed_python_takes_its_engines_along(pid_file):
    script = (
        "import mancala\n"
        "s = mancala.Game('kalah', width=3, seeds=2).start()\n"
        f"mancala.engine('cmd[time=60000]:python3 {MISBEHAVE} forked').move(s)\n"
    )
    p = subprocess.Popen([sys.executable, "-c", script])
    try:
        until = time.monotonic() + 20
        while not recorded(pid_file) and time.monotonic() < until:
            time.sleep(0.02)
        # Once the manager has found the engine's descendants.
        time.sleep(0.3)
    finally:
        p.kill()
        p.wait()
    pids = recorded(pid_file)
    assert len(pids) == 1
    assert left_after(pids, 2) == []
