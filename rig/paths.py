"""Where the rig's commands read and write by default: paths from the repository root (the
folder that holds rig/), so a command gives the same defaults from any working directory."""

import os

#: The repository root.
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: The opening books (committed): book.epd (400 positions), book_large.epd, book_xl.epd.
BOOKS = os.path.join(ROOT, "rig", "books")
BOOK = os.path.join(BOOKS, "book.epd")
BOOK_LARGE = os.path.join(BOOKS, "book_large.epd")
#: Research data and the commands' outputs (games, self-play data): git-ignored.
DATA = os.path.join(ROOT, "lab", "data")
#: The log of every match run (one row per run of rig.sprt), committed.
TEST_LOG = os.path.join(ROOT, "lab", "test-log.md")
#: The engine as `cargo build --release` leaves it.
ENGINE = os.path.join(ROOT, "target", "release", "wingtip")
