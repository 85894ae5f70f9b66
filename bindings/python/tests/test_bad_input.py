"""Bad input never crashes: each case raises a Python exception (WingtipError, a
ValueError, or one of its subclasses; TypeError for a wrong type) with a clear
one-line message naming what was wrong."""

import random
import string

import pytest

import wingtip

START = wingtip.STARTING_FEN


def raises(call, kind, words):
    with pytest.raises(kind) as info:
        call()
    message = str(info.value)
    assert "\n" not in message and message.strip() == message and message
    for word in words:
        assert word in message, (word, message)
    return info.value


FEN_CASES = [
    ("", "has 0 fields"),
    ("hello", "has 1 fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank"),
    ("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter 'x'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en-passant"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", "fullmove"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w XYZ - 0 1", "castling"),
    ("8/8/8/8/8/8/8/8 w - - 0 1", "no king"),
    ("4k3/8/8/8/8/8/8/4K1KK w - - 0 1", "more than one king"),
    ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn on back rank"),
    ("4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", "not to move is in check"),
    ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right"),
    ("r3k2r/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1", "castling right"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\x00 w KQkq - 0 1", "rank 1"),
    ("é" * 10_000, "invalid FEN"),
]


@pytest.mark.parametrize("fen,words", FEN_CASES)
def test_malformed_or_illegal_fen(fen, words):
    error = raises(lambda: wingtip.Board(fen), wingtip.FenError, ["invalid FEN", words])
    assert isinstance(error, wingtip.WingtipError) and isinstance(error, ValueError)
    assert len(str(error)) < 300


@pytest.mark.parametrize(
    "text,kind,words",
    [
        ("e2e5", wingtip.IllegalMoveError, ['illegal move "e2e5" in ' + START]),
        ("e7e5", wingtip.IllegalMoveError, ["illegal move"]),
        ("e1g1", wingtip.IllegalMoveError, ["illegal move"]),
        ("0000", wingtip.InvalidMoveError, ['invalid UCI move "0000"']),
        ("e2", wingtip.InvalidMoveError, ["invalid UCI move", "malformed"]),
        ("e2e4x", wingtip.InvalidMoveError, ["invalid UCI move"]),
        ("z9z9", wingtip.InvalidMoveError, ["invalid UCI move"]),
        ("", wingtip.InvalidMoveError, ["invalid UCI move"]),
        ("e2e4\n", wingtip.InvalidMoveError, ['"e2e4\\n"']),
        ("x" * 5000, wingtip.InvalidMoveError, ["…"]),
    ],
)
def test_bad_uci_moves(text, kind, words):
    board = wingtip.Board()
    for call in (board.push_uci, board.parse_uci, board.push, board.san):
        raises(lambda: call(text), kind, words)
    assert board.fen() == START and board.move_stack == []
    if kind is wingtip.IllegalMoveError:
        assert board.is_legal(text) is False
    else:
        raises(lambda: board.is_legal(text), kind, words)


@pytest.mark.parametrize(
    "text,kind,words",
    [
        ("Nd4", wingtip.IllegalMoveError, ['illegal san "Nd4"', "no legal move"]),
        ("O-O", wingtip.IllegalMoveError, ["illegal san"]),
        ("e5", wingtip.IllegalMoveError, ["illegal san"]),
        ("Nz3", wingtip.InvalidMoveError, ['invalid san "Nz3"', "malformed"]),
        ("", wingtip.InvalidMoveError, ["invalid san"]),
        ("--", wingtip.IllegalMoveError, ["null move"]),
        ("\x00", wingtip.InvalidMoveError, ["invalid san"]),
    ],
)
def test_bad_san(text, kind, words):
    board = wingtip.Board()
    for call in (board.push_san, board.parse_san):
        raises(lambda: call(text), kind, words)
    assert board.fen() == START


def test_ambiguous_and_incomplete_san():
    board = wingtip.Board("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")  # both knights reach d2
    raises(lambda: board.push_san("Nd2"), wingtip.AmbiguousMoveError, ['ambiguous san "Nd2"'])
    assert board.push_san("Nbd2").uci() == "b1d2"
    promo = wingtip.Board("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    raises(lambda: promo.push_san("a8"), wingtip.IllegalMoveError, ["promotion"])
    raises(lambda: promo.push_uci("a7a8"), wingtip.IllegalMoveError, ["illegal move"])
    assert promo.push_san("a8=N").promotion == "n"


def test_moves_of_another_position():
    board = wingtip.Board()
    foreign = wingtip.Board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").legal_moves()[0]
    raises(lambda: board.push(foreign), wingtip.IllegalMoveError, ["illegal move", START])
    raises(lambda: board.san(foreign), wingtip.IllegalMoveError, ["illegal move"])
    assert board.is_legal(foreign) is False


@pytest.mark.parametrize("value", [3, 2.0, None, b"e2e4", ["e2e4"]])
def test_move_arguments_of_the_wrong_type(value):
    board = wingtip.Board()
    raises(lambda: board.push(value), TypeError, ["a move must be a wingtip.Move or UCI text"])


def test_pop_and_peek_on_an_empty_stack():
    board = wingtip.Board()
    for call, words in ((board.pop, "pop from an empty move stack"), (board.peek, "peek at an empty move stack")):
        error = raises(call, wingtip.EmptyStackError, [words])
        assert isinstance(error, IndexError) and isinstance(error, wingtip.WingtipError)
    board.push_uci("e2e4")
    board.pop()
    raises(board.pop, IndexError, ["empty move stack"])


@pytest.mark.parametrize(
    "depth,kind,words",
    [
        (-1, wingtip.WingtipError, ["perft depth -1 is out of range", "0 to 32"]),
        (33, wingtip.WingtipError, ["perft depth 33 is out of range"]),
        (10**30, wingtip.WingtipError, ["perft depth is far too large"]),
        (-(10**30), wingtip.WingtipError, ["perft depth is far too negative"]),
        (2.0, TypeError, ["perft depth must be an int, not float"]),
        ("3", TypeError, ["must be an int, not str"]),
        (True, TypeError, ["must be an int, not bool"]),
        (None, TypeError, ["must be an int, not NoneType"]),
    ],
)
def test_bad_perft_depths(depth, kind, words):
    raises(lambda: wingtip.Board().perft(depth), kind, words)


@pytest.mark.parametrize(
    "limits,kind,words",
    [
        ({}, wingtip.WingtipError, ["search needs at least one limit: depth, nodes or movetime"]),
        ({"depth": None, "nodes": None}, wingtip.WingtipError, ["at least one limit"]),
        ({"depth": 0}, wingtip.WingtipError, ["depth 0 is out of range", "1 to 95"]),
        ({"depth": -5}, wingtip.WingtipError, ["depth -5 is out of range"]),
        ({"depth": 96}, wingtip.WingtipError, ["depth 96 is out of range"]),
        ({"depth": 10**100}, wingtip.WingtipError, ["depth is far too large"]),
        ({"nodes": 0}, wingtip.WingtipError, ["nodes 0 is out of range"]),
        ({"nodes": -1}, wingtip.WingtipError, ["nodes -1 is out of range"]),
        ({"nodes": 2**64}, wingtip.WingtipError, ["nodes is far too large"]),
        ({"movetime": 0}, wingtip.WingtipError, ["movetime 0 is out of range"]),
        ({"movetime": -10}, wingtip.WingtipError, ["movetime -10 is out of range"]),
        ({"movetime": -0.5}, wingtip.WingtipError, ["movetime -0.5 is out of range"]),
        ({"movetime": float("nan")}, wingtip.WingtipError, ["movetime NaN is out of range"]),
        ({"movetime": float("inf")}, wingtip.WingtipError, ["movetime inf is out of range"]),
        ({"movetime": 1e300}, wingtip.WingtipError, ["movetime", "at most"]),
        ({"depth": 3, "hash_mb": -1}, wingtip.WingtipError, ["hash_mb -1 is out of range", "0 to 65536"]),
        ({"depth": 3, "hash_mb": 10**6}, wingtip.WingtipError, ["hash_mb 1000000 is out of range"]),
        ({"depth": "5"}, TypeError, ["depth must be an int, not str"]),
        ({"depth": 2.5}, TypeError, ["depth must be an int, not float"]),
        ({"movetime": "100"}, TypeError, ["movetime must be an int or a float (milliseconds), not str"]),
    ],
)
def test_bad_search_limits(limits, kind, words):
    raises(lambda: wingtip.Board().search(**limits), kind, words)
    if "hash_mb" not in limits:
        raises(lambda: wingtip.Engine(hash_mb=1).search(wingtip.Board(), **limits), kind, words)


def test_bad_engine_arguments():
    raises(lambda: wingtip.Engine(hash_mb=-1), wingtip.WingtipError, ["hash_mb -1 is out of range"])
    raises(lambda: wingtip.Engine(hash_mb=65537), wingtip.WingtipError, ["hash_mb 65537 is out of range"])
    raises(lambda: wingtip.Engine(hash_mb="16"), TypeError, ["hash_mb must be an int"])
    with pytest.raises(TypeError):
        wingtip.Engine().search("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", depth=1)


@pytest.mark.parametrize("square", [-1, 64, 10**20])
def test_bad_squares(square):
    raises(lambda: wingtip.Board().piece_at(square), wingtip.WingtipError, ["square", "0 to 63"])


def test_repetition_counts_of_any_size():
    board = wingtip.Board()
    assert board.is_repetition(10**40) is False
    assert board.is_repetition(-(10**40)) is True
    with pytest.raises(TypeError, match="count must be an int"):
        board.is_repetition("3")


def test_a_hash_table_too_large_for_the_machine():
    # 64 GiB: either the allocator refuses (MemoryError, with a message) or, with
    # overcommit, the zeroed pages are only reserved.
    try:
        engine = wingtip.Engine(hash_mb=wingtip.HASH_MB_MAX)
    except MemoryError as error:
        assert "could not allocate" in str(error)
    else:
        assert engine.hash_mb == wingtip.HASH_MB_MAX


def test_bad_pickle_data():
    with pytest.raises(wingtip.IllegalMoveError):
        wingtip.Board._from_moves(wingtip.STARTING_FEN, False, ["e2e5"])
    with pytest.raises(wingtip.FenError):
        wingtip.Board._from_moves("garbage", False, [])


def test_other_bad_arguments():
    with pytest.raises(TypeError):
        wingtip.Board(42)
    with pytest.raises(TypeError):
        wingtip.Board().push_uci(None)
    with pytest.raises(TypeError):
        wingtip.Board().push_san(b"e4")


def test_random_garbage_never_crashes():
    rng = random.Random(99)
    alphabet = string.printable + "é♞\x00\x7f"
    board = wingtip.Board()
    pieces = "12345678/ kqrbnpKQRBNPwb-"
    for _ in range(3000):
        garbage = "".join(rng.choice(alphabet) for _ in range(rng.randrange(12)))
        fenish = "".join(rng.choice(pieces) for _ in range(rng.randrange(60)))
        for call in (board.push_uci, board.push_san, board.parse_uci, board.parse_san, board.is_legal):
            try:
                call(garbage)
            except wingtip.WingtipError:
                pass
            else:
                board.pop() if call in (board.push_uci, board.push_san) else None
        for text in (garbage, fenish):
            for chess960 in (False, True):
                try:
                    parsed = wingtip.Board(text, chess960=chess960)
                except wingtip.FenError:
                    continue
                assert wingtip.Board(parsed.fen(), chess960=chess960) == parsed
    assert board.fen() == START
