"""The stateful numpy env and the numpy-batched vector env."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from functional_test_envs import Count, Walk, WalkParams

import gymnasium_core
from gymnasium_core.functional import FuncEnv, FunctionalNumpyEnv, FunctionalNumpyVectorEnv


class Incomplete(FuncEnv):
    def initial(self, rng: Any, params: Any = None) -> int:
        return 0

    def transition(self, state, action, rng, params=None):
        return state


@pytest.mark.parametrize(
    "make",
    [
        lambda f: FunctionalNumpyEnv(f),
        lambda f: FunctionalNumpyVectorEnv(f, 2),
    ],
    ids=["single", "vector"],
)
def test_adapter__missing_function_is_a_type_error_naming_it(make):
    with pytest.raises(TypeError, match="`observation`, `reward`, `terminal`"):
        make(Incomplete())


def test_numpy_env__reference_written_func_env_runs_unchanged():
    """A FuncEnv in the reference test suite's style, subclassing Gymnasium's template."""
    from gymnasium.experimental.functional import FuncEnv as RefFuncEnv

    class BasicTestEnv(RefFuncEnv):
        def initial(self, rng, params=None):
            return np.array([0, 0], dtype=np.float32)

        def observation(self, state, rng, params=None):
            return state

        def transition(self, state, action, rng, params=None):
            return state + np.array([0, action], dtype=np.float32)

        def reward(self, state, action, next_state, rng, params=None):
            return 1.0 if next_state[1] > 0 else 0.0

        def terminal(self, state, rng, params=None):
            return state[1] > 0

    env = FunctionalNumpyEnv(BasicTestEnv())
    obs, info = env.reset(seed=0)
    np.testing.assert_array_equal(obs, [0, 0])
    obs, reward, terminated, truncated, info = env.step(1)
    np.testing.assert_array_equal(obs, [0, 1])
    assert (reward, bool(terminated), truncated, info) == (1.0, True, False, {})


def test_numpy_env__same_seed_same_trajectory_and_scalar_equals_numpy():
    runs = []
    for xp in ("scalar", "numpy", "scalar"):
        env = FunctionalNumpyEnv(Walk().with_xp(xp))
        obs, _ = env.reset(seed=42)
        trace = [np.append(obs, [0.0, 0.0])]
        for t in range(30):
            obs, reward, terminated, _, _ = env.step(t % 3 != 0)
            trace.append(np.append(obs, [reward, terminated]))
        runs.append(np.array(trace))
    np.testing.assert_array_equal(runs[0], runs[1])
    np.testing.assert_array_equal(runs[0], runs[2])


def test_numpy_env__first_state_draws_like_np_random():
    env = FunctionalNumpyEnv(Walk().with_xp("scalar"))
    obs, _ = env.reset(seed=7)
    expected = np.random.default_rng(7).uniform(-0.05, 0.05, size=(2,)).astype(np.float32)
    gen_seeded = gymnasium_core.utils.seeding.np_random(7)[0]
    expected = gen_seeded.uniform(-0.05, 0.05, size=(2,)).astype(np.float32)
    np.testing.assert_array_equal(obs, expected)


def test_numpy_env__step_before_reset_and_render_without_mode():
    env = FunctionalNumpyEnv(Walk())
    with pytest.raises(gymnasium_core.error.ResetNeeded):
        env.step(0)
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="render mode"):
        assert env.render() is None
    env.close()
    env.close()


def test_numpy_vector__per_env_params_change_the_dynamics():
    params = WalkParams(dt=np.array([0.0, 0.1, 0.2]))
    env = FunctionalNumpyVectorEnv(Walk(), 3, params=params)
    obs0, _ = env.reset(seed=0)
    obs1, *_ = env.step(np.ones(3, dtype=np.int64))
    moved = obs1[:, 1] - obs0[:, 1]
    np.testing.assert_allclose(moved, [0.0, 0.1, 0.2], atol=1e-6)


def test_numpy_vector__bad_params_batch_and_actions():
    with pytest.raises(ValueError, match="num_envs=3"):
        FunctionalNumpyVectorEnv(Walk(), 3, params=WalkParams(dt=np.ones(2)))
    env = FunctionalNumpyVectorEnv(Walk(), 3)
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        env.step(np.zeros(4, dtype=np.int64))
    with pytest.raises(TypeError, match="dtype"):
        env.step(np.zeros(3, dtype=np.float32))


def test_numpy_vector__reset_mask_resets_only_selected():
    env = FunctionalNumpyVectorEnv(Count(), 3, autoreset_mode="Disabled")
    env.reset(seed=0)
    for _ in range(2):
        obs, *_ = env.step(np.array([1, 1, 1]))
    obs, _ = env.reset(options={"reset_mask": np.array([True, False, True])})
    np.testing.assert_array_equal(obs[:, 0], [0, 2, 0])


def test_frame_window__opens_only_pygame_display(monkeypatch: pytest.MonkeyPatch) -> None:
    # Human rendering needs the display alone; pygame.init() would also start audio.
    pygame = pytest.importorskip("pygame", reason="human rendering needs pygame")
    from gymnasium_core.functional.numpy_env import FrameWindow

    def refuse() -> None:
        raise AssertionError("pygame.init() was called")

    monkeypatch.setattr(pygame, "init", refuse)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    window = FrameWindow("test", fps=None)
    window.show(np.zeros((8, 6, 3), dtype=np.uint8))
    assert pygame.display.get_init() and pygame.display.get_surface().get_size() == (6, 8)
    window.close()
