"""A third-party environment package, found by gymnasium_core through its entry point.

``mypkg/`` is a package as its author would publish it: ``pyproject.toml`` declares the entry
point group ``gymnasium_core.envs``, and importing ``mypkg`` registers ``mypkg/Corridor-v0``.
Once the package is installed (``pip install -e examples/third_party_package``), user code
never imports it: ``gymnasium_core.make("mypkg/Corridor-v0")`` loads it the first time the
registry is read. This script then runs the env checker on it, plays an episode, and makes
the same environment through ``gymnasium.make`` via the bridge ``gymnasium_core.compat`` (what
Stable-Baselines3 and other gymnasium-only libraries need).

    python examples/third_party_package/demo.py
    python examples/third_party_package/demo.py --smoke   # the same: the demo is already small

If ``mypkg`` is not installed, the script installs it for its own run only: it writes the
layout an installer would (the package beside a ``mypkg-0.1.0.dist-info`` folder holding the
entry points) into a temporary folder and runs itself again with that folder on the path.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
ENV_ID = "mypkg/Corridor-v0"
# In gymnasium's registry the bridge prefixes our ids: "gymnasium_core/" for ids without a
# namespace, "gymnasium_core-" before a namespace.
BRIDGE_ID = "gymnasium_core-" + ENV_ID


def is_installed() -> bool:
    try:
        metadata.distribution("mypkg")
    except metadata.PackageNotFoundError:
        return False
    return True


def run_with_temporary_install() -> int:
    """Write what ``pip install`` would (package + dist-info) to a temp folder; rerun there."""
    project = tomllib.loads((HERE / "pyproject.toml").read_text())["project"]
    name, version = project["name"], project["version"]
    with tempfile.TemporaryDirectory() as site:
        shutil.copytree(HERE / "mypkg", Path(site) / "mypkg")
        info = Path(site) / f"{name}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        groups = project["entry-points"]
        (info / "entry_points.txt").write_text(
            "".join(
                f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in points.items())
                for group, points in groups.items()
            )
        )
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [site, env.get("PYTHONPATH")]))
        print(f"mypkg is not installed: installed for this run only in {site}", flush=True)
        command = [sys.executable, __file__, *sys.argv[1:]]
        return subprocess.run(command, env=env, check=False).returncode


def demo() -> None:
    import gymnasium_core as gym
    from gymnasium_core.utils.env_checker import check_env

    assert "mypkg" not in sys.modules  # nothing imported it yet
    env = gym.make(ENV_ID, render_mode="rgb_array")
    print(f"gymnasium_core.make({ENV_ID!r}) -> {env} (mypkg loaded through its entry point)")
    check_env(env.unwrapped)
    print("gymnasium_core env checker: passed")

    env.reset(seed=0)
    total, done, steps = 0.0, False, 0
    while not done:
        _, reward, terminated, truncated, _ = env.step(1)  # always walk right
        total, steps, done = total + float(reward), steps + 1, terminated or truncated
    frame = env.render()
    print(f"walking right: return {total:.1f} in {steps} steps; frame {frame.shape}")
    env.close()

    try:
        import gymnasium
    except ImportError:
        print("gymnasium is not installed: skipping the bridge")
        return
    from gymnasium.utils.env_checker import check_env as gymnasium_check_env

    import gymnasium_core.compat  # noqa: F401  (mirrors our registry, plugins included)

    gym_env = gymnasium.make(BRIDGE_ID)
    print(
        f"gymnasium.make({BRIDGE_ID!r}) -> {gym_env}; "
        f"a gymnasium.Env: {isinstance(gym_env.unwrapped, gymnasium.Env)}"
    )
    gymnasium_check_env(gym_env.unwrapped)
    print("gymnasium's env checker: passed")
    gym_env.close()


def main(argv: list[str] | None = None) -> None:
    """Parse the options (``--smoke`` is accepted: the whole demo is a smoke-sized run)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="the same run (it is small)")
    parser.parse_args(argv)
    if not is_installed():
        sys.exit(run_with_temporary_install())
    demo()


if __name__ == "__main__":
    main()
