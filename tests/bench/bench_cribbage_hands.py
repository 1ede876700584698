"""Benchmark and check of the cribbage show: every (four-card hand, starter) pair.

Run: ``python tests/bench/bench_cribbage_hands.py`` (not collected by pytest).

1. Scores all 12,994,800 pairs (C(52,4) hands × 48 starters) and compares the
   count of each total 0–29 with the published table; exits 1 on a mismatch.
   Hands are grouped by rank multiset (fifteens, pairs and runs come from the
   cached ``scoring.cribbage.show.rank_points``, once per multiset and starter
   rank) and split by suit only where a jack or a flush can score.
2. Cross-checks that fast path against ``score_show`` (the itemized count)
   on random pairs; exits 1 on a difference.
3. Times ``discard_options`` (median over 200 random six-card deals) against
   a baseline measured in the same run: one ``score_show`` call.

``--pegging-max`` also runs the exhaustive search behind
``scoring.cribbage.game.MAX_PEGGING_PONE`` and ``MAX_PEGGING_DEALER``
(about 12 minutes and several GB of memory).
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from itertools import combinations, combinations_with_replacement, product
from math import comb, prod
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scoring.cards import STANDARD  # noqa: E402
from scoring.cribbage import MAX_PEGGING_DEALER, MAX_PEGGING_PONE, discard_options, score_show  # noqa: E402
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


def score_all_pairs() -> tuple[Counter, int]:
    """Totals of every (hand, starter) pair, and how many hands were split by suit.

    For each of the 1,820 rank multisets of a hand, the fifteens, pairs and
    runs with each starter rank are computed once (``rank_points``) and
    counted for every suit choice of hand and starter: a hand with no jack
    and no four-card flush adds nothing for suits. Hands that hold a jack or
    a flush are enumerated suit by suit for the nobs and flush points.
    """
    dist: Counter = Counter()
    split = 0
    for ranks in combinations_with_replacement(range(1, 14), 4):
        held = Counter(ranks)
        bases = [
            (rank, rank_points(tuple(sorted(ranks + (rank,)))), 4 - held[rank])
            for rank in range(1, 14)
            if held[rank] < 4
        ]
        hands = prod(comb(4, n) for n in held.values())
        flush_hands = 4 if len(held) == 4 else 0
        plain = 0 if 11 in held else hands - flush_hands
        for _rank, base, free in bases:
            dist[base] += plain * free
        if plain == hands:
            continue
        if 11 in held:
            choices = product(*(combinations("SHDC", n) for n in held.values()))
        else:
            choices = [((suit,),) * 4 for suit in "SHDC"]  # the four flushes
        for suit_choice in choices:
            suits_by_rank = dict(zip(held, suit_choice))
            suits = {s for chosen in suit_choice for s in chosen}
            flush_suit = next(iter(suits)) if len(suits) == 1 else None
            jack_suits = set(suits_by_rank.get(11, ()))
            if flush_suit is None and not jack_suits:
                continue
            split += 1
            for rank, base, _free in bases:
                free = [suit for suit in "SHDC" if suit not in suits_by_rank.get(rank, ())]
                if flush_suit is None:
                    nobs = sum(suit in jack_suits for suit in free)
                    dist[base + 1] += nobs
                    dist[base] += len(free) - nobs
                    continue
                for suit in free:
                    dist[base + (suit in jack_suits) + (5 if suit == flush_suit else 4)] += 1
    return dist, split


def fast_total(hand, starter) -> int:
    """One pair by the same arithmetic as :func:`score_all_pairs`."""
    ranks = tuple(sorted(rank_number(c) for c in hand + [starter]))
    suits = {c.suit for c in hand}
    flush = (5 if starter.suit in suits else 4) if len(suits) == 1 else 0
    nobs = any(c.rank == "J" and c.suit == starter.suit for c in hand)
    return rank_points(ranks) + flush + nobs


def check_distribution() -> bool:
    start = time.perf_counter()
    dist, split = score_all_pairs()
    elapsed = time.perf_counter() - start
    pairs = sum(dist.values())
    print(f"scored {pairs:,} (hand, starter) pairs in {elapsed:.2f} s: 1,820 rank multisets "
          f"x 13 starter ranks, {split:,} hands with a jack or a flush split by suit")
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
              f"MAX_PEGGING_PONE = {MAX_PEGGING_PONE}, MAX_PEGGING_DEALER = {MAX_PEGGING_DEALER}")
        ok &= found == {"pone (leads)": MAX_PEGGING_PONE, "dealer": MAX_PEGGING_DEALER}
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
