"""Play an environment with the keyboard, and plot live metrics while doing so.

:func:`play` opens a pygame window showing the environment's ``rgb_array`` frames and maps the
keys held down to an action every frame; :class:`PlayableGame` is the window and key state
behind it and :class:`PlayPlot` a ready-made callback that plots metrics with matplotlib.

Behaviour follows Gymnasium 1.4's ``gymnasium.utils.play``, with these choices of ours:

* pygame and matplotlib are imported when first needed, not when this module is imported, and
  matplotlib's backend is left as configured (the reference forces ``TkAgg``).
* A key combination given twice with different actions in ``keys_to_action`` (``"wa"`` and
  ``"aw"``, or ``97`` and ``"a"``) raises ``ValueError`` instead of silently keeping the last.
* The empty combination ``()`` is accepted and means "no key held" (the reference raises,
  which makes its own MountainCar mapping unplayable).
* pygame 1's codes of the arrow keys (273-276, which MountainCar's mapping uses, as the
  reference's does) are read as the arrows' codes in pygame 2, which reports the arrows with
  other codes; no pygame 2 key has an old code, so no mapping changes meaning.

Example:
    >>> import gymnasium_core as gym
    >>> from gymnasium_core.utils.play import play
    >>> play(gym.make("CartPole-v1", render_mode="rgb_array"))  # doctest: +SKIP
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

from gymnasium_core.core import accept_env
from gymnasium_core.error import DependencyNotInstalled

if TYPE_CHECKING:
    from pygame import Surface
    from pygame.event import Event

    from gymnasium_core.core import Env

__all__ = ["MissingKeysToAction", "PlayPlot", "PlayableGame", "display_arr", "play"]

KeyCombination = tuple[int, ...]
"""Sorted pygame key codes held down together."""


class MissingKeysToAction(Exception):
    """The environment has no default key mapping and none was given."""


def _pygame() -> ModuleType:
    """Import pygame, or explain how to install it."""
    try:
        import pygame
    except ImportError as exc:
        raise DependencyNotInstalled(
            "pygame is not installed; install it with "
            '`pip install "gymnasium-core[classic-control]"`'
        ) from exc
    return pygame


def _default_keys_to_action(env: Env[Any, Any]) -> dict[Any, Any]:
    """The environment's own mapping from ``get_keys_to_action``, or a clear error."""
    if env.has_wrapper_attr("get_keys_to_action"):
        mapping: dict[Any, Any] = env.get_wrapper_attr("get_keys_to_action")()
        return mapping
    if env.spec is None:
        raise ValueError(
            "No keys_to_action was given and the environment has neither get_keys_to_action() "
            "nor a spec naming it; pass keys_to_action explicitly."
        )
    raise MissingKeysToAction(
        f"{env.spec.id} has no default key to action mapping; pass one with "
        "`play(env, keys_to_action=...)`."
    )


#: pygame 1's arrow key codes -> pygame 2's (SDL 2 key codes: up, down, right, left).
_PYGAME1_ARROWS = {273: 0x40000052, 274: 0x40000051, 275: 0x4000004F, 276: 0x40000050}


def _as_key_codes(key: Any) -> KeyCombination:
    """Validate one ``keys_to_action`` key and turn it into sorted pygame key codes."""
    if isinstance(key, tuple):
        # An empty tuple is the action taken while no key is held (it takes precedence over
        # ``noop``); the reference rejects it although its own MountainCar mapping uses it.
        if not all(isinstance(k, str | int) for k in key):
            raise TypeError(
                f"Key combination {key!r} may only hold int key codes and one-character strings"
            )
        parts: Iterable[str | int] = key
    elif isinstance(key, str):
        parts = key
    elif isinstance(key, int):
        parts = (key,)
    else:
        raise TypeError(
            "A keys_to_action key is an int key code, a string or a tuple of them, not "
            f"{type(key).__name__} ({key!r})"
        )
    codes = (ord(k) if isinstance(k, str) else _PYGAME1_ARROWS.get(k, k) for k in parts)
    return tuple(sorted(codes))


def _same_action(first: Any, second: Any) -> bool:
    return bool(np.array_equal(np.asarray(first), np.asarray(second)))


def normalise_keys_to_action(
    keys_to_action: Mapping[Any, Any], action_space: Any
) -> dict[KeyCombination, Any]:
    """Check a ``keys_to_action`` mapping and key it by sorted pygame key codes.

    Args:
        keys_to_action: Keys as an int key code, a string (one character per key) or a tuple of
            ints / one-character strings; values are actions.
        action_space: The environment's action space; every action must belong to it.

    Returns:
        The same mapping keyed by sorted tuples of key codes.

    Raises:
        TypeError: If the mapping or one of its keys has the wrong type.
        ValueError: If an action is not in ``action_space`` or one key combination is mapped to
            two different actions.
    """
    if not isinstance(keys_to_action, dict):
        raise TypeError(
            "keys_to_action should be a dict of keys to actions, not "
            f"{type(keys_to_action).__name__}"
        )
    codes_to_action: dict[KeyCombination, Any] = {}
    origin: dict[KeyCombination, Any] = {}
    for key, action in keys_to_action.items():
        codes = _as_key_codes(key)
        if action not in action_space:
            raise ValueError(
                f"keys_to_action maps {key!r} to {action!r}, which is outside the action space "
                f"{action_space}"
            )
        if codes in codes_to_action and not _same_action(codes_to_action[codes], action):
            raise ValueError(
                f"keys_to_action maps the same keys twice, {origin[codes]!r} to "
                f"{codes_to_action[codes]!r} and {key!r} to {action!r}"
            )
        codes_to_action[codes] = action
        origin[codes] = key
    return codes_to_action


class PlayableGame:
    """A pygame window that shows an environment and tracks the keys held down.

    Attributes:
        env: The environment being played (``render_mode`` ``rgb_array`` or ``rgb_array_list``).
        relevant_keys: Key codes that appear in the mapping; others are ignored.
        original_video_size: ``(width, height)`` of the first frame, times ``zoom``.
        video_size: The current ``(width, height)`` of the picture (changes when resized).
        screen: The pygame display surface.
        pressed_keys: Relevant keys held down now.
        running: ``False`` once the window is closed or Escape is pressed.
    """

    def __init__(
        self,
        env: Env[Any, Any],
        keys_to_action: Mapping[KeyCombination, Any] | None = None,
        zoom: float | None = None,
    ) -> None:
        """Open the window for ``env``.

        Args:
            env: The environment to play; it must be reset already (its first frame sets the
                window size).
            keys_to_action: Mapping from key-code tuples to actions; ``None`` asks the
                environment's ``get_keys_to_action``.
            zoom: Scale factor of the window (positive).

        Raises:
            ValueError: If the render mode cannot give frames, or ``zoom`` is not positive.
            MissingKeysToAction: If no mapping is given and the environment has none.
        """
        if env.render_mode not in {"rgb_array", "rgb_array_list"}:
            raise ValueError(
                "PlayableGame needs the rgb_array or rgb_array_list render mode, but the "
                f"environment's render_mode is {env.render_mode}."
            )
        if zoom is not None and zoom <= 0:
            raise ValueError(f"zoom should be a positive number, got {zoom}")
        pygame = _pygame()
        self.env = env
        if keys_to_action is None:
            keys_to_action = _default_keys_to_action(env)
        if not isinstance(keys_to_action, dict):
            raise TypeError(
                "keys_to_action should be a dict of key-code tuples to actions, not "
                f"{type(keys_to_action).__name__}"
            )
        # Keys given as characters count too, so the game also accepts an unnormalised mapping.
        self.relevant_keys: set[int] = {
            code for combo in keys_to_action for code in _as_key_codes(combo)
        }
        self.original_video_size = self._frame_size(zoom)
        self.video_size = self.original_video_size
        self.screen: Surface = pygame.display.set_mode(self.video_size, pygame.RESIZABLE)
        self.pressed_keys: set[int] = set()
        self.running = True

    def _frame_size(self, zoom: float | None) -> tuple[int, int]:
        """``(width, height)`` of the environment's current frame, scaled by ``zoom``."""
        frame = _last_frame(self.env.render())
        width, height = frame.shape[1], frame.shape[0]
        if zoom is None:
            return width, height
        return int(width * zoom), int(height * zoom)

    def process_event(self, event: Event) -> None:
        """Update the key state and the window from one pygame event.

        Key presses and releases of relevant keys change :attr:`pressed_keys`; Escape (when not
        a relevant key) and closing the window stop the game; resizing rescales the picture,
        keeping its aspect ratio.

        Args:
            event: A pygame event.
        """
        pygame = _pygame()
        kind = event.type
        if kind == pygame.QUIT:
            self.running = False
        elif kind == pygame.WINDOWRESIZED:
            self._fit_window(event.x, event.y)
        elif kind in (pygame.KEYDOWN, pygame.KEYUP):
            if event.key in self.relevant_keys:
                if kind == pygame.KEYDOWN:
                    self.pressed_keys.add(event.key)
                else:
                    self.pressed_keys.discard(event.key)
            elif kind == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.running = False

    def _fit_window(self, width: int, height: int) -> None:
        """Fit the picture, keeping its aspect ratio, inside a ``width x height`` window."""
        # Always scale from the original size so repeated resizes do not accumulate rounding.
        base_width, base_height = self.original_video_size
        scale = min(width / base_width, height / base_height)
        self.video_size = (round(scale * base_width), round(scale * base_height))


def _last_frame(rendered: Any) -> np.ndarray[Any, Any]:
    """The frame to show from a ``render()`` result (the newest one of a list)."""
    if isinstance(rendered, list):
        rendered = rendered[-1]
    if not isinstance(rendered, np.ndarray):
        raise TypeError(f"Expected render() to give a numpy image, got {type(rendered)}")
    return rendered


def display_arr(
    screen: Surface,
    arr: np.ndarray[Any, Any],
    video_size: tuple[int, int],
    transpose: bool | None,
) -> None:
    """Draw an RGB image centred on ``screen``, scaled to ``video_size``.

    Args:
        screen: The pygame surface to draw on.
        arr: A ``uint8`` image of shape ``(height, width, 3)`` (``(width, height, 3)`` when
            ``transpose`` is false).
        video_size: ``(width, height)`` the image is scaled to; the rest of the screen is black.
        transpose: Whether to swap the image's first two axes (pygame surfaces are column-major).

    Raises:
        TypeError: If ``arr`` is not a ``uint8`` numpy array.
    """
    if not isinstance(arr, np.ndarray) or arr.dtype != np.uint8:
        raise TypeError(f"display_arr expects a uint8 numpy array, got {arr!r:.80}")
    pygame = _pygame()
    surface = pygame.surfarray.make_surface(arr.swapaxes(0, 1) if transpose else arr)
    surface = pygame.transform.scale(surface, video_size)
    screen_width, screen_height = screen.get_size()
    offset = ((screen_width - video_size[0]) / 2, (screen_height - video_size[1]) / 2)
    screen.fill((0, 0, 0))
    screen.blit(surface, offset)


def play(
    env: Env[Any, Any],
    transpose: bool | None = True,
    fps: int | None = None,
    zoom: float | None = None,
    callback: Callable[..., Any] | None = None,
    keys_to_action: dict[Any, Any] | None = None,
    seed: int | None = None,
    noop: Any = 0,
    wait_on_player: bool = False,
) -> None:
    """Play ``env`` with the keyboard until the window is closed or Escape is pressed.

    Every frame, the set of relevant keys held down is looked up in ``keys_to_action`` and the
    action found (``noop`` if none) is stepped; when an episode ends the environment is reset
    with ``seed`` again. The environment must render ``rgb_array`` (or ``rgb_array_list``).

    Args:
        env: The environment (wrappers included) to play.
        transpose: Whether to swap the frame's first two axes before showing it.
        fps: Steps per second at most; ``None`` uses ``env.metadata["render_fps"]`` (30 if
            absent).
        zoom: Scale factor of the window.
        callback: Called after every step as ``callback(obs_t, obs_tp1, action, reward,
            terminated, truncated, info)``; see :class:`PlayPlot`.
        keys_to_action: Maps keys to actions. A key combination is a tuple of key codes or
            one-character strings, a string (one character per key) or a single key code: for
            example ``{"w": 1, ("w", " "): 2, (ord("s"),): 3}``. ``None`` uses the
            environment's ``get_keys_to_action()``.
        seed: The seed of every reset (``None``: unseeded).
        noop: The action stepped when no mapped key combination is held.
        wait_on_player: If true, only step while a key is held (for turn-based games).

    Raises:
        MissingKeysToAction: If no mapping is given and the environment has none.
        TypeError: If ``keys_to_action`` or one of its keys has the wrong type, or
            ``render_fps`` is not an int.
        ValueError: If a mapped action is outside the action space or a key combination is
            mapped to two different actions.
    """
    env = accept_env(env, "play")
    env.reset(seed=seed)
    if keys_to_action is None:
        keys_to_action = _default_keys_to_action(env)
    if keys_to_action is None:
        raise ValueError("The environment's get_keys_to_action() gave None instead of a dict")
    codes_to_action = normalise_keys_to_action(keys_to_action, env.action_space)

    game = PlayableGame(env, codes_to_action, zoom)
    if fps is None:
        fps = env.metadata.get("render_fps", 30)
        if not isinstance(fps, int):
            raise TypeError(
                f"env.metadata['render_fps'] should be an int when fps is not given, not "
                f"{type(fps).__name__}"
            )

    pygame = _pygame()
    clock = pygame.time.Clock()
    episode_over, obs = True, None
    while game.running:
        if episode_over:
            episode_over = False
            # The reference keeps the reset's (obs, info) pair here; callbacks see it as obs_t.
            obs = env.reset(seed=seed)
        elif not wait_on_player or game.pressed_keys:
            action = codes_to_action.get(tuple(sorted(game.pressed_keys)), noop)
            previous_obs = obs
            obs, reward, terminated, truncated, info = env.step(action)
            episode_over = bool(terminated or truncated)
            if callback is not None:
                callback(previous_obs, obs, action, reward, terminated, truncated, info)
        if obs is not None:
            frame = _last_frame(env.render())
            display_arr(game.screen, frame, video_size=game.video_size, transpose=transpose)
        for event in pygame.event.get():
            game.process_event(event)
        pygame.display.flip()
        clock.tick(fps)
    pygame.quit()


class PlayPlot:
    """A :func:`play` callback that plots metrics of the last transitions live (matplotlib).

    Example:
        >>> def metrics(obs_t, obs_tp1, action, reward, terminated, truncated, info):
        ...     return [reward, float(np.linalg.norm(obs_tp1))]
        >>> plotter = PlayPlot(metrics, horizon_timesteps=200,  # doctest: +SKIP
        ...                    plot_names=["reward", "|obs|"])
        >>> play(env, callback=plotter.callback)  # doctest: +SKIP

    Attributes:
        data_callback: Computes the list of metrics from one transition.
        horizon_timesteps: How many of the latest steps each plot shows.
        plot_names: One title per metric.
        t: Steps seen so far.
        data: One bounded queue of values per metric.
    """

    def __init__(
        self,
        callback: Callable[..., Iterable[Any]],
        horizon_timesteps: int,
        plot_names: list[str],
    ) -> None:
        """Create one subplot per metric.

        Args:
            callback: Called with the :func:`play` callback arguments; returns one value per
                name in ``plot_names``.
            horizon_timesteps: How many of the latest steps each plot shows.
            plot_names: The subplot titles.

        Raises:
            DependencyNotInstalled: If matplotlib is not installed.
        """
        try:
            import matplotlib.pyplot as plt
        except ImportError as exc:
            raise DependencyNotInstalled(
                'matplotlib is not installed; install it with `pip install "gymnasium-core[other]"`'
            ) from exc
        self._plt = plt
        self.data_callback = callback
        self.horizon_timesteps = horizon_timesteps
        self.plot_names = plot_names
        count = len(plot_names)
        self.fig, axes = plt.subplots(count)
        self.ax: list[Any] = [axes] if count == 1 else list(axes)
        for axis, name in zip(self.ax, plot_names, strict=True):
            axis.set_title(name)
        self.t = 0
        self.cur_plot: list[Any] = [None] * count
        self.data: list[deque[Any]] = [deque(maxlen=horizon_timesteps) for _ in range(count)]

    def callback(
        self,
        obs_t: Any,
        obs_tp1: Any,
        action: Any,
        rew: float,
        terminated: bool,
        truncated: bool,
        info: dict[str, Any],
    ) -> None:
        """Compute the metrics of one transition and redraw the plots.

        Args:
            obs_t: The observation before the step.
            obs_tp1: The observation after the step.
            action: The action stepped.
            rew: The reward.
            terminated: Whether the episode terminated.
            truncated: Whether the episode was truncated.
            info: The step's info.
        """
        values = self.data_callback(obs_t, obs_tp1, action, rew, terminated, truncated, info)
        for value, series in zip(values, self.data, strict=True):
            series.append(value)
        self.t += 1
        first, last = max(0, self.t - self.horizon_timesteps), self.t
        for index, axis in enumerate(self.ax):
            if self.cur_plot[index] is not None:
                self.cur_plot[index].remove()
            self.cur_plot[index] = axis.scatter(
                range(first, last), list(self.data[index]), c="blue"
            )
            axis.set_xlim(first, last)
        self._plt.pause(0.000001)
