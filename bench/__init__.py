"""Figures, not tests: `make bench` (python -m bench) and `make soak` (python -m bench.soak).

Both print one table (area, figure, value, unit, method) and write it as JSON under bench-results/
(git-ignored). docs/performance.md describes every figure and holds the latest results.
"""
