"""LunarLander against Gymnasium 1.4: identical episodes, spaces, spec, errors and heuristic."""

from __future__ import annotations

import math
import subprocess
import sys
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.envs.box2d import lunar_lander as ref_module
from gymnasium_core.envs.box2d import lunar_lander as our_module

import gymnasium_core
from gymnasium_core import error

IDS = ["LunarLander-v3", "LunarLanderContinuous-v3"]
MODULES = [gymnasium_core, gymnasium]
VARIANTS = [
    pytest.param({}, id="discrete"),
    pytest.param({"continuous": True}, id="continuous"),
    pytest.param({"enable_wind": True}, id="discrete-wind"),
    pytest.param({"continuous": True, "enable_wind": True}, id="continuous-wind"),
    pytest.param(
        {"enable_wind": True, "wind_power": 5.0, "turbulence_power": 0.5, "gravity": -3.0},
        id="discrete-wind-low-gravity",
    ),
    pytest.param(
        {"continuous": True, "gravity": -11.99, "enable_wind": True, "wind_power": 20.0},
        id="continuous-strong-wind-high-gravity",
    ),
]


def make_pair(env_id: str = "LunarLander-v3", **kwargs: Any) -> tuple[Any, Any]:
    return gymnasium_core.make(env_id, **kwargs), gymnasium.make(env_id, **kwargs)


def assert_same_step(ours: tuple[Any, ...], ref: tuple[Any, ...], where: str) -> None:
    obs, reward, terminated, truncated, info = ours
    r_obs, r_reward, r_terminated, r_truncated, r_info = ref
    assert obs.dtype == r_obs.dtype == np.float32, where
    np.testing.assert_array_equal(obs, r_obs, err_msg=where)
    assert reward == r_reward, (where, reward, r_reward)
    assert type(reward) is type(r_reward), (where, type(reward), type(r_reward))
    assert (terminated, truncated) == (r_terminated, r_truncated), where
    assert type(terminated) is type(r_terminated) is bool, where
    assert info == r_info, where


def play_both(ours: Any, ref: Any, seed: int, policy: str = "random", max_steps: int = 1000) -> int:
    """Play one episode in both envs with the same actions; returns the number of steps."""
    obs, info = ours.reset(seed=seed)
    r_obs, r_info = ref.reset(seed=seed)
    np.testing.assert_array_equal(obs, r_obs)
    assert info == r_info == {}
    ref.action_space.seed(seed)
    for step in range(max_steps):
        if policy == "random":
            action = ref.action_space.sample()
        else:
            action = ref_module.heuristic(ref, r_obs)
        out, r_out = ours.step(action), ref.step(action)
        assert_same_step(out, r_out, f"seed {seed}, step {step}")
        r_obs = r_out[0]
        if out[2] or out[3]:
            return step + 1
    return max_steps


# ---------------------------------------------------------------------------- parity
@pytest.mark.parametrize("kwargs", VARIANTS)
def test_lunar_lander__random_episodes_match_reference(kwargs: dict[str, Any]) -> None:
    ours, ref = make_pair(**kwargs)
    lengths = [play_both(ours, ref, seed) for seed in range(10)]
    assert all(n > 20 for n in lengths), lengths


@pytest.mark.parametrize("kwargs", VARIANTS[:4])
def test_lunar_lander__heuristic_landings_match_reference(kwargs: dict[str, Any]) -> None:
    # Landings run for hundreds of steps and end at rest, with legs on the ground.
    ours, ref = make_pair(**kwargs)
    lengths = [play_both(ours, ref, seed, policy="heuristic") for seed in range(3)]
    assert max(lengths) > 150, lengths


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["random", "heuristic"])
@pytest.mark.parametrize("kwargs", VARIANTS)
def test_lunar_lander__many_seeds_match_reference(kwargs: dict[str, Any], policy: str) -> None:
    ours, ref = make_pair(**kwargs)
    for seed in range(100, 160):
        play_both(ours, ref, seed, policy=policy)


def test_lunar_lander__consecutive_episodes_without_reseeding_match_reference() -> None:
    ours, ref = make_pair(enable_wind=True)
    play_both(ours, ref, seed=11)
    for _ in range(3):
        obs, r_obs = ours.reset()[0], ref.reset()[0]
        np.testing.assert_array_equal(obs, r_obs)
        for step in range(1000):
            action = step % 4
            out, r_out = ours.step(action), ref.step(action)
            assert_same_step(out, r_out, f"step {step}")
            if out[2]:
                break


def test_lunar_lander__rendering_does_not_change_the_trajectory_and_matches_reference() -> None:
    # With a render mode, exhaust particles join the Box2D world, as in the reference.
    ours, ref = make_pair("LunarLanderContinuous-v3", render_mode="rgb_array")
    obs, _ = ours.reset(seed=4)
    ref.reset(seed=4)
    for step in range(120):
        action = ref_module.heuristic(ref, obs)
        out, r_out = ours.step(action), ref.step(action)
        assert_same_step(out, r_out, f"step {step}")
        obs = out[0]
        if step % 3 == 0:
            ours.render()
            ref.render()
        assert len(ours.unwrapped.particles) == len(ref.unwrapped.particles)
        if out[2]:
            break


@pytest.mark.parametrize(
    "action",
    [
        np.array([2.0, -3.0], dtype=np.float32),
        np.array([-0.2, 0.7], dtype=np.float64),
        [0.9, -0.6],
        np.array([0.5, 0.9, 0.3]),
        np.array([np.nan, 0.8], dtype=np.float32),
        np.array([0, 1]),
    ],
    ids=["clipped", "float64", "list", "three-values", "nan-main", "int-array"],
)
def test_lunar_lander__continuous_action_forms_match_reference(action: Any) -> None:
    kwargs = {"continuous": True, "disable_env_checker": True}
    ours, ref = make_pair(**kwargs)
    ours.reset(seed=2)
    ref.reset(seed=2)
    for step in range(30):
        assert_same_step(ours.step(action), ref.step(action), f"step {step}")


@pytest.mark.parametrize("action", [np.int64(2), np.array(3), np.int32(1), True])
def test_lunar_lander__discrete_integer_forms_match_reference(action: Any) -> None:
    ours, ref = make_pair(disable_env_checker=True)
    ours.reset(seed=5)
    ref.reset(seed=5)
    for step in range(20):
        assert_same_step(ours.step(action), ref.step(action), f"step {step}")


# ---------------------------------------------------------------------------- API facts
@pytest.mark.parametrize("env_id", IDS)
def test_lunar_lander__spaces_spec_and_metadata_match_reference(env_id: str) -> None:
    ours, ref = make_pair(env_id)
    assert str(ours.observation_space) == str(ref.observation_space)
    for bound in ("low", "high"):
        got, expected = (
            getattr(ours.observation_space, bound),
            getattr(ref.observation_space, bound),
        )
        assert got.tobytes() == expected.tobytes()
    assert str(ours.action_space) == str(ref.action_space)
    assert (
        ours.metadata == ref.metadata == {"render_modes": ["human", "rgb_array"], "render_fps": 50}
    )
    for field in ("id", "reward_threshold", "max_episode_steps", "kwargs", "nondeterministic"):
        assert getattr(ours.spec, field) == getattr(ref.spec, field), field
    assert ours.spec.entry_point == "gymnasium_core.envs.box2d.lunar_lander:LunarLander"
    assert str(ours) == str(ref).replace("gymnasium", "gymnasium_core")


def test_lunar_lander__module_constants_match_reference() -> None:
    names = [
        "FPS",
        "SCALE",
        "MAIN_ENGINE_POWER",
        "SIDE_ENGINE_POWER",
        "INITIAL_RANDOM",
        "LANDER_POLY",
        "LEG_AWAY",
        "LEG_DOWN",
        "LEG_W",
        "LEG_H",
        "LEG_SPRING_TORQUE",
        "SIDE_ENGINE_HEIGHT",
        "SIDE_ENGINE_AWAY",
        "MAIN_ENGINE_Y_LOCATION",
        "VIEWPORT_W",
        "VIEWPORT_H",
    ]
    for name in names:
        assert getattr(our_module, name) == getattr(ref_module, name), name


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_lunar_lander__reference_attributes_exist(module: Any) -> None:
    env = module.make("LunarLander-v3", enable_wind=True).unwrapped
    env.reset(seed=0)
    for name in ("world", "moon", "lander", "legs", "particles", "drawlist", "sky_polys"):
        assert getattr(env, name) is not None, name
    assert env.helipad_x1 < env.helipad_x2
    assert env.helipad_y == pytest.approx(400 / 30 / 4)
    assert env.game_over is False
    assert -9999 <= env.wind_idx <= 10000
    assert [leg.ground_contact for leg in env.legs] == [False, False]


# ---------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("gravity", [0.0, -12.0, 1.0, -20.0, math.nan])
@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_lunar_lander__gravity_out_of_range_raises_assertion(module: Any, gravity: float) -> None:
    with pytest.raises(AssertionError, match="gravity"):
        module.make("LunarLander-v3", gravity=gravity)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"wind_power": 20.5}, "wind_power"),
        ({"wind_power": -1.0}, "wind_power"),
        ({"turbulence_power": 2.5}, "turbulence_power"),
        ({"turbulence_power": -0.1}, "turbulence_power"),
    ],
)
def test_lunar_lander__unusual_wind_settings_warn(kwargs: dict[str, float], match: str) -> None:
    with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning, match=match):
        env = gymnasium_core.make("LunarLander-v3", **kwargs)
    with pytest.warns(UserWarning, match=match):
        gymnasium.make("LunarLander-v3", **kwargs)
    env.reset(seed=0)


@pytest.mark.parametrize("action", [4, -1, 1.0, "2", None, np.array([2]), np.float64(2.0)])
@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_lunar_lander__invalid_discrete_action_raises_assertion(module: Any, action: Any) -> None:
    env = module.make("LunarLander-v3", disable_env_checker=True).unwrapped
    env.reset(seed=0)
    with pytest.raises(AssertionError):
        env.step(action)


@pytest.mark.parametrize("action", [np.array([1.0]), np.array(0.5)])
@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_lunar_lander__too_short_continuous_action_raises_index_error(
    module: Any, action: Any
) -> None:
    env = module.make("LunarLanderContinuous-v3", disable_env_checker=True).unwrapped
    env.reset(seed=0)
    with pytest.raises(IndexError):
        env.step(action)


def test_lunar_lander__two_dimensional_continuous_action_raises_value_error() -> None:
    env = gymnasium_core.make("LunarLanderContinuous-v3", disable_env_checker=True).unwrapped
    env.reset(seed=0)
    with pytest.raises(ValueError, match="1-d"):
        env.step(np.zeros((2, 2)))


def test_lunar_lander__rejected_action_keeps_the_wind_the_reference_applied() -> None:
    # The reference blows the wind before it checks the action; the next step feels it twice.
    kwargs = {"enable_wind": True, "disable_env_checker": True}
    ours, ref = (env.unwrapped for env in make_pair(**kwargs))
    ours.reset(seed=8)
    ref.reset(seed=8)
    for env in (ours, ref):
        with pytest.raises(AssertionError):
            env.step(7)
    for step in range(10):
        assert_same_step(ours.step(2), ref.step(2), f"step {step}")


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_lunar_lander_continuous__class_cannot_be_instantiated(module: Any) -> None:
    with pytest.raises(module.error.Error, match="continuous"):
        module.envs.box2d.lunar_lander.LunarLanderContinuous()


def test_lunar_lander_continuous__lazy_export_is_the_module_class() -> None:
    from gymnasium_core.envs import box2d

    assert box2d.LunarLanderContinuous is our_module.LunarLanderContinuous
    assert box2d.LunarLander is our_module.LunarLander


def test_lunar_lander__step_before_reset_raises_reset_needed() -> None:
    env = our_module.LunarLander()
    with pytest.raises(error.ResetNeeded):
        env.step(0)


# ---------------------------------------------------------------------------- heuristic
@pytest.mark.parametrize("env_id", IDS)
def test_heuristic__lands_the_lander(env_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    env = gymnasium_core.make(env_id)
    returns = [our_module.demo_heuristic_lander(env, seed=seed) for seed in range(3)]
    assert all(r > 200 for r in returns), returns
    assert "step" in capsys.readouterr().out


@pytest.mark.parametrize("continuous", [False, True])
def test_heuristic__picks_the_reference_actions(continuous: bool) -> None:
    rng = np.random.default_rng(0)
    ours, ref = make_pair(continuous=continuous)
    states = rng.uniform(-1.5, 1.5, size=(400, 8)).astype(np.float32)
    states[:, 6:] = rng.integers(0, 2, size=(400, 2))
    states[::7, 0] = 0.8  # angle target clipped at +0.4
    states[::11, 0] = -0.8  # and at -0.4
    for s in [*states, list(map(float, states[0]))]:
        got, expected = our_module.heuristic(ours, s), ref_module.heuristic(ref, s)
        assert type(got) is type(expected)
        if continuous:
            assert got.dtype == expected.dtype
            np.testing.assert_array_equal(got, expected)
        else:
            assert got == expected


def test_demo_heuristic_lander__returns_the_reference_return(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ours, ref = make_pair()
    assert our_module.demo_heuristic_lander(ours, seed=3) == ref_module.demo_heuristic_lander(
        ref, seed=3
    )
    capsys.readouterr()


# ---------------------------------------------------------------------------- import cost
def test_lunar_lander__package_import_does_not_load_box2d_or_pygame() -> None:
    code = (
        "import sys, gymnasium_core, gymnasium_core.envs, gymnasium_core.envs.box2d\n"
        "bad = [m for m in ('Box2D', 'pygame') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_lunar_lander__terrain_and_bodies_match_reference() -> None:
    ours, ref = (env.unwrapped for env in make_pair())
    for seed in range(5):
        ours.reset(seed=seed)
        ref.reset(seed=seed)

        def fixtures(body: Any) -> list[tuple[Any, ...]]:
            return [
                (tuple(map(tuple, f.shape.vertices)), f.friction, f.density, f.restitution)
                for f in body.fixtures
            ]

        assert fixtures(ours.moon) == fixtures(ref.moon)
        assert ours.sky_polys == ref.sky_polys
        for mine, theirs in zip([ours.lander, *ours.legs], [ref.lander, *ref.legs], strict=True):
            assert fixtures(mine) == fixtures(theirs)
            assert tuple(mine.position) == tuple(theirs.position)
            assert mine.mass == theirs.mass
        assert (ours.helipad_x1, ours.helipad_x2, ours.helipad_y) == (
            ref.helipad_x1,
            ref.helipad_x2,
            ref.helipad_y,
        )
