"""Native MuJoCo batched on threads: the ``vector_entry_point`` of every native MuJoCo id.

``make_vec("Ant-v5", 64, vectorization_mode="vector_entry_point")`` builds a
:class:`MujocoVectorEnv`: ``num_envs`` copies of the task, each with its own ``MjData``, split
into one contiguous chunk per thread: the caller's thread steps the first chunk and a
persistent pool the others, one task per thread per step. MuJoCo releases the GIL inside
``mj_step``, so the physics of the chunks runs in parallel while their Python takes turns.

Sub-environment ``i`` is the task class itself, seeded and stepped as ``make(id)`` would seed
and step it, so it gives exactly what a single env gives for the same seed and actions:
observations, rewards, flags and infos, over whole episodes with resets (the time limit of
the id is applied here, as ``make`` applies it with ``TimeLimit``).

For the tasks whose class sets ``HAS_BATCHED_TERMS`` (Ant, HalfCheetah, Hopper, Humanoid,
HumanoidStandup, InvertedPendulum, Pusher, Swimmer and Walker2d), the threads run only the
physics (and the next-step autoreset's resets), copying the fields the terms read before and
after each sub-env's step into stacked buffers; the definition's terms (observation, reward,
termination, info) are then evaluated once for the whole batch, over a
:class:`~._task.StackedData` of those buffers, with the parameters of sub-env 0: the same term
functions a single env evaluates on its own data. Every
other task runs its own ``step`` per sub-env on the threads, and so does a task subclass that
overrides the step or one of its hooks. After ``set_attr`` or ``call`` (which may change one
sub-env's parameters) every task does the latter.

The vector env pickles and deep-copies as a :class:`~gymnasium_core.vector.SyncVectorEnv` of
the same id does: the sub-environments travel with their simulation state and random
generators, the step's buffers with the autoreset bookkeeping, and the copy starts a thread
pool of its own (none if the original was closed), so it continues the same episodes.
"""

from __future__ import annotations

import importlib
import itertools
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, wait
from typing import Any, ClassVar, SupportsIndex

import mujoco
import numpy as np
from numpy.typing import NDArray

from gymnasium_core.vector.utils import batch_space
from gymnasium_core.vector.vector_env import (
    AutoresetMode,
    VectorEnv,
    as_autoreset_mode,
    pop_reset_mask,
    seeds_for,
)

from ._task import Snapshot, StackedData, TaskEnv
from .mujoco_env import MujocoEnv

__all__ = ["MujocoVectorEnv", "usable_cores", "vector_env_class"]

StepResult = tuple[
    NDArray[np.float64], NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]
]


def usable_cores() -> int:
    """The CPU cores this process may run on (at least one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class MujocoVectorEnv(VectorEnv[NDArray[np.float64], NDArray[np.float32], NDArray[Any]]):
    """``num_envs`` copies of one native MuJoCo task, stepped on a pool of threads.

    Subclasses name the task class in :attr:`env_cls` (see :func:`vector_env_class`); the
    registry has one per native id.

    Args:
        num_envs: The number of sub-environments.
        render_mode: ``None``, ``"rgb_array"``, ``"depth_array"`` or ``"rgbd_tuple"`` (no
            ``"human"``: sub-environments step on worker threads).
        max_episode_steps: Truncate an episode after this many steps (``None`` or ``-1``:
            never), as ``make`` does with ``TimeLimit``.
        autoreset_mode: An :class:`~gymnasium_core.vector.AutoresetMode` or its value.
        num_threads: Threads that step the sub-environments (default: the usable cores;
            never more than ``num_envs``). With one thread everything runs in the caller's.
        render_all: :meth:`render` returns every sub-environment's frame, not only sub-env 0's.
        **kwargs: The task's keyword arguments (``xml_file``, weights, noise scales, ...),
            given to every sub-environment.

    Raises:
        ValueError: If ``num_envs`` or ``num_threads`` is not a positive integer, or
            ``render_mode`` is ``"human"``.
    """

    env_cls: ClassVar[type[TaskEnv]]

    def __init__(
        self,
        num_envs: int,
        render_mode: str | None = None,
        max_episode_steps: int | None = None,
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
        num_threads: int | None = None,
        render_all: bool = False,
        **kwargs: Any,
    ) -> None:
        """Build the sub-environments and the thread pool."""
        super().__init__()
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, got {num_envs!r}")
        threads = usable_cores() if num_threads is None else num_threads
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise ValueError(f"num_threads must be a positive integer, got {num_threads!r}")
        if render_mode == "human":
            raise ValueError(
                "MujocoVectorEnv renders offscreen only: use render_mode='rgb_array', "
                "'depth_array' or 'rgbd_tuple', or a SyncVectorEnv to watch a window."
            )
        self.num_envs = num_envs
        self.num_threads = min(threads, num_envs)
        self.autoreset_mode = as_autoreset_mode(autoreset_mode)
        self.max_episode_steps = max_episode_steps
        self.render_mode = render_mode
        self.render_all = render_all
        self.envs: list[TaskEnv] = [
            self.env_cls(render_mode=render_mode, **kwargs) for _ in range(num_envs)
        ]
        first = self.envs[0]
        modes = [mode for mode in first.metadata.get("render_modes", []) if mode != "human"]
        self.metadata = {
            **first.metadata,
            "render_modes": modes,
            "autoreset_mode": self.autoreset_mode,
        }
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)

        bounds = np.linspace(0, num_envs, self.num_threads + 1).round().astype(int)
        self._chunks = [range(lo, hi) for lo, hi in itertools.pairwise(bounds)]
        self._pool: ThreadPoolExecutor | None = None
        self._start_threads()
        obs_shape = (num_envs, *(first.observation_space.shape or ()))
        self._observations: NDArray[np.float64] = np.zeros(obs_shape, dtype=np.float64)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._autoreset_envs = np.zeros(num_envs, dtype=np.bool_)
        self._elapsed_steps = np.zeros(num_envs, dtype=np.int64)
        # The definition's terms over the whole batch, where they are written for batches and
        # no subclass has changed what a step computes.
        self._batched = bool(getattr(self.env_cls, "HAS_BATCHED_TERMS", False)) and (
            first.batches_terms
        )
        # The fields the batched terms read after the physics step, learnt on the first step.
        self._after_fields: tuple[str, ...] | None = None
        self._bind()

    # -- the vector API ---------------------------------------------------------------------

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[NDArray[np.float64], dict[str, Any]]:
        """Reset the sub-environments (all, or those in ``options["reset_mask"]``).

        Args:
            seed: ``None`` (no re-seeding), an int ``s`` (sub-environment ``i`` gets ``s + i``)
                or one seed per sub-environment.
            options: Given to each reset sub-environment; a boolean ``"reset_mask"`` of shape
                ``(num_envs,)`` is taken out and limits the reset to the selected ones.

        Returns:
            The observations, shape ``(num_envs, obs_dim)``, and the batched infos.
        """
        seeds = seeds_for(seed, self.num_envs)
        mask = pop_reset_mask(options, self.num_envs)
        selected = range(self.num_envs) if mask is None else np.flatnonzero(mask).tolist()
        infos: dict[str, Any] = {}
        for index in selected:
            observation, info = self.envs[index].reset(seed=seeds[index], options=options)
            self._observations[index] = observation
            self._elapsed_steps[index] = 0
            self._autoreset_envs[index] = False
            self._terminations[index] = self._truncations[index] = False
            infos = self._add_info(infos, info, index)
        return self._observations.copy(), infos

    def step(self, actions: NDArray[np.float32]) -> StepResult:
        """Step every sub-environment, resetting those whose episode ended as the mode says.

        Args:
            actions: The actions, shape ``(num_envs, action_dim)``.

        Returns:
            ``(observations, rewards, terminations, truncations, infos)``: observations
            ``(num_envs, obs_dim)`` float64, rewards float64 and flags bool of shape
            ``(num_envs,)``.

        Raises:
            ValueError: If ``actions`` does not hold one action per sub-environment.
            RuntimeError: In the ``DISABLED`` mode, if a sub-environment whose episode ended is
                stepped before ``reset(options={"reset_mask": ...})`` reset it.
        """
        actions = np.asarray(actions)
        if actions.shape[:1] != (self.num_envs,):
            raise ValueError(
                f"Expected actions of shape {self.action_space.shape}, got {actions.shape}"
            )
        resetting = self._autoreset_envs.copy()
        if self.autoreset_mode is AutoresetMode.DISABLED and resetting.any():
            index = int(np.flatnonzero(resetting)[0])
            raise RuntimeError(
                f"Sub-environment {index} ended its episode and autoreset is disabled: reset "
                "it with `reset(options={'reset_mask': mask})` before stepping it again."
            )
        if self.autoreset_mode is not AutoresetMode.NEXT_STEP:
            resetting[:] = False
        if self._batched:
            return self._step_batched(actions, resetting)
        outcomes = self._step_all(actions, resetting)

        infos: dict[str, Any] = {}
        for index, outcome in enumerate(outcomes):
            if outcome is None:  # NEXT_STEP: this step is the reset, the action is dropped
                observation, info = self.envs[index].reset()
                self._elapsed_steps[index] = 0
                self._rewards[index] = 0.0
                self._terminations[index] = self._truncations[index] = False
            else:
                observation, reward, terminated, truncated, info = outcome
                self._elapsed_steps[index] += 1
                limit = self.max_episode_steps
                if limit is not None and limit != -1 and self._elapsed_steps[index] >= limit:
                    truncated = True
                self._rewards[index] = reward
                self._terminations[index] = terminated
                self._truncations[index] = truncated
                if self.autoreset_mode is AutoresetMode.SAME_STEP and (terminated or truncated):
                    infos = self._add_info(
                        infos, {"final_obs": observation, "final_info": info}, index
                    )
                    observation, info = self.envs[index].reset()
                    self._elapsed_steps[index] = 0
            self._observations[index] = observation
            infos = self._add_info(infos, info, index)
        return self._results(infos)

    def _step_batched(self, actions: NDArray[Any], resetting: NDArray[np.bool_]) -> StepResult:
        """Physics and NEXT_STEP resets on the threads, then the task terms once over the batch."""
        envs, infos = self.envs, {}
        everyone = not resetting.any()
        active = self._everyone if everyone else np.flatnonzero(~resetting)
        if active.size:
            nu = envs[0].model.nu
            if actions.shape[1:] != (nu,):
                raise ValueError(
                    f"Action dimension mismatch. Expected {(nu,)}, found {actions.shape[1:]}"
                )
        # a field read from before the step that no thread copies is stacked here, before it
        early = {}
        if self._before_unbuffered:
            stacked = StackedData([self._datas[index] for index in active.tolist()])
            early = {name: getattr(stacked, name) for name in self._before_unbuffered}
        resets: dict[int, tuple[Any, dict[str, Any]]] = {}
        skipped = resetting.tolist()
        self._run_chunks(lambda chunk: self._advance(chunk, actions, skipped, resets), self._chunks)
        if active.size:
            before, after = self._stacked(active, everyone, early)
            observations, rewards, terminations, info = envs[0]._terms(
                before, actions if everyone else actions[active], after
            )
            if self._after_fields is None:
                self._learn_after_fields(after)
            self._observations[active] = observations
            self._rewards[active] = rewards
            self._terminations[active] = terminations
            self._elapsed_steps[active] += 1
            limit = self.max_episode_steps
            if limit is not None and limit != -1:
                self._truncations[active] = self._elapsed_steps[active] >= limit
            else:
                self._truncations[active] = False
            infos = self._batched_info(info, active, everyone)
            if self.autoreset_mode is AutoresetMode.SAME_STEP:
                infos = self._reset_ended(active, info, infos)
        for index in sorted(resets):  # NEXT_STEP: this step was the reset
            self._observations[index], reset_info = resets[index]
            self._elapsed_steps[index] = 0
            self._rewards[index] = 0.0
            self._terminations[index] = self._truncations[index] = False
            infos = self._add_info(infos, reset_info, index)
        return self._results(infos)

    def _stacked(
        self, active: NDArray[np.intp], everyone: bool, early: dict[str, NDArray[Any]]
    ) -> tuple[Snapshot, StackedData]:
        """The data before and after the step of the ``active`` sub-envs, as the terms read it.

        The threads copied the fields the terms read into the stacked buffers (see
        :meth:`_advance`); ``early`` holds the other fields read from before the step, and an
        other field read after it is stacked when the terms first ask for it.
        """
        before, after = self._before_buffers, self._after_buffers
        if everyone:
            datas = self._datas
        else:
            datas = [self._datas[index] for index in active]
            before = {name: buffer[active] for name, buffer in before.items()}
            after = {name: buffer[active] for name, buffer in after.items()}
        fields = self.envs[0].definition.before_fields
        snapshot = Snapshot(StackedData(datas, {**before, **early}), fields)
        return snapshot, StackedData(datas, after)

    def _learn_after_fields(self, after: StackedData) -> None:
        """Keep the fields the terms read after the step, for the threads to copy from now on.

        Only fields that are views of an ``MjData`` array can be copied from a view made once;
        any other (a number such as ``time``) is stacked afresh at every step.
        """
        data = self._datas[0]
        self._after_fields = tuple(
            name for name in vars(after) if not name.startswith("_") and _is_view(data, name)
        )
        self._bind()

    def _batched_info(
        self, info: dict[str, Any], active: NDArray[np.intp], everyone: bool
    ) -> dict[str, Any]:
        """The terms' info of the ``active`` sub-envs in the vector layout (a mask per key)."""
        infos: dict[str, Any] = {}
        num_envs = self.num_envs
        mask = np.zeros(num_envs, dtype=np.bool_)
        mask[active] = True
        for key, values in info.items():
            values = np.asarray(values)
            if everyone and values.shape[:1] == (num_envs,):
                batched = values.copy()  # a term may give a view of a stacked buffer
            else:
                batched = np.zeros((num_envs, *values.shape[1:]), dtype=values.dtype)
                batched[active] = values
            infos[key], infos[f"_{key}"] = batched, mask.copy()
        return infos

    def _reset_ended(
        self, active: NDArray[np.intp], info: dict[str, Any], infos: dict[str, Any]
    ) -> dict[str, Any]:
        """SAME_STEP: reset the sub-envs whose episode ended, keeping their final step."""
        ended = active[self._terminations[active] | self._truncations[active]]
        for index in ended.tolist():
            final_info = {key: infos[key][index] for key in info}
            final = {"final_obs": self._observations[index].copy(), "final_info": final_info}
            infos = self._add_info(infos, final, index)
            for key in info:
                infos[f"_{key}"][index] = False
            self._observations[index], reset_info = self.envs[index].reset()
            self._elapsed_steps[index] = 0
            infos = self._add_info(infos, reset_info, index)
        return infos

    def _results(self, infos: dict[str, Any]) -> StepResult:
        """Mark the sub-envs whose episode ended and return copies of the step's buffers."""
        np.logical_or(self._terminations, self._truncations, out=self._autoreset_envs)
        return (
            self._observations.copy(),
            self._rewards.copy(),
            self._terminations.copy(),
            self._truncations.copy(),
            infos,
        )

    def _advance(
        self,
        chunk: Sequence[int],
        actions: NDArray[Any],
        skipped: list[bool],
        resets: dict[int, tuple[Any, dict[str, Any]]],
    ) -> None:
        """Step the physics of the sub-envs in ``chunk`` (one thread's share of a step).

        Around each sub-env's physics step, the fields its terms read before and after it are
        copied into the stacked buffers: the copies of one thread run while the others are in
        ``mj_step``, which releases the GIL. A ``skipped`` sub-env (NEXT_STEP: its episode
        ended on the last step) is reset instead, its observation and info put in ``resets``.
        """
        step, forces = mujoco.mj_step, mujoco.mj_rnePostConstraint
        sims, copies_before, copies_after = self._sims, self._copies_before, self._copies_after
        for index in chunk:
            env, model, data, ctrl = sims[index]
            if skipped[index]:
                resets[index] = env.reset()
                continue
            for target, source in copies_before[index]:
                target[...] = source
            if self._own_physics:
                env._step_mujoco_simulation(actions[index], env.frame_skip)
            else:  # MujocoEnv._step_mujoco_simulation, without its attribute look-ups
                ctrl[:] = actions[index]
                step(model, data, env.frame_skip)
                forces(model, data)
            for target, source in copies_after[index]:
                target[...] = source

    def _step_all(self, actions: NDArray[Any], skipped: NDArray[np.bool_]) -> list[Any]:
        """Each sub-env's step outcome (``None`` where ``skipped``), one chunk per thread."""
        outcomes: list[Any] = [None] * self.num_envs

        def run(chunk: Sequence[int]) -> None:
            envs = self.envs
            for index in chunk:
                if not skipped[index]:
                    outcomes[index] = envs[index].step(actions[index])

        self._run_chunks(run, self._chunks)
        return outcomes

    def _run_chunks(self, run: Callable[[Any], None], chunks: Sequence[Any]) -> None:
        """``run`` each chunk: the first in the caller's thread, the others on the pool's.

        Waits for every chunk, then re-raises the first error.
        """
        pool = self._pool
        if pool is None:
            for chunk in chunks:
                run(chunk)
            return
        futures = [pool.submit(run, chunk) for chunk in chunks[1:]]
        try:
            run(chunks[0])
        finally:
            wait(futures)
        for future in futures:
            future.result()

    def _bind(self) -> None:
        """Cache what the physics loop reads of each sub-env, and the stacked buffers.

        The stacked buffers hold one row per sub-env of each field the batched terms read
        before (the definition's ``before_fields``) and after the physics step (learnt on the
        first step); each sub-env's rows are filled from views of its ``MjData``.
        """
        envs = self.envs
        self._datas = [env.data for env in envs]
        self._sims = [(env, env.model, env.data, env.data.ctrl) for env in envs]
        self._everyone = np.arange(self.num_envs)
        own = type(envs[0])._step_mujoco_simulation is not MujocoEnv._step_mujoco_simulation
        self._own_physics = own
        before = envs[0].definition.before_fields if self._batched else ()
        views = [name for name in before if _is_view(self._datas[0], name)]
        self._before_buffers = self._buffers(views)
        self._before_unbuffered = tuple(name for name in before if name not in views)
        self._after_buffers = self._buffers(self._after_fields or ())
        self._copies_before = self._copies(self._before_buffers)
        self._copies_after = self._copies(self._after_buffers)

    def _buffers(self, fields: Sequence[str]) -> dict[str, NDArray[Any]]:
        """One stacked buffer per field: ``(num_envs, *shape)`` of the field's shape and type."""
        buffers = {}
        for name in fields:
            field = np.asarray(getattr(self._datas[0], name))
            buffers[name] = np.empty((self.num_envs, *field.shape), field.dtype)
        return buffers

    def _copies(self, buffers: dict[str, NDArray[Any]]) -> list[list[tuple[Any, Any]]]:
        """Per sub-env, ``(row of a buffer, view of the field in its MjData)`` pairs."""
        return [
            [(buffer[index], getattr(data, name)) for name, buffer in buffers.items()]
            for index, data in enumerate(self._datas)
        ]

    def render(self) -> Any:
        """Sub-env 0's frame, or a tuple of every sub-env's frame with ``render_all``."""
        if self.render_mode is None:
            return None
        if self.render_all:
            return tuple(env.render() for env in self.envs)
        return self.envs[0].render()

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """Call method ``name`` of every sub-environment (or read it, if not callable).

        A call may change a sub-env's parameters, so from then on each sub-env computes its
        own step terms.
        """
        self._batched = False
        results = []
        for env in self.envs:
            found = getattr(env, name)
            results.append(found(*args, **kwargs) if callable(found) else found)
        return tuple(results)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """Attribute ``name`` of every sub-environment."""
        return tuple(getattr(env, name) for env in self.envs)

    def set_attr(self, name: str, values: Any) -> None:
        """Set attribute ``name`` of each sub-environment (one value each, or one for all).

        Raises:
            ValueError: If a list or tuple of values does not have one per sub-environment.
        """
        self._batched = False  # the batch's terms read sub-env 0's parameters
        if not isinstance(values, list | tuple):
            values = [values] * self.num_envs
        if len(values) != self.num_envs:
            raise ValueError(f"Expected {self.num_envs} values for {name!r}, got {len(values)}")
        for env, value in zip(self.envs, values, strict=True):
            setattr(env, name, value)

    def _start_threads(self) -> None:
        """Start the thread pool (none with one thread: everything runs in the caller's)."""
        if self.num_threads > 1:  # the caller's thread steps the first chunk
            self._pool = ThreadPoolExecutor(
                self.num_threads - 1, thread_name_prefix="mujoco-vector"
            )

    # -- pickling -----------------------------------------------------------------------------

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        """Pickle a class made by :func:`vector_env_class` through that function.

        Such a class lives in no module a pickle could name; its task class does, so the copy
        remakes the class from it (the same class object in the same process).
        """
        cls = type(self)
        if cls.__dict__.get("_made_for") is not cls.env_cls:
            return super().__reduce_ex__(protocol)
        return _new_vector_env, (cls.env_cls, cls.__name__), self.__getstate__()

    def __getstate__(self) -> dict[str, Any]:
        """Every attribute but the thread pool, whose threads do not pickle.

        The sub-environments pickle with their simulation state and random generators (see
        :class:`~.mujoco_env.MujocoEnv`), and the step's buffers with the autoreset
        bookkeeping, so a copy continues the same episodes.
        """
        state = self.__dict__.copy()
        state["_pool"] = None
        for name in _BOUND:  # views of the sub-envs' data: remade by the copy
            state.pop(name, None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore the attributes and start a new thread pool, unless the env was closed."""
        self.__dict__.update(state)
        self._bind()
        if not self.closed:
            self._start_threads()

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the threads and close every sub-environment."""
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
        for env in self.envs:
            env.close()


def _is_view(data: Any, name: str) -> bool:
    """Whether field ``name`` of ``data`` is an array viewing the simulation's own memory."""
    field = getattr(data, name)
    return (
        isinstance(field, np.ndarray)
        and field.ndim > 0
        and np.shares_memory(field, getattr(data, name))
    )


#: What :meth:`MujocoVectorEnv._bind` caches: views of the sub-envs' data, left out of a pickle.
_BOUND = (
    "_datas",
    "_sims",
    "_everyone",
    "_own_physics",
    "_before_buffers",
    "_before_unbuffered",
    "_after_buffers",
    "_copies_before",
    "_copies_after",
)

_CLASSES: dict[str, type[MujocoVectorEnv]] = {}


def vector_env_class(env_cls: type[TaskEnv], name: str | None = None) -> type[MujocoVectorEnv]:
    """A :class:`MujocoVectorEnv` subclass that batches ``env_cls``.

    Args:
        env_cls: The task class of the sub-environments.
        name: The class name (default: ``env_cls``'s name with ``Vector`` before ``Env``).
    """
    name = name or env_cls.__name__.removesuffix("Env") + "VectorEnv"
    cls = _MADE.get((env_cls, name))
    if cls is None:
        namespace = {"env_cls": env_cls, "_made_for": env_cls, "__module__": __name__}
        cls = type(name, (MujocoVectorEnv,), namespace)
        cls.__doc__ = f"``num_envs`` copies of :class:`{env_cls.__module__}.{env_cls.__name__}`."
        _MADE[(env_cls, name)] = cls
    return cls


#: The classes :func:`vector_env_class` made, so that it makes each one once.
_MADE: dict[tuple[type[TaskEnv], str], type[MujocoVectorEnv]] = {}


def _new_vector_env(env_cls: type[TaskEnv], name: str) -> MujocoVectorEnv:
    """An empty :class:`MujocoVectorEnv` of ``vector_env_class(env_cls, name)``, to unpickle."""
    cls = vector_env_class(env_cls, name)
    return cls.__new__(cls)


# The registry's entry points name these classes: ``<Task>V4VectorEnv`` / ``<Task>V5VectorEnv``
# batch the task class of ``<module>_v4`` / ``<module>_v5``.
_TASKS = {
    "Ant": "ant",
    "HalfCheetah": "half_cheetah",
    "Hopper": "hopper",
    "Humanoid": "humanoid",
    "HumanoidStandup": "humanoidstandup",
    "InvertedDoublePendulum": "inverted_double_pendulum",
    "InvertedPendulum": "inverted_pendulum",
    "Pusher": "pusher",
    "Reacher": "reacher",
    "Swimmer": "swimmer",
    "Walker2d": "walker2d",
}


def __getattr__(name: str) -> Any:
    """Build ``<Task>V4VectorEnv`` / ``<Task>V5VectorEnv`` on first access."""
    for task, module in _TASKS.items():
        for version in ("v4", "v5"):
            if name == f"{task}{version.upper()}VectorEnv":
                if name not in _CLASSES:
                    task_module = importlib.import_module(f"{__package__}.{module}_{version}")
                    env_cls = getattr(task_module, f"{task}Env")
                    _CLASSES[name] = vector_env_class(env_cls, name)
                    globals()[name] = _CLASSES[name]
                return _CLASSES[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
