#!/usr/bin/env python3
"""Checks examples/VaporApp/Package.swift, the manifest a user copies, without building it.

The example's sources and tests are built and run by `make test` as targets of the root
package (under its Vapor trait), so that no second copy of Vapor is fetched or compiled.
Its own manifest is only evaluated (`swift package dump-package`: seconds, nothing fetched):
it must depend on this repository by path with the Vapor trait, on vapor/vapor, and declare
the same library and test targets, over the same folders, as the root package does.
"""
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / 'examples' / 'VaporApp'


def dump(folder):
    result = subprocess.run(['swift', 'package', '--package-path', str(folder), 'dump-package'],
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f'example package: {folder}/Package.swift does not evaluate:\n{result.stderr}')
    return json.loads(result.stdout)


def main():
    root, example = dump(ROOT), dump(EXAMPLE)
    problems = []
    dependencies = [entry for dependency in example['dependencies'] for entries in dependency.values()
                    for entry in entries]
    local = [d for d in dependencies if pathlib.Path(d.get('path', '/nonexistent')).resolve() == ROOT]
    if not local:
        problems.append('it does not depend on this repository by path ("../..")')
    elif [t['name'] for t in local[0].get('traits') or []] != ['Vapor']:
        problems.append('its dependency on this repository must enable exactly the Vapor trait')
    if not any('github.com/vapor/vapor' in json.dumps(d) for d in dependencies):
        problems.append('it does not depend on vapor/vapor')
    mirrored = {t['name']: t.get('path') for t in root['targets']
                if (t.get('path') or '').startswith('examples/VaporApp/')}
    declared = {t['name']: t for t in example['targets']}
    for name, path in sorted(mirrored.items()):
        if name not in declared:
            problems.append(f'target {name} (root: {path}) is missing')
            continue
        folder = 'Tests' if declared[name]['type'] == 'test' else 'Sources'
        own = declared[name].get('path') or f'{folder}/{name}'
        if f'examples/VaporApp/{own}' != path:
            problems.append(f'target {name} reads {own}, the root package examples/VaporApp/… reads {path}')
    for name, target in declared.items():
        folder = 'Tests' if target['type'] == 'test' else 'Sources'
        if not (EXAMPLE / (target.get('path') or f'{folder}/{name}')).is_dir():
            problems.append(f'target {name} has no folder')
    for problem in problems:
        print(f'example package: examples/VaporApp/Package.swift: {problem}')
    if not problems:
        print(f'example package: examples/VaporApp/Package.swift declares {", ".join(sorted(declared))}; '
              f'{", ".join(sorted(mirrored))} built and tested as root targets')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
