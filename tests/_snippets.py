"""The fenced Python blocks of the README and the documentation, and a runner for one page.

A page's blocks run in order in one namespace, as a reader pasting them into one Python session
would. A block that needs what a test run lacks (a display, a GPU, minutes) says so on the line
before its fence, with the reason, and is left out:

    <!-- snippet: skip, needs a display -->
    ```python
    ...

Run as a script (``python tests/_snippets.py PAGE``), this file runs the page's blocks in the
current folder and exits 1 at the first that raises, naming its line.
"""

from __future__ import annotations

import doctest
import io
import re
import sys
import textwrap
import time
import traceback
import warnings
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<ticks>`{3,}|~{3,})\s*(?P<lang>[\w+-]*)")
SKIP = re.compile(r"^\s*<!--\s*snippet:\s*skip,\s*(?P<reason>.+?)\s*-->\s*$")
PYTHON = {"python", "py", "python3"}
OURS = {"gymnasium_core"}  # a missing module of ours is a failure, not an optional dependency
MISSING = 3  # the exit status for a block that needs an optional package that is missing


class Block(NamedTuple):
    page: str  # relative to the repository root
    line: int  # of the opening fence, 1-based
    code: str
    skip: str | None  # the reason, for a block marked to be left out

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def pages() -> list[Path]:
    """README.md and every Markdown page of the documentation."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def blocks(page: Path) -> list[Block]:
    """The fenced Python blocks of ``page``, in order."""
    return parse(page.read_text(encoding="utf-8"), page.relative_to(ROOT).as_posix())


def parse(text: str, name: str) -> list[Block]:
    """The fenced Python blocks of the Markdown ``text`` of page ``name``, in order."""
    lines = text.splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        closing = re.compile(
            rf"^[ \t]*{re.escape(opening['ticks'][0])}{{{len(opening['ticks'])},}}\s*$"
        )
        end = next((j for j in range(i + 1, len(lines)) if closing.match(lines[j])), len(lines))
        if opening["lang"].lower() in PYTHON:
            body = "\n".join(line[len(opening["indent"]) :] for line in lines[i + 1 : end])
            before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
            marker = SKIP.match(before)
            found.append(
                Block(
                    name, i + 1, textwrap.dedent(body) + "\n", marker["reason"] if marker else None
                )
            )
        i = end + 1
    return found


def execute(block: Block, namespace: dict[str, object]) -> str:
    """Run one block in ``namespace``; what went wrong, or ``""``.

    A block of ``>>>`` lines is a doctest: its outputs are checked too.
    """
    if not block.code.lstrip().startswith(">>>"):
        exec(compile(block.code, block.where, "exec"), namespace)
        return ""
    test = doctest.DocTestParser().get_doctest(
        block.code, namespace, block.where, block.page, block.line
    )
    report = io.StringIO()
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    runner.run(test, out=report.write, clear_globs=False)
    return report.getvalue() if runner.failures else ""


def run(page: Path) -> int:
    """Run the page's unmarked blocks in one namespace; 1 at the first failure.

    A block that imports an optional package that is not installed ends the run with
    ``MISSING``, as ``pytest.importorskip`` would.
    """
    from gymnasium_core.logger import GymnasiumCoreWarning

    # Our own warnings are errors, as in the test suite; so are our deprecations (an id that is
    # out of date), which a reader would meet as a first line of output.
    warnings.simplefilter("error", GymnasiumCoreWarning)
    warnings.filterwarnings("error", category=DeprecationWarning, module=r"gymnasium_core\.")
    namespace: dict[str, object] = {"__name__": "__main__"}
    for block in blocks(page):
        if block.skip is not None:
            print(f"{block.where}: skipped, {block.skip}", flush=True)
            continue
        start = time.perf_counter()
        try:
            failed = execute(block, namespace)
        except ModuleNotFoundError as missing:
            if not missing.name or missing.name.partition(".")[0] in OURS:
                raise
            print(f"{block.where}: needs {missing.name}, which is not installed", flush=True)
            return MISSING
        except BaseException:
            failed = traceback.format_exc()
        if failed:
            print(f"{block.where}: FAILED\n{failed}", flush=True)
            return 1
        print(f"{block.where}: ran in {time.perf_counter() - start:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(run(Path(sys.argv[1]).resolve()))
