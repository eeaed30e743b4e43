#!/usr/bin/env python3
"""`vignette serve` against thumbor under wrk, on loopback, in one run.

    python3 Benchmarks/serve_vs_thumbor.py [--vignette .build/release/vignette]
                                           [--duration 10] [--runs 3] [--skip-thumbor]
                                           [--scenarios distinct,hot,cold,big]

Sources: the bundled 768x512 parrots photo as a JPEG (q90), and a 6000x4000
JPEG (q90) tiled from the four Kodak photos of the catalog at full resolution
(made with the Pillow that thumbor installs), served by a threaded
http.server on 127.0.0.1 and fetched once by each server (vignette: its
pipeline's caches; thumbor: its file STORAGE; RESULT_STORAGE = None). Both
servers run at once; each scenario runs wrk against one, then the other, so
every pair of figures shares the machine's load. wrk, 2 threads x 32
connections, `--duration` seconds per scenario, `--runs` rounds (medians):

  distinct  every request a new output size (thousands, different per wrk
            thread and run), so no render repeats and no result cache can
            stand in for rendering; JPEG out, aspect fill (thumbor: WxH crop).
  hot       one URL over and over (vignette still renders each time).
  cold      every request a new source URL (?n=...), so each is fetched.
  big       the 6000x4000 source at distinct sizes (as `distinct`).

thumbor runs with 2 processes (`--processes 2`, from Benchmarks/.venv:
`python3 -m venv Benchmarks/.venv && Benchmarks/.venv/bin/pip install thumbor`).
Prints requests/s and p99 latency (medians of the runs), vignette / thumbor
ratios, and each server's peak RSS (VmHWM, summed over thumbor's processes)
after the 768x512 scenarios and after `big`, as a Markdown table. wrk (Debian
package) is installed with apt-get when missing. Every address is loopback.
"""
import argparse
import http.server
import io
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
THUMBOR = ROOT / 'Benchmarks/.venv/bin/thumbor'
VENV_PYTHON = ROOT / 'Benchmarks/.venv/bin/python3'
SCENARIOS = ('distinct', 'hot', 'cold', 'big')  # in this order: big last

WRK_SCRIPT = r'''
local counter, offset = 0, 0
local mode = os.getenv("BENCH_MODE")
local template = os.getenv("BENCH_TEMPLATE")
local salt = tonumber(os.getenv("BENCH_SALT")) or 0
local id = 0
function setup(thread) id = id + 1; thread:set("id", id) end
function init(args) offset = (tonumber(wrk.thread:get("id")) or 1) * 1000003 + salt * 100000007 end
function request()
  counter = counter + 1
  local n = offset + counter
  local w, h = 100, 100
  if mode == "distinct" or mode == "big" then w = 64 + (n % 577); h = 64 + (math.floor(n / 577) % 383) end
  local path = template:gsub("{w}", w):gsub("{h}", h):gsub("{n}", mode == "cold" and n or 0)
  return wrk.format("GET", path)
end
function done(summary, latency, requests)
  io.write(string.format("RESULT requests=%d errors=%d non2xx=%d seconds=%.3f p50=%.3f p99=%.3f\n",
    summary.requests, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
'''


def origin(photos):
    """Serves `photos` (path -> bytes) on loopback; any query is ignored."""
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = 'HTTP/1.1'

        def do_GET(self):
            photo = photos.get(self.path.split('?')[0])
            if photo is None:
                self.send_error(404)
                return
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


def wrk(base, template, mode, duration, script, salt):
    env = dict(os.environ, BENCH_MODE=mode, BENCH_TEMPLATE=template, BENCH_SALT=str(salt))
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


MOSAIC = r'''
import sys
from PIL import Image
tiles = []
for path in sys.argv[2:]:
    with Image.open(path) as im:
        im = im.convert("RGB")
    if im.height > im.width:
        im = im.transpose(Image.Transpose.ROTATE_90)
    tiles.append(im.resize((768, 512)) if im.size != (768, 512) else im)
pool = [v for t in tiles for v in (t, t.transpose(Image.Transpose.FLIP_LEFT_RIGHT), t.transpose(Image.Transpose.ROTATE_180))]
canvas = Image.new("RGB", (6000, 4000))
index = 0
for y in range(0, 4000, 512):
    for x in range(0, 6000, 768):
        canvas.paste(pool[index % len(pool)], (x, y))
        index += 5
canvas.save(sys.argv[1], quality=90)
'''


def make_big(path):
    """A 6000x4000 JPEG of full-resolution Kodak tiles (a real photo's detail, unlike an enlargement)."""
    tiles = sorted(str(p) for p in (ROOT / 'Sources/VignetteCatalog/Resources').glob('product-*.png'))
    subprocess.run([str(VENV_PYTHON), '-c', MOSAIC, str(path)] + tiles, check=True)


def templates(name, source_port):
    """URL templates per scenario for one server."""
    sources = {'distinct': 'photo.jpg', 'hot': 'photo.jpg', 'cold': 'photo.jpg', 'big': 'big.jpg'}
    out = {}
    for mode, file in sources.items():
        source = f'http://127.0.0.1:{source_port}/{file}'
        if name == 'vignette':
            encoded = urllib.parse.quote(source, safe='')
            out[mode] = f'/render/thumb?url={encoded}%3Fn%3D{{n}}&w={{w}}&h={{h}}&format=jpeg'
        else:
            out[mode] = f'/unsafe/{{w}}x{{h}}/filters:format(jpeg)/127.0.0.1:{source_port}/{file}%3Fn%3D{{n}}'
    return out


def start_vignette(args, work):
    config = work / 'serve.yaml'
    config.write_text('allowPrivateNetworks: true\nmaxConcurrentRequests: 8\nmaxQueue: 4096\n'
                      + (f'memoryCacheBytes: {args.memory_cache_bytes}\n' if args.memory_cache_bytes else '')
                      + ('reducedCopies: false\n' if args.no_reduced_copies else '')
                      + 'presets:\n  thumb: {contentMode: aspectFill, maxAge: 3600}\n')
    port = 18280
    process = run_server('vignette', [args.vignette, 'serve', '--config', str(config), '--port', str(port)],
                         f'http://127.0.0.1:{port}/health')
    return process, f'http://127.0.0.1:{port}', lambda: [process.pid]


def start_thumbor(args, work):
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
    return process, f'http://127.0.0.1:{port}', lambda: [process.pid] + children(process.pid)


def cpu_ticks(pids):
    total = 0
    for pid in pids:
        try:
            fields = pathlib.Path(f'/proc/{pid}/stat').read_text().rsplit(')', 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return total


def settle(pids, seconds=120):
    """Waits until the server has finished what wrk left queued (under 5 % of a core for half a second)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        before = cpu_ticks(pids)
        time.sleep(0.5)
        if cpu_ticks(pids) - before <= 0.05 * 0.5 * os.sysconf('SC_CLK_TCK'):
            return


def load_average():
    return os.getloadavg()[0]


def bench(args, work, source_port, script):
    """Both servers up at once; per run and scenario, wrk on one then the other."""
    servers = {'vignette': start_vignette(args, work)}
    if not args.skip_thumbor:
        servers['thumbor (2 processes)'] = start_thumbor(args, work)
    urls = {name: templates('vignette' if name == 'vignette' else 'thumbor', source_port) for name in servers}
    results = {name: {mode: [] for mode in args.scenarios} for name in servers}
    rss = {name: {} for name in servers}
    loads = [load_average()]
    try:
        for mode in args.scenarios:  # `big` last: its backlog must not spill into another scenario
            for name, (_, base, _) in servers.items():  # the first fetch and decode is not part of the measure
                wait_for(base + urls[name][mode].replace('{w}', '100').replace('{h}', '100').replace('{n}', '0'))
            for run in range(args.runs):
                for name, (_, base, pids) in servers.items():
                    results[name][mode].append(wrk(base, urls[name][mode], mode, args.duration, script, salt=run))
                    rss[name]['small' if mode != 'big' else 'big'] = peak_rss_mib(pids())
                    settle(pids())
                loads.append(load_average())
    finally:
        for process, _, _ in servers.values():
            stop(process)
    return results, rss, loads


def median(values, key):
    return statistics.median(v[key] for v in values)


def report(args, results, rss, loads):
    modes = args.scenarios
    print(f'wrk -t2 -c32 -d{args.duration}s on loopback, JPEG out, medians of {args.runs} runs; '
          f'load average (1 min) {min(loads):.1f}-{max(loads):.1f}\n')
    head = ' | '.join(f'{m} req/s | p99 ms' for m in modes)
    print(f'| server | {head} | peak RSS MiB (768x512 scenarios) | peak RSS MiB (with big) | errors |')
    print('|---|' + '---|---|' * len(modes) + '---|---|---|')
    for name, r in results.items():
        cells = ' | '.join(f"{median(r[m], 'rps'):.0f} | {median(r[m], 'p99'):.1f}" for m in modes)
        errors = sum(x['errors'] for m in modes for x in r[m])
        small, big = rss[name].get('small', 0), rss[name].get('big', 0)
        print(f'| {name} | {cells} | {small:.0f} | {big:.0f} | {errors} |')
    other = 'thumbor (2 processes)'
    if other in results:
        v, t = results['vignette'], results[other]
        cells = ' | '.join(f"{median(v[m], 'rps') / median(t[m], 'rps'):.1f}x | {median(v[m], 'p99') / median(t[m], 'p99'):.2f}x"
                           for m in modes)
        rv, rt = rss['vignette'], rss[other]
        print(f"| vignette / thumbor | {cells} | {rv.get('small', 0) / max(1, rt.get('small', 0)):.2f}x "
              f"| {rv.get('big', 0) / max(1, rt.get('big', 0)):.2f}x | |")
    print('\nper run (req/s):')
    for name, r in results.items():
        print(f'  {name}: ' + '; '.join(f"{m} " + ' '.join(f"{x['rps']:.0f}" for x in r[m]) for m in modes))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--vignette', default=str(ROOT / '.build/release/vignette'))
    parser.add_argument('--duration', type=int, default=10)
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--scenarios', default=','.join(SCENARIOS))
    parser.add_argument('--memory-cache-bytes', type=int, default=0, help="vignette's memoryCacheBytes (0: its default)")
    parser.add_argument('--no-reduced-copies', action='store_true', help="vignette's reducedCopies: false")
    parser.add_argument('--skip-thumbor', action='store_true')
    args = parser.parse_args()
    args.scenarios = [m for m in args.scenarios.split(',') if m]
    if not shutil.which('wrk'):
        sudo = [] if os.getuid() == 0 else ['sudo']
        subprocess.run(sudo + ['apt-get', 'install', '-y', '-qq', 'wrk'], check=True)
    if not VENV_PYTHON.exists() or (not args.skip_thumbor and not THUMBOR.exists()):
        raise SystemExit('thumbor missing: python3 -m venv Benchmarks/.venv && Benchmarks/.venv/bin/pip install thumbor')
    work = pathlib.Path(tempfile.mkdtemp(prefix='vignette-serve-bench-'))
    photo, big = work / 'photo.jpg', work / 'big.jpg'
    subprocess.run([args.vignette, 'render', str(ROOT / 'Sources/VignetteCatalog/Resources/product-parrots.png'),
                    '--size', '768x512', '-o', str(photo), '--quality', '90'], check=True, stdout=subprocess.DEVNULL)
    make_big(big)
    source_port = origin({'/photo.jpg': photo.read_bytes(), '/big.jpg': big.read_bytes()})
    script = work / 'bench.lua'
    script.write_text(WRK_SCRIPT)
    try:
        results, rss, loads = bench(args, work, source_port, str(script))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report(args, results, rss, loads)
    return 0


if __name__ == '__main__':
    sys.exit(main())
