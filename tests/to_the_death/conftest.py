"""Lets the To the Death! tests import their shared helpers (tests/to_the_death/ttd_helpers.py)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
