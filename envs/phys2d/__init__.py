"""The classic-control tasks on JAX (the ``phys2d/`` ids).

Each module offers ``<Task>JaxEnv`` and ``<Task>JaxVectorEnv`` over the one FuncEnv defined in
:mod:`gymnasium_core.envs.classic_control`. JAX is imported when a module here is.
"""
