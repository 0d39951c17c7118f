"""The helpers behind `make bench` and `make soak`: percentiles and the one table (no timing here)."""

import pytest

from bench.figures import Figure, percentile, sampled, table


def test_percentiles_are_nearest_rank():
    samples = list(range(1, 101))
    assert percentile(samples, 0.5) == 50
    assert percentile(samples, 0.99) == 99
    assert percentile(samples, 1.0) == 100
    assert percentile([7.0], 0.99) == 7.0
    assert percentile([3, 1, 2], 0.5) == 2  # unsorted input


def test_a_percentile_of_nothing_is_refused():
    with pytest.raises(ValueError):
        percentile([], 0.5)
    with pytest.raises(ValueError):
        percentile([1], 0)


def test_the_table_lines_up_and_shows_each_figures_spread():
    figures = [
        sampled("rules", "a figure", [1.0, 2.0, 3.0, 4.0], "ms", "how it was measured"),
        Figure("services", "a rate", 1234.5, "actions/s", "another method"),
    ]
    lines = table(figures).splitlines()
    assert lines[0].split() == ["area", "figure", "value", "unit", "method"]
    assert "2.50 (p50 2.00, p99 4.00, max 4.00, n=4)" in lines[2]
    assert "1,234" in lines[3] and lines[3].rstrip().endswith("another method")
    units = {line.index(unit) for line, unit in zip(lines[2:], ("ms", "actions/s"), strict=True)}
    assert len(units) == 1  # the unit column starts at the same place on every row


def test_a_method_repeated_on_the_next_row_is_written_once():
    figures = [Figure("rules", f"bot {level}", 1.0, "ms", "the same method") for level in ("easy", "hard")]
    lines = table(figures).splitlines()
    assert lines[2].endswith("the same method") and lines[3].endswith("(as above)")


def test_a_figure_without_samples_says_so():
    empty = sampled("soak", "latency", [], "ms", "measured")
    assert empty.value is None and empty.n == 0 and "no samples" in empty.method
