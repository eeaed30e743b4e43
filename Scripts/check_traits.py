#!/usr/bin/env python3
"""Every trait set a user can pick resolves and builds, not only the one `make` uses.

`make` builds with every trait (Hummingbird, SQLite, Vapor). A user's package gets the default
set (Hummingbird, SQLite) unless its `.package` line names traits, and `traits: []` is the
smallest. This script proves both:

1. Resolution: a throwaway client package depending on this checkout by path resolves
   - with `traits: []`: none of NIO, Hummingbird, Vapor, GRDB (nor ServiceLifecycle);
   - with the default traits: Hummingbird and GRDB, but not Vapor.
2. Builds: the library targets and the `vignette` tool compile, warnings as errors, with
   `--disable-default-traits` and then with the default set, in their own scratch path
   (.build-traits) so that neither touches .build. The two sets share that path: the
   dependencies compile once, and only this package's own modules compile twice.

Usage: python3 Scripts/check_traits.py [--resolve-only | --empty-only] [--scratch PATH]
`make check-traits` builds both sets in .build-traits. CI passes `--scratch .build` after `make test`:
that path already holds every dependency (built with all traits; no trait of this package reaches a
dependency), so each set recompiles only this package's own modules.
"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCRATCH = ROOT / ".build-traits"
# The targets that cover every library product (each builds its dependencies) and the tool.
TARGETS = ["VignetteVapor", "VignetteSQLite", "VignetteSnapshotTesting", "VignetteCatalog", "VignetteCLI"]
# Packages a client must not check out for each trait set (identities as SwiftPM prints them).
HEAVY = {"swift-nio", "hummingbird", "vapor", "grdb.swift", "swift-service-lifecycle"}
EXPECTED = {
    "empty": (set(), HEAVY),
    "default": ({"hummingbird", "grdb.swift", "swift-nio"}, {"vapor"}),
}


def client_manifest(traits):
    clause = "" if traits is None else f", traits: {json.dumps(traits)}"
    return f"""// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TraitsClient",
    dependencies: [.package(path: {json.dumps(str(ROOT))}{clause})],
    targets: [.target(name: "TraitsClient", dependencies: [.product(name: "Vignette", package: "{ROOT.name}")])]
)
"""


def resolved(traits):
    """The package identities a client with these traits checks out."""
    with tempfile.TemporaryDirectory(prefix="vignette-traits-") as folder:
        client = pathlib.Path(folder)
        (client / "Sources" / "TraitsClient").mkdir(parents=True)
        (client / "Sources" / "TraitsClient" / "Client.swift").write_text("import Vignette\n")
        (client / "Package.swift").write_text(client_manifest(traits))
        run(["swift", "package", "resolve"], cwd=client)
        pins = json.loads((client / "Package.resolved").read_text()).get("pins", [])
        return {pin["identity"].lower() for pin in pins}


def run(command, cwd=ROOT, env=None):
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"check_traits: `{' '.join(command)}` failed:\n{result.stdout[-4000:]}{result.stderr[-4000:]}")


def check_resolution():
    problems = []
    for name, traits in (("empty", []), ("default", None)):
        identities = resolved(traits)
        required, forbidden = EXPECTED[name]
        if missing := required - identities:
            problems.append(f"traits {name}: expected {sorted(missing)} to resolve")
        if extra := forbidden & identities:
            problems.append(f"traits {name}: resolved {sorted(extra)}, which only other traits need")
        print(f"check_traits: a client with the {name} trait set resolves {len(identities)} packages")
    if problems:
        sys.exit("check_traits:\n  " + "\n  ".join(problems))


def check_builds(sets, scratch):
    env = dict(os.environ, VIGNETTE_STRICT="1")
    for name, flags in sets:
        start = time.monotonic()
        for target in TARGETS:
            run(["swift", "build", "--scratch-path", str(scratch), *flags, "--target", target], env=env)
        print(f"check_traits: {name} trait set: {', '.join(TARGETS)} build ({time.monotonic() - start:.0f} s)")


def main():
    check_resolution()
    sets = [("empty", ["--disable-default-traits"]), ("default", [])]
    scratch = SCRATCH
    if "--scratch" in sys.argv:
        index = sys.argv.index("--scratch")
        if index + 1 >= len(sys.argv):
            sys.exit("check_traits: --scratch needs a path")
        scratch = (ROOT / sys.argv[index + 1]).resolve()
    if "--empty-only" in sys.argv:
        check_builds(sets[:1], scratch)
    elif "--resolve-only" not in sys.argv:
        check_builds(sets, scratch)


if __name__ == "__main__":
    main()
