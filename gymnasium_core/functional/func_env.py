"""The functional environment template: a task written as pure functions."""

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

_REQUIRED = ("initial", "transition", "observation", "reward", "terminal")
# The methods `transform` replaces.
_TRANSFORMED = (*_REQUIRED, "state_info", "transition_info")


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
        return [name for name in _REQUIRED if getattr(cls, name) is getattr(FuncEnv, name)]
