#!/usr/bin/env python3
"""Vignette vs Pillow (and pyvips, when it imports) on one thumbnail job.

The job, the same for every tool:
    PNG file -> decode -> aspectFill into 600x600 px (300x300 pt @2x) over
    #EEEEEE -> PNG file at the tool's default compression (zlib level 6).

Inputs are the four Kodak photos of the catalog (768x512, one 512x768) and
3072x2048 versions of them that this script makes once with a Pillow LANCZOS
x4 upscale. Each photo is repeated under different names so that a batch
(40 small or 16 large images) dwarfs the CLI's process start-up.

Pillow and pyvips run in this process and are timed with time.process_time();
Vignette runs as `vignette render <batch> ...` and is timed from
getrusage(RUSAGE_CHILDREN) deltas (user + sys of the child and all its
threads). Each measurement repeats --runs times; the tables show medians.
PSNR of each tool's output against Pillow's checks that the jobs match.

    python3 Benchmarks/compare_pillow.py [--vignette PATH] [--runs N] [--quick]

The first run makes a venv at Benchmarks/.venv, installs Pillow, numpy and
pyvips into it and re-executes itself there (--no-venv uses the current
interpreter as it is).
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
import venv
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
RESOURCES = ROOT / "Sources" / "VignetteCatalog" / "Resources"
VENV_DIR = BENCH_DIR / ".venv"
WORK = BENCH_DIR / "work"

# The job.
SIZE_PT, SCALE = 300, 2
SIZE_PX = SIZE_PT * SCALE
BACKGROUND = "#EEEEEE"
BACKGROUND_RGB = (0xEE, 0xEE, 0xEE)
PNG_LEVEL = 6  # Pillow's default compress_level, named for the other tools
Z_RLE = 3  # zlib's strategy constant, for the Pillow control row

LARGE_FACTOR = 4  # 768x512 -> 3072x2048


# ---------------------------------------------------------------------------
# venv bootstrap


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV_DIR.resolve()


def ensure_venv(script: Path | None = None) -> None:
    """Create Benchmarks/.venv with the dependencies once, then re-exec `script`
    (this file by default) there."""
    python = VENV_DIR / "bin" / "python"
    stamp = VENV_DIR / ".vignette-deps-installed"
    if not stamp.exists():
        print(f"==> creating {VENV_DIR.relative_to(ROOT)} (first run only)", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV_DIR)
        pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        subprocess.run(pip + ["Pillow"], check=True)
        # Optional extras: numpy makes PSNR fast; pyvips needs libvips, which
        # the pyvips[binary] wheel carries. A failure here only drops a column.
        for extra in (["numpy"], ["pyvips[binary]"], ["pyvips"]):
            if subprocess.run(pip + extra).returncode == 0 and extra[0].startswith("pyvips"):
                break
        stamp.write_text("ok\n")
    os.execv(str(python), [str(python), str(script or Path(__file__).resolve()), *sys.argv[1:]])


# ---------------------------------------------------------------------------
# Inputs


@dataclass
class Batch:
    """One input class: distinct photos, and the repeated batch built from them."""

    label: str  # e.g. "768x512"
    photos: list[Path]  # the distinct inputs
    files: list[Path] = field(default_factory=list)  # the batch, photos repeated under new names

    def copies_of(self, photo: Path) -> list[Path]:
        return [f for f in self.files if f.name.startswith(photo.stem + "--")]


def make_large_photos(photos: list[Path]) -> list[Path]:
    """3072x2048 versions of the photos: Pillow LANCZOS x4, saved as PNG (cached)."""
    from PIL import Image

    out_dir = WORK / "large"
    out_dir.mkdir(parents=True, exist_ok=True)
    large = []
    for photo in photos:
        target = out_dir / photo.name
        if not target.exists() or target.stat().st_mtime < photo.stat().st_mtime:
            print(f"==> making {target.relative_to(ROOT)}", flush=True)
            with Image.open(photo) as im:
                im = im.convert("RGB")
                big = im.resize((im.width * LARGE_FACTOR, im.height * LARGE_FACTOR), Image.LANCZOS)
            tmp = target.with_suffix(".tmp")
            big.save(tmp, "PNG")
            tmp.replace(target)
        large.append(target)
    return large


def make_batch(label: str, photos: list[Path], copies: int) -> Batch:
    """Repeat each photo `copies` times under distinct names (symlinks, or copies
    where symlinks are not possible): the CLI names outputs after inputs."""
    folder = WORK / f"batch-{label}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    batch = Batch(label, photos)
    for i in range(copies):
        for photo in photos:
            link = folder / f"{photo.stem}--{i:02d}.png"
            try:
                link.symlink_to(photo.resolve())
            except OSError:
                shutil.copyfile(photo, link)
            batch.files.append(link)
    return batch


# ---------------------------------------------------------------------------
# The job, per tool


class Tool:
    name = ""

    def run_batch(self, batch: Batch, out_dir: Path) -> tuple[float, float]:
        """Runs the job over the batch into out_dir; returns (cpu s, wall s)."""
        raise NotImplementedError


class PillowTool(Tool):
    """Pillow as its users call it. With rle=True, the same job saved with zlib's
    Z_RLE strategy (Pillow's compress_type=3) instead of the default strategy:
    a control row that shows how much of the gap is the deflate strategy alone."""

    def __init__(self, rle: bool = False) -> None:
        import PIL
        from PIL import Image, ImageOps

        self.Image, self.ImageOps = Image, ImageOps
        self.version = PIL.__version__
        self.name = "Pillow, Z_RLE" if rle else "Pillow"
        self.save_options = {"compress_level": PNG_LEVEL} | ({"compress_type": Z_RLE} if rle else {})

    def render(self, src: Path, dst: Path) -> None:
        Image, ImageOps = self.Image, self.ImageOps
        with Image.open(src) as im:
            has_alpha = im.mode in ("RGBA", "LA") or "transparency" in im.info
            im = im.convert("RGBA" if has_alpha else "RGB")
            fitted = ImageOps.fit(im, (SIZE_PX, SIZE_PX), method=Image.LANCZOS)
        if has_alpha:
            # Straight-alpha blend onto an opaque background == source-over.
            canvas = Image.new("RGB", fitted.size, BACKGROUND_RGB)
            canvas.paste(fitted, mask=fitted)
            fitted = canvas
        # For an opaque photo, aspectFill covers the whole surface, so the
        # background never shows and no extra pass is needed.
        fitted.save(dst, "PNG", **self.save_options)

    def run_batch(self, batch: Batch, out_dir: Path) -> tuple[float, float]:
        cpu0, wall0 = time.process_time(), time.perf_counter()
        for src in batch.files:
            self.render(src, out_dir / src.name)
        return time.process_time() - cpu0, time.perf_counter() - wall0


class PyvipsTool(Tool):
    name = "pyvips"

    def __init__(self) -> None:
        import pyvips  # raises (ImportError or OSError) when libvips is missing

        pyvips.cache_set_max(0)  # no operation cache: every run redoes the work
        self.pyvips = pyvips
        self.version = f"{pyvips.__version__} (libvips {pyvips.version(0)}.{pyvips.version(1)}.{pyvips.version(2)})"

    def render(self, src: Path, dst: Path) -> None:
        # thumbnail with crop="centre" is libvips' aspectFill (lanczos3 by default).
        image = self.pyvips.Image.thumbnail(str(src), SIZE_PX, height=SIZE_PX, crop="centre", size="both")
        if image.hasalpha():
            image = image.flatten(background=list(BACKGROUND_RGB))
        image.pngsave(str(dst), compression=PNG_LEVEL)

    def run_batch(self, batch: Batch, out_dir: Path) -> tuple[float, float]:
        cpu0, wall0 = time.process_time(), time.perf_counter()
        for src in batch.files:
            self.render(src, out_dir / src.name)
        return time.process_time() - cpu0, time.perf_counter() - wall0


class VignetteTool(Tool):
    name = "Vignette"

    def __init__(self, executable: Path) -> None:
        self.executable = executable
        self.version = subprocess.run([str(executable), "--version"], capture_output=True, text=True,
                                      check=True).stdout.strip()

    def command(self, inputs: list[Path], out_dir: Path) -> list[str]:
        return [str(self.executable), "render", *map(str, inputs),
                "--size", f"{SIZE_PT}x{SIZE_PT}", "--scale", str(SCALE), "--mode", "aspectFill",
                "--background", BACKGROUND, "--output-dir", str(out_dir)]

    def timed(self, argv: list[str]) -> tuple[float, float]:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall0 = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - wall0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return cpu, wall

    def run_batch(self, batch: Batch, out_dir: Path) -> tuple[float, float]:
        return self.timed(self.command(batch.files, out_dir))

    def startup_cost(self, runs: int) -> tuple[float, float]:
        """Median CPU and wall seconds of `vignette --version`: process start-up."""
        samples = [self.timed([str(self.executable), "--version"]) for _ in range(max(3, runs))]
        return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


# ---------------------------------------------------------------------------
# Measurement and comparison


@dataclass
class Result:
    tool: str
    batch: str
    images: int
    cpu: float  # median CPU seconds for the batch
    wall: float  # median wall seconds for the batch
    out_bytes: int  # total bytes written for the batch
    psnr: dict[str, float] = field(default_factory=dict)  # photo stem -> dB vs Pillow

    @property
    def cpu_ms_per_image(self) -> float:
        return 1000 * self.cpu / self.images

    @property
    def images_per_cpu_second(self) -> float:
        return self.images / self.cpu if self.cpu > 0 else math.inf


def measure(tools: list[Tool], batch: Batch, runs: int) -> list[tuple[Result, Path]]:
    """Each tool over the batch `runs` times, the tools taking turns (so the
    machine's load moves all of them alike); medians per tool."""
    out_dirs = []
    for tool in tools:
        slug = "".join(c if c.isalnum() else "-" for c in tool.name.lower())
        out_dirs.append(WORK / "out" / f"{slug}-{batch.label}")
        # One untimed image first: lazy imports, page cache, the CLI binary's pages.
        shutil.rmtree(out_dirs[-1], ignore_errors=True)
        out_dirs[-1].mkdir(parents=True)
        tool.run_batch(Batch(batch.label, batch.photos, batch.files[:1]), out_dirs[-1])
    samples: list[list[tuple[float, float]]] = [[] for _ in tools]
    for _ in range(runs):
        for index, tool in enumerate(tools):
            # A fresh, empty folder per run, so every run writes new files.
            shutil.rmtree(out_dirs[index], ignore_errors=True)
            out_dirs[index].mkdir(parents=True)
            samples[index].append(tool.run_batch(batch, out_dirs[index]))
    results = []
    for tool, out_dir, runs_of_tool in zip(tools, out_dirs, samples):
        outputs = [out_dir / f.name for f in batch.files]
        missing = [p.name for p in outputs if not p.exists()]
        if missing:
            raise SystemExit(f"{tool.name} wrote no {', '.join(missing[:3])} in {out_dir}")
        total = sum(p.stat().st_size for p in outputs)
        results.append((Result(tool.name, batch.label, len(batch.files), statistics.median(s[0] for s in runs_of_tool),
                               statistics.median(s[1] for s in runs_of_tool), total), out_dir))
    return results


def psnr(path_a: Path, path_b: Path) -> float:
    """PSNR in dB between two PNGs over RGB (both are flattened, opaque outputs)."""
    from PIL import Image

    with Image.open(path_a) as a, Image.open(path_b) as b:
        a, b = a.convert("RGB"), b.convert("RGB")
        if a.size != b.size:
            raise SystemExit(f"size mismatch: {path_a} {a.size} vs {path_b} {b.size}")
        try:
            import numpy as np

            diff = np.asarray(a, dtype=np.float64) - np.asarray(b, dtype=np.float64)
            mse = float(np.mean(diff * diff))
        except ImportError:
            da, db = a.tobytes(), b.tobytes()
            mse = sum((x - y) * (x - y) for x, y in zip(da, db)) / len(da)
    return math.inf if mse == 0 else 10 * math.log10(255 * 255 / mse)


def fmt_ratio(value: float) -> str:
    return f"{value:.2f}x"


def fmt_psnr(values: list[float]) -> str:
    if not values:
        return "—"
    lo = min(values)
    return "identical" if math.isinf(lo) else f"{lo:.1f}"


def markdown_table(results: list[Result], pillow: dict[str, Result]) -> str:
    header = ["Tool", "Input", "Images", "CPU ms/image", "Images/CPU-s", "Wall s (batch)",
              "Output bytes", "Throughput vs Pillow", "Bytes vs Pillow", "Min PSNR vs Pillow (dB)"]
    rows = []
    for r in results:
        base = pillow[r.batch]
        is_base = r.tool == "Pillow"
        rows.append([
            r.tool, r.batch, str(r.images), f"{r.cpu_ms_per_image:.1f}", f"{r.images_per_cpu_second:.1f}",
            f"{r.wall:.2f}", f"{r.out_bytes:,}",
            "1.00x" if is_base else fmt_ratio(base.cpu / r.cpu if r.cpu > 0 else math.inf),
            "1.00x" if is_base else fmt_ratio(r.out_bytes / base.out_bytes),
            "—" if is_base else fmt_psnr(list(r.psnr.values())),
        ])
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(header)]
    numeric = [False, False] + [True] * (len(header) - 2)

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.rjust(w) if num else c.ljust(w)
                                 for c, w, num in zip(cells, widths, numeric)) + " |"

    sep = "|" + "|".join((("-" * (w + 1)) + ":") if num else ("-" * (w + 2))
                         for w, num in zip(widths, numeric)) + "|"
    return "\n".join([line(header), sep, *(line(r) for r in rows)])


def psnr_table(results: list[Result]) -> str:
    tools = [r.tool for r in results if r.psnr]
    tools = list(dict.fromkeys(tools))
    keys = list(dict.fromkeys((r.batch, stem) for r in results for stem in r.psnr))
    by = {(r.tool, r.batch): r for r in results}
    lines = ["| Photo | Input | " + " | ".join(f"{t} vs Pillow (dB)" for t in tools) + " |",
             "|---|---|" + "---:|" * len(tools)]
    for batch, stem in keys:
        cells = []
        for t in tools:
            value = by.get((t, batch), Result("", "", 1, 0, 0, 0)).psnr.get(stem)
            cells.append("—" if value is None else ("identical" if math.isinf(value) else f"{value:.1f}"))
        lines.append(f"| {stem} | {batch} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# ---------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vignette", default=str(ROOT / ".build" / "release" / "vignette"),
                        help="the vignette executable (default: <repo>/.build/release/vignette)")
    parser.add_argument("--runs", type=int, help="repetitions per measurement; medians are shown (default 5, quick 2)")
    parser.add_argument("--quick", action="store_true", help="smaller batches (12 and 4 images) and 2 runs")
    parser.add_argument("--no-pillow-rle", action="store_true",
                        help="leave out the control row: Pillow saving with zlib's Z_RLE strategy")
    parser.add_argument("--no-venv", action="store_true", help="use this interpreter and its packages as they are")
    args = parser.parse_args()

    if not args.no_venv and not in_venv():
        ensure_venv()  # does not return

    runs = args.runs or (2 if args.quick else 5)
    if runs < 1:
        parser.error("--runs must be at least 1")
    executable = Path(args.vignette).resolve()
    if not os.access(executable, os.X_OK):
        print(f"error: no vignette executable at {executable}; build it with "
              f"`swift build -c release` in {ROOT}, or pass --vignette PATH", file=sys.stderr)
        return 2

    try:
        tools: list[Tool] = [PillowTool(), VignetteTool(executable)]
    except ImportError:
        print("error: Pillow is not installed here; run without --no-venv, or `pip install Pillow`",
              file=sys.stderr)
        return 2
    if not args.no_pillow_rle:
        tools.append(PillowTool(rle=True))
    try:
        tools.append(PyvipsTool())
    except Exception as error:  # ImportError, or OSError when libvips cannot load
        print(f"note: pyvips skipped ({type(error).__name__}: {str(error).splitlines()[0][:120]})")

    photos = sorted(RESOURCES.glob("product-*.png"))
    if not photos:
        print(f"error: no product-*.png in {RESOURCES}", file=sys.stderr)
        return 2
    small_copies, large_copies = (3, 1) if args.quick else (10, 4)
    batches = [
        make_batch("768x512", photos, small_copies),
        make_batch("3072x2048", make_large_photos(photos), large_copies),
    ]

    print(f"==> {', '.join(f'{t.name} {t.version}' for t in tools if t.name != 'Pillow, Z_RLE')}; Python {sys.version.split()[0]}; "
          f"{os.cpu_count()} CPUs; {runs} run(s) each, medians", flush=True)
    results: list[Result] = []
    pillow: dict[str, Result] = {}
    for batch in batches:
        out_dirs: dict[str, Path] = {}
        print(f"==> {', '.join(t.name for t in tools)} taking turns: {len(batch.files)} x {batch.label}", flush=True)
        for tool, (result, out_dir) in zip(tools, measure(tools, batch, runs)):
            out_dirs[tool.name] = out_dir
            results.append(result)
            if tool.name == "Pillow":
                pillow[batch.label] = result
        # PSNR of each tool's output against Pillow's, once per distinct photo.
        for result in results[-len(tools):]:
            if result.tool == "Pillow":
                continue
            for photo in batch.photos:
                name = batch.copies_of(photo)[0].name
                result.psnr[photo.stem] = psnr(out_dirs[result.tool] / name, out_dirs["Pillow"] / name)

    vignette = next(t for t in tools if isinstance(t, VignetteTool))
    start_cpu, start_wall = vignette.startup_cost(runs)

    table = markdown_table(results, pillow)
    notes = (f"Job: decode PNG → aspectFill {SIZE_PT}x{SIZE_PT} pt @{SCALE}x ({SIZE_PX}x{SIZE_PX} px) "
             f"over {BACKGROUND} → PNG (zlib level {PNG_LEVEL}). Medians of {runs} run(s); CPU = user + sys, "
             f"all threads. Pillow and pyvips run one image at a time in-process; Vignette is one "
             f"`vignette render` process per batch, which renders inputs in parallel (so its wall time "
             f"uses every core) and includes process start-up "
             f"(≈{1000 * start_cpu:.0f} ms CPU, {1000 * start_wall:.0f} ms wall for `vignette --version`). "
             f"Throughput vs Pillow = Pillow CPU time / tool CPU time."
             + ("" if args.no_pillow_rle else
                " \"Pillow, Z_RLE\" is a control: the same Pillow job saved with compress_type=3 "
                "(zlib's run-length strategy, as Vignette's default encoder uses)."))
    print()
    print(table)
    print()
    print(notes)
    print()
    print(psnr_table(results))

    report = WORK / "compare.md"
    report.write_text(f"{table}\n\n{notes}\n\n{psnr_table(results)}\n")
    print(f"\n(written to {report.relative_to(ROOT)})")

    # Exit 0 even when a target is missed: this is a report, not a gate. Only
    # Vignette's PSNR is a check of this script; pyvips upsamples its own way.
    for r in results:
        if r.psnr and min(r.psnr.values()) < 35:
            print(f"{'warning' if r.tool == 'Vignette' else 'note'}: {r.tool} {r.batch} output differs "
                  f"from Pillow's (min PSNR {min(r.psnr.values()):.1f} dB < 35)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
