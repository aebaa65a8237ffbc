"""The ``gymnasium-core`` command (also ``python -m gymnasium_core``).

Subcommands::

    gymnasium-core list [--plain]                 the registry, grouped by namespace
    gymnasium-core check ID [--strict]            run the env checker, print a report
    gymnasium-core play ID [--zoom Z] [--fps N]   play with the keyboard
    gymnasium-core record ID --episodes N --out DIR   write MP4 videos of random episodes

``ID`` is a registered id (``CartPole-v1``, ``phys2d/CartPole-v1``), a ``module:Id`` pair whose
module is imported first (to register third-party ids), or ``module:Class`` naming an
environment class (or any callable returning an environment), which is built directly.
``-k name=value`` (repeatable) passes constructor keyword arguments; values are Python
literals where they parse as one (``-k map_name='"8x8"'`` or ``-k map_name=8x8`` both work).

Exit codes: 0 success; 1 the checker found a failure (``check``), or the command failed;
2 bad usage, unknown id (with the registry's suggestion) or missing dependency.

Only the standard library is imported at start-up; environments and their dependencies load
when a subcommand needs them.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import os
import re
import sys
import warnings
from collections.abc import Sequence
from typing import Any, TextIO

__all__ = ["build_parser", "main"]

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2

_STATUS_LABELS = {"pass": "PASS", "warn": "WARN", "fail": "FAIL"}
_NOOP = 0  # the action `play` steps while no mapped key combination is held
#: RecordVideo's warning when its folder exists (``record`` says what it does instead).
_FOLDER_EXISTS = r"(\x1b\[[0-9;]*m)?WARN: RecordVideo: the folder .* exists"


class CliError(Exception):
    """A problem reported to the user as one message, with an exit code."""

    def __init__(self, message: str, exit_code: int = EXIT_USAGE) -> None:
        """Store the message and exit code.

        Args:
            message: What went wrong, for the user.
            exit_code: The process exit code.
        """
        super().__init__(message)
        self.exit_code = exit_code


def _parse_kwarg(text: str) -> tuple[str, Any]:
    """Parse one ``name=value`` option; the value is a Python literal if it reads as one."""
    name, sep, raw = text.partition("=")
    if not sep or not name.isidentifier():
        raise argparse.ArgumentTypeError(f"expected name=value, got {text!r}")
    try:
        value: Any = ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        value = raw
    return name, value


def _add_env_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "env_id", metavar="ID", help="an environment id, module:Id, or module:Class"
    )
    parser.add_argument(
        "-k",
        "--kwarg",
        dest="kwargs",
        action="append",
        type=_parse_kwarg,
        default=[],
        metavar="NAME=VALUE",
        help="a keyword argument for the environment (repeatable)",
    )


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser of the ``gymnasium-core`` command.

    Returns:
        The parser; each subcommand stores its handler in ``func``.
    """
    parser = argparse.ArgumentParser(
        prog="gymnasium-core",
        description="List, check, play and record gymnasium_core environments.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    list_parser = commands.add_parser("list", help="show the registered ids by namespace")
    list_parser.add_argument("--plain", action="store_true", help="one id per line, sorted")
    list_parser.set_defaults(func=_cmd_list)

    check = commands.add_parser("check", help="run the environment checker and report")
    _add_env_arguments(check)
    check.add_argument("--strict", action="store_true", help="treat warnings as failures")
    check.add_argument("--skip-render", action="store_true", help="leave out the render checks")
    check.set_defaults(func=_cmd_check)

    play = commands.add_parser("play", help="play an environment with the keyboard")
    _add_env_arguments(play)
    play.add_argument("--zoom", type=float, default=None, help="window scale factor")
    play.add_argument("--fps", type=int, default=None, help="steps per second")
    play.add_argument("--seed", type=int, default=None, help="seed of every reset")
    play.set_defaults(func=_cmd_play)

    record = commands.add_parser("record", help="record MP4 videos of random-action episodes")
    _add_env_arguments(record)
    record.add_argument("--episodes", type=int, default=1, help="number of episodes (>= 1)")
    record.add_argument("--out", required=True, help="folder the videos are written to")
    record.add_argument("--seed", type=int, default=None, help="seed of the first reset")
    record.add_argument(
        "--max-steps", type=int, default=None, help="cap on the steps of each episode"
    )
    record.add_argument("--fps", type=int, default=None, help="video frame rate")
    record.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    record.set_defaults(func=_cmd_record)
    return parser


def _resolve_callable(target: str) -> Any | None:
    """The object ``module:attribute`` names, or ``None`` when ``target`` is a ``module:Id``."""
    module_name, _, attribute = target.partition(":")
    if not attribute.isidentifier():
        return None
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise CliError(f"Cannot import {module_name!r} for {target!r}: {exc}") from exc
    # An id without a version ("pkg:Maze") is also an identifier: ids win when no such
    # attribute exists, so fall back to the registry.
    return getattr(module, attribute, None)


def _make_env(target: str, kwargs: dict[str, Any]) -> Any:
    """Build the environment a command-line ``ID`` names.

    What the user can get wrong while building (an unknown id, a keyword argument the
    environment does not take, a value of the wrong type, a ``module:name`` that is not an
    environment class) becomes a :class:`CliError`; a crash of another kind inside the
    environment's constructor keeps its traceback.
    """
    from gymnasium_core import error
    from gymnasium_core.core import Env
    from gymnasium_core.registration import make

    creator = _resolve_callable(target) if ":" in target else None
    if creator is not None and not callable(creator):
        raise CliError(
            f"{target} names a {type(creator).__name__}, not an environment class or factory."
        )
    try:
        env = creator(**kwargs) if creator is not None else make(target, **kwargs)
    except (error.UnregisteredEnv, error.DeprecatedEnv, error.RegistrationError) as exc:
        raise CliError(_one_line(str(exc))) from exc
    except error.DependencyNotInstalled as exc:
        raise CliError(_one_line(f"{target}: {exc}")) from exc
    except (error.Error, ImportError, TypeError, ValueError, AttributeError) as exc:
        raise CliError(_one_line(f"Cannot build {target}{_shown(kwargs)}: {exc}")) from exc
    if not isinstance(env, Env):
        raise CliError(f"{target} did not build a gymnasium_core.Env (got {type(env).__name__}).")
    return env


def _shown(kwargs: dict[str, Any]) -> str:
    if not kwargs:
        return ""
    return " with " + ", ".join(f"{name}={value!r}" for name, value in kwargs.items())


def _one_line(text: str) -> str:
    return " ".join(_strip_colour(text).split())


def _check_positive(name: str, value: float | None) -> None:
    if value is not None and value <= 0:
        raise CliError(f"{name} must be positive, got {value}")


def _cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    from gymnasium_core.registration import pprint_registry, registry

    if args.plain:
        for env_id in sorted(registry):
            print(env_id, file=out)
        return EXIT_OK
    print(pprint_registry(disable_print=True), file=out)
    return EXIT_OK


def _headless() -> None:
    """Render off-screen: checks and recordings never need a window (CI has no display)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    from gymnasium_core.utils.env_checker import check_env_report

    _headless()
    env = _make_env(args.env_id, dict(args.kwargs))
    try:
        report = check_env_report(env.unwrapped, skip_render_check=args.skip_render)
    finally:
        env.close()
    print(f"Checking {args.env_id}", file=out)
    for result in report:
        print(f"  {_STATUS_LABELS[result.status]}  {result.name}", file=out)
        for line in result.detail.splitlines():
            print(f"        {_strip_colour(line)}", file=out)
    failed = [r.name for r in report if r.status == "fail"]
    warned = [r.name for r in report if r.status == "warn"]
    summary = f"{len(report) - len(failed) - len(warned)} passed, {len(warned)} warned, "
    print(f"{summary}{len(failed)} failed", file=out)
    if failed or (args.strict and warned):
        return EXIT_FAILURE
    return EXIT_OK


def _strip_colour(text: str) -> str:
    """Drop the ANSI colour codes the logger adds to warnings."""
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    from gymnasium_core.utils.play import MissingKeysToAction, play

    _check_positive("--zoom", args.zoom)
    _check_positive("--fps", args.fps)
    kwargs = {"render_mode": "rgb_array", **dict(args.kwargs)}
    env = _make_env(args.env_id, kwargs)
    if not env.has_wrapper_attr("get_keys_to_action"):
        env.close()
        raise CliError(
            f"{args.env_id} has no default key mapping (no get_keys_to_action method); call "
            "gymnasium_core.utils.play.play(env, keys_to_action=...) from Python instead."
        )
    try:
        _print_key_map(args.env_id, env, _NOOP, out)
        play(env, zoom=args.zoom, fps=args.fps, seed=args.seed, noop=_NOOP)
    except MissingKeysToAction as exc:
        raise CliError(str(exc)) from exc
    finally:
        env.close()
    return EXIT_OK


def _print_key_map(env_id: str, env: Any, noop: Any, out: TextIO) -> None:
    """Print which keys step which action, and how to quit, before the window opens."""
    from gymnasium_core.utils.play import normalise_keys_to_action

    mapping = env.get_wrapper_attr("get_keys_to_action")()
    if not isinstance(mapping, dict):
        return  # play() reports the mistake
    codes = normalise_keys_to_action(mapping, env.action_space)
    rows = [(_combination_name(keys), _action_text(action)) for keys, action in codes.items()]
    rows.append(("anything else", _action_text(noop)))
    width = max(len(name) for name, _ in rows)
    print(f"Playing {env_id}: hold a key combination to step its action.", file=out)
    for name, action in rows:
        print(f"  {name.ljust(width)}  -> {action}", file=out)
    escape = 27  # pygame.K_ESCAPE
    mapped = {key for keys in codes for key in keys}
    quit_by = "close the window" if escape in mapped else "press Escape or close the window"
    print(f"To quit, {quit_by}.", file=out, flush=True)


def _action_text(action: Any) -> str:
    """``2``, ``0.8`` or ``[-1, 0, 0.8]``: an action as short as it reads (float32 unrounded)."""
    import numpy as np

    values = np.asarray(action)
    if values.ndim == 0:
        return f"{values.item():g}"
    return "[" + ", ".join(f"{value:g}" for value in values.ravel().tolist()) + "]"


def _combination_name(keys: tuple[int, ...]) -> str:
    """``left + right`` for a tuple of pygame key codes; ``no key`` for the empty one."""
    if not keys:
        return "no key"
    from gymnasium_core.utils.play import _pygame

    pygame = _pygame()
    return " + ".join(pygame.key.name(key) or f"key code {key}" for key in keys)


def _progress(done: int, total: int, steps: int, stream: TextIO) -> None:
    """Redraw a one-line progress bar of ``done`` of ``total`` episodes."""
    width = 30
    filled = width * done // total
    bar = "#" * filled + "." * (width - filled)
    stream.write(f"\r[{bar}] episode {done}/{total}, {steps} steps")
    stream.flush()


def _cmd_record(args: argparse.Namespace, out: TextIO) -> int:
    if args.episodes < 1:
        raise CliError(f"--episodes must be at least 1, got {args.episodes}")
    _check_positive("--fps", args.fps)
    _check_positive("--max-steps", args.max_steps)
    if os.path.exists(args.out) and not os.path.isdir(args.out):
        raise CliError(f"--out {args.out} exists and is not a folder")
    from gymnasium_core.wrappers import RecordVideo

    _headless()
    kwargs = {"render_mode": "rgb_array", **dict(args.kwargs)}
    env = _make_env(args.env_id, kwargs)
    prefix = re.sub(r"[^\w.-]+", "-", args.env_id).strip("-") or "env"
    before = _videos(args.out)
    if os.path.isdir(args.out):
        # Said here, once, instead of RecordVideo's warning about an existing folder.
        print(
            f"{args.out} exists: videos in it named {prefix}-episode-N.mp4 are overwritten; "
            "the others are kept",
            file=sys.stderr,
        )
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=_FOLDER_EXISTS)
            recorder = RecordVideo(
                env,
                video_folder=args.out,
                episode_trigger=lambda episode: True,
                name_prefix=prefix,
                fps=args.fps,
            )
    except Exception as exc:
        env.close()
        raise CliError(f"Cannot record {args.env_id}: {exc}") from exc
    show = not args.no_progress
    total_steps = 0
    try:
        recorder.action_space.seed(args.seed)
        for episode in range(args.episodes):
            recorder.reset(seed=args.seed if episode == 0 else None)
            steps, over = 0, False
            while not over and (args.max_steps is None or steps < args.max_steps):
                action = recorder.action_space.sample()
                _, _, terminated, truncated, _ = recorder.step(action)
                over = bool(terminated or truncated)
                steps += 1
                total_steps += 1
                if show and total_steps % 50 == 0:
                    _progress(episode, args.episodes, total_steps, sys.stderr)
            if show:
                _progress(episode + 1, args.episodes, total_steps, sys.stderr)
    finally:
        recorder.close()
        if show:
            sys.stderr.write("\n")
    # New files, and files rewritten under the same name (a second run into the same folder).
    after = _videos(args.out)
    written = sorted(path for path, stamp in after.items() if before.get(path) != stamp)
    for path in written:
        print(path, file=out)
    if not written:
        raise CliError(f"No video was written to {args.out}.", EXIT_FAILURE)
    return EXIT_OK


def _videos(folder: str) -> dict[str, tuple[int, int, int]]:
    """The MP4 files in ``folder``, each with what changes when it is written again."""
    if not os.path.isdir(folder):
        return {}
    found = {}
    for name in os.listdir(folder):
        if name.endswith(".mp4"):
            path = os.path.join(folder, name)
            stat = os.stat(path)
            found[path] = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``gymnasium-core`` command.

    Args:
        argv: The arguments after the program name; ``None`` reads ``sys.argv``.

    Returns:
        The exit code.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args, sys.stdout)
        sys.stdout.flush()
    except CliError as exc:
        print(f"gymnasium-core {args.command}: {exc}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:
        # The reader stopped early (`gymnasium-core list --plain | head -3`): end quietly, with
        # stdout pointed away so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILURE
    return code
