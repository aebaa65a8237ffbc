"""The built-in environments, installed as :mod:`gymnasium_core.envs`.

Importing this package registers every built-in id. Entry points are strings, so no
environment module (nor pygame, jax, ...) is imported until an environment is made.

Every stateful id also names the JAX vector environment of its task
(``jax_vector_entry_point``: classic control -> ``phys2d``, toy text -> ``tabular``), which
``make_vec(id, n, vectorization_mode="jax")`` builds.

``make_vec(id, n)`` without a mode gives what Gymnasium's registration gives: its own vector
entry point for the ids it registers one for (``CartPole-v0/-v1``, ``phys2d/*``), otherwise a
``SyncVectorEnv``. Our batched environments of the other ids are registered with
``vector_entry_point_opt_in=True``: one argument away
(``vectorization_mode="vector_entry_point"``), never the default.
"""

from __future__ import annotations

from typing import Any

from gymnasium_core.registration import make, pprint_registry, register, registry, spec

from . import registration as registration  # set as an attribute, as Gymnasium users expect

__all__ = ["make", "pprint_registry", "register", "registry", "spec"]

_PKG = "gymnasium_core.envs"

# The stateful ids whose Gymnasium registration has a vector entry point of its own: only for
# these is our batched environment make_vec's default.
_GYMNASIUM_VECTOR_IDS = frozenset({"CartPole-v0", "CartPole-v1"})


def _register_family(
    family: str,
    jax_family: str,
    entries: list[tuple[str, str, str, str | None, dict[str, Any]]],
) -> None:
    """Register a stateful family and point each id at its JAX vector environment.

    Each entry is ``(id, module, class stem, JAX module or None, register kwargs)``: the
    environment class is ``<stem>Env``, its numpy vector class ``<stem>VectorEnv``.
    """
    for env_id, module, stem, jax_target, options in entries:
        register(
            id=env_id,
            entry_point=f"{_PKG}.{family}.{module}:{stem}Env",
            vector_entry_point=f"{_PKG}.{family}.{module}:{stem}VectorEnv",
            jax_vector_entry_point=(
                None if jax_target is None else f"{_PKG}.{jax_family}.{jax_target}"
            ),
            vector_entry_point_opt_in=env_id not in _GYMNASIUM_VECTOR_IDS,
            **options,
        )


def _register_functional(
    family: str,
    entries: list[tuple[str, str, str, dict[str, Any]]],
    *,
    vector_entry_point_opt_in: bool,
) -> None:
    """Register functional JAX ids: ``(id, module, class stem, register kwargs)``.

    The vector entry point of each is a JAX vector environment, so it is declared as the id's
    ``jax_vector_entry_point`` too (``make_vec(..., vectorization_mode="jax")``).

    ``vector_entry_point_opt_in`` is true for a family whose Gymnasium registration has no
    vector entry point (``tabular``): ``make_vec`` then defaults to ``SyncVectorEnv`` there too.
    """
    for env_id, module, stem, options in entries:
        vector = f"{_PKG}.{family}.{module}:{stem}JaxVectorEnv"
        register(
            id=f"{family}/{env_id}",
            entry_point=f"{_PKG}.{family}.{module}:{stem}JaxEnv",
            vector_entry_point=vector,
            jax_vector_entry_point=vector,  # its own batch is already the JAX vector env
            disable_env_checker=True,
            vector_entry_point_opt_in=vector_entry_point_opt_in,
            **options,
        )


# Classic control ------------------------------------------------------------------------------

_register_family(
    "classic_control",
    "phys2d",
    [
        (
            "CartPole-v0",
            "cartpole",
            "CartPole",
            "cartpole:stateful_physics_vector_env",
            {"max_episode_steps": 200, "reward_threshold": 195.0},
        ),
        (
            "CartPole-v1",
            "cartpole",
            "CartPole",
            "cartpole:stateful_physics_vector_env",
            {"max_episode_steps": 500, "reward_threshold": 475.0},
        ),
        (
            "MountainCar-v0",
            "mountain_car",
            "MountainCar",
            "mountain_car:MountainCarJaxVectorEnv",
            {"max_episode_steps": 200, "reward_threshold": -110.0},
        ),
        (
            "MountainCarContinuous-v0",
            "continuous_mountain_car",
            "Continuous_MountainCar",
            "continuous_mountain_car:ContinuousMountainCarJaxVectorEnv",
            {"max_episode_steps": 999, "reward_threshold": 90.0},
        ),
        (
            "Pendulum-v1",
            "pendulum",
            "Pendulum",
            "pendulum:PendulumJaxVectorEnv",
            {"max_episode_steps": 200},
        ),
        (
            "Acrobot-v1",
            "acrobot",
            "Acrobot",
            "acrobot:AcrobotJaxVectorEnv",
            {"max_episode_steps": 500, "reward_threshold": -100.0},
        ),
    ],
)

_register_functional(
    "phys2d",
    [
        # v0/v1 keep the reference's pole "mass-length" (masspole + length, the class default);
        # v2 has the product, as the stateful CartPole.
        (
            "CartPole-v0",
            "cartpole",
            "CartPole",
            {"max_episode_steps": 200, "reward_threshold": 195.0},
        ),
        (
            "CartPole-v1",
            "cartpole",
            "CartPole",
            {"max_episode_steps": 500, "reward_threshold": 475.0},
        ),
        (
            "CartPole-v2",
            "cartpole",
            "CartPole",
            {
                "max_episode_steps": 500,
                "reward_threshold": 475.0,
                "kwargs": {"polemass_length": 0.1 * 0.5},
            },
        ),
        ("Pendulum-v0", "pendulum", "Pendulum", {"max_episode_steps": 200}),
        (
            "MountainCar-v0",
            "mountain_car",
            "MountainCar",
            {"max_episode_steps": 200, "reward_threshold": -110.0},
        ),
        (
            "MountainCarContinuous-v0",
            "continuous_mountain_car",
            "ContinuousMountainCar",
            {"max_episode_steps": 999, "reward_threshold": 90.0},
        ),
        (
            "Acrobot-v0",
            "acrobot",
            "Acrobot",
            {"max_episode_steps": 500, "reward_threshold": -100.0},
        ),
    ],
    vector_entry_point_opt_in=False,
)

# Toy text -------------------------------------------------------------------------------------

_register_family(
    "toy_text",
    "tabular",
    [
        (
            "Blackjack-v1",
            "blackjack",
            "Blackjack",
            "blackjack:BlackJackJaxVectorEnv",
            {"kwargs": {"sab": True, "natural": False}},
        ),
        (
            "FrozenLake-v1",
            "frozen_lake",
            "FrozenLake",
            "frozen_lake:FrozenLakeJaxVectorEnv",
            {"kwargs": {"map_name": "4x4"}, "max_episode_steps": 100, "reward_threshold": 0.70},
        ),
        (
            "FrozenLake8x8-v1",
            "frozen_lake",
            "FrozenLake",
            "frozen_lake:FrozenLakeJaxVectorEnv",
            {"kwargs": {"map_name": "8x8"}, "max_episode_steps": 200, "reward_threshold": 0.85},
        ),
        (
            "CliffWalking-v1",
            "cliffwalking",
            "CliffWalking",
            "cliffwalking:CliffWalkingJaxVectorEnv",
            {},
        ),
        (
            "CliffWalkingSlippery-v1",
            "cliffwalking",
            "CliffWalking",
            "cliffwalking:CliffWalkingJaxVectorEnv",
            {"kwargs": {"is_slippery": True}},
        ),
        (
            "Taxi-v4",
            "taxi",
            "Taxi",
            "taxi:TaxiJaxVectorEnv",
            {"max_episode_steps": 200, "reward_threshold": 8},
        ),
    ],
)
# Taxi-v3 is deliberately not registered: asking for it raises DeprecatedEnv (use Taxi-v4).

_register_functional(
    "tabular",
    [
        ("Blackjack-v0", "blackjack", "BlackJack", {}),
        ("CliffWalking-v0", "cliffwalking", "CliffWalking", {}),
        (
            "FrozenLake-v0",
            "frozen_lake",
            "FrozenLake",
            {"max_episode_steps": 100, "reward_threshold": 0.70},
        ),
        ("Taxi-v0", "taxi", "Taxi", {"max_episode_steps": 200, "reward_threshold": 8}),
    ],
    vector_entry_point_opt_in=True,
)

# Box2D ----------------------------------------------------------------------------------------
# Stateful only: a Box2D world cannot be stepped as a pure function.

_BOX2D: list[tuple[str, str, int, int, dict[str, Any]]] = [
    # (id, module:class, max_episode_steps, reward_threshold, kwargs)
    ("LunarLander-v3", "lunar_lander:LunarLander", 1000, 200, {}),
    ("LunarLanderContinuous-v3", "lunar_lander:LunarLander", 1000, 200, {"continuous": True}),
    ("BipedalWalker-v3", "bipedal_walker:BipedalWalker", 1600, 300, {}),
    ("BipedalWalkerHardcore-v3", "bipedal_walker:BipedalWalker", 2000, 300, {"hardcore": True}),
    ("CarRacing-v3", "car_racing:CarRacing", 1000, 900, {}),
]
for _id, _target, _steps, _threshold, _kwargs in _BOX2D:
    register(
        id=_id,
        entry_point=f"{_PKG}.box2d.{_target}",
        max_episode_steps=_steps,
        reward_threshold=_threshold,
        kwargs=_kwargs,
    )

# MuJoCo ---------------------------------------------------------------------------------------
# v4 and v5 of a task are one class with different defaults; `<task>_v4` / `<task>_v5` are the
# modules Gymnasium users import them from.

_MUJOCO: list[tuple[str, str, str, int, float | None]] = [
    # (name, module stem, class, max_episode_steps, reward_threshold)
    ("Ant", "ant", "AntEnv", 1000, 6000.0),
    ("HalfCheetah", "half_cheetah", "HalfCheetahEnv", 1000, 4800.0),
    ("Hopper", "hopper", "HopperEnv", 1000, 3800.0),
    ("Humanoid", "humanoid", "HumanoidEnv", 1000, None),
    ("HumanoidStandup", "humanoidstandup", "HumanoidStandupEnv", 1000, None),
    (
        "InvertedDoublePendulum",
        "inverted_double_pendulum",
        "InvertedDoublePendulumEnv",
        1000,
        9100.0,
    ),
    ("InvertedPendulum", "inverted_pendulum", "InvertedPendulumEnv", 1000, 950.0),
    ("Pusher", "pusher", "PusherEnv", 100, 0.0),
    ("Reacher", "reacher", "ReacherEnv", 50, -3.75),
    ("Swimmer", "swimmer", "SwimmerEnv", 1000, 360.0),
    ("Walker2d", "walker2d", "Walker2dEnv", 1000, None),
]
# Each v5 task also runs on MJX (MuJoCo in JAX): `mjx/<Task>-v5` is its jitted functional env,
# and `make_vec("<Task>-v5", n, vectorization_mode="jax")` batches it.
_MJX = f"{_PKG}.mujoco.mjx.envs"
# `make_vec("<Task>-vN", n, vectorization_mode="vector_entry_point")` steps n native copies on
# a pool of threads (`mujoco.vector`).
_MJV = f"{_PKG}.mujoco.vector"
for _name, _stem, _cls, _steps, _mj_threshold in _MUJOCO:
    for _version in ("v4", "v5"):
        register(
            id=f"{_name}-{_version}",
            entry_point=f"{_PKG}.mujoco.{_stem}_{_version}:{_cls}",
            max_episode_steps=_steps,
            reward_threshold=_mj_threshold,
            vector_entry_point=f"{_MJV}:{_name}{_version.upper()}VectorEnv",
            # Gymnasium registers no vector entry point here: `make_vec` stays sync by default.
            vector_entry_point_opt_in=True,
            jax_vector_entry_point=f"{_MJX}:{_name}MjxVectorEnv" if _version == "v5" else None,
        )
    register(
        id=f"mjx/{_name}-v5",
        entry_point=f"{_MJX}:{_name}MjxEnv",
        vector_entry_point=f"{_MJX}:{_name}MjxVectorEnv",
        jax_vector_entry_point=f"{_MJX}:{_name}MjxVectorEnv",
        disable_env_checker=True,
        max_episode_steps=_steps,
        reward_threshold=_mj_threshold,
    )

# Probes ---------------------------------------------------------------------------------------
# Known-answer tasks for debugging agents (gymnasium_core.testing.probes). `probe/<Name>-v0` is
# the stateful env (make_vec's default is its numpy batch, and `vectorization_mode="jax"` its
# JAX batch); `probe_jax/<Name>-v0` is the jitted single env.

_PROBES: list[tuple[str, dict[str, Any]]] = [
    ("ConstantReward", {}),
    ("ObservedReward", {}),
    ("DelayedReward", {}),
    ("Autoreset", {}),
    ("TimeLimit", {"max_episode_steps": 3}),
    ("Memory", {}),
    ("RewardScale", {}),
    ("ActionReward", {}),
    ("ObservedAction", {}),
    ("DelayedCredit", {}),
    ("ContinuousAction", {}),
]
_PROBE, _PROBE_JAX = f"{_PKG}.probe.probes", f"{_PKG}.probe.jax_probes"
for _name, _probe_options in _PROBES:
    register(
        id=f"probe/{_name}-v0",
        entry_point=f"{_PROBE}:{_name}Env",
        vector_entry_point=f"{_PROBE}:{_name}VectorEnv",
        jax_vector_entry_point=f"{_PROBE_JAX}:{_name}JaxVectorEnv",
        **_probe_options,
    )
    register(
        id=f"probe_jax/{_name}-v0",
        entry_point=f"{_PROBE_JAX}:{_name}JaxEnv",
        vector_entry_point=f"{_PROBE_JAX}:{_name}JaxVectorEnv",
        jax_vector_entry_point=f"{_PROBE_JAX}:{_name}JaxVectorEnv",
        disable_env_checker=True,
        **_probe_options,
    )
