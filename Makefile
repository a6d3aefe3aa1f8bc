# kifconv — every target works on a fresh machine with only Go installed.
GO      ?= go
PKGS    := ./...
FUZZTIME ?= 10s
SMOKE_FUZZTIME ?= 3000x
BENCHTIME ?= 300ms
BENCHCOUNT ?= 1

.PHONY: all build test test-short test-engines bench bench-read bench-cli fuzz lint cross man dist conformance clean

all: build test

# make build and make dist stamp the version, git describe (a commit hash
# while there is no tag), and the commit; go install builds say what the go
# command recorded instead (kifconv --version). Neither links cgo.
VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null)
REVISION ?= $(shell git rev-parse HEAD 2>/dev/null)
LDFLAGS  = -X main.version=$(VERSION) -X main.revision=$(REVISION)

build:
	CGO_ENABLED=0 $(GO) build -ldflags '$(LDFLAGS)' -o bin/kifconv ./cmd/kifconv

# The one test command: README.md gives it and .ci/run calls it: lint, every
# test, then every fuzz target for 3,000 executions beyond its seed corpus (a count, not a duration:
# a duration that runs out while a worker starts is reported as a failure).
# The tests' report goes through testsum, which prints it as go test does
# and then names the tests that skipped: those that need ../shared/corpus
# (absent from a fresh clone) in one line.
test: lint
	@$(GO) build -o bin/testsum ./internal/tools/testsum
	@echo "$(GO) test -count=1 $(PKGS)"
	@$(GO) test -count=1 -json $(PKGS) | bin/testsum
	@$(MAKE) --no-print-directory cross
	@$(MAKE) --no-print-directory fuzz FUZZTIME=$(SMOKE_FUZZTIME)

test-short:
	$(GO) test -short -count=1 $(PKGS)

lint:
	@out=$$(gofmt -l cmd internal); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)

# Every package compiled for the other platforms of the releases, without
# cgo, so that the files of other systems (file_other.go, openfile_other.go,
# proc_other.go) build; -trimpath as make dist builds, which then finds
# most of its work done. With a cold build cache each platform costs about
# 90 s of CPU (the standard library and the modules compiled for it); with
# a warm one, the four take a few seconds. The tests are vetted (compiled)
# for Windows and macOS too, so that a test file of one system's calls
# cannot break the others' builds (internal/procstat holds the calls that
# differ).
CROSS_PLATFORMS ?= windows/amd64 darwin/arm64 darwin/amd64 linux/arm64
cross:
	@for p in $(CROSS_PLATFORMS); do \
	  echo "CGO_ENABLED=0 GOOS=$${p%/*} GOARCH=$${p#*/} $(GO) build -trimpath $(PKGS)"; \
	  CGO_ENABLED=0 GOOS=$${p%/*} GOARCH=$${p#*/} $(GO) build -trimpath $(PKGS) || exit 1; \
	done
	CGO_ENABLED=0 GOOS=windows GOARCH=amd64 $(GO) vet -trimpath $(PKGS)
	CGO_ENABLED=0 GOOS=darwin GOARCH=arm64 $(GO) vet -trimpath $(PKGS)

# The tests and the benchmark that need a real USI engine (issue 28), which
# the other targets skip when none is installed: fairy-stockfish on PATH or
# in /usr/games (apt-get install fairy-stockfish), or KIFCONV_USI_ENGINE=path.
# Without one this fails rather than skips. The library's test and kifconv
# analyze's check the scores written against the engine's own answers;
# BenchmarkRealEngineJobs gives positions/s at -j 1 and -j 2.
test-engines:
	KIFCONV_REQUIRE_ENGINE=1 $(GO) test -count=1 -run 'RealEngine' -bench 'RealEngine' -benchtime 1x ./internal/analysis ./cmd/kifconv

# Every benchmark once, short enough to finish in a few minutes; for
# comparisons run it several times and use benchstat:
#   make bench BENCHCOUNT=6 > new.txt && benchstat old.txt new.txt
bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) -count $(BENCHCOUNT) $(PKGS)

# The readers' targets (issues 3 and 4) are per core: GOMAXPROCS=1, so that
# the collector's idle-time workers do not burn the second core, five runs
# (take the best; the machine's other work only ever slows a run down).
bench-read:
	$(GO) test -run '^$$' -bench '^BenchmarkReadGenerated$$' -benchmem -cpu 1 -count 5 ./internal/parse

# Whole commands on 20,000 KIF files and a 100,000-game CSA file (issue 8):
# files/s, moves/s, peak RSS, -j 1 to -j 2 speedup, and beside them cp -r of
# the KIF tree with each command's time as a multiple of it (x-cp-r), all in
# the same run. Sizes: KIFCONV_BENCH_FILES, KIFCONV_BENCH_GAMES;
# KIFCONV_BENCH_DIR keeps the generated input (and takes the outputs) for the
# next run: KIFCONV_BENCH_DIR=/dev/shm/kc measures on tmpfs.
bench-cli:
	$(GO) test -run '^$$' -bench '^BenchmarkCLI$$' -benchtime 1x -count $(BENCHCOUNT) -timeout 60m ./cmd/kifconv

# Every Fuzz target for FUZZTIME each (make fuzz FUZZTIME=10m for a long run),
# FUZZJOBS targets at a time with one worker each; each target's output is
# printed whole when it ends, and any failure fails the run. One target of
# each package first runs its seed corpus alone, so that the fuzzer's
# instrumented build (the standard library's too) is made once, not by two
# processes at the same time.
FUZZJOBS ?= $(shell nproc 2>/dev/null || echo 2)
fuzz:
	@targets=$$($(GO) list -f '{{.Dir}} {{.ImportPath}}' $(PKGS) | while read dir pkg; do \
	  for f in $$(cat $$dir/*_test.go 2>/dev/null | sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p'); do echo "$$pkg $$f"; done; \
	done); \
	echo "$$targets" | awk '!seen[$$1]++' | while read pkg f; do \
	  $(GO) test -run '^$$' -fuzz "^$$f\$$" -fuzztime 1x -parallel 1 $$pkg >/dev/null 2>&1 || true; \
	done; \
	echo "$$targets" | xargs -P $(FUZZJOBS) -L 1 sh -c \
	  'out=$$($(GO) test -run "^\$$" -fuzz "^$$1\$$" -fuzztime $(FUZZTIME) -parallel 1 $$0 2>&1); rc=$$?; printf "== %s %s\n%s\n" "$$0" "$$1" "$$out"; exit $$rc'

man: build
	bin/kifconv man --dir man

# Release archives under dist/: kifconv-VERSION-OS-ARCH.tar.gz (.zip for
# Windows) for each platform, each with the binary (no cgo, stamped as make
# build stamps it), README.md, CONTRIBUTING.md, LICENSE, docs/ (*.md, *.svg, schemas/*.json), the man
# pages (man/man1/) and the shell completions (completions/), and
# SHA256SUMS; the files are dated with the commit, so that the same commit
# gives the same archives.
DIST_PLATFORMS ?= linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64
DIST_TIME ?= $(shell git log -1 --format=%ct 2>/dev/null)
dist: build
	rm -rf dist
	mkdir -p dist/docs/man dist/docs/completions
	SOURCE_DATE_EPOCH=$(DIST_TIME) bin/kifconv man --dir dist/docs/man
	bin/kifconv completion bash > dist/docs/completions/kifconv.bash
	bin/kifconv completion zsh > dist/docs/completions/_kifconv
	bin/kifconv completion fish > dist/docs/completions/kifconv.fish
	bin/kifconv completion powershell > dist/docs/completions/kifconv.ps1
	@for p in $(DIST_PLATFORMS); do \
	  os=$${p%/*} arch=$${p#*/} exe=kifconv; [ $$os = windows ] && exe=kifconv.exe; \
	  echo "CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -ldflags '-s -w $(LDFLAGS)' -o dist/bin/$$os-$$arch/$$exe ./cmd/kifconv"; \
	  CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -ldflags '-s -w $(LDFLAGS)' -o dist/bin/$$os-$$arch/$$exe ./cmd/kifconv || exit 1; \
	done
	$(GO) run ./internal/tools/dist -version $(VERSION) -time $(DIST_TIME) -bin dist/bin -docs dist/docs -out dist $(DIST_PLATFORMS)

conformance:
	../shared/conformance/run

clean:
	rm -rf bin man dist
