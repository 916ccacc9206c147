"""``python -m tactics`` is the same as the ``tactics`` command."""

from tactics.cli import main

raise SystemExit(main())
