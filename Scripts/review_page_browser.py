#!/usr/bin/env python3
"""The snapshot review page in a real browser: headless Chromium (Debian's
`chromium` and `chromium-driver`) driven by selenium (`make test-browser`
installs both, selenium and Pillow in .build/browser-venv).

It lays out a package folder as a snapshot run leaves it (one changed, one
new, one obsolete snapshot; one passed), starts `VignetteSnapshotsTool
review` on it (127.0.0.1, an ephemeral port, read from the tool's first
line), and checks that:
- the page loads with no console error and lists the three snapshots;
- a screenshot of the page matches the TakingSnapshots article's picture
  (VignetteSnapshotTesting.docc/Resources/review-page.png) within a small tolerance: recorded when missing,
  except under CI=true, where a missing reference fails;
- keyboard navigation works (j/k, 1-5 views, +/- zoom) and pixel inspection
  shows both colours and their ΔE;
- accept writes the actual over the reference, reject writes nothing, and
  the obsolete reference survives a reject;
- Done stops the server (exit status 0).
The page's text is drawn from files the project names, not from whatever a machine has installed:
Chromium reads only Scripts/browser/fonts.conf (FONTCONFIG_FILE: the six files of Debian's
fonts-dejavu-core, hinting off, greyscale antialiasing) and runs with the flags that make its
rasterisation repeatable (see browser()); its locale and time zone are pinned too (LANG, TZ, --lang).
`make test-browser-more-fonts` runs it again with more font packages installed and another LANG/TZ.
Ends with 'N passed, N failed'; exit status 1 when a check failed.
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The TakingSnapshots article shows this same file: the picture in the docs is a checked reference.
REFERENCE = ROOT / 'Sources/VignetteSnapshotTesting/VignetteSnapshotTesting.docc/Resources/review-page.png'
FONTS_CONF = ROOT / 'Scripts/browser/fonts.conf'
# The page shows only paths relative to the package folder, so the folder itself may be anywhere:
# a new one each run (a leftover of an earlier run or of another user cannot get in the way).
WORK = pathlib.Path(tempfile.mkdtemp(prefix='vignette-review-browser-'))


def png(width, height, pixel):
    """An RGBA PNG whose pixel (x, y) is pixel(x, y)."""
    rows = b''.join(b'\0' + b''.join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b'')


def base(x, y):
    return (40 + x * 3, 90 + y * 3, 200, 255)


def changed(x, y):
    return (250, 140, 0, 255) if 30 <= x < 40 and 12 <= y < 20 else base(x, y)


def diff(x, y):
    if 30 <= x < 40 and 12 <= y < 20:
        return (230, 0, 40, 255)
    return (40, 100, 215, 255) if x < 8 and y < 8 else (225, 225, 225, 255)


def lay_out():
    """The package folder a run left: returns the bytes accept must copy."""
    shutil.rmtree(WORK, ignore_errors=True)
    snapshots, artifacts = WORK / 'Snapshots', WORK / '.build/vignette-snapshots'
    meta = artifacts / '.vignette-run'
    files = {
        snapshots / 'Suite/card.1.png': png(64, 40, base), snapshots / 'Suite/ok.1.png': png(16, 16, base),
        snapshots / 'Old/gone.1.png': png(24, 24, changed), artifacts / 'Suite/card.1.png': png(64, 40, changed),
        artifacts / 'Suite/card.2.png': png(48, 32, changed), artifacts / 'Suite/ok.1.png': png(16, 16, base),
        meta / 'images/Suite/card.1.diff.png': png(64, 40, diff),
        meta / 'asserted-1.txt': b'Suite/card.1.png\nSuite/card.2.png\nSuite/ok.1.png\n',
        meta / 'failed-1.txt': b'Suite/card.1.png\nSuite/card.2.png\n',
        meta / 'libraries': b'swift-testing\n',
        meta / 'process-1.json': json.dumps({'pid': 1, 'library': 'swift-testing', 'arguments': ['tests'],
                                             'filtered': False, 'complete': True}).encode(),
        meta / 'images/Suite/card.1.json': json.dumps({
            'referenceWidth': 64, 'referenceHeight': 40, 'actualWidth': 64, 'actualHeight': 40, 'precision': 1,
            'perceptualPrecision': 0.98, 'antiAliasing': 'strict', 'differingPixels': 80, 'failingPixels': 80,
            'antiAliasedPixels': 0, 'ignoredDifferingPixels': 0, 'worstDeltaE': 61.37, 'p99DeltaE': 61.37,
            'worstX': 30, 'worstY': 12, 'bounds': {'x': 30, 'y': 12, 'width': 10, 'height': 8},
            'ignored': [{'x': 0, 'y': 0, 'width': 8, 'height': 8}], 'ignoredMasks': 0,
            'summary': '80 of 2560 pixels differ'}).encode(),
    }
    for path, data in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return snapshots, files[artifacts / 'Suite/card.1.png']


class Checks:
    def __init__(self):
        self.passed, self.failed = 0, 0

    def check(self, name, ok, detail=''):
        print(f'{"ok  " if ok else "FAIL"} {name}' + (f': {detail}' if detail and not ok else ''), flush=True)
        if ok:
            self.passed += 1
        else:
            self.failed += 1


def compare_screenshot(checks, shot):
    from PIL import Image, ImageChops
    if not REFERENCE.exists():
        if os.environ.get('CI', '').lower() in ('true', '1', 'yes'):
            checks.check('screenshot reference exists', False, f'{REFERENCE} missing (CI=true: never recorded)')
            return
        REFERENCE.parent.mkdir(parents=True, exist_ok=True)
        shot.save(REFERENCE)
        print(f'note: recorded {REFERENCE}; run again to compare against it')
        return
    reference = Image.open(REFERENCE).convert('RGB')
    actual = shot.convert('RGB')
    if reference.size != actual.size:
        checks.check('screenshot matches the reference', False, f'sizes {reference.size} vs {actual.size}')
        return
    difference = ImageChops.difference(reference, actual).convert('L').point(lambda v: 255 if v > 24 else 0)
    changed = difference.histogram()[255]
    share = changed / (actual.size[0] * actual.size[1])
    if share > 0.002:
        out = ROOT / '.build/review-page.actual.png'
        shot.save(out)
        checks.check('screenshot matches the reference', False, f'{changed} pixels differ ({share:.3%}); actual: {out}')
    else:
        checks.check('screenshot matches the reference', True)


def hermetic_environment():
    """The environment of chromedriver and the browser it starts: fonts, locale and time zone pinned."""
    missing = [line.strip()[6:-7] for line in FONTS_CONF.read_text().splitlines()
               if line.strip().startswith('<glob>/') and not pathlib.Path(line.strip()[6:-7]).exists()]
    if missing:
        raise RuntimeError(f'fonts missing: {", ".join(missing)} (apt-get install fonts-dejavu-core)')
    env = dict(os.environ)
    env.update({'FONTCONFIG_FILE': str(FONTS_CONF), 'FONTCONFIG_PATH': str(FONTS_CONF.parent),
                'XDG_CACHE_HOME': str(WORK / '.cache'), 'HOME': str(WORK / '.home'),
                'LANG': 'C.UTF-8', 'LC_ALL': 'C.UTF-8', 'TZ': 'UTC'})
    return env


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which('chromium') or '/usr/bin/chromium'
    # Text and pixels that repeat on every machine: one device pixel per CSS pixel, no hinting, no
    # subpixel positioning or LCD (coloured) antialiasing, sRGB output, and Skia's portable code
    # paths rather than the ones it picks for this processor's vector units.
    for argument in ('--headless=new', '--no-sandbox', '--disable-gpu', '--window-size=1200,760',
                     '--force-device-scale-factor=1', '--hide-scrollbars', '--font-render-hinting=none',
                     '--disable-font-subpixel-positioning', '--disable-lcd-text', '--force-color-profile=srgb',
                     '--disable-skia-runtime-opts', '--lang=en-US', f'--user-data-dir={WORK / ".chromium"}'):
        options.add_argument(argument)
    options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    service = Service(executable_path=shutil.which('chromedriver') or '/usr/bin/chromedriver',
                      env=hermetic_environment())
    return webdriver.Chrome(service=service, options=options)


def run(tool, checks):
    from io import BytesIO
    from PIL import Image
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    snapshots, accepted_bytes = lay_out()
    # The tool keeps the caller's locale and time zone: the page it serves must not depend on them.
    env = {k: v for k, v in os.environ.items() if k not in ('CI', 'SNAPSHOT_ARTIFACTS', 'VIGNETTE_SNAPSHOTS')}
    server = subprocess.Popen([tool, 'review'], cwd=WORK, env=env, stdout=subprocess.PIPE, text=True)
    driver = None
    try:
        line = server.stdout.readline()
        url = line.split(' at ', 1)[1].split()[0] if ' at http://127.0.0.1:' in line else None
        checks.check('the tool prints the page address', url is not None, repr(line))
        if url is None:
            return
        driver = browser()
        wait = WebDriverWait(driver, 15)
        driver.get(url)
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, '#list li')) == 3)
        wait.until(lambda d: d.execute_script(
            'return Array.from(document.images).every(function (i) { return i.complete && i.naturalWidth > 0; })'))
        paths = [li.get_attribute('data-path') for li in driver.find_elements(By.CSS_SELECTOR, '#list li')]
        checks.check('lists the changed, new and obsolete snapshots',
                     paths == ['Suite/card.1.png', 'Suite/card.2.png', 'Old/gone.1.png'], str(paths))
        shot = Image.open(BytesIO(driver.get_screenshot_as_png()))
        compare_screenshot(checks, shot)
        body = driver.find_element(By.TAG_NAME, 'body')

        def current():
            return driver.execute_script("return document.querySelector('#list li.current').dataset.path")

        def decided(word):
            # The list is drawn again after each decision: read it in one script call, never a stale element.
            return lambda d: word in d.execute_script("return document.querySelector('#list li.current').textContent")
        body.send_keys('j')
        checks.check('j selects the next snapshot', current() == 'Suite/card.2.png', current())
        body.send_keys('k')
        checks.check('k selects the previous one', current() == 'Suite/card.1.png', current())
        for key, mode, selector in (('2', 'swipe', 'input[type=range]'), ('3', 'onion', 'input[type=range]'),
                                    ('4', 'diff', '.box.bounds'), ('5', 'zoom', '.scroll')):
            body.send_keys(key)
            on = driver.find_elements(By.CSS_SELECTOR, f'.modes button.on[data-mode={mode}]')
            checks.check(f'{key} shows the {mode} view', bool(on) and bool(driver.find_elements(By.CSS_SELECTOR, selector)))
        body.send_keys('+')
        caption = driver.find_element(By.CSS_SELECTOR, '#stage figcaption').text
        checks.check('+ zooms in', 'zoom 2:1' in caption, caption)
        body.send_keys('1')
        wait.until(lambda d: d.execute_script('return !!(window.state && state.pixels.reference && state.pixels.actual)'))
        image = driver.find_element(By.CSS_SELECTOR, '#stage img[data-kind=actual]')
        size = image.size
        # The orange square at (30..39, 12..19) of a 64x40 image.
        ActionChains(driver).move_to_element_with_offset(
            image, int(size['width'] * (33 / 64 - 0.5)), int(size['height'] * (15 / 40 - 0.5))).perform()
        inspected = driver.find_element(By.ID, 'inspect').text
        where = re.match(r'x (\d+), y (\d+) ', inspected)
        inside = where is not None and 30 <= int(where[1]) < 40 and 12 <= int(where[2]) < 20
        checks.check('pixel inspection shows both colours and the ΔE',
                     inside and 'actual rgba(250,140,0,255)' in inspected and 'reference rgba(' in inspected
                     and 'ΔE' in inspected, inspected)
        reference = snapshots / 'Suite/card.1.png'
        before = reference.read_bytes()
        body.send_keys('a')
        wait.until(decided('accepted'))
        checks.check('accept writes the actual over the reference',
                     reference.read_bytes() == accepted_bytes and before != accepted_bytes)
        body.send_keys('j')
        body.send_keys('r')
        wait.until(decided('rejected'))
        checks.check('reject writes no reference', not (snapshots / 'Suite/card.2.png').exists())
        body.send_keys('j')
        body.send_keys('r')
        wait.until(decided('rejected'))
        checks.check('reject keeps an obsolete reference', (snapshots / 'Old/gone.1.png').exists())
        errors = [entry for entry in driver.get_log('browser') if entry['level'] == 'SEVERE']
        checks.check('no console error', not errors, str(errors))
        driver.find_element(By.ID, 'done').click()
        checks.check('Done stops the server', server.wait(timeout=15) == 0)
    finally:
        if driver is not None:
            driver.quit()
        if server.poll() is None:
            server.kill()
            server.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--tool', required=True, help='the built VignetteSnapshotsTool')
    args = parser.parse_args()
    checks = Checks()
    started = time.monotonic()
    try:
        run(args.tool, checks)
    except Exception as error:  # a timeout or a driver failure is one failed check, with its reason
        checks.check('the browser session ran to the end', False, f'{type(error).__name__}: {error}')
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
    print(f'review page in Chromium: {time.monotonic() - started:.1f} s')
    print(f'{checks.passed} passed, {checks.failed} failed')
    return 1 if checks.failed else 0


if __name__ == '__main__':
    sys.exit(main())
