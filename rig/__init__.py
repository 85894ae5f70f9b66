"""wingtip's test rig: the Python commands that play, test and measure the engine as a
whole, through its UCI interface, against itself and other engines (python-chess drives
the engines). Every command runs from the repository root as

    python3 -m rig.<command> --help

Commands:
    sprt          engine A against engine B from an opening book; stops by a GSPRT on
                  Elo bounds or after N games; PGN to lab/data/, a row to lab/test-log.md
    recount       recounts an SPRT test's PGN with each opening's pair once (no replays)
    pool          pools the pentanomial counts of several sprt streams of one test
    clocks        how each engine spent its clock in a match PGN
    score_gap     how far an engine's reported scores stray from a reference engine's
    endgame_book  won-looking endings from match PGNs, as an EPD book for conversion tests
    spsa          SPSA tuning of the search parameters (engine/spsa_params.txt) by self-play
    match         wingtip against fixed opponents (Stockfish at a set Elo, GNU Chess)
    book          builds an opening book of balanced positions with Stockfish (rig/books/)
    datagen       self-play training data (FEN | result | score | game) for the tuners
    label         relabels training data with a reference engine's scores
    siblings      the positions one move from sampled parents, for the ranking loss

Library modules (no command line):
    stats         Elo, its interval, GSPRT log-likelihood ratios, the match tally
    engines       engine descriptions, presets, one engine process per worker, --build REV
    games         one game between two engines: clocks, node budgets, adjudication, PGN
    openings      reading an EPD opening book (positions replayed from their c0 lines)
    pairs         the game pairs of a rig PGN and the first pair of each opening
    workers       worker threads with a clean Ctrl-C
    uci_pipe      a bare UCI pipe for many short questions (fixed-depth scores)
    paths         the default paths (rig/books/, lab/data/, lab/test-log.md, the engine)

Import graph (A -> B: A imports B; commands import library modules, library modules import
no command and only pairs imports another library module, so there is no cycle;
rig/tests/test_package.py checks it):

    commands                                          library
    sprt      -> engines, games, openings, pairs, paths, stats, workers
    spsa      -> engines, games, openings, paths, workers
    recount   -> pairs, stats                         pairs    -> stats
    pool      -> stats                                stats    -> (none)
    match     -> stats                                engines  -> (none)
    datagen   -> paths, workers                       games    -> (none)
    book      -> paths                                openings -> (none)
    label     -> uci_pipe                             workers  -> (none)
    clocks, score_gap, siblings, endgame_book         uci_pipe -> (none)
              -> (none: python-chess only)            paths    -> (none)

The tests are in rig/tests/ (`python3 -m pytest -q rig/tests`); some need a release
engine (`cargo build --release`) and Debian's stockfish, and fail without them.
"""
