#!/usr/bin/env python3
"""How soon an open `tasks` prompt shows a change made elsewhere, and what it costs while idle.

Starts the prompt in tmux (its output recorded through `pipe-pane`, time-stamped as it comes),
then RUNS times, at random moments, runs a one-shot `tasks --quiet add row-N` on the same store
and times the row's arrival on the prompt's terminal. Then reads the idle prompt's CPU time and
wake-ups over 10 s from /proc. `make bench` calls `measure()` for SQLite (bench.py) and for the
shared list (bench_postgres.py). Usage: refresh.py TASKS_BINARY [RUNS] [DB] (DB: an SQLite file,
a new one by default, or a PostgreSQL connection string naming a host).
"""
import os, random, statistics, subprocess, sys, threading, time

from sandbox import Sandbox

IDLE_SECONDS = 10


def measure(binary, db=None, runs=20):
    """Times `runs` rows from a one-shot add to the prompt's terminal, then the idle prompt.

    Returns a dict: `after_commit` and `after_start` (lists of milliseconds, from the one-shot add's
    return and start), `idle_seconds`, `idle_cpu_ms` (utime + stime) and `idle_wakeups` (voluntary
    context switches of the prompt's main thread).
    """
    sandbox = Sandbox(binary, db, "refresh")
    tmux, folder = sandbox.tmux, sandbox.folder

    def tasks(*args):
        subprocess.run([sandbox.binary, "--db", sandbox.db, "--quiet", *args], env=sandbox.env, check=True)

    for text in ("a", "b", "c"):
        tasks("add", text)
    fifo = os.path.join(folder, "pane")
    os.mkfifo(fifo)
    seen, lock, stream = {}, threading.Lock(), bytearray()

    def reader():
        with open(fifo, "rb", buffering=0) as pipe:
            while chunk := pipe.read(65536):
                now = time.monotonic()
                with lock:
                    stream.extend(chunk)
                    for i in range(runs):
                        key = f"row-{i:03d}"
                        if key not in seen and key.encode() in stream:
                            seen[key] = now

    sandbox.prompt("t", 100, 50)
    threading.Thread(target=reader, daemon=True).start()
    tmux("pipe-pane", "-o", "-t", "t", f"cat > {fifo}")
    time.sleep(1)
    result = {"after_commit": [], "after_start": []}
    try:
        for i in range(runs):
            time.sleep(random.uniform(0.3, 0.8))  # any phase of a prompt's 250 ms wait
            key = f"row-{i:03d}"
            start = time.monotonic()
            tasks("add", key)
            done = time.monotonic()
            while key not in seen and time.monotonic() - done < 5:
                time.sleep(0.002)
            if key not in seen:
                sys.exit(f"{key} never appeared")
            result["after_commit"].append((seen[key] - done) * 1000)
            result["after_start"].append((seen[key] - start) * 1000)
        shell = tmux("display-message", "-p", "-t", "t", "#{pane_pid}").strip()
        pid = open(f"/proc/{shell}/task/{shell}/children").read().split()[0]

        def cpu():
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            switches = [l for l in open(f"/proc/{pid}/status") if l.startswith("voluntary_ctxt_switches")][0]
            return int(fields[11]) + int(fields[12]), int(switches.split()[1])

        (ticks0, wakes0), t0 = cpu(), time.monotonic()
        time.sleep(IDLE_SECONDS)
        (ticks1, wakes1), t1 = cpu(), time.monotonic()
        result["idle_seconds"] = t1 - t0
        result["idle_cpu_ms"] = (ticks1 - ticks0) * 1000 / os.sysconf("SC_CLK_TCK")
        result["idle_wakeups"] = wakes1 - wakes0
        result["pid"] = pid
        return result
    finally:
        sandbox.close()


def table_rows(result, store):
    """`make bench`'s rows for `result` (figure, value, target, ok, ratio), `store` naming the backend."""
    latencies = result["after_start"]
    median, slowest = statistics.median(latencies), max(latencies)
    idle = f"{result['idle_cpu_ms']:.0f} ms, {result['idle_wakeups']} wake-ups"
    return [
        (f"prompt ({store}): another's add on screen, median", f"{median:.0f} ms", "<= 1000 ms", median <= 1000, None),
        (f"  the slowest of {len(latencies)}", f"{slowest:.0f} ms", "<= 1000 ms", slowest <= 1000, None),
        (f"prompt ({store}): idle {result['idle_seconds']:.0f} s, CPU and wake-ups", idle, "<= 100 ms CPU",
         result["idle_cpu_ms"] <= 100, None),
    ]


if __name__ == "__main__":
    found = measure(sys.argv[1], sys.argv[3] if len(sys.argv) > 3 else None,
                    int(sys.argv[2]) if len(sys.argv) > 2 else 20)

    def show(name, values):
        print(f"{name}: min {min(values):.0f} ms, median {statistics.median(values):.0f} ms, "
              f"mean {statistics.mean(values):.0f} ms, max {max(values):.0f} ms ({len(values)} runs)")

    show("row on screen after the one-shot add returned", found["after_commit"])
    show("row on screen after the one-shot add started ", found["after_start"])
    print(f"idle prompt over {found['idle_seconds']:.1f} s: {found['idle_cpu_ms']:.0f} ms CPU (utime+stime, "
          f"/proc/{found['pid']}/stat), {found['idle_wakeups']} voluntary context switches")
