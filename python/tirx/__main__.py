"""``python -m tirx``: the command line (see tirx.cli)."""

import sys

from .cli import main

sys.exit(main())
