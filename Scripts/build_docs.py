#!/usr/bin/env python3
"""Builds the DocC catalog of every library product, warnings as errors.

For each module that has a `Sources/<Module>/<Module>.docc` catalog:

1. `swift-symbolgraph-extract` reads the module's public symbols from the
   `.swiftmodule` the debug build already wrote (.build/debug/Modules), with
   the same search paths and C module maps the compiler used (taken from the
   build's own `.build/debug.yaml`), into .build/docs/symbol-graphs/<Module>/.
   Nothing is compiled again and no dependency is built.
2. The toolchain's `docc convert` turns catalog + symbol graph into
   .build/docs/<Module>.doccarchive, with `--warnings-as-errors`, so a broken
   ``Symbol`` link or an uncurated topic fails the build.

The command-line reference is Sources/VignetteCLI/VignetteCLI.docc/vignette.md,
written by swift-argument-parser's `generate-docc-reference` plugin from the
tool's own parser (`make docs` runs it first); it has no symbols of its own, so
its catalog is converted without a symbol graph, into .build/docs/vignette-cli.doccarchive.

Usage: python3 Scripts/build_docs.py [Module ...]   (after `swift build`)
"""
import json
import pathlib
import re
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / ".build" / "docs"
# Images an article shows that live elsewhere in the repository (a snapshot reference, a
# screenshot): copied into the catalog at build time, so the article shows the very file
# the tests check instead of a copy that could drift.
EXTRA_RESOURCES = {
    "VignetteSnapshotTesting": [
        "Snapshots/DescriptorStatesTests/productImage.sheet.png", "docs/compare-report.png",
        "Snapshots/AnimationSheetTests/anAnimationIsOneReviewableReference.moving-square.png",
    ],
}
# Catalogs of executables: no symbol graph, and the archive is named after the command.
ARCHIVE_NAMES = {"VignetteCLI": "vignette-cli"}   # not "vignette": it would clash with Vignette on a case-insensitive disk
TOOLCHAIN = pathlib.Path(shutil.which("swift") or "/opt/swift/usr/bin/swift").resolve().parent


def catalogs():
    """Module name -> its .docc folder, for every library product that has one."""
    found = {}
    for docc in sorted((ROOT / "Sources").glob("*/*.docc")):
        if docc.stem == docc.parent.name:
            found[docc.stem] = docc
    return found


def compiler_arguments(build_yaml, module):
    """The swiftc arguments of `module`'s compile command in the debug build's manifest."""
    text = build_yaml.read_text()
    start = re.search(rf'\n  "C\.{re.escape(module)}-[^"]*-debug\.module":\n', text)
    if not start:
        raise SystemExit(f"build_docs: {module} is not in {build_yaml}; run `swift build` first")
    args = re.search(r"\n    args: (\[.*?\])\n", text[start.end():])
    return json.loads(args.group(1))


def search_flags(arguments):
    """The flags that find modules: -I, -target, -module-cache-path, and every -Xcc pair."""
    flags, i = [], 0
    while i < len(arguments):
        arg = arguments[i]
        if arg in ("-I", "-target", "-module-cache-path", "-Xcc", "-sdk"):
            flags += [arg, arguments[i + 1]]
            i += 2
        else:
            i += 1
    return flags


def extract(module, build_yaml):
    graphs = OUTPUT / "symbol-graphs" / module
    shutil.rmtree(graphs, ignore_errors=True)
    graphs.mkdir(parents=True)
    command = [str(TOOLCHAIN / "swift-symbolgraph-extract"), "-module-name", module,
               "-minimum-access-level", "public", "-skip-inherited-docs",
               "-emit-extension-block-symbols", "-output-dir", str(graphs)]
    command += search_flags(compiler_arguments(build_yaml, module))
    subprocess.run(command, check=True)
    return graphs


def assembled(module, catalog):
    """The catalog itself, or a copy of it with its EXTRA_RESOURCES added."""
    extra = EXTRA_RESOURCES.get(module, [])
    if not extra:
        return catalog
    copy = OUTPUT / "catalogs" / catalog.name
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(catalog, copy)
    for resource in extra:
        shutil.copy2(ROOT / resource, copy / pathlib.Path(resource).name)
    return copy


def convert(module, catalog, graphs):
    archive = OUTPUT / f"{ARCHIVE_NAMES.get(module, module)}.doccarchive"
    shutil.rmtree(archive, ignore_errors=True)
    catalog = assembled(module, catalog)
    command = [str(TOOLCHAIN / "docc"), "convert", str(catalog)]
    if graphs:
        command += ["--additional-symbol-graph-dir", str(graphs)]
    command += ["--fallback-display-name", ARCHIVE_NAMES.get(module, module),
               "--fallback-bundle-identifier", f"vignette.{module}",
               "--output-path", str(archive), "--warnings-as-errors"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:   # docc prints blank lines on success; show its output only when it fails
        print(result.stdout + result.stderr, file=sys.stderr)
    return result.returncode


def main(argv):
    build_yaml = ROOT / ".build" / "debug.yaml"   # the manifest of `swift build` (debug)
    if not build_yaml.exists():
        raise SystemExit("build_docs: no .build/debug.yaml; run `swift build` first")
    wanted = catalogs()
    if argv[1:]:
        wanted = {name: wanted[name] for name in argv[1:]}
    failed = []
    for module, catalog in wanted.items():
        started = time.monotonic()
        graphs = None if module in ARCHIVE_NAMES else extract(module, build_yaml)
        if convert(module, catalog, graphs) != 0:
            failed.append(module)
            continue
        archive = ARCHIVE_NAMES.get(module, module)
        print(f"==> docs: {module} -> .build/docs/{archive}.doccarchive ({time.monotonic() - started:.1f} s)")
    if failed:
        print(f"build_docs: docc failed for {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
