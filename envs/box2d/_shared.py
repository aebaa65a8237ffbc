"""What the three Box2D environments share: the engine, actions, windows, frames and copies.

* **Box2D.** Every Box2D environment imports the engine through this module, so a missing
  ``box2d`` extra gives one clear :class:`~gymnasium_core.error.DependencyNotInstalled` wherever
  it is first needed. All three envs step their worlds with the reference's 180 velocity and 60
  position iterations, hear contacts through :class:`BodyContactListener` and destroy bodies in
  a given order (:func:`destroy_bodies`).
* **Actions.** :func:`discrete_index` checks a discrete action once, cheaply for a plain int.
* **Pygame.** Pygame is imported only when something is drawn, so making an env without a
  render mode never loads it. In ``"human"`` mode each env shows its frames through one
  :class:`PygameWindow` (only pygame's display is initialised), opened on first use and paced
  to the env's ``render_fps``; ``"rgb_array"`` frames come from :func:`frame_array`. Under
  ``SDL_VIDEODRIVER=dummy`` the window works headless.
* **Copies.** A Box2D world is a SWIG object: it can be neither pickled nor copied. What can be
  kept is how the env got where it is: its constructor arguments, the state of ``np_random`` at
  a reset and what was done since. Rebuilding a fresh env from those and replaying them gives a
  world in the same state, bit for bit, because the envs are deterministic given their
  generator. :class:`ReplayCopyable` turns that into ``__getstate__`` / ``__setstate__`` /
  ``__deepcopy__``; each env says what its record is and how to replay it. Gymnasium's envs lose
  the episode when copied; ours carry on exactly as the original would.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import numpy as np
from numpy.typing import NDArray

from gymnasium_core import logger, spaces
from gymnasium_core.error import DependencyNotInstalled

try:
    import Box2D
    from Box2D.b2 import (
        circleShape,
        contactListener,
        edgeShape,
        fixtureDef,
        polygonShape,
        rayCastCallback,
        revoluteJointDef,
    )
except ImportError as err:  # pragma: no cover - depends on the installation
    raise DependencyNotInstalled(
        'The Box2D environments need Box2D: `pip install "gymnasium-core[box2d]"` (it installs '
        "wheels on CPython up to 3.13 on Linux x86_64/i686, macOS and Windows; elsewhere it "
        "builds box2d-py from source, which needs swig: `pip install swig` first)."
    ) from err

__all__ = [
    "POSITION_ITERATIONS",
    "VELOCITY_ITERATIONS",
    "BodyContactListener",
    "Box2D",
    "EpisodeRecord",
    "PygameWindow",
    "ReplayCopyable",
    "WindowOwner",
    "capture_rng_state",
    "circleShape",
    "contactListener",
    "destroy_bodies",
    "discrete_index",
    "edgeShape",
    "fixtureDef",
    "frame_array",
    "generator_from_state",
    "import_pygame",
    "polygonShape",
    "rayCastCallback",
    "revoluteJointDef",
    "warn_no_render_mode",
]

StepsT = TypeVar("StepsT")

# Solver iterations of every ``world.Step`` in the family (the reference's 6 * 30 and 2 * 30).
VELOCITY_ITERATIONS: int = 6 * 30
POSITION_ITERATIONS: int = 2 * 30


class BodyContactListener(contactListener):  # type: ignore[misc]
    """A Box2D contact listener that reports both ways of a contact to :meth:`on_contact`.

    Box2D calls ``BeginContact`` and ``EndContact`` from inside ``world.Step`` (and, for a
    touching pair, ``EndContact`` from ``world.DestroyBody``). Subclasses see each call as the two
    bodies involved and whether they now touch.
    """

    def __init__(self) -> None:
        """Register the listener with the SWIG base class."""
        contactListener.__init__(self)

    def BeginContact(self, contact: Any) -> None:
        """Called by Box2D when two fixtures start touching."""
        self.on_contact(contact.fixtureA.body, contact.fixtureB.body, True)

    def EndContact(self, contact: Any) -> None:
        """Called by Box2D when two fixtures stop touching."""
        self.on_contact(contact.fixtureA.body, contact.fixtureB.body, False)

    def on_contact(self, body_a: Any, body_b: Any, touching: bool) -> None:
        """React to a contact between ``body_a`` and ``body_b`` starting or ending.

        Args:
            body_a: The body of the contact's first fixture.
            body_b: The body of the contact's second fixture.
            touching: ``True`` when the contact begins, ``False`` when it ends.
        """
        raise NotImplementedError


def destroy_bodies(world: Any, bodies: Iterable[Any]) -> None:
    """Destroy ``bodies`` in ``world`` in the given order.

    The order is part of the behaviour: Box2D recycles the proxy ids of destroyed bodies, and the
    ids later bodies get decide the order in which the solver meets their contacts.

    Args:
        world: The ``b2World`` that owns the bodies.
        bodies: The bodies, destroyed first to last.
    """
    for body in bodies:
        world.DestroyBody(body)


# -- actions -------------------------------------------------------------------------------------


def discrete_index(
    action: Any, space: spaces.Discrete, error_type: type[Exception], env_name: str
) -> int:
    """The index of a discrete ``action`` (``space`` starting at 0), or ``error_type`` if invalid.

    A plain ``int`` in range is accepted without going through ``space.contains``, which is the
    common case and much the cheaper.

    Args:
        action: The action given to ``step``.
        space: The env's ``Discrete`` action space (``start == 0``).
        error_type: The exception the reference raises for an invalid action.
        env_name: Named in the message.

    Returns:
        ``action`` as an int in ``[0, space.n)``.

    Raises:
        Exception: ``error_type``, when ``action`` is not in ``space``.
    """
    if action.__class__ is int and 0 <= action < space.n:
        return action
    if not space.contains(action):
        raise error_type(
            f"{env_name}: {action!r} ({type(action).__name__}) is not an action of {space}; "
            f"expected an int in 0..{int(space.n) - 1}."
        )
    return int(action)


# -- pygame --------------------------------------------------------------------------------------


def import_pygame() -> Any:
    """The ``pygame`` module, with ``pygame.gfxdraw`` loaded.

    Returns:
        The module.

    Raises:
        DependencyNotInstalled: If pygame is not installed.
    """
    try:
        import pygame
        from pygame import gfxdraw  # noqa: F401  (loads the submodule)
    except ImportError as err:
        raise DependencyNotInstalled(
            'The Box2D environments render with pygame: pip install "gymnasium-core[box2d]"'
        ) from err
    return pygame


def warn_no_render_mode(spec: Any, default_id: str) -> None:
    """Warn that ``render()`` was called on an env made without a render mode.

    Args:
        spec: The env's ``spec`` (its ``id`` names the env in the message), or ``None``.
        default_id: The id named when the env has no spec.
    """
    env_id = spec.id if spec is not None else default_id
    logger.warn(
        "render() does nothing without a render_mode; choose one when making the env, "
        f'e.g. gymnasium_core.make("{env_id}", render_mode="rgb_array").'
    )


def frame_array(surface: Any) -> NDArray[np.uint8]:
    """The pixels of a pygame surface as a ``(height, width, 3)`` uint8 array (a copy).

    Args:
        surface: The pygame surface.

    Returns:
        The RGB frame, rows first (a transposed view of a fresh array, as the reference's).
    """
    import pygame.surfarray

    return np.transpose(np.array(pygame.surfarray.pixels3d(surface)), (1, 0, 2))


class PygameWindow:
    """A pygame display window of a fixed size, opened on first use.

    Args:
        size: ``(width, height)`` in pixels.

    Attributes:
        screen: The display surface while the window is open, else ``None``.
        clock: The clock pacing :meth:`show`, while the window is open.
        was_closed: Whether :meth:`close` has closed an open window.
    """

    def __init__(self, size: tuple[int, int]) -> None:
        """Remember the size; nothing is opened yet."""
        self.size = size
        self.screen: Any = None
        self.clock: Any = None
        self.was_closed = False

    def open(self) -> None:
        """Open the window, if it is not open already (only pygame's display is initialised)."""
        if self.screen is not None:
            return
        pygame = import_pygame()
        pygame.display.init()
        self.screen = pygame.display.set_mode(self.size)
        self.ensure_clock()

    def ensure_clock(self) -> None:
        """Create :attr:`clock` if there is none yet (the reference does so on every render)."""
        if self.clock is None:
            self.clock = import_pygame().time.Clock()

    def show(
        self, surface: Any, fps: float, offset: tuple[float, float] = (0, 0), clear: bool = True
    ) -> None:
        """Put ``surface`` in the window (opening it if needed), at most ``fps`` times a second.

        Args:
            surface: A pygame surface.
            fps: The frame rate to keep to.
            offset: Where the surface's top-left corner goes in the window.
            clear: Fill the window with black first.
        """
        self.open()
        pygame = import_pygame()
        pygame.event.pump()
        self.clock.tick(fps)
        if clear:
            self.screen.fill(0)
        self.screen.blit(surface, offset)
        pygame.display.flip()

    def close(self) -> None:
        """Close the window and quit pygame, if the window is open; safe to call again."""
        if self.screen is None:
            return
        pygame = import_pygame()
        pygame.display.quit()
        pygame.quit()
        self.screen = None
        self.was_closed = True


class WindowOwner:
    """Mixin for an env that shows frames through ``self._window`` (a :class:`PygameWindow`).

    It exposes the reference's window attributes (``screen``, ``clock``, ``isopen``) read-only.
    """

    _window: PygameWindow

    @property
    def screen(self) -> Any:
        """The display surface in ``"human"`` mode once a frame was shown, else ``None``."""
        return self._window.screen

    @property
    def clock(self) -> Any:
        """The clock pacing the window, while it is open."""
        return self._window.clock

    @property
    def isopen(self) -> bool:
        """``False`` once :meth:`close` has closed the window, else ``True``."""
        return not self._window.was_closed


# -- copies --------------------------------------------------------------------------------------


def capture_rng_state(rng: np.random.Generator) -> dict[str, Any]:
    """A private copy of ``rng.bit_generator.state``, safe from later draws.

    Args:
        rng: The generator.

    Returns:
        The bit generator's state dict (its arrays copied).
    """
    return copy.deepcopy(dict(rng.bit_generator.state))


def generator_from_state(state: dict[str, Any]) -> np.random.Generator:
    """A new generator with the bit generator kind and state of ``state``.

    Args:
        state: A ``bit_generator.state`` dict (for example from :func:`capture_rng_state`).

    Returns:
        A generator that draws what the captured one would have drawn next.
    """
    bit_generator = getattr(np.random, state["bit_generator"])()
    bit_generator.state = copy.deepcopy(state)
    return np.random.Generator(bit_generator)


@dataclass
class EpisodeRecord(Generic[StepsT]):
    """What replays one episode: the generator state at its reset and what happened since.

    Attributes:
        rng_state: ``np_random.bit_generator.state`` when the reset began.
        steps: The env's log of the episode (actions, commands or markers; a list by default).
        context: Anything else the reset depended on (options, colours), or ``None``.
    """

    rng_state: dict[str, Any]
    steps: StepsT = field(default_factory=list)  # type: ignore[assignment]
    context: Any = None


class ReplayCopyable:
    """Mixin giving a stateful Box2D env pickling and deep copying that keep the episode.

    The state kept is the constructor arguments (:meth:`_constructor_kwargs`), ``spec``, the
    generator as it is now, ``np_random_seed`` and the env's replay record
    (:meth:`_replay_record`). Restoring rebuilds the env (:meth:`_rebuild`), replays the record
    (:meth:`_replay`, which may draw from ``np_random`` as the original did) and then puts the
    generator back to where the original's is.
    """

    spec: Any
    _np_random: np.random.Generator | None
    _np_random_seed: int | None

    def _constructor_kwargs(self) -> dict[str, Any]:
        """The keyword arguments that build an env like this one."""
        raise NotImplementedError

    def _replay_record(self) -> Any:
        """A picklable record of what brought the env to its state (``None``: nothing)."""
        raise NotImplementedError

    def _replay(self, record: Any) -> None:
        """Bring a freshly rebuilt env to the state ``record`` describes."""
        raise NotImplementedError

    def _rebuild(self, kwargs: dict[str, Any]) -> None:
        """Initialise an empty instance from its constructor arguments."""
        self.__init__(**kwargs)  # type: ignore[misc]

    def __getstate__(self) -> dict[str, Any]:
        """The constructor arguments, the generator's state and the replay record.

        Returns:
            A picklable dict holding no Box2D or pygame objects.
        """
        rng = self._np_random
        return {
            "kwargs": self._constructor_kwargs(),
            "spec": self.spec,
            "rng_state": None if rng is None else capture_rng_state(rng),
            "rng_seed": self._np_random_seed,
            "record": self._replay_record(),
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Rebuild the env and replay its record to reach the saved state.

        Args:
            state: A dict from :meth:`__getstate__`.
        """
        self._rebuild(state["kwargs"])
        self.spec = state["spec"]
        if state["record"] is not None:
            self._replay(state["record"])
        rng_state = state["rng_state"]
        self._np_random = None if rng_state is None else generator_from_state(rng_state)
        self._np_random_seed = state["rng_seed"]

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        """A copy with its own Box2D world, in the same state as this env.

        Args:
            memo: The :func:`copy.deepcopy` memo.

        Returns:
            The copy.
        """
        clone = type(self).__new__(type(self))
        memo[id(self)] = clone
        clone.__setstate__(copy.deepcopy(self.__getstate__(), memo))
        return clone
