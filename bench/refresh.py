#!/usr/bin/env python3
"""How soon an open `tasks` prompt shows a change made elsewhere, and what it costs while idle.

Starts the prompt in tmux (its output recorded through `pipe-pane`, time-stamped as it comes),
then RUNS times, at random moments, runs a one-shot `tasks --quiet add row-N` on the same store
and times the row's arrival on the prompt's terminal. Then reads the idle prompt's CPU time and
wake-ups over 10 s from /proc. Usage: refresh.py TASKS_BINARY [RUNS]
"""
import os, random, statistics, subprocess, sys, tempfile, threading, time

binary = os.path.abspath(sys.argv[1]); runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
folder = tempfile.mkdtemp(prefix="tasks-refresh-"); db = os.path.join(folder, "t.sqlite")
env = {"PATH": "/usr/bin:/bin", "HOME": folder, "XDG_STATE_HOME": folder, "XDG_DATA_HOME": folder}
sock = f"tasks-refresh-{os.getpid()}"
def tmux(*args): return subprocess.run(["tmux", "-L", sock, *args], check=True, capture_output=True, text=True).stdout
def tasks(*args): subprocess.run([binary, "--db", db, "--quiet", *args], env=env, check=True)
for text in ("a", "b", "c"): tasks("add", text)
fifo = os.path.join(folder, "pane"); os.mkfifo(fifo)
seen, lock, stream = {}, threading.Lock(), bytearray()
def reader():
    with open(fifo, "rb", buffering=0) as pipe:
        while chunk := pipe.read(65536):
            now = time.monotonic()
            with lock:
                stream.extend(chunk)
                for i in range(runs):
                    key = f"row-{i:03d}"
                    if key not in seen and key.encode() in stream: seen[key] = now
tmux("-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "100", "-y", "50",
     f"env -i TERM=xterm HOME={folder} XDG_STATE_HOME={folder} {binary} --db {db}; sleep 600")
threading.Thread(target=reader, daemon=True).start()
tmux("pipe-pane", "-o", "-t", "t", f"cat > {fifo}")
time.sleep(1)
after_commit, after_start = [], []
try:
    for i in range(runs):
        time.sleep(random.uniform(0.3, 0.8))  # any phase of the prompt's 250 ms wait
        key = f"row-{i:03d}"
        start = time.monotonic(); tasks("add", key); done = time.monotonic()
        while key not in seen and time.monotonic() - done < 5: time.sleep(0.002)
        if key not in seen: sys.exit(f"{key} never appeared")
        after_commit.append((seen[key] - done) * 1000); after_start.append((seen[key] - start) * 1000)
    def show(name, values):
        print(f"{name}: min {min(values):.0f} ms, median {statistics.median(values):.0f} ms, "
              f"mean {statistics.mean(values):.0f} ms, max {max(values):.0f} ms ({len(values)} runs)")
    show("row on screen after the one-shot add returned", after_commit)
    show("row on screen after the one-shot add started ", after_start)
    shell = tmux("display-message", "-p", "-t", "t", "#{pane_pid}").strip()
    pid = open(f"/proc/{shell}/task/{shell}/children").read().split()[0]
    def cpu():
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        switches = [l for l in open(f"/proc/{pid}/status") if l.startswith("voluntary_ctxt_switches")][0].split()[1]
        return int(fields[11]) + int(fields[12]), int(switches)
    (ticks0, wakes0), t0 = cpu(), time.monotonic(); time.sleep(10); (ticks1, wakes1), t1 = cpu(), time.monotonic()
    hz = os.sysconf("SC_CLK_TCK")
    print(f"idle prompt over {t1 - t0:.1f} s: {(ticks1 - ticks0) * 1000 / hz:.0f} ms CPU (utime+stime, /proc/{pid}/stat), "
          f"{wakes1 - wakes0} voluntary context switches")
finally:
    subprocess.run(["tmux", "-L", sock, "kill-server"], capture_output=True)
