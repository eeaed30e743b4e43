#!/usr/bin/env python3
"""Latency of small renders while a burst of large ones queues (issue 43):
`vignette serve` with its decode and render slots at the default (the core
count) against the same binary with `maxConcurrentRenders: 64` (as many
slots as requests in flight: every decode and render at once, as before
decodes had slots).

    python3 Benchmarks/decode_burst.py [--vignette .build/release/vignette]
                                       [--size 4000x3000] [--burst 32] [--runs 5]

The origin (a threaded http.server on 127.0.0.1) serves a PNG gradient of
`--size` (12 Mpx: it decodes whole, about 0.1 s of CPU) under a new path for
every request, and the 768x512 parrots photo as a JPEG under a new path for
every small request, so each request fetches and decodes its own source. A
run: small renders (160x160 JPEG) one after another, alone (idle), then again
while `--burst` large renders (600x400 JPEG), all at once, are in flight
(burst). Prints the medians over runs of each phase's median and p90 small
latency, and how long the burst took; the configurations take turns.
Needs Pillow (Benchmarks/.venv).
"""
import argparse
import concurrent.futures
import http.server
import io
import pathlib
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.parse
import urllib.request

from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parent.parent
PHOTO = ROOT / 'Sources/VignetteCatalog/Resources/product-parrots.jpg'
CONFIGS = {'default slots': '', 'maxConcurrentRenders: 64': 'maxConcurrentRenders: 64\n'}


def sources(size):
    width, height = size
    large = io.BytesIO()
    Image.linear_gradient('L').resize((width, height)).convert('RGB').save(large, 'PNG', compress_level=1)
    small = io.BytesIO()
    Image.open(PHOTO).convert('RGB').save(small, 'JPEG', quality=90)
    return {'png': large.getvalue(), 'jpg': small.getvalue()}


def origin(files):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = 'HTTP/1.1'

        def do_GET(self):
            body = files[self.path.rsplit('.', 1)[1]]
            self.send_response(200)
            self.send_header('Content-Type', 'application/octet-stream')
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_port


class Serve:
    def __init__(self, vignette, extra, work):
        config = work / f'serve-{abs(hash(extra))}.yaml'
        config.write_text('allowPrivateNetworks: true\nreducedCopies: false\n' + extra
                          + 'presets:\n  p: {contentMode: aspectFill, formats: [jpeg]}\n')
        self.process = subprocess.Popen([vignette, 'serve', '--config', str(config), '--port', '0'],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.port = int(self.process.stdout.readline().rsplit(' ', 1)[1])
        self.counter = 0

    def get(self, origin_port, kind, w, h):
        self.counter += 1
        source = urllib.parse.quote(f'http://127.0.0.1:{origin_port}/s{self.counter}-{time.time_ns()}.{kind}', safe='')
        started = time.perf_counter()
        with urllib.request.urlopen(f'http://127.0.0.1:{self.port}/render/p?url={source}&w={w}&h={h}', timeout=600) as r:
            r.read()
            assert r.status == 200, r.status
        return time.perf_counter() - started

    def stop(self):
        self.process.terminate()
        self.process.wait()


def one_run(serve, port, burst, smalls):
    idle = [serve.get(port, 'jpg', 160, 160) for _ in range(smalls)]
    done, latencies = threading.Event(), []

    def small_loop():
        while not done.is_set():
            latencies.append(serve.get(port, 'jpg', 160, 160))
    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(burst) as pool:
        futures = [pool.submit(serve.get, port, 'png', 600, 400) for _ in range(burst)]
        probe = threading.Thread(target=small_loop)
        probe.start()
        concurrent.futures.wait(futures)
        burst_time = time.perf_counter() - started
        done.set()
        probe.join()
    return idle, latencies, burst_time


def p90(values):
    return sorted(values)[max(0, int(round(0.9 * len(values))) - 1)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--vignette', default=str(ROOT / '.build/release/vignette'))
    parser.add_argument('--size', default='4000x3000')
    parser.add_argument('--burst', type=int, default=32)
    parser.add_argument('--runs', type=int, default=5)
    args = parser.parse_args()
    port = origin(sources(tuple(int(side) for side in args.size.split('x'))))
    work = pathlib.Path(tempfile.mkdtemp(prefix='vignette-burst-'))
    servers = {name: Serve(args.vignette, extra, work) for name, extra in CONFIGS.items()}
    results = {name: [] for name in CONFIGS}
    try:
        for server in servers.values():
            one_run(server, port, 4, 3)  # warm-up: libraries open, pools grown
        for _ in range(args.runs):
            for name, server in servers.items():
                results[name].append(one_run(server, port, args.burst, 10))
    finally:
        for server in servers.values():
            server.stop()
    print(f'{args.burst} large renders ({args.size} PNG -> 600x400 JPEG) at once; small = 768x512 JPEG -> 160x160 JPEG;'
          f' medians of {args.runs} alternating runs (ms)')
    print('| slots | small idle p50 | small in burst p50 | small in burst p90 | small renders in burst | burst |')
    print('|---|---:|---:|---:|---:|---:|')
    for name, runs in results.items():
        def med(f):
            return statistics.median(f(run) for run in runs)
        print(f'| {name} | {med(lambda r: statistics.median(r[0])) * 1000:.0f} '
              f'| {med(lambda r: statistics.median(r[1])) * 1000:.0f} | {med(lambda r: p90(r[1])) * 1000:.0f} '
              f'| {med(lambda r: len(r[1])):.0f} | {med(lambda r: r[2]) * 1000:.0f} |')


if __name__ == '__main__':
    main()
