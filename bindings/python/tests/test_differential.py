"""wingtip against python-chess on seeded random games: legal move sets, SAN of every
legal move both ways, FEN round trips, the game's end, push and pop."""

import random

import chess
import pytest

import wingtip
from _support import pick_move, random_game_starts

GAMES_PER_CHUNK = 25
CHUNKS = 8  # 200 games
MAX_PLIES = 300


def outcome_pair(outcome):
    """(termination, winner) of a python-chess or wingtip outcome, or None."""
    if outcome is None:
        return None
    termination = outcome.termination
    name = termination if isinstance(termination, str) else termination.name.lower()
    return name, outcome.winner


def check_position(wb, cb, ply):
    """Every comparison of one position; the expensive ones on some plies only."""
    fen = cb.fen()
    assert wb.fen() == fen
    assert wb.turn == cb.turn
    assert wb.halfmove_clock == cb.halfmove_clock
    assert wb.fullmove_number == cb.fullmove_number
    assert wb.castling_rights == cb.castling_rights
    # FEN round trips, X-FEN and Shredder-FEN.
    assert wingtip.Board(fen, chess960=cb.chess960).fen() == fen
    assert wingtip.Board(wb.fen(shredder=True), chess960=True).fen(shredder=True) == cb.fen(shredder=True)
    assert wingtip.Board(fen, chess960=cb.chess960) == wb.copy(stack=False)

    c_moves = {m.uci(): m for m in cb.legal_moves}
    w_moves = {m.uci(): m for m in wb.legal_moves()}
    assert set(w_moves) == set(c_moves), fen
    assert wb.legal_move_count() == len(c_moves)
    for uci, wm in w_moves.items():
        cm = c_moves[uci]
        assert (wm.from_square, wm.to_square) == (cm.from_square, cm.to_square)
        assert wm.promotion == (chess.piece_symbol(cm.promotion) if cm.promotion else None)
        assert wm.is_capture() == cb.is_capture(cm)
        assert wm.is_castling() == cb.is_castling(cm)
        assert wm.is_en_passant() == cb.is_en_passant(cm)

    assert wb.is_check() == cb.is_check()
    assert wb.is_checkmate() == cb.is_checkmate()
    assert wb.is_stalemate() == cb.is_stalemate()
    assert wb.is_insufficient_material() == cb.is_insufficient_material()
    assert wb.is_seventyfive_moves() == cb.is_seventyfive_moves()
    assert wb.is_fivefold_repetition() == cb.is_fivefold_repetition()
    assert wb.is_repetition() == cb.is_repetition()
    assert wb.is_game_over() == cb.is_game_over()
    assert outcome_pair(wb.outcome()) == outcome_pair(cb.outcome())
    assert wb.result() == cb.result()
    if ply % 5 == 0:
        assert wb.is_fifty_moves() == cb.is_fifty_moves()
        assert wb.can_claim_fifty_moves() == cb.can_claim_fifty_moves()
        assert wb.can_claim_threefold_repetition() == cb.can_claim_threefold_repetition()
        assert outcome_pair(wb.outcome(claim_draw=True)) == outcome_pair(cb.outcome(claim_draw=True))
    if ply % 3 == 0:
        # SAN of every legal move, both ways.
        for uci, cm in c_moves.items():
            san = cb.san(cm)
            assert wb.san(w_moves[uci]) == san, (fen, uci)
            assert wb.parse_san(san) == w_moves[uci], (fen, san)
            assert wb.parse_uci(uci) == w_moves[uci]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_agree_with_python_chess(chunk):
    rng = random.Random(1000 + chunk)
    for fen, chess960 in random_game_starts(rng, GAMES_PER_CHUNK):
        cb = chess.Board(fen, chess960=chess960)
        wb = wingtip.Board(fen, chess960=chess960)
        for ply in range(MAX_PLIES):
            check_position(wb, cb, ply)
            if cb.is_game_over():
                break
            move = pick_move(rng, cb, list(cb.legal_moves))
            if ply % 2:
                pushed = wb.push_uci(move.uci())
                assert pushed.uci() == move.uci()
            else:
                wb.push(wb.parse_san(cb.san(move)))
            cb.push(move)
        # Back to the start, one pop at a time.
        assert [m.uci() for m in wb.move_stack] == [m.uci() for m in cb.move_stack]
        while cb.move_stack:
            assert wb.peek().uci() == cb.peek().uci()
            assert wb.pop().uci() == cb.pop().uci()
            assert wb.fen() == cb.fen()
        with pytest.raises(wingtip.EmptyStackError):
            wb.pop()


def test_repetitions_agree_with_python_chess():
    # Knights out and back: the start position comes back every four plies.
    cb = chess.Board()
    wb = wingtip.Board()
    white_first = ["g1f3", "g8f6", "f3g1", "f6g8"] * 5
    black_first = ["g8f6", "g1f3", "f6g8", "f3g1"] * 5
    for uci in white_first + ["e2e4"] + black_first:
        for b in (cb, wb):
            b.push_uci(uci)
        assert wb.is_repetition(2) == cb.is_repetition(2)
        assert wb.is_repetition() == cb.is_repetition()
        assert wb.is_fivefold_repetition() == cb.is_fivefold_repetition()
        assert wb.can_claim_threefold_repetition() == cb.can_claim_threefold_repetition()
        assert outcome_pair(wb.outcome(claim_draw=True)) == outcome_pair(cb.outcome(claim_draw=True))
        assert outcome_pair(wb.outcome()) == outcome_pair(cb.outcome())
    assert wb.is_repetition(1) and wb.is_repetition(0)


def test_fifty_and_seventyfive_move_rules():
    for clock in (98, 99, 100, 148, 149, 150):
        fen = f"4k3/8/8/8/8/8/8/R3K3 w - - {clock} 80"
        cb = chess.Board(fen)
        wb = wingtip.Board(fen)
        assert wb.is_fifty_moves() == cb.is_fifty_moves()
        assert wb.can_claim_fifty_moves() == cb.can_claim_fifty_moves()
        assert wb.is_seventyfive_moves() == cb.is_seventyfive_moves()
        assert outcome_pair(wb.outcome(claim_draw=True)) == outcome_pair(cb.outcome(claim_draw=True))
        assert outcome_pair(wb.outcome()) == outcome_pair(cb.outcome())
    # Checkmate takes precedence over the seventy-five-move rule.
    mate = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 90"
    assert outcome_pair(wingtip.Board(mate).outcome()) == ("checkmate", True)
    assert wingtip.Board(mate).result() == "1-0"


def test_en_passant_square_only_when_the_capture_is_legal():
    # The c4 pawn is pinned against its king by the bishop: no legal en passant.
    pinned = "8/8/8/8/k1pP3R/8/8/4K3 b - d3 0 1"
    cb = chess.Board(pinned)
    wb = wingtip.Board(pinned)
    assert wb.fen() == cb.fen() == "8/8/8/8/k1pP3R/8/8/4K3 b - - 0 1"
    assert wb == wingtip.Board(cb.fen()) and hash(wb) == hash(wingtip.Board(cb.fen()))
    legal = "8/8/8/8/2pP4/8/8/k3K3 b - d3 0 1"
    assert wingtip.Board(legal).fen() == chess.Board(legal).fen()
    assert "c4d3" in {m.uci() for m in wingtip.Board(legal).legal_moves()}
