"""When and where the built-in and plugin ids get registered, whatever the order of calls.

The registry loads lazily, once per interpreter, so each scenario runs in a fresh Python
process: the first registry access is what the scenario is about.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

# Installs fake entry points (one plugin per group, `Hooked` in the default group, `Other` in
# a second group, and a `__root__` plugin in the default group) and counts the hook calls.
_PRELUDE = """
import warnings
warnings.simplefilter("error")

import gymnasium_core as gym
from gymnasium_core import registration
import gymnasium_core.registration as _registry_plugins
from gymnasium_core.registration import namespace

CALLS = []


class FakeEntryPoint:
    def __init__(self, name, env_name):
        self.name, self.value, self.attr = name, f"fake_{name}:hook", "hook"
        self.env_name = env_name

    def load(self):
        def hook():
            CALLS.append(self.name)
            gym.register(self.env_name, entry_point="fake.module:Env")
        return hook


POINTS = {
    "gymnasium_core.envs": [
        FakeEntryPoint("Hooked", "Foo-v0"),
        FakeEntryPoint("__root__", "RootFoo-v0"),
    ],
    "other.group": [FakeEntryPoint("Other", "Bar-v0")],
}
_registry_plugins.metadata.entry_points = lambda group: POINTS.get(group, [])


def check_builtins_in_root():
    ids = set(gym.registry)
    for env_id in ("CartPole-v1", "Taxi-v4", "phys2d/CartPole-v1", "tabular/Blackjack-v0"):
        assert env_id in ids, env_id
    misplaced = sorted(
        i for i in ids if "/" in i and i.split("/")[0] not in ("phys2d", "tabular", "mjx", "probe",
                                                                "probe_jax", "Hooked", "Other",
                                                                "user")
    )
    assert not misplaced, misplaced
    for ns in ("Hooked", "Other", "user"):
        assert f"{ns}/CartPole-v1" not in ids, ns
    assert registration.current_namespace is None
"""

_SCENARIOS = {
    "load_plugin_envs_first": """
        assert registration.load_plugin_envs() == ["Hooked", "__root__"]
        check_builtins_in_root()
        assert "Hooked/Foo-v0" in gym.registry and "RootFoo-v0" in gym.registry
        assert CALLS == ["Hooked", "__root__"], CALLS  # the automatic loading did not rerun
    """,
    "load_other_group_first": """
        assert registration.load_plugin_envs("other.group") == ["Other"]
        check_builtins_in_root()
        assert "Other/Bar-v0" in gym.registry and "Hooked/Foo-v0" in gym.registry
        assert sorted(CALLS) == ["Hooked", "Other", "__root__"], CALLS
    """,
    "register_inside_namespace_first": """
        with namespace("user"):
            gym.register("Mine-v0", entry_point="fake.module:Env")
            assert registration.current_namespace == "user"
        check_builtins_in_root()
        assert "user/Mine-v0" in gym.registry and "Hooked/Foo-v0" in gym.registry
    """,
    "make_inside_namespace_first": """
        with namespace("user"):
            env = gym.make("CartPole-v1")
            assert env.spec.id == "CartPole-v1"
        check_builtins_in_root()
    """,
    "load_plugin_envs_inside_namespace": """
        with namespace("user"):
            registration.load_plugin_envs()
            assert registration.current_namespace == "user"
        check_builtins_in_root()
        assert "RootFoo-v0" in gym.registry and "user/RootFoo-v0" not in gym.registry
    """,
    "read_registry_first": """
        assert "CartPole-v1" in gym.registry
        check_builtins_in_root()
        assert CALLS == ["Hooked", "__root__"], CALLS
    """,
}


@pytest.mark.parametrize("scenario", list(_SCENARIOS))
def test_registry_loading__builtins_in_root_namespace_whatever_the_call_order(
    scenario: str,
) -> None:
    script = _PRELUDE + textwrap.dedent(_SCENARIOS[scenario])
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-3000:]


def test_registry_loading__import_registers_nothing_and_user_ids_override_builtins() -> None:
    script = (
        "import sys, warnings\n"
        "import gymnasium_core\n"
        "assert dict.__len__(gymnasium_core.registry) == 0\n"
        "assert 'gymnasium_core.envs' not in sys.modules\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        "    gymnasium_core.register('CartPole-v1', entry_point='fake.module:Env')\n"
        "assert [str(w.message) for w in caught if 'Overriding' in str(w.message)], caught\n"
        "assert gymnasium_core.spec('CartPole-v1').entry_point == 'fake.module:Env'\n"
        "assert 'CartPole-v0' in gymnasium_core.registry\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-3000:]
