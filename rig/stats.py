"""The rig's statistics: logistic Elo, its confidence interval, and the generalized SPRT
(GSPRT) on the trinomial (games) or pentanomial (game pairs) distribution of outcomes, as
fishtest computes them; plus the tally of a match's results. Pure functions, no engine or
file access; unit-tested by rig/tests/test_sprt.py.

All from engine A's point of view:
    Elo is the logistic Elo -400 log10(1/s - 1) of the mean score s. Its 95 % interval maps
    s +- 1.96 standard errors through the same function; the standard error comes from the
    pentanomial distribution of game pairs or the trinomial distribution of games.
    The SPRT is the generalized SPRT on the multinomial distribution of outcomes, as used by
    fishtest: for each hypothesis elo_k (k = 0, 1, logistic Elo) the score s_k is fixed and
    the outcome probabilities are the maximum-likelihood ones among distributions with mean
    s_k, p_i = phat_i / (1 + lambda (a_i - s_k)), with lambda the root of
    sum_i phat_i (a_i - s_k) / (1 + lambda (a_i - s_k)) = 0. The log-likelihood ratio is
    LLR = sum_i n_i log(p1_i / p0_i); the test accepts H1 when LLR >= log((1 - beta) / alpha)
    and H0 when LLR <= log(beta / (1 - alpha)). Outcomes never seen get a count of 1e-3 so
    that the root exists (fishtest's regularisation).
See rig/sprt.py's docstring for the references and the limits of the test.
"""

import math
import threading

#: Scores per game of the trinomial outcomes (loss, draw, win).
TRINOMIAL_VALUES = (0.0, 0.5, 1.0)
#: Mean score per game of the pentanomial pair outcomes (LL, LD, DD or WL, WD, WW).
PENTANOMIAL_VALUES = (0.0, 0.25, 0.5, 0.75, 1.0)
#: White's points for each game result.
RESULT_POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
#: Count given to outcomes never seen, so the constrained maximum-likelihood problem has a root.
REGULARISATION = 1e-3


def score_from_elo(elo):
    """Expected score of a side that is `elo` logistic Elo stronger: 1 / (1 + 10^(-elo/400))."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_from_score(score):
    """Logistic Elo difference of a mean score in [0, 1]; +-inf at the ends."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def sprt_bounds(alpha, beta):
    """(lower, upper) LLR bounds of Wald's SPRT: log(beta/(1-alpha)), log((1-beta)/alpha)."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def _regularised(counts):
    return [c if c > 0 else REGULARISATION for c in counts]


def mle_with_mean(values, counts, mean):
    """Maximum-likelihood outcome probabilities given the observed `counts`, under the
    constraint that the expected value is `mean`: p_i = phat_i / (1 + lam (a_i - mean)).

    Returns None when `mean` is not strictly inside (min(values), max(values)).
    """
    counts = _regularised(counts)
    total = sum(counts)
    phat = [c / total for c in counts]
    d = [a - mean for a in values]
    if not (min(d) < 0.0 < max(d)):
        return None
    # g(lam) = sum phat_i d_i / (1 + lam d_i) decreases on (-1/max d, -1/min d): bisection.
    lo, hi = -1.0 / max(d), -1.0 / min(d)

    def g(lam):
        return sum(p * di / (1.0 + lam * di) for p, di in zip(phat, d))

    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if g(mid) > 0.0:
            lo = mid
        else:
            hi = mid
    lam = 0.5 * (lo + hi)
    probs = [p / (1.0 + lam * di) for p, di in zip(phat, d)]
    norm = sum(probs)
    return [p / norm for p in probs]


def llr(values, counts, elo0, elo1):
    """GSPRT log-likelihood ratio of H1 (logistic Elo elo1) against H0 (elo0)."""
    if sum(counts) == 0:
        return 0.0
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    p0 = mle_with_mean(values, counts, s0)
    p1 = mle_with_mean(values, counts, s1)
    if p0 is None or p1 is None:
        return 0.0
    return sum(n * math.log(b / a) for n, a, b in zip(_regularised(counts), p0, p1) if n > 0)


def llr_trinomial(wins, draws, losses, elo0, elo1):
    """GSPRT LLR from game counts (A's wins, draws, losses)."""
    return llr(TRINOMIAL_VALUES, [losses, draws, wins], elo0, elo1)


def llr_pentanomial(penta, elo0, elo1):
    """GSPRT LLR from pair counts [LL, LD, DD+WL, WD, WW] (A's point of view)."""
    return llr(PENTANOMIAL_VALUES, list(penta), elo0, elo1)


def llr_normal_approx(values, counts, elo0, elo1):
    """The normal approximation of the same LLR: N (s1-s0) (2 shat - s0 - s1) / (2 var),
    with shat and var the sample mean and variance per unit (game or pair). Used as a
    cross-check only."""
    n = sum(counts)
    if n == 0:
        return 0.0
    mean = sum(a * c for a, c in zip(values, counts)) / n
    var = sum(c * (a - mean) ** 2 for a, c in zip(values, counts)) / n
    if var <= 0.0:
        return 0.0
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)


def elo_interval(values, counts, z=1.959963984540054):
    """(elo, lower, upper) of the mean score with a z-sigma interval (default 95 %)."""
    n = sum(counts)
    if n == 0:
        return 0.0, -math.inf, math.inf
    mean = sum(a * c for a, c in zip(values, counts)) / n
    var = sum(c * (a - mean) ** 2 for a, c in zip(values, counts)) / n
    se = math.sqrt(var / n)
    return (elo_from_score(mean), elo_from_score(mean - z * se),
            elo_from_score(mean + z * se))


def pair_index(first, second):
    """Pentanomial index (0..4) of a pair of A's game scores (each 0, 0.5 or 1)."""
    return int(round(2 * (first + second)))



def fmt_elo(elo, lo, hi):
    """Elo with its interval: "+12.3 ± 20.1", or "+301.3 [+110, +inf]" when unbounded."""
    if not math.isfinite(elo):
        return f"{elo + 0.0:+.0f}"
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return f"{elo + 0.0:+.1f} [{lo:+.0f}, {hi:+.0f}]"
    return f"{elo + 0.0:+.1f} ± {(hi - lo) / 2:.1f}"


# ---------------------------------------------------------------------------------------------
# A match's results
# ---------------------------------------------------------------------------------------------

class Tally:
    """Results from A's point of view, updated under a lock by the workers."""

    def __init__(self):
        self.lock = threading.Lock()
        self.wdl = [0, 0, 0]  # A's wins, draws, losses
        self.penta = [0, 0, 0, 0, 0]
        self.abnormal = {"A": {}, "B": {}}
        self.pairs = 0

    def add_pair(self, scores, abnormal):
        with self.lock:
            for s in scores:
                self.wdl[0 if s == 1.0 else 1 if s == 0.5 else 2] += 1
            if len(scores) == 2:
                self.penta[pair_index(*scores)] += 1
                self.pairs += 1
            for who, kind in abnormal:
                self.abnormal[who][kind] = self.abnormal[who].get(kind, 0) + 1

    def games(self):
        return sum(self.wdl)

    def stats(self, args):
        w, d, l = self.wdl
        if args.model == "pentanomial":
            values, counts = PENTANOMIAL_VALUES, self.penta
        else:
            values, counts = TRINOMIAL_VALUES, [l, d, w]
        elo, lo, hi = elo_interval(values, counts)
        value = llr(values, counts, args.elo0, args.elo1)
        return elo, lo, hi, value

    def abnormal_text(self, names):
        parts = []
        for who in ("A", "B"):
            for kind, n in sorted(self.abnormal[who].items()):
                parts.append(f"{names[who]} {kind} {n}")
        return ", ".join(parts) or "none"

