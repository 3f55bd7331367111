"""Run every benchmark and print one table: ``python benchmarks/run.py [--only NAME] [--quick]``.

Each ``benchmarks/bench_<game>.py`` exposes ``run(quick: bool = False) -> list[dict]``, rows with
the keys benchmark, ours_s, baseline, baseline_s, ratio (baseline_s / ours_s: how many times faster
we are) and note; a time or ratio that does not apply is None. ``--quick`` runs every module's quick
mode: the same code at tiny sizes, a few seconds each, to show that the benchmarks still run (its
numbers measure nothing). The bench_*.py modules are run by default; ``--only NAME`` runs any one
module of this folder with ``run()``, the longer ones too (soak, headroom, instructions, ...).
A module that raises is reported in the table and the others still run; the exit status is then 1.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
COLUMNS = ("benchmark", "ours", "baseline", "baseline time", "ratio", "note")


def modules(only: str | None) -> list[Path]:
    """The bench_*.py modules, or the one module of this folder that `only` names."""
    if not only:
        return sorted(HERE.glob("bench_*.py"))
    return [
        path
        for path in sorted(HERE.glob("*.py"))
        if path.name != "run.py" and only in (path.stem, path.stem.removeprefix("bench_"))
    ]


def load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module  # as a normal import would: dataclasses and pickle need it
    spec.loader.exec_module(module)
    return module


def seconds(value) -> str:
    if value is None:
        return "-"
    for unit, scale in (("s", 1), ("ms", 1e-3), ("us", 1e-6)):
        if value >= scale:
            return f"{value / scale:.3g} {unit}"
    return f"{value / 1e-9:.3g} ns"


def cells(result: dict) -> tuple[str, ...]:
    ratio = result.get("ratio")
    return (
        str(result.get("benchmark", "?")),
        seconds(result.get("ours_s")),
        str(result.get("baseline") or "-"),
        seconds(result.get("baseline_s")),
        "-" if ratio is None else f"{ratio:,.1f}x",
        str(result.get("note") or ""),
    )


def print_table(lines: list[tuple[str, ...]]) -> None:
    widths = [max(len(line[i]) for line in [COLUMNS, *lines]) for i in range(len(COLUMNS))]
    numeric = {1, 3, 4}

    def fmt(line):
        return "  ".join(
            cell.rjust(width) if i in numeric else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        ).rstrip()

    print(fmt(COLUMNS))
    print("  ".join("-" * width for width in widths))
    for line in lines:
        print(fmt(line))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", metavar="NAME", help="one module, e.g. epic_death or soak")
    parser.add_argument(
        "--quick", action="store_true", help="every module at tiny sizes: does it still run?"
    )
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))  # the checkout's toolkit

    paths = modules(args.only)
    if not paths:
        print(f"no benchmark module matches {args.only!r}", file=sys.stderr)
        return 2
    load_average = (
        ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    )
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
        f"load average {load_average}"
        + (" (quick mode: sizes too small to measure)" if args.quick else ""),
        flush=True,
    )
    lines, failed = [], []
    for path in paths:
        start = time.perf_counter()
        print(f"running {path.name} ...", file=sys.stderr, flush=True)
        try:
            results = load(path).run(quick=args.quick)
        except Exception as error:  # one broken module must not hide the others' numbers
            traceback.print_exc()
            failed.append(path.name)
            lines.append(
                (path.stem, "-", "-", "-", "-", f"FAILED: {type(error).__name__}: {error}")
            )
            continue
        lines.extend(cells(result) for result in results)
        print(f"  {path.name}: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    print()
    print_table(lines)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
