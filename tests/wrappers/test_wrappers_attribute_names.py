"""Every wrapper keeps the attribute names the reference's sets on ``self`` (private ones too).

Subclasses and user code read and write them (``_has_reset``, ``_previous_data``,
``_max_episode_steps``, ...). Built with the same arguments on both packages, each of our
wrappers must have every instance attribute the reference's has; the base ``Wrapper``'s own
attributes are left to the core's tests.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import pytest
from test_wrappers_spec_rebuild import WRAPPER_NAMES, _builder

import gymnasium_core


def _own_names(env: Any, base: type) -> set[str]:
    """The instance attributes ``env`` sets beyond those of a bare ``base`` around its env."""
    return set(vars(env)) - set(vars(base(env.env)))


@pytest.mark.filterwarnings("ignore::gymnasium_core.logger.GymnasiumCoreWarning")
@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", WRAPPER_NAMES)
def test_wrapper__has_the_reference_instance_attributes(name: str, tmp_path: Any) -> None:
    builder = _builder(name)
    try:
        theirs = builder(gymnasium, tmp_path / "reference")
    except Exception as exc:  # the reference cannot build every stack here (torch, ...)
        pytest.skip(f"the reference cannot build {name}: {type(exc).__name__}")
    ours = builder(gymnasium_core, tmp_path / "ours")
    try:
        expected = _own_names(theirs, gymnasium.Wrapper)
        missing = sorted(attr for attr in expected if not hasattr(ours, attr))
        assert missing == [], f"{name} lacks {missing}"
    finally:
        ours.close()
        theirs.close()
