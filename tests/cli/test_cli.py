"""The gymnasium-core command: list, check, play, record; exit codes and messages."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import textwrap
import warnings

import pytest

import gymnasium_core as gym
from gymnasium_core.cli import build_parser, main

# Environments the tests reach through "module:Class"; written into a module at test time.
TEST_ENVS = """
import numpy as np
import gymnasium_core as gym
from gymnasium_core import spaces


class GoodEnv(gym.Env):
    metadata = {"render_modes": ["rgb_array"], "render_fps": 1000}

    def __init__(self, render_mode=None, size=3):
        self.observation_space = spaces.Discrete(size)
        self.action_space = spaces.Discrete(2)
        self.render_mode = render_mode
        self.actions = []

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        return np.int64(0), {}

    def step(self, action):
        self.actions.append(int(action))
        return np.int64(int(action)), 0.0, False, False, {}

    def render(self):
        import pygame

        if len(self.actions) >= 3:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        return np.zeros((8, 8, 3), dtype=np.uint8)

    def get_keys_to_action(self):
        return {(ord("a"),): 1}


class NoKeysEnv(GoodEnv):
    get_keys_to_action = property(lambda self: (_ for _ in ()).throw(AttributeError("none")))


class BrokenEnv(GoodEnv):
    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        return np.int64(99), {}


class WarnEnv(GoodEnv):
    def __init__(self, render_mode=None):
        super().__init__(render_mode)
        self.observation_space = spaces.Box(-np.inf, np.inf, (1,), dtype=np.float32)

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        return np.zeros(1, dtype=np.float32), {}

    def step(self, action):
        return np.zeros(1, dtype=np.float32), 0.0, False, False, {}


def make_good(**kwargs):
    return GoodEnv(**kwargs)


gym.register("CliTest/Good-v0", entry_point=GoodEnv, max_episode_steps=5)
"""


@pytest.fixture
def envs_module(tmp_path, monkeypatch):
    name = f"cli_test_envs_{os.getpid()}"
    (tmp_path / f"{name}.py").write_text(TEST_ENVS)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name
    sys.modules.pop(name, None)
    gym.registry.pop("CliTest/Good-v0", None)


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --- parser ------------------------------------------------------------------------------------


def test_parser__requires_a_command(capsys):
    with pytest.raises(SystemExit) as exc:
        main([])
    assert exc.value.code == 2


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("map_name=8x8", ("map_name", "8x8")),
        ("is_slippery=False", ("is_slippery", False)),
        ("size=4", ("size", 4)),
        ("name='x y'", ("name", "x y")),
        ("desc=['SF', 'HG']", ("desc", ["SF", "HG"])),
    ],
)
def test_parser__kwargs_are_literals_when_they_parse(text, expected):
    args = build_parser().parse_args(["check", "X-v0", "-k", text])
    assert args.kwargs == [expected]


def test_parser__malformed_kwarg_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["check", "CartPole-v1", "-k", "novalue"])
    assert exc.value.code == 2
    assert "name=value" in capsys.readouterr().err


# --- list --------------------------------------------------------------------------------------


def test_list__groups_by_namespace(capsys):
    code, out, _ = run_cli(capsys, "list")
    assert code == 0
    assert "===== phys2d =====" in out
    assert "CartPole-v1" in out and "phys2d/CartPole-v1" in out


def test_list__plain_prints_every_id(capsys):
    code, out, _ = run_cli(capsys, "list", "--plain")
    assert code == 0
    assert out.split() == sorted(gym.registry)


def test_list__reader_that_stops_early_gets_no_traceback():
    # `gymnasium-core list --plain | head -3`: the pipe closes before the ids are written.
    proc = subprocess.Popen(
        [sys.executable, "-m", "gymnasium_core", "list", "--plain"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


def test_list__legend_says_what_the_star_marks(capsys):
    code, out, _ = run_cli(capsys, "list")
    legend = out.strip().splitlines()[-1]
    assert code == 0 and legend.startswith("* ")
    # CartPole-v1's make_vec default is already the batched env, and it has no star.
    assert "CartPole-v1*" not in out and gym.spec("CartPole-v1").vector_entry_point is not None
    assert "only when asked" in legend and "vector_entry_point" in legend


# --- check -------------------------------------------------------------------------------------


def test_check__builtin_id_reports_every_group(capsys):
    code, out, _ = run_cli(capsys, "check", "FrozenLake-v1", "-k", "map_name=8x8")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Checking FrozenLake-v1"
    for group in ["environment", "spaces", "reset", "step", "render", "close"]:
        assert f"  PASS  {group}" in lines
    assert lines[-1].endswith("0 failed")


def test_check__unknown_id_suggests_and_exits_2(capsys):
    code, out, err = run_cli(capsys, "check", "CartPol-v1")
    assert code == 2
    assert out == ""
    assert "CartPole" in err and err.startswith("gymnasium-core check:")


def test_check__unknown_version_exits_2(capsys):
    code, _, err = run_cli(capsys, "check", "CartPole-v7")
    assert code == 2
    assert "v7" in err or "version" in err.lower()


def test_check__malformed_id_exits_2(capsys):
    code, _, err = run_cli(capsys, "check", "not a valid id!")
    assert code == 2
    assert "Malformed" in err


def test_check__missing_module_exits_2(capsys):
    code, _, err = run_cli(capsys, "check", "no_such_module_xyz:Thing-v0")
    assert code == 2
    assert "no_such_module_xyz" in err


def test_check__module_class(capsys, envs_module):
    code, out, _ = run_cli(capsys, "check", f"{envs_module}:GoodEnv", "--skip-render")
    assert code == 0
    assert "  PASS  step" in out.splitlines()
    assert "render" not in out


def test_check__module_factory_with_kwargs(capsys, envs_module):
    code, _, _ = run_cli(capsys, "check", f"{envs_module}:make_good", "-k", "size=5")
    assert code == 0


def test_check__failure_exits_1_and_says_why(capsys, envs_module):
    code, out, _ = run_cli(capsys, "check", f"{envs_module}:BrokenEnv", "--skip-render")
    assert code == 1
    assert "  FAIL  reset" in out.splitlines()
    assert "AssertionError" in out or "observation" in out.lower()
    assert "1 failed" in out.splitlines()[-1] or "failed" in out.splitlines()[-1]


def test_check__warnings_pass_unless_strict(capsys, envs_module):
    target = f"{envs_module}:WarnEnv"
    code, out, _ = run_cli(capsys, "check", target, "--skip-render")
    assert code == 0
    assert "  WARN  spaces" in out.splitlines()
    assert "inf" in out and "\x1b[" not in out
    code, _, _ = run_cli(capsys, "check", target, "--skip-render", "--strict")
    assert code == 1


def test_check__third_party_module_id(capsys, envs_module):
    code, out, _ = run_cli(capsys, "check", f"{envs_module}:CliTest/Good-v0", "--skip-render")
    assert code == 0, out
    assert out.splitlines()[0] == f"Checking {envs_module}:CliTest/Good-v0"


def test_check__not_an_env_exits_2(capsys, envs_module):
    code, _, err = run_cli(capsys, "check", "os:getcwd")
    assert code == 2
    assert "did not build a gymnasium_core.Env" in err


# --- play --------------------------------------------------------------------------------------


def test_play__runs_until_the_window_closes(capsys, envs_module):
    pytest.importorskip("pygame")
    code, out, _ = run_cli(capsys, "play", f"{envs_module}:GoodEnv", "--fps", "1000", "--seed", "1")
    assert code == 0
    # Before the window opens: which keys step which action, and how to quit.
    assert out.splitlines() == [
        f"Playing {envs_module}:GoodEnv: hold a key combination to step its action.",
        "  a              -> 1",
        "  anything else  -> 0",
        "To quit, press Escape or close the window.",
    ]


def test_play__key_map_names_arrows_combinations_and_no_key():
    pygame = pytest.importorskip("pygame")
    from gymnasium_core.cli import _print_key_map

    keys = {(): 1, (pygame.K_LEFT,): 0, (pygame.K_RIGHT, pygame.K_ESCAPE): 2}

    class Keyed:
        action_space = gym.spaces.Discrete(3)

        def get_wrapper_attr(self, name):
            assert name == "get_keys_to_action"
            return lambda: keys

    out = io.StringIO()
    _print_key_map("X-v0", Keyed(), 1, out)
    assert out.getvalue().splitlines() == [
        "Playing X-v0: hold a key combination to step its action.",
        "  no key          -> 1",
        "  left            -> 0",
        "  escape + right  -> 2",
        "  anything else   -> 1",
        "To quit, close the window.",  # Escape is one of the keys
    ]


def test_play__env_without_key_mapping_exits_2(capsys, envs_module):
    pytest.importorskip("pygame")
    code, _, err = run_cli(capsys, "play", f"{envs_module}:NoKeysEnv")
    assert code == 2
    assert "NoKeysEnv" in err and "key" in err


def test_play__unknown_id_exits_2(capsys):
    code, _, err = run_cli(capsys, "play", "Nope-v0")
    assert code == 2
    assert "Nope" in err


# --- record ------------------------------------------------------------------------------------


def test_record__writes_one_video_per_episode(capsys, tmp_path):
    pytest.importorskip("moviepy", reason="recording videos needs moviepy")
    out_dir = tmp_path / "videos"
    code, out, err = run_cli(
        capsys, "record", "CartPole-v1", "--episodes", "2", "--out", str(out_dir),
        "--seed", "0", "--max-steps", "15",
    )  # fmt: skip
    assert code == 0, err
    written = out.split()
    assert len(written) == 2
    assert sorted(os.listdir(out_dir)) == sorted(os.path.basename(p) for p in written)
    assert all(p.endswith(".mp4") and os.path.getsize(p) > 0 for p in written)
    assert "episode 2/2" in err


def test_record__rejects_zero_episodes(capsys, tmp_path):
    code, _, err = run_cli(
        capsys, "record", "CartPole-v1", "--episodes", "0", "--out", str(tmp_path)
    )
    assert code == 2
    assert "--episodes" in err


def test_record__unknown_id_exits_2(capsys, tmp_path):
    code, _, err = run_cli(capsys, "record", "CartPol-v1", "--out", str(tmp_path))
    assert code == 2
    assert "CartPole" in err


def test_record__env_without_rgb_frames_exits_2(capsys, tmp_path):
    pytest.importorskip("moviepy", reason="recording videos needs moviepy")
    code, _, err = run_cli(
        capsys, "record", "CartPole-v1", "-k", "render_mode=None", "--out", str(tmp_path)
    )
    assert code == 2
    assert "Cannot record CartPole-v1" in err


# --- process level -----------------------------------------------------------------------------


def test_python_m__runs_the_cli():
    result = subprocess.run(
        [sys.executable, "-m", "gymnasium_core", "list", "--plain"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "CartPole-v1" in result.stdout.split()


def test_python_m__unknown_id_exit_code():
    result = subprocess.run(
        [sys.executable, "-m", "gymnasium_core", "check", "CartPol-v1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert "CartPole" in result.stderr


def test_cli_import__is_light():
    code = textwrap.dedent(
        """
        import sys
        import gymnasium_core.cli
        heavy = {"jax", "pygame", "mujoco", "Box2D", "moviepy", "matplotlib", "gymnasium"}
        loaded = heavy & {name.split(".")[0] for name in sys.modules}
        assert not loaded, loaded
        """
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


# --- user errors: one line on stderr, exit 2 -----------------------------------------------------


def _one_line_error(capsys, *argv: str) -> str:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2, (out, err)
    assert err.startswith(f"gymnasium-core {argv[0]}: ") and err.count("\n") == 1, err
    return err


def test_check__unknown_keyword_argument_is_one_line(capsys):
    err = _one_line_error(capsys, "check", "CartPole-v1", "-k", "bogus=1")
    assert "bogus" in err


def test_check__keyword_of_the_wrong_type_is_one_line(capsys):
    _one_line_error(capsys, "check", "CartPole-v1", "-k", "render_mode=1")


@pytest.mark.parametrize("target", ["os:system", "math:pi", "os:path"])
def test_check__module_attribute_that_builds_no_env_is_one_line(capsys, target):
    err = _one_line_error(capsys, "check", target)
    assert target in err


@pytest.mark.parametrize(
    "options", [["--fps", "0"], ["--fps", "-5"], ["--max-steps", "0"]], ids=str
)
def test_record__non_positive_numbers_are_one_line(capsys, tmp_path, options):
    err = _one_line_error(capsys, "record", "CartPole-v1", "--out", str(tmp_path), *options)
    assert options[0] in err
    assert os.listdir(tmp_path) == []


def test_record__out_that_is_a_file_is_one_line(capsys, tmp_path):
    path = tmp_path / "file.mp4"
    path.write_text("")
    _one_line_error(capsys, "record", "CartPole-v1", "--out", str(path))


@pytest.mark.parametrize("options", [["--fps", "0"], ["--zoom", "0"]], ids=str)
def test_play__non_positive_numbers_are_one_line(capsys, options):
    _one_line_error(capsys, "play", "CartPole-v1", *options)


def test_record__twice_into_the_same_folder_reports_the_rewritten_video(capsys, tmp_path):
    pytest.importorskip("moviepy", reason="recording videos needs moviepy")
    out = str(tmp_path / "videos")
    argv = ["record", "CartPole-v1", "--out", out, "--seed", "0", "--max-steps", "3"]
    first = run_cli(capsys, *argv, "--no-progress")
    assert "exists" not in first[2]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # says what it does instead of warning
        second = run_cli(capsys, *argv, "--no-progress")
    assert first[0] == second[0] == 0, (first, second)
    assert first[1] == second[1] and first[1].strip().endswith(".mp4")
    assert (
        f"{out} exists: videos in it named CartPole-v1-episode-N.mp4 are overwritten" in second[2]
    )
