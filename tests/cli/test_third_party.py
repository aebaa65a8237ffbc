"""The whole path of a third-party package, built at test time (no network, no pip).

The packages are written into a temporary folder together with ``*.dist-info`` metadata that
declares the ``gymnasium_core.envs`` entry point, and that folder is put on ``sys.path`` of a
fresh interpreter: that is exactly what ``pip install`` leaves behind, so
``importlib.metadata`` finds the entry points as it would for an installed package.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ENVS_MODULE = '''
import numpy as np
import gymnasium_core as gym
from gymnasium_core import spaces


class CorridorEnv(gym.Env):
    """Walk right to the end of a corridor."""

    metadata = {"render_modes": ["rgb_array"], "render_fps": 30}

    def __init__(self, length=4, render_mode=None):
        self.length = length
        self.observation_space = spaces.Discrete(length)
        self.action_space = spaces.Discrete(2)
        self.render_mode = render_mode
        self.position = 0

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.position = int(self.np_random.integers(0, 2))
        return np.int64(self.position), {}

    def step(self, action):
        self.position = min(self.length - 1, max(0, self.position + (1 if action else -1)))
        done = self.position == self.length - 1
        return np.int64(self.position), float(done), done, False, {}

    def render(self):
        frame = np.zeros((8, 8 * self.length, 3), dtype=np.uint8)
        frame[:, 8 * self.position : 8 * self.position + 8] = 255
        return frame

    def get_keys_to_action(self):
        return {(ord("a"),): 0, (ord("d"),): 1}
'''

MAZE_INIT = """
from gymnasium_core import register

register(id="Maze/Corridor-v0", entry_point="maze_pkg.envs:CorridorEnv", max_episode_steps=20)
register(
    id="Maze/Corridor-v1",
    entry_point="maze_pkg.envs:CorridorEnv",
    max_episode_steps=50,
    kwargs={"length": 8},
)
"""

HOOK_REGISTRATION = """
from gymnasium_core import register


def register_all():
    # Runs inside the namespace named by the entry point ("Hooked").
    register(id="Room-v0", entry_point="maze_pkg.envs:CorridorEnv", kwargs={"length": 2})
"""

PLAIN_INIT = """
from gymnasium_core import register

register(id="Plain/Room-v3", entry_point="maze_pkg.envs:CorridorEnv", kwargs={"length": 3})
"""


def _dist_info(root: Path, name: str, entry_points: str) -> None:
    info = root / f"{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """A folder laid out like site-packages with three small packages (and a broken plugin)."""
    root = tmp_path_factory.mktemp("site")
    maze = root / "maze_pkg"
    maze.mkdir()
    (maze / "__init__.py").write_text(MAZE_INIT)
    (maze / "envs.py").write_text(ENVS_MODULE)
    hooked = root / "hooked_pkg"
    hooked.mkdir()
    (hooked / "__init__.py").write_text(HOOK_REGISTRATION)
    _dist_info(root, "maze_pkg", "[gymnasium_core.envs]\nMaze = maze_pkg\n")
    _dist_info(root, "hooked_pkg", "[gymnasium_core.envs]\nHooked = hooked_pkg:register_all\n")
    _dist_info(root, "broken_pkg", "[gymnasium_core.envs]\nBroken = no_such_module_abc:hook\n")
    plain = root / "plain_pkg"
    plain.mkdir()
    (plain / "__init__.py").write_text(PLAIN_INIT)
    return root


def run_python(site: Path, code: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH")]))
    command = [sys.executable, *(["-c", textwrap.dedent(code)] if code else []), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, env=env)


def test_plugin__registers_lazily_and_makes(site):
    result = run_python(
        site,
        """
        import sys, warnings
        import gymnasium_core as gym
        assert "maze_pkg" not in sys.modules, "plugins load on first registry read"
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            env = gym.make("Maze/Corridor-v1")
        assert "maze_pkg" in sys.modules
        # The broken plugin is reported and skipped.
        assert any("Broken" in str(w.message) for w in caught), [str(w.message) for w in caught]
        assert env.spec.id == "Maze/Corridor-v1" and env.spec.max_episode_steps == 50
        assert env.observation_space.n == 8
        env.reset(seed=0)
        print(sorted(i for i in gym.registry if i.startswith(("Maze/", "Hooked/"))))
        """,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['Hooked/Room-v0', 'Maze/Corridor-v0', 'Maze/Corridor-v1']"


def test_plugin__version_errors_and_suggestions(site):
    result = run_python(
        site,
        """
        import warnings
        import gymnasium_core as gym
        from gymnasium_core import error
        warnings.simplefilter("ignore")
        for bad, kind in [
            ("Maze/Corridor-v2", error.VersionNotFound),
            ("Maze/Coridor-v0", error.NameNotFound),
            ("Maz/Corridor-v0", error.NamespaceNotFound),
        ]:
            try:
                gym.make(bad)
            except kind as exc:
                print(type(exc).__name__, "|", exc)
            else:
                raise SystemExit(f"{bad} was made")
        """,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("VersionNotFound")
    assert "Corridor" in lines[1] and lines[1].startswith("NameNotFound")
    assert "Maze" in lines[2] and lines[2].startswith("NamespaceNotFound")


def test_module_id_form__registers_by_import(site):
    result = run_python(
        site,
        """
        import gymnasium_core as gym
        import plain_pkg
        gym.register_envs(plain_pkg)  # a no-op that keeps linters from dropping the import
        env = gym.make("plain_pkg:Plain/Room-v3")
        assert env.observation_space.n == 3
        print(env.spec.id)
        """,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "Plain/Room-v3"


def test_cli__checks_and_lists_third_party_ids(site):
    # The CLI's main() called several times in one fresh interpreter (one start-up, not four).
    result = run_python(
        site,
        """
        import contextlib, io, warnings
        warnings.simplefilter("ignore")
        from gymnasium_core.cli import main

        def run(*argv):
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(list(argv))
            return code, out.getvalue(), err.getvalue()

        code, out, _ = run("check", "Maze/Corridor-v0")
        assert code == 0 and "0 failed" in out.splitlines()[-1], out
        code, out, _ = run("check", "plain_pkg:Plain/Room-v3")
        assert code == 0, out
        code, out, _ = run("list", "--plain")
        assert {"Maze/Corridor-v0", "Hooked/Room-v0"} <= set(out.split()), out
        code, _, err = run("check", "Maze/Coridor-v0")
        assert code == 2 and "Corridor" in err, err
        print("ok")
        """,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_cli__entry_script_sees_plugins(site):
    result = run_python(site, "", "-m", "gymnasium_core", "check", "Maze/Corridor-v1")
    assert result.returncode == 0, result.stdout + result.stderr


def test_gymnasium_make__reaches_third_party_ids(site):
    pytest.importorskip("gymnasium", reason="the bridge needs gymnasium")
    result = run_python(
        site,
        """
        import warnings
        warnings.simplefilter("ignore")
        import gymnasium
        import gymnasium_core.compat
        env = gymnasium.make("gymnasium_core-Maze/Corridor-v0")
        assert env.spec.max_episode_steps == 20
        from gymnasium.utils.env_checker import check_env
        check_env(env.unwrapped)
        print(type(env.unwrapped).__name__)
        """,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "GymnasiumEnvAdapter"
