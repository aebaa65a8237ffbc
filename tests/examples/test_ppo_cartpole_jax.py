"""The PPO CartPole example: a quick smoke run, and (slow) a full run that learns."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("jax")
pytest.importorskip("optax")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "ppo_cartpole_jax.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ppo_cartpole_jax", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ppo_example__smoke_runs_a_few_updates(capsys: pytest.CaptureFixture[str]) -> None:
    ppo = _load()
    score = ppo.main(["--smoke"])
    out = capsys.readouterr().out
    assert re.search(
        r"^compiling the policy, the env step and the PPO update \.\.\. \d+\.\d s$", out, re.M
    )
    assert "update    1/2" in out and "evaluation on make('CartPole-v1')" in out
    assert 1.0 <= score <= 500.0


@pytest.mark.slow
def test_ppo_example__reaches_the_cartpole_threshold() -> None:
    ppo = _load()
    assert ppo.main(["--seed", "0"]) >= ppo.REWARD_THRESHOLD
