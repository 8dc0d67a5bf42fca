#!/usr/bin/env python3
"""Where `make bench` leaves its figures: printed as a text table, and written as Markdown to one
results file (docs/bench-results.md from the Makefile), so that no one copies them by hand.

`make bench` starts the file (`results.py begin FILE`: the date, the commit, the load average),
then bench.py and bench_postgres.py each add their table with `show()`, naming the file in
BENCH_RESULTS. Run by hand without BENCH_RESULTS, the scripts only print.
Usage: results.py begin FILE
"""
import datetime
import os
import subprocess
import sys


def load_average():
    """The 1, 5 and 15 minute load averages."""
    return " / ".join(f"{value:.2f}" for value in os.getloadavg())


def processor():
    """The processor's model name (Linux), or "" when /proc does not say."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return ""


def commit():
    """The short hash of HEAD, marked when tracked files differ from it (the results file aside)."""
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    if head.returncode != 0:
        return "unknown (not a git checkout)"
    changed = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", ".", ":!docs/bench-results.md"])
    return head.stdout.strip() + (" with uncommitted changes" if changed.returncode != 0 else "")


def begin(path):
    """Replaces the file at `path` with the run's heading."""
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    now = datetime.datetime.now().astimezone()
    with open(path, "w") as f:
        f.write("# `make bench` results\n\n"
                "Written by the latest `make bench` (bench/results.py), replaced by the next one; "
                "docs/benchmarks.md says what each figure measures.\n\n"
                f"- date: {now:%Y-%m-%d %H:%M %Z}\n"
                f"- commit: {commit()}\n"
                f"- machine: {os.cpu_count()} cores {processor()}, "
                f"load average {load_average()} (1, 5, 15 min) at the start\n")


def show(title, table, path=None, load=None):
    """Prints `table` (rows of figure, value, target, ok or None, ratio or None) and, when `path` is
    given, adds it to that file under `title` as a Markdown table, with `load` (`load_average()` when
    the table's measuring began). Returns how many targets were missed."""
    widths = [max(len(str(r[i])) for r in table + [("figure", "median", "target")]) for i in range(3)]
    print(f"{'figure':<{widths[0]}}  {'median':>{widths[1]}}  {'target':<{widths[2]}}  ok    vs floor")
    for name, median, target, ok, ratio in table:
        print(f"{name:<{widths[0]}}  {median:>{widths[1]}}  {target:<{widths[2]}}  {mark(ok):<4}  {ratio_text(ratio)}")
    missed = sum(r[3] is False for r in table)
    summary = f"{sum(r[3] is not None for r in table) - missed} targets met, {missed} missed"
    print(summary, file=sys.stderr)
    if path:
        with open(path, "a") as f:
            f.write(markdown(title, table, summary, load))
    return missed


def markdown(title, table, summary, load):
    """`table` as a Markdown section: a heading, the load average at its start, the table, the summary."""
    lines = [f"\n## {title}\n", f"Load average when its measuring began: {load or 'not recorded'}.\n",
             "| figure | median | target | ok | vs floor |", "| --- | ---: | --- | --- | ---: |"]
    for name, median, target, ok, ratio in table:
        # A leading space marks a row that belongs to the one above (a floor): Markdown would drop it.
        figure = "↳ " + name.strip() if name.startswith(" ") else name
        cells = [figure, str(median), target, mark(ok), ratio_text(ratio)]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    lines.append(f"\n{summary}.\n")
    return "\n".join(lines)


def mark(ok):
    return "" if ok is None else ("yes" if ok else "NO")


def ratio_text(ratio):
    return "" if ratio is None else f"{ratio:.2f}x"


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "begin":
        sys.exit("usage: results.py begin FILE")
    begin(sys.argv[2])
