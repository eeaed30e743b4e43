#!/usr/bin/env python3
"""Runs the libFuzzer harnesses of Fuzz/ (built by `make fuzz`), a few at a time.

    python3 Scripts/fuzz.py --seconds 30 --jobs 2 [target ...]

Each target fuzzes for --seconds under `nice -n 10`, growing a working corpus
in Fuzz/work/corpus/<target> from the committed seeds in Fuzz/Seeds/<target>;
crashing, leaking or slow inputs land in Fuzz/work/artifacts/<target>/ and
the full log in Fuzz/work/logs/<target>.log. Prints executions, coverage
(libFuzzer's cov/ft) and findings per target; exit 1 when anything was found.
"""
import argparse
import concurrent.futures
import os
import pathlib
import re
import subprocess
import sys

TARGETS = {
    'png-fast': 'FuzzPNGFast', 'png-libpng': 'FuzzPNGLibpng', 'jpeg': 'FuzzJPEG', 'webp': 'FuzzWebP',
    'avif': 'FuzzAVIF', 'gif': 'FuzzGIF', 'heic': 'FuzzHEIF', 'http-headers': 'FuzzHTTPHeaders',
    'cache-metadata': 'FuzzCacheMetadata', 'disk-cache-entry': 'FuzzDiskCacheEntry',
    'server-config': 'FuzzServerConfig', 'server-query': 'FuzzServerQuery', 'svg': 'FuzzSVG',
    'font': 'FuzzFont', 'text': 'FuzzText',
}
FUZZ = pathlib.Path('Fuzz')


def run(target, binaries, seconds):
    """Fuzzes one target; returns its summary row."""
    work = FUZZ / 'work'
    corpus, artifacts, log = work / 'corpus' / target, work / 'artifacts' / target, work / 'logs' / f'{target}.log'
    for folder in (corpus, artifacts, log.parent):
        folder.mkdir(parents=True, exist_ok=True)
    command = ['nice', '-n', '10', str(binaries / TARGETS[target]), f'-max_total_time={seconds}',
               '-rss_limit_mb=2048', '-timeout=25', '-print_final_stats=1', f'-artifact_prefix={artifacts}/',
               str(corpus), str(FUZZ / 'Seeds' / target)]
    with open(log, 'w') as out:
        # Swift's own crash backtracer would run inside ASan's report: off.
        env = dict(os.environ, SWIFT_BACKTRACE='enable=no')
        code = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, env=env).returncode
    text = log.read_text(errors='replace')
    executions = re.findall(r'stat::number_of_executed_units:\s*(\d+)', text)
    coverage = re.findall(r'cov: (\d+) ft: (\d+)', text)
    findings = sorted(p.name for p in artifacts.iterdir())
    return {'target': target, 'executions': int(executions[-1]) if executions else 0,
            'cov': coverage[-1][0] if coverage else '?', 'ft': coverage[-1][1] if coverage else '?',
            'findings': findings, 'exit': code, 'log': str(log)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--seconds', type=int, default=30)
    parser.add_argument('--jobs', type=int, default=2)
    parser.add_argument('--bin', default=str(FUZZ / '.build' / 'release'))
    parser.add_argument('targets', nargs='*', default=list(TARGETS))
    args = parser.parse_args()
    unknown = [t for t in args.targets if t not in TARGETS]
    if unknown:
        parser.error(f'unknown target(s) {unknown}; known: {", ".join(TARGETS)}')
    print(f'==> fuzzing {len(args.targets)} target(s), {args.seconds} s each, {args.jobs} at a time')
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(lambda t: run(t, pathlib.Path(args.bin), args.seconds), args.targets))
    print(f'{"target":<18} {"executions":>11} {"cov":>6} {"ft":>6}  findings')
    for row in rows:
        found = ', '.join(row['findings']) or ('none' if row['exit'] == 0 else f'exit {row["exit"]}, see {row["log"]}')
        print(f'{row["target"]:<18} {row["executions"]:>11,} {row["cov"]:>6} {row["ft"]:>6}  {found}')
    return 1 if any(row['findings'] or row['exit'] != 0 for row in rows) else 0


if __name__ == '__main__':
    sys.exit(main())
