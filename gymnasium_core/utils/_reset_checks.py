"""The checks of :func:`~gymnasium_core.utils.env_checker.check_env` that call ``reset``."""

from __future__ import annotations

import inspect
from copy import deepcopy
from typing import Any

from gymnasium_core import error, logger
from gymnasium_core.core import Env
from gymnasium_core.utils._checked_data import data_equivalence, rng_state, unpacked

__all__ = [
    "check_reset_options",
    "check_reset_return_info_deprecation",
    "check_reset_return_type",
    "check_reset_seed_determinism",
    "check_seed_deprecation",
]


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
    obs = unpacked(env.reset(**kwargs), call, 2)[0]
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
        state_1 = rng_state(env)
        obs_2 = _reset_in_space(env, "env.reset()", keep=True)
        obs_3 = _reset_in_space(env, "env.reset(seed=123)", seed=123)
        state_3 = rng_state(env)
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
        assert rng_state(env) != state_1, (
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
