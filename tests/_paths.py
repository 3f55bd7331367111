"""Repository paths shared by the infrastructure tests."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
NOTEBOOKS = ROOT / "notebooks"
BOOK = ROOT / "book"
DATA = ROOT / "data"
