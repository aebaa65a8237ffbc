"""What ``make_vec(id, n)`` builds when no mode is given, compared with the reference."""

from __future__ import annotations

import dataclasses
import warnings
from typing import Any

import gymnasium
import pytest

import gymnasium_core
from gymnasium_core import registration
from gymnasium_core.vector import SyncVectorEnv, VectorEnv
from gymnasium_core.wrappers import TransformReward


def _quiet_registry(lib: Any) -> dict[str, Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return dict(lib.registry)


SHARED_IDS = sorted(set(_quiet_registry(gymnasium_core)) & set(_quiet_registry(gymnasium)))
# Ids cheap to build many times (no Box2D, MuJoCo or JAX compilation).
CHEAP_IDS = [
    i
    for i in SHARED_IDS
    if gymnasium_core.spec(i).entry_point.split(".")[2] in ("classic_control", "toy_text")
]
OPT_IN_IDS = sorted(
    i for i, s in _quiet_registry(gymnasium_core).items() if s.vector_entry_point_opt_in
)


@pytest.mark.parametrize("env_id", SHARED_IDS)
def test_default_vectorize_mode__follows_the_reference_registration(env_id: str) -> None:
    ref_spec = gymnasium.spec(env_id)
    expected = "vector_entry_point" if ref_spec.vector_entry_point is not None else "sync"
    assert registration.default_vectorize_mode(gymnasium_core.spec(env_id)).value == expected


@pytest.mark.parametrize("env_id", CHEAP_IDS)
def test_make_vec__default_builds_the_reference_class(env_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = gymnasium.make_vec(env_id, 2)
        ours = gymnasium_core.make_vec(env_id, 2)
    assert type(ours).__name__ == type(ref).__name__
    assert ours.spec is not None and ref.spec is not None
    assert ours.spec.kwargs == ref.spec.kwargs
    ours.close()
    ref.close()


@pytest.mark.parametrize("env_id", [i for i in CHEAP_IDS if i in OPT_IN_IDS])
def test_make_vec__default_takes_wrappers_and_opt_in_gives_the_batched_env(env_id: str) -> None:
    envs = gymnasium_core.make_vec(env_id, 2, wrappers=[lambda e: TransformReward(e, lambda r: r)])
    assert isinstance(envs, SyncVectorEnv)
    assert len(envs.envs) == 2
    assert envs.get_attr("spec")[0].id == env_id
    envs.reset(seed=0)
    envs.step(envs.action_space.sample())
    envs.close()

    batched = gymnasium_core.make_vec(env_id, 2, vectorization_mode="vector_entry_point")
    assert isinstance(batched, VectorEnv) and not isinstance(batched, SyncVectorEnv)
    assert batched.spec is not None
    assert batched.spec.kwargs["vectorization_mode"] == "vector_entry_point"
    batched.close()


def test_builtin_ids__opt_in_exactly_where_the_reference_has_no_vector_entry_point() -> None:
    ref = _quiet_registry(gymnasium)
    for env_id, env_spec in _quiet_registry(gymnasium_core).items():
        if env_spec.vector_entry_point is None or env_id not in ref:
            continue
        assert env_spec.vector_entry_point_opt_in == (ref[env_id].vector_entry_point is None)


def test_register__vector_entry_point_is_the_default_unless_opt_in() -> None:
    made: list[int] = []

    def batched(num_envs: int, **kwargs: Any) -> Any:
        made.append(num_envs)
        return gymnasium_core.make_vec("CartPole-v1", num_envs, vectorization_mode="sync")

    before = set(gymnasium_core.registry)
    try:
        entry = "gymnasium_core.envs.classic_control.cartpole:CartPoleEnv"
        gymnasium_core.register("test/Plain-v0", entry_point=entry, vector_entry_point=batched)
        gymnasium_core.register(
            "test/OptIn-v0",
            entry_point=entry,
            vector_entry_point=batched,
            vector_entry_point_opt_in=True,
        )
        # As in the reference: a registered vector entry point is the default mode ...
        plain = gymnasium_core.make_vec("test/Plain-v0", 3)
        assert made == [3] and plain.spec is not None
        assert plain.spec.kwargs["vectorization_mode"] == "vector_entry_point"
        # ... unless the registration marks it opt-in.
        opt_in = gymnasium_core.make_vec("test/OptIn-v0", 3)
        assert made == [3] and isinstance(opt_in, SyncVectorEnv)
        gymnasium_core.make_vec("test/OptIn-v0", 3, vectorization_mode="vector_entry_point")
        assert made == [3, 3]
    finally:
        for env_id in set(gymnasium_core.registry) - before:
            del gymnasium_core.registry[env_id]


def test_make_vec__saved_spec_rebuilds_the_same_mode() -> None:
    envs = gymnasium_core.make_vec("Pendulum-v1", 2)
    assert envs.spec is not None
    again = gymnasium_core.make_vec(envs.spec)
    assert isinstance(again, SyncVectorEnv)
    envs.close()
    again.close()


def test_pprint_registry__marks_opt_in_ids() -> None:
    text = registration.pprint_registry(disable_print=True)
    assert text is not None
    for env_id, env_spec in _quiet_registry(gymnasium_core).items():
        marked = f"{env_id}*" in text.split()
        assert marked == (
            env_spec.vector_entry_point is not None and env_spec.vector_entry_point_opt_in
        )
    assert text.splitlines()[-1].startswith("* ")
    assert 'vectorization_mode="vector_entry_point"' in text.splitlines()[-1]
    # Leaving out every marked family leaves out the note too.
    families = ["classic_control", "toy_text", "tabular", "mujoco"]
    text = registration.pprint_registry(exclude_namespaces=families, disable_print=True)
    assert text is not None and "*" not in text


# EnvSpec JSON between the two libraries ---------------------------------------------------------


def _ref_spec_equal(ours: Any, ref: Any) -> None:
    for field in (
        "id",
        "entry_point",
        "reward_threshold",
        "nondeterministic",
        "max_episode_steps",
        "order_enforce",
        "disable_env_checker",
        "kwargs",
        "vector_entry_point",
    ):
        assert getattr(ours, field) == getattr(ref, field), field
    assert [vars(w) for w in ours.additional_wrappers] == [vars(w) for w in ref.additional_wrappers]


SPEC_CASES = [
    {"id": "test/Json-v0", "entry_point": "a.b:C"},
    {
        "id": "Json-v3",
        "entry_point": "a.b:C",
        "reward_threshold": 5.0,
        "nondeterministic": True,
        "max_episode_steps": 10,
        "order_enforce": False,
        "disable_env_checker": True,
        "kwargs": {"x": 1, "y": [1, 2], "z": {"w": None}},
        "vector_entry_point": "a.b:V",
    },
]


@pytest.mark.parametrize("fields", SPEC_CASES, ids=lambda f: f["id"])
def test_env_spec_json__ours_is_read_by_the_reference(fields: dict[str, Any]) -> None:
    ours = registration.EnvSpec(**fields)
    ours.additional_wrappers = (registration.WrapperSpec("W", "a.b:W", {"k": 2}),)
    ref = gymnasium.envs.registration.EnvSpec.from_json(ours.to_json())
    _ref_spec_equal(ours, ref)
    # And back: the reference's text rebuilds an equal spec of ours.
    assert registration.EnvSpec.from_json(ref.to_json()) == ours


@pytest.mark.parametrize("fields", SPEC_CASES, ids=lambda f: f["id"])
def test_env_spec_json__reference_text_is_read_by_ours(fields: dict[str, Any]) -> None:
    ref = gymnasium.envs.registration.EnvSpec(**fields)
    ours = registration.EnvSpec.from_json(ref.to_json())
    _ref_spec_equal(ours, ref)
    assert ours.jax_vector_entry_point is None and not ours.vector_entry_point_opt_in
    assert ours.to_json() == ref.to_json()


def test_env_spec_json__our_extra_fields_round_trip_when_set() -> None:
    ours = registration.EnvSpec(
        "Extra-v0",
        "a.b:C",
        vector_entry_point="a.b:V",
        jax_vector_entry_point="a.b:J",
        vector_entry_point_opt_in=True,
    )
    assert registration.EnvSpec.from_json(ours.to_json()) == ours


def test_env_spec_json__registered_and_made_specs_round_trip() -> None:
    for env_spec in _quiet_registry(gymnasium_core).values():
        assert registration.EnvSpec.from_json(env_spec.to_json()) == env_spec
    env = gymnasium_core.make("Pendulum-v1", g=9.0)
    assert env.spec is not None
    assert registration.EnvSpec.from_json(env.spec.to_json()) == env.spec
    env.close()


def test_env_spec_json__made_builtin_specs_are_read_by_the_reference() -> None:
    # Extra fields equal to the registered spec's are left out and restored from the registry.
    for env_id in ("CartPole-v1", "Pendulum-v1", "FrozenLake-v1", "Ant-v5", "phys2d/CartPole-v1"):
        env = gymnasium_core.make(env_id, disable_env_checker=True)
        assert env.spec is not None
        text = env.spec.to_json()
        ref = gymnasium.envs.registration.EnvSpec.from_json(text)
        _ref_spec_equal(env.spec, ref)
        assert registration.EnvSpec.from_json(text) == env.spec
        assert registration.EnvSpec.from_json(ref.to_json()) == env.spec
        env.close()


def test_env_spec_json__extra_fields_differing_from_the_registry_are_written() -> None:
    registered = gymnasium_core.spec("CartPole-v1")
    changed = dataclasses.replace(registered, jax_vector_entry_point="a.b:J")
    assert '"jax_vector_entry_point": "a.b:J"' in changed.to_json()
    assert registration.EnvSpec.from_json(changed.to_json()) == changed
    # Another entry point under a registered id takes nothing from the registry.
    other = registration.EnvSpec("CartPole-v1", "a.b:C")
    assert registration.EnvSpec.from_json(other.to_json()) == other


@pytest.mark.parametrize("mode", ["sync", "async", "vector_entry_point", None])
@pytest.mark.parametrize(
    ("num_envs", "error"),
    [(True, TypeError), (2.0, TypeError), ("2", TypeError), (0, ValueError), (-1, ValueError)],
)
def test_make_vec__num_envs_must_be_a_positive_integer(
    mode: str | None, num_envs: Any, error: type
) -> None:
    with pytest.raises(error, match="num_envs"):
        gymnasium_core.make_vec("CartPole-v1", num_envs, vectorization_mode=mode)


@pytest.mark.parametrize("num_envs", [0, -1])
def test_make_vec__no_sub_environments_raise_what_the_reference_raises(num_envs: int) -> None:
    # Gymnasium fails with an IndexError here; ours is a ValueError that is also one.
    gymnasium = pytest.importorskip("gymnasium")
    with pytest.raises(IndexError):
        gymnasium.make_vec("CartPole-v1", num_envs, vectorization_mode="sync")
    with pytest.raises(IndexError, match="num_envs must be at least 1"):
        gymnasium_core.make_vec("CartPole-v1", num_envs, vectorization_mode="sync")
