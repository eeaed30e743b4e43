#!/usr/bin/env python3
"""The module layering the compiler enforces, checked from the manifest.

Fails when VignetteTesting depends on anything but VignetteCore; when
VignetteCore, VignetteTesting or VignetteSnapshotTesting
depends, directly or through another target, on a target that links
libcurl (CCurl) or on the pipeline module (Vignette), or when one of their
source files imports either; and when any library below the server
(VignetteCore, Vignette, VignetteSQLite, VignetteCatalog, VignetteTesting,
VignetteSnapshotTesting) depends on VignetteServer, VignetteVapor, Hummingbird
or Vapor, or one of their source files imports them; and when VignetteServer
depends on Vapor or VignetteVapor (each framework sits beside the other, above
the framework-neutral service).
"""
import json
import pathlib
import re
import subprocess
import sys

FORBIDDEN = {'Vignette', 'CCurl'}
LOWER_LAYERS = ['VignetteCore', 'VignetteTesting', 'VignetteSnapshotTesting']
# The render service sits on top: nothing below it may reach it or its framework.
SERVER = {'VignetteServer', 'Hummingbird', 'HummingbirdCore', 'VignetteVapor', 'Vapor'}
# The Vapor integration sits on the service; the service never reaches it.
ABOVE_SERVER = {'VignetteVapor', 'Vapor', 'VaporTesting', 'XCTVapor'}
BELOW_SERVER = ['VignetteCore', 'Vignette', 'VignetteSQLite', 'VignetteCatalog', 'VignetteTesting',
                'VignetteSnapshotTesting']
# Test doubles shipped to users stay small: their direct dependencies, all of them.
DIRECT_ONLY = {'VignetteTesting': {'VignetteCore'}}


def closure(targets, name, seen=None):
    seen = set() if seen is None else seen
    for dependency in targets.get(name, []):
        if dependency not in seen:
            seen.add(dependency)
            closure(targets, dependency, seen)
    return seen


def main():
    manifest = json.loads(subprocess.run(['swift', 'package', 'describe', '--type', 'json'],
                                         check=True, capture_output=True, text=True).stdout)
    targets = {t['name']: t.get('target_dependencies', []) + t.get('product_dependencies', [])
               for t in manifest['targets']}
    problems = []
    for layer in LOWER_LAYERS:
        reached = closure(targets, layer) & FORBIDDEN
        if reached:
            problems.append(f'{layer} depends on {", ".join(sorted(reached))}')
        print(f'layers: {layer} -> {", ".join(sorted(closure(targets, layer))) or "nothing"}')
    for layer, allowed in DIRECT_ONLY.items():
        extra = set(targets.get(layer, [])) - allowed
        if extra:
            problems.append(f'{layer} may depend on {", ".join(sorted(allowed))} only, not {", ".join(sorted(extra))}')
    for root in [f'Sources/{layer}' for layer in LOWER_LAYERS]:
        for path in sorted(pathlib.Path(root).rglob('*.swift')):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if re.match(r'\s*(@\w+\s+)*import\s+(Vignette|CCurl)\s*$', line):
                    problems.append(f'{path}:{number}: {line.strip()}')
    for layer in BELOW_SERVER:
        reached = closure(targets, layer) & SERVER
        if reached:
            problems.append(f'{layer} depends on {", ".join(sorted(reached))}')
    for layer in BELOW_SERVER:
        for path in sorted(pathlib.Path('Sources', layer).rglob('*.swift')):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if re.match(r'\s*(@\w+\s+)*import\s+(VignetteServer|VignetteVapor|Hummingbird\w*|Vapor\w*)\s*$', line):
                    problems.append(f'{path}:{number}: {line.strip()}')
    reached = closure(targets, 'VignetteServer') & ABOVE_SERVER
    if reached:
        problems.append(f'VignetteServer depends on {", ".join(sorted(reached))}')
    for path in sorted(pathlib.Path('Sources', 'VignetteServer').rglob('*.swift')):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.match(r'\s*(@\w+\s+)*import\s+(VignetteVapor|Vapor\w*)\s*$', line):
                problems.append(f'{path}:{number}: {line.strip()}')
    print(f'layers: VignetteServer -> {", ".join(sorted(closure(targets, "VignetteServer") - {"Hummingbird"} & set(targets)))}')
    for problem in problems:
        print('layers: ' + problem)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
