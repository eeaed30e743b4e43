#!/usr/bin/env python3
"""SVG icons and illustrations: `vignette render` against resvg (resvg-py)
and CairoSVG, CPU time in one run.

A set of 24x24 icons (generated here, seeded: strokes, fills, arcs,
gradients, dashes, group opacity) is drawn at 1x, 2x and 3x, and a few
illustrations (hundreds of shapes, gradients, transforms, clips) at 1x and
2x. Vignette renders each set with one `vignette render` process (so its
process start and PNG encoding count); resvg and CairoSVG render each file
in this Python process (no process start), also to PNG. CPU time is user +
system: the children's for Vignette, `time.process_time()` for the others.
Each job runs --runs times; the medians are printed with their ratios.
A second table puts the cost of each further icon in one process (the
icons four times over, less one set) beside resvg's and CairoSVG's per icon.
A third set is broad rather than icons: the 24 feature files of
Tests/Fixtures/svg (filters, lighting, noise, blend modes, masks, clips,
markers, patterns, gradients, nested SVG and raster images, CSS selectors;
the text files left out, the SVG text benchmark has them) at 300x300.

    make bench-svg          # or: python3 Benchmarks/svg_vs_resvg.py --vignette .build/release/vignette
    python3 Benchmarks/svg_vs_resvg.py --only feature --runs 7   # the feature files alone
"""
import argparse
import os
import random
import resource
import statistics
import subprocess
import tempfile
import time


def icon(seed):
    """A 24x24 icon in the style of the common icon sets."""
    rnd = random.Random(seed)
    parts = []
    kind = seed % 4
    if kind == 0:  # stroked outline icon
        d = "M3 %d" % rnd.randint(3, 8) + "".join(
            " L%d %d" % (rnd.randint(2, 22), rnd.randint(2, 22)) for _ in range(5))
        parts.append('<path d="%s" fill="none" stroke="currentColor" stroke-width="2" '
                     'stroke-linecap="round" stroke-linejoin="round"/>' % d)
        parts.append('<circle cx="%d" cy="%d" r="%d" fill="none" stroke="currentColor" stroke-width="2"/>'
                     % (rnd.randint(8, 16), rnd.randint(8, 16), rnd.randint(3, 6)))
    elif kind == 1:  # filled glyph with arcs and an even-odd hole
        parts.append('<path fill-rule="evenodd" d="M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20zm0 %d'
                     'a%d %d 0 1 1 0 %d a%d %d 0 1 1 0-%d z" fill="currentColor"/>'
                     % (rnd.randint(4, 6), 4, 4, 8, 4, 4, 8))
    elif kind == 2:  # two-tone with a gradient
        parts.append('<defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#4af"/>'
                     '<stop offset="1" stop-color="#06c"/></linearGradient></defs>')
        parts.append('<rect x="3" y="3" width="18" height="18" rx="4" fill="url(#g)"/>')
        parts.append('<path d="M7 12l3 3 7-7" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>')
    else:  # dashed, translucent
        parts.append('<g opacity="0.8"><circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" '
                     'stroke-width="2" stroke-dasharray="3 2"/><rect x="8" y="8" width="8" height="8" '
                     'fill="currentColor" transform="rotate(%d 12 12)"/></g>' % rnd.randint(0, 90))
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">'
            + "".join(parts) + "</svg>")


def illustration(seed, shapes=300):
    """A 400x300 scene: many curves, gradients, transforms, one clip."""
    rnd = random.Random(seed)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><defs>',
           '<radialGradient id="sky" cx=".5" cy=".2" r=".8"><stop offset="0" stop-color="#fff6d5"/>'
           '<stop offset="1" stop-color="#6ab0de"/></radialGradient>',
           '<clipPath id="frame"><rect x="10" y="10" width="380" height="280" rx="18"/></clipPath></defs>',
           '<g clip-path="url(#frame)"><rect width="400" height="300" fill="url(#sky)"/>']
    for _ in range(shapes):
        x, y = rnd.uniform(0, 400), rnd.uniform(0, 300)
        c = "#%02x%02x%02x" % (rnd.randint(0, 255), rnd.randint(0, 255), rnd.randint(0, 255))
        d = "M%.1f %.1f c%.1f %.1f %.1f %.1f %.1f %.1f s%.1f %.1f %.1f %.1f z" % (
            x, y, *(rnd.uniform(-40, 40) for _ in range(10)))
        out.append('<path d="%s" fill="%s" fill-opacity="%.2f" stroke="#333" stroke-width="%.1f" '
                   'transform="rotate(%d %.1f %.1f)"/>' % (d, c, rnd.uniform(0.4, 1), rnd.uniform(0.5, 2),
                                                          rnd.randint(0, 360), x, y))
    out.append("</g></svg>")
    return "".join(out)


def cpu_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def ours(vignette, files, size, scale, out):
    # A new folder each time, as a first render writes: replacing a file by rename makes ext4 flush it
    # first (auto_da_alloc), a cost of the file system that resvg and CairoSVG, returning bytes, never pay.
    folder = tempfile.mkdtemp(dir=out)
    start = cpu_children()
    subprocess.run([vignette, "render", *files, "--size", size, "--scale", str(scale), "--mode", "aspectFit",
                    "--output-dir", folder], check=True, stdout=subprocess.DEVNULL)
    return cpu_children() - start


def in_process(render, files, width, height):
    # A file a tool refuses (CairoSVG and `orient="45deg"`) counts its CPU up to the refusal.
    start = time.process_time()
    for path in files:
        try:
            render(path, width, height)
        except Exception:
            FAILED.add((render.__name__, os.path.basename(path)))
    return time.process_time() - start


FAILED = set()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vignette", default=".build/release/vignette")
    parser.add_argument("--icons", type=int, default=40)
    parser.add_argument("--illustrations", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", help="run only the jobs whose name contains this (e.g. 'feature')")
    args = parser.parse_args()
    import cairosvg
    import resvg_py

    folder = tempfile.mkdtemp(prefix="svg-bench-")
    out = os.path.join(folder, "out")
    os.makedirs(out)

    def write(name, text):
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    icons = [write("icon-%02d.svg" % i, icon(i)) for i in range(args.icons)]
    scenes = [write("scene-%d.svg" % i, illustration(i)) for i in range(args.illustrations)]
    def resvg(p, w, h):
        return resvg_py.svg_to_bytes(svg_path=p, width=w, height=h)

    def cairo(p, w, h):
        return cairosvg.svg2png(url=p, output_width=w, output_height=h)

    icons4 = icons + [write("icon-%02d-%d.svg" % (i, k), icon(i)) for k in range(1, 4) for i in range(args.icons)]
    per_icon = {}
    jobs = [("%d icons @%dx" % (len(icons), s), icons, 24, 24, s) for s in (1, 2, 3)]
    jobs += [("%d illustrations @%dx" % (len(scenes), s), scenes, 400, 300, s) for s in (1, 2)]
    fixtures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "svg")
    features = sorted(os.path.join(fixtures, f) for f in os.listdir(fixtures) if f.endswith(".svg") and not f.startswith("text-"))
    jobs.append(("%d feature files" % len(features), features, 300, 300, 1))
    print("%-24s %12s %12s %12s %10s %10s" % ("job", "vignette ms", "resvg ms", "cairosvg ms", "resvg/vig", "cairo/vig"))
    if args.only:
        jobs = [job for job in jobs if args.only in job[0]]
    for name, files, w, h, s in jobs:
        times = {"v": [], "r": [], "c": []}
        for _ in range(args.runs):
            times["v"].append(ours(args.vignette, files, "%dx%d" % (w, h), s, out))
            times["r"].append(in_process(resvg, files, w * s, h * s))
            times["c"].append(in_process(cairo, files, w * s, h * s))
        v, r, c = (statistics.median(times[k]) * 1000 for k in "vrc")
        print("%-24s %12.1f %12.1f %12.1f %9.2fx %9.2fx" % (name, v, r, c, r / v, c / v))
        if files is icons:
            per_icon[s] = (v, r / len(icons), c / len(icons))
    # What one more icon costs once the process runs: the same icons four times over in one
    # process, less the one-set run, per extra icon, against resvg's and CairoSVG's cost per icon.
    if per_icon:
        print("\n%-24s %12s %12s %12s %10s %10s" % ("each further icon", "vignette ms", "resvg ms", "cairosvg ms",
                                                    "resvg/vig", "cairo/vig"))
    for s, (v1, r, c) in per_icon.items():
        v4 = statistics.median(ours(args.vignette, icons4, "24x24", s, out) for _ in range(args.runs)) * 1000
        v = (v4 - v1) / len(icons4[len(icons):])
        print("%-24s %12.3f %12.3f %12.3f %9.2fx %9.2fx" % ("icon @%dx" % s, v, r, c, r / v, c / v))
    for tool, name in sorted(FAILED):
        print("%s refused %s" % (tool, name))


if __name__ == "__main__":
    main()
