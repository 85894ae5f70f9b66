/*
 * wingtip from C: positions, legal moves, perft, moves in UCI text and SAN, a
 * search with a caller-owned hash table, and the error codes.
 *
 * Build and run (bindings/c/test.sh does this):
 *   cargo build --release -p wingtip-c
 *   cc -std=c99 -Wall -Wextra -Werror -Ibindings/c/include bindings/c/examples/example.c \
 *      target/release/libwingtip_c.a -lpthread -ldl -lm -o example && ./example
 *
 * Prints one line per check and "N passed, N failed"; exits 1 if any failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wingtip.h"

static int passed = 0;
static int failed = 0;

static void check(int ok, const char *what) {
    if (ok) {
        passed++;
        printf("ok   %s\n", what);
    } else {
        failed++;
        printf("FAIL %s\n", what);
    }
}

/* The calling thread's last error message (one line). */
static const char *last_error(void) {
    static char message[256];
    if (wingtip_last_error(message, sizeof message, NULL) != WINGTIP_OK) {
        strcpy(message, "(message longer than 255 bytes)");
    }
    return message;
}

static WingtipPosition *from_fen(const char *fen) {
    WingtipPosition *pos = NULL;
    int rc = wingtip_position_from_fen(fen, false, &pos);
    if (rc != WINGTIP_OK) {
        printf("error %d for %s: %s\n", rc, fen, last_error());
        return NULL;
    }
    return pos;
}

static uint64_t perft(const WingtipPosition *pos, uint32_t depth) {
    uint64_t nodes = 0;
    if (wingtip_perft(pos, depth, &nodes) != WINGTIP_OK) {
        printf("perft failed: %s\n", last_error());
    }
    return nodes;
}

/* The number of legal moves, by all three routes; 0 if they disagree. */
static size_t legal_moves(const WingtipPosition *pos) {
    size_t count = 0, listed = 0, text_len = 0, words = 0;
    uint32_t moves[WINGTIP_MAX_MOVES];
    char text[WINGTIP_MAX_MOVES * 6];
    if (wingtip_legal_move_count(pos, &count) != WINGTIP_OK ||
        wingtip_legal_moves(pos, moves, WINGTIP_MAX_MOVES, &listed) != WINGTIP_OK ||
        wingtip_legal_moves_uci(pos, text, sizeof text, &text_len) != WINGTIP_OK) {
        printf("legal moves failed: %s\n", last_error());
        return 0;
    }
    for (size_t i = 0; i < text_len; i++) {
        if (text[i] != ' ' && (i == 0 || text[i - 1] == ' ')) {
            words++;
        }
    }
    return count == listed && count == words ? count : 0;
}

static const char *STARTPOS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
static const char *KIWIPETE =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
static const char *MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

int main(void) {
    char fen[WINGTIP_FEN_BYTES];
    char san[WINGTIP_MOVE_TEXT_BYTES];
    size_t len = 0;
    uint32_t mv = 0;

    /* The start position: moves, perft, FEN. */
    WingtipPosition *start = NULL;
    check(wingtip_position_new(&start) == WINGTIP_OK && start != NULL, "start position created");
    check(legal_moves(start) == 20, "start position: 20 legal moves");
    check(perft(start, 4) == 197281, "start position: perft 4 = 197281");
    check(wingtip_position_fen(start, fen, sizeof fen, &len) == WINGTIP_OK &&
              strcmp(fen, STARTPOS) == 0 && len == strlen(STARTPOS),
          "start position: FEN");

    /* Kiwipete. */
    WingtipPosition *kiwi = from_fen(KIWIPETE);
    check(kiwi != NULL, "Kiwipete created");
    check(legal_moves(kiwi) == 48, "Kiwipete: 48 legal moves");
    check(perft(kiwi, 3) == 97862, "Kiwipete: perft 3 = 97862");
    check(wingtip_move_from_uci(kiwi, "e5f7", &mv) == WINGTIP_OK &&
              wingtip_move_to_san(kiwi, mv, san, sizeof san, NULL) == WINGTIP_OK &&
              strcmp(san, "Nxf7") == 0,
          "Kiwipete: e5f7 is Nxf7");

    /* Making moves: UCI text, SAN, the 24-bit encoding; a copy stays as it was. */
    WingtipPosition *game = NULL;
    check(wingtip_position_copy(start, &game) == WINGTIP_OK, "copy");
    check(wingtip_make_move_uci(game, "e2e4") == WINGTIP_OK, "make e2e4");
    check(wingtip_make_move_san(game, "e5") == WINGTIP_OK, "make e5 (SAN)");
    check(wingtip_move_from_san(game, "Nf3", &mv) == WINGTIP_OK &&
              wingtip_make_move(game, mv) == WINGTIP_OK,
          "make Nf3 (encoded)");
    check(wingtip_position_fen(game, fen, sizeof fen, NULL) == WINGTIP_OK &&
              strcmp(fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2") == 0,
          "FEN after 1. e4 e5 2. Nf3");
    check(legal_moves(start) == 20, "the copied-from position is unchanged");

    /* An illegal move is refused and changes nothing. */
    check(wingtip_make_move_uci(game, "e2e5") == WINGTIP_ERR_ILLEGAL_MOVE,
          "illegal move e2e5 refused");
    printf("     (%s)\n", last_error());
    check(wingtip_make_move_uci(game, "nonsense") == WINGTIP_ERR_ILLEGAL_MOVE,
          "malformed move refused");
    check(wingtip_make_move(game, 0x123456) == WINGTIP_ERR_ILLEGAL_MOVE,
          "illegal encoded move refused");
    check(wingtip_position_fen(game, fen, sizeof fen, NULL) == WINGTIP_OK &&
              strcmp(fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2") == 0,
          "position unchanged after the refusals");

    /* A bad FEN: its code, and a one-line reason. */
    WingtipPosition *bad = start; /* not NULL: the call must clear it */
    int rc = wingtip_position_from_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                       false, &bad);
    check(rc == WINGTIP_ERR_BAD_FEN && bad == NULL, "bad FEN refused, *out set to NULL");
    const char *message = last_error();
    check(message[0] != '\0' && strchr(message, '\n') == NULL, "bad FEN: a one-line message");
    printf("     (%s)\n", message);

    /* A buffer too small: refused, with the size needed. */
    char tiny[8];
    len = 0;
    check(wingtip_position_fen(start, tiny, sizeof tiny, &len) == WINGTIP_ERR_BUFFER_TOO_SMALL &&
              tiny[0] == '\0' && len == strlen(STARTPOS),
          "too small buffer refused, length reported");
    check(wingtip_position_fen(start, NULL, 0, &len) == WINGTIP_ERR_BUFFER_TOO_SMALL &&
              len == strlen(STARTPOS),
          "size query with NULL, 0");
    uint32_t few[4];
    size_t count = 0;
    check(wingtip_legal_moves(start, few, 4, &count) == WINGTIP_ERR_BUFFER_TOO_SMALL &&
              count == 20,
          "too small move array refused, count reported");
    check(wingtip_perft(NULL, 1, NULL) == WINGTIP_ERR_NULL_POINTER, "NULL position refused");

    /* A search with a caller-owned, zeroed 1 MiB hash table. */
    size_t hash_bytes = (size_t)1 << 20;
    void *hash = calloc(1, hash_bytes);
    check(hash != NULL, "hash table allocated");
    WingtipPosition *mate = from_fen(MATE_IN_ONE);
    WingtipSearchLimits limits = {0};
    limits.depth = 6;
    WingtipSearchResult result;
    memset(&result, 0, sizeof result);
    rc = wingtip_search(mate, &limits, hash, hash_bytes, &result);
    check(rc == WINGTIP_OK, "depth-6 search");
    check(strcmp(result.best_move_uci, "a1a8") == 0, "search: best move a1a8");
    check(result.mate && result.score == 1, "search: mate in 1");
    check(result.depth == 6 && result.nodes > 0 && result.pv_len >= 1 &&
              result.pv[0] == result.best_move,
          "search: depth, nodes, PV");
    printf("     (bestmove %s score %s %d depth %u nodes %llu pv %s)\n", result.best_move_uci,
           result.mate ? "mate" : "cp", (int)result.score, (unsigned)result.depth,
           (unsigned long long)result.nodes, result.pv_uci);
    limits.depth = 0;
    check(wingtip_search(mate, &limits, hash, hash_bytes, &result) == WINGTIP_ERR_BAD_ARGUMENT,
          "search without a limit refused");
    limits.movetime_ms = 50;
    check(wingtip_search(kiwi, &limits, hash, hash_bytes, &result) == WINGTIP_OK &&
              result.best_move != 0,
          "50 ms search of Kiwipete");

    wingtip_position_free(mate);
    wingtip_position_free(game);
    wingtip_position_free(kiwi);
    wingtip_position_free(start);
    free(hash);

    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
