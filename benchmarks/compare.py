"""The no-regression guardrail: our speed relative to a comparator, against a saved baseline.

Absolute rates depend on the machine and on what else runs on it, so the guardrail compares
*ratios*: in each group, every one of our rows (``impl`` ``"ours"`` or ``"ours-..."``) divided by
each other library's row of the same group and params, measured in the same run and alternating
rounds (so a busy spell slows both). A ratio that falls more than the tolerance below the
baseline's ratio is a regression.
"""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass
from typing import Any

#: A ratio may fall this far below its baseline (as a fraction of it) before it fails.
DEFAULT_TOLERANCE = 0.10

RatioKey = tuple[str, str, str, str]  # group, params as JSON, our impl, comparator impl


def case_key(row: dict[str, Any]) -> tuple[str, str]:
    """``(group, params as sorted JSON)``: the rows measured side by side."""
    return row["group"], json.dumps(row["params"], sort_keys=True)


def is_ours(impl: str) -> bool:
    """Whether a row's ``impl`` is one of our implementations."""
    return impl == "ours" or impl.startswith("ours-")


def ratio(ours: dict[str, Any], other: dict[str, Any]) -> float:
    """How many times faster ``ours`` ran than ``other`` (two rows of one group and params).

    Rounds are timed alternately, so round ``i`` of both ran under about the same load: the
    median of the per-round ratios is used when both rows keep their rounds, which cancels
    much of a shared machine's drift. Otherwise it is the ratio of the medians.
    """
    mine, theirs = ours.get("rounds"), other.get("rounds")
    if mine and theirs and len(mine) == len(theirs) and all(t > 0 for t in theirs):
        return float(statistics.median(m / t for m, t in zip(mine, theirs, strict=True)))
    return float(ours["steps_per_s"]) / float(other["steps_per_s"])


def ratios(rows: list[dict[str, Any]]) -> dict[RatioKey, float]:
    """Each of our rows' speed relative to each comparator's of the same group and params."""
    by_case: dict[tuple[str, str], dict[str, dict[str, Any]]] = {}
    for row in rows:
        by_case.setdefault(case_key(row), {})[row["impl"]] = row
    found: dict[RatioKey, float] = {}
    for (group, params), by_impl in by_case.items():
        for ours, ours_row in by_impl.items():
            if not is_ours(ours):
                continue
            for other, other_row in by_impl.items():
                if not is_ours(other) and float(other_row["steps_per_s"]) > 0:
                    found[(group, params, ours, other)] = ratio(ours_row, other_row)
    return found


@dataclass(frozen=True)
class Verdict:
    """One ratio of the current run against the baseline."""

    key: RatioKey
    baseline: float
    current: float
    tolerance: float

    @property
    def regressed(self) -> bool:
        """Whether the ratio fell more than the tolerance below the baseline's."""
        return self.current < self.baseline * (1 - self.tolerance)

    def describe(self) -> str:
        """One line for the report."""
        group, params, ours, other = self.key
        label = group if params == "{}" else f"{group} {params}"
        change = self.current / self.baseline - 1
        mark = "REGRESSED" if self.regressed else "ok"
        return (
            f"{mark:<9} {label}: {ours} vs {other} {self.current:.2f}x "
            f"(baseline {self.baseline:.2f}x, {change:+.0%})"
        )


def compare(
    current: list[dict[str, Any]],
    baseline: list[dict[str, Any]],
    tolerance: float = DEFAULT_TOLERANCE,
) -> tuple[list[Verdict], list[RatioKey]]:
    """Compare the ratios of ``current`` result rows with those of ``baseline`` rows.

    Args:
        current: Result rows of this run (``group``, ``impl``, ``params``, ``steps_per_s``).
        baseline: Result rows of the baseline.
        tolerance: How far (a fraction of the baseline ratio) a ratio may fall.

    Returns:
        ``(verdicts, not_measured)``: a verdict for each ratio in both, and the baseline's
        ratios this run did not measure (a case that failed or was filtered out).
    """
    if not 0 <= tolerance < 1:
        raise ValueError(f"tolerance must be in [0, 1), got {tolerance}")
    now, before = ratios(current), ratios(baseline)
    verdicts = [Verdict(key, before[key], now[key], tolerance) for key in before if key in now]
    return verdicts, [key for key in before if key not in now]


def load_rows(path: str) -> list[dict[str, Any]]:
    """The result rows of a results or baseline file written by ``benchmarks.run``."""
    with open(path, encoding="utf-8") as file:
        data = json.load(file)
    rows: list[dict[str, Any]] = data["results"]
    return rows
