"""The Stable-Baselines3 example: SAC on our MuJoCo InvertedPendulum through the bridge."""

from __future__ import annotations

import pytest

from tests.examples._load import load_example

pytest.importorskip("mujoco", reason="the example needs the mujoco extra")
pytest.importorskip("gymnasium", reason="the bridge needs gymnasium")
pytest.importorskip(
    "stable_baselines3", reason="needs the torch dependency group (Stable-Baselines3 and torch)"
)


def test_sb3_sac__smoke_trains_and_evaluates(capsys: pytest.CaptureFixture[str]) -> None:
    example = load_example("sb3_sac_mujoco")
    result = example.main(["--smoke"])
    assert result["steps"] == 300
    assert 0.0 <= result["mean"] <= 1000.0
    assert "gymnasium.make('gymnasium_core/InvertedPendulum-v5')" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.timeout(1800)  # 20,000 SAC steps
def test_sb3_sac__reaches_the_reward_threshold() -> None:
    example = load_example("sb3_sac_mujoco")
    result = example.main(["--seed", "0"])
    assert result["mean"] >= result["threshold"] == 950.0
