"""An active checker that exercises an environment and reports where it breaks the API.

:func:`check_env` calls ``reset``, ``step``, ``render`` and ``close`` with several arguments
and raises on the first hard failure (``AssertionError``, ``TypeError``, ``Error``), warning
(through :func:`gymnasium_core.logger.warn`) on softer problems. :func:`check_env_report` runs
the same checks one by one and returns a structured report instead, for tools such as the
command line interface.

The checks follow those of Gymnasium's ``check_env``, which grew out of Stable-Baselines3's and
PettingZoo's checkers (MIT licence).
"""

from __future__ import annotations

import functools
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from gymnasium_core import logger, spaces
from gymnasium_core._public_names import report_here
from gymnasium_core.core import Env, accept_env
from gymnasium_core.utils._checked_data import data_equivalence
from gymnasium_core.utils._reset_checks import (
    check_reset_options,
    check_reset_return_info_deprecation,
    check_reset_return_type,
    check_reset_seed_determinism,
    check_seed_deprecation,
)
from gymnasium_core.utils._step_checks import (
    check_returned_data_not_reused,
    check_step_determinism,
)
from gymnasium_core.utils.passive_env_checker import (
    _derives_from_gym,
    check_action_space,
    check_observation_space,
    env_render_passive_checker,
    env_reset_passive_checker,
    env_step_passive_checker,
)

__all__ = [
    "CheckResult",
    "check_env",
    "check_env_report",
    "check_reset_options",
    "check_reset_return_info_deprecation",
    "check_reset_return_type",
    "check_reset_seed_determinism",
    "check_returned_data_not_reused",
    "check_seed_deprecation",
    "check_space_limit",
    "check_step_determinism",
    "data_equivalence",
]

# The checks are defined beside their helpers; they report this public module, where
# Gymnasium has them.
report_here(globals())


def check_space_limit(space: spaces.Space[Any], space_type: str) -> None:
    """Warn about infinite ``Box`` bounds, and about action boxes that are not normalised.

    Args:
        space: The space, searched recursively through ``Tuple`` and ``Dict``.
        space_type: ``"observation"`` or ``"action"``.
    """
    if isinstance(space, spaces.Tuple):
        for child in space.spaces:
            check_space_limit(child, space_type)
    elif isinstance(space, spaces.Dict):
        for child in space.spaces.values():
            check_space_limit(child, space_type)
    elif isinstance(space, spaces.Box):
        if np.any(np.equal(space.low, -np.inf)):
            logger.warn(
                f"A Box {space_type} space has -inf as a lower bound; that is probably too low."
            )
        if np.any(np.equal(space.high, np.inf)):
            logger.warn(
                f"A Box {space_type} space has inf as an upper bound; that is probably too high."
            )
        if space_type == "action" and len(space.shape) == 1:
            asymmetric = (space.low != 0) & (np.abs(space.low) != np.abs(space.high))
            if np.any(asymmetric) or np.any(space.low < -1) or np.any(space.high > 1):
                logger.warn(
                    # The phrase is matched by gymnasium_core.testing.contract.
                    "A Box action space is not normalised; for most learning algorithms we "
                    "recommend using a symmetric and normalized space, [-1, 1] or [0, 1]."
                )


def _as_numpy_env(env: Env[Any, Any]) -> Env[Any, Any]:
    gymnasium = sys.modules.get("gymnasium")
    if not isinstance(env, Env) and gymnasium is not None and isinstance(env, gymnasium.Env):
        env = accept_env(env, "check_env")
    if not isinstance(env, Env):
        if _derives_from_gym(env, "gym.core.Env", "gym.core.Wrapper"):
            raise TypeError(
                "The environment is one of the `gym` package, which gymnasium_core cannot use: "
                "make its class inherit from `gymnasium_core.Env` instead."
            )
        raise TypeError(
            f"check_env needs a subclass of gymnasium_core.Env, got {type(env)}; the "
            "environment must inherit from gymnasium_core.Env."
        )
    bare = env.unwrapped
    # A bridge to a bare gymnasium environment has that environment as its `unwrapped`.
    if bare is not env and getattr(env, "gym_env", None) is not bare:
        logger.warn(
            f"{env} is wrapped (around {env.unwrapped}); wrappers may hide problems from the "
            "checker, so pass `env.unwrapped` instead."
        )
    if env.metadata.get("jax", False):
        from gymnasium_core import wrappers

        converted: Env[Any, Any] = wrappers.JaxToNumpy(env)
        return converted
    if env.metadata.get("torch", False):
        from gymnasium_core import wrappers

        torch_converted: Env[Any, Any] = wrappers.TorchToNumpy(env)
        return torch_converted
    return env


def _check_spaces(env: Env[Any, Any]) -> None:
    for attr, check in (("action", check_action_space), ("observation", check_observation_space)):
        if not hasattr(env, f"{attr}_space"):
            raise AttributeError(f"The environment has no `{attr}_space`; it needs one.")
        space = getattr(env, f"{attr}_space")
        check(space)
        check_space_limit(space, attr)


def _check_reset(env: Env[Any, Any]) -> None:
    # In this order: the signature checks first, so a legacy reset fails with a clear message.
    for reset_check in (
        check_seed_deprecation,
        check_reset_return_info_deprecation,
        check_reset_return_type,
        check_reset_seed_determinism,
        check_reset_options,
    ):
        reset_check(env)


def _check_returned_values(env: Env[Any, Any]) -> None:
    env_reset_passive_checker(env)
    random_action = env.action_space.sample()
    env_step_passive_checker(env, random_action)


def _check_step(env: Env[Any, Any]) -> None:
    for step_check in (check_step_determinism, check_returned_data_not_reused):
        step_check(env)


def _check_render(env: Env[Any, Any]) -> None:
    if env.render_mode is not None:
        env_render_passive_checker(env)
    if env.spec is None:
        logger.warn(
            "The environment has no spec, so its other render modes cannot be checked; make "
            "it with `gymnasium_core.make` to check them."
        )
        return
    for render_mode in env.metadata["render_modes"]:
        other = env.spec.make(render_mode=render_mode)
        other.reset()
        env_render_passive_checker(other)
        other.close()


def _check_close(env: Env[Any, Any]) -> None:
    if env.spec is None:
        return
    other = env.spec.make()
    other.close()
    try:
        other.close()
    except Exception as exc:
        logger.warn(
            f"`close()` on an environment already closed raised {exc!r}; closing twice should "
            "be allowed."
        )


def _checks(
    skip_render_check: bool, skip_close_check: bool
) -> list[tuple[str, Callable[..., None]]]:
    steps: list[tuple[str, Callable[..., None]]] = [
        ("spaces", _check_spaces),
        ("reset", _check_reset),
        ("returned_values", _check_returned_values),
        ("step", _check_step),
    ]
    if not skip_render_check:
        steps.append(("render", _check_render))
    if not skip_close_check:
        steps.append(("close", _check_close))
    return steps


def check_env(
    env: Env[Any, Any],
    warn: bool | None = None,
    skip_render_check: bool = False,
    skip_close_check: bool = False,
) -> None:
    """Check that an environment follows the gymnasium_core (= Gymnasium) API.

    Checks the spaces, then calls ``reset`` (with and without seeds and options), ``step``
    (twice from the same seed, for determinism and for reused buffers), ``render`` in every
    declared render mode (on new environments made from ``env.spec``) and ``close`` twice.

    Args:
        env: The environment, preferably unwrapped.
        warn: Ignored (kept for compatibility); passing it warns.
        skip_render_check: Skip the render checks (useful on machines without a display).
        skip_close_check: Skip the double ``close`` check.

    Raises:
        TypeError: If ``env`` is not a :class:`gymnasium_core.Env`.
        AssertionError: On the first broken invariant.
        Error: If ``reset`` does not accept ``seed`` or ``options``.
    """
    if warn is not None:
        logger.warn("The `warn` argument of check_env is ignored.")
    env = _as_numpy_env(env)
    for _name, check in _checks(skip_render_check, skip_close_check):
        check(env)


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one group of checks in :func:`check_env_report`.

    Attributes:
        name: The group: ``"environment"``, ``"spaces"``, ``"reset"``, ``"returned_values"``,
            ``"step"``, ``"render"`` or ``"close"``.
        status: ``"pass"``, ``"warn"`` (it ran but warned) or ``"fail"`` (it raised).
        detail: The warning messages or the error, empty on a pass.
    """

    name: str
    status: Literal["pass", "warn", "fail"]
    detail: str = ""


def _run_recorded(name: str, check: Callable[[], object]) -> CheckResult:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            check()
        except Exception as exc:
            return CheckResult(name, "fail", f"{type(exc).__name__}: {exc}")
    if caught:
        unique = dict.fromkeys(str(w.message) for w in caught)
        return CheckResult(name, "warn", "\n".join(unique))
    return CheckResult(name, "pass")


def check_env_report(
    env: Env[Any, Any], skip_render_check: bool = False, skip_close_check: bool = False
) -> list[CheckResult]:
    """Run the checks of :func:`check_env` group by group and report each outcome.

    Unlike :func:`check_env` it does not stop at the first failure: every group runs (a
    group that fails does not prevent the next from running) and warnings are collected
    rather than emitted.

    Args:
        env: The environment, preferably unwrapped.
        skip_render_check: Leave out the ``"render"`` group.
        skip_close_check: Leave out the ``"close"`` group.

    Returns:
        One :class:`CheckResult` per group, in order, starting with ``"environment"`` (the type
        check and the JAX/torch to numpy conversion).

    Example:
        >>> import gymnasium_core as gym
        >>> from gymnasium_core.utils.env_checker import check_env_report
        >>> report = check_env_report(gym.make("CartPole-v1").unwrapped)  # doctest: +SKIP
        >>> [(r.name, r.status) for r in report]  # doctest: +SKIP
        [('environment', 'pass'), ('spaces', 'pass'), ('reset', 'pass'), ...]
    """
    holder: dict[str, Env[Any, Any]] = {}

    def prepare() -> None:
        holder["env"] = _as_numpy_env(env)

    report = [_run_recorded("environment", prepare)]
    if "env" not in holder:
        return report
    checked = holder["env"]
    for name, check in _checks(skip_render_check, skip_close_check):
        report.append(_run_recorded(name, functools.partial(check, checked)))
    return report
