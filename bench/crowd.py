#!/usr/bin/env python3
"""How soon twenty open `tasks` prompts show a list six writers changed at once.

Opens PROMPTS prompts on one store in tmux (60x10 terminals, one tmux server), then runs at once
4 loops of 250 one-shot `tasks --quiet add` and 2 piped scripts of 5,000 adds, and looks at every
prompt (one tmux run captures every pane) until each shows the final list: its window counts
11,000 tasks. A writer SQLite found busy (its 5 s wait outlasted; nothing was changed) runs
again, as a person would. `make bench` calls `measure()` for SQLite (bench.py) and for the shared
list (bench_postgres.py). Usage: crowd.py TASKS_BINARY [DB] (DB: an SQLite file, a new one by
default, or a PostgreSQL connection string naming a host).
"""
import re, subprocess, sys, threading, time

from sandbox import Sandbox

PROMPTS = 20
LOOPS, ADDS_PER_LOOP = 4, 250
SCRIPTS, LINES_PER_SCRIPT = 2, 5_000
TOTAL = LOOPS * ADDS_PER_LOOP + SCRIPTS * LINES_PER_SCRIPT
MARKER = "@@pane@@"
PROMPT = "tasks>"  # the bare prompt, its trailing space dropped
BUSY = re.compile(r" is busy: another process held it for over .*; nothing was changed\n$")


def measure(binary, db=None):
    """Returns a dict: `delays` (seconds from the last writer's exit to each prompt's first look
    showing the final list, at the latest), `look` (seconds one look at every prompt took, the
    figures' precision), `failures` (what the writers printed or how they failed), `writers`
    (seconds from the first writer's start to the last one's exit)."""
    sandbox = Sandbox(binary, db, "crowd")
    tmux = sandbox.tmux

    def tasks(args, script=None):
        for _ in range(5):
            run = subprocess.run([sandbox.binary, "--db", sandbox.db, *args], env=sandbox.env, input=script,
                                 capture_output=True, text=True)
            if not (run.returncode == 1 and BUSY.search(run.stderr)):
                break
        return run

    def screens():
        commands = []
        for index in range(PROMPTS):
            commands += ["display-message", "-p", "-t", f"p{index}", MARKER, ";",
                         "capture-pane", "-p", "-t", f"p{index}", ";"]
        found = []
        for line in tmux(*commands[:-1]).split("\n"):
            if line == MARKER:
                found.append([])
            elif found:
                found[-1].append(line)
        return [[line.rstrip() for line in screen if line.strip()] for screen in found]

    tasks(["--quiet", "list"])  # the store made before the prompts
    result = {"failures": []}
    try:
        for index in range(PROMPTS):
            sandbox.prompt(f"p{index}", 60, 10)
        wait_for_each(screens, lambda screen: screen[-1:] == [PROMPT], 60)

        exits, lock = [], threading.Lock()

        def loop(number):
            for add in range(1, ADDS_PER_LOOP + 1):
                run = tasks(["--quiet", "add", f"loop {number} add {add}"])
                if run.returncode or run.stdout or run.stderr:
                    result["failures"].append(f"loop {number} add {add}: {run.stderr.strip()}")
            with lock:
                exits.append(time.monotonic())

        def script(number):
            lines = "".join(f"add script {number} line {line}\n" for line in range(1, LINES_PER_SCRIPT + 1))
            run = tasks(["--quiet"], lines)
            if run.returncode or run.stdout or run.stderr:
                result["failures"].append(f"script {number}: {run.stderr.strip()}")
            with lock:
                exits.append(time.monotonic())

        writers = [threading.Thread(target=loop, args=(n,)) for n in range(1, LOOPS + 1)]
        writers += [threading.Thread(target=script, args=(n,)) for n in range(1, SCRIPTS + 1)]
        started = time.monotonic()
        for writer in writers:
            writer.start()
        for writer in writers:
            writer.join()
        last_exit = max(exits)
        result["writers"] = last_exit - started
        shown, looks = wait_for_each(screens, lambda screen: window_count(screen) == TOTAL, 120)
        result["delays"] = [moment - last_exit for moment in shown]
        result["look"] = looks
        return result
    finally:
        sandbox.close()


def wait_for_each(screens, condition, limit):
    """Looks at every prompt until each has shown a screen for which `condition` holds; returns for
    each the moment of the first look that found it, and the longest a look took."""
    deadline = time.monotonic() + limit
    found = [None] * PROMPTS
    longest = 0.0
    while True:
        before = time.monotonic()
        shown = screens()
        look = time.monotonic()
        longest = max(longest, look - before)
        for index, screen in enumerate(shown):
            if found[index] is None and condition(screen):
                found[index] = look
        if all(moment is not None for moment in found):
            return found, longest
        if look > deadline:
            waiting = [index for index, moment in enumerate(found) if moment is None]
            sys.exit(f"{len(waiting)} of {PROMPTS} prompts never showed it; prompt {waiting[0]}:\n"
                     + "\n".join(shown[waiting[0]]))
        time.sleep(0.05)


def window_count(screen):
    """How many tasks the window at the bottom of a prompt's screen counts (`… N tasks above`, its
    rows, `… N tasks below`), or None."""
    lines = screen[:-1] if screen[-1:] == [PROMPT] else None
    if not lines:
        return None
    below = 0
    match = re.fullmatch(r"… (\d+) tasks? below", lines[-1])
    if match:
        below = int(match.group(1))
        lines = lines[:-1]
    rows = 0
    while lines and re.fullmatch(r" *\d+   .*", lines[-1]):
        rows += 1
        lines = lines[:-1]
    match = re.fullmatch(r"… (\d+) tasks? above; `ls` shows all", lines[-1]) if lines else None
    return int(match.group(1)) + rows + below if match and rows else None


def table_rows(result, store):
    """`make bench`'s rows for `result` (figure, value, target, ok, ratio), `store` naming the backend."""
    delays = sorted(result["delays"])
    slowest = delays[-1]
    return [
        (f"{PROMPTS} prompts ({store}) while 6 writers add {TOTAL:,}: the last shows all, after the last exit",
         f"{slowest * 1000:.0f} ms", "<= 2000 ms, nothing lost", slowest <= 2 and not result["failures"], None),
        (f"  the first of them; a look at all {PROMPTS} took at most", f"{delays[0] * 1000:.0f} ms; "
         f"{result['look'] * 1000:.0f} ms", "", None, None),
    ]


if __name__ == "__main__":
    found = measure(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
    print(f"writers: {found['writers']:.1f} s; failures: {found['failures'] or 'none'}")
    print("after the last writer's exit (s): " + ", ".join(f"{d:.2f}" for d in sorted(found["delays"])))
    print(f"one look at every prompt took at most {found['look'] * 1000:.0f} ms")
