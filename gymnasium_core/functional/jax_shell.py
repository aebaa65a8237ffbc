"""The env classes behind a family's JAX ids, written once for every family.

A family (``phys2d``, ``tabular``, MJX) registers two classes per task: a jitted single env and
a jitted vector env. Both are the generic adapters
(:class:`~gymnasium_core.functional.FunctionalJaxEnv`,
:class:`~gymnasium_core.functional.FunctionalJaxVectorEnv`) around one functional env built
from the keyword arguments ``make`` passes. :class:`JaxEnvShell` and :class:`JaxVectorEnvShell`
do that once: a task's class names its functional env class and its metadata, and that is all.

The keyword arguments are split once, here: those in :data:`SINGLE_ADAPTER_KEYS` /
:data:`VECTOR_ADAPTER_KEYS` go to the adapter, every other one to the functional env's
constructor. Both classes are :class:`~gymnasium_core.utils.EzPickle`: they record the
arguments they were built with, as Gymnasium's JAX env classes do.

Example:
    >>> from gymnasium_core.functional import JaxEnvShell
    >>> from gymnasium_core.envs.classic_control.cartpole import CartPoleFunctional
    >>> class MyCartPoleJaxEnv(JaxEnvShell):
    ...     func_env_cls = CartPoleFunctional
    ...     metadata = {"render_modes": ["rgb_array"], "render_fps": 50, "jax": True}
    >>> env = MyCartPoleJaxEnv(gravity=12.0)
    >>> float(env.params.gravity)
    12.0
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from typing import Any, ClassVar, TypeVar

from gymnasium_core.functional.func_env import FuncEnv
from gymnasium_core.functional.jax_env import FunctionalJaxEnv
from gymnasium_core.functional.jax_vector_env import FunctionalJaxVectorEnv
from gymnasium_core.utils import EzPickle

__all__ = [
    "SINGLE_ADAPTER_KEYS",
    "VECTOR_ADAPTER_KEYS",
    "JaxEnvShell",
    "JaxVectorEnvShell",
    "split_adapter_kwargs",
]

StateType = TypeVar("StateType")

#: The keyword arguments of :class:`FunctionalJaxEnv` a single-env shell passes on.
SINGLE_ADAPTER_KEYS: frozenset[str] = frozenset({"params"})

#: The keyword arguments of :class:`FunctionalJaxVectorEnv` a vector-env shell passes on.
VECTOR_ADAPTER_KEYS: frozenset[str] = frozenset(
    {"params", "autoreset_mode", "devices", "mesh", "mesh_axis", "render_all"}
)

# Any: a shell builds whatever functional env its task names, of any state, action and params.
AnyFuncEnv = FuncEnv[Any, Any, Any, Any, Any, Any, Any]


def split_adapter_kwargs(
    kwargs: Mapping[str, Any], adapter_keys: Set[str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Split ``kwargs`` into the functional env's arguments and the adapter's.

    Args:
        kwargs: The keyword arguments a shell was given.
        adapter_keys: The names that belong to the adapter.

    Returns:
        ``(func_env_kwargs, adapter_kwargs)``; together they hold every item of ``kwargs``.

    Example:
        >>> split_adapter_kwargs({"gravity": 9.0, "params": None}, SINGLE_ADAPTER_KEYS)
        ({'gravity': 9.0}, {'params': None})
    """
    task = {key: value for key, value in kwargs.items() if key not in adapter_keys}
    adapter = {key: value for key, value in kwargs.items() if key in adapter_keys}
    return task, adapter


class _ShellHooks:
    """What both shells ask of a task's class: its functional env, metadata and action check."""

    #: The functional env class of the task; its constructor takes the task's keyword arguments.
    func_env_cls: ClassVar[type[AnyFuncEnv]]
    #: Constructor arguments given before the caller's (a variant of a shared class).
    func_env_kwargs: ClassVar[Mapping[str, Any]] = {}
    metadata: dict[str, Any]

    @classmethod
    def make_func_env(cls, **kwargs: Any) -> AnyFuncEnv:
        """Build the task's functional env from the caller's keyword arguments.

        Args:
            **kwargs: The task's arguments (the adapter's were split off before).

        Returns:
            ``func_env_cls(**func_env_kwargs, **kwargs)``, the caller's values winning.
        """
        return cls.func_env_cls(**{**cls.func_env_kwargs, **kwargs})

    def shell_metadata(self, func_env: AnyFuncEnv) -> dict[str, Any]:
        """The env's metadata: a copy of the class's (override to take the task's own)."""
        return dict(self.metadata)

    def check_action(self, action: object) -> None:
        """Look at an action before it is stepped; nothing by default.

        A family overrides it to warn about actions its physics steps silently (MJX warns
        about non-finite controls). It runs on the host, before the jitted step.

        Args:
            action: The action (or batch of actions) given to ``step``.
        """


class JaxEnvShell(_ShellHooks, FunctionalJaxEnv[StateType], EzPickle):
    """One task on JAX, a jitted single env: set :attr:`func_env_cls` and :attr:`metadata`.

    Keyword arguments go to the functional env's constructor, except ``params``
    (:data:`SINGLE_ADAPTER_KEYS`), which the adapter uses for every call.
    """

    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "jax": True}

    def __init__(self, render_mode: str | None = None, **kwargs: Any) -> None:
        """Build the task from ``kwargs`` and move it to JAX.

        Args:
            render_mode: ``None`` or ``"rgb_array"``.
            **kwargs: The functional env's constructor arguments, plus ``params``.
        """
        task_kwargs, adapter = split_adapter_kwargs(kwargs, SINGLE_ADAPTER_KEYS)
        func_env = self.make_func_env(**task_kwargs)
        super().__init__(
            func_env,
            metadata=self.shell_metadata(func_env),
            render_mode=render_mode,
            **adapter,
        )
        EzPickle.__init__(self, render_mode=render_mode, **kwargs)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Step the task, after :meth:`check_action` has seen ``action``.

        Args:
            action: An action of :attr:`action_space`.

        Returns:
            ``(observation, reward, terminated, False, info)``.
        """
        self.check_action(action)
        return super().step(action)


class JaxVectorEnvShell(_ShellHooks, FunctionalJaxVectorEnv, EzPickle):
    """A batch of one task on JAX in one jitted call: set :attr:`func_env_cls` and metadata.

    Keyword arguments go to the functional env's constructor, except the adapter's options
    (:data:`VECTOR_ADAPTER_KEYS`: ``params``, ``autoreset_mode``, ``devices``, ``mesh``,
    ``mesh_axis``, ``render_all``). A family whose registration has a step limit of its own
    overrides ``__init__`` only to give ``max_episode_steps`` that default.
    """

    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "jax": True}

    def __init__(
        self,
        num_envs: int,
        render_mode: str | None = None,
        max_episode_steps: int | None = 0,
        **kwargs: Any,
    ) -> None:
        """Build the task from ``kwargs`` and batch it ``num_envs`` times.

        Args:
            num_envs: The number of sub-environments.
            render_mode: ``None`` or ``"rgb_array"``.
            max_episode_steps: Truncate episodes after this many steps (0 or ``None``: never).
            **kwargs: The functional env's constructor arguments, plus the adapter's options.
        """
        task_kwargs, adapter = split_adapter_kwargs(kwargs, VECTOR_ADAPTER_KEYS)
        func_env = self.make_func_env(**task_kwargs)
        super().__init__(
            func_env,
            num_envs,
            max_episode_steps=max_episode_steps or 0,
            metadata=self.shell_metadata(func_env),
            render_mode=render_mode,
            **adapter,
        )
        EzPickle.__init__(
            self,
            num_envs=num_envs,
            render_mode=render_mode,
            max_episode_steps=max_episode_steps,
            **kwargs,
        )

    def step(self, action: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Step every sub-env, after :meth:`check_action` has seen the batch of actions.

        Args:
            action: The batch of actions, ``(num_envs, *action_shape)``.

        Returns:
            ``(observations, rewards, terminations, truncations, info)`` as JAX arrays.
        """
        self.check_action(action)
        return super().step(action)
