#!/usr/bin/env python3
"""A new package that depends on Vignette (by path, `traits: []`) goes
through the snapshot loop with nothing but `swift test` and the
`vignette-snapshots` plugin: record, pass, fail, report, review in the page
and accept there, pass again.
Times the plugin's first run after `swift test` (it builds its tool: the
figure the README quotes) and its second.

Usage: python3 Scripts/plugin_walkthrough.py [--keep DIR]   (`make test-plugin`)
Ends with 'N passed, N failed'; exit status 1 when a step did not do what it should.
"""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent

MANIFEST = """// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "CardApp",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: %s, traits: [])],
    targets: [
        .target(name: "CardApp"),
        .testTarget(
            name: "CardAppTests",
            dependencies: ["CardApp", .product(name: "VignetteSnapshotTesting", package: %s)]
        ),
    ]
)
"""

TEST = """import Foundation
import Testing
import VignetteCore
import VignetteSnapshotTesting

@Suite struct CardTests {
    @Test func card() async throws {
        // CARD_RED changes the picture, as a code change would.
        let red = UInt8(ProcessInfo.processInfo.environment["CARD_RED"] ?? "40") ?? 40
        var pixels: [UInt8] = []
        for y in 0..<24 { for x in 0..<32 { pixels += [x < 16 ? red : 200, UInt8(y * 8), 90, 255] } }
        let bitmap = try Bitmap(width: 32, height: 24, straightRGBA: pixels)
        await assertImageSnapshot(of: bitmap, as: .image)
    }
}
"""


def swift(arguments, cwd, env):
    started = time.monotonic()
    result = subprocess.run(['swift', *arguments], cwd=cwd, env=env, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr, time.monotonic() - started


def review_and_accept(plugin, client, env, path):
    """`vignette-snapshots review` in a pseudo-terminal (SwiftPM holds a plugin's output
    back when its own output is no terminal): read the address, accept `path` as the
    page does (its token, a POST), press Done. Returns whether all of that worked, and the output."""
    import pty
    import re
    import select
    import urllib.request
    leader, follower = pty.openpty()
    process = subprocess.Popen(['swift', *plugin, 'review'], cwd=client, env=env, stdin=subprocess.DEVNULL,
                               stdout=follower, stderr=follower)
    os.close(follower)
    output, url, deadline = '', None, time.monotonic() + 300
    try:
        # The plugin may build for a while before it prints (a loaded machine): wait for its
        # address until the deadline or its exit, not only while output keeps coming.
        while url is None and time.monotonic() < deadline:
            if not select.select([leader], [], [], 5)[0]:
                if process.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the pseudo-terminal closes when the process exits
                break
            output += chunk.decode(errors='replace')
            found = re.search(r'http://127\.0\.0\.1:\d+/', output)
            url = found[0] if found else None
        if url is None:
            return False, output
        page = urllib.request.urlopen(url, timeout=30).read().decode()
        token = re.search(r'name="review-token" content="([^"]+)"', page)[1]

        def post(action):
            request = urllib.request.Request(url + action, method='POST', headers={'X-Review-Token': token})
            return json.loads(urllib.request.urlopen(request, timeout=30).read())
        outcome = post('api/accept?path=' + urllib.parse.quote(path, safe=''))
        post('api/quit')
        return outcome.get('effect') == 'accepted' and process.wait(timeout=60) == 0, output + json.dumps(outcome)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(leader)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--keep', help='build the client in this folder and keep it (default: a temporary one)')
    args = parser.parse_args()
    client = pathlib.Path(args.keep or tempfile.mkdtemp(prefix='vignette-plugin-'))
    (client / 'Sources/CardApp').mkdir(parents=True, exist_ok=True)
    (client / 'Tests/CardAppTests').mkdir(parents=True, exist_ok=True)
    (client / 'Package.swift').write_text(MANIFEST % (json.dumps(str(ROOT)), json.dumps(ROOT.name)))
    (client / 'Sources/CardApp/CardApp.swift').write_text('public enum CardApp {}\n')
    (client / 'Tests/CardAppTests/CardTests.swift').write_text(TEST)
    shutil.rmtree(client / 'Snapshots', ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if k not in ('CI', 'SNAPSHOT_ARTIFACTS', 'VIGNETTE_SNAPSHOTS', 'VIGNETTE_STRICT')}
    passed = failed = 0

    def step(name, ok, output=''):
        nonlocal passed, failed
        print(f'{"ok  " if ok else "FAIL"} {name}', flush=True)
        if not ok:
            print(output[-3000:])
        passed, failed = passed + ok, failed + (not ok)

    reference = client / 'Snapshots/CardTests/card.1.png'
    status, out, seconds = swift(['test'], client, env)
    step(f'first swift test records the reference ({seconds:.0f} s)', status != 0 and reference.exists(), out)
    status, out, seconds = swift(['test'], client, env)
    step(f'second swift test passes ({seconds:.0f} s)', status == 0, out)
    recorded = reference.read_bytes() if reference.exists() else b''
    status, out, seconds = swift(['test'], client, dict(env, CARD_RED='230'))
    step(f'a changed picture fails ({seconds:.0f} s)', status != 0 and 'does not match' in out, out)
    plugin = ['package', '--allow-writing-to-package-directory', 'vignette-snapshots']
    status, out, first = swift([*plugin, 'report', '--markdown'], client, env)
    step(f'plugin first run (builds its tool): report --markdown lists the change in {first:.1f} s',
         status != 0 and '| changed | `CardTests/card.1.png`' in out, out)
    status, out, second = swift([*plugin, 'report', '--junit', '.build/snapshots.xml'], client, env)
    junit = (client / '.build/snapshots.xml').read_text() if (client / '.build/snapshots.xml').exists() else ''
    step(f'plugin second run: report --junit writes one failure in {second:.1f} s', 'failures="1"' in junit, out + junit)
    status, out, _ = swift([*plugin, 'accept', '--all'], client, dict(env, CI='true'))
    step('accept under CI=true is refused and writes nothing', status != 0 and 'CI=true' in out
         and reference.read_bytes() == recorded, out)
    accepted, out = review_and_accept(plugin, client, env, 'CardTests/card.1.png')
    step('review: the page (through the plugin) accepts the change, Done ends it',
         accepted and reference.read_bytes() != recorded, out)
    status, out, seconds = swift(['test'], client, dict(env, CARD_RED='230'))
    step(f'swift test passes again ({seconds:.0f} s)', status == 0, out)
    print(f'plugin first run after swift test: {first:.1f} s; second: {second:.1f} s '
          f'(swift package --allow-writing-to-package-directory vignette-snapshots report --markdown)')
    if not args.keep:
        shutil.rmtree(client, ignore_errors=True)
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
