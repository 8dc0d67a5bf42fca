# tasks — a to-do manager for the terminal.
# `make run` and `make test` are the whole set-up: they install what a fresh
# machine lacks (libedit-dev, libpq-dev; tmux, sqlite3, valgrind, groff, man, zsh, fish,
# bash-completion and PostgreSQL 15 for the end-to-end tests; todo.sh, Taskwarrior, cmark-gfm and
# Python's icalendar, the programs the import and export tests talk to; Radicale, Xandikos,
# vdirsyncer and todoman, the servers and the other device of the sync tests) before building.

# `make install` puts the executable, its man page and its completion scripts where `man`, bash
# (bash-completion), zsh and fish look for them under PREFIX; DESTDIR stages them elsewhere.
PREFIX  ?= /usr/local
BINDIR  := $(PREFIX)/bin
MANDIR  := $(PREFIX)/share/man/man1
BASHDIR := $(PREFIX)/share/bash-completion/completions
ZSHDIR  := $(PREFIX)/share/zsh/site-functions
FISHDIR := $(PREFIX)/share/fish/vendor_completions.d
# $(1) as one shell word, in single quotes: a PREFIX or DESTDIR may hold spaces (or quotes), and a
# list of make words would split it.
quote = '$(subst ','\'',$(1))'
# The installed files, each as one shell word (DESTDIR goes before each).
INSTALLED := $(call quote,$(BINDIR)/tasks) $(call quote,$(MANDIR)/tasks.1) $(call quote,$(BASHDIR)/tasks) \
             $(call quote,$(ZSHDIR)/_tasks) $(call quote,$(FISHDIR)/tasks.fish)
# The executable `make install` copies and asks for the man page and scripts: the release build,
# or INSTALL_BINARY when given (the tests install the debug executable they have built).
INSTALL_BINARY ?=
SWIFT   ?= swift
# One static executable (Swift, Foundation, SQLite, libedit and the C library linked in): no dynamic
# loader, no shared libraries to map and relocate; a one-shot list of 10,000 tasks takes about 8 ms
# instead of 14. libedit's own dependencies are named for the linker.
# The executable is not position-independent (its own ASLR is the price; stack and heap keep it).
# libpq links in too, with what it needs: PostgreSQL's libpgcommon and libpgport (Debian ships them
# in postgresql-server-dev-15), OpenSSL; TASKS_STATIC_LIBPQ compiles stand-ins for Kerberos and LDAP,
# which Debian ships no static libraries of (Sources/CLibPQ/StaticLinkStubs.c).
# The sync's FoundationXML links libxml2 in, which needs ICU (libicuuc, libicudata), liblzma and zlib.
# lld lays out first the functions the usual commands run (bench/startup-order.txt, written by `make
# startup-order`): a one-shot list of 10,000 tasks holds 14 MB instead of 22 (bench/startup_order.py).
PGLIBDIR := /usr/lib/postgresql/15/lib
STARTUP_ORDER := bench/startup-order.txt
RELEASE_FLAGS := -c release -Xswiftc -static-executable -Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd \
                 -Xcc -DTASKS_STATIC_LIBPQ -Xlinker -L$(PGLIBDIR) -Xlinker -lpgcommon -Xlinker -lpgport \
                 -Xlinker -lssl -Xlinker -lcrypto \
                 -Xlinker -licuuc -Xlinker -licudata -Xlinker -llzma -Xlinker -lz \
                 -Xswiftc -use-ld=lld -Xlinker --symbol-ordering-file=$(STARTUP_ORDER) \
                 -Xlinker --no-warn-symbol-ordering
# Where Debian puts the static libraries that link in (libedit-dev brings them along).
LIBDIR  := /usr/lib/$(shell uname -m)-linux-gnu
# Where `make test` puts a Python with icalendar (TaskREPLTests' Peers.python).
PYTHON_ENV := .build/python
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT     := DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get

.PHONY: all build run test bench fuzz fuzz-replay install uninstall clean deps test-deps static-deps \
        startup-order

all: build

# Install a Debian package when the file that proves it is there is missing.
# $(1): a file the package provides; $(2): the package.
define need
	@if [ ! -e $(1) ]; then \
	  echo "==> installing $(2) (missing $(1))"; \
	  $(APT) install -y -q $(2) >/dev/null 2>&1 || \
	  { $(APT) update -q >/dev/null && $(APT) install -y -q $(2) >/dev/null; } || \
	  { echo "error: could not install $(2); install it by hand and retry" >&2; exit 1; }; \
	fi
endef

deps:
	$(call need,/usr/include/histedit.h,libedit-dev)
	$(call need,/usr/include/sqlite3.h,libsqlite3-dev)
	$(call need,/usr/include/postgresql/libpq-fe.h,libpq-dev)

# What the static release executable links besides libedit and SQLite (libxml2 for FoundationXML).
static-deps: deps
	$(call need,$(LIBDIR)/libtinfo.a,libncurses-dev)
	$(call need,$(LIBDIR)/libbsd.a,libbsd-dev)
	$(call need,$(LIBDIR)/libmd.a,libmd-dev)
	$(call need,$(LIBDIR)/libsqlite3.a,libsqlite3-dev)
	$(call need,$(LIBDIR)/libpq.a,libpq-dev)
	$(call need,$(PGLIBDIR)/libpgcommon.a,postgresql-server-dev-15)
	$(call need,$(LIBDIR)/libssl.a,libssl-dev)
	$(call need,$(LIBDIR)/libxml2.a,libxml2-dev)
	$(call need,$(LIBDIR)/libicuuc.a,libicu-dev)
	$(call need,$(LIBDIR)/liblzma.a,liblzma-dev)
	$(call need,$(LIBDIR)/libz.a,zlib1g-dev)

test-deps: deps
	$(call need,/usr/bin/tmux,tmux)
	$(call need,/usr/bin/sqlite3,sqlite3)
	$(call need,/usr/bin/valgrind,valgrind)
	$(call need,/usr/bin/groff,groff-base)
	$(call need,/usr/bin/man,man-db)
	$(call need,/usr/bin/zsh,zsh)
	$(call need,/usr/bin/fish,fish)
	$(call need,/usr/share/bash-completion/bash_completion,bash-completion)
	$(call need,/usr/bin/todo-txt,todotxt-cli)
	$(call need,/usr/bin/task,taskwarrior)
	$(call need,/usr/bin/cmark-gfm,cmark-gfm)
	$(call need,/usr/bin/python3,python3)
	$(call need,/usr/share/doc/python3-venv,python3-venv)
	@# Python's icalendar (PyPI) in a virtual environment of the build folder, where the tests look for it.
	@$(PYTHON_ENV)/bin/python3 -c 'import icalendar' 2>/dev/null || { \
	  echo "==> installing icalendar into $(PYTHON_ENV)"; \
	  rm -rf $(PYTHON_ENV) && /usr/bin/python3 -m venv $(PYTHON_ENV) && \
	  $(PYTHON_ENV)/bin/pip install -q --disable-pip-version-check icalendar; } || \
	  { echo "error: could not install icalendar; install it by hand and retry" >&2; exit 1; }
	$(call need,/usr/lib/postgresql/15/bin/initdb,postgresql-15)
	$(call need,/usr/bin/psql,postgresql-client-15)
	@# The sync tests' CalDAV servers (Tests/caldav-server.sh), their certificates and the other device.
	$(call need,/usr/bin/radicale,radicale)
	$(call need,/usr/bin/xandikos,xandikos)
	$(call need,/usr/bin/openssl,openssl)
	$(call need,/usr/bin/curl,curl)
	$(call need,/usr/bin/vdirsyncer,vdirsyncer)
	$(call need,/usr/bin/todoman,todoman)

build: static-deps
	$(SWIFT) build $(RELEASE_FLAGS) --product tasks

run: build
	"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tasks" $(ARGS)

# The PostgreSQL tests run against a private server (Tests/postgres-server.sh: a temporary folder,
# a Unix socket, no port), stopped and removed however the tests end. A run past TEST_MINUTES is
# stopped, naming the tests still running (Tests/watched-run.py): CI gives the whole job 90 minutes.
TEST_MINUTES ?= 50
test: test-deps
	$(SWIFT) build --product tasks
	@server=$$(sh Tests/postgres-server.sh start) || exit 1; \
	trap 'sh Tests/postgres-server.sh stop "$$server"' EXIT; trap 'exit 130' INT TERM; \
	echo "==> PostgreSQL test server in $$server"; \
	TASKS_TEST_PGHOST="$$server" /usr/bin/python3 Tests/watched-run.py $(TEST_MINUTES) $(SWIFT) test
	@$(MAKE) --no-print-directory fuzz-replay

# Times tasks against its targets and the sqlite3 floor; prints one table (see bench/bench.py).
# Then the shared list, on a private PostgreSQL server, against psql (bench/bench_postgres.py).
# Each table ends with how soon an open prompt shows another's change, and its idle cost (bench/refresh.py),
# and how soon twenty prompts show a list six writers changed at once (bench/crowd.py).
# Then the CalDAV sync, on private Radicale and Xandikos servers, against curl and vdirsyncer (bench/bench_sync.py).
# The tables are also written, as Markdown, to BENCH_RESULTS (replaced by each run; bench/results.py
# heads it with the date, the commit and the load average), so that no one copies figures by hand.
BENCH_RESULTS ?= docs/bench-results.md

bench: static-deps
	$(call need,/usr/bin/hyperfine,hyperfine)
	$(call need,/usr/bin/sqlite3,sqlite3)
	$(call need,/usr/lib/postgresql/15/bin/initdb,postgresql-15)
	$(call need,/usr/bin/psql,postgresql-client-15)
	$(call need,/usr/bin/radicale,radicale)
	$(call need,/usr/bin/xandikos,xandikos)
	$(call need,/usr/bin/curl,curl)
	$(call need,/usr/bin/vdirsyncer,vdirsyncer)
	$(SWIFT) build $(RELEASE_FLAGS) --product tasks
	$(SWIFT) build $(RELEASE_FLAGS) --product TaskBench
	python3 bench/results.py begin $(call quote,$(BENCH_RESULTS))
	BENCH_RESULTS=$(call quote,$(BENCH_RESULTS)) python3 bench/bench.py "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tasks" \
	  "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/TaskBench"
	@server=$$(sh Tests/postgres-server.sh start) || exit 1; \
	trap 'sh Tests/postgres-server.sh stop "$$server"' EXIT; trap 'exit 130' INT TERM; \
	BENCH_RESULTS=$(call quote,$(BENCH_RESULTS)) \
	  python3 bench/bench_postgres.py "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tasks" "$$server"
	BENCH_RESULTS=$(call quote,$(BENCH_RESULTS)) python3 bench/bench_sync.py "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tasks"
	@echo "==> the tables are in $(BENCH_RESULTS)"

# Writes $(STARTUP_ORDER) from what the release build runs (under valgrind), then links it again
# with the new order (SwiftPM does not see the linker's inputs change).
startup-order: build
	$(call need,/usr/bin/valgrind,valgrind)
	@bin="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tasks"; \
	python3 bench/startup_order.py "$$bin" $(STARTUP_ORDER) && rm -f "$$bin"
	$(SWIFT) build $(RELEASE_FLAGS) --product tasks

# libFuzzer over the parser and the presenter (Sources/TaskFuzz), not in CI: runs FUZZ_SECONDS,
# growing .build-fuzz/corpus from the seeds in Fuzz/corpus; crashing inputs land in .build-fuzz/.
# Then over each importer in turn (Sources/TaskImportFuzz: todo.txt, Taskwarrior JSON, Markdown,
# iCalendar), FUZZ_SECONDS each, from the files of real peers in Fuzz/imports (a first byte names
# the format), growing .build-fuzz/imports-FORMAT.
# FUZZ_SANITIZE=fuzzer,address adds AddressSanitizer (about 5 times slower); FUZZ_ARGS go to libFuzzer.
FUZZ_SECONDS  ?= 60
FUZZ_SANITIZE ?= fuzzer
FUZZ_FLAGS    := -c release --scratch-path .build-fuzz \
                 --sanitize=fuzzer -Xswiftc -sanitize=$(FUZZ_SANITIZE) -Xswiftc -DFUZZING
FUZZ_BUILD    := $(FUZZ_FLAGS) --product TaskFuzz
FUZZ_FORMATS  := todotxt json markdown ics

# The seeds of Fuzz/corpus replayed by a plain build of TaskFuzz (no libFuzzer), each run the three
# ways `make fuzz` runs it, and those of Fuzz/imports by TaskImportFuzz: `make test` ends with it,
# so that a seed or the fuzzer's own checks that stop agreeing with the presenter or the importers
# fail the tests rather than the next fuzzing run.
fuzz-replay: deps
	$(SWIFT) build --product TaskFuzz
	$(SWIFT) build --product TaskImportFuzz
	SWIFT_BACKTRACE=enable=no "$$($(SWIFT) build --show-bin-path)/TaskFuzz" Fuzz/corpus/*
	SWIFT_BACKTRACE=enable=no "$$($(SWIFT) build --show-bin-path)/TaskImportFuzz" Fuzz/imports/*

fuzz: deps
	$(SWIFT) build $(FUZZ_BUILD)
	$(SWIFT) build $(FUZZ_FLAGS) --product TaskImportFuzz
	mkdir -p .build-fuzz/corpus
	SWIFT_BACKTRACE=enable=no "$$($(SWIFT) build $(FUZZ_BUILD) --show-bin-path)/TaskFuzz" \
	  .build-fuzz/corpus Fuzz/corpus -dict=Fuzz/tasks.dict -artifact_prefix=.build-fuzz/ \
	  -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 $(FUZZ_ARGS)
	@set -e; for format in $(FUZZ_FORMATS); do \
	  echo "==> fuzzing the $$format importer"; mkdir -p .build-fuzz/imports-$$format; \
	  TASKS_FUZZ_FORMAT=$$format SWIFT_BACKTRACE=enable=no "$$($(SWIFT) build $(FUZZ_BUILD) --show-bin-path)/TaskImportFuzz" \
	    .build-fuzz/imports-$$format Fuzz/imports -artifact_prefix=.build-fuzz/$$format- \
	    -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 $(FUZZ_ARGS); \
	done

# The man page and the completion scripts are made by the executable itself (`tasks --generate`),
# from the same definitions as its flags, commands and help.
install: $(if $(INSTALL_BINARY),,build)
	@bin=$(call quote,$(INSTALL_BINARY)); [ -n "$$bin" ] || bin="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tasks"; \
	set -e; destdir=$(call quote,$(DESTDIR)); \
	for folder in $(call quote,$(BINDIR)) $(call quote,$(MANDIR)) $(call quote,$(BASHDIR)) $(call quote,$(ZSHDIR)) \
	  $(call quote,$(FISHDIR)); do install -d "$$destdir$$folder"; done; \
	install -m 755 "$$bin" "$$destdir"$(call quote,$(BINDIR)/tasks); echo "$$destdir"$(call quote,$(BINDIR)/tasks); \
	generate() { \
	  file="$$destdir$$2"; \
	  "$$bin" --generate "$$1" > "$$file.new" || { rm -f "$$file.new"; exit 1; }; \
	  chmod 644 "$$file.new"; mv -f "$$file.new" "$$file"; echo "$$file"; \
	}; \
	generate man $(call quote,$(MANDIR)/tasks.1); generate bash $(call quote,$(BASHDIR)/tasks); \
	generate zsh $(call quote,$(ZSHDIR)/_tasks); generate fish $(call quote,$(FISHDIR)/tasks.fish)

uninstall:
	destdir=$(call quote,$(DESTDIR)); for file in $(INSTALLED); do rm -f "$$destdir$$file"; done

clean:
	rm -rf .build .build-*
