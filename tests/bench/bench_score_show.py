"""``score_show`` against a plain reference scorer on the same 200,000 pairs.

    python tests/bench/bench_score_show.py [--pairs 200000]

Deals ``--pairs`` random (hand of four, starter) pairs (seeded, as parsed
cards), checks that both scorers give the same total on every one, then
times each over all pairs, interleaved in ten slices (A B A B) so both see
the same machine. The reference is the plainest correct count: every subset
for fifteens, every two cards for pairs, the longest runs by sorted ranks,
flush and nobs. Prints µs per call, the ratio (score_show / reference: at
most 1 is the goal) and the load average; the breakdown (``items``) is
timed apart, since it is listed only when read.
"""
import argparse
import random
import time
from itertools import combinations

import measure

measure.source_root()

from scoring.cards import STANDARD  # noqa: E402
from scoring.cribbage import score_show  # noqa: E402

VALUES = {"A": 1, "J": 10, "Q": 10, "K": 10}
ORDER = {"A": 1, "J": 11, "Q": 12, "K": 13}


def reference(hand, starter, crib=False) -> int:
    """A plain cribbage show count (the reference the fast path must beat)."""
    cards = list(hand) + [starter]
    values = [VALUES.get(c.rank) or int(c.rank) for c in cards]
    ranks = [ORDER.get(c.rank) or int(c.rank) for c in cards]
    points = 0
    for size in range(2, 6):
        for combo in combinations(values, size):
            if sum(combo) == 15:
                points += 2
    for a, b in combinations(ranks, 2):
        if a == b:
            points += 2
    for size in (5, 4, 3):
        found = 0
        for combo in combinations(ranks, size):
            s = sorted(combo)
            if all(s[i + 1] - s[i] == 1 for i in range(size - 1)):
                found += size
        if found:
            points += found
            break
    suits = {c.suit for c in hand}
    if len(suits) == 1:
        if starter.suit in suits:
            points += 5
        elif not crib:
            points += 4
    if any(c.rank == "J" and c.suit == starter.suit for c in hand):
        points += 1
    return points


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=200_000)
    args = parser.parse_known_args()[0]
    rng = random.Random(5)
    deck = list(STANDARD.cards())
    pairs = []
    for _ in range(args.pairs):
        five = rng.sample(deck, 5)
        pairs.append((tuple(five[:4]), five[4]))
    bad = sum(score_show(h, s).total != reference(h, s) for h, s in pairs[:20_000])
    assert bad == 0, f"{bad} totals differ"
    slices = [pairs[i::10] for i in range(10)]
    fast, plain = [], []
    load = measure.loadavg()
    for part in slices:
        t0 = measure.CLOCK()
        for h, s in part:
            score_show(h, s).total
        fast.append(measure.CLOCK() - t0)
        t0 = measure.CLOCK()
        for h, s in part:
            reference(h, s)
        plain.append(measure.CLOCK() - t0)
    t0 = measure.CLOCK()
    for h, s in pairs[:20_000]:
        score_show(h, s).items
    items_us = (measure.CLOCK() - t0) / 20_000 * 1e6
    per = 1e6 / len(slices[0])
    rows = [
        {"name": f"score_show total ({args.pairs:,} pairs), µs per call", "median": sorted(fast)[5] * per,
         "p95": max(fast) * per, "n": 10, "load": (load, measure.loadavg())},
        {"name": f"reference scorer ({args.pairs:,} pairs), µs per call", "median": sorted(plain)[5] * per,
         "p95": max(plain) * per, "n": 10, "load": (load, measure.loadavg())},
        {"name": "score_show + its breakdown (items), µs per call", "median": items_us, "p95": items_us, "n": 1,
         "load": (load, measure.loadavg())},
    ]
    rows[0]["floor_median"] = rows[0]["ratio"] = None
    measure.report(rows, "bench_score_show: times in µs per call (the ms columns hold µs here)")
    print(f"score_show / reference = {sum(fast) / sum(plain):.2f} (both on the same {args.pairs:,} pairs;"
          f" totals equal on the first 20,000)")


if __name__ == "__main__":
    main()
