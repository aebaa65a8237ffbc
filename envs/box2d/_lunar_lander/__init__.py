"""LunarLander: the env class and its pieces, re-exported by the public module."""
