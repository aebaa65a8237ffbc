"""Checks that look at what an environment returns without changing it.

The :class:`~gymnasium_core.wrappers.PassiveEnvChecker` wrapper, which :func:`gymnasium_core.make`
adds by default, runs them on the spaces and on the first ``reset``, ``step`` and ``render``.
Recoverable problems are reported with :func:`gymnasium_core.logger.warn`; broken invariants
(a space that cannot be valid, an ``info`` that is not a dict) fail an ``assert``, as in
Gymnasium, and a space that is not a :class:`~gymnasium_core.spaces.Space` raises ``TypeError``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, SupportsFloat, TypeVar

import numpy as np

from gymnasium_core import error, logger, spaces
from gymnasium_core.core import Env

__all__ = [
    "check_action_space",
    "check_obs",
    "check_observation_space",
    "check_space",
    "data_shares_objects",
    "env_data_reuse_passive_checker",
    "env_render_passive_checker",
    "env_reset_passive_checker",
    "env_step_passive_checker",
]

ObsT = TypeVar("ObsT")
ActT = TypeVar("ActT")


def _check_box_bounds(space: spaces.Box, space_type: str) -> None:
    for bound_name, bound in (("low", space.low), ("high", space.high)):
        assert bound.shape == space.shape, (
            f"The Box {space_type} space's {bound_name} has shape {bound.shape}, but the space "
            f"has shape {space.shape}."
        )
    if np.any(space.low == space.high):
        logger.warn(
            f"A Box {space_type} space has a dimension whose low and high bounds are equal."
        )
    elif space_type == "observation" and np.any(space.high < space.low):
        logger.warn(f"A Box {space_type} space has a low bound above its high bound.")


def _check_box_observation_space(space: spaces.Box) -> None:
    _check_box_bounds(space, "observation")


def _check_box_action_space(space: spaces.Box) -> None:
    _check_box_bounds(space, "action")


def _derives_from_gym(value: Any, *qualified_names: str) -> bool:
    """Whether the class of ``value`` directly derives from one of the ``gym`` package's classes.

    Environments and spaces written for ``gym`` (Gymnasium's predecessor) fail the checks with
    a message that says so. The ``gym`` package is never imported: the base class is matched by
    its qualified name, e.g. ``"gym.core.Env"``.

    Args:
        value: The object whose class is inspected.
        *qualified_names: ``module.Class`` names of ``gym`` classes.

    Returns:
        ``True`` if the direct base class of ``type(value)`` is one of them.
    """
    base = type(value).__base__
    return base is not None and f"{base.__module__}.{base.__qualname__}" in qualified_names


def check_space(
    space: Any, space_type: str, check_box_space_fn: Callable[[spaces.Box], None]
) -> None:
    """Check that a space is well formed, recursing into ``Tuple`` and ``Dict``.

    Args:
        space: The space to check.
        space_type: ``"observation"`` or ``"action"``, used in messages.
        check_box_space_fn: The check applied to each :class:`~gymnasium_core.spaces.Box`.

    Raises:
        TypeError: If ``space`` is not a :class:`gymnasium_core.spaces.Space` (a space of the
            ``gym`` package included).
        AssertionError: If the space can hold no valid element.
    """
    if not isinstance(space, spaces.Space):
        if _derives_from_gym(space, "gym.spaces.space.Space"):
            raise TypeError(
                f"The environment's {space_type}_space is a space of the `gym` package, which "
                "gymnasium_core cannot use: build it from `gymnasium_core.spaces` instead."
            )
        raise TypeError(
            f"The {space_type} space must inherit from `gymnasium_core.spaces.Space`, "
            f"actual type: {type(space)}"
        )
    if isinstance(space, spaces.Box):
        check_box_space_fn(space)
    elif isinstance(space, spaces.Discrete):
        assert space.n > 0, f"A Discrete {space_type} space needs n > 0, got n={space.n}."
        assert space.shape == (), (
            f"A Discrete {space_type} space has shape (), got shape {space.shape}."
        )
    elif isinstance(space, spaces.MultiDiscrete):
        assert space.shape == space.nvec.shape, (
            f"A MultiDiscrete {space_type} space's shape {space.shape} differs from its nvec "
            f"shape {space.nvec.shape}."
        )
        assert np.all(space.nvec > 0), (
            f"A MultiDiscrete {space_type} space needs every nvec entry > 0, got {space.nvec}."
        )
    elif isinstance(space, spaces.MultiBinary):
        assert np.all(np.asarray(space.shape) > 0), (
            f"A MultiBinary {space_type} space needs every dimension > 0, got {space.shape}."
        )
    elif isinstance(space, (spaces.Tuple, spaces.Dict)):
        kind = type(space).__name__
        assert len(space.spaces) > 0, f"A {kind} {space_type} space needs at least one subspace."
        children = space.spaces.values() if isinstance(space, spaces.Dict) else space.spaces
        for child in children:
            check_space(child, space_type, check_box_space_fn)


def check_observation_space(
    space: Any,
    *,
    space_type: str = "observation",
    check_box_space_fn: Callable[[spaces.Box], None] = _check_box_observation_space,
) -> None:
    """Check an observation space with :func:`check_space`.

    Args:
        space: The space.
        space_type: The word used in messages.
        check_box_space_fn: The check of each ``Box``; by default it also warns when a lower
            bound lies above its upper bound.
    """
    check_space(space, space_type, check_box_space_fn)


def check_action_space(
    space: Any,
    *,
    space_type: str = "action",
    check_box_space_fn: Callable[[spaces.Box], None] = _check_box_action_space,
) -> None:
    """Check an action space with :func:`check_space`.

    Args:
        space: The space.
        space_type: The word used in messages.
        check_box_space_fn: The check of each ``Box``.
    """
    check_space(space, space_type, check_box_space_fn)


def check_obs(obs: Any, observation_space: spaces.Space[Any], method_name: str) -> None:
    """Warn when an observation does not have the type its space declares, or lies outside it.

    Args:
        obs: The observation.
        observation_space: The space it should belong to.
        method_name: ``"reset"`` or ``"step"``, used in messages.

    Raises:
        AssertionError: If a ``Tuple`` observation has the wrong length, or a ``Dict``
            observation is not a dict with the space's keys.
    """
    where = f"`{method_name}()` returned an observation that"
    if isinstance(observation_space, spaces.Discrete):
        if not isinstance(obs, (int, np.int64)):
            # "should be an int or np.int64" is matched by gymnasium_core.testing.contract.
            logger.warn(f"{where} should be an int or np.int64 for a Discrete space: {type(obs)}")
    elif isinstance(observation_space, spaces.Box):
        if observation_space.shape != () and not isinstance(obs, np.ndarray):
            logger.warn(f"{where} is not a numpy array but {type(obs)}, for a Box space.")
        elif observation_space.shape != () and obs.dtype != observation_space.dtype:
            logger.warn(
                f"{where} has dtype {obs.dtype} where its Box space has dtype "
                f"{observation_space.dtype}."
            )
    elif isinstance(observation_space, (spaces.MultiBinary, spaces.MultiDiscrete)):
        if not isinstance(obs, np.ndarray):
            kind = type(observation_space).__name__
            logger.warn(f"{where} is not a numpy array but {type(obs)}, for a {kind} space.")
    elif isinstance(observation_space, spaces.Tuple):
        _check_tuple_obs(obs, observation_space, method_name, where)
    elif isinstance(observation_space, spaces.Dict):
        _check_dict_obs(obs, observation_space, method_name, where)

    try:
        inside = obs in observation_space
    except Exception as exc:
        logger.warn(f"{where} could not be tested against the observation space: {exc}")
        return
    if not inside:
        logger.warn(f"{where} lies outside the observation space.")


def _check_tuple_obs(obs: Any, space: spaces.Tuple, method_name: str, where: str) -> None:
    if not isinstance(obs, tuple):
        logger.warn(f"{where} is not a tuple but {type(obs)}, for a Tuple space.")
    assert len(obs) == len(space.spaces), (
        f"{where} has {len(obs)} elements but the Tuple space has {len(space.spaces)}."
    )
    for item, item_space in zip(obs, space.spaces):
        check_obs(item, item_space, method_name)


def _check_dict_obs(obs: Any, space: spaces.Dict, method_name: str, where: str) -> None:
    assert isinstance(obs, dict), f"{where} is not a dict but {type(obs)}, for a Dict space."
    assert obs.keys() == space.spaces.keys(), (
        f"{where} has keys {list(obs)}, but the Dict space has keys {list(space.spaces)}."
    )
    for key, item_space in space.spaces.items():
        check_obs(obs[key], item_space, method_name)


def data_shares_objects(data_1: Any, data_2: Any) -> bool:
    """Whether two returned values (observations or infos) hold one same mutable object.

    Dicts, tuples and object arrays are searched recursively; numeric arrays are compared with
    :func:`numpy.shares_memory`, so a view of a reused buffer counts. Immutable and unknown
    values never count (small ints are interned, so ``is`` would match by accident).

    Args:
        data_1: The first value.
        data_2: The second value, of the same structure.

    Returns:
        ``True`` if changing one in place could change the other.
    """
    if type(data_1) is not type(data_2):
        return False
    if isinstance(data_1, dict):
        if data_1 is data_2:
            return True
        return any(data_shares_objects(data_1[k], data_2[k]) for k in data_1.keys() & data_2)
    if isinstance(data_1, tuple):
        return any(data_shares_objects(a, b) for a, b in zip(data_1, data_2))
    if isinstance(data_1, np.ndarray):
        if data_1.dtype != object:
            return bool(np.shares_memory(data_1, data_2))
        if data_1 is data_2:
            return True
        return any(data_shares_objects(a, b) for a, b in zip(data_1.flat, data_2.flat))
    return False


def env_data_reuse_passive_checker(
    previous_data: tuple[Any, dict[str, Any]],
    data: tuple[Any, dict[str, Any]],
    previous_source: str,
    source: str,
) -> None:
    """Warn when two successive calls returned observations or infos sharing an object.

    Users keep returned data (replay buffers, rollouts), so an environment that writes into the
    buffer it returned last time silently corrupts it.

    Args:
        previous_data: ``(obs, info)`` from the earlier call.
        data: ``(obs, info)`` from the later call.
        previous_source: Name of the earlier call, e.g. ``"reset"``.
        source: Name of the later call, e.g. ``"step"``.
    """
    for index, what in enumerate(("observations", "infos")):
        if data_shares_objects(previous_data[index], data[index]):
            logger.warn(
                f"The {what} returned by `{previous_source}` and the next `{source}` share "
                "an object, so changing one changes the other. Return new data on every call: "
                "users commonly keep what an environment returns."
            )


def _check_reset_signature(env: Env[Any, Any]) -> None:
    parameters = inspect.signature(env.reset).parameters
    takes_any = "kwargs" in parameters
    if "seed" not in parameters and not takes_any:
        logger.deprecation(
            "`Env.reset` must accept a `seed` argument (seeding through `Env.seed` is gone)."
        )
    elif "seed" in parameters and parameters["seed"].default is not None:
        logger.warn(
            "`Env.reset`'s `seed` should default to `None`; any other default makes every "
            f"unseeded reset the same. The signature has {parameters['seed']}"
        )
    if "options" not in parameters and not takes_any:
        logger.deprecation(
            "`Env.reset` must accept an `options` argument for extra reset information."
        )


def env_reset_passive_checker(env: Env[ObsT, Any], **kwargs: Any) -> tuple[ObsT, dict[str, Any]]:
    """Call ``env.reset(**kwargs)``, check its signature and result, and return the result.

    Args:
        env: The environment.
        **kwargs: Passed to ``reset`` (``seed``, ``options``).

    Returns:
        What ``reset`` returned, unchanged.

    Raises:
        AssertionError: If the info is not a dict.
    """
    _check_reset_signature(env)
    result = env.reset(**kwargs)
    if not isinstance(result, tuple):
        logger.warn(
            f"`env.reset()` should return the tuple `(obs, info)`, it returned a {type(result)}."
        )
    elif len(result) != 2:
        logger.warn(
            "The result returned by `env.reset()` should be `(obs, info)`, a tuple of two "
            f"elements; it has {len(result)}."
        )
    else:
        first_obs, info = result
        check_obs(first_obs, env.observation_space, "reset")
        assert isinstance(info, dict), (
            f"`env.reset()` returned an info that is not a dict but {type(info)}."
        )
    return result


_STEP_FLAGS = {4: ("done",), 5: ("terminated", "truncated")}


def _is_bool(flag: object) -> bool:
    return isinstance(flag, (bool, np.bool_))


def env_step_passive_checker(
    env: Env[ObsT, ActT], action: ActT
) -> tuple[ObsT, SupportsFloat, bool, bool, dict[str, Any]]:
    """Call ``env.step(action)``, check the result and return it unchanged.

    The action itself is not checked: some environments accept values outside their space.

    Args:
        env: The environment.
        action: The action.

    Returns:
        What ``step`` returned.

    Raises:
        AssertionError: If the result is not a tuple or the info is not a dict.
        Error: If the tuple does not have 4 (old API) or 5 elements.
    """
    result: Any = env.step(action)
    assert isinstance(result, tuple), f"`step()` must return a tuple, got {type(result)}"
    # The old API has one `done` flag, the current one `terminated` and `truncated`.
    flag_names = _STEP_FLAGS.get(len(result))
    if flag_names is None:
        raise error.Error(
            f"`Env.step` returned {len(result)} values; it should return five "
            "(obs, reward, terminated, truncated, info), or four with the old `done` API."
        )
    if len(flag_names) == 1:
        logger.deprecation(
            "The environment's `step` uses the old API and returns one `done` flag; rewrite it "
            "to return `terminated` and `truncated`."
        )
    for name, flag in zip(flag_names, result[2:-1], strict=True):
        if not _is_bool(flag):
            logger.warn(f"`step()` returned a `{name}` flag that is not a bool but {type(flag)}.")

    check_obs(result[0], env.observation_space, "step")
    _check_reward(result[1])
    step_info = result[-1]
    assert isinstance(step_info, dict), (
        f"`step()` must return its info as a dict, got {type(step_info)}"
    )
    return result


def _check_reward(reward: Any) -> None:
    if not (np.issubdtype(type(reward), np.integer) or np.issubdtype(type(reward), np.floating)):
        logger.warn(
            "`step()` returned a reward that is not a number (Python or numpy integer or float) "
            f"but {type(reward)}."
        )
        return
    if np.isnan(reward):
        logger.warn("`step()` returned a NaN reward.")
    if np.isinf(reward):
        logger.warn("`step()` returned an infinite reward.")


def _check_rgb_frame(frame: Any) -> None:
    if not isinstance(frame, np.ndarray):
        logger.warn(f"In render mode `rgb_array`, `render()` gave a {type(frame)}, not an array.")
        return
    if frame.dtype != np.uint8:
        logger.warn(
            f"In render mode `rgb_array`, `render()` gave a {frame.dtype} array, not uint8."
        )
    if frame.ndim != 3:
        logger.warn(
            f"In render mode `rgb_array`, `render()` gave an array of {frame.ndim} axes, not 3 "
            "(height, width, channels)."
        )
    elif frame.shape[2] != 3:
        logger.warn(
            f"In render mode `rgb_array`, `render()` gave {frame.shape[2]} colour channels, not 3."
        )


def _check_render_return(render_mode: str, rendered: Any) -> None:
    """Warn when what ``render`` returned does not fit ``render_mode``."""
    if render_mode == "human":
        if rendered is not None:
            logger.warn(f"In render mode `human`, `render()` gave a {type(rendered)}, not None.")
    elif render_mode == "rgb_array":
        _check_rgb_frame(rendered)
    elif render_mode == "depth_array":
        if not isinstance(rendered, np.ndarray):
            logger.warn(
                f"In render mode `depth_array`, `render()` gave a {type(rendered)}, not an array."
            )
        elif rendered.ndim != 2:
            logger.warn(
                f"In render mode `depth_array`, `render()` gave an array of {rendered.ndim} axes, "
                "not 2 (height, width)."
            )
    elif render_mode in ("ansi", "ascii"):
        if not isinstance(rendered, str):
            logger.warn(
                f"In render mode `{render_mode}`, `render()` gave a {type(rendered)}, not a str."
            )
    elif render_mode.endswith("_list"):
        if not isinstance(rendered, list):
            logger.warn(
                f"In render mode `{render_mode}`, `render()` gave a {type(rendered)}, not a list."
            )
            return
        for frame in rendered:
            _check_render_return(render_mode.removesuffix("_list"), frame)


def _check_render_metadata(env: Env[Any, Any]) -> None:
    declared = env.metadata.get("render_modes")
    if declared is None:
        logger.warn(
            "The environment declares no render modes: `metadata['render_modes']` is missing or "
            "None, so `render()` may not work as expected."
        )
        return
    if not isinstance(declared, (list, tuple)):
        logger.warn(
            f"`metadata['render_modes']` should be a list or tuple, it is a {type(declared)}."
        )
    elif not all(isinstance(mode, str) for mode in declared):
        logger.warn(
            "`metadata['render_modes']` should hold only strings, it holds "
            f"{[type(mode) for mode in declared]}."
        )
    if len(declared) == 0:
        assert env.render_mode is None, (
            "`metadata['render_modes']` is empty, so `render_mode` should be None, not "
            f"{env.render_mode!r}."
        )
        return
    _check_render_fps(env.metadata.get("render_fps"))
    assert env.render_mode is None or env.render_mode in declared, (
        "The environment was built with a render mode it does not declare. "
        f"render_mode={env.render_mode!r}, declared render_modes={declared}"
    )


def _check_render_fps(render_fps: Any) -> None:
    if render_fps is None:
        logger.warn(
            "The environment declares no frame rate: `metadata['render_fps']` is missing or "
            "None, so frames may come at an uneven pace."
        )
    elif not (
        np.issubdtype(type(render_fps), np.integer) or np.issubdtype(type(render_fps), np.floating)
    ):
        logger.warn(
            f"`metadata['render_fps']` should be an int or a float, it is a {type(render_fps)}."
        )
    else:
        assert render_fps > 0, f"`metadata['render_fps']` should be positive, it is {render_fps}."


def env_render_passive_checker(env: Env[Any, Any]) -> Any:
    """Check the render metadata, call ``env.render()``, check its output and return it.

    Args:
        env: The environment.

    Returns:
        What ``render`` returned.

    Raises:
        AssertionError: If ``render_mode`` is not one of the declared render modes, or
            ``render_fps`` is not positive.
    """
    _check_render_metadata(env)
    rendered = env.render()
    if env.render_mode is not None:
        _check_render_return(env.render_mode, rendered)
    return rendered
