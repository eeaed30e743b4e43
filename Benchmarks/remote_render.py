#!/usr/bin/env python3
"""Remote rendering throughput on loopback, side by side with curl.

    python3 Benchmarks/remote_render.py [--vignette .build/release/vignette] [--images 500] [--runs 3]
                                        [--concurrency 2,4,6,8,16] [--latency MS]

Serves N distinct PNGs (the four bundled photos re-encoded with a varying
text chunk so every file is distinct, ~600 KB each) from a threaded
http.server on 127.0.0.1, then times, median of R runs:

  - `curl --parallel --parallel-immediate --parallel-max C` fetching all N to
    disk (transfer only; -immediate opens connections at once instead of
    waiting to multiplex, which HTTP/1.1 cannot);
  - `vignette render <N URLs> --size 100x100 --scale 2 --mode aspectFill`
    (fetch + decode + render + encode) for several --max-concurrent values.

Prints images/s for each and the ratio to curl at the same concurrency.
`--latency MS` makes the server wait MS milliseconds before answering each
request, standing in for a distant origin (time to first byte); this is the
run that chooses the default `maxConcurrentLoads`.
"""
import argparse
import functools
import http.server
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def distinct_pngs(folder, count):
    """Copies of the photos, each with a tEXt chunk so the bytes differ."""
    sources = sorted(os.path.join(ROOT, "Sources/VignetteCatalog/Resources", f)
                     for f in os.listdir(os.path.join(ROOT, "Sources/VignetteCatalog/Resources"))
                     if f.startswith("product-"))
    blobs = [open(p, "rb").read() for p in sources]
    os.makedirs(folder, exist_ok=True)
    names = []
    for i in range(count):
        blob = blobs[i % len(blobs)]
        text = b"Comment\x00" + str(i).encode()
        chunk = struct.pack(">I", len(text)) + b"tEXt" + text + struct.pack(">I", zlib.crc32(b"tEXt" + text))
        data = blob[:33] + chunk + blob[33:]  # after the signature and IHDR
        name = f"img{i:04d}.png"
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
        names.append(name)
    return names


def serve(folder, latency=0.0):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            if latency:
                time.sleep(latency)
            super().do_GET()
    handler = functools.partial(Quiet, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def timed(command):
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(command[:3])} …: {done.stderr[-400:]}")
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vignette", default=os.path.join(ROOT, ".build/release/vignette"))
    parser.add_argument("--images", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--concurrency", default="2,4,6,8,16")
    parser.add_argument("--latency", type=float, default=0, help="milliseconds before each response")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="vignette-remote-")
    try:
        names = distinct_pngs(os.path.join(work, "www"), args.images)
        server = serve(os.path.join(work, "www"), args.latency / 1000)
        port = server.server_address[1]
        urls = [f"http://127.0.0.1:{port}/{n}" for n in names]
        print(f"{args.images} distinct PNGs (~{os.path.getsize(os.path.join(work, 'www', names[0])) // 1024} KB each) "
              f"from a threaded Python http.server on loopback, {args.latency:g} ms before each response; "
              f"median of {args.runs} runs\n")
        print("| --max-concurrent / --parallel-max | curl fetch only (img/s) | vignette fetch+render 100x100@2x (img/s) | vignette / curl |")
        print("|---:|---:|---:|---:|")
        for c in [int(x) for x in args.concurrency.split(",")]:
            curl_times, vig_times = [], []
            for _ in range(args.runs):
                out = os.path.join(work, "curl")
                shutil.rmtree(out, ignore_errors=True)
                os.makedirs(out)
                command = ["curl", "--silent", "--fail", "--parallel", "--parallel-immediate", "--parallel-max", str(c)]
                for url, name in zip(urls, names):
                    command += ["-o", os.path.join(out, name), url]
                curl_times.append(timed(command))
                out = os.path.join(work, "vig")
                shutil.rmtree(out, ignore_errors=True)
                vig_times.append(timed([args.vignette, "render", *urls, "--size", "100x100", "--scale", "2",
                                        "--mode", "aspectFill", "--output-dir", out, "--max-concurrent", str(c)]))
            curl_rate = args.images / statistics.median(curl_times)
            vig_rate = args.images / statistics.median(vig_times)
            print(f"| {c} | {curl_rate:.0f} | {vig_rate:.0f} | {vig_rate / curl_rate:.2f}x |")
        server.shutdown()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
