#!/usr/bin/env python3
"""Prints criterion results as a table: median time per element and ratio to the fastest.

Usage: measure/bench-table.py <criterion dir> <group> [<group> ...]
(e.g. bench/target/criterion lookup lookup_positions, after
`cargo bench --manifest-path bench/Cargo.toml --bench attacks`). Reads each benchmark's
new/estimates.json (median) and new/benchmark.json (throughput elements).
"""
import json
import pathlib
import sys

root = pathlib.Path(sys.argv[1])
for group in sys.argv[2:]:
    rows = []
    for bench in sorted((root / group).iterdir()):
        est, meta = bench / "new" / "estimates.json", bench / "new" / "benchmark.json"
        if not est.exists():
            continue
        median_ns = json.load(open(est))["median"]["point_estimate"]
        elements = (json.load(open(meta)).get("throughput") or {}).get("Elements") or 1
        rows.append((bench.name, median_ns / elements))
    if not rows:
        continue
    best = min(ns for _, ns in rows)
    print(f"{group}: median ns per element (one rook + one bishop lookup)")
    for name, ns in sorted(rows, key=lambda r: r[1]):
        print(f"  {name:<14} {ns:7.2f} ns  {ns / best:5.2f}x")
