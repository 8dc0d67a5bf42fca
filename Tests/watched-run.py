#!/usr/bin/env python3
"""Runs a test command (`swift test`), passing its output through, and stops it when it runs past a
limit, saying which tests had started and not ended and what they left running: a test that waited
forever once ran the CI out of its 90 minutes with nothing in its log to say which.

    watched-run.py MINUTES COMMAND [ARGUMENT...]

Exits with the command's status, or 1 when it was stopped.
"""
import collections
import os
import re
import signal
import subprocess
import sys
import threading

# Swift Testing's console lines: "◇ Test name() started." and "✔ Test name() passed after 1.2 seconds.",
# "✘ Test name() failed after …", "✔ Test name(kind:) with 2 test cases passed after …". A test's
# cases ("◇ Test case passing 1 argument … started.") say when they start, not when they end.
STARTED = re.compile(r"^◇ (Test|Suite) (?!case passing )(.+) started\.$")
ENDED = re.compile(r"^[✔✘➜] (Test|Suite) (.+?)(?: with \d+ test cases?)? (?:passed|failed|skipped)")


def descendants(root):
    """The processes `root` started, and theirs (from /proc), `root` first."""
    children = collections.defaultdict(list)
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                # "pid (command) state ppid …": the command may hold spaces and parentheses.
                children[int(stat.read().rsplit(")", 1)[1].split()[1])].append(int(entry))
        except (OSError, ValueError, IndexError):
            pass
    found, waiting = [], [root]
    while waiting:
        pid = waiting.pop()
        found.append(pid)
        waiting += children[pid]
    return found


def main():
    minutes, command = float(sys.argv[1]), sys.argv[2:]
    running = collections.Counter()
    # A group of its own, stopped whole: the test runner, and what the tests started.
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, process_group=0)
    for ending in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        # Ctrl-C reaches this program's group alone: passed on.
        signal.signal(ending, lambda number, _: os.killpg(child.pid, number))

    def stop():
        lines = [f"error: the tests ran past {minutes:g} minutes and were stopped; still running:"]
        lines += [f"  {kind} {name}" + (f" ({count}×)" if count > 1 else "")
                  for (kind, name), count in sorted(running.items()) if count > 0]
        lines.append("what they left running:")
        pids = ",".join(map(str, descendants(child.pid)))
        tree = subprocess.run(["ps", "-o", "pid,stat,etimes,wchan:24,args", "--forest", "-p", pids],
                              capture_output=True, text=True).stdout
        lines += ["  " + line[:200] for line in tree.splitlines()]
        print("\n".join(lines), flush=True)
        os.killpg(child.pid, signal.SIGKILL)
        # Not waiting for the output's end: a process that left the group may hold it open.
        os._exit(1)

    timer = threading.Timer(minutes * 60, stop)
    timer.daemon = True
    timer.start()
    for raw in child.stdout:
        sys.stdout.buffer.write(raw)
        sys.stdout.buffer.flush()
        line = raw.decode("utf-8", "replace").rstrip("\n")
        if match := STARTED.match(line):
            running[match.groups()] += 1
        elif match := ENDED.match(line):
            running[match.groups()] -= 1
    status = child.wait()
    timer.cancel()
    sys.exit(status if status >= 0 else 128 - status)


if __name__ == "__main__":
    main()
