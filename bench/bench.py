#!/usr/bin/env python3
"""`make bench`: times `tasks` against its targets and against the SQLite floor, side by side.

Whole processes are timed with hyperfine (medians of several runs, output to /dev/null);
in-process figures come from the TaskBench executable; an open prompt's refresh from refresh.py, twenty prompts' from crowd.py.
Prints one table: figure, median,
target, ratio to the floor; with BENCH_RESULTS naming a file, adds it there as Markdown (results.py).
Usage: bench.py TASKS_BINARY TASKBENCH_BINARY [WORKDIR]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import crowd
import refresh
import results

TASKS, TASKBENCH = sys.argv[1], sys.argv[2]
WORK = sys.argv[3] if len(sys.argv) > 3 else tempfile.mkdtemp(prefix="tasks-bench-")
RUNS = int(os.environ.get("BENCH_RUNS", "10"))
os.makedirs(WORK, exist_ok=True)


def path(name):
    return os.path.join(WORK, name)


def q(text):
    return "'" + text.replace("'", "'\\''") + "'"


def write_script(name, count):
    with open(path(name), "w") as f:
        for i in range(count):
            f.write(f"add Task number {i}: buy milk and call mom\n")


def write_dated_script(name, count, every):
    """`count` adds like write_script's, every `every`-th one with a due date (spread over the next
    four weeks) and a tag; the others plain."""
    with open(path(name), "w") as f:
        for i in range(count):
            if i % every == 0:
                f.write(f"add Task number {i}: buy milk and call mom due:{1 + i % 28}d +home\n")
            else:
                f.write(f"add Task number {i}: buy milk and call mom\n")


def write_sql(name, count):
    with open(path(name), "w") as f:
        # The same table and indexes as a tasks store (schema 2), so the floor does the same work.
        f.write("PRAGMA journal_mode=WAL;\nCREATE TABLE task (position INTEGER PRIMARY KEY, uuid BLOB NOT NULL "
                "UNIQUE, text TEXT NOT NULL, isFavorite INTEGER NOT NULL DEFAULT 0, doneAt REAL, createdAt REAL NOT "
                "NULL, createdBy INTEGER NOT NULL, removedBy INTEGER, restoredBy INTEGER);\n"
                "CREATE INDEX task_createdBy ON task(createdBy);\n"
                "BEGIN;\n")
        for i in range(count):
            f.write(f"INSERT INTO task (position, uuid, text, createdAt, createdBy) VALUES ({(i + 1) << 32}, "
                    f"randomblob(16), 'Task number {i}: buy milk and call mom', 1790000000.0, {i + 1});\n")
        f.write("COMMIT;\n")


def fresh(db):
    return f"rm -f {q(db)} {q(db)}-wal {q(db)}-shm"


def hyperfine(name, command, prepare=None, runs=RUNS, shell=True):
    """Median wall time of `command` in seconds (without a shell in between when `shell` is False)."""
    export = path(f"hf-{name}.json")
    args = ["hyperfine", "--style", "none", "--runs", str(runs), "--warmup", "1", "--export-json", export]
    if not shell:
        args.append("-N")
    if prepare:
        args += ["--prepare", prepare]
    subprocess.run(args + [command], check=True, stdout=subprocess.DEVNULL)
    with open(export) as f:
        return json.load(f)["results"][0]["median"]


def peak_rss_mb(command):
    """Largest resident set of one run of `command` (a list), in MB: measured by a fresh Python,
    whose only child is the command (RUSAGE_CHILDREN counts every child ever waited for)."""
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
             "stdout=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    kilobytes = subprocess.run([sys.executable, "-c", probe] + command, check=True, capture_output=True,
                               text=True).stdout
    return int(kilobytes) / 1024


def main():
    load = results.load_average()  # before this script's own work raises it
    env_db = {**os.environ, "NO_COLOR": "1"}
    os.environ.update(env_db)
    print(f"tasks bench: {RUNS} runs a figure, in {WORK}", file=sys.stderr)
    for count in (10_000, 50_000, 100_000, 200_000):
        write_script(f"add{count}.txt", count)
    write_sql("insert100k.sql", 100_000)

    # A 10k-task store, made by tasks itself, closed cleanly (WAL checkpointed into the file).
    base = path("store10k.sqlite")
    subprocess.run(f"{fresh(base)} && {q(TASKS)} --db {q(base)} --quiet < {q(path('add10000.txt'))}",
                   shell=True, check=True)
    base100k = path("store100k.sqlite")
    subprocess.run(f"{fresh(base100k)} && {q(TASKS)} --db {q(base100k)} --quiet < {q(path('add100000.txt'))}",
                   shell=True, check=True)
    # The same with due dates and tags: half of 10k tasks, and 1,000 of 100k.
    dated = {}
    for count, every in ((10_000, 2), (100_000, 100)):
        write_dated_script(f"dated{count}.txt", count, every)
        dated[count] = path(f"dated{count // 1000}k.sqlite")
        subprocess.run(f"{fresh(dated[count])} && {q(TASKS)} --db {q(dated[count])} --quiet < "
                       f"{q(path(f'dated{count}.txt'))}", shell=True, check=True)
    work = path("work.sqlite")
    # A script file: with -N, hyperfine runs --prepare without a shell too.
    with open(path("reset.sh"), "w") as f:
        f.write(f"{fresh(work)} && cp {q(base)} {q(work)}\n")
    reset = f"sh {path('reset.sh')}"
    with open(path("reset100k.sh"), "w") as f:
        f.write(f"{fresh(work)} && cp {q(base100k)} {q(work)}\n")
    reset100k = f"sh {path('reset100k.sh')}"
    with open(path("add1000.txt"), "w") as f:
        f.write("add x\n" * 1000)
    run_db = path("run.sqlite")

    rows = []  # (figure, seconds or value, unit, target text, ok, floor value)

    hello = path("hello")
    with open(hello + ".swift", "w") as f:
        f.write('print("hello")\n')
    subprocess.run(["swiftc", "-O", "-static-stdlib", hello + ".swift", "-o", hello], check=True)

    floor_insert = hyperfine("sqlite-insert", f"sqlite3 {q(run_db)} < {q(path('insert100k.sql'))}",
                             prepare=fresh(run_db))
    script = {}
    for count in (50_000, 100_000, 200_000):
        script[count] = hyperfine(f"script{count}",
                                  f"{q(TASKS)} --db {q(run_db)} --quiet < {q(path(f'add{count}.txt'))}",
                                  prepare=fresh(run_db))
    # 100,000 tasks exported by tasks itself, imported into an empty store: side by side with the add script.
    imports = {}
    for name, extension in (("todotxt", "txt"), ("json", "json")):
        exported = path(f"export100k.{extension}")
        subprocess.run([TASKS, "--db", base100k, "--quiet", "export", exported], check=True, stdout=subprocess.DEVNULL)
        imports[name] = hyperfine(f"import-{name}", f"{q(TASKS)} --db {q(run_db)} --quiet import {q(exported)}",
                                  prepare=fresh(run_db))
    floor_select = hyperfine("sqlite-select",
                             f"sqlite3 {q(work)} 'SELECT uuid, text, isFavorite, doneAt FROM task "
                             f"WHERE removedBy IS NULL ORDER BY position'", prepare=reset)
    floor_hello = hyperfine("hello", q(hello), shell=False)
    one_list = hyperfine("list", f"{q(TASKS)} --db {q(work)} list", prepare=reset, shell=False)
    one_add = hyperfine("add", f"{q(TASKS)} --db {q(work)} add x", prepare=reset, shell=False)
    one_clear = hyperfine("clear", f"{q(TASKS)} --db {q(work)} clear", prepare=reset, shell=False)
    one_rm = hyperfine("rm", f"{q(TASKS)} --db {q(work)} rm 5000", prepare=reset, shell=False)
    one_done = hyperfine("done", f"{q(TASKS)} --db {q(work)} done 5000", prepare=reset, shell=False)
    one_mv = hyperfine("mv", f"{q(TASKS)} --db {q(work)} mv 10000 1", prepare=reset, shell=False)
    one_find = hyperfine("find", f"{q(TASKS)} --db {q(work)} find 'number 5'", prepare=reset, shell=False)
    one_list_100k = hyperfine("list100k", f"{q(TASKS)} --db {q(base100k)} list", shell=False)
    one_list_dated = hyperfine("list-dated", f"{q(TASKS)} --db {q(dated[10_000])} list", shell=False)
    one_today = hyperfine("today100k", f"{q(TASKS)} --db {q(dated[100_000])} today", shell=False)
    one_upcoming = hyperfine("upcoming100k", f"{q(TASKS)} --db {q(dated[100_000])} upcoming", shell=False)
    one_add_dated = hyperfine("add-dated", f"{q(TASKS)} --db {q(work)} add x due:fri +home", prepare=reset,
                              shell=False)
    # With --quiet nothing is shown, so a numbered command reads the rows up to its highest number only:
    # each against --quiet add on the same store.
    quiet = {}
    for store, prepare, commands in (
            ("10k", reset, ["add x", "rm 5000", "done 5000", "fav 5000", "mv 10000 1", "edit 5000 y", "rm 5"]),
            ("100k", reset100k, ["add x", "rm 5", "done 5", "fav 5", "mv 5 1", "edit 5 y", "rm 50000"])):
        for command in commands:
            quiet[store, command] = hyperfine(f"quiet-{store}-{command.replace(' ', '-')}",
                                              f"{q(TASKS)} --db {q(work)} --quiet {command}", prepare=prepare,
                                              shell=False)
    script_on_10k = hyperfine("script1000-10k", f"{q(TASKS)} --db {q(work)} --quiet < {q(path('add1000.txt'))}",
                              prepare=reset)
    script_on_empty = hyperfine("script1000-empty",
                                f"{q(TASKS)} --db {q(work)} --quiet < {q(path('add1000.txt'))}", prepare=fresh(work))
    floor_add = hyperfine("sqlite-add", f"sqlite3 {q(work)} \"INSERT INTO task (position, uuid, text, createdAt, "
                          f"createdBy) VALUES ((SELECT max(position) FROM task) + 4294967296, randomblob(16), 'x', 0, "
                          f"(SELECT max(createdBy) FROM task) + 1)\"", prepare=reset)
    floor_clear = hyperfine("sqlite-clear", f"sqlite3 {q(work)} 'UPDATE task SET removedBy = 0'", prepare=reset)
    subprocess.run(reset, shell=True, check=True)
    rss = peak_rss_mb([TASKS, "--db", work, "list"])
    inprocess = json.loads(subprocess.run([TASKBENCH, "--json"], check=True, capture_output=True,
                                          text=True).stdout)
    # An open prompt on the store shows another process's change: asking every 250 ms.
    prompt = refresh.measure(TASKS)
    # Twenty open prompts on one store while six writers add 11,000 tasks at once.
    prompts = crowd.measure(TASKS)

    ms = lambda s: f"{s * 1000:.1f} ms"
    # The ratios of the rm/done/mv/find/100k rows are to tasks's own add or list (the import rows: to the add
    # script), not to a floor.
    table = [
        ("script: 100k piped adds", ms(script[100_000]), "<= 500 ms and <= sqlite3",
         script[100_000] <= 0.5 and script[100_000] <= floor_insert, script[100_000] / floor_insert),
        ("  floor: sqlite3 CLI, 100k INSERTs in 1 transaction", ms(floor_insert), "", None, 1.0),
        ("script: 50k piped adds", ms(script[50_000]), "", None, None),
        ("script: 200k piped adds", ms(script[200_000]), "", None, None),
        ("import: 100k tasks, todo.txt, empty store", ms(imports["todotxt"]), "<= 2x 100k add script",
         imports["todotxt"] <= 2 * script[100_000], imports["todotxt"] / script[100_000]),
        ("import: 100k tasks, Taskwarrior JSON, empty store", ms(imports["json"]), "<= 2x 100k add script",
         imports["json"] <= 2 * script[100_000], imports["json"] / script[100_000]),
        ("script: 200k / 50k", f"{script[200_000] / script[50_000]:.2f}x", "<= 4.80x",
         script[200_000] / script[50_000] <= 4.8, None),
        ("one-shot: tasks list (10k tasks)", ms(one_list), "<= 15 ms", one_list <= 0.015, one_list / floor_select),
        ("  floor: sqlite3 selecting 10k rows", ms(floor_select), "", None, 1.0),
        ("one-shot: tasks add x (10k tasks)", ms(one_add), "<= 15 ms", one_add <= 0.015, one_add / floor_add),
        ("  floor: sqlite3 inserting 1 row", ms(floor_add), "", None, 1.0),
        ("one-shot: tasks clear (10k tasks)", ms(one_clear), "<= 15 ms", one_clear <= 0.015,
         one_clear / floor_clear),
        ("  floor: sqlite3 updating 10k rows", ms(floor_clear), "", None, 1.0),
        ("one-shot: tasks rm 5000 (10k tasks)", ms(one_rm), "<= 1.3x add", one_rm <= 1.3 * one_add, one_rm / one_add),
        ("one-shot: tasks done 5000 (10k tasks)", ms(one_done), "<= 1.3x add", one_done <= 1.3 * one_add,
         one_done / one_add),
        ("one-shot: tasks mv 10000 1 (10k tasks)", ms(one_mv), "<= 1.3x add", one_mv <= 1.3 * one_add,
         one_mv / one_add),
        *[(f"one-shot --quiet: tasks {command} ({store} tasks)", ms(quiet[store, command]),
           "" if command == "add x" else "<= 1.3x --quiet add",
           None if command == "add x" else quiet[store, command] <= 1.3 * quiet[store, "add x"],
           None if command == "add x" else quiet[store, command] / quiet[store, "add x"])
          for store, command in quiet],
        ("script: 1,000 adds --quiet, 10k-task store", ms(script_on_10k), "<= 1.5x on an empty store",
         script_on_10k <= 1.5 * script_on_empty, script_on_10k / script_on_empty),
        ("  the same script, empty store", ms(script_on_empty), "", None, None),
        ("one-shot: tasks find (10k tasks)", ms(one_find), "<= 1.2x list", one_find <= 1.2 * one_list,
         one_find / one_list),
        ("one-shot: tasks list (100k tasks)", ms(one_list_100k), "<= 11x list 10k", one_list_100k <= 11 * one_list,
         one_list_100k / one_list),
        ("one-shot: tasks list (10k tasks, half with due dates and tags)", ms(one_list_dated), "<= 1.15x list 10k",
         one_list_dated <= 1.15 * one_list, one_list_dated / one_list),
        ("one-shot: tasks today (100k tasks, 1,000 dated)", ms(one_today), "<= 1.5x list 10k",
         one_today <= 1.5 * one_list, one_today / one_list),
        ("one-shot: tasks upcoming (100k tasks, 1,000 dated)", ms(one_upcoming), "<= 1.5x list 10k",
         one_upcoming <= 1.5 * one_list, one_upcoming / one_list),
        ("one-shot: tasks add x due:fri +home (10k tasks)", ms(one_add_dated), "<= 1.1x add",
         one_add_dated <= 1.1 * one_add, one_add_dated / one_add),
        ("  floor: Swift hello world, -static-stdlib", ms(floor_hello), "", None, None),
        ("peak RSS: tasks list (10k tasks)", f"{rss:.1f} MB", "<= 20 MB", rss <= 20, None),
        ("size of the executable", f"{os.path.getsize(TASKS) / 1e6:.1f} MB", "", None, None),
    ]
    for figure in inprocess:
        table.append((f"in-process: {figure['name']}", ms(figure["median"]), f"<= {figure['target'] * 1000:.0f} ms",
                      figure["median"] <= figure["target"], None))
    table += refresh.table_rows(prompt, "SQLite") + crowd.table_rows(prompts, "SQLite")

    results.show(f"SQLite (bench/bench.py, {RUNS} runs a figure)", table, os.environ.get("BENCH_RESULTS"), load)
    if len(sys.argv) <= 3:
        shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
