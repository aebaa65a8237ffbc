"""The keyboard-play and video commands the docs give, run as written (headless).

Every ``gymnasium-core play ...`` / ``gymnasium-core record ...`` line of the README, the
examples README and the docs pages is taken from the text and run through the command's
``main``: ``record`` into a temporary folder instead of ``videos/``, ``play`` on the dummy video
driver with a few key presses and then the window closed. The Python forms of
``docs/play.md`` (``play(...)``) and of the examples page (``RecordVideo``) run too.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest

import gymnasium_core as gym
from gymnasium_core.cli import main
from tests.examples._load import EXAMPLES

ROOT = EXAMPLES.parent
PAGES = [
    ROOT / "README.md",
    EXAMPLES / "README.md",
    ROOT / "docs" / "examples.md",
    ROOT / "docs" / "play.md",
]


def documented_commands(subcommand: str) -> list[list[str]]:
    """The arguments after ``gymnasium-core`` of every documented ``subcommand`` line."""
    found: set[tuple[str, ...]] = set()
    pattern = re.compile(rf"gymnasium-core {subcommand} \w[^`#\n|]*")
    for page in PAGES:
        for match in pattern.finditer(page.read_text()):
            found.add(tuple(shlex.split(match.group(0))[1:]))
    return [list(c) for c in sorted(found)]


RECORD = documented_commands("record")
PLAY = documented_commands("play")


def test_docs__give_the_play_and_record_commands_on_every_page() -> None:
    for page in PAGES:
        text = page.read_text()
        assert "gymnasium-core play " in text, page
        assert "gymnasium-core record " in text, page
    # The examples page and the play page also show the Python forms.
    assert "RecordVideo(" in (ROOT / "docs" / "examples.md").read_text()
    assert "RecordVideo(" in (ROOT / "docs" / "play.md").read_text()
    assert "play(gym.make(" in (ROOT / "docs" / "play.md").read_text()
    assert RECORD and PLAY


@pytest.mark.parametrize("argv", RECORD, ids=" ".join)
def test_documented_record_command__writes_the_videos_it_says(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("moviepy", reason="recording videos needs moviepy (extra `other`)")
    folder = tmp_path / "videos"  # a new folder, as `videos/` is on a fresh clone
    argv = [folder.as_posix() if i and argv[i - 1] == "--out" else a for i, a in enumerate(argv)]
    # Short episodes keep the default tier fast; the rest of the command is as documented.
    assert main([*argv, "--max-steps", "25", "--no-progress"]) == 0
    written = capsys.readouterr().out.split()
    episodes = int(argv[argv.index("--episodes") + 1]) if "--episodes" in argv else 1
    assert len(written) == episodes
    assert all(Path(p).parent == folder and Path(p).stat().st_size > 0 for p in written)


class _ScriptedWindow:
    """Stands in for the player: holds a key for a few frames, then closes the window."""

    def __init__(self, pygame: Any, key: int, frames: int = 12) -> None:
        self.pygame, self.key, self.frames, self.shown = pygame, key, frames, 0
        self.flip = pygame.display.flip

    def __call__(self) -> None:
        self.flip()
        self.shown += 1
        event = self.pygame.event
        if self.shown == 2:
            event.post(event.Event(self.pygame.KEYDOWN, key=self.key))
        elif self.shown == self.frames // 2:
            event.post(event.Event(self.pygame.KEYUP, key=self.key))
        elif self.shown == self.frames:
            event.post(event.Event(self.pygame.QUIT))


@pytest.mark.parametrize("argv", PLAY, ids=" ".join)
def test_documented_play_command__plays_until_the_window_closes(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame = pytest.importorskip("pygame", reason="keyboard play needs pygame")
    window = _ScriptedWindow(pygame, pygame.K_RIGHT)
    monkeypatch.setattr(pygame.display, "flip", window)
    assert main([*argv, "--fps", "1000"]) == 0
    assert window.shown >= window.frames  # a frame per step, until the window closed


def test_play_page__python_form_plays_with_a_custom_key_map(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pygame = pytest.importorskip("pygame", reason="keyboard play needs pygame")
    from gymnasium_core.utils.play import play

    window = _ScriptedWindow(pygame, ord("d"))
    monkeypatch.setattr(pygame.display, "flip", window)
    actions: list[int] = []
    env = gym.make("MountainCar-v0", render_mode="rgb_array")
    play(
        env,
        keys_to_action={"a": 0, "d": 2},
        noop=1,
        zoom=2,
        fps=1000,
        callback=lambda *step: actions.append(int(step[2])),
    )
    env.close()
    assert 2 in actions and 1 in actions  # "d" held, then released


def test_record_video__python_form_films_the_chosen_episodes(tmp_path: Path) -> None:
    pytest.importorskip("moviepy", reason="recording videos needs moviepy (extra `other`)")
    from gymnasium_core.wrappers import RecordVideo

    folder = tmp_path / "videos"
    env = RecordVideo(
        gym.make("CartPole-v1", render_mode="rgb_array"),
        str(folder),
        episode_trigger=lambda episode: episode % 2 == 0,
    )
    for episode in range(3):
        env.reset(seed=episode)
        done = False
        while not done:
            *_, terminated, truncated, _ = env.step(env.action_space.sample())
            done = terminated or truncated
    env.close()
    names = sorted(p.name for p in folder.glob("*.mp4"))
    assert names == ["rl-video-episode-0.mp4", "rl-video-episode-2.mp4"]
