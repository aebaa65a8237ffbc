"""The one definition of a MuJoCo task that every physics shell runs.

A :class:`TaskDefinition` holds, once per task:

* its defaults: ``params`` (the numbers: weights, ranges, noise scales; a ``NamedTuple`` with
  defaults, so a pytree the JAX shell can batch) and ``options`` (the static configuration that
  fixes shapes or loops: model file, frame skip, camera, observation switches; a
  ``NamedTuple`` with defaults too);
* its terms, written against an array namespace ``xp`` (``numpy`` or ``jax.numpy``) and a
  *data* object with MuJoCo's field names (``qpos``, ``qvel``, ``xpos``, ``cfrc_ext``, ...):
  observation, health, the step's info with its signed ``reward_*`` terms, and the reward
  they add up to;
* the rules of its versions (:class:`Rules`): what v4 does differently from v5.

The native constructors take their defaults from ``params`` and ``options`` (the very same
objects), and the MJX shell (:mod:`.mjx`) derives its params and options from them, so a
default is written in one place and no backend can drift from another.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import (
    TYPE_CHECKING,
    Any,
    Generic,
    Literal,
    NamedTuple,
    Protocol,
    TypeAlias,
    TypeVar,
    cast,
)

import numpy as np

from gymnasium_core.functional.array_types import Array, ArrayNamespace

if TYPE_CHECKING:
    import jax
    import mujoco

__all__ = [
    "V4",
    "V5",
    "Array",
    "ArrayNamespace",
    "Flags",
    "Rules",
    "SimData",
    "TaskDefinition",
    "TaskShell",
    "Value",
    "checked_health",
    "checked_observation",
    "is_terminal",
    "step_memo",
    "sum_reward_terms",
]

Version = Literal["v4", "v5"]

#: What a term gives: an array (one value, or one per row of a batch), or the Python or numpy
#: scalar the reference returns for one simulation where it returns one.
Value: TypeAlias = "Array | float | np.floating[Any]"
#: Whether something holds: a boolean array (one flag, or one per row of a batch), or the Python
#: ``bool`` the reference gives for one simulation where it gives one.
Flags: TypeAlias = "Array | bool"
#: A step's or a state's info: its entries by name.
Info: TypeAlias = dict[str, Any]


class SimData(Protocol):
    """The simulation data a term reads: MuJoCo's field names over arrays.

    One ``mujoco.MjData``, the threaded vector env's stacked view of many (each field with a
    leading ``(num_envs,)`` axis) or an ``mjx.Data`` (JAX arrays).
    """

    @property
    def qpos(self) -> Array:
        """Joint positions, ``(nq,)``."""

    @property
    def qvel(self) -> Array:
        """Joint velocities, ``(nv,)``."""

    @property
    def ctrl(self) -> Array:
        """Actuator controls, ``(nu,)``."""

    @property
    def xpos(self) -> Array:
        """Body positions in the world, ``(nbody, 3)``."""

    @property
    def xipos(self) -> Array:
        """Body centres of mass in the world, ``(nbody, 3)``."""

    @property
    def cfrc_ext(self) -> Array:
        """External contact wrenches of the bodies, ``(nbody, 6)``."""

    @property
    def cinert(self) -> Array:
        """Body inertias in the centre-of-mass frame, ``(nbody, 10)``."""

    @property
    def cvel(self) -> Array:
        """Body velocities in the centre-of-mass frame, ``(nbody, 6)``."""

    @property
    def qfrc_actuator(self) -> Array:
        """Actuator forces in joint space, ``(nv,)``."""

    @property
    def ten_length(self) -> Array:
        """Tendon lengths, ``(ntendon,)``."""

    @property
    def ten_velocity(self) -> Array:
        """Tendon velocities, ``(ntendon,)``."""

    @property
    def qfrc_constraint(self) -> Array:
        """Constraint forces in joint space, ``(nv,)``."""

    @property
    def site_xpos(self) -> Array:
        """Site positions in the world, ``(nsite, 3)``."""


#: The rules record a task's terms read (:class:`Rules` or a task's own subclass).
RulesT = TypeVar("RulesT", bound="Rules")
RulesT_co = TypeVar("RulesT_co", bound="Rules", covariant=True)


class TaskShell(Protocol[RulesT_co]):
    """What a term reads of the shell running it: a native env, the vector env or MJX.

    Generic in the task's rules record, so a term reads the fields of its own task's rules.
    """

    @property
    def model(self) -> mujoco.MjModel:
        """The compiled model."""

    @property
    def dt(self) -> float:
        """Seconds per environment step."""

    @property
    def init_qpos(self) -> Array:
        """The model's initial joint positions, ``(nq,)``."""

    @property
    def init_qvel(self) -> Array:
        """The model's initial joint velocities, ``(nv,)``."""

    @property
    def definition(self) -> TaskDefinition[Any, Any]:
        """The task's definition."""

    # Any: each task has its own options record (a NamedTuple); its terms read their fields.
    @property
    def options(self) -> Any:
        """The task's static options."""

    @property
    def rules(self) -> RulesT_co:
        """The rules of the version the shell runs."""


@dataclass(frozen=True)
class Rules:
    """What one version of a task does, as named flags the task code reads.

    The base record holds the rules every task has; a task whose versions differ in more ways
    subclasses it with its own fields (``ant_v5.AntRules``, ``reacher_v5.ReacherRules``, ...). The
    defaults are v5's.

    Attributes:
        version: ``"v4"`` or ``"v5"``: the suffix of the reference's module and id.
        render_fps: A fixed ``render_fps`` in the class metadata (checked against ``dt``), or
            ``None`` to set it per instance from ``dt`` after compiling.
        pays_survive_on_terminal_step: Pay the survival bonus on the unhealthy step that ends
            the episode too (when the episode ends then), as a Python float.
        reports_reset_info: ``reset`` returns the state's info (else ``{}``).
        reports_observation_structure: Set ``observation_structure`` on the instance.
        reports_state_positions: A step's info starts with the state's info (the reset info);
            else with the position of the point whose progress is rewarded.
        reports_reward_terms: A step's info holds the reward terms.
        reward_info_names: The info keys of the reward terms, in order, each naming the term
            it reports (``None``: every term under its own name).
        reward_terms_first: The reward terms come before the positions in a step's info.
        reports_forward_reward: A step's info repeats the forward term as ``forward_reward``.
    """

    version: Version
    render_fps: int | None = None
    pays_survive_on_terminal_step: bool = False
    reports_reset_info: bool = True
    reports_observation_structure: bool = True
    reports_state_positions: bool = True
    reports_reward_terms: bool = True
    reward_info_names: Mapping[str, str] | None = None
    reward_terms_first: bool = False
    reports_forward_reward: bool = False

    def metadata(self, dt: float | None = None) -> dict[str, Any]:
        """The metadata of this version: fixed ``render_fps``, or ``1 / dt`` rounded."""
        modes = ["human", "rgb_array", "depth_array", "rgbd_tuple"]
        if self.render_fps is not None:
            return {"render_modes": modes, "render_fps": self.render_fps}
        if dt is None:
            return {"render_modes": modes}
        return {"render_modes": modes, "render_fps": int(np.round(1.0 / dt))}

    def step_info(
        self,
        state_info: Callable[[], dict[str, Any]],
        tracked_positions: Callable[[], dict[str, Any]],
        motion: Mapping[str, Any],
        reward_info: Mapping[str, Any],
    ) -> dict[str, Any]:
        """A step's info laid out as this version lays it out.

        Args:
            state_info: Gives the state's info (the reset info).
            tracked_positions: Gives the position entries of the point whose progress is
                rewarded.
            motion: The velocity entries.
            reward_info: The signed reward terms under their own names.
        """
        positions = state_info() if self.reports_state_positions else tracked_positions()
        terms: dict[str, Any] = {}
        if self.reports_reward_terms:
            names = self.reward_info_names
            if names is None:
                terms = dict(reward_info)
            else:
                terms = {key: reward_info[term] for key, term in names.items()}
        if self.reward_terms_first:
            info = {**terms, **positions, **motion}
        else:
            info = {**positions, **motion, **terms}
        if self.reports_forward_reward:
            info["forward_reward"] = reward_info["reward_forward"]
        return info

    @property
    def keeps_definition_layout(self) -> bool:
        """Whether a step's info is the definition's own (v5's layout, every term reported)."""
        return (
            self.reports_state_positions
            and self.reports_reward_terms
            and self.reward_info_names is None
            and not self.reward_terms_first
            and not self.reports_forward_reward
        )

    def layout(self, info: Mapping[str, Any], tracked_positions: Callable[[], Any] | None) -> Any:
        """The definition's step info laid out as this version lays it out.

        What :meth:`arranged` gives, built from a plan of where each entry comes from: the
        plan is made once per version and set of info keys (by :meth:`arranged` itself, on
        the keys alone), and a step then only copies the entries it names.

        Args:
            info: The definition's step info: the state's positions, then the velocities
                (:data:`MOTION_KEYS`), then the signed ``reward_*`` terms.
            tracked_positions: Gives the position entries of the point whose progress is
                rewarded (evaluated only by a version that reports those), or ``None`` when
                they are the positions ``info`` starts with.
        """
        if self.keeps_definition_layout:
            return info
        cached = _LAYOUT_PLANS.get(id(self))
        if cached is None or cached[0] is not self:
            # the rules record is kept with its plans, so that its id is not reused
            cached = _LAYOUT_PLANS[id(self)] = (self, {})
        plans = cached[1]
        key = (tuple(info), tracked_positions is None)
        plan = plans.get(key)
        if plan is not None and not plan.tracks:
            return {name: info[source] for name, source, _ in plan.entries}
        tracked = None if tracked_positions is None else tracked_positions()
        if plan is None or (tracked is not None and tuple(tracked) != plan.tracked_keys):
            plan = plans[key] = self._plan(key[0], None if tracked is None else tuple(tracked))
        sources: tuple[Mapping[str, Any], Mapping[str, Any]] = (info, tracked or info)
        return {name: sources[side][source] for name, source, side in plan.entries}

    def _plan(self, keys: tuple[str, ...], tracked_keys: tuple[str, ...] | None) -> _LayoutPlan:
        """Where each entry of the laid-out info comes from, found by :meth:`arranged` on names.

        The symbolic info's values are ``(0, key)`` and the tracked positions' ``(1, key)``
        (``tracked_keys`` ``None``: the info's own positions), so the arranged info names the
        source of each of its entries.
        """
        symbolic = {key: (0, key) for key in keys}
        tracked: Callable[[], dict[str, Any]] | None = None
        if tracked_keys is not None:
            tracked = functools.partial(dict, [(key, (1, key)) for key in tracked_keys])
        arranged = self.arranged(symbolic, tracked)
        entries = tuple((name, source, side) for name, (side, source) in arranged.items())
        tracks = any(side == 1 for _, _, side in entries)
        return _LayoutPlan(entries, tracks, tracked_keys or ())

    def arranged(self, info: Mapping[str, Any], tracked_positions: Callable[[], Any] | None) -> Any:
        """The definition's step info arranged by this version's rules, entry by entry.

        What :meth:`layout` gives (through a plan this method makes); a version with a rule
        of its own overrides this method, choosing each entry by the keys alone (the plan is
        made on placeholder values).

        Args:
            info: The definition's step info: the state's positions, then the velocities
                (:data:`MOTION_KEYS`), then the signed ``reward_*`` terms.
            tracked_positions: Gives the position entries of the point whose progress is
                rewarded (read only by a version that does not report the state's own), or
                ``None`` when they are the positions ``info`` starts with.
        """
        if self.keeps_definition_layout:
            return info
        positions: dict[str, Any] = {}
        motion: dict[str, Any] = {}
        terms: dict[str, Any] = {}
        for key, value in info.items():
            if key.startswith("reward_"):
                terms[key] = value
            elif key in MOTION_KEYS:
                motion[key] = value
            else:
                positions[key] = value
        tracked = tracked_positions or (lambda: positions)
        return self.step_info(lambda: positions, tracked, motion, terms)


class _LayoutPlan(NamedTuple):
    """Where a version's step info takes each entry from (see :meth:`Rules.layout`).

    Attributes:
        entries: ``(key, source key, source)`` per entry, in order; the source is ``0`` for
            the definition's info, ``1`` for the tracked positions.
        tracks: Whether an entry comes from the tracked positions (evaluated at each step;
            the keys a task's tracked positions have are fixed, so a plan that reads none
            never evaluates them).
        tracked_keys: The keys of the tracked positions the plan was made with.
    """

    entries: tuple[tuple[str, str, int], ...]
    tracks: bool
    tracked_keys: tuple[str, ...]


#: The layout plans of each rules record: ``id(rules) -> (rules, {info keys: plan})``.
_LAYOUT_PLANS: dict[int, tuple[Rules, dict[tuple[tuple[str, ...], bool], _LayoutPlan]]] = {}


#: The velocity entries of a step's info, between the positions and the reward terms.
MOTION_KEYS = frozenset({"x_velocity", "y_velocity"})

#: What a v4 class sets itself, so that passing it is an error, as in the reference.
V4_FIXED_ARGUMENTS = ("model_path", "frame_skip", "observation_space", "default_camera_config")

#: The rules of v5 shared by every task.
V5 = Rules(version="v5")
#: The rules of v4 shared by every task (each task adds its ``render_fps`` and quirks).
V4 = Rules(
    version="v4",
    pays_survive_on_terminal_step=True,
    reports_reset_info=False,
    reports_observation_structure=False,
    reports_state_positions=False,
)


def sum_reward_terms(terms: Mapping[str, Any]) -> Value:
    """The sum of the ``reward_*`` entries of a step's info, in their order.

    The sum starts from the first term (not from ``0``), so it rounds, and keeps the sign of
    a zero, exactly as the native tasks add their terms.
    """
    total: Any = None
    for key, value in terms.items():
        if key.startswith("reward_"):
            total = value if total is None else total + value
    if total is None:
        raise TypeError("sum_reward_terms: the info holds no reward_* term")
    return cast("Value", total)


#: A task's params record (a ``NamedTuple`` class: the numbers, a pytree on MJX).
ParamsT = TypeVar("ParamsT")

#: ``(task) -> int``: the size of the observation.
SizeTerm: TypeAlias = Callable[[TaskShell[RulesT]], int]
#: ``(task, data, params, xp) -> array``: the observation of ``data``.
ObservationTerm: TypeAlias = Callable[[TaskShell[RulesT], SimData, ParamsT, ArrayNamespace], Array]
#: ``(task, data, params, xp) -> flags``: whether ``data`` is healthy (a Python ``bool`` for one
#: simulation where the reference's check gives one).
HealthTerm: TypeAlias = Callable[[TaskShell[RulesT], SimData, ParamsT, ArrayNamespace], Flags]
#: ``(task, before, action, after, params, xp) -> info``: a step's info with its reward terms.
StepTerm: TypeAlias = Callable[
    [TaskShell[RulesT], SimData, Array, SimData, ParamsT, ArrayNamespace], Info
]
#: ``(task, data, xp) -> info``: the info of a state.
StateTerm: TypeAlias = Callable[[TaskShell[RulesT], SimData, ArrayNamespace], Info]
#: ``(info) -> reward``: how a step's signed terms add up.
RewardTerm: TypeAlias = Callable[[Mapping[str, Any]], Value]
#: ``(task, key, params) -> (qpos, qvel)``: a reset drawn from a JAX key.
InitialTerm: TypeAlias = Callable[[TaskShell[RulesT], "jax.Array", ParamsT], tuple[Array, Array]]


def _no_state_info(task: TaskShell[Rules], data: SimData, xp: ArrayNamespace) -> Info:
    return {}


@dataclass(frozen=True, eq=False)
class TaskDefinition(Generic[ParamsT, RulesT]):
    """One MuJoCo task: its defaults, its terms over ``xp`` and its versions' rules.

    Every term receives ``task``: the shell running it, which has ``model`` (the
    ``mujoco.MjModel``), ``dt``, ``init_qpos``, ``definition``, ``options`` (this task's
    options record) and ``rules`` (the rules of the version it runs: v5's on MJX), so a
    version's difference is a rule the term reads, never a test of the version.

    Attributes:
        name: The task's name, as in its ids (``"Hopper"``).
        params: The numeric arguments with their defaults (a ``NamedTuple`` class).
        options: The static arguments with their defaults (a ``NamedTuple`` class).
        rules: The rules of each version, by version.
        observation_size: ``(task) -> int``.
        observation: ``(task, data, params, xp) -> (obs_dim,)``.
        step_info: ``(task, before, action, after, params, xp) -> dict``: the v5 step's
            info, the signed ``reward_*`` terms included; ``before`` and ``after`` are the
            data before and after the physics step.
        state_info: ``(task, data, xp) -> dict``: the info of a state (the v5 reset info).
        is_healthy: ``(task, data, params, xp) -> bool array``, or ``None`` for a task that
            never terminates.
        reward: ``(info) -> reward``: how the step's signed terms add up to its reward, in
            the order of operations every shell uses (the native envs, one env or a batch, and
            MJX), so the reward is assembled in this one place.
        velocity_noise: How the default reset perturbs velocities: ``"uniform"`` or
            ``"normal"`` (``scale`` times a standard normal draw).
        initial_state: ``(task, rng, params) -> (qpos, qvel)`` drawn from a JAX key, for a
            task whose reset is not the default noise (``None``: the default).
        uses_contact_forces: Whether a term reads ``cfrc_ext`` (computed after each step only
            then, on MJX).
        before_fields: The data fields ``step_info`` reads from ``before``: the native shells
            keep copies of just these from before the physics step.
        tracked_info: ``(task, data, xp) -> dict``: the position entries of the point whose
            progress is rewarded, for a version that reports those instead of the state's
            info (``None``: the state's info).
        tracks_step_positions: The position entries the step info starts with are those of
            the point whose progress is rewarded: a version that reports the latter takes them
            from the step's info, and ``tracked_info`` is not evaluated.

    Every term takes one simulation or a batch of them alike: ``data`` fields may carry a
    leading batch axis (the threaded vector env passes stacked arrays), so the terms index
    from the end (``qpos[..., 0]``) and reduce over ``axis=-1``.
    """

    name: str
    params: type[ParamsT]
    # Any: each task has its own options record (a NamedTuple class).
    options: type[Any]
    rules: Mapping[Version, RulesT]
    observation_size: SizeTerm[RulesT]
    observation: ObservationTerm[RulesT, ParamsT]
    step_info: StepTerm[RulesT, ParamsT]
    state_info: StateTerm[RulesT] = field(default=_no_state_info)
    is_healthy: HealthTerm[RulesT, ParamsT] | None = None
    reward: RewardTerm = sum_reward_terms
    velocity_noise: Literal["uniform", "normal"] = "uniform"
    initial_state: InitialTerm[RulesT, ParamsT] | None = None
    uses_contact_forces: bool = False
    before_fields: tuple[str, ...] = ("qpos",)
    tracked_info: StateTerm[RulesT] | None = None
    tracks_step_positions: bool = False

    def default_params(self) -> ParamsT:
        """The params record with every default."""
        return self.params()


def is_terminal(
    definition: TaskDefinition[ParamsT, RulesT],
    task: TaskShell[RulesT],
    data: SimData,
    params: ParamsT,
    xp: ArrayNamespace,
) -> Array:
    """Whether ``data`` ends the episode: unhealthy, when the task ends episodes then.

    A task without a health check never ends one. Returns a boolean array (one flag, or one
    per row of a batch), traceable under ``jax.numpy``.
    """
    if definition.is_healthy is None:
        batch_shape = xp.shape(data.qpos)[:-1]
        if xp is np and not batch_shape:
            # one simulation: a numpy flag without building an array (a healthy task's check
            # of one simulation gives a numpy bool too)
            return cast("Array", np.False_)
        return xp.zeros(batch_shape, dtype=bool)
    healthy = checked_health(task, data, params, xp)
    ends = getattr(task.options, "terminate_when_unhealthy", True)
    if isinstance(healthy, (bool, np.bool_)):
        # one simulation's flag: Python's ``not``, where a ufunc costs more than the check
        return cast("Array", bool(ends) and not healthy)
    return xp.logical_not(healthy) & ends


def checked_health(task: TaskShell[RulesT], data: SimData, params: Any, xp: ArrayNamespace) -> Any:
    """``task.definition.is_healthy`` of ``data``, evaluated once per step by a native shell.

    A step asks twice whether its state is healthy: its info's survival bonus and its
    termination. See :func:`step_memo` for when the answer is kept.

    Raises:
        AssertionError: If the task has no health check.
    """
    check = task.definition.is_healthy
    assert check is not None, f"{task.definition.name} has no health check"
    # :func:`step_memo` written out: the check runs on every step, a closure per call costs
    memo = getattr(task, "_step_memo", None)
    if memo is None or memo["data"] is not data:
        return check(task, data, params, xp)
    if "healthy" not in memo:
        memo["healthy"] = check(task, data, params, xp)
    return memo["healthy"]


def checked_observation(
    task: TaskShell[RulesT], data: SimData, params: Any, xp: ArrayNamespace
) -> Array:
    """``task.definition.observation`` of ``data``, evaluated once per step by a native shell.

    For a health check that reads the observation (InvertedPendulum's); see :func:`step_memo`.
    """
    observation = task.definition.observation
    # :func:`step_memo` written out, as in :func:`checked_health`
    memo = getattr(task, "_step_memo", None)
    if memo is None or memo["data"] is not data:
        return observation(task, data, params, xp)
    if "observation" not in memo:
        memo["observation"] = observation(task, data, params, xp)
    return cast("Array", memo["observation"])


def step_memo(task: Any, data: Any, name: str, evaluate: Callable[[], Any]) -> Any:
    """What ``evaluate`` gives for ``data``, kept for the rest of a native shell's step.

    A native shell evaluating a step's terms (``TaskEnv._terms``) sets ``task._step_memo`` to
    ``{"data": data}`` for the data after the step, and drops it when the terms are done: a
    term asked twice in that step (the health check by the info and by the termination) is
    evaluated once, and the second asker gets the same object. Any other shell, and any other
    data, evaluates afresh.
    """
    memo = getattr(task, "_step_memo", None)
    if memo is None or memo["data"] is not data:
        return evaluate()
    if name not in memo:
        memo[name] = evaluate()
    return memo[name]
