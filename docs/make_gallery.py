"""Generate a short GIF of every registered environment id for the documentation.

    uv run --all-extras python docs/make_gallery.py            # every id
    uv run --all-extras python docs/make_gallery.py CartPole-v1 Ant-v5

Each picture is the ``rgb_array`` render of a seeded episode (``reset(seed=0)``, actions drawn
from the action space seeded with 0, every second step kept, 24 frames), scaled to at most
128 pixels a side and stored as a GIF with a fixed palette size and no dithering, so running
the script again writes the same bytes unless the rendering changed. MJX ids (``mjx/...``)
show their native MuJoCo twin, whose rendering they share.

Writes ``docs/assets/gallery/<id>.gif`` (``/`` in ids becomes ``__``), the index
``docs/assets/gallery/gallery.json`` (id -> file), the page ``docs/gallery.md``, and the block
of pictures between the gallery markers at the top of each environment page.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("MUJOCO_GL", "egl")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import numpy as np

DOCS = Path(__file__).resolve().parent
GALLERY = DOCS / "assets" / "gallery"
INDEX = GALLERY / "gallery.json"
FRAMES = 24
EVERY = 2  # keep every second step
MAX_SIDE = 128
COLOURS = 32
FRAME_MS = 80
START, END = "<!-- gallery:start -->", "<!-- gallery:end -->"

# Which environment page shows which ids: (page, predicate on id and entry point).
MUJOCO_TASKS = ("InvertedPendulum", "InvertedDoublePendulum", "Reacher", "Pusher")
PAGES: list[tuple[str, Any]] = [
    ("classic_control.md", lambda i, ep: ".classic_control." in ep or ".phys2d." in ep),
    ("toy_text.md", lambda i, ep: ".toy_text." in ep or ".tabular." in ep),
    ("lunar_lander.md", lambda i, ep: ".box2d.lunar_lander" in ep),
    ("bipedal_walker.md", lambda i, ep: ".box2d.bipedal_walker" in ep),
    ("car_racing.md", lambda i, ep: ".box2d.car_racing" in ep),
    ("mujoco_mjx.md", lambda i, ep: i.startswith("mjx/")),
    (
        "mujoco.md",
        lambda i, ep: ".mujoco." in ep and not i.startswith("mjx/") and i.startswith(MUJOCO_TASKS),
    ),
    (
        "mujoco_locomotion.md",
        lambda i, ep: (
            ".mujoco." in ep and not i.startswith("mjx/") and not i.startswith(MUJOCO_TASKS)
        ),
    ),
    ("probe.md", lambda i, ep: ".probe." in ep),
]


def file_name(env_id: str) -> str:
    """The picture's file name for ``env_id``."""
    return env_id.replace("/", "__") + ".gif"


def source_id(env_id: str) -> str:
    """The id whose rendering stands for ``env_id`` (an MJX id's native twin)."""
    return env_id[len("mjx/") :] if env_id.startswith("mjx/") else env_id


def record_frames(env_id: str) -> list[np.ndarray]:
    """``FRAMES`` rendered frames of a seeded episode of ``env_id`` with seeded actions."""
    import gymnasium_core as gym

    kwargs: dict[str, Any] = {"render_mode": "rgb_array"}
    if ".mujoco." in str(gym.spec(env_id).entry_point):
        kwargs.update(width=2 * MAX_SIDE, height=2 * MAX_SIDE)  # render small: faster
    env = gym.make(env_id, **kwargs)
    env.action_space.seed(0)
    env.reset(seed=0)
    frames = [np.asarray(env.render())]
    episode = 0
    while len(frames) < FRAMES:
        for _ in range(EVERY):
            _, _, terminated, truncated, _ = env.step(env.action_space.sample())
            if terminated or truncated:
                episode += 1
                env.reset(seed=episode)
        frames.append(np.asarray(env.render()))
    env.close()
    return frames


def write_gif(frames: list[np.ndarray], path: Path) -> None:
    """Scale, quantise (no dithering) and save ``frames`` as a looping GIF."""
    from PIL import Image

    height, width = frames[0].shape[:2]
    scale = MAX_SIDE / max(height, width)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    images = [
        Image.fromarray(np.ascontiguousarray(f[..., :3]).astype(np.uint8))
        .resize(size, Image.Resampling.LANCZOS)
        .quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        for f in frames
    ]
    images[0].save(
        path,
        save_all=True,
        append_images=images[1:],
        duration=FRAME_MS,
        loop=0,
        optimize=True,
    )


def entry_point(env_id: str) -> str:
    """The entry point of ``env_id``'s spec, as a string."""
    import gymnasium_core as gym

    return str(gym.spec(env_id).entry_point)


def picture_block(ids: list[str], index: dict[str, str], prefix: str) -> str:
    """Markdown for a row of pictures with their ids as captions.

    Each picture is a Markdown image inside an HTML figure (``md_in_html``): MkDocs rewrites
    the paths of Markdown images for the built page's URL, never those in raw HTML, so a raw
    ``<img src>`` would point beside the page (``gallery/assets/...``) once URLs are folders.
    """
    cells = [
        f'<figure markdown="span" style="display:inline-block;margin:0 .5em .5em 0">'
        f"![{i}]({prefix}assets/gallery/{index[i]})"
        f"<figcaption><code>{i}</code></figcaption></figure>"
        for i in ids
    ]
    return "\n".join(cells)


def write_pages(index: dict[str, str]) -> None:
    """The gallery page and the picture block of every environment page."""
    ids = list(index)
    lines = [
        "# Gallery",
        "",
        "Every registered environment id, from its `rgb_array` render: a seeded episode with",
        "seeded random actions (MJX ids show their native twin, whose rendering they share).",
        "Generated by `python docs/make_gallery.py`; a test checks that every id has one.",
        "",
    ]
    for page, match in PAGES:
        chosen = [i for i in ids if match(i, entry_point(i))]
        if chosen:
            title = (DOCS / "envs" / page).read_text().splitlines()[0].lstrip("# ")
            lines += [f"## [{title}](envs/{page})", "", picture_block(chosen, index, ""), ""]
    others = [i for i in ids if not any(m(i, entry_point(i)) for _, m in PAGES)]
    if others:
        lines += ["## Other environments", "", picture_block(others, index, ""), ""]
    (DOCS / "gallery.md").write_text("\n".join(lines))

    for page, match in PAGES:
        path = DOCS / "envs" / page
        chosen = [i for i in ids if match(i, entry_point(i))]
        text = path.read_text()
        block = f"{START}\n{picture_block(chosen, index, '../')}\n{END}"
        if START in text:
            before, rest = text.split(START, 1)
            text = before + block + rest.split(END, 1)[1]
        else:
            title, rest = text.split("\n", 1)
            text = f"{title}\n\n{block}\n{rest}"
        path.write_text(text)


def main(argv: list[str]) -> None:
    """Draw the pictures of the ids in ``argv`` (all if empty), then the index and the pages."""
    import gymnasium_core as gym

    GALLERY.mkdir(parents=True, exist_ok=True)
    every = list(gym.registry)
    wanted = argv or every
    index: dict[str, str] = json.loads(INDEX.read_text()) if INDEX.exists() else {}
    for env_id in wanted:
        source = source_id(env_id)
        name = file_name(source)
        if source == env_id or not (GALLERY / name).exists():
            write_gif(record_frames(source), GALLERY / name)
        index[env_id] = name
        print(f"{env_id:32s} -> {name} ({(GALLERY / name).stat().st_size / 1024:.0f} KiB)")
    index = {i: index[i] for i in every if i in index}
    INDEX.write_text(json.dumps(index, indent=1) + "\n")
    write_pages(index)


if __name__ == "__main__":
    main(sys.argv[1:])
