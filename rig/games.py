"""Playing one game between two engine processes (rig.engines.Player): the clock kept by
the rig, node budgets, adjudication, abnormal endings, and the PGN record.

The clock: the wall time of each move is taken from the mover's clock, the increment added
after the move, and a side whose clock is below -timemargin after its move loses on time.
With a node budget both engines get `go nodes N` and there is no clock. A crash (process
died or protocol error) or an illegal move loses the game. Each move's PGN comment is
`{score/depth seconds}` (the mover's score in pawns) or `{seconds}`.

Adjudication (off unless its settings are given) is logged in the PGN's Termination header:
    resign: both engines' last M scores (2M plies) say the same side wins by >= S cp (a mate
            score counts as huge)
    draw:   from move N, both engines' last M scores are within +-S cp
Games reaching max_plies are drawn and logged as adjudicated.
"""

import time

import chess
import chess.engine
import chess.pgn

class Settings:
    """Match settings shared by the workers (filled from the command line)."""

    def __init__(self, args):
        self.base, self.inc = (None, None)
        if args.nodes is None:
            try:
                base, inc = args.tc.split("+") if "+" in args.tc else (args.tc, "0")
                self.base, self.inc = float(base), float(inc)
            except ValueError:
                raise SystemExit(f"rig: bad --tc {args.tc!r} (want BASE+INC in seconds)")
        self.nodes = args.nodes
        self.per_engine = None  # {"A": nodes, "B": nodes} when games are played by nodes
        self.timemargin = args.timemargin / 1000.0
        self.max_plies = args.max_plies
        self.resign_moves, self.resign_score = args.resign_moves, args.resign_score
        self.draw_movenumber = args.draw_movenumber
        self.draw_moves, self.draw_score = args.draw_moves, args.draw_score

    def tc_label(self):
        if self.per_engine:
            a, b = self.per_engine["A"], self.per_engine["B"]
            return f"nodes {a}" if a == b else f"nodes {a} vs {b}"
        return f"{self.base:g}+{self.inc:g}"


def _score_cp(info):
    """Mover's score in centipawns (mate scores as +-100000), or None."""
    score = info.get("score") if info else None
    if score is None:
        return None
    return score.relative.score(mate_score=100000)


def adjudicate(white_scores, fullmove, settings):
    """Returns (result, reason) if an adjudication rule fires, else None.

    `white_scores` holds one score per ply (White's point of view, None when the mover sent
    none), the most recent last."""
    m = settings.resign_moves
    if m and len(white_scores) >= 2 * m:
        last = white_scores[-2 * m:]
        if all(s is not None for s in last):
            if all(s >= settings.resign_score for s in last):
                return "1-0", f"adjudication: both engines score >= {settings.resign_score} cp"
            if all(s <= -settings.resign_score for s in last):
                return "0-1", f"adjudication: both engines score <= -{settings.resign_score} cp"
    m = settings.draw_moves
    if m and fullmove >= settings.draw_movenumber and len(white_scores) >= 2 * m:
        last = white_scores[-2 * m:]
        if all(s is not None and abs(s) <= settings.draw_score for s in last):
            return "1/2-1/2", f"adjudication: draw, |score| <= {settings.draw_score} cp"
    return None


def play_game(white, black, start, settings, headers):
    """Plays one game; returns (pgn game, result string, abnormal: dict color -> kind or {})."""

    board = start.copy()
    game = chess.pgn.Game()
    game.setup(board)
    game.headers.update(headers)
    node = game
    players = {chess.WHITE: white, chess.BLACK: black}
    clocks = {chess.WHITE: settings.base, chess.BLACK: settings.base}
    token = object()
    abnormal = {}
    white_scores = []
    result = reason = None
    for color, player in players.items():
        try:
            player.new_game()
        except (OSError, chess.engine.EngineError, chess.engine.EngineTerminatedError,
                TimeoutError) as err:
            player.close()
            abnormal[color] = "crash"
            result = "0-1" if color == chess.WHITE else "1-0"
            reason = f"{player.spec.label()} failed to start: {err}"
            break
    while result is None:
        if board.is_game_over(claim_draw=True):
            outcome = board.outcome(claim_draw=True)
            result, reason = outcome.result(), outcome.termination.name.lower()
            break
        if board.ply() - start.ply() >= settings.max_plies:
            result, reason = "1/2-1/2", f"adjudication: {settings.max_plies} plies"
            break
        side = board.turn
        player = players[side]
        nodes = player.spec.nodes or settings.nodes
        if nodes is not None:
            limit = chess.engine.Limit(nodes=nodes)
        else:
            limit = chess.engine.Limit(white_clock=max(clocks[chess.WHITE], 0.001),
                                       black_clock=max(clocks[chess.BLACK], 0.001),
                                       white_inc=settings.inc, black_inc=settings.inc,
                                       clock_id=token)
        lose = "0-1" if side == chess.WHITE else "1-0"
        started = time.monotonic()
        try:
            played = player.engine.play(board, limit, game=token, info=chess.engine.INFO_SCORE)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError,
                OSError) as err:
            player.close()
            abnormal[side] = "crash"
            result, reason = lose, f"{player.spec.label()} crashed or broke the protocol: {err}"
            break
        used = time.monotonic() - started
        if played.resigned:
            result, reason = lose, f"{player.spec.label()} resigned"
            break
        move = played.move
        if move is None or move not in board.legal_moves:
            abnormal[side] = "illegal"
            result, reason = lose, f"illegal move {move} by {player.spec.label()}"
            break
        if nodes is None:
            clocks[side] -= used
            if clocks[side] < -settings.timemargin:
                abnormal[side] = "time"
                result, reason = lose, f"time forfeit by {player.spec.label()}"
                break
            clocks[side] += settings.inc
        cp = _score_cp(played.info)
        white_scores.append(None if cp is None else (cp if side == chess.WHITE else -cp))
        node = node.add_variation(move)
        comment = f"{used:.3f}s"
        if cp is not None:
            comment = f"{cp / 100:+.2f}/{played.info.get('depth', 0)} " + comment
        node.comment = comment
        board.push(move)
        verdict = adjudicate(white_scores, board.fullmove_number, settings)
        if verdict:
            result, reason = verdict
            break
    game.headers["Result"] = result
    game.headers["Termination"] = reason
    game.headers["PlyCount"] = str(board.ply() - start.ply())
    return game, result, abnormal
