"""Reading an opening book: EPD records, one position a line (`#` lines and blank lines
skipped). When a record's c0 opcode holds the line from the start position in UCI moves
(as rig/book.py writes), the position is replayed from it, so the game keeps its history
(move numbers, the fifty-move counter, repetitions). The books are in rig/books/.
"""

import os

import chess


def replay_line(board, line):
    """The book position with its game history when the EPD's c0 holds the line from the
    start position (so move numbers, the fifty-move counter and repetitions are right);
    the bare EPD position otherwise."""
    if not isinstance(line, str):
        return board
    replay = chess.Board()
    try:
        for uci in line.split():
            replay.push_uci(uci)
    except ValueError:
        return board
    return replay if replay.epd() == board.epd() else board


def read_book(path):
    """[(board, id)] of the book's positions, in file order; the id is the EPD's id opcode,
    or FILE:LINE. Exits with a one-line message on a missing, empty or bad book."""
    positions = []
    try:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                try:
                    board, ops = chess.Board.from_epd(line)
                except ValueError as err:
                    raise SystemExit(f"rig: {path}:{number}: bad EPD: {err}")
                board = replay_line(board, ops.get("c0"))
                positions.append((board, str(ops.get("id", f"{os.path.basename(path)}:{number}"))))
    except OSError as err:
        raise SystemExit(f"rig: cannot read book {path}: {err}")
    if not positions:
        raise SystemExit(f"rig: book {path} is empty")
    return positions
