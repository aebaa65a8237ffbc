"""The Box2D family's shared module: replay copies, the pygame window, contacts, action checks."""

from __future__ import annotations

import copy
import math
import pickle
from typing import Any

import numpy as np
import pytest

from gymnasium_core import error, spaces
from gymnasium_core.logger import GymnasiumCoreWarning

pytest.importorskip("Box2D")

from gymnasium_core.envs.box2d import _shared
from gymnasium_core.envs.box2d.car_dynamics import sign


# ------------------------------------------------------------------ generators
@pytest.mark.parametrize("kind", ["PCG64", "MT19937", "Philox", "SFC64"])
def test_generator_from_state__continues_the_captured_stream(kind: str) -> None:
    rng = np.random.Generator(getattr(np.random, kind)(7))
    rng.random(5)
    state = _shared.capture_rng_state(rng)
    expected = rng.random(10)
    restored = _shared.generator_from_state(state)
    assert type(restored.bit_generator).__name__ == kind
    np.testing.assert_array_equal(restored.random(10), expected)


def test_capture_rng_state__is_not_changed_by_later_draws() -> None:
    rng = np.random.Generator(np.random.MT19937(3))  # its state holds an array
    state = _shared.capture_rng_state(rng)
    first = rng.integers(0, 1000, 20)
    rng.random(100)
    np.testing.assert_array_equal(_shared.generator_from_state(state).integers(0, 1000, 20), first)


# ------------------------------------------------------------------ replay copies
class _Walk(_shared.ReplayCopyable):
    """A random walk replayed from its seed state: the smallest env the mixin can copy."""

    spec: Any = None
    _np_random: np.random.Generator | None = None
    _np_random_seed: int | None = None

    def __init__(self, step_size: float = 1.0) -> None:
        self.step_size = step_size
        self.position = 0.0
        self.rebuilt_with: dict[str, Any] | None = None
        self._episode: _shared.EpisodeRecord[list[int]] | None = None

    def reset(self, seed: int) -> None:
        self._np_random = np.random.default_rng(seed)
        self._np_random_seed = seed
        self._episode = _shared.EpisodeRecord(_shared.capture_rng_state(self._np_random))
        self.position = 0.0

    def step(self, action: int) -> float:
        assert self._np_random is not None and self._episode is not None
        self._episode.steps.append(action)
        self.position += action * self.step_size * self._np_random.random()
        return self.position

    def _constructor_kwargs(self) -> dict[str, Any]:
        return {"step_size": self.step_size}

    def _rebuild(self, kwargs: dict[str, Any]) -> None:
        super()._rebuild(kwargs)
        self.rebuilt_with = kwargs

    def _replay_record(self) -> Any:
        return self._episode

    def _replay(self, record: _shared.EpisodeRecord[list[int]]) -> None:
        self._np_random = _shared.generator_from_state(record.rng_state)
        self._episode = _shared.EpisodeRecord(record.rng_state)
        for action in record.steps:
            self.step(action)


COPIERS = {"pickle": lambda env: pickle.loads(pickle.dumps(env)), "deepcopy": copy.deepcopy}


@pytest.mark.parametrize("how", COPIERS)
def test_replay_copyable__copy_carries_on_like_the_original(how: str) -> None:
    env = _Walk(step_size=0.5)
    env.reset(seed=11)
    for action in (1, -1, 1, 1):
        env.step(action)
    clone = COPIERS[how](env)
    assert clone is not env and clone.rebuilt_with == {"step_size": 0.5}
    assert clone.position == env.position and clone._np_random_seed == 11
    assert [clone.step(a) for a in (1, 1, -1)] == [env.step(a) for a in (1, 1, -1)]


def test_replay_copyable__copy_before_any_reset_has_no_generator() -> None:
    clone = copy.deepcopy(_Walk())
    assert clone._np_random is None and clone._episode is None and clone.position == 0.0


def test_replay_copyable__deepcopy_records_the_clone_in_the_memo() -> None:
    env = _Walk()
    env.reset(seed=0)
    pair = copy.deepcopy([env, env])
    assert pair[0] is pair[1] and pair[0] is not env


def test_episode_record__steps_default_to_a_fresh_list() -> None:
    first, second = _shared.EpisodeRecord({"a": 1}), _shared.EpisodeRecord({"a": 1})
    first.steps.append(1)
    assert second.steps == [] and first.context is None


# ------------------------------------------------------------------ Box2D plumbing
class _Recorder(_shared.BodyContactListener):
    def __init__(self) -> None:
        super().__init__()
        self.events: list[tuple[str, str, bool]] = []

    def on_contact(self, body_a: Any, body_b: Any, touching: bool) -> None:
        self.events.append((body_a.userData, body_b.userData, touching))


def _drop_box() -> tuple[Any, Any, _Recorder]:
    recorder = _Recorder()
    world = _shared.Box2D.b2World(gravity=(0, -10), contactListener=recorder)
    ground = world.CreateStaticBody(shapes=_shared.edgeShape(vertices=[(-5, 0), (5, 0)]))
    ground.userData = "ground"
    box = world.CreateDynamicBody(
        position=(0, 1), fixtures=_shared.fixtureDef(shape=_shared.polygonShape(box=(0.5, 0.5)))
    )
    box.userData = "box"
    return world, box, recorder


def test_body_contact_listener__reports_begin_and_end_as_body_pairs() -> None:
    world, box, recorder = _drop_box()
    for _ in range(60):
        world.Step(1 / 50, _shared.VELOCITY_ITERATIONS, _shared.POSITION_ITERATIONS)
    assert len(recorder.events) == 1
    assert {recorder.events[0][0], recorder.events[0][1]} == {"ground", "box"}
    assert recorder.events[0][2] is True
    # Destroying a touching body ends its contacts through the listener.
    _shared.destroy_bodies(world, [box])
    assert recorder.events[-1][2] is False and len(recorder.events) == 2
    assert len(world.bodies) == 1


def test_destroy_bodies__destroys_in_the_given_order() -> None:
    world = _shared.Box2D.b2World()
    bodies = [world.CreateStaticBody(position=(i, 0)) for i in range(4)]
    _shared.destroy_bodies(world, reversed(bodies[1:]))
    assert [tuple(body.position) for body in world.bodies] == [(0.0, 0.0)]


def test_box2d__step_iterations_are_the_references() -> None:
    assert (_shared.VELOCITY_ITERATIONS, _shared.POSITION_ITERATIONS) == (180, 60)


# ------------------------------------------------------------------ actions and numbers
@pytest.mark.parametrize("action", [0, 3, np.int64(2), np.array(1)])
def test_discrete_index__accepts_members_of_the_space(action: Any) -> None:
    index = _shared.discrete_index(action, spaces.Discrete(4), AssertionError, "Test")
    assert index == int(action) and type(index) is int


@pytest.mark.parametrize("action", [4, -1, 1.5, "1", None])
@pytest.mark.parametrize("error_type", [AssertionError, error.InvalidAction])
def test_discrete_index__rejects_others_with_the_given_error(
    action: Any, error_type: type[Exception]
) -> None:
    with pytest.raises(error_type, match=r"Test: .* 0\.\.3"):
        _shared.discrete_index(action, spaces.Discrete(4), error_type, "Test")


@pytest.mark.parametrize("value", [2.5, -0.1, 0.0, -0.0, math.inf, -math.inf, math.nan])
def test_sign__equals_numpy_sign(value: float) -> None:
    ours, expected = sign(value), float(np.sign(value))
    assert (math.isnan(ours) and math.isnan(expected)) or ours == expected


# ------------------------------------------------------------------ pygame view
def test_warn_no_render_mode__names_the_spec_id_or_the_default() -> None:
    from gymnasium_core.envs.box2d import _shared

    class _Spec:
        id = "Mine-v1"

    with pytest.warns(GymnasiumCoreWarning, match='make\\("Default-v0", render_mode'):
        _shared.warn_no_render_mode(None, "Default-v0")
    with pytest.warns(GymnasiumCoreWarning, match="Mine-v1"):
        _shared.warn_no_render_mode(_Spec(), "Default-v0")


def test_frame_array__rows_first_rgb_copy() -> None:
    pygame = pytest.importorskip("pygame")
    from gymnasium_core.envs.box2d import _shared

    surface = pygame.Surface((5, 3))
    surface.fill((10, 20, 30))
    surface.set_at((4, 0), (255, 0, 0))
    frame = _shared.frame_array(surface)
    assert frame.shape == (3, 5, 3) and frame.dtype == np.uint8
    assert tuple(frame[0, 4]) == (255, 0, 0) and tuple(frame[2, 0]) == (10, 20, 30)
    surface.fill((0, 0, 0))
    assert tuple(frame[2, 0]) == (10, 20, 30)  # not a view of the surface


def test_pygame_window__opens_on_show_and_closes_twice() -> None:
    pygame = pytest.importorskip("pygame")
    from gymnasium_core.envs.box2d import _shared

    class _Owner(_shared.WindowOwner):
        def __init__(self) -> None:
            self._window = _shared.PygameWindow((40, 30))

    owner = _Owner()
    assert owner.screen is None and owner.clock is None and owner.isopen
    frame = pygame.Surface((40, 30))
    frame.fill((1, 2, 3))
    owner._window.show(frame, fps=1000)
    assert owner.screen is not None and owner.screen.get_size() == (40, 30)
    assert tuple(owner.screen.get_at((0, 0)))[:3] == (1, 2, 3)
    owner._window.close()
    owner._window.close()
    assert owner.screen is None and not owner.isopen
