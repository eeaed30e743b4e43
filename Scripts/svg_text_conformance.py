#!/usr/bin/env python3
"""SVG text conformance: render every .svg of a folder with the vignette CLI
and with resvg-py (the reference), given the same fonts, and compare.

Usage (a Python with resvg-py and Pillow; CairoSVG only for --cairosvg):

    python3 -m venv /tmp/rvenv && /tmp/rvenv/bin/pip install resvg-py pillow cairosvg
    /tmp/rvenv/bin/python Scripts/svg_text_conformance.py Tests/Fixtures/svg-text \\
        --font-dir /tmp/conf-fonts --vignette .build/debug/vignette --jobs 2 --out /tmp/conf-out

Each file is drawn as the held-out suite of issue 42 draws it:
    vignette render FILE.svg --size WxH --scale 1 --mode scaleToFill --font-dir DIR -o OUT.png
with W x H the root's width/height (px, or absolute units at 96 dpi), else
its viewBox size, else 200 x 200; a run longer than --timeout seconds is a
time-out, a signal is a crash, any other non-zero exit or missing PNG a failure.
resvg-py draws it with `font_dirs=[DIR]`, `skip_system_fonts=True` and the
same width and height; its default and generic families come from --family
(resvg's own "Times New Roman" default matches no font in a font folder).

Tolerance. Both images are composited on white; a pixel differs when its
largest channel difference exceeds T (--threshold, default 64 of 255); a file
passes when at most N % of its pixels differ (--max-diff, default 0.2, i.e.
80 pixels of 200 x 200). An edge moved by d px changes its pixels by about
d x 255, so T = 64 forgives any antialiasing or sub-pixel difference up to a
quarter pixel: resvg against itself drawn 0.25 px off passes 170 of the 173
fixtures (0.3 px: 22), while one word of 12 px text set 1 px off (0.33 %) or
2 px off (0.43 %), or drawn in another face, fails. --calibrate SHIFT prints
those resvg-vs-shifted-resvg figures; --cairosvg adds CairoSVG (fontconfig
limited to the font folder) as a second opinion: the files where it and resvg
disagree are marked '≠cairo' (mostly CairoSVG's hinted, unshaped toy-API
text; where both draw plausibly but differently, the behaviour is ambiguous).

Output: a table per category (sub-folder, else the file-name prefix before the
first '-'), the pass %, every failure with its diff %; --out DIR writes
NAME.png panels (resvg | vignette | differing pixels in red) for inspection.
"""
import argparse
import io
import os
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image, ImageChops

UNITS = {'': 1, 'px': 1, 'pt': 96 / 72, 'pc': 16, 'mm': 96 / 25.4, 'cm': 96 / 2.54, 'in': 96}
GENERICS = ('serif', 'sans-serif', 'monospace', 'cursive', 'fantasy')


def svg_size(path):
    """Pixel size the suite asks for: width/height, else the viewBox, else 200 x 200."""
    try:
        root = next(ET.iterparse(path, events=('start',)))[1]
    except (ET.ParseError, StopIteration, OSError):
        return 200, 200
    box = re.split(r'[\s,]+', root.get('viewBox', '').strip())
    box = [float(v) for v in box] if len(box) == 4 else None

    def length(name, index):
        m = re.fullmatch(r'\s*([0-9.]+(?:e-?\d+)?)\s*([a-z]*)\s*', root.get(name, ''))
        if m and m.group(2) in UNITS:
            return float(m.group(1)) * UNITS[m.group(2)]
        return box[index] if box and box[index] > 0 else None
    w, h = length('width', 2), length('height', 3)
    if w and not h and box:
        h = w * box[3] / box[2]
    if h and not w and box:
        w = h * box[2] / box[3]
    return (max(1, round(w)), max(1, round(h))) if w and h else (200, 200)


def category(base, path):
    rel = path.relative_to(base)
    if len(rel.parts) > 1:
        return '/'.join(rel.parts[:-1])
    stem = re.sub(r'-\d+$', '', rel.stem)
    parts = stem.split('-')
    if len(parts) > 1 and len(parts[0]) == 1:  # a-font-size-001, e-textPath-012
        return '-'.join(parts[1:])
    return parts[0]


def run_vignette(binary, svg, size, fonts, out_png, timeout):
    """(status, detail, seconds): status ok, timeout, crash, exit or no-png."""
    cmd = [binary, 'render', str(svg), '--size', f'{size[0]}x{size[1]}', '--scale', '1',
           '--mode', 'scaleToFill', '--font-dir', fonts, '-o', str(out_png)]
    start = time.monotonic()
    try:
        done = subprocess.run(cmd, capture_output=True, timeout=timeout, text=True, errors='replace')
    except subprocess.TimeoutExpired:
        return 'timeout', f'> {timeout} s', timeout
    seconds = time.monotonic() - start
    tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ['']
    if done.returncode < 0:
        return 'crash', f'signal {-done.returncode}: {tail[0][:120]}', seconds
    if done.returncode != 0:
        return 'exit', f'exit {done.returncode}: {tail[0][:120]}', seconds
    if not out_png.exists():
        return 'no-png', 'exit 0 but no PNG written', seconds
    return 'ok', '', seconds


def render_resvg(svg_text, size, fonts, families):
    import resvg_py
    extra = {f'{g.replace("-", "_")}_family': families[g] for g in GENERICS if g in families}
    data = resvg_py.svg_to_bytes(svg_string=svg_text, font_dirs=[fonts], skip_system_fonts=True,
                                 width=size[0], height=size[1], font_family=families.get('default'), **extra)
    return Image.open(io.BytesIO(bytes(data)))


def render_cairo(svg_path, size):
    import cairosvg
    data = cairosvg.svg2png(url=str(svg_path), output_width=size[0], output_height=size[1])
    return Image.open(io.BytesIO(data))


def on_white(image):
    image = image.convert('RGBA')
    white = Image.new('RGBA', image.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, image).convert('RGB')


def compare(a, b, threshold):
    """(% of pixels whose largest channel differs by more than threshold, mask) or (100, None) on a size mismatch."""
    if a.size != b.size:
        return 100.0, None
    r, g, bl = ImageChops.difference(a, b).split()
    mask = ImageChops.lighter(ImageChops.lighter(r, g), bl).point(lambda v: 255 if v > threshold else 0)
    count = mask.histogram()[255]
    return 100.0 * count / (a.size[0] * a.size[1]), mask


def write_panel(out_dir, name, ref, got, mask):
    w, h = ref.size
    panel = Image.new('RGB', (w * 3 + 8, h), (128, 128, 128))
    panel.paste(ref, (0, 0))
    if got is not None:
        panel.paste(got.resize(ref.size), (w + 4, 0))
    if mask is not None:
        shade = Image.blend(ref, Image.new('RGB', ref.size, (255, 255, 255)), 0.7)
        panel.paste(Image.composite(Image.new('RGB', ref.size, (255, 0, 0)), shade, mask), (2 * w + 8, 0))
    panel.save(out_dir / f'{name}.png')


def shifted(svg_text, dx):
    """The drawing moved dx px right: the root's content wrapped in a translated group."""
    m = re.search(r'<svg\b[^>]*>', svg_text)
    end = svg_text.rfind('</svg>')
    if not m or end < 0:
        return svg_text
    return (svg_text[:m.end()] + f'<g transform="translate({dx} 0)">' + svg_text[m.end():end]
            + '</g>' + svg_text[end:])


def check_file(args, base, svg, work):
    name = str(svg.relative_to(base).with_suffix('')).replace(os.sep, '__')
    size = svg_size(svg)
    text = svg.read_text(encoding='utf-8', errors='replace')
    result = {'name': name, 'category': category(base, svg), 'size': size, 'diff': None, 'cairo': None}
    try:
        ref = on_white(render_resvg(text, size, args.font_dir, args.families))
    except Exception as error:  # the reference cannot draw it: reported, not scored
        result.update(status='ref-error', detail=str(error)[:120])
        return result
    if args.cairosvg:
        try:
            result['cairo'] = compare(ref, on_white(render_cairo(svg, size)), args.threshold)[0]
        except Exception:
            result['cairo'] = 100.0
    if args.calibrate is not None:
        other = on_white(render_resvg(shifted(text, args.calibrate), size, args.font_dir, args.families))
        result.update(status='ok', detail='', seconds=0.0)
        result['diff'], mask = compare(ref, other, args.threshold)
        return result
    out_png = work / f'{name}.png'
    status, detail, seconds = run_vignette(args.vignette, svg, size, args.font_dir, out_png, args.timeout)
    result.update(status=status, detail=detail, seconds=seconds)
    got = mask = None
    if status == 'ok':
        got = on_white(Image.open(out_png))
        result['diff'], mask = compare(ref, got, args.threshold)
        if mask is None:
            result['detail'] = f'size {got.size[0]}x{got.size[1]}, expected {size[0]}x{size[1]}'
    if args.out and (result['diff'] is None or result['diff'] > args.max_diff):
        write_panel(args.out, name, ref, got, mask)
    return result


def passed(result, max_diff):
    return result['status'] == 'ok' and result['diff'] is not None and result['diff'] <= max_diff


def report(results, args):
    scored = [r for r in results if r['status'] != 'ref-error']
    by_cat = defaultdict(list)
    for r in scored:
        by_cat[r['category']].append(r)
    print(f'{"category":<24} {"files":>5} {"pass":>5} {"pass %":>7} {"crash/timeout":>14}')
    for cat in sorted(by_cat):
        rs = by_cat[cat]
        ok = sum(passed(r, args.max_diff) for r in rs)
        hard = sum(r['status'] in ('crash', 'timeout') for r in rs)
        print(f'{cat:<24} {len(rs):>5} {ok:>5} {100.0 * ok / len(rs):>6.1f}% {hard:>14}')
    total = sum(passed(r, args.max_diff) for r in scored)
    pct = 100.0 * total / max(1, len(scored))
    print(f'{"all":<24} {len(scored):>5} {total:>5} {pct:>6.1f}%'
          f'   (T = {args.threshold}, N = {args.max_diff} %; bar 85 %)')
    failures = sorted((r for r in scored if not passed(r, args.max_diff)),
                      key=lambda r: (r['status'] == 'ok', -(r['diff'] or 0)))
    if failures:
        print(f'\nfailures ({len(failures)}):')
    for r in failures:
        what = f'{r["diff"]:6.2f} %' if r['diff'] is not None else f'{r["status"]:>8}'
        note = cairo_note(r, args)
        print(f'  {what}  {r["name"]}{note}  {r["detail"]}'.rstrip())
    for r in results:
        if r['status'] == 'ref-error':
            print(f'  reference failed, not scored: {r["name"]}: {r["detail"]}')
    if args.cairosvg:
        odd = sorted((r for r in scored if r["cairo"] is not None and r["cairo"] > args.max_diff),
                     key=lambda r: -r["cairo"])
        print(f'\nresvg and CairoSVG disagree on {len(odd)} of {len(scored)}:')
        print('  ' + ' '.join(f'{r["name"]}({r["cairo"]:.1f})' for r in odd))
    slow = sorted((r for r in scored if r.get('seconds')), key=lambda r: -r['seconds'])[:3]
    if slow and args.calibrate is None:
        print('\nslowest: ' + ', '.join(f'{r["name"]} {r["seconds"]:.1f} s' for r in slow))
    return pct


def cairo_note(result, args):
    if result['cairo'] is None:
        return ''
    return ' ≠cairo' if result['cairo'] > args.max_diff else ' =cairo'


def fontconfig_for(fonts, families):
    """A fontconfig file that sees only the font folder (for CairoSVG), with the generic families mapped."""
    folder = Path(tempfile.mkdtemp(prefix='conf-fc-'))
    aliases = ''.join(f'<alias><family>{g}</family><prefer><family>{families[g]}</family></prefer></alias>'
                      for g in GENERICS if g in families)
    (folder / 'fonts.conf').write_text(
        f'<?xml version="1.0"?><fontconfig><dir>{os.path.abspath(fonts)}</dir>'
        f'<cachedir>{folder}/cache</cachedir>{aliases}</fontconfig>')
    os.environ['FONTCONFIG_FILE'] = str(folder / 'fonts.conf')


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('folder', type=Path, help='folder of .svg files (searched recursively)')
    p.add_argument('--font-dir', required=True, help='the one font folder both renderers get')
    p.add_argument('--vignette', default='.build/debug/vignette', help='the vignette binary')
    p.add_argument('--jobs', type=int, default=1)
    p.add_argument('--timeout', type=float, default=20.0, help='seconds per vignette run')
    p.add_argument('--threshold', type=int, default=64, help='T: channel difference that counts (0-255)')
    p.add_argument('--max-diff', type=float, default=0.2, help='N: %% of pixels allowed to differ')
    p.add_argument('--family', action='append', default=[], metavar='NAME=FAMILY',
                   help='resvg families: default=, serif=, sans-serif=, monospace=, cursive=, fantasy= '
                        '(all Noto Sans unless given)')
    p.add_argument('--out', type=Path, help='write resvg | vignette | diff panels of failures here')
    p.add_argument('--cairosvg', action='store_true', help='also compare resvg with CairoSVG')
    p.add_argument('--calibrate', type=float, metavar='SHIFT',
                   help='no vignette: compare resvg with itself drawn SHIFT px to the right')
    p.add_argument('--filter', default='', help='only files whose path contains this')
    args = p.parse_args(argv)
    args.families = {k: 'Noto Sans' for k in ('default',) + GENERICS}
    args.families.update(dict(f.split('=', 1) for f in args.family))
    return args


def main(argv=None):
    args = parse_args(argv)
    files = sorted(f for f in args.folder.rglob('*.svg') if args.filter in str(f))
    if not files:
        sys.exit(f'no .svg files in {args.folder}')
    if args.calibrate is None and not os.access(args.vignette, os.X_OK):
        sys.exit(f'not an executable: {args.vignette}')
    if args.cairosvg:
        fontconfig_for(args.font_dir, args.families)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix='conf-') as work, ThreadPoolExecutor(max(1, args.jobs)) as pool:
        results = list(pool.map(lambda f: check_file(args, args.folder, f, Path(work)), files))
    pct = report(results, args)
    sys.exit(0 if pct >= 85.0 else 1)


if __name__ == '__main__':
    main()
