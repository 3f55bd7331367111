"""``python -m toolkit`` is the ``death-toolkit`` command."""

import sys

from toolkit.cli import main

sys.exit(main())
