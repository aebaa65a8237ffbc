"""Every registered id has its picture in the documentation gallery (no rendering here)."""

from __future__ import annotations

import json
import pathlib

import gymnasium_core as gym

ROOT = pathlib.Path(__file__).resolve().parents[1]
GALLERY = ROOT / "docs" / "assets" / "gallery"
BUDGET_BYTES = 4 * 1024 * 1024  # the pictures together stay a few MB


def _index() -> dict[str, str]:
    return dict(json.loads((GALLERY / "gallery.json").read_text()))


def test_gallery__every_registered_id_has_a_picture() -> None:
    index = _index()
    missing = [i for i in gym.registry if i not in index]
    assert not missing, f"run `python docs/make_gallery.py {' '.join(missing)}`"
    for env_id in gym.registry:
        picture = GALLERY / index[env_id]
        assert picture.is_file() and picture.stat().st_size > 0, env_id
        assert picture.read_bytes()[:6] in (b"GIF87a", b"GIF89a"), env_id


def test_gallery__mjx_ids_show_their_native_twin() -> None:
    index = _index()
    for env_id in gym.registry:
        if env_id.startswith("mjx/"):
            assert index[env_id] == index[env_id[len("mjx/") :]]


def test_gallery__pictures_stay_small_and_none_is_orphaned() -> None:
    files = {p.name for p in GALLERY.glob("*.gif")}
    assert files == set(_index().values())
    assert sum((GALLERY / f).stat().st_size for f in files) <= BUDGET_BYTES


def test_gallery__gallery_page_shows_every_picture() -> None:
    page = (ROOT / "docs" / "gallery.md").read_text()
    for env_id, name in _index().items():
        assert f"assets/gallery/{name}" in page and f"<code>{env_id}</code>" in page
