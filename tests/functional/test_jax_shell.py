"""The generic JAX shells: keyword splitting, hooks, pickling, and every family built on them."""

from __future__ import annotations

import pickle
import warnings
from typing import Any

import numpy as np
import pytest
from functional_test_envs import Walk, WalkParams

jax = pytest.importorskip("jax")

import gymnasium_core as gym  # noqa: E402
from gymnasium_core.error import ResetNeeded  # noqa: E402
from gymnasium_core.functional import JaxEnvShell, JaxVectorEnvShell  # noqa: E402
from gymnasium_core.functional.jax_env import (  # noqa: E402
    SINGLE_ADAPTER_KEYS,
    split_adapter_kwargs,
)
from gymnasium_core.functional.jax_vector_env import VECTOR_ADAPTER_KEYS  # noqa: E402
from gymnasium_core.registration import load_env_creator  # noqa: E402
from gymnasium_core.vector import AutoresetMode  # noqa: E402

METADATA = {"render_modes": [], "jax": True}


class PushyWalk(Walk):
    """Walk whose constructor takes a param override, as the families' FuncEnvs do."""

    def __init__(self, push: float = 1.0) -> None:
        self.push = push
        super().__init__()

    def get_default_params(self, **overrides: Any) -> WalkParams:
        return WalkParams(push=self.push, **overrides)


class WalkJaxEnv(JaxEnvShell[Any]):
    func_env_cls = PushyWalk
    metadata = METADATA


class WalkJaxVectorEnv(JaxVectorEnvShell):
    func_env_cls = PushyWalk
    metadata = METADATA


class NoNegativeActions(ValueError):
    pass


class CheckedWalkJaxEnv(WalkJaxEnv):
    """The MJX pattern: a look at each action before the jitted step."""

    seen: list[Any]

    def check_action(self, action: Any) -> None:
        self.seen = [*getattr(self, "seen", []), action]
        if np.any(np.asarray(action) < 0):
            raise NoNegativeActions(action)


class CheckedWalkJaxVectorEnv(WalkJaxVectorEnv):
    def check_action(self, action: Any) -> None:
        if np.any(np.asarray(action) < 0):
            warnings.warn("negative action", RuntimeWarning, stacklevel=2)


class TaskMetadataJaxEnv(WalkJaxEnv):
    """Metadata from the task instead of the class, as MJX's envs take theirs."""

    def shell_metadata(self, func_env: Any) -> dict[str, Any]:
        return {"render_modes": [], "jax": True, "push": func_env.push}


def test_split_adapter_kwargs__keeps_every_item_once() -> None:
    kwargs = {"push": 2.0, "params": None, "autoreset_mode": "SameStep", "devices": None}
    task, adapter = split_adapter_kwargs(kwargs, VECTOR_ADAPTER_KEYS)
    assert task == {"push": 2.0}
    assert adapter == {"params": None, "autoreset_mode": "SameStep", "devices": None}
    task, adapter = split_adapter_kwargs(kwargs, SINGLE_ADAPTER_KEYS)
    assert adapter == {"params": None}
    assert task == {"push": 2.0, "autoreset_mode": "SameStep", "devices": None}


@pytest.mark.parametrize(
    ("adapter", "keys"),
    [("FunctionalJaxEnv", SINGLE_ADAPTER_KEYS), ("FunctionalJaxVectorEnv", VECTOR_ADAPTER_KEYS)],
)
def test_adapter_keys__are_the_adapters_keyword_only_options(adapter: str, keys: Any) -> None:
    import inspect

    import gymnasium_core.functional as functional

    parameters = inspect.signature(getattr(functional, adapter).__init__).parameters.values()
    assert keys == {p.name for p in parameters if p.kind is p.KEYWORD_ONLY}


def test_jax_env_shell__gives_params_to_the_adapter_and_the_rest_to_the_func_env() -> None:
    env = WalkJaxEnv(push=3.0)
    assert env.func_env.push == 3.0
    assert env.params == WalkParams(push=3.0)
    given = WalkParams(dt=0.5)
    env = WalkJaxEnv(push=3.0, params=given)
    assert env.func_env.push == 3.0 and env.params is given
    assert env.metadata == METADATA and env.metadata is not WalkJaxEnv.metadata


def test_jax_vector_env_shell__gives_every_adapter_option_to_the_adapter() -> None:
    envs = WalkJaxVectorEnv(
        3, max_episode_steps=7, push=2.0, autoreset_mode="SameStep", render_all=True
    )
    assert envs.func_env.push == 2.0
    assert envs.params == WalkParams(push=2.0)
    assert envs.autoreset_mode is AutoresetMode.SAME_STEP
    assert envs.render_all is True and envs.time_limit == 7 and envs.num_envs == 3
    assert WalkJaxVectorEnv(2, max_episode_steps=None).time_limit == 0


def test_jax_env_shell__check_action_runs_before_the_step() -> None:
    # Before any reset: the adapter's own step would raise ResetNeeded, so which error comes
    # out shows whether the hook ran first (and nothing is compiled).
    env = CheckedWalkJaxEnv()
    with pytest.raises(NoNegativeActions):
        env.step(-1)
    with pytest.raises(ResetNeeded):
        env.step(1)
    assert env.seen == [-1, 1]


def test_jax_vector_env_shell__check_action_sees_the_batch() -> None:
    envs = CheckedWalkJaxVectorEnv(2)
    with pytest.warns(RuntimeWarning, match="negative action"), pytest.raises(ResetNeeded):
        envs.step(np.array([1, -1]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ResetNeeded):
            envs.step(np.array([1, 0]))


def test_jax_env_shell__shell_metadata_may_come_from_the_task() -> None:
    assert TaskMetadataJaxEnv(push=4.0).metadata["push"] == 4.0


def test_jax_shells__pickle_with_their_constructor_arguments() -> None:
    env = WalkJaxEnv(push=3.0)
    assert env._ezpickle_kwargs == {"render_mode": None, "push": 3.0}
    assert pickle.loads(pickle.dumps(env)).params == env.params
    envs = WalkJaxVectorEnv(2, push=3.0, autoreset_mode="Disabled")
    assert envs._ezpickle_kwargs == {
        "num_envs": 2,
        "render_mode": None,
        "max_episode_steps": 0,
        "push": 3.0,
        "autoreset_mode": "Disabled",
    }
    loaded = pickle.loads(pickle.dumps(envs))
    assert loaded.params == envs.params and loaded.autoreset_mode is AutoresetMode.DISABLED


def _jax_family_ids() -> list[str]:
    return sorted(
        env_id for env_id, spec in gym.registry.items() if spec.namespace in ("phys2d", "tabular")
    )


@pytest.mark.parametrize("env_id", _jax_family_ids())
def test_jax_shells__every_phys2d_and_tabular_id_is_built_by_them(env_id: str) -> None:
    spec = gym.spec(env_id)
    assert issubclass(load_env_creator(spec.entry_point), JaxEnvShell)
    assert issubclass(load_env_creator(spec.vector_entry_point), JaxVectorEnvShell)


@pytest.mark.parametrize(
    ("module", "name", "kwargs"),
    [
        ("phys2d.cartpole", "CartPoleJaxEnv", {}),
        ("phys2d.pendulum", "PendulumJaxEnv", {}),
        ("tabular.blackjack", "BlackJackJaxEnv", {}),
        ("tabular.cliffwalking", "CliffWalkingJaxEnv", {}),
    ],
)
def test_jax_shells__record_the_reference_constructor_arguments(
    module: str, name: str, kwargs: dict[str, Any]
) -> None:
    import importlib

    reference = getattr(importlib.import_module(f"gymnasium.envs.{module}"), name)
    ours = getattr(importlib.import_module(f"gymnasium_core.envs.{module}"), name)
    ref_env = reference(render_mode="rgb_array", **kwargs)
    our_env = ours(render_mode="rgb_array", **kwargs)
    assert our_env._ezpickle_args == ref_env._ezpickle_args
    assert our_env._ezpickle_kwargs == ref_env._ezpickle_kwargs
    our_env.close()
    ref_env.close()


def test_jax_shells__phys2d_vector_env_keeps_the_reference_step_limit() -> None:
    from gymnasium.envs.phys2d.cartpole import CartPoleJaxVectorEnv as Reference
    from gymnasium_core.envs.phys2d.cartpole import CartPoleJaxVectorEnv

    ours, ref = CartPoleJaxVectorEnv(2), Reference(2)
    assert ours.time_limit == ref.time_limit == 200
    # The reference records these too, but its base class's ``__init__`` then empties the record
    # (an ``EzPickle.__init__()`` without arguments); ours keeps what it was built with.
    assert ours._ezpickle_kwargs == {"num_envs": 2, "render_mode": None, "max_episode_steps": 200}
