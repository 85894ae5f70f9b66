"""The rig's tests (pytest): `python3 -m pytest -q rig/tests` from the repository root.

Some tests need tools built or installed outside Python: a release build of the engine
(`cargo build --release` leaves target/release/wingtip) and Debian's stockfish
(`apt-get install stockfish`, /usr/games/stockfish). They get them from the `wingtip` and
`stockfish` fixtures of conftest.py, which fail the test when the tool is missing: a
missing tool fails CI instead of skipping what it should test.
"""

import subprocess
import sys

from rig import paths

ROOT = paths.ROOT


def run(module, *args, **kwargs):
    """Runs `python3 -m rig.MODULE ARGS...` from the repository root, as a user would;
    returns the CompletedProcess (output captured as text unless told otherwise)."""
    if "stdout" not in kwargs and "stderr" not in kwargs:
        kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    return subprocess.run([sys.executable, "-m", f"rig.{module}", *(str(a) for a in args)],
                          cwd=ROOT, **kwargs)
