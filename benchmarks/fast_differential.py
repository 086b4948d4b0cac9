"""The compiled core against the pure-Python reference over a million random positions.

CI runs the same differential test (``tests/test_fast_core.py``) over 100,000 positions; this
runs it over ``--positions`` (a million by default) and prints how long it took.

Run: ``python benchmarks/fast_differential.py [--positions N]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import pytest

TEST = Path(__file__).resolve().parents[1] / "tests" / "test_fast_core.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1_000_000)
    args = parser.parse_args()
    os.environ["ASCENSEUR_DIFF_POSITIONS"] = str(args.positions)
    start = time.perf_counter()
    status = pytest.main(
        [
            "-q",
            "-p",
            "no:cacheprovider",
            "-o",
            "timeout=0",  # a million positions take minutes: no per-test limit here
            f"{TEST}::test_fast_core_matches_the_reference_on_random_positions",
        ]
    )
    elapsed = time.perf_counter() - start
    verdict = "agree" if status == 0 else "DISAGREE"
    print(f"{args.positions:,} positions: compiled core and reference {verdict} ({elapsed:.0f} s)")
    return int(status)


if __name__ == "__main__":
    sys.exit(main())
