"""Keyboard play driven headless: pygame key events are posted while ``play`` runs.

A small scripted environment posts the events: its ``render`` is called exactly once per frame
of the play loop (plus once when the window opens), so "post this event at frame k" is a
deterministic script. The same script runs through our ``play`` and through the reference's, so
the reference proves the expected actions right.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import gymnasium_core as gym
from gymnasium_core import spaces
from gymnasium_core.utils import play as core_play

pygame = pytest.importorskip("pygame", reason="keyboard play needs pygame")

FRAME_SHAPE = (20, 30, 3)  # (height, width, rgb)


class ScriptedKeyEnv(gym.Env[np.ndarray, np.int64]):
    """Counts steps, records actions and resets, and posts scripted pygame events on render."""

    metadata = {"render_modes": ["rgb_array", "rgb_array_list"], "render_fps": 10_000}

    def __init__(
        self,
        script: dict[int, list[Any]] | None = None,
        episode_len: int = 1_000,
        render_mode: str | None = "rgb_array",
        with_keys: bool = True,
    ) -> None:
        self.action_space = spaces.Discrete(3)
        self.observation_space = spaces.Box(0, 10_000, shape=(1,), dtype=np.float32)
        self.render_mode = render_mode
        self.script = script or {}
        self.episode_len = episode_len
        self.with_keys = with_keys
        self.frames = 0
        self.actions: list[int] = []
        self.reset_seeds: list[int | None] = []
        self.t = 0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        self.reset_seeds.append(seed)
        self.t = 0
        return np.zeros(1, dtype=np.float32), {}

    def step(self, action):
        self.actions.append(int(action))
        self.t += 1
        obs = np.array([self.t], dtype=np.float32)
        return obs, 1.0, self.t >= self.episode_len, False, {"t": self.t}

    def render(self):
        for event in self.script.get(self.frames, []):
            pygame.event.post(event)
        self.frames += 1
        frame = np.full(FRAME_SHAPE, self.frames % 256, dtype=np.uint8)
        return [frame] if self.render_mode == "rgb_array_list" else frame

    def get_keys_to_action(self) -> dict[tuple[int, ...], int]:
        if not self.with_keys:
            raise AttributeError("no keys")
        return {(pygame.K_LEFT,): 1, (pygame.K_RIGHT,): 2}


class NoKeysEnv(ScriptedKeyEnv):
    get_keys_to_action = None  # type: ignore[assignment]

    def __getattribute__(self, name: str) -> Any:
        if name == "get_keys_to_action":
            raise AttributeError(name)
        return super().__getattribute__(name)


def down(key: int) -> Any:
    return pygame.event.Event(pygame.KEYDOWN, key=key)


def up(key: int) -> Any:
    return pygame.event.Event(pygame.KEYUP, key=key)


def quit_event() -> Any:
    return pygame.event.Event(pygame.QUIT)


@pytest.fixture(scope="module")
def reference_play():
    """The reference's play module; it forces matplotlib's backend on import, so undo that."""
    matplotlib = pytest.importorskip("matplotlib")
    backend = matplotlib.get_backend()
    module = pytest.importorskip("gymnasium.utils.play")
    matplotlib.use(backend)
    return module


@pytest.fixture(params=["ours", "reference"])
def play_module(request, reference_play):
    return core_play if request.param == "ours" else reference_play


@pytest.fixture(autouse=True)
def _fresh_pygame():
    pygame.init()
    pygame.event.clear()
    yield
    pygame.quit()


# Frame 0 is the render made when the window opens; frame k >= 1 is the k-th loop iteration.
# Iteration 1 resets; iteration k >= 2 steps once, then handles the events posted at frame k.
ARROW_SCRIPT = {
    2: [down(pygame.K_RIGHT)],
    4: [up(pygame.K_RIGHT), down(pygame.K_LEFT)],
    5: [down(pygame.K_a)],  # not mapped: ignored
    6: [up(pygame.K_LEFT)],
    7: [quit_event()],
}
ARROW_ACTIONS = [0, 2, 2, 1, 1, 0]


def test_play__mapped_keys_reach_the_env(play_module):
    env = ScriptedKeyEnv(ARROW_SCRIPT)
    play_module.play(env)
    assert env.actions == ARROW_ACTIONS
    assert not pygame.display.get_init()


def test_play__explicit_mapping_with_strings_and_combinations(play_module):
    script = {
        2: [down(pygame.K_w)],
        3: [down(pygame.K_SPACE)],
        4: [up(pygame.K_w)],
        5: [quit_event()],
    }
    env = ScriptedKeyEnv(script)
    play_module.play(env, keys_to_action={"w": 1, ("w", " "): 2, (ord(" "),): 0}, noop=1)
    # noop, w, w+space, space
    assert env.actions == [1, 1, 2, 0]


def test_play__callback_sees_every_transition(play_module):
    env = ScriptedKeyEnv({2: [down(pygame.K_RIGHT)], 4: [quit_event()]})
    seen: list[tuple[Any, ...]] = []
    play_module.play(env, callback=lambda *args: seen.append(args))
    assert [t[2] for t in seen] == [0, 2, 2]
    assert [float(t[1][0]) for t in seen] == [1.0, 2.0, 3.0]
    assert [t[6]["t"] for t in seen] == [1, 2, 3]


def test_play__episode_end_resets_with_the_seed(play_module):
    env = ScriptedKeyEnv({8: [quit_event()]}, episode_len=3)
    play_module.play(env, seed=7)
    # The reset before the window opens, then one per episode (frames 1 and 5).
    assert env.reset_seeds == [7, 7, 7]
    assert env.actions == [0] * 6


def test_play__escape_stops(play_module):
    env = ScriptedKeyEnv({3: [down(pygame.K_ESCAPE)]})
    play_module.play(env)
    assert env.actions == [0, 0]
    assert not pygame.display.get_init()


def test_play__wait_on_player_only_steps_while_a_key_is_held(play_module):
    script = {
        3: [down(pygame.K_LEFT)],
        5: [up(pygame.K_LEFT)],
        8: [quit_event()],
    }
    env = ScriptedKeyEnv(script)
    play_module.play(env, wait_on_player=True)
    assert env.actions == [1, 1]


def test_play__rgb_array_list_and_zoom(play_module):
    env = ScriptedKeyEnv({2: [quit_event()]}, render_mode="rgb_array_list")
    sizes: list[tuple[int, int]] = []
    play_module.play(
        env, zoom=2, callback=lambda *a: sizes.append(pygame.display.get_surface().get_size())
    )
    assert sizes == [(2 * FRAME_SHAPE[1], 2 * FRAME_SHAPE[0])]


@pytest.mark.parametrize(
    ("keys_to_action", "error", "match"),
    [
        ([("a", 1)], TypeError, "dict"),
        ({("a", 1.5): 1}, TypeError, "integers or strings|int key codes"),
        ({1.5: 1}, TypeError, "integers or strings|int key code"),
        ({"a": 7}, ValueError, "not a valid action|outside the action space"),
    ],
)
def test_play__bad_mapping_is_rejected(play_module, keys_to_action, error, match):
    env = ScriptedKeyEnv()
    with pytest.raises(error, match=match):
        play_module.play(env, keys_to_action=keys_to_action)
    assert env.actions == []


@pytest.mark.parametrize("mapping", [{"ab": 1, "ba": 2}, {97: 1, "a": 2}, {(98, "a"): 1, "ab": 2}])
def test_play__keys_mapped_to_two_actions_raise(mapping):
    with pytest.raises(ValueError, match="maps the same keys twice"):
        core_play.play(ScriptedKeyEnv(), keys_to_action=mapping)


def test_play__empty_combination_is_the_no_key_action():
    # A deliberate deviation: the reference rejects () (and so its own MountainCar mapping).
    script = {2: [down(pygame.K_LEFT)], 3: [up(pygame.K_LEFT)], 4: [quit_event()]}
    env = ScriptedKeyEnv(script)
    core_play.play(env, keys_to_action={(): 2, (pygame.K_LEFT,): 1}, noop=0)
    assert env.actions == [2, 1, 2]


def test_play__empty_combination_is_rejected_by_the_reference(reference_play):
    with pytest.raises(ValueError, match="cannot be empty"):
        reference_play.play(ScriptedKeyEnv(), keys_to_action={(): 1})


def test_play__same_keys_with_the_same_action_are_fine():
    codes = core_play.normalise_keys_to_action({"ab": 1, "ba": 1, 99: 0}, spaces.Discrete(3))
    assert codes == {(97, 98): 1, (99,): 0}


def test_play__missing_mapping_without_spec(play_module):
    with pytest.raises(ValueError, match=r"env\.spec|spec"):
        play_module.play(NoKeysEnv())


def test_play__missing_mapping_with_spec_raises_missing_keys_to_action():
    env = NoKeysEnv()
    env.spec = gym.registration.EnvSpec("Scripted-v0", entry_point=None)
    with pytest.raises(core_play.MissingKeysToAction, match="Scripted-v0"):
        core_play.play(env)


def test_playable_game__needs_an_rgb_render_mode(play_module):
    with pytest.raises(ValueError, match="rgb_array"):
        play_module.PlayableGame(ScriptedKeyEnv(render_mode=None), {(97,): 1})


def test_playable_game__zoom_must_be_positive(play_module):
    with pytest.raises(ValueError, match=r"(?i)zoom (must|should) be a positive"):
        play_module.PlayableGame(ScriptedKeyEnv(), {(97,): 1}, zoom=0)


def test_playable_game__render_fps_must_be_an_int(play_module):
    env = ScriptedKeyEnv()
    env.metadata = {**env.metadata, "render_fps": 30.5}
    with pytest.raises(TypeError, match="render_fps"):
        play_module.play(env, keys_to_action={"a": 1})


def test_playable_game__key_state_and_resize(play_module):
    env = ScriptedKeyEnv()
    env.reset()
    game = play_module.PlayableGame(env, zoom=3)
    assert game.relevant_keys == {pygame.K_LEFT, pygame.K_RIGHT}
    assert game.video_size == (90, 60)
    game.process_event(down(pygame.K_LEFT))
    game.process_event(down(pygame.K_b))
    assert game.pressed_keys == {pygame.K_LEFT}
    game.process_event(up(pygame.K_LEFT))
    assert not game.pressed_keys
    for _ in range(3):  # repeated resizes do not drift
        game.process_event(pygame.event.Event(pygame.WINDOWRESIZED, x=181, y=200))
    assert game.video_size == (181, 121)
    assert game.running
    game.process_event(quit_event())
    assert not game.running


def test_playable_game__accepts_character_keys():
    env = ScriptedKeyEnv()
    env.reset()
    game = core_play.PlayableGame(env, {"wa": 1, (ord("s"),): 2})
    assert game.relevant_keys == {ord("w"), ord("a"), ord("s")}


def test_display_arr__centres_the_scaled_image(play_module):
    screen = pygame.display.set_mode((10, 6))
    image = np.zeros((2, 4, 3), dtype=np.uint8)
    image[:, :, 0] = 255
    play_module.display_arr(screen, image, video_size=(4, 2), transpose=True)
    pixels = pygame.surfarray.array3d(screen)  # (width, height, rgb)
    assert pixels[3:7, 2:4, 0].min() == 255
    assert pixels[:3, :, 0].max() == 0 and pixels[7:, :, 0].max() == 0
    assert pixels[:, :2, 0].max() == 0 and pixels[:, 4:, 0].max() == 0


def test_display_arr__rejects_non_uint8():
    screen = pygame.display.set_mode((4, 4))
    with pytest.raises(TypeError, match="uint8"):
        core_play.display_arr(screen, np.zeros((2, 2, 3)), video_size=(4, 4), transpose=True)


def test_play_plot__collects_the_last_values():
    matplotlib = pytest.importorskip("matplotlib", reason="PlayPlot needs matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plotter = core_play.PlayPlot(
        lambda o0, o1, a, r, te, tr, info: [r, a], horizon_timesteps=3, plot_names=["r", "a"]
    )
    try:
        for step in range(5):
            plotter.callback(None, None, step, float(step) / 2, False, False, {})
        assert plotter.t == 5
        assert [list(series) for series in plotter.data] == [[1.0, 1.5, 2.0], [2, 3, 4]]
        assert [axis.get_title() for axis in plotter.ax] == ["r", "a"]
        assert plotter.ax[0].get_xlim() == (2, 5)
    finally:
        plt.close(plotter.fig)


def test_play_plot__single_metric_has_one_axis():
    matplotlib = pytest.importorskip("matplotlib", reason="PlayPlot needs matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plotter = core_play.PlayPlot(lambda *args: [args[3]], horizon_timesteps=10, plot_names=["r"])
    plotter.callback(None, None, 0, 1.0, False, False, {})
    assert len(plotter.ax) == 1
    plt.close(plotter.fig)


def test_play_module__import_does_not_load_pygame():
    import subprocess
    import sys

    code = (
        "import sys, gymnasium_core.utils.play; "
        "assert 'pygame' not in sys.modules and 'matplotlib' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_play__a_gymnasium_env_through_the_bridge():
    gymnasium = pytest.importorskip("gymnasium", reason="the bridge needs gymnasium")
    from gymnasium_core.compat import from_gymnasium

    # Of gymnasium's classic control envs only MountainCar defines get_keys_to_action.
    env = from_gymnasium(gymnasium.make("MountainCar-v0", render_mode="rgb_array"))
    actions: list[int] = []

    def callback(obs_t, obs_tp1, action, reward, terminated, truncated, info):
        actions.append(action)
        if len(actions) == 1:
            # Its mapping: nothing -> 1, 275 -> 2 (275 was K_RIGHT in pygame 1; the right
            # arrow of a keyboard reaches pygame 2 as K_RIGHT).
            pygame.event.post(down(pygame.K_RIGHT))
        if len(actions) == 3:
            pygame.event.post(quit_event())

    core_play.play(env, callback=callback, fps=10_000, seed=0)
    assert actions == [1, 2, 2]
    env.close()


def test_keys_to_action__pygame1_arrow_codes_are_the_arrows_of_pygame2():
    # MountainCar's mapping (as the reference's) is written in pygame 1's arrow codes.
    mapping = gym.make("MountainCar-v0").unwrapped.get_keys_to_action()
    codes = core_play.normalise_keys_to_action(mapping, spaces.Discrete(3))
    assert codes == {
        (): 1,
        (pygame.K_LEFT,): 0,
        (pygame.K_RIGHT,): 2,
        tuple(sorted((pygame.K_LEFT, pygame.K_RIGHT))): 1,
    }
    assert [pygame.key.name(k) for k in (pygame.K_UP, pygame.K_DOWN)] == ["up", "down"]
    up_down = core_play.normalise_keys_to_action({273: 0, 274: 1}, spaces.Discrete(2))
    assert up_down == {(pygame.K_UP,): 0, (pygame.K_DOWN,): 1}
