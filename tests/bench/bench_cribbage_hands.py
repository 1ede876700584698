"""Benchmark and check of the cribbage show: every (four-card hand, starter) pair.

Run: ``python tests/bench/bench_cribbage_hands.py`` (not collected by pytest).

1. Scores all 12,994,800 pairs (C(52,4) hands × 48 starters) and compares the
   count of each total 0–29 with the published table; exits 1 on a mismatch.
   Each hand is scored against the 48 starters grouped by rank (the fifteens,
   pairs and runs of a rank multiset come from the cached
   ``scoring.cribbage.show.rank_points``), then split by suit for the flush and
   nobs. Two processes share the hands.
2. Cross-checks that fast path against ``score_show`` (the itemized count)
   on random pairs; exits 1 on a difference.
3. Times ``discard_options`` (median over 200 random six-card deals) against
   a baseline measured in the same run: one ``score_show`` call.

``--pegging-max`` also runs the exhaustive search behind
``scoring.cribbage.game.MAX_PEGGING`` (minutes, several GB of memory).
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from itertools import combinations
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scoring.cards import STANDARD  # noqa: E402
from scoring.cribbage import MAX_PEGGING, discard_options, score_show  # noqa: E402
from scoring.cribbage.pegging import last_play_points  # noqa: E402
from scoring.cribbage.show import rank_number, rank_points  # noqa: E402

# Hand totals over all 12,994,800 (hand, starter) pairs, as published (e.g.
# Wikipedia, "Cribbage statistics"). 19, 25, 26 and 27 are impossible.
PUBLISHED = {
    0: 1_009_008, 1: 99_792, 2: 2_813_796, 3: 505_008, 4: 2_855_676, 5: 697_508,
    6: 1_800_268, 7: 751_324, 8: 1_137_236, 9: 361_224, 10: 388_740, 11: 51_680,
    12: 317_340, 13: 19_656, 14: 90_100, 15: 9_168, 16: 58_248, 17: 11_196,
    18: 2_708, 19: 0, 20: 8_068, 21: 2_496, 22: 444, 23: 356, 24: 3_680,
    25: 0, 26: 0, 27: 0, 28: 76, 29: 4,
}
DECK = STANDARD.cards()
CARDS = [(rank_number(c), c.suit) for c in DECK]


def score_hands(first_indexes: list[int]) -> Counter:
    """Totals of every hand whose lowest card index is in ``first_indexes``, × 48 starters."""
    dist: Counter = Counter()
    for first in first_indexes:
        for rest in combinations(range(first + 1, 52), 3):
            hand = [CARDS[first]] + [CARDS[i] for i in rest]
            ranks = [r for r, _s in hand]
            held = {(r, s) for r, s in hand}
            suits = {s for _r, s in hand}
            flush_suit = next(iter(suits)) if len(suits) == 1 else None
            jack_suits = {s for r, s in hand if r == 11}
            for rank in range(1, 14):
                free = [s for s in "SHDC" if (rank, s) not in held]
                if not free:
                    continue
                base = rank_points(tuple(sorted(ranks + [rank])))
                if flush_suit is None and not jack_suits:
                    dist[base] += len(free)
                    continue
                for suit in free:
                    bonus = (suit in jack_suits) + (
                        0 if flush_suit is None else 5 if suit == flush_suit else 4
                    )
                    dist[base + bonus] += 1
    return dist


def fast_total(hand, starter) -> int:
    """One pair through the same path as :func:`score_hands`."""
    ranks = tuple(sorted(rank_number(c) for c in hand + [starter]))
    suits = {c.suit for c in hand}
    flush = (5 if starter.suit in suits else 4) if len(suits) == 1 else 0
    nobs = any(c.rank == "J" and c.suit == starter.suit for c in hand)
    return rank_points(ranks) + flush + nobs


def check_distribution() -> bool:
    start = time.perf_counter()
    parts = [list(range(i, 49, 2)) for i in range(2)]
    with Pool(2) as pool:
        dist = sum(pool.map(score_hands, parts), Counter())
    elapsed = time.perf_counter() - start
    pairs = sum(dist.values())
    print(f"scored {pairs:,} (hand, starter) pairs in {elapsed:.1f} s (2 processes)")
    ok = pairs == 12_994_800
    print(f"{'total':>5} {'count':>11} {'published':>11}")
    for total in range(30):
        mark = "" if dist[total] == PUBLISHED[total] else "   <-- MISMATCH"
        ok &= not mark
        print(f"{total:>5} {dist[total]:>11,} {PUBLISHED[total]:>11,}{mark}")
    extra = sorted(t for t in dist if t not in PUBLISHED)
    if extra:
        ok = False
        print("totals outside 0-29:", extra)
    mean = sum(t * n for t, n in dist.items()) / pairs
    print(f"mean hand {mean:.4f}; distribution {'matches' if ok else 'DOES NOT MATCH'} the published table")
    return ok


def check_against_score_show(samples: int = 20_000) -> bool:
    rng = random.Random(121)
    start = time.perf_counter()
    bad = 0
    for _ in range(samples):
        cards = rng.sample(DECK, 5)
        if score_show(cards[:4], cards[4]).total != fast_total(cards[:4], cards[4]):
            bad += 1
            print("differs:", " ".join(c.code for c in cards))
    print(f"score_show agrees with the fast count on {samples - bad:,}/{samples:,} random pairs "
          f"({time.perf_counter() - start:.1f} s)")
    return bad == 0


def median_ms(fn, args_list) -> float:
    times = []
    for args in args_list:
        start = time.perf_counter()
        fn(*args)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def time_discard_helper(deals: int = 200) -> bool:
    rng = random.Random(29)
    sixes = [rng.sample(DECK, 6) for _ in range(deals)]
    rank_points.cache_clear()
    start = time.perf_counter()
    discard_options(sixes[0], True)
    cold = (time.perf_counter() - start) * 1000
    baseline = median_ms(score_show, [(s[:4], s[4]) for s in sixes])
    helper = median_ms(discard_options, [(s, i % 2 == 0) for i, s in enumerate(sixes)])
    print(f"score_show (baseline): median {baseline:.3f} ms per call")
    print(f"discard_options: median {helper:.2f} ms per call over {deals} deals "
          f"({helper / baseline:.0f}x one score_show; first call with a cold cache {cold:.1f} ms; "
          f"limit 100 ms)")
    return helper < 100 and cold < 100


def pegging_max() -> dict:
    """Exhaustive search: most points one player pegs in a deal (go points included).

    Both players play for that player; each chooses its cards as it plays
    (no 5th card of a rank in one count) and may say "go" only if all its
    remaining cards can be above the count, which then binds those cards.
    Cards across counts are not limited to 4 a rank, so this is an upper
    bound; the witness in the game tests shows it is reached.
    """
    from functools import lru_cache

    value = [0] + [min(r, 10) for r in range(1, 14)]

    @lru_cache(maxsize=None)
    def best(count, tail, turn, left, low, go):
        if left == (0, 0):
            return 0
        options = []
        if left[turn]:
            for rank in range(1, 14):
                v = value[rank]
                if tail.count(rank) >= 4 or v < low[turn] or count + v > 31:
                    continue
                new_tail, new_count = tail + (rank,), count + v
                points = last_play_points(list(new_tail), new_count) if turn == 0 else 0
                new_left = tuple(n - (p == turn) for p, n in enumerate(left))
                if new_left == (0, 0):
                    options.append(points + (turn == 0 and new_count < 31))
                elif new_count == 31:
                    options.append(points + best(0, (), 1 - turn, new_left, low, False))
                else:
                    nxt = turn if go else 1 - turn
                    options.append(points + best(new_count, new_tail, nxt, new_left, low, go))
        if not left[turn] or 32 - count <= 10:
            new_low = tuple(max(m, 32 - count) if p == turn and left[p] else m
                            for p, m in enumerate(low))
            if go:
                options.append((turn == 0) + best(0, (), 1 - turn, left, new_low, False))
            else:
                options.append(best(count, tail, 1 - turn, left, new_low, True))
        return max(options) if options else -(10**9)

    return {role: best(0, (), lead, (4, 4), (1, 1), False)
            for role, lead in (("pone (leads)", 0), ("dealer", 1))}


def main() -> int:
    ok = check_distribution()
    ok &= check_against_score_show()
    ok &= time_discard_helper()
    if "--pegging-max" in sys.argv:
        start = time.perf_counter()
        found = pegging_max()
        print(f"most pegging points in one deal: {found} ({time.perf_counter() - start:.0f} s); "
              f"MAX_PEGGING = {MAX_PEGGING}")
        ok &= max(found.values()) == MAX_PEGGING
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
