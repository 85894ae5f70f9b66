"""The search: mates, legal best moves, the limits, the Engine's kept tables."""

import chess
import pytest

import wingtip
from _support import random_fens

MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"


def test_mate_in_one():
    result = wingtip.Board(MATE_IN_ONE).search(depth=4)
    assert result.best_move.uci() == "a1a8"
    assert result.mate == 1 and result.score_cp is None
    assert [m.uci() for m in result.pv] == ["a1a8"]
    assert result.depth >= 1 and result.nodes > 0


def test_mate_in_one_for_black():
    board = wingtip.Board("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1")
    result = board.search(depth=3)
    assert result.best_move.uci() == "a8a1" and result.mate == 1
    board.push(result.best_move)
    assert board.is_checkmate()


def test_being_mated_and_having_no_move():
    mated = wingtip.Board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
    result = mated.search(depth=3)
    assert result.best_move is None and result.pv == []
    assert result.mate == 0
    stalemate = wingtip.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.is_stalemate()
    result = stalemate.search(depth=3)
    assert result.best_move is None and result.score_cp == 0


def test_being_mated_in_one_is_mate_minus_one():
    # Black's only move is Kg8, then Ra8 mates.
    result = wingtip.Board("7k/8/6K1/8/8/8/8/R7 b - - 0 1").search(depth=5)
    assert result.best_move.uci() == "h8g8"
    assert result.mate == -1
    assert [m.uci() for m in result.pv] == ["h8g8", "a1a8"]


@pytest.mark.parametrize("fen", random_fens(seed=17, count=25, max_plies=80))
def test_best_move_is_legal_and_pv_plays(fen):
    board = wingtip.Board(fen)
    if board.is_game_over():
        return
    result = board.search(nodes=3000, hash_mb=1)
    cb = chess.Board(fen)
    assert chess.Move.from_uci(result.best_move.uci()) in cb.legal_moves
    assert result.pv[0] == result.best_move
    # The whole PV is a sequence of legal moves.
    replay = board.copy()
    for move in result.pv:
        replay.push(move.uci())


def test_limits_end_the_search():
    board = wingtip.Board()
    assert board.search(depth=1).depth == 1
    assert board.search(depth=3).depth == 3
    # Nodes are checked every 1,024 nodes.
    assert board.search(nodes=5000).nodes <= 5000 + 1024
    result = board.search(movetime=30)
    assert result.best_move is not None
    result = board.search(movetime=0.5, depth=2)  # a float, rounded up to 1 ms
    assert result.best_move is not None
    assert board.search(depth=2, hash_mb=0).best_move is not None


def test_depth_and_nodes_searches_are_deterministic():
    board = wingtip.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    first = board.search(depth=7)
    second = board.search(depth=7)
    assert (first.best_move, first.nodes, first.score_cp) == (second.best_move, second.nodes, second.score_cp)


def test_engine_keeps_its_tables():
    engine = wingtip.Engine(hash_mb=4)
    assert engine.hash_mb == 4 and engine.hashfull() == 0 and not engine.searching
    board = wingtip.Board()
    first = engine.search(board, depth=8)
    assert engine.hashfull() > 0
    # The second search of the same position starts from a filled hash table.
    second = engine.search(board, depth=8)
    assert second.nodes < first.nodes
    engine.clear()
    assert engine.hashfull() == 0
    assert engine.search(board, depth=1).best_move is not None
    assert repr(engine) == "<Engine hash_mb=4>"


def test_search_sees_repetitions_on_the_move_stack():
    # White, a rook against a knight, is lost; but its knight shuffle has repeated the
    # position, so going back into it is a draw, which the search must see.
    board = wingtip.Board("6k1/8/8/8/8/8/r7/6KN w - - 0 1")
    assert board.search(depth=6).score_cp < -100
    for uci in ["h1f2", "a2a3", "f2h1", "a3a2"] * 2:
        board.push(uci)
    result = board.search(depth=6)
    assert result.score_cp == 0
    assert result.best_move.uci() == "h1f2"
    # The same position without its history is lost again.
    assert wingtip.Board(board.fen()).search(depth=6).score_cp < -100


def test_search_result_repr():
    result = wingtip.Board(MATE_IN_ONE).search(depth=2)
    assert repr(result).startswith("<SearchResult best_move=a1a8 mate=1 depth=")


def test_chess960_search_writes_king_takes_rook():
    # Castling is the only sensible move here, and in Chess960 it is written e1h1.
    fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/4K2R w K - 0 1"
    cb = chess.Board(fen, chess960=True)
    result = wingtip.Board(fen, chess960=True).search(depth=4)
    assert chess.Move.from_uci(result.best_move.uci()) in cb.legal_moves
    for move in wingtip.Board(fen, chess960=True).legal_moves():
        if move.is_castling():
            assert move.uci() == "e1h1" and move.to_square == chess.H1
    for move in wingtip.Board(fen).legal_moves():
        if move.is_castling():
            assert move.uci() == "e1g1" and move.to_square == chess.G1
