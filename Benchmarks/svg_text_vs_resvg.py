#!/usr/bin/env python3
"""Text-heavy SVGs: `vignette render` against resvg (resvg-py) with the same
fonts, CPU time in one run.

Each generated file (seeded) is a card of text: a title in bold, a
paragraph of lines with tspans in other weights, sizes and colours, a
centred caption, letter spacing, an underline and a line on a curved
textPath — a few hundred glyphs. Both draw with the bundled Noto Sans only
(resvg: `font_dirs` = Sources/CBundledFonts/fonts, `skip_system_fonts`,
`font_family` Noto Sans; Vignette: its bundled family). Vignette renders
the whole set in one `vignette render` process (process start and PNG
encoding counted); resvg renders each file in this Python process, also
to PNG. CPU = user + system; medians of --runs alternating runs, with the
ratio.

    python3 Benchmarks/svg_text_vs_resvg.py --vignette .build/release/vignette   # resvg-py installed
"""
import argparse
import os
import random
import resource
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORDS = ("vignette render every photo card title price shipping today only colour light shadow window river "
         "mountain morning evening market coffee bread garden station").split()


def card(seed, lines=8):
    rnd = random.Random(seed)
    words = lambda n: " ".join(rnd.choice(WORDS) for _ in range(n))
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">',
           '<rect width="480" height="360" fill="#fdfcf8"/>',
           '<path id="arc" d="M40 330 Q240 250 440 330" fill="none"/>',
           '<text x="24" y="48" font-size="30" font-weight="bold" fill="#123">%s</text>' % words(3).title()]
    for i in range(lines):
        out.append('<text x="24" y="%d" font-size="15" fill="#333">%s <tspan font-weight="bold" fill="#a20">%s</tspan> '
                   '<tspan font-style="italic">%s</tspan> %s</text>' % (84 + i * 22, words(3), words(1), words(2), words(2)))
    out.append('<text x="240" y="280" font-size="18" text-anchor="middle" letter-spacing="2" '
               'text-decoration="underline">%s</text>' % words(3).upper())
    out.append('<text font-size="14" fill="#06c"><textPath href="#arc">%s</textPath></text>' % words(6))
    out.append("</svg>")
    return "".join(out)


def cpu_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vignette", default=".build/release/vignette")
    parser.add_argument("--files", type=int, default=40)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    import resvg_py

    folder = tempfile.mkdtemp(prefix="svg-text-bench-")
    files = []
    for i in range(args.files):
        path = os.path.join(folder, "card-%02d.svg" % i)
        with open(path, "w") as f:
            f.write(card(i))
        files.append(path)
    fonts = [os.path.join(ROOT, "Sources/CBundledFonts/fonts")]
    v_runs, r_runs = [], []
    for run in range(args.runs):
        out = tempfile.mkdtemp(dir=folder)
        start = cpu_children()
        subprocess.run([args.vignette, "render", *files, "--size", "480x360", "--scale", "1", "--mode", "scaleToFill",
                        "--output-dir", out], check=True, stdout=subprocess.DEVNULL)
        v_runs.append(cpu_children() - start)
        start = time.process_time()
        for path in files:
            resvg_py.svg_to_bytes(svg_path=path, skip_system_fonts=True, font_dirs=fonts, font_family="Noto Sans")
        r_runs.append(time.process_time() - start)
    v, r = statistics.median(v_runs), statistics.median(r_runs)
    print("%d text cards 480x360: vignette %.3f s CPU, resvg %.3f s CPU, vignette/resvg %.2fx" % (len(files), v, r, v / r))


if __name__ == "__main__":
    main()
