"""``python -m gymnasium_core``: the ``gymnasium-core`` command (see :mod:`gymnasium_core.cli`)."""

from gymnasium_core.cli import main

raise SystemExit(main())
