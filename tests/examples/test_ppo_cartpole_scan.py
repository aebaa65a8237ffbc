"""The README's example: PPO on CartPole as one compiled JAX program."""

from __future__ import annotations

import importlib.util
import math
import re
import shlex
import warnings
from pathlib import Path

import pytest

from tests.examples._load import EXAMPLES, load_example

pytest.importorskip("jax", reason="the example needs the jax extra")
pytest.importorskip("optax", reason="the example needs the examples extra")


def readme_quick_start() -> tuple[str, list[str], str]:
    """The README's training command: its script, its arguments, and the video it promises."""
    text = (EXAMPLES.parent / "README.md").read_text()
    quick_start = text[text.index("## Quick start") : text.index("## Usage")]
    command = re.search(r"uv run [^#\n]*?python (examples/\S+\.py)([^#\n]*)", quick_start)
    assert command is not None, "the quick start trains with an example script"
    video = re.search(r"writes a video of\s+it\s+to\s+`([^`]+)`", quick_start)
    assert video is not None, "the quick start says where the video of the trained agent goes"
    return command.group(1), shlex.split(command.group(2)), video.group(1)


def test_ppo_scan__smoke_runs_the_readme_command_trains_evaluates_films_and_compares(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # From `git clone` to a trained agent and a video of it: the README's command, in a fresh
    # folder, with --smoke added (and fewer evaluation episodes).
    script, argv, video = readme_quick_start()
    assert script == "examples/ppo_cartpole_scan.py" and "--video" in argv
    monkeypatch.chdir(tmp_path)
    example = load_example("ppo_cartpole_scan")
    # The video needs moviepy (extra `other`); the rest runs without it.
    filmed = importlib.util.find_spec("moviepy") is not None
    if not filmed:
        at = argv.index("--video")
        argv = argv[:at] + argv[at + 2 :]
    result = example.main([*argv, "--smoke", "--eval-episodes", "2"])
    out = capsys.readouterr().out
    if filmed:
        assert (tmp_path / video).stat().st_size > 0
    cfg = result["config"]
    assert result["steps"] == cfg.num_envs * cfg.num_steps * cfg.num_updates
    assert 0 < result["steps"] <= 1_000
    assert result["curve"].shape == (cfg.num_updates,)
    assert (
        all(1.0 <= r <= 500.0 for r in result["eval_returns"]) and len(result["eval_returns"]) == 2
    )
    assert result["steps_per_s"] > 0 and result["python_stepped_steps_per_s"] > 0
    assert "in one jax.jit" in out
    assert "evaluation on make('CartPole-v1')" in out
    assert "steps/s in one program against" in out
    # The compiles are announced, with their times after.
    assert re.search(r"^compiling the training program \.\.\. \d+\.\d s; training", out, re.M)
    assert re.search(r"^compiling the Python-stepped loop .* \.\.\. \d+\.\d s$", out, re.M)
    # A smoke run's ratio is no measurement, and reads as one with its digits (never "0x").
    assert re.search(r": \d[\d.]*(e[+-]\d+)?x \(a smoke run is too short to compare\)", out)
    assert not re.search(r"\b0x\b", out)


def test_ppo_scan__rerun_into_the_video_folder_says_it_overwrites_without_a_warning(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("moviepy", reason="videos need the other extra")
    example = load_example("ppo_cartpole_scan")
    import gymnasium_core as gym

    folder = str(tmp_path / "videos")
    for run in range(2):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            env = example.film_first_episode(
                gym.make("CartPole-v1", render_mode="rgb_array"), folder, "ppo"
            )
        env.reset(seed=0)
        env.step(0)
        env.close()
        out = capsys.readouterr().out
        said = f"{folder} exists: ppo-episode-0.mp4 in it is overwritten"
        assert (said in out) == (run == 1), out


def test_ppo_scan__full_run_uses_hundreds_of_envs_and_smoke_a_few_hundred_steps() -> None:
    example = load_example("ppo_cartpole_scan")
    full, smoke = example.Config(), example.SMOKE
    assert full.num_envs >= 256  # hundreds of sub-envs, as the README says
    assert smoke.num_envs * smoke.num_steps * smoke.num_updates < 1_000


@pytest.mark.slow
def test_ppo_scan__full_run_solves_cartpole() -> None:
    example = load_example("ppo_cartpole_scan")
    result = example.main(["--seed", "0"])
    # Training episodes reach the 500 cap, and the greedy policy is at least "solved"
    # (CartPole-v1's reward threshold) on the stateful env.
    assert result["first_solved_update"] is not None
    assert not math.isnan(result["eval_mean"])
    assert result["eval_mean"] >= 475.0


def test_ppo_scan__value_norm_merges_batches_and_restores_values() -> None:
    import jax.numpy as jnp
    import numpy as np

    example = load_example("ppo_cartpole_scan")
    first, second = jnp.array([1000.0, 1500.0, 1200.0]), jnp.array([[900.0], [1600.0]])
    norm = example.ValueNorm.fresh().update(first).update(second)
    both = np.concatenate([np.asarray(first), np.asarray(second).ravel()])
    # The statistics of every target seen (the prior count of 1e-4 aside).
    np.testing.assert_allclose([norm.mean, norm.var], [both.mean(), both.var()], rtol=1e-3)
    np.testing.assert_allclose(norm.standardise(jnp.asarray(both)).mean(), 0.0, atol=1e-3)
    np.testing.assert_allclose(norm.restore(norm.standardise(jnp.asarray(both))), both, rtol=1e-5)
    # Read through forward, the critic's output is restored to the environment's units.
    params = {**example.init_params(0, 4, 2, 8), "value_norm": norm}
    obs = jnp.ones((3, 4))
    standardised = example.forward({**params, "value_norm": example.ValueNorm.fresh()}, obs)[1]
    np.testing.assert_allclose(
        example.forward(params, obs)[1], norm.restore(standardised), rtol=1e-5
    )
