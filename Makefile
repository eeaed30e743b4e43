# Vignette — every target installs what it needs first.
#   make test    format lint, size limits, README examples up to date, the test suite (warnings as errors), debug/release determinism (installs headers if missing)
#   make demo    render the built-in catalog into ./catalog
#   make docs    the DocC catalogs of every library product and the CLI reference, warnings as errors (.build/docs)
#   make bench   run the benchmark suite and the Pillow side-by-side comparison
#   make bench-serve   vignette serve vs thumbor under wrk (loopback; installs wrk, thumbor in Benchmarks/.venv)
#   make bench-soak    vignette serve under wrk for SOAK_MINUTES (default 3): mixed presets and formats, planted bad requests, RSS plateau
#   make bench-svg     SVG icons and illustrations: vignette render vs resvg and CairoSVG, CPU time (installs them in Benchmarks/.venv)
#   make deploy-test   3 replicas behind nginx: memory hit rate by consistent hash vs round-robin, nginx cache, a killed replica loses no request
#   make test-browser  the snapshot review page in headless Chromium (selenium in .build/browser-venv): accept, reject, keys, screenshot
#   make test-plugin   a new package depending on Vignette: record, fail, report, accept with `swift package vignette-snapshots` only
#   make check-traits   a client with traits [] / the defaults resolves no more than it needs, and the libraries and tool build under both (.build-traits)
#   make tsan    the whole suite under ThreadSanitizer, in its own scratch path (.build-tsan)
#   make fuzz    build the libFuzzer harnesses of Fuzz/ and run each for FUZZ_SECONDS (default 30), FUZZ_JOBS at a time
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SYSTEM_PACKAGES := libpng-dev libjpeg62-turbo-dev libwebp-dev liblcms2-dev libavif-dev libgif-dev libheif-dev libcurl4-openssl-dev libdeflate-dev zlib1g-dev libsqlite3-dev libharfbuzz-dev libicu-dev libbrotli-dev pkg-config
# Debian's headless browser and its WebDriver, for `make test-browser` (the review page), and the
# only fonts that test lets the browser see (Scripts/browser/fonts.conf names its six files). A
# fontconfig file of our own rather than fonts served with the page: the page stays as users get it
# (their system's UI font), and what the test pins is named by package, which any Debian has.
BROWSER_PACKAGES := chromium chromium-driver fonts-dejavu-core
# Fonts a machine may have for other reasons (ghostscript brings fonts-noto-mono with libvips, which
# once moved the page's monospace text by a pixel): `make test-browser-more-fonts` shows they change nothing.
MORE_FONT_PACKAGES := fonts-noto-mono fonts-liberation fonts-urw-base35
SWIFT_BUILD_FLAGS ?=
# Every package trait (Hummingbird, SQLite, Vapor: see Package.swift) in every build, debug and
# release alike: one set of traits is one resolution and one set of compiler flags, so no
# target here rebuilds what another built. `override` keeps it when SWIFT_BUILD_FLAGS is given.
TRAITS := --enable-all-traits
override SWIFT_BUILD_FLAGS += $(TRAITS)
# Release binaries link the Swift runtime and Foundation statically: the
# dynamic loader no longer resolves a dozen Swift libraries at every start
# (vignette versions: 31 -> 24 ms), which a one-pair `vignette compare` or a
# one-photo render pays in full. Every release build uses the same flags, so
# they share one build folder.
RELEASE_FLAGS ?= --static-swift-stdlib

.PHONY: deps deps-browser test-browser test-browser-more-fonts test-plugin test lint format check-traits tsan docs determinism demo build release bench bench-compare bench-serve bench-soak bench-svg deploy-test fuzz fuzz-build clean
deps:
	@missing=""; for p in $(SYSTEM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "==> installing system packages:$$missing (apt-get)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	else echo "==> system packages present: $(SYSTEM_PACKAGES)"; fi

# The same install step for the browser test's packages (not every target needs a browser).
deps-browser: deps
	@$(MAKE) --no-print-directory deps SYSTEM_PACKAGES="$(BROWSER_PACKAGES)"

build: deps
	swift build $(SWIFT_BUILD_FLAGS)

# The release build is the command-line tool: `vignette` and what it links.
# Test-only products (VignetteSnapshotTesting pulls in XCTest) have no static
# runtime to link against, so they are never part of it.
release: deps
	swift build -c release $(RELEASE_FLAGS) $(SWIFT_BUILD_FLAGS) --product vignette

# Debug builds under `make test` treat our own warnings as errors (Package.swift
# reads VIGNETTE_STRICT); release builds do not, so `make demo` never fails
# over a newer compiler's warning. Every debug build here uses the same flag,
# so none of them rebuilds what another built.
STRICT := VIGNETTE_STRICT=1
# Every Swift file of ours but the README examples, which
# Scripts/readme_examples.py generates (and checks) verbatim.
FORMAT_PATHS = $(shell find Sources Tests examples Benchmarks/Benchmarks Fuzz/Sources -name '*.swift' -not -path 'Tests/ReadmeExamples/Generated/*')

test: deps lint
	@python3 Scripts/check_sizes.py
	@python3 Scripts/check_sizes.py Fuzz/Sources
	@python3 Scripts/check_layers.py
	@python3 Scripts/check_public_count.py
	@python3 Scripts/readme_examples.py --check
	@python3 Scripts/check_example_package.py
	@echo "==> swift test (Swift Testing), warnings as errors"
	$(STRICT) swift test $(SWIFT_BUILD_FLAGS)
	@python3 Scripts/check_public_api.py
	@$(MAKE) --no-print-directory docs
	@$(MAKE) --no-print-directory determinism

# The whole suite under ThreadSanitizer. Its own scratch path: every
# dependency is rebuilt instrumented (long the first time) without touching
# .build. A report fails the run (TSan exits 66, in the runner or in a child
# `vignette` the CLI tests start). The tests wait on signals, not clocks, so
# the sanitizer's slowdown changes how long this takes, never the outcome.
TSAN_FLAGS := --sanitize=thread --scratch-path .build-tsan

# The review page of `swift package vignette-snapshots review` in headless Chromium, driven by
# selenium (PyPI, in its own venv); the page's screenshot is compared with the TakingSnapshots article's picture.
BROWSER_VENV := .build/browser-venv
test-browser: deps-browser
	$(STRICT) swift build $(SWIFT_BUILD_FLAGS) --product VignetteSnapshotsTool
	@[ -x $(BROWSER_VENV)/bin/python ] || python3 -m venv $(BROWSER_VENV)
	@$(BROWSER_VENV)/bin/python -c 'import selenium, PIL' 2>/dev/null || $(BROWSER_VENV)/bin/pip install -q selenium pillow
	$(BROWSER_VENV)/bin/python Scripts/review_page_browser.py --tool "$$($(STRICT) swift build $(SWIFT_BUILD_FLAGS) --show-bin-path)/VignetteSnapshotsTool"

# The same check on a machine with more fonts installed and another locale and time zone: it must
# pass unchanged (CI runs it after test-browser). It installs MORE_FONT_PACKAGES on this machine.
test-browser-more-fonts: deps-browser
	@$(MAKE) --no-print-directory deps SYSTEM_PACKAGES="$(MORE_FONT_PACKAGES)"
	@echo "==> fc-match monospace on this machine: $$(fc-match monospace 2>/dev/null || echo "(no fc-match)")"
	LANG=fr_FR.UTF-8 LC_ALL=fr_FR.UTF-8 TZ=Pacific/Chatham $(MAKE) --no-print-directory test-browser

# A client package in a temporary folder (its own .build: swift-snapshot-testing and the core compile there once).
test-plugin: deps
	python3 Scripts/plugin_walkthrough.py

# Every trait set a user can pick, not only the one `make` builds: CI runs it after `make test`.
check-traits: deps
	@python3 Scripts/check_traits.py

tsan: deps
	@echo "==> swift test under ThreadSanitizer (.build-tsan)"
	swift test $(TSAN_FLAGS) $(SWIFT_BUILD_FLAGS)

# Documentation, from the debug build `swift test` already made (`swift build --build-tests`:
# Hummingbird compiles differently with and without --build-tests, so a plain `swift build`
# here would recompile it, and `swift test` again after it — ~30 s of CPU each way).
# - The CLI reference (Sources/VignetteCLI/VignetteCLI.docc/vignette.md) is written by
#   swift-argument-parser's own generate-docc-reference plugin from the tool's parser, with
#   --configuration debug: its default, release, builds every product and dependency again
#   in release without our RELEASE_FLAGS (20+ minutes here). The plugin builds without
#   tests (the Hummingbird flip again), so it runs once, on a fresh clone; afterwards the
#   generator it built (generate-docc-reference-tool) runs directly on the debug `vignette`
#   with the plugin's arguments: the same file, no build. A reference that changed and was
#   not committed fails, as stale README examples do.
# - Each library's catalog (Sources/<Module>/<Module>.docc) goes through the toolchain's own
#   docc, over symbol graphs that swift-symbolgraph-extract reads from the debug build's
#   .swiftmodule files (Scripts/build_docs.py: seconds). No package is added or fetched:
#   swift-docc-plugin would be one more dependency to resolve and build, and
#   `swift package dump-symbol-graph` builds without tests too, and took 7-9 minutes a run
#   on 2 busy cores here, with the test targets recompiled at the next `swift test`.
CLI_REFERENCE := Sources/VignetteCLI/VignetteCLI.docc
docs: deps
	$(STRICT) swift build --build-tests $(SWIFT_BUILD_FLAGS)
	@echo "==> docs: CLI reference from the argument parser (generate-docc-reference)"
	@bin="$$($(STRICT) swift build $(SWIFT_BUILD_FLAGS) --show-bin-path)"; \
	if [ -x "$$bin/generate-docc-reference-tool" ]; then \
	  "$$bin/generate-docc-reference-tool" "$$bin/vignette" --output-directory $(CLI_REFERENCE) >.build/docs-cli.log 2>&1; \
	else \
	  $(STRICT) swift package $(SWIFT_BUILD_FLAGS) --allow-writing-to-package-directory generate-docc-reference --configuration debug >.build/docs-cli.log 2>&1; \
	fi || { cat .build/docs-cli.log; exit 1; }
	@if [ -d .git ] && [ -n "$$(git status --porcelain -- $(CLI_REFERENCE))" ]; then \
	  git status --short -- $(CLI_REFERENCE); \
	  echo "make docs: the CLI reference changed with the tool's options: commit $(CLI_REFERENCE)"; exit 1; fi
	@python3 Scripts/build_docs.py

# The same catalog from a debug and a release build must be byte-identical.
determinism: deps
	@echo "==> determinism: catalog from debug and release builds must match byte for byte"
	@swift build -c release $(RELEASE_FLAGS) $(SWIFT_BUILD_FLAGS) --product VignetteCatalogTool
	@$(STRICT) swift build $(SWIFT_BUILD_FLAGS) --product VignetteCatalogTool >/dev/null
	@rm -rf .build/determinism && mkdir -p .build/determinism
	@"$$($(STRICT) swift build $(SWIFT_BUILD_FLAGS) --show-bin-path)/VignetteCatalogTool" .build/determinism/debug
	@"$$(swift build -c release $(RELEASE_FLAGS) $(SWIFT_BUILD_FLAGS) --show-bin-path)/VignetteCatalogTool" .build/determinism/release
	@diff -r .build/determinism/debug .build/determinism/release && echo "    identical: $$(ls .build/determinism/release | wc -l) files"

demo: release
	@echo "==> rendering the catalog into ./catalog"
	"$$(swift build -c release $(RELEASE_FLAGS) $(SWIFT_BUILD_FLAGS) --show-bin-path)/vignette" catalog --output-dir catalog
	@echo "==> open catalog/index.html or catalog/contact-sheet.png"

# The committed .swift-format, strict; `make format` fixes most findings.
lint:
	@echo "==> swift format lint --strict"
	@swift format lint --strict -p $(FORMAT_PATHS)

format:
	swift format -i -p $(FORMAT_PATHS)

bench: release
	cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
	$(MAKE) bench-compare

bench-compare: release
	python3 Benchmarks/compare_pillow.py --vignette .build/release/vignette
	python3 Benchmarks/compare_jpeg.py --vignette .build/release/vignette
	python3 Benchmarks/compare_blazediff.py --vignette .build/release/vignette
	python3 Benchmarks/remote_render.py --vignette .build/release/vignette

bench-serve: release
	@[ -x Benchmarks/.venv/bin/thumbor ] || (python3 -m venv Benchmarks/.venv && Benchmarks/.venv/bin/pip install -q thumbor)
	python3 Benchmarks/serve_vs_thumbor.py --vignette .build/release/vignette

bench-svg: release
	@dpkg-query -W -f='$${Status}' libcairo2 2>/dev/null | grep -q "install ok installed" || ($(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcairo2)
	@[ -x Benchmarks/.venv/bin/python ] || python3 -m venv Benchmarks/.venv
	@Benchmarks/.venv/bin/python -c 'import resvg_py, cairosvg' 2>/dev/null || Benchmarks/.venv/bin/pip install -q resvg-py cairosvg
	Benchmarks/.venv/bin/python Benchmarks/svg_vs_resvg.py --vignette .build/release/vignette

SOAK_MINUTES ?= 3
bench-soak: release
	python3 Benchmarks/soak.py --vignette .build/release/vignette --minutes $(SOAK_MINUTES)

deploy-test: release
	python3 deploy/test_replicas.py --vignette .build/release/vignette

# Fuzzing lives in its own package (Fuzz/), never in `make test`. Swift and
# the C shims are instrumented (libFuzzer coverage + AddressSanitizer); the
# system codec libraries are not. FUZZ_TARGETS picks some, e.g. FUZZ_TARGETS="jpeg gif".
FUZZ_SECONDS ?= 30
FUZZ_JOBS ?= 2
FUZZ_TARGETS ?=
FUZZ_BUILD_FLAGS := -c release -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address

fuzz-build: deps
	cd Fuzz && swift build $(FUZZ_BUILD_FLAGS)

fuzz: fuzz-build
	python3 Scripts/fuzz.py --seconds $(FUZZ_SECONDS) --jobs $(FUZZ_JOBS) --bin "$$(cd Fuzz && swift build $(FUZZ_BUILD_FLAGS) --show-bin-path)" $(FUZZ_TARGETS)

clean:
	rm -rf .build catalog Benchmarks/.build Benchmarks/work Fuzz/.build Fuzz/work
