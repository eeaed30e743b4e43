#!/usr/bin/env python3
"""Peak RSS of `vignette serve` at its default configuration under a flood
of concurrent renders of distinct large sources: what the memory table of
the Capacity article (Sources/VignetteServer/VignetteServer.docc) bounds.

    python3 Benchmarks/large_sources.py [--vignette .build/release/vignette]
                                        [--size 4000x3000] [--concurrent 64] [--total 128]

The source is a PNG gradient of `--size` (PNG decodes whole: no
shrink-on-load), served on 127.0.0.1 under a new path for every request, so
each render fetches and decodes its own copy; `--concurrent` requests at once
(64 is the default maxConcurrentRequests), each a 200x150 JPEG. RSS is read
from /proc every 20 ms. Needs Pillow.
"""
import argparse
import concurrent.futures
import http.server
import io
import pathlib
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--vignette', default=str(ROOT / '.build/release/vignette'))
    parser.add_argument('--size', default='4000x3000')
    parser.add_argument('--concurrent', type=int, default=64)
    parser.add_argument('--total', type=int, default=128)
    args = parser.parse_args()
    width, height = (int(side) for side in args.size.split('x'))
    buffer = io.BytesIO()
    Image.linear_gradient('L').resize((width, height)).convert('RGB').save(buffer, 'PNG', compress_level=1)
    png = buffer.getvalue()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = 'HTTP/1.1'

        def do_GET(self):
            self.send_response(200)
            self.send_header('Content-Type', 'image/png')
            self.send_header('Content-Length', str(len(png)))
            self.end_headers()
            self.wfile.write(png)

        def log_message(self, *args):
            pass
    origin = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    threading.Thread(target=origin.serve_forever, daemon=True).start()
    work = pathlib.Path(tempfile.mkdtemp(prefix='vignette-large-'))
    (work / 'serve.yaml').write_text('allowPrivateNetworks: true\npresets:\n  p: {contentMode: aspectFill}\n')
    server = subprocess.Popen([args.vignette, 'serve', '--config', str(work / 'serve.yaml'), '--port', '0'],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = int(server.stdout.readline().rsplit(' ', 1)[1])

    def rss():
        status = pathlib.Path(f'/proc/{server.pid}/status').read_text()
        return int(next(line for line in status.splitlines() if line.startswith('VmRSS')).split()[1]) / 1024
    peak, running = [rss()], [True]
    start_rss = peak[0]

    def sample():
        while running[0]:
            peak[0] = max(peak[0], rss())
            time.sleep(0.02)
    threading.Thread(target=sample, daemon=True).start()

    def get(index):
        source = urllib.parse.quote(f'http://127.0.0.1:{origin.server_port}/s{index}.png', safe='')
        try:
            with urllib.request.urlopen(f'http://127.0.0.1:{port}/render/p?url={source}&w=200&h=150&format=jpeg',
                                        timeout=600) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code
    started = time.time()
    with concurrent.futures.ThreadPoolExecutor(args.concurrent) as pool:
        statuses = list(pool.map(get, range(args.total)))
    running[0] = False
    after = rss()
    server.terminate()
    server.wait()
    counts = {status: statuses.count(status) for status in sorted(set(statuses))}
    print(f'source {width}x{height} PNG ({len(png) >> 10} KiB, {width * height * 4 / 2**20:.0f} MiB decoded), '
          f'{args.total} renders {args.concurrent} at once in {time.time() - started:.0f} s: statuses {counts}; '
          f'RSS {start_rss:.0f} MiB at start, peak {peak[0]:.0f} MiB, {after:.0f} MiB after')


if __name__ == '__main__':
    main()
