"""LunarLander's actions as engine commands: which engines fire, and how hard."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["DISCRETE_COMMANDS", "Command", "clip_unit", "throttle_command"]

# An engine command: (main throttle, side throttle, side direction).
Command = tuple[float, float, float]

# The discrete actions: nothing, left engine, main engine, right engine.
DISCRETE_COMMANDS: tuple[Command, ...] = (
    (0.0, 0.0, 0),
    (0.0, 1.0, -1),
    (1.0, 0.0, 0),
    (0.0, 1.0, 1),
)


def throttle_command(action: Any) -> Command:
    """The engine command for a continuous action ``[main, lateral]``.

    Both values are clipped to ``[-1, 1]``. The main engine is off at or below 0 and runs from
    50% to 100% power above; the side engines are off within ``[-0.5, 0.5]`` and run from 50% to
    100% beyond, on the side of the sign.

    Args:
        action: Two numbers (an array, list or tuple).

    Returns:
        ``(main throttle, side throttle, side direction)``.

    Raises:
        IndexError: For a scalar (the reference indexes the action, which fails the same way).
        ValueError: For an array that is not 1-d.
    """
    if action.__class__ is np.ndarray and action.shape == (2,):
        main, lateral = action.tolist()
    else:
        values = np.asarray(action, dtype=np.float64)
        if values.ndim == 0:
            raise IndexError("LunarLander: a continuous action holds two values, got a scalar.")
        if values.ndim != 1:
            raise ValueError(
                "LunarLander: a continuous action is a 1-d array [main, lateral], got "
                f"shape {values.shape}."
            )
        main, lateral = float(values[0]), float(values[1])
    main, lateral = clip_unit(main), clip_unit(lateral)
    m_power = (main + 1.0) * 0.5 if main > 0.0 else 0.0
    if abs(lateral) > 0.5:
        return m_power, abs(lateral), 1.0 if lateral > 0.0 else -1.0
    return m_power, 0.0, 0.0


def clip_unit(value: float) -> float:
    """``value`` clipped to ``[-1, 1]``; NaN stays NaN (as ``np.clip``).

    Args:
        value: A float.

    Returns:
        The clipped float.
    """
    if value > 1.0:
        return 1.0
    if value < -1.0:
        return -1.0
    return value
