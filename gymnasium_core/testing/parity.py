"""Run an environment and a reference implementation side by side and compare them.

A drop-in is tested the way its users run it: the same id, kwargs, seed and actions must give
the same observations, rewards, episode ends and infos. The helpers here make the pair
(:func:`make_pair`), pick the ids both registries share (:func:`shared_ids`), play both with
the same actions, resets included (:func:`assert_rollouts_equal`), and put both in the same
internal state before a step (:func:`inject_state`, :func:`assert_injected_steps_equal`).
Comparisons go through :mod:`gymnasium_core.testing.compare`: exact unless a
:class:`~gymnasium_core.testing.compare.Tolerance` is given.

The reference is any package with Gymnasium's ``make`` and ``registry`` (by default
``gymnasium`` itself, from the ``gymnasium`` extra), so a third-party package can test a port
of its environments against its earlier release the same way.

Example:
    >>> from gymnasium_core.testing import parity
    >>> ours, reference = parity.make_pair("CartPole-v1")  # doctest: +SKIP
    >>> parity.assert_rollouts_equal(ours, reference, seed=0, num_steps=200)  # doctest: +SKIP
"""

from __future__ import annotations

import copy
import importlib
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol, cast

from gymnasium_core import error
from gymnasium_core.registration import EnvSpec, registry
from gymnasium_core.testing.compare import Tolerance, assert_reset_equal, assert_step_equal

__all__ = [
    "Policy",
    "Reference",
    "ReferencePackage",
    "RolloutSummary",
    "assert_injected_steps_equal",
    "assert_rollouts_equal",
    "inject_state",
    "make_pair",
    "make_vec_pair",
    "record_rollout",
    "reference_package",
    "registered_ids",
    "shared_ids",
]

Policy = Callable[[Any, Any], Any]
"""``policy(env, obs) -> action``: chooses an action from an environment and its observation.

In a paired rollout it is given the reference's environment and observation, so a heuristic
that reads the reference's internals (LunarLander's ``heuristic``) drives both."""


class ReferencePackage(Protocol):
    """What a reference package offers: Gymnasium's ``make`` and ``registry``."""

    registry: Mapping[str, Any]

    def make(self, env_id: str, **kwargs: Any) -> Any:  # noqa: D102
        ...


Reference = ReferencePackage | ModuleType | str | None
"""A reference package, the name of one to import, or ``None`` for ``gymnasium``."""


def reference_package(reference: Reference = None) -> ReferencePackage:
    """The reference package: ``reference`` itself, the module it names, or ``gymnasium``.

    Raises:
        gymnasium_core.error.DependencyNotInstalled: If the package cannot be imported.
    """
    if reference is not None and not isinstance(reference, str):
        return cast(ReferencePackage, reference)
    name = reference or "gymnasium"
    try:
        return cast(ReferencePackage, importlib.import_module(name))
    except ImportError as exc:
        raise error.DependencyNotInstalled(
            f"The reference package {name!r} is not installed; parity tests need it "
            '(for gymnasium: pip install "gymnasium-core[gymnasium]").'
        ) from exc


def make_pair(
    env_id: str | EnvSpec,
    *,
    reference: Reference = None,
    unwrapped: bool = False,
    **kwargs: Any,
) -> tuple[Any, Any]:
    """Our environment and the reference's, made with the same id and kwargs.

    Ours is made first, so our own warnings surface as usual; the reference's warnings (a
    deprecation note on an old version) are silenced, as they are not what is under test.

    Args:
        env_id: The id (or our spec, whose id the reference is asked for).
        reference: The reference package or its name (default ``gymnasium``).
        unwrapped: Whether to return both ``env.unwrapped`` instead of the wrapped envs.
        **kwargs: Keyword arguments for both ``make`` calls.

    Returns:
        ``(ours, reference)``.
    """
    from gymnasium_core.registration import make

    package = reference_package(reference)
    ours = make(env_id, **kwargs)
    reference_id = env_id.id if isinstance(env_id, EnvSpec) else env_id
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = package.make(reference_id, **kwargs)
    except BaseException:
        ours.close()
        raise
    if unwrapped:
        return ours.unwrapped, theirs.unwrapped
    return ours, theirs


def make_vec_pair(
    env_id: str, num_envs: int, *, reference: Reference = None, **kwargs: Any
) -> tuple[Any, Any]:
    """Our vector environment and the reference's, from ``make_vec`` with the same arguments.

    Args:
        env_id: The id.
        num_envs: Number of sub-environments.
        reference: The reference package or its name (default ``gymnasium``).
        **kwargs: Keyword arguments for both ``make_vec`` calls (``vectorization_mode``, ...).

    Returns:
        ``(ours, reference)``.
    """
    from gymnasium_core.registration import make_vec

    package = reference_package(reference)
    ours = make_vec(env_id, num_envs, **kwargs)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = package.make_vec(env_id, num_envs, **kwargs)  # type: ignore[attr-defined]
    except BaseException:
        ours.close()
        raise
    return ours, theirs


def _in_module(entry_point: object, module_prefix: str) -> bool:
    """Whether a string entry point lies in ``module_prefix`` (a whole dotted component)."""
    if not isinstance(entry_point, str):
        return False
    if not module_prefix:
        return True
    module = entry_point.split(":")[0]
    return module == module_prefix or module.startswith(module_prefix + ".")


def registered_ids(
    module_prefix: str = "",
    *,
    where: Callable[[EnvSpec], bool] | None = None,
    env_registry: Mapping[str, EnvSpec] | None = None,
) -> list[str]:
    """The sorted ids of our registry whose entry point lies in ``module_prefix``.

    Parametrise contract tests over these instead of writing ids by hand, so a new id is
    tested the day it is registered.

    Args:
        module_prefix: A dotted module path (``"gymnasium_core.envs.toy_text"``); ``""`` for all.
        where: A further filter on the spec (``lambda spec: spec.namespace == "tabular"``).
        env_registry: The registry to read (default: ``gymnasium_core``'s).
    """
    chosen = registry if env_registry is None else env_registry
    return sorted(
        env_id
        for env_id, spec in chosen.items()
        if _in_module(spec.entry_point, module_prefix) and (where is None or where(spec))
    )


def shared_ids(
    module_prefix: str = "",
    *,
    reference: Reference = None,
    where: Callable[[Any], bool] | None = None,
    env_registry: Mapping[str, EnvSpec] | None = None,
) -> list[str]:
    """The sorted ids registered both here and in the reference, for parity tests.

    The family is chosen on the reference's side, whose module paths do not move:
    ``shared_ids("gymnasium.envs.classic_control")`` gives every classic-control id of the
    reference that we register too.

    Args:
        module_prefix: A dotted module path the reference's entry point must lie in.
        reference: The reference package or its name (default ``gymnasium``).
        where: A further filter on the reference's spec.
        env_registry: Our registry (default: ``gymnasium_core``'s).
    """
    ours = registry if env_registry is None else env_registry
    theirs = reference_package(reference).registry
    return sorted(
        env_id
        for env_id, spec in theirs.items()
        if env_id in ours
        and _in_module(spec.entry_point, module_prefix)
        and (where is None or where(spec))
    )


@dataclass(frozen=True)
class RolloutSummary:
    """What a paired rollout covered.

    Attributes:
        steps: Steps taken in each environment.
        episodes_ended: Episodes that ended (terminated or truncated) along the way.
        last_step: The reference's last step result (ours equals it), ``None`` if no step.
    """

    steps: int
    episodes_ended: int
    last_step: tuple[Any, ...] | None = None


def _action_source(
    env: Any, seed: int | None, actions: Policy | Sequence[Any] | None
) -> tuple[Callable[[int, Any], Any], int | None]:
    """A function ``(step, obs) -> action`` and the number of actions available (or None)."""
    if actions is None:
        env.action_space.seed(seed)
        return (lambda step, obs: env.action_space.sample()), None
    if callable(actions):
        policy = actions
        return (lambda step, obs: policy(env, obs)), None
    fixed = list(actions)
    return (lambda step, obs: fixed[step]), len(fixed)


def assert_rollouts_equal(
    ours: Any,
    reference: Any,
    *,
    seed: int | None,
    num_steps: int | None = None,
    actions: Policy | Sequence[Any] | None = None,
    reset_on_end: bool = True,
    reset_first: bool = True,
    options: dict[str, Any] | None = None,
    obs_tolerance: Tolerance | None = None,
    reward_tolerance: Tolerance | None = None,
    compare_info: bool = True,
    check_types: bool = True,
    after_step: Callable[[Any, Any, int], None] | None = None,
) -> RolloutSummary:
    """Reset both with ``seed``, step both with the same actions, and compare every result.

    Args:
        ours: Our environment.
        reference: The reference's environment.
        seed: Seed of the first reset (``None``: the generators carry on as they are).
        num_steps: Most steps to take; may be left out when ``actions`` is a sequence.
        actions: ``None`` for samples of the reference's action space seeded with ``seed``, a
            sequence of actions, or a :data:`Policy` called on the reference's env and obs.
        reset_on_end: Whether to reset both (unseeded) when an episode ends and go on; if
            ``False``, the rollout stops at the first episode end.
        reset_first: Whether to start with a seeded reset; if ``False``, both go on from the
            state they are in (one written with :func:`inject_state`, say) and ``seed`` only
            seeds the sampled actions.
        options: Options of the first reset.
        obs_tolerance: Tolerance for observations and info values (``None``: exact).
        reward_tolerance: Tolerance for rewards (``None``: exact).
        compare_info: Whether the info dicts must be the same too.
        check_types: Whether values must have the reference's types.
        after_step: Called as ``after_step(ours, reference, step)`` after each compared step,
            for further checks (frames, internal state).

    Returns:
        How many steps were taken, how many episodes ended, and the last step's result.
    """
    choose, available = _action_source(reference, seed, actions)
    limit = _step_limit(num_steps, available)

    def check_reset(got: Any, expected: Any, where: str) -> None:
        assert_reset_equal(
            got,
            expected,
            obs_tolerance=obs_tolerance,
            compare_info=compare_info,
            check_types=check_types,
            where=where,
        )

    obs, ended, result = None, 0, None
    if reset_first:
        expected = reference.reset(seed=seed, options=options)
        check_reset(ours.reset(seed=seed, options=options), expected, f"reset (seed {seed})")
        obs = expected[0]
    for step in range(limit):
        action = choose(step, obs)
        result = reference.step(action)
        assert_step_equal(
            ours.step(action),
            result,
            obs_tolerance=obs_tolerance,
            reward_tolerance=reward_tolerance,
            compare_info=compare_info,
            check_types=check_types,
            where=f"seed {seed}, step {step}",
        )
        if after_step is not None:
            after_step(ours, reference, step)
        obs = result[0]
        if result[2] or result[3]:
            ended += 1
            if not reset_on_end:
                return RolloutSummary(step + 1, ended, tuple(result))
            expected = reference.reset()
            check_reset(ours.reset(), expected, f"reset after step {step}")
            obs = expected[0]
    return RolloutSummary(limit, ended, None if result is None else tuple(result))


def record_rollout(
    env: Any,
    *,
    seed: int | None,
    num_steps: int | None = None,
    actions: Policy | Sequence[Any] | None = None,
    reset_on_end: bool = True,
    reset_first: bool = True,
    options: dict[str, Any] | None = None,
) -> list[tuple[Any, ...]]:
    """Play ``env`` alone and record every result, to compare two separately driven runs.

    Use it when each side must be driven by its own code (our heuristic against the
    reference's), or to compare an environment with its copy: record both, then compare the
    records with :func:`~gymnasium_core.testing.compare.assert_same`.

    Args:
        env: The environment.
        seed: Seed of the first reset (and of the action space when ``actions`` is ``None``).
        num_steps: Most steps to take; may be left out when ``actions`` is a sequence.
        actions: ``None`` for seeded samples of the action space, a sequence of actions, or a
            :data:`Policy` called on ``env`` and its observation.
        reset_on_end: Whether to reset (unseeded) when an episode ends and go on; if
            ``False``, the recording stops at the first episode end.
        reset_first: Whether to start with a seeded reset, or go on from the current state.
        options: Options of the first reset.

    Returns:
        ``("reset", obs, info)`` for each reset and
        ``("step", action, obs, reward, terminated, truncated, info)`` for each step.
    """
    choose, available = _action_source(env, seed, actions)
    limit = _step_limit(num_steps, available)
    records: list[tuple[Any, ...]] = []
    obs = None
    if reset_first:
        obs, info = env.reset(seed=seed, options=options)
        records.append(("reset", obs, info))
    for step in range(limit):
        action = choose(step, obs)
        obs, reward, terminated, truncated, info = env.step(action)
        records.append(("step", copy.deepcopy(action), obs, reward, terminated, truncated, info))
        if terminated or truncated:
            if not reset_on_end:
                break
            obs, info = env.reset()
            records.append(("reset", obs, info))
    return records


def _step_limit(num_steps: int | None, available: int | None) -> int:
    """How many steps to take, given ``num_steps`` and how many actions a sequence holds."""
    limit = available if num_steps is None else num_steps
    if limit is None:
        raise ValueError("num_steps is needed unless actions is a sequence")
    return limit if available is None else min(limit, available)


def inject_state(
    ours: Any, reference: Any, state: Any | Callable[[Any], None], *, attribute: str = "state"
) -> None:
    """Put both environments in the same internal state.

    Args:
        ours: Our environment (wrapped or not; the state goes to ``unwrapped``).
        reference: The reference's environment.
        state: A value, deep-copied into ``unwrapped.<attribute>`` of each env (so neither
            shares it with the caller or the other env), or a function called on each
            ``unwrapped`` env that writes the state itself (``env.set_state(qpos, qvel)``).
        attribute: The attribute that holds the state (``"state"``, ``"s"``, ...).
    """
    for env in (ours.unwrapped, reference.unwrapped):
        if callable(state):
            state(env)
        else:
            setattr(env, attribute, copy.deepcopy(state))


def assert_injected_steps_equal(
    ours: Any,
    reference: Any,
    states: Iterable[Any],
    actions: Iterable[Any],
    *,
    attribute: str = "state",
    seed: int = 0,
    obs_tolerance: Tolerance | None = None,
    reward_tolerance: Tolerance | None = None,
    compare_info: bool = True,
    check_types: bool = True,
) -> int:
    """From each injected state, one step with the paired action must give the same result.

    Before each state both are reset (seed ``seed + index``), so episode bookkeeping starts
    afresh; the state is then injected (:func:`inject_state`) and both ``unwrapped`` envs are
    stepped once. Errors cannot pile up across steps, so this pins each step's arithmetic.

    Args:
        ours: Our environment.
        reference: The reference's environment.
        states: The states (values or writer functions, as for :func:`inject_state`).
        actions: One action per state.
        attribute: The attribute that holds the state.
        seed: Seed of the first reset.
        obs_tolerance: Tolerance for observations and info values (``None``: exact).
        reward_tolerance: Tolerance for rewards (``None``: exact).
        compare_info: Whether the info dicts must be the same too.
        check_types: Whether values must have the reference's types.

    Returns:
        The number of states compared.
    """
    count = 0
    for index, (state, action) in enumerate(zip(states, actions, strict=True)):
        ours.reset(seed=seed + index)
        reference.reset(seed=seed + index)
        inject_state(ours, reference, state, attribute=attribute)
        try:
            assert_step_equal(
                ours.unwrapped.step(action),
                reference.unwrapped.step(action),
                obs_tolerance=obs_tolerance,
                reward_tolerance=reward_tolerance,
                compare_info=compare_info,
                check_types=check_types,
                where=f"state {index}",
            )
        except AssertionError as exc:
            # The state and action are spelled out only on failure (repr of arrays is slow).
            raise AssertionError(f"{exc}\n(state {state!r}, action {action!r})") from None
        count += 1
    return count
