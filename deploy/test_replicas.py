#!/usr/bin/env python3
"""The scale-out check: 3 replicas behind nginx, on loopback only.

1. The same request mix (SOURCES distinct sources x len(SIZES) sizes each,
   in a fixed, seeded order) through nginx with round-robin, then with the
   consistent hash by source (deploy/nginx.conf), each on fresh replicas.
   From every replica's /metrics: memory cache hits vs misses, summed; at
   the origin: fetches. With the hash, every source is fetched once (on the
   replica that owns it) and every other size of it is a memory hit.
2. A render is a MISS at nginx the first time and a HIT the second.
3. A pre-signed source URL signed again (other X-Amz-* items) goes to the
   replica that has it.
4. On the warm hashed deployment, every source at two new sizes, 16 at a
   time; after the first quarter replica 1 is killed with SIGKILL. Every
   request must answer 200 (nginx retries on the next replica of the ring),
   and only replica 1's sources may be fetched again, each at most once.

Every request is signed (`sig`, as `vignette sign` makes it): the hash
takes the `url` parameter, whatever the size and signature.

Usage: python3 deploy/test_replicas.py [--vignette .build/release/vignette]
Exit 0 and "N passed, 0 failed" when all hold. Only loopback traffic.
"""
import argparse
import base64
import collections
import concurrent.futures
import contextlib
import hashlib
import hmac
import http.server
import os
import pathlib
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import urllib.parse
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
REPLICAS = 3
SOURCES = 120
SIZES = [(48, 48), (96, 64), (120, 90), (160, 120), (240, 180)]
KILL_SIZES = [(64, 64), (200, 150)]
SEED = 21
KEY = b'deploy-test'


class Origin:
    """A loopback origin serving one JPEG at any /src/N.jpg, counting fetches per path."""

    def __init__(self, photo):
        self.fetches = collections.Counter()
        lock, fetches = threading.Lock(), self.fetches

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                with lock:
                    fetches[self.path] += 1
                self.send_response(200)
                self.send_header('Content-Type', 'image/jpeg')
                self.send_header('Content-Length', str(len(photo)))
                self.end_headers()
                self.wfile.write(photo)

            def log_message(self, *args):
                pass
        self.server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def snapshot(self):
        return collections.Counter(self.fetches)


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            response.read()
            return response.status, response.headers.get('X-Cache-Status')
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get('X-Cache-Status')
    except OSError as error:
        return str(error), None


def running(pid):
    """True while `pid` is a live process (a killed one may linger as a zombie)."""
    try:
        return pathlib.Path(f'/proc/{pid}/stat').read_text().split(')')[-1].split()[0] not in ('Z', 'X')
    except OSError:
        return False


def ports_free(port, count):
    for p in range(port, port + count + 1):
        with socket.socket() as probe:
            if probe.connect_ex(('127.0.0.1', p)) == 0:
                return False
    return True


@contextlib.contextmanager
def deployment(args, work, config, balance, port):
    """3 fresh replicas behind a fresh nginx (own cache folder) on `port`; stopped on exit."""
    if not ports_free(port, REPLICAS):
        raise SystemExit(f'127.0.0.1:{port}-{port + REPLICAS} are not all free: pass --port')
    env = dict(os.environ, VIGNETTE_BIN=args.vignette, VIGNETTE_DEPLOY_DIR=str(work / balance), VIGNETTE_BALANCE=balance)
    script = str(ROOT / 'deploy/replicas.sh')
    try:
        subprocess.run([script, 'start', str(REPLICAS), str(config), str(port)], check=True, env=env)
        yield work / balance
    finally:
        subprocess.run([script, 'stop'], env=env)


def render_url(port, origin, source, size, query=''):
    """The signed render URL of /src/SOURCE.jpg[?QUERY] at `size`."""
    url = urllib.parse.quote(f'http://127.0.0.1:{origin.port}/src/{source}.jpg' + (f'?{query}' if query else ''), safe='')
    path = f'/render/thumb?url={url}&w={size[0]}&h={size[1]}'
    sig = base64.urlsafe_b64encode(hmac.new(KEY, path.encode(), hashlib.sha256).digest()).rstrip(b'=').decode()
    return f'http://127.0.0.1:{port}{path}&sig={sig}'


def the_mix(sizes):
    """Every source at every size: one round per size, sources in a seeded order within each."""
    rng = random.Random(SEED)
    order = []
    for size in sizes:
        sources = list(range(SOURCES))
        rng.shuffle(sources)
        order += [(source, size) for source in sources]
    return order


def run(port, origin, mix, workers, on_done=None):
    done = threading.Semaphore(0)

    def request(item):
        result = get(render_url(port, origin, *item))
        done.release()
        return result[0]
    if on_done:
        threading.Thread(target=on_done, args=(done,), daemon=True).start()
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        return list(pool.map(request, mix))


def metrics(port):
    """hits (memory), misses and requests of the replica on `port`, from its /metrics."""
    with urllib.request.urlopen(f'http://127.0.0.1:{port}/metrics', timeout=10) as response:
        text = response.read().decode()

    def total(pattern):
        return sum(int(float(value)) for value in re.findall(rf'^{pattern}\s+(\S+)$', text, re.M))
    return {'hits': total(r'vignette_cache_hits_total\{cache="memory"\}'),
            'misses': total(r'vignette_cache_misses_total(?:\{\})?'),
            'requests': total(r'vignette_requests_total\{[^}]*\}')}


def measure(port, origin, mix):
    """Runs the mix through nginx on `port`; returns the replicas' metrics, origin fetches and non-200 answers."""
    before = origin.snapshot()
    statuses = run(port, origin, mix, workers=8)
    fetches = sum((origin.snapshot() - before).values())
    return [metrics(port + i) for i in range(1, REPLICAS + 1)], fetches, [s for s in statuses if s != 200]


def report(balance, replicas, fetches):
    hits, misses = sum(r['hits'] for r in replicas), sum(r['misses'] for r in replicas)
    rate = hits / max(1, hits + misses)
    share = ', '.join(f"{r['requests']} req/{r['misses']} miss" for r in replicas)
    print(f'{balance:>11}: memory hit rate {rate:6.1%} ({hits} hits, {misses} misses), '
          f'origin fetches {fetches} for {SOURCES} sources; replicas: {share}')
    return rate


def nginx_cache_check(port, origin):
    url = render_url(port, origin, 0, (33, 33))
    first, second = get(url), get(url)
    ok = first == (200, 'MISS') and second == (200, 'HIT')
    print('nginx cache: MISS then HIT' if ok else f'nginx cache: expected (200, MISS) then (200, HIT), got {first} then {second}')
    return ok


def resign_check(port, origin):
    """Each of 6 sources, pre-signed S3-style 3 times (new X-Amz-* items each time): one replica gets all 3."""
    together = 0
    for source in range(6):
        before = [metrics(port + i)['requests'] for i in range(1, REPLICAS + 1)]
        for signing in range(3):
            query = f'X-Amz-Date=2026112{signing}T000000Z&X-Amz-Signature={signing:064x}'
            get(render_url(port, origin, source, (50 + signing, 50), query))
        after = [metrics(port + i)['requests'] for i in range(1, REPLICAS + 1)]
        together += sorted(a - b for a, b in zip(after, before)) == [0] * (REPLICAS - 1) + [3]
    print(f're-signed source URLs: {together} of 6 sources kept on one replica')
    return together == 6


def kill_check(port, origin, deploy_dir, share):
    """Every source at new sizes; replica 1 SIGKILLed after a quarter; no failure, only its share moves."""
    victim = int((deploy_dir / 'replica-1.pid').read_text())
    mix = the_mix(KILL_SIZES)

    def killer(done):
        for _ in range(len(mix) // 4):
            done.acquire()
        os.kill(victim, signal.SIGKILL)
    before = origin.snapshot()
    statuses = run(port, origin, mix, workers=16, on_done=killer)
    moved = origin.snapshot() - before
    bad = [s for s in statuses if s != 200]
    alive = running(victim)
    twice = [path for path, count in moved.items() if count > 1]
    print(f'killing replica 1 mid-run: {len(statuses) - len(bad)} of {len(statuses)} answered 200; '
          f'sources fetched again: {sum(moved.values())} (replica 1 owned {share} of {SOURCES})')
    ok = not bad and not alive and 0 < sum(moved.values()) <= share and not twice
    if not ok:
        print(f'  failures {bad[:5]}, victim alive: {alive}, fetched more than once: {twice[:5]}')
    return ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--vignette', default=str(ROOT / '.build/release/vignette'))
    parser.add_argument('--port', type=int, default=18180, help='round-robin nginx here, hash nginx at PORT+10')
    args = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix='vignette-replicas-'))
    work.chmod(0o755)  # nginx's workers (www-data) reach their cache inside
    photo = work / 'photo.jpg'
    subprocess.run([args.vignette, 'render', str(ROOT / 'Sources/VignetteCatalog/Resources/product-parrots.png'),
                    '--size', '320x240', '-o', str(photo), '--quality', '85'], check=True, stdout=subprocess.DEVNULL)
    origin = Origin(photo.read_bytes())
    config = work / 'serve.yaml'
    config.write_text(f'allowHosts: ["127.0.0.1:{origin.port}"]\nsigningKey: "{KEY.decode()}"\n'
                      'presets:\n  thumb: {contentMode: aspectFill, maxAge: 3600}\n')
    mix = the_mix(SIZES)
    print(f'request mix: {SOURCES} sources x {len(SIZES)} sizes = {len(mix)} renders, 8 at a time, seed {SEED}')
    results = []
    try:
        with deployment(args, work, config, 'round-robin', args.port):
            spread, spread_fetches, spread_bad = measure(args.port, origin, mix)
        rr_rate = report('round-robin', spread, spread_fetches)
        hash_port = args.port + 10
        with deployment(args, work, config, 'hash', hash_port) as deploy_dir:
            owned, fetches, bad = measure(hash_port, origin, mix)
            hash_rate = report('hash', owned, fetches)
            ok = (not bad and not spread_bad and fetches <= SOURCES * 1.05
                  and spread_fetches >= SOURCES * 1.5 and hash_rate >= rr_rate + 0.2)
            print(f'consistent hash vs round-robin: {hash_rate:.1%} vs {rr_rate:.1%} memory hits, '
                  f'{fetches} vs {spread_fetches} origin fetches: {"better" if ok else "NOT clearly better"}'
                  + (f'; failed renders: {(spread_bad + bad)[:5]}' if bad or spread_bad else ''))
            results.append(ok)
            results.append(nginx_cache_check(hash_port, origin))
            results.append(resign_check(hash_port, origin))
            results.append(kill_check(hash_port, origin, deploy_dir, owned[0]['misses']))
    finally:
        origin.server.shutdown()
        subprocess.run(['rm', '-rf', str(work)])
    passed = sum(results)
    failed = 4 - passed  # a check that never ran (an exception before it) is a failure
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
