"""LunarLander against Gymnasium 1.4: identical episodes, spaces, spec, errors, heuristic, copies
(pickle, deepcopy) that keep the episode, and frames."""

from __future__ import annotations

import copy
import math
import pickle
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import gymnasium_core
from gymnasium_core import error
from gymnasium_core.testing import parity
from gymnasium_core.testing.compare import assert_interface_equal, assert_same, assert_step_equal

pytest.importorskip("Box2D")
gymnasium = pytest.importorskip("gymnasium", reason="the reference package is a test dependency")

from gymnasium.envs.box2d import lunar_lander as ref_module  # noqa: E402
from gymnasium_core.envs.box2d import lunar_lander as our_module  # noqa: E402

IDS = parity.shared_ids("gymnasium.envs.box2d.lunar_lander")
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
    return parity.make_pair(env_id, **kwargs)


def _heuristic(env: Any, obs: Any) -> Any:
    return ref_module.heuristic(env, obs)


def play_both(ours: Any, ref: Any, seed: int, policy: str = "random", max_steps: int = 1000) -> int:
    """Play one episode in both envs with the same actions; returns the number of steps."""
    summary = parity.assert_rollouts_equal(
        ours,
        ref,
        seed=seed,
        num_steps=max_steps,
        actions=None if policy == "random" else _heuristic,
        reset_on_end=False,
    )
    return summary.steps


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
        actions = [step % 4 for step in range(1000)]
        parity.assert_rollouts_equal(ours, ref, seed=None, actions=actions, reset_on_end=False)


def test_lunar_lander__rendering_does_not_change_the_trajectory_and_matches_reference() -> None:
    # With a render mode, exhaust particles join the Box2D world, as in the reference.
    ours, ref = make_pair("LunarLanderContinuous-v3", render_mode="rgb_array")

    def render_and_count(ours: Any, ref: Any, step: int) -> None:
        if step % 3 == 0:
            ours.render()
            ref.render()
        assert len(ours.unwrapped.particles) == len(ref.unwrapped.particles)

    parity.assert_rollouts_equal(
        ours,
        ref,
        seed=4,
        num_steps=120,
        actions=_heuristic,
        reset_on_end=False,
        after_step=render_and_count,
    )


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
        assert_step_equal(ours.step(action), ref.step(action), where=f"step {step}")


@pytest.mark.parametrize("action", [np.int64(2), np.array(3), np.int32(1), True])
def test_lunar_lander__discrete_integer_forms_match_reference(action: Any) -> None:
    ours, ref = make_pair(disable_env_checker=True)
    ours.reset(seed=5)
    ref.reset(seed=5)
    for step in range(20):
        assert_step_equal(ours.step(action), ref.step(action), where=f"step {step}")


# ---------------------------------------------------------------------------- API facts
@pytest.mark.parametrize("env_id", IDS)
def test_lunar_lander__spaces_spec_and_metadata_match_reference(env_id: str) -> None:
    ours, ref = make_pair(env_id)
    assert_interface_equal(ours, ref)
    for bound in ("low", "high"):  # byte for byte, signs of zeros included
        got, expected = (
            getattr(ours.observation_space, bound),
            getattr(ref.observation_space, bound),
        )
        assert got.tobytes() == expected.tobytes()
    assert (
        ours.metadata == ref.metadata == {"render_modes": ["human", "rgb_array"], "render_fps": 50}
    )
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
        assert_step_equal(ours.step(2), ref.step(2), where=f"step {step}")


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


# ---------------------------------------------------------------------------- copies
COPIERS = {
    "pickle": lambda env: pickle.loads(pickle.dumps(env)),
    "deepcopy": copy.deepcopy,
}


def heuristic_actions(env: Any, obs: Any, count: int) -> list[Any]:
    """Actions of the heuristic along ``count`` steps of a deep copy of ``env``."""
    probe = copy.deepcopy(env)
    actions = []
    for _ in range(count):
        action = our_module.heuristic(probe, obs)
        actions.append(action)
        obs, _, terminated, _, _ = probe.step(action)
        if terminated:
            break
    return actions


@pytest.mark.parametrize("how", COPIERS)
@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"continuous": True, "enable_wind": True},
        {"enable_wind": True, "render_mode": "rgb_array"},
        {"continuous": True, "render_mode": "rgb_array", "gravity": -4.0},
    ],
    ids=["discrete", "continuous-wind", "discrete-wind-render", "continuous-render"],
)
def test_copy__mid_episode_clone_continues_identically(how: str, kwargs: dict[str, Any]) -> None:
    env = gymnasium_core.make("LunarLander-v3", **kwargs)
    obs, _ = env.reset(seed=6)
    for step in range(60):
        obs = env.step(our_module.heuristic(env, obs))[0]
        if kwargs.get("render_mode") and step % 2:
            env.render()
    clone = COPIERS[how](env)
    assert clone.unwrapped is not env.unwrapped
    assert clone.spec == env.spec
    assert (
        clone.unwrapped.np_random.bit_generator.state == env.unwrapped.np_random.bit_generator.state
    )
    assert len(clone.unwrapped.particles) == len(env.unwrapped.particles)
    for particle, twin in zip(env.unwrapped.particles, clone.unwrapped.particles, strict=True):
        assert particle.ttl == twin.ttl
    for action in heuristic_actions(env, obs, 300):
        assert_same(clone.step(action), env.step(action))
    if kwargs.get("render_mode"):
        np.testing.assert_array_equal(clone.render(), env.render())
    env.close()
    clone.close()


@pytest.mark.parametrize("how", COPIERS)
def test_copy__clone_of_a_fresh_env_resets_like_the_original(how: str) -> None:
    env = gymnasium_core.make("LunarLander-v3")
    clone = COPIERS[how](env)
    assert_same(clone.reset(seed=3), env.reset(seed=3))
    for _ in range(20):
        assert_same(clone.step(2), env.step(2))


@pytest.mark.parametrize("how", COPIERS)
def test_copy__clone_keeps_the_unseeded_generator_stream(how: str) -> None:
    env = gymnasium_core.make("LunarLander-v3", enable_wind=True).unwrapped
    env.reset(seed=1)
    for _ in range(10):
        env.step(1)
    clone = COPIERS[how](env)
    # No seed: the next episode draws its terrain and wind from where the generator stands.
    np.testing.assert_array_equal(clone.reset()[0], env.reset()[0])
    assert (clone.wind_idx, clone.torque_idx) == (env.wind_idx, env.torque_idx)
    assert clone.np_random_seed == env.np_random_seed == 1


def test_copy__clone_after_rejected_action_keeps_the_extra_wind() -> None:
    env = gymnasium_core.make("LunarLander-v3", enable_wind=True, disable_env_checker=True)
    env = env.unwrapped
    env.reset(seed=2)
    with pytest.raises(AssertionError):
        env.step(9)
    clone = pickle.loads(pickle.dumps(env))
    for _ in range(30):
        assert_same(clone.step(0), env.step(0))


def test_copy__clone_of_wind_settings_does_not_warn_again() -> None:
    with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning):
        env = gymnasium_core.make("LunarLander-v3", wind_power=25.0, enable_wind=True)
    env.reset(seed=0)
    clone = copy.deepcopy(env)  # warnings are errors in tests: a second warning would fail
    assert clone.unwrapped.wind_power == 25.0
    assert_same(clone.step(0), env.step(0))


# ---------------------------------------------------------------------------- rendering
@pytest.mark.parametrize("env_id", ["LunarLander-v3", "LunarLanderContinuous-v3"])
def test_render__rgb_array_frames_equal_the_reference(env_id: str) -> None:
    ours, ref = make_pair(env_id, render_mode="rgb_array")
    obs, _ = ours.reset(seed=3)
    ref.reset(seed=3)
    for step in range(80):
        action = ref_module.heuristic(ref, obs)
        obs = ours.step(action)[0]
        ref.step(action)
        if step % 20 == 0:
            frame, expected = ours.render(), ref.render()
            assert frame.shape == expected.shape == (400, 600, 3)
            assert frame.dtype == np.uint8
            np.testing.assert_array_equal(frame, expected)


def test_render__human_mode_draws_in_a_window_and_closes_twice() -> None:
    env = gymnasium_core.make("LunarLander-v3", render_mode="human")
    env.reset(seed=0)
    assert env.unwrapped.screen is not None
    assert env.step(2)[0].shape == (8,)
    assert env.render() is None
    env.close()
    env.close()
    assert env.unwrapped.screen is None


def test_render__without_render_mode_warns_and_returns_none() -> None:
    env = gymnasium_core.make("LunarLander-v3")
    env.reset(seed=0)
    with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning, match="render_mode"):
        assert env.unwrapped.render() is None


def test_render__particles_fade_and_are_destroyed() -> None:
    env = gymnasium_core.make("LunarLander-v3", render_mode="rgb_array").unwrapped
    env.reset(seed=0)
    env.step(2)
    env.step(1)
    assert [round(p.ttl, 6) for p in env.particles] == [1.0, 1.0]
    for _ in range(7):
        env.render()
    assert env.particles == []
