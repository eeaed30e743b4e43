#!/usr/bin/env python3
"""Where a `vignette serve` request's CPU time goes, per scenario of
`serve_vs_thumbor.py`, sampled with perf while wrk drives the server.

    python3 Benchmarks/profile_serve.py [--vignette .build/release/vignette]
                                        [--duration 8] [--scenarios distinct,hot,cold,big]
                                        [--no-reduced-copies] [--memory-cache-bytes N]

For each scenario: `perf record -e cpu-clock -g -p PID` for `--duration`
seconds while `wrk -t2 -c32` runs (the machine has no hardware counters
here: cpu-clock samples at 1 kHz per CPU), then `perf report --no-children`
by symbol, each symbol put in one bucket by its name and library: HTTP and
routing (NIO, Hummingbird, sockets in the kernel), async runtime, cache
look-up, decode, resample, compositing, encode, hashing, allocation and page
faults, other. Prints CPU ms per request (samples / requests) and the share
of each bucket as a Markdown table.
"""
import argparse
import pathlib
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import serve_vs_thumbor as bench  # noqa: E402

BUCKETS = [
    ('encode', r'jpeg_finish_compress|jpeg_write|encode_mcu|compress_|jsimd_.*fdct|jsimd_rgb_ycc|jsimd_h2v2_downsample|forward_DCT|'
               r'rgb_ycc|emit_|huff|finish_pass_gather|jpeg_gen_optimal|WebPEncode|VP8|vg_jpeg_encode|vg_webp_encode|JPEGCodec.encode|encoded\(as'),
    ('decode', r'decode_mcu|jsimd_.*idct|jsimd_ycc_rgb|jsimd_h2v|decompress|jpeg_read|jpeg_start_decompress|vg_jpeg_decode|'
               r'process_data|ycc_rgb|sep_upsample|h2v\d_fancy|fill_bit_buffer|jpeg_huff_decode|jpeg_fill_bit_buffer|decode_mcu_DC|start_pass'),
    ('resample (taps: ResampleAxis)', r'ResampleAxis|ResamplingFilter|DeterministicMath|__round|__sin|sin$|__cos'),
    ('resample', r'vg_resample|resample|Resample|_avx2|_sse2|vg_.*(horizontal|vertical)'),
    ('compositing', r'composit|Compositor|vg_fill|fillBackground|premultipl|blend|ImageRenderer|draw'),
    ('hashing', r'sha256|SHA256|BoringSSL|CCryptoBoringSSL'),
    ('cache look-up', r'MemoryCache|LRUStore|ImageRequest\.Key|DataKey|TaskCoalescer|copyFacts|cachedImage|Hasher|hash\(into'),
    ('allocation and page faults', r'malloc|free|calloc|realloc|memset|memcpy|memmove|__memcpy|__memset|clear_page|page_fault|'
               r'handle_mm_fault|do_anonymous_page|exc_page_fault|asm_exc_page_fault|mmap|munmap|madvise|zap_|unmap|'
               r'swift_allocObject|swift_slowAlloc|swift_dealloc|swift_release|swift_retain|_swift_release|_swift_retain|'
               r'alloc_pages|get_page_from_freelist|__alloc|rmqueue|folio|lru_|release_pages|tlb'),
    ('HTTP and routing', r'NIO|Hummingbird|HTTP|Router|tcp_|ip_|inet_|sock|epoll|__sys|sys_|syscall|entry_SYSCALL|skb|netif|'
               r'loopback|net_rx|__dev|dev_|RenderParameters|RenderReply|Response|RequestSigner|parse|percent|URL|URLComponents|'
               r'String|Substring|_StringGuts|unicode|Unicode|RenderService\.check|ServerMetrics|Metrics'),
    ('async runtime and scheduling', r'swift_task|swift_job|swift_continuation|swift::|Task|Executor|dispatch|futex|schedule|'
               r'pthread|__lll|finish_task_switch|try_to_wake_up|pick_next|update_curr|ConcurrencyGate'),
]


def bucket(symbol, dso):
    text = f'{symbol} {dso}'
    for name, pattern in BUCKETS:
        if re.search(pattern, text):
            return name
    if 'libjpeg' in dso:  # libjpeg has no frame pointers: memory hits (distinct, hot) only encode
        return 'libjpeg (encode; with decode in cold and big)'
    return 'other'


def profile(pid, seconds, out):
    return subprocess.Popen(['perf', 'record', '-e', 'cpu-clock', '-F', '1000', '-g', '-p', str(pid), '-o', str(out), '--', 'sleep', str(seconds)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def split(data):
    report = subprocess.run(['perf', 'report', '-i', str(data), '--no-children', '--sort', 'dso,symbol', '--stdio', '-g', 'none',
                             '--percent-limit', '0'], capture_output=True, text=True).stdout
    shares, samples = {}, 0
    match = re.search(r'# Event count \(approx\.\): (\d+)', report)
    if match:
        samples = int(match.group(1)) / 1e6  # cpu-clock counts nanoseconds: CPU milliseconds
    for line in report.splitlines():
        m = re.match(r'\s+([\d.]+)%\s+(\S+)\s+\[[.k]\]\s+(.*)$', line)
        if m:
            share, dso, symbol = float(m.group(1)), m.group(2), m.group(3).strip()
            name = bucket(symbol, dso)
            shares[name] = shares.get(name, 0) + share
    return samples, shares, report


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--vignette', default=str(bench.ROOT / '.build/release/vignette'))
    parser.add_argument('--duration', type=int, default=8)
    parser.add_argument('--scenarios', default='distinct,hot,cold,big')
    parser.add_argument('--memory-cache-bytes', type=int, default=0)
    parser.add_argument('--no-reduced-copies', action='store_true')
    parser.add_argument('--keep', help='folder for the perf.data files and full reports')
    args = parser.parse_args()
    args.scenarios = [m for m in args.scenarios.split(',') if m]
    work = pathlib.Path(tempfile.mkdtemp(prefix='vignette-serve-profile-'))
    keep = pathlib.Path(args.keep) if args.keep else work
    keep.mkdir(parents=True, exist_ok=True)
    photo, big = work / 'photo.jpg', work / 'big.jpg'
    subprocess.run([args.vignette, 'render', str(bench.ROOT / 'Sources/VignetteCatalog/Resources/product-parrots.png'),
                    '--size', '768x512', '-o', str(photo), '--quality', '90'], check=True, stdout=subprocess.DEVNULL)
    bench.make_big(big)
    port = bench.origin({'/photo.jpg': photo.read_bytes(), '/big.jpg': big.read_bytes()})
    script = work / 'bench.lua'
    script.write_text(bench.WRK_SCRIPT)
    process, base, _ = bench.start_vignette(args, work)
    urls = bench.templates('vignette', port)
    rows = {}
    try:
        for mode in ('distinct', 'big'):
            bench.wait_for(base + urls[mode].replace('{w}', '100').replace('{h}', '100').replace('{n}', '0'))
        for mode in args.scenarios:
            data = keep / f'perf-{mode}.data'
            recorder = profile(process.pid, args.duration, data)
            time.sleep(0.2)
            result = bench.wrk(base, urls[mode], mode, args.duration - 1, str(script), salt=7)
            recorder.wait()
            samples, shares, report = split(data)
            (keep / f'perf-{mode}.txt').write_text(report)
            requests = result['rps'] * (args.duration - 1)
            rows[mode] = (samples / max(1, requests), result['rps'], shares)
    finally:
        bench.stop(process)
    names = [name for name, _ in BUCKETS] + ['libjpeg (encode; with decode in cold and big)', 'other']
    print(f'perf record -e cpu-clock -g, wrk -t2 -c32 -d{args.duration - 1}s; load average {bench.load_average():.1f}\n')
    print('| scenario | req/s | CPU ms/request | ' + ' | '.join(names) + ' |')
    print('|---|---:|---:|' + '---:|' * len(names))
    for mode, (ms, rps, shares) in rows.items():
        print(f'| {mode} | {rps:.0f} | {ms:.2f} | ' + ' | '.join(f'{shares.get(n, 0):.0f} %' for n in names) + ' |')
    return 0


if __name__ == '__main__':
    sys.exit(main())
