"""Box2D surface: module names and signatures, and the live attributes of ``env.unwrapped``.

Code written for Gymnasium reads the Box2D objects of a made env (``env.unwrapped.hull``,
``legs[0].ground_contact``, ``lander.angle``, ``terrain_x``), imports helpers from the env
modules (``ContactDetector``, ``HULL_FD``, ``heuristic``) and calls them positionally. Each
test compares with the reference in the same state.
"""

from __future__ import annotations

import ast
import copy
import importlib
import inspect
import pickle
from typing import Any

import numpy as np
import pytest

import gymnasium_core
from gymnasium_core.testing import parity
from gymnasium_core.testing.surface import surface_differences
from gymnasium_core.utils.ezpickle import EzPickle

pytest.importorskip("Box2D")
gymnasium = pytest.importorskip("gymnasium")

IDS = parity.shared_ids("gymnasium.envs.box2d")
MODULES = ["", ".bipedal_walker", ".car_dynamics", ".car_racing", ".lunar_lander"]

# Names of the reference's modules that are not API: a typing flag.
_NOT_API = {"TYPE_CHECKING"}
# A wheel's spin, phase and throttle are Python floats here; the reference's turn into
# numpy.float64 (a float subclass, equal values) once np.clip or np.sqrt touched them, which
# depends on the path the episode took.
_WHEEL_IGNORE = frozenset({"omega", "phase", "gas", "brake", "steer"})


def _actions(env_id: str, count: int, seed: int) -> list[Any]:
    rng = np.random.default_rng(seed)
    if env_id.startswith("Bipedal"):
        return [rng.uniform(-1, 1, 4).astype(np.float32) for _ in range(count)]
    if env_id == "CarRacing-v3":
        return [np.array([rng.uniform(-1, 1), 0.6, 0.0], np.float32) for _ in range(count)]
    if env_id == "LunarLanderContinuous-v3":
        return [rng.uniform(-1, 1, 2).astype(np.float32) for _ in range(count)]
    return [int(a) for a in rng.integers(0, 4, count)]


def _nested(env: Any, env_id: str) -> dict[str, tuple[Any, frozenset[str]]]:
    """The Box2D objects under ``env`` to compare too, with the names to leave out."""
    none: frozenset[str] = frozenset()
    if env_id.startswith("Bipedal"):
        return {
            "hull": (env.hull, none),
            "legs[1]": (env.legs[1], none),
            "joints[0]": (env.joints[0], none),
            "lidar[0]": (env.lidar[0], none),
            "terrain[0]": (env.terrain[0], none),
            "world": (env.world, none),
        }
    if env_id.startswith("Lunar"):
        return {
            "lander": (env.lander, none),
            "legs[0]": (env.legs[0], none),
            "moon": (env.moon, none),
            "world": (env.world, none),
            "world.contactListener_keepref": (env.world.contactListener_keepref, none),
        }
    return {
        "car": (env.car, none),
        "car.hull": (env.car.hull, none),
        "car.wheels[0]": (env.car.wheels[0], _WHEEL_IGNORE),
        "car.wheels[3]": (env.car.wheels[3], _WHEEL_IGNORE),
        "road[0]": (env.road[0], none),
        "contactListener_keepref": (env.contactListener_keepref, none),
        "world.contactListener_bug_workaround": (
            env.world.contactListener_bug_workaround,
            none,
        ),
    }


def _differences(ours: Any, reference: Any, env_id: str, nested: bool) -> list[str]:
    found = surface_differences(ours, reference)
    if nested:
        mine = _nested(ours, env_id)
        for name, (theirs, ignore) in _nested(reference, env_id).items():
            found += [
                f"{name}.{line}"
                for line in surface_differences(mine[name][0], theirs, ignore=ignore)
            ]
    return found


# -- module names and signatures ------------------------------------------------------------------


def _signature_problems(ours: Any, theirs: Any) -> list[str]:
    """Ways a call written for ``theirs`` could fail on ``ours`` (empty when compatible)."""
    try:
        their_sig = inspect.signature(theirs)
    except (TypeError, ValueError):
        return []
    our_params = list(inspect.signature(ours).parameters.values())
    their_params = list(their_sig.parameters.values())
    problems = []
    for index, theirs_p in enumerate(their_params):
        if index >= len(our_params):
            problems.append(f"parameter {theirs_p.name!r} missing")
            continue
        ours_p = our_params[index]
        if (ours_p.name, ours_p.kind) != (theirs_p.name, theirs_p.kind):
            problems.append(f"parameter {index}: {ours_p} where the reference has {theirs_p}")
        elif (theirs_p.default is inspect.Parameter.empty) != (
            ours_p.default is inspect.Parameter.empty
        ):
            problems.append(f"parameter {theirs_p.name!r}: default differs in presence")
    for extra in our_params[len(their_params) :]:
        if extra.default is inspect.Parameter.empty or extra.kind in (
            inspect.Parameter.VAR_POSITIONAL,
            inspect.Parameter.VAR_KEYWORD,
        ):
            problems.append(f"extra parameter {extra} is not keyword-with-default")
    return problems


def _bound_names(body: list[ast.stmt]) -> set[str]:
    """Names a module's source binds itself (definitions and assignments, not imports)."""
    names: set[str] = set()
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.Try):
            names |= _bound_names(node.body)
        elif isinstance(node, ast.If) and ast.unparse(node.test) != "TYPE_CHECKING":
            names |= _bound_names(node.body) | _bound_names(node.orelse)
    return names


def _public_names(module: Any) -> list[str]:
    """The reference module's ``__all__`` and the public names its source binds."""
    bound = _bound_names(ast.parse(inspect.getsource(module)).body)
    names = set(getattr(module, "__all__", ())) | {n for n in bound if n in vars(module)}
    return sorted(n for n in names if not n.startswith("_") and n not in _NOT_API)


@pytest.mark.parametrize("suffix", MODULES, ids=lambda s: s.lstrip(".") or "box2d")
def test_module__reference_names_exist_with_compatible_signatures(suffix: str) -> None:
    theirs = importlib.import_module("gymnasium.envs.box2d" + suffix)
    ours = importlib.import_module("gymnasium_core.envs.box2d" + suffix)
    problems = []
    for name in _public_names(theirs):
        their_value = getattr(theirs, name)
        if not hasattr(ours, name):
            problems.append(f"{name}: missing")
            continue
        our_value = getattr(ours, name)
        if callable(their_value):
            problems += [f"{name}: {p}" for p in _signature_problems(our_value, their_value)]
        if inspect.isclass(their_value) and their_value.__module__.startswith("gymnasium.envs"):
            for member, value in vars(their_value).items():
                if member.startswith("_"):
                    continue
                if not hasattr(our_value, member):
                    problems.append(f"{name}.{member}: missing")
                elif callable(value) and not inspect.isclass(value):
                    problems += [
                        f"{name}.{member}: {p}"
                        for p in _signature_problems(getattr(our_value, member), value)
                    ]
        elif not callable(their_value) and not isinstance(their_value, bool | type(None)):
            if type(our_value) is not type(their_value):
                problems.append(
                    f"{name}: {type(our_value)} where the reference has {type(their_value)}"
                )
            elif isinstance(their_value, int | float | str | list | tuple):
                if our_value != their_value:
                    problems.append(f"{name}: {our_value!r} != {their_value!r}")
    assert problems == []


@pytest.mark.parametrize("name", ["HULL_FD", "LEG_FD", "LOWER_FD"])
def test_module__walker_fixture_definitions_equal_the_reference(name: str) -> None:
    from gymnasium.envs.box2d import bipedal_walker as reference
    from gymnasium_core.envs.box2d import bipedal_walker as ours

    mine, theirs = getattr(ours, name), getattr(reference, name)
    for field in ("density", "friction", "restitution", "categoryBits", "maskBits"):
        assert getattr(mine, field) == getattr(theirs, field), field
    assert [tuple(v) for v in mine.shape.vertices] == [tuple(v) for v in theirs.shape.vertices]


def test_module__lunar_lander_contact_detector_drives_the_env() -> None:
    """The reference's ``ContactDetector(env)`` idiom: a fresh detector still reports contacts."""
    from gymnasium_core.envs.box2d.lunar_lander import ContactDetector

    env = gymnasium_core.make("LunarLander-v3").unwrapped
    env.reset(seed=0)
    env.world.contactListener_keepref = ContactDetector(env)
    env.world.contactListener = env.world.contactListener_keepref
    for _ in range(400):
        obs, _, terminated, _, _ = env.step(0)
        if terminated:
            break
    assert terminated
    assert env.game_over or env.legs[0].ground_contact or env.legs[1].ground_contact
    assert obs[6] == float(env.legs[0].ground_contact)


# -- attributes of made environments --------------------------------------------------------------


@pytest.mark.parametrize("render_mode", [None, "rgb_array"])
@pytest.mark.parametrize("env_id", IDS)
def test_unwrapped__surface_matches_reference_through_an_episode(
    env_id: str, render_mode: str | None
) -> None:
    ours, reference = parity.make_pair(env_id, render_mode=render_mode)
    try:
        assert _differences(ours.unwrapped, reference.unwrapped, env_id, nested=False) == []
        ours.reset(seed=4)
        reference.reset(seed=4)
        assert _differences(ours.unwrapped, reference.unwrapped, env_id, nested=True) == []
        for action in _actions(env_id, 40, seed=4):
            ours.step(action)
            reference.step(action)
        if render_mode is not None:
            ours.render()
            reference.render()
        assert _differences(ours.unwrapped, reference.unwrapped, env_id, nested=True) == []
    finally:
        ours.close()
        reference.close()


def _live_state(env: Any, env_id: str) -> list[Any]:
    """What code reads from the live Box2D objects, as plain values."""
    if env_id.startswith("Bipedal"):
        return [
            tuple(env.hull.position),
            env.hull.angle,
            [tuple(leg.position) for leg in env.legs],
            [env.legs[i].ground_contact for i in (1, 3)],
            [joint.angle for joint in env.joints],
            [joint.speed for joint in env.joints],
            [(ray.fraction, tuple(ray.p1), tuple(ray.p2)) for ray in env.lidar],
            env.terrain_x,
            env.terrain_y,
            [[tuple(p) for p in poly] for poly, _ in env.terrain_poly],
            env.cloud_poly,
            [tuple(body.position) for body in env.terrain],
            [(body.color1, body.color2) for body in env.drawlist],
            env.game_over,
            env.prev_shaping,
            env.scroll,
        ]
    if env_id.startswith("Lunar"):
        return [
            tuple(env.lander.position),
            env.lander.angle,
            tuple(env.lander.linearVelocity),
            [leg.ground_contact for leg in env.legs],
            [leg.joint.angle for leg in env.legs],
            [tuple(body.position) for body in env.drawlist],
            env.sky_polys,
            (env.helipad_x1, env.helipad_x2, env.helipad_y),
            env.game_over,
            env.prev_shaping,
        ]
    return [
        tuple(env.car.hull.position),
        env.car.hull.angle,
        [(wheel.omega, wheel.phase, tuple(wheel.position)) for wheel in env.car.wheels],
        [(tile.road_visited, tile.idx, tuple(tile.color)) for tile in env.road],
        [tuple(tile.position) for tile in env.road],
        env.track,
        env.tile_visited_count,
        env.reward,
    ]


@pytest.mark.parametrize("env_id", IDS)
def test_unwrapped__live_box2d_objects_hold_the_reference_state(env_id: str) -> None:
    ours, reference = parity.make_pair(env_id)
    for seed in (1, 2):
        ours.reset(seed=seed)
        reference.reset(seed=seed)
        for step, action in enumerate(_actions(env_id, 120, seed)):
            _, _, terminated, truncated, _ = ours.step(action)
            reference.step(action)
            if step % 30 == 0 or terminated or truncated:
                assert _live_state(ours.unwrapped, env_id) == _live_state(
                    reference.unwrapped, env_id
                )
            if terminated or truncated:
                break


def test_unwrapped__car_racing_tiles_and_wheels_are_box2d_bodies_as_in_the_reference() -> None:
    import Box2D

    ours, reference = parity.make_pair("CarRacing-v3")
    ours.reset(seed=0)
    reference.reset(seed=0)
    for env in (ours.unwrapped, reference.unwrapped):
        assert all(isinstance(tile, Box2D.b2Body) and tile.userData is tile for tile in env.road)
        assert all(isinstance(wheel, Box2D.b2Body) for wheel in env.car.wheels)
        assert [w.userData is w for w in env.car.wheels] == [True] * 4
    assert [t.idx for t in ours.unwrapped.road] == [t.idx for t in reference.unwrapped.road]


def test_unwrapped__lunar_lander_prev_shaping_is_a_numpy_float() -> None:
    ours, reference = parity.make_pair("LunarLander-v3")
    ours.reset(seed=0)
    reference.reset(seed=0)
    assert type(ours.unwrapped.prev_shaping) is type(reference.unwrapped.prev_shaping)
    assert ours.unwrapped.prev_shaping == reference.unwrapped.prev_shaping


@pytest.mark.parametrize("env_id", parity.shared_ids("gymnasium.envs.box2d.bipedal_walker"))
def test_unwrapped__walker_terrain_attributes_are_lists_code_can_iterate(env_id: str) -> None:
    env = gymnasium_core.make(env_id).unwrapped
    env.reset(seed=0)
    for name in ("terrain", "terrain_x", "terrain_y", "terrain_poly", "cloud_poly", "drawlist"):
        assert isinstance(getattr(env, name), list), name
    assert len(env.terrain_x) == len(env.terrain_y) == 200
    heights = [y for y in env.terrain_y]
    assert min(heights) < max(heights)
    assert env.drawlist[-1] is env.hull and env.drawlist[-5:-1] == env.legs


@pytest.mark.parametrize("env_id", IDS)
def test_unwrapped__is_an_ezpickle_with_the_reference_arguments(env_id: str) -> None:
    ours, reference = parity.make_pair(env_id)
    assert isinstance(ours.unwrapped, EzPickle)
    assert ours.unwrapped._ezpickle_args == reference.unwrapped._ezpickle_args
    assert ours.unwrapped._ezpickle_kwargs == reference.unwrapped._ezpickle_kwargs


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize("env_id", IDS)
def test_copy__live_attributes_of_the_copy_continue_the_episode(env_id: str, how: str) -> None:
    env = gymnasium_core.make(env_id)
    env.reset(seed=5)
    actions = _actions(env_id, 30, seed=5)
    for action in actions[:15]:
        env.step(action)
    clone = pickle.loads(pickle.dumps(env)) if how == "pickle" else copy.deepcopy(env)
    assert isinstance(clone.unwrapped, EzPickle)
    assert clone.unwrapped.world is not env.unwrapped.world
    assert _live_state(clone.unwrapped, env_id) == _live_state(env.unwrapped, env_id)
    for action in actions[15:]:
        env.step(action)
        clone.step(action)
    assert _live_state(clone.unwrapped, env_id) == _live_state(env.unwrapped, env_id)
