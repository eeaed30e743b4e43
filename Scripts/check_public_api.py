#!/usr/bin/env python3
"""What a user's code compiles against: the public API only.

The README and DocC examples (Tests/ReadmeExamples, Tests/DocCExamples) and
examples/VaporApp are targets of this package, so `swift build` compiles them
with `-package-name`: an example that names a `package` symbol still builds,
although no user could write it. The fuzzing harnesses in Fuzz/ are a separate
package, built only by `make fuzz`.

This script typechecks all of them again against the modules the debug build
wrote (.build/debug/Modules), with the compile flags of the build's own
manifest (.build/debug.yaml) minus `-package-name`: only `public` declarations
(and the `@_spi(Fuzzing)` ones the harnesses import) are visible, exactly as for
a client package. FuzzSupport's libFuzzer driver is replaced by a stub (it only
calls into libFuzzer). Nothing is built or written outside a temporary folder.

Usage: python3 Scripts/check_public_api.py   (after `swift build --build-tests`)
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = ROOT / ".build" / "debug"
# Flags of the build's compile command that would write files or widen access.
DROP_WITH_VALUE = {"-module-name", "-emit-module-path", "-output-file-map", "-index-store-path", "-package-name"}
DROP = {"-emit-dependencies", "-emit-module", "-incremental", "-c", "-enable-batch-mode",
        "-serialize-diagnostics", "-parseable-output", "-enable-testing"}
DRIVER_STUB = """
public enum FuzzDriver {
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    public static func run(_ testOneInput: TestOneInput) -> Never { fatalError() }
}
"""


def manifest_arguments(manifest, module):
    """The swiftc command of `module` in the debug build's manifest."""
    start = re.search(rf'\n  "C\.{re.escape(module)}-[^"]*-debug\.module":\n', manifest)
    if not start:
        raise SystemExit(f"check_public_api: {module} is not in the build manifest; run `swift build --build-tests` first")
    return json.loads(re.search(r"\n    args: (\[.*?\])\n", manifest[start.end():]).group(1))


def client_command(manifest, module):
    """swiftc and the search flags of `module`'s compile, as a client of the package would have them."""
    arguments = manifest_arguments(manifest, module)
    command, i = [arguments[0]], 1
    while i < len(arguments):
        argument = arguments[i]
        if argument in DROP_WITH_VALUE:
            i += 2
            continue
        if not (argument in DROP or argument.startswith("@") or argument.startswith("-j")):
            command.append(argument)
        i += 1
    return command


def run(label, command):
    result = subprocess.run(command, capture_output=True, text=True)
    errors = [line for line in (result.stdout + result.stderr).splitlines() if "error:" in line]
    print(f"check_public_api: {label}: {'ok' if result.returncode == 0 else f'{len(errors)} error(s)'}")
    for line in errors:
        print("  " + line)
    return result.returncode == 0


def main():
    manifest = (BUILD.parent / "debug.yaml").read_text()
    ok = True
    for target, folder in [("ReadmeExamples", "Tests/ReadmeExamples"), ("DocCExamples", "Tests/DocCExamples"),
                           ("VaporApp", "examples/VaporApp/Sources/VaporApp")]:
        files = sorted((ROOT / folder).glob("**/*.swift"))
        files += sorted((BUILD / f"{target}.build" / "DerivedSources").glob("*.swift"))  # Bundle.module
        command = client_command(manifest, target) + ["-typecheck", "-module-name", target + "Client"]
        ok &= run(target, command + [str(f) for f in files])
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        (scratch / "FuzzDriver.swift").write_text(DRIVER_STUB)
        base = client_command(manifest, "VignetteServer")
        support = [f for f in sorted((ROOT / "Fuzz/Sources/FuzzSupport").glob("*.swift")) if f.name != "FuzzDriver.swift"]
        support.append(scratch / "FuzzDriver.swift")
        emit = ["-emit-module", "-parse-as-library", "-module-name", "FuzzSupport",
                "-emit-module-path", str(scratch / "FuzzSupport.swiftmodule")]
        if run("Fuzz/FuzzSupport", base + emit + [str(f) for f in support]):
            for harness in sorted((ROOT / "Fuzz/Sources").glob("Fuzz*")):
                if harness.name == "FuzzSupport":
                    continue
                command = base + ["-typecheck", "-parse-as-library", "-I", str(scratch), "-module-name", harness.name]
                ok &= run(f"Fuzz/{harness.name}", command + [str(f) for f in sorted(harness.glob("*.swift"))])
        else:
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
