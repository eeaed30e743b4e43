#!/usr/bin/env python3
"""`vignette serve` against thumbor under wrk, on loopback, in one run.

    python3 Benchmarks/serve_vs_thumbor.py [--vignette .build/release/vignette]
                                           [--duration 10] [--skip-thumbor]

Source: the bundled 768x512 parrots photo as a JPEG (q90), served by a
threaded http.server on 127.0.0.1 and fetched once by each server (vignette:
its pipeline's caches; thumbor: its file STORAGE; RESULT_STORAGE = None).
wrk, 2 threads x 32 connections, `--duration` seconds per scenario:

  distinct  every request a new output size (thousands, different per wrk
            thread), so no render repeats and no result cache can stand in
            for rendering; JPEG out, aspect fill (thumbor: WxH crop).
  hot       one URL over and over (vignette still renders each time).
  cold      every request a new source URL (?n=...), so each is fetched.

thumbor runs with 2 processes (`--processes 2`, from Benchmarks/.venv:
`python3 -m venv Benchmarks/.venv && Benchmarks/.venv/bin/pip install thumbor`).
Prints requests/s, p99 latency and the servers' peak RSS as a Markdown
table. wrk (Debian package) is installed with apt-get when missing. Every
address is loopback.
"""
import argparse
import http.server
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
THUMBOR = ROOT / 'Benchmarks/.venv/bin/thumbor'

WRK_SCRIPT = r'''
local counter, offset = 0, 0
local mode = os.getenv("BENCH_MODE")
local template = os.getenv("BENCH_TEMPLATE")
local id = 0
function setup(thread) id = id + 1; thread:set("id", id) end
function init(args) offset = (tonumber(wrk.thread:get("id")) or 1) * 1000003 end
function request()
  counter = counter + 1
  local n = offset + counter
  local w, h = 100, 100
  if mode == "distinct" then w = 64 + (n % 577); h = 64 + (math.floor(n / 577) % 383) end
  local path = template:gsub("{w}", w):gsub("{h}", h):gsub("{n}", mode == "cold" and n or 0)
  return wrk.format("GET", path)
end
function done(summary, latency, requests)
  io.write(string.format("RESULT requests=%d errors=%d non2xx=%d seconds=%.3f p50=%.3f p99=%.3f\n",
    summary.requests, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
'''


def origin(photo):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = 'HTTP/1.1'

        def do_GET(self):
            self.send_response(200)
            self.send_header('Content-Type', 'image/jpeg')
            self.send_header('Content-Length', str(len(photo)))
            self.send_header('Cache-Control', 'max-age=3600')
            self.end_headers()
            self.wfile.write(photo)

        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


def wait_for(url, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f'no answer from {url}')


def peak_rss_mib(pids):
    total = 0
    for pid in pids:
        try:
            status = pathlib.Path(f'/proc/{pid}/status').read_text()
            total += int(re.search(r'VmHWM:\s+(\d+)', status).group(1))
        except (OSError, AttributeError):
            pass
    return total / 1024


def children(pid):
    try:
        out = subprocess.run(['pgrep', '-P', str(pid)], capture_output=True, text=True).stdout
        return [int(p) for p in out.split()]
    except OSError:
        return []


def wrk(base, template, mode, duration, script):
    env = dict(os.environ, BENCH_MODE=mode, BENCH_TEMPLATE=template)
    out = subprocess.run(['wrk', '-t2', '-c32', f'-d{duration}s', '--timeout', '10s', '-s', script, base],
                         capture_output=True, text=True, env=env).stdout
    match = re.search(r'RESULT requests=(\d+) errors=(\d+) non2xx=(\d+) seconds=([\d.]+) p50=([\d.]+) p99=([\d.]+)', out)
    if not match:
        raise SystemExit(f'wrk printed no result:\n{out}')
    requests, errors, non2xx, seconds, p50, p99 = match.groups()
    return {'rps': int(requests) / float(seconds), 'errors': int(errors) + int(non2xx), 'p50': float(p50), 'p99': float(p99)}


def run_server(name, command, health, env=None):
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wait_for(health)
    return process


def stop(process):
    for child in children(process.pid):  # thumbor's forked workers outlive their parent otherwise
        try:
            os.kill(child, 15)
        except OSError:
            pass
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()


def bench_vignette(args, work, source, script):
    config = work / 'serve.yaml'
    config.write_text('allowPrivateNetworks: true\nmaxConcurrentRequests: 8\nmaxQueue: 4096\n'
                      'presets:\n  thumb: {contentMode: aspectFill, maxAge: 3600}\n')
    port = 18280
    process = run_server('vignette', [args.vignette, 'serve', '--config', str(config), '--port', str(port)],
                         f'http://127.0.0.1:{port}/health')
    base = f'http://127.0.0.1:{port}'
    encoded = urllib.parse.quote(source, safe='')
    template = f'/render/thumb?url={encoded}%3Fn%3D{{n}}&w={{w}}&h={{h}}&format=jpeg'
    wait_for(base + template.replace('{w}', '100').replace('{h}', '100').replace('{n}', '0'))
    results = {mode: wrk(base, template, mode, args.duration, script) for mode in ('distinct', 'hot', 'cold')}
    results['rss'] = peak_rss_mib([process.pid])
    stop(process)
    return results


def bench_thumbor(args, work, source_port, script):
    conf = work / 'thumbor.conf'
    conf.write_text(f"""
LOADER = 'thumbor.loaders.http_loader'
STORAGE = 'thumbor.storages.file_storage'
FILE_STORAGE_ROOT_PATH = '{work}/thumbor-storage'
RESULT_STORAGE = None
ALLOW_UNSAFE_URL = True
QUALITY = 80
AUTO_WEBP = False
ALLOWED_SOURCES = ['127.0.0.1']
""")
    port = 18290
    process = run_server('thumbor', [str(THUMBOR), '--ip', '127.0.0.1', '--port', str(port), '--conf', str(conf), '--processes', '2',
                                     '--log-level', 'error'], f'http://127.0.0.1:{port}/healthcheck')
    base = f'http://127.0.0.1:{port}'
    template = f'/unsafe/{{w}}x{{h}}/filters:format(jpeg)/127.0.0.1:{source_port}/photo.jpg%3Fn%3D{{n}}'
    wait_for(base + template.replace('{w}', '100').replace('{h}', '100').replace('{n}', '0'))
    results = {mode: wrk(base, template, mode, args.duration, script) for mode in ('distinct', 'hot', 'cold')}
    results['rss'] = peak_rss_mib([process.pid] + children(process.pid))
    stop(process)
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--vignette', default=str(ROOT / '.build/release/vignette'))
    parser.add_argument('--duration', type=int, default=10)
    parser.add_argument('--skip-thumbor', action='store_true')
    args = parser.parse_args()
    if not shutil.which('wrk'):
        sudo = [] if os.getuid() == 0 else ['sudo']
        subprocess.run(sudo + ['apt-get', 'install', '-y', '-qq', 'wrk'], check=True)
    work = pathlib.Path(tempfile.mkdtemp(prefix='vignette-serve-bench-'))
    photo = work / 'photo.jpg'
    subprocess.run([args.vignette, 'render', str(ROOT / 'Sources/VignetteCatalog/Resources/product-parrots.png'),
                    '--size', '768x512', '-o', str(photo), '--quality', '90'], check=True, stdout=subprocess.DEVNULL)
    source_port = origin(photo.read_bytes())
    script = work / 'bench.lua'
    script.write_text(WRK_SCRIPT)
    source = f'http://127.0.0.1:{source_port}/photo.jpg'
    rows = {'vignette': bench_vignette(args, work, source, str(script))}
    if not args.skip_thumbor:
        if not THUMBOR.exists():
            raise SystemExit('thumbor missing: python3 -m venv Benchmarks/.venv && Benchmarks/.venv/bin/pip install thumbor')
        rows['thumbor (2 processes)'] = bench_thumbor(args, work, source_port, str(script))
    shutil.rmtree(work, ignore_errors=True)
    print(f'wrk -t2 -c32 -d{args.duration}s on loopback, 768x512 JPEG source, JPEG out\n')
    print('| server | distinct sizes req/s | p99 ms | hot repeat req/s | p99 ms | cold sources req/s | p99 ms | peak RSS MiB | errors |')
    print('|---|---|---|---|---|---|---|---|---|')
    for name, r in rows.items():
        errors = sum(r[m]['errors'] for m in ('distinct', 'hot', 'cold'))
        print(f"| {name} | {r['distinct']['rps']:.0f} | {r['distinct']['p99']:.1f} | {r['hot']['rps']:.0f} | {r['hot']['p99']:.1f} "
              f"| {r['cold']['rps']:.0f} | {r['cold']['p99']:.1f} | {r['rss']:.0f} | {errors} |")
    if 'thumbor (2 processes)' in rows:
        ratio = rows['vignette']['distinct']['rps'] / rows['thumbor (2 processes)']['distinct']['rps']
        print(f'\nvignette / thumbor, distinct sizes: {ratio:.1f}x')
    return 0


if __name__ == '__main__':
    sys.exit(main())
