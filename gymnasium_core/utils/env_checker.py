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
import inspect
import sys
import warnings
from collections.abc import Callable, Iterable
from copy import deepcopy
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from gymnasium_core import error, logger, spaces
from gymnasium_core.core import Env, accept_env
from gymnasium_core.utils.passive_env_checker import (
    _derives_from_gym,
    check_action_space,
    check_observation_space,
    data_shares_objects,
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


def data_equivalence(data_1: Any, data_2: Any, exact: bool = False) -> bool:
    """Whether two observations, actions or infos hold equal data.

    Types must match exactly. Dicts, tuples, lists and object arrays are compared item by
    item; numeric arrays need equal shape and dtype and equal values (within ``rtol=atol=1e-5``
    unless ``exact``); anything else is compared with ``==``.

    Args:
        data_1: The first value.
        data_2: The second value.
        exact: Compare arrays for exact equality instead of with a tolerance.

    Returns:
        ``True`` if the two are equivalent.

    Example:
        >>> import numpy as np
        >>> data_equivalence({"a": np.zeros(2)}, {"a": np.zeros(2)})
        True
        >>> data_equivalence(np.zeros(2, np.float32), np.zeros(2, np.float64))
        False
    """
    if type(data_1) is not type(data_2):
        return False
    pairs: Iterable[tuple[Any, Any]]
    if isinstance(data_1, np.ndarray):
        if (data_1.shape, data_1.dtype) != (data_2.shape, data_2.dtype):
            return False
        if data_1.dtype != object:
            return _numeric_arrays_match(data_1, data_2, exact)
        pairs = zip(data_1, data_2)
    elif isinstance(data_1, dict):
        if data_1.keys() != data_2.keys():
            return False
        pairs = ((value, data_2[key]) for key, value in data_1.items())
    elif isinstance(data_1, (tuple, list)):
        if len(data_1) != len(data_2):
            return False
        pairs = zip(data_1, data_2)
    else:
        # Scalars and other leaves; numpy's `==` answers np.bool_, hence the bool().
        return bool(data_1 == data_2)
    return all(data_equivalence(mine, theirs, exact) for mine, theirs in pairs)


def _numeric_arrays_match(first: NDArray[Any], second: NDArray[Any], exact: bool) -> bool:
    """Equal values (``exact``) or values within ``rtol=atol=1e-5`` of each other."""
    if exact:
        return bool(np.array_equal(first, second))
    return bool(np.allclose(first, second, rtol=1e-5, atol=1e-5))


def _rng_state(env: Env[Any, Any]) -> Any:
    rng = env.unwrapped._np_random
    assert rng is not None, (
        "A seeded reset did not create the random generator; does `reset` call "
        "`super().reset(seed=seed)`?"
    )
    return deepcopy(rng.bit_generator.state)


def _unpacked(result: Any, call: str, count: int) -> Any:
    """``result`` as a sequence of ``count`` values; ``ValueError`` (as unpacking) if not."""
    values = tuple(result)
    if len(values) != count:
        raise ValueError(
            f"`{call}` returned {len(values)} values where the checker expects {count}."
        )
    return values


def _accepts_keyword(env: Env[Any, Any], name: str) -> bool:
    """Whether ``reset`` takes ``name``, or catch-all keywords spelt ``**kwargs``.

    As in Gymnasium, a catch-all under another name (``**kw``) does not count: the checks that
    call ``reset(seed=...)`` or ``reset(options=...)`` fail with the same error there.
    """
    parameters = inspect.signature(env.reset).parameters
    catch_all = parameters.get("kwargs")
    return name in parameters or (
        catch_all is not None and catch_all.kind is inspect.Parameter.VAR_KEYWORD
    )


def _reset_in_space(env: Env[Any, Any], call: str, keep: bool = False, **kwargs: Any) -> Any:
    """The observation of ``env.reset(**kwargs)``, checked to lie in the observation space.

    With ``keep`` it is deep-copied, so a later reset that reuses its buffer cannot change it;
    Gymnasium keeps the first two observations of its seeding check only, so a buffer reused
    between a seeded reset and the next one fails the determinism comparison as it does there.
    """
    obs = _unpacked(env.reset(**kwargs), call, 2)[0]
    if keep:
        obs = deepcopy(obs)
    assert obs in env.observation_space, (
        f"`{call}` returned an observation outside the observation space."
    )
    return obs


def check_reset_seed_determinism(env: Env[Any, Any]) -> None:
    """Check that ``reset(seed=...)`` seeds the environment's generator deterministically.

    Args:
        env: The environment.

    Raises:
        Error: If ``reset`` takes neither ``seed`` nor ``**kwargs``.
        AssertionError: If equal seeds give different observations or generator states, or
            different seeds give equal states.
        ValueError: If ``reset`` does not return two values.
    """
    if not _accepts_keyword(env, "seed"):
        raise error.Error(
            "`reset` cannot be seeded: its signature has neither `seed` nor `**kwargs`."
        )
    try:
        obs_1 = _reset_in_space(env, "env.reset(seed=123)", keep=True, seed=123)
        state_1 = _rng_state(env)
        obs_2 = _reset_in_space(env, "env.reset()", keep=True)
        obs_3 = _reset_in_space(env, "env.reset(seed=123)", seed=123)
        state_3 = _rng_state(env)
        obs_4 = _reset_in_space(env, "env.reset()")
        if env.spec is not None and env.spec.nondeterministic is False:
            for first, second, call in (
                (obs_1, obs_3, "`env.reset(seed=123)`"),
                (obs_2, obs_4, "`env.reset(seed=123)` then `env.reset()`"),
            ):
                assert data_equivalence(first, second), (
                    f"{call} gave different observations on two runs: it is not deterministic."
                )
                if not data_equivalence(first, second, exact=True):
                    logger.warn(f"{call} gave close but not identical observations on two runs.")
        assert state_1 == state_3, (
            "Resetting twice with seed 123 left the random generator in different states; does "
            "`reset` call `super().reset(seed=seed)`?"
        )
        _reset_in_space(env, "env.reset(seed=456)", seed=456)
        assert _rng_state(env) != state_1, (
            "Resetting with seeds 123 and 456 gave the same random generator state; does "
            "`reset` call `super().reset(seed=seed)`?"
        )
    except TypeError as exc:
        raise AssertionError(
            f"`reset(seed=...)` raised a TypeError although its signature takes a seed: {exc}"
        ) from exc
    seed_param = inspect.signature(env.reset).parameters.get("seed")
    if seed_param is not None and seed_param.default is not None:
        logger.warn(
            "`reset`'s `seed` should default to `None`; with a default of "
            f"{seed_param.default!r} every unseeded reset is the same."
        )


def check_reset_options(env: Env[Any, Any]) -> None:
    """Check that ``reset(options={})`` is accepted.

    Raises:
        Error: If ``reset`` takes neither ``options`` nor ``**kwargs``.
        AssertionError: If the call raises ``TypeError``.
    """
    if not _accepts_keyword(env, "options"):
        raise error.Error(
            "`reset` cannot take options: its signature has neither `options` nor `**kwargs`."
        )
    try:
        env.reset(options={})
    except TypeError as exc:
        raise AssertionError(
            f"`reset(options={{}})` raised a TypeError although its signature takes options: {exc}"
        ) from exc


def check_reset_return_info_deprecation(env: Env[Any, Any]) -> None:
    """Warn if ``reset`` still takes the removed ``return_info`` argument."""
    if "return_info" in inspect.signature(env.reset).parameters:
        logger.warn(
            "`return_info` is deprecated as an optional argument to `reset`; `reset` always "
            "returns `(obs, info)`."
        )


def check_seed_deprecation(env: Env[Any, Any]) -> None:
    """Warn if the environment still has a ``seed`` method (seed through ``reset`` instead)."""
    if callable(getattr(env, "seed", None)):
        logger.warn(
            "Environments no longer have a `seed` method; "
            "seed an environment with `env.reset(seed=<seed>)` instead."
        )


def check_reset_return_type(env: Env[Any, Any]) -> None:
    """Check that ``reset()`` returns ``(obs, info)`` with ``obs`` in the space.

    Raises:
        AssertionError: If it does not.
    """
    result: Any = env.reset()
    assert isinstance(result, tuple), (
        f"`env.reset()` should return the tuple `(obs, info)`, it returned a {type(result)}."
    )
    assert len(result) == 2, f"`reset()` must return 2 values, got {len(result)}"
    first_obs, reset_info = result
    assert first_obs in env.observation_space, (
        "`env.reset()` returned an observation outside the observation space."
    )
    assert isinstance(reset_info, dict), (
        f"`env.reset()` returned an info that is not a dict but {type(reset_info)}."
    )


def _assert_steps_match(first: Any, second: Any, what: str) -> None:
    assert data_equivalence(first, second), (
        f"Two steps with the same seed and action returned different {what}."
    )
    if not data_equivalence(first, second, exact=True):
        logger.warn(
            f"Two steps with the same seed and action returned close but not identical {what}."
        )


def _compare_steps(first: tuple[Any, ...], second: tuple[Any, ...]) -> None:
    # Gymnasium's order, so that a step differing in several ways fails on the same part.
    _assert_steps_match(first[0], second[0], "observations")
    _assert_steps_match(first[1], second[1], "rewards")
    assert data_equivalence(first[2], second[2], exact=True), (
        "Two steps with the same seed and action returned different `terminated` flags."
    )
    assert first[3] is False and second[3] is False, (
        "The environment truncated after a single step; a limit of one step is surely a bug."
    )
    _assert_steps_match(first[4], second[4], "info")


def check_step_determinism(env: Env[Any, Any], seed: int = 123) -> None:
    """Check that one step from a seeded reset gives the same result twice.

    Skipped when ``env.spec.nondeterministic`` is true.

    Args:
        env: The environment.
        seed: The seed for ``reset`` and for sampling the action.

    Raises:
        AssertionError: If the two steps differ, or the environment truncates after one step.
        ValueError: If ``step`` does not return the five values of the current API.
    """
    if env.spec is not None and env.spec.nondeterministic is True:
        return
    env.action_space.seed(seed)
    same_action = env.action_space.sample()
    env.reset(seed=seed)
    first = _unpacked(env.step(same_action), "env.step()", 5)
    # Only the observation is kept apart from a buffer the second step may reuse, as in
    # Gymnasium; an info dict shared between steps is the business of the reuse check.
    first = (deepcopy(first[0]), *first[1:])
    state_after_first = _rng_state(env)
    env.reset(seed=seed)
    second = _unpacked(env.step(same_action), "env.step()", 5)
    assert _rng_state(env) == state_after_first, (
        "After the same seeded reset and step, the random generator states differ."
    )
    _compare_steps(first, second)


def check_returned_data_not_reused(env: Env[Any, Any], seed: int = 123) -> None:
    """Check that every ``reset`` and ``step`` returns new observation and info objects.

    Raises:
        AssertionError: If two calls returned data sharing a mutable object.
        ValueError: If ``step`` does not return five values, or ``reset`` two.
    """
    env.action_space.seed(seed)
    calls: list[tuple[str, tuple[Any, Any]]] = []

    def record(method: str, obs_and_info: tuple[Any, Any]) -> None:
        calls.append((f"env.{method}() (call {len(calls) + 1})", obs_and_info))

    record("reset", env.reset(seed=seed))  # _unpacked when compared, as a step result is
    for _ in range(2):
        result = _unpacked(env.step(env.action_space.sample()), "env.step()", 5)
        record("step", (result[0], result[4]))
        if result[2] or result[3]:
            break
    record("reset", env.reset(seed=seed))
    for (source_1, (obs_1, info_1)), (source_2, (obs_2, info_2)) in combinations(calls, 2):
        for what, data_1, data_2 in (("observations", obs_1, obs_2), ("infos", info_1, info_2)):
            assert not data_shares_objects(data_1, data_2), (
                f"The {what} returned by `{source_1}` and `{source_2}` share an object, so "
                "changing one changes the other. Return new data on every call."
            )


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
