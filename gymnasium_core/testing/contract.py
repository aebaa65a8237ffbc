"""Contract checks that every registered environment passes, reusable for your own ids.

Each ``check_*`` function takes an id (or an :class:`~gymnasium_core.registration.EnvSpec`)
and raises ``AssertionError`` with a precise message when the environment breaks the
contract; :func:`check_contract` runs them all. Environments whose metadata says ``"jax"``
are seen through :class:`~gymnasium_core.wrappers.JaxToNumpy`, so they are held to the same
numpy contract.

Example:
    >>> from gymnasium_core.testing.contract import check_contract
    >>> check_contract("CartPole-v1")  # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import copy
import math
import pickle
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from gymnasium_core import spaces
from gymnasium_core.core import Env
from gymnasium_core.registration import EnvSpec, make
from gymnasium_core.utils.env_checker import check_env, data_equivalence

__all__ = [
    "CHECK_ENV_IGNORED_WARNINGS",
    "JAX_CHECK_ENV_IGNORED_WARNINGS",
    "check_checker_passes",
    "check_close_twice",
    "check_compiles_once",
    "check_contract",
    "check_determinism",
    "check_make_reset_step",
    "check_outputs_in_spaces",
    "check_pickle_and_deepcopy",
    "check_render_modes",
    "compilations",
    "rollout",
]

CHECK_ENV_IGNORED_WARNINGS: tuple[str, ...] = (
    "-inf as a lower bound",
    "inf as an upper bound",
    "we recommend using a symmetric and normalized space",
)
"""Substrings of :func:`check_env` warnings that describe a space design choice, not a bug;
the reference environments themselves trigger them (e.g. CartPole's unbounded velocities)."""

JAX_CHECK_ENV_IGNORED_WARNINGS: tuple[str, ...] = ("should be an int or np.int64",)
"""Further tolerated :func:`check_env` warnings for environments whose metadata says ``"jax"``:
they return arrays, so a :class:`~gymnasium_core.spaces.Discrete` observation is a 0-d integer
array rather than a Python ``int``, as with Gymnasium's own JAX environments."""

EnvId = str | EnvSpec


def _make(env_id: EnvId, **kwargs: Any) -> Env[Any, Any]:
    env = make(env_id, **kwargs)
    if env.metadata.get("jax", False):
        from gymnasium_core import wrappers

        converted: Env[Any, Any] = wrappers.JaxToNumpy(env)
        return converted
    return env


def rollout(
    env: Env[Any, Any], seed: int, num_steps: int
) -> Iterator[tuple[Any, Any, Any, Any, dict[str, Any]]]:
    """Reset ``env`` with ``seed`` and step it with seeded random actions.

    The episode restarts (without a seed) whenever it ends.

    Args:
        env: The environment.
        seed: Seed of the first reset and of the action space.
        num_steps: Number of steps.

    Yields:
        ``("reset", obs, None, None, info)`` for each reset, then
        ``(action, obs, reward, (terminated, truncated), info)`` for each step.
    """
    env.action_space.seed(seed)
    obs, info = env.reset(seed=seed)
    yield "reset", obs, None, None, info
    for _ in range(num_steps):
        action = env.action_space.sample()
        obs, reward, terminated, truncated, info = env.step(action)
        yield action, obs, reward, (terminated, truncated), info
        if terminated or truncated:
            obs, info = env.reset()
            yield "reset", obs, None, None, info


def check_make_reset_step(env_id: EnvId) -> None:
    """Check that the id can be made, reset and stepped once, and that its spec is attached."""
    env = _make(env_id)
    try:
        assert env.spec is not None, "make() returned an environment without a spec."
        expected_id = env_id.id if isinstance(env_id, EnvSpec) else env_id.split(":")[-1]
        assert env.spec.id == expected_id, f"spec.id is {env.spec.id!r}, expected {expected_id!r}"
        env.reset(seed=0)
        env.step(env.action_space.sample())
    finally:
        env.close()


def check_checker_passes(
    env_id: EnvId, ignored_warnings: tuple[str, ...] = CHECK_ENV_IGNORED_WARNINGS
) -> None:
    """Check that :func:`check_env` passes on the unwrapped environment without warnings.

    Args:
        env_id: The id.
        ignored_warnings: Substrings of warnings that are tolerated.

    Raises:
        AssertionError: If the checker raises or emits another warning.
    """
    env = make(env_id, disable_env_checker=True).unwrapped
    if env.metadata.get("jax", False):
        ignored_warnings = (*ignored_warnings, *JAX_CHECK_ENV_IGNORED_WARNINGS)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(env, skip_render_check=False)
    finally:
        env.close()
    unexpected = [
        str(w.message)
        for w in caught
        if not any(text in str(w.message) for text in ignored_warnings)
    ]
    assert not unexpected, f"check_env warned on {env_id}: {unexpected}"


def check_determinism(env_id: EnvId, seed: int = 0, num_steps: int = 100) -> None:
    """Check that two environments given the same seed produce the same trajectory exactly."""
    env_a, env_b = _make(env_id), _make(env_id)
    try:
        steps_a = list(rollout(env_a, seed, num_steps))
        steps_b = list(rollout(env_b, seed, num_steps))
    finally:
        env_a.close()
        env_b.close()
    for index, (step_a, step_b) in enumerate(zip(steps_a, steps_b, strict=True)):
        for part, a, b in zip(("action", "obs", "reward", "done", "info"), step_a, step_b):
            assert data_equivalence(a, b, exact=True), (
                f"{env_id}, seed {seed}: {part} differs at record {index}: {a!r} != {b!r}"
            )


def _check_obs_exact(obs: Any, space: spaces.Space[Any], where: str, is_jax: bool = False) -> None:
    assert obs in space, f"{where}: observation {obs!r} is not in {space}"
    if isinstance(space, spaces.Box):
        assert isinstance(obs, np.ndarray), f"{where}: a Box observation is {type(obs)}"
        assert obs.dtype == space.dtype, f"{where}: dtype {obs.dtype}, space has {space.dtype}"
        assert obs.shape == space.shape, f"{where}: shape {obs.shape}, space has {space.shape}"
        if np.issubdtype(obs.dtype, np.floating):
            assert np.all(np.isfinite(obs)), f"{where}: observation holds NaN or inf: {obs}"
    elif isinstance(space, spaces.Discrete):
        # A JAX env returns arrays: its Discrete observation is a 0-d integer array.
        is_array_int = (
            is_jax
            and isinstance(obs, np.ndarray)
            and obs.shape == ()
            and np.issubdtype(obs.dtype, np.integer)
        )
        assert is_array_int or isinstance(obs, (int, np.integer)), (
            f"{where}: a Discrete obs is {type(obs)}"
        )
    elif isinstance(space, (spaces.MultiDiscrete, spaces.MultiBinary)):
        assert isinstance(obs, np.ndarray), f"{where}: observation is {type(obs)}"
        assert obs.dtype == space.dtype, f"{where}: dtype {obs.dtype}, space has {space.dtype}"
        assert obs.shape == space.shape, f"{where}: shape {obs.shape}, space has {space.shape}"
    elif isinstance(space, spaces.Tuple):
        assert isinstance(obs, tuple), f"{where}: a Tuple observation is {type(obs)}"
        for index, (item, item_space) in enumerate(zip(obs, space.spaces, strict=True)):
            _check_obs_exact(item, item_space, f"{where}[{index}]", is_jax)
    elif isinstance(space, spaces.Dict):
        assert isinstance(obs, dict), f"{where}: a Dict observation is {type(obs)}"
        for key, item_space in space.spaces.items():
            _check_obs_exact(obs[key], item_space, f"{where}[{key!r}]", is_jax)


def check_outputs_in_spaces(env_id: EnvId, seed: int = 0, num_steps: int = 100) -> None:
    """Check the outputs of ``num_steps`` random steps against the spaces.

    Observations must lie in the observation space with its exact dtype and shape and hold no
    NaN; rewards must be finite numbers, ``terminated`` / ``truncated`` booleans, infos dicts.
    """
    env = _make(env_id)
    is_jax = bool(env.unwrapped.metadata.get("jax", False))
    try:
        for index, (_action, obs, reward, flags, info) in enumerate(rollout(env, seed, num_steps)):
            where = f"{env_id}, record {index}"
            _check_obs_exact(obs, env.observation_space, where, is_jax)
            assert isinstance(info, dict), f"{where}: info is {type(info)}"
            if flags is None:
                continue
            assert isinstance(reward, (int, float, np.integer, np.floating)), (
                f"{where}: reward is {type(reward)}"
            )
            assert math.isfinite(float(reward)), f"{where}: reward is {reward}"
            for name, flag in zip(("terminated", "truncated"), flags):
                assert isinstance(flag, (bool, np.bool_)), f"{where}: {name} is {type(flag)}"
    finally:
        env.close()


_FrameCheck = Callable[[Any], bool]
_FRAME_CHECKS: dict[str, tuple[_FrameCheck, str]] = {
    "human": (lambda frame: frame is None, "None"),
    "rgb_array": (
        lambda frame: (
            isinstance(frame, np.ndarray)
            and frame.dtype == np.uint8
            and frame.ndim == 3
            and frame.shape[2] == 3
        ),
        "a uint8 array of shape (height, width, 3)",
    ),
    "depth_array": (
        lambda frame: isinstance(frame, np.ndarray) and frame.ndim == 2,
        "an array of shape (height, width)",
    ),
    "ansi": (lambda frame: isinstance(frame, str), "a str"),
}


def _check_frame(mode: str, frame: Any, where: str) -> None:
    if mode.endswith("_list"):
        assert isinstance(frame, list), f"{where}: render() gave {type(frame)}, expected a list"
        for item in frame:
            _check_frame(mode.removesuffix("_list"), item, where)
        return
    if mode in _FRAME_CHECKS:
        is_valid, expected = _FRAME_CHECKS[mode]
        assert is_valid(frame), f"{where}: render() gave {type(frame)}, expected {expected}"


def check_render_modes(env_id: EnvId, num_steps: int = 1) -> None:
    """Check every mode in ``metadata["render_modes"]`` renders headless with the right type.

    Run it with ``SDL_VIDEODRIVER=dummy`` (and ``MUJOCO_GL=egl``) so no window opens.
    """
    probe = _make(env_id)
    modes = list(probe.metadata.get("render_modes", []))
    probe.close()
    for mode in modes:
        env = _make(env_id, render_mode=mode)
        try:
            assert env.render_mode == mode, f"{env_id}: render_mode is {env.render_mode!r}"
            env.reset(seed=0)
            _check_frame(mode, env.render(), f"{env_id} ({mode}) after reset")
            for _ in range(num_steps):
                env.step(env.action_space.sample())
            _check_frame(mode, env.render(), f"{env_id} ({mode}) after steps")
        finally:
            env.close()


def check_pickle_and_deepcopy(env_id: EnvId, seed: int = 0, num_steps: int = 5) -> None:
    """Check that a reset environment survives pickling and deep copying with its state.

    The copy and the original, stepped with the same actions, must give the same results.
    """
    env = _make(env_id)
    try:
        env.action_space.seed(seed)
        env.reset(seed=seed)
        env.step(env.action_space.sample())
        clones = {"pickle": pickle.loads(pickle.dumps(env)), "deepcopy": copy.deepcopy(env)}
        try:
            for index in range(num_steps):
                action = env.action_space.sample()
                expected = env.step(action)
                for how, clone in clones.items():
                    got = clone.step(action)
                    for part, a, b in zip(
                        ("obs", "reward", "terminated", "truncated"), got, expected
                    ):
                        assert data_equivalence(a, b, exact=True), (
                            f"{env_id}: after {how}, step {index} {part} differs: {a!r} != {b!r}"
                        )
                if expected[2] or expected[3]:
                    break
        finally:
            for clone in clones.values():
                clone.close()
    finally:
        env.close()


def check_close_twice(env_id: EnvId) -> None:
    """Check that ``close()`` may be called twice, before and after a reset."""
    for do_reset in (False, True):
        env = _make(env_id)
        if do_reset:
            env.reset(seed=0)
        env.close()
        env.close()


@contextlib.contextmanager
def compilations() -> Iterator[list[str]]:
    """Record the names of the functions JAX traces or compiles inside the ``with`` block.

    Example:
        >>> with compilations() as compiled:  # doctest: +SKIP
        ...     env.step(action)
        >>> assert not compiled  # doctest: +SKIP

    Yields:
        A list that fills with ``"trace: name"`` and ``"compile: name"`` entries.
    """
    import jax.monitoring

    events = {
        "/jax/core/compile/jaxpr_trace_duration": "trace",
        "/jax/core/compile/backend_compile_duration": "compile",
    }
    seen: list[str] = []

    def listen(event: str, duration_secs: float, **kwargs: str | int) -> None:
        if event in events:
            seen.append(f"{events[event]}: {kwargs.get('fun_name', '?')}")

    jax.monitoring.register_event_duration_secs_listener(listen)
    try:
        yield seen
    finally:
        _unregister_duration_listener(listen)


def _unregister_duration_listener(listener: Callable[..., None]) -> None:
    """Remove a JAX duration listener; JAX made the function public only after 0.5."""
    import jax.monitoring

    unregister = getattr(jax.monitoring, "unregister_event_duration_listener", None)
    if unregister is None:
        from jax._src import monitoring

        # Older JAX has only this private form (the name differs in newer releases).
        unregister = monitoring._unregister_event_duration_listener_by_callback  # type: ignore[attr-defined]
    unregister(listener)


def check_compiles_once(env_id: EnvId, seed: int = 0, num_steps: int = 20) -> None:
    """Check that a JAX environment traces nothing after its first reset and step.

    Later steps, resets, episode ends and further environments made from the same id must
    reuse the compiled programs. Environments without ``metadata["jax"]`` pass trivially.
    """
    env = make(env_id)
    try:
        if not env.unwrapped.metadata.get("jax", False):
            return
        env.action_space.seed(seed)
        env.reset(seed=seed)
        env.step(env.action_space.sample())
        with compilations() as compiled:
            for _ in rollout(env, seed + 1, num_steps):
                pass
            again = make(env_id)
            again.reset(seed=seed)
            again.step(env.action_space.sample())
            again.close()
        assert not compiled, f"{env_id}: traced or compiled again after the first step: {compiled}"
    finally:
        env.close()


def check_contract(env_id: EnvId, num_steps: int = 100) -> None:
    """Run every check of this module on ``env_id``.

    Args:
        env_id: The id or spec.
        num_steps: Random steps for the determinism and output checks.
    """
    check_make_reset_step(env_id)
    check_checker_passes(env_id)
    check_determinism(env_id, num_steps=num_steps)
    check_outputs_in_spaces(env_id, num_steps=num_steps)
    check_render_modes(env_id)
    check_pickle_and_deepcopy(env_id)
    check_close_twice(env_id)
    check_compiles_once(env_id)
