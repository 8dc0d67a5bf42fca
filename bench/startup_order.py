#!/usr/bin/env python3
"""`make startup-order`: writes bench/startup-order.txt, the functions the usual commands run.

The release link (the Makefile's RELEASE_FLAGS) hands that file to lld as its symbol ordering, so
those functions sit side by side at the start of the executable's code. Unordered, they were spread
over its 32 MB of code (Swift's runtime and Foundation, GRDB, SQLite, the sync's libraries), and
the kernel maps a file's pages 64 KB at a time around each page touched: a one-shot `list` of
10,000 tasks held 22 MB, 12 MB of it code it never ran. Names that no longer exist are skipped by
the linker, so a stale file costs memory, never correctness: run this again after large changes.

Each command runs once under valgrind's callgrind, which names every function executed.
Usage: startup_order.py TASKS_BINARY OUTPUT
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

TASKS, OUTPUT = sys.argv[1], sys.argv[2]

# What people run most: the prompt's commands piped in, and the one-shot commands from a shell.
SCRIPT = "".join(f"add Task number {i} +home due:2026-12-0{i % 9 + 1}\n" for i in range(200)) + \
         "done 3\nfav 4\nmv 5 1\nedit 6 Call Anna\nrm 7\nundo\nfind Anna\n"
ONE_SHOT = [["--version"], ["list"], ["--quiet", "list"], ["add", "Buy milk"], ["done", "2"],
            ["fav", "2"], ["rm", "2"], ["undo"], ["help"]]


def executed(arguments, work, stdin=None):
    """The names of the functions one run of `tasks ARGUMENTS` executes."""
    out = os.path.join(work, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}",
                    binary] + arguments, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    names = set()
    with open(out) as f:
        for line in f:
            # callgrind names a function once, with its number: "fn=(12) name" (cfn= for callees).
            match = re.match(r"c?fn=\(\d+\) (.+)", line)
            if match:
                name = re.sub(r"'\d+$", "", match.group(1).strip())  # recursion depth suffix
                if not name.startswith(("(", "0x")):
                    names.add(name)
    return names


with tempfile.TemporaryDirectory(prefix="tasks-order-") as work:
    # valgrind cannot read the debug information of the release build: run a copy without it.
    binary = os.path.join(work, "tasks")
    subprocess.run(["strip", "--strip-debug", "-o", binary, TASKS], check=True)
    store = os.path.join(work, "s.sqlite")
    runs = [executed(["--db", store, "--quiet"], work, stdin=SCRIPT)]
    runs += [executed(["--db", store] + arguments, work) for arguments in ONE_SHOT]

# What every command runs first, then what fewer of them do: each command's code lies closer together.
uses = collections.Counter(name for names in runs for name in names)
with open(OUTPUT, "w") as f:
    f.write("".join(name + "\n" for name in sorted(uses, key=lambda name: (-uses[name], name))))
print(f"{OUTPUT}: {len(uses)} functions", file=sys.stderr)
