"""A bare UCI pipe for commands that only need to send lines and read until a token
(perft counts, fixed-depth scores): faster than python-chess's engine client when a
script asks many thousands of short questions."""

import subprocess


class UciPipe:
    """A UCI engine process: `uci`, the given options, `isready` on start."""

    def __init__(self, cmd, options=()):
        """Starts `cmd`; `options` are (name, value) pairs sent as `setoption`.
        Raises OSError when the command cannot be started."""
        self.proc = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait(self, token):
        """Returns the lines (stripped) up to and including the first starting with
        `token`; raises RuntimeError if the engine exits first."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            line = line.strip()
            lines.append(line)
            if line.startswith(token):
                return lines

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
