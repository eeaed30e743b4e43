#!/usr/bin/env python3
"""Turns the Swift examples of the README into code the compiler checks.

Every fenced block of README.md and Snapshots/README.md whose info string is
exactly `swift` becomes one generated file under Tests/ReadmeExamples/Generated/,
part of the `ReadmeExamples` test target, so `swift build --build-tests`
compiles every example (and `make test` fails when they are out of date).
The articles of the DocC catalogs (Sources/<Module>/<Module>.docc/*.md) are
treated the same way, into Tests/DocCExamples/Generated/ (the `DocCExamples`
test target, with its own Prelude.swift and Images/): a separate module, so
an article may define the same descriptors as the README without the two
colliding. Within one target a name is defined once; the other blocks use it.

Info strings:

    ```swift             compiled (the only kind of Swift block that is)
    ```swift manifest    a Package.swift fragment: not compilable on its own, so
                         not compiled; every `.product(name: "X", package: "vignette")`
                         must name a library product of Package.swift, and the
                         manifest blocks together must name all of them
    ```sh, ```text, …    not Swift: ignored

Any other word after `swift` is an error, so nothing is skipped by accident.

How a block becomes a file:

- Declarations at the block's top level — `import`, `extension`, `struct`,
  `class`, `enum`, `protocol`, `actor`, `typealias`, and `@Test` functions —
  stay at file scope, with the comments above them.
- Everything else (statements, `let`/`var`, plain `func`s, which become local
  functions) goes, in order, into one `private func … async throws` per block,
  which is compiled and never called. Each `let`/`var` name the block declares
  at its top level and never mentions again is touched once at the end
  (`_ = name`), as the reader's own code would go on to use it; nothing else
  is added to the example.
- A block without `import` lines gets `import Foundation` and `import Vignette`
  (what the README says its examples assume); a block with imports gets
  exactly its own.
- The generated files are formatted with `swift format` and the committed
  .swift-format, as every other source file is.
- `@Suite` / top-level `@Test` get a `.disabled(…)` trait: examples are
  compiled, never run (they name files and hosts that do not exist).
- A block importing Vapor or VignetteVapor is wrapped in `#if Vapor`: it
  compiles when the package trait is enabled, as `make test` does.
- Names the examples use without defining (`url`, `urls`) come from the
  hand-written Tests/ReadmeExamples/Prelude.swift (Tests/DocCExamples/Prelude.swift
  for the articles).

Usage:
    python3 Scripts/readme_examples.py           write the generated files
    python3 Scripts/readme_examples.py --check   exit 1 if they are out of date
                                                 (or a manifest block is wrong)
"""
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
README_OUTPUT = ROOT / "Tests" / "ReadmeExamples" / "Generated"
DOCC_OUTPUT = ROOT / "Tests" / "DocCExamples" / "Generated"
OUTPUTS = [README_OUTPUT, DOCC_OUTPUT]


def sources():
    """(path relative to ROOT, output folder, stem of the generated files) for every document."""
    found = [("README.md", README_OUTPUT, "README"), ("Snapshots/README.md", README_OUTPUT, "Snapshots-README")]
    for article in sorted((ROOT / "Sources").glob("*/*.docc/**/*.md")):
        catalog = next(p for p in article.parents if p.suffix == ".docc")
        found.append((str(article.relative_to(ROOT)), DOCC_OUTPUT, f"{catalog.stem}.{article.stem}"))
    return found
PACKAGE_IDENTITY = "vignette"
DISABLED = '.disabled("README example: compiled, never run")'

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*(.*)$")
DECLARATION = re.compile(
    r"^(?:(?:public|package|internal|fileprivate|private|final|open|indirect|nonisolated|infix|prefix|postfix)\s+)*"
    r"(?:import|extension|struct|class|enum|protocol|actor|typealias|precedencegroup|operator|macro)\b")
BINDING = re.compile(r"^(?:(?:nonisolated|unowned|weak)\s+)*(?:let|var)\s+(.*)$")


def fenced_blocks(text):
    """(line number of the opening fence, info string, code, heading above) for each fenced block."""
    lines = text.split("\n")
    heading, i = "", 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            if lines[i].startswith("#"):
                heading = lines[i].lstrip("#").strip()
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3).strip()
        start, body = i + 1, []
        i += 1
        while i < len(lines):
            close = re.match(r"^\s*(`{3,}|~{3,})\s*$", lines[i])
            if close and close.group(1)[0] == fence[0] and len(close.group(1)) >= len(fence):
                break
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip())
            i += 1
        yield start, info, "\n".join(body), heading
        i += 1


class Scanner:
    """Tracks bracket depth across lines, skipping comments and string literals
    (with interpolations, which may nest strings of their own)."""

    def __init__(self):
        self.depth = 0
        self.modes = []   # stack: 'block' comment, '"' / '"""' string, or ('interp', depth at entry)

    def feed(self, line):
        i, n = 0, len(line)
        while i < n:
            mode = self.modes[-1] if self.modes else None
            if mode == "block":
                if line.startswith("*/", i):
                    self.modes.pop()
                    i += 2
                elif line.startswith("/*", i):
                    self.modes.append("block")
                    i += 2
                else:
                    i += 1
            elif mode in ('"', '"""'):
                if line.startswith("\\(", i):
                    self.modes.append(("interp", self.depth))
                    self.depth += 1
                    i += 2
                elif line[i] == "\\":
                    i += 2
                elif line.startswith(mode, i):
                    self.modes.pop()
                    i += len(mode)
                else:
                    i += 1
            else:
                if line.startswith("//", i):
                    return
                if line.startswith("/*", i):
                    self.modes.append("block")
                    i += 2
                elif line.startswith('"""', i):
                    self.modes.append('"""')
                    i += 3
                elif line[i] == '"':
                    self.modes.append('"')
                    i += 1
                elif line[i] in "([{":
                    self.depth += 1
                    i += 1
                elif line[i] in ")]}":
                    self.depth -= 1
                    if isinstance(mode, tuple) and self.depth == mode[1]:
                        self.modes.pop()   # the interpolation's closing parenthesis
                    i += 1
                else:
                    i += 1
        if self.modes and self.modes[-1] == '"':
            raise ValueError("unterminated string literal")

    @property
    def at_top(self):
        return self.depth == 0 and not self.modes


def split_attributes(text):
    """(leading `@Attribute(…)` names, the rest of the text)."""
    names, text = [], text.lstrip()
    while m := re.match(r"@(\w+)", text):
        names.append(m.group(1))
        text = text[m.end():]
        if text.startswith("("):
            depth = 0
            for end, ch in enumerate(text):
                depth += {"(": 1, ")": -1}.get(ch, 0)
                if depth == 0:
                    break
            text = text[end + 1:]
        text = text.lstrip()
    return names, text


def is_declaration(head):
    """A type, extension, import… (kept at file scope), or a `@Test` function."""
    attributes, rest = split_attributes(head)
    return bool(DECLARATION.match(rest)) or "Test" in attributes


def split_items(code):
    """Top-level items: lists of lines, each starting at bracket depth 0.
    Comment and blank lines travel with the item that follows them. A type
    or extension lasts until its body closes, even when its `where` clause
    or `{` is on a later line."""
    items, pending, current = [], [], None
    scanner = Scanner()
    needs_body = False
    for line in code.split("\n"):
        stripped = line.strip()
        if current is None:
            if not stripped or stripped.startswith("//") or (stripped.startswith("@") and not split_attributes(stripped)[1]):
                pending.append(line)
                continue
            current = pending + [line]
            pending = []
            head = " ".join(code_lines(current))
            needs_body = is_declaration(head) and not re.match(r"(\w+\s+)*(import|typealias|operator|macro)\b", split_attributes(head)[1])
        else:
            current.append(line)
        scanner.feed(line)
        if scanner.depth < 0:
            raise ValueError(f"unbalanced brackets at: {line}")
        if needs_body and "{" in without_comment(line):
            needs_body = False
        if scanner.at_top and not needs_body:
            items.append(current)
            current = None
    if current is not None:
        raise ValueError("unbalanced brackets at the end of the block")
    if any(line.strip() for line in pending):
        items.append(pending)
    return items


def without_comment(line):
    """The line without a trailing `//` comment (string literals respected)."""
    in_string, i = False, 0
    while i < len(line):
        if in_string and line[i] == "\\":
            i += 2
            continue
        if line[i] == '"':
            in_string = not in_string
        elif not in_string and line.startswith("//", i):
            return line[:i].rstrip()
        i += 1
    return line


def code_lines(item):
    """The item's lines of code, stripped, without comments."""
    return [without_comment(line.strip()) for line in item if line.strip() and not line.strip().startswith("//")]


def is_file_scope(item):
    return is_declaration(" ".join(code_lines(item)))


def disable_tests(item):
    """Adds the `.disabled` trait to the item's leading `@Suite` or `@Test`."""
    out, done = [], False
    for line in item:
        m = re.match(r"^(\s*@(?:Suite|Test))\b(.*)$", line)
        if m and not done:
            attribute, rest = m.group(1), m.group(2)
            if rest.startswith("("):
                depth, end = 0, 0
                for end, ch in enumerate(rest):
                    depth += {"(": 1, ")": -1}.get(ch, 0)
                    if depth == 0:
                        break
                line = f"{attribute}({rest[1:end]}, {DISABLED}){rest[end + 1:]}"
            else:
                line = f"{attribute}({DISABLED}){rest}"
            done = True
        out.append(line)
    return out


def bound_names(item):
    """Names a top-level `let`/`var` statement binds: `let a = …`, `let a: T`,
    `let a = 1, b = 2`, `let (a, b) = …`."""
    lines = code_lines(item)
    m = BINDING.match(lines[0]) if lines else None
    if not m:
        return []
    rest = m.group(1)
    tuple_pattern = re.match(r"^\(([^)]*)\)", rest)
    if tuple_pattern:
        candidates = [part.strip() for part in tuple_pattern.group(1).split(",")]
    else:
        # The first name, and any `, name =` / `, name:` at bracket depth 0.
        segments, depth, segment = [], 0, ""
        for ch in rest:
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
            if ch == "," and depth == 0:
                segments.append(segment)
                segment = ""
            else:
                segment += ch
        segments.append(segment)
        candidates = [m.group(1) for k, part in enumerate(segments)
                      if (m := re.match(r"^\s*(\w+)\s*(?::|=|$)", part)) and (k == 0 or re.search(r"[:=]", part))]
    return [name for name in candidates if re.fullmatch(r"\w+", name) and name != "_"]


def trimmed(lines):
    """Without leading and trailing blank lines."""
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


# An example importing a module that only a package trait brings is compiled under that trait
# (`make test` enables every trait; a default build skips it).
TRAIT_OF_IMPORT = {"Vapor": "Vapor", "VignetteVapor": "Vapor", "VaporTesting": "Vapor", "XCTVapor": "Vapor"}


def generate(source, index, code, heading):
    items = split_items(code)
    file_scope, statements, names = [], [], []
    for item in items:
        if is_file_scope(item):
            head = " ".join(code_lines(item))
            if re.search(r":\s*XCTestCase\b", head):
                raise ValueError("an XCTestCase subclass would run under `swift test`; show XCTest use in prose")
            attributes = split_attributes(head)[0]
            file_scope.append(disable_tests(item) if {"Suite", "Test"} & set(attributes) else item)
        else:
            statements.append(item)
            names += [(name, len(statements)) for name in bound_names(item)]
    imports = [line for item in file_scope for line in code_lines(item) if line.startswith("import ")]
    out = [
        f"// Generated by Scripts/readme_examples.py from {source}, Swift block {index} (under \"{heading}\").",
        "// Do not edit: change the README and run `python3 Scripts/readme_examples.py`.",
    ]
    if not imports:
        out += ["", "import Foundation", "import Vignette"]
    previous_import = not imports
    for item in file_scope:
        is_import = code_lines(item)[0].startswith("import ")
        if not (is_import and previous_import):
            out.append("")
        out += [line.rstrip() for line in trimmed(item)]
        previous_import = is_import
    if statements:
        out += ["", f"private func example{index}() async throws {{"]
        body = [line for item in statements for line in item]
        out += [("    " + line).rstrip() for line in trimmed(body)]
        for name, position in names:
            later = "\n".join(line for item in statements[position:] for line in code_lines(item))
            if not re.search(rf"(?<![.\w]){name}\b(?!\s*:)", later):
                out.append(f"    _ = {name}")
        out.append("}")
    traits = sorted({TRAIT_OF_IMPORT[line.split()[1]] for line in imports if line.split()[1] in TRAIT_OF_IMPORT})
    if traits:
        out = out[:2] + ["", "#if " + " && ".join(traits)] + out[3:] + ["#endif"]
    text = "\n".join(out)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.rstrip() + "\n"


def library_products():
    manifest = (ROOT / "Package.swift").read_text()
    return set(re.findall(r'\.library\(\s*name:\s*"([^"]+)"', manifest))


def check_manifest_blocks(blocks):
    """Problems with `.product(…, package: "vignette")` references in manifest blocks."""
    products, named, problems = library_products(), set(), []
    for source, start, code in blocks:
        for name, package in re.findall(r'\.product\(\s*name:\s*"([^"]+)"\s*,\s*package:\s*"([^"]+)"', code):
            if package.lower() != PACKAGE_IDENTITY:
                continue
            named.add(name)
            if name not in products:
                problems.append(f"{source}:{start}: no library product {name!r} in Package.swift")
    if blocks:
        for name in sorted(products - named):
            problems.append(f"{blocks[0][0]}: the manifest blocks never name the product {name!r}")
    return problems


def expected_files():
    """{output folder: {file name: text}} and the manifest blocks' problems."""
    files, manifest_blocks = {output: {} for output in OUTPUTS}, []
    for source, output, stem in sources():
        path = ROOT / source
        if not path.exists():
            continue
        text = path.read_text()
        index = 0
        for start, info, code, heading in fenced_blocks(text):
            words = info.split()
            if not words or words[0] != "swift":
                continue
            if words == ["swift", "manifest"]:
                manifest_blocks.append((source, start, code))
                continue
            if len(words) > 1:
                raise ValueError(f"{source}:{start}: unknown info string {info!r} (use `swift` or `swift manifest`)")
            index += 1
            try:
                files[output][f"{stem}.{index:02d}.swift"] = generate(source, index, code, heading)
            except ValueError as error:
                raise ValueError(f"{source}:{start}: {error}") from None
    return files, check_manifest_blocks(manifest_blocks)


def formatted(all_files):
    """The generated files as `swift format` leaves them under the committed .swift-format,
    so they pass `swift format lint --strict` like every other source file."""
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for output, files in all_files.items():
            for name, text in files.items():
                path = pathlib.Path(folder) / output.parent.name / name
                path.parent.mkdir(exist_ok=True)
                path.write_text(text)
                paths[(output, name)] = path
        if paths:
            subprocess.run(["swift", "format", "format", "-i", "--configuration", str(ROOT / ".swift-format"),
                            *map(str, paths.values())], check=True)
        return {output: {name: paths[(output, name)].read_text() for name in files} for output, files in all_files.items()}


def main(argv):
    check = "--check" in argv[1:]
    try:
        all_files, problems = expected_files()
        all_files = formatted(all_files)
    except ValueError as error:
        print(f"readme_examples: {error}", file=sys.stderr)
        return 1
    for problem in problems:
        print(f"readme_examples: {problem}", file=sys.stderr)
    counts, outdated = [], False
    for output, files in all_files.items():
        present = {p.name: p.read_text() for p in output.glob("*.swift")} if output.exists() else {}
        stale = sorted(name for name in files if present.get(name) != files[name])
        extra = sorted(set(present) - set(files))
        if check:
            for name in stale + extra:
                print(f"readme_examples: {output.relative_to(ROOT) / name} is out of date", file=sys.stderr)
            outdated = outdated or bool(stale or extra)
            counts.append(f"{len(files)} in {output.relative_to(ROOT)}")
            continue
        output.mkdir(parents=True, exist_ok=True)
        for name in extra:
            (output / name).unlink()
        for name in stale:
            (output / name).write_text(files[name])
        counts.append(f"{output.relative_to(ROOT)}: {len(stale)} written, {len(extra)} removed, {len(files) - len(stale)} unchanged")
    if check:
        if outdated:
            print("readme_examples: run `python3 Scripts/readme_examples.py` and commit the result", file=sys.stderr)
            return 1
        if problems:
            return 1
        print(f"==> README and DocC examples: Swift blocks up to date ({'; '.join(counts)})")
        return 0
    print(f"readme_examples: {'; '.join(counts)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
