#!/usr/bin/env python3
"""House-style limits on Sources/: files under 300 lines, functions under 60;
and Benchmarks/README.md at most 300 lines (current figures only: history is in git).

A function's length counts from its `func`/`init`/`deinit` line to the line
that closes its body (brace matching that skips strings and comments).
Exit 1 and list every offender when a limit is broken.
"""
import pathlib
import re
import sys

MAX_FILE, MAX_FUNC = 300, 60
DECL = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|static|class|'
                  r'final|override|mutating|nonisolated|convenience|required|@inlinable|@discardableResult)\s+)*'
                  r'(?:func\s|init[?!]?\s*[(<]|deinit\b)')


def code_only(line, in_block):
    """The line without string literals and comments; whether a block comment stays open."""
    out, i = [], 0
    while i < len(line):
        if in_block:
            end = line.find('*/', i)
            if end < 0:
                return ''.join(out), True
            i, in_block = end + 2, False
        elif line.startswith('//', i):
            break
        elif line.startswith('/*', i):
            in_block, i = True, i + 2
        elif line[i] == '"':
            j = i + 1
            while j < len(line) and line[j] != '"':
                j += 2 if line[j] == '\\' else 1
            i = j + 1
        else:
            out.append(line[i])
            i += 1
    return ''.join(out), in_block


def functions(lines):
    """(start line, length) of every function body."""
    found, in_block = [], False
    cleaned = []
    for line in lines:
        code, in_block = code_only(line, in_block)
        cleaned.append(code)
    for start, line in enumerate(cleaned):
        if not DECL.match(line):
            continue
        depth, opened = 0, False
        for end in range(start, len(cleaned)):
            depth += cleaned[end].count('{') - cleaned[end].count('}')
            opened = opened or '{' in cleaned[end]
            if opened and depth <= 0:
                found.append((start + 1, end - start + 1))
                break
            if not opened and end > start and cleaned[end].strip() == '':
                break  # a requirement without a body
    return found


def main(root='Sources'):
    problems = []
    for path in sorted(pathlib.Path(root).rglob('*.swift')):
        lines = path.read_text().splitlines()
        if len(lines) > MAX_FILE:
            problems.append(f'{path}: {len(lines)} lines (limit {MAX_FILE})')
        for start, length in functions(lines):
            if length > MAX_FUNC:
                problems.append(f'{path}:{start}: function of {length} lines (limit {MAX_FUNC})')
    bench = pathlib.Path(__file__).resolve().parent.parent / 'Benchmarks' / 'README.md'
    if root == 'Sources' and bench.exists():
        count = len(bench.read_text().splitlines())
        if count > MAX_FILE:
            problems.append(f'Benchmarks/README.md: {count} lines (limit {MAX_FILE}: current figures only)')
    for problem in problems:
        print(problem)
    print(f'sizes: {len(problems)} over the limits' if problems else 'sizes: every file and function within the limits')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(*sys.argv[1:]))
