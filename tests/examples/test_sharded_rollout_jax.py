"""The sharded-rollout example: one vector env split over simulated CPU devices."""

from __future__ import annotations

import re

import pytest

from tests.examples._load import load_example

pytest.importorskip("jax", reason="the example needs the jax extra")


def _check(results: list[dict[str, object]], counts: list[int]) -> None:
    assert [r["devices"] for r in results] == counts
    for result in results:
        # Each device count really ran on that many (simulated) devices ...
        assert len(result["shards"]) == result["devices"]  # type: ignore[arg-type]
        assert result["steps_per_s"] > 0  # type: ignore[operator]
        # ... and gave the one-device observations after a step, up to float32 rounding.
        assert result["max_diff_first"] <= 1e-5  # type: ignore[operator]


def test_sharded_rollout__smoke_runs_one_and_four_devices(
    capsys: pytest.CaptureFixture[str],
) -> None:
    example = load_example("sharded_rollout_jax")
    _check(example.main(["--smoke", "--devices", "1", "4"]), [1, 4])
    out = capsys.readouterr().out
    assert "4 device(s):" in out
    assert re.search(r"4 device\(s\): a fresh process compiles .* \.\.\. \d+\.\d s$", out, re.M)


@pytest.mark.slow
def test_sharded_rollout__full_run_agrees_on_every_device_count() -> None:
    example = load_example("sharded_rollout_jax")
    _check(example.main([]), [1, 2, 4])
