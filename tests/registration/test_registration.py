"""Behaviour of the registry, checked against the reference where both apply."""

from __future__ import annotations

import importlib
import sys
import types
import warnings
from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
import pytest

import gymnasium_core
from gymnasium_core import error, registration

LIBS = {"core": gymnasium_core, "reference": gymnasium}


def _registration(lib: types.ModuleType) -> Any:
    return registration if lib is gymnasium_core else gymnasium.envs.registration


def _env_class(lib: types.ModuleType) -> type:
    class Dummy(lib.Env):  # type: ignore[misc, name-defined]
        metadata = {"render_modes": ["rgb_array", "ansi"], "render_fps": 4}

        def __init__(self, render_mode: str | None = None, size: int = 2) -> None:
            self.render_mode = render_mode
            self.size = size
            self.observation_space = lib.spaces.Box(0.0, 1.0, (size,), np.float32)
            self.action_space = lib.spaces.Discrete(2)

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
            super().reset(seed=seed)
            return self.np_random.random(self.size).astype(np.float32), {}

        def step(self, action: Any) -> Any:
            obs = self.np_random.random(self.size).astype(np.float32)
            return obs, 1.0, False, False, {}

        def render(self) -> Any:
            if self.render_mode == "ansi":
                return "frame"
            return np.zeros((4, 4, 3), np.uint8)

    return Dummy


@pytest.fixture(params=list(LIBS), ids=list(LIBS))
def lib(request: pytest.FixtureRequest) -> Iterator[types.ModuleType]:
    module = LIBS[request.param]
    before = set(module.registry)
    yield module
    for env_id in set(module.registry) - before:
        del module.registry[env_id]


# Ids -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("env_id", "parts"),
    [
        ("CartPole-v1", (None, "CartPole", 1)),
        ("phys2d/CartPole-v0", ("phys2d", "CartPole", 0)),
        ("MyEnv", (None, "MyEnv", None)),
        ("ns-1/My.Env-v12", ("ns-1", "My.Env", 12)),
        ("Name-v1-v2", (None, "Name-v1", 2)),
    ],
)
def test_parse_env_id__splits_like_reference(env_id: str, parts: tuple[Any, ...]) -> None:
    assert registration.parse_env_id(env_id) == parts
    assert gymnasium.envs.registration.parse_env_id(env_id) == parts
    assert registration.get_env_id(*parts) == env_id


@pytest.mark.parametrize("bad_id", ["Cart Pole-v1", "a/b/c-v0", ""])
def test_parse_env_id__malformed_raises_error(lib: types.ModuleType, bad_id: str) -> None:
    with pytest.raises(lib.error.Error, match="Malformed"):
        _registration(lib).parse_env_id(bad_id)


# Lookup errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("env_id", "error_name", "hint"),
    [
        ("Taxi-v3", "DeprecatedEnv", "Taxi-v4"),
        ("CartPole-v9", "VersionNotFound", "`v0`, `v1`"),
        ("CartPol-v1", "NameNotFound", "Did you mean: `CartPole`"),
        ("phys3d/CartPole-v1", "NamespaceNotFound", "Did you mean: `phys2d`"),
        ("nosuchspace/CartPole-v1", "NamespaceNotFound", "installed"),
    ],
)
def test_spec__unknown_ids_raise_precise_error(
    lib: types.ModuleType, env_id: str, error_name: str, hint: str
) -> None:
    with pytest.raises(getattr(lib.error, error_name)) as caught:
        lib.spec(env_id)
    assert hint in str(caught.value)


@pytest.mark.parametrize(
    ("env_id", "error_name", "hint"),
    [
        ("Taxi-v3", "DeprecatedEnv", "`Taxi-v4`"),
        ("FrozenLake-v0", "DeprecatedEnv", "`FrozenLake-v1`"),
        ("CartPole-v9", "VersionNotFound", "[ `v0`, `v1` ]"),
        ("tabular/Blackjack-v3", "VersionNotFound", "[ `v0` ]"),
        ("Cartpole-v1", "NameNotFound", "Did you mean: `CartPole`?"),
        ("tabular/Blackjak-v0", "NameNotFound", "Did you mean: `Blackjack`?"),
        ("Foo/CartPole-v1", "NamespaceNotFound", "Namespace Foo not found"),
    ],
)
def test_make__unknown_builtin_ids_raise_reference_errors(
    lib: types.ModuleType, env_id: str, error_name: str, hint: str
) -> None:
    with (
        warnings.catch_warnings(),
        pytest.raises(getattr(lib.error, error_name)) as caught,
    ):
        warnings.simplefilter("ignore", DeprecationWarning)
        lib.make(env_id)
    assert hint in str(caught.value)


@pytest.mark.parametrize(
    ("env_id", "suggested"),
    [
        ("Foo/CartPole-v1", "`CartPole-v1`"),
        ("Foo/Cartpole-v0", "`CartPole-v0`"),
        ("Foo/Blackjack-v0", "`tabular/Blackjack-v0`"),
        ("Foo/Blackjack-v1", "`Blackjack-v1`"),
    ],
)
def test_make__unknown_namespace_suggests_the_same_env_elsewhere(
    env_id: str, suggested: str
) -> None:
    # Ours only: the reference says nothing more than "installed the proper package".
    with pytest.raises(gymnasium_core.error.NamespaceNotFound, match="installed") as caught:
        gymnasium_core.make(env_id)
    assert f"Did you mean: {suggested}?" in str(caught.value)


def test_make__deprecated_version_raises(lib: types.ModuleType) -> None:
    with pytest.warns(DeprecationWarning), pytest.raises(lib.error.DeprecatedEnv):
        lib.make("Taxi-v3")


def test_make__unversioned_id_uses_latest_with_warning(lib: types.ModuleType) -> None:
    lib.register("test/Latest-v1", entry_point=_env_class(lib))
    lib.register("test/Latest-v3", entry_point=_env_class(lib))
    with pytest.warns(UserWarning, match="Latest-v3"):
        env = lib.make("test/Latest", disable_env_checker=True)
    assert env.spec.id == "test/Latest-v3"


def test_make__old_registered_version_warns_deprecation(lib: types.ModuleType) -> None:
    lib.register("test/Old-v1", entry_point=_env_class(lib))
    lib.register("test/Old-v2", entry_point=_env_class(lib))
    with pytest.warns(DeprecationWarning, match="out of date"):
        lib.make("test/Old-v1", disable_env_checker=True)


# register --------------------------------------------------------------------------------------


def test_register__versioned_and_unversioned_conflict(lib: types.ModuleType) -> None:
    lib.register("test/Mixed-v0", entry_point=_env_class(lib))
    with pytest.raises(lib.error.RegistrationError):
        lib.register("test/Mixed", entry_point=_env_class(lib))
    lib.register("test/Plain", entry_point=_env_class(lib))
    with pytest.raises(lib.error.RegistrationError):
        lib.register("test/Plain-v1", entry_point=_env_class(lib))


@pytest.mark.parametrize(
    "ids",
    [
        ("test/TestEnv-v5", "test/TestEnv"),
        ("test/TestEnv", "test/TestEnv-v5"),
        ("TestEnvRoot-v0", "TestEnvRoot"),
        ("test/TestEnv-v5", "other/TestEnv"),
        ("test/TestEnv-v5", "test/TestEnv-v6"),
        ("test/TestEnv", "test/TestEnv"),
    ],
)
def test_register__versioned_and_unversioned_orders_as_reference(ids: tuple[str, str]) -> None:
    outcomes = []
    for lib in LIBS.values():
        before = set(lib.registry)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for env_id in ids:
                    lib.register(env_id, entry_point="some.module:Env")
            outcomes.append("ok")
        except Exception as exc:
            outcomes.append(type(exc).__name__)
        finally:
            for env_id in set(lib.registry) - before:
                del lib.registry[env_id]
    assert outcomes[0] == outcomes[1]


def test_register__needs_an_entry_point(lib: types.ModuleType) -> None:
    with pytest.raises(ValueError):
        lib.register("test/Nothing-v0")


def test_register__override_warns(lib: types.ModuleType) -> None:
    lib.register("test/Twice-v0", entry_point=_env_class(lib))
    with pytest.warns(UserWarning, match="Overriding environment test/Twice-v0"):
        lib.register("test/Twice-v0", entry_point=_env_class(lib))


def test_namespace__forces_namespace_and_restores(lib: types.ModuleType) -> None:
    reg = _registration(lib)
    with reg.namespace("plugin"):
        assert reg.current_namespace == "plugin"
        lib.register("Inner-v0", entry_point=_env_class(lib))
        lib.register("other/Inner2-v0", entry_point=_env_class(lib))
    assert reg.current_namespace is None
    assert "plugin/Inner-v0" in lib.registry
    assert "plugin/Inner2-v0" in lib.registry


def test_find_highest_version(lib: types.ModuleType) -> None:
    lib.register("test/High-v2", entry_point=_env_class(lib))
    lib.register("test/High-v10", entry_point=_env_class(lib))
    assert _registration(lib).find_highest_version("test", "High") == 10
    assert _registration(lib).find_highest_version("test", "Missing") is None


# EnvSpec ---------------------------------------------------------------------------------------


def test_env_spec__json_round_trip(lib: types.ModuleType) -> None:
    reg = _registration(lib)
    original = reg.EnvSpec(
        id="test/Json-v2",
        entry_point="some.module:Env",
        reward_threshold=1.5,
        max_episode_steps=7,
        kwargs={"a": 1, "b": [1, 2], "c": None},
        additional_wrappers=(reg.WrapperSpec("W", "m:W", {"x": 1}),),
        vector_entry_point="some.module:VecEnv",
    )
    text = original.to_json()
    restored = reg.EnvSpec.from_json(text)
    assert restored == original
    assert (restored.namespace, restored.name, restored.version) == ("test", "Json", 2)


def test_env_spec__json_refuses_callables(lib: types.ModuleType) -> None:
    spec = _registration(lib).EnvSpec(id="test/Call-v0", entry_point=_env_class(lib))
    with pytest.raises(ValueError, match="allable"):
        spec.to_json()


def test_env_spec__reference_json_is_readable() -> None:
    reference = gymnasium.spec("CartPole-v1").to_json()
    ours = registration.EnvSpec.from_json(reference)
    assert ours.id == "CartPole-v1" and ours.max_episode_steps == 500
    assert ours.jax_vector_entry_point is None


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"disable_print": True, "include_entry_points": True},
        {"disable_print": True, "print_all": True},
    ],
)
def test_env_spec__pprint_matches_reference(options: dict[str, bool]) -> None:
    fields = {
        "id": "test/Show-v0",
        "entry_point": "a.b:C",
        "max_episode_steps": 3,
        "order_enforce": False,
        "additional_wrappers": (),
    }
    ours = registration.EnvSpec(**fields)
    ref = gymnasium.envs.registration.EnvSpec(**fields)
    options = {"disable_print": True, **options}
    assert ours.pprint(**options) == ref.pprint(**options)
    wrapper = ("W", "m:W", {"k": 1})
    ours.additional_wrappers = (registration.WrapperSpec(*wrapper),)
    ref.additional_wrappers = (gymnasium.envs.registration.WrapperSpec(*wrapper),)
    assert ours.pprint(**options) == ref.pprint(**options)


def test_builtin_ids__are_the_reference_ids_less_those_it_only_refuses() -> None:
    # Gymnasium registers the mujoco-py ids (v2, v3) and the shimmy ids only so that making
    # them raises ImportError; every other id of it must be registered here.
    # (The bridge, once imported, adds our ids to gymnasium's registry too: those are left out.)
    builtin = {
        env_id: spec
        for env_id, spec in gymnasium.registry.items()
        if not (spec.namespace or "").startswith("gymnasium_core")
    }
    refused = set()
    for env_id, spec in builtin.items():
        if callable(spec.entry_point):
            with warnings.catch_warnings(), pytest.raises(ImportError):
                warnings.simplefilter("ignore")
                gymnasium.make(env_id)
            refused.add(env_id)
    assert len(refused) == 19
    assert set(builtin) - set(gymnasium_core.registry) == refused
    for env_id in refused:
        expected = error.NameNotFound if env_id.startswith("GymV") else error.DeprecatedEnv
        with warnings.catch_warnings(), pytest.raises(expected):
            warnings.simplefilter("ignore", DeprecationWarning)  # "a newer version exists"
            gymnasium_core.make(env_id)


def test_builtin_specs__match_reference_fields() -> None:
    shared = sorted(set(gymnasium_core.registry) & set(gymnasium.registry))
    assert "CartPole-v1" in shared and "Taxi-v4" in shared
    for env_id in shared:
        ours, ref = gymnasium_core.spec(env_id), gymnasium.spec(env_id)
        for field in (
            "reward_threshold",
            "nondeterministic",
            "max_episode_steps",
            "order_enforce",
            "disable_env_checker",
            "kwargs",
        ):
            assert getattr(ours, field) == getattr(ref, field), (env_id, field)
        assert ours.entry_point == ref.entry_point.replace("gymnasium.", "gymnasium_core.", 1)


# pprint_registry -------------------------------------------------------------------------------


@pytest.mark.parametrize("num_cols", [1, 2, 3])
def test_pprint_registry__matches_reference_layout(num_cols: int) -> None:
    entries = [
        ("CartPole-v1", "pkg.envs.classic_control.cartpole:CartPoleEnv"),
        ("Acrobot-v1", "pkg.envs.classic_control.acrobot:AcrobotEnv"),
        ("MountainCar-v0", "pkg.envs.classic_control.mc:MountainCarEnv"),
        ("phys2d/CartPole-v0", "pkg.envs.phys2d.cartpole:CartPoleJaxEnv"),
        ("Plugin-v0", "plugin.mod:Env"),
        ("Solo-v0", "solo:Env"),
    ]
    ours = {i: registration.EnvSpec(i, e) for i, e in entries}
    ref = {i: gymnasium.envs.registration.EnvSpec(i, e) for i, e in entries}
    for excluded in (None, ["phys2d"]):
        kwargs = {"num_cols": num_cols, "exclude_namespaces": excluded, "disable_print": True}
        text = registration.pprint_registry(ours, **kwargs)
        assert text == gymnasium.pprint_registry(ref, **kwargs)
    assert "===== classic_control =====" in registration.pprint_registry(ours, disable_print=True)


def test_pprint_registry__non_string_entry_points_are_listed_under_none() -> None:
    env_cls = _env_class(gymnasium_core)
    ref_cls = _env_class(gymnasium)
    entries = [("Callable-v0", True), ("Other-v1", True), ("VecOnly-v0", False)]
    ours = {
        i: registration.EnvSpec(i, env_cls if has_entry else None, vector_entry_point="a.b:V")
        for i, has_entry in entries
    }
    ref = {
        i: gymnasium.envs.registration.EnvSpec(
            i, ref_cls if has_entry else None, vector_entry_point="a.b:V"
        )
        for i, has_entry in entries
    }
    text = registration.pprint_registry(ours, disable_print=True)
    assert text == gymnasium.pprint_registry(ref, disable_print=True)
    assert text is not None and text.startswith("===== None =====")


def test_pprint_registry__formats_the_reference_registry_as_the_reference() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        specs = dict(gymnasium.registry)
        for num_cols in (1, 3, 4):
            kwargs: dict[str, Any] = {"num_cols": num_cols, "disable_print": True}
            assert registration.pprint_registry(specs, **kwargs) == gymnasium.pprint_registry(
                specs, **kwargs
            )


# make ------------------------------------------------------------------------------------------


def _layers(env: Any) -> list[str]:
    names = []
    while hasattr(env, "env"):
        names.append(type(env).__name__)
        env = env.env
    return names


@pytest.mark.parametrize(
    ("make_kwargs", "layers"),
    [
        ({}, ["TimeLimit", "OrderEnforcing", "PassiveEnvChecker"]),
        ({"disable_env_checker": True}, ["TimeLimit", "OrderEnforcing"]),
        ({"max_episode_steps": -1}, ["OrderEnforcing", "PassiveEnvChecker"]),
        (
            {"render_mode": "rgb_array_list"},
            ["RenderCollection", "TimeLimit", "OrderEnforcing", "PassiveEnvChecker"],
        ),
    ],
)
def test_make__applies_default_wrappers_in_reference_order(
    lib: types.ModuleType, make_kwargs: dict[str, Any], layers: list[str]
) -> None:
    lib.register("test/Wrapped-v0", entry_point=_env_class(lib), max_episode_steps=5)
    env = lib.make("test/Wrapped-v0", **make_kwargs)
    assert _layers(env) == layers
    if "render_mode" in make_kwargs:
        assert env.unwrapped.render_mode == "rgb_array"


def test_make__human_mode_on_frame_env_adds_human_rendering(lib: types.ModuleType) -> None:
    pytest.importorskip("pygame")
    lib.register("test/Human-v0", entry_point=_env_class(lib), order_enforce=False)
    with pytest.warns(UserWarning, match="HumanRendering"):
        env = lib.make("test/Human-v0", render_mode="human", disable_env_checker=True)
    assert _layers(env) == ["HumanRendering"]
    assert env.unwrapped.render_mode == "rgb_array"
    env.close()


def test_make__unknown_render_mode_warns(lib: types.ModuleType) -> None:
    lib.register("test/Modes-v0", entry_point=_env_class(lib))
    with pytest.warns(UserWarning, match="not in the possible render_modes"):
        lib.make("test/Modes-v0", render_mode="bogus", disable_env_checker=True)


def test_make__kwargs_and_spec_recorded(lib: types.ModuleType) -> None:
    lib.register("test/Kw-v0", entry_point=_env_class(lib), kwargs={"size": 3}, max_episode_steps=4)
    env = lib.make("test/Kw-v0", size=5)
    assert env.unwrapped.size == 5
    assert env.unwrapped.spec.kwargs == {"size": 5}
    assert env.unwrapped.spec.max_episode_steps is None
    assert env.spec.max_episode_steps == 4
    again = lib.make(env.spec)
    assert _layers(again) == _layers(env) and again.unwrapped.size == 5


def test_make__string_entry_point_and_module_prefix(
    lib: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = types.ModuleType("_registry_test_plugin_mod")
    module.Dummy = _env_class(lib)  # type: ignore[attr-defined]

    def register_on_import() -> None:
        lib.register("test/FromModule-v0", entry_point="_registry_test_plugin_mod:Dummy")

    monkeypatch.setitem(sys.modules, "_registry_test_plugin_mod", module)
    monkeypatch.setattr(importlib, "import_module", _importer(register_on_import))
    env = lib.make("_registry_test_plugin_mod:test/FromModule-v0", disable_env_checker=True)
    assert type(env.unwrapped).__name__ == "Dummy"


def _importer(on_import: Any) -> Any:
    real = importlib.import_module

    def fake(name: str, package: str | None = None) -> Any:
        if name == "_registry_test_plugin_mod" and "_done" not in fake.__dict__:
            fake._done = True  # type: ignore[attr-defined]
            on_import()
        return real(name, package)

    return fake


def test_make__missing_module_prefix_raises(lib: types.ModuleType) -> None:
    with pytest.raises(ModuleNotFoundError):
        lib.make("no_such_module_xyz:Thing-v0")


def test_make__non_env_entry_point_raises_type_error(lib: types.ModuleType) -> None:
    lib.register("test/NotEnv-v0", entry_point=lambda: object())
    with pytest.raises(TypeError):
        lib.make("test/NotEnv-v0")


def test_make__bad_id_type_raises(lib: types.ModuleType) -> None:
    with pytest.raises(TypeError):
        lib.make(3)


def test_make__additional_wrappers_are_rebuilt(lib: types.ModuleType) -> None:
    lib.register("test/Extra-v0", entry_point=_env_class(lib), max_episode_steps=5)
    base = lib.make("test/Extra-v0", disable_env_checker=True)
    wrapped = lib.wrappers.TimeAwareObservation(base)
    rebuilt = lib.make(wrapped.spec)
    assert (
        _layers(rebuilt)
        == _layers(wrapped)
        == ["TimeAwareObservation", "TimeLimit", "OrderEnforcing"]
    )


# make_vec --------------------------------------------------------------------------------------


def test_make_vec__sync_mode_records_spec(lib: types.ModuleType) -> None:
    lib.register("test/Vec-v0", entry_point=_env_class(lib), max_episode_steps=3)
    envs = lib.make_vec("test/Vec-v0", num_envs=2, vectorization_mode="sync")
    assert type(envs).__name__ == "SyncVectorEnv"
    assert envs.num_envs == 2
    assert envs.spec.kwargs == {"num_envs": 2, "vectorization_mode": "sync"}
    obs, _ = envs.reset(seed=0)
    assert obs.shape == (2, 2)
    envs.close()


def test_make_vec__invalid_mode_raises(lib: types.ModuleType) -> None:
    lib.register("test/VecBad-v0", entry_point=_env_class(lib))
    with pytest.raises(ValueError, match="Invalid vectorization mode"):
        lib.make_vec("test/VecBad-v0", vectorization_mode="warp")


def test_make_vec__vector_entry_point_missing_raises(lib: types.ModuleType) -> None:
    lib.register("test/VecNone-v0", entry_point=_env_class(lib))
    with pytest.raises(lib.error.Error, match="vector entry point"):
        lib.make_vec("test/VecNone-v0", vectorization_mode="vector_entry_point")


def test_make_vec__vector_entry_point_rejects_wrappers(lib: types.ModuleType) -> None:
    lib.register("test/VecW-v0", entry_point=_env_class(lib), vector_entry_point="x.y:Z")
    with pytest.raises(lib.error.Error, match="wrappers"):
        lib.make_vec("test/VecW-v0", wrappers=[lambda env: env])


def test_make_vec__jax_mode_uses_jax_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []

    class FakeVec:
        metadata: dict[str, Any] = {}

        def __init__(self, **kwargs: Any) -> None:
            calls.append(kwargs)
            self.unwrapped = self
            from gymnasium_core.vector import AutoresetMode

            self.metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    before = set(gymnasium_core.registry)
    try:
        gymnasium_core.register(
            "test/Jax-v0",
            entry_point="x.y:Z",
            max_episode_steps=9,
            jax_vector_entry_point=FakeVec,
        )
        envs = gymnasium_core.make_vec("test/Jax-v0", 4, vectorization_mode="jax", foo=1)
        assert isinstance(envs, FakeVec)
        assert calls == [{"num_envs": 4, "max_episode_steps": 9, "foo": 1}]
        assert envs.spec.kwargs["vectorization_mode"] == "jax"
        # The registry knows no family: a namespace alone gives no JAX mode; declaring does.
        gymnasium_core.register("phys2d/Undeclared-v0", vector_entry_point=FakeVec)
        with pytest.raises(gymnasium_core.error.Error, match="JAX vector entry point"):
            gymnasium_core.make_vec("phys2d/Undeclared-v0", 2, vectorization_mode="jax")
        gymnasium_core.register(
            "phys2d/NativeJax-v0", vector_entry_point=FakeVec, jax_vector_entry_point=FakeVec
        )
        gymnasium_core.make_vec(
            "phys2d/NativeJax-v0", 2, vectorization_mode=registration.VectorizeMode.JAX
        )
        assert calls[-1] == {"num_envs": 2}
        gymnasium_core.register("test/NoJax-v0", entry_point="x.y:Z", vector_entry_point=FakeVec)
        with pytest.raises(gymnasium_core.error.Error, match="JAX vector entry point"):
            gymnasium_core.make_vec("test/NoJax-v0", 2, vectorization_mode="jax")
    finally:
        for env_id in set(gymnasium_core.registry) - before:
            del gymnasium_core.registry[env_id]


def test_builtin_ids__have_jax_vector_entry_points_where_a_functional_definition_exists() -> None:
    # Box2D has no functional definition; MuJoCo's runs on MJX for the v5 tasks only.
    for env_id, env_spec in gymnasium_core.registry.items():
        assert isinstance(env_spec.entry_point, str), env_id
        if env_spec.namespace in ("phys2d", "tabular", "mjx", "probe_jax"):
            assert env_spec.disable_env_checker, env_id
            # Declared at registration: the registry itself has no per-namespace fallback.
            assert env_spec.jax_vector_entry_point == env_spec.vector_entry_point, env_id
            continue
        family = env_spec.entry_point.removeprefix("gymnasium_core.envs.").split(".")[0]
        target = env_spec.jax_vector_entry_point
        if family == "box2d" or (family == "mujoco" and env_spec.version == 4):
            assert target is None, env_id
        else:
            functional = {
                "classic_control": ".phys2d.",
                "toy_text": ".tabular.",
                "mujoco": ".mjx.",
                "probe": ".probe.jax_probes:",
            }
            assert isinstance(target, str) and functional[family] in target, env_id


# Plugins ---------------------------------------------------------------------------------------


class _FakeEntryPoint:
    def __init__(self, name: str, target: Any, attr: str | None = "hook") -> None:
        self.name, self.value, self.attr, self._target = name, f"fake:{attr}", attr, target

    def load(self) -> Any:
        if isinstance(self._target, Exception):
            raise self._target
        return self._target


def test_load_plugin_envs__registers_under_entry_point_namespace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gymnasium_core.registration as _registry_plugins

    env_cls = _env_class(gymnasium_core)
    points = [
        _FakeEntryPoint(
            "myplugin", lambda: gymnasium_core.register("Plug-v0", entry_point=env_cls)
        ),
        _FakeEntryPoint(
            "__root__", lambda: gymnasium_core.register("RootPlug-v0", entry_point=env_cls)
        ),
        _FakeEntryPoint("broken", RuntimeError("boom")),
    ]
    monkeypatch.setattr(
        _registry_plugins.metadata, "entry_points", lambda group: points if group == "grp" else []
    )
    before = set(gymnasium_core.registry)
    try:
        with pytest.warns(gymnasium_core.logger.GymnasiumCoreWarning, match="broken"):
            loaded = registration.load_plugin_envs("grp")
        assert loaded == ["myplugin", "__root__"]
        assert "myplugin/Plug-v0" in gymnasium_core.registry
        assert "RootPlug-v0" in gymnasium_core.registry
        assert registration.current_namespace is None
    finally:
        for env_id in set(gymnasium_core.registry) - before:
            del gymnasium_core.registry[env_id]


def test_registry__is_a_dict_with_builtins() -> None:
    assert isinstance(gymnasium_core.registry, dict)
    assert "CartPole-v1" in gymnasium_core.registry
    assert gymnasium_core.spec("CartPole-v1") is gymnasium_core.registry["CartPole-v1"]


def test_envs_registration__re_exports_registry() -> None:
    from gymnasium_core.envs import registration as envs_registration

    assert envs_registration.make is gymnasium_core.make
    assert envs_registration.registry is gymnasium_core.registry
    assert envs_registration.current_namespace is None
    gymnasium_core.register_envs(envs_registration)


def test_env_spec_make__builds_what_make_builds_as_the_reference() -> None:
    # `EnvSpec.make` reaches `make` through the hook the make module installs on load.
    import gymnasium

    ours = gymnasium_core.spec("CartPole-v1").make(max_episode_steps=7)
    theirs = gymnasium.spec("CartPole-v1").make(max_episode_steps=7)
    assert ours.spec is not None and ours.spec.max_episode_steps == 7
    assert str(ours) == str(theirs)
    np.testing.assert_array_equal(ours.reset(seed=3)[0], theirs.reset(seed=3)[0])
    ours.close()
    theirs.close()
