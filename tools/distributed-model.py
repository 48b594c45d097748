#!/usr/bin/env python3
"""The model of docs/DISTRIBUTED.md: hours, memory and bytes a node of the partitioned build of
the 48-seed two-row games, from the per-rank figures measured at 2, 3 and 4 ranks.

    tools/distributed-model.py [--cpos US] [--bytes B] [--evals E] [--passes N]

Every constant is a flag, with the value measured on oware to 18 seeds (docs/DISTRIBUTED.md,
"Measured here") as its default, so that a reader can put in the figures of their own machine.
"""

import argparse
from math import comb

# Positions a rank takes in a round, and the collectives of a round (requests, answers,
# marks, "any left") and of a pass (two sums).
ROUND = 1 << 16
PER_ROUND = 4
PER_PASS = 2


def slices(top=48, width=6):
    """Positions of each slice 0..top of a 2 x width board: C(n + 2w - 1, 2w - 1)."""
    return [comb(n + 2 * width - 1, 2 * width - 1) for n in range(top + 1)]


def build(P, M, B, lam, a):
    """Seconds, peak bytes a rank, bytes a rank sent, of the build to 48 seeds on P ranks of M
    cores, B bytes a second a node, lam seconds a step of an all-to-all."""
    total = 0.0
    parts = [0.0] * 4
    peak = 0
    sent = 0.0
    below = 0
    L = lam * max(P - 1, 1)  # an all-to-all: P - 1 steps
    for S in slices():
        compute = S * a.cpos * 1e-6 / (P * M)
        net = a.bytes * S * (P - 1) / P / P  # each rank's share of the requests and answers
        rounds = a.evals * S / (P * ROUND) + a.passes
        latency = (rounds * PER_ROUND + a.passes * PER_PASS) * L
        gather = S * (P - 1) / P / B  # rank 0 receives the slice to write it
        total += compute + net / B + latency + gather
        for i, x in enumerate((compute, net / B, latency, gather)):
            parts[i] += x
        sent += net
        peak = max(peak, below / P + a.working * S / P + a.buffers)
        below += S
    return total, peak, sent, parts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cpos", type=float, default=1.76,
                    help="core-microseconds a position, partitioned build (measured: 1.76)")
    ap.add_argument("--bytes", type=float, default=133.0,
                    help="bytes sent a position, all ranks, were every child remote (133)")
    ap.add_argument("--evals", type=float, default=3.04, help="evaluations a position (3.04)")
    ap.add_argument("--passes", type=float, default=100, help="passes a slice (about 100)")
    ap.add_argument("--working", type=float, default=2.375,
                    help="bytes a position of the slice being built (2.375)")
    ap.add_argument("--buffers", type=float, default=150e6,
                    help="bytes of a rank's round buffers and libraries (150 MB)")
    a = ap.parse_args()
    total = sum(slices())
    print(f"positions to 48 seeds: {total:,}; largest slice {slices()[-1]:,}")
    print()
    print("| cluster | hours | compute | requests and answers | latency | gather to rank 0 "
          "| memory a node | bytes a node sends |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    rows = [
        ("144 single-core ranks, 1 Gb/s", 144, 1, 125e6, 50e-6),
        ("4 nodes x 64 cores, 100 Gb/s", 4, 64, 12.5e9, 2e-6),
        ("16 nodes x 64 cores, 100 Gb/s", 16, 64, 12.5e9, 2e-6),
        ("64 nodes x 64 cores, 100 Gb/s", 64, 64, 12.5e9, 2e-6),
    ]
    for name, P, M, B, lam in rows:
        t, peak, sent, parts = build(P, M, B, lam, a)
        h = " | ".join(f"{x / 3600:.1f}" for x in parts)
        print(f"| {name} | {t / 3600:.1f} | {h} | {peak / 1e9:,.1f} GB | {sent / 1e12:,.2f} TB |")
    print()
    print("nodes needed for the memory of a rank (one rank a node):")
    for g in (64e9, 256e9):
        P = 1
        while build(P, 64, 12.5e9, 2e-6, a)[1] > g:
            P += 1
        print(f"- {g / 1e9:.0f} GB a node: {P} nodes or more")


if __name__ == "__main__":
    main()
