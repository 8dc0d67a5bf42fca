#!/usr/bin/env python3
"""`make bench`, the shared list: times `tasks` on a 10,000-task list on a private PostgreSQL server
(over its Unix socket) against psql doing the same work, 8 clients adding at once, 100,000 tasks
imported into an empty list against a 100,000-line `add` script into one, and how soon an open prompt
shows another's change (refresh.py).

Whole processes are timed with hyperfine (medians, output to /dev/null). Prints one table; with
BENCH_RESULTS naming a file, adds it there as Markdown (results.py).
Usage: bench_postgres.py TASKS_BINARY SERVER_FOLDER (a server from Tests/postgres-server.sh).
"""
import json
import os
import subprocess
import sys
import tempfile
import time

import crowd
import refresh
import results

TASKS, SERVER = sys.argv[1], sys.argv[2]
RUNS = int(os.environ.get("BENCH_RUNS", "10"))
WORK = tempfile.mkdtemp(prefix="tasks-bench-pg-")
CLIENTS, ADDS = 8, 500
# The 100,000-task figures take seconds a run: fewer runs of them.
BIG_RUNS = min(RUNS, int(os.environ.get("BENCH_BIG_RUNS", "3")))


def path(name):
    return os.path.join(WORK, name)


def q(text):
    return "'" + text.replace("'", "'\\''") + "'"


def psql(database, sql):
    """What psql prints (unaligned, tuples only) for `sql` in `database`."""
    return subprocess.run(["psql", "-X", "-q", "-w", "-A", "-t", "-h", SERVER, "-U", "postgres", "-d", database,
                           "-v", "ON_ERROR_STOP=1", "-c", sql], check=True, capture_output=True, text=True).stdout


def hyperfine(name, command, prepare=None, runs=RUNS):
    """Median wall time of `command` (run without a shell, after `prepare` each time) in seconds."""
    export = path(f"hf-{name}.json")
    prepared = ["--prepare", prepare] if prepare else []
    subprocess.run(["hyperfine", "-N", "--style", "none", "--runs", str(runs), "--warmup", "1",
                    "--export-json", export, *prepared, command], check=True, stdout=subprocess.DEVNULL)
    with open(export) as f:
        return json.load(f)["results"][0]["median"]


def main():
    load = results.load_average()  # before this script's own work raises it
    os.environ["NO_COLOR"] = "1"
    print(f"tasks bench (PostgreSQL): {RUNS} runs a figure, server in {SERVER}", file=sys.stderr)
    psql("postgres", "CREATE DATABASE bench")
    url = f"postgresql://postgres@/bench?host={SERVER}"
    with open(path("add10000.txt"), "w") as f:
        for i in range(10_000):
            f.write(f"add Task number {i}: buy milk and call mom\n")
    started = time.monotonic()
    subprocess.run(f"{q(TASKS)} --db {q(url)} --quiet < {q(path('add10000.txt'))}", shell=True, check=True)
    script = time.monotonic() - started

    psql_command = f"psql -X -q -w -A -t -h {SERVER} -U postgres -d bench -c"
    one_list = hyperfine("list", f"{TASKS} --db {url} list")
    floor_select = hyperfine("psql-select", f"{psql_command} \"SELECT uuid, text, is_favorite, done_at FROM "
                                            f"tasks.task WHERE removed_by IS NULL ORDER BY position\"")
    one_add = hyperfine("add", f"{TASKS} --db {url} add x")
    floor_insert = hyperfine("psql-insert", f"{psql_command} \"INSERT INTO tasks.task (uuid, position, text, "
                                            f"created_at, created_by) VALUES (gen_random_uuid(), (SELECT max(position) "
                                            f"FROM tasks.task) + 4294967296, 'x', 0, 0)\"")
    one_quiet_add = hyperfine("quiet-add", f"{TASKS} --db {url} --quiet add x")

    # 8 clients at once, each adding 500 tasks, one process a task.
    loop = " ".join([q(TASKS), "--db", q(url), "--quiet", "add"])
    started = time.monotonic()
    clients = [subprocess.Popen(["sh", "-c", f"for i in $(seq {ADDS}); do {loop} \"client {c} add $i\" || exit 1; done"])
               for c in range(CLIENTS)]
    failed = sum(client.wait() != 0 for client in clients)
    concurrent = time.monotonic() - started
    counted = psql("bench", "SELECT count(DISTINCT text) FROM tasks.task WHERE removed_by IS NULL "
                            "AND convert_from(text, 'UTF8') LIKE 'client %'").strip()
    in_order = psql("bench", f"""
        SELECT bool_and(ordered) FROM (
            SELECT (array_agg(n ORDER BY position) = array_agg(n ORDER BY n)) AS ordered FROM (
                SELECT position, split_part(convert_from(text, 'UTF8'), ' ', 2) AS client,
                       split_part(convert_from(text, 'UTF8'), ' ', 4)::int AS n
                FROM tasks.task WHERE convert_from(text, 'UTF8') LIKE 'client %') adds
            GROUP BY client) clients""").strip()

    script100k, imports = big_list(psql_command)

    # An open prompt on a list of its own: told of each change (LISTEN/NOTIFY), asking nothing while idle.
    psql("postgres", "CREATE DATABASE refresh")
    prompt = refresh.measure(TASKS, f"postgresql://postgres@/refresh?host={SERVER}")
    # Twenty open prompts on one list while six writers add 11,000 tasks at once.
    psql("postgres", "CREATE DATABASE crowd")
    prompts = crowd.measure(TASKS, f"postgresql://postgres@/crowd?host={SERVER}")

    ms = lambda s: f"{s * 1000:.1f} ms"
    table = [
        ("one-shot: tasks list (10k tasks)", ms(one_list), "<= 2x psql", one_list <= 2 * floor_select,
         one_list / floor_select),
        ("  floor: psql selecting the 10k rows", ms(floor_select), "", None, 1.0),
        ("one-shot: tasks add x (10k tasks, list shown)", ms(one_add), "<= 2x psql", one_add <= 2 * floor_insert,
         one_add / floor_insert),
        ("one-shot: tasks --quiet add x", ms(one_quiet_add), "", None, one_quiet_add / floor_insert),
        ("  floor: psql inserting 1 row", ms(floor_insert), "", None, 1.0),
        (f"{CLIENTS} clients x {ADDS} one-shot adds at once", f"{concurrent:.1f} s", "", None, None),
        ("  tasks kept (distinct)", counted, f"= {CLIENTS * ADDS}, none failed",
         counted == str(CLIENTS * ADDS) and failed == 0, None),
        ("  each client's adds in its order", in_order, "= t", in_order == "t", None),
        ("script: 10k piped adds (the list made)", f"{script * 1000:.0f} ms", "", None, None),
        ("script: 100k piped adds, empty list", ms(script100k), "", None, 1.0),
        ("import: 100k tasks, todo.txt, empty list", ms(imports["todotxt"]), "<= 2x 100k add script",
         imports["todotxt"] <= 2 * script100k, imports["todotxt"] / script100k),
        ("import: 100k tasks, Taskwarrior JSON, empty list", ms(imports["json"]), "<= 2x 100k add script",
         imports["json"] <= 2 * script100k, imports["json"] / script100k),
    ] + refresh.table_rows(prompt, "shared list") + crowd.table_rows(prompts, "shared list")
    results.show(f"The shared list on PostgreSQL (bench/bench_postgres.py, {RUNS} runs a figure, {BIG_RUNS} for "
                 f"100k tasks)", table, os.environ.get("BENCH_RESULTS"), load)


def big_list(psql_command):
    """Into an empty list (a new database each run): a 100,000-line add script, and 100,000 tasks imported
    from the binary's own todo.txt and Taskwarrior JSON export of an SQLite store of as many. Medians."""
    with open(path("add100000.txt"), "w") as f:
        for i in range(100_000):
            f.write(f"add Task number {i}: buy milk and call mom\n")
    store = path("store100k.sqlite")
    subprocess.run(f"{q(TASKS)} --db {q(store)} --quiet < {q(path('add100000.txt'))}", shell=True, check=True)
    big = f"postgresql://postgres@/big?host={SERVER}"
    # Shell scripts, as hyperfine -N runs the command and --prepare without a shell.
    with open(path("fresh.sh"), "w") as f:
        f.write(f"{psql_command} 'DROP DATABASE IF EXISTS big' && {psql_command} 'CREATE DATABASE big'\n")
    with open(path("script100k.sh"), "w") as f:
        f.write(f"exec {q(TASKS)} --db {q(big)} --quiet < {q(path('add100000.txt'))}\n")
    fresh = f"sh {path('fresh.sh')}"
    script = hyperfine("script100k", f"sh {path('script100k.sh')}", prepare=fresh, runs=BIG_RUNS)
    imports = {}
    for name, extension in (("todotxt", "txt"), ("json", "json")):
        exported = path(f"export100k.{extension}")
        subprocess.run([TASKS, "--db", store, "--quiet", "export", exported], check=True, stdout=subprocess.DEVNULL)
        imports[name] = hyperfine(f"import-{name}", f"{TASKS} --db {big} --quiet import {exported}", prepare=fresh,
                                  runs=BIG_RUNS)
    return script, imports


if __name__ == "__main__":
    main()
