#!/usr/bin/env python3
"""A ceiling on the public surface: the declarations of Sources/ that start
with `public` or `open` (issue 30, the same count as
`grep -rhoE '^\\s*(public|open) ' Sources --include='*.swift' | wc -l`).

A symbol no README example, DocC article, example app or fuzz harness needs
and no user has reason to name is `package`; a change that adds public API
either stays under the ceiling or lowers something else. The goal is 1,000
(issue 30); CEILING is the count reached so far: lower it as the surface
shrinks, never raise it without saying why in the commit.
Exit 1 with the count when it is over.

Usage: python3 Scripts/check_public_count.py
"""
import pathlib
import re
import sys

CEILING = 1084
ROOT = pathlib.Path(__file__).resolve().parent.parent
DECLARATION = re.compile(r"^\s*(public|open) ")


def main():
    counts = {}
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        n = sum(1 for line in path.read_text(encoding="utf-8").splitlines() if DECLARATION.match(line))
        if n:
            folder = str(path.parent.relative_to(ROOT))
            counts[folder] = counts.get(folder, 0) + n
    total = sum(counts.values())
    if total > CEILING:
        print(f"check_public_count: {total} public declarations in Sources/, over the ceiling of {CEILING}.")
        print("Make what users never name `package` (largest folders first):")
        for folder, n in sorted(counts.items(), key=lambda item: -item[1])[:8]:
            print(f"  {n:4d} {folder}")
        return 1
    print(f"check_public_count: {total} public declarations (ceiling {CEILING})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
