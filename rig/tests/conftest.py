"""Fixtures for the tools some rig tests need. A missing tool fails the test with the
command that provides it (it never skips: CI must not pass without running them)."""

import os
import shutil

import pytest

from rig import paths


@pytest.fixture(scope="session")
def wingtip():
    """The release engine, target/release/wingtip."""
    if not os.access(paths.ENGINE, os.X_OK):
        pytest.fail(f"needs the release engine {paths.ENGINE}: run `cargo build --release` "
                    "at the repository root first", pytrace=False)
    return paths.ENGINE


@pytest.fixture(scope="session")
def stockfish():
    """Debian's stockfish (on PATH, or /usr/games/stockfish)."""
    path = shutil.which("stockfish") or shutil.which("/usr/games/stockfish")
    if path is None:
        pytest.fail("needs Debian's stockfish: `apt-get install stockfish` (it installs "
                    "/usr/games/stockfish)", pytrace=False)
    return path
