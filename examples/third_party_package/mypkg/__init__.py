"""mypkg: registers its environments with gymnasium_core when imported.

gymnasium_core imports this module the first time its registry is read, because the package
declares it in the ``gymnasium_core.envs`` entry point group (see ``pyproject.toml``); the ids
land in the entry point's namespace, ``mypkg``.
"""

from gymnasium_core import register

# Strings only: registering must stay cheap, the environment module loads on `make`.
register(id="mypkg/Corridor-v0", entry_point="mypkg.corridor:CorridorEnv", max_episode_steps=50)
