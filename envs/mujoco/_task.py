"""What every MuJoCo task shares: its definition and rules, constructor plumbing, resets, step end.

:class:`TaskEnv` is the native stateful shell under all eleven tasks (the pendulums, Reacher and
Pusher directly, the locomotion tasks through :class:`._locomotion.LocomotionEnv`). It knows its
task's definition (:mod:`._definition`) and version (``"v4"`` or ``"v5"``, a class attribute the
``<task>_v4`` classes override), and reads what that version does from the definition's rules
record (:attr:`TaskEnv.rules`). It compiles the model, sets the metadata the rules ask for,
draws the reset noise and ends a step.

The task terms here are functions of arrays with an ``xp`` namespace argument (``numpy`` or
``jax.numpy``), so a second physics backend can reuse them. The arithmetic, including the order
of operations and the dtypes it meets, is kept as the reference computes it, which is what
makes rollouts equal bit for bit.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, ClassVar, Literal, SupportsFloat

import numpy as np
from numpy.typing import NDArray

from gymnasium_core import spaces
from gymnasium_core.utils.ezpickle import EzPickle

from ._definition import Rules, TaskDefinition
from .mujoco_env import MujocoEnv

__all__ = [
    "RENDER_MODES",
    "TaskEnv",
    "Version",
    "control_cost",
    "distance",
    "uniform_noise",
]

Version = Literal["v4", "v5"]

RENDER_MODES = ["human", "rgb_array", "depth_array", "rgbd_tuple"]


def uniform_noise(rng: np.random.Generator, scale: float, size: int) -> Any:
    """``size`` draws from ``U(-scale, scale)`` (one call on ``rng``, as the reference draws)."""
    return rng.uniform(low=-scale, high=scale, size=size)


def control_cost(action: Any, xp: ModuleType) -> Any:
    """Sum of squared controls, in the action's own dtype (float32 for sampled actions)."""
    return xp.square(action).sum()


def distance(vector: Any, xp: ModuleType) -> Any:
    """Euclidean length of ``vector``."""
    return xp.linalg.norm(vector)


def _recording_constructor_args(init: Callable[..., None]) -> Callable[..., None]:
    """Wrap a constructor so the outermost call records its arguments for :class:`EzPickle`.

    As in the reference, every named parameter is recorded positionally with its default
    filled in, and ``**kwargs`` as keywords. Only the first (outermost) constructor of an
    object records, so a subclass's own arguments win over those it passes upwards.
    """
    signature = inspect.signature(init)

    @functools.wraps(init)
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if "_ezpickle_args" not in self.__dict__:
            try:
                bound = signature.bind(self, *args, **kwargs)
            except TypeError:
                pass  # the constructor itself raises the error the reference raises
            else:
                bound.apply_defaults()
                positional: list[Any] = []
                keywords: dict[str, Any] = {}
                for name, param in list(signature.parameters.items())[1:]:
                    value = bound.arguments[name]
                    if param.kind is inspect.Parameter.VAR_KEYWORD:
                        keywords = dict(value)
                    elif param.kind is inspect.Parameter.VAR_POSITIONAL:
                        positional.extend(value)
                    else:
                        positional.append(value)
                EzPickle.__init__(self, *positional, **keywords)
        init(self, *args, **kwargs)

    return __init__


class TaskEnv(MujocoEnv, EzPickle):
    """A MuJoCo task of version ``"v4"`` or ``"v5"``.

    Subclasses compile their model with :meth:`_compile`, implement ``step`` (ending it with
    :meth:`_finish_step`) and ``_get_obs``, and either set :attr:`_reset_noise_scale` and
    :attr:`VELOCITY_NOISE` for the default :meth:`reset_model` or override it.

    Like the reference's environments, every task is an
    :class:`~gymnasium_core.utils.EzPickle` that knows its constructor arguments
    (``_ezpickle_args`` / ``_ezpickle_kwargs``); pickling itself still goes through
    :class:`MujocoEnv`, which keeps the simulation state.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Record the constructor arguments of every subclass that defines ``__init__``."""
        super().__init_subclass__(**kwargs)
        if "__init__" in cls.__dict__:
            cls.__init__ = _recording_constructor_args(cls.__dict__["__init__"])  # type: ignore[method-assign]

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}

    #: The task: its defaults, terms and the rules of its versions.
    definition: ClassVar[TaskDefinition]
    #: The version whose defaults, observation and info the class follows.
    version: Version = "v5"
    #: How :meth:`reset_model` perturbs the initial velocities: ``"uniform"`` or ``"normal"``.
    VELOCITY_NOISE: Literal["uniform", "normal"] = "uniform"

    _reset_noise_scale: float

    def _compile(
        self,
        xml_file: str,
        frame_skip: int,
        observation_space: spaces.Space[Any] | None,
        mujoco_kwargs: dict[str, Any],
    ) -> None:
        """Build the :class:`MujocoEnv` and set the metadata :attr:`rules` ask for.

        A version with a fixed ``render_fps`` carries it in its class metadata (checked against
        ``dt`` by :class:`MujocoEnv`); otherwise it is derived from ``dt`` after compiling.
        """
        MujocoEnv.__init__(
            self, xml_file, frame_skip, observation_space=observation_space, **mujoco_kwargs
        )
        if self.rules.render_fps is None:
            self.metadata = self.rules.metadata(self.dt)

    @property
    def rules(self) -> Rules:
        """What this class's version does (its definition's rules record)."""
        return self.definition.rules[self.version]

    def _state_info(self) -> dict[str, Any]:
        """The info of the current state (v5's reset info); none by default."""
        return {}

    def _get_reset_info(self) -> dict[str, Any]:
        """The reset ``info``: the state's info, if the rules report it."""
        return self._state_info() if self.rules.reports_reset_info else {}

    def _noisy_initial_state(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """The initial state plus reset noise, drawn from ``np_random`` (positions first).

        Positions get ``U(-scale, scale)`` noise; velocities the same, or ``scale`` times a
        standard normal draw when :attr:`VELOCITY_NOISE` is ``"normal"``.
        """
        scale = self._reset_noise_scale
        rng, model = self.np_random, self.model
        position_noise = uniform_noise(rng, scale, model.nq)
        if self.VELOCITY_NOISE == "normal":
            velocity_noise = scale * rng.standard_normal(model.nv)
        else:
            velocity_noise = uniform_noise(rng, scale, model.nv)
        return self.init_qpos + position_noise, self.init_qvel + velocity_noise

    def _still_velocities(self, scale: float, num_still: int) -> NDArray[np.float64]:
        """``init_qvel`` plus ``U(-scale, scale)`` noise, its last ``num_still`` entries zero.

        The arm tasks reset this way: the arm jitters while the target or object stays still.
        """
        qvel: NDArray[np.float64] = self.init_qvel + uniform_noise(
            self.np_random, scale, self.model.nv
        )
        qvel[-num_still:] = 0
        return qvel

    def reset_model(self) -> NDArray[np.float64]:
        """Perturb the initial state and return the first observation."""
        qpos, qvel = self._noisy_initial_state()
        self.set_state(qpos, qvel)
        return self._get_obs()

    def _get_obs(self) -> NDArray[np.float64]:
        """The observation of the current state."""
        raise NotImplementedError

    # -- the task over a batch (used by the threaded vector env, :mod:`.vector`) -------------

    #: Whether :meth:`_batched_terms` gives this task's step for a batch of simulations.
    HAS_BATCHED_TERMS: bool = False

    def _batched_positions(self, datas: Sequence[Any]) -> NDArray[np.float64]:
        """What a step's terms need from each simulation before the step (nothing here)."""
        return np.zeros((len(datas), 0))

    def _batched_terms(
        self, datas: Sequence[Any], actions: Any, before: NDArray[np.float64]
    ) -> tuple[Any, Any, Any, dict[str, Any]]:
        """Observations, rewards, terminations and infos of a stepped batch, as arrays.

        Row ``i`` equals what :meth:`step` returns for ``datas[i]``, bit for bit; the
        parameters (weights, ranges) are this env's.

        Args:
            datas: The simulations after the step (``MjData``).
            actions: Their actions, shape ``(len(datas), nu)``.
            before: :meth:`_batched_positions` of the simulations before the step.
        """
        raise NotImplementedError

    def _finish_step(
        self, observation: NDArray[np.float64], reward: Any, terminated: bool, info: dict[str, Any]
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Render in human mode and assemble the step's return value (never truncated here)."""
        if self.render_mode == "human":
            self.render()
        return observation, reward, terminated, False, info
