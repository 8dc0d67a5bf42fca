"""A private place for `tasks` prompts the bench watches (refresh.py, crowd.py): a temporary folder
as HOME (and the store's, unless one is given), the environment one-shot commands run in, and a
tmux server of its own whose panes run the prompt."""
import os, random, shutil, subprocess, tempfile


class Sandbox:
    def __init__(self, binary, db, name):
        self.binary = os.path.abspath(binary)
        self.folder = tempfile.mkdtemp(prefix=f"tasks-{name}-")
        self.db = db or os.path.join(self.folder, "t.sqlite")
        self.env = {"PATH": "/usr/bin:/bin", "HOME": self.folder, "XDG_STATE_HOME": self.folder,
                    "XDG_DATA_HOME": self.folder}
        self.sock = f"tasks-{name}-{os.getpid()}-{random.randrange(1 << 30)}"

    def tmux(self, *args):
        """Runs tmux on the sandbox's server (no configuration file); its output."""
        return subprocess.run(["tmux", "-L", self.sock, "-f", "/dev/null", *args], check=True, capture_output=True,
                              text=True).stdout

    def prompt(self, session, columns, rows):
        """Opens a prompt on the store in a new tmux session of `columns` x `rows`."""
        quoted = "'" + self.db.replace("'", "'\\''") + "'"
        self.tmux("new-session", "-d", "-s", session, "-x", str(columns), "-y", str(rows),
                  f"env -i TERM=xterm HOME={self.folder} XDG_STATE_HOME={self.folder} {self.binary} --db {quoted}; "
                  f"sleep 600")

    def close(self):
        """Stops the tmux server and removes the folder."""
        subprocess.run(["tmux", "-L", self.sock, "kill-server"], capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)
