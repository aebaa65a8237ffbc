"""Package discovery: ``envs/`` is installed as the subpackage ``gymnasium_core.envs``.

Everything else is configured in pyproject.toml; automatic discovery cannot map a top-level
folder into another package, so the package list is computed here.
"""

from setuptools import find_namespace_packages, setup

core = [p for p in find_namespace_packages(include=["gymnasium_core*"])]
envs = ["gymnasium_core.envs"] + [
    f"gymnasium_core.envs.{p}"
    for p in find_namespace_packages(where="envs", exclude=["*__pycache__*"])
]
setup(packages=core + envs)
