#!/usr/bin/env python3
"""`make bench`, the CalDAV sync: times `tasks sync` against private Radicale and Xandikos servers
(Tests/caldav-server.sh: loopback, plain http, one user and a password) side by side with a floor and
a peer doing the same work on the same server in the same run:

- the first sync of 1,000 tasks into an empty task list, against curl making the same 1,000 PUTs
  one after another over one connection (one process; `If-None-Match: *`, as tasks sends them, and
  `Expect:` empty) and against vdirsyncer uploading the same 1,000 from a folder of .ics files;
- a sync of the 1,000-task list when nothing changed, when one task changed here and when one
  changed on the server, each against vdirsyncer's sync of a list of its own in the same state.

Each first sync gets a new empty task list (MKCALENDAR) and a copy of the unpaired store; the
1,000 .ics files are tasks's own iCalendar export of that store, one task a file. The processes are
timed here (not by hyperfine: each run needs a new list), medians of BENCH_SYNC_RUNS runs for the
first syncs (3 by default; vdirsyncer takes about a minute a run), run in turn (tasks, curl,
vdirsyncer, then again: a server's pace drifts over minutes), and BENCH_RUNS (10) after one warm-up
for the others. Prints one table; with BENCH_RESULTS naming a file, adds it there (results.py).
Usage: bench_sync.py TASKS_BINARY
"""
import base64
import itertools
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import results

TASKS = sys.argv[1]
RUNS = int(os.environ.get("BENCH_RUNS", "10"))
BIG_RUNS = min(RUNS, int(os.environ.get("BENCH_SYNC_RUNS", "3")))
# vdirsyncer's first sync of 1,000 tasks takes about a minute: fewer runs of it.
PEER_RUNS = min(BIG_RUNS, int(os.environ.get("BENCH_SYNC_PEER_RUNS", "3")))
# How many tasks the list holds (BENCH_SYNC_TASKS: fewer, to try the script out).
COUNT = int(os.environ.get("BENCH_SYNC_TASKS", "1000"))
WORK = tempfile.mkdtemp(prefix="tasks-bench-sync-")
SERVER_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "caldav-server.sh")
MKCALENDAR = (b'<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" '
              b'xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><C:supported-calendar-component-set>'
              b'<C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>')
# The environment of every program run here: a home of its own, UTC, no colour.
ENVIRONMENT = {"PATH": "/usr/bin:/bin", "HOME": WORK, "LANG": "C.UTF-8", "TZ": "UTC", "NO_COLOR": "1",
               "XDG_CONFIG_HOME": os.path.join(WORK, "config"), "XDG_CACHE_HOME": os.path.join(WORK, "cache"),
               "XDG_DATA_HOME": os.path.join(WORK, "data"), "XDG_STATE_HOME": os.path.join(WORK, "state"),
               "NETRC": os.path.join(WORK, "netrc")}
names = itertools.count(1)


def path(*parts):
    return os.path.join(WORK, *parts)


def run(argv, **kwargs):
    """Runs `argv` in the benchmark's environment; its output if it succeeded, else stops with its errors."""
    done = subprocess.run(argv, env=ENVIRONMENT, capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        sys.exit(f"bench_sync.py: {' '.join(argv)} exited {done.returncode}: {done.stderr.strip()}{done.stdout[-2000:]}")
    return done.stdout


def time_once(argv):
    """Wall time in seconds of one run of `argv` (output to /dev/null), which must exit 0."""
    started = time.monotonic()
    status = subprocess.run(argv, env=ENVIRONMENT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.monotonic() - started
    if status.returncode != 0:
        sys.exit(f"bench_sync.py: {' '.join(argv)} exited {status.returncode}: {status.stderr.decode().strip()}")
    return elapsed


def timed(argv, prepare=None, runs=RUNS, warmup=1):
    """Median wall time in seconds of `argv` (output to /dev/null, exit status 0), `prepare()` before each run."""
    times = []
    for index in range(warmup + runs):
        if prepare:
            prepare()
        elapsed = time_once(argv)
        if index >= warmup:
            times.append(elapsed)
    return statistics.median(times)


def timed_in_turn(contenders):
    """Median wall times of several programs, {name: seconds}, run in turn (one run of each, then the
    next round), so that a server slowing down or speeding up over the minutes weighs on each alike.
    `contenders`: (name, argv, prepare, runs) tuples."""
    times = {name: [] for name, _, _, _ in contenders}
    for turn in range(max(runs for _, _, _, runs in contenders)):
        for name, argv, prepare, runs in contenders:
            if turn < runs:
                prepare()
                times[name].append(time_once(argv))
    return {name: statistics.median(values) for name, values in times.items()}


class Server:
    """A private CalDAV server, and what the benchmark does on it with plain HTTP."""

    def __init__(self, kind):
        self.kind = kind
        self.folder, self.url, self.user, self.password, _ = run(["sh", SERVER_SCRIPT, "start", kind]).split()
        # The calendar home: the task lists made here go beside the server's own.
        self.home = self.url.rstrip("/").rsplit("/", 1)[0] + "/"
        token = base64.b64encode(f"{self.user}:{self.password}".encode()).decode()
        self.authorization = f"Basic {token}"

    def stop(self):
        run(["sh", SERVER_SCRIPT, "stop", self.folder])

    def request(self, method, url, body=None, headers=None):
        request = urllib.request.Request(url, data=body, method=method,
                                         headers={"Authorization": self.authorization, **(headers or {})})
        with urllib.request.urlopen(request) as answer:
            return answer.status

    def new_list(self):
        """The URL of a new, empty task list."""
        url = f"{self.home}bench{next(names)}/"
        self.request("MKCALENDAR", url, MKCALENDAR, {"Content-Type": "application/xml"})
        return url

    def put(self, url, body):
        self.request("PUT", url, body, {"Content-Type": "text/calendar; charset=utf-8"})

    def get(self, url):
        request = urllib.request.Request(url, headers={"Authorization": self.authorization})
        with urllib.request.urlopen(request) as answer:
            return answer.read().decode()


def split_export(text):
    """tasks's iCalendar export as one calendar a task: [(UID, text)]."""
    lines = text.replace("\r\n", "\n").split("\n")
    head = [line for line in itertools.takewhile(lambda line: line != "BEGIN:VTODO", lines)
            if not line.startswith("END:VCALENDAR")]
    items, todo = [], None
    for line in lines:
        if line == "BEGIN:VTODO":
            todo = []
        if todo is not None:
            todo.append(line)
        if line == "END:VTODO":
            uid = next(field[4:] for field in todo if field.startswith("UID:"))
            items.append((uid, "\r\n".join(head + todo + ["END:VCALENDAR", ""])))
            todo = None
    return items


def vdirsyncer_config(name, folder, url, server):
    """A vdirsyncer set-up (its config file) pairing the folder of .ics files `folder` with the task
    list at `url`; returns the config's path. Its status folder is new."""
    config = path(f"{name}.conf")
    status = path(f"{name}-status")
    shutil.rmtree(status, ignore_errors=True)
    with open(config, "w") as f:
        f.write(f"""[general]
status_path = "{status}/"

[pair bench]
a = "bench_local"
b = "bench_remote"
collections = null

[storage bench_local]
type = "filesystem"
path = "{folder}/"
fileext = ".ics"

[storage bench_remote]
type = "caldav"
url = "{url}"
username = "{server.user}"
password = "{server.password}"
item_types = ["VTODO"]
""")
    return config


def curl_config(server, url, items):
    """A curl config file PUTting each item to `url` as tasks does, one after another on one connection."""
    config = path("curl.conf")
    with open(config, "w") as f:
        f.write(f'user = "{server.user}:{server.password}"\nsilent\n'
                f'write-out = "%{{http_code}}\\n"\nheader = "Expect:"\nheader = "If-None-Match: *"\n'
                f'header = "Content-Type: text/calendar; charset=utf-8"\n')
        for uid, _ in items:
            f.write(f'upload-file = "{path("ics", uid + ".ics")}"\nurl = "{url}{uid}.ics"\noutput = "/dev/null"\n')
    return config


def measure(kind, store, items):
    """The figures of one server: {name: seconds}."""
    server = Server(kind)
    try:
        with open(ENVIRONMENT["NETRC"], "w") as f:
            f.write(f"machine 127.0.0.1 login {server.user} password {server.password}\n")
        os.chmod(ENVIRONMENT["NETRC"], 0o600)
        figures = {}
        copy = path("copy.sqlite")
        first = {}

        def fresh_copy():
            for suffix in ("", "-wal", "-shm", ".caldav", ".caldav.lock"):
                if os.path.exists(copy + suffix):
                    os.remove(copy + suffix)
            shutil.copy(store, copy)
            first["url"] = server.new_list()

        # `tasks sync URL` of a new store: pairs (finds the list), then sends every task.
        def tasks_first():
            fresh_copy()
            with open(path("first.sh"), "w") as f:
                f.write(f"exec '{TASKS}' --db '{copy}' --quiet sync '{first['url']}'\n")

        def curl_first():
            url = server.new_list()
            curl_config(server, url, items)

        def vdirsyncer_first():
            url = server.new_list()
            vdirsyncer_config("first", path("ics"), url, server)
            run(["vdirsyncer", "-c", path("first.conf"), "discover"])
        figures.update(timed_in_turn([
            ("tasks first", ["sh", path("first.sh")], tasks_first, BIG_RUNS),
            ("curl first", ["curl", "--config", path("curl.conf")], curl_first, BIG_RUNS),
            ("vdirsyncer first", ["vdirsyncer", "-c", path("first.conf"), "sync"], vdirsyncer_first, PEER_RUNS)]))
        run([TASKS, "--db", copy, "sync", "--status"])
        codes = run(["curl", "--config", path("curl.conf")]).split()
        if set(codes) != {"412"}:  # the list is full already: each PUT refused, as If-None-Match asks
            sys.exit(f"bench_sync.py: curl's PUTs again answered {sorted(set(codes))}")

        # The lists in step: tasks's (the store paired with one), vdirsyncer's (a folder paired with another).
        paired = path("paired.sqlite")
        shutil.copy(copy, paired)
        shutil.copy(copy + ".caldav", paired + ".caldav")
        tasks_url = first["url"]
        local = path("vdir")
        shutil.rmtree(local, ignore_errors=True)
        shutil.copytree(path("ics"), local)
        vdir_url = server.new_list()
        vdir = ["vdirsyncer", "-c", vdirsyncer_config("vdir", local, vdir_url, server)]
        run(vdir + ["discover"])
        run(vdir + ["sync"])

        figures["tasks nothing"] = timed([TASKS, "--db", paired, "--quiet", "sync"])
        figures["vdirsyncer nothing"] = timed(vdir + ["sync"])

        counter = itertools.count(1)
        uid, body = items[0]

        def tasks_here():
            run([TASKS, "--db", paired, "--quiet", "edit", "1", f"changed here {next(counter)}"])
        figures["tasks here"] = timed([TASKS, "--db", paired, "--quiet", "sync"], prepare=tasks_here)

        def vdirsyncer_here():
            with open(os.path.join(local, uid + ".ics"), "w") as f:
                f.write(changed(body, f"changed here {next(counter)}"))
        figures["vdirsyncer here"] = timed(vdir + ["sync"], prepare=vdirsyncer_here)

        # A phone's change: the SUMMARY of the server's copy, its order value kept. (The export's copy
        # has none: tasks gives the task one back, a write this figure is not about.)
        there = server.get(f"{tasks_url}{uid}.ics")

        def tasks_there():
            server.put(f"{tasks_url}{uid}.ics", changed(there, f"changed there {next(counter)}").encode())
        figures["tasks there"] = timed([TASKS, "--db", paired, "--quiet", "sync"], prepare=tasks_there)

        def vdirsyncer_there():
            server.put(f"{vdir_url}{uid}.ics", changed(body, f"changed there {next(counter)}").encode())
        figures["vdirsyncer there"] = timed(vdir + ["sync"], prepare=vdirsyncer_there)
        # The change from the server reached the store, and is all that sync does.
        if "changed there" not in run([TASKS, "--db", paired, "list"]):
            sys.exit("bench_sync.py: the task changed on the server did not reach the store")
        tasks_there()
        said = run([TASKS, "--db", paired, "sync"]).strip().splitlines()[-1]
        if said != "synced: received 1 changed":
            sys.exit(f"bench_sync.py: the sync of one task changed on the server said {said!r}")
        return figures
    finally:
        server.stop()


def changed(body, summary):
    """`body` with its SUMMARY replaced by `summary` and stamped now."""
    lines = [f"SUMMARY:{summary}" if line.startswith("SUMMARY:") else line for line in body.split("\r\n")]
    return "\r\n".join(lines)


def main():
    load = results.load_average()  # before this script's own work raises it
    for folder in ("config", "cache", "data", "state", "ics"):
        os.makedirs(path(folder), exist_ok=True)
    print(f"tasks bench (CalDAV sync): {RUNS} runs a figure, {BIG_RUNS} for the first syncs, in {WORK}",
          file=sys.stderr)
    store = path("store1k.sqlite")
    with open(path("add1000.txt"), "w") as f:
        for i in range(COUNT):
            f.write(f"add Task number {i}: buy milk and call mom\n")
    with open(path("add1000.txt")) as script:
        run([TASKS, "--db", store, "--quiet"], stdin=script)
    items = split_export(run([TASKS, "--db", store, "--quiet", "export", "--format", "ics"]))
    if len(items) != COUNT:
        sys.exit(f"bench_sync.py: the export of {COUNT} tasks held {len(items)}")
    for uid, body in items:
        with open(path("ics", uid + ".ics"), "w") as f:
            f.write(body)

    table = []
    ms = lambda s: f"{s * 1000:.0f} ms"
    for kind in ("radicale", "xandikos"):
        figures = measure(kind, store, items)
        first, curl, peer = figures["tasks first"], figures["curl first"], figures["vdirsyncer first"]
        table += [
            (f"{kind}: first sync, {COUNT:,} tasks into an empty list", ms(first), "<= 1.2x curl, <= vdirsyncer",
             first <= 1.2 * curl and first <= peer, first / curl),
            (f"  floor: curl, the {COUNT:,} PUTs one after another on one connection", ms(curl), "", None, 1.0),
            (f"  vdirsyncer uploading the {COUNT:,}", ms(peer), "", None, peer / curl),
        ]
        for state, words in (("nothing", "nothing changed"), ("here", "one task changed here"),
                             ("there", "one task changed on the server")):
            mine, theirs = figures[f"tasks {state}"], figures[f"vdirsyncer {state}"]
            table += [
                (f"{kind}: sync of {COUNT:,} tasks, {words}", ms(mine), "<= 0.25x vdirsyncer", mine <= 0.25 * theirs,
                 mine / theirs),
                (f"  vdirsyncer sync, {words}", ms(theirs), "", None, 1.0),
            ]
    results.show(f"CalDAV sync (bench/bench_sync.py, {RUNS} runs a figure, {BIG_RUNS} for the first syncs, "
                 f"{PEER_RUNS} for vdirsyncer's)", table, os.environ.get("BENCH_RESULTS"), load)


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
