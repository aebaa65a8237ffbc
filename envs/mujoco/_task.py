"""The native stateful shells of the MuJoCo tasks: definition and rules, resets, the step.

:class:`TaskEnv` is the native stateful shell under all eleven tasks (the pendulums, Reacher and
Pusher directly, the locomotion tasks through :class:`LocomotionEnv`). It knows its
task's definition (:mod:`._definition`) and version (``"v4"`` or ``"v5"``, a class attribute the
``<task>_v4`` classes override), and reads what that version does from the definition's rules
record (:attr:`TaskEnv.rules`). It compiles the model, sets the metadata the rules ask for and
draws the reset noise.

Its step runs the physics and then the definition's terms (observation, step info with the
reward terms, termination) with this env's parameters: the very functions the threaded vector
env runs over a stacked batch and the MJX task runs on ``jax.numpy``. The parameters are the
definition's records, read from the attributes the reference's classes set (``_ctrl_cost_weight``,
...), so writing one changes the next step as in the reference. The methods users of the
reference override (``_get_rew``, ``_get_obs``, ``is_healthy``, ``healthy_reward``,
``control_cost``, ``contact_cost``, ...) are thin hooks over the same terms: a subclass that
overrides one steps through the hooks (see :data:`TERM_HOOKS`), so its override takes effect.

The terms read MuJoCo's field names (``qpos``, ``xpos``, ``cfrc_ext``, ...) from a *data*
object: this env hands them its ``MjData``, the threaded vector env a :class:`StackedData`
(the fields of all its simulations stacked along a leading axis), MJX its ``mjx.Data``. Before
the physics step, the native shells keep a :class:`Snapshot` of just the fields the step's
terms read from the state before it.

:class:`LocomotionEnv` is the shell the seven locomotion tasks (Ant, HalfCheetah, Hopper,
Humanoid, HumanoidStandup, Swimmer, Walker2d) build on: it sets the observation space the way
the version does and keeps the reference's ``_get_rew`` and ``control_cost`` hooks.
:class:`HealthCheckedEnv` adds the ``is_healthy`` and ``healthy_reward`` hooks of the tasks
that can fall, :class:`PlanarLeggedEnv` the constructor of Hopper and Walker2d, and
:class:`TerminatedProperty` the v4 ``terminated`` property.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Literal, SupportsFloat, cast

import mujoco
import numpy as np
from numpy.typing import NDArray

from gymnasium_core import spaces
from gymnasium_core.utils.ezpickle import EzPickle

from ._definition import Rules, TaskDefinition, checked_observation, is_terminal
from ._terms import Range, control_cost, survive_reward, terminated
from .mujoco_env import MujocoEnv, _action_dimension_error

__all__ = [
    "RENDER_MODES",
    "HealthCheckedEnv",
    "LocomotionEnv",
    "PlanarLeggedEnv",
    "Snapshot",
    "StackedData",
    "TaskEnv",
    "TerminatedProperty",
    "Version",
    "reject_task_kwargs",
    "uniform_noise",
]

Version = Literal["v4", "v5"]

RENDER_MODES = ["human", "rgb_array", "depth_array", "rgbd_tuple"]


def uniform_noise(rng: np.random.Generator, scale: float, size: int) -> Any:
    """``size`` draws from ``U(-scale, scale)`` (one call on ``rng``, as the reference draws)."""
    return rng.uniform(low=-scale, high=scale, size=size)


class StackedData:
    """A read-only view of several ``MjData`` as one batch: field ``f`` is their ``f`` stacked.

    Each field is stacked (copied) on first access and kept, so read it after the physics step
    it describes.

    Args:
        datas: The simulations, one per row.
        fields: Fields already stacked, by name (arrays with one row per simulation), read as
            they are instead of being stacked again.
    """

    def __init__(
        self, datas: Sequence[Any], fields: Mapping[str, NDArray[Any]] | None = None
    ) -> None:
        self._datas = datas
        if fields:
            self.__dict__.update(fields)

    def __getattr__(self, name: str) -> NDArray[Any]:
        if name.startswith("_"):
            raise AttributeError(name)
        # np.array of a list of equal-shaped arrays stacks them (a copy), faster than np.stack
        stacked = np.array([getattr(data, name) for data in self._datas])
        setattr(self, name, stacked)
        return stacked

    def __len__(self) -> int:
        return len(self._datas)


class Snapshot:
    """Copies of some fields of a data object (one simulation's or a stacked batch's).

    Args:
        data: The data to copy from.
        fields: The field names to copy.
    """

    def __init__(self, data: Any, fields: Sequence[str]) -> None:
        # a stacked field is already a fresh copy
        copy = not isinstance(data, StackedData)
        for name in fields:
            value = getattr(data, name)
            setattr(self, name, np.array(value) if copy else value)

    def __getattr__(self, name: str) -> NDArray[Any]:
        # Called only for a field that was not copied: name the fix, not just the field.
        raise AttributeError(
            f"{name!r} was not kept from before the step; a term that reads it from the "
            "previous state must list it in its definition's before_fields"
        )


#: Methods and properties of the reference's classes that subclasses override to change what a
#: step computes; a class that overrides one steps through them (and is not batched).
TERM_HOOKS = frozenset(
    {
        "step",
        "_get_obs",
        "_get_rew",
        "is_healthy",
        "healthy_reward",
        "control_cost",
        "contact_cost",
        "contact_forces",
        "terminated",
    }
)

#: Reward terms a hook replaces when a subclass overrides it: (term, hooks, value).
_REWARD_HOOKS: tuple[tuple[str, frozenset[str], Callable[[Any, Any], Any]], ...] = (
    (
        "reward_survive",
        frozenset({"is_healthy", "healthy_reward"}),
        lambda env, action: env.healthy_reward,
    ),
    ("reward_ctrl", frozenset({"control_cost"}), lambda env, action: -env.control_cost(action)),
    (
        "reward_contact",
        frozenset({"contact_cost", "contact_forces"}),
        lambda env, action: -env.contact_cost,
    ),
)

#: Attributes other than ``_<field>`` that the term records read.
_RECORD_ATTRIBUTES = frozenset({"frame_skip", "fullpath"})
_RECORD_ALIASES = {"frame_skip": "frame_skip", "xml_file": "fullpath"}


def _record(env: Any, record: type[Any]) -> Any:
    """``record`` with each field read from ``env`` (see :meth:`TaskEnv._term_records`)."""
    values = []
    for name, default in record._field_defaults.items():
        value = env.__dict__.get(f"_{name}", _MISSING)
        if value is _MISSING:
            alias = _RECORD_ALIASES.get(name)
            value = getattr(env, alias, default) if alias else getattr(env, f"_{name}", default)
        values.append(value)
    return record._make(values)


_MISSING = object()

#: The snapshot of a task whose step reads nothing from before the physics step.
_NOTHING_BEFORE = Snapshot(None, ())


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

    Subclasses name their :attr:`definition`, compile their model with :meth:`_compile`, and
    either set :attr:`_reset_noise_scale` and :attr:`VELOCITY_NOISE` for the default
    :meth:`reset_model` or override it.

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
        definition = cls.__dict__.get("definition", getattr(cls, "definition", None))
        if definition is not None:
            cls._record_fields = frozenset(definition.params._fields + definition.options._fields)
        cls._term_hooks = cls._find_term_hooks()
        cls._plain_simulation = (
            cls._snapshot is TaskEnv._snapshot
            and cls.do_simulation is MujocoEnv.do_simulation
            and cls._step_mujoco_simulation is MujocoEnv._step_mujoco_simulation
        )

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}

    #: The task: its defaults, terms and the rules of its versions.
    definition: ClassVar[TaskDefinition[Any, Any]]
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
        rules: Rules = self.definition.rules[self.version]
        return rules

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

    # -- the step, from the definition's terms ----------------------------------------------

    @property
    def params(self) -> Any:
        """The definition's params record of this env (read from its attributes, cached)."""
        records = self.__dict__.get("_term_records_cache") or self._term_records()
        return records[0]

    @property
    def options(self) -> Any:
        """The definition's options record of this env (read from its attributes, cached)."""
        records = self.__dict__.get("_term_records_cache") or self._term_records()
        return records[1]

    def _term_records(self) -> tuple[Any, Any]:
        """``(params, options)`` as the definition's records, from this env's attributes.

        Each field ``f`` is read from the attribute ``_f`` the reference's classes set (or
        from ``frame_skip`` / ``fullpath``), else it keeps its default. Writing one of those
        attributes drops the records (see :meth:`__setattr__`), so a change reaches the next
        step as in the reference.
        """
        records = self.__dict__.get("_term_records_cache")
        if records is None:
            definition = self.definition
            records = (_record(self, definition.params), _record(self, definition.options))
            self.__dict__["_term_records_cache"] = records
        return records

    def __setattr__(self, name: str, value: Any) -> None:
        """Set an attribute; one the term records read drops them."""
        super().__setattr__(name, value)
        if name in _RECORD_ATTRIBUTES or name[1:] in self._record_fields:
            self.__dict__.pop("_term_records_cache", None)

    #: Whether the definition's terms take a batch of simulations (see :mod:`.vector`).
    HAS_BATCHED_TERMS: ClassVar[bool] = False
    #: The fields of the definition's records (set per class by :meth:`__init_subclass__`).
    _record_fields: ClassVar[frozenset[str]] = frozenset()
    #: Hooks of the reference's classes that a class from outside this package overrides.
    _term_hooks: ClassVar[frozenset[str]] = frozenset()
    #: Whether the class keeps the base ``_snapshot``, ``do_simulation`` and
    #: ``_step_mujoco_simulation`` (set per class by :meth:`__init_subclass__`).
    _plain_simulation: ClassVar[bool] = True

    @classmethod
    def _find_term_hooks(cls) -> frozenset[str]:
        """The :data:`TERM_HOOKS` a class outside ``gymnasium_core`` defines in the MRO."""
        return frozenset(
            name
            for klass in cls.__mro__
            if not klass.__module__.startswith("gymnasium_core.")
            for name in TERM_HOOKS
            if name in vars(klass)
        )

    @property
    def batches_terms(self) -> bool:
        """Whether a batch of this env's simulations can share one evaluation of its terms.

        True unless a subclass from outside this package overrides the step or a term hook.
        """
        return not self._term_hooks

    def _snapshot(self) -> Snapshot:
        """What the step's terms read from the state before the physics step."""
        fields = self.definition.before_fields
        if not fields:
            # a task reading nothing from before the step shares one empty snapshot
            return _NOTHING_BEFORE
        # the copies :class:`Snapshot` makes (``np.array`` of each field), without its loop
        data = self.data
        snapshot = Snapshot.__new__(Snapshot)
        snapshot.__dict__.update({name: getattr(data, name).copy() for name in fields})
        return snapshot

    def step(
        self, action: Any
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply ``action`` for ``frame_skip`` physics steps and evaluate the task's terms."""
        if self._term_hooks or not self._plain_simulation:
            return self._step_through_methods(action)
        # What ``_snapshot``, ``do_simulation`` and ``_step_mujoco_simulation`` do, written out
        # for a class that overrides none of them (a step is tens of microseconds, and each
        # method call costs a fraction of one); ``test_terms`` compares both ways.
        views = self.__dict__.get("_simulation_views")
        model, data = self.model, self.data
        if views is None or views.model is not model or views.data is not data:
            views = self._views()
        fields = self.definition.before_fields
        before = _NOTHING_BEFORE
        if fields:
            before = Snapshot.__new__(Snapshot)
            before.__dict__.update({name: getattr(data, name).copy() for name in fields})
        ctrl = views.ctrl
        shape = action.shape if isinstance(action, np.ndarray) else np.shape(action)
        if shape != ctrl.shape:
            raise _action_dimension_error(ctrl.shape, shape)
        ctrl[:] = action
        mujoco.mj_step(model, data, self.frame_skip)
        mujoco.mj_rnePostConstraint(model, data)
        observation, reward, terminated, info = self._one_step_terms(before, action)
        if self.render_mode == "human":
            self.render()
        return observation, reward, terminated, False, info

    def _step_through_methods(
        self, action: Any
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """The step through each overridable method (a subclass overrides one of them)."""
        before = self._snapshot()
        self.do_simulation(action, self.frame_skip)
        if self._term_hooks:
            return self._step_through_hooks(before, action)
        observation, reward, terminated, info = self._one_step_terms(before, action)
        if self.render_mode == "human":
            self.render()
        return observation, reward, terminated, False, info

    def _one_step_terms(self, before: Any, action: Any) -> tuple[Any, Any, bool, Any]:
        """:meth:`_terms` of this env's own ``data``, with the termination a Python ``bool``.

        The same terms, evaluated in the same order, with less around them than a batch
        needs: the observation is kept for the rest of the step (as
        :func:`~._definition.checked_observation` keeps it), and a task without a health
        check ends no episode. ``test_terms`` compares the two bit for bit.
        """
        definition, data = self.definition, self.data
        params = (self.__dict__.get("_term_records_cache") or self._term_records())[0]
        memo: dict[str, Any] = {"data": data}
        self.__dict__["_step_memo"] = memo
        try:
            info = definition.step_info(self, before, action, data, params, np)
            observation = memo.get("observation")
            if observation is None:
                observation = memo["observation"] = definition.observation(self, data, params, np)
            terminated = definition.is_healthy is not None and bool(
                is_terminal(definition, self, data, params, np)
            )
        finally:
            del self.__dict__["_step_memo"]
        reward = definition.reward(info)
        if not definition.rules[self.version].keeps_definition_layout:
            info = self._laid_out(info, data)
        return observation, reward, terminated, info

    def _terms(self, before: Any, action: Any, after: Any) -> tuple[Any, Any, Any, Any]:
        """Observation, reward, termination and info of a step, from the definition's terms.

        ``after`` is this env's ``MjData`` or a :class:`StackedData` of a batch (``before``
        and ``action`` then have a leading batch axis too); the parameters are this env's.
        """
        definition, params = self.definition, self.params
        # the step's terms share what two of them ask of ``after`` (the health check, the
        # observation): see :func:`~._definition.step_memo`; kept only while they run
        self.__dict__["_step_memo"] = {"data": after}
        try:
            info = definition.step_info(self, before, action, after, params, np)
            observation = checked_observation(self, after, params, np)
            terminal = is_terminal(definition, self, after, params, np)
        finally:
            del self.__dict__["_step_memo"]
        reward = definition.reward(info)
        return observation, reward, terminal, self._laid_out(info, after)

    def _laid_out(self, info: dict[str, Any], after: Any) -> Any:
        """The definition's step info in the layout of this env's version."""
        rules = self.rules
        if rules.keeps_definition_layout:
            return info
        definition = self.definition
        if definition.tracks_step_positions:
            return rules.layout(info, None)
        tracked = definition.tracked_info or definition.state_info
        return rules.layout(info, lambda: tracked(self, after, np))

    def _step_through_hooks(
        self, before: Any, action: Any
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """The step of a subclass that overrides a hook: each part comes from its hook."""
        info = self.definition.step_info(self, before, action, self.data, self.params, np)
        self._step_terms = (info, action)
        try:
            observation = self._get_obs()
            reward, reward_info = self._get_rew(*self._reward_arguments(info, action))
            terminal = self._hooked_termination()
        finally:
            del self._step_terms
        entries = {
            key: value
            for key, value in info.items()
            if not key.startswith("reward_") and key not in reward_info
        }
        return self._finish_step(
            observation, reward, terminal, self._laid_out({**entries, **reward_info}, self.data)
        )

    def _reward_arguments(self, info: dict[str, Any], action: Any) -> tuple[Any, ...]:
        """The arguments the step gives :meth:`_get_rew` (the action alone by default)."""
        return (action,)

    def _get_rew(self, *args: Any) -> tuple[Any, dict[str, Any]]:
        """The reward of the current step and its signed terms, as ``(reward, reward_info)``.

        Each task gives it the reference's signature; see :meth:`_hooked_reward`.
        """
        return self._hooked_reward(self._current_action())

    def _hooked_reward(self, action: Any) -> tuple[Any, dict[str, Any]]:
        """The reward of the current step and its signed terms, as ``(reward, reward_info)``.

        The terms are the definition's, except those whose hook (``healthy_reward``,
        ``control_cost``, ``contact_cost``, ...) a subclass overrides, which the hook gives.
        """
        info = self._current_info()
        terms = {key: value for key, value in info.items() if key.startswith("reward_")}
        hooks = self._term_hooks
        for term, names, hook in _REWARD_HOOKS:
            if term in terms and hooks.intersection(names):
                terms[term] = hook(self, action)
        return self.definition.reward(terms), terms

    def _current_info(self) -> dict[str, Any]:
        """The definition's info of the step in progress (of a still state outside a step)."""
        current = self.__dict__.get("_step_terms")
        if current is not None:
            info: dict[str, Any] = current[0]
            return info
        still = self._snapshot()
        action = np.array(self.data.ctrl)
        return dict(self.definition.step_info(self, still, action, self.data, self.params, np))

    def _current_action(self) -> Any:
        current = self.__dict__.get("_step_terms")
        return np.array(self.data.ctrl) if current is None else current[1]

    def _hooked_termination(self) -> bool:
        """Whether the current state ends the episode, through the class's hooks."""
        return self._is_terminated()

    def _is_terminated(self) -> bool:
        """Whether the current state ends the episode."""
        return bool(is_terminal(self.definition, self, self.data, self.params, np))

    def _get_obs(self) -> NDArray[np.float64]:
        """The observation of the current state (the definition's)."""
        # one MjData on numpy: the observation is a float64 numpy array
        observation = self.definition.observation(self, self.data, self.params, np)
        return cast("NDArray[np.float64]", observation)

    def _state_info(self) -> dict[str, Any]:
        """The info of the current state (the definition's; v5's reset info)."""
        info: dict[str, Any] = self.definition.state_info(self, self.data, np)
        return info

    def _finish_step(
        self, observation: NDArray[np.float64], reward: Any, terminated: bool, info: dict[str, Any]
    ) -> tuple[NDArray[np.float64], SupportsFloat, bool, bool, dict[str, Any]]:
        """Render in human mode and assemble the step's return value (never truncated here)."""
        if self.render_mode == "human":
            self.render()
        return observation, reward, terminated, False, info


# -- the locomotion shells ---------------------------------------------------------------------


def reject_task_kwargs(kwargs: dict[str, Any], fixed: Sequence[str] = ()) -> None:
    """Refuse keyword arguments a v4 constructor does not take.

    v4 classes forward ``**kwargs`` to :class:`MujocoEnv` only, so a v5-only task argument
    (or a base argument the v4 class fixes itself) is a ``TypeError`` there, as in the
    reference.

    Raises:
        TypeError: If a key is not a :class:`MujocoEnv` argument, or is one of ``fixed``.
    """
    accepted = set(inspect.signature(MujocoEnv.__init__).parameters) - {"self", *fixed}
    for name in kwargs:
        if name not in accepted:
            raise TypeError(f"__init__() got an unexpected keyword argument {name!r}")


class LocomotionEnv(TaskEnv):
    """A MuJoCo locomotion task of version ``"v4"`` or ``"v5"``.

    The v4 classes are subclasses that set :attr:`version` to ``"v4"`` and give ``__init__``
    the v4 signature and defaults. Subclasses set :attr:`NUM_ROOT_POSITIONS`, call
    :meth:`_setup` from ``__init__``, and implement :meth:`_extra_observation_sizes` when the
    observation holds more than ``qpos`` and ``qvel``.
    """

    #: Leading ``qpos`` entries that locate the root (x, or x and y) and that
    #: ``exclude_current_positions_from_observation`` leaves out of the observation.
    NUM_ROOT_POSITIONS: int = 2
    HAS_BATCHED_TERMS = True

    num_skipped_qpos: int
    _ctrl_cost_weight: float

    def _setup(
        self,
        xml_file: str,
        frame_skip: int,
        default_camera_config: dict[str, Any] | None,
        reset_noise_scale: float,
        exclude_current_positions_from_observation: bool,
        mujoco_kwargs: dict[str, Any],
    ) -> None:
        """Compile the model and set the observation space of :attr:`version`."""
        self._exclude_current_positions_from_observation = (
            exclude_current_positions_from_observation
        )
        self.num_skipped_qpos = (
            self.NUM_ROOT_POSITIONS if exclude_current_positions_from_observation else 0
        )
        self._reset_noise_scale = reset_noise_scale
        self._compile(
            xml_file,
            frame_skip,
            None,
            {"default_camera_config": default_camera_config, **mujoco_kwargs},
        )
        size = self.data.qpos.size - self.num_skipped_qpos + self.data.qvel.size
        extras = self._extra_observation_sizes()
        size += sum(extras.values())
        self.observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float64)
        if self.rules.reports_observation_structure:
            self.observation_structure: dict[str, int] = {
                "skipped_qpos": self.num_skipped_qpos,
                "qpos": self.data.qpos.size - self.num_skipped_qpos,
                "qvel": self.data.qvel.size,
                **extras,
            }

    def _extra_observation_sizes(self) -> dict[str, int]:
        """Sizes of the observation parts after ``qvel``, by name (none by default)."""
        return {}

    def _reward_arguments(self, info: dict[str, Any], action: Any) -> tuple[Any, ...]:
        return (info["x_velocity"], action)

    def _get_rew(self, x_velocity: Any, action: Any) -> tuple[Any, dict[str, Any]]:
        """The reward of the current step and its terms, as ``(reward, reward_info)``.

        The terms are the definition's (see :meth:`TaskEnv._hooked_reward`); subclasses may
        override it to shape the reward, as with the reference's v5 classes.
        """
        return self._hooked_reward(action)

    def control_cost(self, action: Any) -> Any:
        """Quadratic control cost of ``action``."""
        return control_cost(action, self.params.ctrl_cost_weight)


class HealthCheckedEnv(LocomotionEnv):
    """A locomotion task with a health check, a survival bonus and termination when unhealthy.

    Subclasses set ``_healthy_reward`` and ``_terminate_when_unhealthy`` in ``__init__``; the
    health check is the definition's.
    """

    _healthy_reward: float
    _terminate_when_unhealthy: bool

    @property
    def is_healthy(self) -> Any:
        """Whether the body is within its healthy ranges (the definition's check)."""
        check = self.definition.is_healthy
        assert check is not None
        return check(self, self.data, self.params, np)

    @property
    def healthy_reward(self) -> Any:
        """The survival bonus of the current state (see :func:`survive_reward`)."""
        return survive_reward(self, self.is_healthy, self.params)

    def _is_terminated(self) -> bool:
        """Whether the current state ends the episode (see :func:`terminated`)."""
        return bool(terminated(self.is_healthy, self.options.terminate_when_unhealthy))


class TerminatedProperty:
    """The v4 ``terminated`` property of the tasks that can fall (Ant, Hopper, Humanoid, Walker2d).

    The reference's v4 classes expose whether the current state ends the episode as a
    property; v5 computes it inside ``step`` only.
    """

    _is_terminated: Callable[[], bool]

    @property
    def terminated(self) -> bool:
        """Whether the current state ends the episode."""
        return self._is_terminated()

    def _hooked_termination(self) -> bool:
        # v4 steps read this property, so a subclass overriding it changes the step
        return self.terminated


class PlanarLeggedEnv(HealthCheckedEnv):
    """Shared shell of the planar legged runners (Hopper, Walker2d).

    The body moves in the x-z plane on root joints ``rootx``, ``rootz``, ``rooty``; the reward
    is forward progress of ``rootx`` plus a survival bonus minus a control cost, and velocities
    in the observation are clipped to ``[-10, 10]`` (the terms of
    :func:`planar_legged_step_info` and :func:`planar_legged_observation`).
    """

    NUM_ROOT_POSITIONS = 1

    def __init__(
        self,
        xml_file: str,
        frame_skip: int,
        default_camera_config: dict[str, Any] | None,
        forward_reward_weight: float,
        ctrl_cost_weight: float,
        healthy_reward: float,
        terminate_when_unhealthy: bool,
        healthy_z_range: Range,
        healthy_angle_range: Range,
        reset_noise_scale: float,
        exclude_current_positions_from_observation: bool,
        **kwargs: Any,
    ) -> None:
        self._forward_reward_weight = forward_reward_weight
        self._ctrl_cost_weight = ctrl_cost_weight
        self._healthy_reward = healthy_reward
        self._terminate_when_unhealthy = terminate_when_unhealthy
        self._healthy_z_range = healthy_z_range
        self._healthy_angle_range = healthy_angle_range
        self._setup(
            xml_file,
            frame_skip,
            default_camera_config,
            reset_noise_scale,
            exclude_current_positions_from_observation,
            kwargs,
        )
