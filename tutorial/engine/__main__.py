"""``python -m tutorial.engine``: see :mod:`tutorial.engine.cli`."""

import sys

from .cli import main

sys.exit(main())
