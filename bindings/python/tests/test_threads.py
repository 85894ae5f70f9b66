"""Thread safety: perft and searches on several threads at once give the same
results as alone, and they run without the GIL."""

import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import wingtip
from _support import CPW_PERFT

THREADS = 4


def test_concurrent_perft_on_own_boards():
    jobs = []
    for name, fen, counts in CPW_PERFT:
        depth = max(d for d in counts if counts[d] < 1_000_000)
        jobs.append((fen, depth, counts[depth]))
    jobs *= 3
    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(lambda job: wingtip.Board(job[0]).perft(job[1]), jobs))
    assert results == [expected for _, _, expected in jobs]


def test_concurrent_perft_on_one_shared_board():
    # Perft works on a copy of the position, so threads may share a board, and the
    # board may even be changed meanwhile.
    board = wingtip.Board(CPW_PERFT[1][1])
    with ThreadPoolExecutor(THREADS) as pool:
        futures = [pool.submit(board.perft, 3) for _ in range(8)]
        board.push_uci("e1g1")
        board.pop()
        assert [f.result() for f in futures] == [97862] * 8


def test_concurrent_searches_match_single_threaded_ones():
    fens = [fen for _, fen, _ in CPW_PERFT]
    alone = [wingtip.Board(fen).search(depth=6, hash_mb=1) for fen in fens]

    def search(fen):
        return wingtip.Engine(hash_mb=1).search(wingtip.Board(fen), depth=6)

    with ThreadPoolExecutor(THREADS) as pool:
        together = list(pool.map(search, fens * 2))
    for a, b in zip(alone * 2, together):
        assert (a.best_move, a.score_cp, a.mate, a.nodes, a.depth) == (b.best_move, b.score_cp, b.mate, b.nodes, b.depth)


def test_searches_on_one_engine_wait_for_each_other():
    engine = wingtip.Engine(hash_mb=1)
    boards = [wingtip.Board(fen) for _, fen, _ in CPW_PERFT]
    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(lambda b: engine.search(b, nodes=20_000), boards))
    for board, result in zip(boards, results):
        assert result.best_move in board.legal_moves()


def test_search_releases_the_gil():
    # The search below would run for minutes. This thread can only see it running,
    # and stop it, by executing Python code while it runs; with the GIL held by the
    # search, `engine.searching` could never be seen True and the node budget (a
    # backstop that fails the test instead of hanging it) would end the search.
    budget = 2_000_000_000
    engine = wingtip.Engine(hash_mb=1)
    results = []
    worker = threading.Thread(target=lambda: results.append(engine.search(wingtip.Board(), depth=95, nodes=budget)))
    worker.start()
    polls = 0
    while not engine.searching:
        polls += 1
        assert worker.is_alive() or engine.searching, "the search ended before this thread ran"
        threading.Event().wait(0.001)
    engine.stop()
    worker.join()
    result = results[0]
    assert result.best_move is not None
    assert result.nodes < budget
    assert not engine.searching


def test_perft_releases_the_gil():
    # With a switch interval of 1000 s the interpreter never takes the GIL away from a
    # thread within this test: a thread gives it up only by blocking or by releasing
    # it in native code. So this thread can run while the worker is between
    # `entered` and `done` only if perft releases the GIL.
    state = {"entered": False, "done": False}

    def work():
        state["entered"] = True
        state["count"] = wingtip.Board().perft(5)
        state["done"] = True

    seen = []
    old = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    try:
        worker = threading.Thread(target=work)
        worker.start()
        seen.append((state["entered"], state["done"]))
        worker.join()
    finally:
        sys.setswitchinterval(old)
    assert seen == [(True, False)]
    assert state["count"] == 4865609
