"""The functional environment template: a task written as pure functions.

Also the checks every adapter makes of the object it is given: whether it defines the required
functions (:func:`check_func_env`), its default params, and whether it is one of ours.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, Self, TypeAlias, TypeVar

import numpy as np

from gymnasium_core.functional.array_types import Namespace
from gymnasium_core.functional.random import RNG as RNG  # the name FuncEnv's signatures use
from gymnasium_core.spaces import Space

if TYPE_CHECKING:
    from numpy.typing import NDArray

#: A drawn frame, ``(height, width, 3)`` uint8.
RGBFrame: TypeAlias = "NDArray[np.uint8]"
#: A function applied to each functional method by :meth:`FuncEnv.transform` (``jax.jit``, ...).
# Any: the methods have different signatures, and a transformation keeps each one's.
Transformation: TypeAlias = Callable[[Callable[..., Any]], Callable[..., Any]]

# The type parameters of a functional env, under the names Gymnasium's FuncEnv gives them.
StateType = TypeVar("StateType")  # the dynamic state: a NamedTuple, a pytree on JAX
ObsType = TypeVar("ObsType")  # what `observation` returns
ActType = TypeVar("ActType")  # what `transition` and `reward` take as the action
RewardType = TypeVar("RewardType")  # what `reward` returns: a float or an array of them
TerminalType = TypeVar("TerminalType")  # what `terminal` returns: a bool or an array of them
RenderStateType = TypeVar("RenderStateType")  # what `render_init` opens and rendering carries
Params = TypeVar("Params")  # the task's numbers: a NamedTuple, batched for randomisation

#: The functions every functional environment must define.
REQUIRED_FUNCTIONS = ("initial", "transition", "observation", "reward", "terminal")
# The methods `transform` replaces.
_TRANSFORMED = (*REQUIRED_FUNCTIONS, "state_info", "transition_info")

# The templates whose stubs only raise NotImplementedError: ours and Gymnasium's.
_TEMPLATES = {
    ("gymnasium_core.functional.func_env", "FuncEnv"),
    ("gymnasium.experimental.functional", "FuncEnv"),
}


class FuncEnv(
    Generic[StateType, ObsType, ActType, RewardType, TerminalType, RenderStateType, Params]
):
    """An environment as pure functions of (state, action, rng, params).

    Nothing here holds episode state: the adapters (a stateful :class:`~gymnasium_core.Env`,
    the numpy-batched vector env, the JAX envs) carry the state and call these functions.
    Array code uses :attr:`xp`, the array namespace (``numpy`` by default, ``jax.numpy`` when
    the env is moved to JAX with :meth:`with_xp`); random draws go through
    :mod:`gymnasium_core.functional.random`, which accepts a numpy generator or a JAX key.

    The signatures are those of Gymnasium's ``FuncEnv``, so an env written for it runs here.

    Attributes:
        observation_space: The space of one observation.
        action_space: The space of one action.
        xp: The array namespace the functions compute with.
    """

    # Any: a space holds numpy values even where the functions return JAX arrays, so its
    # element type is not ObsType / ActType in general.
    observation_space: Space[Any]
    action_space: Space[Any]
    xp: Namespace[Any] = np

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        """Set constants from ``options`` and compute the default params.

        Args:
            options: Attribute values to set on the instance.
        """
        self.__dict__.update(options or {})
        self.default_params = self.get_default_params()

    def __getstate__(self) -> dict[str, Any]:
        # Modules do not pickle: an instance's namespace travels by its backend name.
        state = dict(self.__dict__)
        if "xp" in state:
            from gymnasium_core.functional.backends import name_of

            state["xp"] = name_of(state["xp"])
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        if isinstance(state.get("xp"), str):
            from gymnasium_core.functional.backends import get_namespace

            state = {**state, "xp": get_namespace(state["xp"])}
        self.__dict__.update(state)

    def initial(self, rng: RNG, params: Params | None = None) -> StateType:
        """Draw an initial state."""
        raise NotImplementedError

    def transition(
        self, state: StateType, action: ActType, rng: RNG, params: Params | None = None
    ) -> StateType:
        """Return the state after ``action``."""
        raise NotImplementedError

    def observation(self, state: StateType, rng: RNG, params: Params | None = None) -> ObsType:
        """Return the observation of ``state``."""
        raise NotImplementedError

    def reward(
        self,
        state: StateType,
        action: ActType,
        next_state: StateType,
        rng: RNG,
        params: Params | None = None,
    ) -> RewardType:
        """Return the reward of the transition ``state --action--> next_state``."""
        raise NotImplementedError

    def terminal(self, state: StateType, rng: RNG, params: Params | None = None) -> TerminalType:
        """Return whether ``state`` is terminal."""
        raise NotImplementedError

    # Any: info values are whatever a task reports (arrays, numbers, nested dicts).
    def state_info(self, state: StateType, params: Params | None = None) -> dict[str, Any]:
        """Return the info of a state (the info of ``reset``)."""
        return {}

    def transition_info(
        self, state: StateType, action: ActType, next_state: StateType, params: Params | None = None
    ) -> dict[str, Any]:
        """Return the info of a transition (the info of ``step``)."""
        return {}

    def transform(self, func: Transformation) -> None:
        """Replace each functional method by ``func(method)`` (for example ``jax.jit``), in place.

        Kept for code written against Gymnasium's ``FuncEnv``; the adapters never call it (they
        wrap the functions they need), and :meth:`transformed` returns a transformed copy
        instead of changing this env.

        Each method is transformed as a method of an untransformed copy, so a method that calls
        another (Acrobot's ``reward`` asks ``terminal``) calls the plain one: under ``jax.vmap``
        the transformed one would map its already mapped arguments a second time. A method
        transformed before is transformed again, so ``transform(jax.vmap)`` then
        ``transform(jax.jit)`` compose.

        Args:
            func: A function transformation such as ``jax.jit`` or ``jax.vmap``.
        """
        plain = copy.copy(self)
        for name in _TRANSFORMED:
            plain.__dict__.pop(name, None)
        for name in _TRANSFORMED:
            earlier = self.__dict__.get(name)
            setattr(self, name, func(earlier if earlier is not None else getattr(plain, name)))

    def transformed(self, func: Transformation) -> Self:
        """Return a copy whose functional methods are ``func(method)``; ``self`` is unchanged.

        Args:
            func: A function transformation such as ``jax.jit`` or ``jax.vmap``.

        Returns:
            The transformed copy.
        """
        clone = copy.copy(self)
        clone.transform(func)
        return clone

    def render_image(
        self, state: StateType, render_state: RenderStateType, params: Params | None = None
    ) -> tuple[RenderStateType, RGBFrame]:
        """Draw ``state``; return the updated render state and an RGB frame."""
        raise NotImplementedError

    # Any: render options differ per task (screen size, render mode, fps).
    def render_init(self, params: Params | None = None, **kwargs: Any) -> RenderStateType:
        """Create the render state (window, surface, ...)."""
        raise NotImplementedError

    def render_close(self, render_state: RenderStateType, params: Params | None = None) -> None:
        """Release the render state."""
        raise NotImplementedError

    # Any: the overrides are params fields, of whatever types the task's params hold.
    def get_default_params(self, **kwargs: Any) -> Params | None:
        """Return the default params, with ``kwargs`` overriding fields."""
        return None

    def with_xp(self, xp: Namespace[Any] | ModuleType | str) -> Self:
        """Return a shallow copy of this env that computes with array namespace ``xp``.

        Args:
            xp: A namespace (``numpy``, ``jax.numpy``, :data:`~gymnasium_core.functional.
                backends.scalar`) or a backend name (``"numpy"``, ``"jax"``, ``"scalar"``).

        Returns:
            The copy; ``self`` keeps its namespace.
        """
        from gymnasium_core.functional.backends import get_namespace

        clone = copy.copy(self)
        clone.xp = get_namespace(xp)
        return clone

    @classmethod
    def missing_functions(cls) -> list[str]:
        """Names of the required functions this class does not define."""
        return [name for name in REQUIRED_FUNCTIONS if getattr(cls, name) is getattr(FuncEnv, name)]


def _is_template(cls: type) -> bool:
    return (cls.__module__, cls.__qualname__) in _TEMPLATES


def missing_functions(func_env: Any) -> list[str]:
    """The required functions ``func_env`` leaves undefined.

    A function counts as defined when the instance carries it (after ``transform``) or a class
    of its MRO other than a ``FuncEnv`` template defines it.

    Args:
        func_env: A functional environment (ours, Gymnasium's, or any object with the methods).

    Returns:
        The missing names, in :data:`REQUIRED_FUNCTIONS` order.
    """
    missing = []
    instance_attrs = getattr(func_env, "__dict__", {})
    for name in REQUIRED_FUNCTIONS:
        if name in instance_attrs:
            continue
        owner = next((c for c in type(func_env).__mro__ if name in vars(c)), None)
        if owner is None or _is_template(owner) or not callable(getattr(func_env, name)):
            missing.append(name)
    return missing


def check_func_env(func_env: Any) -> None:
    """Raise a ``TypeError`` naming the required functions ``func_env`` lacks.

    Args:
        func_env: The functional environment an adapter is given.

    Raises:
        TypeError: If any of :data:`REQUIRED_FUNCTIONS` is undefined.
    """
    missing = missing_functions(func_env)
    if missing:
        raise TypeError(
            f"{type(func_env).__name__} cannot be used as a functional environment: it does not "
            f"define {', '.join(f'`{m}`' for m in missing)}."
        )


def default_params(func_env: Any) -> Any:
    """The env's default params: its ``default_params`` attribute, else ``get_default_params()``."""
    if hasattr(func_env, "default_params"):
        return func_env.default_params
    getter = getattr(func_env, "get_default_params", None)
    return getter() if getter is not None else None


def is_ours(func_env: Any) -> bool:
    """Whether ``func_env`` derives from our ``FuncEnv`` (so ``params`` may always be passed)."""
    return isinstance(func_env, FuncEnv)
