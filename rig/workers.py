"""Worker threads for the rig's commands: run N threads of a worker function with a
clean Ctrl-C (finish the work in progress, a second Ctrl-C abandons it)."""

import signal
import threading


def run_workers(worker, count, on_interrupt):
    """Runs `count` threads of `worker` until they end. Ctrl-C and `kill` (TERM, or INT even
    when started in the background, where the shell ignores INT) call `on_interrupt()`, then
    the threads are joined so work in progress finishes (a second Ctrl-C abandons it).
    Returns True when interrupted."""

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)
    threads = [threading.Thread(target=worker, daemon=True) for _ in range(count)]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(0.5)
    except KeyboardInterrupt:
        on_interrupt()
        try:
            for t in threads:
                t.join()
        except KeyboardInterrupt:
            pass
        return True
    return False

