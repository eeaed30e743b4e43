#!/usr/bin/env python3
"""The scale-out check: 2 replicas behind nginx on loopback.

1. A render is a MISS at nginx the first time and a HIT the second.
2. 400 requests for distinct sizes, 16 at a time; after the first 100 one
   replica is killed with SIGKILL: every request must still answer 200
   (nginx retries a refused or reset upstream on the other replica).

Usage: python3 deploy/test_replicas.py [--vignette .build/release/vignette]
Exit 0 and "N passed, 0 failed" when both hold. Only loopback traffic.
"""
import argparse
import concurrent.futures
import http.server
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.parse
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent


def origin(photo):
    """A loopback origin serving the photo at /photo.jpg; returns its port."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header('Content-Type', 'image/jpeg')
            self.send_header('Content-Length', str(len(photo)))
            self.end_headers()
            self.wfile.write(photo)

        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--vignette', default=str(ROOT / '.build/release/vignette'))
    parser.add_argument('--port', type=int, default=18180)
    args = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix='vignette-replicas-'))
    work.chmod(0o755)  # nginx's workers (www-data) reach their cache inside
    photo = work / 'photo.jpg'
    subprocess.run([args.vignette, 'render', str(ROOT / 'Sources/VignetteCatalog/Resources/product-parrots.png'),
                    '--size', '768x512', '-o', str(photo), '--quality', '90'], check=True, stdout=subprocess.DEVNULL)
    source_port = origin(photo.read_bytes())
    config = work / 'serve.yaml'
    config.write_text(f'allowHosts: ["127.0.0.1:{source_port}"]\n'
                      'presets:\n  thumb: {contentMode: aspectFill, maxAge: 3600}\n')
    env = dict(os.environ, VIGNETTE_BIN=args.vignette, VIGNETTE_DEPLOY_DIR=str(work / 'deploy'))
    script = str(ROOT / 'deploy/replicas.sh')
    subprocess.run([script, 'start', '2', str(config), str(args.port)], check=True, env=env)
    source = urllib.parse.quote(f'http://127.0.0.1:{source_port}/photo.jpg', safe='')
    base = f'http://127.0.0.1:{args.port}/render/thumb?url={source}'
    passed, failed = 0, 0
    try:
        first, second = get(f'{base}&w=120&h=80'), get(f'{base}&w=120&h=80')
        if first == (200, 'MISS') and second == (200, 'HIT'):
            passed += 1
            print('nginx cache: MISS then HIT')
        else:
            failed += 1
            print(f'nginx cache: expected (200, MISS) then (200, HIT), got {first} then {second}')
        victim = int((work / 'deploy/replica-1.pid').read_text())
        done = threading.Semaphore(0)

        def request(i):
            result = get(f'{base}&w={100 + i}&h={60 + i % 50}')
            done.release()
            return result

        def killer():
            for _ in range(100):
                done.acquire()
            os.kill(victim, signal.SIGKILL)
        threading.Thread(target=killer, daemon=True).start()
        with concurrent.futures.ThreadPoolExecutor(16) as pool:
            statuses = [status for status, _ in pool.map(request, range(400))]
        bad = [s for s in statuses if s != 200]
        alive = running(victim)
        if not bad and not alive:
            passed += 1
            print('killing a replica mid-run: 400 of 400 requests answered 200')
        else:
            failed += 1
            print(f'killing a replica mid-run: {len(bad)} failures ({bad[:5]}), victim still alive: {alive}')
    finally:
        subprocess.run([script, 'stop'], env=env)
        subprocess.run(['rm', '-rf', str(work)])
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
