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

A third of the sources are SVG (sniffed by content; the origin says image/jpeg): a 24x24
icon (gradient, dashed stroke, currentColor, feDropShadow) and svg_vs_resvg's illustration
(200 curves, gradients, a clip, group opacity). Five of the eleven planted kinds are hostile
SVG, each also asked for once first: a `use` bomb, width="1e9", billion laughs, an `image` of
file:///etc/passwd, and image, feImage, use, @import and url() paint at the origin's /secret,
which must never be requested (the run fails if it is).

Prints the status counts (200s; 4xx against the planted requests sent; 5xx —
less those with the X-Vignette-Error the hostile SVG's probe got — and socket
errors, which should be 0), requests/s, p99, the SVG share, the probes, and the
RSS: each minute's maximum, the peak, and the plateau — the growth from the end
of the first third to the end of the run (flat: under 5 %).
"""
import argparse
import collections
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
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import serve_vs_thumbor as bench  # noqa: E402
from svg_vs_resvg import illustration  # noqa: E402

CONFIG = '''allowPrivateNetworks: true
presets:
  thumb: {contentMode: aspectFill, shape: circle, focus: smart, effects: ["sharpen:0.5"], formats: [webp, jpeg, png]}
  card: {contentMode: aspectFill, shape: rounded, cornerRadius: 12, border: {width: 2, color: "#DDDDDD"}, effects: [grayscale], formats: [webp, jpeg, png]}
  hero: {contentMode: aspectFit, background: ["#000000", "blur:16"], formats: [webp, jpeg, png]}
'''

WRK_SCRIPT = r'''
local counter, offset, planted, svg = 0, 0, 0, 0
local statuses, hostile, failures, names = {}, {}, {}, {}
local origin = os.getenv("SOAK_ORIGIN")
for name in os.getenv("SOAK_HOSTILE"):gmatch("[^,]+") do table.insert(names, name) end
local presets, formats = {"thumb", "card", "hero"}, {"jpeg", "webp", "png"}
local sources = {"/photo.jpg", "/icon.svg", "/alpha.png", "/photo.jpg", "/scene.svg", "/alpha.png"}
local id, threads = 0, {}
function setup(thread) id = id + 1; thread:set("id", id); table.insert(threads, thread) end
function init(args) offset = (tonumber(wrk.thread:get("id")) or 1) * 1000003 end
local function source(path) return (origin .. path):gsub(":", "%%3A"):gsub("/", "%%2F") end
function request()
  counter = counter + 1
  local n = offset + counter
  local w, h = 48 + (n % 353), 48 + (math.floor(n / 353) % 271)
  local preset, format = presets[n % 3 + 1], formats[math.floor(n / 3) % 3 + 1]
  local file = sources[math.floor(n / 9) % #sources + 1]
  local url = source(file)
  local path = string.format("/render/%s?url=%s&w=%d&h=%d&format=%s", preset, url, w, h, format)
  if n % 10 ~= 0 then
    svg = svg + (file:sub(-4) == ".svg" and 1 or 0)
  else
    planted = planted + 1
    local bad = {
      "/render/nosuch?url=" .. url .. "&w=100&h=100",
      "/render/thumb?w=100&h=100",
      "/render/thumb?url=" .. url .. "&w=abc&h=100",
      "/render/thumb?url=file%3A%2F%2F%2Fetc%2Fpasswd&w=100&h=100",
      "/render/thumb?url=" .. url .. "&w=99999&h=100",
      "/render/thumb?url=" .. source("/missing.jpg") .. "&w=100&h=100",
    }
    local k = math.floor(n / 10) % (#bad + #names) + 1
    local name = names[k - #bad]  -- a hostile SVG after the six others
    path = bad[k] or "/render/thumb?url=" .. source("/" .. tostring(name) .. ".svg") .. "&w=200&h=200"
    if name then hostile[name] = (hostile[name] or 0) + 1 end
  end
  return wrk.format("GET", path)
end
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  local why = status >= 500 and status .. " " .. (headers["X-Vignette-Error"] or headers["x-vignette-error"] or "-")
  if why then failures[why] = (failures[why] or 0) + 1 end
  local state = {planted = planted, svg = svg, sent = counter, statuses = statuses, hostile = hostile, failures = failures}
  for key, value in pairs(state) do wrk.thread:set(key, value) end
end
local function add(into, from) for k, v in pairs(from or {}) do into[k] = (into[k] or 0) + v end end
local function list(t) local out = {} for k, v in pairs(t) do table.insert(out, k .. ":" .. v) end return table.concat(out, ",") end
function done(summary, latency, requests)
  local total, kinds, failed, sums = {}, {}, {}, {planted = 0, svg = 0, sent = 0}
  for _, thread in ipairs(threads) do
    add(total, thread:get("statuses"))
    add(kinds, thread:get("hostile"))
    add(failed, thread:get("failures"))
    for key in pairs(sums) do sums[key] = sums[key] + (tonumber(thread:get(key)) or 0) end
  end
  for key, count in pairs(failed) do io.write(string.format("FAILURE %d %s\n", count, key)) end
  local e = summary.errors
  io.write(string.format("RESULT requests=%d socket_errors=%d (connect %d, read %d, write %d, timeout %d) seconds=%.3f p99=%.3f planted=%d statuses=%s sent=%d svg=%d hostile=%s\n",
    summary.requests, e.connect + e.read + e.write + e.timeout, e.connect, e.read, e.write, e.timeout,
    summary.duration / 1e6, latency:percentile(99) / 1000, sums.planted, list(total), sums.sent, sums.svg, list(kinds)))
end
'''
ICON = '''<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" color="#2a7"><defs>
<linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#fc4"/><stop offset="1" stop-color="#e53"/></linearGradient>
<filter id="s" x="-25%" y="-25%" width="150%" height="150%"><feDropShadow dx="0.5" dy="1" stdDeviation="0.8"/></filter></defs>
<g filter="url(#s)"><rect x="3" y="3" width="18" height="18" rx="4" fill="url(#g)"/>
<circle cx="12" cy="12" r="5" fill="currentColor" stroke="#fff" stroke-width="1.5" stroke-dasharray="2 1.5"/></g></svg>'''
SCENE = illustration(7, shapes=200).replace(  # the shapes under a group opacity
    'fill="url(#sky)"/>', 'fill="url(#sky)"/><g opacity="0.85">').replace('</svg>', '</g></svg>')
HOSTILE = ('bomb', 'huge', 'laughs', 'passwd', 'ssrf')
SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" %s>%s</svg>'


def hostile(origin):
    """The planted hostile SVG files, by name; `origin` serves the /secret paths, never to be fetched."""
    box, at = 'width="10" height="10" viewBox="0 0 10 10"', f'{origin}/secret'
    uses = ''.join(f'<g id="u{i}">' + f'<use href="#u{i - 1}" x="0.1"/>' * 10 + '</g>' for i in range(1, 10))
    laughs = ''.join(f'<!ENTITY l{i} "' + f'&l{i - 1};' * 10 + '">' for i in range(1, 10))
    ssrf = (f'<style>@import url({at}/import); rect {{ fill: url({at}/css) }}</style><use href="{at}/use#x"/>'
            f'<image href="{at}/image" width="9" height="9"/><image xlink:href="{at}/xlink" width="9" height="9"/>'
            f'<filter id="f"><feImage href="{at}/feimage"/></filter><rect width="9" height="9" filter="url(#f)" '
            f'stroke="url({at}/paint#g)"/>')
    passwd = '<image href="file:///etc/passwd" width="9" height="9"/><image xlink:href="file:///etc/passwd" width="9"/>'
    return {'bomb': SVG % (box, f'<defs><rect id="u0" width="1" height="1"/>{uses}</defs><use href="#u9"/>'),
            'huge': SVG % ('width="1e9" height="1e9" viewBox="0 0 10 10"', '<circle cx="5" cy="5" r="4"/>'),
            'laughs': f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY l0 "lol">{laughs}]>'
                      + SVG % (box, '<text y="5">&l9;</text>'),
            'passwd': SVG % (box, passwd), 'ssrf': SVG % (box, ssrf)}


class Files(dict):
    """The origin's files (path -> bytes), counting every path asked for."""
    def __init__(self, files):
        super().__init__(files)
        self.hits = collections.Counter()

    def get(self, path, default=None):
        self.hits[path] += 1
        return super().get(path, default)


def sources(vignette, work):
    """The origin's files, served on loopback: the origin's address and its Files."""
    photo, alpha = work / 'photo.jpg', work / 'alpha.png'
    parrots = str(bench.ROOT / 'Sources/VignetteCatalog/Resources/product-parrots.png')
    subprocess.run([vignette, 'render', parrots, '--size', '768x512', '-o', str(photo), '--quality', '90'],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run([vignette, 'render', parrots, '--size', '300x300', '--mode', 'aspectFill', '--shape', 'circle',
                    '-o', str(alpha)], check=True, stdout=subprocess.DEVNULL)
    files = Files({'/photo.jpg': photo.read_bytes(), '/alpha.png': alpha.read_bytes(),
                   '/icon.svg': ICON.encode(), '/scene.svg': SCENE.encode()})
    origin = f'http://127.0.0.1:{bench.origin(files)}'
    files.update({f'/{name}.svg': text.encode() for name, text in hostile(origin).items()})
    return origin, files


def probe(base, origin, names, size=200):
    """Each SVG asked for once, one at a time: name -> (status, seconds, X-Vignette-Error)."""
    outcomes = {}
    for name in names:
        url = f'{base}/render/thumb?url={urllib.parse.quote(f"{origin}/{name}.svg", safe="")}&w={size}&h={size}'
        start = time.time()
        try:
            reply = urllib.request.urlopen(url, timeout=60)
        except urllib.error.HTTPError as error:
            reply = error
        except OSError as error:
            outcomes[name] = ('no answer', time.time() - start, str(error))
            continue
        with reply:
            reply.read()
        outcomes[name] = (reply.status, time.time() - start, reply.headers.get('X-Vignette-Error'))
    return outcomes


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
    origin, files = sources(args.vignette, work)
    (work / 'serve.yaml').write_text(CONFIG)
    (work / 'soak.lua').write_text(WRK_SCRIPT)
    with open(work / 'serve.err', 'w') as errors:
        server = subprocess.Popen([args.vignette, 'serve', '--config', str(work / 'serve.yaml'), '--port', '0'],
                                  stdout=subprocess.PIPE, stderr=errors, text=True)
    try:
        base = f'http://127.0.0.1:{int(server.stdout.readline().rsplit(" ", 1)[1])}'
        bench.wait_for(base + '/health')
        probes = probe(base, origin, ('icon', 'scene') + HOSTILE)
        out, samples = soak(server, base, origin, work, args)
        alive = server.poll() is None
    finally:
        server.terminate()
        server.wait()
        log = (work / 'serve.err').read_text(errors='replace').splitlines()
        shutil.rmtree(work, ignore_errors=True)
    result = parse(out)
    report(result, samples, alive, args, probes)
    secret = {path: count for path, count in files.hits.items() if path.startswith('/secret/')}
    report_svg(result, probes, secret, log)
    return 1 if secret else 0


def soak(server, base, origin, work, args):
    """wrk over the server for --minutes, its RSS sampled every second: wrk's output, the samples."""
    samples, running = [], [True]

    def sample():
        while running[0]:
            status = pathlib.Path(f'/proc/{server.pid}/status').read_text()
            samples.append((time.time(), int(re.search(r'VmRSS:\s+(\d+)', status).group(1)) / 1024))
            time.sleep(1)
    threading.Thread(target=sample, daemon=True).start()
    seconds = int(args.minutes * 60)
    env = dict(os.environ, SOAK_ORIGIN=origin, SOAK_HOSTILE=','.join(HOSTILE))
    out = subprocess.run(['wrk', f'-t{args.threads}', f'-c{args.connections}', f'-d{seconds}s', '--timeout', '10s',
                          '-s', str(work / 'soak.lua'), base], capture_output=True, text=True, env=env).stdout
    running[0] = False
    return out, samples


def parse(out):
    """wrk's RESULT line as a dict, its FAILURE lines as {"status reason": count}."""
    match = re.search(r'RESULT requests=(?P<requests>\d+) socket_errors=(?P<socket_errors>\d+ \([^)]*\)) '
                      r'seconds=(?P<seconds>[\d.]+) p99=(?P<p99>[\d.]+) planted=(?P<planted>\d+) '
                      r'statuses=(?P<statuses>\S*) sent=(?P<sent>\d+) svg=(?P<svg>\d+) hostile=(?P<hostile>\S*)', out)
    if not match:
        raise SystemExit(f'wrk printed no result:\n{out}')
    result = match.groupdict()
    for key in ('statuses', 'hostile'):
        result[key] = {k: int(c) for k, c in (part.split(':') for part in result[key].split(',') if part)}
    result['failures'] = {key: int(count) for count, key in re.findall(r'^FAILURE (\d+) (.*)$', out, re.M)}
    return result


def report(result, samples, alive, args, probes):
    counts = {int(code): count for code, count in result['statuses'].items()}
    requests, planted, hostile = int(result['requests']), int(result['planted']), sum(result['hostile'].values())
    fourxx = sum(c for code, c in counts.items() if 400 <= code < 500)
    expected = {f'{status} {why}' for status, _, why in map(probes.get, HOSTILE)
                if isinstance(status, int) and status >= 500}
    refused = sum(c for key, c in result['failures'].items() if key in expected)
    fivexx = sum(c for code, c in counts.items() if code >= 500) - refused
    print(f'{args.minutes:g} min, wrk -t{args.threads} -c{args.connections}: {requests} requests, '
          f'{requests / float(result["seconds"]):.0f} req/s, p99 {float(result["p99"]):.1f} ms; server alive: {alive}')
    print(f'statuses {dict(sorted(counts.items()))}: 200 {counts.get(200, 0)}, 4xx {fourxx} '
          f'(planted bad requests: {planted}, {hostile} of them hostile SVG), 5xx {fivexx} '
          f'(besides {refused} refusing hostile SVG as their probe did), socket errors {result["socket_errors"]}')
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


def report_svg(result, probes, secret, log):
    svg, sent = int(result['svg']) + sum(result['hostile'].values()), int(result['sent'])
    kinds = ', '.join(f'{name} {result["hostile"].get(name, 0)}' for name in HOSTILE)
    print(f'SVG sources: {svg} of {sent} requests sent ({svg / max(sent, 1) * 100:.1f} %); hostile planted: {kinds}')
    print('SVG probes (once, before the soak): ' + '; '.join(
        f'{name} {status} {took:.3f} s' + (f' ({why})' if why else '') for name, (status, took, why) in probes.items()))
    print('5xx reasons: ' + ('; '.join(f'{n} × {why}' for why, n in sorted(result['failures'].items())) or 'none'))
    noisy = [line for line in log if not re.search(r'\binfo\b', line)]
    print(f'server stderr: {len(log)} lines, {len(noisy)} not info' + ''.join(f'\n  {line}' for line in noisy[-10:]))
    print(f'origin /secret requests: {sum(secret.values())}' + (f' — FAIL: the server fetched {secret}' if secret else ''))


if __name__ == '__main__':
    sys.exit(main())
