#!/usr/bin/env python3
"""A soak of `vignette serve`: wrk for N minutes over mixed presets and
formats with planted bad requests, the server's RSS sampled every second.

    python3 Benchmarks/soak.py [--vignette .build/release/vignette] [--minutes 3]
                               [--connections 32] [--threads 2]

Sources: the bundled 768x512 parrots photo as a JPEG (q90) and a 300x300
PNG with alpha rendered from it, served by a threaded http.server on
127.0.0.1. Three presets — `thumb` (aspect fill, circle, smart focus,
sharpen), `card` (rounded, border, grayscale), `hero` (aspect fit on a
blurred backdrop) — each asked for JPEG, WebP or PNG at sizes that change
with every request, so renders rarely repeat. One request in ten is planted
bad: an unknown preset (404), no url (400), a width that is not a number (400), a file: URL
(403), a width beyond maxWidth (400), a source the origin does not have
(404 with the failure image). wrk (Debian package) is installed with
apt-get when missing; every address is loopback.

Prints the status counts (200s; 4xx against the planted requests sent; 5xx
and socket errors, which should be 0), requests/s, p99, and the RSS: each
minute's maximum, the peak, and the plateau — the growth from the end of
the first third to the end of the run (flat: under 5 %).
"""
import argparse
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

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import serve_vs_thumbor as bench  # noqa: E402

CONFIG = '''allowPrivateNetworks: true
presets:
  thumb: {contentMode: aspectFill, shape: circle, focus: smart, effects: ["sharpen:0.5"], formats: [webp, jpeg, png]}
  card: {contentMode: aspectFill, shape: rounded, cornerRadius: 12, border: {width: 2, color: "#DDDDDD"}, effects: [grayscale], formats: [webp, jpeg, png]}
  hero: {contentMode: aspectFit, background: ["#000000", "blur:16"], formats: [webp, jpeg, png]}
'''

WRK_SCRIPT = r'''
local counter, offset, planted = 0, 0, 0
local statuses = {}
local origin = os.getenv("SOAK_ORIGIN")
local presets = {"thumb", "card", "hero"}
local formats = {"jpeg", "webp", "png"}
local sources = {"/photo.jpg", "/alpha.png"}
local id = 0
local threads = {}
function setup(thread) id = id + 1; thread:set("id", id); table.insert(threads, thread) end
function init(args) offset = (tonumber(wrk.thread:get("id")) or 1) * 1000003 end
local function source(path) return (origin .. path):gsub(":", "%%3A"):gsub("/", "%%2F") end
function request()
  counter = counter + 1
  local n = offset + counter
  local w, h = 48 + (n % 353), 48 + (math.floor(n / 353) % 271)
  local preset, format = presets[n % 3 + 1], formats[math.floor(n / 3) % 3 + 1]
  local url = source(sources[math.floor(n / 9) % 2 + 1])
  local path = string.format("/render/%s?url=%s&w=%d&h=%d&format=%s", preset, url, w, h, format)
  if n % 10 == 0 then
    planted = planted + 1
    local bad = {
      "/render/nosuch?url=" .. url .. "&w=100&h=100",
      "/render/thumb?w=100&h=100",
      "/render/thumb?url=" .. url .. "&w=abc&h=100",
      "/render/thumb?url=file%3A%2F%2F%2Fetc%2Fpasswd&w=100&h=100",
      "/render/thumb?url=" .. url .. "&w=99999&h=100",
      "/render/thumb?url=" .. source("/missing.jpg") .. "&w=100&h=100",
    }
    path = bad[math.floor(n / 10) % #bad + 1]
  end
  return wrk.format("GET", path)
end
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  wrk.thread:set("planted", planted)
  wrk.thread:set("statuses", statuses)
end
function done(summary, latency, requests)
  local total, planted = {}, 0
  for _, thread in ipairs(threads) do
    planted = planted + (tonumber(thread:get("planted")) or 0)
    for code, count in pairs(thread:get("statuses") or {}) do total[code] = (total[code] or 0) + count end
  end
  local parts = {}
  for code, count in pairs(total) do table.insert(parts, code .. ":" .. count) end
  local e = summary.errors
  io.write(string.format("RESULT requests=%d socket_errors=%d (connect %d, read %d, write %d, timeout %d) seconds=%.3f p99=%.3f planted=%d statuses=%s\n",
    summary.requests, e.connect + e.read + e.write + e.timeout, e.connect, e.read, e.write, e.timeout,
    summary.duration / 1e6, latency:percentile(99) / 1000, planted, table.concat(parts, ",")))
end
'''


def rss_mib(pid):
    status = pathlib.Path(f'/proc/{pid}/status').read_text()
    return int(re.search(r'VmRSS:\s+(\d+)', status).group(1)) / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--vignette', default=str(bench.ROOT / '.build/release/vignette'))
    parser.add_argument('--minutes', type=float, default=3)
    parser.add_argument('--connections', type=int, default=32)
    parser.add_argument('--threads', type=int, default=2)
    args = parser.parse_args()
    if not shutil.which('wrk'):
        subprocess.run(([] if os.getuid() == 0 else ['sudo']) + ['apt-get', 'install', '-y', '-qq', 'wrk'], check=True)
    work = pathlib.Path(tempfile.mkdtemp(prefix='vignette-soak-'))
    photo, alpha = work / 'photo.jpg', work / 'alpha.png'
    parrots = str(bench.ROOT / 'Sources/VignetteCatalog/Resources/product-parrots.png')
    subprocess.run([args.vignette, 'render', parrots, '--size', '768x512', '-o', str(photo), '--quality', '90'],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run([args.vignette, 'render', parrots, '--size', '300x300', '--mode', 'aspectFill', '--shape', 'circle',
                    '-o', str(alpha)], check=True, stdout=subprocess.DEVNULL)
    port = bench.origin({'/photo.jpg': photo.read_bytes(), '/alpha.png': alpha.read_bytes()})
    (work / 'serve.yaml').write_text(CONFIG)
    (work / 'soak.lua').write_text(WRK_SCRIPT)
    server = subprocess.Popen([args.vignette, 'serve', '--config', str(work / 'serve.yaml'), '--port', '0'],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        server_port = int(server.stdout.readline().rsplit(' ', 1)[1])
        base = f'http://127.0.0.1:{server_port}'
        bench.wait_for(base + '/health')
        samples, running = [], [True]

        def sample():
            while running[0]:
                samples.append((time.time(), rss_mib(server.pid)))
                time.sleep(1)
        threading.Thread(target=sample, daemon=True).start()
        seconds = int(args.minutes * 60)
        env = dict(os.environ, SOAK_ORIGIN=f'http://127.0.0.1:{port}')
        out = subprocess.run(['wrk', f'-t{args.threads}', f'-c{args.connections}', f'-d{seconds}s', '--timeout', '10s',
                              '-s', str(work / 'soak.lua'), base], capture_output=True, text=True, env=env).stdout
        running[0] = False
        alive = server.poll() is None
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(work, ignore_errors=True)
    report(out, samples, alive, args)
    return 0


def report(out, samples, alive, args):
    match = re.search(r'RESULT requests=(\d+) socket_errors=(\d+ \([^)]*\)) seconds=([\d.]+) p99=([\d.]+) planted=(\d+) statuses=(\S*)', out)
    if not match:
        raise SystemExit(f'wrk printed no result:\n{out}')
    requests, socket_errors, seconds, p99, planted, statuses = match.groups()
    counts = {int(code): int(count) for code, count in (part.split(':') for part in statuses.split(',') if part)}
    fourxx = sum(c for code, c in counts.items() if 400 <= code < 500)
    fivexx = sum(c for code, c in counts.items() if code >= 500)
    print(f'{args.minutes:g} min, wrk -t{args.threads} -c{args.connections}: {requests} requests, '
          f'{int(requests) / float(seconds):.0f} req/s, p99 {float(p99):.1f} ms; server alive: {alive}')
    print(f'statuses {dict(sorted(counts.items()))}: 200 {counts.get(200, 0)}, 4xx {fourxx} '
          f'(planted bad requests: {planted}), 5xx {fivexx}, socket errors {socket_errors}')
    start = samples[0][0]
    minutes = {}
    for when, rss in samples:
        minutes.setdefault(int((when - start) // 60), []).append(rss)
    print('RSS MiB, max per minute: ' + ', '.join(f'{max(v):.0f}' for _, v in sorted(minutes.items())))
    third = max(1, len(samples) // 3)
    early = statistics.median(r for _, r in samples[third - min(third, 10):third])
    late = statistics.median(r for _, r in samples[-min(third, 10):])
    growth = (late - early) / early * 100
    print(f'RSS peak {max(r for _, r in samples):.0f} MiB; plateau {early:.0f} MiB at a third of the run, '
          f'{late:.0f} MiB at the end ({growth:+.1f} %: {"flat" if abs(growth) < 5 else "GROWING"})')


if __name__ == '__main__':
    sys.exit(main())
