"""What every benchmark and the soak report: figures, their spread, one table, one JSON file.

Pure helpers except `machine()` (reads the CPU model) and `write_json()` (writes bench-results/).
"""

from __future__ import annotations

import json
import math
import os
import platform
import statistics
import subprocess
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench-results"


@dataclass
class Figure:
    """One measured number. `value` is the headline (a mean, a rate, a count); the percentiles, when
    given, describe the spread of the samples it came from (`n` of them)."""

    area: str
    figure: str
    value: float | int | str | None
    unit: str
    method: str
    p50: float | None = None
    p95: float | None = None
    p99: float | None = None
    max: float | None = None
    n: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile: the smallest sample with at least `share` of the samples at or below it.
    `share` in (0, 1]; an empty list is a caller's bug."""
    if not values:
        raise ValueError("no samples")
    if not 0 < share <= 1:
        raise ValueError("share is in (0, 1]")
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def sampled(
    area: str,
    name: str,
    samples: list[float],
    unit: str,
    method: str,
    *,
    headline: str = "mean",
    p95: bool = False,
    extra: dict[str, Any] | None = None,
) -> Figure:
    """A figure from samples: the mean (or median) as the value, with p50, p99, max and n."""
    if not samples:
        return Figure(area, name, None, unit, method + " (no samples)", n=0, extra=extra or {})
    value = statistics.mean(samples) if headline == "mean" else percentile(samples, 0.5)
    return Figure(
        area,
        name,
        value,
        unit,
        method,
        p50=percentile(samples, 0.5),
        p95=percentile(samples, 0.95) if p95 else None,
        p99=percentile(samples, 0.99),
        max=max(samples),
        n=len(samples),
        extra=extra or {},
    )


def number(value: Any) -> str:
    """A number as a person reads it in a table: 3 significant figures, thousands separated."""
    if value is None:
        return "-"
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if isinstance(value, int) or float(value).is_integer() and abs(value) >= 1000:
        return f"{int(value):,}"
    magnitude = abs(value)
    if magnitude >= 100:
        return f"{value:,.0f}"
    if magnitude >= 10:
        return f"{value:.1f}"
    if magnitude >= 1:
        return f"{value:.2f}"
    return f"{value:.3g}"


def shown_value(item: Figure) -> str:
    spread = [
        f"{label} {number(getattr(item, label))}"
        for label in ("p50", "p95", "p99", "max")
        if getattr(item, label) is not None
    ]
    if item.n is not None:
        spread.append(f"n={item.n:,}")
    text = number(item.value)
    return f"{text} ({', '.join(spread)})" if spread else text


def table(figures: list[Figure]) -> str:
    """The one table both commands print: area, figure, value (with its spread), unit, method."""
    header = ("area", "figure", "value", "unit", "method")
    rows, previous = [], None
    for item in figures:  # a method repeated row after row is written once
        rows.append(
            (
                item.area,
                item.figure,
                shown_value(item),
                item.unit,
                "(as above)" if item.method == previous else item.method,
            )
        )
        previous = item.method
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(4)]
    lines = []
    for index, row in enumerate([header, *rows]):
        cells = [
            row[0].ljust(widths[0]),
            row[1].ljust(widths[1]),
            row[2].rjust(widths[2]),
            row[3].ljust(widths[3]),
            row[4],
        ]
        lines.append("  ".join(cells).rstrip())
        if index == 0:
            lines.append("  ".join("-" * width for width in [*widths, len(header[4])]))
    return "\n".join(lines)


def machine() -> dict[str, Any]:
    """Where the figures were measured: they mean little without it."""
    model = ""
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True, check=False).stdout
        model = next(
            (line.split(":", 1)[1].strip() for line in lscpu.splitlines() if line.startswith("Model name")), ""
        )
    except OSError:
        pass
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout.strip()
    return {
        "nproc": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        "cpu_model": model or platform.processor(),
        "python": platform.python_version(),
        "system": platform.platform(),
        "commit": commit,
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
    }


def report(
    kind: str,
    figures: list[Figure],
    *,
    started: datetime,
    details: dict[str, Any] | None = None,
    load_at_start: tuple[float, float, float] | None = None,
) -> dict[str, Any]:
    """The JSON of one run. The load average at start and end says how busy the (shared) machine was."""
    return {
        "kind": kind,
        "started_at": started.isoformat(timespec="seconds"),
        "load_average_at_start": load_at_start,
        "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "figures": [asdict(item) for item in figures],
        "details": details or {},
    }


def write_json(name: str, data: dict[str, Any], folder: Path = RESULTS) -> Path:
    """bench-results/<name>-<UTC time>.json, and <name>-latest.json next to it."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = folder / f"{name}-{stamp}.json"
    text = json.dumps(data, indent=2, ensure_ascii=False, default=str)
    path.write_text(text + "\n", encoding="utf-8")
    (folder / f"{name}-latest.json").write_text(text + "\n", encoding="utf-8")
    return path
