# roadtrip — `make run` starts the app, `make test` runs every test.
SWIFT  ?= swift
PREFIX ?= /usr/local
BIN    := .build/release/roadtrip
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT    := DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get

.PHONY: run demo test bench install uninstall fuzz deps test-deps release clean

# ncursesw headers through apt when pkg-config cannot find them.
deps:
	@if ! pkg-config --exists ncursesw 2>/dev/null; then \
		echo "Installing libncursesw5-dev (ncursesw headers) and pkg-config..."; \
		$(APT) update -qq && $(APT) install -y -qq libncursesw5-dev pkg-config; \
	fi

# The end-to-end tests drive the real binary inside tmux; the fault-injection tests use strace.
test-deps: deps
	@command -v tmux >/dev/null 2>&1 || { echo "Installing tmux..."; $(APT) update -qq && $(APT) install -y -qq tmux; }
	@command -v strace >/dev/null 2>&1 || { echo "Installing strace..."; $(APT) update -qq && $(APT) install -y -qq strace; }

release: deps
	$(SWIFT) build -c release --product roadtrip

run: release
	$(BIN) $(ARGS)

demo: release
	$(BIN) --demo

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product roadtrip
	$(SWIFT) build -c release --product roadtrip-bench
	.build/release/roadtrip-bench

# libFuzzer on the trips-file loader, the coordinate parser and the place search, each for FUZZ_SECONDS
# (FUZZ_TARGET=loader|coordinates|places picks one). A separate package: scripts/fuzz (see scripts/fuzz/run).
FUZZ_SECONDS ?= 60
FUZZ_TARGET ?= all
fuzz:
	SWIFT="$(SWIFT)" scripts/fuzz/run $(FUZZ_TARGET) $(FUZZ_SECONDS)

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/roadtrip
	install -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/roadtrip
	cp -R Resources/. $(DESTDIR)$(PREFIX)/share/roadtrip/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/roadtrip
	rm -rf $(DESTDIR)$(PREFIX)/share/roadtrip

clean:
	rm -rf .build
