#!/usr/bin/env python3
"""Build the distributions, check them, and install the wheel as users do, extra by extra.

Usage (from anywhere; the builds, venvs and smoke runs all happen under ``--out``)::

    python .github/check_package.py                       # the API alone, each extra, [all]
    python .github/check_package.py --extras box2d all    # some of them ("" is the API alone)
    python .github/check_package.py --extras              # build and check only
    python .github/check_package.py --release-tag v1.2.0  # and the tag, version and changelog

1. ``uv build`` writes the sdist and, built from that sdist, the wheel into ``OUT/dist``.
2. Both are checked: ``twine check --strict`` (the metadata, and the README as PyPI renders it),
   and the wheel against the repository: every module and asset of ``gymnasium_core/`` and
   ``envs/``, the console script, the version equal to ``gymnasium_core.__version__``, the
   extras of ``pyproject.toml``, and no other top-level package.
3. For the API alone, each extra and ``all``: a fresh venv (``python -m venv``), plain
   ``pip install "<wheel>[extra]"``, then, from ``OUT`` (outside the repository), this file's
   ``smoke`` command under the venv's Python and ``gymnasium-core --help``. A ``swig`` that
   fails when called comes first on the install's PATH, so an install that needs swig fails
   here as it would on a machine without it (where the ``box2d`` wheels end, as on Python
   3.14, swig is installed into the venv first, as the README says).
4. A table of each install's time and its size beyond the API alone (``OUT/report.md``).

``smoke`` makes, resets, steps and renders one id of each environment family the extra brings,
and calls ``make_vec`` in every mode that id has (``sync`` and ``async``; ``vector_entry_point``
and ``jax`` where its spec names them and, for ``jax``, JAX is installed). Rendering a family
whose drawing library the install lacks must raise ``DependencyNotInstalled``. The extras that
bring no environments get a check of what they bring instead (video, plots, the bridge, the
hypothesis strategies, optax).

Only the standard library is used, so ``smoke`` runs in a venv holding nothing but the wheel
and its dependencies. Building needs ``uv`` on PATH (it also runs twine, through ``uvx``).
Exit status 1 names each failure.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: One id per environment family (the package under ``gymnasium_core.envs`` its entry point is
#: in). A test checks that every family in the registry is here.
FAMILIES: dict[str, str] = {
    "classic_control": "CartPole-v1",
    "toy_text": "FrozenLake-v1",
    "probe": "probe/ConstantReward-v0",
    "box2d": "LunarLander-v3",
    "mujoco": "InvertedPendulum-v5",
    "mujoco.mjx": "mjx/InvertedPendulum-v5",
    "phys2d": "phys2d/CartPole-v2",
    "tabular": "tabular/FrozenLake-v0",
}

#: The module each family draws its frames with.
RENDER_NEEDS: dict[str, str] = {
    "classic_control": "pygame",
    "toy_text": "pygame",
    "probe": "numpy",
    "box2d": "pygame",
    "mujoco": "mujoco",
    "mujoco.mjx": "mujoco",
    "phys2d": "pygame",
    "tabular": "pygame",
}

#: What each install is smoke-tested for: (families, other checks). "" is the API alone; it
#: steps the families that need nothing more (their rendering must ask for the extra).
EXTRAS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "": (("classic_control", "toy_text", "probe"), ()),
    "classic-control": (("classic_control",), ()),
    "toy-text": (("toy_text",), ()),
    "box2d": (("box2d",), ()),
    "mujoco": (("mujoco",), ()),
    "jax": (("phys2d", "tabular", "classic_control", "probe"), ()),
    "mjx": (("mujoco.mjx", "mujoco"), ()),
    "other": ((), ("video", "plots")),
    "gymnasium": ((), ("bridge",)),
    "testing": ((), ("strategies",)),
    "examples": (("phys2d",), ("optax",)),
    "all": (tuple(FAMILIES), ("video", "plots", "bridge", "strategies", "optax")),
}

_SMOKE_ENV = {
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
    "MPLBACKEND": "Agg",
    "PYTHONNOUSERSITE": "1",
    "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    "PIP_NO_INPUT": "1",
}


# --------------------------------------------------------------------------------------------
# smoke: runs inside the venv of one install


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def _vector_modes(spec: object) -> list[str]:
    from gymnasium_core.registration import jax_vector_entry_point

    modes = ["sync", "async"]
    if getattr(spec, "vector_entry_point", None):
        modes.append("vector_entry_point")
    if jax_vector_entry_point(spec) and _installed("jax"):  # type: ignore[arg-type]
        modes.append("jax")
    return modes


def _step_a_few(env: object) -> None:
    env.reset(seed=0)  # type: ignore[attr-defined]
    for _ in range(3):
        env.step(env.action_space.sample())  # type: ignore[attr-defined]


def smoke_family(family: str) -> str:
    """Make, reset, step and render the family's id; ``make_vec`` it in each of its modes."""
    import numpy as np

    import gymnasium_core as gym
    from gymnasium_core.error import DependencyNotInstalled

    env_id = FAMILIES[family]
    try:
        env = gym.make(env_id, render_mode="rgb_array")
        _step_a_few(env)
        frame = env.render()
        if not (isinstance(frame, np.ndarray) and frame.ndim == 3 and frame.dtype == np.uint8):
            raise AssertionError(f"{env_id}: render() gave {type(frame).__name__}, not a frame")
        rendered = f"rendered {frame.shape}"
    except DependencyNotInstalled:
        if _installed(RENDER_NEEDS[family]):
            raise
        env = gym.make(env_id)
        _step_a_few(env)
        rendered = f"no {RENDER_NEEDS[family]}: rendering asks for it"
    env.close()
    done = []
    for mode in _vector_modes(gym.spec(env_id)):
        # A forked child of a process that has run JAX can deadlock (JAX warns): spawn then.
        spawn = mode == "async" and "jax" in sys.modules
        vector_kwargs = {"context": "spawn"} if spawn else None
        envs = gym.make_vec(env_id, 2, vectorization_mode=mode, vector_kwargs=vector_kwargs)
        envs.reset(seed=0)
        envs.step(envs.action_space.sample())
        envs.close()
        done.append(f"{mode} (spawn)" if spawn else mode)
    return f"{env_id}: make, reset, step; {rendered}; make_vec {', '.join(done)}"


def _check_video() -> str:
    import numpy as np

    from gymnasium_core.utils.save_video import save_video

    folder = tempfile.mkdtemp()
    frames = [np.full((64, 64, 3), i * 20, dtype=np.uint8) for i in range(10)]
    save_video(frames, folder, fps=10, name_prefix="smoke")
    videos = sorted(Path(folder).glob("*.mp4"))
    if not videos or videos[0].stat().st_size == 0:
        raise AssertionError(f"save_video wrote no MP4 in {folder}")
    return f"save_video wrote {videos[0].name} ({videos[0].stat().st_size} bytes)"


def _check_plots() -> str:
    from gymnasium_core.utils.play import PlayPlot

    plot = PlayPlot(lambda *args: [float(args[3])], 10, ["reward"])
    plot.callback(None, None, 1, 1.0, False, False, {})
    return "PlayPlot drew a reward plot (matplotlib)"


def _check_bridge() -> str:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    import gymnasium_core.compat  # noqa: F401  (registers our ids in gymnasium's registry)

    env = gymnasium.make("gymnasium_core/CartPole-v1")
    # gymnasium's checker renders in each render mode: that needs pygame (classic-control).
    drawn = _installed("pygame")
    check_env(env.unwrapped, skip_render_check=not drawn)
    _step_a_few(env)
    env.close()
    checked = "check_env" if drawn else "check_env (no pygame: without rendering)"
    return f"gymnasium {gymnasium.__version__}: make('gymnasium_core/CartPole-v1'), {checked}"


def _check_strategies() -> str:
    from hypothesis import given, settings

    from gymnasium_core.testing.spaces import fundamental_spaces

    @settings(max_examples=20, database=None)
    @given(fundamental_spaces())
    def sample_is_contained(space: object) -> None:
        assert space.contains(space.sample())  # type: ignore[attr-defined]

    sample_is_contained()
    return "hypothesis strategies: 20 spaces sampled"


def _check_optax() -> str:
    import jax.numpy as jnp
    import optax

    optimiser = optax.adam(1e-3)
    params = jnp.zeros(3)
    updates, _ = optimiser.update(jnp.ones(3), optimiser.init(params))
    shape = optax.apply_updates(params, updates).shape
    return f"optax {optax.__version__}: an Adam update of shape {shape}"


CHECKS: dict[str, Callable[[], str]] = {
    "video": _check_video,
    "plots": _check_plots,
    "bridge": _check_bridge,
    "strategies": _check_strategies,
    "optax": _check_optax,
}


def smoke(families: Sequence[str], checks: Sequence[str]) -> int:
    """Run the smoke of ``families`` and ``checks`` here; 1 when one fails."""
    import gymnasium_core

    where = Path(gymnasium_core.__file__).resolve()
    if not where.is_relative_to(Path(sys.prefix).resolve()) or where.is_relative_to(ROOT):
        print(f"error: gymnasium_core imported from {where}, not the install", file=sys.stderr)
        return 1
    print(f"gymnasium_core {gymnasium_core.__version__} from {where.parent}")
    failed = 0
    steps = [(f, lambda f=f: smoke_family(f)) for f in families]
    for name, run in [*steps, *((c, CHECKS[c]) for c in checks)]:
        started = time.perf_counter()
        try:
            result = run()
        except Exception as exc:
            failed += 1
            result = f"FAILED: {type(exc).__name__}: {exc}"
        print(f"  {name:16} {result} [{time.perf_counter() - started:.1f} s]", flush=True)
    return 1 if failed else 0


# --------------------------------------------------------------------------------------------
# build and check the distributions


def _run(cmd: Sequence[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    print("$", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], text=True, check=False, **kwargs)  # type: ignore[call-overload, no-any-return]


def build(out: Path) -> tuple[Path, Path]:
    """``uv build`` the sdist and (from it) the wheel into ``out/dist``; their paths."""
    dist = out / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    if _run(["uv", "build", ROOT, "--out-dir", dist], cwd=out).returncode:
        raise SystemExit("error: uv build failed")
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    return sdist, wheel


def project_version() -> str:
    """``__version__`` of gymnasium_core/__init__.py, read as setuptools reads it."""
    tree = ast.parse((ROOT / "gymnasium_core" / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets
        ):
            return str(ast.literal_eval(node.value))
    raise LookupError("gymnasium_core/__init__.py sets no __version__")


def _expected_files() -> set[str]:
    """What the wheel must hold: every module and asset of the two source folders."""
    folders = {"gymnasium_core": ROOT / "gymnasium_core", "gymnasium_core/envs": ROOT / "envs"}
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    data = config["package-data"]
    suffixes = {".py", *(p.rsplit("*", 1)[-1] for ps in data.values() for p in ps)}
    expected = set()
    for prefix, folder in folders.items():
        for path in folder.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                if path.suffix in suffixes or path.name in suffixes:
                    expected.add(f"{prefix}/{path.relative_to(folder).as_posix()}")
    return expected


def _metadata(wheel: Path) -> tuple[dict[str, list[str]], str, set[str]]:
    """The wheel's METADATA fields, its entry_points.txt and its file names."""
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        text = archive.read(f"{info}/METADATA").decode()
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
    fields: dict[str, list[str]] = {}
    for line in text.split("\n\n", 1)[0].splitlines():
        key, _, value = line.partition(": ")
        fields.setdefault(key, []).append(value)
    return fields, entry_points, names


def check_wheel(wheel: Path) -> list[str]:
    """Where the wheel differs from what the repository says it ships; empty when it agrees."""
    fields, entry_points, names = _metadata(wheel)
    problems = [f"missing from the wheel: {n}" for n in sorted(_expected_files() - names)]
    version = project_version()
    if fields["Version"] != [version] or f"-{version}-" not in wheel.name:
        problems.append(f"version {fields['Version']} ({wheel.name}), __version__ {version}")
    extras = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    )
    if set(fields.get("Provides-Extra", [])) != extras:
        problems.append(f"extras {fields.get('Provides-Extra')} instead of {sorted(extras)}")
    if fields.get("License-File") != ["LICENSE"] or not any(
        n.endswith(".dist-info/licenses/LICENSE") for n in names
    ):
        problems.append("the wheel does not carry LICENSE (License-File and licenses/LICENSE)")
    if "gymnasium-core = gymnasium_core.cli:main" not in entry_points:
        problems.append("no gymnasium-core console script")
    tops = {n.split("/")[0] for n in names} - {"gymnasium_core"}
    problems += [f"unexpected top-level entry: {t}" for t in tops if not t.endswith(".dist-info")]
    return problems


def check_dists(sdist: Path, wheel: Path, out: Path) -> list[str]:
    """``twine check --strict`` both distributions, and check the wheel's contents."""
    twine = _run(["uvx", "twine", "check", "--strict", sdist, wheel], cwd=out)
    problems = [] if twine.returncode == 0 else ["twine check failed"]
    return problems + check_wheel(wheel)


def check_release(tag: str, version: str, changelog: str) -> tuple[str, list[str]]:
    """The changelog section of ``version``, and what keeps ``tag`` from being released.

    A release tag is ``v`` + ``__version__``, and CHANGELOG.md has a ``## X.Y.Z`` section (a
    date may follow) whose lines become the release notes.
    """
    problems = []
    if tag != f"v{version}":
        problems.append(f"the tag {tag} is not v + __version__ ({version})")
    heading = re.compile(rf"^## {re.escape(version)}(\s.*)?$", re.M)
    found = heading.search(changelog)
    if found is None:
        return "", [*problems, f"CHANGELOG.md has no '## {version}' section"]
    section = changelog[found.end() :].split("\n## ", 1)[0]
    return section.strip("\n") + "\n", problems


# --------------------------------------------------------------------------------------------
# install the wheel into a clean venv and smoke it


@dataclass
class Install:
    """One install of the wheel (the API alone, or an extra) and what came of it."""

    extra: str
    seconds: float = 0.0
    size: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        """How a user names the install."""
        return f"gymnasium-core[{self.extra}]" if self.extra else "gymnasium-core"


def _site_packages_size(python: Path) -> int:
    code = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    path = Path(subprocess.run([python, "-c", code], text=True, capture_output=True).stdout.strip())
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def _no_swig_dir(out: Path) -> Path:
    """A folder holding a ``swig`` that fails, to put first on an install's PATH."""
    folder = out / "no-swig"
    folder.mkdir(exist_ok=True)
    swig = folder / "swig"
    swig.write_text(
        "#!/bin/sh\necho 'check_package: swig was called, but none is installed' >&2\nexit 127\n"
    )
    swig.chmod(0o755)
    return folder


def _needs_swig(python: Path, wheel: Path, extra: str) -> bool:
    """Whether pip picks box2d-py (built with swig) for this Python: the wheel's marker says."""
    if extra not in ("box2d", "all"):
        return False
    fields, _, _ = _metadata(wheel)
    (marker,) = [r.split(";", 1)[1] for r in fields["Requires-Dist"] if r.startswith("swig")]
    code = (
        "import sys; from pip._vendor.packaging.markers import Marker; "
        "print(Marker(sys.argv[1]).evaluate({'extra': 'box2d'}))"
    )
    result = subprocess.run([python, "-c", code, marker], text=True, capture_output=True)
    return result.stdout.strip() == "True"


def install(extra: str, wheel: Path, out: Path, base_python: str) -> Install:
    """A clean venv, ``pip install "<wheel>[extra]"``, the smoke and ``--help``; the venv goes."""
    record = Install(extra)
    venv = out / "venvs" / (extra or "api")
    shutil.rmtree(venv, ignore_errors=True)
    _run([base_python, "-m", "venv", venv])
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env |= _SMOKE_ENV | {
        "PATH": os.pathsep.join([str(bin_dir), str(_no_swig_dir(out)), env["PATH"]])
    }
    env.setdefault("MUJOCO_GL", "egl")
    started = time.perf_counter()
    if _needs_swig(python, wheel, extra):
        _run([python, "-m", "pip", "install", "--quiet", "swig"], cwd=out, env=env)
    target = f"{wheel}[{extra}]" if extra else str(wheel)
    if _run([python, "-m", "pip", "install", "--quiet", target], cwd=out, env=env).returncode:
        record.problems.append("pip install failed")
        return record
    record.seconds = time.perf_counter() - started
    record.size = _site_packages_size(python)
    families, checks = EXTRAS[extra]
    args = ["smoke", "--families", *families, "--checks", *checks]
    if _run([python, Path(__file__).resolve(), *args], cwd=out, env=env).returncode:
        record.problems.append("smoke failed")
    if _run(
        [bin_dir / "gymnasium-core", "--help"], cwd=out, env=env, capture_output=True
    ).returncode:
        record.problems.append("gymnasium-core --help failed")
    shutil.rmtree(venv, ignore_errors=True)
    return record


def _empty_venv_size(out: Path, base_python: str) -> int:
    venv = out / "venvs" / "empty"
    shutil.rmtree(venv, ignore_errors=True)
    _run([base_python, "-m", "venv", venv])
    size = _site_packages_size(venv / ("Scripts" if os.name == "nt" else "bin") / "python")
    shutil.rmtree(venv, ignore_errors=True)
    return size


def report(installs: Sequence[Install], empty: int, out: Path, python: str) -> str:
    """A markdown table of the installs: time, and size beyond the API alone (or beyond pip)."""
    api = next((i.size for i in installs if i.extra == "" and i.size), None)
    code = "import platform; print(platform.python_version(), platform.machine())"
    where = subprocess.run([python, "-c", code], text=True, capture_output=True).stdout.strip()
    lines = [
        f"Python {where}, {sys.platform}; sizes are the files the install adds to site-packages.",
        "",
        "| install | pip install | size | beyond the API alone | result |",
        "|---|---:|---:|---:|---|",
    ]
    for i in installs:
        beyond = "" if api is None or not i.extra else f"{(i.size - api) / 1e6:,.0f} MB"
        size = f"{(i.size - empty) / 1e6:,.1f} MB" if i.size else ""
        took = f"{i.seconds:.0f} s" if i.seconds else ""
        result = "; ".join(i.problems) or "ok"
        lines.append(f"| `{i.label}` | {took} | {size} | {beyond} | {result} |")
    text = "\n".join(lines) + "\n"
    (out / "report.md").write_text(text)
    data = [
        {"install": i.label, "seconds": i.seconds, "bytes": i.size - empty, "problems": i.problems}
        for i in installs
    ]
    (out / "report.json").write_text(json.dumps(data, indent=1))
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Build, check, install each extra and smoke it; print the report; 1 on any failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    smoke_parser = sub.add_parser("smoke", help="run the smoke here (inside an install's venv)")
    smoke_parser.add_argument("--families", nargs="*", default=[], choices=list(FAMILIES))
    smoke_parser.add_argument("--checks", nargs="*", default=[], choices=list(CHECKS))
    parser.add_argument("--out", type=Path, help="work folder (default: a new temporary one)")
    parser.add_argument("--extras", nargs="*", choices=list(EXTRAS), help="installs to test")
    parser.add_argument("--python", default=sys.executable, help="the Python of the venvs")
    parser.add_argument(
        "--release-tag",
        metavar="TAG",
        help="also check that TAG is v + __version__ and CHANGELOG.md has its section",
    )
    args = parser.parse_args(argv)
    if args.command == "smoke":
        return smoke(args.families, args.checks)
    out = (args.out or Path(tempfile.mkdtemp(prefix="check_package-"))).resolve()
    if out.is_relative_to(ROOT):
        parser.error("--out must lie outside the repository, so nothing imports from it")
    out.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    if args.release_tag:
        changelog = (ROOT / "CHANGELOG.md").read_text()
        notes, problems = check_release(args.release_tag, project_version(), changelog)
        (out / "release-notes.md").write_text(notes)
    sdist, wheel = build(out)
    problems += check_dists(sdist, wheel, out)
    extras = list(EXTRAS) if args.extras is None else args.extras
    installs = [install(extra, wheel, out, args.python) for extra in extras]
    if installs:
        print(report(installs, _empty_venv_size(out, args.python), out, args.python))
    problems += [f"{i.label}: {p}" for i in installs for p in i.problems]
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    print(f"distributions in {out / 'dist'}; {'FAILED' if problems else 'all passed'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
