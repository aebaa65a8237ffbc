"""The documentation site builds with no warnings, and what its pages show is in the build."""

from __future__ import annotations

import json
import os
import pathlib
import posixpath
import re
import subprocess
import sys
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]

#: (tag, attribute) pairs whose value a browser fetches or follows.
REFERENCES = {
    ("img", "src"),
    ("video", "src"),
    ("video", "poster"),
    ("source", "src"),
    ("a", "href"),
}


class Site:
    """A built site: the folder and the output of the build."""

    def __init__(self, folder: pathlib.Path, result: subprocess.CompletedProcess[str]) -> None:
        self.folder = folder
        self.result = result

    def pages(self) -> list[pathlib.Path]:
        return sorted(self.folder.rglob("*.html"))


class _References(HTMLParser):
    """Collects ``(tag, url)`` for every picture, video and link of one page."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if (tag, name) in REFERENCES and value:
                self.found.append((tag, value))


def references(page: pathlib.Path) -> list[tuple[str, str]]:
    parser = _References()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.found


def resolve(site: pathlib.Path, page: pathlib.Path, url: str) -> pathlib.Path | None:
    """The file of the build that ``url`` on ``page`` reaches (``None`` when not local).

    As a browser resolves it: relative to the page's folder, or to the site root for a path
    that starts with ``/``; a folder stands for its ``index.html``.
    """
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path:
        return None  # another site, mailto:, or an anchor on the same page
    path = unquote(parts.path)
    if path.startswith("/"):
        target = posixpath.normpath(path.lstrip("/") or ".")
    else:
        here = page.parent.relative_to(site).as_posix()
        target = posixpath.normpath(posixpath.join(here, path))
    found = site / target
    return found / "index.html" if path.endswith("/") or found.is_dir() else found


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The site, built once for this module."""
    pytest.importorskip("mkdocs", reason="the docs group is not installed")
    folder = tmp_path_factory.mktemp("docs") / "site"
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return Site(folder, result)


def test_docs__build_strict(site: Site) -> None:
    assert site.result.returncode == 0, site.result.stdout + site.result.stderr


def test_docs__every_picture_video_and_local_link_resolves_to_a_file_of_the_build(
    site: Site,
) -> None:
    assert site.result.returncode == 0, site.result.stdout + site.result.stderr
    broken = []
    for page in site.pages():
        for tag, url in references(page):
            target = resolve(site.folder, page, url)
            if target is not None and not target.is_file():
                broken.append(f"{page.relative_to(site.folder)}: <{tag}> {url}")
    assert not broken, f"{len(broken)} broken:\n" + "\n".join(broken)


def test_docs__gallery_and_environment_pages_show_every_picture(site: Site) -> None:
    assert site.result.returncode == 0, site.result.stdout + site.result.stderr
    gallery = ROOT / "docs" / "assets" / "gallery"
    names = set(json.loads((gallery / "gallery.json").read_text()).values())

    def shown(page: pathlib.Path) -> set[str]:
        pictures = set()
        for tag, url in references(page):
            target = resolve(site.folder, page, url)
            if tag == "img" and target is not None and target.is_file():
                pictures.add(target.name)
        return pictures

    assert shown(site.folder / "gallery" / "index.html") >= names
    on_env_pages = set().union(*map(shown, (site.folder / "envs").rglob("index.html")))
    assert on_env_pages >= names


def test_resolve__follows_a_browser(tmp_path: pathlib.Path) -> None:
    page = tmp_path / "gallery" / "index.html"
    (tmp_path / "assets").mkdir()
    assert resolve(tmp_path, page, "assets/x.gif") == tmp_path / "gallery" / "assets" / "x.gif"
    assert resolve(tmp_path, page, "../assets/x.gif#f") == tmp_path / "assets" / "x.gif"
    assert resolve(tmp_path, page, "/assets/x.gif") == tmp_path / "assets" / "x.gif"
    assert resolve(tmp_path, page, "../envs/") == tmp_path / "envs" / "index.html"
    assert resolve(tmp_path, page, "../assets") == tmp_path / "assets" / "index.html"
    for elsewhere in ("https://x.org/a.gif", "#top", "mailto:a@b.c", "//cdn.org/a.js"):
        assert resolve(tmp_path, page, elsewhere) is None


#: What `uv run` prints while it builds or syncs the project: noise in a recorded output.
UV_CHATTER = re.compile(
    r"^\s*(Building|Built|Uninstalled|Installed|Resolved|Prepared|Audited|Downloading) "
    r".*(@ file://|packages? in )"
)


def test_docs__recorded_outputs_hold_no_installer_noise() -> None:
    pages = [ROOT / "README.md", ROOT / "examples" / "README.md", *(ROOT / "docs").rglob("*.md")]
    noisy = [
        f"{page.relative_to(ROOT)}:{number}: {line.strip()}"
        for page in pages
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if UV_CHATTER.match(line)
    ]
    assert not noisy, "\n".join(noisy)


def test_uv_chatter__matches_what_uv_prints() -> None:
    for line in (
        "   Building gymnasium-core @ file:///work/main",
        "      Built gymnasium-core @ file:///work/main",
        "Uninstalled 1 package in 3ms",
        "Installed 12 packages in 40ms",
    ):
        assert UV_CHATTER.match(line), line
    assert not UV_CHATTER.match("Installed versions of the extras are listed below.")


def test_docs__navigation_has_one_section_per_title() -> None:
    yaml = pytest.importorskip("yaml", reason="the docs group is not installed")
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text())["nav"]
    titles = [next(iter(entry)) for entry in nav]
    # "Guide" beside "Guides" was one section split in two.
    stems = [title.lower().rstrip("s") for title in titles]
    assert len(set(stems)) == len(stems), titles
    assert "Guides" in titles
